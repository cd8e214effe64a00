"""Shanten (向听数): how many tiles a hand is from ready, over the five MCR winning forms.

The core works on 34-count arrays (concealed tiles; declared melds are only counted) and is
written for speed, because computer players call it in their hot loop::

    shanten_of_counts(counts34, n_melds)  ->  -1 complete, 0 ready (听牌), 1, 2, ... 8

It agrees with the reference calculator's ``MahjongShanten`` on every 13-tile hand: the regular
form uses the usual "8 - 2 x sets - partial sets - pair" count with at most four sets and partial
sets together; seven pairs count four of a kind as two pairs (MCR); a tile whose four copies are
all in the hand still counts as a formal wait. A 14-tile hand gets -1 when complete and otherwise
the shanten of the best discard.

How it is fast: each suit's nine counts are decomposed once into its best (sets, partial sets)
trade-offs, with and without the pair, and cached by the 9-count tuple; the first time a suit
pattern is seen it costs a small recursion, afterwards a dictionary look-up. Nothing is built at
import. :class:`RegularAround` serves the computer players, who ask about every hand one tile away
from their own: a tile changes one suit, so the other groups are combined once.

>>> from mjlearn import parse_hand
>>> shanten_of_counts(parse_hand("1112345678999m").counts)
0
>>> shanten_of_counts(parse_hand("19m19p19sESWNCFF").counts)
0
"""

from __future__ import annotations

import threading

from .errors import InvalidHandError
from .shapes import is_complete
from .tiles import KNITTED_SUIT_ORDERS, ORPHAN_INDICES

__all__ = [
    "shanten_of_counts", "regular_shanten_of_counts", "seven_pairs_shanten_of_counts",
    "thirteen_orphans_shanten_of_counts", "honors_and_knitted_shanten_of_counts",
    "knitted_straight_shanten_of_counts", "form_shanten_of_counts", "waits_of_counts",
    "useful_tiles_of_counts", "near_tiles", "regular_split_of_counts", "RegularAround",
]

# The six knitted straights as (suit base for ranks 147, for 258, for 369).
_KNIT_PERMS = KNITTED_SUIT_ORDERS
_ORPHANS = ORPHAN_INDICES


# --- one suit: every (sets, partial sets, pair) trade-off, cached ----------------------------------

_POINTS: dict[tuple, tuple] = {}
"""The points of a run of counts, keyed by the counts without leading or trailing zeros: a pattern
has the same trade-offs wherever it lies in the suit, so 3-4-5 shares its work with 1-2-3, and a run
with two empty ranks inside is the sum of its two sides. Keyed by counts only: never invalidated."""


def _trim(c: tuple) -> tuple:
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


def _points(c: tuple) -> tuple:
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
    if gap:       # two empty ranks: no set or partial set spans them, the two sides add up
        for p, m, u in _points(c[:gap]):
            for p2, m2, u2 in _points(_trim(c[gap:])):
                if p + p2 <= 1:
                    out.add((p + p2, m + m2, u + u2))
        res = _POINTS[c] = _pareto(out)
        return res
    rest = c[1:]
    n = c[0]
    k = len(c)

    def take(first, dp, dm, du):
        for p, m, u in _points(_trim(first)):
            if p + dp <= 1:
                out.add((p + dp, m + dm, u + du))

    take((n - 1,) + rest, 0, 0, 0)                                   # a single tile left out
    if n >= 3:
        take((n - 3,) + rest, 0, 1, 2)                               # pung
    if k >= 3 and c[1] and c[2]:
        take((n - 1, c[1] - 1, c[2] - 1) + c[3:], 0, 1, 2)           # chow
    if n >= 2:
        take((n - 2,) + rest, 1, 0, 0)                               # the pair
        take((n - 2,) + rest, 0, 0, 1)                               # a partial pung (对子搭子)
    if k >= 2 and c[1]:
        take((n - 1, c[1] - 1) + c[2:], 0, 0, 1)                     # two in a row (两面/边张)
    if k >= 3 and c[2]:
        take((n - 1, c[1], c[2] - 1) + c[3:], 0, 0, 1)               # a gap (嵌张)
    res = _POINTS[c] = _pareto(out)
    return res


def _pareto(points) -> tuple:
    """Keep the triples not beaten in both sets and value by another with the same pair flag."""
    keep = []
    top = {0: -1, 1: -1}
    for p, m, u in sorted(points, reverse=True):      # per pair flag, most sets first
        if u > top[p]:
            keep.append((p, m, u))
            top[p] = u
    return tuple(keep)


_SUIT: dict[tuple, tuple] = {}


