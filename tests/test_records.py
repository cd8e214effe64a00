"""Botzone's game records: read, written back byte for byte, replayed at mjlearn's table and checked
against Botzone's own judge, and each seat walked through in the step viewer.

The fixtures in tests/data/botzone/ are games the judge refereed between mjlearn's players and
Botzone's sample bot (tools/botzone/run_matches.py; see tests/data/botzone/README.md): ``games.txt.gz``
holds every game in the text format, ``matches.jsonl.gz`` the judge's own JSON logs of the first ones.
No judge is needed here: the logs are data.
"""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from mjlearn.records import (
    Game,
    RecordError,
    check_game,
    game_text,
    hand_record,
    read_judge_log,
    read_text,
    write_text,
)
from mjlearn.widgets.replay import read_record, replay_review
from mjlearn.widgets.review import Review

DATA = Path(__file__).parent / "data" / "botzone"
TEXT = DATA / "games.txt.gz"
JSONL = DATA / "matches.jsonl.gz"


def _text() -> str:
    return gzip.decompress(TEXT.read_bytes()).decode("utf-8")


@pytest.fixture(scope="module")
def games() -> list[Game]:
    out = list(read_text(io.StringIO(_text())))
    bad = [g for g in out if isinstance(g, RecordError)]
    assert not bad, [str(e) for e in bad[:3]]
    return out


@pytest.fixture(scope="module")
def checked(games):
    return [check_game(g) for g in games]


def test_the_fixtures_hold_enough_games_of_every_line_up(games):
    assert len(games) == 541  # the games the runner played (tests/data/botzone/README.md)
    ends = Counter("huang" if g.huang else "win" for g in games)
    assert ends["win"] > 100 and ends["huang"] > 10, ends


def test_the_text_format_round_trips_byte_for_byte(games):
    text = _text()
    out = io.StringIO()
    assert write_text(games, out) == len(games)
    assert out.getvalue() == text
    assert "".join(game_text(g) for g in read_text(out.getvalue())) == text


def test_the_judges_json_logs_read_as_the_same_games_as_the_text(games):
    by_id = {g.match: g for g in games}
    with gzip.open(JSONL, "rb") as f, open(DATA / "_matches.jsonl", "wb") as tmp:
        tmp.write(f.read())
    try:
        logs = list(read_judge_log(DATA / "_matches.jsonl"))
    finally:
        (DATA / "_matches.jsonl").unlink()
    assert len(logs) == len(games)
    for g in logs:
        assert isinstance(g, Game), str(g)
        assert game_text(g) == game_text(by_id[g.match])


def test_every_action_is_legal_at_mjlearns_table_and_the_end_agrees_with_the_judge(checked):
    """Every action of every game is played at mjlearn's MCR table (overridden claims too, so the
    table's own priority picks the claimant); the winner, the fans, the total and the scores must be
    the judge's. Differences of Botzone's four walls of 34 tiles (kind "wall") are listed apart."""
    wrong = [f"{r.game.match}: {f}" for r in checked for f in r.disagreements]
    assert not wrong, "\n".join(wrong[:20])


def test_every_winning_hand_rescored_by_mjlearn_matches_the_judges_fans(checked):
    wins = [r for r in checked if r.game.fan is not None]
    assert len(wins) > 100
    for r in wins:
        total, fans = r.game.fan
        assert r.rescored == (total, dict(fans)), (r.game.match, r.rescored, r.game.fan)


def test_only_botzones_own_walls_make_a_difference(checked):
    """The one difference by construction: Botzone's hand is drawn when the player to draw has drawn
    his 21 tiles, while mjlearn's one wall still has tiles; its "last tile" fans follow those walls."""
    kinds = {f.kind for r in checked for f in r.findings}
    assert kinds <= {"wall", "note"}, kinds
    for r in checked:
        for f in r.findings:
            if f.kind == "wall":
                assert "Huang" in f.judge or "at the table" in f.mjlearn or "pays" in f.mjlearn, str(f)
            if f.kind == "note":  # a robbed kong: the same fans, the fourth-tile mark set apart
                assert r.game.actions[-2].kind == "BuGang" and "fourth tile True" in f.mjlearn, str(f)


def test_a_changed_fan_line_is_a_listed_disagreement_with_both_sides(games):
    g = next(g for g in games if g.fan is not None)
    total, fans = g.fan
    bad = Game(g.match, g.wind, g.deals, g.actions, (total + 1, fans), False, g.scores, g.line)
    r = check_game(bad)
    assert any(f.kind == "fans" and str(total + 1) in f.judge and str(total) in f.mjlearn for f in r.findings)


def test_an_illegal_discard_is_found_at_its_line(games):
    g = games[0]
    text = game_text(g).split("\n")
    i = next(k for k, line in enumerate(text) if " Play " in line)
    player = text[i].split()[1]
    held = Counter(t for a in g.deals[int(player)] for t in [a])
    absent = next(t for t in ("W1", "W9", "B1", "B9", "T1", "T9", "F1", "J3") if held[t] == 0)
    text[i] = f"Player {player} Play {absent}"
    bad = next(read_text("\n".join(text)))
    r = check_game(bad)
    assert r.findings and r.findings[0].kind == "illegal" and r.findings[0].line == i + 1


