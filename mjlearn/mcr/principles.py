"""The counting principles (计分原则) of MCR as explicit, separately tested steps.

The scorer first *detects* every fan a reading could claim, each as an occurrence ``(fan_id,
parts)`` where ``parts`` are the positions of the sets it is made of (empty for fans about the
whole hand). Then two steps decide what counts, and keep what they dropped and why:

1. :func:`combine_chows` and :func:`combine_pungs`: the set-combination principles. Among chows
   (and among pungs) several patterns may be formed from the same sets; what may be counted
   together is limited by

   * 不拆移 (no splitting): sets committed to a pattern of three or four sets are not split up
     and recombined into smaller patterns (the chows of 清龙 do not also make 连六/老少副);
   * 不得相同 (no identical repeat): sets already combined into a pattern are not combined with
     another set into *the same* pattern again;
   * 套算一次 (combine once): a set not yet used may be combined once with a set already used
     (``123m 123m 123p``: 一般高 and one 喜相逢, not two).

   These follow the reference calculator exactly: a four-set pattern excludes all others; else the
   first three-set pattern in the order of the sorted sets (012, 013, 023, 123) counts, and the
   fourth set adds at most one two-set pattern (一般高 before 喜相逢 before 连六 before 老少副);
   else two-set patterns count with a cap of three for four chows (minus each chow that relates to
   no other) and two for three chows, dropping surplus repeats from 老少副 upwards first.

2. :func:`apply_exclusions`: non-repetition 不重复. Fans are visited from the highest value down;
   each fan that still counts drops the fans its row excludes (all of them, only those on the same
   sets, or one occurrence). A fan already dropped excludes nothing, so 四暗刻 (which drops 不求人)
   leaves 自摸 standing, as the reference does.

Both steps have a fast twin used while the scorer compares readings, when only the points matter:
:func:`combine_chows_kept` / :func:`combine_pungs_kept` (the same choice, cached by the sets' tile
codes) and :func:`count_fans` (the same non-repetition, as fan counts and a total, without the
record of what was dropped). The result builds the explanation with the steps above, lazily, for
the chosen reading only; the tests check that both give the same fans on every hand.

就高不就低 (take the higher) is the choice among readings, in :mod:`mjlearn.mcr.scorer`.

>>> kept, dropped = combine_chows([(0, 0x12), (1, 0x12), (2, 0x32)])   # 123m 123m 123p
>>> sorted(f for f, _ in kept), [(d[0], d[3]) for d in dropped]
([69, 70], [(70, '不得相同')])
"""

from __future__ import annotations

from operator import itemgetter

from . import caches
from .fans import F, detects

__all__ = [
    "COMBINE_ONCE",
    "NON_REPETITION",
    "NO_IDENTICAL",
    "NO_SPLITTING",
    "PRINCIPLES",
    "TAKE_HIGHER",
    "apply_exclusions",
    "combine_chows",
    "combine_chows_kept",
    "combine_pungs",
    "combine_pungs_kept",
    "count_fans",
]

NON_REPETITION = "不重复"
NO_SPLITTING = "不拆移"
NO_IDENTICAL = "不得相同"
TAKE_HIGHER = "就高不就低"
COMBINE_ONCE = "套算一次"

PRINCIPLES = {
    NON_REPETITION: "non-repetition: a fan implied by another is not counted",
    NO_SPLITTING: "no splitting: sets committed to a pattern are not split and recombined",
    NO_IDENTICAL: "no identical repeat: sets already combined do not form the same pattern again",
    TAKE_HIGHER: "take the higher: of alternative readings the higher-scoring one counts",
    COMBINE_ONCE: "combine once: an unused set combines only once with a used one",
}
"""The five principles (Chinese name -> English gloss)."""

_PURE_DOUBLE, _MIXED_DOUBLE, _SHORT, _TERMINAL_CHOWS = (
    F.PURE_DOUBLE_CHOW,
    F.MIXED_DOUBLE_CHOW,
    F.SHORT_STRAIGHT,
    F.TWO_TERMINAL_CHOWS,
)


def _is_shift1_unordered(r0, r1, r2) -> bool:
    a, b, c = sorted((r0, r1, r2))
    return a + 1 == b and b + 1 == c


