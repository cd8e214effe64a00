"""The engine's solutions of "which fans?" questions kept beside the answers: a later reading scores no
hand again, a changed engine works them out again, and a damaged or blocked file is never an error."""

from __future__ import annotations

import random

import pytest

from mjlearn.quiz import generate, grade, history, solved, wrong_answer
from mjlearn.quiz.progress import ProgressStore
from mjlearn.quiz.review import review_queue


@pytest.fixture
def store(tmp_path):
    with ProgressStore(tmp_path / "progress.db", user="ann") as s:
        for seed in (3, 4):
            q = generate("fans", seed=seed)
            a = wrong_answer(q, random.Random(seed))
            s.record(q, a, grade(q, a))
        yield s


def _fans(rq):
    return sorted((k, st.reviews, st.right) for k, st in rq.states.items() if k.startswith("fan:"))


def _no_engine(monkeypatch):
    history.expected_fans.cache_clear()
    calls = []

    def refuse(question, **context):
        calls.append(question)
        raise AssertionError("the engine was asked")

    monkeypatch.setattr(history, "solve", refuse)
    monkeypatch.setattr(history, "_score_mcr", refuse)  # how "which fans?" hands are scored
    return calls


def test_a_later_reading_scores_no_hand_again(store, monkeypatch):
    first = _fans(review_queue(store))
    assert first and (store.path.parent / solved.FILE).is_file()
    calls = _no_engine(monkeypatch)
    assert _fans(review_queue(store)) == first and calls == []


def test_a_changed_engine_works_the_solutions_out_again(store, monkeypatch):
    first = _fans(review_queue(store))
    calls = _no_engine(monkeypatch)
    monkeypatch.setattr(solved, "engine_stamp", lambda: "another engine")
    rq = review_queue(store)  # the engine is asked (and refuses here): the rows are reported, not wrong items
    assert len(calls) == 2 and [r.damage for r in rq.damage] == ["question_unreadable"] * 2
    monkeypatch.undo()
    history.expected_fans.cache_clear()
    assert _fans(review_queue(store)) == first


@pytest.mark.parametrize("how", ["garbage", "folder"])
def test_a_damaged_or_blocked_file_is_never_an_error(store, how):
    path = store.path.parent / solved.FILE
    if how == "garbage":
        path.write_bytes(b"not a database at all" * 100)
    else:
        path.mkdir()
    history.expected_fans.cache_clear()
    rq = review_queue(store)
    assert _fans(rq) and not rq.damage
    assert store.view().summary["total"] == 2
