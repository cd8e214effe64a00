"""The hand editor with the keyboard alone in JupyterLab (Chromium): the palette is one tab stop whose
arrows move along a suit and Up/Down between suits, Enter adds the tile; the hand is one tab stop too,
Enter takes a tile out. The notation and the engine's verdict follow as they do for clicks."""

from __future__ import annotations

import nbformat
import pytest

pytestmark = pytest.mark.e2e


def _open(page, lab):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from mjlearn import HandEditor\nHandEditor()")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / "keyboard_editor.ipynb")
    page.goto(lab.url("lab/workspaces/keyboard-editor/tree/keyboard_editor.ipynb"))
    page.wait_for_function(
        "window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        " && window.jupyterapp.shell.currentWidget.context.path === 'keyboard_editor.ipynb'"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".mj-editor").first.wait_for()
    return page.locator(".mj-root:has(.mj-editor)").first


def _focused(page) -> dict:
    return page.evaluate(
        "() => { const a = document.activeElement; if (!a) return {};"
        " return {act: a.dataset?.act || '', arg: a.dataset?.arg || '', tile: a.dataset?.tile || '',"
        " palette: !!a.closest('.mj-palette'), hand: !!a.closest('.mj-hand-box .mj-hand')}; }"
    )


def _press(page, root, key):
    before = root.get_attribute("data-drawn")
    page.keyboard.press(key)
    page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])


def _tab_until(page, want, limit=400):
    for _ in range(limit):
        if want(_focused(page)):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"the keyboard never reached it; the focus is on {_focused(page)}")


def test_build_and_change_a_hand_by_keyboard(browser_context, lab):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    try:
        root = _open(page, lab)
        _tab_until(page, lambda f: f.get("palette"))
        assert page.evaluate("document.querySelectorAll('.mj-palette [tabindex=\"0\"]').length") == 1
        assert _focused(page)["arg"] == "1m"
        # Down moves to the same rank of the next suit, Up back
        page.keyboard.press("ArrowDown")
        assert _focused(page)["arg"] == "1p"
        page.keyboard.press("ArrowUp")
        # nine gates: 1112345678999m, one Enter per tile, the arrows along the characters
        for rank, times in zip(range(1, 10), (3, 1, 1, 1, 1, 1, 1, 1, 3)):
            assert _focused(page)["arg"] == f"{rank}m"
            for _ in range(times):
                _press(page, root, "Enter")
                assert _focused(page)["arg"] == f"{rank}m"  # the focus stays on the tile after the redraw
            if rank < 9:
                page.keyboard.press("ArrowRight")
        assert root.locator("input.mj-notation-input").input_value() == "1112345678999m"
        # the hand is one tab stop: End, then Left to the 5m, Enter takes it out
        _tab_until(page, lambda f: f.get("hand"), limit=60)
        page.keyboard.press("End")
        for _ in range(13 - 7):
            page.keyboard.press("ArrowLeft")
        assert _focused(page)["tile"] == "5m"
        _press(page, root, "Enter")
        assert root.locator("input.mj-notation-input").input_value() == "111234678999m"
        assert _focused(page)["hand"]  # still in the hand, ready for the next one
    finally:
        page.close()
