"""The play table, a quiz and the hand editor on a phone: JupyterLite in a 390 x 844 window (an
iPhone 12-14's CSS size), served from 127.0.0.1 as in test_lite_browser.py.

For each widget: the page does not scroll sideways (the document's scrollWidth within its width) and
neither does the widget's own box; nothing inside it ends beyond its right edge (cut off); every
control a finger uses (a button, a clickable tile, a text box, a choice) is at least 44 x 44 CSS px
(WCAG 2.5.5's target size). Screenshots are saved under a temporary folder (printed) for a person to
look at.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import nbformat
import pytest
from test_lite_browser import CHROMIUM_ARGS, _need_browser, served  # noqa: F401  (served: a fixture)

pytestmark = pytest.mark.e2e

CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 390, 844
TARGET = 44

CELLS = {
    "play": 'import mjlearn as mj\nmj.play("mcr", seat="E", seed=1)',
    "quiz": (
        "from mjlearn.quiz import parse_quiz_set\n"
        "parse_quiz_set({'title': 'phone', 'questions': [{'kind': 'waits', 'hand': '1112345678999m'}]}).widget()"
    ),
    "editor": 'from mjlearn.widgets import HandEditor\nHandEditor("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)',
}
# the widget's outermost box in each cell's output
BOX = {"play": ".mj-root:has(.mj-play)", "quiz": ".mjlearn-quiz", "editor": ".mj-root:has(.mj-editor)"}
# what a finger presses: buttons, clickable tiles, text boxes, choices
CONTROLS = (
    "button, [data-act], input[type=text], input[type=radio], input[type=checkbox], select, "
    ".widget-radio-box label, .widget-checkbox label"
)

MEASURE = """([box, controls, target]) => {
  const root = document.querySelector(box);
  if (!root) return {missing: true};
  const r = root.getBoundingClientRect();
  const out = {width: r.width, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
               cut: [], small: [], scrolls: []};
  for (const el of root.querySelectorAll('*')) {
    const b = el.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) continue;
    if (b.right > r.right + 1 || b.left < r.left - 1)
      out.cut.push(el.tagName.toLowerCase() + '.' + (el.className.baseVal ?? el.className) + ' ' + Math.round(b.left) + '-' + Math.round(b.right));
    const cs = getComputedStyle(el);
    if (el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(cs.overflowX))
      out.scrolls.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + el.scrollWidth + '>' + el.clientWidth);
  }
  // a choice inside its label is pressed anywhere on the label; a hand drawn as one picture whose
  // tiles are picked one by one has a target per tile
  const targets = [...root.querySelectorAll(controls)].flatMap(el =>
    el.dataset.pick ? [...el.querySelectorAll('g.mj-tile')]
    : (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) ? [el.closest('label')] : [el]);
  for (const el of targets) {
    const b = el.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) continue;
    if (el.closest('[disabled]') || el.disabled) continue;
    if (b.width < target - 0.5 || b.height < target - 0.5)
      out.small.push((el.getAttribute('data-act') || el.tagName.toLowerCase()) + ' '
                     + (el.getAttribute('data-arg') || el.getAttribute('data-tile') || el.textContent.trim().slice(0, 20)) + ' '
                     + b.width.toFixed(0) + 'x' + b.height.toFixed(0));
  }
  return out;
}"""

PAGE = """() => ({scrollWidth: document.scrollingElement.scrollWidth,
               clientWidth: document.scrollingElement.clientWidth})"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A JupyterLite site whose one notebook shows the three widgets, one per cell (served on
    127.0.0.1 by test_lite_browser's ``served``)."""
    _need_browser()
    from mjlearn.lite import site as lite

    folder = tmp_path_factory.mktemp("phone-notebooks")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS.values()]
    nb.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    nbformat.write(nb, folder / "phone.ipynb")
    out = tmp_path_factory.mktemp("phone-lite") / "site"
    try:
        return out, lite.build(out, notebooks=folder, expose_app=True)
    except lite.LiteError as e:  # nothing cached and no registry: skip here, fail under CI
        if os.environ.get("CI"):
            pytest.fail(str(e))
        pytest.skip(str(e))


