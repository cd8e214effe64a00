"""The records the MCR scorer reads: a group's ways of splitting into sets, their packed facts, a
reading, a candidate, the win flags.

The concealed tiles fall into four groups (characters, dots, bamboo: nine counts each; the honors:
seven). Each group's counts have a :class:`SuitRecord` or :class:`HonorRecord`, built once and
cached (:func:`suit_record`, :func:`honor_record`): its :class:`Way` s of splitting into sets (the
per-suit table of :func:`mjlearn.shapes.suit_table`), each with what the count needs of its sets
packed in one integer (:func:`features`), and the group's whole-hand key. A regular reading is one
way of each group (a :class:`Split`); its facts are the sum of its ways' packed integers and the
melds'. Records with slots are read by name at the speed of a tuple's index (the scorer reads them
for every hand); the records the tests index (:class:`Candidate`) are named tuples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..hand import MeldKind
from ..shapes import suit_table
from ..tiles import KNITTED_PATTERNS as KNITTED
from ..tiles import ORPHAN_INDICES
from . import caches
from . import detect as D
from .tables import REF

if TYPE_CHECKING:
    from ..hand import WinContext

__all__ = [
    "Candidate",
    "HonorRecord",
    "Split",
    "SuitRecord",
    "Way",
    "WinFlags",
    "features",
    "honor_record",
    "meld_parts",
    "presence",
    "reading_parts",
    "reading_ways",
    "regular_readings",
    "suit_record",
    "ways",
]

CHOW, PUNG, KONG, PAIR, KNIT, SINGLES = D.CHOW, D.PUNG, D.KONG, D.PAIR, D.KNITTED, D.SINGLES


class Candidate(NamedTuple):
    """One reading of a hand as the scorer scores it: what it counts, and what
    :class:`~mjlearn.mcr.result.ScoreResult` needs to explain it."""

    total: int
    """Its points, flowers aside."""
    fans: dict
    """``{fan id: count}`` of the fans that count."""
    form: str
    """``regular``, ``seven_pairs``, ``thirteen_orphans``, ``honors_and_knitted`` or ``knitted_straight``."""
    parts: list | None
    """The reading's parts ``(kind, tile index, exposed)``, melds first; None when only counted."""
    occ: list | None
    """The occurrences ``(fan, positions of its parts)`` before non-repetition; None when only counted."""
    sets: tuple | None
    """``(chows, pungs)`` of a regular reading as ``(position, code)`` pairs, for the combinations
    dropped (不拆移, 不得相同, 套算一次)."""
    explain: tuple | None = None
    """For a reading only counted: ``(function, *arguments)``, called with the hand and the profile
    first, giving the explicit candidate."""


class WinFlags:
    """The flags of a win context the detectors read (``self_drawn``, ``kong``, ``wall_last``,
    ``last_tile``, ``seat`` and ``prevalent`` as tile indices), its ``flags`` (the win-flag
    occurrences, the same in every reading), the :class:`~mjlearn.hand.WinContext` it was made
    from (``source``) and its masks folded under one profile's counting tables (``folded``)."""

    __slots__ = ("flags", "folded", "kong", "last_tile", "prevalent", "seat", "self_drawn", "source", "wall_last")
    self_drawn: bool
    kong: bool
    wall_last: bool
    last_tile: bool
    seat: int
    prevalent: int
    flags: tuple
    source: WinContext
    folded: Folded


class Folded:
    """A context's win flags and concealment folded into masks under the counting tables ``tab``:
    ``by_exposed[n]`` for ``n`` melds shown (0-4)."""

    __slots__ = ("by_exposed", "tab")

    def __init__(self, tab, by_exposed):
        self.tab, self.by_exposed = tab, by_exposed


UNFOLDED = Folded(None, ())


class Way:
    """One way of splitting a group's tiles into sets and at most one pair: ``pair`` (tile index, or
    -1), ``parts`` (sorted as the reference sorts sets), ``keys`` (their sort keys), ``feats`` (the
    packed facts of :func:`features`) and ``shape`` (the number of sets, plus :data:`PAIRED` with the
    pair: the shapes of a reading's groups add up to its number of sets plus PAIRED)."""

    __slots__ = ("feats", "keys", "pair", "parts", "shape")

    def __init__(self, pair, parts, keys, feats, shape):
        self.pair, self.parts, self.keys, self.feats, self.shape = pair, parts, keys, feats, shape