def _split_points(pts) -> tuple:
    """The (sets, value) pairs of the points without the pair and with it, each sorted."""
    return (tuple(sorted((m, u) for p, m, u in pts if p == 0)),
            tuple(sorted((m, u) for p, m, u in pts if p == 1)))


def _suit_entry(key: tuple) -> tuple:
    """Everything the shanten of any form needs from one suit, cached by its nine counts:
    (regular points without pair, with pair, present of ranks 147, 258, 369, terminal kinds,
    terminal pair, pairs for seven pairs, the three rank classes packed in one int)."""
    f0, f1 = _split_points(_points(_trim(key)))
    k147 = (key[0] > 0) + (key[3] > 0) + (key[6] > 0)
    k258 = (key[1] > 0) + (key[4] > 0) + (key[7] > 0)
    k369 = (key[2] > 0) + (key[5] > 0) + (key[8] > 0)
    tk = (key[0] > 0) + (key[8] > 0)
    tp = key[0] >= 2 or key[8] >= 2
    np_ = sum(n >> 1 for n in key)
    entry = (f0, f1, (k147, k258, k369), tk, tp, np_, k147 | k258 << 2 | k369 << 4)
    _SUIT[key] = entry
    return entry


# --- the regular form -----------------------------------------------------------------------------

def _regular_value(a, b, c, honors, n: int) -> int:
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


def _entries(counts):
    S = _SUIT
    k = tuple(counts[0:9])
    a = S.get(k) or _suit_entry(k)
    k = tuple(counts[9:18])
    b = S.get(k) or _suit_entry(k)
    k = tuple(counts[18:27])
    c = S.get(k) or _suit_entry(k)
    return a, b, c


def _check(counts, n_melds) -> int:
    """The tile count with melds as three; 13 or 14 or an InvalidHandError."""
    if len(counts) != 34:
        raise InvalidHandError(f"expected 34 tile counts, got {len(counts)}")
    if not isinstance(n_melds, int) or not 0 <= n_melds <= 4:
        raise InvalidHandError(f"a hand has 0-4 declared melds, got {n_melds!r}")
    total = sum(counts) + 3 * n_melds
    if total != 13 and total != 14:
        raise InvalidHandError(
            f"wrong tile count: {total} tiles (melds count as three), expected 13 or 14")
    return total


# --- public core ------------------------------------------------------------------------------

def shanten_of_counts(counts, n_melds: int = 0) -> int:
    """Shanten over all five forms of 34 concealed counts plus ``n_melds`` declared melds.

    -1: complete (14 tiles); 0: ready (听牌); k: k useful draws from ready. The hand has 13 or 14
    tiles with melds counted as three; anything else raises :class:`InvalidHandError`.
    """
    _check(counts, n_melds)
    a, b, c = _entries(counts)
    honors = counts[27:34]
    best = 8 - _regular_value(a, b, c, honors, n_melds)
    if best < 0 or n_melds > 1:
        return best
    return _with_special_forms(counts, n_melds, best, a, b, c)


def _with_special_forms(counts, n_melds: int, best: int, a, b, c) -> int:
    """The shanten over all five forms, given the regular form's ``best`` (0-1 melds) and the suit
    entries ``a``, ``b``, ``c``."""
    # the knitted tiles present for each straight depend only on the three suits' rank classes:
    # looked up by their packed codes rather than summed again for every hand
    key = a[6] | b[6] << 6 | c[6] << 12
    got = _KNITS.get(key)
    if got is None:
        pa, pb, pc = a[2], b[2], c[2]
        knit = tuple(pa[i] + pb[j] + pc[k] for i, j, k in _KNIT_ORDER)
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
                ks = (9 - have) + _knitted_rest(counts, _KNIT_PERMS[p], n_melds)
                if ks < best:
                    best = ks
    return best


_KNITS: dict[int, tuple] = {}         # packed rank-class codes of three suits -> (knitted tiles per straight, max)
_HONOR_KINDS: dict[tuple, tuple] = {}  # seven honor counts -> (kinds held, pairs, a pair or more held)

_KNIT_ORDER = tuple(
    (perm.index(0), perm.index(9), perm.index(18)) for perm in _KNIT_PERMS)
"""For each knitted straight, which rank class (147=0, 258=1, 369=2) each suit (m, p, s) takes."""


def _knit_indices(perm) -> tuple:
    got = _KNIT_INDICES.get(perm)
    if got is None:
        got = _KNIT_INDICES[perm] = tuple(base + k + 3 * j for k, base in enumerate(perm) for j in range(3))
    return got


_KNIT_INDICES: dict[tuple, tuple] = {}   # a knitted straight's suit order -> its nine tile indices