@pytest.fixture(scope="module")
def phone(served, playwright, tmp_path_factory):
    """The notebook run in a phone-sized Chromium; yields the page and the screenshots' folder."""
    ctx = playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("phone-profile")),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": WIDTH, "height": HEIGHT},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=False,  # Chromium's mobile emulation zooms out a wide page; we check the real width
    )
    page = ctx.new_page()
    page.set_default_timeout(420_000)
    shots = Path(tempfile.mkdtemp(prefix="mjlearn-phone-"))
    try:
        page.goto(served + "lab/index.html?path=phone.ipynb")
        page.wait_for_function(
            "window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.sessionContext"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        )
        # as a phone's user does first: the file browser and the side bars folded away, one document
        page.evaluate(
            "(() => { const s = window.jupyterapp.shell; s.collapseLeft(); s.collapseRight();"
            " s.mode = 'single-document'; })()"
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        for name in CELLS:
            page.locator(BOX[name]).first.wait_for()
        page.wait_for_timeout(1500)
        print(f"\nphone screenshots: {shots}")
        yield page, shots
    finally:
        ctx.close()


@pytest.mark.parametrize("name", list(CELLS))
def test_widget_fits_a_phone_with_finger_sized_targets(name, phone):
    page, shots = phone
    box = page.locator(BOX[name]).first
    box.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / f"{name}_page.png"))
    # the whole widget in one picture: a taller window, as wide as the phone
    tall = int(box.bounding_box()["height"]) + 400
    page.set_viewport_size({"width": WIDTH, "height": max(HEIGHT, tall)})
    page.wait_for_timeout(300)
    box.screenshot(path=str(shots / f"{name}.png"), animations="disabled")
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.wait_for_timeout(300)
    box.scroll_into_view_if_needed()
    whole = page.evaluate(PAGE)
    found = page.evaluate(MEASURE, [BOX[name], CONTROLS, TARGET])
    assert not found.get("missing"), name
    assert whole["scrollWidth"] <= whole["clientWidth"], whole
    assert found["scrollWidth"] <= found["clientWidth"] + 1, found
    assert found["width"] <= WIDTH, found
    assert found["cut"] == [], found["cut"][:10]
    assert found["scrolls"] == [], found["scrolls"][:10]
    assert found["small"] == [], found["small"][:20]


def test_glossary_word_opens_on_a_tap_within_the_screen(phone):
    """A glossary word in a widget (no hover on a phone): a tap opens its definition, inside the
    screen's width; a tap elsewhere closes it."""
    page, shots = phone
    word = page.locator(".mj-root abbr.mj-term").first
    word.scroll_into_view_if_needed()
    word.tap()
    pop = page.locator(".mj-term-pop")
    pop.wait_for()
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    assert pop.inner_text() == word.get_attribute("data-term")
    page.screenshot(path=str(shots / "glossary_tap.png"))
    page.touchscreen.tap(WIDTH - 10, 5)
    assert not pop.is_visible()


def test_hand_editor_fits_a_phone_in_voila(voila, browser_context, tmp_path):
    """Lesson 05 as a Voila page (the session's Voila server) in a 390 px window: the first hand
    editor neither scrolls sideways nor cuts anything off, and its targets are finger-sized."""
    page = browser_context.new_page()
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(voila.url(""))
        box = page.locator(BOX["editor"]).first
        box.wait_for(timeout=180_000)
        page.wait_for_timeout(1000)
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "voila_editor.png"))
        print(f"\nVoila screenshot: {tmp_path / 'voila_editor.png'}")
        whole = page.evaluate(PAGE)
        found = page.evaluate(MEASURE, [BOX["editor"], CONTROLS, TARGET])
    finally:
        page.close()
    assert whole["scrollWidth"] <= whole["clientWidth"], whole
    assert found["scrollWidth"] <= found["clientWidth"] + 1 and found["width"] <= WIDTH, found
    assert found["cut"] == [] and found["scrolls"] == [], (found["cut"][:10], found["scrolls"][:10])
    assert found["small"] == [], found["small"][:20]