class SuitRecord:
    """A suit's counts (``counts``, nine bytes) and what the scorer needs of them: its ``ways``, the
    ``single`` way when there is exactly one (else None), its whole-hand ``key`` (see
    :data:`TILE_KEY`) and ``wait_ids``: the id of the wait facts of its counts (slot 0) and of its
    counts less one tile of each rank (slots 1-9), filled when asked (:mod:`mjlearn.mcr.waits`)."""

    __slots__ = ("counts", "key", "single", "wait_ids", "ways")

    def __init__(self, ways, key, single, wait_ids, counts):
        self.ways, self.key, self.single, self.wait_ids, self.counts = ways, key, single, wait_ids, counts


class HonorRecord:
    """The honors' counts (``counts``, seven bytes): their one ``way`` (pungs and at most one pair;
    None when they cannot be), their whole-hand ``key`` and the id of their wait shape (``shape``,
    filled when asked)."""

    __slots__ = ("counts", "key", "shape", "way")

    def __init__(self, way, key, shape, counts):
        self.way, self.key, self.shape, self.counts = way, key, shape, counts


class Split(NamedTuple):
    """A regular reading of the concealed tiles: a way of each group and the pair (the sets go
    characters, bamboo, dots, honors, as the reference sorts them)."""

    m: Way
    s: Way
    p: Way
    honors: Way
    pair: int
    keys: tuple = ()
    """The sort keys of its suited sets (the reference's order of readings, by these sorted)."""


PAIRED = 16
"""Added to a way's number of sets when it holds the pair (see :class:`Way`)."""

RECORDS_M = caches.new("records.characters", 8192, "a suit record by the characters' nine counts")
RECORDS_P = caches.new("records.dots", 8192, "a suit record by the dots' nine counts")
RECORDS_S = caches.new("records.bamboo", 8192, "a suit record by the bamboo's nine counts")
HONOR_RECORDS = caches.new("records.honors", 4096, "an honor record by the honors' seven counts")
_SUIT_RECORDS = RECORDS_M, RECORDS_P, RECORDS_S


def suit_record(k: int, seg: bytes) -> SuitRecord:
    """The record of suit ``k`` (0 m, 1 p, 2 s) with counts ``seg``, built and cached."""
    ws = suit_ways(9 * k, seg)
    rec = SuitRecord(
        ws, D.group_key(k, seg.translate(PRESENT)) ^ WHOLE_AND, ws[0] if len(ws) == 1 else None, [None] * 10, seg
    )
    return caches.put(_SUIT_RECORDS[k], seg, rec)


def honor_record(seg: bytes) -> HonorRecord:
    """The record of the honors with counts ``seg``, built and cached."""
    key = D.group_key(3, seg.translate(PRESENT)) ^ WHOLE_AND
    return caches.put(HONOR_RECORDS, seg, HonorRecord(honor_way(seg), key, None, seg))


def reading_ways(b: bytes, n_sets: int) -> list:
    """The regular readings (:class:`Split`) of the concealed counts ``b`` as ``n_sets`` sets and a
    pair, in the reference's order (:func:`ways`)."""
    seg = b[0:9]
    rm = RECORDS_M.get(seg) or suit_record(0, seg)
    seg = b[9:18]
    rp = RECORDS_P.get(seg) or suit_record(1, seg)
    seg = b[18:27]
    rs = RECORDS_S.get(seg) or suit_record(2, seg)
    seg = b[27:34]
    rh = HONOR_RECORDS.get(seg) or honor_record(seg)
    return ways(rm, rp, rs, rh, n_sets)


def ways(rm, rp, rs, rh, n_sets: int):
    """The regular readings (:class:`Split`) of the groups' records as ``n_sets`` sets and a pair,
    in the reference's order."""
    ways_m = rm.ways
    if not ways_m:
        return ()
    ways_p = rp.ways
    if not ways_p:
        return ()
    ways_s = rs.ways
    if not ways_s:
        return ()
    honor = rh.way
    if honor is None:
        return ()
    # the shapes of a reading add up to n_sets + PAIRED, and its pair is the one >= 0
    want = n_sets + PAIRED - honor.shape
    pair = honor.pair
    if len(ways_m) == 1 and len(ways_p) == 1 and len(ways_s) == 1:  # the common case
        wm, wp, ws = ways_m[0], ways_p[0], ways_s[0]
        if wm.shape + wp.shape + ws.shape != want:
            return ()
        return (_split(Split, (wm, ws, wp, honor, max(wm.pair, wp.pair, ws.pair, pair), ())),)
    out = []
    for wm in ways_m:
        for wp in ways_p:
            for ws in ways_s:
                if wm.shape + wp.shape + ws.shape == want:
                    out.append(
                        _split(
                            Split,
                            (wm, ws, wp, honor, max(wm.pair, wp.pair, ws.pair, pair), wm.keys + ws.keys + wp.keys),
                        )
                    )
    if len(out) > 1:
        out.sort(key=_split_keys)
    return out


