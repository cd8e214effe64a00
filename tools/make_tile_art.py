"""Build mjlearn's tile art: path-only SVG faces for the 34 kinds, the 8 flowers and the tile back.

Run from the repository root (needs fontTools and Debian's fonts-noto-cjk)::

    .venv/bin/python tools/make_tile_art.py            # writes mjlearn/render/tile_art.json
    .venv/bin/python tools/make_tile_art.py --check    # exit 1 if the committed file is stale

CJK characters are turned into SVG path outlines here, at build time, from the OFL font Noto Serif
CJK TC Bold (traditional forms 萬 東 發 蘭, as engraved on most sets); labels for the tile sheet
(notation letters and the simplified Chinese names) come from Noto Sans CJK SC Bold. The output has
no <text> elements, so tiles display with no fonts and no network. Dots, bamboo sticks, the bird of
1-bamboo, the frame of 白 and the tile back are drawn from geometry in this file.

Coordinates: every face is drawn in a 60 x 80 box (the ivory face of an upright tile); numbers are
rounded to 0.1 unit and paths use relative commands to keep the file small.

Beside the faces, ``drawn`` records what each face shows (each coin and stick with its colour and
place, the characters written, the bird's colours, the frame, a flower's number and blossom), made
from the same layouts that draw it: ``mjlearn/render/faces.py`` words a face for a screen reader from
it, so the words cannot drift from the picture.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "mjlearn" / "render" / "tile_art.json"
FONT_DIR = Path("/usr/share/fonts/opentype/noto")
TILE_FONT = (FONT_DIR / "NotoSerifCJK-Bold.ttc", "Noto Serif CJK TC Bold")
LABEL_FONT = (FONT_DIR / "NotoSansCJK-Bold.ttc", "Noto Sans CJK SC Bold")

W, H = 60, 80  # face box

# Colours of classic Chinese sets.
RED = "#c4161c"
GREEN = "#0a7a3c"
BLUE = "#1d4f9c"
INK = "#15203b"  # winds and character numerals: near-black navy
IVORY = "#fbf8ee"  # must match the face colour in svg.py
BACK = "#1f7a4c"
BACK_DARK = "#155c38"
PINK = "#d6457a"  # the seasons' blossom
PURPLE = "#7b5cc4"  # the plants' blossom
BROWN = "#8a5a2b"  # the bird's perch
SKY = "#5fa8e0"  # the light feathers of the bird's wing

COLOUR_NAMES = {
    RED: "red",
    GREEN: "green",
    BLUE: "blue",
    INK: "black",  # a navy so dark that it reads as black
    IVORY: "ivory",
    PINK: "pink",
    PURPLE: "purple",
    BROWN: "brown",
    SKY: "light blue",
}
"""The colour a learner sees, for the record of what each face shows (``drawn`` in the art file)."""


# --- number and path formatting ---------------------------------------------------------------


def num(v: float) -> str:
    r = round(v, 1)
    if r == 0:
        return "0"
    s = f"{r:.1f}".rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s


def join(nums: list[str]) -> str:
    out = ""
    for s in nums:
        if out and not s.startswith("-") and not (s.startswith(".") and "." in _last_num(out)):
            out += " "
        out += s
    return out


def _last_num(text: str) -> str:
    i = len(text)
    while i > 0 and (text[i - 1].isdigit() or text[i - 1] == "."):
        i -= 1
    return text[i:]


class RelPathPen(BasePen):
    """A pen writing compact relative SVG path data, mapping font units with ``xf``."""

    def __init__(self, glyphset, xf):
        super().__init__(glyphset)
        self.xf = xf
        self.parts: list[str] = []
        self.cur = (0.0, 0.0)  # current point, rounded, in output units
        self.start = (0.0, 0.0)

    def _pt(self, p):
        x, y = self.xf(p)
        return (round(x, 1), round(y, 1))

    def _rel(self, pts):
        out, (cx, cy) = [], self.cur
        for x, y in pts:
            out += [num(x - cx), num(y - cy)]
        return out

    def _moveTo(self, p):
        q = self._pt(p)
        self.parts.append("m" + join(self._rel([q])) if self.parts else "M" + join([num(q[0]), num(q[1])]))
        self.cur = self.start = q

    def _lineTo(self, p):
        q = self._pt(p)
        if q == self.cur:
            return
        dx, dy = q[0] - self.cur[0], q[1] - self.cur[1]
        if abs(dy) < 1e-9:
            self.parts.append("h" + num(dx))
        elif abs(dx) < 1e-9:
            self.parts.append("v" + num(dy))
        else:
            self.parts.append("l" + join(self._rel([q])))
        self.cur = q

    def _curveToOne(self, p1, p2, p3):
        a, b, c = self._pt(p1), self._pt(p2), self._pt(p3)
        if a == b == c == self.cur:
            return
        cx, cy = self.cur
        self.parts.append(
            "c" + join([num(a[0] - cx), num(a[1] - cy), num(b[0] - cx), num(b[1] - cy), num(c[0] - cx), num(c[1] - cy)])
        )
        self.cur = c

    def _qCurveToOne(self, p1, p2):
        a, b = self._pt(p1), self._pt(p2)
        cx, cy = self.cur
        self.parts.append("q" + join([num(a[0] - cx), num(a[1] - cy), num(b[0] - cx), num(b[1] - cy)]))
        self.cur = b

    def _closePath(self):
        self.parts.append("z")
        self.cur = self.start

    def d(self) -> str:
        return "".join(self.parts)


class Font:
    def __init__(self, path: Path, name: str):
        coll = TTCollection(str(path))
        for f in coll.fonts:
            if f["name"].getDebugName(4) == name:
                self.tt = f
                break
        else:
            raise SystemExit(f"{name} not found in {path}")
        self.name = name
        self.file = path
        self.version = self.tt["name"].getDebugName(5)
        self.license = self.tt["name"].getDebugName(13)
        self.gs = self.tt.getGlyphSet()
        self.cmap = self.tt.getBestCmap()
        self.upm = self.tt["head"].unitsPerEm

    def glyph(self, ch: str):
        try:
            return self.gs[self.cmap[ord(ch)]]
        except KeyError:
            raise SystemExit(f"{ch!r} is not in {self.name}") from None

    def bounds(self, ch: str):
        bp = BoundsPen(self.gs)
        self.glyph(ch).draw(bp)
        return bp.bounds  # xmin, ymin, xmax, ymax (font units, y up)

    def path(self, ch: str, scale: float, ox: float, oy: float) -> str:
        """Outline of ``ch`` with font point (x, y) drawn at (ox + x*scale, oy - y*scale)."""
        pen = RelPathPen(self.gs, lambda p: (ox + p[0] * scale, oy - p[1] * scale))
        self.glyph(ch).draw(pen)
        return pen.d()

    def fit(self, ch: str, box, scale: float | None = None) -> str:
        """Outline of ``ch`` centred in box = (x0, y0, x1, y1); as large as fits unless ``scale``."""
        x0, y0, x1, y1 = box
        bx0, by0, bx1, by1 = self.bounds(ch)
        if scale is None:
            scale = min((x1 - x0) / (bx1 - bx0), (y1 - y0) / (by1 - by0))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        ox = cx - (bx0 + bx1) / 2 * scale
        oy = cy + (by0 + by1) / 2 * scale
        return self.path(ch, scale, ox, oy)

    def fit_scale(self, chars: str, box) -> float:
        """One scale at which every char of ``chars`` fits ``box`` (a uniform size for a set)."""
        x0, y0, x1, y1 = box
        s = math.inf
        for ch in chars:
            bx0, by0, bx1, by1 = self.bounds(ch)
            s = min(s, (x1 - x0) / max(bx1 - bx0, 1), (y1 - y0) / max(by1 - by0, 1))
        return s


# --- geometry helpers -------------------------------------------------------------------------


def el(d: str, fill: str, **attrs) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<path fill="{fill}"{extra} d="{d}"/>'


def circle(cx, cy, r) -> str:
    return (
        f"M{join([num(cx - r), num(cy)])}a{join([num(r), num(r)])} 0 1 0 {join([num(2 * r), '0'])}"
        f"a{join([num(r), num(r)])} 0 1 0 {join([num(-2 * r), '0'])}z"
    )


def ellipse(cx, cy, rx, ry) -> str:
    return (
        f"M{join([num(cx - rx), num(cy)])}a{join([num(rx), num(ry)])} 0 1 0 {join([num(2 * rx), '0'])}"
        f"a{join([num(rx), num(ry)])} 0 1 0 {join([num(-2 * rx), '0'])}z"
    )


def rrect(x, y, w, h, r) -> str:
    r = min(r, w / 2, h / 2)
    return (
        f"M{join([num(x + r), num(y)])}h{num(w - 2 * r)}a{join([num(r), num(r)])} 0 0 1 {join([num(r), num(r)])}"
        f"v{num(h - 2 * r)}a{join([num(r), num(r)])} 0 0 1 {join([num(-r), num(r)])}h{num(-(w - 2 * r))}"
        f"a{join([num(r), num(r)])} 0 0 1 {join([num(-r), num(-r)])}v{num(-(h - 2 * r))}"
        f"a{join([num(r), num(r)])} 0 0 1 {join([num(r), num(-r)])}z"
    )


def poly(points) -> str:
    (x0, y0), rest = points[0], points[1:]
    out = "M" + join([num(x0), num(y0)])
    for x, y in rest:
        out += "L" + join([num(x), num(y)])
    return out + "z"


# --- dots (筒/饼) -------------------------------------------------------------------------------


def coins(dots) -> str:
    """Coins drawn in layers so that every layer of every coin is one path: coloured disc,
    ivory ring, coloured core, ivory eye; a thin darker rim on the disc gives depth."""
    by_colour: dict[str, list] = {}
    for cx, cy, r, c in dots:
        by_colour.setdefault(c, []).append((cx, cy, r))
    out = []
    for c, ds in by_colour.items():
        out.append(el("".join(circle(x, y, r) for x, y, r in ds), c))
    out.append(el("".join(circle(x, y, r * 0.74) for x, y, r, _ in dots), IVORY))
    for c, ds in by_colour.items():
        out.append(el("".join(circle(x, y, r * 0.56) for x, y, r in ds), c))
    out.append(el("".join(circle(x, y, r * 0.2) for x, y, r, _ in dots), IVORY))
    return "".join(out)


DOT_LAYOUTS = {  # (x, y, radius, colour) of each coin, n = 2..9
    2: [(30, 22, 13, GREEN), (30, 58, 13, BLUE)],
    3: [(15, 17, 9.5, BLUE), (30, 40, 9.5, RED), (45, 63, 9.5, GREEN)],
    4: [(17, 24, 11, BLUE), (43, 24, 11, GREEN), (17, 56, 11, GREEN), (43, 56, 11, BLUE)],
    5: [(16, 18, 9.5, BLUE), (44, 18, 9.5, GREEN), (30, 40, 9.5, RED), (16, 62, 9.5, GREEN), (44, 62, 9.5, BLUE)],
    6: [(17, 16, 9, GREEN), (43, 16, 9, GREEN), (17, 44, 9, RED), (43, 44, 9, RED), (17, 64, 9, RED), (43, 64, 9, RED)],
    7: [
        (14, 13, 7.5, GREEN),
        (30, 21, 7.5, GREEN),
        (46, 29, 7.5, GREEN),
        (17, 48, 8, RED),
        (43, 48, 8, RED),
        (17, 66, 8, RED),
        (43, 66, 8, RED),
    ],
    8: [(x, y, 7.8, BLUE) for y in (13, 31, 49, 67) for x in (18, 42)],
    9: [(x, y, 7.8, c) for y, c in ((15, BLUE), (40, RED), (65, GREEN)) for x in (13, 30, 47)],
}

ONE_DOT = {"rings": (GREEN, BLUE), "petals": 8, "petal": GREEN, "centre": RED}
"""The big coin of 1-dots: two rings (outer first), a circle of small coins, a centre."""


def dots_face(n: int) -> str:
    if n == 1:
        cx, cy = 30, 40
        petals = "".join(
            circle(cx + 12.2 * math.cos(a), cy + 12.2 * math.sin(a), 3.3)
            for a in (k * 2 * math.pi / ONE_DOT["petals"] for k in range(ONE_DOT["petals"]))
        )
        outer, inner = ONE_DOT["rings"]
        return "".join(
            [
                el(circle(cx, cy, 25), outer),
                el(circle(cx, cy, 22.6), IVORY),
                el(circle(cx, cy, 21), inner),
                el(circle(cx, cy, 17.6), IVORY),
                el(petals, ONE_DOT["petal"]),
                el(circle(cx, cy, 7.6), ONE_DOT["centre"]),
                el(circle(cx, cy, 4.4), IVORY),
                el(circle(cx, cy, 2.6), ONE_DOT["centre"]),
            ]
        )
    return coins(DOT_LAYOUTS[n])


def dots_drawn(n: int) -> list[dict]:
    """What a dots face shows, for the ``drawn`` record."""
    if n == 1:
        return [
            {
                "what": "big coin",
                "rings": [COLOUR_NAMES[c] for c in ONE_DOT["rings"]],
                "around": ONE_DOT["petals"],
                "around_colour": COLOUR_NAMES[ONE_DOT["petal"]],
                "colour": COLOUR_NAMES[ONE_DOT["centre"]],
            }
        ]
    return [{"what": "coin", "colour": COLOUR_NAMES[c], "x": x, "y": y} for x, y, _, c in DOT_LAYOUTS[n]]


# --- bamboo (条/索) -----------------------------------------------------------------------------


def _shade(c: str) -> str:
    return {GREEN: "#055a2b", BLUE: "#123a78", RED: "#8e0e12"}[c]


def stick(cx, cy, length, w, c, angle=0.0) -> str:
    """One bamboo stick: a rounded body, three darker knots and a light stripe."""
    y0 = cy - length / 2
    knots = "".join(rrect(cx - w / 2 - 0.7, y - 1.1, w + 1.4, 2.2, 1.1) for y in (y0 + 1.1, cy, y0 + length - 1.1))
    stripe = "".join(
        rrect(cx - w * 0.12, a + 1.8, w * 0.24, b - a - 3.6, w * 0.12)
        for a, b in ((y0 + 1.1, cy), (cy, y0 + length - 1.1))
    )
    parts = (
        el(rrect(cx - w / 2, y0, w, length, w / 2), c)
        + el(knots, _shade(c))
        + el(stripe, "#ffffff", fill_opacity=".45")
    )
    if angle:
        return f'<g transform="rotate({num(angle)} {num(cx)} {num(cy)})">{parts}</g>'
    return parts


def stick_layout(n: int) -> tuple[float, list[tuple]]:
    """The sticks of an n-bamboo face (n = 2..9): their width, and (x, y, length, colour, angle) of each."""
    G, B, R = GREEN, BLUE, RED
    L, C, Rt = 17, 30, 43
    if n == 8:  # two rows of four, the middle two of each row slanted towards each other
        return 7, [
            s
            for y, sgn in ((22.5, 1), (57.5, -1))
            for s in ((10.5, y, 30, G, 0), (22.5, y, 30, G, 14 * sgn), (37.5, y, 30, G, -14 * sgn), (49.5, y, 30, G, 0))
        ]
    w = {2: 10, 3: 10, 4: 10, 5: 9, 6: 9}.get(n, 8)
    layouts = {
        2: [(C, 22.5, 30, B), (C, 57.5, 30, G)],
        3: [(C, 22.5, 30, B), (L + 2, 57.5, 30, G), (Rt - 2, 57.5, 30, G)],
        4: [(L + 2, 22.5, 30, B), (Rt - 2, 22.5, 30, G), (L + 2, 57.5, 30, G), (Rt - 2, 57.5, 30, B)],
        5: [(13.5, 22.5, 30, G), (46.5, 22.5, 30, B), (C, 40, 30, R), (13.5, 57.5, 30, B), (46.5, 57.5, 30, G)],
        6: [(x, y, 30, c) for y, c in ((22.5, B), (57.5, G)) for x in (L - 1, C, Rt + 1)],
        7: [(C, 16, 19, R)] + [(x, y, 19, G) for y in (40, 63) for x in (L, C, Rt)],
        9: [(x, y, 19, c) for y in (17, 40, 63) for x, c in ((L, G), (C, R), (Rt, B))],
    }
    return w, [(*s, 0) for s in layouts[n]]


def bamboo_face(n: int) -> str:
    if n == 1:
        return bird()
    w, sticks = stick_layout(n)
    return "".join(stick(x, y, ln, w, c, angle) for x, y, ln, c, angle in sticks)


def bamboo_drawn(n: int) -> list[dict]:
    """What a bamboo face shows, for the ``drawn`` record."""
    if n == 1:
        return [{"what": "bird", **{part: COLOUR_NAMES[c] for part, c in BIRD.items()}, "feathers": len(TAIL)}]
    return [
        {"what": "stick", "colour": COLOUR_NAMES[c], "x": x, "y": y, "slanted": bool(angle)}
        for x, y, _, c, angle in stick_layout(n)[1]
    ]


BIRD = {"head": GREEN, "body": GREEN, "breast": RED, "wing": BLUE, "tail": GREEN, "legs": RED, "perch": BROWN}
"""The colours of the bird of 1-bamboo, part by part."""
TAIL = ((8, 27), (26, 28), (44, 26), (62, 22))
"""The bird's tail feathers: (angle, length) of each."""


