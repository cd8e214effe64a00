"""Tile art and the SVG of tiles, melds and hands (mjlearn.render.svg)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path
from unittest import mock

import pytest
from needs import need

from mjlearn import TILES, Hand, Meld, parse_hand, parse_meld
from mjlearn.errors import NotationError
from mjlearn.i18n import both
from mjlearn.render import svg

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
ALLOWED = {"svg", "g", "path", "rect", "title"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def tag(e: ET.Element) -> str:
    return e.tag.removeprefix(NS)


def tiles_of(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "mj-tile" in g.get("class", "").split()]


def xy(g: ET.Element) -> tuple[float, float]:
    x, y = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform")).groups()
    return float(x), float(y)


def assert_self_contained(text: str) -> ET.Element:
    """Well-formed, only shapes (no <text>, <image>, <use>, <style>), no link or url() anywhere."""
    root = parse(text)
    assert tag(root) == "svg"
    tags = {tag(e) for e in root.iter()}
    assert tags <= ALLOWED, tags - ALLOWED
    for e in root.iter():
        for k, v in e.attrib.items():
            assert "href" not in k, (k, v)
            assert "url(" not in v and "http" not in v.replace("http://www.w3.org/2000/svg", ""), (k, v)
    assert tag(root[0]) == "title" and root[0].text
    return root


# --- the art file -------------------------------------------------------------------------


def test_art_file_has_every_face_and_is_compact():
    art_file = ROOT / "mjlearn" / "render" / "tile_art.json"
    art = json.loads(art_file.read_text(encoding="utf-8"))
    assert set(art["faces"]) == {str(t) for t in TILES}
    assert art["back"]
    assert art_file.stat().st_size < 400_000
    assert "<text" not in art_file.read_text(encoding="utf-8")


def test_committed_art_is_what_the_generator_makes():
    fonts = Path("/usr/share/fonts/opentype/noto")
    need(
        (fonts / "NotoSerifCJK-Bold.ttc").exists() and (fonts / "NotoSansCJK-Bold.ttc").exists(),
        "fonts-noto-cjk (apt-get install fonts-noto-cjk)",
    )
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_tile_art.py"), "--check"], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_art_sources_record_font_and_licence():
    text = (ROOT / "mjlearn" / "render" / "ART_SOURCES.md").read_text(encoding="utf-8")
    art = json.loads((ROOT / "mjlearn" / "render" / "tile_art.json").read_text(encoding="utf-8"))
    for font in art["fonts"].values():
        assert font["name"] in text
        assert font["version"].split(";")[0] in text
    assert "SIL Open Font License 1.1" in text


# --- single tiles ---------------------------------------------------------------------------


@pytest.mark.parametrize("t", TILES, ids=str)
@pytest.mark.parametrize("variant", [{}, {"sideways": True}, {"face_down": True}, {"highlight": True}])
def test_every_tile_renders_self_contained(t, variant):
    text = svg.tile_svg(t, **variant)
    root = assert_self_contained(text)
    assert str(t) in root[0].text and t.zh in root[0].text and t.en in root[0].text
    (g,) = tiles_of(root)
    assert g.get("data-tile") == str(t) and g.get("data-i") == "0"
    assert (g.get("data-sideways") == "1") == bool(variant.get("sideways"))
    assert (g.get("data-face-down") == "1") == bool(variant.get("face_down"))
    assert ("mj-hl" in g.get("class")) == bool(variant.get("highlight"))


def test_faces_differ_and_face_down_hides_the_face():
    faces = {svg.tile_svg(t).split("</title>", 2)[2] for t in TILES}
    assert len(faces) == 42
    downs = {svg.tile_svg(t, face_down=True).split("</title>", 2)[2] for t in TILES}
    assert len(downs) == 1


@pytest.mark.parametrize("width", [30, 36, 60])
def test_width_is_the_pixel_width_of_a_tile_face(width):
    root = parse(svg.tile_svg("5m", width=width))
    vb_w = float(root.get("viewBox").split()[2])
    assert float(root.get("width")) == pytest.approx(vb_w * width / svg.FW, abs=0.06)


def test_sideways_tile_is_wider_than_tall():
    up = parse(svg.tile_svg("E"))
    side = parse(svg.tile_svg("E", sideways=True))
    assert float(up.get("height")) > float(up.get("width"))
    assert float(side.get("width")) > float(side.get("height"))


def test_tile_accepts_notation_index_or_tile_and_rejects_bad_input():
    assert svg.tile_svg("C") == svg.tile_svg(31) == svg.tile_svg(TILES[31])
    with pytest.raises(NotationError):
        svg.tile_svg("10m")
    with pytest.raises(ValueError):
        svg.tile_svg(42)


def test_highlight_colour_is_used():
    assert 'stroke="#123456"' in svg.tile_svg("1p", highlight="#123456")


# --- melds -------------------------------------------------------------------------------------

# The sideways tile: a chow turns the claimed tile where it stands in the run; a pung or kong turns
# the tile on the side of the seat it came from: left = first, opposite = middle, right = last.
SIDEWAYS = [
    ("[123m,1]", 0),
    ("[123m,2]", 1),
    ("[123m,3]", 2),
    ("[789s,2]", 1),
    ("[EEE,1]", 0),
    ("[EEE,2]", 1),
    ("[EEE,3]", 2),
    ("[5555p,1]", 0),
    ("[5555p,2]", 1),
    ("[5555p,3]", 3),
    ("[CCCC,5]", 0),
    ("[CCCC,6]", 1),
    ("[CCCC,7]", 3),
]


@pytest.mark.parametrize("text, pos", SIDEWAYS)
def test_claimed_tile_lies_sideways_at_the_claimed_position(text, pos):
    meld = parse_meld(text)
    assert meld.claimed_position == pos
    root = assert_self_contained(svg.meld_svg(meld))
    gs = tiles_of(root)
    assert len(gs) == len(meld.tiles)
    sideways = [int(g.get("data-i")) for g in gs if g.get("data-sideways")]
    if meld.is_added_kong:
        # the added tile lies on the claimed one: same column, higher up
        assert sideways == [min(pos, 2), 3]  # from the right: the last of three columns
        below, above = (g for g in gs if g.get("data-sideways"))
        assert xy(below)[0] == xy(above)[0] and xy(above)[1] < xy(below)[1]
        columns = [g for g in gs if g.get("data-i") != "3"]
    else:
        assert sideways == [pos]
        columns = gs
    # columns run left to right in tile order, so the sideways one is the pos-th from the left
    xs = [xy(g)[0] for g in columns]
    assert xs == sorted(xs)
    assert [g.get("data-tile") for g in columns] == [str(t) for t in meld.tiles[: len(columns)]]
    assert text in root[0].text


@pytest.mark.parametrize("text", ["[123m]", "[EEE]", "[999s]"])
def test_meld_without_source_has_no_sideways_tile(text):
    gs = tiles_of(parse(svg.meld_svg(text)))
    assert len(gs) == 3 and not any(g.get("data-sideways") for g in gs)


def test_concealed_kong_shows_outer_two_face_down():
    root = assert_self_contained(svg.meld_svg(parse_meld("[5555p]")))
    gs = tiles_of(root)
    assert [bool(g.get("data-face-down")) for g in gs] == [True, False, False, True]
    assert not any(g.get("data-sideways") for g in gs)
    assert "暗杠" in root[0].text and "Concealed kong" in root[0].text


@pytest.mark.parametrize(
    "text, words",
    [
        ("[EEE,3]", ["碰", "Pung of East Wind", "right"]),
        ("[123m,2]", ["吃", "Chow 1-2-3 Characters", "2 Characters claimed from the left"]),
        ("[5555p,2]", ["明杠", "Melded kong", "opposite"]),
        ("[5555p,7]", ["加杠", "Added kong", "right"]),
    ],
)
def test_meld_title_is_bilingual(text, words):
    title = parse(svg.meld_svg(text))[0].text
    assert title.startswith(text)
    for w in words:
        assert w in title


# --- hands ---------------------------------------------------------------------------------------

SAMPLE = "[123m,2][EEE,3][5555p]456s9s+9sae"


def gaps_between(gs: list[ET.Element]) -> list[float]:
    """Space between the right edge of each column and the left edge of the next."""
    cols = [
        g
        for g in gs
        if not (
            g.get("data-sideways")
            and any(o is not g and o.get("data-sideways") and xy(o)[0] == xy(g)[0] and xy(o)[1] > xy(g)[1] for o in gs)
        )
    ]
    out = []
    for a, b in zip(cols, cols[1:]):
        wa = svg.SIDE_W if a.get("data-sideways") else svg.CELL_W
        out.append(round(xy(b)[0] - xy(a)[0] - wa, 3))
    return out


def test_hand_tiles_in_order_with_data_index():
    hand = parse_hand(SAMPLE)
    root = assert_self_contained(svg.hand_svg(hand))
    gs = tiles_of(root)
    expected = [str(t) for t in hand.tiles()] + [str(f) for f in hand.flowers]
    assert [g.get("data-tile") for g in gs] == expected
    assert [int(g.get("data-i")) for g in gs] == list(range(len(expected)))
    xs = [xy(g)[0] for g in gs]
    assert xs == sorted(xs)
    assert root[0].text.startswith(str(hand))
    for word in ("吃", "碰", "暗杠", "Winning tile", "9 Bamboo", "Flowers", "Spring", "梅"):
        assert word in root[0].text


def test_winning_tile_and_flowers_stand_apart():
    hand = parse_hand(SAMPLE)
    gs = tiles_of(parse(svg.hand_svg(hand)))
    gaps = gaps_between(gs)
    n_meld = sum(len(m.tiles) for m in hand.melds)
    win = n_meld + len(hand.concealed)
    inside = gaps[n_meld : win - 1]  # between concealed tiles
    assert len(set(inside)) == 1
    assert gaps[win - 1] > inside[0] * 3  # before the winning tile
    assert gaps[win] > inside[0] * 3  # before the first flower
    # melds are set apart from each other and from the concealed tiles
    assert gaps[2] > inside[0] and gaps[5] > inside[0] and gaps[n_meld - 1] > inside[0]


def test_hand_without_winning_tile_has_no_big_gap():
    gs = tiles_of(parse(svg.hand_svg("123m456p789sEENN")))
    assert len(set(gaps_between(gs))) == 1


def test_hand_sideways_and_face_down_tiles():
    gs = tiles_of(parse(svg.hand_svg(SAMPLE)))
    assert [int(g.get("data-i")) for g in gs if g.get("data-sideways")] == [1, 5]
    assert [int(g.get("data-i")) for g in gs if g.get("data-face-down")] == [6, 9]


def test_added_kong_in_a_hand_makes_room_above():
    flat = parse(svg.hand_svg("[123m,1][456p,3][EEE,1][CCCC,2]S+S"))
    stacked = parse(svg.hand_svg("[123m,1][456p,3][EEEE,5][CCCC,2]S+S"))
    assert float(stacked.get("height")) > float(flat.get("height"))
    gs = tiles_of(stacked)
    assert min(xy(g)[1] for g in gs) >= 0


@pytest.mark.parametrize(
    "highlight, expected",
    [
        ({2, 5}, {2: svg.HIGHLIGHT, 5: svg.HIGHLIGHT}),
        ([0], {0: svg.HIGHLIGHT}),
        ({3: "#2563eb", 13: "#e11d48"}, {3: "#2563eb", 13: "#e11d48"}),
        (None, {}),
    ],
)
def test_highlight_marks_exactly_the_requested_tiles(highlight, expected):
    root = parse(svg.hand_svg(SAMPLE, highlight=highlight))
    marked = {}
    for g in tiles_of(root):
        if "mj-hl" in g.get("class"):
            (outline,) = [r for r in g if tag(r) == "rect" and r.get("stroke-width") == "3.5"]
            marked[int(g.get("data-i"))] = outline.get("stroke")
    assert marked == expected


def test_tiles_svg_row_options():
    root = assert_self_contained(svg.tiles_svg("123m456p", sideways=[1], face_down=[5], gaps=[3], highlight={0}))
    gs = tiles_of(root)
    assert [g.get("data-tile") for g in gs] == ["1m", "2m", "3m", "4p", "5p", "6p"]
    assert [g.get("data-sideways") for g in gs].index("1") == 1
    assert [bool(g.get("data-face-down")) for g in gs] == [False] * 5 + [True]
    gaps = gaps_between(gs)
    assert gaps[2] > gaps[0] == gaps[1] == gaps[3]


def test_repr_methods_use_the_renderer():
    hand = parse_hand(SAMPLE)
    assert hand._repr_svg_() == svg.hand_svg(hand)
    assert svg.hand_svg(hand) in hand._repr_html_()
    meld = hand.melds[0]
    assert meld._repr_svg_() == svg.meld_svg(meld)
    assert svg.meld_svg(meld) in meld._repr_html_()
    assert TILES[0]._repr_svg_() == svg.tile_svg(TILES[0])
    assert svg.tile_svg(TILES[0]) in TILES[0]._repr_html_()
    assert svg.inline_html("<svg/>").count("<svg/>") == 1


def test_bad_input_is_an_error():
    with pytest.raises(TypeError):
        svg.hand_svg(5)
    with pytest.raises(ValueError):
        svg.hand_svg("123m")
    with pytest.raises(ValueError):
        svg.meld_svg("[124m]")


# --- speed and imports --------------------------------------------------------------------------


def random_hands(n: int, seed: int = 7) -> list[Hand]:
    """Random valid 14-tile hands with a few melds, flowers sometimes."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        wall = [t for t in TILES[:34] for _ in range(4)]
        rng.shuffle(wall)
        melds = []
        for _ in range(rng.randrange(3)):
            t = wall[0]
            kind = rng.choice(["pung", "kong", "chow"])
            try:
                if kind == "chow":
                    m = Meld.from_str(f"[{t.rank}{t.rank + 1}{t.rank + 2}{t.suit.value},{rng.randint(1, 3)}]")
                elif kind == "pung":
                    m = Meld.from_str(
                        f"[{str(t) * 3},{rng.randint(1, 3)}]"
                        if t.is_honor
                        else f"[{t.rank * 3}{t.suit.value},{rng.randint(1, 3)}]"
                    )
                else:
                    offer = rng.choice(["", ",1", ",2", ",3", ",5", ",6", ",7"])
                    m = Meld.from_str(
                        f"[{str(t) * 4}{offer}]" if t.is_honor else f"[{str(t.rank) * 4}{t.suit.value}{offer}]"
                    )
            except ValueError:
                continue
            rest = list(wall)
            try:
                for x in m.tiles:
                    rest.remove(x)
            except ValueError:  # not enough copies left for this meld
                continue
            melds.append(m)
            wall = rest
        k = 13 - 3 * len(melds)
        flowers = tuple(sorted(rng.sample(TILES[34:], rng.randrange(3))))
        try:
            out.append(Hand(tuple(melds), tuple(wall[:k]), wall[k], flowers))
        except ValueError:
            continue
    return out


