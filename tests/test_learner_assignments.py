"""The learner's assignments in lesson 11: the list (title, due date, "4 of 10", done or overdue) with a
button to open each, an assignment going on where the learner stopped, a finished one offering review
or redo, and the line saying who sees the answers; on the SQLite file and on a class database
(PostgreSQL, started by tests/pg.py)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from pg import pg_db, postgres, role_url  # noqa: F401  (fixtures)

from mjlearn.db.assignments import answered_rows, assignment_tag, resume_index
from mjlearn.db.classes import Classroom
from mjlearn.quiz import grade, solve, wrong_answer
from mjlearn.widgets.assignments import AssignmentList, AssignmentQuiz, my_assignments, who_sees_answers

SET = "week1_tiles_and_waits.json"


def _answer(room, aid, which, right=True):
    """Answer the questions of assignment ``aid`` numbered (from 0) in ``which``, as a learner would."""
    qs = list(room.quiz_set(aid))
    for i in which:
        q = qs[i]
        a = solve(q) if right else wrong_answer(q, random.Random(i))
        room.store.record(q, a, grade(q, a), quiz=assignment_tag(aid), seconds=2.0)
    return qs


@pytest.fixture(params=["sqlite", "postgresql"])
def klass(request, tmp_path, monkeypatch):
    """Class c1 with learner ann and an assignment of the 10-question week-1 set; gives a function that
    opens a Classroom as ``who``, and the assignment's id. Also learner bob of c1, and learner cy, in no
    class."""
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MJLEARN_DB", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    if request.param == "sqlite":
        path = tmp_path / "progress.db"
        with Classroom(path=path, user="wang") as t:
            t.create("c1")
            t.add("c1", ["ann", "bob"])
            aid = t.assign("c1", SET, due="2099-03-01")
        return (lambda who: Classroom(path=path, user=who)), aid
    url = request.getfixturevalue("pg_db")
    from mjlearn import db

    with Classroom(url=url) as owner:
        owner.create("c1", teachers=["wang"])
        owner.add("c1", ["ann", "bob"])
        aid = owner.assign("c1", SET, due="2099-03-01")
    db.add_learner(url, "cy")
    return (lambda who: Classroom(url=role_url(url, who))), aid


def test_the_list_shows_title_due_date_and_how_far_along(klass):
    room, aid = klass
    with room("ann") as ann:
        _answer(ann, aid, range(4))
        lst = AssignmentList(ann)
        (e,) = lst.entries
        assert (e.done_count, e.size, e.state) == (4, 10, "started")
        html = lst._repr_mimebundle_()["text/html"]
        assert "Week 1" in html and "2099-03-01" in html and "answered 4 of 10" in html
        assert "已答 4 题，共 10 题" in html
        assert (aid, "open") in lst.buttons and lst.buttons[(aid, "open")].description == "继续 Continue"


def test_an_assignment_opens_where_the_learner_stopped(klass):
    room, aid = klass
    with room("ann") as ann:
        qs = _answer(ann, aid, range(3))
        _answer(ann, aid, [3], right=False)  # a wrong answer counts as answered: not asked again
        lst = AssignmentList(ann)
        lst.buttons[(aid, "open")].click()
        quiz = lst.opened
        assert isinstance(quiz, AssignmentQuiz) and lst.area.children == (quiz.widget,)
        assert quiz.index == 4 and quiz.resumed_at == 4
        assert "resuming at question 5 of 10" in quiz.header.value and "从第5题继续" in quiz.header.value
        assert quiz.score_text("en") == "right first time 3 of 4"  # the earlier answers, graded again
        quiz.answer(solve(qs[4]))
        quiz.next()
        assert quiz.index == 5
    with room("ann") as ann:  # a later session: question 6
        quiz = AssignmentList(ann).open(aid)
        assert quiz.index == 5 and "resuming at question 6 of 10" in quiz.header.value


def test_a_skipped_question_is_asked_after_the_last(klass):
    room, aid = klass
    with room("ann") as ann:
        _answer(ann, aid, [0, 1, 2, 3, 5, 6, 7, 8, 9])
        quiz = AssignmentList(ann).open(aid)
        assert quiz.index == 4 and "resuming at question 5 of 10" in quiz.header.value
        assert "已答 9 题，共 10 题" in quiz.header.value
        quiz.next()  # skipped again: every other is answered, so the quiz ends
        assert "Done!" in quiz.feedback.value


def test_the_row_follows_the_answers_given_in_the_opened_quiz(klass):
    room, aid = klass
    with room("ann") as ann:
        qs = _answer(ann, aid, range(9))
        lst = AssignmentList(ann)
        quiz = lst.open(aid)
        assert quiz.index == 9 and "answered 9 of 10" in lst.rows[aid].children[-1].value
        quiz.answer(solve(qs[9]))
        quiz.next_button.click()
        assert "answered 10 of 10" in lst.rows[aid].children[-1].value and "Done!" in quiz.feedback.value
        assert set(lst.buttons) == {(aid, "review"), (aid, "redo")}
        lst.buttons[(aid, "review")].click()
        review = lst.area.children[0].value
        assert "mjlearn-svg" in review and "Your answer" in review  # tiles drawn, not JSON
        assert '["' not in review.split("Your answer")[1][:200]


def test_a_finished_assignment_offers_review_and_redo(klass):
    room, aid = klass
    with room("ann") as ann:
        qs = _answer(ann, aid, range(10))
        before = len(ann.store.rows())
        lst = AssignmentList(ann)
        assert lst.entries[0].state == "done" and "answered 10 of 10" in lst._repr_mimebundle_()["text/html"]
        assert set(lst.buttons) == {(aid, "review"), (aid, "redo")}
        lst.buttons[(aid, "review")].click()
        review = lst.area.children[0].value
        assert "Assignment done" in review and review.count("<li>") >= 10 and "Your answer" in review
        lst.buttons[(aid, "redo")].click()
        redo = lst.opened
        assert redo is not None and redo.index == 0 and "answers you handed in stay" in lst.area.children[0].value
        redo.answer(wrong_answer(qs[0], random.Random(0)))
        rows = ann.store.rows()
        assert len(rows) == before + 1 and rows[-1]["quiz"] == f"practice:{assignment_tag(aid)}"
        assert AssignmentList(ann).entries[0].state == "done"  # the handed-in answers stand


def test_a_learner_with_no_assignment_gets_a_friendly_line(klass, tmp_path):
    room, _aid = klass
    with room("cy") as cy:
        lst = AssignmentList(cy)
        bundle = lst._repr_mimebundle_()
    assert lst.entries == [] and "You have no assignments right now" in bundle["text/html"]
    assert "你现在没有作业" in bundle["text/plain"] and "Traceback" not in bundle["text/plain"]


def test_another_learners_answers_do_not_count(klass):
    room, aid = klass
    with room("ann") as ann:
        _answer(ann, aid, range(4))
    with room("bob") as bob:
        lst = AssignmentList(bob)
        assert lst.entries[0].done_count == 0 and lst.open(aid).index == 0
        assert "resuming" not in lst.opened.header.value


def test_an_assignment_not_yours_is_refused(klass):
    from mjlearn.errors import ClassError

    room, aid = klass
    with room("ann") as ann, pytest.raises(ClassError, match="not one of yours"):
        AssignmentList(ann).open(aid + 100)


def test_an_assignment_whose_quiz_set_was_removed_is_said_plainly(tmp_path):
    from mjlearn.errors import ClassError

    qs = tmp_path / "hw.json"
    qs.write_text(json.dumps({"title": "hw", "questions": [{"kind": "waits", "hand": "1112345678999m"}]}))
    with Classroom(path=tmp_path / "p.db", user="t") as t:
        t.create("c")
        t.add("c", ["ann"])
        aid = t.assign("c", str(qs))
    qs.unlink()
    with Classroom(path=tmp_path / "p.db", user="ann") as ann:
        lst = AssignmentList(ann)
        (e,) = lst.entries
        assert e.questions is None and lst.buttons == {}
        assert "The quiz set cannot be read: tell your teacher" in lst._repr_mimebundle_()["text/html"]
        with pytest.raises(ClassError, match="cannot be read"):
            lst.open(aid)


def test_answers_of_other_quizzes_and_forged_rows_do_not_count(klass):
    room, aid = klass
    with room("ann") as ann:
        qs = list(ann.quiz_set(aid))
        ann.store.record(qs[0], solve(qs[0]), grade(qs[0], solve(qs[0])), quiz="practice:all")
        rows = ann.store.rows()
    forged = [
        {"quiz": assignment_tag(aid), "question": "[" * 5000 + "]" * 5000, "answer": "1"},
        {"quiz": assignment_tag(aid), "question": json.dumps({"kind": "waits", "data": {"hand": "x"}})},
        {"quiz": assignment_tag(aid), "question": None},
    ]
    answered = answered_rows(qs, rows + forged, aid)
    assert answered == [None] * 10 and resume_index(answered) == 0


def test_retries_in_a_row_are_one_answer_and_a_repeated_question_needs_two(klass):
    room, aid = klass
    with room("ann") as ann:
        qs = list(ann.quiz_set(aid))
    twice = [qs[0], qs[1], qs[0]]
    row = {"quiz": assignment_tag(aid), "question": json.dumps(qs[0].to_dict())}
    assert resume_index(answered_rows(twice, [row, row], aid)) == 1  # a wrong try and the right one
    other = {"quiz": assignment_tag(aid), "question": json.dumps(qs[1].to_dict())}
    assert resume_index(answered_rows(twice, [row, other, row], aid)) is None


def test_the_list_in_a_fresh_interpreter_on_a_class_database(pg_db, tmp_path):
    from mjlearn import db

    with Classroom(url=pg_db) as owner:
        owner.create("c1", teachers=["wang"])
        owner.add("c1", ["ann"])
        aid = owner.assign("c1", SET, due="2000-01-01")  # already past: overdue
    db.add_learner(pg_db, "cy")
    code = (
        "from mjlearn.widgets.assignments import my_assignments\n"
        "lst = my_assignments()\n"
        "print(lst.text())\n"
        "lst.room.close()\n"
    )
    for who, expect in (("ann", f"#{aid} Week 1"), ("cy", "You have no assignments right now")):
        env = dict(os.environ, MJLEARN_DB=role_url(pg_db, who), JUPYTERHUB_USER=who, MJLEARN_DATA_DIR=str(tmp_path))
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
        assert p.returncode == 0, p.stderr
        assert expect in p.stdout and "you and your class's teachers see them" in p.stdout
    assert (
        "overdue"
        in subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=dict(os.environ, MJLEARN_DB=role_url(pg_db, "ann"), MJLEARN_DATA_DIR=str(tmp_path)),
            timeout=120,
        ).stdout
    )


@pytest.mark.parametrize(
    ("env", "setting", "says"),
    [
        ({}, "own", "only you see them"),
        ({"JUPYTERHUB_USER": "ann"}, "server", "the people who run the server"),
        ({"MJLEARN_DB": "postgresql+psycopg://ann@127.0.0.1/mjlearn"}, "class", "your class's teachers"),
        ({"MJLEARN_DB": "sqlite:////tmp/class.db"}, "class", "your class's teachers"),
    ],
)
def test_who_sees_the_answers_in_each_setting(monkeypatch, tmp_path, env, setting, says):
    for var in ("MJLEARN_DB", "JUPYTERHUB_USER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    p = who_sees_answers()
    assert p.setting == setting and says in p.en and p.zh
    assert (str(tmp_path) in p.en) == (setting in ("own", "server"))


def test_my_assignments_on_this_computer_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MJLEARN_DB", raising=False)
    lst = my_assignments("nobody")
    try:
        assert lst.entries == [] and "only you see them" in lst.text()
    finally:
        lst.room.close()


def test_the_terminal_goes_on_where_the_learner_stopped(tmp_path):
    hands = ["1112345678999m", "1112345678999p", "1112345678999s"]
    qs = tmp_path / "hw.json"
    qs.write_text(
        json.dumps({"title": "hw", "questions": [{"kind": "waits", "hand": h} for h in hands]}), encoding="utf-8"
    )
    with Classroom(path=tmp_path / "p.db", user="t") as room:
        room.create("c")
        room.add("c", ["ann"])
        aid = room.assign("c", str(qs))
    with Classroom(path=tmp_path / "p.db", user="ann") as room:
        _answer(room, aid, [0], right=False)
    env = dict(os.environ, MJLEARN_DB=f"sqlite:///{tmp_path / 'p.db'}", MJLEARN_DATA_DIR=str(tmp_path))

    def terminal(answers):
        return subprocess.run(
            [sys.executable, "-m", "mjlearn", "quiz", "--assignment", str(aid), "--user", "ann"],
            input=answers,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    p = terminal("123456789p\nq\n")  # the second question, then quit
    assert p.returncode == 0, p.stderr
    assert "resuming at question 2 of 3 / 从第2题继续" in p.stdout and "[2/3]" in p.stdout and "[1/3]" not in p.stdout
    p = terminal("123456789s\n")
    assert "resuming at question 3 of 3" in p.stdout and "[3/3]" in p.stdout
    p = terminal("")
    assert p.returncode == 0 and "Assignment #1 is done: all 3 questions answered" in p.stdout
    assert f"mjlearn quiz {qs}" in p.stdout and "作业 #1 已完成" in p.stdout
    with Classroom(path=tmp_path / "p.db", user="ann") as room:
        tags = [r["quiz"] for r in room.store.rows()]
    assert tags == [assignment_tag(aid)] * 3  # one answer each: nothing asked twice


def test_a_quiz_set_changed_after_it_was_read_is_read_again(tmp_path):
    qs = tmp_path / "hw.json"
    one = {"title": "hw", "questions": [{"kind": "waits", "hand": "1112345678999m"}]}
    qs.write_text(json.dumps(one))
    with Classroom(path=tmp_path / "p.db", user="t") as t:
        t.create("c")
        t.add("c", ["ann"])
        t.assign("c", str(qs))
    with Classroom(path=tmp_path / "p.db", user="ann") as ann:
        assert AssignmentList(ann).entries[0].size == 1
        one["questions"].append({"kind": "waits", "hand": "1112345678999p"})
        qs.write_text(json.dumps(one))
        assert AssignmentList(ann).entries[0].size == 2 and ann.assignments()[0]["questions"] == 2
