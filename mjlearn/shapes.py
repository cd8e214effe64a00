"""Winning shapes: every way a complete hand can be read.

A complete hand (14 tiles, kongs counted as three) is read in one of five forms:

========================  ==========  =========================================================
form                      Chinese     shape
========================  ==========  =========================================================
``regular``               基本和型    four sets (chows, pungs, kongs) and a pair
``seven_pairs``           七对        seven pairs, no melds (four of a kind may be two pairs)
``thirteen_orphans``      十三幺      one of each terminal and honor, one of them doubled
``honors_and_knitted``    全不靠      14 single tiles: knitted 147/258/369 in three suits + honors
``knitted_straight``      组合龙      147/258/369 knitted in three suits, plus a set and a pair
========================  ==========  =========================================================

>>> from mjlearn.shapes import readings
>>> for r in readings("1112345678999m+2m"):
...     print(r.form.value, r)
regular 111m 22m 345m 678m 999m
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations_with_replacement, product

from .errors import InvalidHandError
from .hand import Meld, MeldKind, as_hand, format_meld
from .lazy import built_once
from .render import svg
from .tiles import KNITTED_PATTERNS, ORPHAN_INDICES, TILES, Tile, format_tiles

__all__ = [
    "KNITTED_PATTERNS",
    "ORPHAN_INDICES",
    "Form",
    "Part",
    "PartKind",
    "Reading",
    "is_complete",
    "is_winning",
    "readings",
    "suit_status",
    "suit_table",
    "suit_ways",
]


class Form(str, Enum):
    """The five winning forms."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"
    KNITTED_STRAIGHT = "knitted_straight"

    @property
    def zh(self) -> str:
        return _FORM_NAMES[self][0]

    @property
    def en(self) -> str:
        return _FORM_NAMES[self][1]


_FORM_NAMES = {
    Form.REGULAR: ("基本和型", "Regular: four sets and a pair"),
    Form.SEVEN_PAIRS: ("七对", "Seven Pairs"),
    Form.THIRTEEN_ORPHANS: ("十三幺", "Thirteen Orphans"),
    Form.HONORS_AND_KNITTED: ("全不靠", "Honors and Knitted Tiles"),
    Form.KNITTED_STRAIGHT: ("组合龙", "Knitted Straight"),
}


