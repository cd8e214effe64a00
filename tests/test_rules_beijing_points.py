"""Beijing / Hebei / Shandong points family: worked examples 1 to 6, the comparison hand's rows
(tests/test_rules_compare.py), each doubling, legality."""

import pytest

from mjlearn.rules import score

NAMES = ["bj_basic", "bj_new", "hebei1", "hebei2", "shandong1", "shandong2"]


@pytest.mark.parametrize(
    "rules, hand, ctx, total, payments",
    [
        # worked example 1: dealer, opened with a chow, straight with a wild for 8m, exposed kong of 3p
        (
            "bj_basic",
            "[123m,1][3333p,1]45679m5sE+E",
            dict(winner="E", self_drawn=True, wild="5s"),
            4,
            {"E": 18, "S": -6, "W": -6, "N": -6},
        ),
        # worked example 2: fully natural luxury seven pairs, d = 5
        (
            "bj_basic",
            "11112233p55667s+7s",
            dict(winner="S", self_drawn=True),
            32,
            {"E": -64, "S": 128, "W": -32, "N": -32},
        ),
        # worked example 3: concealed self-draw, 5 × 2 × 2
        (
            "bj_new",
            "123456m789p23sEE+4s",
            dict(winner="W", self_drawn=True),
            20,
            {"E": -40, "S": -20, "W": 80, "N": -20},
        ),
        # worked example 4: 杠随胡 — West's exposed kong earns nothing
        (
            "hebei1",
            "[1111p]123456m789pE+E",
            dict(winner="S", discarder="N", other_kongs={"W": (1, 0)}),
            5,
            {"E": -10, "S": 35, "W": -10, "N": -15},
        ),
        # worked example 5: dealer seven pairs on West's discard
        ("hebei1", "1122335566779p+9p", dict(winner="E", discarder="W"), 20, {"E": 20, "S": 0, "W": -20, "N": 0}),
        # worked example 6: self-draw on a closed wait, 10 × 4
        (
            "shandong2",
            "123m456m789p24s55p+3s",
            dict(winner="N", self_drawn=True),
            40,
            {"E": -80, "S": -40, "W": -40, "N": 160},
        ),
    ],
)
def test_worked_examples(rules, hand, ctx, total, payments):
    r = score(hand, rules=rules, **ctx)
    assert r.legal, r.reason
    assert r.total == total and r.payments == payments


def test_bjp_ex2_merge_switch():
    r = score("11112233p55667s+7s", rules="bj_basic", winner="S", self_drawn=True, options={"merge_no_wild": True})
    assert r.total == 16 and r.payments["S"] == 64


@pytest.mark.parametrize("rules, paid", [("bj_basic", 32), ("bj_new", 10), ("hebei1", 5), ("hebei2", 10)])
def test_section_14_3(rules, paid):
    r = score("12346789mEEE44s+5m", rules=rules, winner="S", discarder="N")
    assert r.legal and r.payments["N"] == -paid


@pytest.mark.parametrize("rules", ["shandong1", "shandong2"])
def test_shandong_pair_must_be_258(rules):
    r = score("12346789mEEE44s+5m", rules=rules, winner="S", discarder="N")
    assert not r.legal and "2, 5 or 8" in r.reason[1]
    assert score("12346789mEEE55s+5m", rules=rules, winner="S", discarder="N").legal


def test_seven_pairs_free_of_258_rule_by_default():
    assert score("11335577m1199p1s+1s", rules="shandong1", winner="S", discarder="W").legal
    r = score(
        "11335577m1199p1s+1s", rules="shandong1", winner="S", discarder="W", options={"pair_258_seven_pairs": True}
    )
    assert not r.legal


def test_hebei_has_no_chow():
    assert not score("[123m,1]456m789p11sEE+E", rules="hebei1", winner="S", self_drawn=True).legal
    assert score("[123m,1]456m789p11sEE+E", rules="shandong1", winner="S", self_drawn=True).legal is False  # pair E
    assert score("[123m,1]456m789p55sEE+E", rules="shandong1", winner="S", self_drawn=True).legal


