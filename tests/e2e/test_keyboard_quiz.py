"""A quiz answered with the keyboard alone in JupyterLab (Chromium): Tab to the answer box, type,
Enter checks; Tab to Check, Enter; Tab to Next; arrows pick a radio button. The live region says each
question and each verdict (the engine's own words), and the answers are recorded as clicked ones are."""

from __future__ import annotations

import json

import pytest
from keyboard_helpers import focused, open_notebook, tab_until

from mjlearn.quiz import grade, parse_quiz_set
from mjlearn.quiz.progress import ProgressStore
from mjlearn.render.faces import tile_label

pytestmark = pytest.mark.e2e

HAND = "1112345678999m"  # nine gates: waits on every character


def _source(data_dir) -> str:
    return (
        "import os\n"
        f"os.environ['MJLEARN_DATA_DIR'] = {str(data_dir)!r}\n"
        "from mjlearn.quiz import parse_quiz_set\n"
        "qs = parse_quiz_set({'title': 'keyboard', 'questions': [\n"
        f"    {{'kind': 'waits', 'hand': {HAND!r}}},\n"
        "    {'kind': 'tile_name', 'tile': 'E', 'options': ['S', 'E', 'W', 'N']}]})\n"
        "w = qs.widget()\n"
        "w"
    )


def _said_after(page, before: int) -> str:
    """The live region's words once it has said something new."""
    page.wait_for_function(
        "n => { const r = document.querySelector('.mjlearn-quiz-live');"
        " return r && Number(r.dataset.said || 0) > n && r.textContent; }",
        arg=before,
    )
    return page.evaluate("document.querySelector('.mjlearn-quiz-live').textContent")


def _said_count(page) -> int:
    return page.evaluate("Number(document.querySelector('.mjlearn-quiz-live')?.dataset.said || 0)")


def test_answer_a_quiz_by_keyboard(browser_context, lab, tmp_path):
    data_dir = tmp_path / "data"
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    try:
        open_notebook(page, lab, "keyboard_quiz", _source(data_dir))
        quiz = page.locator(".mjlearn-quiz").first
        quiz.wait_for()
        page.locator(".mjlearn-quiz-live").wait_for(state="attached")
        # Tab into the answer box, type a wrong answer, Enter checks it
        tab_until(page, lambda f: f.get("inQuiz") and f.get("type") == "text")
        page.keyboard.type("1m 4m 7m")
        n = _said_count(page)
        page.keyboard.press("Enter")
        said = _said_after(page, n)
        fb = quiz.locator(".mjlearn-quiz-feedback").first
        assert fb.get_attribute("data-correct") == "retry"
        assert said.startswith("还不对，再试一次。 Not yet: try again.") and "Try each tile" in said
        # correct it: the box keeps the focus; then Tab to Check and Enter
        for _ in range(len("1m 4m 7m")):
            page.keyboard.press("Backspace")
        page.keyboard.type("123456789m")
        tab_until(page, lambda f: "mjlearn-quiz-check" in f.get("cls", ""), limit=5)
        n = _said_count(page)
        page.keyboard.press("Enter")
        said = _said_after(page, n)
        assert quiz.locator(".mjlearn-quiz-feedback").first.get_attribute("data-correct") == "true"
        assert said.startswith("改对了！ Correct now (try 2).") and "Waits on 123456789m" in said
        # on to the next question: Check is now disabled, so Tab goes on to Hint, Reveal, Next
        tab_until(page, lambda f: "mjlearn-quiz-next" in f.get("cls", ""), limit=6)
        page.keyboard.press("d")  # JupyterLab's "d d" (delete the cell) is not the quiz's
        page.keyboard.press("d")
        assert page.locator(".mjlearn-quiz").count() == 1 and "mjlearn-quiz-next" in focused(page)["cls"]
        n = _said_count(page)
        page.keyboard.press("Enter")
        said = _said_after(page, n)
        # the question, then what its tile's picture shows (its name would be the answer)
        assert said == "Question 2 of 2: What is this tile called? 第 2 题，共 2 题：这张牌叫什么？ " + tile_label("E")
        # the radio buttons: back into the group (Reveal, Hint, Check, then the choices), arrows choose
        for _ in range(6):
            if focused(page).get("type") == "radio":
                break
            page.keyboard.press("Shift+Tab")
        checked = quiz.locator("input[type=radio]:checked")
        for _ in range(5):  # the arrows move round the choices, checking each
            if checked.count() and "East" in checked.first.evaluate("r => r.closest('label').textContent"):
                break
            page.keyboard.press("ArrowDown")
        assert "东风 East Wind" in checked.first.evaluate("r => r.closest('label').textContent")
        tab_until(page, lambda f: "mjlearn-quiz-check" in f.get("cls", ""), limit=5)
        n = _said_count(page)
        page.keyboard.press("Enter")
        said = _said_after(page, n)
        q = parse_quiz_set(
            {"title": "t", "questions": [{"kind": "tile_name", "tile": "E", "options": ["S", "E", "W", "N"]}]}
        )
        g = grade(q.questions[0], "E")
        assert g.correct and said.startswith("正确！ Correct!") and "East Wind" in said
    finally:
        page.close()
    with ProgressStore(data_dir / "progress.db") as s:
        rows = s.rows(all_users=True)
    assert [r["correct"] for r in rows] == [0, 1, 1]  # the wrong try, its correction, the tile named
    assert json.loads(rows[0]["answer"]) == ["1m", "4m", "7m"] and json.loads(rows[2]["answer"]) == "E"
