"""云南麻将: worked examples 1 to 5, each pattern, the discard restriction, no chow, 查大叫."""

import pytest

from mjlearn.rules import score
from mjlearn.rules.yunnan import YUNNAN, cha_da_jiao, ten_honors

YN = dict(rules="yunnan")


def test_yn_ex1_plain_self_draw_only():
    assert score("123m456p789s1112s+2s", **YN, winner="S", self_drawn=True).payments == {
        "E": -1,
        "S": 3,
        "W": -1,
        "N": -1,
    }
    r = score("123m456p789s1112s+2s", **YN, winner="S", discarder="N")
    assert not r.legal and "self-draw" in r.reason[1]


def test_yn_ex2():
    r = score("[111p][444p][999p]2233p+3p", **YN, winner="W", discarder="N")
    assert r.total == 2 and r.payments == {"E": 0, "S": 0, "W": 8, "N": -8}


def test_yn_ex3_kong_bloom():
    r = score("[7777s,3][111s]333s55s99s+5s", **YN, winner="E", self_drawn=True, kong=True)
    assert r.total == 3 and r.payments == {"E": 36, "S": -12, "W": -12, "N": -12}
    assert YUNNAN.kong_payments("E", exposed_from="N") == {"E": 2, "S": 0, "W": 0, "N": -2}


def test_yn_ex4_dragon_seven_pairs():
    r = score("999m11p22p33s44s55s+9m", **YN, winner="S", discarder="N")
    assert [i.key for i in r.items] == ["longqidui"] and r.payments["N"] == -7
    r = score("999m11p22p33s44s55s+9m", **YN, winner="S", discarder="N", options={"longqidui_discard": "formula"})
    assert r.payments["N"] == -8
    assert score("999m11p22p33s44s55s+9m", **YN, winner="S", self_drawn=True).payments["S"] == 18


def test_longqidui_with_qingyi():
    r = score("1111223344556m+6m", **YN, winner="S", discarder="N")
    assert r.total == 3 and r.payments["N"] == -14
    assert score("1111223344556m+6m", **YN, winner="S", self_drawn=True).payments["E"] == -12


def test_yn_ex5_ten_honors():
    assert ten_honors("1234m5678p129sEE", "S").payments == {"E": -3, "S": 9, "W": -3, "N": -3}


def test_seed_combination_figures():
    # 清一 + 碰碰胡 + 杠上炮: 4 × 2 × 2 = 16 from the konger
    r = score("[111p][444p][999p]2233p+3p", **YN, winner="W", discarder="N", after_kong=True)
    assert r.payments["N"] == -16


@pytest.mark.parametrize(
    "hand, ctx, key, value",
    [
        ("[111p][444m]999s22p33s+3s", dict(winner="S", discarder="W"), "pengpenghu", 1),
        ("123456789m1112m+2m", dict(winner="S", discarder="W"), "qingyi", 1),
        ("EEESSSWWWNNNC+C", dict(winner="S", discarder="W"), "qingyi", 1),
        ("11335577m1199p1s+1s", dict(winner="S", discarder="W"), "xiaoqidui", 1),
        ("[1111s]123456m789p5m+5m", dict(winner="S", self_drawn=True, kong=True), "gangshanghua", 1),
        ("123m456p789s1112s+2s", dict(winner="S", discarder="W", after_kong=True), "gangshangpao", 1),
        ("123m456p789s1113s+2s", dict(winner="S", discarder="W", kong=True), "qiangganghu", 1),
    ],
)
def test_each_pattern(hand, ctx, key, value):
    r = score(hand, **YN, **ctx)
    assert r.legal and {i.key: i.value for i in r.items}.get(key) == value


def test_plain_hand_on_kong_tile_switch():
    assert not score(
        "123m456p789s1113s+2s", **YN, winner="S", discarder="W", kong=True, options={"plain_hand_on_kong_tile": False}
    ).legal


def test_no_chow():
    r = score("[123m,1]456p789s1112s+2s", **YN, winner="S", self_drawn=True)
    assert not r.legal and "chow" in r.reason[1]


def test_qingyi_honors_switch():
    r = score("EEESSSWWWNNNC+C", **YN, winner="S", discarder="W", options={"qingyi_includes_honors": False})
    assert [i.key for i in r.items] == ["pengpenghu"]


def test_cha_da_jiao():
    net = cha_da_jiao(
        {"E": "111222333p4445s", "S": "123m456p789s1357m", "W": "1234m5678p129sEE", "N": "123m456p789s1112s"}
    )
    # East is ready for 碰碰胡 (4 at the discard rate), North only for a plain hand (1)
    assert net == {"E": 8, "S": -5, "W": -5, "N": 2}


@pytest.mark.parametrize(
    "ctx",
    [
        dict(winner="S", self_drawn=True),
        dict(winner="E", discarder="W"),
        dict(winner="N", discarder="E", after_kong=True),
    ],
)
def test_payments_sum_to_zero(ctx):
    r = score("[111p][444p][999p]2233p+3p", **YN, **ctx)
    assert r.legal and sum(r.payments.values()) == 0 and r.payments[ctx["winner"]] > 0


def test_next_dealer_a_yn_1_and_12():
    from mjlearn.rules import get

    yn = get("yunnan")
    assert yn.next_dealer((), None, "S") == "S"  # drawn hand: the dealer stays
    assert yn.next_dealer(("W",), "N", "E") == "W"  # the (first) winner
    assert yn.next_dealer(("S", "W"), "N", "E") == "E"  # 一炮多响: the discarder's 下家
    alt = yn.with_options(dealer_next_multi_win="first_winner_after_discarder")
    assert alt.next_dealer(("S", "W"), "N", "E") == "S"
