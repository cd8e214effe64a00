"""Non-repetition (不重复) as a count, fast: the points of a reading while the scorer compares readings.

:func:`~mjlearn.mcr.principles.count_fans` is the definition: fans visited from the highest value
down, each fan that still counts drops the fans it excludes. This is the same count, arranged so
that the work done for one set of fans is done once:

* which fans count depends only on *which* fans occur, not on how often, because the fans that are
  dropped only on their own sets (幺九刻, dropped by 箭刻, 圈风刻, 小三元... on the same pung, or
  once by 九莲宝灯) exclude nothing themselves. So the fans that occur are folded into a bitmask,
  and the mask maps (cached, :data:`_KEPT`) to the fans that count, in order, and their points
  with each fan counted once;
* then the repeats are added (two 幺九刻, two 一般高...), and the occurrences of 幺九刻 that a
  counted fan drops on its own sets are taken off, in the same order as the definition.

:func:`tables` checks that a profile's exclusions have that shape (else the scorer counts with
the definition); the tests compare both counts on every hand of the differential sets.
"""

from __future__ import annotations

from .fans import F

__all__ = ["count", "count_folded", "fold", "tables"]

_CHICKEN = F.CHICKEN_HAND


def tables(prof, unlabelled=frozenset(), signed=frozenset()):
    """The counting tables of a profile, or ``()`` when its exclusions do not have the shape this
    count relies on (the scorer then uses :func:`~mjlearn.mcr.principles.count_fans`), or when a
    fan of ``unlabelled`` (fans the caller reports without their sets) has a scoped exclusion.
    Built once per profile and kept as its ``_fast_count``: ``(bit of each fan, kept-fans cache,
    points, scoped exclusions, the fans they drop, fan of each bit, exclusions as bits, the fans at either
    end of a scoped exclusion, two caches of the scorer's (the fans of sets of chows and of pungs),
    the caches of the two parts of :func:`_kept` and the mask of its first part, the cache of
    :func:`count_folded`'s scoped answers by signature, the bits of the fans they depend on, and
    whether every fan with a scoped exclusion is in ``signed``: fans whose occurrences the caller's
    signature determines, a cache of the scorer's (the whole-hand fans by their key), the mask of
    the middle part of :func:`_kept` and its cache)``;
    the bit of a fan is its rank in the order of visits (highest value first)."""
    t = prof.__dict__.get("_fast_count")
    if t is not None:
        return t
    points, rank, excl_all, scoped, targets = prof.kernel
    dropped_on_sets = {e for sc in scoped for e, _ in sc}
    ok = all(not excl_all[e] and not scoped[e] for e in dropped_on_sets) and not targets & unlabelled
    if ok:
        bits = tuple(1 << r for r in rank)
        fan_at = [0] * len(rank)
        for f, r in enumerate(rank):
            fan_at[r] = f
        excl_bits = tuple(sum(bits[e] for e in range(len(rank)) if excl_all[f] >> e & 1) for f in range(len(rank)))
        high = sum(bits[f] for f in range(1, len(rank)) if points[f] >= _HIGH)
        mid = sum(bits[f] for f in range(1, len(rank)) if _MID <= points[f] < _HIGH)
        if any(bits[f] > high for f in range(1, len(rank)) if points[f] >= _HIGH) or \
                any(bits[f] > mid | high for f in range(1, len(rank)) if points[f] >= _MID):
            high = mid = 0                # the parts are not visited one after the other: one part
        scoping = sum(bits[f] for f in range(len(rank)) if scoped[f]) | sum(bits[e] for e in dropped_on_sets)
        by_signature = all(f in signed for f in range(len(rank)) if scoped[f])
        t = (bits, {}, points, scoped, frozenset(dropped_on_sets), tuple(fan_at), excl_bits, frozenset(targets),
             {}, {}, {}, {}, high, {}, scoping, by_signature, {}, mid, {})
    else:
        t = ()
    prof.__dict__["_fast_count"] = t
    return t