def test_rendering_reads_no_files_after_the_first_call():
    hands = random_hands(300)
    svg.hand_svg(hands[0])  # loads the art once
    with (
        mock.patch("builtins.open", side_effect=AssertionError("file read while rendering")),
        mock.patch("io.open", side_effect=AssertionError("file read while rendering")),
    ):
        for h in hands:
            # document order puts an added kong's stacked tile right after its sideways tile
            gs = sorted(tiles_of(parse(svg.hand_svg(h, highlight={0, 3}))), key=lambda g: int(g.get("data-i")))
            assert [g.get("data-tile") for g in gs] == [str(t) for t in (*h.tiles(), *h.flowers)]
            assert [int(g.get("data-i")) for g in gs] == list(range(len(gs)))
            claimed = sum(m.claimed_position is not None for m in h.melds)
            added = sum(m.is_added_kong for m in h.melds)
            assert sum(bool(g.get("data-sideways")) for g in gs) == claimed + added
            assert sum(bool(g.get("data-face-down")) for g in gs) == 2 * sum(m.is_concealed for m in h.melds)
    assert svg._art.cache_info().misses == 1


def test_importing_the_renderer_pulls_in_no_heavy_modules():
    code = (
        "import sys, mjlearn; assert 'mjlearn.render' not in sys.modules;"
        "from mjlearn.render import svg; svg.hand_svg('[123m,2][EEE,3][5555p]456s9s+9s');"
        "svg.tile_sheet_svg();"
        "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget', 'fontTools') if m in sys.modules];"
        "assert not bad, bad"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


# --- the tile sheet --------------------------------------------------------------------------


def test_tile_sheet_svg_has_all_tiles_and_no_text():
    root = assert_self_contained(svg.tile_sheet_svg())
    assert [g.get("data-tile") for g in tiles_of(root)] == [str(t) for t in TILES]
    for t in TILES:
        assert f"{t} {t.zh}" in root[0].text


def test_tile_sheet_html_labels_every_tile_in_both_languages():
    html = svg.tile_sheet_html()
    for t in TILES:
        assert f">{t}<" in html and f">{t.zh}<" in html and f">{t.en}<" in html


# --- the screenshot helper (real browser) -------------------------------------------------------


@pytest.mark.e2e
def test_screenshot_renders_tiles_with_no_fonts_needed(tmp_path):
    """Chromium draws the art: the PNG has the SVG's size and the tile colours in it."""
    import subprocess

    from PIL import Image  # Pillow comes with matplotlib

    text = svg.tiles_svg("1p5sC", width=30)
    root = parse(text)
    (tmp_path / "row.svg").write_text(text, encoding="utf-8")
    out = tmp_path / "row.png"
    # in a process of its own: the real-browser tests of this session hold Playwright's sync loop
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; "
        "from tools.screenshot import screenshot; "
        "screenshot(Path(sys.argv[2]).read_text(encoding='utf-8'), sys.argv[3], selector='svg', "
        "background='#ffffff', optimise=False)"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(tmp_path / "row.svg"), str(out)], check=True, timeout=120
    )
    img = Image.open(out).convert("RGB")
    w, h = float(root.get("width")), float(root.get("height"))
    assert abs(img.size[0] - w) <= 1 and abs(img.size[1] - h) <= 1, (img.size, w, h)
    colours = img.getcolors(maxcolors=100_000)
    reds = sum(n for n, (r, g, b) in colours if r > 150 and g < 80 and b < 80)
    greens = sum(n for n, (r, g, b) in colours if g > 90 and r < 60 and b < 110)
    assert reds > 20 and greens > 20


