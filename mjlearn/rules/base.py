"""The rule-set framework: declared data (tiles, claims, pair rule, options, context keywords,
patterns) plus a small scoring pipeline that every regional variant shares.

How to add a variant
--------------------

A variant is one module in ``mjlearn/rules/`` that builds a :class:`RuleSet` value (usually an
instance of a small subclass) and calls :func:`mjlearn.rules.registry.register` at import; then add
the module name to ``registry.VARIANT_MODULES``. Declare, do not bury in if-chains:

* identity: ``name``, ``aliases`` (English, Chinese, pinyin), ``zh``, ``en``, ``section`` of
  regional.md, ``unit`` (zh, en) of the total;
* ``tiles`` (:class:`TileSet`), ``claims`` (:class:`Claims`), ``pair`` (``"any"``, ``"258"``,
  ``"none"``), ``wild`` (a sentence, or ``None`` when the variant has none), ``minimum``;
* ``options``: one :class:`Option` per ⚠ default of the variant in regional.md (``ref`` is the A-xx
  id, ``default`` the recommended value); read them in code with ``self.opt("key")``;
* ``context``: the keywords :meth:`RuleSet.score` accepts, as :class:`Ctx` rows; the common ones are
  taken by name from :data:`COMMON` (``ctx("self_drawn", "discarder", ...)``) and a variant adds its
  own with ``Ctx(...)``. Anything else is refused with :class:`ContextError`;
* ``patterns``: :class:`Pattern` rows (key, zh, en, value, note, predicate, excludes). A predicate
  receives the :class:`Win` under judgement and returns a count (0 = absent, True counts as 1);
* ``table``: a :class:`~mjlearn.rules.tablefacts.TableFacts` (dice, break, deal, how the wild is
  found, kong replacements, claim restrictions, the end of the wall) for ``mjlearn.table``, which
  plays every registered rule set and never names one (it reads ``tiles`` and ``claims`` too).

Then override the few steps that differ (each has a working default):

* :meth:`RuleSet.candidates` – the ways the hand can be read (regular/seven-pairs readings with the
  variant's wild, plus shape-free wins such as 将将胡);
* :meth:`RuleSet.illegal` – why a judged win is not allowed (pair rule, discard restrictions,
  minimum), or ``None``;
* :meth:`RuleSet.combine` – the total from the counted items (sum of 番, product of doublings, …);
* :meth:`RuleSet.settle` – the payments of the four seats (a :class:`Ledger` helps), summing to zero.
* :meth:`RuleSet.choose_winners` – who collects when several players win on one discard (default:
  everyone when ``multi_win == "multiple_allowed"``, else the nearest in turn order, 截和);
* :meth:`RuleSet.next_dealer` – the next hand's dealer after the winners of one tile (default: by
  ``table.dealer_rotation``, the dealer stays after his win or a draw, or the deal always passes);
* for the table: :meth:`RuleSet.reserve_stacks` (stacks kept back at the tail, default none),
  :meth:`RuleSet.settle_exhausted` (what a drawn hand settles, default nothing),
  :meth:`RuleSet.on_deal_win` (a win on the dealt tiles, with ``table.on_deal_wins``) and
  :meth:`RuleSet.first_round_context` (the ``earthly`` / ``human`` keywords of a first-round win).

Several claimants of one discard
--------------------------------

:func:`score_discard` (also ``RuleSet.score_discard``) judges every hand that claims one discard
with the shared context, applies the rule set's multi-win policy and returns a
:class:`~mjlearn.rules.result.DiscardResult`: each claimant's
:class:`~mjlearn.rules.result.RegionalResult`, the winners in turn order from the discarder, the
combined payments of the four seats (summing to zero), every transfer, and the next dealer.

:meth:`RuleSet.score` validates the tiles against the tile set (:class:`TileSetError`), the
context keywords (:class:`ContextError`), judges every candidate, keeps the best legal one, and
returns a :class:`~mjlearn.rules.result.RegionalResult`. Options are changed with
``ruleset.with_options(key=value)`` or ``score(..., options={...})``; a rule set is a value and is
never mutated.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..errors import ContextError, InvalidHandError, Problem, RulesError, UnknownRuleSetError
from ..hand import Hand, MeldKind, as_hand
from ..shapes import Form, PartKind, Reading
from ..tiles import TILES, Tile
from .tablefacts import TableFacts

__all__ = ["RulesError", "UnknownRuleSetError", "ContextError", "TileSetError",
           "TileSet", "Claims", "Option", "Ctx", "COMMON", "ctx", "Pattern", "Win", "Ledger",
           "RuleSet", "SEATS", "seat_index", "seat_after", "relative_seat", "NOT_COMPLETE",
           "next_in_cycle", "straight_parts", "seven_pairs_quads", "one_suit", "all_pungs",
           "claimed_melds", "SEAT_ZH", "score_discard", "turn_order_from"]

SEATS = ("E", "S", "W", "N")
"""The four seats in turn order (counterclockwise): East, South, West, North."""

SEAT_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}

NOT_COMPLETE = ("牌型不完整：不能组成和牌", "the tiles do not make a complete winning hand")


# --- errors ---------------------------------------------------------------------------------------

class TileSetError(InvalidHandError):
    """The hand holds tiles the variant does not play with (an honor in Changsha, a flower where
    there are none). An :class:`~mjlearn.errors.InvalidHandError`, so also a ``ValueError``."""


# --- seats ----------------------------------------------------------------------------------------

def seat_index(seat: str) -> int:
    return SEATS.index(seat)


def seat_after(seat: str, k: int = 1) -> str:
    """The seat ``k`` turns after ``seat`` (1 = the 下家)."""
    return SEATS[(SEATS.index(seat) + k) % 4]


def relative_seat(of: str, dealer: str) -> str:
    """The seat wind of ``of`` when ``dealer`` sits East: E for the dealer, S for his 下家, …"""
    return SEATS[(SEATS.index(of) - SEATS.index(dealer)) % 4]


_HONOR_CYCLE = (27, 28, 29, 30, 31, 32, 33)   # E S W N C F P, then back to E


def next_in_cycle(t: Tile | str) -> Tile:
    """The tile after ``t``: 1→2 … 9→1 within a suit, E→S→W→N→C→F→P→E for honors (A-BJ-1, A-HP-3).

    >>> str(next_in_cycle("9m")), str(next_in_cycle("N")), str(next_in_cycle("P"))
    ('1m', 'C', 'E')
    """
    from ..tiles import tile as _tile
    t = _tile(t)
    if t.is_flower:
        raise RulesError(f"a flower ({t}) has no next tile; turn up the following tile instead")
    if t.is_suited:
        base = t.index - (t.rank - 1)
        return TILES[base + t.rank % 9]
    k = _HONOR_CYCLE.index(t.index)
    return TILES[_HONOR_CYCLE[(k + 1) % 7]]


# --- declared data --------------------------------------------------------------------------------

@dataclass(frozen=True)
class TileSet:
    """Which tiles a variant plays with (regional.md §1.1)."""

    suits: bool = True
    """Characters, dots and bamboo 1-9, four of each (always True in the seeds)."""
    honors: bool = True
    """The 28 winds and dragons."""
    flowers: str = "none"
    """``"none"``, ``"eight"`` (春夏秋冬梅兰竹菊) or ``"fuzhou36"`` (the 8 flowers + all honors as flowers)."""

    @property
    def size(self) -> int:
        return 108 + (28 if self.honors or self.flowers == "fuzhou36" else 0) + (0 if self.flowers == "none" else 8)

    def problems(self, hand: Hand, ruleset: "RuleSet") -> list[Problem]:
        out = []
        who = f"{ruleset.zh} {ruleset.en}"
        honors = sorted({t for t in hand.tiles() if t.is_honor})
        if honors and not self.honors:
            names = ", ".join(f"{t} ({t.zh})" for t in honors)
            if self.flowers == "fuzhou36":
                out.append(Problem(f"{who} counts every honor as a flower, so {names} cannot be part of "
                                   f"the hand: set honors aside as flowers (flowers=…)"))
            else:
                out.append(Problem(f"{who} plays {self.size} tiles without winds or dragons: {names} "
                                   f"is not used in this variant"))
        if hand.flowers and self.flowers == "none":
            names = ", ".join(f"{t} ({t.zh})" for t in hand.flowers)
            out.append(Problem(f"{who} plays without flowers: {names} is not used in this variant"))
        return out


@dataclass(frozen=True)
class Claims:
    """Which discards may be claimed."""

    chow: bool = True
    pung: bool = True
    kong: bool = True


@dataclass(frozen=True)
class Option:
    """One ⚠ default of regional.md, switchable; ``default`` is the recommended value."""

    key: str
    default: Any
    ref: str
    """The ambiguity id(s) in regional.md, e.g. ``"A-BJ-3"``."""
    en: str
    zh: str = ""
    choices: tuple | None = None
    """Allowed values; None = any value of the default's type."""

    def check(self, value) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise RulesError(f"option {self.key!r} ({self.ref}) must be one of "
                                 f"{', '.join(map(repr, self.choices))}; got {value!r}")
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise RulesError(f"option {self.key!r} ({self.ref}) must be True or False; got {value!r}")
        elif isinstance(self.default, (int, float)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise RulesError(f"option {self.key!r} ({self.ref}) must be a number; got {value!r}")
        return value


def _check_bool(name, v):
    if not isinstance(v, bool):
        raise ContextError(f"{name} must be True or False, got {v!r}")
    return v


def _check_seat(name, v):
    if isinstance(v, Tile) and v.is_wind:
        v = str(v)
    if v not in SEATS:
        raise ContextError(f"{name} must be a seat: 'E', 'S', 'W' or 'N', got {v!r}")
    return v


def _check_seat_or_none(name, v):
    return None if v is None else _check_seat(name, v)


def _check_tile_or_none(name, v):
    if v is None:
        return None
    from ..tiles import tile as _tile
    try:
        t = _tile(v)
    except (ValueError, TypeError) as e:
        raise ContextError(f"{name} must be a tile such as '5m' or 'E', got {v!r} ({e})") from None
    return t


def _check_kongs(name, v):
    """{seat: (exposed, concealed)} — kongs held by players other than the winner."""
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise ContextError(f"{name} must map seats to (exposed, concealed) kong counts, e.g. "
                           f"{{'W': (1, 0)}}; got {v!r}")
    out = {}
    for seat, pair in v.items():
        seat = _check_seat(f"{name} seat", seat)
        if (not isinstance(pair, (tuple, list)) or len(pair) != 2
                or any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4 for n in pair)
                or sum(pair) > 4):
            raise ContextError(f"{name}[{seat!r}] must be (exposed, concealed) kong counts, e.g. (1, 0); "
                               f"got {pair!r}")
        out[seat] = tuple(pair)
    return MappingProxyType(out)


