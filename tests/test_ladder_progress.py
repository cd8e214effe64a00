"""Climbing the ladder: hands kept with the learner's progress (surviving a restart), rungs opened only
by the goal of the rung before, damaged rows refused clearly, a crafted widget message unable to skip a
rung, and a small game's hand replayed by the review."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from test_play_widget import coach_message

from mjlearn.errors import DatabaseDamaged, ProgressError
from mjlearn.quiz.ladder import FILE, Climb, LadderRowError, rungs
from mjlearn.widgets._base import MessageError
from mjlearn.widgets.ladder import LadderBoard, ladder
from mjlearn.widgets.replay import replay_review


def _follow_coach(table) -> None:
    """Play the learner's seat of ``table`` to the end of the hand as the coach advises, by the
    messages the front end sends."""
    for _ in range(500):
        if table.phase == "over":
            return
        msg = coach_message(table, table._options())
        table.handle(msg)
    raise AssertionError("the hand did not end")


def _win_rung(board: LadderBoard, rung: int) -> int:
    """Deal ``rung`` and play hands until its goal is reached; returns the hands played."""
    board.handle({"act": "rung", "arg": rung})
    board.handle({"act": "play"})
    hands = 0
    while board._wins(rung) < rungs()[rung].wins:
        _follow_coach(board.table)
        hands += 1
        assert hands <= 40
        if board._wins(rung) < rungs()[rung].wins:
            board.table.handle({"act": "next"})
    return hands


# --- the climb kept -------------------------------------------------------------------------------


def test_only_the_first_rung_is_open_and_each_goal_opens_the_next(tmp_path):
    climb = Climb(tmp_path, user="ann")
    assert climb.open_rungs() == (0,)
    for won in (True, False, True, False):
        climb.record(0, won=won, seed=5)
    assert climb.open_rungs() == (0,) and climb.wins(0) == 2
    climb.record(0, won=True)
    assert climb.open_rungs() == (0, 1)
    with pytest.raises(ProgressError, match="rung 3 is not open yet") as e:
        climb.record(2, won=True)
    assert "第 3 级还没有打开" in str(e.value)
    assert Climb(tmp_path, user="bob").open_rungs() == (0,)  # another learner's hands are his own


def test_the_climb_survives_a_restart_in_a_fresh_interpreter(tmp_path):
    code = (
        "import sys\nfrom mjlearn.quiz.ladder import Climb\n"
        "c = Climb(sys.argv[1], user='ann')\n"
        "for _ in range(3): c.record(0, won=True, seed=1)\n"
        "c.record(1, won=False)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True, timeout=120)
    read = "import sys\nfrom mjlearn.quiz.ladder import Climb\nc = Climb(sys.argv[1], user='ann')\nprint(c.open_rungs(), c.hands())"
    out = subprocess.run(
        [sys.executable, "-c", read, str(tmp_path)], check=True, timeout=120, capture_output=True, text=True
    ).stdout
    assert out.strip() == "(0, 1) [(0, True), (0, True), (0, True), (1, False)]"


@pytest.mark.parametrize(
    "sql, words",
    [
        ("UPDATE hands SET rung = 99 WHERE id = 2", "row 2 cannot be read: rung 99 is not a rung of the ladder"),
        ("UPDATE hands SET rung = -1 WHERE id = 1", "row 1 cannot be read: rung -1"),
        ("UPDATE hands SET won = 7 WHERE id = 3", "row 3 cannot be read: the result 7 is not 0 (lost) or 1 (won)"),
        ("UPDATE hands SET won = 'yes' WHERE id = 3", "the result 'yes' is not 0"),
        ("UPDATE hands SET rules = 'mcr' WHERE id = 1", "rung 1 is played with 'ladder5', not 'mcr'"),
        ("UPDATE hands SET at = 1e300 WHERE id = 2", "row 2 cannot be read: the time 1e+300 is impossible"),
        ("UPDATE hands SET rung = 'one' WHERE id = 1", "rung 'one' is not a rung"),
    ],
)
def test_a_damaged_or_absurd_row_is_a_clear_error_naming_it(tmp_path, sql, words):
    climb = Climb(tmp_path, user="ann")
    for _ in range(3):
        climb.record(0, won=True)
    with sqlite3.connect(tmp_path / FILE) as conn:
        conn.execute(sql)
    with pytest.raises(LadderRowError) as e:
        climb.open_rungs()
    text = str(e.value)
    assert words in text and str(tmp_path / FILE) in text and "行读不出" in text
    assert "\n" not in text and "Traceback" not in text


def test_a_damaged_file_or_a_folder_in_its_place_is_a_clear_error_and_nothing_is_moved(tmp_path):
    (tmp_path / FILE).write_bytes(b"not a database at all" * 100)
    with pytest.raises(DatabaseDamaged, match="damaged"):
        Climb(tmp_path, user="ann").open_rungs()
    assert (tmp_path / FILE).read_bytes().startswith(b"not a database")
    other = tmp_path / "other"
    (other / FILE).mkdir(parents=True)
    with pytest.raises(ProgressError, match="not a file") as e:
        Climb(other, user="ann").record(0, won=True)
    assert "不是文件" in str(e.value)


def test_bad_arguments_are_refused():
    climb = Climb("/nonexistent-never-made", user="ann")
    with pytest.raises(ValueError, match="a rung is a whole number from 0 to 5"):
        climb.wins(6)
    with pytest.raises(ValueError, match="a rung is a whole number"):
        climb.is_open(True)


# --- the board ----------------------------------------------------------------------------------


def test_a_crafted_message_cannot_open_or_play_a_closed_rung(tmp_path):
    board = ladder(seed=1, folder=tmp_path, user="ann").board
    board.handle({"act": "rung", "arg": 3})
    assert board.rung == 0 and board.table is None
    assert "Rung 4 is not open yet" in board.last_error and "第 4 级还没有打开" in board.last_error
    assert "mj-error" in board.regions["error"]
    board.set_state({"rung": 5, "open_rungs": [0, 1, 2, 3, 4, 5]})  # the front end may set no trait
    assert board.rung == 0 and board.open_rungs == [0]
    board.handle({"act": "play"})
    assert board.table is not None and board.table.rules == "ladder5" and board.at_table == 0
    with pytest.raises(MessageError, match="expected a whole number 0-5"):
        board.handle({"act": "rung", "arg": 9})
    with pytest.raises(MessageError):
        board.handle({"act": "won", "arg": 0})  # no message records a win


def test_the_board_shows_each_rung_its_goal_and_explanation(tmp_path):
    board = ladder(folder=tmp_path, user="ann").board
    regions = board._regions(live=True)
    assert regions["rungs"].count('data-act="rung"') == len(rungs()) == 6
    assert regions["rungs"].count(" disabled") == 5
    assert (
        "Goal: win 3 hands" in regions["explain"]
        and "目标：赢 3 手" in regions["explain"]
        and "0/3" in regions["explain"]
    )
    text = board.plain_text()
    assert "one set and a pair" in text and "一组加一对" in text
    assert "object at 0x" not in "".join(regions.values()) and "<mjlearn" not in text


def test_winning_a_rung_by_clicks_opens_the_next_and_the_climb_is_kept(tmp_path):
    lad = ladder(seed=4, folder=tmp_path, user="ann")
    board = lad.board
    assert lad.children == (board,)
    hands = _win_rung(board, 0)
    assert lad.children == (board, board.table)
    assert board.open_rungs == [0, 1] and 'data-next="open"' in board.regions["explain"]
    assert len(Climb(tmp_path, user="ann").hands()) == hands  # each hand kept, the lost ones too
    # after a restart the second rung is still open, and the table plays it
    again = ladder(seed=4, folder=tmp_path, user="ann").board
    assert again.open_rungs == [0, 1] and again.rung == 1
    again.handle({"act": "play"})
    assert again.table.rules == "ladder8"
    _follow_coach(again.table)
    assert len(Climb(tmp_path, user="ann").hands()) == hands + 1


def test_a_hand_of_another_rule_set_chosen_at_the_table_is_not_the_rungs(tmp_path):
    board = ladder(seed=4, folder=tmp_path, user="ann").board
    board.handle({"act": "play"})
    board.table.handle({"act": "rules", "arg": "xian"})
    _follow_coach(board.table)
    assert Climb(tmp_path, user="ann").hands() == []


@pytest.mark.parametrize("rules", ["ladder5", "ladder8", "ladder11", "ladder14"])
def test_the_review_replays_a_small_game_hand(rules, tmp_path):
    from mjlearn.widgets.play import PlayTable

    table = PlayTable(rules=rules, seat="E", seed=3)
    _follow_coach(table)
    path = table.save(tmp_path / "hand.json")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["rules"] == rules
    replay = replay_review(path)
    assert replay.decisions
    for k in range(len(replay.decisions)):
        replay.step(k)
        assert "mj-error" not in "".join(replay.regions.values())
    deal = replay.deal().text
    assert "from ready" in deal
    assert ("14 tiles" in deal) == (rules == "ladder14")  # the dealt tiles counted in the game's own size
    assert str(table.review())


@pytest.mark.parametrize("seed", ["7", 1.5, True, [1, 2], [1, 2, 3, 4, 5, "6"]])
def test_seeds_are_none_a_whole_number_or_one_per_rung(seed, tmp_path):
    with pytest.raises(ValueError, match="seed must be None, a whole number or 6 of them") as e:
        ladder(seed=seed, folder=tmp_path, user="ann")
    assert "每级一个" in str(e.value)
    board = ladder(seed=[1, 2, 3, 4, 5, None], folder=tmp_path, user="ann").board
    assert board.seeds == (1, 2, 3, 4, 5, None)


def test_the_goal_says_what_it_opens_and_a_finished_hand_says_how_to_play_on(tmp_path):
    """A newcomer's first hand, lost or won, leaves the board saying the hand was counted and which
    button deals the next one; the goal says what winning it opens."""
    board = ladder(seed=4, folder=tmp_path, user="ann").board
    assert "Goal: win 3 hands to open the next rung" in board.regions["explain"]
    assert "data-again" not in board.regions["explain"]  # nothing played yet
    board.handle({"act": "play"})
    _follow_coach(board.table)
    explain = board.regions["explain"]
    assert "1 played" in explain and "已打 1 手" in explain
    if board._wins(0) < rungs()[0].wins:
        assert "data-again" in explain and "“next hand”" in explain and "“下一局”" in explain
    last = ladder(folder=tmp_path, user="ann").board
    last.rung = len(rungs()) - 1
    assert "to open the next rung" not in last._regions(live=True)["explain"]  # nothing above the last
