"""Non-repetition (不重复) as a count, fast: the points of a reading while the scorer compares readings.

:func:`~mjlearn.mcr.principles.count_fans` is the definition: fans visited from the highest value
down, each fan that still counts drops the fans it excludes. This is the same count, arranged so
that the work done for one set of fans is done once:

* which fans count depends only on *which* fans occur, not on how often, because the fans that are
  dropped only on their own sets (幺九刻, dropped by 箭刻, 圈风刻, 小三元... on the same pung, or
  once by 九莲宝灯) exclude nothing themselves. So the fans that occur are folded into a bitmask,
  and the mask maps (cached in the profile's :class:`Tables`) to the fans that count, in order, and their points
  with each fan counted once;
* then the repeats are added (two 幺九刻, two 一般高...), and the occurrences of 幺九刻 that a
  counted fan drops on its own sets are taken off, in the same order as the definition.

:func:`tables` checks that a profile's exclusions have that shape (every profile's do); the tests
compare both counts on every hand of the differential sets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import caches
from .fans import F

if TYPE_CHECKING:
    from .profiles import Profile

__all__ = ["LABELLED", "SIGNED", "UNLABELLED", "Tables", "count", "count_folded", "fold", "tables"]

_CHICKEN = F.CHICKEN_HAND


LABELLED = frozenset(
    [
        F.PUNG_OF_TERMINALS_OR_HONORS,
        F.DRAGON_PUNG,
        F.PREVALENT_WIND,
        F.SEAT_WIND,
        F.LITTLE_THREE_DRAGONS,
        F.LITTLE_FOUR_WINDS,
        F.NINE_GATES,
        F.DOUBLE_PUNG,
        F.TWO_DRAGONS_PUNGS,
        F.MIXED_SHIFTED_PUNGS,
        F.TRIPLE_PUNG,
        F.PURE_SHIFTED_PUNGS,
        F.BIG_THREE_WINDS,
        F.BIG_THREE_DRAGONS,
        F.FOUR_PURE_SHIFTED_PUNGS,
        F.BIG_FOUR_WINDS,
    ]
)
"""Fans whose occurrences the scorer's count of a regular reading can give with their sets
(:func:`mjlearn.mcr.counting.reading_occ`)."""
UNLABELLED = frozenset(range(1, 83)) - LABELLED
"""Fans that the count of a regular reading reports without their sets: no profile may scope an
exclusion on one of them (:func:`tables`)."""
SIGNED = frozenset(
    [
        F.DRAGON_PUNG,
        F.TWO_DRAGONS_PUNGS,
        F.LITTLE_THREE_DRAGONS,
        F.BIG_THREE_DRAGONS,
        F.PREVALENT_WIND,
        F.SEAT_WIND,
        F.BIG_THREE_WINDS,
        F.LITTLE_FOUR_WINDS,
        F.NINE_GATES,
    ]
)
"""Fans whose occurrences in a regular reading, and those of 幺九刻, follow from the reading's
signature (:func:`mjlearn.mcr.counting.count_regular`: how many pungs of terminals and honors,
dragons and winds, which winds are the seat's and the prevalent wind, the pair's kind) and from which
fans occur: when the scoped exclusions of a profile are all on these fans, the count of what they
drop is cached by that signature (:func:`count_folded`)."""


class Tables:
    """The counting tables of one profile (:func:`tables`), and the caches that go with them."""

    __slots__ = (
        "bits",
        "by_signature",
        "chows",
        "dropped_on_sets",
        "drops",
        "excl_bits",
        "fan_at",
        "high_mask",
        "high_parts",
        "kept",
        "left",
        "low_parts",
        "mid_mask",
        "mid_parts",
        "points",
        "profile",
        "pungs",
        "scoped",
        "scoping",
        "targets",
        "whole",
    )
    # what each field holds:
    # profile          the Profile
    # bits             the bit of each fan: its rank in the order of visits (highest value first)
    # points           the points of each fan
    # scoped           per fan, its exclusions on its own sets ((fan, "parts" or "one"), ...)
    # dropped_on_sets  the fans those exclusions drop
    # fan_at           the fan of each bit's position
    # excl_bits        per fan, the fans it drops everywhere, as bits
    # targets          the fans at either end of a scoped exclusion
    # high_mask        the fans worth 6 points or more (the first part of _kept), as bits
    # mid_mask         those worth 2 or 4 (the middle part)
    # scoping          the fans with a scoped exclusion and those they drop, as bits
    # by_signature     whether every fan with a scoped exclusion is in SIGNED
    # and the caches, each with its budget in TABLE_BUDGETS:
    # kept             mask of the fans that occur -> _kept's answer
    # high_parts, mid_parts, low_parts   a part of a mask -> _visit's answer
    # left             (counted scoping fans, signature) -> how many of each dropped fan remain
    # chows, pungs     the scorer's: a set of chows (chows' key) or pungs (tile bits) -> (mask, repeats)
    # whole            the scorer's: a whole-hand key -> (occurrences, mask)
    # drops            mjlearn.mcr.result's: (kind, sorted codes) -> the combinations dropped
    profile: Profile
    bits: tuple[int, ...]
    points: tuple[int, ...]
    scoped: tuple[tuple[tuple[int, str], ...], ...]
    dropped_on_sets: frozenset[int]
    fan_at: tuple[int, ...]
    excl_bits: tuple[int, ...]
    targets: frozenset[int]
    high_mask: int
    mid_mask: int
    scoping: int
    by_signature: bool
    kept: dict
    high_parts: dict
    mid_parts: dict
    low_parts: dict
    left: dict
    chows: dict
    pungs: dict
    whole: dict
    drops: dict


TABLE_BUDGETS = {
    "kept": 32768,
    "high_parts": 4096,
    "mid_parts": 4096,
    "low_parts": 4096,
    "left": 2048,
    "chows": 8192,
    "pungs": 32768,
    "whole": 2048,
    "drops": 8192,
}
"""The budget of entries of each cache of a profile's tables (see :mod:`mjlearn.mcr.caches`)."""

