"""A learner who comes back to the JupyterLite site: only the lesson on show starts its Python.

JupyterLab keeps the notebooks a learner had open in the browser's storage and opens them all again
when the page is loaded. The site is built, served and opened as in test_lite_browser.py (its
fixtures, imported: a fresh Chromium profile that reaches 127.0.0.1 only). In that one profile a
learner opens three lessons one after another (each from its address, as a link opens it), writes a
line into one of them that is in a background tab without saving it (JupyterLab's own autosave
stores it in the browser), then reloads the page on the third. Counted after the reload: the kernels
the page's service manager runs and the page's web workers (each Pyodide kernel is one): only the
notebook on show has one. Printed: the time until ``import mjlearn`` is answered in the lesson on
show after the reload, beside the same time for the first lesson opened in the fresh profile. The
loading banner (mjlearn.lite.progress) goes once that lesson's Python is ready. The
other two lessons are still open in their tabs; the learner's line is still in its notebook; a
background lesson starts its Python when the learner clicks its tab, runs all its cells and draws
its widgets (the hand editor of lesson 05: ipywidgets and anywidget on a kernel started late).
"""

from __future__ import annotations

import time

import pytest
from test_lite_browser import (  # noqa: F401  (offline, served, site: fixtures)
    _ERRORS,
    _EXECUTE,
    _READY,
    _open,
    _run_all,
    offline,
    served,
    site,
)

from mjlearn.lite.progress import BANNER_ID

pytestmark = pytest.mark.e2e

# opened in this order; the page is reloaded on the last, so the first two are in background tabs
LESSONS = ["05_hand_editor.ipynb", "02_the_wall_and_the_deal.ipynb", "01_tiles_and_notation.ipynb"]
EDITED = LESSONS[1]
NOTE = "# 我的笔记 my own note, never saved by hand"

# every notebook open in the lab's main area: its path and its kernel's status (null: no kernel)
_TABS = """() => [...window.jupyterapp.shell.widgets('main')].filter(w => w.sessionContext)
  .map(w => ({path: w.context.path, ready: w.context.isReady,
              kernel: w.sessionContext.session && w.sessionContext.session.kernel
                      ? w.sessionContext.session.kernel.status : null}))"""

_KERNELS = "() => [...window.jupyterapp.serviceManager.kernels.running()].length"

_ALL_LOADED = f"(n) => ({_TABS})().length === n && ({_TABS})().every(t => t.ready)"

# the learner's line, as the open notebook holds it and as the browser's storage holds it
_HOLDS = """(a) => [...window.jupyterapp.shell.widgets('main')].some(w => w.context && w.context.path === a.path
  && w.context.model.sharedModel.cells.some(c => c.getSource().includes(a.note)))"""
_STORED = """async (a) => JSON.stringify(
  (await window.jupyterapp.serviceManager.contents.get(a.path, {content: true})).content).includes(a.note)"""

_SHOWN = "() => { const w = window.jupyterapp.shell.currentWidget; return w && w.context ? w.context.path : null; }"

AUTOSAVE_WAIT_S = 200  # JupyterLab autosaves a changed notebook every 120 s by default


def _select(page, name: str) -> None:
    """Click the notebook's tab, as the learner does."""
    page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=name).first.click()
    page.wait_for_function(f"() => ({_SHOWN})() === {name!r}")


def _write_a_line(page, name: str) -> None:
    """Select the notebook, type a line at the end of its first code cell, go back to the lesson on show."""
    shown = page.evaluate(_SHOWN)
    _select(page, name)
    editor = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .cm-content").first
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(NOTE)
    page.keyboard.press("Escape")
    assert page.evaluate(_HOLDS, {"path": name, "note": NOTE})
    _select(page, shown)


def test_coming_back_starts_only_the_lesson_on_show(offline):
    dialogs: list[str] = []
    page, _, first = _open(offline, LESSONS[0])  # the first lesson, in a fresh profile
    for name in LESSONS[1:]:  # each next lesson from its address, in a new page; the earlier page is closed
        page.close()
        page, _, _ = _open(offline, name)
    page.on("dialog", lambda d: (dialogs.append(d.type), d.accept()))
    try:
        _write_a_line(page, EDITED)
        deadline = time.monotonic() + AUTOSAVE_WAIT_S
        while not page.evaluate(_STORED, {"path": EDITED, "note": NOTE}):
            assert time.monotonic() < deadline, "the learner's line was not stored in the browser"
            page.wait_for_timeout(2000)

        workers: list[str] = []
        page.on("worker", lambda w: workers.append(w.url))
        shown = LESSONS[-1]
        t0 = time.monotonic()
        page.reload()
        page.wait_for_function(_READY.format(path=shown))
        got = page.evaluate(_EXECUTE, "import mjlearn, sys; print(mjlearn.__version__, sys.platform)")
        again = time.monotonic() - t0
        assert got.split()[-1] == "emscripten", got
        # every restored notebook has loaded; a kernel each would have started by now (they start
        # as their notebook loads, the one on show among them): wait on, then count
        page.wait_for_function(_ALL_LOADED, arg=len(LESSONS))
        page.wait_for_timeout(8000)
        tabs = page.evaluate(_TABS)
        kernels = page.evaluate(_KERNELS)
        print(
            f"\nfirst lesson in a fresh profile: import mjlearn answered {first:.1f} s; "
            f"after the reload with {len(LESSONS)} lessons open: {again:.1f} s; "
            f"kernels {kernels}, web workers {len(page.workers)} (started since the reload: {len(workers)})"
        )
        assert sorted(t["path"] for t in tabs) == sorted(LESSONS), tabs  # the tabs are all back
        assert {t["path"]: t["kernel"] is not None for t in tabs} == {n: n == shown for n in LESSONS}, tabs
        assert kernels == 1 and len(page.workers) == 1, (kernels, [w.url for w in page.workers])
        # the loading banner waits for the lesson on show only: it says Python is ready, then goes
        page.wait_for_function(f"() => document.getElementById({BANNER_ID!r}).className === ''", timeout=50_000)

        # the line the learner wrote is in its notebook, before and after its Python starts
        assert page.evaluate(_HOLDS, {"path": EDITED, "note": NOTE})
        for name in LESSONS[:-1]:  # each background lesson starts its Python when its tab is clicked
            t0 = time.monotonic()
            _select(page, name)
            page.wait_for_function(_READY.format(path=name))
            got = page.evaluate(_EXECUTE, "import mjlearn; print(mjlearn.__name__)")
            assert got.strip() == "mjlearn", got
            print(f"tab {name} clicked: import mjlearn answered {time.monotonic() - t0:.1f} s later")
        assert page.evaluate(_HOLDS, {"path": EDITED, "note": NOTE})
        assert page.evaluate(_KERNELS) == len(LESSONS)

        _select(page, LESSONS[0])  # the hand editor's widgets on a kernel started late
        _run_all(page)
        assert page.evaluate(_ERRORS) == []
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .mj-root:has(.mj-editor)").first.wait_for()
        assert offline.outside == [], offline.outside
    finally:
        page.close()
