"""The teacher's report grades every answer again, solving each question once: a question answered by the
whole class is solved once per report, a later report solves only questions it has not seen (their
solutions are kept in the teacher's data folder, stamped with the engine), and the verdict without the
explanation is always the one grade() gives."""

from __future__ import annotations

import json
import random

import pytest

from mjlearn.db.regrade import check_rows
from mjlearn.quiz import KINDS, core, generate, grade, solve, solved, wrong_answer
from mjlearn.quiz.core import Question


def _row(rid, user, q, answer, correct, quiz="practice:all"):
    return {
        "id": rid,
        "at": 1.78e9 + rid,
        "user": user,
        "quiz": quiz,
        "kind": q.kind,
        "topic": q.topic,
        "seed": q.seed,
        "difficulty": q.difficulty,
        "question": json.dumps(q.to_dict()),
        "answer": json.dumps(answer),
        "correct": correct,
        "score": float(correct),
        "hints": 0,
        "retries": 0,
        "seconds": 3.0,
    }


@pytest.fixture
def solves(monkeypatch):
    """Every question the engine solves, by kind and seed."""
    asked = []
    for name, kind in KINDS.items():

        def spy(data, _solve=kind.solve, _name=name):
            asked.append((_name, json.dumps(data, sort_keys=True)))
            return _solve(data)

        monkeypatch.setattr(kind, "solve", spy)
    return asked


def _class_rows():
    """Six learners answering the same claim and discard questions (right, wrong, and wrong recorded
    right), as an assignment's questions are answered by a whole class."""
    rows, rid = [], 0
    for kind in ("claim", "discard"):
        q = generate(kind, seed=11, difficulty=2)
        for k, user in enumerate(["ann", "bo", "chen", "dana", "eli", "fang"]):
            rid += 1
            a = solve(q) if k % 3 == 0 else wrong_answer(q, random.Random(k))
            rows.append(_row(rid, user, q, a, 1 if k % 3 != 1 else 0))
    return rows


def test_a_question_answered_by_the_whole_class_is_solved_once(solves):
    """The report graded each answer on its own (main: 6 solves of each question, 3 of them for its 2
    distinct wrong answers and the right one): now 1 solve per question."""
    rows = _class_rows()
    solves.clear()
    out = check_rows(rows)
    assert sorted(k for k, _ in solves) == ["claim", "discard"]
    assert [r["flag"] is not None for r in out.answers] == [k % 3 == 2 for k in range(6)] * 2
    assert sum(r["correct"] for r in out.answers) == 4 and not out.damaged


def test_a_later_report_solves_no_question_again_and_still_flags(tmp_path, solves):
    """A new answer to a question an earlier report saw is compared with the kept solution (main kept
    verdicts per answer and solved the question again for every new answer)."""
    rows = _class_rows()
    first = check_rows(rows[:3], cache=tmp_path)
    assert (tmp_path / solved.FILE).is_file() and not first.damaged
    solves.clear()
    again = check_rows(rows, cache=tmp_path)
    assert [k for k, _ in solves] == ["discard"]  # the claim question was kept; the discard one is new
    solves.clear()
    forged = dict(rows[1], id=99, correct=1)  # a wrong answer now recorded right
    last = check_rows(rows + [forged], cache=tmp_path)
    assert solves == []
    assert [(r["id"], r["flag"]) for r in last.answers if r["flag"]][-1] == (
        99,
        "recorded right, graded wrong again / 记录为答对，重新判分为答错",
    )
    assert [r["correct"] for r in last.answers[:-1]] == [r["correct"] for r in again.answers]


def test_a_changed_engine_solves_again(tmp_path, solves, monkeypatch):
    rows = _class_rows()
    check_rows(rows, cache=tmp_path)
    solves.clear()
    monkeypatch.setattr(solved, "package_stamp", lambda: "another engine")
    check_rows(rows, cache=tmp_path)
    assert sorted(k for k, _ in solves) == ["claim", "discard"]


def test_a_kept_solution_cannot_be_planted_by_a_learner(tmp_path):
    """Solutions are kept under the text of the question the report grades against: a learner's
    practice question that claims another question's solution is still solved from its own data."""
    q = generate("waits", seed=4)
    other = generate("waits", seed=5)
    assert solve(q) != solve(other)
    honest = check_rows([_row(1, "ann", q, solve(q), 1)], cache=tmp_path)
    assert honest.answers[0]["correct"] == 1
    planted = check_rows([_row(2, "ann", other, solve(q), 1)], cache=tmp_path)
    assert planted.answers[0]["flag"] == "recorded right, graded wrong again / 记录为答对，重新判分为答错"


@pytest.mark.parametrize("how", ["garbage", "folder", "entry"])
def test_a_damaged_or_blocked_solutions_file_is_never_an_error(tmp_path, how):
    rows = _class_rows()
    path = tmp_path / solved.FILE
    if how == "garbage":
        path.write_bytes(b"not a database at all" * 100)
    elif how == "folder":
        path.mkdir()
    else:  # a kept solution that is not JSON: solved again
        check_rows(rows, cache=tmp_path)
        import sqlite3

        with sqlite3.connect(path) as c:
            c.execute("UPDATE solutions SET solution = '{not json'")
    out = check_rows(rows, cache=tmp_path)
    assert sum(r["correct"] for r in out.answers) == 4 and not out.damaged
    assert sum(1 for r in out.answers if r["flag"]) == 4


def test_an_unsolvable_question_is_a_damaged_row_for_each_of_its_answers(tmp_path):
    q = generate("claim", seed=3)
    broken = Question(q.kind, dict(q.data, at=1), q.prompt, q.seed, q.difficulty)  # event 1 is no discard
    rows = [_row(1, "ann", broken, "S", 1), _row(2, "bo", broken, "N", 0), _row(3, "bo", q, solve(q), 1)]
    out = check_rows(rows, cache=tmp_path)
    assert [d["id"] for d in out.damaged] == [1, 2]
    assert all("QuizError" in d["problem"] and "引擎" in d["problem"] for d in out.damaged)
    assert [r["id"] for r in out.answers] == [3] and out.answers[0]["correct"] == 1


def _answers(q, rng):
    s = solve(q)
    out = [s, json.loads(json.dumps(s))]
    for _ in range(3):
        out.append(wrong_answer(q, rng))
    return out + ["??", 7, None, [], {"wall": "X"}]


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_verdict_is_always_the_grade(kind):
    """verdict() with the solution as kept (JSON) says what grade() says, for right, wrong and malformed
    answers, at every difficulty."""
    rng = random.Random(kind)
    for difficulty in (1, 2, 3):
        for seed in range(6 if kind == "claim" else 12):
            q = generate(kind, seed=seed, difficulty=difficulty)
            kept = json.loads(json.dumps(core._jsonable(solve(q))))
            for a in _answers(q, rng):
                try:
                    want = grade(q, a).correct
                except Exception as e:
                    with pytest.raises(type(e)):
                        core.verdict(q, a, kept)
                    continue
                assert core.verdict(q, a, kept) is want, (kind, seed, difficulty, a)


def test_every_kind_takes_its_check_from_its_verdict(monkeypatch):
    """check() and verdict() cannot drift apart: a kind's check says right exactly when its verdict does."""
    for name, kind in KINDS.items():
        q = generate(name, seed=2)
        s = solve(q)
        answer = kind.normalize(q.data, s)
        for said in (True, False):
            monkeypatch.setattr(kind, "verdict", lambda data, a, sol, _said=said: _said)
            assert kind.check(q.data, answer, s).correct is said, name
            monkeypatch.undo()
