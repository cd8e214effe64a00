"""The split shown under a shanten number: among the splits that give the number, one with a pair
(a beginner holding pairs looks for the pair; "pair: none" beside two pairs reads as a mistake)."""

from __future__ import annotations

import random

import pytest

from mjlearn.hand import Hand
from mjlearn.quiz.kinds._explain import split_lines
from mjlearn.shanten_core import regular_shanten_of_counts, regular_split_of_counts


@pytest.mark.parametrize("hand", ["7899m1256p45sNFP", "3557m444p1233sEW", "1279m22348p1269s", "689m344489p13sEW"])
def test_a_hand_holding_pairs_is_split_with_a_pair_when_that_gives_the_same_number(hand):
    h = Hand.from_str(hand)
    split = regular_split_of_counts(h.counts)
    assert split["pair"] is not None, split
    assert split["shanten"] == regular_shanten_of_counts(list(h.counts))
    en = split_lines(h)[0][1]
    assert "pair: none" not in en, en


def test_the_split_still_gives_the_hand_s_number():
    rng = random.Random(30)
    for _ in range(400):
        wall = [i for i in range(34) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * 34
        for i in wall[:13]:
            counts[i] += 1
        s = regular_split_of_counts(counts)
        assert s["shanten"] == regular_shanten_of_counts(counts)
        groups = [*s["sets"], *s["partials"], *([s["pair"]] if s["pair"] else []), *[(i,) for i in s["singles"]]]
        assert sorted(i for g in groups for i in g) == sorted(i for i in range(34) for _ in range(counts[i]))
