"""A typed answer's box: its instruction said once (under the box, both languages), not also as the
box's placeholder."""

from __future__ import annotations

import pytest

from mjlearn.quiz import KINDS, generate
from mjlearn.quiz.core import get_kind

pytest.importorskip("ipywidgets")
from mjlearn.quiz.widget import QuizWidget

TYPED = sorted(k for k, kind in KINDS.items() if kind.answer not in ("choice", "choices"))


@pytest.mark.parametrize("kind", TYPED)
def test_the_typing_instruction_is_said_once(kind):
    w = QuizWidget([generate(kind, seed=1)], record=False)
    zh, en = get_kind(kind).answer_help
    shown = [c.value for c in w.box.children[1:]] + [w.input.placeholder]
    assert sum(s.count(en) for s in shown) == 1, shown
    assert sum(s.count(zh) for s in shown) == 1, shown
    assert en not in w.input.placeholder and zh not in w.input.placeholder
