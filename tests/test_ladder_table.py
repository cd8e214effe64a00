"""The table a rung of the ladder deals: only what the rung needs in sight (the rule set named, the coach's
mode), the full table's pickers folded under "more options", a plain bilingual notice when the learner
switches to another rule set there (those hands do not count for the ladder) with the way back, and
lesson 00 explaining the round wind the table shows."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from test_ladder_progress import _follow_coach

import mjlearn as mj
from mjlearn.quiz.ladder import Climb, rungs
from mjlearn.widgets.ladder import LadderBoard

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "00_start_here.ipynb"


def _dealt(tmp_path, rung: int = 0) -> LadderBoard:
    board = LadderBoard(Climb(tmp_path, user="ann"), seed=3)
    board.handle({"act": "rung", "arg": rung})
    board.handle({"act": "play"})
    return board


def _split(controls: str) -> tuple[str, str]:
    """The controls region's HTML outside the folded options, and inside them."""
    m = re.search(r"<details\b[^>]*>(.*?)</details>", controls, re.DOTALL)
    assert m, "no folded options in the rung's table"
    return controls[: m.start()] + controls[m.end() :], m.group(1)


def test_a_rung_table_shows_the_rung_and_the_coach_and_folds_the_other_pickers(tmp_path):
    board = _dealt(tmp_path)
    controls = board.table.regions["controls"]
    seen, folded = _split(controls)
    assert 'data-act="coach_mode"' in seen  # the coach's mode stays in sight
    for act in ("rules", "seat", "level"):
        assert f'data-act="{act}"' not in seen and f'select data-act="{act}"' in folded
    assert re.search(r'<summary data-act="more">[^<]*more options[^<]*更多选项|更多选项[^<]*more options', folded)
    assert "<details" in controls and " open" not in re.search(r"<details[^>]*>", controls).group(0)
    # the rung's rule set is named in sight, and it is the one selected in the folded picker
    assert 'data-rung-rules="ladder5"' in seen and "5-tile game" in seen
    assert re.search(r'<option value="ladder5" selected>', folded)
    # the folded options say, before any change, that another rule set leaves the ladder
    assert "do not count toward this rung" in folded and "不计入这一级" in folded


def test_the_folded_options_stay_open_while_the_hand_is_played(tmp_path):
    table = _dealt(tmp_path).table
    table.handle({"act": "more"})
    assert table.more_open and re.search(r"<details[^>]*\bopen\b", table.regions["controls"])
    table.handle({"act": "discard", "arg": str(table._coaching.best.discard)})  # a move redraws the controls
    assert re.search(r"<details[^>]*\bopen\b", table.regions["controls"])
    table.handle({"act": "more"})
    assert not table.more_open and not re.search(r"<details[^>]*\bopen\b", table.regions["controls"])


def test_another_rule_set_at_a_rung_says_plainly_the_hand_will_not_count_and_how_to_go_back(tmp_path):
    board = _dealt(tmp_path)
    table = board.table
    assert "data-left-ladder" not in table.regions["controls"]  # the rung's own rules: nothing to say
    table.handle({"act": "rules", "arg": "mcr"})
    controls = table.regions["controls"]
    notice = re.search(r'<div class="mj-notice" data-left-ladder="ladder5">(.*?)</div>', controls, re.DOTALL)
    assert notice, controls
    words = notice.group(1)
    assert "This hand will not count for the ladder" in words and "这一手不计入阶梯" in words
    assert "Chinese Official" in words and "国标麻将" in words  # the rules now, in each language
    assert "Rung 1: five tiles" in words and "第一级：五张牌" in words  # and the rung's
    assert '<button class="mj-chip" data-act="rules" data-arg="ladder5">' in words  # the way back
    assert "data-left-ladder" in board.regions["controls"]  # the board says it too
    assert "not count for the ladder" in board.regions["controls"]
    # every hand of the other rules says it, not only the first
    assert "data-left-ladder" in table.static_html()
    # back to the rung: the notice goes, the rung's rules are dealt again
    table.handle({"act": "rules", "arg": "ladder5"})
    assert table.rules == "ladder5" and table.counts_for_ladder
    assert "data-left-ladder" not in table.regions["controls"] + board.regions["controls"]