def _check_count(name, v, most=None):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ContextError(f"{name} must be a whole number >= 0, got {v!r}")
    if most is not None and v > most:
        raise ContextError(f"{name} must be at most {most}, got {v!r}")
    return v


_CHECKS = {"bool": _check_bool, "seat": _check_seat, "seat?": _check_seat_or_none,
           "tile?": _check_tile_or_none, "count": _check_count, "kongs": _check_kongs}


@dataclass(frozen=True)
class Ctx:
    """One context keyword a rule set accepts."""

    name: str
    default: Any
    kind: str
    """``bool``, ``seat``, ``seat?`` (or None), ``tile?`` (a tile or None), ``count``, ``kongs``
    ({seat: (exposed, concealed)}) or ``choice``."""
    en: str
    zh: str = ""
    choices: tuple = ()
    most: int | None = None
    """The largest value a ``count`` may take (None: no bound beyond the rule set's own checks)."""

    def check(self, value):
        if self.kind == "count":
            return _check_count(self.name, value, self.most)
        if self.kind == "choice":
            if value not in self.choices:
                raise ContextError(f"{self.name} must be one of {', '.join(map(repr, self.choices))}, "
                                   f"got {value!r}")
            return value
        return _CHECKS[self.kind](self.name, value)


COMMON: Mapping[str, Ctx] = MappingProxyType({c.name: c for c in (
    Ctx("self_drawn", False, "bool", "won on a tile the winner drew", "自摸"),
    Ctx("discarder", None, "seat?", "the seat that discarded the winning tile (required on a discard win)",
        "点炮者"),
    Ctx("winner", "E", "seat", "the winner's seat", "和牌者"),
    Ctx("dealer", "E", "seat", "the dealer's seat", "庄家"),
    Ctx("prevalent_wind", "E", "seat", "the prevalent (round) wind", "圈风"),
    Ctx("seat_wind", None, "seat?", "the winner's seat wind (default: from winner and dealer)", "门风"),
    Ctx("kong", False, "bool", "self-drawn: won on a kong replacement; on a discard: robbed a kong",
        "杠上开花 / 抢杠"),
    Ctx("wall_last", False, "bool", "the winning tile is the last tile of the wall (海底)", "海底"),
    Ctx("last_tile", False, "bool", "the winning tile is the last of its kind (和绝张)", "和绝张"),
    Ctx("wild", None, "tile?", "the wild tile of this hand (None: no tile is wild)", "混儿 / 财神"),
    Ctx("flowers", 0, "count", "flowers held besides any flower letters in the hand", "花牌"),
    Ctx("other_kongs", None, "kongs", "kongs of the other players: {seat: (exposed, concealed)}",
        "他家的杠"),
    Ctx("bird", None, "tile?", "the bird tile turned up after the win (扎鸟 / 鸟牌)", "鸟牌"),
)})
"""The common context keywords; variants pick the ones that make sense with :func:`ctx`."""


