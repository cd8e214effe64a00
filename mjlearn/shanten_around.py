"""The regular-form shanten of a hand and of every hand one tile away from it, for the computer
players' loops (:class:`RegularAround`, also importable from :mod:`mjlearn.shanten_core`).

A computer player asks for the regular shanten of many hands that differ from one hand by a single
tile: each discard it could make, each tile it could draw. One tile changes one group (a suit, or the
honors), so the other three groups are merged once and each hand then costs a few look-ups. The
groups' trade-offs are those of :mod:`mjlearn.shanten_suits`.
"""

from __future__ import annotations

import threading

from .shanten_suits import SUIT_ENTRIES, run_points, split_points, suit_entry, trim, with_special_forms

__all__ = ["RegularAround"]


# A group's "frontier" is the pair (points without the pair, points with the pair): the Pareto-best
# (sets, 2 x sets + partial sets) of that group, as in a suit entry. The value
# ``min(2n + U, n + 4 + M, 8) + pair`` only grows with the sets M and the points U, so keeping the
# Pareto-best sums of merged groups gives exactly the maximum that regular_value finds.
#
# There are few distinct frontiers (a few hundred), so each gets a small int id when first met, and
# merges and values are cached by ids. Every cache here is keyed by counts or ids alone, never by a
# hand in play, so nothing is ever invalidated; like the suit entries they grow with the patterns met.

_FRONTIERS: list[tuple] = []  # id -> frontier
_FRONTIER_IDS: dict[tuple, int] = {}  # frontier -> id
_GROUP_IDS: dict[tuple, int] = {}  # a suit's 9 counts or the 7 honor counts -> frontier id
_RUN_IDS: dict[tuple, int] = {}  # a suit's run of counts (see run_points) -> frontier id
_RUN_FEWER: dict[tuple, tuple] = {}  # a run -> (place, id with one fewer there) for places held
_RUN_MORE: dict[tuple, dict] = {}  # a run -> {place: id with one more there, or -1 if not near}
_FEWER_IDS: dict[tuple, tuple] = {}  # the same keys -> (kind, id with one fewer of it) for kinds held
_MORE_IDS: dict[tuple, tuple] = {}  # the same keys -> (kind, id with one more of it) near the group
_MERGED: dict[tuple, int] = {}  # (id, id) -> id of the two taken together
_VALUES: dict[tuple, dict] = {}  # (id of three merged groups, declared melds) -> {id: value}
_RESTS: dict[tuple, tuple] = {}  # (the four group ids, declared melds) -> RegularAround.rests


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
                _FRONTIERS.append(frontier)  # in the list before its id is published
                got = _FRONTIER_IDS[frontier] = len(_FRONTIERS) - 1
    return got


def _honor_frontier(honors: tuple) -> tuple:
    """The frontier of the seven honor counts, read as regular_value reads them (pungs are sets,
    pairs partial sets, the pair from a pair, else a four, else a pung)."""
    hm = sum(1 for x in honors if x >= 3)
    ht = sum(1 for x in honors if x == 2)
    hu = 2 * hm + ht
    with_pair: tuple[tuple[int, int], ...]
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
            got = _run_id(trim(key))
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
        got = _RUN_IDS.get(run[::-1])  # its mirror has the same frontier (see run_points)
        if got is None:
            got = _frontier_id(split_points(run_points(run)))
        _RUN_IDS[run] = got
    return got


def _run_at(key: tuple) -> tuple:
    """(rank of the first tile, the run) of a suit's nine counts; (0, ()) for an empty suit."""
    p = 0
    while p < 9 and not key[p]:
        p += 1
    return p, trim(key[p:])


def _run_fewer(run: tuple) -> tuple:
    """(place in the run, id of the run with one tile fewer there) for each place with a tile."""
    got = _RUN_FEWER.get(run)
    if got is None:
        got = _RUN_FEWER[run] = tuple(
            (r, _run_id(trim(run[:r] + (run[r] - 1,) + run[r + 1 :]))) for r in range(len(run)) if run[r]
        )
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
            elif any(run[max(0, r - 2) : r + 3]):
                more = run[:r] + (run[r] + 1,) + run[r + 1 :]
            else:
                more = None  # no tile of the run within two ranks
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
            got = tuple((r, _group_id(key[:r] + (key[r] - 1,) + key[r + 1 :])) for r in range(7) if key[r])
        _FEWER_IDS[key] = got
    return got


def _near_more_ids(key: tuple) -> tuple:
    """(kind, id of the group with one more tile of it) for each kind near the group's tiles: a
    suited kind within two ranks of a tile held, an honor held (the tiles of
    :func:`~mjlearn.shanten_core.near_tiles`)."""
    got = _MORE_IDS.get(key)
    if got is None:
        if len(key) == 9:
            p, run = _run_at(key)
            got = tuple((p + r, x) for r, x in _run_more(run, p)) if run else ()
        else:
            got = tuple((r, _group_id(key[:r] + (key[r] + 1,) + key[r + 1 :])) for r in range(7) if key[r])
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
        pair = _pareto2([(a + c, b + d) for a, b in x1 for c, d in y0] + [(a + c, b + d) for a, b in x0 for c, d in y1])
        got = _MERGED[(x, y)] = _frontier_id((no_pair, pair))
    return got


def _values_with(rest: int, n: int) -> dict:
    """{group id: regular_value of that group with the merged others ``rest``} for ``n`` declared
    melds, filled in as values are asked for (:func:`_value`)."""
    got = _VALUES.get((rest, n))
    if got is None:
        got = _VALUES[(rest, n)] = {}
    return got


