"""The rule set: a :class:`RuleSet` value holds what a variant declares
(:mod:`~mjlearn.rules.declarations`) and runs the scoring pipeline every variant shares: check the
tiles and the context, read the hand every way the variant allows (:class:`~mjlearn.rules.win.Win`),
count the patterns, keep the best legal judgement and settle it (:class:`Ledger`). Its other methods
are the hooks a variant overrides and the table calls: who collects among several claimants of one
discard (:mod:`~mjlearn.rules.discard`), the next dealer, the tail reserve, a drawn hand, a win on
the dealt tiles, the first-round keywords.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..consistency import FLOWER_TILES, FirstTurn, check_context
from ..errors import ContextError, InvalidHandError, RulesError
from ..hand import Hand, as_hand
from ..handoff import presenter
from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form
from .declarations import Claims, Ctx, Option, Pattern, TileSet, TileSetError
from .description import About, Rung
from .discard import _score_discard
from .result import Item, RegionalResult
from .tablefacts import TableFacts
from .wilds import wild_readings
from .win import Context, Win

__all__ = ["NOT_COMPLETE", "Ledger", "RuleSet"]

NOT_COMPLETE = ("牌型不完整：不能组成和牌", "the tiles do not make a complete winning hand")
"""Why a hand that no reading completes is not a win (zh, en)."""


@dataclass
class Ledger:
    """Payments being settled: ``pay(payer, receiver, amount)``; ``net`` sums to zero."""

    lines: list = field(default_factory=list)

    def pay(self, payer: str, receiver: str, amount, why: tuple[str, str] = ("", "")) -> None:
        if payer == receiver or not amount:
            return
        self.lines.append((payer, receiver, amount, why))

    @property
    def net(self) -> dict[str, Any]:
        out = dict.fromkeys(SEAT_LETTERS, 0)
        for payer, receiver, amount, _ in self.lines:
            out[payer] -= amount
            out[receiver] += amount
        return out


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A regional rule set: declared data plus a scoring pipeline (see the module docstring)."""

    name: str
    """Registry name, e.g. ``"beijing"``."""
    zh: str
    en: str
    aliases: tuple[str, ...] = ()
    """Other names: English, Chinese, pinyin (lookup is case- and space-insensitive)."""
    unit: tuple[str, str] = ("番", "fan")
    """Unit of ``total`` (zh, en)."""
    item_unit: tuple[str, str] | None = None
    """Unit of each item's value if it differs from ``unit`` (e.g. doublings ``("翻番", "doublings")``)."""
    pay_unit: tuple[str, str] = ("分", "points")
    tiles: TileSet = TileSet()
    claims: Claims = Claims()
    pair: str = "any"
    """``"any"`` (乱将), ``"258"`` (二五八将) or ``"none"`` (无将) for the regular shape."""
    seven_pairs: bool = True
    wild: str | None = None
    """How the wild is chosen, in words; None when the variant has no wild."""
    minimum: int = 0
    """Minimum total to win (in the item unit), 0 = none."""
    discard_win: str = "yes"
    """Short description of when a discard win is allowed (for the rule-difference table)."""
    dealer_rule: str = ""
    kong_money: str = ""
    multi_win: str = "single_nearest"
    scoring: str = ""
    """The payment formula in words (for the rule-difference table)."""
    signature: str = ""
    options: tuple[Option, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Option values that differ from the defaults (set with :meth:`with_options`)."""
    context: tuple[Ctx, ...] = ()
    first_turn: tuple[FirstTurn, ...] = ()
    """The context keywords that say the win came in the first go-around (天和, 地和, 人和, 第一巡),
    each with the situations it allows (:class:`~mjlearn.consistency.FirstTurn`): every one is
    checked against claims, kongs, the last tile and the seats."""
    patterns: tuple[Pattern, ...] = ()
    table: TableFacts = TableFacts()
    """What the rule set fixes on the table (dice, deal, wild, claims, the wall's end): see :class:`TableFacts`."""
    rung: Rung | None = None
    """A small game of the ladder (:mod:`mjlearn.rules.small_games`): its rung, explanation and goal;
    found by :func:`~mjlearn.rules.get`, left out of :func:`~mjlearn.rules.names` and ``RULESETS``."""
    about: About | None = None
    """What it says about itself to a learner (:class:`~mjlearn.rules.description.About`): where it is
    played, what is special, its family, the disputed rulings, a worked example; None for a rule set
    without one (the course then shows only its name and facts)."""

    # --- options ---
    def opt(self, key: str):
        """The current value of an option."""
        if key in self.settings:
            return self.settings[key]
        for o in self.options:
            if o.key == key:
                return o.default
        raise KeyError(f"{self.name} has no option {key!r}")

    def _with_given(self, options) -> RuleSet:
        """This rule set with the ``options=`` a caller gave: a mapping of option names to values."""
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise RulesError(
                f"options must be a mapping of option names to values, e.g. {{'base': 2}}, "
                f"got a {type(options).__name__}  （options 应是“选项名: 值”的字典，"
                f"例如 {{'base': 2}}，这里是 {type(options).__name__}）"
            )
        return self.with_options(**{str(k): v for k, v in options.items()})

    def with_options(self, **values) -> RuleSet:
        """A copy with some options changed (unknown options are an error).

        >>> from mjlearn.rules import get
        >>> get("beijing").with_options(dealer_wins=2).opt("dealer_wins")
        2
        """
        known = {o.key: o for o in self.options}
        new = dict(self.settings)
        for k, v in values.items():
            if k not in known:
                raise RulesError(
                    f"{self.name} has no option {k!r}; its options are: "
                    f"{', '.join(sorted(known)) or '(none)'}  "
                    f"（{self.zh}没有 {k!r} 这个选项；"
                    f"{'它的选项有：' + '、'.join(sorted(known)) if known else '它没有选项'}）"
                )
            new[k] = known[k].check(v, self)
        return replace(self, settings=MappingProxyType(new))

    @property
    def option_values(self) -> dict:
        return {o.key: self.opt(o.key) for o in self.options}

    # --- context ---
    @property
    def context_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.context)

    def make_context(self, given: Mapping, hand: Hand | None = None) -> Context:
        """Check and complete the context keywords (unknown ones are a :class:`ContextError`) and that
        they agree with each other; with ``hand``, also with it (:mod:`~mjlearn.consistency`, a
        :class:`~mjlearn.errors.ContextConflictError`)."""
        known = {c.name: c for c in self.context}
        unknown = [k for k in given if k not in known]
        if unknown:
            raise ContextError(
                f"{self.name} ({self.zh}) does not use the context keyword"
                f"{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
                f"it accepts: {', '.join(known)}  "
                f"（{self.zh}不用 {'、'.join(map(repr, unknown))} 这个和牌情况的关键字；可以用的有：{'、'.join(known)}）",
                accepted=tuple(known),
            )
        d = {}
        for name, c in known.items():
            d[name] = c.check(given.get(name, c.default)) if (name in given or c.kind == "kongs") else c.default
        if "self_drawn" in d and "discarder" in d:
            if d["self_drawn"]:
                if d["discarder"] is not None:
                    raise ContextError(
                        f"a self-drawn win has no discarder; got discarder={d['discarder']!r}  "
                        f"（自摸和牌没有放炮的人，却给了 discarder={d['discarder']!r}）"
                    )
            elif d["discarder"] is None:
                raise ContextError(
                    "discarder is required for a discard win (self_drawn=False): "
                    "give the seat that discarded the winning tile, e.g. discarder='N'  "
                    "（点炮和牌（self_drawn=False）要给出 discarder：打出和牌张的座位，例如 discarder='N'）"
                )
            elif d["discarder"] == d.get("winner"):
                raise ContextError(
                    f"the winner ({d['winner']}) cannot also be the discarder  "
                    f"（和牌的人（{d['winner']}）不能同时是放炮的人）"
                )
        if "wild" in d and d["wild"] is not None and self.wild is None:
            raise ContextError(
                f"{self.name} ({self.zh}) has no wild tile; drop wild={d['wild']!s}  "
                f"（{self.zh}没有混牌（百搭），请去掉 wild={d['wild']!s}）"
            )
        if d.get("other_kongs") and d.get("winner") in d["other_kongs"]:
            raise ContextError(
                "other_kongs lists the other players' kongs; the winner's kongs are "
                "read from the hand  （other_kongs 只写其他玩家的杠；和牌者的杠从手牌里读出）"
            )
        if d.get("wild") is not None and d["wild"].is_flower:
            raise ContextError(f"a flower ({d['wild']}) cannot be the wild tile  （花牌（{d['wild']}）不能当混牌）")
        self.check_context(d)
        check_context(
            hand,
            d,
            flower_limit=None if hand is None else FLOWER_TILES[self.tiles.flowers],
            labels={c.name: c.zh for c in self.context},
            first_turn=self.first_turn,
        )
        return Context(d)

    def check_context(self, d: dict) -> None:
        """Variant hook: further checks of the completed context (raise :class:`ContextError`)."""

    def check_tiles(self, hand: Hand) -> None:
        if self.tiles.honors and (self.tiles.flowers != "none" or not hand.flowers):
            return  # every tile the hand can hold is played
        problems = self.tiles.problems(hand, self)
        if problems:
            raise TileSetError(problems, str(hand))

    # --- the pipeline ---
    def score(self, hand, *, options: Mapping | None = None, **context):
        """Judge ``hand`` under this rule set: legality, items, total and the four payments."""
        rs = self._with_given(options)
        hand = as_hand(hand)
        if hand.tile_count != self.table.hand_size or hand.win_tile is None:
            raise InvalidHandError(
                f"scoring needs a complete hand with its winning tile after '+', e.g. "
                f"'123m456p789s111sE+E'; {str(hand)!r} has {hand.tile_count} tiles"
                + ("" if hand.win_tile is not None else " and no winning tile")
                + f"  （算分要一手完整的牌，'+' 后面写和牌张，例如 '123m456p789s111sE+E'；"
                f"{str(hand)!r} 有 {hand.tile_count} 张牌"
                + ("" if hand.win_tile is not None else "，没有和牌张")
                + "）",
                str(hand),
            )
        rs.check_tiles(hand)
        c = rs.make_context(context, hand)
        return rs.evaluate(hand, c)

    def candidates(self, hand: Hand, c: Context) -> list[Win]:
        """Every way to read the hand (default: the readings with this hand's wild)."""
        out = []
        for wr in wild_readings(hand, c.get("wild"), seven_pairs=self.seven_pairs):
            if wr.reading.form not in self.forms:
                continue
            out.append(Win(self, hand, c, wr.reading, wr.wilds, wr.reading.form.value))
        return out

    forms: tuple[Form, ...] = (Form.REGULAR, Form.SEVEN_PAIRS)
    """The reading forms the variant knows (class attribute)."""

    def detect(self, win: Win) -> list:
        """The counted items of a win: pattern predicates, then exclusions in one step."""
        found = {}
        for p in self.patterns:
            if p.predicate is None:
                continue
            n = p.predicate(win)
            n = int(n) if n else 0
            if n:
                found[p.key] = (p, n)
        dropped = set()
        for key, (p, _) in found.items():
            if "*" in p.excludes:
                dropped |= {k for k in found if k != key and k not in p.keeps}
            else:
                dropped |= set(p.excludes)
        return [Item(p.key, p.zh, p.en, p.value, n) for key, (p, n) in found.items() if key not in dropped]

    def combine(self, items, win: Win):
        """The total from the items (default: the sum of value × count)."""
        return sum(i.value * i.count for i in items)

    def illegal(self, win: Win, items, total) -> tuple[str, str] | None:
        """Why this judged win is not allowed (zh, en), or None (default: the pair rule)."""
        return self.pair_problem(win)

    def pair_problem(self, win: Win) -> tuple[str, str] | None:
        if self.pair == "258" and win.form is Form.REGULAR and win.pair is not None:
            t = win.pair.tile
            if not (t.is_suited and t.rank in (2, 5, 8)):
                return (f"将牌 {t.zh} 不是二、五、八", f"the pair {t}{t} is not a 2, 5 or 8 (二五八将)")
        return None

    def rank(self, win: Win, items, total):
        """Order of preference among legal judgements (default: the higher total)."""
        return total

    def settle(self, win: Win, items, total) -> Ledger:
        """The payments of a legal win (variant hook)."""
        raise NotImplementedError(f"{self.name} has no payment formula")

    def evaluate(self, hand: Hand, c: Context):
        best = None
        first_reason = None
        for win in self.candidates(hand, c):
            items = self.detect(win)
            total = self.combine(items, win)
            reason = self.illegal(win, items, total)
            if reason is not None:
                first_reason = first_reason or (reason, win, items, total)
                continue
            key = self.rank(win, items, total)
            if best is None or key > best[0]:
                best = (key, win, items, total)
        if best is None:
            reason, some, items, total = first_reason or (NOT_COMPLETE, None, [], 0)
            return RegionalResult(
                self,
                hand,
                c,
                False,
                reason,
                0,
                tuple(items),
                _zero(),
                None if some is None else some.reading,
                () if some is None else some.wilds,
                (),
            )
        _, win, items, total = best
        ledger = self.settle(win, items, total)
        net = ledger.net
        assert sum(net.values()) == 0, net
        return RegionalResult(
            self,
            hand,
            c,
            True,
            None,
            total,
            tuple(items),
            net,
            win.reading,
            win.wilds,
            tuple(ledger.lines),
            shape=win.shape,
        )

    # --- several claimants of one discard ---
    def score_discard(
        self,
        hands: Mapping,
        *,
        discarder: str,
        tile=None,
        options: Mapping | None = None,
        contexts: Mapping | None = None,
        **context,
    ):
        """Judge every hand that claims one discard and settle all the winners at once
        (see :func:`mjlearn.rules.score_discard`)."""
        rs = self._with_given(options)
        return _score_discard(rs, hands, discarder, tile, contexts, context)

    def choose_winners(self, claims: list, discarder: str) -> tuple[tuple[str, ...], dict]:
        """Which of the legal claimants (``claims``: [(seat, RegionalResult)] in turn order from the
        discarder) collect, and why the others do not: ``(winners, {seat: (zh, en)})``.

        ``multi_win == "multiple_allowed"`` (通炮, 一炮多响, 一炮三响): all of them; otherwise the
        nearest in turn order (截和). Variants with another priority override this."""
        if not claims:
            return (), {}
        if self.multi_win == "multiple_allowed":
            return tuple(s for s, _ in claims), {}
        first = claims[0][0]
        notes = {
            s: (
                f"截和：{Seat.of(first).zh}家离点炮者更近，只有一家可和",
                f"only one player may win a discard here: {first} is nearer to the discarder",
            )
            for s, _ in claims[1:]
        }
        return (first,), notes

    def next_dealer(self, winners: tuple[str, ...], discarder: str | None, dealer: str) -> str:
        """The next hand's dealer after these winners of one tile (``winners`` in turn order from the
        discarder; empty after a drawn hand). By ``table.dealer_rotation``: ``"pass"`` always gives
        the deal to the dealer's 下家; ``"stay"`` keeps it with the dealer after his win or a drawn
        hand, else passes it on. Variants with another rotation override this.

        >>> from mjlearn.rules import get
        >>> get("mcr").next_dealer((), None, "E"), get("beijing").next_dealer((), None, "E")
        ('S', 'E')
        """
        if self.table.dealer_rotation == "pass":
            return Seat.of(dealer).after().letter
        return dealer if not winners or dealer in winners else Seat.of(dealer).after().letter

    # --- hooks the table calls (mjlearn.table never names a variant) ---
    def with_table(self, **changes) -> RuleSet:
        """A copy with some table facts changed (unknown names are an error).

        >>> from mjlearn.rules import get
        >>> get("xian").with_table(kong_robbing=True).table.kong_robbing
        True
        """
        return replace(self, table=self.table.replace(**changes))

    def reserve_stacks(self, kongs: int) -> int:
        """Whole stacks left undrawn at the tail after ``kongs`` kongs (0 = play to the last tile; rule
        sets with a reserve read it from their options)."""
        return 0

    def settle_exhausted(self, hands: Mapping[str, str]) -> tuple[tuple[str, ...], dict] | None:
        """What an exhausted wall settles, given each seat's holding in notation (13 tiles):
        ``(ready seats, payments by seat)``, or None where a drawn hand settles nothing (the default)."""
        return None

    def on_deal_win(self, tiles: str, seat: str, dealer: str = "E"):
        """The result of declaring a win on the dealt ``tiles`` (``table.on_deal_wins``; Changsha
        起手小胡). Rule sets without such wins say so."""
        raise RulesError(f"{self.en} has no win on the dealt tiles  （{self.zh}没有起手和牌）")

    def first_round_context(
        self, *, dealer: bool, self_drawn: bool, robbing: bool, first: bool, on_dealers_first_discard: bool
    ) -> dict:
        """The first-go-around keywords (``earthly``, ``human``) for a win: ``dealer``, the winner is
        the dealer; ``first``, no claim yet and the winner has not discarded; ``on_dealers_first_discard``,
        the win is on the dealer's first discard before any claim. By default 地和 is a win on the
        dealer's first discard; variants that read it otherwise override this."""
        return {"earthly": not self_drawn and not robbing and on_dealers_first_discard}

    # --- words for the learner ---
    def settlement_steps(self, result) -> tuple[tuple[str, str], ...]:
        """The arithmetic of a legal ``result`` from its counted items up to what each payer owes, one
        (zh, en) line per step, written with :mod:`mjlearn.rules.steps` (``RegionalResult.steps``, the
        tour's worked examples and the regional quiz's explanations read it). Every rule set says how
        its total becomes payments: there is no default, so a new rule set never falls through to a
        plain sum that is not its own."""
        raise NotImplementedError(
            f"{self.name} does not say how its total becomes payments: "
            f"give its RuleSet subclass a settlement_steps(result) method"
        )

    def describe(self):
        """The rule set described in plain words, in both languages (HTML in a notebook, text in a
        terminal): a display method, like ``_repr_html_``; see :func:`mjlearn.course.tour.describe`."""
        return presenter("tour").describe(self)

    def __repr__(self) -> str:
        extra = f".with_options(**{dict(self.settings)!r})" if self.settings else ""
        return f"mjlearn.rules.get({self.name!r}){extra}"

    def _repr_html_(self) -> str:
        return presenter("comparison").ruleset_html(self)


def _zero() -> dict:
    return dict.fromkeys(SEAT_LETTERS, 0)
