"""SVG of tiles, melds and hands, drawn from mjlearn's own path-only tile art.

Pure functions returning strings, in the manner of python-chess's ``chess.svg``. The art
(``tile_art.json``, made by ``tools/make_tile_art.py``) is read once, on first use. Nothing here
needs a font or the network to display: every character is an outline.

>>> from mjlearn import parse_hand
>>> svg = hand_svg(parse_hand("[123m,2][EEE,3][5555p]456s9s+9s"))
>>> svg.startswith("<svg") and "<text" not in svg
True

Layout of a hand, left to right: melds in the order they were made, concealed tiles, a gap, the
winning tile, a gap, flowers. In an exposed meld the claimed tile lies sideways at
``Meld.claimed_position`` (left seat: first, opposite: middle, right: last; a chow keeps the run
in order and turns the claimed tile where it sits); an added kong (加杠) shows the added tile
stacked on the sideways one. A concealed kong (暗杠) shows its outer two tiles face down and the
middle two face up, so the kind stays readable.

Each tile is a ``<g class="mj-tile" data-i="k" data-tile="5m">``: ``k`` counts tiles in hand order
(``Hand.tiles()`` order, kongs as four tiles, then flowers), so a widget or a fan breakdown can
find and ``highlight`` them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from html import escape, unescape
from pathlib import Path

from ..hand import MeldKind, as_hand
from ..i18n import both
from ..notation import parse_meld, parse_tiles
from ..tiles import TILES, Tile
from ..tiles import tile as as_tile

__all__ = [
    "HIGHLIGHT",
    "Picture",
    "describe_hand",
    "describe_meld",
    "figures",
    "hand_svg",
    "inline_html",
    "meld_svg",
    "seats_picture",
    "side_by_side",
    "tile_html",
    "tile_sheet_html",
    "tile_sheet_svg",
    "tile_svg",
    "tiles_svg",
]

HIGHLIGHT = "#f59e0b"
"""Default outline colour of highlighted tiles (amber: distinct from the red, green and blue art)."""

_ART_FILE = Path(__file__).with_name("tile_art.json")

# Geometry in art units: the face is 60 x 80; under it the tile's thickness shows as a band of
# DEPTH units (ivory body, then the green back), and a soft shadow falls down and to the right.
FW, FH = 60, 80
DEPTH = 6
SHADOW = 2.5
CELL_W, CELL_H = FW + SHADOW, FH + DEPTH + SHADOW  # upright tile
SIDE_W, SIDE_H = FH + SHADOW, FW + DEPTH + SHADOW  # tile turned sideways
TILE_GAP = 1.5  # between tiles of one group
GROUP_GAP = 10  # between melds, and between the melds and the concealed tiles
APART_GAP = 18  # before the winning tile and before the flowers
PAD = 3  # around the whole drawing (room for highlight outlines)
_FIT = "max-width:100%;height:auto"  # a row wider than its box (a phone) is drawn smaller, never cut off

TOUCH_STYLE = (
    "<style>@media (max-width: 640px), (pointer: coarse) {"
    " .mjlearn-quiz .widget-text input { min-height: 44px; }"
    " .mjlearn-quiz .widget-radio-box label, .mjlearn-quiz .widget-checkbox label {"
    " min-height: 44px; display: flex; align-items: center; } }</style>"
)
"""A style for a quiz (drawn by ipywidgets): its text box and choices are 44 px high, a finger's
target (WCAG 2.5.5), on a phone or a touch screen."""

IVORY = "#fbf8ee"
BODY = "#e7dcbc"
EDGE = "#b9a983"
BACK = "#1f7a4c"
BACK_EDGE = "#145233"


@cache
def _art() -> dict:
    with open(_ART_FILE, encoding="utf-8") as f:
        return json.load(f)


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


# --- one tile ---------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _tile_body(index: int, sideways: bool, face_down: bool) -> str:
    """The drawing of one tile at the origin (shadow, thickness, face, art), cached per kind."""
    art = _art()
    w, h = (FH, FW) if sideways else (FW, FH)
    # Face up: ivory body whose lower edge shows the green back; face down: the green back on
    # top and the ivory face layer showing below it.
    under, top = (IVORY, BACK) if face_down else (BACK, BODY)
    parts = [
        f'<rect x="{SHADOW}" y="{SHADOW + 1}" width="{w}" height="{h + DEPTH}" rx="7" fill="#000" fill-opacity=".22"/>',
        f'<rect y="2" width="{w}" height="{h + DEPTH}" rx="7" fill="{under}" stroke="{BACK_EDGE if not face_down else EDGE}" stroke-width=".8"/>',
        f'<rect width="{w}" height="{h + DEPTH / 2}" rx="7" fill="{top}" stroke="{EDGE if not face_down else BACK_EDGE}" stroke-width=".8"/>',
    ]
    if face_down:
        content = art["back"]
        parts.append(f'<rect x=".6" y=".6" width="{w - 1.2}" height="{h - 1.2}" rx="6.5" fill="{BACK}"/>')
    else:
        content = art["faces"][str(TILES[index])]
        parts.append(f'<rect x="1.2" y="1" width="{w - 2.4}" height="{h - 2}" rx="6" fill="{IVORY}"/>')
    if sideways:
        parts.append(f'<g transform="translate(0 {FW}) rotate(-90)">{content}</g>')
    else:
        parts.append(content)
    return "".join(parts)


def _tile_label(t) -> str:
    return f"{t} {t.zh} {t.en}"


def _tile_g(t, x: float, y: float, i: int | None, sideways=False, face_down=False, hl: str | None = None) -> str:
    di = f' data-i="{i}"' if i is not None else ""
    cls = "mj-tile mj-hl" if hl else "mj-tile"
    extra = ' data-face-down="1"' if face_down else (' data-sideways="1"' if sideways else "")
    out = [
        f'<g class="{cls}"{di} data-tile="{t}"{extra} transform="translate({_fmt(x)} {_fmt(y)})">'
        f"<title>{escape(_tile_label(t) if not face_down else 'face down 扣着的牌 ' + _tile_label(t))}</title>",
        _tile_body(t.index, sideways, face_down),
    ]
    if hl:
        w, h = (FH, FW) if sideways else (FW, FH)
        out.append(
            f'<rect x="-2.5" y="-2.5" width="{w + 5}" height="{h + DEPTH + 5}" rx="9" fill="{hl}" '
            f'fill-opacity=".12" stroke="{escape(hl)}" stroke-width="3.5"/>'
        )
    out.append("</g>")
    return "".join(out)


# --- layout -----------------------------------------------------------------------------------


class _Slot:
    """One column of a row: a tile, maybe sideways or face down, maybe with a tile stacked on it."""

    __slots__ = ("face_down", "gap", "i", "sideways", "stacked", "tile")

    def __init__(self, tile, i, sideways=False, face_down=False, stacked=None, gap=0.0):
        self.tile, self.i, self.sideways, self.face_down = tile, i, sideways, face_down
        self.stacked = stacked  # (tile, i) of an added-kong tile lying on this sideways tile
        self.gap = gap  # space before this column

    @property
    def width(self) -> float:
        return SIDE_W if self.sideways else CELL_W

    @property
    def height(self) -> float:
        if self.sideways:
            return SIDE_H + (FW + DEPTH if self.stacked else 0)
        return CELL_H


def _highlights(highlight) -> dict[int, str]:
    if not highlight:
        return {}
    if isinstance(highlight, Mapping):
        return {int(k): (HIGHLIGHT if v is True else str(v)) for k, v in highlight.items()}
    if isinstance(highlight, int):
        return {highlight: HIGHLIGHT}
    return {int(k): HIGHLIGHT for k in highlight}


def _svg(slots: list[_Slot], width: float, title: str, highlight=None, cls: str = "mj-row") -> str:
    hl = _highlights(highlight)
    total_w = PAD * 2 + sum(s.gap + s.width for s in slots) - (slots[0].gap if slots else 0)
    total_h = PAD * 2 + max((s.height for s in slots), default=CELL_H)
    base = total_h - PAD  # every tile stands on the same bottom line
    body: list[str] = []
    x: float = PAD
    for n, s in enumerate(slots):
        if n:
            x += s.gap
        y = base - (SIDE_H if s.sideways else CELL_H)
        body.append(_tile_g(s.tile, x, y, s.i, s.sideways, s.face_down, hl.get(s.i)))
        if s.stacked:
            t2, i2 = s.stacked
            body.append(_tile_g(t2, x, y - FW - DEPTH, i2, True, False, hl.get(i2)))
        x += s.width
    scale = width / FW
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mjlearn {cls}" role="img" '
        f'width="{_fmt(round(total_w * scale, 1))}" height="{_fmt(round(total_h * scale, 1))}" '
        f'viewBox="0 0 {_fmt(total_w)} {_fmt(total_h)}" style="{_FIT}"><title>{escape(title)}</title>'
        + "".join(body)
        + "</svg>"
    )


def _row(tiles, start: int = 0, gap: float = 0.0, gap_first: float = 0.0) -> list[_Slot]:
    out = []
    for k, t in enumerate(tiles):
        out.append(_Slot(t, start + k, gap=gap_first if k == 0 else gap))
    return out


def _meld_slots(meld, start: int, gap_first: float) -> list[_Slot]:
    tiles = meld.tiles
    if meld.is_concealed:
        slots = _row(tiles, start, TILE_GAP, gap_first)
        slots[0].face_down = slots[-1].face_down = True
        return slots
    pos = meld.claimed_position
    if meld.is_added_kong:
        # Three columns, the pung as claimed; the added tile lies on the sideways one. From the
        # right, claimed_position is 3 (last of four tiles): the last of the three columns.
        col = min(pos, 2)
        slots = _row(tiles[:3], start, TILE_GAP, gap_first)
        slots[col].sideways = True
        slots[col].stacked = (tiles[3], start + 3)
        return slots
    slots = _row(tiles, start, TILE_GAP, gap_first)
    if pos is not None:
        slots[pos].sideways = True
    return slots


# --- descriptions (accessible titles) ------------------------------------------------------------

_SEAT = {1: ("上家", "the left"), 2: ("对家", "opposite"), 3: ("下家", "the right")}


def describe_meld(meld) -> str:
    """Notation, then a Chinese and an English description: ``[EEE,3] 碰 东风（下家） Pung of East
    Wind, claimed from the right``."""
    t = meld.tile
    seat = meld.from_seat
    if meld.kind is MeldKind.CHOW:
        run = " ".join(x.zh for x in meld.tiles)
        en_run = f"{meld.tiles[0].rank}-{meld.tiles[1].rank}-{meld.tiles[2].rank} {t.en.split(' ', 1)[1]}"
        ct = meld.claimed_tile
        zh = f"吃 {run}" + (f"（吃上家的{ct.zh}）" if ct else "")
        en = f"Chow {en_run}" + (f", {ct.en} claimed from the left" if ct else "")
    elif meld.kind is MeldKind.PUNG:
        zh = f"碰 {t.zh}" + (f"（{_SEAT[seat][0]}）" if seat else "")
        en = f"Pung of {t.en}" + (f", claimed from {_SEAT[seat][1]}" if seat else "")
    elif meld.is_concealed:
        zh, en = f"暗杠 {t.zh}", f"Concealed kong of {t.en}"
    elif meld.is_added_kong:
        zh = f"加杠 {t.zh}（碰自{_SEAT[seat][0]}）"
        en = f"Added kong of {t.en} (pung claimed from {_SEAT[seat][1]})"
    else:
        zh = f"明杠 {t.zh}（{_SEAT[seat][0]}）"
        en = f"Melded kong of {t.en}, claimed from {_SEAT[seat][1]}"
    return f"{meld} {zh} {en}"


def describe_hand(hand) -> str:
    """Notation, then each part in Chinese and English, for the accessible title of a hand."""
    parts = [str(hand)]
    for m in hand.melds:
        parts.append(describe_meld(m).split(" ", 1)[1])
    if hand.concealed:
        parts.append("手牌 Concealed: " + " ".join(t.zh for t in hand.concealed))
    if hand.win_tile is not None:
        parts.append(f"和 {hand.win_tile.zh} Winning tile: {hand.win_tile.en}")
    if hand.flowers:
        parts.append(
            "花 " + " ".join(f.zh for f in hand.flowers) + " Flowers: " + ", ".join(f.en for f in hand.flowers)
        )
    return "; ".join(parts)


# --- public functions -------------------------------------------------------------------------


def tile_svg(
    tile,
    *,
    width: float = 36,
    sideways: bool = False,
    face_down: bool = False,
    highlight=None,
    title: str | None = None,
) -> str:
    """One tile. ``width`` is the pixel width of an upright tile; ``highlight`` is True or a
    colour to outline it; ``title`` replaces its accessible name (a tile whose face is hidden).

    >>> '<title>5m 五万 5 Characters</title>' in tile_svg("5m")
    True
    """
    t = as_tile(tile)
    hl = {0: HIGHLIGHT if highlight is True else highlight} if highlight else None
    title = title or _tile_label(t) + (" (face down 扣着)" if face_down else "")
    return _svg([_Slot(t, 0, sideways, face_down)], width, title, hl, "mj-tile-svg")


def tile_html(tile, *, width: float = 36) -> str:
    """One tile as inline HTML, to sit in a line of text."""
    return inline_html(tile_svg(tile, width=width), vertical_align="middle")


def tiles_svg(
    tiles,
    *,
    width: float = 36,
    highlight=None,
    sideways: Iterable[int] = (),
    face_down: Iterable[int] = (),
    gaps: Iterable[int] = (),
    title: str | None = None,
) -> str:
    """A row of tiles (Tile values, notation strings or indices, or one notation string such as
    ``"123m456p"``). ``sideways``/``face_down``/``highlight`` name positions in the row; ``gaps``
    names positions that stand apart from the tile before them."""
    if isinstance(tiles, str):
        tiles = parse_tiles(tiles)
    tiles = [t if isinstance(t, Tile) else as_tile(t) for t in tiles]
    sw, fd, gp = set(sideways), set(face_down), set(gaps)
    slots = [_Slot(t, k, k in sw, k in fd, gap=(APART_GAP if k in gp else TILE_GAP)) for k, t in enumerate(tiles)]
    if title is None:
        title = " ".join(str(t) for t in tiles) + " — " + " ".join(t.zh for t in tiles)
    return _svg(slots, width, title, highlight)


def meld_svg(meld, *, width: float = 36, highlight=None) -> str:
    """One meld, with the claimed tile sideways and a concealed kong's outer tiles face down.

    >>> from mjlearn import parse_meld
    >>> meld_svg(parse_meld("[EEE,3]")).count('data-sideways="1"')
    1
    """
    if isinstance(meld, str):
        meld = parse_meld(meld)
    return _svg(_meld_slots(meld, 0, 0), width, describe_meld(meld), highlight, "mj-meld")


def hand_svg(hand, *, width: float = 36, highlight=None, title: str | None = None) -> str:
    """A whole hand in one SVG: melds, concealed tiles, the winning tile apart, flowers.

    ``highlight`` is a set of tile positions (``data-i``, in ``Hand.tiles()`` order then the
    flowers) or a mapping position -> colour, e.g. the tiles of one fan.
    """
    hand = as_hand(hand)
    slots: list[_Slot] = []
    i = 0
    for m in hand.melds:
        slots += _meld_slots(m, i, GROUP_GAP)
        i += len(m.tiles)
    slots += _row(hand.concealed, i, TILE_GAP, GROUP_GAP)
    i += len(hand.concealed)
    if hand.win_tile is not None:
        slots.append(_Slot(hand.win_tile, i, gap=APART_GAP))
        i += 1
    slots += _row(hand.flowers, i, TILE_GAP, APART_GAP)
    return _svg(slots, width, title or describe_hand(hand), highlight, "mj-hand")


def reading_html(reading, *, width: float = 30) -> str:
    """A reading of a complete hand as its groups of tiles, with the form named in Chinese and English."""
    groups = []
    for p in reading.parts:
        if p.meld is not None:
            groups.append(inline_html(meld_svg(p.meld, width=width)))
        else:
            groups.append(inline_html(tiles_svg(p.tiles, width=width)))
    sep = '<span style="display:inline-block;width:10px"></span>'
    label = escape(both(reading.form.zh, reading.form.en))
    return f'<div class="mj-reading"><div>{sep.join(groups)}</div><small>{label}: {escape(str(reading))}</small></div>'


def inline_html(svg: str, *, vertical_align: str = "bottom") -> str:
    """Wrap an SVG for a notebook's HTML output (inline, no extra line height)."""
    return (
        f'<span class="mjlearn-svg" style="display:inline-block;line-height:0;'
        f'vertical-align:{vertical_align}">{svg}</span>'
    )