def _kept(mask, tables):
    """The fans of ``mask`` that count, each once: ``(fans in order, their points, bitmask, whether
    a fan that counts drops another only on its own sets)``.

    The fans worth 6 points or more are visited first (:data:`_HIGH`), then those worth 2 or 4 less
    those the first drop, then the others less those both drop, each part from a cache of its own: a
    hand's mask is often new (it holds the win flags, the whole-hand fans and the sets' fans at
    once), its parts far less often."""
    high_mask, mid_mask = tables[12], tables[17]
    high = mask & high_mask
    cache = tables[10]
    a = cache.get(high)
    if a is None:
        a = cache[high] = _visit(high, tables)
    mid = mask & mid_mask & ~a[4]
    cache = tables[18]
    b = cache.get(mid)
    if b is None:
        b = cache[mid] = _visit(mid, tables)
    low = mask & ~high_mask & ~mid_mask & ~a[4] & ~b[4]
    cache = tables[11]
    c = cache.get(low)
    if c is None:
        c = cache[low] = _visit(low, tables)
    return a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] | b[2] | c[2], a[3] or b[3] or c[3]


def _visit(mask, tables):
    """The fans of ``mask`` visited in order: ``(fans that count, their points, bitmask, whether
    one of them drops another only on its own sets, the bits of the fans they drop)``."""
    points, scoped, fan_at, excl_bits = tables[2], tables[3], tables[5], tables[6]
    dead = kept_mask = total = 0
    kept = []
    scoping = False
    while mask:
        low = mask & -mask                 # the next fan in the order of visits
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
    return tuple(kept), total, kept_mask, scoping, dead


_HIGH = 6
_MID = 2
"""Fans worth at least this many points are visited as one part of a mask (see :func:`_kept`)."""


def count(occurrences, tables):
    """``(total, {fan: count})`` of the occurrences ``(fan, parts)``, as
    :func:`~mjlearn.mcr.principles.count_fans` gives it (``tables``: :func:`tables`)."""
    mask, repeats = fold(occurrences, tables[0])
    return count_folded(mask, repeats, tables, occurrences)


def fold(occurrences, bits):
    """``(mask, repeats)`` of occurrences ``(fan, parts)``: the bit of every fan that occurs, and each
    further occurrence of a fan (``bits``: the first item of :func:`tables`)."""
    mask = 0
    repeats = ()
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
    bits, cache, points = tables[0], tables[1], tables[2]
    hit = cache.get(mask)
    if hit is None:
        hit = cache[mask] = _kept(mask, tables)
        if len(cache) > 100_000:
            cache.clear()
    fans, total, kept_mask, scoping = hit
    if not fans:
        return points[_CHICKEN], {_CHICKEN: 1}
    counts = dict.fromkeys(fans, 1)
    for f in repeats:
        if kept_mask & bits[f]:
            counts[f] += 1
            total += points[f]
    if not scoping:
        return total, counts
    if signature is not None:
        key = (kept_mask & tables[14], signature)
        left = tables[13].get(key)
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
        if res[1] is counts:        # (not the chicken hand's new dict)
            tables[13][key] = tuple((e, counts.get(e, 0)) for e in tables[4])
    return res


def _scoped(occurrences, fans, counts, total, kept_mask, tables):
    """The occurrences of a fan dropped on sets (幺九刻) that the counted fans before it drop on
    their own sets, or once, taken off ``counts`` and ``total``."""
    bits, points, scoped, dropped_on_sets = tables[0], tables[2], tables[3], tables[4]
    for e in dropped_on_sets:
        if not kept_mask & bits[e]:
            continue
        # the occurrences of e, less those the counted fans before it drop on their sets or once
        lst = [parts for f, parts in occurrences if f == e]
        for f in fans:
            if f == e:
                break                 # the count of e is taken when e is visited
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
