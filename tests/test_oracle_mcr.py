"""Differential tests: mjlearn's MCR scorer against the reference calculator PyMahjongGB 1.4.0.

Same fans with the same counts and the same total, on 50,000 random winning hands of the mix
(tests/mcr_hands.py) plus targeted hands for rare fans, with fixed seeds; every one of the 82 fans
must occur in the agreeing set. A larger run is marked ``slow``. Any disagreement under the default
profile is a bug until a documented profile switch explains it.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import MahjongGB  # the reference calculator: a test dependency, never used by the package
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_hands as H

from mjlearn.mcr import score


def _compare(cases):
    agree, disagree, covered = 0, [], collections.Counter()
    for hand, ctx in cases:
        ref = H.reference_fans(hand, ctx)
        res = score(hand, **ctx)
        mine = res.fan_counts() if res.is_winning else None
        if mine is not None:
            # the counts the scorer compared readings with = the fans of the explanation, and the total
            assert H.mine_fans(res) == mine, (hand, ctx, H.mine_fans(res), mine)
            assert res.total == sum(s.total for s in res.fans), (hand, ctx)
        if mine == ref:
            agree += 1
            covered.update((mine or {}).keys())
        else:
            disagree.append((hand, ctx, ref, mine))
    return agree, disagree, covered


def _totals_agree(cases):
    for hand, ctx in cases:
        res = score(hand, **ctx)
        try:
            ref = MahjongGB.MahjongFanCalculator(*H.to_reference(hand, ctx), verbose=True)
        except TypeError:
            assert not res.is_winning
            continue
        assert res.total == sum(p * n for p, n, _, _ in ref), (hand, ctx)


def test_fifty_thousand_random_hands_agree_and_cover_every_fan():
    cases = H.random_cases(40000, seed=20240501) + H.targeted_cases(10000, seed=20240502)
    agree, disagree, covered = _compare(cases)
    assert not disagree, f"{len(disagree)} disagreements, first: {disagree[:3]}"
    assert agree == 50000
    assert set(covered) == set(range(1, 83)), f"fans never seen: {sorted(set(range(1, 83)) - set(covered))}"


def test_totals_agree():
    _totals_agree(H.random_cases(3000, seed=7) + H.targeted_cases(2000, seed=8))


def test_incomplete_hands_agree_that_they_are_not_wins():
    import random

    rng = random.Random(5)
    n = 0
    for hand, ctx in H.random_cases(2000, seed=9):
        # swap the winning tile for a random other tile: usually no longer a win
        h = hand.rsplit("+", 1)[0]
        t = rng.choice(["1m", "5p", "9s", "E", "C"])
        cand = f"{h}+{t}"
        try:
            res = score(cand, **{**ctx, "kong": False, "last_tile": False})
        except ValueError:
            continue
        ref = H.reference_fans(cand, {**ctx, "kong": False, "last_tile": False})
        assert (ref is None) == (not res.is_winning), cand
        n += 1
    assert n > 1000


@pytest.mark.slow
def test_large_differential_run():
    cases = H.random_cases(300000, seed=99) + H.targeted_cases(100000, seed=98)
    _agree, disagree, covered = _compare(cases)
    assert not disagree, f"{len(disagree)} disagreements, first: {disagree[:3]}"
    assert set(covered) == set(range(1, 83))
