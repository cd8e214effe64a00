"""How many tiles a hand waited on, counted the reference's way, for 边张/嵌张/单钓将.

The winning tile makes an edge, closed or single wait only when it was the hand's one wait. The
number of regular waits depends only on what each suit can become with one more tile (the suits in
any order) and on the honors' shape, so it is cached by those: each suit's counts map to the id of
its wait facts (:func:`suit_info`, 309 distinct over every suit's counts) and the honors to the id of
their shape (:func:`honor_shape`, 97 distinct). The ids are interned under
:data:`mjlearn.mcr.caches.LOCK`, so threads never share one for two different facts.
"""

from __future__ import annotations

from typing import NamedTuple

from ..shapes import suit_status, suit_table
from . import caches
from .records import ODD, ways

__all__ = ["regular_wait_count", "regular_waits", "seven_pairs_single", "wait_count", "wait_count_of"]

WAIT_COUNTS = caches.new(
    "waits.counts", 16384, "the number of regular waits by the suits' fact ids (sorted) and the honors' shape id"
)
REGULAR_WAITS = caches.new("waits.regular", 4096, "the regular waits by the suits' fact ids and the honors' counts")
HONOR_SHAPE = caches.new("waits.honor_shape", 4096, "the id of the honors' wait shape by their counts")
HONOR_SHAPE_ID = caches.new("waits.honor_shape_ids", 128, "the honors' wait shapes interned (97 exist)", fixed=True)
SUIT_INFO_ID = caches.new("waits.suit_info", 32768, "the id of a suit's wait facts by its counts")
SUIT_INFOS = caches.new("waits.suit_infos", 512, "a suit's wait facts by id (309 exist); ids start at 1", fixed=True)
INFO_ID = caches.new("waits.suit_info_ids", 512, "the id of a suit's wait facts, interned", fixed=True)
HONOR_INFO = caches.new(
    "waits.honor_info", 4096, "the honors' odd tiles, pairs and the same after one more of each, by their counts"
)


def wait_count(counts, win: int, n_fixed: int) -> int:
    """How many tiles complete the hand without the winning tile (regular form, and seven pairs when
    nothing is melded), counted the reference's way (copies in hand are not subtracted)."""
    less = bytearray(counts)
    less[win] -= 1
    c = bytes(less)
    a, b, d, h = c[0:9], c[9:18], c[18:27], c[27:34]
    x = SUIT_INFO_ID.get(a) or suit_info_id(a)
    y = SUIT_INFO_ID.get(b) or suit_info_id(b)
    z = SUIT_INFO_ID.get(d) or suit_info_id(d)
    if n_fixed == 0:
        odd = c.translate(ODD)
        if odd.count(1) == 1:
            # the seven-pairs wait may also be a regular one: the set of regular waits decides
            key = (x, y, z, h)
            found = REGULAR_WAITS.get(key)
            if found is None:
                found = caches.put(REGULAR_WAITS, key, regular_waits(x, y, z, h))
            return len(found) + (odd.index(1) not in found)
    return waits_of(x, y, z, HONOR_SHAPE.get(h) or honor_shape(h), h)


def waits_of(x: int, y: int, z: int, hs: int, h: bytes) -> int:
    """How many tiles complete the regular form, from the ids of the three suits' wait facts (in
    any order), the id of the honors' shape ``hs`` and the honors' counts ``h``; cached by the ids,
    the suits sorted (the count does not depend on which suit is which)."""
    if x > y:
        x, y = y, x
    if y > z:
        y, z = z, y
        if x > y:
            x, y = y, x
    key = (x, y, z, hs)
    n = WAIT_COUNTS.get(key)
    if n is None:
        n = caches.put(WAIT_COUNTS, key, len(regular_waits(x, y, z, h)))
    return n


