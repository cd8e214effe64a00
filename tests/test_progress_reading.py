"""The store's one-pass reading of a history (``ProgressStore.review_queue`` and ``view``: SQLite reads
and checks the rows, one loop groups and replays them) gives exactly what the rows give when each is
checked in Python and the attempts are replayed one by one (the public :func:`mjlearn.quiz.review.replay`
of the store's rows, and :class:`mjlearn.quiz.history.Reading` for the view's figures): the same cards
bit for bit, the same counts, mastery, texts and HTML, the same damaged rows in the same order.

On a history of the benchmark's shape (``benchmarks/bench_progress.py``: every kind of question, retries,
hints, damaged rows) and on each store of ``tests/test_progress_damage.py`` (one damaged row of each kind
beside four good answers)."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest
from test_progress_damage import _GOOD, KINDS, _inject, _record

import mjlearn.quiz.review as review_mod
from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.history import DamagedRow, Reading, answers_of, expected_fans
from mjlearn.quiz.progress import ProgressStore, ProgressView
from mjlearn.quiz.review import replay_attempts, review_queue

NOW = datetime(2031, 1, 1, tzinfo=timezone.utc)
_TEXTS = ("user", "quiz", "kind", "topic", "question", "answer")


def _bench():
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_progress.py"
    spec = importlib.util.spec_from_file_location("bench_progress", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _rows(path: Path, user: str) -> list[dict]:
    """Every row of ``user``, and before them the rows of no one (as the store lists them), read as
    plain values: texts as bytes, decoded strictly (a text that is not UTF-8 keeps its bytes as lone
    surrogates, which the Python check names)."""
    c = sqlite3.connect(path)
    cols = [r[1] for r in c.execute("PRAGMA table_info(answers)")]
    c.text_factory = bytes
    select = ", ".join(cols)
    rows = (
        c.execute(f"SELECT {select} FROM answers WHERE user IS NULL OR user = '' ORDER BY id").fetchall()
        + c.execute(f"SELECT {select} FROM answers WHERE user = ? ORDER BY id", (user,)).fetchall()
    )
    c.close()
    out = []
    for r in rows:
        d = {}
        for col, v in zip(cols, r):
            if isinstance(v, bytes) and col in _TEXTS:
                v = v.decode("utf-8", "surrogateescape")
            d[col] = v
        d.setdefault("retries", 0)
        out.append(d)
    return out


def _stream(rows: list[dict]):
    """The rows checked one by one in Python (:func:`~mjlearn.quiz.history.answers_of`), the rows of no
    one first and damaged (``user_missing``, whatever else is wrong with them), as the store lists them.

    One difference is the store's by design: a rule set named by an escaped lone surrogate (``"\\ud800"``)
    is ``text_not_utf8`` in a SQLite file's reading (the text is not UTF-8) and ``rules_unknown`` in the
    Python check, which reads a class database's rows (tests/test_progress_damage.py holds each to its
    own); here it is named as the SQLite file's reading names it."""
    unnamed = [r for r in rows if not r.get("user")]
    for pos, r in enumerate(unnamed, 1):
        yield DamagedRow(r.get("id"), pos, "user_missing", "user")
    named = rows[len(unnamed) :]
    for r, a in zip(named, answers_of(named), strict=True):
        if isinstance(a, DamagedRow):
            damage = a.damage
            if damage == "rules_unknown" and not _utf8(_rules_named(r["question"])):
                damage = "text_not_utf8"
            a = dataclasses.replace(a, position=a.position + len(unnamed), damage=damage)
        yield a


def _rules_named(question: str):
    try:
        return json.loads(question)["data"]["rules"]
    except (ValueError, KeyError, TypeError):
        return None


def _utf8(text) -> bool:
    try:
        str(text).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reference(path: Path, user: str):
    """(queue, summary) from the rows, one by one: the reading the store's must equal (the queue as
    :func:`mjlearn.quiz.review.replay` makes it, the rows' attempts replayed in turn)."""
    rows = _rows(path, user)
    reading = Reading(_stream(rows))
    rq = replay_attempts(reading.attempts(), NOW)
    rq.damage = reading.damage
    summary = {
        "user": user,
        "total": reading.total,
        "correct": reading.correct,
        "accuracy": reading.correct / reading.total if reading.total else None,
        "by_topic": reading.by_topic(),
        "damaged": reading.damage,
    }
    return rq, summary


def _cards(rq) -> dict:
    return {
        k: (
            s.card.to_dict(),
            s.reviews,
            s.right,
            s.last,
            s.last_correct,
            s.last_row["id"],
            s.last_row["kind"],
            s.last_row["correct"],
        )
        for k, s in rq.states.items()
    }


