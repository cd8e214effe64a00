"""The readiness test: 20 seeded questions across the course's topics, 85% to pass, a topic missed
sends the learner back to its lesson; answers land in the progress store; crafted answers are refused
with one clear line in each language."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mjlearn.quiz import TOPICS, grade, solve, wrong_answer
from mjlearn.quiz.core import KINDS
from mjlearn.quiz.progress import ProgressStore
from mjlearn.quiz.readiness import (
    LESSONS,
    PASS_MARK,
    QUESTIONS,
    SET_FILE,
    ReadinessError,
    ReadinessResult,
    ReadinessTest,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(tmp_path):
    with ProgressStore(tmp_path / "p.db", user="ann") as s:
        yield s


def test_twenty_questions_over_every_topic_and_a_lesson_for_each_kind():
    t = ReadinessTest(record=False)
    assert len(t.questions) == QUESTIONS == 20 and PASS_MARK == 0.85
    assert {q.topic for q in t.questions} == set(TOPICS)
    assert set(LESSONS) == set(KINDS)  # every kind of the course has its lesson
    for notebook, zh, en in LESSONS.values():
        assert (ROOT / "notebooks" / notebook).is_file() and zh and en


def test_the_seed_makes_comparable_forms():
    a, b, c = ReadinessTest(record=False), ReadinessTest(record=False), ReadinessTest(seed=7, record=False)
    assert [q.to_dict() for q in a.questions] == [q.to_dict() for q in b.questions]  # the class's common test
    assert [(q.kind, q.difficulty) for q in c.questions] == [(q.kind, q.difficulty) for q in a.questions]
    assert [q.data for q in c.questions] != [q.data for q in a.questions]  # a parallel form
    assert a.seed == json.loads((ROOT / "notebooks" / "quiz_sets" / SET_FILE).read_text())["seed"]


def test_all_right_passes_and_the_result_is_in_the_progress_store(store):
    t = ReadinessTest(store=store)
    r = t.answer_all([solve(q) for q in t.questions])
    assert (r.right, r.total, r.passed, r.lessons) == (20, 20, True, [])
    rows = [row for row in store.rows() if row["quiz"] == t.quiz]
    assert len(rows) == 20 and all(row["correct"] for row in rows)
    again = ReadinessResult.from_store(store, seed=t.seed)
    assert (again.right, again.passed, again.unanswered) == (20, True, 0)
    assert "Passed" in r.text("en") and "通过" in r.text("zh")


def test_wrong_in_two_topics_fails_and_names_the_two_lessons(store):
    t = ReadinessTest(store=store)
    r = t.answer_all([wrong_answer(q) if q.topic in ("waits", "regional") else solve(q) for q in t.questions])
    missed = [x.topic for x in r.topics if x.missed]
    assert missed == ["waits", "regional"]
    assert r.right == 14 and not r.passed
    assert [f for f, _, _ in r.lessons] == ["04_waits_and_shanten.ipynb", "09_regional_tour.ipynb"]
    html = r._repr_html_()
    assert 'href="04_waits_and_shanten.ipynb"' in html and 'href="09_regional_tour.ipynb"' in html
    assert html.count("<a href=") == 2 and "data-passed='false'" in html
    stored = ReadinessResult.from_store(store, seed=t.seed)
    assert stored.right == 14 and [f for f, _, _ in stored.lessons] == [f for f, _, _ in r.lessons]


def test_the_pass_mark_is_seventeen_of_twenty(store):
    t = ReadinessTest(store=store)
    wrong = [i for i, q in enumerate(t.questions) if q.topic == "mcr"][:3]
    answers = [wrong_answer(q) if i in wrong[:3] else solve(q) for i, q in enumerate(t.questions)]
    assert t.answer_all(answers).right == 17 and t.result().passed
    u = ReadinessTest(seed=3, record=False)
    four = [i for i, q in enumerate(u.questions) if q.topic in ("waits",)][:4]
    r = u.answer_all([wrong_answer(q) if i in four else solve(q) for i, q in enumerate(u.questions)])
    assert r.right == 16 and not r.passed


@pytest.mark.parametrize(
    "answers, says",
    [
        ("all right", "must be a list of 20"),
        ({"0": 1}, "must be a list of 20"),
        ([None] * 19, "19 answers for 20 questions"),
        (list(range(10**5)), "100,000 answers for 20 questions"),
        ("X" * 25, "must be a list of 20"),
    ],
)
def test_a_list_of_answers_of_the_wrong_shape_is_refused(answers, says):
    t = ReadinessTest(record=False)
    with pytest.raises(ReadinessError, match=says) as e:
        t.answer_all(answers)
    assert e.value.zh and "\n" not in str(e.value)
    assert all(g is None for g in t.grades)


def test_crafted_answers_name_the_question_and_record_nothing(store):
    t = ReadinessTest(store=store)
    right = [solve(q) for q in t.questions]
    crafted = {
        "x" * 5000: "5,000 characters long",
        float("nan"): "is not a number",
        object(): "an answer is text, a number or a list",
        (("a",) * 300,): "nests lists too deep",
    }
    for bad, says in crafted.items():
        answers = list(right)
        answers[4] = bad
        with pytest.raises(ReadinessError, match=says) as e:
            t.answer_all(answers)
        assert str(e.value).startswith("question 5 (") and "第 5 题" in e.value.zh
    deep = list(right)
    deep[0] = [[[["E"]]]]
    with pytest.raises(ReadinessError, match="question 1 .*too deep"):
        t.answer_all(deep)
    assert store.rows() == [] and all(g is None for g in t.grades)  # all read before any is graded


def test_unreadable_twice_answered_and_unknown_questions(store):
    t = ReadinessTest(store=store)
    i = next(k for k, q in enumerate(t.questions) if q.kind == "waits")
    with pytest.raises(ReadinessError, match=rf"question {i + 1} \(waits\): Could not read this answer"):
        t.answer(i, "not tiles at all")
    t.answer(i, solve(t.questions[i]))
    with pytest.raises(ReadinessError, match="already answered"):
        t.answer(i, solve(t.questions[i]))
    for bad in (20, -1, True, "3", 2**200):
        with pytest.raises(ReadinessError, match="there is no question"):
            t.answer(bad, "1m")
    assert len(store.rows()) == 1


@pytest.mark.parametrize("seed", [True, 1.5, "7", 2**60, -(2**53)])
def test_absurd_seeds_are_refused(seed):
    with pytest.raises(ReadinessError, match="the seed must be a whole number"):
        ReadinessTest(seed=seed, record=False)


def test_rows_of_other_quizzes_and_damaged_rows_count_for_nothing(store):
    t = ReadinessTest(store=store)
    q0 = t.questions[0]
    store.record(q0, solve(q0), grade(q0, solve(q0)), quiz="practice:all")
    store._conn.execute(
        "INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer, correct, score, hints)"
        " VALUES (0, 'ann', ?, 'waits', 'waits', 0, 1, '{not json', '\"1m\"', 1, 1.0, 0)",
        (t.quiz,),
    )
    r = ReadinessResult.from_store(store, seed=t.seed)
    assert (r.right, r.unanswered) == (0, 20)


def test_a_fresh_interpreter_takes_the_test_and_reads_it_back(tmp_path):
    code = textwrap.dedent(
        """
        from mjlearn.quiz import solve, wrong_answer
        from mjlearn.quiz.readiness import ReadinessResult, ReadinessTest
        from mjlearn.quiz.progress import ProgressStore
        t = ReadinessTest()
        r = t.answer_all([wrong_answer(q) if q.topic == "tiles" else solve(q) for q in t.questions])
        with ProgressStore() as s:
            back = ReadinessResult.from_store(s, seed=t.seed)
        print(r.right, back.right, r.passed, [f for f, _, _ in back.lessons])
        """
    )
    env = {"MJLEARN_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["17", "17", "True", "['01_tiles_and_notation.ipynb']"]


def test_the_widget_takes_one_answer_per_question_and_shows_the_verdict(store):
    t = ReadinessTest(store=store)
    w = t.widget()
    i = next(k for k, q in enumerate(t.questions) if q.kind == "waits")
    w.index = i
    w._show()
    w.submit()  # nothing typed yet
    assert "Choose or type an answer first" in w.feedback.value
    w.input.value = "??"  # a typed answer that cannot be read: no try, nothing recorded
    w.submit()
    assert "data-correct='invalid'" in w.feedback.value and store.rows() == [] and t.grades[i] is None
    w.input.value = " ".join(solve(t.questions[i]))
    w.submit()
    assert t.grades[i].correct and w.submit_button.disabled and "Answer recorded" in w.feedback.value
    for k, q in enumerate(t.questions):
        if k != i:
            t.answer(k, solve(q))
    w.next()
    assert w.finished and "data-passed='true'" in w.feedback.value and w.feedback.value.count("<details>") == 20
    assert len(store.rows()) == 20


def test_a_teacher_assigns_it_by_name_and_reads_the_assignments_result(store):
    from mjlearn.db.assignments import assignment_tag, load_set

    shipped = load_set(SET_FILE)  # what `mjlearn class assign CLASS readiness_test.json` resolves
    t = ReadinessTest(record=False)
    assert [q.to_dict() for q in shipped] == [q.to_dict() for q in t.questions]
    tag = assignment_tag(7)
    for q in shipped:  # the learner answers the assignment in lesson 11: rows tagged with it
        a = wrong_answer(q) if q.topic == "fans" else solve(q)
        store.record(q, a, grade(q, a), quiz=tag)
    r = ReadinessResult.from_store(store, quiz=tag)
    assert (r.right, r.passed, [f for f, _, _ in r.lessons]) == (17, True, ["07_the_81_fans.ipynb"])
    assert ReadinessResult.from_store(store, seed=t.seed).right == 0  # another quiz's answers do not count


def test_a_wrong_answers_solution_names_that_answer_and_a_skipped_one_says_so(store):
    """Handed in, a wrong answer's solution starts from what the learner answered (not only the
    worked solution), and a question left out says it was not answered."""
    t = ReadinessTest(store=store)
    w = t.widget()
    i = next(k for k, q in enumerate(t.questions) if q.kind == "mcr_total")
    right = solve(t.questions[i])
    t.answer(i, right + 1)
    w.finish()
    items = w.feedback.value.split("<li><details>")[1:]
    assert len(items) == 20 and "click a question to open it" in w.feedback.value
    assert f"You said {right + 1}" in items[i]
    assert all("Not answered." in item for k, item in enumerate(items) if k != i)


def test_a_result_read_before_any_answer_says_the_test_is_not_taken(tmp_path):
    """Read from a store with no answer to the test, the result is no verdict and sends to no lesson."""
    with ProgressStore(tmp_path / "p.db", user="ann") as store:
        r = ReadinessResult.from_store(store)
    assert not r.taken and not r.passed and r.unanswered == r.total == 20
    assert r.text("en") == "Not taken yet: answer the test above, then run this cell again for your result."
    html = r._repr_html_()
    assert "data-taken='false'" in html and "还没有作答" in html and "go back to" not in html