def _knitted_rest(counts, perm, n_melds) -> int:
    """Regular shanten of what is left after taking one of each knitted tile that is present."""
    rest = list(counts)
    for i in _knit_indices(perm):
        if rest[i]:
            rest[i] -= 1
    a, b, c = _entries(rest)
    return 8 - _regular_value(a, b, c, rest[27:34], n_melds + 3)


# --- the regular form around one hand, for the computer players' loops ----------------------------
#
# A computer player asks for the regular shanten of many hands that differ from one hand by a
# single tile: each discard it could make, each tile it could draw. One tile changes one group (a
# suit, or the honors), so the other three groups are merged once and each hand then costs a few
# look-ups. A group's "frontier" is the pair (points without the pair, points with the pair): the
# Pareto-best (sets, 2 x sets + partial sets) of that group, as in a suit entry. The value
# ``min(2n + U, n + 4 + M, 8) + pair`` only grows with the sets M and the points U, so keeping the
# Pareto-best sums of merged groups gives exactly the maximum that _regular_value finds.
#
# There are few distinct frontiers (a few hundred), so each gets a small int id when first met, and
# merges and values are cached by ids. Every cache here is keyed by counts or ids alone, never by a
# hand in play, so nothing is ever invalidated; like the suit entries they grow with the patterns met.

_FRONTIERS: list[tuple] = []              # id -> frontier
_FRONTIER_IDS: dict[tuple, int] = {}      # frontier -> id
_GROUP_IDS: dict[tuple, int] = {}         # a suit's 9 counts or the 7 honor counts -> frontier id
_RUN_IDS: dict[tuple, int] = {}           # a suit's run of counts (see _POINTS) -> frontier id
_RUN_FEWER: dict[tuple, tuple] = {}       # a run -> (place, id with one fewer there) for places held
_RUN_MORE: dict[tuple, dict] = {}         # a run -> {place: id with one more there, or -1 if not near}
_FEWER_IDS: dict[tuple, tuple] = {}       # the same keys -> (kind, id with one fewer of it) for kinds held
_MORE_IDS: dict[tuple, tuple] = {}        # the same keys -> (kind, id with one more of it) near the group
_MERGED: dict[tuple, int] = {}            # (id, id) -> id of the two taken together
_VALUES: dict[tuple, dict] = {}           # (id of three merged groups, declared melds) -> {id: value}
_RESTS: dict[tuple, tuple] = {}           # (the four group ids, declared melds) -> RegularAround.rests


_INTERNING = threading.Lock()
"""Held while a new frontier is given its id: the other caches here hold values that depend only on
their keys (two threads filling one at once store the same value), but an id is a position in
_FRONTIERS, and two threads taking ``len(_FRONTIERS)`` at once would give two frontiers one id."""


def _frontier_id(frontier: tuple) -> int:
    got = _FRONTIER_IDS.get(frontier)
    if got is None:
        with _INTERNING:
            got = _FRONTIER_IDS.get(frontier)
            if got is None:
                _FRONTIERS.append(frontier)         # in the list before its id is published
                got = _FRONTIER_IDS[frontier] = len(_FRONTIERS) - 1
    return got


def _honor_frontier(honors: tuple) -> tuple:
    """The frontier of the seven honor counts, read as _regular_value reads them (pungs are sets,
    pairs partial sets, the pair from a pair, else a four, else a pung)."""
    hm = sum(1 for x in honors if x >= 3)
    ht = sum(1 for x in honors if x == 2)
    hu = 2 * hm + ht
    if ht:
        with_pair = ((hm, hu - 1),)
    elif any(x >= 4 for x in honors):
        with_pair = ((hm - 1, hu - 1),)
    elif hm:
        with_pair = ((hm - 1, hu - 2),)
    else:
        with_pair = ()
    return ((hm, hu),), with_pair


def _group_id(key: tuple) -> int:
    """The frontier id of one group: nine counts of a suit, or the seven honor counts."""
    got = _GROUP_IDS.get(key)
    if got is None:
        if len(key) == 9:
            got = _run_id(_trim(key))
        else:
            got = _frontier_id(_honor_frontier(key))
        _GROUP_IDS[key] = got
    return got


# A suit's frontier depends only on its run of counts (leading and trailing empty ranks trimmed),
# so the suits that are the same run shifted share their ids, and the ids one tile away from a suit
# are worked out once per run and shifted into place: the computer players meet new suits all hand
# long, and most are a run met before at another place.

