"""A learner who listens hears the tile's picture, never its name where the name is the answer.

Two halves. The words of each of the 42 faces (mjlearn/render/faces.py): bilingual, each face its
own, never a tile's name or notation, and true to the art (the coins and sticks counted in the
face's own SVG paths). Then every quiz kind, generated many times: the names a screen reader reads
in the question's HTML (aria-label, <title>, alt, title) never say the answer; where the tiles are
the question, the picture is an image named by what it shows; where a hand is the question, the
names say its tiles and nothing else (the rule is written in mjlearn/quiz/picture.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mjlearn.notation import parse_tiles
from mjlearn.quiz.core import KINDS, generate, get_kind, solve
from mjlearn.quiz.widget import question_html
from mjlearn.tiles import TILES, Tile

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u4e00-\u9fff]")
SEEDS = range(30)


def _names(t: Tile) -> list[str]:
    """Every way a tile is named: Chinese, English, pinyin with and without tones."""
    return [t.zh, t.en, t.pinyin, t.pinyin_toneless]


def _says_notation(text: str, t: Tile) -> bool:
    """Whether ``text`` writes the tile's notation as a token of its own ("5m", "E", "a")."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(str(t))}(?![0-9A-Za-z])", text) is not None


def _says_name(text: str, t: Tile) -> str | None:
    """The tile's name or notation found in ``text``, or None."""
    low = text.casefold()
    for name in (t.zh, t.en):
        if name.casefold() in low:
            return name
    for name in (t.pinyin, t.pinyin_toneless):  # a word of its own ("lan" is no name inside "slanted")
        if re.search(rf"(?<![^\W\d_]){re.escape(name.casefold())}(?![^\W\d_])", low):
            return name
    return str(t) if _says_notation(text, t) else None


# --- the words of each face ------------------------------------------------------------------


@pytest.mark.parametrize("t", TILES, ids=str)
def test_every_face_is_described_in_both_languages_without_its_name(t):
    from mjlearn.render.faces import face_words, tile_label

    zh, en = face_words(t)
    assert CJK.search(zh) and not re.search(r"[A-Za-z]", zh), zh
    assert re.search(r"[A-Za-z]{3}", en) and not re.search(r"[\u3000-\u303f\uff00-\uffef]", en), en
    for text in (zh, en, tile_label(t)):
        assert _says_name(text, t) is None, (str(t), _says_name(text, t), text)
        assert not re.search(r"\d[mps]", text), text  # no tile's notation at all


def test_no_two_faces_sound_alike():
    from mjlearn.render.faces import face_words

    words = {str(t): face_words(t) for t in TILES}
    for lang in (0, 1):
        said = [w[lang] for w in words.values()]
        assert len(set(said)) == len(TILES) == 42, [s for s in said if said.count(s) > 1]


def test_the_words_count_what_the_face_draws():
    """The coins and sticks said are the ones drawn: counted, by colour, in the face's own SVG paths
    (a dots face draws each colour's coins as one path of circles before its first ivory layer; a
    bamboo face draws each stick's body as one path in the stick's colour)."""
    from mjlearn.render.faces import face_words

    art = json.loads((ROOT / "mjlearn" / "render" / "tile_art.json").read_text(encoding="utf-8"))
    hexes = {"#c4161c": "red", "#0a7a3c": "green", "#1d4f9c": "blue"}
    counts = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    for t in TILES:
        if not t.is_suited or t.suit.value == "m" or t.rank == 1:
            continue
        paths = re.findall(r'<path fill="(#[0-9a-f]{6})"[^>]*? d="([^"]*)"', art["faces"][str(t)])
        drawn: dict[str, int] = {}
        if t.suit.value == "p":
            for fill, d in paths:
                if fill == "#fbf8ee":
                    break
                drawn[hexes[fill]] = drawn.get(hexes[fill], 0) + d.count("z")
        else:
            for fill, _d in paths:
                if fill in hexes:
                    drawn[hexes[fill]] = drawn.get(hexes[fill], 0) + 1
        assert sum(drawn.values()) == t.rank, (str(t), drawn)
        en = face_words(t)[1]
        assert en.startswith(counts[t.rank - 1] + " "), en
        if len(drawn) > 1:
            for colour, n in drawn.items():
                assert f"{counts[n - 1]} {colour}" in en, (str(t), drawn, en)
        else:
            assert f" {next(iter(drawn))} " in en, en


def test_the_characters_said_are_the_ones_written():
    from mjlearn.render.faces import face_words
    from mjlearn.render.text import tile_face

    for t in TILES:
        if t.is_flower or str(t) == "P" or (t.is_suited and t.suit.value != "m"):
            continue
        written = [c for c in "".join(tile_face(t)) if CJK.match(c)]  # the terminal's picture of the face
        zh, en = face_words(t)
        assert written and all(c in zh and c in en for c in written), (str(t), written, zh, en)