def bird() -> str:
    """The bird of 1-bamboo (幺鸡): a stylised peacock-sparrow, perched, its tail fanned to the
    lower left with eye spots."""
    tail = []
    for ang, ln in TAIL:
        tail.append(
            f'<g transform="rotate({ang} 29 47)">'
            + el(ellipse(29, 47 + ln / 2, 4.4, ln / 2), BIRD["tail"], stroke=IVORY, stroke_width=".8")
            + el(circle(29, 47 + ln - 4.4, 3.2), BLUE)
            + el(circle(29, 47 + ln - 4.4, 1.5), RED)
            + "</g>"
        )
    return "".join(
        [
            "".join(tail),
            # legs and perch
            el(
                poly([(33, 52), (34.6, 52), (33.4, 65), (31.8, 65)])
                + poly([(38, 51), (39.6, 51), (39.2, 65), (37.6, 65)]),
                BIRD["legs"],
            ),
            el(rrect(24, 64.5, 26, 3, 1.5), BIRD["perch"]),
            # body with a red breast and a blue wing, a neck up to the head
            el(ellipse(39, 30, 5.2, 7), BIRD["body"]),
            '<g transform="rotate(-25 35 41)">'
            + el(ellipse(35, 41, 10, 14), BIRD["body"])
            + el(ellipse(40, 42, 4.2, 9.5), BIRD["breast"])
            + el(ellipse(32, 43, 5.2, 10), BIRD["wing"])
            + el(ellipse(31.5, 45, 2.6, 6.6), SKY)
            + "</g>",
            # head, eye, beak and crest
            el(circle(41, 22, 6.8), BIRD["head"]),
            el(poly([(46.6, 19.5), (53.5, 22.5), (46.6, 25)]), RED),
            el(circle(42.6, 20.8, 2.3), IVORY),
            el(circle(43.1, 20.8, 1.15), "#111111"),
            el(
                poly([(37.5, 16.4), (33.5, 8), (39.8, 15.4)])
                + poly([(40.2, 15.3), (40.5, 6.5), (42.3, 15.3)])
                + poly([(43.2, 15.7), (47.5, 8), (44.8, 16.6)]),
                GREEN,
            ),
            el(circle(33.5, 8, 1.8) + circle(40.5, 6.5, 1.8) + circle(47.5, 8, 1.8), RED),
        ]
    )


