"""Tile facts the MCR engine reads, as flat tuples indexed by mjlearn's tile index (0-33).

``REF`` is the tile code of the reference calculator (suit << 4 | rank, with the suits in the order
characters, bamboo, dots, honors). The scorer sorts sets by this code and does the arithmetic of
"shifted" and "same number" fans on it, so that when two equally valued readings or combinations
exist it picks the one the reference picks (documented in :mod:`mjlearn.mcr.scorer`).
"""

from __future__ import annotations

from functools import lru_cache

_SUIT_CODE = (1, 3, 2)  # m, p, s -> the reference's suit numbers (m=1, s=2, p=3)

REF: tuple[int, ...] = tuple(
    [(_SUIT_CODE[i // 9] << 4) | (i % 9 + 1) for i in range(27)] + [0x41 + k for k in range(7)])
"""Reference tile code of each tile index."""

FROM_REF = {c: i for i, c in enumerate(REF)}

SUIT = tuple([i // 9 for i in range(27)] + [3] * 7)
"""0 m, 1 p, 2 s, 3 honors."""
RANK = tuple([i % 9 + 1 for i in range(27)] + [0] * 7)
"""1-9 for suited tiles, 0 for honors."""
IS_WIND = tuple(27 <= i <= 30 for i in range(34))
IS_DRAGON = tuple(i >= 31 for i in range(34))
IS_HONOR = tuple(i >= 27 for i in range(34))
IS_TERMINAL = tuple(i < 27 and i % 9 in (0, 8) for i in range(34))
IS_TERMINAL_OR_HONOR = tuple(IS_TERMINAL[i] or IS_HONOR[i] for i in range(34))
IS_GREEN = tuple(i in (19, 20, 21, 23, 25, 32) for i in range(34))           # 2 3 4 6 8 s, F
IS_REVERSIBLE = tuple(i in (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33) for i in range(34))

WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}

KNITTED = tuple(tuple(sorted(b + k + 3 * j for k, b in enumerate(bases) for j in range(3)))
                for bases in ((0, 9, 18), (0, 18, 9), (9, 0, 18), (9, 18, 0), (18, 0, 9), (18, 9, 0)))
"""The six knitted straights (147/258/369 in three suits) as 9 tile indices."""
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


_SUIT_TABLE: dict | None = None


def suit_table() -> dict:
    """Every count vector of one suit (9 ranks, each at most 5: a hand's 4 plus a tile tried) that
    splits into sets and at most one pair, as ``bytes`` -> its ways (see :func:`suit_ways`).

    Built on first use by listing every multiset of up to four sets (pungs and chows, 4,845) with
    and without each pair, about 0.1 s once; after that a suit's readings and statuses are single
    dictionary look-ups instead of searches. The ways are in the order of the recursive search
    (:func:`_set_splits`, checked by the tests): without a pair first, then by the pair's rank.
    """
    global _SUIT_TABLE
    if _SUIT_TABLE is None:
        from itertools import combinations_with_replacement
        kinds = [(0, r) for r in range(9)] + [(1, r) for r in range(7)]
        kinds.sort(key=lambda k: (k[1], k[0]))          # by rank, a pung before a chow
        table: dict = {}
        for n in range(5):
            for combo in combinations_with_replacement(range(16), n):
                c = [0] * 9
                for x in combo:
                    k, r = kinds[x]
                    if k:
                        c[r] += 1
                        c[r + 1] += 1
                        c[r + 2] += 1
                    else:
                        c[r] += 3
                if max(c) > 5:
                    continue
                sets = tuple(kinds[x] for x in combo)
                table.setdefault(bytes(c), []).append((-1, sets))
                for p in range(9):
                    if c[p] <= 3:
                        c[p] += 2
                        table.setdefault(bytes(c), []).append((p, sets))
                        c[p] -= 2
        for key, ways in table.items():
            ways.sort(key=lambda w: (w[0], [(r, k) for k, r in w[1]]))
            table[key] = tuple(ways)
        _SUIT_TABLE = table
    return _SUIT_TABLE


def suit_status(counts) -> int:
    """For one suit's 9 counts: bit 1 = splits into sets only, bit 2 = into sets and one pair."""
    ways = suit_table().get(bytes(counts))
    if not ways:
        return 0
    return (1 if ways[0][0] < 0 else 0) | (2 if ways[-1][0] >= 0 else 0)


def suit_ways(counts) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every split of one suit's counts into sets and at most one pair.

    Each way is ``(pair_rank0 or -1, ((kind, rank0), ...))`` with kind 0 = pung, 1 = chow.
    """
    return suit_table().get(bytes(counts), ())


def _suit_ways_by_search(counts: tuple[int, ...]):
    """:func:`suit_ways` by recursive search: the definition the table is checked against."""
    out = []
    for sets in _set_splits(counts):
        out.append((-1, sets))
    c = list(counts)
    for r in range(9):
        if c[r] >= 2:
            c[r] -= 2
            for sets in _set_splits(tuple(c)):
                out.append((r, sets))
            c[r] += 2
    return tuple(out)


@lru_cache(maxsize=None)
def _set_splits(counts: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return ((),)
    out = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        out.extend(((0, i),) + rest for rest in _set_splits(tuple(c)))
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out.extend(((1, i),) + rest for rest in _set_splits(tuple(c)))
    return tuple(out)
