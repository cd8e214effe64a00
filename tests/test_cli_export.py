"""``mjlearn export``: a lesson as a static page in which every widget shows its tiles and results."""

import subprocess
import sys

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook


def test_exported_page_draws_the_widgets(tmp_path):
    nb = new_notebook(
        cells=[
            new_markdown_cell("# 一手牌 · A hand"),
            new_code_cell(
                "from mjlearn.widgets import HandView, WaitsView\nHandView('[123m,2][EEE,3][5555p]456s9s+9s')"
            ),
            new_code_cell("WaitsView('1112345678999m')"),
        ]
    )
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    src = tmp_path / "lesson.ipynb"
    nbformat.write(nb, src)
    out = subprocess.run(
        [sys.executable, "-m", "mjlearn", "export", str(src), "--out-dir", str(tmp_path / "html")],
        capture_output=True,
        text=True,
        timeout=300,
        env={**__import__("os").environ, "MJLEARN_DATA_DIR": str(tmp_path / "data")},
    )
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "html" / "lesson.html").read_text(encoding="utf-8")
    assert page.count("<svg") >= 14 + 13  # the hand's tiles and the waiting hand's
    assert '<script type="application/vnd.jupyter.widget-view+json">' not in page  # no empty live-widget box
    assert "9s" in page and "object at 0x" not in page


def test_a_missing_notebook_is_one_line(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "mjlearn", "export", str(tmp_path / "nope.ipynb")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2
    assert "no notebook at" in out.stderr and "Traceback" not in out.stderr
