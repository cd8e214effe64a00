"""The play table answers a click in steps: the learner's move with the coach's verdict first, then the
computer players' moves, then the coach's look at the next decision (mjlearn.widgets.play_view.staged).
Each step is a view sent to the browser; the part-way ones carry data-busy, never stale advice, and
the last is the whole answer, the same as before."""

from __future__ import annotations

import re

import pytest

from mjlearn.seats import SEATS
from mjlearn.widgets.play import PlayTable


def _views(pt: PlayTable, msg: dict) -> list[dict]:
    """Every view (the regions) the table sends while it answers ``msg``."""
    seen: list[dict] = []

    def keep(change):
        seen.append(dict(change["new"]))

    pt.observe(keep, names="regions")
    try:
        pt.handle(msg)
    finally:
        pt.unobserve(keep, names="regions")
    return seen


def _pond(view: dict, letter: str) -> list[str]:
    """The tiles of one seat's discards in a view."""
    html = view["me"] + view["table"]
    m = re.search(rf'data-pond="{letter}">(.*?)</div>', html)
    assert m, letter
    return re.findall(r'data-tile="(\w+)"', m.group(1))


def _best_discard(pt: PlayTable) -> dict:
    assert pt.waiting == "discard"
    return {"act": "discard", "arg": str(pt._coaching.best.discard)}


def test_the_verdict_is_drawn_before_the_computer_players_move():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    others = [s.letter for s in SEATS if s != pt.me]
    before = {x: _pond(pt.regions, x) for x in others}
    msg = _best_discard(pt)
    views = _views(pt, msg)
    assert len(views) >= 2
    first, last = views[0], views[-1]
    n = len(pt.decisions)
    # the learner's move and the coach's verdict on it, the computer players not moved yet
    assert 'data-busy="1"' in first["controls"]
    assert _pond(first, pt.me.letter)[-1] == msg["arg"]
    assert f'data-coach="{n}"' in first["coach"]
    assert {x: _pond(first, x) for x in others} == before
    # the last view is the whole answer: not busy, the computer players' discards shown
    assert "data-busy" not in last["controls"]
    assert last == pt.regions
    assert {x: _pond(last, x) for x in others} != before


def test_the_next_turn_is_drawn_before_the_coach_looks_at_it():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    views = _views(pt, _best_discard(pt))
    assert pt.waiting  # the learner decides again after the computer players' moves
    turn = [v for v in views if 'data-busy="1"' in v["controls"] and f'data-waiting="{pt.waiting}"' in v["me"]]
    assert turn, "no view of the learner's next turn before the coach's look"
    assert turn[0]["table"] == views[-1]["table"]  # the computer players' moves are all in it


@pytest.mark.parametrize("mode", ["ask", "on"])
def test_no_view_part_way_offers_stale_advice(mode):
    pt = PlayTable(rules="mcr", seat="E", seed=1, coach=mode)
    for _ in range(12):
        if pt.waiting != "discard":
            break
        if mode == "ask":
            pt.handle({"act": "ask", "arg": ""})
        views = _views(pt, _best_discard(pt))
        for v in views[:-1]:
            assert 'data-busy="1"' in v["controls"]
            assert "data-advice" not in v["coach"] and "data-ask" not in v["coach"]
        if pt.waiting and pt.advice():
            want = "data-advice=" if mode == "on" else "data-ask="
            assert want in views[-1]["coach"]


def test_a_failure_part_way_leaves_no_busy_view():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    msg = _best_discard(pt)

    def broken(table, seat):
        raise RuntimeError("a computer player failed")

    for bot in pt.bots:
        bot.act = broken
    with pytest.raises(RuntimeError):
        pt.handle(msg)
    pt.refresh()
    assert "data-busy" not in pt.regions["controls"]


def test_the_coach_advice_call_is_empty_while_busy():
    pt = PlayTable(rules="mcr", seat="E", seed=1, coach="on")
    assert pt.advice()
    pt._busy = True
    try:
        assert pt.advice() is None
    finally:
        pt._busy = False
    assert pt.advice()


def test_the_next_hand_is_dealt_on_screen_before_the_coach_looks():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    for _ in range(200):
        if pt.table.phase == "over":
            break
        opts = pt._options()
        msg = _best_discard(pt) if pt.waiting == "discard" else {"act": "call", "arg": opts[-1]}
        pt.handle(msg)
    assert pt.table.phase == "over"
    views = _views(pt, {"act": "next", "arg": None})
    assert pt.table.phase != "over" and len(views) >= 2
    assert 'data-busy="1"' in views[0]["controls"] and "data-end" not in views[0]["end"]
    assert "data-busy" not in views[-1]["controls"] and views[-1] == pt.regions


def test_whoever_watches_the_phase_sees_the_hand_over_only_once_it_is_booked():
    """A part-way view never shows the end: when the phase turns "over" the hand is already in the
    session's records (the ladder counts its hands by watching the phase)."""
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    seen: list[tuple[int, bool]] = []
    pt.observe(lambda change: seen.append((len(pt.session.records), pt._booked)), names="phase")
    for _ in range(400):
        if pt.phase == "over":
            break
        opts = pt._options()
        if pt.waiting == "discard":
            pt.handle({"act": "call", "arg": "win"} if "win" in opts else _best_discard(pt))
        else:
            pt.handle({"act": "call", "arg": "win" if "win" in opts else opts[-1]})
    assert pt.phase == "over" and len(pt.session.records) == 1
    assert seen and all(booked for n, booked in seen if n) and seen[-1] == (1, True)
