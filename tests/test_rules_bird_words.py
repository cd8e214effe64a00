"""Changsha's bird rule says in its own text that the dealer counts as one (not only in an example),
and the engine counts the same way."""

from __future__ import annotations

import pytest

from mjlearn.rules.changsha import ABOUT
from mjlearn.rules.registry import get as get_rules
from mjlearn.rules.win import Context
from mjlearn.tiles import Tile


def _bird_line():
    return next(line for line in ABOUT.special if "扎鸟" in line[0])


def test_the_bird_rule_says_the_dealer_counts_as_one():
    zh, en = _bird_line()
    assert "from the dealer" in en and "the dealer counting as one" in en, en
    assert "从庄家数起" in zh and "庄家算一" in zh, zh
    ruling = next(r for r in ABOUT.rulings if r.option == "bird_origin")
    assert "counts as one" in ruling.follows[1] and "庄家算一" in ruling.follows[0]


@pytest.mark.parametrize(("bird", "lands"), [("1p", 0), ("5s", 0), ("9m", 0), ("2p", 1), ("3m", 2), ("4s", 3)])
def test_the_engine_counts_the_dealer_as_one(bird, lands):
    rs = get_rules("changsha")
    for dealer in "ESWN":
        ctx = Context({"winner": "S", "dealer": dealer, "bird": Tile(bird), "self_drawn": True})
        seats = "ESWN"
        assert rs.bird_seat(ctx["bird"], ctx) == seats[(seats.index(dealer) + lands) % 4]
