"""北京麻将 (联众): worked examples 1 to 5, each pattern, legality, zero-sum payments."""

import pytest

from mjlearn.rules import get, score

BJ = dict(rules="beijing")


@pytest.mark.parametrize(
    "hand, ctx, items, total, payments",
    [
        # worked example 1: self-draw, concealed, pure straight, concealed kong (+8 kong money)
        (
            "[9999s]123456789m7s+7s",
            dict(winner="S", self_drawn=True),
            ["自摸", "门清", "一条龙"],
            4,
            {"E": -36, "S": 72, "W": -18, "N": -18},
        ),
        # worked example 2: discard win, 捉五魁, 点炮包装
        (
            "[789p,1][CCC]46m12388s+5m",
            dict(winner="W", discarder="N"),
            ["捉五魁"],
            1,
            {"E": 0, "S": 0, "W": 10, "N": -10},
        ),
        # worked example 3: dealer wins during 上楼 (no double for a winning dealer, option ``dealer_wins``)
        (
            "1122335566779p+9p",
            dict(winner="E", self_drawn=True, shang_lou=1),
            ["自摸", "七小对", "清一色", "上楼"],
            7,
            {"E": 384, "S": -128, "W": -128, "N": -128},
        ),
        # worked example 4: 混杠 (four wilds; nothing else counts)
        (
            "5555m139p179sESW+N",
            dict(winner="N", self_drawn=True, wild="5m"),
            ["混杠"],
            9,
            {"E": -1024, "S": -512, "W": -512, "N": 2048},
        ),
        # worked example 5: 烧庄 on top of a 1-番 discard win
        (
            "[789p,1][CCC]46m12388s+5m",
            dict(winner="S", discarder="W", shao_zhuang=True),
            ["捉五魁"],
            1,
            {"E": -3, "S": 11, "W": -9, "N": 1},
        ),
        # the comparison hand 12346789mEEE44s+5m (tests/test_rules_compare.py)
        (
            "12346789mEEE44s+5m",
            dict(winner="S", discarder="N"),
            ["门清", "捉五魁", "一条龙"],
            4,
            {"E": 0, "S": 80, "W": 0, "N": -80},
        ),
    ],
)
def test_worked_examples(hand, ctx, items, total, payments):
    r = score(hand, **BJ, **ctx)
    assert r.legal
    assert [i.zh for i in r.items] == items
    assert r.total == total
    assert r.payments == payments


def test_bj_ex2_chipengti_must_self_draw():
    r = score("[789p,1][CCC]46m12388s+5m", rules="吃碰提", winner="W", discarder="N")
    assert not r.legal and "self-draw" in r.reason[1]
    r = score("[789p,1][CCC]46m12388s+5m", rules="beijing_cpt", winner="W", self_drawn=True)
    assert r.total == 2 and r.payments == {"E": -8, "S": -4, "W": 16, "N": -4}


def test_bj_ex3_symmetric_dealer_switch():
    r = score("1122335566779p+9p", **BJ, winner="E", self_drawn=True, shang_lou=1, options={"dealer_wins": 2})
    assert r.payments["E"] == 768


@pytest.mark.parametrize(
    "hand, ctx, key, value",
    [
        ("[EEE][SSS][WWW][123m]5p+5p", dict(winner="S", self_drawn=True), "quanqiuren", 1),
        ("[EEE][SSS][WWW][NNN]5p+5p", dict(winner="S", self_drawn=True), "duiduihu", 1),
        ("123456789m11p23s+4s", dict(winner="S", self_drawn=True, wall_last=True), "haidi", 1),
        ("11335577m1199p1s+1s", dict(winner="S", discarder="W"), "qixiaodui", 2),
        ("11115577m1199p1s+1s", dict(winner="S", discarder="W"), "haohua", 3),
        ("11115555m1199p1s+1s", dict(winner="S", discarder="W"), "haohua_extra", 1),
        ("[1111s]123456789m7s+7s", dict(winner="S", self_drawn=True, kong=True), "gangkai", 2),
        ("123456789m11p23s+4s", dict(winner="E", self_drawn=True, first_go_around=True), "tianhu", 6),
        ("123456789m11p23s+4s", dict(winner="S", self_drawn=True, first_go_around=True), "dihu", 5),
        ("123456789m11p23s+4s", dict(winner="S", discarder="E", first_go_around=True), "renhu", 5),
    ],
)
def test_each_pattern(hand, ctx, key, value):
    r = score(hand, **BJ, **ctx)
    found = {i.key: i.value for i in r.items}
    assert found.get(key) == value, r.items