@detects(F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)
def two_chows(t0: int, t1: int) -> int:
    """The two-chow fan of two chows given by their middle tiles' reference codes (0 = none)."""
    if t0 >> 4 != t1 >> 4:
        return _MIXED_DOUBLE if (t0 & 15) == (t1 & 15) else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return _SHORT
    if {t0 & 15, t1 & 15} == {2, 8}:
        return _TERMINAL_CHOWS
    if t0 == t1:
        return _PURE_DOUBLE
    return 0


@detects(
    F.MIXED_SHIFTED_CHOWS,
    F.MIXED_TRIPLE_CHOW,
    F.MIXED_STRAIGHT,
    F.PURE_STRAIGHT,
    F.PURE_SHIFTED_CHOWS,
    F.PURE_TRIPLE_CHOW,
)
def three_chows(t0: int, t1: int, t2: int) -> int:
    """The three-chow fan of sorted middle codes (0 = none)."""
    s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
    if s0 != s1 and s0 != s2 and s1 != s2:
        r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
        if _is_shift1_unordered(r0, r1, r2):
            return F.MIXED_SHIFTED_CHOWS  # 三色三步高
        if r0 == r1 == r2:
            return F.MIXED_TRIPLE_CHOW  # 三色三同顺
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return F.MIXED_STRAIGHT  # 花龙
        return 0
    if t0 + 3 == t1 and t1 + 3 == t2:
        return F.PURE_STRAIGHT  # 清龙
    if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
        return F.PURE_SHIFTED_CHOWS  # 一色三步高
    if t0 == t1 == t2:
        return F.PURE_TRIPLE_CHOW  # 一色三同顺
    return 0


@detects(F.FOUR_PURE_SHIFTED_CHOWS, F.QUADRUPLE_CHOW)
def four_chows(t0, t1, t2, t3) -> int:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3):
        return F.FOUR_PURE_SHIFTED_CHOWS  # 一色四步高
    if t0 == t1 == t2 == t3:
        return F.QUADRUPLE_CHOW  # 一色四同顺
    return 0


@detects(F.DOUBLE_PUNG, F.TWO_DRAGONS_PUNGS)
def two_pungs(t0: int, t1: int) -> int:
    if t0 < 0x40 and t1 < 0x40:
        return F.DOUBLE_PUNG if (t0 & 15) == (t1 & 15) else 0  # 双同刻
    if t0 >= 0x45 and t1 >= 0x45:
        return F.TWO_DRAGONS_PUNGS  # 双箭刻
    return 0


@detects(F.MIXED_SHIFTED_PUNGS, F.TRIPLE_PUNG, F.PURE_SHIFTED_PUNGS, F.BIG_THREE_WINDS, F.BIG_THREE_DRAGONS)
def three_pungs(t0, t1, t2) -> int:
    if t0 < 0x40 and t1 < 0x40 and t2 < 0x40:
        s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
        if s0 != s1 and s0 != s2 and s1 != s2:
            r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
            if _is_shift1_unordered(r0, r1, r2):
                return F.MIXED_SHIFTED_PUNGS  # 三色三节高
            if r0 == r1 == r2:
                return F.TRIPLE_PUNG  # 三同刻
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return F.PURE_SHIFTED_PUNGS  # 一色三节高
        return 0
    if t0 >= 0x41 and t2 <= 0x44:
        return F.BIG_THREE_WINDS  # 三风刻 (sorted, distinct)
    if (t0, t1, t2) == (0x45, 0x46, 0x47):
        return F.BIG_THREE_DRAGONS  # 大三元
    return 0


@detects(F.FOUR_PURE_SHIFTED_PUNGS, F.BIG_FOUR_WINDS)
def four_pungs(t0, t1, t2, t3) -> int:
    if t0 < 0x40 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F.FOUR_PURE_SHIFTED_PUNGS  # 一色四节高
    if (t0, t1, t2, t3) == (0x41, 0x42, 0x43, 0x44):
        return F.BIG_FOUR_WINDS  # 大四喜
    return 0