TABLES = caches.new(
    "count.tables",
    4,
    "a profile's counting tables and their caches, by the profile's id "
    "(the tables keep the profile alive, so its id is not reused)",
)


def tables(prof) -> Tables:
    """The counting tables of a profile, built once and kept in :data:`TABLES`. A profile whose
    exclusions do not have the shape this count relies on (fans dropped on their own sets that
    drop nothing themselves, no scoped exclusion on a fan of :data:`UNLABELLED`) is refused: no
    profile the switches of :class:`~mjlearn.mcr.profiles.Profile` make is one
    (tests/test_mcr_caches.py builds them all)."""
    t = TABLES.get(id(prof))
    if t is not None:
        return t
    points, rank, excl_all, scoped, targets = prof.kernel
    dropped_on_sets = {e for sc in scoped for e, _ in sc}
    if not all(not excl_all[e] and not scoped[e] for e in dropped_on_sets) or targets & UNLABELLED:
        raise ValueError(
            f"MCR profile {prof.name!r}: a fan dropped on its own sets drops others, or a scoped "
            f"exclusion is on a fan the fast count reports without its sets"
        )
    t = Tables()
    t.profile = prof
    t.bits = bits = tuple(1 << r for r in rank)
    fan_at = [0] * len(rank)
    for f, r in enumerate(rank):
        fan_at[r] = f
    t.excl_bits = tuple(sum(bits[e] for e in range(len(rank)) if excl_all[f] >> e & 1) for f in range(len(rank)))
    high = sum(bits[f] for f in range(1, len(rank)) if points[f] >= _HIGH)
    mid = sum(bits[f] for f in range(1, len(rank)) if _MID <= points[f] < _HIGH)
    if any(bits[f] > high for f in range(1, len(rank)) if points[f] >= _HIGH) or any(
        bits[f] > mid | high for f in range(1, len(rank)) if points[f] >= _MID
    ):
        high = mid = 0  # the parts are not visited one after the other: one part
    t.points, t.scoped, t.dropped_on_sets, t.fan_at = points, scoped, frozenset(dropped_on_sets), tuple(fan_at)
    t.targets, t.high_mask, t.mid_mask = frozenset(targets), high, mid
    t.scoping = sum(bits[f] for f in range(len(rank)) if scoped[f]) | sum(bits[e] for e in dropped_on_sets)
    t.by_signature = all(f in SIGNED for f in range(len(rank)) if scoped[f])
    for name in TABLE_BUDGETS:
        setattr(t, name, {})
    return caches.put(TABLES, id(prof), t)


