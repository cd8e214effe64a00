"""Shared helpers for the benchmarks and the differential tests against PyMahjongGB.

PyMahjongGB (``import MahjongGB``) is a test oracle only: this module converts mjlearn values to
its input format but never imports it, so the package stays free of it.

PyMahjongGB's tile strings: ``W1``-``W9`` characters (万), ``B1``-``B9`` dots (饼), ``T1``-``T9``
bamboo (条), ``F1``-``F4`` winds E S W N, ``J1``-``J3`` dragons C F P (中 发 白). A pack is
``("CHI" | "PENG" | "GANG", tile, offer)``: the middle tile for a chow; ``offer`` 0-3 where for a
chow it is which tile was claimed (1-3) and for a pung or kong the seat it came from (1 left,
2 opposite, 3 right; 0 = concealed kong).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

# run from a checkout without installing: `python benchmarks/bench_shanten.py`
_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from mjlearn.hand import Hand, Meld, MeldKind
from mjlearn.tiles import TILES

__all__ = [
    "GB_INDEX",
    "GB_TILE",
    "deal_counts",
    "deal_hand",
    "gb_counts",
    "gb_hand",
    "gb_pack",
    "gb_packs",
    "gb_tile",
    "gb_tiles",
    "new_wall",
    "random_hands",
    "random_melded_hands",
    "random_winning_hands",
    "report_line",
    "time_per_call",
]

GB_TILE: tuple[str, ...] = tuple(
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]
)
"""PyMahjongGB's string for each mjlearn tile index 0-33 (m, p, s, E S W N, C F P)."""

GB_INDEX: dict[str, int] = {s: i for i, s in enumerate(GB_TILE)}
"""mjlearn tile index of each PyMahjongGB tile string."""


def gb_tile(t) -> str:
    """PyMahjongGB string of a Tile or index."""
    return GB_TILE[t if isinstance(t, int) else t.index]


def gb_tiles(tiles) -> tuple[str, ...]:
    return tuple(gb_tile(t) for t in tiles)


def gb_counts(counts) -> tuple[str, ...]:
    """34 counts as PyMahjongGB standing tiles."""
    return tuple(GB_TILE[i] for i, n in enumerate(counts) for _ in range(n))


def gb_pack(m: Meld) -> tuple[str, str, int]:
    """One meld as a PyMahjongGB pack."""
    if m.kind is MeldKind.CHOW:
        return ("CHI", gb_tile(m.tiles[1]), m.offer if m.offer is not None else 1)
    seat = m.from_seat
    if m.kind is MeldKind.PUNG:
        return ("PENG", gb_tile(m.tile), seat if seat is not None else 1)
    return ("GANG", gb_tile(m.tile), 0 if m.is_concealed else seat)


def gb_packs(hand: Hand) -> tuple:
    return tuple(gb_pack(m) for m in hand.melds)


def gb_hand(hand: Hand):
    """(packs, standing tiles, win tile or None) for PyMahjongGB, from an mjlearn Hand.

    The standing tiles are the concealed tiles without the winning tile, as
    ``MahjongFanCalculator(pack, hand, winTile, ...)`` and ``MahjongShanten(pack, hand)`` take them.
    """
    win = gb_tile(hand.win_tile) if hand.win_tile is not None else None
    return gb_packs(hand), gb_tiles(hand.concealed), win


# --- dealing ---------------------------------------------------------------------------------------


def new_wall(rng: random.Random) -> list[int]:
    """The 136 tiles (four of each of the 34 kinds) as indices, shuffled."""
    wall = [i for i in range(34) for _ in range(4)]
    rng.shuffle(wall)
    return wall


def deal_counts(rng: random.Random, n: int = 13) -> list[int]:
    """34 counts of ``n`` tiles dealt from a freshly shuffled wall."""
    c = [0] * 34
    for i in new_wall(rng)[:n]:
        c[i] += 1
    return c


def deal_hand(rng: random.Random, n: int = 13) -> Hand:
    """A concealed hand of ``n`` (13 or 14) tiles dealt from a shuffled wall."""
    return Hand((), tuple(TILES[i] for i in new_wall(rng)[:n]))


def random_hands(seed: int, count: int, n: int = 13) -> list[list[int]]:
    """``count`` count arrays of ``n`` tiles each, dealt from walls shuffled with ``seed``."""
    rng = random.Random(seed)
    return [deal_counts(rng, n) for _ in range(count)]


def random_melded_hands(seed: int, count: int, n_tiles: int = 13) -> list[Hand]:
    """Hands with 0-4 declared melds (chows, pungs, melded and concealed kongs) and the rest dealt
    from the same shuffled wall, ``n_tiles`` (13 or 14) tiles with kongs as three."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        wall = new_wall(rng)
        n_melds = rng.randint(0, 4)
        melds = []
        for _ in range(n_melds):
            m = _take_meld(rng, wall)
            if m is not None:
                melds.append(m)
        rest = n_tiles - 3 * len(melds)
        out.append(Hand(tuple(melds), tuple(TILES[i] for i in wall[:rest])))
    return out


def _take_meld(rng: random.Random, wall: list[int]) -> Meld | None:
    """Take a random meld's tiles out of the wall (None if the wall cannot give the one drawn)."""
    kind = rng.choice(("chow", "chow", "pung", "kong"))
    if kind == "chow":
        start = rng.choice([s * 9 + r for s in range(3) for r in range(7)])
        need = [start, start + 1, start + 2]
    else:
        start = rng.randrange(34)
        need = [start] * (4 if kind == "kong" else 3)
    pool = list(wall)
    for t in need:
        if t not in pool:
            return None
        pool.remove(t)
    wall[:] = pool
    t = TILES[start]
    if kind == "chow":
        return Meld(MeldKind.CHOW, t, rng.choice((None, 1, 2, 3)))
    if kind == "pung":
        return Meld(MeldKind.PUNG, t, rng.choice((None, 1, 2, 3)))
    return Meld(MeldKind.KONG, t, rng.choice((None, 1, 2, 3, 5, 6, 7)))


def random_winning_hands(seed: int, count: int) -> list[list[int]]:
    """``count`` complete concealed regular hands (four sets and a pair) as 14-tile count arrays,
    built from random sets that respect four copies of each tile."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        c = [0] * 34
        ok = True
        for _ in range(4):
            if rng.random() < 0.6:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                for k in (s, s + 1, s + 2):
                    c[k] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if max(c) <= 4 and ok:
            out.append(c)
    return out


# --- timing ----------------------------------------------------------------------------------------


def time_per_call(fn, items, repeat: int = 3) -> float:
    """Best of ``repeat`` passes of ``fn(item)`` over ``items``: seconds per call."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t0)
    return best / len(items)


def report_line(name: str, ours: float, theirs: float) -> str:
    """One line: per-call times and calls per second of mjlearn and the reference, and the ratio
    of throughputs (mjlearn / reference: 1.0 = as fast, 0.1 = a tenth)."""
    return (
        f"{name:<34} mjlearn {ours * 1e6:8.2f} us ({1 / ours:9.0f}/s)   "
        f"PyMahjongGB {theirs * 1e6:8.2f} us ({1 / theirs:9.0f}/s)   ratio {theirs / ours:5.2f}"
    )
