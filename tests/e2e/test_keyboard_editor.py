"""The hand editor with the keyboard alone in JupyterLab (Chromium): the palette is one tab stop whose
arrows move along a suit and Up/Down between suits, Enter adds the tile; the hand is one tab stop too,
Enter takes a tile out. The notation and the engine's verdict follow as they do for clicks."""

from __future__ import annotations

import pytest
from keyboard_helpers import focused, open_notebook, press, tab_until

pytestmark = pytest.mark.e2e


def _open(page, lab):
    open_notebook(page, lab, "keyboard_editor", "from mjlearn import HandEditor\nHandEditor()")
    page.locator(".mj-editor").first.wait_for()
    return page.locator(".mj-root:has(.mj-editor)").first


def test_build_and_change_a_hand_by_keyboard(browser_context, lab):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    try:
        root = _open(page, lab)
        tab_until(page, lambda f: f.get("palette"))
        assert page.evaluate("document.querySelectorAll('.mj-palette [tabindex=\"0\"]').length") == 1
        assert focused(page)["arg"] == "1m"
        # Down moves to the same rank of the next suit, Up back
        page.keyboard.press("ArrowDown")
        assert focused(page)["arg"] == "1p"
        page.keyboard.press("ArrowUp")
        # nine gates: 1112345678999m, one Enter per tile, the arrows along the characters
        for rank, times in zip(range(1, 10), (3, 1, 1, 1, 1, 1, 1, 1, 3)):
            assert focused(page)["arg"] == f"{rank}m"
            for _ in range(times):
                press(page, root, "Enter")
                assert focused(page)["arg"] == f"{rank}m"  # the focus stays on the tile after the redraw
            if rank < 9:
                page.keyboard.press("ArrowRight")
        assert root.locator("input.mj-notation-input").input_value() == "1112345678999m"
        # the hand is one tab stop: End, then Left to the 5m, Enter takes it out
        tab_until(page, lambda f: f.get("editorHand"), limit=60)
        page.keyboard.press("End")
        for _ in range(13 - 7):
            page.keyboard.press("ArrowLeft")
        assert focused(page)["tile"] == "5m"
        press(page, root, "Enter")
        assert root.locator("input.mj-notation-input").input_value() == "111234678999m"
        assert focused(page)["editorHand"]  # still in the hand, ready for the next one
    finally:
        page.close()