# --- honours, flowers, back -----------------------------------------------------------------


def white_dragon() -> str:
    """白: an empty blue frame, a thick outer border and a thin inner line."""
    outer = rrect(9, 10, 42, 60, 2.5) + rrect(12.5, 13.5, 35, 53, 1)
    inner = rrect(15.5, 16.5, 29, 47, 0.6) + rrect(16.8, 17.8, 26.4, 44.4, 0.3)
    return el(outer, BLUE, fill_rule="evenodd") + el(inner, BLUE, fill_rule="evenodd")


def blossom(cx, cy, r, c) -> str:
    petals = "".join(
        circle(cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a), r * 0.45)
        for a in (k * 2 * math.pi / 5 - math.pi / 2 for k in range(5))
    )
    return el(petals, c) + el(circle(cx, cy, r * 0.3), "#e8b400")


def build() -> dict:
    tf = Font(*TILE_FONT)
    lf = Font(*LABEL_FONT)
    faces: dict[str, str] = {}
    drawn: dict[str, list[dict]] = {}  # what each face shows, in words a description is made of

    numerals = "一二三四五六七八九"
    nbox = (11, 5, 49, 35)
    ns = tf.fit_scale(numerals, nbox)
    wan = tf.fit("萬", (9, 38, 51, 76))
    for r in range(1, 10):
        faces[f"{r}m"] = el(tf.fit(numerals[r - 1], nbox, ns), INK) + el(wan, RED)
        drawn[f"{r}m"] = [
            {"what": "character", "text": numerals[r - 1], "colour": COLOUR_NAMES[INK], "where": "top"},
            {"what": "character", "text": "萬", "colour": COLOUR_NAMES[RED], "where": "bottom"},
        ]
        faces[f"{r}p"], drawn[f"{r}p"] = dots_face(r), dots_drawn(r)
        faces[f"{r}s"], drawn[f"{r}s"] = bamboo_face(r), bamboo_drawn(r)

    big = (7, 13, 53, 67)
    ws = tf.fit_scale("東南西北中發", big)
    for letter, ch, colour in (
        ("E", "東", INK),
        ("S", "南", INK),
        ("W", "西", INK),
        ("N", "北", INK),
        ("C", "中", RED),
        ("F", "發", GREEN),
    ):
        faces[letter] = el(tf.fit(ch, big, ws), colour)
        drawn[letter] = [{"what": "character", "text": ch, "colour": COLOUR_NAMES[colour], "where": "middle"}]
    faces["P"] = white_dragon()
    drawn["P"] = [{"what": "frame", "colour": COLOUR_NAMES[BLUE]}]

    fbox = (9, 24, 51, 70)
    fs = tf.fit_scale("春夏秋冬梅蘭竹菊", fbox)
    digits = lf.fit_scale("1234", (0, 0, 7, 10))
    for i, (letter, ch) in enumerate(zip("abcdefgh", "春夏秋冬梅蘭竹菊")):
        colour = RED if i < 4 else BLUE
        mark = GREEN if i < 4 else RED
        flower = PINK if i < 4 else PURPLE
        faces[letter] = "".join(
            [
                el(tf.fit(ch, fbox, fs), colour),
                el(circle(14, 14, 7), mark),
                el(lf.fit(str(i % 4 + 1), (10, 9.5, 18, 18.5), digits), IVORY),
                blossom(46, 14, 8, flower),
            ]
        )
        drawn[letter] = [
            {"what": "character", "text": ch, "colour": COLOUR_NAMES[colour], "where": "middle"},
            {"what": "number", "text": str(i % 4 + 1), "colour": COLOUR_NAMES[IVORY], "on": COLOUR_NAMES[mark]},
            {"what": "blossom", "colour": COLOUR_NAMES[flower]},
        ]

    back = el(rrect(0, 0, W, H, 6), BACK) + el(
        rrect(4, 4, 52, 72, 4) + rrect(5.2, 5.2, 49.6, 69.6, 3.2), BACK_DARK, fill_rule="evenodd"
    )

    # Label glyphs for the tile sheet: notation and simplified Chinese names, in a 100-unit em
    # (baseline y = 0, y down), each with its advance.
    chars = sorted(
        set("0123456789mpszESWNCFPabcdefgh+[],") | set("一二三四五六七八九万饼条东南西北风红中发财白板春夏秋冬梅兰竹菊")
    )
    labels = {}
    s = 100 / lf.upm
    hmtx = lf.tt["hmtx"]
    for ch in chars:
        name = lf.cmap[ord(ch)]
        labels[ch] = [round(hmtx[name][0] * s), lf.path(ch, s, 0, 0)]

    return {
        "about": "mjlearn tile art, generated by tools/make_tile_art.py; do not edit by hand. "
        "Faces are drawn in a 60x80 box. Glyph outlines from fonts licensed under the SIL "
        "Open Font License 1.1 (see ART_SOURCES.md).",
        "fonts": {
            "tiles": {"name": tf.name, "version": tf.version, "file": tf.file.name},
            "labels": {"name": lf.name, "version": lf.version, "file": lf.file.name},
        },
        "size": [W, H],
        "faces": faces,
        "drawn": drawn,
        "back": back,
        "labels": labels,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed art differs")
    ap.add_argument("-o", "--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    text = json.dumps(build(), ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n"
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print("tile art is up to date" if same else f"{args.out} is stale: rerun tools/make_tile_art.py")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text.encode()) / 1024:.1f} KB, {len(json.loads(text)['faces'])} faces)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
