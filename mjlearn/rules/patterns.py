"""Pattern predicates several variants share (一条龙, 清一色, 碰碰胡, seven pairs with a quad...) and
the tile cycle a wild indicator points along (the tile after the one turned up).
"""

from __future__ import annotations

from ..errors import RulesError
from ..hand import Hand
from ..shapes import Form, PartKind
from ..tiles import TILES, Tile
from ..tiles import tile as as_tile
from .win import Win

__all__ = ["all_pungs", "claimed_melds", "next_in_cycle", "one_suit", "seven_pairs_quads", "straight_parts"]


_HONOR_CYCLE = (27, 28, 29, 30, 31, 32, 33)  # E S W N C F P, then back to E


def next_in_cycle(t: Tile | str) -> Tile:
    """The tile after ``t``: 1→2 … 9→1 within a suit, E→S→W→N→C→F→P→E for honors (option ``wild_selection``, option
    ``honor_wrap``).

    >>> str(next_in_cycle("9m")), str(next_in_cycle("N")), str(next_in_cycle("P"))
    ('1m', 'C', 'E')
    """
    t = as_tile(t)
    if t.is_flower:
        raise RulesError(
            f"a flower ({t}) has no next tile; turn up the following tile instead  "
            f"（花牌（{t}）没有下一张：请再翻下一张牌）"
        )
    if t.is_suited:
        base = t.index - (t.rank - 1)
        return TILES[base + t.rank % 9]
    k = _HONOR_CYCLE.index(t.index)
    return TILES[_HONOR_CYCLE[(k + 1) % 7]]


def straight_parts(win: Win) -> list[int]:
    """Indices of the three chows 123-456-789 of one suit (一条龙 / 清龙), or [] if none."""
    if win.reading is None:
        return []
    parts = win.reading.parts
    for base in (0, 9, 18):
        found = []
        for start in (base, base + 3, base + 6):
            i = next(
                (
                    k
                    for k, p in enumerate(parts)
                    if p.kind is PartKind.CHOW and p.tiles[0].index == start and k not in found
                ),
                None,
            )
            if i is None:
                break
            found.append(i)
        if len(found) == 3:
            return found
    return []


def seven_pairs_quads(win: Win) -> int:
    """Quads (four of a kind standing as two pairs) in a seven-pairs reading."""
    if win.form is not Form.SEVEN_PAIRS:
        return 0
    tiles = [p.tile for p in win.reading.parts]  # type: ignore[union-attr]  # a seven-pairs win has its reading
    return sum(1 for t in set(tiles) if tiles.count(t) == 2)


def one_suit(win: Win) -> bool:
    """Every tile from one suit, no honors (清一色)."""
    return len(win.suits) == 1 and not win.has_honors


def all_pungs(win: Win) -> bool:
    return win.form is Form.REGULAR and win.pung_count == 4


def claimed_melds(hand: Hand) -> list:
    return [m for m in hand.melds if not m.is_concealed]
