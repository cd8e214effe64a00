"""A reading resumed from the SQLite file's reading checkpoint (``mjlearn.quiz.checkpoint_state``) gives
exactly what the rows give (``test_progress_reading._same``: the reference built from the rows, checked
and replayed one by one), whatever happened to the file since the checkpoint was written: answers
appended (the last question's wrong tries continued), a covered row edited, deleted or damaged (with
the file's triggers, and without them: then the fingerprint alone sees it), the checkpoint's own JSON
tampered with, two learners in one file, clocks set back, a file from a newer mjlearn, threads
recording while another reads, and a process killed while it writes the checkpoint."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_progress_damage import KINDS, Raw
from test_progress_reading import NOW, _bench, _same

import mjlearn.quiz.checkpoint_state as cs
from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.progress import ProgressStore
from mjlearn.store import checkpoint

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    path = tmp_path_factory.mktemp("ckpt") / "progress.db"
    _bench().build(path, 1500, seed=7, sizes={"fans": 20, "*": 8})
    return path


@pytest.fixture
def store_path(history, tmp_path):
    path = tmp_path / "progress.db"
    shutil.copy(history, path)
    return path


class Spy:
    """Whether a reading was resumed from a checkpoint (restore gave a state) and whether one was kept."""

    def __init__(self, monkeypatch):
        self.resumed, self.saved = [], []
        restore, save = cs.restore, checkpoint.save

        def spy_restore(*a, **k):
            got = restore(*a, **k)
            self.resumed.append(got is not None)
            return got

        def spy_save(*a, **k):
            got = save(*a, **k)
            self.saved.append(got)
            return got

        monkeypatch.setattr(cs, "restore", spy_restore)
        monkeypatch.setattr("mjlearn.quiz.progress.save_checkpoint", spy_save)


def _kept(path, user="ann"):
    c = sqlite3.connect(path)
    try:
        return c.execute(
            "SELECT through, fingerprint, state FROM reading_checkpoints WHERE user = ?", (user,)
        ).fetchone()
    finally:
        c.close()


def _write(path, sql, args=()):
    c = sqlite3.connect(path, isolation_level=None)
    c.execute(sql, args)
    c.close()


def _answer(s, kind, seed, right, rng=None, **kw):
    q = generate(kind, seed=seed)
    a = solve(q) if right else wrong_answer(q, rng or random.Random(seed))
    return s.record(q, a, grade(q, a), **kw)


def _checkpointed(path, monkeypatch, user="ann"):
    """A full reading, which keeps a checkpoint."""
    spy = Spy(monkeypatch)
    with ProgressStore(path, user=user) as s:
        s.review_queue(NOW)
    assert spy.saved == [True] and _kept(path, user) is not None
    return spy


def test_appended_answers_are_read_after_the_checkpoint(store_path, monkeypatch):
    _checkpointed(store_path, monkeypatch)
    spy = Spy(monkeypatch)
    with ProgressStore(store_path, user="ann") as s:
        _answer(s, "fans", 5, False)  # the last question wrong: its tries wait for the next one
    _same(store_path, monkeypatch)
    assert spy.resumed[0] is True
    monkeypatch.setattr(cs, "SAVE_AFTER", 1)  # each reading after new answers keeps a new checkpoint
    with ProgressStore(store_path, user="ann") as s:
        s.review_queue(NOW)  # a checkpoint with wrong tries waiting
        assert json.loads(_kept(store_path)[2])["group"] is not None
        _answer(s, "fans", 5, True)  # the same question, right: it joins the waiting tries
        _answer(s, "waits", 2, True, hints=1)
        _answer(s, "tile_name", 3, False)
    _same(store_path, monkeypatch)
    assert all(spy.resumed)


@pytest.mark.parametrize("edit", ["update", "delete", "insert_old_id", "other_user", "move_to_me"])
def test_an_edited_covered_row_means_the_full_reading(store_path, monkeypatch, edit):
    _checkpointed(store_path, monkeypatch)
    sql = {
        "update": "UPDATE answers SET correct = 1 - correct WHERE id = 40",
        "delete": "DELETE FROM answers WHERE id = 41",
        "insert_old_id": "INSERT INTO answers (id, at, user, quiz, kind, topic, seed, difficulty, question, answer, "
        "correct, score) SELECT 0, at, user, quiz, kind, topic, seed, difficulty, question, answer, "
        "0, 0 FROM answers WHERE id = 3",
        "other_user": "UPDATE answers SET user = 'bob' WHERE id = 42",
        "move_to_me": "INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer, correct,"
        " score) SELECT at, '', quiz, kind, topic, seed, difficulty, question, answer, correct, score "
        "FROM answers WHERE id = 5",
    }[edit]
    _write(store_path, sql)
    spy = Spy(monkeypatch)
    with ProgressStore(store_path, user="ann") as s:
        s.review_queue(NOW)
    assert spy.resumed == [] and spy.saved == [True]  # the fingerprint differs: the state is not even read
    _write(
        store_path,
        sql.replace("WHERE id = 5", "WHERE id = 6")
        if edit == "move_to_me"
        else sql.replace("id = 40", "id = 43").replace("id = 41", "id = 44").replace("id = 42", "id = 45")
        if edit != "insert_old_id"
        else sql.replace("SELECT 0,", "SELECT -1,"),
    )
    _same(store_path, monkeypatch)


def _without_triggers(path, monkeypatch):
    """The triggers counting edits dropped (an editor that removes them), and a checkpoint kept after
    that: what follows is seen by the fingerprint alone."""
    _write(path, "DROP TRIGGER answers_updated")
    _write(path, "DROP TRIGGER answers_deleted")
    _checkpointed(path, monkeypatch)


_SILENT = {
    "answer_same_length": "UPDATE answers SET answer = replace(answer, '1', '2') WHERE id = (SELECT min(id) FROM "
    "answers WHERE kind = 'fans' AND answer LIKE '%1%' AND id > 30)",
    "question_same_length": "UPDATE answers SET question = replace(question, '\"seed\": 1', '\"seed\": 2') WHERE "
    "id = (SELECT min(id) FROM answers WHERE question LIKE '%\"seed\": 1%')",
    "times_swapped": "UPDATE answers SET at = CASE id WHEN 50 THEN (SELECT at FROM answers WHERE id = 60) ELSE "
    "(SELECT at FROM answers WHERE id = 50) END WHERE id IN (50, 60)",
    "time_nudged": "UPDATE answers SET at = at + 0.001 WHERE id = 70",
    "right_flipped": "UPDATE answers SET correct = 1 - correct WHERE id = 80",
    "hint_added": "UPDATE answers SET hints = hints + 1 WHERE id = 81",
    "deleted": "DELETE FROM answers WHERE id = 82",
}


@pytest.mark.parametrize("name", sorted(_SILENT))
def test_an_edit_no_trigger_counted_is_seen_by_the_fingerprint(store_path, monkeypatch, name):
    _without_triggers(store_path, monkeypatch)
    _write(store_path, _SILENT[name])
    _same(store_path, monkeypatch)


@pytest.mark.parametrize("name", sorted(k for k, v in KINDS.items() if isinstance(v[1], dict) and not v[2]))
@pytest.mark.parametrize("triggers", [True, False])
def test_a_covered_row_damaged_afterwards_is_listed(store_path, monkeypatch, name, triggers):
    if triggers:
        _checkpointed(store_path, monkeypatch)
    else:
        _without_triggers(store_path, monkeypatch)
    base, changes, _, _ = KINDS[name]
    c = sqlite3.connect(store_path, isolation_level=None)
    rid = c.execute("SELECT max(id) FROM answers WHERE kind = ? AND user = 'ann' AND id < 1000", (base,)).fetchone()[0]
    for col, v in changes.items():
        if isinstance(v, Raw):
            c.execute(f"UPDATE answers SET {col} = CAST(? AS TEXT) WHERE id = ?", (bytes(v), rid))
        else:
            c.execute(f"UPDATE answers SET {col} = ? WHERE id = ?", (v, rid))
    c.close()
    _same(store_path, monkeypatch)


def _tamper(path, fn):
    c = sqlite3.connect(path, isolation_level=None)
    c.text_factory = bytes
    through, seal, state = c.execute("SELECT through, fingerprint, state FROM reading_checkpoints").fetchone()
    through, seal, state = fn(through, seal.decode(), state)
    c.execute("UPDATE reading_checkpoints SET through = ?, fingerprint = ?, state = ?", (through, seal, state))
    c.close()


def _edit_state(edit):
    def fn(through, seal, state):
        s = json.loads(state)
        edit(s)
        return through, seal, json.dumps(s)

    return fn


_TAMPERED = {
    "bad_json": lambda t, f, s: (t, f, s[:-7]),
    "not_utf8": lambda t, f, s: (t, f, s[:20] + b"\xff\xfe" + s[20:]),
    "empty": lambda t, f, s: (t, f, b""),
    "a_list": lambda t, f, s: (t, f, b"[1, 2, 3]"),
    "deep": lambda t, f, s: (t, f, b"[" * 100_000 + b"]" * 100_000),
    "huge_number": lambda t, f, s: (t, f, s.replace(b'"total":', b'"total":' + b"9" * 5000 + b"0+", 1)),
    "total_raised": _edit_state(lambda s: s.update(total=s["total"] + 1)),
    "wrong_type": _edit_state(lambda s: s.update(topics="all")),
    "card_wrong_type": _edit_state(lambda s: s["cards"][0][1].__setitem__(2, "big")),
    "card_infinite": _edit_state(lambda s: s["cards"][0][1].__setitem__(2, 1e999)),
    "damage_forgotten": _edit_state(lambda s: s.update(damage=[])),
    "through_lowered": lambda t, f, s: (t - 10, f, s),
    "through_raised": lambda t, f, s: (t + 10_000, f, s),
    "seal_of_another": lambda t, f, s: (t, "0" * 64, s),
}


@pytest.mark.parametrize("name", sorted(_TAMPERED))
def test_a_tampered_checkpoint_is_ignored(store_path, monkeypatch, name):
    _checkpointed(store_path, monkeypatch)
    _tamper(store_path, _TAMPERED[name])
    _same(store_path, monkeypatch)
    assert json.loads(_kept(store_path)[2])["total"] > 0  # and a sound one is written again


def _resealed(edit, pad: int = 0):
    """A forged state sealed again as mjlearn seals it (someone who read this code): it is checked as
    data, never trusted into a crash."""

    def fn(through, seal, state):
        s = json.loads(state)
        edit(s)
        text = json.dumps(s, separators=(",", ":")) + " " * pad
        c = sqlite3.connect(STORE[0])
        try:
            c.execute("BEGIN")
            fp = checkpoint.fingerprint(c, "ann", through)
        finally:
            c.close()
        return through, checkpoint.sealed(fp, f"{cs.VERSION}; engine {cs._solved.engine_stamp()}", through, text), text

    return fn


STORE: list = []

_FORGED = {
    "huge_count": lambda s: s.update(total=10**30),
    "negative": lambda s: s["topics"][0].__setitem__(1, -5),
    "card_stability_tiny": lambda s: s["cards"][0][1].__setitem__(2, 1e-300),
    "card_time_far": lambda s: s["cards"][0][1].__setitem__(5, 10**20),
    "unknown_key": lambda s: s["cards"].append(["kind:nonesuch"] + s["cards"][0][1:]),
    "boolean_count": lambda s: s.update(correct=True),
    "extra_field": lambda s: s.update(extra=1),
    "damage_bad_kind": lambda s: s["damage"].append([1, 1, "bogus", "id"]),
    "group_right_try": lambda s: s.update(group=["{}", [[1, 1.0, "waits", "waits", 1, 0, None, None]]]),
    "question_not_bytes": lambda s: s["topics"][0].__setitem__(6, [1, "\u4e00", 1, 0]),
}


@pytest.mark.parametrize("name", sorted(_FORGED))
def test_a_forged_checkpoint_out_of_range_is_ignored(store_path, monkeypatch, name):
    _checkpointed(store_path, monkeypatch)
    STORE[:] = [store_path]
    _tamper(store_path, _resealed(_FORGED[name]))
    spy = Spy(monkeypatch)
    with ProgressStore(store_path, user="ann") as s:
        s.review_queue(NOW)
    assert spy.resumed == [False] and spy.saved == [True]
    _same(store_path, monkeypatch)


def test_a_forged_checkpoint_in_range_is_harmless(store_path, monkeypatch):
    """A state forged within range and sealed again gives the figures it claims (the learner's own
    file): the view still renders, and any edit of the answers brings back the full reading."""
    _checkpointed(store_path, monkeypatch)
    STORE[:] = [store_path]
    _tamper(store_path, _resealed(lambda s: s["topics"][0].__setitem__(2, s["topics"][0][1])))
    with ProgressStore(store_path, user="ann") as s:
        assert "Progress of ann" in s.view().text("en")
    _write(store_path, "UPDATE answers SET hints = hints WHERE id = 1")
    _same(store_path, monkeypatch)


def test_two_learners_in_one_file_and_clocks_set_back(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    rng = random.Random(11)
    monkeypatch.setattr(cs, "SAVE_AFTER", 5)
    for rnd in range(4):
        for user in ("ann", "bob"):
            with ProgressStore(path, user=user) as s:
                for _ in range(30):
                    kind = rng.choice(["fans", "waits", "tile_name", "regional"])
                    _answer(s, kind, rng.randrange(4), rng.random() < 0.6, rng)
                if rnd == 2:  # clocks set back: answers after the checkpoint earlier than those before
                    s._conn.execute(
                        "UPDATE answers SET at = at - 86400 * 30 WHERE id > (SELECT max(id) - 20 FROM answers)"
                    )
            if rnd == 1:
                _write(
                    path,
                    "INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer, "
                    "correct, score) VALUES (1, '', NULL, 'waits', 'waits', 1, 1, '{}', '[]', 1, 1)",
                )
            _same(path, monkeypatch, user=user)
    assert _kept(path, "ann") and _kept(path, "bob")


def test_a_file_from_a_newer_mjlearn_is_read_whole_and_keeps_no_checkpoint(store_path, monkeypatch):
    _checkpointed(store_path, monkeypatch)
    _write(store_path, "DELETE FROM reading_checkpoints")
    _write(store_path, "PRAGMA user_version = 99")
    spy = Spy(monkeypatch)
    with pytest.warns(RuntimeWarning):
        _same(store_path, monkeypatch)
    assert spy.resumed == [] and spy.saved == [] and _kept(store_path) is None


def test_a_locked_file_keeps_no_checkpoint_and_loses_nothing(store_path, monkeypatch):
    """Another writer holds the lock: the reading gives its figures and skips keeping a checkpoint at
    once (never waits), and the other writer's answer is kept."""
    other = sqlite3.connect(store_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    q = generate("waits", seed=1)
    other.execute(
        "INSERT INTO answers (at, user, kind, topic, seed, difficulty, question, answer, correct, score) "
        "VALUES (2e9, 'ann', 'waits', 'waits', 1, 1, ?, '[]', 0, 0)",
        (json.dumps(q.to_dict()),),
    )
    spy = Spy(monkeypatch)
    with ProgressStore(store_path, user="ann", timeout=30) as s:
        s.review_queue(NOW)
    assert spy.saved == [False] and _kept(store_path) is None
    other.execute("COMMIT")
    other.close()
    _same(store_path, monkeypatch)


def test_threads_recording_while_another_reads(store_path, monkeypatch):
    monkeypatch.setattr(cs, "SAVE_AFTER", 3)
    store = ProgressStore(store_path, user="ann")
    errors = []
    stop = threading.Event()

    def writer(k):
        rng = random.Random(k)
        try:
            for _ in range(40):
                _answer(store, rng.choice(["fans", "waits", "tile_name"]), rng.randrange(5), rng.random() < 0.5, rng)
        except Exception as e:
            errors.append(e)

    def reader():
        try:
            while not stop.is_set():
                store.review_queue(NOW)
                store.summary()
        except Exception as e:
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(3)]
    r = threading.Thread(target=reader)
    r.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    r.join()
    store.close()
    assert not errors
    _same(store_path, monkeypatch)