def ctx(*names: str, **overrides) -> tuple[Ctx, ...]:
    """Common keywords by name; ``overrides`` maps a name to a new default."""
    out = []
    for n in names:
        c = COMMON[n]
        if n in overrides:
            c = replace(c, default=overrides[n])
        out.append(c)
    return tuple(out)


class Context(Mapping):
    """The validated context of one scoring call: a read-only mapping with attribute access."""

    __slots__ = ("_d",)

    def __init__(self, d: dict):
        object.__setattr__(self, "_d", dict(d))

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __getattr__(self, k):
        try:
            return self._d[k]
        except KeyError:
            raise AttributeError(f"this rule set has no context keyword {k!r}") from None

    def __setattr__(self, k, v):
        raise AttributeError("Context is read-only")

    def __repr__(self):
        return f"Context({self._d!r})"


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern: a declared row next to its predicate."""

    key: str
    zh: str
    en: str
    value: int
    """Its worth in the variant's item unit (番, doublings, 大胡 count, fan points…)."""
    predicate: Callable[["Win"], int | bool] | None = None
    """Returns how many times the pattern is present in the judged win (0/False = absent)."""
    note: str = ""
    """Non-stacking and other remarks shown to the learner."""
    excludes: tuple[str, ...] = ()
    """Keys not counted when this pattern is; ``"*"`` = every other pattern except ``keeps``."""
    keeps: tuple[str, ...] = ()
    pinyin: str = ""


