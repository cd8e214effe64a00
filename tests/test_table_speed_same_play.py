"""The table's fast paths play exactly as the plain computations they replace.

The computer player's discard choice (:meth:`Bot.choose_discard`) reads the shanten of every
discard and the live useful draws of the best ones from :class:`~mjlearn.shanten_core.RegularAround`
and its caches (the special forms only where they could be the lowest); the table works out who may claim a discard (:meth:`Claims.claimants`) with quick
count checks before any win is judged. Here each is replaced by the plain computation it stands for
(the shanten functions called on every candidate hand, :meth:`Claims.possible_claims` asked of every
other seat) and the same seeded hands are played both ways: every event of every hand must be the
same, for the quiz's realistic hands and at the tables of every rule set.
"""

from __future__ import annotations

import random

import pytest

from mjlearn.quiz.deal import simulate
from mjlearn.rules import names as rule_names
from mjlearn.seats import SEATS
from mjlearn.shanten_core import near_tiles, regular_shanten_of_counts, shanten_of_counts
from mjlearn.table import Bot, Table, play_hand
from mjlearn.table.bots import _closeness
from mjlearn.table.claims import Claims
from mjlearn.tiles import TILES


def plain_choose_discard(self, table, seat):
    """Bot.choose_discard with every shanten computed by the plain functions, hand by hand."""
    taken = table._haidi_taker
    if taken is not None and taken[0] == seat:
        return taken[1].index
    c = list(table.hands[seat][:34])
    n = len(table.melds[seat])
    banned = set()
    if table.wild is not None:
        banned.add(table.wild.index)
    if table.facts.swap_call_ban and table._after_claim is not None:
        banned.add(table._after_claim.index)
    cands = [i for i in range(34) if c[i]]
    if banned:
        cands = [i for i in cands if i not in banned] or cands
    # the special forms are read when they lead the regular form for the 14 tiles (no melds)
    special = False
    if self.all_forms and n == 0:
        regular = regular_shanten_of_counts(c, n)
        special = regular >= 0 and shanten_of_counts(c, n) < regular
    after = {}
    for i in cands:
        c[i] -= 1
        after[i] = shanten_of_counts(c, n) if special else regular_shanten_of_counts(c, n)
        c[i] += 1
    best = min(after.values())
    ties = [i for i in cands if after[i] == best]
    if len(ties) == 1:
        return ties[0]
    seen = [c[i] + table.visible(t) for i, t in enumerate(TILES[:34])]
    for m in table.melds[seat]:
        if m.is_concealed:
            for t in m.tiles:
                seen[t.index] += 1
    rnd = self.rng.random

    def key(i):  # the order among ties is the player's rule, not a fast path
        conn, live = _closeness(c, seen, i)
        return conn, live, rnd()

    ties.sort(key=key)
    if best >= 3 or special:
        return ties[0]
    best_i, best_live = ties[0], -1
    for i in ties[:3]:
        c[i] -= 1
        live = 0
        for t in near_tiles(c):
            if seen[t] < 4:  # a kind all in sight (or held four times) adds nothing
                c[t] += 1
                if regular_shanten_of_counts(c, n) < best:
                    live += 4 - seen[t]
                c[t] -= 1
        c[i] += 1
        if live > best_live:
            best_i, best_live = i, live
    return best_i


def plain_claimants(self, discarder, t):
    """Every other seat asked what it could call (Claims.possible_claims), one by one."""
    return {s for s in SEATS if s != discarder and self.possible_claims(s)}


@pytest.fixture
def plain(monkeypatch):
    """A function that runs ``fn()`` with the plain computations in place of the fast paths."""

    def run(fn):
        with monkeypatch.context() as m:
            m.setattr(Bot, "choose_discard", plain_choose_discard)
            m.setattr(Claims, "claimants", plain_claimants)
            return fn()

    return run


def _same_logs(a, b):
    assert len(a.log) == len(b.log)
    for k, (x, y) in enumerate(zip(a.log, b.log)):
        assert x == y, f"event {k}: {x} != {y}"
    assert a.payments == b.payments


def test_the_plain_reference_is_really_used(plain):
    calls = []

    def counting(self, table, seat):
        calls.append(seat)
        return plain_choose_discard(self, table, seat)

    def run():
        Bot.choose_discard = counting  # restored by the fixture's monkeypatch context
        return play_hand(Table("mcr", seed=1))

    plain(run)
    assert calls and Bot.choose_discard is not counting


@pytest.mark.parametrize("first", [0, 40])
def test_quiz_hands_play_the_same_with_the_plain_computations(plain, first):
    for seed in range(first, first + 40):
        fast_win, fast_snaps = simulate(random.Random(seed), keep_snapshots=True)
        slow_win, slow_snaps = plain(lambda seed=seed: simulate(random.Random(seed), keep_snapshots=True))
        assert (fast_win is None) == (slow_win is None)
        table = (fast_win or fast_snaps[0]).table if (fast_win or fast_snaps) else None
        other = (slow_win or slow_snaps[0]).table if (slow_win or slow_snaps) else None
        if table is not None:
            _same_logs(table, other)
        assert [(s.seat, s.counts, s.discarded, s.at) for s in fast_snaps] == [
            (s.seat, s.counts, s.discarded, s.at) for s in slow_snaps
        ]


@pytest.mark.parametrize("rules", rule_names())
def test_every_rule_set_plays_the_same_with_the_plain_computations(plain, rules):
    for seed in range(6):
        fast = play_hand(Table(rules, seed=seed))
        slow = plain(lambda seed=seed: play_hand(Table(rules, seed=seed)))
        _same_logs(fast, slow)


def test_regular_only_players_play_the_same(plain):
    def bots(seed):
        return [Bot(seed * 4 + s, all_forms=False) for s in range(4)]

    for seed in range(10):
        fast = play_hand(Table("mcr", seed=seed), bots(seed))
        slow = plain(lambda seed=seed: play_hand(Table("mcr", seed=seed), bots(seed)))
        _same_logs(fast, slow)


def test_claimants_are_the_seats_with_a_possible_claim_at_every_discard(monkeypatch):
    """At every discard of many hands (every rule set, the quiz's players too): the seats asked are
    exactly those to whom Claims.possible_claims offers something."""
    fast = Claims.claimants
    checked = []

    def both(self, discarder, t):
        got = fast(self, discarder, t)
        assert got == plain_claimants(self, discarder, t), (self.t.log[-1], got)
        checked.append(bool(got))
        return got

    monkeypatch.setattr(Claims, "claimants", both)
    for rules in rule_names():
        for seed in range(4):
            play_hand(Table(rules, seed=seed))
    for seed in range(20):
        simulate(random.Random(seed))
    assert len(checked) > 1000 and 100 < sum(checked) < len(checked)