def _run_id(run: tuple) -> int:
    """The frontier id of a run of one suit's counts (no leading or trailing zeros)."""
    got = _RUN_IDS.get(run)
    if got is None:
        got = _RUN_IDS.get(run[::-1])       # its mirror has the same frontier (see _points)
        if got is None:
            got = _frontier_id(_split_points(_points(run)))
        _RUN_IDS[run] = got
    return got


def _run_at(key: tuple) -> tuple:
    """(rank of the first tile, the run) of a suit's nine counts; (0, ()) for an empty suit."""
    p = 0
    while p < 9 and not key[p]:
        p += 1
    return p, _trim(key[p:])


def _run_fewer(run: tuple) -> tuple:
    """(place in the run, id of the run with one tile fewer there) for each place with a tile."""
    got = _RUN_FEWER.get(run)
    if got is None:
        got = _RUN_FEWER[run] = tuple((r, _run_id(_trim(run[:r] + (run[r] - 1,) + run[r + 1:])))
                                      for r in range(len(run)) if run[r])
    return got


def _run_more(run: tuple, first: int) -> list:
    """(place relative to the run's first tile, id with one more tile there) for each place within
    two ranks of a tile of the run (two places before it to two after it) that lies in the suit
    when the run starts at rank ``first``. Each id is worked out when a suit first needs it."""
    ids = _RUN_MORE.get(run)
    if ids is None:
        ids = _RUN_MORE[run] = {}
    out = []
    k = len(run)
    for r in range(max(-2, -first), min(k + 2, 9 - first)):
        x = ids.get(r)
        if x is None:
            if r < 0:
                more = (1,) + (0,) * (-r - 1) + run
            elif r >= k:
                more = run + (0,) * (r - k) + (1,)
            elif any(run[max(0, r - 2):r + 3]):
                more = run[:r] + (run[r] + 1,) + run[r + 1:]
            else:
                more = None          # no tile of the run within two ranks
            x = ids[r] = -1 if more is None else _run_id(more)
        if x >= 0:
            out.append((r, x))
    return out


def _held_fewer_ids(key: tuple) -> tuple:
    """(kind, id of the group with one tile of it fewer) for each kind the group holds."""
    got = _FEWER_IDS.get(key)
    if got is None:
        if len(key) == 9:
            p, run = _run_at(key)
            got = tuple((p + r, x) for r, x in _run_fewer(run))
        else:
            got = tuple((r, _group_id(key[:r] + (key[r] - 1,) + key[r + 1:])) for r in range(7) if key[r])
        _FEWER_IDS[key] = got
    return got


def _near_more_ids(key: tuple) -> tuple:
    """(kind, id of the group with one more tile of it) for each kind near the group's tiles: a
    suited kind within two ranks of a tile held, an honor held (the tiles of :func:`near_tiles`)."""
    got = _MORE_IDS.get(key)
    if got is None:
        if len(key) == 9:
            p, run = _run_at(key)
            got = tuple((p + r, x) for r, x in _run_more(run, p)) if run else ()
        else:
            got = tuple((r, _group_id(key[:r] + (key[r] + 1,) + key[r + 1:])) for r in range(7) if key[r])
        _MORE_IDS[key] = got
    return got


def _pareto2(points) -> tuple:
    """The (sets, points) pairs not beaten in both by another, most sets first."""
    out = []
    top = -1
    for m, u in sorted(set(points), reverse=True):
        if u > top:
            out.append((m, u))
            top = u
    return tuple(out)


def _merged(x: int, y: int) -> int:
    """The frontier id of two groups (or merged groups) taken together: one of them holds the pair."""
    got = _MERGED.get((x, y))
    if got is None:
        (x0, x1), (y0, y1) = _FRONTIERS[x], _FRONTIERS[y]
        no_pair = _pareto2([(a + c, b + d) for a, b in x0 for c, d in y0])
        pair = _pareto2([(a + c, b + d) for a, b in x1 for c, d in y0] +
                        [(a + c, b + d) for a, b in x0 for c, d in y1])
        got = _MERGED[(x, y)] = _frontier_id((no_pair, pair))
    return got


def _values_with(rest: int, n: int) -> dict:
    """{group id: _regular_value of that group with the merged others ``rest``} for ``n`` declared
    melds, filled in as values are asked for (:func:`_value`)."""
    got = _VALUES.get((rest, n))
    if got is None:
        got = _VALUES[(rest, n)] = {}
    return got


