"""The quiz's realistic hands are the table's: dealt, played and judged by mjlearn.table and its simple
computer players, with the table's own context, and the same seed gives the same question anywhere."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mjlearn.mcr import score
from mjlearn.quiz import generate
from mjlearn.quiz.deal import simulate, snapshot
from mjlearn.table import Table, Won, replay

ROOT = Path(__file__).resolve().parent.parent
DEALT_KINDS = ("complete", "waits", "shanten", "discard", "fans", "mcr_total", "settlement", "regional")
"""The kinds whose hands come from quiz.deal."""


def _wins(n: int, seed: int = 3):
    rng = random.Random(seed)
    return [w for w, _ in (simulate(rng) for _ in range(n)) if w is not None]


def test_a_win_is_the_tables_won_event_with_the_tables_context():
    wins = _wins(24)
    assert len(wins) > 12
    assert any(w.how.flowers for w in wins) and any(not w.self_drawn for w in wins) and any(w.self_drawn for w in wins)
    for w in wins:
        t = w.table
        assert isinstance(t, Table) and t.is_over and isinstance(w.won, Won) and t.winners[0] is w.won
        assert replay(t.log).log == t.log  # a hand the table played, step by step
        won = w.won
        assert (w.winner, w.discarder) == (int(won.seat), None if won.from_seat is None else int(won.from_seat))
        assert w.hand.melds == won.hand.melds and w.hand.concealed == won.hand.concealed
        assert w.hand.win_tile == won.tile and not w.hand.flowers
        assert w.how.flowers == len(t.flowers[w.winner])
        assert w.how.seat_wind == won.seat_wind and w.how.prevalent_wind == t.prevalent_wind
        assert (w.how.self_drawn, w.how.kong, w.how.wall_last, w.how.last_tile) == (
            won.self_drawn,
            won.kong,
            won.wall_last,
            won.last_tile,
        )
        # the context the quiz hands to the scorer scores the hand as the table scored it
        assert score(w.hand, **w.context()).total == won.points


def test_a_snapshot_is_a_hand_held_at_the_table():
    rng = random.Random(7)
    snaps = [snapshot(rng, claim_rate=c) for c in (0.0, 0.3, 1.0) for _ in range(6)]
    assert any(s.hand.melds for s in snaps) and any(not s.hand.melds for s in snaps)
    for s in snaps:
        after, before = s.table.at(s.at), s.table.at(s.at - 1)
        assert after.log[-1].seat == s.seat and after.log[-1].tile.index == s.discarded
        for t, hand in ((after, s.hand), (before, s.before)):
            assert tuple(t.melds[s.seat]) == hand.melds
            assert t.counts(s.seat) == tuple(hand.counts)
        assert s.hand.tile_count == 13 and s.before.tile_count == 14 and s.hand.win_tile is None


def test_claim_rate_zero_keeps_every_hand_concealed_until_a_win():
    """The table's players still decide what to claim; ``claim_rate`` only lets them take fewer claims."""
    rng = random.Random(11)
    for _ in range(4):
        w, snaps = simulate(rng, claim_rate=0.0, keep_snapshots=True)
        assert snaps and not any(m.is_exposed for s in snaps for m in s.hand.melds)
        if w is not None:
            assert not any(m.is_exposed for m in w.hand.melds)


_PROGRAM = """
import json, sys
from mjlearn.quiz import generate
kinds = json.loads(sys.argv[1])
print(json.dumps([generate(k, seed=s, difficulty=1 + s % 3).to_dict() for k in kinds for s in range(3)],
                 sort_keys=True, ensure_ascii=False))
"""


@pytest.mark.parametrize("hashseed", ["0", "4242"])
def test_the_same_seed_gives_the_same_question_in_a_fresh_process(hashseed):
    _wins(3, seed=99)  # this process has dealt other hands before: nothing carries over
    here = json.dumps(
        [generate(k, seed=s, difficulty=1 + s % 3).to_dict() for k in DEALT_KINDS for s in range(3)],
        sort_keys=True,
        ensure_ascii=False,
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", _PROGRAM, json.dumps(DEALT_KINDS)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=True,
    ).stdout.strip()
    assert out == here