# --- the tile sheet -----------------------------------------------------------------------------

SHEET_ROWS = (
    ("万子 Characters", tuple(range(9))),
    ("饼子 Dots", tuple(range(9, 18))),
    ("条子 Bamboo", tuple(range(18, 27))),
    ("字牌 Honors", tuple(range(27, 34))),
    ("花牌 Flowers", tuple(range(34, 42))),
)


def _label(text: str, cx: float, baseline: float, size: float, fill: str) -> str:
    """Text drawn as outlines from the art's label glyphs, centred on ``cx``."""
    glyphs = _art()["labels"]
    k = size / 100
    width = sum(glyphs[c][0] for c in text) * k
    x = cx - width / 2
    out = [f'<g fill="{fill}" transform="translate({_fmt(round(x, 2))} {_fmt(baseline)}) scale({_fmt(k)})">']
    adv = 0
    for c in text:
        out.append(
            f'<path transform="translate({adv} 0)" d="{glyphs[c][1]}"/>' if adv else f'<path d="{glyphs[c][1]}"/>'
        )
        adv += glyphs[c][0]
    out.append("</g>")
    return "".join(out)


def tile_sheet_svg(*, width: float = 36, labels: bool = True) -> str:
    """All 42 tiles in rows (characters, dots, bamboo, honors, flowers), each labelled with its
    notation and Chinese name drawn as outlines, so the sheet needs no font either."""
    col = CELL_W + 12
    row_h = CELL_H + (44 if labels else 12)
    body = []
    for r, (_, idx) in enumerate(SHEET_ROWS):
        y = PAD + r * row_h
        for c, i in enumerate(idx):
            t = TILES[i]
            x = PAD + c * col
            body.append(_tile_g(t, x, y, i))
            if labels:
                cx = x + FW / 2
                body.append(_label(str(t), cx, y + CELL_H + 16, 17, "#222"))
                body.append(_label(t.zh, cx, y + CELL_H + 36, 16, "#444"))
    total_w = PAD * 2 + 9 * col - 12
    total_h = PAD * 2 + len(SHEET_ROWS) * row_h
    scale = width / FW
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mjlearn mj-sheet" role="img" '
        f'width="{_fmt(round(total_w * scale, 1))}" height="{_fmt(round(total_h * scale, 1))}" '
        f'viewBox="0 0 {_fmt(total_w)} {_fmt(total_h)}"><title>mjlearn tile sheet 麻将牌一览: '
        + escape(" ".join(f"{t} {t.zh}" for t in TILES))
        + "</title>"
        + "".join(body)
        + "</svg>"
    )