def test_a_flower_is_heard_by_its_number_and_colours_not_its_character():
    """A flower's one character is its whole name (春 is Spring): its colour, its number and its
    blossom are said, so the seasons and the plants are told apart and each is numbered 1-4."""
    from mjlearn.render.faces import face_words

    flowers = [t for t in TILES if t.is_flower]
    for t in flowers:
        zh, en = face_words(t)
        assert f"number {(t.rank - 1) % 4 + 1}" in en and f"数字 {(t.rank - 1) % 4 + 1}" in zh
    seasons, plants = ({face_words(t)[1].split(",")[0] for t in half} for half in (flowers[:4], flowers[4:]))
    assert len(seasons) == len(plants) == 1 and seasons != plants


def test_an_unknown_drawing_is_a_clear_error(monkeypatch):
    from mjlearn.render import faces

    art = json.loads((ROOT / "mjlearn" / "render" / "tile_art.json").read_text(encoding="utf-8"))
    art["drawn"]["P"] = [{"what": "dragon", "colour": "blue"}]
    monkeypatch.setattr(faces, "_art", lambda: art)
    faces._words.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"'dragon'.*faces\.py"):
            faces.face_words("P")
    finally:
        faces._words.cache_clear()


@pytest.mark.parametrize("bad", ["zz", "0m", "", "5m5m", None, 42, -1, ["5m"]])
def test_a_tile_that_is_not_one_is_a_clear_error(bad):
    from mjlearn.render.faces import face_words, tile_label

    for words in (face_words, tile_label):
        with pytest.raises((ValueError, TypeError), match=r"tile"):
            words(bad)


