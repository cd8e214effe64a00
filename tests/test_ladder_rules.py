"""The ladder's small games as rule sets: what each deals from which wall, which hands win, and the
shanten, waits and coach of short hands (checked against brute force over every complete hand)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.coaching import coach, standing
from mjlearn.errors import InvalidHandError
from mjlearn.quiz.ladder import rungs
from mjlearn.rules import get, names
from mjlearn.rules.declarations import TileSet, TileSetError
from mjlearn.rules.registry import ladder
from mjlearn.rules.small_games import LADDER
from mjlearn.rules.tablefacts import TableFacts
from mjlearn.shanten_core import shanten_of_counts, waits_of_counts
from mjlearn.table import Table, play_hand
from mjlearn.table.deal import stacked_arrangement
from mjlearn.table.setup import deal_rounds

SMALL = ("ladder5", "ladder8", "ladder11", "ladder14")
SIZES = {"ladder5": 5, "ladder8": 8, "ladder11": 11, "ladder14": 14, "free": 14}
WALLS = {
    "ladder5": "123456789p",
    "ladder8": "123456789pCFP",
    "ladder11": "123456789pESWNCFP",
    "ladder14": "123456789m123456789p",
}


def _kinds(notation: str) -> set[int]:
    return {t.index for t in mj.parse_tiles(notation)}


# --- the ladder in the registry -------------------------------------------------------------------


def test_the_rungs_are_registry_rule_sets_in_order_ending_with_mcr():
    assert [r.rules for r in rungs()] == ["ladder5", "ladder8", "ladder11", "ladder14", "free", "mcr"]
    assert [rs.name for rs in ladder()] == ["ladder5", "ladder8", "ladder11", "ladder14", "free"]
    for r in rungs():
        assert get(r.rules).name == r.rules
        assert r.wins == 3 and r.explain and all(zh and en for zh, en in r.explain)
    assert all(rs.rung is not None for rs in LADDER) and get("mcr").rung is None


def test_the_small_games_stay_out_of_the_regional_listing():
    assert not set(SIZES) & set(names())
    assert set(SIZES) <= set(names(practice=True))
    assert "ladder5" not in list(mj.RULESETS) and "ladder5" in mj.RULESETS  # found, not listed
    assert len(mj.RULESETS) == len(names())


def test_declarations_are_checked():
    with pytest.raises(ValueError, match="table fact hand_size=6 is not one of 14, 11, 8, 5"):
        TableFacts(hand_size=6)
    with pytest.raises(ValueError, match="kinds must be distinct tile indices"):
        TileSet(kinds=(3, 3))
    with pytest.raises(ValueError, match="kinds must be distinct tile indices"):
        TileSet(kinds=(40,))


# --- the deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n, rounds", [(14, (4, 4, 4)), (11, (4, 4, 1)), (8, (4, 2)), (5, (3,))])
def test_deal_rounds_add_up_to_the_hand(n, rounds):
    assert deal_rounds(n) == rounds and sum(rounds) + 1 == n - 1


@pytest.mark.parametrize("rules", SMALL)
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_each_rung_deals_its_hand_size_from_its_own_wall(rules, seed):
    t = Table(rules, seed=seed)
    n = SIZES[rules]
    assert [t.tile_count(s) for s in "ESWN"] == [n, n - 1, n - 1, n - 1]
    kinds = _kinds(WALLS[rules])
    assert len(t.wall) == 4 * len(kinds)
    assert sorted(t.wall.arrangement) == sorted(k for k in kinds for _ in range(4))
    census = t.tile_census()
    assert all(census[i] == (4 if i in kinds else 0) for i in range(42))


def test_the_free_rung_deals_the_whole_set_with_flowers():
    t = Table("free", seed=3)
    assert len(t.wall) == 144 and sum(t.tile_census()) == 144


@pytest.mark.parametrize("rules", [*SMALL, "free"])
def test_each_rung_plays_to_an_end_that_conserves_the_tiles(rules):
    for seed in range(6):
        t = play_hand(Table(rules, seed=seed))
        assert t.is_over
        assert sum(t.tile_census()) == len(t.wall)
        for w in t.winners:
            assert w.hand.tile_count == SIZES[rules]
            assert sum(w.payments) == 0


def test_a_stacked_small_deal_gives_the_hands_asked():
    hands = ["1239p", "4567p", "1288p", "3456p"]  # East short of a tile
    arr = stacked_arrangement("ladder5", [(3, 4)], ["12399p", "4567p", "1288p", "3456p"], draws=["9p"])
    t = Table("ladder5", arrangement=arr, dice=[(3, 4)])
    assert [t.hand_of(s) for s in range(4)] == ["12399p", "4567p", "1288p", "3456p"]
    with pytest.raises(ValueError, match="5 tiles for East, 4 for each other seat"):
        stacked_arrangement("ladder5", [(3, 4)], hands, draws=["9p"])


# --- wins of each size ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, hand, legal",
    [
        ("ladder5", "123p5p+5p", True),
        ("ladder5", "999p5p+5p", True),
        ("ladder5", "123p6p+5p", False),
        ("ladder5", "[123p,3]5p+5p", True),
        ("ladder8", "123p456p9p+9p", True),
        ("ladder8", "123pCCC9p+9p", True),
        ("ladder8", "123pCC99p+F", False),
        ("ladder11", "123p456pEEE9p+9p", True),
        ("ladder11", "[NNN,1]123p456pC+C", True),
        ("ladder11", "123p456pEE99p+C", False),
        ("ladder14", "123456789m1239p+9p", True),
        ("ladder14", "1133557799m113p+3p", True),  # seven pairs
        ("ladder14", "123456789m1239p+8p", False),
    ],
)
def test_each_rung_recognises_wins_of_its_size(rules, hand, legal):
    r = get(rules).score(hand, winner="S", discarder="E")
    assert r.legal is legal
    if legal:
        assert r.total == 1 and r.payments == {"E": -1, "S": 1, "W": 0, "N": 0}
        drawn = get(rules).score(hand, winner="S", self_drawn=True)
        assert drawn.total == 2 and drawn.payments == {"E": -2, "S": 6, "W": -2, "N": -2}
    else:
        assert r.reason is not None and r.payments == dict.fromkeys("ESWN", 0)


def test_a_hand_of_another_size_or_from_outside_the_wall_is_refused_clearly():
    with pytest.raises(InvalidHandError, match="has 14 tiles"):
        get("ladder5").score("123456789p1239p+9p", winner="S", self_drawn=True)
    with pytest.raises(TileSetError, match="not used in this game") as e:
        get("ladder5").score("123m5m+5m", winner="S", self_drawn=True)
    assert "不用" in str(e.value)
    with pytest.raises(TileSetError, match="E"):
        get("ladder8").score("123pEEE9p+9p", winner="S", self_drawn=True)


def test_the_free_rung_wins_under_eight_points_where_mcr_does_not():
    hand = "[123m,3]456p678s23s55p+4s"  # all chows, 2 points: under the minimum
    assert not mj.score(hand, winner="S", discarder="E").legal
    r = get("free").score(hand, winner="S", discarder="E")
    assert r.legal and 0 < r.total < 8
    assert r.payments == {"E": -(8 + r.total), "S": 24 + r.total, "W": -8, "N": -8}
    assert {i.key for i in r.items} == {str(f.id) for f in mj.score(hand, winner="S", discarder="E").fans}


# --- shanten and waits of short hands, against brute force -----------------------------------------


def _complete_hands(kinds: list[int], sets: int) -> np.ndarray:
    """Every complete hand of ``sets`` sets and a pair from ``kinds`` (at most four of a tile), one
    row of 34 counts each."""
    melds = [(k, k, k) for k in kinds]
    melds += [(k, k + 1, k + 2) for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
    out = set()
    for combo in itertools.combinations_with_replacement(melds, sets):
        for pair in kinds:
            c = [0] * 34
            for t in (*itertools.chain.from_iterable(combo), pair, pair):
                c[t] += 1
            if max(c) <= 4:
                out.add(tuple(c))
    return np.array(sorted(out))


def _brute_shanten(held: list[int], complete: np.ndarray) -> int:
    """Draws still needed to reach a complete hand, less one: the least number of a complete hand's
    tiles the held ones lack, minus one."""
    return int(np.maximum(complete - np.array(held), 0).sum(axis=1).min()) - 1


@pytest.mark.parametrize("rules, sets", [("ladder5", 1), ("ladder8", 2), ("ladder11", 3)])
def test_shanten_of_short_hands_matches_brute_force(rules, sets):
    rs = get(rules)
    kinds = sorted(_kinds(WALLS[rules]))
    complete = _complete_hands(kinds, sets)
    rng = random.Random(rules)
    pool = [k for k in kinds for _ in range(4)]
    n = rs.table.hand_size - 1
    after = {tuple(w) for w in complete.tolist()}
    for _ in range(60):
        counts = [0] * 34
        for t in rng.sample(pool, n):
            counts[t] += 1
        assert shanten_of_counts(counts, rs.table.short_sets) == _brute_shanten(counts, complete), counts
        brute = [t for t in kinds if counts[t] < 4 and tuple(c + (i == t) for i, c in enumerate(counts)) in after]
        assert list(waits_of_counts(counts, rs.table.short_sets)) == brute


def test_the_coach_advises_a_short_hand_by_the_brute_force_shanten():
    rs = get("ladder8")
    kinds = sorted(_kinds(WALLS["ladder8"]))
    complete = _complete_hands(kinds, 2)
    advice = coach("1245p9pCFP", rules="ladder8", seed=1)
    held = [0] * 34
    for t in mj.parse_tiles("1245p9pCFP"):
        held[t.index] += 1
    for option in advice:
        left = list(held)
        left[option.discard.index] -= 1
        assert option.shanten == _brute_shanten(left, complete)
    assert advice.best.shanten == min(o.shanten for o in advice)
    assert advice.best.discard in mj.parse_tiles("9pCFP")  # a lonely tile goes
    st = standing("123p99pCC", rules=rs, draws_left=5)
    assert st.shanten == 0 and {str(t) for t in st.useful} == {"9p", "C"}
    with pytest.raises(InvalidHandError, match="advises a 8-tile hand"):
        coach("123456789p1239p", rules="ladder8")


def test_a_short_hand_outside_a_small_game_is_still_a_clear_error():
    with pytest.raises(InvalidHandError, match="wrong tile count: 4 tiles before the winning tile"):
        mj.score("123p5p+5p")
    with pytest.raises(InvalidHandError, match="wrong tile count"):
        mj.shanten("123p5p")
    with pytest.raises(InvalidHandError, match="wrong tile count: 12 tiles"):
        mj.Hand.from_str("123m456p789sEEN")


def test_every_rungs_example_is_a_win_of_its_size_under_its_own_rules():
    """The winning hand drawn under each rung's explanation is one its rule set scores as a win."""
    from mjlearn.notation import parse_hand
    from mjlearn.quiz.ladder import rungs
    from mjlearn.rules.registry import get as rules_of

    sizes = {"ladder5": 5, "ladder8": 8, "ladder11": 11}
    for step in rungs():
        rung, name = step.rung, step.rules
        assert rung.example, name
        hand = parse_hand(rung.example)
        assert len(hand.tiles()) == sizes.get(name, 14), name
        r = rules_of(name).score(rung.example, winner="S", discarder="E")
        assert r.legal, (name, r.reason)