# --- lesson pictures --------------------------------------------------------------------------


def test_figures_draw_rows_melds_and_hands_with_their_captions():
    p = svg.figures(
        ("123456789m", "万子 characters"), ("[456m,2]", "吃 <b>chow</b>"), ("[EEE,1]123m456p789s5s+5s", "和 a win")
    )
    assert p.html.count("<figure") == 3 and p.html.count("<figcaption") == 3
    assert "mj-row" in p.html and "mj-meld" in p.html and "mj-hand" in p.html
    assert "flex-wrap:wrap" in p.html and "max-width:100%" in p.html  # wraps within the page
    assert p._repr_html_() == p.html
    assert repr(p).splitlines() == [
        "123456789m  万子 characters",
        "[456m,2]  吃 chow",
        "[EEE,1]123m456p789s5s+5s  和 a win",
    ]
    with pytest.raises(NotationError):
        svg.figures(("12x", "bad"))


def test_seats_picture_puts_east_at_the_bottom_and_names_every_seat_in_both_languages():
    p = svg.seats_picture()
    for zh, en in (("东", "East"), ("南", "South"), ("西", "West"), ("北", "North")):
        assert f"{zh} {en}" in p.html and f"{zh} {en}" in repr(p)
    assert p.html.count('data-tile="') == 4
    east = p.html.index("东 East")
    assert "grid-area:3 / 2" in p.html[:east].rsplit("<div", 1)[-1]  # bottom row, middle column
    assert "逆时针" in p.html and "counter-clockwise" in p.html


