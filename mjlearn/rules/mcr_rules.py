"""国标麻将 Guobiao / MCR as one more rule set, delegating to :mod:`mjlearn.mcr`.

The 81 fans, the counting principles and the 8-point minimum are the MCR engine's; this module
only adapts the seats (winner, discarder, dealer) to it. The verdict is the engine's own
:class:`~mjlearn.mcr.result.ScoreResult`, whichever door the hand came in by.

Its tests are ``tests/test_mcr*.py``; the documents and the disputed rulings are in the appendix
notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("12346789mEEE44s+5m", rules="mcr", winner="S", discarder="N")
>>> r.total, r.payments
(22, {'E': -8, 'S': 46, 'W': -8, 'N': -30})
>>> import mjlearn as mj
>>> type(r) is type(mj.score("12346789mEEE44s+5m", winner="S", discarder="N"))
True
"""

from __future__ import annotations

from ..errors import ContextError
from ..mcr import score as mcr_score
from ..seats import Seat
from .base import Option, RuleSet, TileSet, ctx
from .description import S_SELF, About, Example, Ruling, facts
from .registry import register
from .result import Item
from .sources import COMPETITION_RULES, QA_THREAD
from .steps import sum_line
from .tablefacts import TableFacts

__all__ = ["MCR", "MCRRuleSet", "mcr_items"]


def mcr_items(res) -> tuple[Item, ...]:
    """The counted fans of an MCR result as items (key = the fan id)."""
    return tuple(Item(str(f.id), f.zh, f.en, f.points, f.count) for f in res.fans)


class MCRRuleSet(RuleSet):
    """Guobiao: scoring by :func:`mjlearn.mcr.score`, payments by its settlement. The verdict is
    the engine's own :class:`~mjlearn.mcr.result.ScoreResult` (it has the interface of a
    :class:`~mjlearn.rules.RegionalResult`: legal, reason, items, payments...), the same type
    :func:`mjlearn.score` returns."""

    def mcr_context(self, c) -> dict:
        seat = c.seat_wind or Seat.wind_of(c.winner, c.dealer).letter
        return dict(
            self_drawn=c.self_drawn,
            last_tile=c.last_tile,
            kong=c.kong,
            wall_last=c.wall_last,
            seat_wind=seat,
            prevalent_wind=c.prevalent_wind,
            flowers=c.flowers,
        )

    def evaluate(self, hand, c):
        try:
            res = mcr_score(hand, profile=self.opt("profile"), **self.mcr_context(c))
        except ContextError as e:  # a value the engine refuses (flowers=9): this rule set's keywords
            raise ContextError(str(e), accepted=self.context_names) from None
        return res._at_table(self, c, c.winner, c.discarder)

    def settlement_steps(self, result):
        return (
            sum_line(result.items, ("分", "points"), result.total),
            (
                "自摸每家付 8 + 番数；点炮：点炮者付 8 + 番数，另两家各付 8",
                "self-draw: each pays 8 + points; discard: the discarder pays 8 + points, the others 8 each",
            ),
        )


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
ABOUT = About(
    where=(
        "国标麻将是 1998 年国家体育总局定的比赛规则，全国和世界各地的比赛（如世界麻将锦标赛、欧洲麻将锦标赛）都用它。",
        "Guobiao (MCR, Mahjong Competition Rules) is the Chinese national competition rule set of 1998, "
        "used in tournaments in China and around the world (world and European championships).",
    ),
    special=(
        (
            "144 张牌（含 8 张花牌），81 个番种，按五条计番原则计算（不重复、不拆移、不得相同、就高不就低、套算一次）。",
            "144 tiles (with 8 flowers), 81 fans counted by five principles (no repetition, no splitting, "
            "no identical use, take the higher, count a combination once).",
        ),
        ("起和 8 番（花牌不算）。", "A win needs at least 8 points, flowers not counted."),
        (
            "自摸：每家付 8 + 番数；点炮：点炮者付 8 + 番数，另两家各付 8。",
            "Self-draw: each pays 8 + the points; discard win: the discarder pays 8 + the points, the other two 8 each.",
        ),
        (
            "这里拿来作比较：各地规则都从它出发或和它不同。",
            "It is here for comparison: the regional rule sets start from it or differ from it.",
        ),
    ),
    family=("国标麻将", "Guobiao / MCR"),
    rulings=(
        Ruling(
            (
                "用 1998 年规则原书还是 2014 年世界麻将组织的修订",
                "the 1998 book or the 2014 World Mahjong Organization revision",
            ),
            ("1998 年原书（今天比赛的用法）", "the 1998 book as applied in today's tournaments"),
            "profile",
        ),
    ),
    example=Example(
        "[EEE,1][SSSS,1]55pWWWNN+N",
        {"self_drawn": True},
        ("东家自摸：大四喜加混一色等。", "East self-draws Big Four Winds with a half flush and more."),
    ),
    only_here=Example(
        "147m258p369sESWN+C",
        S_SELF,
        ("全不靠：国标和火拼才认。", "Knitted tiles with honors (全不靠): only Guobiao and Huopin know it."),
    ),
    facts=facts(
        {
            "discard_win": "可以，须满 8 番",
            "scoring": "自摸每家 8 + 番；点炮者 8 + 番，另两家各 8",
            "dealer": "庄家不加倍；不连庄",
            "kongs": "按番种计",
            "signature": "81 个番种，5 条计番原则",
        },
        {
            "discard_win": "yes, with at least 8 points",
            "scoring": "self-draw: 8 + the points from each; discard: the discarder 8 + the points, the others 8",
            "dealer": "no dealer premium; the deal always moves on",
            "kongs": "counted as fans",
            "signature": "81 fans, 5 counting principles",
        },
    ),
    sources=(QA_THREAD, COMPETITION_RULES),
    short=("国标麻将（中国竞赛规则）", "Chinese Official (Guobiao / MCR)"),
)


MCR = register(
    MCRRuleSet(
        name="mcr",
        zh="国标麻将",
        en="Guobiao / MCR",
        aliases=(
            "国标麻将",
            "国标",
            "guobiao",
            "guobiao majiang",
            "chinese official",
            "mahjong competition rules",
            "中国麻将竞赛规则",
        ),
        unit=("分", "points"),
        pay_unit=("分", "points"),
        tiles=TileSet(True, True, "eight"),
        pair="any",
        wild=None,
        minimum=8,
        discard_win="yes, if ≥ 8",
        multi_win="single_nearest",
        dealer_rule="none; no repeat dealer",
        kong_money="via fans",
        scoring="8 + Fan (self-draw, each); discarder 8 + Fan, others 8",
        signature="81 fans, 5 counting principles",
        options=(
            Option(
                "profile",
                "mcr",
                "the MCR profile (mcr = 1998 book as applied today; mcr-wmo2014)",
                "规则版本",
                ("mcr", "mcr-wmo2014"),
            ),
        ),
        context=ctx(
            "self_drawn",
            "discarder",
            "winner",
            "dealer",
            "last_tile",
            "kong",
            "wall_last",
            "seat_wind",
            "prevalent_wind",
            "flowers",
        ),
        table=TableFacts(dice=3, shapes="five_forms", min_points=8, dealer_rotation="pass"),
        about=ABOUT,
    )
)
