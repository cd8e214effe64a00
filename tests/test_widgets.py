"""Widget logic without a browser: send the messages the front end sends, read the regions."""

from __future__ import annotations

import pytest

import mjlearn as mj
from mjlearn import i18n, parse_hand
from mjlearn.errors import InvalidHandError, NotationError
from mjlearn.widgets.editor import EditorState, HandEditor


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_import_displays_nothing_and_stays_light():
    import subprocess
    import sys

    code = (
        "import sys, mjlearn, mjlearn.widgets; "
        "print('ipywidgets' in sys.modules, 'anywidget' in sys.modules, 'matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "False"]


@pytest.mark.parametrize(
    "text, clicks, notation",
    [
        ("", ["1m", "1m", "1m"], "111m"),
        ("1112345678999m", ["5m"], "1112345678999m+5m"),
        ("", ["a", "c", "a"], "c"),  # a flower toggles
    ],
)
def test_palette_clicks(text, clicks, notation):
    s = EditorState()
    if text:
        s.set_notation(text)
    for c in clicks:
        s.add(c)
    assert s.notation() == notation


def test_fifth_copy_and_full_hand_are_refused_and_change_nothing():
    s = EditorState()
    s.set_notation("1111m")
    with pytest.raises(ValueError, match="four"):
        s.add("1m")
    assert s.notation() == "1111m"
    s.set_notation("1112345678999m+5m")
    with pytest.raises(ValueError, match="full"):
        s.add("E")
    assert s.notation() == "1112345678999m+5m"


@pytest.mark.parametrize(
    "mode, exposed, seat, tile, notation",
    [
        ("pung", True, 2, "E", "[EEE,2]"),
        ("kong", False, 1, "5p", "[5555p]"),
        ("kong", True, 3, "W", "[WWWW,3]"),
        ("chow", True, 1, "3s", "[345s,1]"),
        ("chow", False, 1, "3s", "345s"),  # a concealed chow is three tiles in hand
        ("pung", False, 1, "C", "CCC"),
    ],
)
def test_meld_builder(mode, exposed, seat, tile, notation):
    s = EditorState()
    s.mode, s.exposed, s.seat = mode, exposed, seat
    s.add(tile)
    assert s.notation() == notation


def test_chow_from_an_honor_is_explained():
    s = EditorState()
    s.mode = "chow"
    with pytest.raises(ValueError, match="chow"):
        s.add("E")
    assert s.notation() == ""


def test_remove_pieces():
    s = EditorState()
    s.set_notation("[EEE,1]123m456p789sC+C")
    s.remove("w")
    s.remove("m0")
    s.remove("c0")
    assert s.notation() == "23m456p789sC"


def test_editor_notation_box_bad_input_keeps_the_hand():
    ed = HandEditor("1112345678999m")
    before = dict(ed.regions)
    ed.notation = "123m45"  # what the notation box sends
    with pytest.raises(NotationError) as e:
        parse_hand("123m45")
    assert ed.last_error == str(e.value)
    assert ed.state.notation() == "1112345678999m"
    assert ed.regions["hand"] == before["hand"] and ed.regions["result"] == before["result"]
    from html import escape

    assert escape(str(e.value)) in ed.regions["error"]
    ed.notation = "1112345678999m+9m"
    assert ed.last_error == "" and ed.regions["error"] == ""


def test_editor_impossible_hand_message():
    ed = HandEditor()
    ed.notation = "11111m"
    with pytest.raises(InvalidHandError) as e:
        parse_hand("11111m")
    assert ed.last_error == str(e.value)


def test_editor_thirteen_tiles_show_engine_waits_and_shanten():
    from mjlearn.analysis import shanten, waits

    ed = HandEditor()
    for x in "1112345678999":
        ed.handle({"act": "add", "arg": x + "m"})
    res = ed.regions["result"]
    ws = " ".join(str(w) for w in waits("1112345678999m").tiles)
    assert f'data-waits="{ws}"' in res
    assert f'data-shanten="{shanten("1112345678999m")}"' in res


def test_editor_fourteen_not_winning_gives_advice():
    ed = HandEditor("123m456p789sEENNS")
    assert "mj-advice" in ed.regions["result"]
    from mjlearn.analysis import discard_advice

    names = " ".join(map(str, discard_advice("123m456p789sEENNS")[0].useful_tiles))
    assert f'title="useful tiles: {names} 有用的牌：{names}"' in ed.regions["result"]


def test_editor_winning_hand_total_is_the_engines():
    from mjlearn import mcr

    ed = HandEditor("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)
    assert ed.total == mcr.score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True).total
    ed.handle({"act": "ctx", "name": "self_drawn", "value": False})
    assert ed.total == mcr.score("[EEE,1][SSSS,1]55pWWWNN+N").total


def test_language_follows_set_language():
    ed = HandEditor("1112345678999m")
    assert "Hand editor" in ed.regions["head"].split("牌型")[0]
    mj.set_language("zh")
    from mjlearn.widgets._base import refresh_language

    refresh_language()  # what the post-cell hook does in a notebook
    assert ed.lang == "zh" and ed.regions["head"].index("牌型编辑器") < ed.regions["head"].index("Hand editor")
    ed.handle({"act": "lang"})  # the 中 / EN button
    assert i18n.get_language() == "en" and ed.lang == "en"


def test_mimebundle_has_static_html_and_text():
    ed = HandEditor("1112345678999m+5m")
    data, _ = ed._repr_mimebundle_()
    assert data["text/plain"].startswith("Hand editor 牌型编辑器: 1112345678999m+5m\n")
    assert "Nine Gates" in data["text/plain"] and "91 points" in data["text/plain"]
    assert "<svg" in data["text/html"] and "<script" not in data["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in data
    assert repr(ed) == "<HandEditor('1112345678999m+5m')>"


def test_tile_strip_select_move_discard():
    from mjlearn.widgets import TileStrip

    s = TileStrip("123m")
    s.handle({"act": "select", "arg": "0"})
    s.handle({"act": "move", "arg": "right"})
    assert s.tiles == ["2m", "1m", "3m"] and s.selected == [1]
    s.handle({"act": "discard"})
    assert s.tiles == ["2m", "3m"] and s.discards == ["1m"]
    s.handle({"act": "sort"})
    with pytest.raises(ValueError):
        s.handle({"act": "select", "arg": 9})


def test_deal_view_steps_follow_the_table():
    from mjlearn.table import Table
    from mjlearn.widgets import DealView

    d = DealView(seed=7)
    for _ in range(10):
        d.handle({"act": "step", "arg": 1})
    t = Table("mcr", seed=7, setup=False)
    for _ in range(10):
        t.step_setup()
    assert d.remaining == t.wall.remaining and d.steps == 10
    assert d.regions["table"].count('class="mj-t"') >= sum(sum(t.hands[s]) for s in range(4))
    d.handle({"act": "play"})
    assert d.playing
    d.handle({"act": "reset", "arg": "next"})
    assert d.seed == 8 and d.steps == 0 and not d.playing


def test_views_render_engine_results():
    from mjlearn.analysis import waits
    from mjlearn.widgets import DiscardAdvice, HandView, WaitsView

    w = WaitsView("1112345678999m", visible="5m5m")
    live = {str(x.tile): x.live for x in waits("1112345678999m", visible="5m5m").details}
    assert live["5m"] == 1 and '<span class="mj-count">×1</span>' in w.regions["main"]
    assert "mj-bar" in DiscardAdvice("123m456p789sEENNS").regions["main"]
    assert "mj-tile" in HandView("[123m,2][EEE,3][5555p]456s9s+9s").static_html()


# --- static fallbacks: every widget shows its tiles and its result without a front end -------------


def _fresh_climb():
    """A ladder climb with no hands kept yet, in a folder of its own."""
    import tempfile

    from mjlearn.quiz.ladder import Climb

    return Climb(tempfile.mkdtemp(prefix="mjlearn-ladder-"), user="ann")


FALLBACK_CASES = {
    "HandEditor": lambda W: W.HandEditor("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True),
    "TileStrip": lambda W: W.TileStrip("2378m456p11sEFFC"),
    "HandView": lambda W: W.HandView("[123m,2][EEE,3][5555p]456s9s+9s"),
    "FanBreakdown": lambda W: W.FanBreakdown("1112345678999m+5m"),
    "WaitsView": lambda W: W.WaitsView("1112345678999m"),
    "DiscardAdvice": lambda W: W.DiscardAdvice("123m456p789sEENNS"),
    "RuleComparison": lambda W: W.RuleComparison("12346789mEEE44s+5m", winner="S", discarder="N"),
    "DealView": lambda W: W.DealView(seed=7),
    "TableView": lambda W: W.TableView(seed=3),
    "PlayTable": lambda W: W.PlayTable(seed=3),
    "LadderBoard": lambda W: W.LadderBoard(_fresh_climb(), seed=3),
}
"""One instance of each widget; the test below fails if a widget class has no case here."""

EXPECTED_TEXT = {
    "HandEditor": "Big Four Winds",
    "TileStrip": "2m 3m 7m 8m",
    "HandView": "Concealed kong of 5 Dots",
    "FanBreakdown": "Nine Gates",
    "WaitsView": "9 kinds, 23 tiles left",
    "DiscardAdvice": "S ready 4 useful tiles",
    "RuleComparison": "Beijing",
    "DealView": "East 东家 · 14 tiles",
    "TableView": "East 东家 · 14 tiles",
    "PlayTable": "Play a hand",
    "LadderBoard": "Five tiles win as one set and a pair",
}


def _widget_classes():
    import anywidget

    import mjlearn.widgets as W

    return {
        name: getattr(W, name)
        for name in W.__all__
        if isinstance(getattr(W, name), type) and issubclass(getattr(W, name), anywidget.AnyWidget)
    }


def test_every_widget_class_has_a_fallback_case():
    assert set(_widget_classes()) == set(FALLBACK_CASES)


@pytest.mark.parametrize("name", sorted(FALLBACK_CASES))
def test_static_fallback_shows_tiles_and_text(name):
    import re

    import mjlearn.widgets as W

    w = FALLBACK_CASES[name](W)
    data, _ = w._repr_mimebundle_()
    html, plain = data["text/html"], data["text/plain"]
    body = re.sub(r"<style>.*?</style>", "", html, flags=re.DOTALL)
    # tiles drawn as inline SVG inside the static HTML (no front end fills placeholders there)
    assert body.count("<svg") >= 1 and "<script" not in body
    for slot in re.finditer(r'<(\w+)\b[^>]*data-region="(\w+)"[^>]*>(</\1>)', body):
        assert slot.group(2) in ("error",), f"{name}: region {slot.group(2)} is empty in the static HTML"
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", body, flags=re.DOTALL))
    assert len(text.split()) >= 5, f"{name}: the static HTML has no result text"
    assert "object at 0x" not in html and "object at 0x" not in plain
    # the text fallback is words and tiles, not the constructor call
    assert not plain.startswith(f"{name}(")
    assert EXPECTED_TEXT[name] in plain, plain[:400]
    assert "seed" not in plain.lower() and "seed" not in text.lower()


def test_deal_view_static_fallback_shows_the_dealt_hands_but_keeps_its_state():
    import mjlearn.widgets as W

    d = W.DealView(seed=7)
    before = (d.steps, d.remaining, d.regions)
    html = d._repr_mimebundle_()[0]["text/html"]
    assert "Static view" in html and html.count("<svg") > 50  # 53 tiles dealt, drawn
    assert (d.steps, d.remaining, d.regions) == before  # the live view did not move
    d.step(3)
    assert "Static view" not in d._repr_mimebundle_()[0]["text/html"]


def test_discard_advice_bars_rank_the_best_discard_longest():
    import re

    import mjlearn.widgets as W

    html = W.DiscardAdvice("1223m4p789sEENNSC").regions["main"]
    rows = re.findall(r'data-shanten="(\d+)" data-useful="(\d+)">.*?style="width:(\d+)%"', html)
    assert len(rows) >= 10
    keys = [(int(sh), -int(u)) for sh, u, _ in rows]
    widths = [int(w) for _, _, w in rows]
    assert keys == sorted(keys)  # best first
    assert widths[0] == 100 and widths == sorted(widths, reverse=True)
    assert all(a > b for (ka, a), (kb, b) in zip(zip(keys, widths), zip(keys[1:], widths[1:])) if ka[0] < kb[0])
    assert "steps from ready" in html or "step from ready" in html
    assert "-sh<" not in html


def test_excluded_fans_name_the_fan_and_why():
    import mjlearn.widgets as W

    html = W.FanBreakdown("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True).regions["main"]
    items = html.split('<details class="mj-excl">')[1]
    for name in ("Big Three Winds", "All Pungs", "Prevalent Wind", "Seat Wind", "Pung of Terminals or Honors"):
        assert f'data-excluded="{name}"' in items
    assert items.count("implied by Big Four Winds") == 5
