"""The play table answers a click in steps in JupyterLab (Chromium): the learner's move and the coach's
verdict are on screen before the computer players' moves and the coach's look at the next decision,
and the front end counts the answer once, at its last step (``data-drawn`` and the round trips that
the other browser tests wait on)."""

from __future__ import annotations

import pytest
from test_play_e2e import SHUFFLE, _open

from mjlearn.widgets.play import PlayTable

pytestmark = pytest.mark.e2e

# Click, then watch the widget: the views part-way (data-busy), and each count of a redraw with the
# wall shown at that moment; resolve once the last step is shown (not busy, the wall and the coach's
# "ask" button as the twin has them) and nothing more came for a moment.
_WATCH = """
async ([root, sel, wall, verdict]) => {
  const drawn0 = root.dataset.drawn, trips0 = window.__mjRoundTrips.length;
  const seen = {busy: 0, verdictBusy: false, counted: []};
  let last = root.dataset.drawn;
  const obs = new MutationObserver(() => {
    const busy = root.querySelector('[data-busy]');
    if (busy) {
      seen.busy++;
      if (root.querySelector(`[data-coach="${verdict}"]`)) seen.verdictBusy = true;
    }
    if (root.dataset.drawn !== last) {
      last = root.dataset.drawn;
      seen.counted.push({wall: Number(root.querySelector('[data-wall]').dataset.wall), busy: !!busy});
    }
  });
  obs.observe(root, {subtree: true, childList: true, attributes: true});
  root.querySelector(sel).click();
  const done = () => !root.querySelector('[data-busy]') && root.dataset.drawn !== drawn0
    && Number(root.querySelector('[data-wall]').dataset.wall) === wall && root.querySelector('[data-ask]');
  const t0 = performance.now();
  while (!done() && performance.now() - t0 < 60000) await new Promise(r => setTimeout(r, 20));
  await new Promise(r => setTimeout(r, 500));
  obs.disconnect();
  seen.trips = window.__mjRoundTrips.length - trips0;
  return seen;
}
"""


def test_a_click_is_answered_in_steps_and_counted_once(browser_context, lab):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    src = f'import mjlearn as mj\ntable = mj.play("mcr", seat="E", seed={SHUFFLE}, coach="ask")\ntable'
    root = _open(page, lab, source=src, name="play_staged")
    page.evaluate("window.__mjRoundTrips = []")
    twin = PlayTable(rules="mcr", seat="E", seed=SHUFFLE, coach="ask")
    steps = 0
    for _ in range(4):
        if twin.waiting != "discard" or "win" in twin._options():
            break
        tile = str(twin._coaching.best.discard)
        twin.handle({"act": "discard", "arg": tile})
        if twin.waiting != "discard" or not twin.advice():
            break  # a claim or the end next: this check wants the learner's next discard
        n = twin.decisions[-1]["n"]
        sel = f'.mj-me [data-act="discard"][data-arg="{tile}"]'
        seen = page.evaluate(_WATCH, [root.element_handle(), sel, twin.wall_left, n])
        # counted once, at the last step, with the computer players' moves on screen
        assert seen["trips"] == 1, seen
        assert seen["counted"] == [{"wall": twin.wall_left, "busy": False}], seen
        steps += seen["busy"] > 0 and seen["verdictBusy"]
    assert steps >= 1  # the verdict was on screen while the rest was still to come
    page.close()