@dataclass(frozen=True)
class Win:
    """One way of judging the hand: a reading (or a shape-free win) in its context."""

    rules: "RuleSet"
    hand: Hand
    ctx: Context
    reading: Reading | None
    """The reading with wilds replaced by what they stood for; None for a shape-free win."""
    wilds: tuple[tuple[Tile, ...], ...] = ()
    """Parallel to ``reading.parts``: the tiles that wilds stood for in each part."""
    shape: str = ""
    """The shape name: ``regular``, ``seven_pairs``… or a variant's shape-free win (``all_258``)."""

    # --- situation ---
    @property
    def self_drawn(self) -> bool:
        return self.ctx.get("self_drawn", False)

    @property
    def winner(self) -> str:
        return self.ctx.get("winner", "E")

    @property
    def dealer(self) -> str:
        return self.ctx.get("dealer", "E")

    @property
    def discarder(self) -> str | None:
        return None if self.self_drawn else self.ctx.get("discarder")

    @property
    def is_dealer(self) -> bool:
        return self.winner == self.dealer

    @property
    def wild_tile(self) -> Tile | None:
        return self.ctx.get("wild")

    # --- tiles ---
    @property
    def concealed(self) -> bool:
        """No chow, pung or exposed kong (门清); concealed kongs are fine."""
        return self.hand.is_concealed

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """All 14+ tiles as they are read (a wild counts as what it stood for)."""
        if self.reading is None:
            return tuple(self.hand.tiles())
        return tuple(t for p in self.reading.parts for t in p.tiles)

    @cached_property
    def suits(self) -> frozenset[str]:
        return frozenset(t.suit.value for t in self.tiles if t.is_suited)

    @property
    def has_honors(self) -> bool:
        return any(t.is_honor for t in self.tiles)

    @cached_property
    def wild_count(self) -> int:
        """Copies of the wild tile in the hand (natural or substituted)."""
        w = self.wild_tile
        return 0 if w is None else sum(1 for t in self.hand.tiles() if t is w)

    @cached_property
    def substituted(self) -> int:
        """Wilds that stood for another tile than themselves."""
        w = self.wild_tile
        return sum(1 for part in self.wilds for t in part if t is not w)

    def part_substituted(self, i: int) -> int:
        w = self.wild_tile
        return sum(1 for t in self.wilds[i] if t is not w) if self.wilds else 0

    @property
    def form(self) -> Form | None:
        return None if self.reading is None else self.reading.form

    @property
    def sets(self):
        return () if self.reading is None else self.reading.sets

    @property
    def pair(self):
        return None if self.reading is None else self.reading.pair

    @property
    def pung_count(self) -> int:
        return sum(1 for p in self.sets if p.is_pung_or_kong)

    @property
    def chow_count(self) -> int:
        return sum(1 for p in self.sets if p.kind is PartKind.CHOW)

    def kongs(self, concealed: bool | None = None) -> list:
        out = [m for m in self.hand.melds if m.kind is MeldKind.KONG]
        if concealed is None:
            return out
        return [m for m in out if m.is_concealed == concealed]

    # --- waits ---
    @cached_property
    def waits(self) -> frozenset[Tile]:
        """Every tile that would have completed the hand before the winning tile (wilds as jokers)."""
        return _waits(self.hand, self.wild_tile)

    @cached_property
    def wait_roles(self) -> frozenset[str]:
        """Every role the winning tile can play in this reading: ``closed`` (坎张), ``edge`` (边张),
        ``single`` (单钓, on the pair), ``pair_pung`` (双碰), ``open`` (两面).

        Only groups formed from concealed tiles can hold it (a declared meld was complete before),
        and a group where every copy of the winning tile is a wild's stand-in does not count."""
        win = self.hand.win_tile
        if win is None or self.reading is None:
            return frozenset()
        roles = set()
        for i, p in enumerate(self.reading.parts):
            if p.is_declared or win not in p.tiles:
                continue
            if self.wilds and self.wilds[i] and p.tiles.count(win) == self.wilds[i].count(win):
                continue   # the winning tile is not a wild's stand-in here
            if p.kind is PartKind.PAIR:
                roles.add("single")
            elif p.kind is PartKind.PUNG:
                roles.add("pair_pung")
            elif p.kind is PartKind.CHOW:
                pos = p.tiles.index(win)
                if pos == 1:
                    roles.add("closed")
                elif (pos == 2 and p.tiles[0].rank == 1) or (pos == 0 and p.tiles[0].rank == 7):
                    roles.add("edge")
                else:
                    roles.add("open")
        return frozenset(roles)

    @cached_property
    def wait_kind(self) -> str:
        """The one role a scorer credits (the first of closed, edge, single, pair_pung, open that
        the tile can play; seven pairs always wait single), or ``""``."""
        roles = self.wait_roles
        if self.form is Form.SEVEN_PAIRS:
            return "single" if roles else ""
        return next((k for k in ("closed", "edge", "single", "pair_pung", "open") if k in roles), "")

    @property
    def single_wait(self) -> bool:
        """Only one tile could have completed the hand. The wild tile is left out: drawn, it would
        complete any ready hand as a joker, so it says nothing about the shape of the wait."""
        return len(self.waits - {self.wild_tile}) == 1