_split = tuple.__new__
"""A :class:`Split` from a tuple of its fields, without the Python frame of its ``__new__``."""


def _split_keys(split):
    return sorted(split.keys)


def reading_parts(meld_parts, split: Split) -> list:
    """The parts list of one reading: melds, sets, pair."""
    return meld_parts + [*split.m.parts, *split.s.parts, *split.p.parts, *split.honors.parts, PAIR_PART[split.pair]]


def regular_readings(counts, meld_parts, n_sets=None, b=None) -> list:
    """Regular splits in the reference's order; each a parts list (melds first, then sorted sets, pair)."""
    if n_sets is None:
        n_sets = 4 - len(meld_parts)
    if b is None:
        b = bytes(counts)
    return [reading_parts(meld_parts, w) for w in reading_ways(b, n_sets)]


def meld_parts(melds) -> list:
    """The melds of a hand as parts ``(kind, tile index, exposed)``, in the order they were made."""
    out = []
    for m in melds:
        kind = m.kind
        out.append(
            (
                CHOW if kind is M_CHOW else KONG if kind is M_KONG else PUNG,
                m.tile.index,
                kind is not M_KONG or m.offer is not None,
            )
        )
    return out


def honor_way(seg: bytes):
    """The honors' counts as a :class:`Way` (pungs and the pair), or None when they cannot be sets
    and at most one pair."""
    honor = []
    pair = -1
    for k, n in enumerate(seg):
        if n == 3:
            honor.append((PUNG, 27 + k, False))
        elif n == 2:
            if pair >= 0:
                return None
            pair = 27 + k
        elif n:
            return None
    shape = len(honor) + (PAIRED if pair >= 0 else 0)
    return Way(pair, tuple(honor), (), features(honor, shape, pair), shape)


def suit_ways(base: int, seg: bytes) -> tuple:
    """The ways of one suit (:func:`~mjlearn.shapes.suit_ways`) as :class:`Way` s with tile indices."""
    out = []
    ref = 2 * REF[base]  # a set's sort key: 2 x its first tile's code, + 1 for a chow
    for p, sets in suit_table().get(seg, ()):  # suit_ways, for counts given as bytes
        parts, keys = [], []
        add = bits = 0  # the set's features, the fields that add and those that OR
        for r, k in sorted([(r, k) for k, r in sets]):  # by rank, a pung before a chow
            t = base + r
            parts.append(SET_PART[k][t])
            keys.append(ref + 2 * r + k)
            add += SET_ADD[k][t]
            bits |= SET_BITS[k][t]
        pair = p if p < 0 else base + p
        shape = len(parts) + (PAIRED if p >= 0 else 0)
        out.append(Way(pair, tuple(parts), tuple(keys), add | bits | shape << F_SHAPE | pair + 1 << F_PAIR, shape))
    return tuple(out)


def features(parts, shape=0, pair=-1) -> int:
    """What the counting of a reading needs of some concealed sets, packed in one integer so that
    the sum over a reading's groups (and the melds' :func:`meld_features`) holds the reading's:
    bits from :data:`F_CHOW_TILES` the tiles in chows, from :data:`F_PUNGS` the pungs, from
    :data:`F_STARTS` the first tiles of the chows (one bit per tile: the groups never share a
    tile), then the number of chows, the chows' key (the sum of their :data:`CHOW_BIT`: a 3-bit
    count per chow, as chows may repeat) and, for each of 全带幺/全带五/全双刻, how many sets do
    not allow it (:data:`TRAITS_OF` reads these three counts); then the group's ``shape`` (see
    :class:`Way`) and its ``pair`` plus one (0 without: the sum of a reading's is its pair plus one)."""
    chow_tiles = pungs = starts = n_chows = chow_key = violations = 0
    for k, t, _ in parts:
        violations += VIOLATIONS[D._TRAITS[k][t]]
        if k is CHOW:
            chow_key += CHOW_BIT[t]
            chow_tiles |= 7 << t
            starts |= 1 << t
            n_chows += 1
        else:
            pungs |= 1 << t
    return (
        chow_tiles
        | pungs << F_PUNGS
        | starts << F_STARTS
        | n_chows << F_CHOWS
        | chow_key << F_CHOW_KEY
        | violations << F_TRAITS
        | shape << F_SHAPE
        | pair + 1 << F_PAIR
    )


