"""The coach's words for a newcomer: how far from ready, the tiles that would help and what a hand brings
on average said plainly first, the technical word after it as a glossary word (shanten 向听, useful tiles
进张), every figure the coach's own; and the end of a hand lost on the learner's own discard while every
decision matched the coach's best, explained from the hand's record."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import mjlearn as mj
from mjlearn.coaching.reasons import explain
from mjlearn.rules import get as get_rules
from mjlearn.shanten_core import shanten_of_counts
from mjlearn.widgets._base import html_text
from mjlearn.widgets.play import PlayTable, Review, load_review
from mjlearn.widgets.review import worst

_TERM = r'<abbr class="mj-term" title="([^"]*)"[^>]*>([^<]+)</abbr>'


def _coach_best(t: PlayTable) -> dict:
    """The front end's message for the coach's best option now (worst=True: the worst discard)."""
    o = t.advice()[0]["option"]
    return {"act": "discard", "arg": o.split()[1]} if o.startswith("discard ") else {"act": "call", "arg": o}


def _first_discard(rules: str, seed: int) -> tuple[PlayTable, dict]:
    t = PlayTable(rules=rules, seat="E", seed=seed, keep=False)
    while t.waiting != "discard":
        t.handle({"act": "call", "arg": "pass"})
    t.handle({"act": "discard", "arg": str(t._coaching[-1].discard)})
    return t, t.decisions[-1]


def _mine(coach: str) -> str:
    """The coach panel's column of the learner's own discard."""
    m = re.search(r'<div class="mj-cmp2"><div>(.*?)</div><div><b>', coach, re.DOTALL)
    assert m, coach[:500]
    return m.group(1)


def _shanten_after(d: dict, rules: str) -> int:
    """The engine's shanten of the learner's hand after the discard (the tiles less the one let go; a
    small game's short hand read as the full hand with the sets it lacks, as its rule set declares)."""
    h = mj.parse_hand(d["hand"])
    left = [str(x) for x in h.concealed]
    left.remove(d["choice"])
    assert not h.melds
    return shanten_of_counts(mj.parse_hand("".join(left)).counts, get_rules(rules).table.short_sets)


@pytest.mark.parametrize("rules, seed", [("mcr", 5), ("ladder5", 0)])
def test_the_panel_says_how_far_from_ready_plainly_first_with_the_engines_count(rules, seed):
    t, d = _first_discard(rules, seed)
    mine = _mine(t.regions["coach"])
    s = d["shanten_after"]
    assert s == _shanten_after(d, rules)  # the coach's figure is the engine's
    text = html_text(mine)
    assert "how far from ready 离听牌: " in text
    en = "ready" if s == 0 else f"{s} tile{'s' if s != 1 else ''} away from ready"
    zh = "听牌了" if s == 0 else f"还差{'一两三四五六七八'[s - 1]}张听牌"
    assert f"{en} {zh}" in text, text
    # the technical word after the plain words, a glossary word with the glossary's definition
    terms = {words: title for title, words in re.findall(_TERM, mine)}
    assert "shanten 向听" in terms and mj.glossary("向听").en in terms["shanten 向听"]
    assert text.index(en) < text.index("shanten")
    assert f"shanten 向听 {d['shanten_before']} → {s})" in text


@pytest.mark.parametrize("rules, seed", [("mcr", 5), ("ladder5", 0)])
def test_the_panel_counts_the_tiles_that_would_help_plainly_first(rules, seed):
    t, d = _first_discard(rules, seed)
    mine = _mine(t.regions["coach"])
    n = d["live"]
    assert n == sum(d["useful"].values())  # the live copies the coach counted, tile by tile
    assert f'tiles that would help 有用的牌: <b data-useful-count="{n}">{n}</b>' in mine
    terms = {words: title for title, words in re.findall(_TERM, mine)}
    assert "useful tiles 进张" in terms and mj.glossary("有效牌").en in terms["useful tiles 进张"]
    text = html_text(mine)
    assert text.index("tiles that would help") < text.index("useful tiles")
    assert "useful tiles (" not in text  # no longer the label itself


def test_what_a_hand_brings_on_average_is_said_before_expected_value():
    t, d = _first_discard("ladder5", 0)  # a small game: the panel shows the value, in the rule set's unit
    text = html_text(_mine(t.regions["coach"]))
    line = re.search(r"points on average 平均能得: (\S+) points 分 \(expected value 期望\)", text)
    assert line, text
    assert line.group(1) == f"{d['expected']:.1f}"  # the coach's figure, as the review keeps it


def test_the_option_rows_and_the_verdict_speak_plainly_in_chinese_too():
    t, _ = _first_discard("mcr", 5)  # this discard is not the coach's best: a verdict with a cost
    coach = t.regions["coach"]
    plain = html_text(coach)
    verdict = re.search(r"比最佳少 \S+ 和牌机会、(\d+) 张有用的牌", plain)
    assert verdict and int(verdict.group(1)) == t.decisions[-1]["cost_useful"]
    # outside the glossary words and their definitions, no bare technical word is left in Chinese
    bare = re.sub(_TERM, "", coach)
    assert "进张" not in html_text(bare) and "向听" not in html_text(bare), html_text(bare)


def test_the_reasons_say_the_distance_from_ready_plainly_in_chinese():
    a = {"option": "discard N", "win_chance": 0.0, "live": 30, "shanten": 2, "routes": [], "expected": 0}
    b = {"option": "discard 5p", "win_chance": 0.0, "live": 22, "shanten": 3, "routes": [], "expected": 0}
    r = explain(a, b)
    assert "打北风之后离听牌还差 2 张，有用的牌 30 张" in r.zh and "打五饼之后离听牌还差 3 张" in r.zh
    c = explain(a, {**b, "shanten": 1})  # fewer useful tiles but nearer to ready: said so
    assert "虽然打五饼之后离听牌只差 1 张" in c.zh and "有用的牌更多（30 张对 22 张）" in c.zh
    for x in (r, c):
        assert "向听" not in x.zh and "进张" not in x.zh


# --- the end of a hand lost on the learner's own discard ------------------------------------------------


def _played(seed: int, *, worst_discards: bool = False) -> PlayTable:
    t = PlayTable(rules="ladder5", seat="E", seed=seed, keep=False)
    while t.phase != "over":
        if worst_discards and t.waiting == "discard":
            o = t.advice()[-1]["option"]
            t.handle({"act": "discard", "arg": o.split()[1]} if o.startswith("discard ") else {"act": "call", "arg": o})
        else:
            t.handle(_coach_best(t))
    return t


def _won_on(t: PlayTable):
    return [(w.tile, w.seat) for w in t.table.winners if w.from_seat == t.me]


def test_dealing_in_while_every_decision_matched_the_coach_is_explained(tmp_path):
    t = _played(0)
    rec = t.record()
    assert not worst(rec) and rec["decisions"]  # every decision the coach's best
    (tile, winner), *_ = _won_on(t)  # and the table's own win, on the learner's discard
    assert rec["dealt_in"] == [{"tile": str(tile), "winner": winner.letter, "robbed": False}]
    end = t.regions["end"]
    note = re.search(r'<div class="mj-note" data-dealt-in="1">(.*?)</div>', end, re.DOTALL)
    assert note, html_text(end)[-800:]
    words = html_text(note.group(1))
    assert "You dealt in" in words and "no decision was a mistake" in words and "你放了炮" in words
    assert f"your {tile.en} gave {winner.en} the win" in words and f"你打出的{tile.zh}让{winner.player_zh}和了" in words
    assert "not by whether a tile lets another player win" in words
    # right under the line it explains
    assert end.index("Every decision was as good as the coach best.") < end.index('data-dealt-in="1"')
    # the saved record carries it: the review read back says it too
    assert 'data-dealt-in="1"' in load_review(t.save(tmp_path / "hand.json"))._repr_html_()


@pytest.mark.parametrize(
    "seed, worst_discards, why",
    [
        (0, True, "dealt in after costly discards: the costliest are shown instead"),
        (1, False, "the learner won"),
        (3, False, "another player won, not on the learner's discard"),
    ],
)
def test_no_dealing_in_note_when_it_does_not_apply(seed, worst_discards, why):
    t = _played(seed, worst_discards=worst_discards)
    dealt = bool(_won_on(t))
    assert bool(t.record()["dealt_in"]) == dealt, why
    assert "data-dealt-in" not in t.regions["end"], why
    if dealt:
        assert worst(t.record())


def test_an_old_record_without_dealt_in_still_reads():
    rec = _played(0).record()
    del rec["dealt_in"]  # saved before the field existed
    html = Review(rec)._repr_html_()
    assert "Every decision was as good as the coach best." in html and "data-dealt-in" not in html


def test_the_end_screen_explains_dealing_in_in_a_fresh_interpreter():
    code = (
        "import mjlearn as mj\n"
        "from mjlearn.widgets._base import html_text\n"
        "t = mj.play(rules='ladder5', seed=0, keep=False)\n"
        "while t.phase != 'over':\n"
        "    o = t.advice()[0]['option']\n"
        "    t.handle({'act': 'discard', 'arg': o.split()[1]} if o.startswith('discard ') else {'act': 'call', 'arg': o})\n"
        "print(html_text(t.regions['end']))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, timeout=300, capture_output=True, text=True).stdout
    assert "You dealt in" in out and "你放了炮" in out and "object at 0x" not in out