def tile_sheet_html(*, width: float = 48, background: str = "#17432e") -> str:
    """All 42 tiles with bilingual HTML labels under each (notation, Chinese, pinyin, English),
    on a felt-green background: the picture of images/tiles.png."""
    rows = []
    for name, idx in SHEET_ROWS:
        cells = []
        for i in idx:
            t = TILES[i]
            cells.append(
                f'<figure style="margin:0;width:{width * 1.9:.0f}px;text-align:center">'
                f'{tile_svg(t, width=width)}<figcaption style="line-height:1.25;margin-top:4px">'
                f'<b style="font:600 15px monospace;color:#fff">{t}</b><br>'
                f'<span style="font-size:15px;color:#fde9a8">{escape(t.zh)}</span><br>'
                f'<span style="font-size:11px;color:#d7eadc">{escape(t.en)}</span></figcaption></figure>'
            )
        rows.append(
            f'<div style="margin:0 0 14px"><div style="color:#fde9a8;font:600 14px sans-serif;'
            f'margin:0 0 6px 2px">{escape(name)}</div><div style="display:flex;gap:6px">'
            + "".join(cells)
            + "</div></div>"
        )
    return (
        f'<div class="mjlearn-sheet" style="background:{background};padding:18px 20px 8px;'
        f"font-family:'Noto Sans CJK SC',sans-serif;display:inline-block\">" + "".join(rows) + "</div>"
    )


