"""Progress store: answers survive a killed process, two processes write at once, a damaged file is
moved aside, and the view/export report what was recorded."""

import json
import os
import signal
import subprocess
import sys
import warnings

import pytest

from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.progress import ProgressStore, data_dir, default_path

# A child process that records answers one by one and prints the count after each commit.
WRITER = r"""
import sys, time
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore
store = ProgressStore(sys.argv[1], user=sys.argv[2])
n = int(sys.argv[3])
for i in range(n):
    q = generate("tile_name", seed=i)
    store.record(q, solve(q), grade(q, solve(q)), quiz="child")
    print(i + 1, flush=True)
    if sys.argv[4] == "hang" and i + 1 == n:
        time.sleep(60)
"""


def _run_writer(path, user, n, mode="exit"):
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), user, str(n), mode], stdout=subprocess.PIPE, text=True
    )


def test_data_dir_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    assert default_path() == tmp_path / "d" / "progress.db"
    s = ProgressStore(user="x")
    assert s.path == tmp_path / "d" / "progress.db" and s.path.exists()
    s.close()


def test_wal_mode_and_busy_timeout(tmp_path):
    s = ProgressStore(tmp_path / "p.db", user="a")
    assert s._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s._conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    s.close()


def test_killed_process_loses_nothing_already_answered(tmp_path):
    path = tmp_path / "p.db"
    proc = _run_writer(path, "killed", 5, mode="hang")
    seen = 0
    for line in proc.stdout:  # wait until the child says all five are committed, then kill it hard
        seen = int(line)
        if seen == 5:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    with ProgressStore(path, user="killed") as s:
        rows = s.rows()
    assert [json.loads(r["question"])["seed"] for r in rows] == [0, 1, 2, 3, 4]
    assert all(r["correct"] == 1 for r in rows)


def test_killed_mid_run_keeps_every_reported_answer(tmp_path):
    path = tmp_path / "p.db"
    proc = _run_writer(path, "mid", 400)
    reported = 0
    for line in proc.stdout:
        reported = int(line)
        if reported >= 20:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with ProgressStore(path, user="mid") as s:
        n = len(s.rows())
    assert reported <= n < 400  # every answer reported as committed is there; the run was cut short


def test_two_processes_write_at_once(tmp_path):
    path = tmp_path / "p.db"
    ProgressStore(path, user="setup").close()
    a = _run_writer(path, "alice", 60)
    b = _run_writer(path, "bob", 60)
    assert a.wait(timeout=120) == 0 and b.wait(timeout=120) == 0
    with ProgressStore(path, user="alice") as s:
        assert len(s.rows()) == 60
        everyone = s.rows(all_users=True)
    assert sorted({r["user"] for r in everyone}) == ["alice", "bob"]
    assert len(everyone) == 120
    assert len({r["id"] for r in everyone}) == 120


def test_two_connections_in_one_process_interleave(tmp_path):
    path = tmp_path / "p.db"
    s1, s2 = ProgressStore(path, user="one"), ProgressStore(path, user="two")
    for i in range(10):
        q = generate("tile_name", seed=i)
        (s1 if i % 2 else s2).record(q, solve(q), grade(q, solve(q)))
    assert len(s1.rows(all_users=True)) == 10 and len(s2.rows()) == 5
    s1.close(), s2.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated_header", "empty_pages"])
def test_damaged_file_is_moved_aside_and_a_new_one_started(tmp_path, damage):
    path = tmp_path / "p.db"
    with ProgressStore(path, user="a") as s:
        q = generate("tile_name", seed=1)
        s.record(q, solve(q), grade(q, solve(q)))
    raw = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "truncated_header":
        path.write_bytes(raw[:50])
    else:
        path.write_bytes(raw[:100] + b"\xff" * (len(raw) - 100))
    for side in ("-wal", "-shm"):
        p = tmp_path / ("p.db" + side)
        if p.exists():
            p.unlink()
    with pytest.warns(RuntimeWarning, match="damaged"):
        s = ProgressStore(path, user="a")
    assert s.rows() == []
    aside = [p for p in tmp_path.glob("p.db.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0] == s.moved_aside
    q = generate("tile_name", seed=2)
    s.record(q, "5m", grade(q, "5m"))
    assert len(s.rows()) == 1
    s.close()


def test_healthy_file_raises_no_warning(tmp_path):
    path = tmp_path / "p.db"
    ProgressStore(path).close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ProgressStore(path).close()


def _fill(s):
    for i, kind in enumerate(["tile_name", "tile_name", "waits", "waits", "waits", "complete"]):
        q = generate(kind, seed=i)
        a = solve(q) if i % 2 == 0 else wrong_answer(q)
        s.record(q, a, grade(q, a))


def test_view_accuracy_by_topic_and_suggestion(tmp_path):
    with ProgressStore(tmp_path / "p.db", user="v") as s:
        _fill(s)
        bt = s.by_topic()
        assert bt["tiles"] == {
            "answered": 2,
            "correct": 1,
            "accuracy": 0.5,
            "recent_accuracy": 0.5,
            "mastery": pytest.approx(0.7 / 1.7),
        }  # right, then wrong: the wrong counts most
        assert bt["waits"]["answered"] == 3 and bt["waits"]["correct"] == 2
        assert s.suggest() == "table"  # the first topic in course order not yet practised
        v = s.view()
        assert "41%" in v.text("en") and "Next: Wall, deal and claims" in v.text("en")
        assert "建议下一步：砌牌" in v.text("zh")
        assert "<table>" in v._repr_html_()


def test_suggestion_is_weakest_topic_when_all_tried(tmp_path):
    from mjlearn.quiz import TOPICS

    with ProgressStore(tmp_path / "p.db", user="w") as s:
        for t in TOPICS:
            for i in range(6):
                # record against each topic: right except in "hands"
                q = generate("complete" if t == "hands" else "tile_name", seed=i)
                g = grade(q, wrong_answer(q) if t == "hands" else solve(q))
                s._conn.execute("BEGIN IMMEDIATE")
                s._conn.execute(
                    "INSERT INTO answers (at,user,quiz,kind,topic,seed,difficulty,question,answer,correct,"
                    "score) VALUES (0,'w',NULL,?,?,0,1,'{}','null',?,0)",
                    (q.kind, t, int(g.correct)),
                )
                s._conn.execute("COMMIT")
        assert s.suggest() == "hands"


def test_export_csv_and_json(tmp_path):
    import csv

    with ProgressStore(tmp_path / "p.db", user="e") as s:
        _fill(s)
        s.export(tmp_path / "out.csv")
        s.export(tmp_path / "out.json")
        with pytest.raises(ValueError, match="csv"):
            s.export(tmp_path / "out.xlsx")
    rows = list(csv.DictReader(open(tmp_path / "out.csv", encoding="utf-8")))
    js = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert len(rows) == len(js) == 6
    assert [int(r["correct"]) for r in rows] == [r["correct"] for r in js] == [1, 0, 1, 0, 1, 0]
    assert json.loads(js[2]["question"])["kind"] == "waits"