def _value(x: int, rest: int, n: int, values: dict) -> int:
    """_regular_value of a hand made of two frontiers (one group and the three others merged),
    stored in ``values`` (the dict of :func:`_values_with` for ``rest`` and ``n``)."""
    (x0, x1), (y0, y1) = _FRONTIERS[x], _FRONTIERS[rest]
    got = 0
    for (m, u), (m2, u2), pair in ([(p, q, 0) for p in x0 for q in y0] + [(p, q, 1) for p in x0 for q in y1]
                                   + [(p, q, 1) for p in x1 for q in y0]):
        got = max(got, min(2 * n + u + u2, n + 4 + m + m2, 8) + pair)
    values[x] = got
    return got


class RegularAround:
    """Regular-form shanten (as :func:`regular_shanten_of_counts`) of ``counts`` and of the hands one
    tile away from it: :meth:`without` a tile (a discard), :meth:`with_tile` one more (a draw), or
    all of them at once (:meth:`discards`, :meth:`draws_below`).

    The counts are read once, when the object is made; the computer players make one per hand and
    ask it about every tile. No counts are checked: the caller passes a hand of 13 or 14 tiles.

    >>> from mjlearn import parse_hand
    >>> c = list(parse_hand("1112345678999mE").counts)
    >>> near = RegularAround(c, 0)
    >>> near.shanten(), near.without(27), near.without(0), near.discards()[27]
    (0, 0, 1, 0)
    >>> c[27] -= 1
    >>> RegularAround(c, 0).with_tile(4), regular_shanten_of_counts(c[:4] + [2] + c[5:])
    (-1, -1)
    >>> RegularAround(c, 0).draws_below(0) == waits_of_counts(c) == near.less(27).draws_below(0)
    True
    """

    __slots__ = ("n", "keys", "ids", "rests")

    def __init__(self, counts, n_melds: int = 0) -> None:
        self.n = n_melds
        self.keys = keys = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
        """The counts of each group: the three suits and the honors."""
        get = _GROUP_IDS.get                  # the cache first: a call only for a group not met before
        self.ids = [get(k) or _group_id(k) for k in keys]
        """The frontier id of each group."""
        self.rests: tuple | None = None
        """For each group, (id of the other three merged, the values with them: see _values_with);
        made when first asked for."""

    def _rests(self) -> tuple:
        """For each group: the id of the other three merged, and the values with them."""
        rests = self.rests
        if rests is None:
            key = (*self.ids, self.n)
            rests = _RESTS.get(key)
            if rests is None:       # the four at once, from two merged pairs of groups
                a, b, c, h, n = key
                ab, ch = _merged(a, b), _merged(c, h)
                ra, rb, rc, rh = _merged(b, ch), _merged(a, ch), _merged(ab, h), _merged(ab, c)
                rests = _RESTS[key] = ((ra, _values_with(ra, n)), (rb, _values_with(rb, n)),
                                       (rc, _values_with(rc, n)), (rh, _values_with(rh, n)))
            self.rests = rests
        return rests

    def _shanten_of(self, g: int, x: int) -> int:
        """The shanten with group ``g`` replaced by the frontier ``x``."""
        rest, values = self._rests()[g]
        v = values.get(x)
        return 8 - (v if v is not None else _value(x, rest, self.n, values))

    def shanten(self) -> int:
        """The shanten of the counts themselves."""
        return self._shanten_of(0, self.ids[0])

    def all_forms_shanten(self, at_most: int = 8) -> int:
        """The shanten of the counts over all five forms (as :func:`shanten_of_counts`), or
        ``at_most`` when it is no lower: a caller that only asks "ready or not" passes 1, and forms
        that cannot come below it are not worked out."""
        best = min(self.shanten(), at_most)
        if best < 0:
            return best
        return self.special_forms_shanten(best)

    def special_forms_shanten(self, at_most: int = 8) -> int:
        """The lowest shanten of the special forms (seven pairs, thirteen orphans, honors and
        knitted tiles, knitted straight), or ``at_most`` when none is lower (always, with two melds
        or more)."""
        if self.n > 1:
            return at_most
        k = self.keys
        return _with_special_forms(k[0] + k[1] + k[2] + k[3], self.n, at_most,
                                   *[_SUIT.get(key) or _suit_entry(key) for key in k[:3]])

    def without(self, i: int) -> int:
        """The shanten with one tile ``i`` fewer (``i`` is held)."""
        g = i // 9 if i < 27 else 3
        key = self.keys[g]
        r = i - 9 * g
        return self._shanten_of(g, _group_id(key[:r] + (key[r] - 1,) + key[r + 1:]))

    def with_tile(self, t: int) -> int:
        """The shanten with one more tile ``t``."""
        g = t // 9 if t < 27 else 3
        key = self.keys[g]
        r = t - 9 * g
        return self._shanten_of(g, _group_id(key[:r] + (key[r] + 1,) + key[r + 1:]))

    def less(self, i: int) -> "RegularAround":
        """The same for the hand with one tile ``i`` fewer (``i`` is held), sharing the groups
        that do not change."""
        g = i // 9 if i < 27 else 3
        key = self.keys[g]
        r = i - 9 * g
        fewer = key[:r] + (key[r] - 1,) + key[r + 1:]
        out = RegularAround.__new__(RegularAround)
        out.n = self.n
        out.keys = self.keys[:g] + (fewer,) + self.keys[g + 1:]
        out.ids = list(self.ids)
        out.ids[g] = _group_id(fewer)
        out.rests = None
        return out

    def discards(self, all_forms: bool = False) -> list:
        """For each of the 34 kinds, the shanten with one tile of it fewer (None for a kind not
        held): :meth:`without` for every tile, a group at a time. ``all_forms``: over all five forms,
        as :func:`shanten_of_counts` of each hand."""
        out: list = [None] * 34
        n = self.n
        keys = self.keys
        for g, (rest, values) in enumerate(self.rests or self._rests()):
            base = 9 * g
            get = values.get
            key = keys[g]
            for r, x in _FEWER_IDS.get(key) or _held_fewer_ids(key):
                v = get(x)
                if v is None:
                    v = _value(x, rest, n, values)
                out[base + r] = 8 - v
        if all_forms and n <= 1:
            keys = self.keys
            counts = list(keys[0] + keys[1] + keys[2] + keys[3])
            entries = [_SUIT.get(k) or _suit_entry(k) for k in keys[:3]]
            for i, regular in enumerate(out):
                if regular is None or regular < 0:
                    continue
                counts[i] -= 1
                e = list(entries)
                if i < 27:
                    g = i // 9
                    key = tuple(counts[9 * g:9 * g + 9])
                    e[g] = _SUIT.get(key) or _suit_entry(key)
                out[i] = _with_special_forms(counts, n, regular, *e)
                counts[i] += 1
        return out

    def draws_below(self, shanten: int) -> list[int]:
        """The tiles near the hand (those of :func:`near_tiles`) whose draw leaves a shanten below
        ``shanten``, in canonical order: :meth:`with_tile` for each, a group at a time."""
        out = []
        need = 8 - shanten              # the value a draw must beat
        n = self.n
        keys = self.keys
        for g, (rest, values) in enumerate(self.rests or self._rests()):
            base = 9 * g
            get = values.get
            key = keys[g]
            for r, x in _MORE_IDS.get(key) or _near_more_ids(key):
                v = get(x)
                if v is None:
                    v = _value(x, rest, n, values)
                if v > need:
                    out.append(base + r)
        return out


