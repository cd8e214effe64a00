"""长沙麻将: worked examples 1 to 4, each 大胡, the bird, on-deal 小胡, legality and the 108-tile set."""

import pytest

from mjlearn.rules import TileSetError, score
from mjlearn.rules.changsha import on_deal

CS = dict(rules="changsha")


def test_cs_ex1_double_dahu_with_bird():
    r = score("111333555777s9s+9s", **CS, winner="S", self_drawn=True, bird="7p")
    assert {i.key for i in r.items} == {"qingyise", "pengpenghu"} and r.total == 12
    assert r.payments == {"E": -12, "S": 48, "W": -24, "N": -12}
    for bird in ("2m", "6s"):  # the bird on the winner doubles everything
        assert score("111333555777s9s+9s", **CS, winner="S", self_drawn=True, bird=bird).payments["S"] == 72


def test_cs_ex2_xiaohu_on_discard_bird_on_winner():
    r = score("123456m789p234s5m+5m", **CS, winner="N", discarder="W", bird="4s")
    assert [i.key for i in r.items] == ["pinghu"] and r.payments == {"E": 0, "S": 0, "W": -2, "N": 2}
    assert score("123456m789p234s5m+5m", **CS, winner="N", discarder="W").payments["W"] == -1


def test_cs_ex3_on_deal():
    r = on_deal("6666p123m4578s12m", seat="W")
    assert r.legal and [i.key for i in r.items] == ["sixi"] and r.payments["W"] == 6


@pytest.mark.parametrize(
    "tiles, seat, keys",
    [
        ("1113334446669m", "S", {"banbanhu", "queyise"}),
        ("123456789m1349p", "S", {"queyise"}),
        ("1111p369m134679s", "S", {"sixi", "banbanhu"}),
        ("2468m2468p2468s1m5s", "E", set()),
    ],
)
def test_on_deal_kinds(tiles, seat, keys):
    r = on_deal(tiles, seat=seat)
    assert {i.key for i in r.items} == keys and r.legal == bool(keys)


def test_cs_ex4_pair_rule():
    r = score("123m456m789p234s7s+7s", **CS, winner="N", discarder="W")
    assert not r.legal and "2, 5 or 8" in r.reason[1]
    assert score("123m456m789p234s8s+8s", **CS, winner="N", discarder="W").legal


@pytest.mark.parametrize(
    "hand, ctx, key",
    [
        ("11335577m1199p1s+1s", dict(winner="S", discarder="W"), "qiqiaodui"),
        ("111m333p555s777s9s+9s", dict(winner="S", discarder="W"), "pengpenghu"),
        ("22258m555p888s22s+8m", dict(winner="S", discarder="W"), "jiangjianghu"),
        ("123456789m1117m+7m", dict(winner="S", discarder="W"), "qingyise"),
        ("[1111s]123456m789p5m+5m", dict(winner="S", self_drawn=True, kong=True), "gangkai"),
        ("123456m789p234s5m+5m", dict(winner="E", self_drawn=True, first_go_around=True), "tianhu"),
        ("123456m789p234s5m+5m", dict(winner="S", discarder="E", first_go_around=True), "dihu"),
        ("123m789m789p34p55s+5p", dict(winner="S", discarder="W", kong=True), "qiangganghu"),
        ("123456m789p234s5m+5m", dict(winner="S", self_drawn=True, wall_last=True), "haidilaoyue"),
        ("123456m789p234s5m+5m", dict(winner="S", discarder="W", wall_last=True), "haidipao"),
    ],
)
def test_each_dahu(hand, ctx, key):
    r = score(hand, **CS, **ctx)
    assert r.legal and key in {i.key for i in r.items}
    assert all(i.value == 6 for i in r.items)


def test_jiangjianghu_needs_no_shape():
    r = score("2258m2558p28s258s+2s", **CS, winner="S", discarder="W")
    assert r.legal and r.shape == "jiangjianghu" and r.total == 6


def test_situational_dahu_needs_a_valid_shape():
    r = score("[2222m]456m789p234s7s+7s", **CS, winner="S", self_drawn=True, kong=True)
    assert not r.legal


def test_luxury_seven_pairs_option():
    h = "11115577m1199p1s+1s"
    assert score(h, **CS, winner="S", discarder="W").total == 6
    assert score(h, **CS, winner="S", discarder="W", options={"luxury_seven_pairs": True}).total == 12


def test_bird_from_winner_switch():
    r = score("111333555777s9s+9s", **CS, winner="S", self_drawn=True, bird="7p", options={"bird_origin": "winner"})
    assert r.payments == {"E": -12, "S": 48, "W": -12, "N": -24}


def test_honors_are_not_used():
    with pytest.raises(TileSetError, match="E \\(东风\\)"):
        score("12346789mEEE44s+5m", **CS, winner="S", discarder="N")


@pytest.mark.parametrize(
    "ctx",
    [
        dict(winner="S", self_drawn=True, bird="3m"),
        dict(winner="E", self_drawn=True),
        dict(winner="W", discarder="E", bird="2p"),
        dict(winner="N", discarder="S", bird="1s"),
    ],
)
def test_payments_sum_to_zero(ctx):
    r = score("111333555777s9s+9s", **CS, **ctx)
    assert sum(r.payments.values()) == 0 and r.payments[ctx["winner"]] > 0


# --- 海底牌漫游: the last tile offered round the table ---------------------------------------------

