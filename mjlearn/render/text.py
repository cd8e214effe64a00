"""Tiles drawn with text, for terminals (the Unicode mahjong glyphs need special fonts, so they are
not used): the face as a learner sees it on a real tile, in a small box.

>>> print("\\n".join(tile_face("9m")))
┌──┐
│九│
│萬│
└──┘
>>> print("\\n".join(tile_face("5p")))
┌───┐
│● ●│
│ ● │
│● ●│
└───┘
"""

from __future__ import annotations

from ..tiles import tile as as_tile

_NUMERALS = "一二三四五六七八九"
_HONOR_FACE = {"E": "東", "S": "南", "W": "西", "N": "北", "C": "中", "F": "發", "P": "▯"}
_FLOWER_FACE = {"a": "春", "b": "夏", "c": "秋", "d": "冬", "e": "梅", "f": "蘭", "g": "竹", "h": "菊"}

# Pip layouts on a 3-wide grid, row by row ("x" = a pip), the traditional arrangements simplified.
_PIPS = {
    1: ["   ", " x ", "   "],
    2: [" x ", "   ", " x "],
    3: ["x  ", " x ", "  x"],
    4: ["x x", "   ", "x x"],
    5: ["x x", " x ", "x x"],
    6: ["x x", "x x", "x x"],
    7: ["xxx", "x x", "x x"],
    8: ["x x", "x x", "x x", "x x"],
    9: ["xxx", "xxx", "xxx"],
}


def _box(rows: list[str], width: int) -> list[str]:
    return ["┌" + "─" * width + "┐", *("│" + r + "│" for r in rows), "└" + "─" * width + "┘"]


def tile_face(tile) -> list[str]:
    """The lines of a boxed text picture of one tile's face."""
    t = as_tile(tile)
    s = str(t)
    if t.is_flower:
        return _box([_FLOWER_FACE[s], str((t.rank - 1) % 4 + 1).center(2)], 2)
    if t.is_honor:
        return _box([_HONOR_FACE[s] if s != "P" else "▯ "], 2)
    if t.suit.value == "m":
        return _box([_NUMERALS[t.rank - 1], "萬"], 2)
    if t.suit.value == "s" and t.rank == 1:
        return _box(["鳥"], 2)  # the one of bamboo is a bird on real tiles
    mark = "●" if t.suit.value == "p" else "|"
    return _box([row.replace("x", mark) for row in _PIPS[t.rank]], 3)
