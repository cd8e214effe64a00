"""One MCR result type whichever door: ``mjlearn.score`` (the MCR door) and ``mjlearn.rules.score``
(the rules door) return the same :class:`~mjlearn.mcr.result.ScoreResult`, with the same figures."""

import random

import mcr_hands as H
import pytest

import mjlearn as mj
from mjlearn import rules
from mjlearn.errors import ContextError
from mjlearn.mcr.profiles import PROFILES
from mjlearn.mcr.result import ScoreResult
from mjlearn.rules.result import Item, RegionalResult
from mjlearn.seats import Seat

SEATS = "ESWN"


def _seated_cases(n, seed):
    """Random winning hands with seats that agree with the case's seat wind: (hand, context)."""
    rng = random.Random(seed)
    out = []
    for hand, ctx in H.random_cases(n, seed):
        winner = rng.choice(SEATS)
        dealer = next(d for d in SEATS if Seat.wind_of(winner, d).letter == ctx["seat_wind"])
        ctx = dict(ctx, winner=winner, dealer=dealer)
        if rng.random() < 0.5:  # the seat wind from winner and dealer, as the rule set derives it
            del ctx["seat_wind"]
        if not ctx["self_drawn"]:
            ctx["discarder"] = rng.choice([s for s in SEATS if s != winner])
        out.append((hand, ctx))
    return out


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_both_doors_same_type_and_figures(profile):
    cases = _seated_cases(300, seed=11)
    legal = under = 0
    for hand, ctx in cases:
        a = mj.score(hand, rules=profile, **ctx)
        b = rules.score(hand, rules="mcr", options={"profile": profile}, **ctx)
        where = f"{hand} {ctx} ({profile})"
        assert type(a) is ScoreResult and type(b) is ScoreResult, where
        assert a.rules == b.rules == profile, where
        assert (a.total, a.fan_counts(), a.payments) == (b.total, b.fan_counts(), b.payments), where
        assert [(f.id, f.count, f.points) for f in a.fans] == [(f.id, f.count, f.points) for f in b.fans], where
        assert (a.legal, a.reason, a.items) == (b.legal, b.reason, b.items), where
        assert a.to_dict() == b.to_dict() and a == b, where
        assert sum(a.payments.values()) == 0, where
        assert all(isinstance(i, Item) for i in a.items), where
        assert a.legal == a.meets_minimum and (a.reason is None) == a.legal, where
        if a.legal:
            legal += 1
            assert a.payments[ctx["winner"]] > 0, where
            assert a.payments == b.settlement(ctx["winner"], ctx.get("discarder")), where
        else:
            under += 1
            assert set(a.payments.values()) == {0}, where
    assert legal > 100 and under > 0  # both verdicts were exercised


def test_figures_as_the_rules_door_gave_them():
    """The rules door's figures for the comparison hand (tests/test_rules_compare.py) and its verdict keys
    are unchanged."""
    r = rules.score("12346789mEEE44s+5m", rules="mcr", winner="S", discarder="N")
    assert isinstance(r, ScoreResult) and not isinstance(r, RegionalResult)
    assert (r.total, r.payments, r.legal, r.reason) == (22, {"E": -8, "S": 46, "W": -8, "N": -30}, True, None)
    assert r.unit == ("分", "points") and r.ruleset is rules.get("mcr") and r.transfers == ()
    assert r.wilds == () and r.substitutions == () and r.context["winner"] == "S"
    assert [(i.key, i.value, i.count) for i in r.items] == [
        ("28", 16, 1),
        ("60", 2, 1),
        ("62", 2, 1),
        ("75", 1, 1),
        ("78", 1, 1),
    ]
    d = r.to_dict()
    assert list(d)[:6] == ["rules", "hand", "total", "meets_minimum", "fans", "excluded"]
    assert d["payments"] == {"E": -8, "S": 46, "W": -8, "N": -30} and d["options"] == {"profile": "mcr"}
    assert d["items"][0] == {"key": "28", "zh": "清龙", "en": "Pure Straight", "value": 16, "count": 1}
    assert d["reading"] == "123m 456m 789m EEE 44s" and d["legal"] is True and d["reason"] is None
    assert "payments: E -8, S +46, W -8, N -30" in str(r)


def test_not_legal_verdicts():
    small = rules.score("123m456p678s23sEE+1s", rules="mcr", discarder="S")  # 3 points
    assert not small.legal and small.reason[1].endswith("under the 8-point minimum")
    assert small.payments == {"E": 0, "S": 0, "W": 0, "N": 0} and small.items
    broken = rules.score("123m456p789s23sEW+1s", rules="mcr", self_drawn=True)
    assert not broken.is_winning and broken.reason == ("牌型不完整", "the tiles do not make a complete hand")
    assert broken.items == () and broken.total == 0 and broken.reading is None
    assert broken.to_dict()["reason"]["en"] == "the tiles do not make a complete hand"


def test_mcr_door_without_seats():
    r = mj.score("12346789mEEE44s+5m")
    assert r.payments == {"E": 0, "S": 0, "W": 0, "N": 0} and r.legal
    assert list(r.to_dict()) == ["rules", "hand", "total", "meets_minimum", "fans", "excluded"]
    assert r.to_dict(verdict=True)["payments"] == r.payments
    assert "payments" not in str(r) and r.ruleset.name == "mcr"
    assert mj.score("12346789mEEE44s+5m", rules="mcr-wmo2014").ruleset.opt("profile") == "mcr-wmo2014"


def test_mcr_door_seat_wind_from_winner_and_dealer():
    # a pung of East: 门风刻 only for the winner whose seat wind is East
    hand = "123m456p789s1sEEE+1s"
    east = mj.score(hand, winner="S", dealer="S", self_drawn=True)
    south = mj.score(hand, winner="S", dealer="E", self_drawn=True)
    assert 61 in east.fan_counts() and 61 not in south.fan_counts()
    assert east.total == rules.score(hand, rules="mcr", winner="S", dealer="S", self_drawn=True).total


@pytest.mark.parametrize(
    "bad, says",
    [
        (dict(winner="S"), "discarder is required"),
        (dict(winner="S", discarder="S"), "cannot also be the discarder"),
        (dict(self_drawn=True, discarder="N"), "no discarder"),
        (dict(winner="X", self_drawn=True), "winner"),
    ],
)
def test_mcr_door_checks_seats_like_the_rules_door(bad, says):
    with pytest.raises(ContextError, match=says):
        mj.score("12346789mEEE44s+5m", **bad)
    with pytest.raises(ContextError, match=says):
        rules.score("12346789mEEE44s+5m", rules="mcr", **bad)


def test_widget_panel_takes_the_fan_path_for_every_profile():
    from mjlearn.hand import as_hand
    from mjlearn.widgets import _panels

    hand = as_hand("12346789mEEE44s+5m")
    for r in (rules.score(hand, rules="mcr", winner="S", discarder="N"), mj.score(hand, rules="mcr-wmo2014")):
        html, total = _panels.score_html(hand, r, live=False)
        assert total == r.total and "mj-fan" in html and "mj-verdict" not in html
