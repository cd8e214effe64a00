"""Xi'an: the documents' worked example, legality, each pattern, payments, errors."""

import pytest

from mjlearn.rules import ContextError, TileSetError, get, score
from mjlearn.rules.xian import nearest_claimant, next_dealer, reserve_stacks

# South: concealed kong of 5p, closed wait 4m-6m; East pays nothing special: no dealer premium
EX_HAND = "[5555p]12346789mEE+5m"


def test_worked_example_8_8_self_draw_closed_wait():
    r = score(EX_HAND, rules="xian", winner="S", self_drawn=True, bets={"S": 2, "N": 1}, other_kongs={"W": (1, 0)})
    assert r.legal
    assert r.total == 3
    assert [(i.key, i.value) for i in r.items] == [("self_draw", 2), ("closed_wait", 1)]
    assert r.payments == {"E": -10, "S": 28, "W": -6, "N": -12}


def test_worked_example_8_8_kong_replacement_variant():
    r = score(EX_HAND, rules="xian", winner="S", self_drawn=True, kong=True)
    assert r.total == 6  # 3 × 2 from each
    # 暗杠 2 from each plus the win 6 from each
    assert r.payments == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_worked_example_8_8_discard_variant_bets_not_doubled():
    r = score(EX_HAND, rules="xian", winner="S", discarder="W", bets={"S": 2, "N": 1}, other_kongs={"W": (1, 0)})
    assert r.total == 2  # closed wait on a discard: West pays 2
    win = [t for t in r.transfers if t[3][1].startswith("South wins")]
    assert win == [("W", "S", 2, win[0][3])]
    # 暗杠 (E-2 S+6 W-2 N-2), 明杠 (E-1 S-1 W+3 N-1), win (W-2), South's bet 2 from each, North's 1
    assert r.payments == {"E": -5, "S": 14, "W": -3, "N": -6}


@pytest.mark.parametrize(
    "hand, ctx, amount, keys",
    [
        ("123m456p789s123sE+E", {"self_drawn": True}, 3, ["self_draw", "single_wait"]),  # pair wait: +1
        ("123m456p789s12sEE+3s", {"self_drawn": True}, 2, ["self_draw"]),  # edge: not 夹张
        ("123m456p789s23sEE+1s", {"self_drawn": True}, 2, ["self_draw"]),  # two-sided
        ("123m456p789s13sEE+2s", {"self_drawn": True}, 3, ["self_draw", "closed_wait"]),
        ("123m456p789s13sEE+2s", {"discarder": "N"}, 2, ["discard_win", "closed_wait"]),
        ("123m456p789s23sEE+1s", {"discarder": "N"}, 1, ["discard_win"]),
        ("123m456p789s23sEE+1s", {"self_drawn": True, "heavenly": True}, 6, ["self_draw", "heavenly"]),
        ("123m456p789s123sE+E", {"self_drawn": True, "heavenly": True}, 9, ["self_draw", "single_wait", "heavenly"]),
    ],
)
def test_each_pattern(hand, ctx, amount, keys):
    r = score(hand, rules="xian", **ctx)
    assert r.legal and r.total == amount
    assert [i.key for i in r.items] == keys


def test_edge_wait_option_a_xa_5():
    rs = get("xian").with_options(edge_wait_counts=True)
    r = rs.score("123m456p789s12sEE+3s", self_drawn=True)
    assert r.total == 3 and [i.key for i in r.items] == ["self_draw", "edge_wait"]


@pytest.mark.parametrize("hand", ["1133557799m11p2s+2s"])
def test_seven_pairs_is_illegal_here_but_legal_in_beijing(hand):
    r = score(hand, rules="xian", self_drawn=True)
    assert not r.legal and "four sets and a pair" in r.reason[1]
    assert r.payments == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert score(hand, rules="beijing", self_drawn=True).legal


def test_not_complete_and_robbing_are_illegal():
    assert not score("123m456p789s12sEE+5s", rules="xian", self_drawn=True).legal
    r = score("123m456p789s13sEE+2s", rules="xian", discarder="N", kong=True)
    assert not r.legal and "robbing" in r.reason[1]


def test_kong_money_added_kong_and_options():
    # winner's added kong paid as 明杠 by default (option ``added_kong``), as 暗杠 with the option
    h = "[5555p,5]12346789mEE+5m"
    r = score(h, rules="xian", winner="E", self_drawn=True)
    assert r.payments == {"E": 3 * 1 + 3 * 3, "S": -4, "W": -4, "N": -4}
    r2 = get("xian").with_options(added_kong="concealed").score(h, winner="E", self_drawn=True)
    assert r2.payments["E"] == 3 * 2 + 3 * 3
    # only the winner's kongs when kong_payers='owner_wins'
    r3 = (
        get("xian")
        .with_options(kong_payers="owner_wins")
        .score(h, winner="E", self_drawn=True, other_kongs={"W": (0, 1)})
    )
    assert r3.payments["W"] == -4


def test_losing_bet_option_and_base():
    r = (
        get("xian")
        .with_options(losing_bet_to="each", base=5)
        .score("123m456p789s23sEE+1s", winner="S", discarder="N", bets={"W": 1})
    )
    # win 5 from North; West's lost unit (5) goes to each of the three others
    assert r.payments == {"E": 5, "S": 10, "W": -15, "N": 0}


@pytest.mark.parametrize(
    "hand, ctx",
    [
        (
            "123m456p789s23sEE+1s",
            {"self_drawn": True, "bets": {"E": 3, "S": 1, "W": 2, "N": 5}, "other_kongs": {"S": (2, 1), "N": (0, 1)}},
        ),
        ("[5555p]12346789mEE+5m", {"winner": "N", "discarder": "E", "bets": {"N": 4, "W": 1}}),
        ("[5555p,1][777s,2]123m46mEE+5m", {"winner": "W", "discarder": "S", "kong": False}),
    ],
)
def test_payments_sum_to_zero(hand, ctx):
    r = score(hand, rules="xian", **ctx)
    assert r.legal and sum(r.payments.values()) == 0
    assert r.to_dict()["payments"] == r.payments


def test_unused_tiles_and_bad_context_are_errors():
    with pytest.raises(TileSetError, match="without flowers"):
        score("123m456p789s23sEE+1sa", rules="xian", self_drawn=True)
    with pytest.raises(ContextError, match="does not use the context keyword 'wild'"):
        score("123m456p789s23sEE+1s", rules="xian", self_drawn=True, wild="5m")
    with pytest.raises(ContextError, match="bets"):
        score("123m456p789s23sEE+1s", rules="xian", self_drawn=True, bets={"X": 1})
    with pytest.raises(ContextError, match="whole number"):
        score("123m456p789s23sEE+1s", rules="xian", self_drawn=True, bets={"S": -1})
    with pytest.raises(ContextError, match="heavenly"):
        score("123m456p789s23sEE+1s", rules="xian", winner="S", self_drawn=True, heavenly=True)


def test_table_helpers():
    assert [reserve_stacks(k) for k in range(5)] == [13, 7, 8, 13, 13]
    assert next_dealer("E", "E") == "E" and next_dealer("E", None) == "E" and next_dealer("E", "N") == "S"
    assert nearest_claimant("N", ["W", "S"]) == "S"
    with pytest.raises(ValueError):
        reserve_stacks(-1)


def test_registry_and_aliases():
    assert get("西安麻将") is get("Xi'an") is get("xian")
    assert get("xian").tiles.size == 136 and not get("xian").seven_pairs
