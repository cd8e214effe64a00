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
    import subprocess, sys
    code = ("import sys, mjlearn, mjlearn.widgets; "
            "print('ipywidgets' in sys.modules, 'anywidget' in sys.modules, 'matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "False"]


@pytest.mark.parametrize("text, clicks, notation", [
    ("", ["1m", "1m", "1m"], "111m"),
    ("1112345678999m", ["5m"], "1112345678999m+5m"),
    ("", ["a", "c", "a"], "c"),                       # a flower toggles
])
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


@pytest.mark.parametrize("mode, exposed, seat, tile, notation", [
    ("pung", True, 2, "E", "[EEE,2]"),
    ("kong", False, 1, "5p", "[5555p]"),
    ("kong", True, 3, "W", "[WWWW,3]"),
    ("chow", True, 1, "3s", "[345s,1]"),
    ("chow", False, 1, "3s", "345s"),            # a concealed chow is three tiles in hand
    ("pung", False, 1, "C", "CCC"),
])
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
    ed.notation = "123m45"                           # what the notation box sends
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
    assert f'title="{" ".join(map(str, discard_advice("123m456p789sEENNS")[0].useful_tiles))}"' in ed.regions["result"]


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
    refresh_language()                      # what the post-cell hook does in a notebook
    assert ed.lang == "zh" and ed.regions["head"].index("牌型编辑器") < ed.regions["head"].index("Hand editor")
    ed.handle({"act": "lang"})              # the 中 / EN button
    assert i18n.get_language() == "en" and ed.lang == "en"


def test_mimebundle_has_static_html_and_text():
    ed = HandEditor("1112345678999m+5m")
    data, _ = ed._repr_mimebundle_()
    assert data["text/plain"] == "HandEditor('1112345678999m+5m')"
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