def _value(x: int, rest: int, n: int, values: dict) -> int:
    """regular_value of a hand made of two frontiers (one group and the three others merged),
    stored in ``values`` (the dict of :func:`_values_with` for ``rest`` and ``n``)."""
    (x0, x1), (y0, y1) = _FRONTIERS[x], _FRONTIERS[rest]
    got = 0
    for (m, u), (m2, u2), pair in (
        [(p, q, 0) for p in x0 for q in y0] + [(p, q, 1) for p in x0 for q in y1] + [(p, q, 1) for p in x1 for q in y0]
    ):
        got = max(got, min(2 * n + u + u2, n + 4 + m + m2, 8) + pair)
    values[x] = got
    return got


class RegularAround:
    """Regular-form shanten (as :func:`~mjlearn.shanten_core.regular_shanten_of_counts`) of
    ``counts`` and of the hands one tile away from it: :meth:`without` a tile (a discard),
    :meth:`with_tile` one more (a draw), or all of them at once (:meth:`discards`,
    :meth:`draws_below`).

    The counts are read once, when the object is made; the computer players make one per hand and
    ask it about every tile. No counts are checked: the caller passes a hand of 13 or 14 tiles.

    >>> from mjlearn import parse_hand
    >>> from mjlearn.shanten_core import regular_shanten_of_counts, waits_of_counts
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

    __slots__ = ("ids", "keys", "n", "rests")
    keys: tuple[tuple[int, ...], ...]

    def __init__(self, counts, n_melds: int = 0) -> None:
        self.n = n_melds
        self.keys = keys = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
        """The counts of each group: the three suits and the honors."""
        get = _GROUP_IDS.get  # the cache first: a call only for a group not met before
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
            if rests is None:  # the four at once, from two merged pairs of groups
                a, b, c, h, n = key
                ab, ch = _merged(a, b), _merged(c, h)
                ra, rb, rc, rh = _merged(b, ch), _merged(a, ch), _merged(ab, h), _merged(ab, c)
                rests = _RESTS[key] = (
                    (ra, _values_with(ra, n)),
                    (rb, _values_with(rb, n)),
                    (rc, _values_with(rc, n)),
                    (rh, _values_with(rh, n)),
                )
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
        """The shanten of the counts over all five forms (as
        :func:`~mjlearn.shanten_core.shanten_of_counts`), or ``at_most`` when it is no lower: a caller
        that only asks "ready or not" passes 1, and forms that cannot come below it are not worked
        out."""
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
        return with_special_forms(
            k[0] + k[1] + k[2] + k[3], self.n, at_most, *[SUIT_ENTRIES.get(key) or suit_entry(key) for key in k[:3]]
        )

    def without(self, i: int) -> int:
        """The shanten with one tile ``i`` fewer (``i`` is held)."""
        g = i // 9 if i < 27 else 3
        key = self.keys[g]
        r = i - 9 * g
        return self._shanten_of(g, _group_id(key[:r] + (key[r] - 1,) + key[r + 1 :]))

    def with_tile(self, t: int) -> int:
        """The shanten with one more tile ``t``."""
        g = t // 9 if t < 27 else 3
        key = self.keys[g]
        r = t - 9 * g
        return self._shanten_of(g, _group_id(key[:r] + (key[r] + 1,) + key[r + 1 :]))

    def less(self, i: int) -> RegularAround:
        """The same for the hand with one tile ``i`` fewer (``i`` is held), sharing the groups
        that do not change."""
        g = i // 9 if i < 27 else 3
        key = self.keys[g]
        r = i - 9 * g
        fewer = key[:r] + (key[r] - 1,) + key[r + 1 :]
        out = RegularAround.__new__(RegularAround)
        out.n = self.n
        out.keys = self.keys[:g] + (fewer,) + self.keys[g + 1 :]
        out.ids = list(self.ids)
        out.ids[g] = _group_id(fewer)
        out.rests = None
        return out

    def discards(self, all_forms: bool = False, lowest_of=None) -> list:
        """For each of the 34 kinds, the shanten with one tile of it fewer (None for a kind not
        held): :meth:`without` for every tile, a group at a time. ``all_forms``: over all five forms,
        as :func:`~mjlearn.shanten_core.shanten_of_counts` of each hand.

        ``lowest_of`` (kinds held, with ``all_forms``): only the lowest shanten among these kinds is
        wanted, and which of them have it. The special forms are then worked out for these kinds
        only, and only where they could come to the lowest so far: a kind above the lowest may
        come back as any number above it, a kind not among them as its regular-form shanten."""
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
            entries = [SUIT_ENTRIES.get(k) or suit_entry(k) for k in keys[:3]]
            low = 8  # with lowest_of: the lowest so far (no kind is worked out above it)
            for i in range(34) if lowest_of is None else lowest_of:
                regular = out[i]
                if regular is None or regular < 0:
                    continue
                counts[i] -= 1
                e = list(entries)
                if i < 27:
                    g = i // 9
                    key = tuple(counts[9 * g : 9 * g + 9])
                    e[g] = SUIT_ENTRIES.get(key) or suit_entry(key)
                if lowest_of is None:
                    out[i] = with_special_forms(counts, n, regular, *e)
                else:
                    out[i] = v = with_special_forms(counts, n, min(regular, low + 1), *e)
                    if v < low:
                        low = v
                counts[i] += 1
        return out

    def draws_below(self, shanten: int) -> list[int]:
        """The tiles near the hand (those of :func:`~mjlearn.shanten_core.near_tiles`) whose draw
        leaves a shanten below ``shanten``, in canonical order: :meth:`with_tile` for each, a group
        at a time."""
        out = []
        need = 8 - shanten  # the value a draw must beat
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