_TRIPLES = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
_PAIRS4: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
_PAIRS3 = ((0, 1), (0, 2), (1, 2))
_EXTRA_ORDER = (_PURE_DOUBLE, _MIXED_DOUBLE, _SHORT, _TERMINAL_CHOWS)


def _candidates(sets, two, three, four):
    """Every pattern the sets could form: (fan, parts) for pairs, triples and the quadruple."""
    n = len(sets)
    out = []
    if n == 4:
        f = four(*(t for _, t in sets))
        if f:
            out.append((f, tuple(sorted(p for p, _ in sets))))
    if n >= 3:
        for a, b, c in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)) if n == 4 else ((0, 1, 2),):
            f = three(sets[a][1], sets[b][1], sets[c][1])
            if f:
                out.append((f, tuple(sorted((sets[a][0], sets[b][0], sets[c][0])))))
    for a, b in _PAIRS4 if n == 4 else _PAIRS3 if n == 3 else ((0, 1),) if n == 2 else ():
        f = two(sets[a][1], sets[b][1])
        if f:
            out.append((f, tuple(sorted((sets[a][0], sets[b][0])))))
    return out


def _explain(candidates, kept, excludes_of):
    """Each candidate that was not kept, with the kept pattern and principle that dropped it."""
    dropped = []
    remaining = list(kept)
    for c in candidates:
        if c in remaining:
            remaining.remove(c)
            continue
        f, parts = c
        because, principle = 0, COMBINE_ONCE
        ps = set(parts)
        for kf, kparts in kept:
            kps = set(kparts)
            if ps <= kps and len(kps) > len(ps):
                because = kf
                principle = NON_REPETITION if f in excludes_of(kf) else NO_SPLITTING
                break
            if ps & kps and kf == f:
                because, principle = kf, NO_IDENTICAL
                break
            if ps & kps and not because:
                because = kf
        if not because and kept:
            because = kept[0][0]
        dropped.append((f, parts, because, principle))
    return dropped


def _no_excludes(_f):
    return ()


def combine_chows(chows, excludes_of=_no_excludes, explain=True):
    """Choose which chow patterns count. ``chows``: [(part, middle tile reference code)].

    Returns ``(kept, dropped)``: kept = [(fan, parts)], dropped = [(fan, parts, because_of, principle)]
    (None with ``explain=False``: only the choice, as the scorer needs while comparing readings).
    """
    sets = sorted(chows, key=lambda s: s[1])
    n = len(sets)
    if n < 2:
        return [], []
    cands = _candidates(sets, two_chows, three_chows, four_chows) if explain else None
    kept = []
    mids = [t for _, t in sets]
    parts = [p for p, _ in sets]
    done = False
    if n == 4:
        f = four_chows(*mids)
        if f:
            kept.append((f, tuple(sorted(parts))))
            done = True
        else:
            for a, b, c, free in _TRIPLES:
                f = three_chows(mids[a], mids[b], mids[c])
                if f:
                    kept.append((f, tuple(sorted((parts[a], parts[b], parts[c])))))
                    extra = [(two_chows(mids[i], mids[free]), i) for i in (a, b, c)]
                    for want in _EXTRA_ORDER:
                        hit = next((i for g, i in extra if g == want), None)
                        if hit is not None:
                            kept.append((want, tuple(sorted((parts[hit], parts[free])))))
                            break
                    done = True
                    break
    elif n == 3:
        f = three_chows(*mids)
        if f:
            kept.append((f, tuple(sorted(parts))))
            done = True
    if not done:
        pairs = _PAIRS4 if n == 4 else _PAIRS3 if n == 3 else ((0, 1),)
        found = [(two_chows(mids[a], mids[b]), a, b) for a, b in pairs]
        if n == 2:
            kept = [(f, tuple(sorted((parts[a], parts[b])))) for f, a, b in found if f]
        else:
            if n == 4:
                max_cnt = 3 - sum(1 for i in range(4) if not any(f and i in (a, b) for f, a, b in found))
            else:
                max_cnt = 2
            counts = dict.fromkeys(_EXTRA_ORDER, 0)
            for f, _, _ in found:
                if f:
                    counts[f] += 1
            cnt = sum(counts.values())
            if max_cnt <= 0:
                counts = dict.fromkeys(_EXTRA_ORDER, 0)
            limit = 1
            while cnt > max_cnt and limit >= 0:
                for k in reversed(_EXTRA_ORDER):  # cut from 老少副 upwards
                    while counts[k] > limit and cnt > max_cnt:
                        counts[k] -= 1
                        cnt -= 1
                    if cnt <= max_cnt:
                        break
                limit -= 1
            for f, a, b in found:
                if f and counts[f] > 0:
                    counts[f] -= 1
                    kept.append((f, tuple(sorted((parts[a], parts[b])))))
    return kept, (_explain(cands, kept, excludes_of) if explain else None)


