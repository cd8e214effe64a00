"""Fuzhou: worked examples 1 to 4, 金 wild, honors as flowers, bonus hands, formula, errors."""

import pytest

from mjlearn.rules import ContextError, TileSetError, get, score
from mjlearn.rules.fuzhou import claim_priority, false_win_payments

FZ = get("fuzhou")
JIN = "9s"


def keys(r):
    return {i.key: i.value * i.count for i in r.items}


def test_fz_ex1_ordinary_self_draw_and_discard():
    # flowers 春 (a), 梅 (e), E and C; one exposed kong
    h = "[5555s,1]123m456m789p4pae+4p"
    r = score(h, rules="fuzhou", winner="S", self_drawn=True, flowers="EC", wild=JIN)
    assert r.extra["F"] == 5 and not r.extra["bonus"]
    assert r.payments == {"E": -10, "S": 30, "W": -10, "N": -10}
    d = score(h, rules="fuzhou", winner="S", discarder="W", flowers="EC", wild=JIN)
    assert d.payments == {"E": 0, "S": 5, "W": -5, "N": 0}


def test_fz_ex2_gold_sparrow():
    r = score("123m456m789p234s9s+9s", rules="fuzhou", winner="N", self_drawn=True, flowers="aEC", wild=JIN)
    assert keys(r) == {"gold_sparrow": 60, "flower": 3}
    assert r.total == 66 and r.payments["N"] == 198


def test_fz_ex3_gold_sparrow_with_no_flowers():
    r = score("123m456m789p234s9s+9s", rules="fuzhou", winner="N", self_drawn=True, wild=JIN)
    assert keys(r) == {"gold_sparrow": 60, "plain_bonus": 10}  # not also 平胡 30
    assert r.total == 70 and r.payments["N"] == 210


def test_fz_ex4_dealer_streak():
    r = score("123m456m789p234s6p+6p", rules="fuzhou", winner="W", self_drawn=True, flowers=4, wild=JIN, streak=2)
    assert r.payments == {"E": -12, "S": -8, "W": 28, "N": -8}


def test_streak_when_the_dealer_wins_and_on_a_discard():
    r = score("123m456m789p234s6p+6p", rules="fuzhou", winner="E", self_drawn=True, flowers=4, wild=JIN, streak=2)
    assert r.payments == {"E": 36, "S": -12, "W": -12, "N": -12}
    d = score("123m456m789p234s6p+6p", rules="fuzhou", winner="W", discarder="S", flowers=4, wild=JIN, streak=2)
    # S pays F = 4; the dealer pays the winner his streak L = 2
    assert d.payments == {"E": -2, "S": -4, "W": 6, "N": 0}


@pytest.mark.parametrize(
    "hand, ctx, expect",
    [
        ("123m456m789p234s6p+6p", {"self_drawn": True}, {"plain_win": 30}),
        ("123m456m789p234s6p+6p", {"discarder": "E"}, {"plain_win": 30}),  # bonus: all three pay
        ("123m456m789p234s6p+6p", {"self_drawn": True, "first_go_around": True}, {"grab_gold": 30, "plain_bonus": 10}),
        (
            "123m456m789p99s12s+3s",
            {"self_drawn": True, "first_go_around": True},  # 金雀 beats 抢金
            {"gold_sparrow": 60, "plain_bonus": 10},
        ),
        (
            "123m456m789p234s6p+6p",
            {"winner": "E", "self_drawn": True, "heavenly": True, "flowers": 1},
            {"grab_gold": 30, "flower": 1},
        ),
        ("13579m12468p999s+1s", {"self_drawn": True, "flowers": "ab"}, {"three_golds": 40, "flower": 2}),
        ("[5555s]123m456m789p6p+6p", {"self_drawn": True}, {"concealed_kong": 2}),
        ("[5555s,5]123m456m789p6p+6p", {"self_drawn": True}, {"exposed_kong": 1}),
        ("123m456m789p234s6p+6p", {"self_drawn": True, "flowers": "abcdEEEE"}, {"flower": 8, "flower_group": 4}),
    ],
)
def test_each_pattern(hand, ctx, expect):
    r = score(hand, rules="fuzhou", wild=JIN, **({"winner": "S"} | ctx))
    assert r.legal
    assert keys(r) == expect


def test_bonus_payments_formula():
    r = score("123m456m789p234s6p+6p", rules="fuzhou", winner="S", discarder="E", wild=JIN)
    assert r.total == 30 and r.payments == {"E": -30, "S": 90, "W": -30, "N": -30}
    alone = FZ.with_options(bonus_payers="discarder").score(
        "123m456m789p234s6p+6p", winner="S", discarder="E", wild=JIN
    )
    assert alone.payments == {"E": -30, "S": 30, "W": 0, "N": 0}
    three = score("13579m12468p999s+1s", rules="fuzhou", winner="S", self_drawn=True, wild=JIN)
    assert three.total == 50  # 三金倒 40 + 10 (F = 0)


