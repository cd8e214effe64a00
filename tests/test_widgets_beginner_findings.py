"""What a beginner ran into in the widgets (hand editor, tile strip, rule comparison, deal view):
each test drives the widget with the messages its front end sends and reads the rendered HTML."""

from __future__ import annotations

import re

import pytest

from mjlearn import i18n
from mjlearn.mcr import score as mcr_score
from mjlearn.widgets import DealView, HandEditor, RuleComparison, TileStrip
from mjlearn.widgets._base import html_text


@pytest.fixture(autouse=True)
def _english_then_back():
    before = i18n.get_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def _refused(w, msg) -> None:
    """Send a message the way the front end does: a refused action shows its message."""
    w._on_front_msg(w, msg, [])


# --- hand editor: taking a tile out --------------------------------------------------------------


def test_editor_taking_a_tile_out_of_a_scored_hand_leaves_a_standing_hand_with_waits():
    ed = HandEditor("123m456p5789sEEE+5s")
    assert ed.total > 0 and 'data-arg="w"' in ed.regions["hand"]
    ed.handle({"act": "rm", "arg": "c0"})  # the first concealed tile, 1m
    assert ed.state.win is None and ed.state.tile_count() == 13
    assert ed.notation == "23m456p55789sEEE"  # no "+": the winning tile is back in the hand
    assert 'data-arg="w"' not in ed.regions["hand"] and "winning tile" not in ed.regions["hand"]
    result = ed.regions["result"]
    assert "wrong tile count" not in result and "mj-error" not in result
    assert 'data-shanten="0"' in result and 'data-waits="1m 4m"' in result


def test_editor_taking_a_meld_out_also_returns_the_winning_tile():
    ed = HandEditor("[EEE,1]123m456p78s99s+9s")
    ed.handle({"act": "rm", "arg": "m0"})
    assert ed.state.win is None and ed.notation == "123m456p78999s"
    assert "Add 2 more tiles" in ed.regions["result"]


def test_editor_taking_the_winning_tile_out_shows_the_waits():
    ed = HandEditor("123m456p5789sEEE+5s")
    ed.handle({"act": "rm", "arg": "w"})
    assert ed.notation == "123m456p5789sEEE" and "data-waits=" in ed.regions["result"]


# --- hand editor: a message belongs to the action that caused it ---------------------------------


@pytest.mark.parametrize(
    "then",
    [
        {"act": "ctx", "name": "self_drawn", "value": True},
        {"act": "rules", "arg": "beijing"},
        {"act": "mode", "arg": "pung"},
        {"act": "seat", "arg": 2},
    ],
)
def test_editor_full_hand_message_goes_when_the_next_action_succeeds(then):
    ed = HandEditor("123m456p5789sEEE+5s")
    _refused(ed, {"act": "add", "arg": "1m"})
    assert "the hand is full" in ed.regions["error"] and "手牌已满" in ed.regions["error"]
    assert ed.notation == "123m456p5789sEEE+5s"  # the last valid hand is kept
    ed.handle(then)
    assert ed.last_error == "" and ed.regions["error"] == ""


def test_editor_message_stays_when_the_next_action_is_refused_too():
    ed = HandEditor("123m456p5789sEEE+5s")
    _refused(ed, {"act": "add", "arg": "1m"})
    _refused(ed, {"act": "add", "arg": "2m"})
    assert "the hand is full" in ed.regions["error"]


# --- hand editor: both languages -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_editor_labels_and_messages_are_in_both_languages(lang):
    i18n.set_language(lang)
    ed = HandEditor("123m456p5789sEEE+5s")
    _refused(ed, {"act": "add", "arg": "1m"})
    err = html_text(ed.regions["error"])
    assert "the hand is full" in err and "手牌已满" in err
    hand = html_text(ed.regions["hand"])
    assert "click a tile to take it out" in hand and "点一张牌把它拿掉" in hand
    assert "winning tile" in hand and "和牌张" in hand
    builder = html_text(ed.regions["builder"].replace("<button", "<span").replace("</button>", "</span>"))
    assert "A click adds" in builder and "点牌加入" in builder
    first = "手牌" if lang == "zh" else "Hand"
    assert hand.startswith(first)  # the learner's language first
    result = html_text(ed.regions["result"])
    assert "Result" in result and "结果" in result


def test_editor_short_hand_note_is_in_both_languages():
    ed = HandEditor("123m")
    text = html_text(ed.regions["result"])
    assert "Add 10 more tiles" in text and "再加 10 张牌" in text


# --- hand editor: waits that cannot win under MCR ------------------------------------------------


def test_editor_waits_say_none_reaches_eight_points():
    ed = HandEditor("[CCC,2][234m,1]567p1199s")
    result = ed.regions["result"]
    assert 'data-waits="1s 9s"' in result
    for w in ("1s", "9s"):
        pts = mcr_score(f"[CCC,2][234m,1]567p1199s+{w}").total
        assert pts < 8
        cell = re.search(rf'<span class="mj-wait[^"]*" data-wait="{w}"[^>]*>.*?</span></span>', result).group(0)
        assert "mj-nowin" in cell and 'data-legal="false"' in cell and f">{pts} ✗<" in cell
    assert 'data-legal-waits=""' in result
    text = html_text(result)
    assert "no wait reaches the 8-point minimum" in text and "都不够 8 番起和" in text