def test_hands_under_other_rules_are_not_kept_and_the_way_back_counts_again(tmp_path):
    board = _dealt(tmp_path)
    table = board.table
    _follow_coach(table)  # a hand of the rung: kept
    assert len(board.climb.hands()) == 1
    table.handle({"act": "rules", "arg": "bj_basic"})  # left the ladder right after the hand
    table.handle({"act": "rules", "arg": "ladder5"})  # and back: no hand was finished in between
    assert len(board.climb.hands()) == 1, board.climb.hands()
    _follow_coach(table)
    assert len(board.climb.hands()) == 2


def test_a_message_naming_another_rung_is_refused_at_the_table(tmp_path):
    table = _dealt(tmp_path).table
    table.handle({"act": "rules", "arg": "ladder14"})  # a closed rung, sent by a crafted message
    assert table.rules == "ladder5"
    assert "another rung of the ladder" in table.last_error and "阶梯的另一级" in table.last_error


def test_the_last_rung_folds_the_pickers_too_and_leaving_it_is_said(tmp_path):
    climb = Climb(tmp_path, user="ann")
    for k in range(len(rungs()) - 1):
        for _ in range(rungs()[k].wins):
            climb.record(k, won=True)
    board = LadderBoard(climb, seed=3)
    last = len(rungs()) - 1
    board.handle({"act": "rung", "arg": last})
    board.handle({"act": "play"})
    table = board.table
    seen, folded = _split(table.regions["controls"])
    assert 'data-act="rules"' not in seen and '<option value="mcr" selected>' in folded
    table.handle({"act": "rules", "arg": "hongkong"})
    assert 'data-left-ladder="mcr"' in table.regions["controls"]


def test_a_rung_table_in_a_fresh_interpreter(tmp_path):
    code = (
        "import re, sys\nimport mjlearn as mj\n"
        "lad = mj.ladder(seed=3, folder=sys.argv[1], user='ann')\n"
        "lad.board.handle({'act': 'play'})\n"
        "c = lad.table.regions['controls']\n"
        "outside = re.sub(r'<details.*?</details>', '', c, flags=re.S)\n"
        "print('rules picker in sight:', 'data-act=\"rules\"' in outside)\n"
        "lad.table.handle({'act': 'rules', 'arg': 'mcr'})\n"
        "print('notice:', 'This hand will not count for the ladder' in lad.table.regions['controls'])\n"
        "data, _ = lad._repr_mimebundle_()\n"
        "print('raw repr:', 'object at 0x' in data['text/html'] + data['text/plain'])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], check=True, timeout=300, capture_output=True, text=True
    ).stdout
    assert out.split("\n")[:3] == ["rules picker in sight: False", "notice: True", "raw repr: False"], out


# --- lesson 00: the round wind explained where the table first shows it ------------------------------


def _cells():
    return nbformat.read(LESSON, as_version=4).cells


def test_lesson_00_explains_the_round_wind_before_the_table_shows_it():
    cells = _cells()
    table_at = next(k for k, c in enumerate(cells) if c.cell_type == "code" and "mj.ladder()" in c.source)
    text = " ".join(c.source for c in cells[:table_at] if c.cell_type == "markdown")
    plain = re.sub(r"<[^>]+>", "", text)
    assert "圈风" in plain and "round wind" in plain.lower()
    # one plain sentence each: what it is (the wind of the round) and what a round is (everyone deals once)
    zh = next(s for s in re.split(r"[。]", plain) if "圈风" in s)
    en = next(s for s in re.split(r"(?<=\.)\s", plain) if "round wind" in s.lower())
    assert "一圈" in zh and "坐过一次庄" in zh, zh
    assert "round" in en and "dealt once" in en, en


@pytest.mark.parametrize("tool", ["annotate_lessons.py", "strip_notebooks.py"])
def test_lesson_00_passes_the_notebook_checks(tool):
    root = LESSON.parents[1]
    r = subprocess.run(
        [sys.executable, str(root / "tools" / tool), "--check"], cwd=root, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_tables_round_wind_label_opens_the_glossarys_explanation(tmp_path):
    table = _dealt(tmp_path).table
    status = re.search(r'<div class="mj-status".*?</div>', table.regions["controls"], re.DOTALL).group(0)
    label = re.search(r'<abbr class="mj-term" title="([^"]*)"[^>]*>([^<]*)</abbr>', status)
    assert label, status
    assert label.group(2) == "round wind East 圈风 东"  # the label reads as before
    definition = mj.glossary("圈风")
    assert definition.en in html.unescape(label.group(1)) and "everyone has dealt once" in label.group(1)
