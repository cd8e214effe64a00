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

__all__ = ["count", "tables"]

_CHICKEN = F.CHICKEN_HAND


def tables(prof):
    """The counting tables of a profile, or None when its exclusions do not have the shape this
    count relies on (the scorer then uses :func:`~mjlearn.mcr.principles.count_fans`). Built once
    per profile: ``(bit of each fan, kept-fans cache, points, scoped exclusions, scoped targets,
    the whole kernel)``."""
    t = prof.__dict__.get("_fast_count")
    if t is not None:
        return t or None
    points, rank, excl_all, scoped, targets = kernel = prof.kernel
    dropped_on_sets = {e for sc in scoped for e, _ in sc}
    ok = all(not excl_all[e] and not scoped[e] for e in dropped_on_sets)
    t = (tuple(1 << r for r in rank), {}, points, scoped, frozenset(dropped_on_sets), kernel) if ok else ()
    prof.__dict__["_fast_count"] = t
    return t or None


def _kept(mask, tables):
    """The fans of ``mask`` that count, each once: ``(fans in order, their points, bitmask)``."""
    bits, _cache, points, _scoped, _dropped_on_sets, kernel = tables
    _points, rank, excl_all, _sc, _targets = kernel
    fans = sorted((f for f in range(len(bits)) if mask & bits[f]), key=rank.__getitem__)
    dead = 0
    kept = []
    for f in fans:
        if dead >> f & 1:
            continue
        dead |= excl_all[f]
        kept.append(f)
    return tuple(kept), sum(points[f] for f in kept), sum(bits[f] for f in kept)


def count(occurrences, tables):
    """``(total, {fan: count})`` of the occurrences ``(fan, parts)``, as
    :func:`~mjlearn.mcr.principles.count_fans` gives it (``tables``: :func:`tables`)."""
    bits, cache, points, scoped, dropped_on_sets, _kernel = tables
    mask = 0
    repeats = None
    for f, _parts in occurrences:
        b = bits[f]
        if mask & b:
            if repeats is None:
                repeats = [f]
            else:
                repeats.append(f)
        else:
            mask |= b
    hit = cache.get(mask)
    if hit is None:
        hit = cache[mask] = _kept(mask, tables)
        if len(cache) > 100_000:
            cache.clear()
    fans, total, kept_mask = hit
    if not fans:
        return points[_CHICKEN], {_CHICKEN: 1}
    counts = dict.fromkeys(fans, 1)
    if repeats is not None:
        for f in repeats:
            if kept_mask & bits[f]:
                counts[f] += 1
                total += points[f]
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
        n = len(lst)
        total += points[e] * (n - counts[e])
        if n:
            counts[e] = n
        else:
            del counts[e]
            if not counts:
                return points[_CHICKEN], {_CHICKEN: 1}
    return total, counts
