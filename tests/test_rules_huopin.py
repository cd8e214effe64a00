"""火拼麻将: worked examples 1 to 4, the rooms, the wild (indicator + 1), 无财神, bird and dealer doubling."""

import pytest

from mjlearn.rules import ContextError, score
from mjlearn.rules.huopin import bird_seat, room_payments


def test_hp_ex1_guobiao_self_draw_dealer_and_bird():
    r = score("123456789m23p55s+4p", rules="huopin", winner="S", self_drawn=True, indicator="9p", bird="3s")
    assert r.total == 24 and "wu_caishen" in {i.key for i in r.items}
    assert r.payments == {"E": -64, "S": 160, "W": -64, "N": -32}


def test_hp_ex2_popular_room_bird_on_discarder():
    assert bird_seat("8m") == "N"
    assert room_payments(10, "dazhong", winner="W", discarder="N", bird="N").net == {"E": 0, "S": 0, "W": 20, "N": -20}


def test_hp_ex3_no_fan_room_dealer():
    r = score("123456789m23p55s+4p", rules="huopin_wufan", winner="E", self_drawn=True)
    assert r.payments == {"E": 60, "S": -20, "W": -20, "N": -20}


def test_hp_ex4_guobiao_discard_bystanders():
    assert room_payments(12, "guobiao", winner="N", discarder="W", bird=bird_seat("2p")).net == {
        "E": -16,
        "S": -8,
        "W": -20,
        "N": 44,
    }


def test_section_14_3():
    r = score("12346789mEEE44s+5m", rules="huopin", winner="S", discarder="N")
    assert r.total == 24 and r.payments == {"E": -16, "S": 56, "W": -8, "N": -32}


def test_wild_substitutes_and_loses_wu_caishen():
    r = score("1234679m1pEEE44s+5m", rules="huopin", winner="S", discarder="N", wild="1p")
    assert r.legal and r.total == 22 and "wu_caishen" not in {i.key for i in r.items}
    assert [str(t) for t in r.substitutions] == ["8m"]


def test_minimum_in_guobiao_room_only():
    h = "13m234p567s678sEE+2m"
    assert not score(h, rules="huopin", winner="S", discarder="N").legal
    assert score(h, rules="huopin_dazhong", winner="S", discarder="N").legal


def test_wild_in_a_claim_is_illegal():
    assert not score("[111p,1]23456789m55s+5s", rules="huopin", winner="S", self_drawn=True, wild="1p").legal


def test_indicator_and_wild_must_agree():
    with pytest.raises(ContextError, match="makes 1p the wild"):
        score("123456789m23p55s+4p", rules="huopin", winner="S", self_drawn=True, indicator="9p", wild="2p")


@pytest.mark.parametrize("room", ["wufan", "guobiao", "dazhong"])
@pytest.mark.parametrize(
    "winner, discarder, bird",
    [("S", None, "1m"), ("E", None, "2m"), ("S", "E", "3m"), ("N", "W", "4m"), ("W", "S", None)],
)
def test_room_payments_sum_to_zero(room, winner, discarder, bird):
    net = room_payments(20, room, winner, discarder, "E", bird_seat(bird) if bird else None).net
    assert sum(net.values()) == 0 and net[winner] > 0