def _same(path: Path, monkeypatch, user: str = "ann") -> None:
    monkeypatch.setattr(review_mod, "_now", lambda: NOW)  # the view's queue is as of now
    ref_rq, ref_summary = _reference(path, user)
    expected_fans.cache_clear()  # the store's reading works out every "which fans?" solution itself
    with ProgressStore(path, user=user) as s:
        rq = s.review_queue(NOW)
        view = s.view()
        damaged = s.damaged()
        summary = s.summary()
    assert _cards(rq) == _cards(ref_rq)
    assert list(rq.states) == list(ref_rq.states)  # the same order: the same card ids
    assert list(rq.damage) == list(ref_rq.damage) == list(damaged) == list(ref_summary["damaged"])
    for lang in ("zh", "en"):
        assert rq.text(lang) == ref_rq.text(lang)
    assert rq._repr_html_() == ref_rq._repr_html_()

    def plain(summary):  # Damage compares by its rows
        return dict(summary, damaged=list(summary["damaged"]))

    assert plain(summary) == plain(view.summary) == plain(ref_summary)
    ref_view = ProgressView(ref_summary, s.suggest(ref_summary["by_topic"]), ref_rq)
    for lang in ("zh", "en"):
        assert view.text(lang, terminal=True) == ref_view.text(lang, terminal=True)
    assert view._repr_html_() == ref_view._repr_html_()


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """A store of the benchmark's shape, smaller: 3,000 answers to 12 questions of each kind (30 "which
    fans?"), with the benchmark's 20 damaged rows."""
    path = tmp_path_factory.mktemp("history") / "progress.db"
    _bench().build(path, 3000, seed=5, sizes={"fans": 30, "*": 12})
    return path


def test_store_reading_equals_the_rows_replayed_on_a_history_of_the_benchmarks_shape(history, monkeypatch):
    _same(history, monkeypatch)


def test_store_reading_equals_the_rows_replayed_with_solutions_kept(history, monkeypatch):
    """A later reading (the "which fans?" solutions kept beside the answers) gives the same again."""
    with ProgressStore(history, user="ann") as s:
        s.review_queue(NOW)
    assert (history.parent / "fans-solved.db").exists()
    _same(history, monkeypatch)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_store_reading_equals_the_rows_replayed_with_each_kind_of_damage(name, tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    with ProgressStore(path, user="ann") as s:
        for kind, seed, right in _GOOD:
            _record(s, kind, seed, right)
    base, changes, loose, _ = KINDS[name]
    _inject(path, base, changes, loose)
    _same(path, monkeypatch)


def test_retries_answers_after_other_topics_and_empty_fan_answers_read_alike(tmp_path, monkeypatch):
    """Tries at one question wrong then right, with other questions between, a "which fans?" answer
    choosing no fan, hints, and clocks set back: the fused loop's every branch against the reference."""
    path = tmp_path / "progress.db"
    rng = random.Random(3)
    with ProgressStore(path, user="ann") as s:
        for _i in range(120):
            kind = rng.choice(["fans", "waits", "tile_name", "regional", "fans"])
            q = generate(kind, seed=rng.randrange(6))
            tries = rng.choice([[True], [False, True], [False, False, True], [False]])
            for ok in tries:
                a = solve(q) if ok else ([] if kind == "fans" and rng.random() < 0.5 else wrong_answer(q, rng))
                s.record(q, a, grade(q, a), hints=int(rng.random() < 0.2))
        s._conn.execute("UPDATE answers SET at = at - 86400 * (id % 7)")  # clocks moved back now and then
        s._conn.commit()
    _same(path, monkeypatch)


@pytest.mark.parametrize("depth", [201, 999, 1500, 5000])
@pytest.mark.parametrize("loose", [False, True])
def test_which_fans_answer_nested_too_deep_is_damaged(depth, loose, tmp_path, monkeypatch):
    """A "which fans?" answer nested deeper than any answer mjlearn writes (SQLite's JSON may read it,
    Python's may not) is one damaged row, answer_not_json, in the queue, the view and the list; the
    other answers count."""
    path = tmp_path / "progress.db"
    with ProgressStore(path, user="ann") as s:
        for kind, seed, right in _GOOD:
            _record(s, kind, seed, right)
    _inject(path, "fans", {"answer": "[" * depth + "]" * depth}, loose)
    with ProgressStore(path, user="ann") as s:
        rq = review_queue(s)
        view = s.view()
        listed = s.damaged()
    assert [(r.damage, r.column) for r in rq.damage] == [("answer_not_json", "answer")]
    assert [(r.damage, r.column) for r in listed] == [("answer_not_json", "answer")]
    assert view.summary["total"] == len(_GOOD)
    assert "damaged row" in view.text("en")
    _same(path, monkeypatch)


def test_fans_answer_depth_is_checked_before_json_reads_it(tmp_path):
    """The deep answer is told apart from a good one nested once (a list of fan numbers)."""
    path = tmp_path / "progress.db"
    q = generate("fans", seed=3)
    with ProgressStore(path, user="ann") as s:
        s.record(q, solve(q), grade(q, solve(q)))
    assert not review_queue(ProgressStore(path, user="ann")).damage
    assert json.loads(json.dumps(solve(q))) == solve(q)
