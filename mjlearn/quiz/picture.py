"""What a question shows above its answer: the tile or tiles it asks about, the dice of a wall-break
question, and the accessible names they carry for a screen reader.

Which pictures name their tiles, question by question (``tests/test_tile_descriptions.py`` generates
every kind and checks the names a screen reader reads):

- **The tiles are the question** (a kind whose :meth:`~mjlearn.quiz.Kind.figure` is ``"tile"`` or
  ``"tiles"``: "What is this tile called?", "Write these tiles in notation"): the tiles' names and
  notation are the answer, so the picture carries neither (no ``<title>``, no ``data-tile``). Its
  accessible name says what the picture shows instead, from :mod:`mjlearn.render.faces` ("three bamboo
  sticks: one blue, two green"), so a learner who listens reads the same picture as one who looks.
- **A hand is the question** (``"hand"``: is it complete, what does it wait on, what to discard, its
  fans, its total) and the situations written in words (a claim, a table decision): the tiles are
  named, tile by tile. Recognising the tiles is not what these questions ask, and a learner who
  listens needs each tile to reason about the hand's shape. The names say the tiles shown and how they
  are melded, nothing more: never the wait, the form, a fan or a total.
- **Notation written in the prompt** (``read_notation``) is not drawn at all: reading it is the question.
"""

from __future__ import annotations

import re
from html import escape

from ..notation import parse_tiles
from ..render import svg
from ..render.faces import row_label, tile_label

__all__ = ["dice_html", "die_svg", "figure_html", "figure_words", "unnamed"]

TILE_PX = 54
"""The width of the tile a "which tile is this?" question shows."""
ROW_PX = 40
"""The width of each tile of a row the question asks about."""


def unnamed(picture: str, label: str) -> str:
    """A tile drawing that does not name its tiles: when the tiles are the question, their tooltips
    (the SVG ``<title>``) and data attributes would give the answer away. ``label`` (what the picture
    shows, in words) is its accessible name instead."""
    picture = re.sub(r"<title>[^<]*</title>", "", picture)
    picture = re.sub(r'\s(?:data-tile|data-i)="[^"]*"', "", picture)
    return picture.replace("<svg ", f'<svg aria-label="{escape(label, quote=True)}" ', 1)


def figure_words(figure) -> str:
    """What the tiles a question asks about show, in words ("" unless its figure is a tile or a row
    of tiles): the pictures' accessible name, also said with the question by the live region."""
    if figure is None or figure[0] not in ("tile", "tiles"):
        return ""
    return tile_label(figure[1]) if figure[0] == "tile" else row_label(parse_tiles(figure[1]))


def figure_html(figure) -> str:
    """The picture of a question's :meth:`~mjlearn.quiz.Kind.figure` when it is a tile, a row of tiles
    or dice ("" for anything else: a hand is drawn by the widget with its tiles named)."""
    if figure is None:
        return ""
    what, value = figure
    if what == "tile":
        return svg.inline_html(unnamed(svg.tile_svg(value, width=TILE_PX), figure_words(figure)))
    if what == "tiles":
        return svg.inline_html(unnamed(svg.tiles_svg(value, width=ROW_PX), figure_words(figure)))
    if what == "dice":
        return dice_html(value)
    return ""


_PIPS = {
    1: [(2, 2)],
    2: [(1, 1), (3, 3)],
    3: [(1, 1), (2, 2), (3, 3)],
    4: [(1, 1), (3, 1), (1, 3), (3, 3)],
    5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
    6: [(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)],
}
"""Where the pips of each face sit, on a 3 × 3 grid."""


def die_svg(n: int, size: int = 34) -> str:
    """One die showing ``n``, drawn (pips, not an emoji font); the 1 and the 4 have red pips as on
    Chinese dice."""
    colour = "#c62828" if n in (1, 4) else "#222"
    r = 3.2 if n != 1 else 4.6
    pips = "".join(
        f"<circle cx='{6 + (x - 1) * 10}' cy='{6 + (y - 1) * 10}' r='{r}' fill='{colour}'/>" for x, y in _PIPS[n]
    )
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='mjlearn-die' data-pips='{n}' role='img' "
        f"aria-label='{n}' width='{size}' height='{size}' viewBox='-2 -2 36 36' style='margin-right:4px'>"
        f"<rect x='-1' y='-1' width='34' height='34' rx='6' fill='#fffdf6' stroke='#444' stroke-width='1.2'/>"
        f"<g>{pips}</g></svg>"
    )


def dice_html(throws) -> str:
    """The throws of a wall-break question, each a row of dice with who throws and the total."""
    who = [("庄家掷", "the dealer's throw"), ("再掷（数到的那家）", "the second throw (the player counted to)")]
    rows = []
    for i, throw in enumerate(throws):
        zh, en = who[min(i, 1)] if len(throws) > 1 else who[0]
        rows.append(
            f"<div class='mjlearn-dice' style='margin:4px 0'>"
            f"{''.join(svg.inline_html(die_svg(int(n)), vertical_align='middle') for n in throw)}"
            f"<span style='margin-left:6px'>{escape(zh)} {escape(en)}</span></div>"
        )
    return "".join(rows)