@lru_cache(maxsize=256)
def _waits(hand: Hand, wild: Tile | None) -> frozenset[Tile]:
    """The waits of a hand, shared by every reading of it judged in one scoring call."""
    from .wilds import waits_with_wilds
    return waits_with_wilds(hand, wild)


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
        out = {s: 0 for s in SEATS}
        for payer, receiver, amount, _ in self.lines:
            out[payer] -= amount
            out[receiver] += amount
        return out


# --- the rule set ---------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class RuleSet:
    """A regional rule set: declared data plus a scoring pipeline (see the module docstring)."""

    name: str
    """Registry name, e.g. ``"beijing"``."""
    zh: str
    en: str
    aliases: tuple[str, ...] = ()
    """Other names: English, Chinese, pinyin (lookup is case- and space-insensitive)."""
    section: str = ""
    """Where regional.md specifies it, e.g. ``"§3"``."""
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
    patterns: tuple[Pattern, ...] = ()
    table: TableFacts = TableFacts()
    """What the rule set fixes on the table (dice, deal, wild, claims, the wall's end): see :class:`TableFacts`."""

    # --- options ---
    def opt(self, key: str):
        """The current value of an option."""
        if key in self.settings:
            return self.settings[key]
        for o in self.options:
            if o.key == key:
                return o.default
        raise KeyError(f"{self.name} has no option {key!r}")

    def with_options(self, **values) -> "RuleSet":
        """A copy with some options changed (unknown options are an error).

        >>> from mjlearn.rules import get
        >>> get("beijing").with_options(dealer_wins=2).opt("dealer_wins")
        2
        """
        known = {o.key: o for o in self.options}
        new = dict(self.settings)
        for k, v in values.items():
            if k not in known:
                raise RulesError(f"{self.name} has no option {k!r}; its options are: "
                                 f"{', '.join(sorted(known)) or '(none)'}")
            new[k] = known[k].check(v)
        return replace(self, settings=MappingProxyType(new))

    @property
    def option_values(self) -> dict:
        return {o.key: self.opt(o.key) for o in self.options}

    # --- context ---
    @property
    def context_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.context)

    def make_context(self, given: Mapping, hand: Hand | None = None) -> Context:
        """Check and complete the context keywords (unknown ones are a :class:`ContextError`); with
        ``hand``, also that they agree with each other and with it
        (:mod:`~mjlearn.rules.consistency`, a :class:`~mjlearn.errors.ContextConflictError`)."""
        known = {c.name: c for c in self.context}
        unknown = [k for k in given if k not in known]
        if unknown:
            raise ContextError(
                f"{self.name} ({self.zh}) does not use the context keyword"
                f"{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
                f"it accepts: {', '.join(known)}", accepted=tuple(known))
        d = {}
        for name, c in known.items():
            d[name] = c.check(given[name] if name in given else c.default) if (
                name in given or c.kind == "kongs") else c.default
        if "self_drawn" in d and "discarder" in d:
            if d["self_drawn"]:
                if d["discarder"] is not None:
                    raise ContextError(f"a self-drawn win has no discarder; got discarder={d['discarder']!r}")
            elif d["discarder"] is None:
                raise ContextError("discarder is required for a discard win (self_drawn=False): "
                                   "give the seat that discarded the winning tile, e.g. discarder='N'")
            elif d["discarder"] == d.get("winner"):
                raise ContextError(f"the winner ({d['winner']}) cannot also be the discarder")
        if "wild" in d and d["wild"] is not None and self.wild is None:
            raise ContextError(f"{self.name} ({self.zh}) has no wild tile; drop wild={d['wild']!s}")
        if d.get("other_kongs") and d.get("winner") in d["other_kongs"]:
            raise ContextError("other_kongs lists the other players' kongs; the winner's kongs are "
                               "read from the hand")
        if d.get("wild") is not None and d["wild"].is_flower:
            raise ContextError(f"a flower ({d['wild']}) cannot be the wild tile")
        self.check_context(d)
        if hand is not None:
            from .consistency import FLOWER_TILES, check_context
            check_context(hand, d, flower_limit=FLOWER_TILES[self.tiles.flowers],
                          labels={c.name: c.zh for c in self.context})
        return Context(d)

    def check_context(self, d: dict) -> None:
        """Variant hook: further checks of the completed context (raise :class:`ContextError`)."""

    def check_tiles(self, hand: Hand) -> None:
        if self.tiles.honors and (self.tiles.flowers != "none" or not hand.flowers):
            return                                  # every tile the hand can hold is played
        problems = self.tiles.problems(hand, self)
        if problems:
            raise TileSetError(problems, str(hand))

    # --- the pipeline ---
    def score(self, hand, *, options: Mapping | None = None, **context):
        """Judge ``hand`` under this rule set: legality, items, total and the four payments."""
        rs = self.with_options(**options) if options else self
        hand = as_hand(hand)
        if hand.tile_count != 14 or hand.win_tile is None:
            raise InvalidHandError(
                f"scoring needs a complete hand with its winning tile after '+', e.g. "
                f"'123m456p789s111sE+E'; {str(hand)!r} has {hand.tile_count} tiles"
                + ("" if hand.win_tile is not None else " and no winning tile"), str(hand))
        rs.check_tiles(hand)
        c = rs.make_context(context, hand)
        return rs.evaluate(hand, c)

    def candidates(self, hand: Hand, c: Context) -> list[Win]:
        """Every way to read the hand (default: the readings with this hand's wild)."""
        from .wilds import wild_readings
        out = []
        for wr in wild_readings(hand, c.get("wild"), seven_pairs=self.seven_pairs):
            if wr.reading.form not in self.forms:
                continue
            out.append(Win(self, hand, c, wr.reading, wr.wilds, wr.reading.form.value))
        return out

    forms = (Form.REGULAR, Form.SEVEN_PAIRS)
    """The reading forms the variant knows (class attribute)."""

    def detect(self, win: Win) -> list:
        """The counted items of a win: pattern predicates, then exclusions in one step."""
        from .result import Item
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
        from .result import RegionalResult
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
            reason, win, items, total = first_reason or (NOT_COMPLETE, None, [], 0)
            return RegionalResult(self, hand, c, False, reason, 0, tuple(items), _zero(),
                                  None if win is None else win.reading,
                                  () if win is None else win.wilds, ())
        _, win, items, total = best
        ledger = self.settle(win, items, total)
        net = ledger.net
        assert sum(net.values()) == 0, net
        return RegionalResult(self, hand, c, True, None, total, tuple(items), net,
                              win.reading, win.wilds, tuple(ledger.lines), shape=win.shape)

    # --- several claimants of one discard ---
    def score_discard(self, hands: Mapping, *, discarder: str, tile=None, options: Mapping | None = None,
                      contexts: Mapping | None = None, **context):
        """Judge every hand that claims one discard and settle all the winners at once
        (see :func:`score_discard`)."""
        rs = self.with_options(**options) if options else self
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
        notes = {s: (f"截和：{SEAT_ZH[first]}家离点炮者更近，只有一家可和",
                     f"only one player may win a discard here: {first} is nearer to the discarder")
                 for s, _ in claims[1:]}
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
            return seat_after(dealer)
        return dealer if not winners or dealer in winners else seat_after(dealer)

    # --- hooks the table calls (mjlearn.table never names a variant) ---
    def with_table(self, **changes) -> "RuleSet":
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
        raise RulesError(f"{self.en} has no win on the dealt tiles")

    def first_round_context(self, *, dealer: bool, self_drawn: bool, robbing: bool, first: bool,
                            on_dealers_first_discard: bool) -> dict:
        """The first-go-around keywords (``earthly``, ``human``) for a win: ``dealer``, the winner is
        the dealer; ``first``, no claim yet and the winner has not discarded; ``on_dealers_first_discard``,
        the win is on the dealer's first discard before any claim. By default 地和 is a win on the
        dealer's first discard; variants that read it otherwise override this."""
        return {"earthly": not self_drawn and not robbing and on_dealers_first_discard}

    def __repr__(self) -> str:
        extra = f".with_options(**{dict(self.settings)!r})" if self.settings else ""
        return f"mjlearn.rules.get({self.name!r}){extra}"

    def _repr_html_(self) -> str:
        from .compare import ruleset_html
        return ruleset_html(self)