def combine_pungs(pungs, excludes_of=_no_excludes, explain=True):
    """Choose which pung patterns count. ``pungs``: [(part, tile reference code)]. See combine_chows."""
    sets = sorted(pungs, key=lambda s: s[1])
    n = len(sets)
    if n < 2:
        return [], []
    cands = _candidates(sets, two_pungs, three_pungs, four_pungs) if explain else None
    tiles = [t for _, t in sets]
    parts = [p for p, _ in sets]
    kept = []
    if n == 4:
        f = four_pungs(*tiles)
        if f:
            kept.append((f, tuple(sorted(parts))))
            return kept, (_explain(cands, kept, excludes_of) if explain else None)
        for a, b, c, free in _TRIPLES:
            f = three_pungs(tiles[a], tiles[b], tiles[c])
            if f:
                kept.append((f, tuple(sorted((parts[a], parts[b], parts[c])))))
                for i in range(4):
                    if i == free:
                        continue
                    g = two_pungs(tiles[i], tiles[free])
                    if g:
                        kept.append((g, tuple(sorted((parts[i], parts[free])))))
                        break
                return kept, (_explain(cands, kept, excludes_of) if explain else None)
        pairs = _PAIRS4
    elif n == 3:
        f = three_pungs(*tiles)
        if f:
            kept.append((f, tuple(sorted(parts))))
            return kept, (_explain(cands, kept, excludes_of) if explain else None)
        pairs = _PAIRS3
    else:
        pairs = ((0, 1),)
    for a, b in pairs:
        g = two_pungs(tiles[a], tiles[b])
        if g:
            kept.append((g, tuple(sorted((parts[a], parts[b])))))
    return kept, (_explain(cands, kept, excludes_of) if explain else None)


def apply_exclusions(occurrences, exclusions, order_key):
    """Non-repetition (不重复): drop every fan implied by a counted fan.

    ``occurrences``: [(fan, parts)]; ``exclusions``: fan -> tuple of (excluded fan, scope) with
    scope ``all``, ``parts`` or ``one``; ``order_key``: fan -> sort key (highest value first).
    Returns ``(kept, dropped)`` with dropped = [(fan, parts, because_of, principle)].
    """
    occ = sorted(occurrences, key=lambda o: order_key(o[0]))
    alive = [True] * len(occ)
    where: dict = {}  # fan -> positions of its occurrences, in order
    for j, (g, _) in enumerate(occ):
        if g in where:
            where[g].append(j)
        else:
            where[g] = [j]
    dropped = []
    for i, (f, parts) in enumerate(occ):
        if not alive[i]:
            continue
        for ex, scope in exclusions.get(f, ()):
            for j in where.get(ex, ()):
                if not alive[j] or j == i:
                    continue
                gparts = occ[j][1]
                if scope == "parts" and not (gparts and set(gparts) <= set(parts)):
                    continue
                alive[j] = False
                dropped.append((ex, gparts, f, NON_REPETITION))
                if scope == "one":
                    break
    kept = [o for o, a in zip(occ, alive) if a]
    return kept, dropped