from mjlearn.rules.changsha import haidi_roaming

HAIDI = {
    "E": "123m456m789m2468p",  # wins on nothing
    "S": "111333555777s9s",  # 9s: 清一色 碰碰胡
    "W": "123m456s789s22p46p",  # 5p: 平胡 with 22p
    "N": "123m456m789m5588p",
}  # 5p / 8p: 平胡


def test_haidi_taken_by_the_first_who_can_win_is_haidilaoyue():
    r = haidi_roaming(HAIDI, "9s", first="E")
    assert r.kind == "haidi_self" and r.winners == ("S",) and r.discarder is None
    res = r.results["S"]
    assert {i.key for i in res.items} == {"qingyise", "pengpenghu", "haidilaoyue"} and res.total == 18
    assert res.context["bird"].index == r.tile.index  # the 海底 tile itself is the bird
    assert r.payments == {"E": -36, "S": 72, "W": -18, "N": -18}  # 9 from the dealer: E, doubled
    assert r.next_dealer == "S"
    assert [en for _, en in r.steps][:2] == ["E declines the 海底 tile", "S takes the 海底 tile 9s"]


def test_haidi_taker_who_cannot_win_pays_as_discarder():
    r = haidi_roaming(HAIDI, "9s", first="E", accept={"E", "S"})
    assert r.kind == "haidi_discard" and r.discarder == "E" and r.winners == ("S",)
    assert {i.key for i in r.results["S"].items} == {"qingyise", "pengpenghu", "haidipao"}
    assert r.payments == {"E": -36, "S": 36, "W": 0, "N": 0}
    assert r.next_dealer == "S"


def test_haidi_pao_with_several_winners_is_tongpao():
    r = haidi_roaming(HAIDI, "5p", first="E", accept={"E"})
    assert r.kind == "haidi_discard" and r.winners == ("W", "N")
    for s in r.winners:
        assert [i.key for i in r.results[s].items] == ["haidipao"] and r.results[s].total == 6
    assert r.payments == {"E": -24, "S": 0, "W": 12, "N": 12}  # bird 5p: the dealer E, the taker
    assert r.next_dealer == "E"  # 通炮: the discarder deals


def test_haidi_declined_by_everyone_is_a_draw():
    r = haidi_roaming(HAIDI, "5p", first="S", accept=())
    assert r.kind == "draw" and not r.legal and r.payments == dict.fromkeys("ESWN", 0)
    assert r.next_dealer == "E" and len(r.steps) == 5  # four declines and the draw


def test_haidi_exposed_but_nobody_wins_is_a_draw():
    r = haidi_roaming(HAIDI, "1s", first="E", accept={"E"})
    assert r.kind == "draw" and r.discarder == "E" and r.winners == ()
    assert not any(x.legal for x in r.results.values())


def test_haidi_accept_as_a_function_and_missing_hands():
    asked = []

    def accept(seat, hand, tile):
        asked.append(seat)
        return seat == "W"

    r = haidi_roaming({k: HAIDI[k] for k in "ESW"}, "5p", first="N", accept=accept)
    assert asked == ["E", "S", "W"]  # N has no hand: declines, not asked
    assert r.kind == "haidi_self" and r.winners == ("W",)
    assert {i.key for i in r.results["W"].items} == {"haidilaoyue"}
    assert r.payments == {"E": -12, "S": -6, "W": 24, "N": -6}


def test_haidi_roaming_switched_off():
    off = {"haidi_roaming": False}
    r = haidi_roaming(HAIDI, "5p", first="E", accept={"W"}, options=off)
    assert r.kind == "haidi_discard" and r.discarder == "E" and r.winners == ("W", "N")
    assert "must take" in r.steps[0][1]
    r = haidi_roaming(HAIDI, "9s", first="W", options=off)  # W must take 9s and cannot win
    assert r.kind == "haidi_discard" and r.winners == ("S",) and r.payments["W"] == -18
    from mjlearn.rules import get

    assert get("changsha").opt("haidi_roaming") is True


def test_haidi_result_renders():
    r = haidi_roaming(HAIDI, "5p", first="E", accept={"E"})
    assert "E takes the 海底 tile 5p" in str(r) and "东家要了海底牌" in r._repr_html_()
    assert r.to_dict()["kind"] == "haidi_discard"


@pytest.mark.parametrize(
    "kwargs,match",
    [
        (dict(hands={"E": "123m456m789m2468p+3p"}, tile="9s", first="E"), "13 tiles and no"),
        (dict(hands={"E": "123m456m789m2468p"}, tile="E", first="E"), "only suited tiles"),
        (dict(hands={"E": "123m456m789m2468p"}, tile="9s", first="X"), "must be a seat"),
        (dict(hands={}, tile="9s", first="E"), "hands must map"),
        (dict(hands={"E": "123m456m789m246pE"}, tile="9s", first="E"), "winds or dragons"),
    ],
)
def test_haidi_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        haidi_roaming(**kwargs)


def test_next_dealer_section_5_3():
    from mjlearn.rules import get

    cs = get("changsha")
    assert cs.next_dealer((), None, "W") == "W"  # option ``dealer_after_draw``: the dealer stays
    assert cs.next_dealer(("S",), "W", "E") == "S"
    assert cs.next_dealer(("N", "S"), "W", "E") == "W"  # 通炮: the discarder
