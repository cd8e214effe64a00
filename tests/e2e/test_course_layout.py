"""Every course notebook, run in JupyterLab in a 1,400 x 1,000 window: nothing wider than the notebook.

Each notebook is opened in its own page, every cell is run, and then every output and markdown cell
is measured: an element whose content is wider than its box (a horizontal scroll bar, or content cut
off) fails the test, naming the cell. The pages are saved screen by screen under
``tests/e2e/screens/NOTEBOOK/`` (not committed) for a person to look at.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SCREENS = Path(__file__).parent / "screens"

pytestmark = pytest.mark.e2e

MEASURE = """() => {
  const panel = window.jupyterapp.shell.currentWidget.node;
  const box = panel.querySelector('.jp-Notebook').getBoundingClientRect();
  const out = [];
  const cells = [...panel.querySelectorAll('.jp-Notebook .jp-Cell')];
  cells.forEach((cell, i) => {
    for (const el of cell.querySelectorAll('.jp-OutputArea-output, .jp-MarkdownOutput')) {
      const wide = el.scrollWidth - el.clientWidth;
      if (wide > 2) out.push({cell: i, what: 'content ' + el.scrollWidth + ' px in a box of ' + el.clientWidth + ' px'});
      for (const child of el.querySelectorAll('*')) {
        const r = child.getBoundingClientRect();
        if (r.width > 0 && r.right > box.right + 2) {
          out.push({cell: i, what: child.tagName.toLowerCase() + '.' + (child.className.baseVal ?? child.className)
                    + ' ends at ' + Math.round(r.right) + ' px, the notebook at ' + Math.round(box.right)});
          break;
        }
      }
    }
  });
  return out;
}"""


@pytest.fixture(scope="module")
def course_lab(lab):
    """The session's JupyterLab serving the whole course, cells rendered all at once (no windowing)."""
    for nb in NOTEBOOKS:
        shutil.copy(nb, lab.root / nb.name)
    for folder in ("quiz_sets", "recorded"):  # the files the lessons read (a quiz set, a recorded hand)
        if (ROOT / "notebooks" / folder).is_dir():
            shutil.copytree(ROOT / "notebooks" / folder, lab.root / folder, dirs_exist_ok=True)
    tracker = lab.root.parent / "settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return lab


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_nothing_wider_than_the_notebook(path, course_lab, browser_context, tmp_path):
    page = browser_context.new_page()
    page.set_default_timeout(120_000)
    try:
        page.goto(course_lab.url(f"lab/workspaces/layout-{path.stem}/tree/{path.name}"))
        page.wait_for_function(
            "window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.sessionContext"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        # every code cell has run once its prompt shows a number (none left as [*] or [ ])
        page.wait_for_function(
            """() => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            const code = nb.widgets.filter(c => c.model.type === 'code');
            return code.every(c => c.model.executionCount !== null)
                && nb.widgets.every(c => !c.node.querySelector('.jp-InputArea-prompt')
                                         || !c.node.querySelector('.jp-InputArea-prompt').textContent.includes('*'));
        }""",
            polling=500,
        )
        page.wait_for_timeout(1500)  # widgets draw after their comm opens
        problems = page.evaluate(MEASURE)
        _save_screens(page, path.stem)
    finally:
        page.close()
    assert not problems, "\n".join(f"cell {p['cell']}: {p['what']}" for p in problems)


def _save_screens(page, stem: str) -> None:
    folder = SCREENS / stem
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    scroller = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"
    height = page.evaluate(f"document.querySelector('{scroller}').scrollHeight")
    step = 900
    for n, top in enumerate(range(0, max(height, 1), step)):
        page.evaluate(f"document.querySelector('{scroller}').scrollTop = {top}")
        page.wait_for_timeout(150)
        page.screenshot(path=str(folder / f"{n:02d}.png"))
        if n >= 60:
            break