def count_fans(occurrences, tables):
    """Non-repetition as :func:`apply_exclusions` applies it, but only counting: ``(total, {fan: count})``.

    ``tables`` is :attr:`Profile.kernel <mjlearn.mcr.profiles.Profile.kernel>`: points, order key,
    per fan the bitmask of the fans it excludes everywhere (scope ``all``) and its scoped exclusions
    (``parts`` / ``one``). Every exclusion points to a fan visited later, or is mutual (checked when
    the tables are built), so a fan is dead as soon as a counted fan before it excludes it. With nothing left
    the hand scores 无番和 (Chicken Hand).
    """
    points, rank, excl_all, scoped, targets = tables
    counts: dict[int, int] = {}
    parts_of: dict[int, list] | None = None
    for f, parts in occurrences:
        if f in counts:
            counts[f] += 1
        else:
            counts[f] = 1
        if f in targets:  # a fan excluding or excluded only on its own sets / once
            if parts_of is None:
                parts_of = {}
            parts_of.setdefault(f, []).append(parts)
    dead = 0
    total = 0
    kept = {}
    for f in sorted(counts, key=rank.__getitem__):
        if dead >> f & 1:
            continue
        if f in targets:
            own_occ = parts_of[f]  # type: ignore[index]  # a target that occurs: its parts were kept above
            n = len(own_occ)
            if not n:
                continue
        else:
            n = counts[f]
        dead |= excl_all[f]
        sc = scoped[f]
        if sc:
            for ex, scope in sc:
                lst = parts_of.get(ex)  # type: ignore[union-attr]  # sc: f is a target, so parts_of was made
                if not lst:
                    continue
                for ps in own_occ:
                    if scope == "parts":
                        own = set(ps)
                        lst[:] = [g for g in lst if not (g and own.issuperset(g))]
                    elif lst:
                        del lst[0]
        kept[f] = n
        total += points[f] * n
    if not kept:
        return points[F.CHICKEN_HAND], {F.CHICKEN_HAND: 1}
    return total, kept


def _positions_kept(combine, codes):
    kept, _ = combine(list(enumerate(codes)), explain=False)
    return tuple(kept)


_CHOW_KEPT = caches.new("principles.chows_kept", 16384, "the chow combinations kept by the chows' sorted codes")
_PUNG_KEPT = caches.new("principles.pungs_kept", 16384, "the pung combinations kept by the pungs' sorted codes")


def _kept(sets, two, combine, cache, worth_combining=None):
    """The fans kept among chows or pungs given as (position, code): a lone pair of sets is judged
    directly by ``two``; three or more go through ``combine`` once per sorted codes (cached), unless
    ``worth_combining(codes)`` says no pattern can form."""
    n = len(sets)
    if n < 2:
        return []
    if n == 2:  # one pair of sets: its two-set fan, if any
        (p, a), (q, b) = sets
        f = two(a, b)
        return [(f, (p, q) if p < q else (q, p))] if f else []
    sets = sorted(sets, key=_code)
    codes = tuple([t for _, t in sets])
    kept = cache.get(codes)
    if kept is None:
        ok = worth_combining is None or worth_combining(codes)
        kept = caches.put(cache, codes, _positions_kept(combine, codes) if ok else ())
    if not kept:
        return []
    return [(f, tuple(sorted([sets[i][0] for i in ps]))) for f, ps in kept]


def combine_chows_kept(chows):
    """The ``kept`` of :func:`combine_chows` (without the explanation), cached by the sorted codes."""
    return _kept(chows, two_chows, combine_chows, _CHOW_KEPT)


def _related_pungs(a: int, b: int) -> bool:
    """Whether two pungs (reference codes) can be part of one pattern: suited with numbers at most
    two apart, two dragons, or two winds. Every pung fan needs such a pair among its pungs."""
    if a < 0x40 and b < 0x40:
        return -2 <= (a & 15) - (b & 15) <= 2
    if a >= 0x45 and b >= 0x45:
        return True
    return 0x41 <= a <= 0x44 and 0x41 <= b <= 0x44


def _some_pungs_related(codes) -> bool:
    n = len(codes)
    return any(_related_pungs(codes[i], codes[j]) for i in range(n) for j in range(i + 1, n))


def combine_pungs_kept(pungs):
    """The ``kept`` of :func:`combine_pungs` (without the explanation), cached by the sorted codes."""
    return _kept(pungs, two_pungs, combine_pungs, _PUNG_KEPT, _some_pungs_related)


_code = itemgetter(1)