def test_beijing_opened_hand_self_draw_only_and_claim_limit():
    assert not score("[123m,1]456m789p11sEE+E", rules="bj_new", winner="S", discarder="W").legal
    assert score("[123m,1]456m789p11sEE+E", rules="bj_new", winner="S", self_drawn=True).legal
    r = score("[123m,1][456m,1]789p11sEE+E", rules="bj_new", winner="S", self_drawn=True)
    assert not r.legal and "one chow-or-pung claim" in r.reason[1] and "only 1 allowed" in r.reason[1]
    assert score("[123m,1][456m,1][7777p,1]11sEE+E", rules="bj_new", winner="S", self_drawn=True).legal


def test_three_wilds_self_draw_only():
    r = score("123456m789p5s5s5sE+E", rules="bj_basic", winner="S", discarder="W", wild="5s")
    assert not r.legal
    assert score("123456m789p5s5s5sE+E", rules="bj_basic", winner="S", self_drawn=True, wild="5s").legal


def test_four_wilds_side_payment():
    r = score("5555s12345m789pE+E", rules="bj_basic", winner="S", self_drawn=True, wild="5s")
    assert r.legal and r.payments["W"] <= -40


@pytest.mark.parametrize(
    "rules, hand, ctx, key",
    [
        ("bj_basic", "123456789m11p23s+4s", dict(winner="E", discarder="S"), "dealer"),
        ("bj_basic", "123456789m11p23s+4s", dict(winner="S", discarder="W"), "concealed"),
        ("bj_new", "123456789m11p23s+4s", dict(winner="S", discarder="W"), "menqianqing"),
        ("bj_basic", "123456789m11p23s+4s", dict(winner="S", discarder="W"), "no_wild"),
        ("bj_basic", "123456789m11p23s+4s", dict(winner="S", discarder="W"), "straight"),
        ("bj_basic", "123456789m11p23s+4s", dict(winner="S", discarder="W"), "straight_natural"),
        ("hebei2", "11335577m1199p1s+1s", dict(winner="S", discarder="W"), "seven_pairs"),
        ("bj_basic", "11115577m1199p1s+1s", dict(winner="S", self_drawn=True), "luxury"),
        ("hebei1", "[1111s]123456789m7s+7s", dict(winner="S", self_drawn=True, kong=True), "gang_ci"),
        ("bj_basic", "12346789mEEE44s+5m", dict(winner="S", discarder="N"), "zhuo_wu_kui"),
        ("shandong1", "123456789m55p23s+4s", dict(winner="S", self_drawn=True), "self_draw"),
        ("shandong2", "123456789m55p24s+3s", dict(winner="S", self_drawn=True), "edge_closed_single_self_draw"),
    ],
)
def test_each_doubling(rules, hand, ctx, key):
    assert key in {i.key for i in score(hand, rules=rules, **ctx).items}


def test_straight_with_wild_is_one_doubling():
    r = score("12345679m11p23s5s+4s", rules="bj_basic", winner="S", discarder="W", wild="5s")
    keys = {i.key for i in r.items}
    assert "straight" in keys and "straight_natural" not in keys and "no_wild" not in keys


def test_yitangfu_sets():
    r = score("123m456mCFP1sES9p+9p", rules="hebei1", winner="S", discarder="N")
    assert r.legal and r.shape == "yitangfu"
    assert not score(
        "123m456mCFP1sES9p+9p", rules="hebei1", winner="S", discarder="N", options={"optional_sets": False}
    ).legal


@pytest.mark.parametrize("rules", NAMES)
@pytest.mark.parametrize(
    "ctx",
    [
        dict(winner="S", self_drawn=True),
        dict(winner="E", self_drawn=True),
        dict(winner="W", discarder="E"),
        dict(winner="E", discarder="N"),
    ],
)
def test_payments_sum_to_zero(rules, ctx):
    r = score("[1111p]123456m789p5s+5s", rules=rules, other_kongs={"N": (0, 1)}, **ctx)
    assert r.legal and sum(r.payments.values()) == 0 and r.payments[ctx["winner"]] > 0


def test_wild_keyword_only_where_there_are_wilds():
    from mjlearn.rules import ContextError

    with pytest.raises(ContextError, match="wild"):
        score("123456789m11p23s+4s", rules="hebei1", winner="S", self_drawn=True, wild="5m")
