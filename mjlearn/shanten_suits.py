"""What a hand's counts give each shanten form, one suit at a time: the engine under
:mod:`mjlearn.shanten_core`, which is the door the rest of the package asks.

How it is fast: each suit's nine counts are decomposed once into its best (sets, partial sets)
trade-offs, with and without the pair, and cached by the 9-count tuple (:func:`suit_entry`, kept in
:data:`SUIT_ENTRIES`); the first time a suit pattern is seen it costs a small recursion, afterwards a
dictionary look-up. :func:`regular_value` combines three suits' entries and the honors into the
regular form's value, :func:`with_special_forms` the four special forms into the shanten over all
five. Nothing is built at import; every cache is keyed by counts alone, so none is ever invalidated.

>>> from mjlearn import parse_hand
>>> counts = parse_hand("1112345678999m").counts
>>> a, b, c = suit_entries(counts)
>>> 8 - regular_value(a, b, c, counts[27:34], 0)
0
"""

from __future__ import annotations

from .errors import InvalidHandError
from .tiles import KNITTED_SUIT_ORDERS

__all__ = [
    "KNIT_ORDER",
    "SUIT_ENTRIES",
    "check_counts",
    "knit_indices",
    "knitted_rest",
    "regular_value",
    "run_points",
    "split_points",
    "suit_entries",
    "suit_entry",
    "trim",
    "with_special_forms",
]

# The six knitted straights as (suit base for ranks 147, for 258, for 369).
_KNIT_PERMS = KNITTED_SUIT_ORDERS


# --- one suit: every (sets, partial sets, pair) trade-off, cached ----------------------------------

_POINTS: dict[tuple, tuple] = {}
"""The points of a run of counts, keyed by the counts without leading or trailing zeros: a pattern
has the same trade-offs wherever it lies in the suit, so 3-4-5 shares its work with 1-2-3, and a run
with two empty ranks inside is the sum of its two sides. Keyed by counts only: never invalidated."""


def trim(c: tuple) -> tuple:
    """The counts without leading and trailing zeros."""
    i, j = 0, len(c)
    while i < j and not c[i]:
        i += 1
    while j > i and not c[j - 1]:
        j -= 1
    return c[i:j]


def _gap(c: tuple) -> int:
    """The index of the first of two empty ranks in a row within ``c``, or 0."""
    for i in range(1, len(c) - 2):
        if not c[i] and not c[i + 1]:
            return i
    return 0


def run_points(c: tuple) -> tuple:
    """Pareto-best (pair, sets, value) triples of a run of one suit's counts (leading and trailing
    zeros trimmed), value = 2 x sets + partials.

    Every decomposition is reached by deciding, for the lowest tile present, whether it is left
    alone or is the lowest tile of a set, a pair or a partial set (二连/嵌张/对子).
    """
    got = _POINTS.get(c)
    if got is not None:
        return got
    # A run read backwards has the same trade-offs (sets, partial sets and pairs are symmetric):
    # share them with its mirror, which halves the runs ever worked out.
    got = _POINTS.get(c[::-1])
    if got is not None:
        _POINTS[c] = got
        return got
    if not c:
        _POINTS[c] = res = ((0, 0, 0),)
        return res
    out: set = set()
    gap = _gap(c)
    if gap:  # two empty ranks: no set or partial set spans them, the two sides add up
        for p, m, u in run_points(c[:gap]):
            for p2, m2, u2 in run_points(trim(c[gap:])):
                if p + p2 <= 1:
                    out.add((p + p2, m + m2, u + u2))
        res = _POINTS[c] = _pareto(out)
        return res
    rest = c[1:]
    n = c[0]
    k = len(c)

    def take(first, dp, dm, du):
        for p, m, u in run_points(trim(first)):
            if p + dp <= 1:
                out.add((p + dp, m + dm, u + du))

    take((n - 1,) + rest, 0, 0, 0)  # a single tile left out
    if n >= 3:
        take((n - 3,) + rest, 0, 1, 2)  # pung
    if k >= 3 and c[1] and c[2]:
        take((n - 1, c[1] - 1, c[2] - 1) + c[3:], 0, 1, 2)  # chow
    if n >= 2:
        take((n - 2,) + rest, 1, 0, 0)  # the pair
        take((n - 2,) + rest, 0, 0, 1)  # a partial pung (对子搭子)
    if k >= 2 and c[1]:
        take((n - 1, c[1] - 1) + c[2:], 0, 0, 1)  # two in a row (两面/边张)
    if k >= 3 and c[2]:
        take((n - 1, c[1], c[2] - 1) + c[3:], 0, 0, 1)  # a gap (嵌张)
    res = _POINTS[c] = _pareto(out)
    return res


