"""Old Beijing 番 and 嘴: worked examples 1 to 3, each 番 / 嘴 / priced item, options, errors."""

import pytest

from mjlearn.rules import ContextError, TileSetError, get, score
from mjlearn.rules.old_beijing import wild_from_indicator

OBJ = get("old_beijing")
EX1 = "12346789mEEE44s+5m"  # 123m 456m 789m EEE 44s, waiting 5m between 4m and 6m


def keyed(r):
    return {i.key: i.value * i.count for i in r.items}


def test_obj_ex1_with_wilds_in_use():
    r = score(EX1, rules="old_beijing", winner="S", discarder="N", prevalent_wind="E", wild="P")
    k = keyed(r)
    assert r.extra["zui"] == 16
    # the characters subtotal is the documents' 14 嘴
    suit_zui = (
        "small_run",
        "middle_run",
        "fifteen",
        "old_run",
        "link",
        "closed_wait",
        "one_wait",
        "face_value",
        "win_258",
    )
    assert sum(k[x] for x in suit_zui) == 14
    assert k["missing_suit"] == 1 and k["runner"] == 1 and "pair_258" not in k
    assert k["closed_wait"] + k["one_wait"] + k["win_258"] + k["face_value"] == 8
    assert {x: k[x] for x in ("wind_set", "concealed", "no_wild")} == {"wind_set": 1, "concealed": 1, "no_wild": 1}
    assert r.extra["fan"] == 3 and r.extra["tier"][0] == "满贯"
    assert k["zhuo_wu_kui"] == 10 and k["pure_straight"] == 10
    assert r.total == 66
    assert r.payments == {"E": -66, "S": 198, "W": -66, "N": -66}


def test_obj_ex1_without_wilds_is_two_hundred_win():
    r = score(EX1, rules="old_beijing", winner="S", discarder="N", prevalent_wind="E")
    assert "no_wild" not in keyed(r) and r.extra["fan"] == 2 and r.extra["tier"][0] == "二百和"
    assert r.total == 56
    literal = OBJ.with_options(no_wild_fan_without_wilds=True).score(EX1, winner="S", discarder="N")
    assert literal.total == 66


def test_obj_ex1_seat_also_east_is_double_stamp_but_capped():
    r = score(EX1, rules="old_beijing", winner="E", discarder="N", prevalent_wind="E", wild="P")
    assert keyed(r)["wind_set"] == 2 and r.total == 66


def test_obj_ex2_plain_hand_self_drawn():
    r = score("234m567m345p55p67s+8s", rules="old_beijing", winner="S", self_drawn=True)
    k = keyed(r)
    assert {x: k[x] for x in ("concealed", "plain_hand", "all_simples", "self_draw")} == dict.fromkeys(
        ("concealed", "plain_hand", "all_simples", "self_draw"), 1
    )
    assert "concealed_self_draw" in k and r.extra["tier"][0] == "满贯"
    assert r.extra["zui"] == 3 and {x: k[x] for x in ("pair_258", "win_258", "runner")} == dict.fromkeys(
        ("pair_258", "win_258", "runner"), 1
    )
    assert r.total == 33 and r.payments["S"] == 99


def test_obj_ex3_single_wait_on_an_honor():
    r = score("123m456p789s111sC+C", rules="old_beijing", winner="S", self_drawn=True)
    k = keyed(r)
    assert k["pair_wait"] + k["one_wait"] + k["face_value"] == 12


