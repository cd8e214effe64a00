"""Hong Kong / Guangdong: worked examples 1 to 3, the 番 table, floor, cap, liability, errors."""

import pytest

from mjlearn.hand import Meld
from mjlearn.rules import ContextError, get, score
from mjlearn.rules.hongkong import meld_feeder, settle_multi_win

HK = get("hongkong")
# South: [EEE] [333p] [555p] and [777p] punged from West (South's 下家, offer 3); waits on 9p
EX1 = "[EEE,1][333p,2][555p,1][777p,3]9p+9p"
# South robs West's added kong of 6m: no other 6m in the hand
EX3 = "123m456p111s99s57m+6m"


def keys(r):
    return {i.key: i.value * i.count for i in r.items}


def test_hk_ex1_south_round_liability():
    r = score(EX1, rules="hongkong", winner="S", self_drawn=True, prevalent_wind="S")
    assert keys(r) == {"mixed_pungs": 4, "self_draw": 1}
    assert r.total == 5 and r.extra["points"] == 32
    assert r.extra["liable"] == "W"
    assert r.payments == {"E": 0, "S": 96, "W": -96, "N": 0}


def test_hk_ex1_without_liability_and_in_east_round():
    plain = HK.with_options(liability_twelve_down=False).score(EX1, winner="S", self_drawn=True, prevalent_wind="S")
    assert plain.payments == {"E": -32, "S": 96, "W": -32, "N": -32}
    east = HK.with_options(liability_twelve_down=False).score(EX1, winner="S", self_drawn=True, prevalent_wind="E")
    assert east.total == 6 and east.extra["points"] == 64


def test_hk_ex1_liable_for_the_first_not_the_later():
    r = score(EX1, rules="hongkong", winner="S", self_drawn=True, prevalent_wind="S", feeder_already_liable=True)
    assert r.extra["liable"] is None and r.payments["W"] == -32


def test_hk_ex2_three_winners_on_one_discard():
    rs = [
        score("123m456p789sCCC5s+5s", rules="hongkong", winner="E", discarder="N", multiple_winners=True),
        score("123m456p111s234s5m+5m", rules="hongkong", winner="S", discarder="N", multiple_winners=True),
        score("[111p,1][444p,1]999p55pEE+E", rules="hongkong", winner="W", discarder="N", multiple_winners=True),
    ]
    assert [r.extra["raw_fan"] for r in rs] == [1, 0, 5]
    assert [r.total for r in rs] == [3, 3, 5]
    assert settle_multi_win(rs) == {"E": 8, "S": 8, "W": 32, "N": -48}
    three = HK.with_options(multi_win_discarder_pays="three_times").score(
        "123m456p789sCCC5s+5s", winner="E", discarder="N", multiple_winners=True
    )
    assert three.payments["N"] == -24


def test_hk_ex3_robbing_a_kong():
    # West adds a drawn 6m to his pung; South robs it with a hand worth 1 番 (the self-draw)
    r = score(EX3, rules="hongkong", winner="S", discarder="W", kong=True)
    assert r.extra["raw_fan"] == 1 and r.total == 3
    assert "rob_kong" in r.extra["floor_cases"]
    assert r.payments == {"E": 0, "S": 24, "W": -24, "N": 0}


@pytest.mark.parametrize(
    "hand, key, fan",
    [
        ("123m456m789m111m5m+5m", "full_flush", 4),
        ("[111m,1]333m555m77mEE+E", "mixed_pungs", 4),
        ("[111m,1]333m555m777m9m+9m", "pure_pungs", 5),
        ("[111m,1]999m999p11pEE+E", "mixed_orphans", 5),
        ("CCCFFF123m456mP+P", "little_dragons", 5),
        ("EEESSSWWW123mN+N", "little_winds", 5),
        ("EEESSSCCCFFFP+P", "all_honors", 6),
        ("111m999m111p999p1s+1s", "all_terminals", 6),
        ("CCCFFFPPP123m5p+5p", "big_dragons", 6),
        ("EEESSSWWWNNN5p+5p", "big_winds", 6),
        ("1112345678999m+5m", "nine_gates", 6),
        ("19m19p19sESWNCFP+P", "thirteen_orphans", 6),
        ("123m456p789s234s5s+5s", "all_chows", 1),
        ("[111m,1]333p555s99sEE+E", "all_pungs", 2),
        ("123m456m789mEE55m+5m", "half_flush", 2),
        ("123m456p789sCCC5s+5s", "dragon_pung", 1),
        ("123m456p789sSSS5s+5s", "seat_wind_pung", 1),
        ("123m456p789sEEE5s+5s", "round_wind_pung", 1),
        ("123m456p111s234s5m+5m", "chicken", 0),
    ],
)
def test_each_pattern(hand, key, fan):
    r = score(hand, rules="hongkong", winner="S", discarder="N")
    assert r.legal
    assert keys(r).get(key) == fan, keys(r)