def test_every_seat_of_a_game_is_a_hand_record_the_step_viewer_walks_through(games):
    for g in games[:12]:
        for seat in range(4):
            rec = hand_record(g, seat)
            read_record(rec)  # the viewer's own check of a saved hand
            json.dumps(rec)
            w = replay_review(rec)
            assert len(w.decisions) == len(rec["decisions"]) > 0
            w.step(len(w.decisions) - 1)
            assert "复盘" in str(Review(rec))
            plays = sum(1 for a in g.actions if a.player == seat and a.kind == "Play")
            assert sum(1 for d in rec["decisions"] if d["kind"] == "discard") == plays


def test_a_hand_record_refuses_a_seat_that_is_not_one():
    g = next(read_text(_text()))
    with pytest.raises(ValueError):
        hand_record(g, 4)


def test_mjlearns_player_answers_botzones_simple_interaction_in_a_fresh_interpreter():
    """Its seat, the deal, its own draw (it discards one of its 14 tiles and stays running), the
    judge's notices (it passes), another player's discard (it answers with a claim or a pass)."""
    deal = "W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J2"
    p = subprocess.Popen(
        [sys.executable, "-m", "mjlearn.botzone", "--level", "basic"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert p.stdin is not None and p.stdout is not None

    def ask(text: str) -> str:
        p.stdin.write(text + "\n")
        p.stdin.flush()
        said = p.stdout.readline().rstrip("\n")
        assert p.stdout.readline().rstrip("\n") == ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
        return said

    try:
        said = ask("\n".join(["3", "0 0 0", "PASS", f"1 0 0 0 0 {deal}", "PASS", "2 J3"]))
        verb, tile = said.split()
        assert verb == "PLAY" and tile in [*deal.split(), "J3"]
        assert ask(f"3 0 PLAY {tile}") == "PASS"
        assert ask("3 1 DRAW") == "PASS"
        held = [*deal.split(), "J3"]
        held.remove(tile)
        answer = ask("3 1 PLAY F1").split()  # a pung of its pair of East winds, or a pass
        assert answer == ["PASS"] or (answer[0] == "PENG" and answer[1] in held and answer[1] != "F1"), answer
        p.stdin.close()
        assert p.wait(timeout=60) == 0
        assert p.stderr.read() == ""
    finally:
        if p.poll() is None:
            p.kill()


def test_statistics_add_up_and_every_win_is_rescored_as_the_judge_scored_it(games):
    from mjlearn.records.stats import stats_of

    st = stats_of(games)
    wins = sum(st.wins.values())
    assert wins + st.drawn == st.games == len(games)
    assert sum(st.self_drawn.values()) + sum(st.dealt_in.values()) == wins
    assert sum(st.points.values()) == 0  # every game's scores sum to zero
    assert st.agree == wins and not st.differ, st.differ[:3]
    one = stats_of(games, player=2)
    assert sum(one.fans.values()) <= sum(st.fans.values()) and one.wins[2] == st.wins[2]


@pytest.mark.parametrize("action", ["stats", "check"])
def test_the_records_command_reads_the_fixtures_in_a_fresh_interpreter(action):
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "records", action, str(TEXT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    if action == "stats":
        assert "agree with the judge" in p.stdout and "平均得分" in p.stdout
    else:
        assert ", 0 unreadable or disagreeing" in p.stdout


def test_the_records_command_names_a_damaged_game_and_reads_on(tmp_path):
    text = _text()
    first = text.split("\n\n", 1)[0].split("\n")
    first[3] = first[3].replace("Deal", "Deel")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(first) + "\n\n" + text, encoding="utf-8")
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "records", "stats", str(bad)], capture_output=True, text=True, timeout=600
    )
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert "unreadable 读不了 1" in p.stdout


def test_the_bot_answers_every_request_of_every_seat_of_the_judges_logs():
    """Every request the judge sent in the fixture games, fed to mjlearn's player seat by seat: it
    answers each without falling back (another player's concealed kong, told without its tile,
    included), in Botzone's words, and only with tiles it holds."""
    import re

    from mjlearn.coaching.bots import make_bot
    from mjlearn.records.bot import BotView, respond

    shape = re.compile(r"PASS|HU|GANG|PLAY \w\d|GANG \w\d|BUGANG \w\d|PENG \w\d|CHI \w\d \w\d")
    with gzip.open(JSONL, "rt", encoding="utf-8") as f:
        logs = [json.loads(line) for _, line in zip(range(4), f)]
    for m in logs:
        for seat in range(4):
            v, bot = BotView(), make_bot("basic", seat)
            for i in range(0, len(m["logs"]) - 1, 2):
                req = m["logs"][i]["output"]["content"][str(seat)]
                v.feed(req)
                said = respond(v, bot)
                assert shape.fullmatch(said), (m["id"], seat, req, said)
                if said.startswith("GANG "):  # as the command does: the judge's notice will not name it
                    v._my_angang = said.split()[1]
