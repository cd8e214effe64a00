"""The ladder of small games (练习小局): rule sets a beginner climbs before the full game.

Each rung is a rule set of the registry like any other, so the table deals it, the computer players
and the coach play it and the review replays it; only its declared data differ:

========  ==============================  =====================  ================================
rung      wall                            complete hand          scoring
========  ==============================  =====================  ================================
ladder5   dots 1-9 (36 tiles)             5: one set + a pair    a win 1, self-drawn 1 more
ladder8   dots + dragons (48)             8: two sets + a pair   the same
ladder11  dots + winds + dragons (64)     11: three sets + pair  the same
ladder14  characters + dots (72)          14: four sets + pair   the same (seven pairs too)
free      the full 144-tile set           14                     the MCR fans, no 8-point minimum
========  ==============================  =====================  ================================

The last rung is MCR itself (``"mcr"``). A short hand (``table.hand_size`` 5, 8 or 11) is read by
the engine as a full hand that already has ``table.short_sets`` sets declared, so its
shanten, waits and useful tiles are the count functions' own. The one-suit games take the honors in
from eight tiles on: one suit alone (36 tiles) cannot deal four hands of eleven.

Each declares its ``rung`` (:class:`~mjlearn.rules.description.Rung`: its place, a one-screen
explanation, a goal of wins); :func:`mjlearn.rules.registry.ladder` lists them in order, and climbing
them (and where that is kept) is :mod:`mjlearn.quiz.ladder`.

>>> from mjlearn.rules import get
>>> r = get("ladder5").score("123p5p+5p", winner="S", self_drawn=True)
>>> r.legal, r.total, r.payments
(True, 2, {'E': -2, 'S': 6, 'W': -2, 'N': -2})
>>> get("ladder5").score("123p6p+5p", winner="S", self_drawn=True).legal
False
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ContextError
from ..mcr import score as mcr_score
from ..shapes import Form
from .base import Claims, Ledger, Pattern, RuleSet, TileSet, Win, ctx
from .description import Rung
from .mcr_rules import MCR, MCRRuleSet, mcr_items
from .registry import register
from .result import RegionalResult
from .ruleset import NOT_COMPLETE
from .steps import sum_line
from .tablefacts import TableFacts
from .wilds import shape_complete

__all__ = ["LADDER", "FreeRuleSet", "SmallGame"]

_DOTS = tuple(range(9, 18))
_CHARACTERS = tuple(range(9))
_WINDS = tuple(range(27, 31))
_DRAGONS = tuple(range(31, 34))


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class SmallGame(RuleSet):
    """A small game: a win counts 1 and a self-drawn win 1 more; a self-drawn win is paid by each
    other player, a discard win by the discarder alone."""

    def evaluate(self, hand, c):
        if self.table.short_sets:  # a short hand: read on counts, as the full hand with the sets it lacks
            if not shape_complete(hand.counts, len(hand.melds) + self.table.short_sets, None, "standard"):
                return RegionalResult(self, hand, c, False, NOT_COMPLETE, 0, (), dict.fromkeys("ESWN", 0))
            win = Win(self, hand, c, None, (), "regular")  # no reading: the patterns read the context only
            items = self.detect(win)
            total = self.combine(items, win)
            ledger = self.settle(win, items, total)
            return RegionalResult(
                self, hand, c, True, None, total, tuple(items), ledger.net, None, (), tuple(ledger.lines), "regular"
            )
        return super().evaluate(hand, c)

    def settle(self, win, items, total) -> Ledger:
        led = Ledger()
        c = win.ctx
        why = ("和牌", "the win")
        if c.self_drawn:
            for s in "ESWN":
                led.pay(s, c.winner, total, why)
        else:
            led.pay(c.discarder, c.winner, total, why)
        return led

    def settlement_steps(self, result):
        c = result.context
        pays = (
            (f"另三家各付 {result.total}", f"each of the other three pays {result.total}")
            if c.self_drawn
            else (f"放炮的人付 {result.total}", f"the discarder pays {result.total}")
        )
        return (sum_line(result.items, self.unit, result.total), pays)


_PATTERNS = (
    Pattern("win", "和牌", "a win", 1, lambda w: True, "every complete hand"),
    Pattern("self_drawn", "自摸", "self-drawn", 1, lambda w: bool(w.ctx.self_drawn), "the winning tile drawn"),
)


def _small(name: str, zh: str, en: str, size: int, kinds: tuple[int, ...], rung: Rung) -> SmallGame:
    return SmallGame(
        name=name,
        zh=zh,
        en=en,
        unit=("分", "points"),
        tiles=TileSet(True, False, "none", kinds),
        claims=Claims(),
        pair="any",
        seven_pairs=size == 14,
        minimum=0,
        discard_win="yes",
        scoring="a win 1, self-drawn 1 more",
        signature="a small game of the ladder",
        patterns=_PATTERNS,
        context=ctx("self_drawn", "discarder", "winner", "dealer"),
        table=TableFacts(
            dice=2, shapes="standard+seven_pairs" if size == 14 else "standard", dealer_rotation="pass", hand_size=size
        ),
        rung=rung,
    )


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class FreeRuleSet(MCRRuleSet):
    """The full game with the MCR fans and their payments (8 + the points) but without the 8-point
    minimum: every complete hand wins."""

    forms: tuple[Form, ...] = tuple(Form)
    """The five MCR forms (for the coach, which asks a rule set's forms)."""

    def evaluate(self, hand, c):
        try:
            res = mcr_score(hand, profile=self.opt("profile"), **self.mcr_context(c))
        except ContextError as e:
            raise ContextError(str(e), accepted=self.context_names) from None
        if not res.is_winning:
            return RegionalResult(self, hand, c, False, NOT_COMPLETE, 0, (), dict.fromkeys("ESWN", 0))
        led = Ledger()
        pts = res.total
        why = ("8 + 番数", "8 + the points")
        if c.self_drawn:
            for s in "ESWN":
                led.pay(s, c.winner, 8 + pts, why)
        else:
            for s in "ESWN":
                if s not in (c.winner, c.discarder):
                    led.pay(s, c.winner, 8, ("基本分 8", "the base 8"))
            led.pay(c.discarder, c.winner, 8 + pts, why)
        return RegionalResult(
            self, hand, c, True, None, pts, mcr_items(res), led.net, res.reading, (), tuple(led.lines), "regular"
        )


_MCR_FACTS = TableFacts(dice=3, shapes="five_forms", min_points=0, dealer_rotation="pass")


_RUNG1 = Rung(
    1,
    ("第一级：五张牌", "Rung 1: five tiles"),
    (
        (
            "墙里只有饼子（也叫筒子；一饼到九饼，各四张）。每人 4 张牌；轮到你时摸一张，再打一张。",
            "The wall holds only dots (1-9, four of each). Everyone holds 4 tiles: on your turn draw one, then discard one.",
        ),
        (
            "5 张凑成一组加一对就和牌：一组是顺子（如一二三饼）或刻子（三张一样）。",
            "Five tiles win as one set and a pair: a set is a run (1-2-3 dots) or three alike.",
        ),
        (
            "别人打出你要的牌，可以吃、碰或者和。",
            "When someone discards a tile you need, you may chow, pung or win on it.",
        ),
    ),
    example="123p5p+5p",
)
_RUNG2 = Rung(
    2,
    ("第二级：八张牌", "Rung 2: eight tiles"),
    (
        (
            "八张：两组加一对。墙里是饼子和三种箭牌（中、发、白）。",
            "Eight tiles: two sets and a pair. The wall holds dots and the three dragons.",
        ),
        ("箭牌连不成顺子，只能做对子或刻子。", "Dragons never make a run: only pairs and three alike."),
    ),
    example="123pCCC9p+9p",
)
_RUNG3 = Rung(
    3,
    ("第三级：十一张牌", "Rung 3: eleven tiles"),
    (
        ("十一张：三组加一对。风牌也进来了。", "Eleven tiles: three sets and a pair. The winds join the wall."),
        ("多留能连成组的牌，先打孤张。", "Keep tiles that can grow into sets; let lonely tiles go first."),
    ),
    example="123p456pEEE9p+9p",
)
_RUNG4 = Rung(
    4,
    ("第四级：两门花色", "Rung 4: two suits"),
    (
        (
            "完整的 14 张：四组加一对（七对也算）。墙里只有万子和饼子。",
            "The full 14 tiles: four sets and a pair (seven pairs count too). The wall holds characters and dots only.",
        ),
    ),
    example="123456789m1239p+9p",
)


LADDER = (
    register(_small("ladder5", "五张小局", "5-tile game", 5, _DOTS, _RUNG1)),
    register(_small("ladder8", "八张小局", "8-tile game", 8, _DOTS + _DRAGONS, _RUNG2)),
    register(_small("ladder11", "十一张小局", "11-tile game", 11, _DOTS + _WINDS + _DRAGONS, _RUNG3)),
    register(_small("ladder14", "两门小局", "two-suit game", 14, _CHARACTERS + _DOTS, _RUNG4)),
    register(
        FreeRuleSet(
            name="free",
            zh="不限番国标",
            en="Guobiao without the minimum",
            unit=MCR.unit,
            pay_unit=MCR.pay_unit,
            tiles=MCR.tiles,
            minimum=0,
            discard_win="yes",
            scoring=MCR.scoring,
            signature="the 81 fans, no minimum",
            options=MCR.options,
            context=MCR.context,
            table=_MCR_FACTS,
            rung=Rung(
                5,
                ("第五级：完整的牌，不限番", "Rung 5: the full game, no minimum"),
                (
                    (
                        "全部 144 张牌，按国标计番，但任何和牌都算数。",
                        "All 144 tiles and the Guobiao fans, but every complete hand wins.",
                    ),
                    (
                        "和牌后看看结束画面和复盘算出的番种。",
                        "After a win, look at the fans the end screen and the review count.",
                    ),
                ),
                example="123m456p789s55sEE+E",
            ),
        )
    ),
)
"""The ladder's own rule sets, in order (the last rung is the full game, ``get("mcr")``)."""