def _zero() -> dict:
    return {s: 0 for s in SEATS}


# --- one discard, several claimants ---------------------------------------------------------------

def turn_order_from(seat: str) -> tuple[str, ...]:
    """The other three seats in turn order after ``seat`` (下家 first).

    >>> turn_order_from("W")
    ('N', 'E', 'S')
    """
    return tuple(seat_after(seat, k) for k in (1, 2, 3))


def score_discard(hands: Mapping, rules="mcr", *, discarder: str, tile=None, options: Mapping | None = None,
                  contexts: Mapping | None = None, **context):
    """Score every player who claims one discard, and settle all the winners at once.

    ``hands`` maps each claiming seat to its hand: 13 tiles (then ``tile`` is the discard), or 14
    with the discard after ``+``. The other keywords are the rule set's context, shared by every
    claimant (``dealer``, ``bird``, ``kong`` for a robbed kong…); ``winner``, ``discarder`` and
    ``self_drawn`` are set per claimant; ``contexts`` maps a seat to keywords for that seat only.

    Where the rule set allows several winners (``multi_win == "multiple_allowed"``: Changsha 通炮,
    Yunnan 一炮多响, Hong Kong 一炮三响), every legal claimant wins and the discarder pays each of
    them in full; otherwise only the nearest in turn order wins (截和). A rule set with a
    ``multiple_winners`` keyword gets it set when two or more win. The combined payments of the four
    seats sum to zero.

    >>> r = score_discard({"S": "123m456m789p234s8s", "N": "111333555777s9s"}, rules="changsha",
    ...                   discarder="W", tile="8s")
    >>> r.winners, r.totals, r.payments, r.next_dealer     # 通炮: 小胡 for S, 清一色 for N
    (('N', 'S'), {'N': 6, 'S': 1}, {'E': 0, 'S': 1, 'W': -7, 'N': 6}, 'W')
    """
    from .registry import get
    rs = get(rules)
    if options:
        rs = rs.with_options(**options)
    return _score_discard(rs, hands, discarder, tile, contexts, context)


