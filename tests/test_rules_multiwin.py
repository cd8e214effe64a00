"""Several winners on one discard: score_discard (Changsha 通炮, Yunnan 一炮多响, Hong Kong 一炮三响)
and the single-winner rule sets (截和 by the nearest claimant)."""

import json

import pytest

from mjlearn.errors import InvalidHandError
from mjlearn.rules import RULESETS, ContextError, RulesError, score, score_discard
from mjlearn.rules.discard import turn_order_from
from mjlearn.rules.result import DiscardResult

CS = {
    "S": "123m456p789p234s5m",  # 平胡 with 55m (小胡)
    "N": "111p333p777s999s5m",  # 碰碰胡 (大胡)
    "E": "123m456m789m1357s",
}  # not complete on 5m
YN = {
    "W": "[111s][444s][999s]2266s",  # 清一 + 碰碰胡: 2 番 → 8
    "S": "EEESSS777m999m6s",  # 碰碰胡: 1 番 → 4
    "E": "123m456m789m11p57s",
}  # 平胡: may not win on a discard


def _each_alone(rules, hands, discarder, tile, **ctx):
    return {s: score(h + "+" + tile, rules=rules, winner=s, discarder=discarder, **ctx) for s, h in hands.items()}


def test_changsha_tongpao_discarder_pays_every_winner_in_full():
    r = score_discard(CS, rules="changsha", discarder="W", tile="5m")
    assert isinstance(r, DiscardResult) and r.legal
    assert r.winners == ("N", "S")  # turn order from the discarder (E cannot win)
    alone = _each_alone("changsha", CS, "W", "5m")
    assert not alone["E"].legal and not r.results["E"].legal
    for s in r.winners:
        assert r.results[s].payments == alone[s].payments
    assert r.payments == {k: alone["N"].payments[k] + alone["S"].payments[k] for k in "ESWN"}
    assert r.payments["W"] == -(alone["N"].total + alone["S"].total)
    assert sum(r.payments.values()) == 0
    assert r.next_dealer == "W"  # after 通炮 the discarder deals


@pytest.mark.parametrize("bird,seat", [("3p", "W"), ("2m", "S"), ("4s", "N"), ("1m", "E")])
def test_changsha_tongpao_one_bird_for_all(bird, seat):
    r = score_discard({k: CS[k] for k in "SN"}, rules="changsha", discarder="W", tile="5m", bird=bird)
    base = score_discard({k: CS[k] for k in "SN"}, rules="changsha", discarder="W", tile="5m")
    for s in ("S", "N"):
        doubled = seat in (s, "W")  # the bird doubles payments to or from its seat
        assert r.payments[s] == base.payments[s] * (2 if doubled else 1)
    assert sum(r.payments.values()) == 0


def test_changsha_single_winner_deals_next():
    r = score_discard({"S": CS["S"], "E": CS["E"]}, rules="changsha", discarder="W", tile="5m")
    assert r.winners == ("S",) and r.next_dealer == "S"
    assert r.payments == score(CS["S"] + "+5m", rules="changsha", winner="S", discarder="W").payments


def test_yunnan_yipao_duoxiang():
    r = score_discard(YN, rules="yunnan", discarder="N", tile="6s")
    assert r.winners == ("S", "W")
    assert r.totals == {"S": 1, "W": 2}
    assert r.payments == {"E": 0, "S": 4, "W": 8, "N": -12}
    assert r.results["E"].reason[1].startswith("a plain hand")
    assert r.next_dealer == "E"  # option ``dealer_next_multi_win``: the discarder's 下家
    alt = score_discard(
        YN, rules="yunnan", discarder="N", tile="6s", options={"dealer_next_multi_win": "first_winner_after_discarder"}
    )
    assert alt.next_dealer == "S" and alt.payments == r.payments


def test_yunnan_single_winner_and_nobody():
    one = score_discard({"W": YN["W"], "E": YN["E"]}, rules="yunnan", discarder="N", tile="6s")
    assert one.winners == ("W",) and one.next_dealer == "W" and one.payments["N"] == -8
    none = score_discard({"E": YN["E"]}, rules="yunnan", discarder="N", tile="6s")
    assert not none.legal and none.winners == () and none.payments == dict.fromkeys("ESWN", 0)
    assert none.next_dealer is None


def test_single_winner_rule_sets_take_the_nearest():
    hands = {"E": "123p456p789pSSS5s+5s", "N": "123m456m789mEEE5s+5s"}
    for rules in ("beijing", "xian"):
        if rules not in RULESETS:
            continue
        r = score_discard(hands, rules=rules, discarder="W")
        assert all(x.legal for x in r.results.values())
        assert r.winners == ("N",)  # W → N → E: North is nearer
        assert "E" in r.notes and "nearer" in r.notes["E"][1]
        assert r.payments == r.results["N"].payments