KILLED = r"""
import sys
import mjlearn.quiz.checkpoint_state as cs
from mjlearn.quiz.progress import ProgressStore
cs.SAVE_AFTER = 0
store = ProgressStore(sys.argv[1], user="ann")
print("ready", flush=True)
while True:
    store.review_queue()
    store._conn.execute("DELETE FROM reading_checkpoints")  # so that every reading writes one again
"""


def test_a_process_killed_while_writing_the_checkpoint_leaves_the_store_readable(store_path, monkeypatch):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    rng = random.Random(2)
    for _ in range(3):
        p = subprocess.Popen(
            [sys.executable, "-c", KILLED, str(store_path)], stdout=subprocess.PIPE, text=True, env=env
        )
        assert p.stdout.readline().strip() == "ready"
        threading.Event().wait(rng.uniform(0.3, 1.5))
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        assert p.returncode == -signal.SIGKILL
        with ProgressStore(store_path, user="ann") as s:
            assert s.salvaged is None
            _answer(s, "waits", 1, False)
        _same(store_path, monkeypatch)


def test_an_oversized_checkpoint_is_not_parsed(store_path, monkeypatch):
    """Longer than any reading of these answers writes: ignored before its JSON is read."""
    _checkpointed(store_path, monkeypatch)
    STORE[:] = [store_path]
    _tamper(store_path, _resealed(lambda s: None, pad=6_000_000))
    parsed = []
    loads = cs.json.loads
    monkeypatch.setattr(cs.json, "loads", lambda text, *a, **k: parsed.append(len(text)) or loads(text, *a, **k))
    spy = Spy(monkeypatch)
    with ProgressStore(store_path, user="ann") as s:
        s.review_queue(NOW)
    assert spy.resumed == [False] and not [n for n in parsed if n > 6_000_000]
    monkeypatch.undo()
    _same(store_path, monkeypatch)


def test_a_salvaged_store_reads_every_answer_and_keeps_no_checkpoint(store_path, monkeypatch):
    from test_progress_failures import _damage, _page_of

    _checkpointed(store_path, monkeypatch)
    page_size, root = _page_of(store_path, "answers_topic")
    _damage(store_path, (root - 1) * page_size, page_size)
    spy = Spy(monkeypatch)
    with pytest.warns(RuntimeWarning, match="answers were saved"):
        s = ProgressStore(store_path, user="ann")
    with s:
        assert s.salvaged
        s.review_queue(NOW)
    assert spy.resumed == [] and spy.saved == [] and _kept(store_path) is None
    _same(store_path, monkeypatch)