def _score_discard(rs: "RuleSet", hands, discarder, tile, contexts, context):
    from .result import DiscardResult
    from ..tiles import tile as _tile
    discarder = _check_seat("discarder", discarder)
    for k in ("winner", "self_drawn", "discarder"):
        if k in context:
            raise ContextError(f"score_discard sets {k!r} itself for each claimant; drop {k}={context[k]!r}")
    if not isinstance(hands, Mapping) or not hands:
        raise RulesError("hands must map each claiming seat ('E', 'S', 'W', 'N') to its hand, e.g. "
                         "{'S': '123m456m789p234s8s'}")
    contexts = dict(contexts or {})
    for s in contexts:
        if _check_seat("contexts seat", s) not in hands:
            raise ContextError(f"contexts has keywords for {s}, which holds no hand here")
    if tile is not None:
        try:
            tile = _tile(tile)
        except (ValueError, TypeError) as e:
            raise ContextError(f"tile must be the discarded tile, such as '5m'; got {tile!r} ({e})") from None
    parsed = {}
    for seat, h in hands.items():
        seat = _check_seat("hands seat", seat)
        if seat == discarder:
            raise RulesError(f"{seat} discarded the tile and cannot claim it; drop hands[{seat!r}]")
        h = as_hand(h)
        if h.win_tile is None:
            if tile is None:
                raise RulesError(f"hands[{seat!r}] has no winning tile: give tile=… (the discard) or "
                                 f"write the hand with '+' and the discard")
            from ..hand import Hand
            h = Hand(h.melds, h.concealed, tile, h.flowers)
        elif tile is None:
            tile = h.win_tile
        elif h.win_tile is not tile:
            raise RulesError(f"hands[{seat!r}] wins on {h.win_tile}, but the discard is {tile}")
        parsed[seat] = h
    # one physical discard is shared: no kind may be held more than four times in all
    total = [0] * 34
    for h in parsed.values():
        for i, n in enumerate(h.all_counts):
            total[i] += n
    if not tile.is_flower:
        total[tile.index] -= len(parsed) - 1
    over = [f"{TILES[i]} ×{n}" for i, n in enumerate(total) if n > 4]
    if over:
        raise InvalidHandError(f"the claiming hands and the discard hold more than four of a tile: "
                               f"{', '.join(over)}", None)
    order = [s for s in turn_order_from(discarder) if s in parsed]
    multi = "multiple_winners" in rs.context_names

    def judge(seat, several: bool):
        c = dict(context)
        c.update(contexts.get(seat, {}))
        c["winner"] = seat
        if "discarder" in rs.context_names:
            c["discarder"] = discarder
        if multi and "multiple_winners" not in contexts.get(seat, {}):
            c["multiple_winners"] = several
        return rs.score(parsed[seat], **c)

    results = {s: judge(s, multi) for s in order}
    claims = [(s, r) for s, r in results.items() if r.legal]
    winners, notes = rs.choose_winners(claims, discarder)
    if multi and len(winners) < 2:      # one winner after all: no 一炮多响 floor
        results.update({s: judge(s, False) for s in order})
        winners, notes = rs.choose_winners([(s, r) for s, r in results.items() if r.legal], discarder)
    payments = _zero()
    transfers = []
    for s in winners:
        for k, v in results[s].payments.items():
            payments[k] += v
        transfers.extend(results[s].transfers)
    assert sum(payments.values()) == 0, payments
    dealer = context.get("dealer", "E")
    return DiscardResult(rs, tile, discarder, results, tuple(winners), payments, tuple(transfers),
                         rs.next_dealer(tuple(winners), discarder, dealer) if winners else None,
                         notes, kind="discard")