class PartKind(str, Enum):
    """A group of tiles within a reading."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"
    """The nine tiles of a knitted straight (147/258/369 in three suits)."""
    SINGLES = "singles"
    """Unconnected single tiles: thirteen orphans, honors and knitted tiles."""

    @property
    def zh(self) -> str:
        return {"chow": "顺子", "pung": "刻子", "kong": "杠", "pair": "将", "knitted": "组合龙", "singles": "单张"}[
            self.value
        ]


@dataclass(frozen=True)
class Part:
    """One group of a reading: a set, the pair, the knitted straight, or single tiles."""

    kind: PartKind
    """Chow, pung, kong, pair, knitted or singles."""
    tiles: tuple[Tile, ...]
    """The tiles of the group, sorted."""
    meld: Meld | None = None
    """The declared meld this part is, or None when it was formed from concealed tiles."""

    @property
    def tile(self) -> Tile:
        """The lowest tile (the tile of a pung, kong or pair; the first of a chow)."""
        return self.tiles[0]

    @property
    def is_declared(self) -> bool:
        return self.meld is not None

    @property
    def is_concealed(self) -> bool:
        """Formed in hand, or a concealed kong. (A pung completed by a discard is still counted as
        concealed here; scorers decide what the winning tile does to it.)"""
        return self.meld is None or self.meld.is_concealed

    @property
    def is_set(self) -> bool:
        return self.kind in (PartKind.CHOW, PartKind.PUNG, PartKind.KONG)

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in (PartKind.PUNG, PartKind.KONG)

    def __str__(self) -> str:
        if self.meld is not None:
            return format_meld(self.meld)
        return format_tiles(self.tiles)


@dataclass(frozen=True)
class Reading:
    """One way to read a complete hand: its form and its groups."""

    form: Form
    """Which of the five winning forms."""
    parts: tuple[Part, ...]
    """Declared melds first (in order), then groups formed from concealed tiles, sorted."""

    @property
    def sets(self) -> tuple[Part, ...]:
        """Chows, pungs and kongs (declared and concealed)."""
        return tuple(p for p in self.parts if p.is_set)

    @property
    def pairs(self) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.kind is PartKind.PAIR)

    @property
    def pair(self) -> Part | None:
        """The pair of a regular or knitted-straight reading (None for other forms)."""
        ps = self.pairs
        return ps[0] if len(ps) == 1 else None

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.parts)

    def _repr_html_(self) -> str:
        return svg.reading_html(self)


# --- per-suit decomposition: one table, read by the readings here and by the MCR scorer ----------


@built_once
def suit_table() -> dict:
    """Every count vector of one suit (9 ranks, each at most 5: a hand's 4 plus a tile tried) that
    splits into sets and at most one pair, as ``bytes`` -> its ways (see :func:`suit_ways`).

    Built on first use by listing every multiset of up to four sets (pungs and chows, 4,845) with
    and without each pair, about 0.1 s once; after that a suit's readings and statuses are single
    dictionary look-ups instead of searches (one thread builds it while others wait:
    :func:`~mjlearn.lazy.built_once`). The ways are in the order of the recursive search
    (:func:`_set_splits`, checked by the tests): without a pair first, then by the pair's rank.
    """
    kinds = [(0, r) for r in range(9)] + [(1, r) for r in range(7)]
    kinds.sort(key=lambda k: (k[1], k[0]))  # by rank, a pung before a chow
    table: dict = {}
    for n in range(5):
        for combo in combinations_with_replacement(range(16), n):
            c = [0] * 9
            for x in combo:
                k, r = kinds[x]
                if k:
                    c[r] += 1
                    c[r + 1] += 1
                    c[r + 2] += 1
                else:
                    c[r] += 3
            if max(c) > 5:
                continue
            sets = tuple(kinds[x] for x in combo)
            table.setdefault(bytes(c), []).append((-1, sets))
            for p in range(9):
                if c[p] <= 3:
                    c[p] += 2
                    table.setdefault(bytes(c), []).append((p, sets))
                    c[p] -= 2
    for key, ways in table.items():
        ways.sort(key=lambda w: (w[0], [(r, k) for k, r in w[1]]))
        table[key] = tuple(ways)
    return table


def suit_status(counts) -> int:
    """For one suit's 9 counts: bit 1 = splits into sets only, bit 2 = into sets and one pair."""
    ways = suit_table().get(bytes(counts))
    if not ways:
        return 0
    return (1 if ways[0][0] < 0 else 0) | (2 if ways[-1][0] >= 0 else 0)


def suit_ways(counts) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every split of one suit's counts into sets and at most one pair.

    Each way is ``(pair_rank0 or -1, ((kind, rank0), ...))`` with kind 0 = pung, 1 = chow.
    """
    return suit_table().get(bytes(counts), ())


def _suit_ways_by_search(counts: tuple[int, ...]):
    """:func:`suit_ways` by recursive search: the definition the table is checked against."""
    out = []
    for sets in _set_splits(counts):
        out.append((-1, sets))
    c = list(counts)
    for r in range(9):
        if c[r] >= 2:
            c[r] -= 2
            for sets in _set_splits(tuple(c)):
                out.append((r, sets))
            c[r] += 2
    return tuple(out)


@cache
def _set_splits(counts: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return ((),)
    out: list[tuple[tuple[int, int], ...]] = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        out.extend(((0, i),) + rest for rest in _set_splits(tuple(c)))
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out.extend(((1, i),) + rest for rest in _set_splits(tuple(c)))
    return tuple(out)


@cache
def _suit_sets(counts: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to split one suit's 9 counts into pungs and chows; () if none.

    Each way is a tuple of ("pung" | "chow", rank index 0-8), sorted, and no way is listed twice
    (four of a tile can be split "pung then chow" or "chow then pung": the same way). Read from
    :func:`suit_table` (its ways without a pair come first, in this order); counts beyond the
    table (more than 12 tiles or a count above 5) are searched.
    """
    if sum(counts) <= 12 and max(counts) <= 5:
        return tuple(
            tuple([("chow" if k else "pung", r) for k, r in sets])
            for p, sets in suit_table().get(bytes(counts), ())
            if p < 0
        )
    return _suit_sets_by_search(counts)


def _suit_sets_by_search(counts: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """:func:`_suit_sets` by recursive search (the definition; used beyond the table)."""
    ways = (tuple(sorted(way, key=lambda kr: (kr[1], kr[0]))) for way in _set_splits(tuple(counts)))
    return tuple(dict.fromkeys(tuple(("chow" if k else "pung", r) for k, r in way) for way in ways))


@cache
def _suit_complete(counts: tuple[int, ...]) -> bool:
    """Can one suit's counts be split entirely into sets? (fast path of _suit_sets)"""
    return bool(_suit_sets(counts))


def _sets_of(counts: list[int]) -> list[list[tuple[str, int]]]:
    """Every split of 34 counts (no pair) into sets: list of [(kind, index)]."""
    per_suit = []
    for base in (0, 9, 18):
        ways = _suit_sets(tuple(counts[base : base + 9]))
        if not ways:
            return []
        per_suit.append([[(k, base + r) for k, r in way] for way in ways])
    honors = []
    for i in range(27, 34):
        n = counts[i]
        if n == 3:
            honors.append(("pung", i))
        elif n:
            return []
    return [a + b + c + honors for a, b, c in product(*per_suit)]


def _regular_ways(counts: list[int]) -> list[tuple[int, list[tuple[str, int]]]]:
    """(pair index, sets) for every regular split of concealed counts."""
    out = []
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            for sets in _sets_of(counts):
                out.append((p, sets))
            counts[p] += 2
    return out


def _part(kind: str, index: int) -> Part:
    t = TILES[index]
    if kind == "chow":
        return Part(PartKind.CHOW, (t, TILES[index + 1], TILES[index + 2]))
    if kind == "pung":
        return Part(PartKind.PUNG, (t, t, t))
    return Part(PartKind.PAIR, (t, t))


def _meld_part(m: Meld) -> Part:
    kind = {MeldKind.CHOW: PartKind.CHOW, MeldKind.PUNG: PartKind.PUNG, MeldKind.KONG: PartKind.KONG}[m.kind]
    return Part(kind, m.tiles, m)


_KIND_ORDER = {PartKind.PAIR: 0, PartKind.PUNG: 1, PartKind.KONG: 2, PartKind.CHOW: 3}


def _sort_key(p: Part):
    return (p.tiles[0].index, _KIND_ORDER.get(p.kind, 4))


def readings(hand, *, four_as_two_pairs: bool = True) -> list[Reading]:
    """Every reading of a complete hand (14 tiles with kongs as three), in a stable order:
    regular readings first, then seven pairs, thirteen orphans, honors and knitted, knitted straight.
    An incomplete hand has no readings (an empty list).

    ``four_as_two_pairs``: whether four identical tiles may stand as two of the seven pairs (MCR: yes).

    >>> [r.form.value for r in readings("22334455667788p")]
    ['regular', 'regular', 'regular', 'seven_pairs']
    """
    hand = as_hand(hand)
    if hand.tile_count != 14:
        raise InvalidHandError(
            f"a complete hand has 14 tiles (kongs count as three); {str(hand)!r} has {hand.tile_count}"
        )
    counts = list(hand.counts)
    return _readings(counts, tuple(_meld_part(m) for m in hand.melds), four_as_two_pairs)


def _readings(counts: list[int], meld_parts: tuple[Part, ...], four_as_two_pairs: bool = True) -> list[Reading]:
    out: list[Reading] = []
    for p, sets in _regular_ways(counts):
        parts = sorted([_part(k, i) for k, i in sets] + [_part("pair", p)], key=_sort_key)
        out.append(Reading(Form.REGULAR, meld_parts + tuple(parts)))
    if meld_parts:
        out.extend(_knitted_straight_readings(counts, meld_parts))
        return out
    if all(n % 2 == 0 for n in counts) and (four_as_two_pairs or all(n in (0, 2) for n in counts)):
        pairs = [_part("pair", i) for i, n in enumerate(counts) for _ in range(n // 2)]
        out.append(Reading(Form.SEVEN_PAIRS, tuple(pairs)))
    if _is_thirteen_orphans(counts):
        doubled = next(i for i in ORPHAN_INDICES if counts[i] == 2)
        singles = tuple(TILES[i] for i in ORPHAN_INDICES if i != doubled)
        out.append(Reading(Form.THIRTEEN_ORPHANS, (Part(PartKind.SINGLES, singles), _part("pair", doubled))))
    if _is_honors_and_knitted(counts):
        out.append(
            Reading(Form.HONORS_AND_KNITTED, (Part(PartKind.SINGLES, tuple(TILES[i] for i in range(34) if counts[i])),))
        )
    out.extend(_knitted_straight_readings(counts, meld_parts))
    return out


_SIMPLE_INDICES = tuple(i for i in range(34) if i not in ORPHAN_INDICES)


def _is_thirteen_orphans(counts) -> bool:
    if sum(counts) != 14:
        return False
    if any(counts[i] for i in _SIMPLE_INDICES):
        return False
    return all(counts[i] >= 1 for i in ORPHAN_INDICES) and max(counts) == 2


def _is_honors_and_knitted(counts) -> bool:
    if sum(counts) != 14 or max(counts) > 1:
        return False
    suited = {i for i in range(27) if counts[i]}
    return any(suited <= set(pat) for pat in KNITTED_PATTERNS)


def _knitted_straight_readings(counts: list[int], meld_parts: tuple[Part, ...]) -> list[Reading]:
    if len(meld_parts) > 1:
        return []
    out = []
    for pat in KNITTED_PATTERNS:
        if all(counts[i] for i in pat):
            for i in pat:
                counts[i] -= 1
            knitted = Part(PartKind.KNITTED, tuple(TILES[i] for i in pat))
            for p, sets in _regular_ways(counts):
                parts = sorted([_part(k, i) for k, i in sets] + [_part("pair", p)], key=_sort_key)
                out.append(Reading(Form.KNITTED_STRAIGHT, meld_parts + (knitted,) + tuple(parts)))
            for i in pat:
                counts[i] += 1
    return out


def is_complete(counts, n_melds: int = 0) -> bool:
    """Whether 34 concealed counts plus ``n_melds`` declared melds make a complete hand in any form.

    The fast check used by the simulation and the analysis: no readings are built.

    >>> from mjlearn import parse_hand
    >>> is_complete(parse_hand("1112345678999m+1m").counts)
    True
    """
    counts = list(counts)
    if sum(counts) + 3 * n_melds != 14:
        return False
    if _regular_complete(counts):
        return True
    if n_melds == 0:
        if all(n % 2 == 0 for n in counts):
            return True
        if _is_thirteen_orphans(counts) or _is_honors_and_knitted(counts):
            return True
    if n_melds <= 1 and _knitted_trio_in_each_suit(counts):
        for pat in KNITTED_PATTERNS:
            if all(counts[i] for i in pat):
                for i in pat:
                    counts[i] -= 1
                ok = _regular_complete(counts)
                for i in pat:
                    counts[i] += 1
                if ok:
                    return True
    return False


def _knitted_trio_in_each_suit(counts) -> bool:
    """Whether each suit holds all of its 147, 258 or 369: what any knitted straight needs (a quick
    test before the six patterns are tried)."""
    for b in (0, 9, 18):
        if not (
            (counts[b] and counts[b + 3] and counts[b + 6])
            or (counts[b + 1] and counts[b + 4] and counts[b + 7])
            or (counts[b + 2] and counts[b + 5] and counts[b + 8])
        ):
            return False
    return True


def _regular_complete(counts: list[int]) -> bool:
    honors = counts[27:34]
    honor_pairs = honors.count(2)
    if honor_pairs > 1 or honors.count(0) + honor_pairs + honors.count(3) != 7:  # honors: pungs and a pair
        return False
    suits = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]))
    if honor_pairs == 1:
        return _suit_complete(suits[0]) and _suit_complete(suits[1]) and _suit_complete(suits[2])
    # the pair is in the suit whose tile count is 2 mod 3
    rest = [sum(x) % 3 for x in suits]
    if rest.count(2) != 1 or 1 in rest:
        return False
    k = rest.index(2)
    for k2, x in enumerate(suits):
        if k2 != k and not _suit_complete(x):
            return False
    return _suit_with_pair(suits[k])


@cache
def _suit_with_pair(counts: tuple[int, ...]) -> bool:
    c = list(counts)
    for i in range(9):
        if c[i] >= 2:
            c[i] -= 2
            if _suit_complete(tuple(c)):
                return True
            c[i] += 2
    return False


def is_winning(hand) -> bool:
    """Whether a 14-tile hand is complete in any form (a hand of 13 is not).

    >>> is_winning("1112345678999m+5m"), is_winning("19m19p19sESWNCFP+P"), is_winning("1112345678999m")
    (True, True, False)
    """
    hand = as_hand(hand)
    if hand.tile_count != 14:
        return False
    return is_complete(hand.counts, len(hand.melds))
