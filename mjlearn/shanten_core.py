"""Shanten (向听数): how many tiles a hand is from ready, over the five MCR winning forms.

The core works on 34-count arrays (concealed tiles; declared melds are only counted) and is
written for speed, because computer players call it in their hot loop::

    shanten_of_counts(counts34, n_melds)  ->  -1 complete, 0 ready (听牌), 1, 2, ... 8

It agrees with the reference calculator's ``MahjongShanten`` on every 13-tile hand: the regular
form uses the usual "8 - 2 x sets - partial sets - pair" count with at most four sets and partial
sets together; seven pairs count four of a kind as two pairs (MCR); a tile whose four copies are
all in the hand still counts as a formal wait. A 14-tile hand gets -1 when complete and otherwise
the shanten of the best discard.

This module is the door: the shanten over all forms, each form alone, waits, useful tiles and the
split behind a regular shanten. How it is fast lives below it: :mod:`mjlearn.shanten_suits` (each
suit's trade-offs decomposed once and cached by its nine counts; the forms' values combined from
them) and :mod:`mjlearn.shanten_around` (:class:`RegularAround`, for the computer players, who ask
about every hand one tile away from their own: a tile changes one suit, so the other groups are
combined once). Nothing is built at import.

>>> from mjlearn import parse_hand
>>> shanten_of_counts(parse_hand("1112345678999m").counts)
0
>>> shanten_of_counts(parse_hand("19m19p19sESWNCFF").counts)
0
"""

from __future__ import annotations

from .errors import InvalidHandError
from .shanten_around import RegularAround
from .shanten_suits import (
    KNIT_ORDER,
    check_counts,
    knit_indices,
    knitted_rest,
    regular_value,
    suit_entries,
    with_special_forms,
)
from .shapes import is_complete
from .tiles import KNITTED_SUIT_ORDERS, ORPHAN_INDICES

__all__ = [
    "RegularAround",
    "form_shanten_of_counts",
    "honors_and_knitted_shanten_of_counts",
    "knitted_straight_shanten_of_counts",
    "near_tiles",
    "regular_shanten_of_counts",
    "regular_split_of_counts",
    "seven_pairs_shanten_of_counts",
    "shanten_of_counts",
    "thirteen_orphans_shanten_of_counts",
    "useful_tiles_of_counts",
    "waits_of_counts",
]

# The six knitted straights as (suit base for ranks 147, for 258, for 369).
_KNIT_PERMS = KNITTED_SUIT_ORDERS
_ORPHANS = ORPHAN_INDICES


# --- public core ------------------------------------------------------------------------------


def shanten_of_counts(counts, n_melds: int = 0) -> int:
    """Shanten over all five forms of 34 concealed counts plus ``n_melds`` declared melds.

    -1: complete (14 tiles); 0: ready (听牌); k: k useful draws from ready. The hand has 13 or 14
    tiles with melds counted as three; anything else raises :class:`InvalidHandError`.
    """
    check_counts(counts, n_melds)
    a, b, c = suit_entries(counts)
    honors = counts[27:34]
    best = 8 - regular_value(a, b, c, honors, n_melds)
    if best < 0 or n_melds > 1:
        return best
    return with_special_forms(counts, n_melds, best, a, b, c)


# --- one form at a time, for teaching ------------------------------------------------------------


def regular_shanten_of_counts(counts, n_melds: int = 0) -> int:
    """基本和型 Regular form (four sets and a pair) only."""
    check_counts(counts, n_melds)
    a, b, c = suit_entries(counts)
    return 8 - regular_value(a, b, c, counts[27:34], n_melds)


def seven_pairs_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """七对 Seven Pairs only (four of a kind counts as two pairs); None with declared melds."""
    check_counts(counts, n_melds)
    if n_melds:
        return None
    return 6 - sum(x >> 1 for x in counts)


def thirteen_orphans_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """十三幺 Thirteen Orphans only; None with declared melds."""
    check_counts(counts, n_melds)
    if n_melds:
        return None
    kinds = sum(1 for i in _ORPHANS if counts[i])
    pair = any(counts[i] >= 2 for i in _ORPHANS)
    return 13 - kinds - pair


def honors_and_knitted_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """全不靠 Honors and Knitted Tiles only; None with declared melds."""
    check_counts(counts, n_melds)
    if n_melds:
        return None
    hd = sum(1 for x in counts[27:34] if x)
    return 13 - hd - max(sum(1 for i in knit_indices(p) if counts[i]) for p in _KNIT_PERMS)


def knitted_straight_shanten_of_counts(counts, n_melds: int = 0) -> int | None:
    """组合龙 Knitted Straight (with a set and a pair) only; None with two or more melds."""
    check_counts(counts, n_melds)
    if n_melds > 1:
        return None
    best = None
    for p in _KNIT_PERMS:
        have = sum(1 for i in knit_indices(p) if counts[i])
        s = (9 - have) + knitted_rest(counts, p, n_melds)
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
    if check_counts(counts, n_melds) != 13:
        raise InvalidHandError("waits are asked of a 13-tile hand (melds count as three); this one has 14")
    c = list(counts)
    a, b, cc = suit_entries(c)
    knit_max = max(a[2][i] + b[2][j] + cc[2][k] for i, j, k in KNIT_ORDER)
    out = set()
    if regular_value(a, b, cc, c[27:34], n_melds) == 8:  # regular form ready
        for t in near_tiles(c):
            c[t] += 1
            a, b, cc = suit_entries(c)
            if regular_value(a, b, cc, c[27:34], n_melds) == 9:
                out.add(t)
            c[t] -= 1
    if n_melds == 0:
        if seven_pairs_shanten_of_counts(c) == 0:  # the odd tile out pairs up
            out.update(t for t in range(34) if c[t] & 1)
        if thirteen_orphans_shanten_of_counts(c) == 0:
            paired = any(c[i] >= 2 for i in _ORPHANS)
            out.update(i for i in _ORPHANS if not (paired and c[i]))
        hd = sum(1 for x in c[27:34] if x)
        if hd + knit_max >= 13:
            for p in _KNIT_PERMS:  # honors and knitted tiles
                idx = knit_indices(p)
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
    if check_counts(counts, n_melds) != 13:
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
    a, b, cc = suit_entries(c)
    honors = c[27:34]
    best = 8 - regular_value(a, b, cc, honors, n_melds)
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
        out: dict = {(0, 0, 0): ((), (), None, ())}
        _SPLITS[key] = out
        return out
    out = {}
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
    the best splits it prefers one with a pair (a beginner looks for the pair of a hand holding
    one), then more sets. For teaching: the hot paths never call it.

    """
    check_counts(counts, n_melds)
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
                nxt[k] = (
                    sets + tuple(shift(g) for g in s2),
                    parts + tuple(shift(g) for g in pa2),
                    pair if pr2 is None else shift(pr2),
                    singles + shift(si2),
                )
        combos = list(nxt.items())
    best = None
    for (m, t, p), split in combos:
        s = n_melds + m
        if s > 4:
            continue
        value = 2 * s + min(t, 4 - s) + p
        key = (value, p, s, -t)  # a pair first: a beginner looks for the pair of a hand holding one
        if best is None or key > best[0]:
            best = (key, split)
    (value, *_), (sets, parts, pair, singles) = best  # type: ignore[misc]  # some split fits a hand of at most four melds
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