class Kept:
    """The fans of a mask that count, each once: ``fans`` in the order of visits, their ``total``
    (each counted once), their bits (``mask``), whether one of them drops another only on its own
    sets (``scoping``) and, for a part of a mask (:func:`_visit`), the bits of the fans they drop
    (``dropped``)."""

    __slots__ = ("dropped", "fans", "mask", "scoping", "total")

    def __init__(self, fans, total, mask, scoping, dropped=0):
        self.fans, self.total, self.mask, self.scoping, self.dropped = fans, total, mask, scoping, dropped


def _kept(mask, tables) -> Kept:
    """The fans of ``mask`` that count, each once.

    The fans worth 6 points or more are visited first (:data:`_HIGH`), then those worth 2 or 4 less
    those the first drop, then the others less those both drop, each part from a cache of its own: a
    hand's mask is often new (it holds the win flags, the whole-hand fans and the sets' fans at
    once), its parts far less often."""
    high_mask, mid_mask = tables.high_mask, tables.mid_mask
    high = mask & high_mask
    a = tables.high_parts.get(high)
    if a is None:
        a = caches.put(tables.high_parts, high, _visit(high, tables), TABLE_BUDGETS["high_parts"])
    mid = mask & mid_mask & ~a.dropped
    b = tables.mid_parts.get(mid)
    if b is None:
        b = caches.put(tables.mid_parts, mid, _visit(mid, tables), TABLE_BUDGETS["mid_parts"])
    low = mask & ~high_mask & ~mid_mask & ~a.dropped & ~b.dropped
    c = tables.low_parts.get(low)
    if c is None:
        c = caches.put(tables.low_parts, low, _visit(low, tables), TABLE_BUDGETS["low_parts"])
    return Kept(
        a.fans + b.fans + c.fans,
        a.total + b.total + c.total,
        a.mask | b.mask | c.mask,
        a.scoping or b.scoping or c.scoping,
    )


def _visit(mask, tables):
    """The fans of ``mask`` visited in order (a :class:`Kept` with the fans they drop)."""
    points, scoped, fan_at, excl_bits = tables.points, tables.scoped, tables.fan_at, tables.excl_bits
    dead = kept_mask = total = 0
    kept = []
    scoping = False
    while mask:
        low = mask & -mask  # the next fan in the order of visits
        mask ^= low
        if dead & low:
            continue
        f = fan_at[low.bit_length() - 1]
        dead |= excl_bits[f]
        kept.append(f)
        total += points[f]
        kept_mask |= low
        if scoped[f]:
            scoping = True
    return Kept(tuple(kept), total, kept_mask, scoping, dead)


_HIGH = 6
_MID = 2
"""Fans worth at least this many points are visited as one part of a mask (see :func:`_kept`)."""


def count(occurrences, tables):
    """``(total, {fan: count})`` of the occurrences ``(fan, parts)``, as
    :func:`~mjlearn.mcr.principles.count_fans` gives it (``tables``: :func:`tables`)."""
    mask, repeats = fold(occurrences, tables.bits)
    return count_folded(mask, repeats, tables, occurrences)