def test_a_question_in_a_fresh_interpreter_shows_its_tile_in_words():
    """What the learner meets: a new kernel, ``import mjlearn``, a question shown as HTML."""
    code = (
        "import mjlearn\n"
        "from mjlearn.quiz import generate\n"
        "print(generate('tile_name', seed=3, difficulty=1)._repr_html_())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    q = generate("tile_name", seed=3, difficulty=1)
    t = Tile(q.data["tile"])
    label = _svg_root(out.stdout).get("aria-label") or ""
    assert "The tile in question: " in label and _says_name(label, t) is None, label


# --- what a screen reader reads in every question ------------------------------------------------


def _accessible(html: str) -> list[str]:
    """Every name a screen reader may read from the question's HTML: aria-label, <title>, alt and
    title attributes."""
    out = re.findall(r'aria-label="([^"]*)"', html) + re.findall(r"aria-label='([^']*)'", html)
    out += re.findall(r"<title>(.*?)</title>", html, re.DOTALL)
    out += re.findall(r"\s(?:alt|title)=[\"']([^\"']*)[\"']", html)
    return out


HAND_WORDS = sorted(
    {
        *("手牌", "Concealed", "和", "Winning tile", "花", "Flowers", "吃上家的", "吃", "Chow", "碰自", "碰"),
        *("Pung of", "pung claimed from", "claimed from", "the left", "the right", "opposite", "上家", "对家"),
        *("下家", "暗杠", "Concealed kong of", "加杠", "Added kong of", "明杠", "Melded kong of", "face down"),
        *("扣着的牌", "扣着", "Characters", "Dots", "Bamboo"),
    },
    key=len,
    reverse=True,
)
"""The words a hand's or a meld's accessible name is made of besides the tiles (render/svg.py's
describe_hand and describe_meld)."""
TILE_WORDS = sorted({n for t in TILES for n in (t.zh, t.en)}, key=len, reverse=True)


def _beyond_tiles(text: str) -> str:
    """What a name says besides tiles, melds and where they came from ("" when nothing)."""
    for w in TILE_WORDS + HAND_WORDS:
        text = text.replace(w, " ")
    text = re.sub(r"(?<![A-Za-z])(?:\[[^\]]*\]|[0-9]+[mps]?|[ESWNCFP]+|\+)+[a-h]*(?![A-Za-z])", " ", text)  # notation
    text = re.sub(r"(?<![A-Za-z])[a-h](?![A-Za-z])", " ", text)  # a flower's letter
    return re.sub(r"[\s\[\],;:+()（）—\-]", "", text)


def _answer_names(q) -> list[str]:
    """The correct answer in words a screen reader could read: the names and notation of the tiles
    that are the answer, and the label of each correct choice."""
    kind, sol = get_kind(q.kind), solve(q)
    out: list[str] = []
    if kind.answer in ("choice", "choices"):
        right = sol if isinstance(sol, (list, tuple)) else [sol]
        out += [label for value, label in kind.choices(q.data) if value in right]
    figure = kind.figure(q.data)
    if figure is not None and figure[0] in ("tile", "tiles"):  # the tiles shown are the answer
        for t in parse_tiles(figure[1]):
            out += [*_names(t), str(t)]
        out.append(figure[1])
    return out


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_question_says_its_answer_to_a_screen_reader(kind):
    """On today's main no kind leaks its answer through a name (tile questions were hidden as "the tile
    in question"): this is the guard that keeps it so, now that those pictures are described."""
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            q = generate(kind, seed=seed, difficulty=difficulty)
            names = _accessible(question_html(q))
            figure = get_kind(kind).figure(q.data)
            shown = parse_tiles(figure[1]) if figure is not None and figure[0] in ("tile", "tiles") else []
            for text in names:
                for t in shown:
                    assert _says_name(text, t) is None, (kind, seed, difficulty, _says_name(text, t), text)
                for answer in _answer_names(q):
                    if len(answer) > 1:  # a single letter is a flower's notation: checked as a token above
                        assert answer.casefold() not in text.casefold(), (kind, seed, difficulty, answer, text)
                if not shown:  # a hand or a situation: its names say its tiles, nothing more
                    assert _beyond_tiles(text) == "", (kind, seed, difficulty, _beyond_tiles(text), text)


def _svg_root(html: str) -> ET.Element:
    m = re.search(r"<svg\b.*?</svg>", html, re.DOTALL)
    assert m, html[:200]
    return ET.fromstring(m.group(0))


def _figure_of(kind: str, seed: int, difficulty: int = 1):
    return get_kind(kind).figure(generate(kind, seed=seed, difficulty=difficulty).data)


PICTURE_KINDS = sorted(k for k in KINDS if any((_figure_of(k, s) or ("",))[0] in ("tile", "tiles") for s in range(3)))
"""The kinds whose question is a tile or a row of tiles (today tile_name and write_notation)."""


def test_the_kinds_that_show_their_tiles_as_the_question_are_found():
    assert {"tile_name", "write_notation"} <= set(PICTURE_KINDS)


@pytest.mark.parametrize("kind", PICTURE_KINDS)
def test_tiles_that_are_the_question_are_an_image_named_by_what_it_shows(kind):
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            q = generate(kind, seed=seed, difficulty=difficulty)
            figure = get_kind(kind).figure(q.data)
            html = question_html(q)
            root = _svg_root(html)
            tiles = parse_tiles(figure[1])
            what = "".join(f"{t.zh}" for t in tiles)
            assert root.get("role") == "img", root.attrib
            label = root.get("aria-label") or ""
            assert html.count("<svg") == 1 and "<title>" not in html and "data-tile" not in html
            if figure[0] == "tile":
                assert label.startswith("题目中的牌：") and ". The tile in question: " in label.replace("。", ". "), (
                    label
                )
            else:
                assert (
                    label.startswith(f"题目中的 {len(tiles)} 张牌：")
                    and f"The {len(tiles)} tiles in question: " in label
                )
                assert all(f"第 {k} 张" in label and f"tile {k}," in label for k in range(1, len(tiles) + 1)), label
            assert len(label) > 40 and what not in label, label


def test_the_picture_words_are_the_faces_words():
    from mjlearn.render.faces import face_words, row_label, tile_label

    for kind in PICTURE_KINDS:
        q = generate(kind, seed=4, difficulty=3)
        figure = get_kind(kind).figure(q.data)
        tiles = parse_tiles(figure[1])
        label = _svg_root(question_html(q)).get("aria-label")
        assert label == (tile_label(tiles[0]) if figure[0] == "tile" else row_label(tiles))
        assert all(face_words(t)[0] in label and face_words(t)[1] in label for t in tiles)


def test_the_tile_in_question_is_said_with_the_question():
    """The live region says a new question's prompt and, when the tiles are the question, what they
    show: a learner who listens need not hunt for the picture."""
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz.live import question_words
    from mjlearn.quiz.widget import QuizWidget
    from mjlearn.render.faces import face_words

    q = generate("tile_name", seed=2)
    w = QuizWidget([q, generate("waits", seed=2)], record=False)
    said = question_words(w)
    zh, en = face_words(q.data["tile"])
    assert zh in said and en in said and "What is this tile called?" in said
    w.next()
    assert "The tile" not in question_words(w)  # a hand question: its prompt only


def test_no_face_says_another_tile_name():
    """A row of tiles is read face after face: no face's words may name any tile, its own or another."""
    from mjlearn.render.faces import face_words

    for t in TILES:
        for text in face_words(t):
            for u in TILES:
                assert _says_name(text, u) is None, (str(t), _says_name(text, u), text)