def test_three_golds_wins_whatever_the_shape():
    r = score("13579m12468p999s+1s", rules="fuzhou", winner="S", self_drawn=True, wild=JIN)
    assert r.legal and r.shape == "three_golds" and keys(r) == {"three_golds": 40, "plain_bonus": 10}
    two = score("13579m12468p199s+1s", rules="fuzhou", winner="S", self_drawn=True, wild=JIN)
    assert not two.legal


def test_qiangjin_options():
    h = "123m456m789p234s6p+6p"
    assert "grab_gold" not in keys(score(h, rules="fuzhou", winner="S", self_drawn=True, wild=JIN))
    assert (
        keys(
            FZ.with_options(qiangjin_plus10="always").score(
                h, winner="S", self_drawn=True, wild=JIN, first_go_around=True, flowers=1
            )
        ).get("plain_bonus")
        == 10
    )
    assert "plain_bonus" not in keys(
        score(h, rules="fuzhou", winner="S", self_drawn=True, wild=JIN, first_go_around=True, flowers=1)
    )
    street = FZ.with_options(qiangjin_rule="street")
    assert "grab_gold" in keys(street.score(h, winner="S", self_drawn=True, wild=JIN, took_indicator=True))
    with pytest.raises(ContextError, match="street"):
        score(h, rules="fuzhou", winner="S", self_drawn=True, wild=JIN, took_indicator=True)


@pytest.mark.parametrize(
    "hand, ctx, why",
    [
        ("1133557799m11p2s+2s", {"self_drawn": True}, "four sets and a pair"),  # seven pairs
        ("[999s,1]123m456m789p5s+5s", {"discarder": "N"}, "cannot be used in a claim"),
        ("123m456m789p2345s+9s", {"discarder": "N"}, "never be discarded"),
        ("123m456m789p234s9s+5s", {"discarder": "N"}, "may only self-draw"),  # 游金
        ("123m456m789p234s6p+6p", {"discarder": "N", "passed_same_tile": True}, "过水"),
    ],
)
def test_illegal_here(hand, ctx, why):
    r = score(hand, rules="fuzhou", winner="S", wild=JIN, **ctx)
    assert not r.legal and why in r.reason[1]
    assert r.payments == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_legal_here_illegal_elsewhere_and_the_reverse():
    # a 金 standing for 8m completes this hand in Fuzhou; without the wild (Xi'an) it is not a win
    h = "123m456m79m555p11p+9s"
    assert score(h, rules="fuzhou", winner="S", self_drawn=True, wild=JIN).legal
    assert not score(h, rules="xian", winner="S", self_drawn=True).legal
    # a hand with honors is fine in Xi'an but cannot even be held in Fuzhou
    with pytest.raises(TileSetError, match="flower"):
        score("123m456p789s23sEE+1s", rules="fuzhou", self_drawn=True)


def test_chow_with_gold_option():
    h = "[789s,1]123m456m789p6p+6p"
    assert not score(h, rules="fuzhou", winner="S", self_drawn=True, wild=JIN).legal
    assert FZ.with_options(gold_claims="no_pung").score(h, winner="S", self_drawn=True, wild=JIN).legal


@pytest.mark.parametrize(
    "ctx",
    [
        {"winner": "E", "self_drawn": True, "streak": 3, "flowers": "aE"},
        {"winner": "N", "discarder": "W", "streak": 1, "flowers": 2},
        {"winner": "S", "discarder": "E", "streak": 2},
    ],
)
def test_payments_sum_to_zero(ctx):
    r = score("123m456m789p234s6p+6p", rules="fuzhou", wild=JIN, **ctx)
    assert r.legal and sum(r.payments.values()) == 0


def test_errors_and_helpers():
    with pytest.raises(ContextError, match="suited"):
        score("123m456m789p234s6p+6p", rules="fuzhou", self_drawn=True, wild="C")
    with pytest.raises(ContextError, match="playable tile"):
        score("123m456m789p234s6p+6p", rules="fuzhou", self_drawn=True, flowers="5m")
    with pytest.raises(ContextError, match="four"):
        score("123m456m789p234s6p+6p", rules="fuzhou", self_drawn=True, flowers="EEEEE")
    from mjlearn.rules import RulesError

    with pytest.raises(RulesError, match="hand_size"):
        FZ.with_options(hand_size=16)  # 16-tile Fuzhou (option ``hand_size``) is not supported
    assert false_win_payments("N", base=2) == {"E": 60, "S": 60, "W": 60, "N": -180}
    assert claim_priority("W", ["E", "S"]) == "E" and claim_priority("W", ["E", "S"], gold_sparrow=["S"]) == "S"