# --- lesson pictures ----------------------------------------------------------------------------


class Picture:
    """A picture for a lesson: HTML in a notebook, plain text anywhere else (a terminal, text/plain)."""

    def __init__(self, html: str, text: str):
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


_FIGURE = (
    '<figure style="margin:0;display:inline-flex;flex-direction:column;align-items:flex-start;'
    'gap:4px;max-width:100%">{pic}<figcaption style="font-size:13px;line-height:1.35;color:#333;'
    'max-width:{cap}px">{caption}</figcaption></figure>'
)


def _item_svg(item, width: float) -> tuple[str, str]:
    """An item of a lesson picture as (svg, text): a meld ("[123m,2]"), a hand (with "+" or melds
    and more), or a row of tiles."""
    text = str(item).strip()
    if text.startswith("[") and text.endswith("]") and text.count("[") == 1:
        return meld_svg(text, width=width), text
    if "+" in text or "[" in text:
        return hand_svg(text, width=width), text
    return tiles_svg(text, width=width), text


def figures(*items, width: float = 30) -> Picture:
    """Tiles with a caption under each, side by side and wrapping within the page: each item is
    ``(notation, caption)``, where the notation is a row of tiles (``"123456789m"``), a meld
    (``"[123m,2]"``) or a hand, and the caption may hold simple HTML (both languages).

    >>> p = figures(("123m", "顺子 a chow"), ("[EEE,1]", "碰 a pung"))
    >>> p.html.count("<figure") == 2 and "mj-meld" in p.html and "顺子 a chow" in repr(p)
    True
    """
    figs, lines = [], []
    for notation, caption in items:
        pic, text = _item_svg(notation, width)
        figs.append(_FIGURE.format(pic=inline_html(pic), caption=caption, cap=max(160, int(width * 9))))
        lines.append(f"{text}  {_plain(caption)}")
    html = (
        '<div class="mjlearn mj-figures" style="display:flex;flex-wrap:wrap;gap:14px 28px;'
        'align-items:flex-end;max-width:100%">' + "".join(figs) + "</div>"
    )
    return Picture(html, "\n".join(lines))