@pytest.mark.parametrize(
    "hand, ctx, key, value",
    [
        # 番
        ("[123m]456m789p234s5s+5s", {"discarder": "N"}, "concealed", None),
        ("[5555m,1]123p789p234s5s+5s", {"discarder": "N"}, "concealed", None),  # exposed kong breaks it
        ("[5555m]123p789p234s5s+5s", {"discarder": "N"}, "concealed", 1),  # concealed kong does not
        ("234m567m345p55p67s+5s", {"discarder": "N"}, "plain_hand", 1),
        ("234m567m345p55p79s+8s", {"discarder": "N"}, "plain_hand", None),  # closed wait
        ("234m567m345p55p67s+8s", {"discarder": "N"}, "all_simples", 1),
        ("[CCC,1][FFF,2]123m456m5p+5p", {"discarder": "N"}, "dragon_set", 2),
        ("[SSS,1]123m456m789m5p+5p", {"winner": "S", "discarder": "N", "prevalent_wind": "S"}, "wind_set", 2),  # 双跺脚
        ("[WWW,1]123m456m789m5p+5p", {"discarder": "N", "prevalent_wind": "S"}, "wind_set", None),
        ("[111m,1]234m567m999mE+E", {"discarder": "N"}, "half_flush", 1),
        ("[111m,1]234m567m999m5m+5m", {"discarder": "N"}, "full_flush", 3),
        ("[111p,1][333m,2][666s,3]999m5s+5s", {"discarder": "N"}, "all_triplets", 3),
        ("123m456p789s111sC+C", {"self_drawn": True}, "concealed_self_draw", 3),
        # 嘴
        ("[123m]123p789p234s5s+5s", {"discarder": "N"}, "small_run", 2),
        ("[456m]456p123m789s5s+5s", {"discarder": "N"}, "middle_run", 2),
        ("[456m]456p123m789s5s+5s", {"discarder": "N"}, "fifteen", 2),
        ("[456m]456p123m789s5s+5s", {"discarder": "N"}, "link", 1),  # 123m-456m; 456p alone
        ("[234m]567m123p789s5s+5s", {"discarder": "N"}, "link", None),  # 234+567 do not link
        ("12m456p789s123s55s+3m", {"discarder": "N"}, "edge_wait", 1),
        ("12m456p789s123s55s+3m", {"discarder": "N"}, "face_value", 3),
        ("123m456p111s555s9s+9s", {"discarder": "N"}, "face_value", 9),  # option ``dandiao_nine_value``: a 9 adds 9
        ("123m456p111s789s1p+1p", {"discarder": "N"}, "face_value", 10),  # a 1 adds 10
        ("1234m456p789s111s+1m", {"discarder": "N"}, "pair_wait", None),  # 1m or 4m: not unique
        ("123m456p789s22s55p+2s", {"discarder": "N"}, "pair_258", 1),
        ("123m456p789s22s55p+2s", {"discarder": "N"}, "win_258", 1),
        ("123m456m789m44mEE+E", {"discarder": "N"}, "missing_suit", 2),
        # priced separately
        ("123m456m789m44sEE+E", {"discarder": "N"}, "pure_straight", 10),
        ("19m19p19sESWNCFP+P", {"discarder": "N"}, "thirteen_orphans", 30),
        ("[5555m]123p789p234s5s+5s", {"discarder": "N"}, "concealed_kong", 4),
        ("[5555m,2]123p789p234s5s+5s", {"discarder": "N"}, "exposed_kong", 2),
        ("123m456p789s23s55s+1s", {"winner": "E", "self_drawn": True, "heavenly": True}, "heavenly", 60),
        ("123m456p789s23s55s+1s", {"winner": "S", "discarder": "E", "earthly": True}, "earthly", 60),
    ],
)
def test_each_item(hand, ctx, key, value):
    r = score(hand, rules="old_beijing", **ctx)
    assert r.legal
    assert keyed(r).get(key) == value


def test_interpretation_switches_a_obj_5_7_8():
    h = "[111m,1]234m567m999mE+E"
    assert "half_flush" not in keyed(
        OBJ.with_options(half_flush_honors="pair").score("[EEE,1]234m567m999m1m+1m", discarder="N")
    )
    assert keyed(OBJ.with_options(half_flush_honors="pair").score(h, discarder="N"))["half_flush"] == 1
    nine = "123m456p111s555s9s+9s"
    assert keyed(OBJ.with_options(dandiao_nine_value=10).score(nine, discarder="N"))["face_value"] == 10
    assert keyed(OBJ.with_options(zui_per_pung=1).score(nine, discarder="N"))["set_zui"] == 2
    assert "set_zui" not in keyed(OBJ.score(nine, discarder="N"))