# --- one form at a time, for teaching ------------------------------------------------------------

def regular_shanten_of_counts(counts, n_melds: int = 0) -> int:
    """基本和型 Regular form (four sets and a pair) only."""
    _check(counts, n_melds)
    a, b, c = _entries(counts)
    return 8 - _regular_value(a, b, c, counts[27:34], n_melds)


def seven_pairs_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """七对 Seven Pairs only (four of a kind counts as two pairs); None with declared melds."""
    _check(counts, n_melds)
    if n_melds:
        return None
    return 6 - sum(x >> 1 for x in counts)


def thirteen_orphans_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """十三幺 Thirteen Orphans only; None with declared melds."""
    _check(counts, n_melds)
    if n_melds:
        return None
    kinds = sum(1 for i in _ORPHANS if counts[i])
    pair = any(counts[i] >= 2 for i in _ORPHANS)
    return 13 - kinds - pair


def honors_and_knitted_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """全不靠 Honors and Knitted Tiles only; None with declared melds."""
    _check(counts, n_melds)
    if n_melds:
        return None
    hd = sum(1 for x in counts[27:34] if x)
    return 13 - hd - max(sum(1 for i in _knit_indices(p) if counts[i]) for p in _KNIT_PERMS)


def knitted_straight_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """组合龙 Knitted Straight (with a set and a pair) only; None with two or more melds."""
    _check(counts, n_melds)
    if n_melds > 1:
        return None
    best = None
    for p in _KNIT_PERMS:
        have = sum(1 for i in _knit_indices(p) if counts[i])
        s = (9 - have) + _knitted_rest(counts, p, n_melds)
        if best is None or s < best:
            best = s
    return best


_FORM_FUNCS = (
    ("regular", regular_shanten_of_counts),
    ("seven_pairs", seven_pairs_shanten_of_counts),
    ("thirteen_orphans", thirteen_orphans_shanten_of_counts),
    ("honors_and_knitted", honors_and_knitted_shanten_of_counts),
    ("knitted_straight", knitted_straight_shanten_of_counts),
)