F_CHOW_TILES, F_PUNGS, F_STARTS, F_CHOWS, F_CHOW_KEY, F_TRAITS, F_SHAPE, F_PAIR = 0, 34, 68, 102, 105, 168, 177, 182
"""Where each field of :func:`features` starts."""
M34, M63 = (1 << 34) - 1, (1 << 63) - 1
VIOLATIONS = tuple(sum(1 << 3 * j for j in range(3) if not allowed >> j & 1) for allowed in range(8))
"""For the 全带幺/全带五/全双刻 bits a set allows, its unit in the three 3-bit counts of sets that do
not allow each."""
TRAITS_OF = tuple(sum(1 << j for j in range(3) if not v >> 3 * j & 7) for v in range(512))
"""The 全带幺/全带五/全双刻 bits all the sets allow, from the three counts of sets that do not."""
CHOW_STARTS = tuple(t for t in range(27) if t % 9 < 7)
"""The tiles a chow can start at, in order: the 21 chows."""
CHOW_BIT = tuple(1 << 3 * CHOW_STARTS.index(t) if t in CHOW_STARTS else 0 for t in range(34))
"""For each chow (by its first tile), its unit in a chows' key: one 3-bit count per chow."""


def _set_tables():
    """For a concealed pung (0) or chow (1) of each tile: its part, and its :func:`features` split
    into the fields that add up and the tile bits that OR (a chow may repeat)."""
    part: tuple[list, list]
    add: tuple[list, list]
    bits: tuple[list, list]
    part, add, bits = ([], []), ([], []), ([], [])
    for k, kind in enumerate((PUNG, CHOW)):
        for t in range(34):
            ok = kind is PUNG or t in CHOW_STARTS
            f = features([(kind, t, False)]) if ok else 0
            tile_bits = f & ((1 << F_CHOWS) - 1)
            part[k].append((kind, t, False))
            add[k].append(f - tile_bits)
            bits[k].append(tile_bits)
    return tuple(map(tuple, part)), tuple(map(tuple, add)), tuple(map(tuple, bits))


def meld_features(kind, t) -> int:
    """What a meld brings to a reading's :func:`features` (its chow and its 全带幺/全带五/全双刻
    counts; a melded chow's tiles are not the concealed sets' that the other fields hold)."""
    f = VIOLATIONS[D._TRAITS[kind][t]] << F_TRAITS
    if kind is CHOW:
        f += 1 << F_CHOWS | CHOW_BIT[t] << F_CHOW_KEY
    return f


SET_PART, SET_ADD, SET_BITS = _set_tables()
MELD_CHOW, MELD_PUNG, MELD_KONG = (
    tuple(meld_features(kind, t) if kind is not CHOW or t in CHOW_STARTS else 0 for t in range(34))
    for kind in (CHOW, PUNG, KONG)
)
"""What a melded chow, pung or kong of each tile brings to a reading's :func:`features`."""


def chow_list(chow_key: int) -> list:
    """The first tiles of the chows of a chows' key, with repeats, in tile order."""
    out = []
    for i, t in enumerate(CHOW_STARTS):
        n = chow_key >> 3 * i & 7
        if n:
            out += [t] * n
    return out


def tiles_of(bits: int) -> list:
    """The tiles of a set of tile bits, in order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def presence(b: bytes) -> int:
    """The presence of each tile as an int with one byte per tile (1 = present)."""
    return int.from_bytes(b.translate(PRESENT), "little")


M_CHOW, M_PUNG, M_KONG = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG
WHOLE_AND = D.WHOLE_AND
TILE_KEY = tuple(
    D.group_key(min(t // 9, 3), bytes(int(t - 9 * min(t // 9, 3) == k) for k in range(9 if t < 27 else 7))) ^ WHOLE_AND
    for t in range(34)
)
"""The whole-hand key of one tile: its :func:`mjlearn.mcr.detect.group_key` with the bits that
combine by AND flipped, so that the key of several tiles or groups is the OR of theirs (the
whole-hand fans are then those of that OR with those bits flipped back)."""
CHOW_KEY = tuple(TILE_KEY[t] | TILE_KEY[t + 1] | TILE_KEY[t + 2] if t < 27 and t % 9 < 7 else 0 for t in range(34))
"""The whole-hand key of the chow that starts at each tile."""
PAIR_PART = tuple((PAIR, i, False) for i in range(34))
MIDDLE_CODE = tuple(REF[t + 1] if t < 27 and t % 9 < 7 else 0 for t in range(34))
"""The reference code of a chow's middle tile, by its first tile."""
ODD = bytes(n & 1 for n in range(256))  # bytes.translate: count -> odd?
FOUR = bytes(n == 4 for n in range(256))  # bytes.translate: count -> four of a kind?
PRESENT = D._PRESENT  # count -> present?
KNIT_MASKS = tuple(sum(1 << 8 * i for i in p) for p in KNITTED)  # over presence bytes as an int
ORPHAN_MASK = sum(1 << 8 * i for i in ORPHAN_INDICES)
SUITED_MASK = sum(1 << 8 * i for i in range(27))
