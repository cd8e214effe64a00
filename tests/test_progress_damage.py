"""Damaged answer rows: the review queue, the progress view and ``mjlearn quiz --progress`` / ``--review``
skip each one and say so (bilingual, with a way to see which), never crash, and change nothing.

Each kind of damage is one row written straight into a real store beside four good answers (a tile
name right, a waits question wrong, a "which fans?" question wrong, a regional question right), as a
learner editing their own SQLite file, or another program, could write it. Some need a table without
the schema's NOT NULL and primary key (a file whose table another program made: mjlearn adopts an
existing ``answers`` table as it is)."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import subprocess
import sys

import pytest

from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.progress import ProgressStore
from mjlearn.quiz.review import replay, review_queue


class Raw(bytes):
    """A text value written as these exact bytes (not UTF-8)."""


_GOOD = [("tile_name", 1, True), ("waits", 2, False), ("fans", 3, False), ("regional", 4, True)]


def _fans_question(**data):
    q = generate("fans", seed=3).to_dict()
    q["data"].update(data)
    import json

    return json.dumps(q, ensure_ascii=False)


# name -> (the good row it copies, the changes, whether the table must be loose, the damage reported)
KINDS = {
    "question_not_json": ("tile_name", {"question": '{"kind": "tile_name", "da'}, False, "question_not_json"),
    "question_a_list": ("tile_name", {"question": "[1, 2, 3]"}, False, "question_shape"),
    "question_data_not_object": ("waits", {"question": '{"kind": "waits", "data": "1m2m3m"}'}, False, "question_shape"),
    "question_of_another_kind": ("waits", {"question": '{"kind": "fans", "data": {}}'}, False, "question_shape"),
    "question_nested_too_deep": (
        "tile_name",
        {"question": '{"data": {"x": ' + "[" * 1500 + "]" * 1500 + "}}"},
        False,
        "question_not_json",
    ),
    "question_huge": (
        "tile_name",
        {"question": '{"data": {"x": "' + "x" * 300_000 + '"}}'},
        False,
        "question_too_long",
    ),
    "question_engine_cannot_read": (
        "fans",
        {"question": _fans_question(hand="1m1m1m NOT A HAND")},
        False,
        "question_unreadable",
    ),
    "rules_unknown": (
        "regional",
        {"question": '{"kind": "regional", "data": {"rules": "atlantis"}}'},
        False,
        "rules_unknown",
    ),
    "rules_not_text": (
        "regional",
        {"question": '{"kind": "regional", "data": {"rules": [1]}}'},
        False,
        "rules_unknown",
    ),
    "kind_unknown": ("tile_name", {"kind": "nonesuch"}, False, "kind_unknown"),
    "topic_unknown": ("tile_name", {"topic": "astrology"}, False, "topic_unknown"),
    "seed_not_whole": ("tile_name", {"seed": "abc"}, False, "seed_bad"),
    "difficulty_out_of_range": ("tile_name", {"difficulty": 7}, False, "difficulty_bad"),
    "answer_not_json": ("fans", {"answer": "[1,"}, False, "answer_not_json"),
    "answer_wrong_type": ("fans", {"answer": '[[1], {"a": 2}]'}, False, "answer_wrong_type"),
    "answer_not_fan_numbers": ("fans", {"answer": '{"fans": 1}'}, False, "answer_wrong_type"),
    "correct_not_boolean": ("tile_name", {"correct": "yes"}, False, "correct_bad"),
    "correct_out_of_range": ("tile_name", {"correct": 7}, False, "correct_bad"),
    "at_text": ("tile_name", {"at": "yesterday"}, False, "at_bad"),
    "at_1e300": ("tile_name", {"at": 1e300}, False, "at_far"),
    "at_infinite": ("tile_name", {"at": float("inf")}, False, "at_far"),
    "at_negative_huge": ("tile_name", {"at": -1e12}, False, "at_negative"),
    "at_negative": ("tile_name", {"at": -5.0}, False, "at_negative"),
    "hints_not_whole": ("tile_name", {"hints": "two"}, False, "hints_bad"),
    "hints_absurd": ("tile_name", {"hints": 10**15}, False, "hints_bad"),
    "retries_negative": ("tile_name", {"retries": -3}, False, "retries_bad"),
    "retries_not_whole": ("waits", {"retries": "x"}, False, "retries_bad"),
    "score_not_number": ("tile_name", {"score": "full"}, False, "score_bad"),
    "seconds_not_number": ("tile_name", {"seconds": "slow"}, False, "seconds_bad"),
    "lone_surrogate_bytes": ("fans", {"answer": Raw(b'["\xed\xa0\x80"]')}, False, "text_not_utf8"),
    "lone_surrogate_escape": (
        "regional",
        {"question": '{"kind": "regional", "data": {"rules": "\\ud800"}}'},
        False,
        "text_not_utf8",
    ),
    "user_empty": ("tile_name", {"user": ""}, False, "user_missing"),
    "user_null": ("tile_name", {"user": None}, True, "user_missing"),
    "null_correct": ("tile_name", {"correct": None}, True, "missing"),
    "null_at": ("tile_name", {"at": None}, True, "missing"),
    "nulls_everywhere": ("tile_name", "all-null", True, "user_missing"),
    "id_missing": ("tile_name", {"id": None}, True, "id_missing"),
    "id_duplicate": ("tile_name", "duplicate", True, "id_duplicate"),
}


def test_every_kind_of_damage_has_a_case_and_a_sentence():
    from mjlearn.quiz.history import DAMAGE

    assert len(KINDS) >= 21 and {v[3] for v in KINDS.values()} <= set(DAMAGE)
    assert set(DAMAGE) - {v[3] for v in KINDS.values()} == set()  # every kind of damage is tested


def _record(store, kind, seed, right):
    q = generate(kind, seed=seed)
    a = solve(q) if right else wrong_answer(q, random.Random(seed))
    return store.record(q, a, grade(q, a))


def _loosen(path):
    """The answers table re-made without NOT NULL or a primary key (as another program might make it)."""
    c = sqlite3.connect(path, isolation_level=None)
    cols = [r[1] for r in c.execute("PRAGMA table_info(answers)")]
    c.execute("BEGIN")
    c.execute(f"CREATE TABLE answers_loose ({', '.join(cols)})")
    c.execute(f"INSERT INTO answers_loose SELECT {', '.join(cols)} FROM answers")
    c.execute("DROP TABLE answers")
    c.execute("ALTER TABLE answers_loose RENAME TO answers")
    c.execute("CREATE INDEX answers_user_id ON answers(user, id)")
    c.execute("COMMIT")
    c.close()


def _inject(path, base_kind, changes, loose):
    if loose:
        _loosen(path)
    c = sqlite3.connect(path, isolation_level=None)
    cols = [r[1] for r in c.execute("PRAGMA table_info(answers)")]
    base = dict(
        zip(cols, c.execute(f"SELECT {', '.join(cols)} FROM answers WHERE kind = ? LIMIT 1", (base_kind,)).fetchone())
    )
    if changes == "all-null":
        row = dict.fromkeys(cols)
    elif changes == "duplicate":
        row = base
    else:
        row = dict(base, id=None if not loose else c.execute("SELECT max(id) + 1 FROM answers").fetchone()[0])
        row.update(changes)
    values = ", ".join("CAST(? AS TEXT)" if isinstance(row[k], Raw) else "?" for k in cols)
    c.execute(
        f"INSERT INTO answers ({', '.join(cols)}) VALUES ({values})",
        [bytes(v) if isinstance(v, Raw) else v for v in row.values()],
    )
    c.close()


def _fingerprint(path):
    c = sqlite3.connect(path)
    c.text_factory = bytes
    rows = c.execute("SELECT rowid, * FROM answers ORDER BY rowid").fetchall()
    c.close()
    return hashlib.sha256(repr(rows).encode()).hexdigest(), len(rows)


@pytest.fixture(params=sorted(KINDS))
def damaged(request, tmp_path):
    """(data folder, damage expected) of a store with four good answers and one damaged row."""
    data = tmp_path / "data"
    with ProgressStore(data / "progress.db", user="ann") as s:
        for kind, seed, right in _GOOD:
            _record(s, kind, seed, right)
    base, changes, loose, expected = KINDS[request.param]
    _inject(data / "progress.db", base, changes, loose)
    return data, expected


def test_review_queue_skips_and_reports_each_kind_of_damage(damaged):
    data, expected = damaged
    before = _fingerprint(data / "progress.db")
    with ProgressStore(data / "progress.db", user="ann") as s:
        rq = review_queue(s)
    assert [r.damage for r in rq.damage] == [expected]
    assert {k.split(":")[0] for k in rq.states} == {"kind", "fan", "rules"}  # the good answers are all there
    assert "kind:tile_name" in rq.states and "kind:waits" in rq.states
    assert "1 damaged row skipped" in rq.text("en") and "已跳过 1 条损坏的记录" in rq.text("zh")
    assert "1 damaged row skipped" in rq._repr_html_()
    assert _fingerprint(data / "progress.db") == before  # reading changed nothing


def test_progress_view_skips_and_reports_each_kind_of_damage(damaged):
    data, expected = damaged
    before = _fingerprint(data / "progress.db")
    with ProgressStore(data / "progress.db", user="ann") as s:
        v = s.view()
        assert v.summary["total"] == len(_GOOD) and v.summary["correct"] == 2
        assert [r.damage for r in s.damaged()] == [expected]
        assert s.summary()["total"] == len(_GOOD) and set(s.by_topic()) == {"tiles", "waits", "fans", "regional"}
    text = v.text("en")
    assert "1 damaged row skipped" in text and "ProgressStore().damaged()" in text
    assert "已跳过 1 条损坏的记录" in v.text("zh")
    assert "1 damaged row skipped" in v._repr_html_() and "<details" in v._repr_html_()
    assert _fingerprint(data / "progress.db") == before


def _cli(args, data, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "MJLEARN_DATA_DIR": str(data), "MJLEARN_USER": "ann", "PYTHONIOENCODING": "utf-8"},
    )


def test_cli_progress_and_damaged_list_each_kind_of_damage(damaged):
    data, expected = damaged
    before = _fingerprint(data / "progress.db")
    p = _cli(["--progress", "--lang", "en"], data)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stdout + p.stderr
    assert "4 answers" in p.stdout and "1 damaged row skipped" in p.stdout and "mjlearn quiz --damaged" in p.stdout
    from mjlearn.quiz.history import DAMAGE

    p = _cli(["--damaged", "--lang", "en"], data)
    said = "is empty" if expected == "missing" else DAMAGE[expected][1]
    assert p.returncode == 0 and said in p.stdout, p.stdout + p.stderr[-2000:]
    assert _fingerprint(data / "progress.db") == before


def test_cli_review_skips_and_reports_each_kind_of_damage(damaged):
    data, _expected = damaged
    before = _fingerprint(data / "progress.db")
    p = _cli(["--review", "-n", "1", "--seed", "1", "--lang", "en", "--no-record"], data, "1\n" * 8)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stdout + p.stderr
    assert "Due for review" in p.stdout and "1 damaged row skipped" in p.stdout
    assert _fingerprint(data / "progress.db") == before


def test_nan_time_in_rows_given_to_replay():
    """NaN cannot be stored in SQLite (it becomes NULL), but a class database and rows handed to
    replay() can hold it."""
    q = generate("tile_name", seed=1)
    import json

    good = {
        "id": 1,
        "at": 1.7e9,
        "user": "ann",
        "quiz": None,
        "kind": "tile_name",
        "topic": "tiles",
        "seed": 1,
        "difficulty": 1,
        "question": json.dumps(q.to_dict()),
        "answer": json.dumps(solve(q)),
        "correct": 1,
        "score": 1.0,
        "hints": 0,
        "seconds": None,
        "retries": 0,
    }
    rq = replay([good, dict(good, id=2, at=float("nan")), dict(good, id=3, at=float("inf"))])
    assert [(r.id, r.damage) for r in rq.damage] == [(2, "at_bad"), (3, "at_far")]
    assert rq.states["kind:tile_name"].reviews == 1


# -- the class database (PostgreSQL, started by tests/pg.py) ------------------------------------------
from pg import pg_db, postgres, role_url  # noqa: F401  (fixtures)

PG_DAMAGE = [
    ("question", '\'{"kind": "tile_name", "da\'', "question_not_json"),
    ("at", "'NaN'::float8", "at_bad"),
    ("at", "1e300", "at_far"),
    ("correct", "5", "correct_bad"),
    ("question", '\'{"kind": "regional", "data": {"rules": "\\ud800"}}\'', "rules_unknown"),
]


def test_class_database_queue_view_and_cli_skip_and_report_damaged_rows(pg_db, tmp_path, monkeypatch):
    import sqlalchemy as sa

    from mjlearn import db

    db.upgrade(pg_db)
    db.add_learner(pg_db, "r")
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MJLEARN_DB", role_url(pg_db, "r"))
    monkeypatch.delenv("MJLEARN_USER", raising=False)
    with ProgressStore(user="r") as s:
        assert type(s.store).__name__ == "PostgresStore"
        for kind, seed, right in _GOOD:
            _record(s, kind, seed, right)
    owner = sa.create_engine(pg_db)
    with owner.begin() as c:  # rows a learner could insert under their own name, written here by the owner
        # rows from before the class database refused unreadable answers (its check is NOT VALID: old rows stay)
        c.exec_driver_sql("ALTER TABLE answers DROP CONSTRAINT IF EXISTS answers_readable")
        for col, value, _ in PG_DAMAGE:
            others = [
                f
                for f in (
                    "at",
                    "user",
                    "quiz",
                    "kind",
                    "topic",
                    "seed",
                    "difficulty",
                    "question",
                    "answer",
                    "correct",
                    "score",
                    "hints",
                    "seconds",
                    "retries",
                )
                if f != col
            ]
            quoted = ", ".join(f'"{f}"' for f in others)
            c.exec_driver_sql(
                f'INSERT INTO answers ({quoted}, "{col}") SELECT {quoted}, {value} FROM answers '
                f"WHERE kind = {'$$regional$$' if 'regional' in value else '$$tile_name$$'} LIMIT 1"
            )
    owner.dispose()
    with ProgressStore(user="r") as s:
        rq = review_queue(s)
        v = s.view()
        damaged = s.damaged()
    assert sorted(r.damage for r in rq.damage) == sorted(d for _, _, d in PG_DAMAGE)
    assert "kind:tile_name" in rq.states and v.summary["total"] == len(_GOOD)
    assert f"{len(PG_DAMAGE)} damaged rows skipped" in rq.text(
        "en"
    ) and f"{len(PG_DAMAGE)} damaged rows skipped" in v.text("en")
    assert len(damaged) == len(PG_DAMAGE)
    env = {**os.environ, "MJLEARN_DATA_DIR": str(tmp_path / "data"), "MJLEARN_DB": role_url(pg_db, "r")}
    env.pop("MJLEARN_USER", None)
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--progress", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert p.returncode == 0 and f"{len(PG_DAMAGE)} damaged rows skipped" in p.stdout, p.stdout + p.stderr[-2000:]
