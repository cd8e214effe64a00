"""Review by spaced repetition (FSRS) from the learner's history, mastery that follows recent answers,
`practice("review")` and `mjlearn quiz --review`."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from datetime import datetime, timezone

import pytest
from fsrs import Rating, State

from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.core import Question
from mjlearn.quiz.progress import MIGRATIONS, SCHEMA_VERSION, ProgressStore, mastery
from mjlearn.quiz.review import items_of, question_for, rating, replay, review_questions, review_queue

DAY = 86400.0


def _answer(store, kind, seed, right, *, at=None, hints=0, retries=0, **target):
    q = generate(kind, seed=seed, **target)
    a = solve(q) if right else wrong_answer(q, random.Random(seed))
    rid = store.record(q, a, grade(q, a), hints=hints, retries=retries)
    if at is not None:
        store._conn.execute("UPDATE answers SET at = ? WHERE id = ?", (at, rid))
    return q


@pytest.fixture
def store(tmp_path):
    with ProgressStore(tmp_path / "p.db", user="r") as s:
        yield s


def test_rating_from_correctness_hints_and_retries():
    assert rating(False) == Rating.Again
    assert rating(False, hints=2, retries=1) == Rating.Again
    assert rating(True) == Rating.Good
    assert rating(True, hints=1) == Rating.Hard
    assert rating(True, retries=1) == Rating.Hard


def test_items_of_a_fans_answer_are_the_kind_and_each_fan(store):
    q = generate("fans", seed=3)
    expected = solve(q)
    wrong = [f for f in expected if f != expected[0]] + [o["id"] for o in q.data["options"] if o["id"] not in expected][
        :1
    ]
    store.record(q, wrong, grade(q, wrong))
    items = {i.key: right for i, right in items_of(store.rows()[-1])}
    assert items.pop("kind:fans") is False
    assert items[f"fan:{expected[0]}"] is False  # missed
    assert items[f"fan:{wrong[-1]}"] is False  # claimed wrongly
    assert all(items[f"fan:{f}"] for f in expected[1:])  # named rightly
    assert set(items) == {f"fan:{f}" for f in set(expected) | set(wrong)}


def test_items_of_a_regional_answer_include_its_rule_set(store):
    q = _answer(store, "regional", 4, True)
    keys = [i.key for i, _ in items_of(store.rows()[-1])]
    assert keys == ["kind:regional", f"rules:{q.data['rules']}"]


def test_a_wrong_item_is_due_before_a_right_one(store):
    now = datetime.now(timezone.utc).timestamp()
    _answer(store, "waits", 1, False, at=now - 2 * DAY)
    _answer(store, "tile_name", 2, True, at=now - 2 * DAY + 60)
    _answer(store, "tile_name", 3, True, at=now - DAY)
    rq = review_queue(store)
    due = [s.item.key for s in rq.due()]
    assert due[0] == "kind:waits"
    assert "kind:tile_name" not in due  # right twice: its next review is days away
    st = rq.states["kind:tile_name"]
    assert st.card.state == State.Review and st.reviews == 2 and st.right == 2
    assert st.recall() > rq.states["kind:waits"].recall()
    assert rq.states["kind:waits"].card.due < st.card.due


def test_wrong_then_right_is_one_corrected_attempt(store):
    now = datetime.now(timezone.utc).timestamp()
    q = generate("shanten", seed=5)
    w = wrong_answer(q, random.Random(1))
    for a, at in ((w, now - 100), (solve(q), now - 90)):
        rid = store.record(q, a, grade(q, a))
        store._conn.execute("UPDATE answers SET at = ? WHERE id = ?", (at, rid))
    rows = store.rows()
    rq = replay(rows)
    st = rq.states["kind:shanten"]
    assert st.reviews == 1 and st.right == 1  # one attempt, rated Hard
    assert mastery(rows) == 0.5  # not 0 %: a corrected answer counts half
    # the same recorded with the retries keyword: the same review
    store._conn.execute("DELETE FROM answers")
    store.record(q, solve(q), grade(q, solve(q)), retries=1)
    assert store.rows()[0]["retries"] == 1 and mastery(store.rows()) == 0.5


def test_mastery_follows_recent_answers(store):
    for i, right in enumerate([False, False, False, True, True]):
        _answer(store, "tile_name", 10 + i, right)
    m = store.by_topic()["tiles"]
    assert m["accuracy"] == 0.4 and m["mastery"] > 0.6  # recent answers are right
    for i in range(3):
        _answer(store, "tile_name", 20 + i, False)
    assert store.by_topic()["tiles"]["mastery"] < 0.3
    assert mastery([]) is None


def test_view_shows_mastery_and_due_in_both_languages(store):
    now = datetime.now(timezone.utc).timestamp()
    _answer(store, "waits", 1, False, at=now - DAY)
    _answer(store, "tile_name", 2, True, at=now - DAY)
    v = store.view()
    en, zh, html = v.text("en"), v.text("zh"), v._repr_html_()
    # both are due a day later: the wrong one at once, the right one after FSRS's first learning step
    assert "mastery 0% (0/1 right, 1 due)" in en and "mastery 100%" in en and "Due for review: 2 of 2" in en
    assert "掌握 0%" in zh and "1 项待复习" in zh and "待复习 2 项" in zh
    assert en.index("What does it wait on?") < en.index("Name a tile")  # the most forgotten first
    assert "practice('review')" in en
    assert "掌握 Mastery" in html and "待复习 Due for review" in html and "recent answers count most" in html
    for text in (en, zh, html, repr(v)):
        assert "{" not in text and "ItemState" not in text and "Card(" not in text


def test_question_for_each_item_is_on_that_item(store):
    _answer(store, "fans", 3, False)
    _answer(store, "regional", 4, False)
    rq = review_queue(store)
    rng = random.Random(7)
    for key, st in rq.states.items():
        q = question_for(st, rng)
        assert isinstance(q, Question)
        kind, _, name = key.partition(":")
        if kind == "kind":
            assert q.kind == name
        elif kind == "fan":
            assert int(name) in solve(q)
        else:
            assert q.data["rules"] == name


def test_review_questions_most_forgotten_first_and_empty_without_history(store):
    assert review_questions(store, n=3, seed=1)[0] == []
    now = datetime.now(timezone.utc).timestamp()
    _answer(store, "waits", 1, False, at=now - DAY)
    _answer(store, "tile_name", 2, True, at=now - 10)
    qs, _rq = review_questions(store, n=2, seed=1)
    assert [q.kind for q in qs] == ["waits", "tile_name"]
    assert review_questions(store, n=2, seed=1)[0] == qs  # seeded: the same questions


def test_practice_review_widget(store, tmp_path, monkeypatch):
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz import practice
    from mjlearn.quiz.widget import QuizWidget

    w = practice("review", n=2, seed=1, store=store)  # no history: the suggested topic
    assert isinstance(w, QuizWidget) and len(w.questions) == 2
    assert w.title == ("复习", "Review") and {q.topic for q in w.questions} == {"tiles"}
    _answer(store, "shanten", 1, False, at=datetime.now(timezone.utc).timestamp() - DAY)
    w = practice("review", n=1, seed=1, store=store)
    assert [q.kind for q in w.questions] == ["shanten"]
    g = w.answer(solve(w.current))
    assert g.correct and store.rows()[-1]["quiz"] == "practice:review"
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "default"))
    assert len(practice("review", n=1, seed=2, record=False).questions) == 1


def _cli(args, data, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "MJLEARN_DATA_DIR": str(data)},
    )


def test_cli_review(tmp_path):
    p = _cli(["--review", "-n", "1", "--seed", "1", "--lang", "en"], tmp_path, "1\n" * 6)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Nothing to review yet" in p.stdout and "Traceback" not in p.stdout + p.stderr
    with ProgressStore(tmp_path / "progress.db") as s:
        rows = s.rows()  # one question; a wrong first try may be tried again, each try is a row
        assert len({r["question"] for r in rows}) == 1 and {r["quiz"] for r in rows} == {"practice:review"}
        _answer(s, "waits", 1, False, at=datetime.now(timezone.utc).timestamp() - DAY)
    p = _cli(["--review", "-n", "1", "--seed", "1", "--lang", "zh"], tmp_path, "1\n" * 6)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "待复习" in p.stdout
    p = _cli(["--progress", "--lang", "en"], tmp_path)
    assert "mastery" in p.stdout and "Due for review" in p.stdout


# -- the retries column: every earlier schema comes forward with it -----------------------------------
@pytest.mark.parametrize("start", range(SCHEMA_VERSION))
def test_retries_column_after_migrating_from(tmp_path, start):
    path = tmp_path / "p.db"
    c = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:start]:
        c.executescript(step[1])
    c.execute(f"PRAGMA user_version = {start}")
    if start:
        c.execute(
            "INSERT INTO answers (at,user,quiz,kind,topic,seed,difficulty,question,answer,correct,score)"
            " VALUES (1, 'old', NULL, 'tile_name', 'tiles', 1, 1, '{}', '\"5m\"', 0, 0.0)"
        )
    c.close()
    with ProgressStore(path, user="old") as s:
        cols = [r[1] for r in s._conn.execute("PRAGMA table_info(answers)")]
        assert "retries" in cols
        assert all(r["retries"] == 0 for r in s.rows())
        q = generate("tile_name", seed=2)
        s.record(q, solve(q), grade(q, solve(q)), retries=2)
        assert s.rows()[-1]["retries"] == 2
        assert s.by_topic()["tiles"]["mastery"] == (0.5 if not start else 0.5 / 1.7)
        assert "retries" in s.export(format="csv").splitlines()[0]


def test_record_is_backward_compatible(store):
    q = generate("tile_name", seed=1)
    store.record(q, solve(q), grade(q, solve(q)))
    store.record(q, solve(q), grade(q, solve(q)), quiz="x", hints=1, seconds=1.5)
    assert [r["retries"] for r in store.rows()] == [0, 0]


def test_sample_store_shows_due_items_and_mastery(tmp_path):
    from mjlearn.quiz.progress import sample_store

    s = sample_store(tmp_path / "sample.db")
    rq = review_queue(s)
    assert rq.due() and rq.upcoming()
    assert s.by_topic()["waits"]["mastery"] < s.by_topic()["tiles"]["mastery"] == 1.0
    assert (tmp_path / "sample.db").exists()
    s.close()