def test_hong_kong_multiple_winners_keyword_is_set_only_with_several():
    from mjlearn.rules.hongkong import settle_multi_win

    hands = {"E": "123m456p789sCCC5s", "S": "123m456p111s234s5s"}
    r = score_discard(hands, rules="hongkong", discarder="N", tile="5s")
    assert r.winners == ("E", "S")
    assert all(x.context["multiple_winners"] for x in r.results.values())
    ref = [score(h + "+5s", rules="hongkong", winner=s, discarder="N", multiple_winners=True) for s, h in hands.items()]
    assert r.payments == settle_multi_win(ref)
    alone = score_discard({"E": hands["E"]}, rules="hongkong", discarder="N", tile="5s")
    assert alone.results["E"].context["multiple_winners"] is False
    assert alone.results["E"].total < r.results["E"].total  # no 3番 floor for a single winner


def test_hands_may_carry_the_discard_after_plus():
    a = score_discard({s: h + "+5m" for s, h in CS.items()}, rules="changsha", discarder="W")
    b = score_discard(CS, rules="changsha", discarder="W", tile="5m")
    assert a.payments == b.payments and str(a.tile) == "5m"


def test_per_seat_context():
    # N robs a kong (so holds no other 5m): one more 大胡
    r = score_discard(
        {"S": CS["S"], "N": "111p333p777s22s46m"},
        rules="changsha",
        discarder="W",
        tile="5m",
        contexts={"N": {"kong": True}},
    )
    assert "qiangganghu" in {i.key for i in r.results["N"].items}
    assert "qiangganghu" not in {i.key for i in r.results["S"].items}


def test_result_renders_and_serialises():
    r = score_discard(CS, rules="changsha", discarder="W", tile="5m", bird="3p")
    d = json.loads(json.dumps(r.to_dict(), ensure_ascii=False))
    assert d["winners"] == ["N", "S"] and d["payments"]["W"] == -14 and d["next_dealer"] == "W"
    assert set(d["results"]) == {"N", "E", "S"} and d["results"]["E"]["legal"] is False
    html = r._repr_html_()
    assert "收付 Payments" in html and "下一庄 Next dealer" in html and "不能和 cannot win" in html
    text = str(r)
    assert "N wins" in text and "E cannot win" in text and "W -14" in text
    assert "winners=['N', 'S']" in repr(r)


def test_ruleset_method_matches_function():
    from mjlearn.rules import get

    a = get("changsha").score_discard(CS, discarder="W", tile="5m")
    b = score_discard(CS, rules="changsha", discarder="W", tile="5m")
    assert a.payments == b.payments and a.winners == b.winners


def test_turn_order():
    assert turn_order_from("E") == ("S", "W", "N")
    assert turn_order_from("N") == ("E", "S", "W")


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        (dict(hands={"W": CS["S"]}, discarder="W", tile="5m"), RulesError, "discarded the tile"),
        (dict(hands={"S": CS["S"]}, discarder="W"), RulesError, "no winning tile"),
        (
            dict(hands={"S": CS["S"] + "+5m", "N": CS["N"] + "+8s"}, discarder="W"),
            RulesError,
            "wins on 8s, but the discard is 5m",
        ),
        (dict(hands={"S": CS["S"]}, discarder="W", tile="5m", winner="S"), ContextError, "sets 'winner'"),
        (dict(hands={"S": CS["S"]}, discarder="W", tile="5m", self_drawn=True), ContextError, "self_drawn"),
        (dict(hands={"S": CS["S"]}, discarder="X", tile="5m"), ContextError, "must be a seat"),
        (dict(hands={}, discarder="W", tile="5m"), RulesError, "hands must map"),
        (dict(hands={"S": CS["S"]}, discarder="W", tile="0m"), ContextError, "tile must be"),
        (
            dict(hands={"S": CS["S"]}, discarder="W", tile="5m", contexts={"N": {"kong": True}}),
            ContextError,
            "holds no hand",
        ),
        (dict(hands={"S": CS["S"]}, discarder="W", tile="5m", shang_lou=1), ContextError, "shang_lou"),
        (
            dict(hands={"S": "555m123p456p789p1s", "N": "55m123s456s789s11p"}, discarder="W", tile="5m"),
            InvalidHandError,
            "more than four of a tile: 5m ×6",
        ),
        (dict(hands={"S": "123m456p789p234sE"}, discarder="W", tile="E"), InvalidHandError, "winds or dragons"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs, error, match):
    with pytest.raises(error, match=match):
        score_discard(rules="changsha", **kwargs)