def wait_count_of(counts, win: int, n_fixed: int, rm, rp, rs, rh) -> int:
    """:func:`wait_count` of a hand from its groups' records (:mod:`mjlearn.mcr.records`), which
    keep the ids of their wait facts: for a suited winning tile, the ids of the other suits' counts
    and of the winning suit's less that tile are looked up once per record, not sliced from the
    counts for every hand."""
    if n_fixed == 0 and counts.translate(ODD).count(1) + (-1 if counts[win] & 1 else 1) == 1:
        return wait_count(counts, win, 0)  # six pairs and a single: the seven-pairs wait too
    return regular_wait_count(rm, rp, rs, rh, win)


def regular_wait_count(rm, rp, rs, rh, win: int) -> int:
    """How many tiles complete the regular form of the hand whose groups' records are given, less
    the winning tile ``win`` (see :func:`wait_count_of`)."""
    if win < 27:
        sm, sp, ss = WAIT_SLOTS[win]
        hs = rh.shape
        if hs is None:
            hs = rh.shape = HONOR_SHAPE.get(rh.counts) or honor_shape(rh.counts)
        h = rh.counts
    else:
        sm = sp = ss = 0
        c = bytearray(rh.counts)
        c[win - 27] -= 1
        h = bytes(c)
        hs = HONOR_SHAPE.get(h) or honor_shape(h)
    return waits_of(
        rm.wait_ids[sm] or info_id(rm, sm),
        rp.wait_ids[sp] or info_id(rp, sp),
        rs.wait_ids[ss] or info_id(rs, ss),
        hs,
        h,
    )


def seven_pairs_single(rm, rp, rs, rh, win: int) -> bool:
    """Whether a seven-pairs hand (groups' records given) waited on one tile, counted the
    reference's way: its wait (the winning tile's pair) and the regular waits of the 13 tiles. The
    winning tile is a regular wait exactly when the 14 have a regular reading."""
    n = regular_wait_count(rm, rp, rs, rh, win)
    return n == 0 or (n == 1 and bool(ways(rm, rp, rs, rh, 4)))


def info_id(rec, slot: int) -> int:
    """The id of the wait facts of a suit record's counts (slot 0) or of its counts less one tile of
    rank ``slot - 1``, kept in the record."""
    seg = rec.counts
    if slot:
        c = bytearray(seg)
        c[slot - 1] -= 1
        seg = bytes(c)
    i = rec.wait_ids[slot] = SUIT_INFO_ID.get(seg) or suit_info_id(seg)
    return i