def test_kong_bloom_replaces_self_draw_and_options():
    h = "[5555m]123p789p234s5s+5s"
    k = keyed(score(h, rules="old_beijing", self_drawn=True, kong=True))
    assert k["kong_bloom"] == 2 and "self_draw" not in k
    k2 = keyed(OBJ.with_options(kong_bloom_adds_self_draw=True).score(h, self_drawn=True, kong=True))
    assert k2["kong_bloom"] == 2 and k2["self_draw"] == 1
    k3 = keyed(OBJ.with_options(price_kong_bloom=25).score(h, self_drawn=True, kong=True))
    assert k3["kong_bloom_price"] == 25 and "kong_bloom" not in k3 and k3["self_draw"] == 1


def test_pinghe_option_and_unique_wait_option():
    h = "123m567m345p99p67s+8s"
    assert "plain_hand" not in keyed(score(h, rules="old_beijing", discarder="N"))
    assert keyed(OBJ.with_options(pinghe_allows_terminals=True).score(h, discarder="N"))["plain_hand"] == 1
    loose = OBJ.with_options(dandiao_unique_wait=False).score("1234m456p789s111s+1m", discarder="N")
    assert keyed(loose)["pair_wait"] == 1


def test_seven_pairs_illegal_here_legal_in_beijing():
    h = "1133557799m11p2s+2s"
    r = score(h, rules="old_beijing", self_drawn=True)
    assert not r.legal and "seven-pairs" in r.reason[1]
    assert score(h, rules="beijing", self_drawn=True).legal


def test_wild_reading_and_no_wild_fan():
    # the wild 5p stands for 8m; 没有混儿 is not counted because a wild is held
    r = score("123m456m79m55s111s+5p", rules="old_beijing", discarder="N", wild="5p")
    assert r.legal and "no_wild" not in keyed(r)
    assert [str(t) for t in r.substitutions] == ["8m"]


def test_payer_option_and_zero_sum():
    r = OBJ.with_options(payer="discarder_pays_all").score(EX1, winner="S", discarder="N")
    assert r.payments == {"E": 0, "S": 168, "W": 0, "N": -168}
    for ctx in ({"winner": "W", "self_drawn": True}, {"winner": "N", "discarder": "W", "wild": "C"}):
        rr = score(EX1, rules="old_beijing", **ctx)
        assert rr.legal and sum(rr.payments.values()) == 0 and rr.payments[ctx["winner"]] == 3 * rr.total


def test_errors():
    with pytest.raises(TileSetError):
        score("123m456p789s23sEE+1sa", rules="old_beijing", self_drawn=True)
    with pytest.raises(ContextError, match="heavenly"):
        score(EX1, rules="old_beijing", winner="S", self_drawn=True, heavenly=True)
    with pytest.raises(ContextError, match="flowers"):
        score(EX1, rules="old_beijing", self_drawn=True, flowers=2)
    assert str(wild_from_indicator("9m")) == "1m" and str(wild_from_indicator("P")) == "E"


def test_options_cover_every_ambiguity():
    keys = {o.key for o in OBJ.options}
    # how the wild is found, who deals next, the deal, 平和 and terminals, 混一色's honors, 边张/砍档
    # and 单调 needing a single wait, 单调 on a 9, 嘴 per pung, the payers and prices, 十三不靠,
    # 没有混儿 without wilds, 杠上开花 with 自摸
    assert {
        "wild_method",
        "dealer_repeats_on",
        "deal_procedure",
        "pinghe_allows_terminals",
        "half_flush_honors",
        "edge_closed_unique_wait",
        "dandiao_unique_wait",
        "dandiao_nine_value",
        "zui_per_pung",
        "payer",
        "price_zui",
        "price_fan2",
        "price_thirteen_orphans",
        "no_wild_fan_without_wilds",
        "kong_bloom_adds_self_draw",
        "price_kong_bloom",
    } <= keys