def fold(occurrences, bits):
    """``(mask, repeats)`` of occurrences ``(fan, parts)``: the bit of every fan that occurs, and each
    further occurrence of a fan (``bits``: :attr:`Tables.bits`)."""
    mask = 0
    repeats: tuple[int, ...] = ()
    for f, _parts in occurrences:
        b = bits[f]
        if mask & b:
            repeats += (f,)
        else:
            mask |= b
    return mask, repeats


def count_folded(mask, repeats, tables, occurrences=None, signature=None):
    """:func:`count` of occurrences already folded: ``mask`` has the bit of every fan that occurs,
    ``repeats`` each further occurrence of a fan. ``occurrences`` is only read when a fan that
    counts drops another on its own sets (幺九刻 under 箭刻...): the occurrences of those fans;
    without them the answer is then None (call again with them).

    ``signature``: given by a caller whose occurrences of the fans dropped on sets, and of the fans
    that drop them, are determined by it and by which fans count (the scorer's count of a regular
    reading: the numbers of its pungs of terminals and honors, of dragons, of winds and which of them
    are the seat's and the prevalent wind's). How many of each dropped fan remain is then cached by
    the signature and the counted fans those depend on, and the occurrences are only needed the
    first time."""
    bits, points = tables.bits, tables.points
    cache = tables.kept
    hit = cache.get(mask)
    if hit is None:
        caches.make_room(cache, 1, TABLE_BUDGETS["kept"])
        hit = cache[mask] = _kept(mask, tables)
    fans, total, kept_mask = hit.fans, hit.total, hit.mask
    if not fans:
        return points[_CHICKEN], {_CHICKEN: 1}
    counts = dict.fromkeys(fans, 1)
    for f in repeats:
        if kept_mask & bits[f]:
            counts[f] += 1
            total += points[f]
    if not hit.scoping:
        return total, counts
    if signature is not None:
        key = (kept_mask & tables.scoping, signature)
        left = tables.left.get(key)
        if left is not None:
            for e, n in left:
                if kept_mask & bits[e]:
                    total = _recount(counts, total, e, n, points)
            if not counts:
                return points[_CHICKEN], {_CHICKEN: 1}
            return total, counts
    if occurrences is None:
        return None
    res = _scoped(occurrences, fans, counts, total, kept_mask, tables)
    if signature is not None:
        _, counted = res
        if counted is counts:  # (not the chicken hand's new dict)
            caches.put(
                tables.left, key, tuple([(e, counts.get(e, 0)) for e in tables.dropped_on_sets]), TABLE_BUDGETS["left"]
            )
    return res


def _scoped(occurrences, fans, counts, total, kept_mask, tables):
    """The occurrences of a fan dropped on sets (幺九刻) that the counted fans before it drop on
    their own sets, or once, taken off ``counts`` and ``total``."""
    bits, points, scoped, dropped_on_sets = tables.bits, tables.points, tables.scoped, tables.dropped_on_sets
    for e in dropped_on_sets:
        if not kept_mask & bits[e]:
            continue
        # the occurrences of e, less those the counted fans before it drop on their sets or once
        lst = [parts for f, parts in occurrences if f == e]
        for f in fans:
            if f == e:
                break  # the count of e is taken when e is visited
            for ex, scope in scoped[f]:
                if ex != e or not lst:
                    continue
                for ps in [parts for g, parts in occurrences if g == f]:
                    if scope == "parts":
                        own = set(ps)
                        lst = [g for g in lst if not (g and own.issuperset(g))]
                    elif lst:
                        del lst[0]
        total = _recount(counts, total, e, len(lst), points)
        if not counts:
            return points[_CHICKEN], {_CHICKEN: 1}
    return total, counts


def _recount(counts, total, e, n, points):
    """Fan ``e`` counted ``n`` times in ``counts`` (taken out when 0): the total changed to match."""
    total += points[e] * (n - counts[e])
    if n:
        counts[e] = n
    else:
        del counts[e]
    return total