def test_editor_waits_name_those_that_reach_eight_points():
    ed = HandEditor("234m456p789s45sEE")
    result = ed.regions["result"]
    legal = re.search(r'data-legal-waits="([^"]*)"', result).group(1).split()
    ws = re.search(r'data-waits="([^"]*)"', result).group(1).split()
    assert ws == ["3s", "6s"] and legal == ["3s"]  # 3s makes 8 points, 6s only 4
    for w in ws:
        r = mcr_score(f"234m456p789s45sEE+{w}")
        assert (w in legal) == r.meets_minimum
        assert f'data-wait="{w}" title="winning on {w}: {r.total} points' in result
    assert "waits that reach 8 points" in html_text(result)


def test_editor_waits_under_a_regional_rule_set_say_legal_or_not():
    ed = HandEditor("123m456p5789sEEE", rules="beijing")
    result = ed.regions["result"]
    assert "data-legal-waits=" in result and 'data-legal="' in result
    assert "8-point" not in result  # MCR's minimum is not a regional rule


# --- tile strip ------------------------------------------------------------------------------------


def test_strip_buttons_are_off_until_a_tile_is_picked():
    s = TileStrip("123m")
    controls = s.regions["controls"]
    for act in ('data-act="move" data-arg="left"', 'data-act="move" data-arg="right"', 'data-act="discard"'):
        assert re.search(rf"<button[^>]*{act}[^>]*\bdisabled\b", controls), act
    assert "pick a tile first" in controls and "先点一张牌" in controls
    assert not re.search(r'<button[^>]*data-act="sort"[^>]*\bdisabled\b', controls)
    s.handle({"act": "select", "arg": 1})
    controls = s.regions["controls"]
    assert "disabled" not in controls and "pick a tile first" not in controls
    s.handle({"act": "move", "arg": "left"})
    assert s.tiles == ["2m", "1m", "3m"]


def test_strip_move_without_a_pick_is_refused_and_changes_nothing():
    s = TileStrip("123m")
    with pytest.raises(ValueError, match="pick a tile first"):
        s.handle({"act": "discard"})
    with pytest.raises(ValueError, match="先点一张牌"):
        s.handle({"act": "move", "arg": "right"})
    assert s.tiles == ["1m", "2m", "3m"] and s.discards == []


# --- rule comparison: a refused hand --------------------------------------------------------------


def test_comparison_greys_out_the_previous_hand_under_a_heading():
    c = RuleComparison("123m456m789mEEE4s+4s", rules=["mcr", "beijing"])
    assert not c.stale() and "mj-stale" not in "".join(c.regions.values())
    old = str(c.hand)
    c.notation = "123m456m789mEEEE4s+4s"
    assert c.stale() and str(c.hand) == old  # the last valid hand is kept
    err = html_text(c.regions["error"])
    assert "wrong tile count" in err
    assert f"Still showing {old}" in err and "123m456m789mEEEE4s+4s" in err and f"下面仍是上一手 {old}" in err
    for region in ("main", "chart", "controls"):
        assert 'class="mj-stale" data-stale="1"' in c.regions[region], region
    # the typed box is not greyed: the learner fixes the hand there
    assert 'data-bind="notation"' not in re.search(
        r'<div class="mj-stale".*?</div></div>', c.regions["controls"], re.DOTALL
    ).group(0)


def test_comparison_fixed_hand_or_next_action_clears_the_grey():
    c = RuleComparison("123m456m789mEEE4s+4s", rules=["mcr", "beijing"])
    c.notation = "123m456m789mEEEE4s+4s"
    c.notation = "123m456m789mEEE5s+5s"
    assert not c.stale() and c.last_error == "" and "mj-stale" not in "".join(c.regions.values())
    assert "5s" in str(c.hand)
    c.notation = "bad"
    assert c.stale()
    c.handle({"act": "ctx", "name": "dealer", "value": "S"})
    assert not c.stale() and c.regions["error"] == "" and "mj-stale" not in c.regions["main"]


def test_comparison_refused_context_is_not_called_stale():
    c = RuleComparison("123m456m789mEEE4s+4s", rules=["mcr", "beijing"])
    _refused(c, {"act": "ctx", "name": "discarder", "value": "E"})  # the winner cannot discard
    assert c.last_error and "点炮" in c.last_error and "discard" in c.last_error
    assert not c.stale() and "mj-stale" not in c.regions["main"]


# --- deal view caption --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_deal_caption_is_in_both_languages(lang):
    i18n.set_language(lang)
    d = DealView(7)
    d.handle({"act": "step", "arg": 6})
    ev = d.table.log[-1] if d._last is None else d._last
    first, second = (ev.text("zh"), ev.text("en")) if lang == "zh" else (ev.text("en"), ev.text("zh"))
    event = re.search(r'<div class="mj-event"[^>]*>(.*?)</div>', d.regions["table"], re.DOTALL).group(1)
    assert event.startswith(first.replace("'", "&#x27;").replace('"', "&quot;")[:8])
    assert "mj-sub" in event and html_text(event).endswith(second)
    controls = html_text(d.regions["controls"].replace("<button", "<span").replace("</button>", "</span>"))
    assert "step 6" in controls and "第 6 步" in controls
