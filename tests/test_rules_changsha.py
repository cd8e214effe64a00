"""长沙麻将 §5: CS-Ex1..4, each 大胡, the bird, on-deal 小胡, legality and the 108-tile set."""

import pytest

from mjlearn.rules import score, TileSetError
from mjlearn.rules.changsha import on_deal

CS = dict(rules="changsha")


def test_cs_ex1_double_dahu_with_bird():
    r = score("111333555777s9s+9s", **CS, winner="S", self_drawn=True, bird="7p")
    assert {i.key for i in r.items} == {"qingyise", "pengpenghu"} and r.total == 12
    assert r.payments == {"E": -12, "S": 48, "W": -24, "N": -12}
    for bird in ("2m", "6s"):   # the bird on the winner doubles everything
        assert score("111333555777s9s+9s", **CS, winner="S", self_drawn=True, bird=bird).payments["S"] == 72


def test_cs_ex2_xiaohu_on_discard_bird_on_winner():
    r = score("123456m789p234s5m+5m", **CS, winner="N", discarder="W", bird="4s")
    assert [i.key for i in r.items] == ["pinghu"] and r.payments == {"E": 0, "S": 0, "W": -2, "N": 2}
    assert score("123456m789p234s5m+5m", **CS, winner="N", discarder="W").payments["W"] == -1


def test_cs_ex3_on_deal():
    r = on_deal("6666p123m4578s12m", seat="W")
    assert r.legal and [i.key for i in r.items] == ["sixi"] and r.payments["W"] == 6


@pytest.mark.parametrize("tiles, seat, keys", [
    ("1113334446669m", "S", {"banbanhu", "queyise"}),
    ("123456789m1349p", "S", {"queyise"}),
    ("1111p369m134679s", "S", {"sixi", "banbanhu"}),
    ("2468m2468p2468s1m5s", "E", set()),
])
def test_on_deal_kinds(tiles, seat, keys):
    r = on_deal(tiles, seat=seat)
    assert {i.key for i in r.items} == keys and r.legal == bool(keys)


def test_cs_ex4_pair_rule():
    r = score("123m456m789p234s7s+7s", **CS, winner="N", discarder="W")
    assert not r.legal and "2, 5 or 8" in r.reason[1]
    assert score("123m456m789p234s8s+8s", **CS, winner="N", discarder="W").legal


@pytest.mark.parametrize("hand, ctx, key", [
    ("11335577m1199p1s+1s", dict(winner="S", discarder="W"), "qiqiaodui"),
    ("111m333p555s777s9s+9s", dict(winner="S", discarder="W"), "pengpenghu"),
    ("22258m555p888s22s+8m", dict(winner="S", discarder="W"), "jiangjianghu"),
    ("123456789m1117m+7m", dict(winner="S", discarder="W"), "qingyise"),
    ("[1111s]123456m789p5m+5m", dict(winner="S", self_drawn=True, kong=True), "gangkai"),
    ("123456m789p234s5m+5m", dict(winner="E", self_drawn=True, first_go_around=True), "tianhu"),
    ("123456m789p234s5m+5m", dict(winner="S", discarder="E", first_go_around=True), "dihu"),
    ("123456m789p234s5m+5m", dict(winner="S", discarder="W", kong=True), "qiangganghu"),
    ("123456m789p234s5m+5m", dict(winner="S", self_drawn=True, wall_last=True), "haidilaoyue"),
    ("123456m789p234s5m+5m", dict(winner="S", discarder="W", wall_last=True), "haidipao"),
])
def test_each_dahu(hand, ctx, key):
    r = score(hand, **CS, **ctx)
    assert r.legal and key in {i.key for i in r.items}
    assert all(i.value == 6 for i in r.items)


def test_jiangjianghu_needs_no_shape():
    r = score("2258m2558p28s258s+2s", **CS, winner="S", discarder="W")
    assert r.legal and r.shape == "jiangjianghu" and r.total == 6


def test_situational_dahu_needs_a_valid_shape():
    r = score("123m456m789p234s7s+7s", **CS, winner="S", self_drawn=True, kong=True)
    assert not r.legal


def test_luxury_seven_pairs_option():
    h = "11115577m1199p1s+1s"
    assert score(h, **CS, winner="S", discarder="W").total == 6
    assert score(h, **CS, winner="S", discarder="W", options={"luxury_seven_pairs": True}).total == 12


def test_bird_from_winner_switch():
    r = score("111333555777s9s+9s", **CS, winner="S", self_drawn=True, bird="7p",
              options={"bird_origin": "winner"})
    assert r.payments == {"E": -12, "S": 48, "W": -12, "N": -24}


def test_honors_are_not_used():
    with pytest.raises(TileSetError, match="E \\(东风\\)"):
        score("12346789mEEE44s+5m", **CS, winner="S", discarder="N")


@pytest.mark.parametrize("ctx", [dict(winner="S", self_drawn=True, bird="3m"), dict(winner="E", self_drawn=True),
                                 dict(winner="W", discarder="E", bird="2p"), dict(winner="N", discarder="S", bird="1s")])
def test_payments_sum_to_zero(ctx):
    r = score("111333555777s9s+9s", **CS, **ctx)
    assert sum(r.payments.values()) == 0 and r.payments[ctx["winner"]] > 0