@pytest.mark.parametrize(
    "hand, absent",
    [
        ("[111m,1]333m555m77mEE+E", ("half_flush", "all_pungs")),  # composite replaces parts
        ("[111m,1]333m555m777m9m+9m", ("full_flush", "all_pungs")),
        ("1112345678999m+5m", ("full_flush",)),
        ("CCCFFF123m456mP+P", ("dragon_pung",)),
    ],
)
def test_non_stacking(hand, absent):
    k = keys(score(hand, rules="hongkong", winner="S", discarder="N"))
    assert not set(absent) & set(k)


def test_composite_rows_higher_option():
    r = HK.with_options(composite_rows="higher", fan_all_pungs=3).score(
        "[111m,1]333m555m77mEE+E", winner="S", discarder="N"
    )
    assert keys(r) == {"half_flush": 2, "all_pungs": 3, "round_wind_pung": 1}


def test_cap_and_minimum():
    r = score("EEESSSWWWNNN5p+5p", rules="hongkong", winner="S", self_drawn=True)
    assert r.extra["raw_fan"] > 6 and r.total == 6 and r.extra["points"] == 64 and r.extra["capped"]
    low = HK.with_options(min_fan=3).score("123m456p111s234s5m+5m", winner="S", discarder="N")
    assert not low.legal and "minimum" in low.reason[1]
    assert (
        HK.with_options(min_fan=3)
        .score("123m456p111s234s5m+5m", winner="S", discarder="N", multiple_winners=True)
        .legal
    )


def test_floor_cases():
    h = "[5555p]123m456m789s5s+5s"
    bloom = score(h, rules="hongkong", winner="S", self_drawn=True, kong=True)
    assert bloom.total == 3 and bloom.extra["floor_cases"] == ["kong_bloom"]
    assert bloom.payments == {"E": -8, "S": 24, "W": -8, "N": -8}
    haidi = score("123m456p111s234s5m+5m", rules="hongkong", winner="S", self_drawn=True, wall_last=True)
    assert haidi.total == 3
    none = HK.with_options(floor_3fan_cases=()).score(h, winner="S", self_drawn=True, kong=True)
    assert none.total == 1


def test_kong_bloom_on_a_fed_kong_liability():
    # South's exposed kong on a discard from his 对家 (offer 2), North
    r = score("[5555p,2]123m456m789s5s+5s", rules="hongkong", winner="S", self_drawn=True, kong=True)
    assert r.extra["liable"] == "N" and r.extra["floor_cases"] == ["kong_bloom_liability"]
    assert r.payments == {"E": 0, "S": 24, "W": 0, "N": -24}
    added = score("[5555p,6]123m456m789s5s+5s", rules="hongkong", winner="S", self_drawn=True, kong=True)
    assert added.extra["liable"] is None


def test_big_dragons_liability():
    r = score("[CCC,1][FFF,2][PPP,3]123m5p+5p", rules="hongkong", winner="S", self_drawn=True)
    assert r.extra["liable"] == "W" and r.payments["W"] == -192


def test_limit_hands_and_seven_pairs():
    assert score("123m456p789s23s55s+1s", rules="hongkong", winner="E", self_drawn=True, heavenly=True).total == 6
    r = score("1133557799m11p2s+2s", rules="hongkong", self_drawn=True)
    assert not r.legal and "seven pairs" in r.reason[1]
    assert score("1133557799m11p2s+2s", rules="beijing", self_drawn=True).legal


def test_flowers_allowed_and_option():
    r = score("123m456p111s234s5m+5mab", rules="hongkong", winner="S", discarder="N")
    assert r.legal and "flower" not in keys(r)
    r2 = HK.with_options(fan_flower=1).score("123m456p111s234s5m+5mab", winner="S", discarder="N")
    assert keys(r2)["flower"] == 2


def test_meld_feeder():
    assert meld_feeder("S", Meld.from_str("[777p,3]")) == "W"
    assert meld_feeder("S", Meld.from_str("[123m,2]")) == "E"
    assert meld_feeder("S", Meld.from_str("[5555p]")) is None


@pytest.mark.parametrize(
    "hand, ctx",
    [
        (EX1, {"winner": "W", "self_drawn": True}),
        (EX1, {"winner": "N", "discarder": "E"}),
        (EX3, {"winner": "E", "discarder": "S", "kong": True}),
        (EX1, {"winner": "S", "self_drawn": True, "prevalent_wind": "S"}),
    ],
)
def test_payments_sum_to_zero(hand, ctx):
    r = score(hand, rules="hongkong", **ctx)
    assert r.legal and sum(r.payments.values()) == 0


def test_errors():
    with pytest.raises(ContextError, match="multiple_winners"):
        score(EX1, rules="hongkong", self_drawn=True, multiple_winners=True)
    with pytest.raises(ContextError, match="wild"):
        score(EX1, rules="hongkong", self_drawn=True, wild="5m")
    with pytest.raises(ContextError, match="last meld"):
        score("[1111s][123m,1]456p234s5m+5m", rules="hongkong", self_drawn=True, kong=True)
    with pytest.raises(ValueError, match="multiple_winners"):
        settle_multi_win([score(EX1, rules="hongkong", winner="S", discarder="N")])