def form_shanten_of_counts(counts, n_melds: int = 0) -> dict[str, int | None]:
    """Shanten of each of the five forms by form name (None where melds rule the form out)."""
    return {name: f(counts, n_melds) for name, f in _FORM_FUNCS}


# --- waits and useful tiles ------------------------------------------------------------------------

def waits_of_counts(counts, n_melds: int = 0) -> list[int]:
    """Indices of the tiles that complete a 13-tile hand, in canonical order.

    Formal waits are included: a tile whose four copies are all in the hand still counts (MCR
    practice; the reference calculator agrees). An empty list when the hand is not ready.
    Each form that is ready contributes its own winning tiles, so no tile is tried blindly.
    """
    if _check(counts, n_melds) != 13:
        raise InvalidHandError("waits are asked of a 13-tile hand (melds count as three); this one has 14")
    c = list(counts)
    a, b, cc = _entries(c)
    knit_max = max(a[2][i] + b[2][j] + cc[2][k] for i, j, k in _KNIT_ORDER)
    out = set()
    if _regular_value(a, b, cc, c[27:34], n_melds) == 8:          # regular form ready
        for t in near_tiles(c):
            c[t] += 1
            a, b, cc = _entries(c)
            if _regular_value(a, b, cc, c[27:34], n_melds) == 9:
                out.add(t)
            c[t] -= 1
    if n_melds == 0:
        if seven_pairs_shanten_of_counts(c) == 0:                 # the odd tile out pairs up
            out.update(t for t in range(34) if c[t] & 1)
        if thirteen_orphans_shanten_of_counts(c) == 0:
            paired = any(c[i] >= 2 for i in _ORPHANS)
            out.update(i for i in _ORPHANS if not (paired and c[i]))
        hd = sum(1 for x in c[27:34] if x)
        if hd + knit_max >= 13:
            for p in _KNIT_PERMS:                                  # honors and knitted tiles
                idx = _knit_indices(p)
                if 13 - hd - sum(1 for i in idx if c[i]) == 0:
                    out.update(i for i in idx + tuple(range(27, 34)) if not c[i])
    if n_melds <= 1 and knit_max >= 8 and knitted_straight_shanten_of_counts(c, n_melds) == 0:
        for t in range(34):
            if t not in out:
                c[t] += 1
                if is_complete(c, n_melds):
                    out.add(t)
                c[t] -= 1
    return sorted(out)


def near_tiles(c, kinds=range(34)) -> list[int]:
    """Tiles (of ``kinds``, all 34 by default) that can join a regular shape: honors present, suited
    tiles present or within two ranks of a present tile of their suit."""
    out = []
    for t in kinds:
        if c[t]:
            out.append(t)
        elif t < 27:
            r = t % 9
            if (r >= 1 and c[t - 1]) or (r >= 2 and c[t - 2]) or (r <= 7 and c[t + 1]) or (r <= 6 and c[t + 2]):
                out.append(t)
    return out


def _candidates(c, n_melds) -> list[int]:
    """Tiles worth trying as a useful draw: every tile while the special forms are possible
    (any missing honor or knitted tile may help them), else the tiles near the hand."""
    if n_melds <= 1:
        return list(range(34))
    return near_tiles(c)


def useful_tiles_of_counts(counts, n_melds: int = 0, *, all_counts=None) -> list[int]:
    """Indices of the tiles (进张) that lower the shanten of a 13-tile hand, in canonical order.

    A tile of which the hand (``all_counts``: concealed and melds; defaults to ``counts``) already
    holds all four cannot be drawn, so it is left out, except when the hand is ready: then it is
    a formal wait and counts, as in :func:`waits_of_counts`.
    """
    if _check(counts, n_melds) != 13:
        raise InvalidHandError("useful tiles are asked of a 13-tile hand (melds count as three); this one has 14")
    base = shanten_of_counts(counts, n_melds)
    if base == 0:
        return waits_of_counts(counts, n_melds)
    held = counts if all_counts is None else all_counts
    c = list(counts)
    out = []
    for t in _candidates(c, n_melds):
        if held[t] >= 4:
            continue
        c[t] += 1
        if _shanten14(c, n_melds) < base:
            out.append(t)
        c[t] -= 1
    return out


def _shanten14(c, n_melds) -> int:
    """Shanten of a 14-tile count list without the checks (used in loops)."""
    a, b, cc = _entries(c)
    honors = c[27:34]
    best = 8 - _regular_value(a, b, cc, honors, n_melds)
    if best < 0 or n_melds > 1:
        return best
    return shanten_of_counts(c, n_melds)


