"""A quiz question keeps its retry: the right answer after a wrong one is read and graded right, and
an answer the engine cannot read is no try (the learner is told why and tries again)."""

from __future__ import annotations

import pytest

from mjlearn.quiz import KINDS, generate, solve, wrong_answer
from mjlearn.quiz.core import QuizError, get_kind

pytest.importorskip("ipywidgets")
from mjlearn.quiz.widget import QuizWidget


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_write_notation_right_after_a_wrong_try_is_graded_right(seed):
    q = generate("write_notation", seed=seed)
    w = QuizWidget([q], record=False)
    w.input.value = "1z" if solve(q) != "1z" else "2z"  # a real tile, the wrong one
    assert w.check().correct is False
    assert "data-correct='retry'" in w.feedback.value
    w.input.value = solve(q)
    g = w.check()
    assert g is not None and g.correct, w.feedback.value
    assert "is not a tile" not in w.feedback.value
    assert w.solved == [True]


def test_write_notation_right_at_the_first_try_is_graded_right():
    q = generate("write_notation", seed=4)
    w = QuizWidget([q], record=False)
    w.input.value = solve(q)
    assert w.check().correct and w.results[0].correct


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_answer_read_once_reads_the_same_again(kind):
    """The widget reads a typed answer, then grades it (which reads it again): reading must not
    change an answer already read."""
    k = get_kind(kind)
    for seed in (1, 2):
        q = generate(kind, seed=seed)
        for answer in (solve(q), wrong_answer(q)):
            try:
                once = k.normalize(q.data, answer)
            except QuizError:
                continue
            assert k.normalize(q.data, once) == once, (kind, seed, answer)


def test_an_unreadable_answer_after_a_wrong_try_keeps_the_question_open():
    q = generate("discard", seed=12)
    w = QuizWidget([q], record=False)
    wrong = wrong_answer(q)
    assert w.answer(wrong).correct is False  # the first, wrong, try
    w.answer("this is no tile")  # unreadable: told why, not counted
    assert "data-correct='invalid'" in w.feedback.value
    assert "Could not read this answer" in w.feedback.value
    assert w.attempts == [1] and not w.check_button.disabled
    g = w.answer(solve(q))  # the retry is still there
    assert g.correct and w.solved == [True]


def test_an_unreadable_first_answer_is_no_try():
    q = generate("discard", seed=12)
    w = QuizWidget([q], record=False)
    w.answer("this is no tile")
    assert w.attempts == [0] and w.results == [None] and not w.check_button.disabled
    assert "Could not read this answer" in w.feedback.value
