"""The ladder of small games in JupyterLab (Chromium): its first rung opened from lesson 00, then the
whole ladder climbed by clicks, three won hands a rung, up to the Guobiao table. Each hand is played
with the clicks of a hand the engine found the learner wins (the coach's choices, on a shuffle searched
for with the engine), and checked against the engine playing the same clicks."""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
import pytest
from test_play_e2e import _choose, _click, _run_notebook

from mjlearn.quiz.ladder import Climb, rungs
from mjlearn.widgets.play import PlayTable

pytestmark = pytest.mark.e2e

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb"


def _won_hand(rules: str, seeds=range(60)) -> tuple[int, list[dict], PlayTable]:
    """The first shuffle (seed) whose first hand the learner, in the dealer's seat, plays and wins by the
    coach's choices: the seed, the clicks and the engine's table after them."""
    for seed in seeds:
        twin = PlayTable(rules=rules, seat="E", seed=seed)
        clicks = []
        while twin.phase != "over":
            msg, _ = _choose(twin, 0)  # (0: the coach's best discard, never its worst)
            twin.handle(msg)
            clicks.append(msg)
        played = any(m["act"] == "discard" for m in clicks)  # a hand played, not won on the deal
        if played and any(w.seat == twin.me for w in twin.table.winners):
            return seed, clicks, twin
    raise AssertionError(f"no won hand of {rules} among seeds {seeds}")


def _open(page, lab, nb, name: str):
    _run_notebook(page, lab, nb, name)
    page.locator(".mj-ladder").first.wait_for()
    return page.locator(".mj-root:has(.mj-ladder)").first


def _deal(page, board, old):
    """Click the board's play button and return the new table's root (the old one, if any, is gone)."""
    gone = old.element_handle() if old is not None else None
    board.locator('[data-act="play"]').click()  # (the board may draw the same again: a new deal of its rung)
    if gone is not None:
        page.wait_for_function("el => !el.isConnected", arg=gone)
    table = page.locator(".mj-root:has(.mj-play)").first
    table.locator("[data-wall]").wait_for()
    return table


def _setup_cell(data: Path) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(f"import os\nos.environ['MJLEARN_DATA_DIR'] = {str(data)!r}")


def test_the_first_rung_opens_from_lesson_00(browser_context, lab, tmp_path, shot):
    page = browser_context.new_page()
    page.set_default_timeout(120_000)
    nb = nbformat.read(LESSON, as_version=4)
    nb.cells.insert(0, _setup_cell(tmp_path))  # the learner's data folder: this test's own
    start = time.monotonic()
    board = _open(page, lab, nb, "lesson00_ladder")
    assert board.locator('[data-act="rung"]').count() == len(rungs()) == 6
    assert board.locator('[data-act="rung"][disabled]').count() == 5
    assert board.locator('[data-act="rung"][data-arg="0"]').get_attribute("data-state") == "open"
    board.scroll_into_view_if_needed()
    text = board.text_content()
    assert "one set and a pair" in text and "一组加一对" in text
    table = _deal(page, board, None)
    seconds = time.monotonic() - start
    assert table.locator('select[data-act="rules"]').input_value() == "ladder5"
    # five tiles in the dealer's hand, four in the others': the learner sits East and discards first
    assert table.locator('.mj-me [data-act="discard"]').count() == 5
    # only what the rung needs in sight: the rule-set, seat and opponents' pickers folded under "more options"
    for act in ("rules", "seat", "level"):
        assert not table.locator(f'select[data-act="{act}"]').is_visible()
    assert table.locator('select[data-act="coach_mode"]').is_visible()
    table.screenshot(path=str(tmp_path / "rung_table.png"), animations="disabled")
    _click(page, table, 'summary[data-act="more"]')
    assert table.locator('select[data-act="rules"]').is_visible()
    assert "do not count toward this rung" in table.locator("[data-ladder-only]").inner_text()
    table.screenshot(path=str(tmp_path / "rung_table_more.png"), animations="disabled")
    print(f"\nthe rung's table: {tmp_path / 'rung_table.png'}, opened: {tmp_path / 'rung_table_more.png'}")
    board.scroll_into_view_if_needed()
    shot(board.locator(".mj-ladder").first, "ladder")
    for root in (board, table):
        assert root.bounding_box()["width"] <= 1100
    assert not page.locator(".jp-OutputArea-output:has-text('object at 0x')").count()
    assert not page.locator(".mj-error").count()  # no message of the page refused
    print(f"\nlesson 00: opened, run and the five-tile table dealt in {seconds:.1f} s")
    assert seconds < 120
    page.close()


def test_climbing_the_ladder_by_clicks_to_the_guobiao_table(browser_context, lab, tmp_path):
    page = browser_context.new_page()
    page.set_default_timeout(180_000)
    plan = [_won_hand(r.rules) for r in rungs()[:-1]]  # the engine finds a won hand on each rung
    seeds = [seed for seed, _, _ in plan] + [0]
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        _setup_cell(tmp_path),
        nbformat.v4.new_code_cell(f"import mjlearn as mj\nmj.ladder(seed={seeds!r})"),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    board = _open(page, lab, nb, "ladder_climb")
    table = None
    for k, (_seed, clicks, twin) in enumerate(plan):
        rung = rungs()[k]
        assert board.locator(f'[data-act="rung"][data-arg="{k}"]').get_attribute("data-state") == "open"
        if k:
            _click(page, board, f'[data-act="rung"][data-arg="{k}"]')
        for won in range(1, rung.wins + 1):
            table = _deal(page, board, table)
            assert table.locator('select[data-act="rules"]').input_value() == rung.rules
            for msg in clicks:
                _click(page, table, f'.mj-me [data-act="{msg["act"]}"][data-arg="{msg["arg"]}"]')
            table.locator("[data-end]").wait_for()
            for x, v in twin.table.payments.items():  # the end screen: the engine's payments
                assert table.locator(f'[data-end] [data-pay="{x}"]').inner_text().strip() == f"{v:+g}"
            page.wait_for_function(
                "([el, t]) => el.querySelector('[data-goal]') && el.querySelector('[data-goal]').textContent.includes(t)",
                arg=[board.element_handle(), f"{won}/{rung.wins}"],
            )
        assert board.locator('[data-next="open"]').count() == 1
        nxt = board.locator(f'[data-act="rung"][data-arg="{k + 1}"]')
        assert nxt.get_attribute("data-state") == "open" and nxt.get_attribute("disabled") is None
    # the last rung: the Guobiao table itself
    last = len(rungs()) - 1
    _click(page, board, f'[data-act="rung"][data-arg="{last}"]')
    table = _deal(page, board, table)
    assert table.locator('select[data-act="rules"]').input_value() == "mcr"
    assert table.locator('.mj-me [data-act="discard"]').count() == 14
    kept = Climb(tmp_path, user=None).hands()  # the kernel's user: the same default as this process
    assert kept == [(k, True) for k in range(len(plan)) for _ in range(3)]
    assert not page.locator(".mj-error").count()
    clicks = sum(3 * len(c) for _, c, _ in plan)
    print(f"\nladder climbed: seeds {seeds[:-1]}, {len(kept)} hands won by {clicks} clicks at the table")
    page.close()