def _plain(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment))


_SEATS = (  # seat, wind tile, grid area, relation to East in both languages
    ("东 East", "E", "bottom", "庄家 the dealer (this hand); plays first"),
    ("南 South", "S", "right", "东家的下家: plays after East, sits on East's right"),
    ("西 West", "W", "top", "东家的对家: sits opposite East"),
    ("北 North", "N", "left", "东家的上家: plays before East, sits on East's left"),
)


def seats_picture(width: float = 30) -> Picture:
    """The four seats around the table as a learner first meets them: East (the dealer) at the bottom,
    South on the right, West at the top, North on the left, and the turn going round counter-clockwise
    (East, South, West, North)."""
    areas = {"bottom": "3 / 2", "right": "2 / 3", "top": "1 / 2", "left": "2 / 1"}
    cells = []
    for name, wind, area, role in _SEATS:
        cells.append(
            f'<div style="grid-area:{areas[area]};text-align:center;padding:6px;background:#f9fafb;'
            f'border-radius:8px;font-size:13px">{tile_html(wind, width=width)}<br><b>{name}</b>'
            f'<br><span style="color:#555">{escape(role)}</span></div>'
        )
    centre = (
        '<div style="grid-area:2 / 2;display:flex;align-items:center;justify-content:center;'
        'text-align:center;background:#17432e;color:#fff;border-radius:10px;padding:10px;font-size:13px">'
        "牌桌 the table<br>轮流：东 → 南 → 西 → 北<br>turns: East → South → West → North<br>"
        "（逆时针 counter-clockwise ↺）</div>"
    )
    html = (
        '<div class="mjlearn mj-seats" style="display:grid;grid-template-columns:repeat(3,minmax(0,200px));'
        'grid-template-rows:auto auto auto;gap:8px;max-width:100%;font-family:system-ui,sans-serif">'
        + "".join(cells)
        + centre
        + "</div>"
    )
    text = (
        "\n".join(f"{name}: {role}" for name, _, _, role in _SEATS)
        + "\n轮流 turns: 东 East → 南 South → 西 West → 北 North (逆时针 counter-clockwise)"
    )
    return Picture(html, text)