def test_catch_five_needs_the_only_wait():
    # 4446m waits on 5m (44 + 456) and 6m (444 + 66): 5m is not the only winning tile
    r = score("123456789p4446m+5m", **BJ, winner="S", self_drawn=True)
    assert r.legal and "zhuowukui" not in {i.key for i in r.items}


def test_seven_pairs_excludes_concealed():
    r = score("11335577m1199p1s+1s", **BJ, winner="S", self_drawn=True)
    assert "menqing" not in {i.key for i in r.items}


def test_wild_cannot_be_claimed():
    r = score("[555m,1]123p456p789s1s+1s", **BJ, winner="S", self_drawn=True, wild="5m")
    assert not r.legal and "wild" in r.reason[1]


def test_hun_gang_only_self_drawn():
    r = score("5555m139p179sESW+N", **BJ, winner="N", discarder="E", wild="5m")
    assert not r.legal


def test_wild_substitutes():
    r = score("123456789m1p23s5m+5m", **BJ, winner="S", self_drawn=True, wild="5m")
    assert r.legal and "yitiaolong" in {i.key for i in r.items}


@pytest.mark.parametrize(
    "ctx",
    [
        dict(winner="S", self_drawn=True),
        dict(winner="E", self_drawn=True),
        dict(winner="S", discarder="E"),
        dict(winner="E", discarder="W"),
        dict(winner="N", discarder="W", shao_zhuang=True, shang_lou=2),
    ],
)
@pytest.mark.parametrize(
    "opts", [{}, {"dealer_wins": 2}, {"dealer_discarder_stack": True}, {"discarder_covers_all": False}]
)
def test_payments_sum_to_zero(ctx, opts):
    r = score("[1111p]123456789m7s+7s", **BJ, options=opts, other_kongs={"W": (1, 1)}, **ctx)
    assert sum(r.payments.values()) == 0 and r.payments[ctx["winner"]] > 0


def test_dealer_discarder_pays_double_not_four():
    r = score("123456789m11p23s+4s", **BJ, winner="S", discarder="E")
    # 门清 1 + 一条龙 2 → share 8; East (dealer and discarder) owes 16, West 8, North 8 = 32
    assert r.total == 3 and r.payments == {"E": -32, "S": 32, "W": 0, "N": 0}
    r = score("123456789m11p23s+4s", **BJ, winner="S", discarder="E", options={"dealer_discarder_stack": True})
    assert r.payments["E"] == -48


def test_options_cover_every_ambiguity():
    keys = {o.key for o in get("beijing").options}
    for a in (
        "wild_selection",
        "wild_claims",
        "base",
        "dealer_wins",
        "dealer_discarder_stack",
        "dealer_rotation",
        "reserve_stacks",
        "quanqiuren_chipengti",
        "zimo_with_heavenly",
        "all_kongs_paid",
        "shanglou_doubles_extras",
        "shaozhuang_discards",
    ):
        assert a in keys


def test_catch_five_with_a_wild_in_play():
    # the comparison hand in a game with a wild (none held): drawing the wild would also win, as a joker,
    # but the hand's shape still waits on 5m alone, so 捉五魁 counts (4 番, 80)
    r = score("12346789mEEE44s+5m", rules="beijing", winner="S", discarder="N", wild="P")
    assert "zhuowukui" in {i.key for i in r.items} and r.total == 4 and r.payments["S"] == 80