def test_side_by_side_wraps_and_keeps_every_item():
    class Thing:
        def _repr_html_(self):
            return "<i>thing</i>"

        def __repr__(self):
            return "a thing"

    p = svg.side_by_side("<b>one</b>", Thing())
    assert "<b>one</b>" in p.html and "<i>thing</i>" in p.html and "flex-wrap:wrap" in p.html
    assert p.html.count("max-width:100%") == 3
    assert repr(p) == "one\n\na thing"


def test_side_by_side_captions_name_the_rule_set_of_each_wall_and_log():
    from mjlearn.table import Table
    from mjlearn.table.render import EventLog

    mcr, xian = Table("mcr", seed=8), Table("xian", seed=8)
    for p in (
        svg.side_by_side(EventLog(mcr.log[:3]), EventLog(xian.log[:4])),
        svg.side_by_side(mcr.at(3).wall, xian.at(4).wall),
    ):
        caps = re.findall(r'class="mj-sbs-caption"[^>]*>([^<]*)</div>', p.html)
        assert [unescape(c) for c in caps] == [both(mcr.rules.zh, mcr.rules.en), both(xian.rules.zh, xian.rules.en)]
        assert p.html.index(caps[0]) < p.html.index(caps[1])
        assert repr(p).startswith(both(mcr.rules.zh, mcr.rules.en) + "\n")


def test_side_by_side_given_captions_and_none():
    p = svg.side_by_side("<b>one</b>", "<b>two</b>", captions=[("甲", "first"), None])
    assert p.html.count("mj-sbs-caption") == 1 and both("甲", "first") in p.html
    assert repr(p) == f"{both('甲', 'first')}\none\n\ntwo"
    with pytest.raises(ValueError, match="2 pictures but 1 captions"):
        svg.side_by_side("<b>one</b>", "<b>two</b>", captions=["x"])