def _rules_of(item):
    """The rule set an item belongs to, if it says: its ``rules`` (a wall's, an event log's: see
    ``mjlearn.table.render.EventLog.rules``). None for anything else."""
    rs = getattr(item, "rules", None)
    return rs if hasattr(rs, "zh") and hasattr(rs, "en") else None


def side_by_side(*items, gap: int = 16, captions=None) -> Picture:
    """Pictures next to each other while the page is wide enough, one under the other when it is not:
    each item is HTML or anything with ``_repr_html_`` (a wall, a table...). Nothing overlaps and
    nothing is wider than the page (an item wider than the page scrolls inside its own box).

    Each picture gets a caption saying what it is: ``captions`` (one per item, ``None`` for none;
    a ``(zh, en)`` pair is shown in both languages), else the name of the rule set the item
    belongs to (a wall, an event log of a hand), so two pictures of different rules are told apart."""
    if captions is not None and len(captions) != len(items):
        raise ValueError(f"side_by_side: {len(items)} pictures but {len(captions)} captions")
    parts, texts = [], []
    for k, it in enumerate(items):
        h = it._repr_html_() if hasattr(it, "_repr_html_") else str(it)
        cap = captions[k] if captions is not None else None
        if cap is None and captions is None:
            rs = _rules_of(it)
            cap = (rs.zh, rs.en) if rs is not None else None
        if isinstance(cap, (tuple, list)):
            cap = both(*cap)
        head = ""
        if cap:
            head = (
                f'<div class="mj-sbs-caption" style="font-weight:600;font-size:14px;margin:0 0 4px">'
                f"{escape(str(cap))}</div>"
            )
        parts.append(f'<div style="flex:0 1 auto;min-width:0;max-width:100%;overflow-x:auto">{head}{h}</div>')
        body = _plain(h) if not hasattr(it, "_repr_html_") else repr(it)
        texts.append(f"{cap}\n{body}" if cap else body)
    html = (
        f'<div class="mjlearn mj-side-by-side" style="display:flex;flex-wrap:wrap;gap:{gap}px;'
        f'align-items:flex-start;max-width:100%">' + "".join(parts) + "</div>"
    )
    return Picture(html, "\n\n".join(texts))
