"""What a beginner met in the quizzes (session 22): answers in natural words, bilingual messages,
questions that do not give themselves away or repeat, controls that show every option."""

import re

import pytest

from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.core import get_kind


@pytest.mark.parametrize("typed,legal,total", [
    ("能 20", True, 20), ("能20", True, 20), ("可以 3分", True, 3), ("yes, 12", True, 12), ("和 7", True, 7),
    ("不能", False, 0), ("不可以", False, 0), ("不和", False, 0), ("否", False, 0), ("no", False, 0),
    ("No", False, 0), ("cannot", False, 0)])
def test_yes_and_no_in_chinese_and_english_are_read(typed, legal, total):
    q = generate("regional", seed=1)
    assert get_kind("regional").normalize(q.data, typed) == {"legal": legal, "total": total}


@pytest.mark.parametrize("kind,typed", [("regional", "嗯"), ("regional", "12"), ("regional", "能"),
                                        ("shanten", "abc"), ("mcr_total", "八"), ("wall_break", "12"),
                                        ("waits", "xyz")])
def test_an_unreadable_answer_is_explained_in_both_languages_without_field_names(kind, typed):
    g = grade(generate(kind, seed=1), typed)
    assert not g.correct and len(g.explanation) == 1
    zh, en = g.explanation[0]
    assert zh.startswith("无法理解这个答案：") and en.startswith("Could not read this answer: ")
    assert re.search(r"[\u4e00-\u9fff]", zh) and not re.search(r"[\u4e00-\u9fff]", en.replace(typed, ""))
    zh, en = zh.removeprefix("无法理解这个答案："), en.removeprefix("Could not read this answer: ")
    for internal in ("legal:", "answer:", "stack:", "wall:", "total:", "expected"):
        assert internal not in zh and internal not in en
    assert en.count("e.g.") == 1 and "如" in zh       # one example of a valid answer


def test_the_widget_shows_the_same_bilingual_message():
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz.widget import QuizWidget
    w = QuizWidget([generate("regional", seed=1)], record=False)
    w.input.value = "嗯 20"
    assert w.check() is None
    html = w.feedback.value
    assert "data-correct='invalid'" in html and "无法理解这个答案" in html and "Could not read this answer" in html
    assert "legal:" not in html
    w.input.value = "能 20"
    assert w.check() is not None            # read: graded right or wrong