# --- the split behind a regular-form shanten, for teaching -------------------------------------------

_SPLITS: dict[tuple, dict] = {}


def _suit_splits(c: tuple, suited: bool) -> dict:
    """Every (sets, partial sets, pair) count one group of counts (a suit's nine or one honor) can
    be split into, each with one split reaching it: {(m, t, p): (sets, partials, pair, singles)},
    groups as tuples of offsets into ``c``. Memoised by the counts."""
    key = (c, suited)
    got = _SPLITS.get(key)
    if got is not None:
        return got
    i = 0
    while i < len(c) and not c[i]:
        i += 1
    if i == len(c):
        out = {(0, 0, 0): ((), (), None, ())}
        _SPLITS[key] = out
        return out
    out: dict = {}
    n = len(c)

    def take(removal, how):
        cc = list(c)
        for j in removal:
            cc[j] -= 1
        for (m, t, p), (sets, parts, pair, singles) in _suit_splits(tuple(cc), suited).items():
            grp = tuple(removal)
            if how == "set":
                k, v = (m + 1, t, p), (((grp,) + sets), parts, pair, singles)
            elif how == "pair":
                if p:
                    continue
                k, v = (m, t, 1), (sets, parts, grp, singles)
            elif how == "partial":
                k, v = (m, t + 1, p), (sets, ((grp,) + parts), pair, singles)
            else:
                k, v = (m, t, p), (sets, parts, pair, (i,) + singles)
            if k not in out:
                out[k] = v

    if c[i] >= 3:
        take((i, i, i), "set")
    if suited and i + 2 < n and c[i + 1] and c[i + 2]:
        take((i, i + 1, i + 2), "set")
    if c[i] >= 2:
        take((i, i), "pair")
        take((i, i), "partial")
    if suited and i + 1 < n and c[i + 1]:
        take((i, i + 1), "partial")
    if suited and i + 2 < n and c[i + 2]:
        take((i, i + 2), "partial")
    take((i,), "single")
    _SPLITS[key] = out
    return out


def regular_split_of_counts(counts, n_melds: int = 0) -> dict:
    """One split of a hand's concealed tiles that gives its regular-form shanten (基本和型):
    ``{"shanten", "sets", "partials", "pair", "singles"}``, each group a tuple of tile indices.

    The count is the one :func:`regular_shanten_of_counts` makes: shanten = 8 - 2 x sets (declared
    melds included) - partial sets (at most 4 - sets of them count) - 1 if there is a pair. Among
    the best splits it prefers more sets, then a pair. For teaching: the hot paths never call it.

    """
    _check(counts, n_melds)
    return _regular_split(counts, n_melds)


def _regular_split(counts, n_melds: int) -> dict:
    """:func:`regular_split_of_counts` without the tile-count check (the knitted straight's rest)."""
    groups = [(tuple(counts[0:9]), 0, True), (tuple(counts[9:18]), 9, True), (tuple(counts[18:27]), 18, True)]
    groups += [((counts[k],), k, False) for k in range(27, 34) if counts[k]]
    combos = [((0, 0, 0), ((), (), None, ()))]
    for c, base, suited in groups:
        nxt: dict = {}
        for (m, t, p), (sets, parts, pair, singles) in combos:
            for (m2, t2, p2), (s2, pa2, pr2, si2) in _suit_splits(c, suited).items():
                if p and p2:
                    continue
                k = (m + m2, t + t2, p + p2)
                if k in nxt:
                    continue
                shift = lambda g: tuple(base + x for x in g)  # noqa: B023 (called only in this iteration)
                nxt[k] = (sets + tuple(shift(g) for g in s2), parts + tuple(shift(g) for g in pa2),
                          pair if pr2 is None else shift(pr2), singles + shift(si2))
        combos = list(nxt.items())
    best = None
    for (m, t, p), split in combos:
        s = n_melds + m
        if s > 4:
            continue
        value = 2 * s + min(t, 4 - s) + p
        key = (value, s, p, -t)
        if best is None or key > best[0]:
            best = (key, split)
    (value, *_), (sets, parts, pair, singles) = best
    return {"shanten": 8 - value, "sets": sets, "partials": parts, "pair": pair, "singles": singles}


def connectedness(c, i: int) -> int:
    """How connected tile ``i`` is in the counts ``c``: copies held, neighbours within two ranks,
    less one for a terminal (lower: the tile to let go first). The computer players and the coach
    break ties between discards with it."""
    n = c[i] * 3
    if i < 27:
        r = i % 9
        for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= r + d <= 8:
                n += w * c[i + d]
        if r in (0, 8):
            n -= 1
    return n
