"""A whole hand played by clicks in JupyterLab (Chromium): discards, claims, the end screen with its
payments, the coach panel and the review, each checked against the engine playing the same clicks."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import nbformat
import pytest

from mjlearn.widgets.play import PlayTable

pytestmark = pytest.mark.e2e

SHUFFLE = 1  # under MCR the learner (East) is offered claims and wins this hand
SOURCE = f'import mjlearn as mj\ntable = mj.play("mcr", seat="E", seed={SHUFFLE})\ntable'


def _open(page, lab, source=SOURCE, name="play_e2e"):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    _run_notebook(page, lab, nb, name)
    page.locator(".mj-play").first.wait_for()
    return page.locator(".mj-root:has(.mj-play)").first


def _run_notebook(page, lab, nb, name):
    """Write ``nb`` as NAME.ipynb, open it in JupyterLab and run all its cells."""
    nbformat.write(nb, lab.root / f"{name}.ipynb")
    # a workspace of its own: the session's default one may still show another test's notebook
    page.goto(lab.url(f"lab/workspaces/{name.replace('_', '-')}/tree/{name}.ipynb"))
    page.wait_for_function(
        "window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        f" && window.jupyterapp.shell.currentWidget.context.path === '{name}.ipynb'"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def _click(page, root, selector):
    before = root.get_attribute("data-drawn")
    root.locator(selector).first.click()
    page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])


WORSE = (3, 6)  # these discards are the coach's worst, so that the review has mistakes to show


def _choose(twin: PlayTable, k: int):
    """The click for the learner's seat: win when possible, claim a pung or chow when offered, else
    the coach's best discard (its worst for the ``k``-th discard in WORSE) or pass.
    Returns (message, CSS selector)."""
    opts = twin._options()
    if twin.waiting == "discard":
        if "win" in opts:
            msg = {"act": "call", "arg": "win"}
        else:
            c = twin._coaching
            msg = {"act": "discard", "arg": str((c[-1] if k in WORSE else c.best).discard)}
    else:
        pick = (
            next((o for o in opts if o == "win"), None)
            or next((o for o in opts if o.split()[0] in ("pung", "chow")), None)
            or opts[-1]
        )
        msg = {"act": "call", "arg": pick}
    return msg, f'.mj-me [data-act="{msg["act"]}"][data-arg="{msg["arg"]}"]'


def test_a_whole_hand_by_clicks(browser_context, lab, shot):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    root = _open(page, lab)
    twin = PlayTable(rules="mcr", seat="E", seed=SHUFFLE)  # the engine, fed the same clicks
    page.evaluate("window.__mjRoundTrips = []")
    net = []  # click -> updated table, the computer players' moves and the coach excluded
    claims = discards = 0
    shot_taken = False
    for _ in range(200):
        if twin.table.phase == "over":
            break
        assert root.locator(".mj-status").get_attribute("data-work") is not None
        assert int(root.locator("[data-wall]").get_attribute("data-wall")) == twin.wall_left
        msg, sel = _choose(twin, discards + 1)
        _click(page, root, sel)
        twin.handle(msg)
        trip = page.evaluate("window.__mjRoundTrips[window.__mjRoundTrips.length - 1]")
        work = float(root.locator(".mj-status").get_attribute("data-work") or 0)
        net.append(max(0.0, trip["ms"] - work))
        if msg["act"] == "discard":
            discards += 1
            panel = root.locator("[data-coach]")
            d = twin.decisions[-1]
            assert panel.get_attribute("data-choice") == d["choice"]
            assert panel.get_attribute("data-best") == d["best"]
            assert (
                root.locator("[data-coach] [data-chance]").nth(1).get_attribute("data-chance")
                == f"{d['best_win_chance']:.6f}"
            )
            if discards == WORSE[0] and not shot_taken:
                root.scroll_into_view_if_needed()
                shot(root.locator(".mj-play").first, "play")
                shot_taken = True
        elif msg["arg"].split()[0] in ("pung", "chow", "kong"):
            claims += 1
        if msg["act"] == "call" and twin.decisions and twin.decisions[-1].get("evals"):
            d = twin.decisions[-1]  # a claim, kong or win the coach rated against the other options
            panel = root.locator("[data-coach]")
            assert panel.get_attribute("data-choice") == d["option"]
            assert panel.get_attribute("data-best") == d["best_claim"]
            assert root.locator("[data-coach] [data-claim]").count() == len(d["evals"])
        assert not root.locator(".mj-error").count()
    # the running scores beside the seats are the engine's payments of the hand
    for x, v in twin.table.payments.items():
        assert root.locator(f'[data-seat="{x}"] > [data-score]').get_attribute("data-score") == f"{v:+g}"
    assert twin.table.phase == "over" and claims >= 1 and discards >= 3
    # the end screen: the engine's payments and total
    end = root.locator("[data-end]")
    end.wait_for()
    for x, v in twin.table.payments.items():
        assert end.locator(f'[data-pay="{x}"]').inner_text().strip() == f"{v:+g}"
    for w in twin.table.winners:
        assert end.locator(f'[data-total="{w.points}"]').count() == 1
    # the review: every decision, the worst ones as the engine costs them
    review = root.locator("[data-review]")
    assert int(review.get_attribute("data-review")) == len(twin.decisions)
    from mjlearn.widgets.play import worst

    shown = [int(x.get_attribute("data-worst")) for x in root.locator("[data-worst]").all()]
    assert shown == [d["n"] for d in worst(twin.record())] and len(shown) >= 2
    # step through the review
    if len(twin.decisions) > 1:
        _click(page, root, '[data-act="step"][data-arg="1"]')
        assert root.locator('[data-step="1"]').count() == 1
    # a bad action: a tile click after the hand is over is not possible; the coach switch is a pure round trip
    toggles = []
    for _ in range(6):
        before = root.get_attribute("data-drawn")
        root.locator('select[data-act="coach_mode"]').select_option("off" if len(toggles) % 2 == 0 else "ask")
        page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])
        toggles.append(page.evaluate("window.__mjRoundTrips[window.__mjRoundTrips.length - 1].ms"))
    page.set_viewport_size({"width": 1400, "height": 3200})  # the whole end screen in one picture
    end.scroll_into_view_if_needed()
    shot(root.locator('[data-region="end"]').first, "play_end")
    page.set_viewport_size({"width": 1400, "height": 1000})
    width = root.locator(".mj-play").first.bounding_box()["width"]
    assert width <= 1010
    report = {
        "clicks": len(net),
        "median_ms_excluding_bots": statistics.median(net),
        "max_ms": max(net),
        "coach_toggle_median_ms": statistics.median(toggles),
        "claims": claims,
        "discards": discards,
        "widget_width_px": width,
    }
    (Path(__file__).parent / "play_round_trip.json").write_text(json.dumps(report, indent=1))
    print(
        f"\nplay: click -> updated table (computer players excluded): median {report['median_ms_excluding_bots']:.1f} ms "
        f"over {len(net)} clicks; coach switch median {report['coach_toggle_median_ms']:.1f} ms; width {width:.0f} px"
    )
    page.close()
