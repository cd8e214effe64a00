"""Smoke tests: the hand editor shows and answers a click in Notebook 7 and in Voila."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def _click_and_wait(page, root, arg):
    before = root.get_attribute("data-drawn")
    root.locator(f'[data-act="add"][data-arg="{arg}"]').first.click()
    page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])


def test_notebook7_runs_the_editor(page, notebook7, shot):
    page.goto(notebook7.url("notebooks/05_hand_editor.ipynb"))
    page.wait_for_function(
        "window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    root = page.locator(".mj-root:has(.mj-editor)").first
    root.wait_for()
    _click_and_wait(page, root, "7p")
    assert root.locator("input.mj-notation-input").input_value() == "7p"
    shot(root.locator(".mj-editor, .mj-view").first, "notebook7")


def test_voila_renders_the_editor(page, voila, shot):
    page.goto(voila.url(""))
    root = page.locator(".mj-root:has(.mj-editor)").first
    root.wait_for(timeout=120_000)
    _click_and_wait(page, root, "E")
    assert root.locator("input.mj-notation-input").input_value() == "E"
    shot(root.locator(".mj-editor, .mj-view").first, "voila")
