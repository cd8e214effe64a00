"""A hint never tells the learner what they already chose: after a tile of the right suit, the hint
is not the suit; after a tile of the right rank, not the rank."""

from __future__ import annotations

import pytest

from mjlearn.quiz import Question
from mjlearn.quiz.core import hint
from mjlearn.tiles import Tile

pytest.importorskip("ipywidgets")
from mjlearn.quiz.widget import QuizWidget


def _name(tile: str, options: list[str]) -> Question:
    return Question("tile_name", {"tile": tile, "options": options}, ("这张牌叫什么？", "What is this tile called?"))


def test_a_wrong_rank_of_the_right_suit_is_not_hinted_the_suit():
    q = _name("5p", ["3p", "5p", "5m", "6p"])
    w = QuizWidget([q], record=False)
    w.answer("3p")
    shown = w.feedback.value
    assert "data-correct='retry'" in shown
    assert "Look at the suit" not in shown and "先看花色" not in shown, shown
    assert "rank is 5" in shown  # what the learner did not know yet
    w.show_hint()  # the next hint is not the suit either
    assert "Look at the suit" not in w.feedback.value


def test_the_right_rank_of_a_wrong_suit_is_hinted_the_suit_not_the_rank():
    q = _name("5p", ["3p", "5p", "5m", "6p"])
    w = QuizWidget([q], record=False)
    w.answer("5m")
    assert "Look at the suit first: it is a Dots tile" in w.feedback.value
    w.show_hint()
    assert "rank is 5" not in w.feedback.value


def test_without_an_answer_every_hint_is_given():
    q = _name("5p", ["3p", "5p", "5m", "6p"])
    assert hint(q, 0)[1].startswith("Look at the suit") and "rank is 5" in hint(q, 1)[1]
    assert Tile("5p").rank == 5
