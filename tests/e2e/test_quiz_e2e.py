"""A quiz answered in JupyterLab through Chromium: type an answer, click Check, read the engine's
feedback, and find the answer recorded in the progress database."""

from __future__ import annotations

import json

import nbformat
import pytest

pytestmark = pytest.mark.e2e

HAND = "1112345678999m"  # nine gates: waits on every character


def _write_notebook(root, data_dir):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import os\n"
            f"os.environ['MJLEARN_DATA_DIR'] = {str(data_dir)!r}\n"
            "from mjlearn.quiz import parse_quiz_set\n"
            "qs = parse_quiz_set({'title': 'e2e', 'questions': [\n"
            f"    {{'kind': 'waits', 'hand': {HAND!r}}}, {{'kind': 'tile_name', 'tile': 'E'}}]}})\n"
            "w = qs.widget()\n"
            "w"
        )
    ]
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    nbformat.write(nb, root / "quiz_e2e.ipynb")


def test_answer_a_quiz_and_see_the_feedback(browser_context, lab, tmp_path):
    data_dir = tmp_path / "data"
    _write_notebook(lab.root, data_dir)
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    try:
        # reset: start from an empty workspace, so the notebooks earlier tests opened in this
        # server are not restored and the quiz notebook is the current widget
        page.goto(lab.url("lab/tree/quiz_e2e.ipynb") + "&reset")
        page.wait_for_function(
            "window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.context"
            " && window.jupyterapp.shell.currentWidget.context.path === 'quiz_e2e.ipynb'"
            " && window.jupyterapp.shell.currentWidget.sessionContext"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        quiz = page.locator(".mjlearn-quiz").first
        quiz.wait_for()
        # a wrong answer first: not the solution yet, "not yet" and a hint, to try again
        box = quiz.locator("input[type=text]").first
        box.fill("1m 4m 7m")
        quiz.locator(".mjlearn-quiz-check").first.click()
        fb = quiz.locator(".mjlearn-quiz-feedback").first
        fb.wait_for()
        assert fb.get_attribute("data-correct") == "retry"
        text = fb.inner_text()
        assert "Not yet" in text and "再试" in text and "Missed 2m" not in text
        # then the right answer
        box.fill("123456789m")
        quiz.locator(".mjlearn-quiz-check").first.click()
        page.wait_for_function(
            "() => { const f = document.querySelector('.mjlearn-quiz-feedback');"
            " return f && f.dataset.correct === 'true'; }"
        )
        assert "Correct" in quiz.locator(".mjlearn-quiz-feedback").first.inner_text()
    finally:
        page.close()
    from mjlearn.quiz.progress import ProgressStore

    with ProgressStore(data_dir / "progress.db") as s:
        rows = s.rows(all_users=True)
    assert len(rows) == 2  # each try: the wrong one first, then the correction (one corrected attempt)
    assert rows[0]["correct"] == 0 and json.loads(rows[0]["answer"]) == ["1m", "4m", "7m"]
    assert rows[1]["correct"] == 1
