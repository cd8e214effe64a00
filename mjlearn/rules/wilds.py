"""Wild tiles (混儿, 财神, 金, 百搭) in the hand analysis: an exact decomposition.

Every copy of the wild kind in the concealed part is a joker; it may stand for any tile (a natural
use when it stands for itself). :func:`substitutions` finds **every** multiset of tiles the jokers
can stand for that completes the hand, in any of the five forms, without trying the 34ᵏ
assignments one by one:

* regular form: each suit (and the honors) is covered on its own by parts that hold at least one
  natural tile (a pair, a pung or a chow, the jokers filling the gaps; cached per 9-count tuple);
  the suits are combined by their joker, set and pair counts; jokers left over form the wilds-only
  parts (a pung or chow of any tile, or a pair anywhere), enumerated over all 34 kinds;
* seven pairs: a joker beside every odd count, the rest as pairs of any kind;
* thirteen orphans, honors and knitted, knitted straight: the missing tiles of each of their
  patterns, then the regular search on what is left.

Each multiset is then read with :mod:`mjlearn.shapes`, and each :class:`WildReading` records, part
by part, what the wilds stood for, which is what 无混儿, 无财神, 金雀, 混杠 and 三金倒 need.

>>> from mjlearn.rules.wilds import wild_readings
>>> [str(w.reading) + " | " + " ".join(map(str, w.substitutions))
...  for w in wild_readings("123m456m79m55s111s+5p", "5p")]
['123m 456m 789m 111s 55s | 8m']

Three jokers may stand as a set the hand holds nothing of (a pung of red dragons, the 789 of a
straight):

>>> sorted({" ".join(map(str, s)) for s in substitutions("123m456m11pEEE5s5s+5s", "5s")}
...        & {"7m 8m 9m", "P P P", "C C C"})
['7m 8m 9m', 'C C C', 'P P P']

Claimed melds never hold a substituted wild (Beijing's option ``wild_claims``; Huopin): wilds only act inside the
concealed part. The total of each kind, natural plus substituted plus melded, stays at most four.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement

from ..hand import Hand, as_hand
from ..shapes import KNITTED_PATTERNS, ORPHAN_INDICES, PartKind, Reading, _meld_part, _readings, is_complete
from ..shapes import _regular_complete as _natural_regular_complete
from ..tiles import TILES, Tile
from ..tiles import tile as _tile

__all__ = [
    "ReadHand",
    "WildReading",
    "complete_with_wilds",
    "fills",
    "shape_complete",
    "special_shape",
    "split_wilds",
    "substitutions",
    "waits_with_wilds",
    "wild_readings",
]

MAX_WILDS = 4
"""Jokers handled at once (the four copies of the wild kind)."""


@dataclass(frozen=True, repr=False)  # Hand's repr: the notation of the tiles as read
class ReadHand(Hand):
    """A hand with each wild replaced by the tile it stood for, for a scorer that knows no wilds
    (Huopin's MCR fans); ``held`` is the hand as it was held. A win context speaks of the tiles on
    the table, so :mod:`mjlearn.consistency` checks it against ``held``: a wild that stood for the
    winning tile is no second copy of it (和绝张, a robbed kong)."""

    held: Hand | None = None


@dataclass(frozen=True)
class WildReading:
    """A reading of a hand with wilds: the reading as the wilds were used, and what they stood for."""

    reading: Reading
    """Parts with each wild replaced by the tile it stood for."""
    wilds: tuple[tuple[Tile, ...], ...]
    """Parallel to ``reading.parts``: the tiles that wilds stood for in each part."""

    @property
    def substitutions(self) -> tuple[Tile, ...]:
        return tuple(t for part in self.wilds for t in part)


def split_wilds(hand: Hand, wild: Tile | None) -> tuple[list[int], int]:
    """(34 counts of the natural concealed tiles, number of jokers) — winning tile included."""
    counts = list(hand.counts)
    if wild is None:
        return counts, 0
    j = counts[wild.index]
    counts[wild.index] = 0
    return counts, j


# --- the exact search -----------------------------------------------------------------------------

_GROUPS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
"""(first index, length, chows allowed): the three suits and the honors."""


@cache
def _group_fills(
    counts: tuple[int, ...], chows: bool, budget: int
) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Every way to cover all natural tiles of one group (a suit's 9 counts or the 7 honors) with
    parts that each hold at least one natural tile, jokers filling the rest: (jokers, sets, pairs,
    stand-ins as offsets in the group, sorted). At most ``budget`` jokers, one pair, four sets."""
    out: set = set()
    c = list(counts)
    n = len(c)

    def rec(w: int, s: int, p: int, stand: tuple[int, ...]) -> None:
        i = next((k for k in range(n) if c[k]), None)
        if i is None:
            out.add((w, s, p, tuple(sorted(stand))))
            return
        have = c[i]
        if p == 0:  # the pair: 2 natural, or 1 natural + 1 joker
            for nat in (2, 1):
                if nat <= have and w + 2 - nat <= budget:
                    c[i] -= nat
                    rec(w + 2 - nat, s, 1, stand + (i,) * (2 - nat))
                    c[i] += nat
        if s == 4:
            return
        for nat in (3, 2, 1):  # a pung of i
            if nat <= have and w + 3 - nat <= budget:
                c[i] -= nat
                rec(w + 3 - nat, s + 1, p, stand + (i,) * (3 - nat))
                c[i] += nat
        if not chows:
            return
        for start in (i - 2, i - 1, i):  # a chow holding i (lower tiles are jokers)
            if start < 0 or start + 2 >= n:
                continue
            lower = tuple(range(start, i))
            higher = list(range(i + 1, start + 3))
            if w + len(lower) > budget:
                continue
            c[i] -= 1
            # each higher tile: natural when held, or a joker
            for mask in range(1 << len(higher)):
                use = [k for b, k in enumerate(higher) if mask >> b & 1]  # natural
                jk = tuple(k for k in higher if k not in use)
                if any(not c[k] for k in use) or w + len(lower) + len(jk) > budget:
                    continue
                for k in use:
                    c[k] -= 1
                rec(w + len(lower) + len(jk), s + 1, p, stand + lower + jk)
                for k in use:
                    c[k] += 1
            c[i] += 1

    rec(0, 0, 0, ())
    return tuple(sorted(out))


@cache
def _group_shapes(counts: tuple[int, ...], chows: bool, budget: int) -> frozenset[tuple[int, int, int]]:
    """The (jokers, sets, pairs) of :func:`_group_fills`, without the stand-ins: the same parts, each
    holding the group's first natural tile, taken one at a time with the rest looked up again
    (which makes a yes-or-no test fast enough to run at every turn of a table)."""
    n = len(counts)
    i = next((k for k in range(n) if counts[k]), None)
    if i is None:
        return frozenset({(0, 0, 0)})
    out = set()

    def rest(take, w: int, s: int, p: int) -> None:
        c = list(counts)
        for k in take:
            c[k] -= 1
        for w2, s2, p2 in _group_shapes(tuple(c), chows, budget - w):
            if s + s2 <= 4 and p + p2 <= 1:
                out.add((w + w2, s + s2, p + p2))

    have = counts[i]
    for nat in (2, 1):  # the pair
        if nat <= have and 2 - nat <= budget:
            rest((i,) * nat, 2 - nat, 0, 1)
    for nat in (3, 2, 1):  # a pung of i
        if nat <= have and 3 - nat <= budget:
            rest((i,) * nat, 3 - nat, 1, 0)
    if chows:
        for start in (i - 2, i - 1, i):  # a chow holding i (lower tiles are jokers)
            if start < 0 or start + 2 >= n:
                continue
            lower = i - start
            higher = list(range(i + 1, start + 3))
            for mask in range(1 << len(higher)):
                use = [k for b, k in enumerate(higher) if mask >> b & 1]  # natural
                w = lower + len(higher) - len(use)
                if w <= budget and all(counts[k] for k in use):
                    rest([i] + use, w, 1, 0)
    return frozenset(out)


_ALL_SETS = tuple(
    [(i, i, i) for i in range(34)] + [(b + r, b + r + 1, b + r + 2) for b in (0, 9, 18) for r in range(7)]
)
_ALL_PAIRS = tuple((i, i) for i in range(34))


@cache
def _free_parts(n_sets: int, n_pairs: int) -> tuple[tuple[int, ...], ...]:
    """Stand-ins of wilds-only parts: ``n_sets`` sets (a pung or chow of any tile) and ``n_pairs``
    pairs anywhere, as sorted index tuples."""
    out = set()
    for sets in combinations_with_replacement(_ALL_SETS, n_sets):
        for pairs in combinations_with_replacement(_ALL_PAIRS, n_pairs):
            out.add(tuple(sorted(sum(sets, ()) + sum(pairs, ()))))
    return tuple(sorted(out))


def _regular_fills(counts: tuple[int, ...], j: int, n_sets: int) -> set[tuple[int, ...]]:
    """Stand-in multisets (sorted index tuples) of ``j`` jokers that make ``counts`` into
    ``n_sets`` sets and a pair (counts limits are checked by the caller)."""
    if sum(counts) + j != 3 * n_sets + 2:
        return set()
    states = {(0, 0, 0): {()}}
    for base, length, chows in _GROUPS:
        ways = _group_fills(tuple(counts[base : base + length]), chows, j)
        if not ways:
            return set()
        new: dict = {}
        for (w, s, p), stands in states.items():
            for fw, fs, fp, fst in ways:
                w2, s2, p2 = w + fw, s + fs, p + fp
                if w2 > j or s2 > n_sets or p2 > 1:
                    continue
                glob = tuple(base + k for k in fst)
                bucket = new.setdefault((w2, s2, p2), set())
                for st in stands:
                    bucket.add(st + glob)  # groups come in index order: stays sorted
        states = new
        if not states:
            return set()
    out: set[tuple[int, ...]] = set()
    for (w, s, p), stands in states.items():
        sl, pl = n_sets - s, 1 - p
        if 3 * sl + 2 * pl != j - w:
            continue
        if sl == 0 and pl == 0:
            out |= stands
            continue
        for free in _free_parts(sl, pl):
            for st in stands:
                out.add(tuple(sorted(st + free)))
    return out


@lru_cache(maxsize=65536)
def _regular_complete(counts: tuple[int, ...], j: int) -> bool:
    """Whether natural ``counts`` and ``j`` jokers make sets and one pair: the search of
    :func:`_regular_fills` kept to (jokers, sets, pair) counts, with no limit on copies of a kind
    (the table's check before a win is judged; the rule set then reads the hand exactly)."""
    total = sum(counts) + j
    if total < 2 or (total - 2) % 3:
        return False
    if j == 0:  # no jokers: the shapes' own check, as :func:`is_complete` makes it
        return _natural_regular_complete(list(counts))
    n_sets = (total - 2) // 3
    states = {(0, 0, 0)}
    for base, length, chows in _GROUPS:
        ways = _group_shapes(tuple(counts[base : base + length]), chows, j)
        states = {
            (w + fw, s + fs, p + fp)
            for w, s, p in states
            for fw, fs, fp in ways
            if w + fw <= j and s + fs <= n_sets and p + fp <= 1
        }
        if not states:
            return False
    # jokers left over make sets and the pair of their own
    return any(3 * (n_sets - s) + 2 * (1 - p) == j - w for w, s, p in states)


def _seven_pairs_complete(counts, j: int) -> bool:
    """Seven pairs (four of a kind as two pairs) from 14 tiles: a joker beside every odd count."""
    return sum(n % 2 for n in counts) <= j


def shape_complete(counts, n_melds: int, wild: int | None, shapes: str) -> bool:
    """Whether 34 concealed counts (14 tiles with melds as three) win with the wild kind as a joker,
    in the forms ``shapes`` of a rule set's table facts: ``"five_forms"`` (every MCR form without
    jokers; sets and a pair, or seven pairs, with them), ``"standard"`` or ``"standard+seven_pairs"``
    (four of a kind may be two pairs). No limit on copies of a kind: this is the quick test a table
    makes before asking the rule set, which reads the hand exactly.

    >>> from mjlearn.notation import parse_hand
    >>> c = parse_hand("123m456p789s11sEE+C").counts    # 中 (C) is the wild: it stands for an E
    >>> shape_complete(c, 0, 31, "standard"), shape_complete(c, 0, None, "standard")
    (True, False)
    """
    if sum(counts) + 3 * n_melds != 14:
        return False
    c = tuple(counts)
    j = 0
    if wild is not None and c[wild]:
        j = c[wild]
        c = c[:wild] + (0,) + c[wild + 1 :]
    elif shapes == "five_forms":
        return is_complete(c, n_melds)
    if n_melds == 0 and shapes != "standard" and _seven_pairs_complete(c, j):
        return True
    return _regular_complete(c, j)


_YITANGFU = ((31, 32, 33), (18, 27, 28))  # 中发白 and 孔雀东南飞 (1s E S)


def special_shape(kinds, counts, melds, wild: int | None) -> bool:
    """Whether 34 concealed counts (14 tiles with melds as three) make one of the special wins
    ``kinds`` (see :attr:`mjlearn.rules.TableFacts.special_shapes`), with ``wild`` as a joker.

    >>> from mjlearn.notation import parse_hand
    >>> special_shape(("all_258",), parse_hand("22555888m258p22s+2s").counts, (), None)
    True
    >>> special_shape(("hun_gang",), parse_hand("1357m2468p1357sC+C").counts, (), 1)
    False
    """
    if sum(counts) + 3 * len(melds) != 14:
        return False
    for k in kinds:
        if k == "hun_gang":
            if wild is not None and counts[wild] == 4:
                return True
        elif k == "three_golds":
            if wild is not None and counts[wild] >= 3:
                return True
        elif k == "all_258":
            if all(i < 27 and i % 9 in (1, 4, 7) for i in range(34) if counts[i]) and all(
                t.index < 27 and t.index % 9 in (1, 4, 7) for m in melds for t in m.tiles
            ):
                return True
        elif k == "orphans":
            if melds:
                continue
            nat = [n for i, n in enumerate(counts) if i != wild and n]
            if (
                all(i in ORPHAN_INDICES for i, n in enumerate(counts) if n and i != wild)
                and all(n <= 2 for n in nat)
                and sum(1 for n in nat if n == 2) <= 1
            ):
                return True
        elif k == "yitangfu":
            c = list(counts)
            for a in range(3):
                for b in range(3 - a):
                    if a + b == 0:
                        continue
                    need = [0] * 34
                    for s, times in zip(_YITANGFU, (a, b)):
                        for i in s:
                            need[i] += times
                    if all(c[i] >= need[i] for i in range(34)):
                        rest = tuple(c[i] - need[i] for i in range(34))
                        if _regular_complete(rest, 0):
                            return True
        else:
            raise ValueError(f"unknown special shape {k!r}")
    return False


def _seven_pairs_fills(counts: tuple[int, ...], j: int) -> set[tuple[int, ...]]:
    if sum(counts) + j != 14:
        return set()
    odd = tuple(i for i, n in enumerate(counts) if n % 2)
    rest = j - len(odd)
    if rest < 0 or rest % 2:
        return set()
    return {
        tuple(sorted(odd + tuple(k for k in pairs for _ in (0, 1))))
        for pairs in combinations_with_replacement(range(34), rest // 2)
    }


def _orphans_fills(counts: tuple[int, ...], j: int) -> set[tuple[int, ...]]:
    if sum(counts) + j != 14 or any(counts[i] for i in range(34) if i not in ORPHAN_INDICES):
        return set()
    out = set()
    for d in ORPHAN_INDICES:
        need = []
        for i in ORPHAN_INDICES:
            k = (2 if i == d else 1) - counts[i]
            if k < 0:
                break
            need += [i] * k
        else:
            if len(need) == j:
                out.add(tuple(need))
    return out


def _honors_knitted_fills(counts: tuple[int, ...], j: int) -> set[tuple[int, ...]]:
    if sum(counts) + j != 14 or max(counts) > 1:
        return set()
    held = {i for i, n in enumerate(counts) if n}
    out = set()
    for pat in KNITTED_PATTERNS:
        allowed = set(pat) | set(range(27, 34))
        if not held <= allowed:
            continue
        for extra in combinations(sorted(allowed - held), j):
            out.add(extra)
    return out


def _knitted_straight_fills(counts: tuple[int, ...], j: int, n_melds: int) -> set[tuple[int, ...]]:
    if n_melds > 1:
        return set()
    out = set()
    for pat in KNITTED_PATTERNS:
        missing = tuple(i for i in pat if not counts[i])
        if len(missing) > j:
            continue
        rest = list(counts)
        for i in pat:
            if rest[i]:
                rest[i] -= 1
        for f in _regular_fills(tuple(rest), j - len(missing), 1 - n_melds):
            out.add(tuple(sorted(missing + f)))
    return out


@lru_cache(maxsize=65536)
def _fills(counts: tuple[int, ...], j: int, n_melds: int, limits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if sum(counts) + j + 3 * n_melds != 14:
        return ()
    if j == 0:
        return ((),) if is_complete(counts, n_melds) else ()
    if j > MAX_WILDS:
        raise ValueError(f"at most {MAX_WILDS} wilds can be read at once; got {j}")
    found = _regular_fills(counts, j, 4 - n_melds)
    if n_melds == 0:
        found |= _seven_pairs_fills(counts, j)
        found |= _orphans_fills(counts, j)
        found |= _honors_knitted_fills(counts, j)
    found |= _knitted_straight_fills(counts, j, n_melds)
    out = []
    for f in found:
        ok = True
        for i in set(f):
            if counts[i] + f.count(i) > limits[i]:
                ok = False
                break
        if ok:
            out.append(f)
    return tuple(sorted(out))


def fills(counts, j: int, n_melds: int = 0, limits=None) -> tuple[tuple[int, ...], ...]:
    """Every multiset of tile indices (sorted tuples) that ``j`` jokers can stand for so that the
    natural ``counts`` plus ``n_melds`` declared melds make a complete hand in any form, no kind
    exceeding ``limits`` (default four).

    >>> from mjlearn import parse_hand
    >>> [[str(TILES[i]) for i in f] for f in fills(parse_hand("123m456m789m11s23s").counts, 1)]
    [['1s'], ['4s']]
    """
    return _fills(tuple(counts), j, n_melds, tuple(limits or [4] * 34))


def substitutions(hand, wild, *, n_melds: int | None = None) -> list[tuple[Tile, ...]]:
    """Every multiset of tiles the wilds can stand for that completes the hand (any form), in
    index order; exact for up to four wilds.

    >>> [" ".join(map(str, s)) for s in substitutions("123m456m79m55s111s+5p", "5p")]
    ['8m']
    """
    hand = as_hand(hand)
    wild = None if wild is None else _tile(wild)
    natural, j = split_wilds(hand, wild)
    m = len(hand.melds) if n_melds is None else n_melds
    return [tuple(TILES[i] for i in f) for f in _fills(tuple(natural), j, m, tuple(_limits(hand, wild)))]


def _limits(hand: Hand, wild: Tile | None) -> list[int]:
    """How many of each kind the concealed part may hold (four minus the copies in melds)."""
    lim = [4] * 34
    for m in hand.melds:
        for t in m.tiles:
            lim[t.index] -= 1
    return lim


def wild_readings(hand, wild, *, seven_pairs: bool = True) -> list[WildReading]:
    """Every reading of the hand with ``wild`` as the wild kind (None: no wild), with what each
    wild stood for: one entry per distinct (reading, substitution multiset), every form included;
    callers filter the forms their variant knows."""
    hand = as_hand(hand)
    wild = None if wild is None else _tile(wild)
    meld_parts = tuple(_meld_part(m) for m in hand.melds)
    natural, j = split_wilds(hand, wild)
    if j == 0:
        return [
            WildReading(r, ((),) * len(r.parts))
            for r in _readings(list(hand.counts), meld_parts)
            if seven_pairs or r.form.value != "seven_pairs"
        ]
    out = []
    for subs in substitutions(hand, wild):  # distinct multisets, each read in distinct ways
        counts = list(natural)
        for t in subs:
            counts[t.index] += 1
        for r in _readings(counts, meld_parts):
            if not seven_pairs and r.form.value == "seven_pairs":
                continue
            out.append(WildReading(r, _place(r, subs)))
    return out


_PLACE_ORDER = {
    PartKind.PAIR: 0,
    PartKind.PUNG: 1,
    PartKind.KONG: 2,
    PartKind.SINGLES: 3,
    PartKind.KNITTED: 4,
    PartKind.CHOW: 5,
}


def _place(r: Reading, subs: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
    """Put each wild's stand-in into a part that holds that tile: pairs and pungs first, so chows
    (straights) stay natural where the tiles allow it, as a player would show them."""
    left: dict[Tile, int] = {}
    for t in subs:
        left[t] = left.get(t, 0) + 1
    placed: list[list] = [[] for _ in r.parts]
    order = sorted(range(len(r.parts)), key=lambda i: (_PLACE_ORDER.get(r.parts[i].kind, 9), i))
    for i in order:
        p = r.parts[i]
        if p.is_declared:
            continue
        for t in p.tiles:
            if left.get(t):
                left[t] -= 1
                placed[i].append(t)
    return tuple(tuple(x) for x in placed)


def complete_with_wilds(counts, j: int, n_melds: int, limits=None) -> bool:
    """Whether natural ``counts`` plus ``j`` jokers complete a hand with ``n_melds`` melds (exact)."""
    if j == 0:
        return is_complete(counts, n_melds)
    return bool(_fills(tuple(counts), j, n_melds, tuple(limits or [4] * 34)))


def waits_with_wilds(hand, wild) -> frozenset[Tile]:
    """The tiles that would have completed the hand before its winning tile, wilds as jokers.

    >>> sorted(map(str, waits_with_wilds("12346789mEEE44s+5m", None)))
    ['5m']
    """
    hand = as_hand(hand)
    wild = None if wild is None else _tile(wild)
    counts = list(hand.counts)
    if hand.win_tile is not None:
        counts[hand.win_tile.index] -= 1
    j = 0
    if wild is not None:
        j = counts[wild.index]
        counts[wild.index] = 0
    limits = _limits(hand, wild)
    n = len(hand.melds)
    if j < MAX_WILDS:
        # one more joker standing for X completes the hand exactly when X (natural) does; a drawn
        # wild is that joker itself
        found = _fills(tuple(counts), j + 1, n, tuple(limits))
        out = {TILES[i] for f in found for i in f}
        if wild is not None:
            out.discard(wild)
            if found and j + 1 <= limits[wild.index]:
                out.add(wild)
        return frozenset(out)
    out = set()
    for i in range(34):
        if i == wild.index or counts[i] + 1 > limits[i]:
            continue  # no fifth copy of the wild kind
        counts[i] += 1
        if complete_with_wilds(counts, j, n, limits):
            out.add(TILES[i])
        counts[i] -= 1
    return frozenset(out)