def _pareto(points) -> tuple:
    """Keep the triples not beaten in both sets and value by another with the same pair flag."""
    keep = []
    top = {0: -1, 1: -1}
    for p, m, u in sorted(points, reverse=True):  # per pair flag, most sets first
        if u > top[p]:
            keep.append((p, m, u))
            top[p] = u
    return tuple(keep)


SUIT_ENTRIES: dict[tuple, tuple] = {}


def split_points(pts) -> tuple:
    """The (sets, value) pairs of the points without the pair and with it, each sorted."""
    return (tuple(sorted((m, u) for p, m, u in pts if p == 0)), tuple(sorted((m, u) for p, m, u in pts if p == 1)))


def suit_entry(key: tuple) -> tuple:
    """Everything the shanten of any form needs from one suit, cached by its nine counts:
    (regular points without pair, with pair, present of ranks 147, 258, 369, terminal kinds,
    terminal pair, pairs for seven pairs, the three rank classes packed in one int)."""
    f0, f1 = split_points(run_points(trim(key)))
    k147 = (key[0] > 0) + (key[3] > 0) + (key[6] > 0)
    k258 = (key[1] > 0) + (key[4] > 0) + (key[7] > 0)
    k369 = (key[2] > 0) + (key[5] > 0) + (key[8] > 0)
    tk = (key[0] > 0) + (key[8] > 0)
    tp = key[0] >= 2 or key[8] >= 2
    np_ = sum(n >> 1 for n in key)
    entry = (f0, f1, (k147, k258, k369), tk, tp, np_, k147 | k258 << 2 | k369 << 4)
    SUIT_ENTRIES[key] = entry
    return entry


# --- the regular form -----------------------------------------------------------------------------


def regular_value(a, b, c, honors, n: int) -> int:
    """Best ``min(2n + U, n + M + 4, 8) + P`` over the suits' trade-offs (shanten = 8 - value).

    ``a``, ``b``, ``c`` are suit entries; ``honors`` the seven honor counts; ``n`` the number of sets
    already fixed (declared melds, plus three for the knitted straight).
    """
    # honors: pungs are sets, pairs partial sets; the pair is best taken from a pair, else from
    # a four (pair + partial pung), else from a pung (pair + lone tile)
    hm = ht = 0
    h2 = h3 = h4 = False
    for x in honors:
        if x >= 3:
            hm += 1
            if x == 3:
                h3 = True
            else:
                h4 = True
        elif x == 2:
            ht += 1
            h2 = True
    hu = 2 * hm + ht
    if h2:
        hp = (hm, hu - 1)
    elif h4:
        hp = (hm - 1, hu - 1)
    elif h3:
        hp = (hm - 1, hu - 2)
    else:
        hp = None
    a0, a1 = a[0], a[1]
    b0, b1 = b[0], b[1]
    c0, c1 = c[0], c[1]
    n2 = 2 * n
    n4 = n + 4
    best = 0
    # combine b and c without their pair once; it serves "no pair", "pair in a", "pair in honors"
    bc = [(mb + mc, ub + uc) for mb, ub in b0 for mc, uc in c0]
    for ma, ua in a0:
        for m, u in bc:
            M = ma + m + hm
            U = ua + u + hu
            v = n2 + U
            w = n4 + M
            if w < v:
                v = w
            if v > 8:
                v = 8
            if v > best:
                best = v
            if hp is not None:
                M = ma + m + hp[0]
                U = ua + u + hp[1]
                v = n2 + U
                w = n4 + M
                if w < v:
                    v = w
                if v > 8:
                    v = 8
                if v + 1 > best:
                    best = v + 1
    for ma, ua in a1:
        for m, u in bc:
            M = ma + m + hm
            U = ua + u + hu
            v = n2 + U
            w = n4 + M
            if w < v:
                v = w
            if v > 8:
                v = 8
            if v + 1 > best:
                best = v + 1
    if b1 or c1:
        for ma, ua in a0:
            M0 = ma + hm
            U0 = ua + hu
            for mb, ub in b1:
                for mc, uc in c0:
                    v = n2 + U0 + ub + uc
                    w = n4 + M0 + mb + mc
                    if w < v:
                        v = w
                    if v > 8:
                        v = 8
                    if v + 1 > best:
                        best = v + 1
            for mb, ub in b0:
                for mc, uc in c1:
                    v = n2 + U0 + ub + uc
                    w = n4 + M0 + mb + mc
                    if w < v:
                        v = w
                    if v > 8:
                        v = 8
                    if v + 1 > best:
                        best = v + 1
    return best


