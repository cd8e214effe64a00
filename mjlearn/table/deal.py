"""Stacking a wall on purpose: the arrangement that deals given hands (for lessons and tests).

The deal takes tiles from fixed places once the dice are known, so any four starting hands can
be produced by putting their tiles where the procedure will take them. Notebooks use this to set
up a claim-priority or kong-robbing situation; tests use it to check the engine on known hands.

>>> from mjlearn.table import Table
>>> from mjlearn.table.deal import stacked_arrangement
>>> hands = ["123456789m12345p", "123456789p1234s", "123456789s1234m", "EEESSSWWWNNNC"]
>>> arr = stacked_arrangement("xian", [(3, 4), (2, 2)], hands, draws=["C"])
>>> t = Table("xian", arrangement=arr, dice=[(3, 4), (2, 2)])
>>> t.hand_of(3)
'EEESSSWWWNNNC'
"""

from __future__ import annotations

from ..notation import parse_tiles
from ..rules.registry import get as _get_rules
from ..tiles import tile as _tile
from .events import TilesDealt
from .play import Table
from .wall import tile_set

__all__ = ["stacked_arrangement"]


def _tiles(x) -> list:
    if isinstance(x, str):
        return list(parse_tiles(x))
    return [_tile(t) for t in x]


def stacked_arrangement(rules, dice, hands, *, draws=(), tail=(), indicator=None) -> tuple[int, ...]:
    """Tile indices in physical wall order such that, with these ``dice``, the deal gives seat
    ``s`` exactly ``hands[s]`` (East 14 tiles, the others 13; fewer in a small game of the ladder), the next live draws are ``draws``
    in order and the first tail (replacement) tiles are ``tail``. Every other tile fills the rest
    of the wall in canonical order. Hands and draws are notation strings or lists of tiles.
    ``indicator``: the tile turned up to show the wild where it comes from the 7th tail stack
    (Beijing 混儿, old Beijing: the wild is the next tile in sequence). For Huopin the indicator is
    the first live tile, ``draws[0]``; for Fuzhou the 金 is the first tail tile, ``tail[0]``."""
    rs = _get_rules(rules)
    cfg = rs.table
    want = [_tiles(h) for h in hands]
    draws, tail = _tiles(draws), _tiles(tail)
    n = rs.table.hand_size
    if len(want) != 4 or [len(h) for h in want] != [n, n - 1, n - 1, n - 1]:
        raise ValueError(
            f"hands must be four: {n} tiles for East, {n - 1} for each other seat; got {[len(h) for h in want]}"
        )
    pool = sorted(tile_set(rs))
    ind = [] if indicator is None else _tiles([indicator] if not isinstance(indicator, str) else indicator)
    if ind and cfg.wild != "tail7_next":
        raise ValueError(
            f"{rs.name} does not turn up a wild indicator from the 7th tail stack; "
            f"use draws[0] (Huopin) or tail[0] (Fuzhou)"
        )
    for t in [x for h in want for x in h] + draws + tail + ind:
        try:
            pool.remove(t.index)
        except ValueError:
            raise ValueError(f"{t} ({t.zh}) is used more often than the {rs.name} set has it") from None
    probe = Table(rs, arrangement=sorted(tile_set(rs)), dice=list(dice), setup=False)
    dealt: list[list[int]] = [[], [], [], []]
    while sum(len(d) for d in dealt) < 4 * n - 3:
        e = probe.step_setup()
        if e is None:  # pragma: no cover - the deal always gives 4 * n - 3 tiles
            raise RuntimeError("the setup ended before the deal was complete")
        if isinstance(e, TilesDealt):
            dealt[e.seat].extend(e.positions)
    w = probe.wall
    by_pos: dict[int, int] = {}
    for s in range(4):
        for p, t in zip(dealt[s], want[s]):
            by_pos[p] = t.index
    if ind:
        by_pos[2 * (len(w.order) - 7)] = ind[0].index
    free = [p for p in range(len(w.tiles)) if p not in by_pos]
    for p, t in zip(free, draws):
        by_pos[p] = t.index
    tail_free = []
    for i in range(len(w.order) - 1, -1, -1):
        tail_free += [p for p in (2 * i, 2 * i + 1) if p not in by_pos]
        if len(tail_free) >= len(tail):
            break
    for p, t in zip(tail_free, tail):
        by_pos[p] = t.index
    rest = iter(sorted(pool, key=lambda i: (i >= 34, i)))  # flowers last, away from the first draws
    arrangement = [0] * len(w.tiles)
    for p in range(len(w.tiles)):
        s, j, layer = w.place(p)
        arrangement[w.physical_index(s, j, layer)] = by_pos[p] if p in by_pos else next(rest)
    return tuple(arrangement)