WAIT_SLOTS = tuple(tuple(1 + t % 9 if t // 9 == k else 0 for k in range(3)) for t in range(27))
"""For a suited winning tile, the slot of each suit's record whose wait facts the count needs."""


def honor_shape(h: bytes) -> int:
    """Id of what the wait count needs of the honors: the numbers of odd tiles and pairs, and for
    each honor held the same two numbers after adding one (which honor it is does not matter)."""
    info = honor_info(h)
    shape = (info.odd, info.pairs, tuple(sorted((odd, pairs) for _, odd, pairs in info.adds)))
    i = HONOR_SHAPE_ID.get(shape)
    if i is None:
        with caches.LOCK:
            i = HONOR_SHAPE_ID.get(shape)
            if i is None:
                i = caches.put(HONOR_SHAPE_ID, shape, len(HONOR_SHAPE_ID) + 1)
    return caches.put(HONOR_SHAPE, h, i)


def suit_info_id(seg: bytes) -> int:
    """The id of one suit's wait facts (:func:`suit_info`), interned; ids start at 1 so that a hit
    is always truthy."""
    info = suit_info(seg)
    i = INFO_ID.get(info)
    if i is None:
        with caches.LOCK:
            i = INFO_ID.get(info)
            if i is None:
                i = len(SUIT_INFOS) + 1
                caches.put(SUIT_INFOS, i, info)
                caches.put(INFO_ID, info, i)
    return caches.put(SUIT_INFO_ID, seg, i)


def regular_waits(x: int, y: int, z: int, h: bytes) -> frozenset:
    """The tiles that complete the regular form, from the ids of the suits' wait facts (in suit
    order m p s) and the honors' counts."""
    found = set()
    honors = honor_info(h)
    if honors.odd <= 1 and honors.pairs <= 2:
        infos = (SUIT_INFOS[x], SUIT_INFOS[y], SUIT_INFOS[z])
        st = tuple([info.status for info in infos])
        # a suited winning tile: the honors must already be sets with at most one pair
        if honors.odd == 0 and honors.pairs <= 1:
            for g, info in enumerate(infos):
                if not info.nonempty:
                    continue
                o1, o2 = st[g - 2], st[g - 1]  # the other two suits
                o_sets = o1 & 1 and o2 & 1
                base = 9 * g
                if honors.pairs:
                    if o_sets:
                        found.update([base + r for r in info.add1])
                else:
                    if o_sets:
                        found.update([base + r for r in info.add2])
                    if (o1 & 2 and o2 & 1) or (o2 & 2 and o1 & 1):
                        found.update([base + r for r in info.add1])
        # an honor winning tile
        for i, odd, pairs in honors.adds:
            if odd == 0 and _groups_ok(st, pairs):
                found.add(i)
    return frozenset(found)


class SuitWaitFacts(NamedTuple):
    """What the wait count needs of one suit's counts."""

    status: int
    """:func:`~mjlearn.shapes.suit_status`: bit 0 sets only, bit 1 sets and one pair."""
    add1: tuple
    """The ranks whose addition leaves sets only."""
    add2: tuple
    """The ranks whose addition leaves sets and one pair."""
    nonempty: bool
    """Whether the suit has any tile."""


class HonorWaitFacts(NamedTuple):
    """What the wait count needs of the honors' counts."""

    odd: int
    """Honors held neither as a pair nor as a set."""
    pairs: int
    """Pairs among them."""
    adds: tuple
    """For each honor held, ``(its tile index, odd, pairs)`` after adding one of it."""


def suit_info(seg: bytes) -> SuitWaitFacts:
    """What the wait count needs of one suit's counts."""
    table = suit_table()
    add1, add2 = [], []
    c = bytearray(seg)
    for r in range(9):
        c[r] += 1
        ways_ = table.get(bytes(c))
        c[r] -= 1
        if ways_:
            first_pair, _ = ways_[0]  # the table's ways: (pair or -1, sets), those without a pair first
            last_pair, _ = ways_[-1]
            if first_pair < 0:
                add1.append(r)
            if last_pair >= 0:
                add2.append(r)
    return SuitWaitFacts(suit_status(seg), tuple(add1), tuple(add2), any(seg))


def honor_info(h: bytes) -> HonorWaitFacts:
    """What the wait count needs of the honors' counts, cached."""
    hit = HONOR_INFO.get(h)
    if hit is not None:
        return hit
    bad_h = pairs_h = 0
    for v in h:
        if v == 2 or v == 5:
            pairs_h += 1
        elif v and v != 3:
            bad_h += 1
    adds = []
    for k, v in enumerate(h):
        if not v:
            continue
        v2 = v + 1
        bad = bad_h - (v not in (2, 3, 5)) + (v2 not in (2, 3, 5))
        pr = pairs_h - (v in (2, 5)) + (v2 in (2, 5))
        adds.append((27 + k, bad, pr))
    return caches.put(HONOR_INFO, h, HonorWaitFacts(bad_h, pairs_h, tuple(adds)))


def _groups_ok(sts, honor_pairs) -> bool:
    """Suit statuses plus honor pairs make exactly one pair and sets elsewhere."""
    if honor_pairs > 1:
        return False
    if honor_pairs == 1:
        return all(s & 1 for s in sts)
    for k in range(len(sts)):
        if sts[k] & 2 and all(sts[j] & 1 for j in range(len(sts)) if j != k):
            return True
    return False