# --- pattern helpers shared by variants ------------------------------------------------------------

def straight_parts(win: Win) -> list[int]:
    """Indices of the three chows 123-456-789 of one suit (一条龙 / 清龙), or [] if none."""
    if win.reading is None:
        return []
    parts = win.reading.parts
    for base in (0, 9, 18):
        found = []
        for start in (base, base + 3, base + 6):
            i = next((k for k, p in enumerate(parts) if p.kind is PartKind.CHOW
                      and p.tiles[0].index == start and k not in found), None)
            if i is None:
                break
            found.append(i)
        if len(found) == 3:
            return found
    return []


def seven_pairs_quads(win: Win) -> int:
    """Quads (four of a kind standing as two pairs) in a seven-pairs reading."""
    if win.form is not Form.SEVEN_PAIRS:
        return 0
    tiles = [p.tile for p in win.reading.parts]
    return sum(1 for t in set(tiles) if tiles.count(t) == 2)


def one_suit(win: Win) -> bool:
    """Every tile from one suit, no honors (清一色)."""
    return len(win.suits) == 1 and not win.has_honors


def all_pungs(win: Win) -> bool:
    return win.form is Form.REGULAR and win.pung_count == 4


def claimed_melds(hand: Hand) -> list:
    return [m for m in hand.melds if not m.is_concealed]
