"""A clickable strip of tiles: select, discard, reorder.

>>> from mjlearn.widgets.strip import TileStrip
>>> s = TileStrip("123m456p")
>>> s.handle({"act": "select", "arg": 0}); s.selected
[0]
"""

from __future__ import annotations

import traitlets as t

from ..notation import format_tiles, parse_tiles
from ..tiles import tile as _tile
from ._base import B, MessageError, MjWidget, esc, no_arg, one_of, tile_tag
from ._panels import header

__all__ = ["TileStrip"]


class TileStrip(MjWidget):
    """Tiles in a row. Click a tile to select it (``multi=True`` keeps several selected); the
    buttons discard the selection or move it left and right. ``tiles`` lists them in order and
    ``discards`` what was discarded; observe either with ``strip.observe(fn, "tiles")``."""

    tiles = t.List(t.Unicode()).tag(sync=True)
    selected = t.List(t.Int()).tag(sync=True)
    discards = t.List(t.Unicode()).tag(sync=True)

    def __init__(self, tiles="", *, multi: bool = False, **kw):
        items = parse_tiles(tiles) if isinstance(tiles, str) else [_tile(x) for x in tiles]
        self.multi = multi
        super().__init__(tiles=[str(x) for x in items], **kw)

    messages = {
        **MjWidget.messages,
        "select": {"arg": lambda v: _position(v)},
        "discard": {"arg": no_arg},
        "move": {"arg": one_of("left", "right")},
        "sort": {"arg": no_arg},
    }

    def _act_select(self, arg, msg):
        k = arg
        if not 0 <= k < len(self.tiles):
            raise ValueError(f"no tile at position {k}")
        if k in self.selected:
            self.selected = [i for i in self.selected if i != k]
        else:
            self.selected = sorted(set(self.selected) | {k}) if self.multi else [k]

    def _need_selection(self):
        if not self.selected:
            raise ValueError(B("先点一张牌", "pick a tile first"))

    def _act_discard(self, arg, msg):
        self._need_selection()
        gone = [self.tiles[i] for i in self.selected]
        self.tiles = [x for i, x in enumerate(self.tiles) if i not in set(self.selected)]
        self.discards = self.discards + gone
        self.selected = []

    def _act_move(self, arg, msg):
        self._need_selection()
        step = -1 if arg == "left" else 1
        tiles, sel = list(self.tiles), sorted(self.selected, reverse=step > 0)
        new = []
        for i in sel:
            j = i + step
            if 0 <= j < len(tiles) and j not in new:
                tiles[i], tiles[j] = tiles[j], tiles[i]
                new.append(j)
            else:
                new.append(i)
        self.tiles, self.selected = tiles, sorted(new)

    def _act_sort(self, arg, msg):
        self.tiles = [str(x) for x in sorted(_tile(x) for x in self.tiles)]
        self.selected = []

    def _layout(self) -> str:
        return (
            '<div class="mj-view"><div data-region="head"></div><div class="mj-body">'
            '<div data-region="strip"></div><div data-region="controls"></div></div></div>'
        )

    def _regions(self, live: bool) -> dict:
        sel = set(self.selected)
        cells = "".join(
            f'<button class="mj-st{" mj-sel" if i in sel else ""}" data-act="select" data-arg="{i}">'
            f"{tile_tag(_tile(x), live=live, width=40)}</button>"
            for i, x in enumerate(self.tiles)
        )
        # moving and discarding act on the picked tile: until one is picked they are switched off
        # and say so, instead of looking alive and doing nothing
        off = "" if sel else f' disabled title="{esc(B("先点一张牌", "pick a tile first"))}"'
        b = lambda act, arg, zh, en, dis="": (
            f'<button class="mj-chip" data-act="{act}" data-arg="{arg}"{dis}>{esc(B(zh, en))}</button>'
        )
        hint = (
            ""
            if sel
            else f'<span class="mj-lbl mj-hint">{esc(B("先点一张牌，再移动或打出", "pick a tile first, then move or discard it"))}</span>'
        )
        controls = (
            '<div class="mj-controls">'
            + b("move", "left", "◀ 左移", "◀ left", off)
            + b("move", "right", "右移 ▶", "right ▶", off)
            + b("discard", "", "打出", "discard", off)
            + b("sort", "", "理牌", "sort")
            + hint
            + (
                f'<span class="mj-lbl">{esc(B("已打出", "discarded"))}: '
                f"{esc(format_tiles(_tile(x) for x in self.discards))}</span>"
                if self.discards
                else ""
            )
            + "</div>"
        )
        return {
            "head": header(B("牌列", "Tile strip"), live),
            "strip": f'<div class="mj-strip">{cells}</div>',
            "controls": controls,
        }

    def _text(self) -> str:
        return f"TileStrip({''.join(self.tiles)!r})"

    def _plain_head(self) -> str:
        return f"{B('牌列', 'Tile strip')}: {' '.join(self.tiles)}"


def _position(v) -> int:
    """A tile's position as the strip's buttons send it (data-arg text) or as Python passes it."""
    if isinstance(v, str) and v.isdigit() and len(v) <= 6:
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise MessageError(f"expected a tile position, got {v!r}  （应为牌的位置，收到的是 {v!r}）")
    return v
