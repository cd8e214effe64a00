"""In JupyterLab (Chromium) the play table's view, built click by click from the regions that changed
(``region_patch``), is the same page as a whole view drawn afresh: after a hand played by clicks, the
table shown again in a second cell (a new view, which asks Python for every region) has the same
HTML in every region."""

from __future__ import annotations

import pytest
from test_play_e2e import SHUFFLE, _choose, _click, _open

from mjlearn.widgets.play import PlayTable

pytestmark = pytest.mark.e2e

_SHOW_AGAIN = """
async () => {
  const app = window.jupyterapp, nb = app.shell.currentWidget;
  nb.content.activeCellIndex = nb.content.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  nb.content.activeCell.model.sharedModel.setSource('table');
  await app.commands.execute('notebook:run-cell');
}
"""

# every region's HTML in a view, the roving tab stop (which tile holds it is the view's own) left out
_REGIONS = """
(root) => {
  const out = {};
  for (const slot of root.querySelectorAll('[data-region]')) {
    const copy = slot.cloneNode(true);
    for (const n of copy.querySelectorAll('[tabindex]')) n.removeAttribute('tabindex');
    out[slot.dataset.region] = copy.innerHTML;
  }
  return out;
}
"""


def test_the_view_built_from_changes_equals_a_whole_redraw_after_a_hand(browser_context, lab):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    root = _open(page, lab, name="region_patch")  # the table of test_play_e2e's hand
    twin = PlayTable(rules="mcr", seat="E", seed=SHUFFLE)
    clicks = 0
    for _ in range(200):
        if twin.table.phase == "over":
            break
        msg, sel = _choose(twin, clicks + 1)
        _click(page, root, sel)
        twin.handle(msg)
        clicks += 1
    assert twin.table.phase == "over" and clicks >= 5
    root.locator("[data-end]").wait_for()
    page.evaluate(_SHOW_AGAIN)
    views = page.locator(".mj-root:has(.mj-play)")
    page.wait_for_function("() => document.querySelectorAll('.mj-root .mj-play [data-end]').length === 2")
    first, again = (views.nth(i).evaluate(_REGIONS) for i in (0, 1))
    assert set(first) == set(again) and len(first) >= 7
    for name in first:
        assert first[name] == again[name], name
    assert "data-end" in first["end"] and "data-tile" in first["table"]