def suit_entries(counts):
    """The suit entries (:func:`suit_entry`) of the three suits of 34 counts, from the cache when met
    before."""
    S = SUIT_ENTRIES
    k = tuple(counts[0:9])
    a = S.get(k) or suit_entry(k)
    k = tuple(counts[9:18])
    b = S.get(k) or suit_entry(k)
    k = tuple(counts[18:27])
    c = S.get(k) or suit_entry(k)
    return a, b, c


def check_counts(counts, n_melds) -> int:
    """The tile count with melds as three; 13 or 14 or an InvalidHandError."""
    if len(counts) != 34:
        raise InvalidHandError(f"expected 34 tile counts, got {len(counts)}")
    if not isinstance(n_melds, int) or not 0 <= n_melds <= 4:
        raise InvalidHandError(f"a hand has 0-4 declared melds, got {n_melds!r}")
    total = sum(counts) + 3 * n_melds
    if total != 13 and total != 14:
        raise InvalidHandError(f"wrong tile count: {total} tiles (melds count as three), expected 13 or 14")
    return total


# --- the special forms ----------------------------------------------------------------------------


def with_special_forms(counts, n_melds: int, best: int, a, b, c) -> int:
    """The shanten over all five forms, given the regular form's ``best`` (0-1 melds) and the suit
    entries ``a``, ``b``, ``c``."""
    # the knitted tiles present for each straight depend only on the three suits' rank classes:
    # looked up by their packed codes rather than summed again for every hand
    key = a[6] | b[6] << 6 | c[6] << 12
    got = _KNITS.get(key)
    if got is None:
        pa, pb, pc = a[2], b[2], c[2]
        knit = tuple(pa[i] + pb[j] + pc[k] for i, j, k in KNIT_ORDER)
        got = _KNITS[key] = (knit, max(knit))
    knit, kmax = got
    if n_melds == 0:
        honors = tuple(counts[27:34])
        h = _HONOR_KINDS.get(honors)
        if h is None:
            h = _HONOR_KINDS[honors] = (7 - honors.count(0), sum([x >> 1 for x in honors]), max(honors) >= 2)
        hd = h[0]
        # seven pairs (four of a kind is two pairs)
        sp = 6 - (a[5] + b[5] + c[5] + h[1])
        if sp < best:
            best = sp
        # thirteen orphans
        to = 13 - a[3] - b[3] - c[3] - hd - (1 if (a[4] or b[4] or c[4] or h[2]) else 0)
        if to < best:
            best = to
        # honors and knitted tiles
        hk = 13 - kmax - hd
        if hk < best:
            best = hk
        if best < 0:
            return -1
    # knitted straight: missing tiles of the straight + shanten of the rest with three more sets
    if 8 - kmax < best:
        for p, have in enumerate(knit):
            if 8 - have < best:
                ks = (9 - have) + knitted_rest(counts, _KNIT_PERMS[p], n_melds)
                if ks < best:
                    best = ks
    return best


_KNITS: dict[int, tuple] = {}  # packed rank-class codes of three suits -> (knitted tiles per straight, max)
_HONOR_KINDS: dict[tuple, tuple] = {}  # seven honor counts -> (kinds held, pairs, a pair or more held)

KNIT_ORDER = tuple((perm.index(0), perm.index(9), perm.index(18)) for perm in _KNIT_PERMS)
"""For each knitted straight, which rank class (147=0, 258=1, 369=2) each suit (m, p, s) takes."""


def knit_indices(perm) -> tuple:
    got = _KNIT_INDICES.get(perm)
    if got is None:
        got = _KNIT_INDICES[perm] = tuple(base + k + 3 * j for k, base in enumerate(perm) for j in range(3))
    return got


_KNIT_INDICES: dict[tuple, tuple] = {}  # a knitted straight's suit order -> its nine tile indices


def knitted_rest(counts, perm, n_melds) -> int:
    """Regular shanten of what is left after taking one of each knitted tile that is present."""
    rest = list(counts)
    for i in knit_indices(perm):
        if rest[i]:
            rest[i] -= 1
    a, b, c = suit_entries(rest)
    return 8 - regular_value(a, b, c, rest[27:34], n_melds + 3)
