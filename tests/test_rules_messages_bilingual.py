"""Every rule set's context and option errors speak both languages: English, then the same in Chinese.

For each registered rule set the scan provokes an unknown keyword, a bad value of each of its context
keywords, unknown and bad options, and the checks of the discarder and the wild; then the rule-set-specific
checks (Xi'an's bets, Fuzhou's flowers and 金, Huopin's indicator and rooms, old Beijing's 地和, Hong Kong's
地和/人和/一炮三响 and kong bloom, 发混儿, Changsha's bird), and the errors of score_discard and compare.
"""

from __future__ import annotations

import re

import pytest

from mjlearn.errors import ContextError, MjlearnError, RulesError, _ProblemsError
from mjlearn.rules import compare, get, names, score, score_discard
from mjlearn.rules.huopin import bird_seat, room_payments
from mjlearn.rules.patterns import next_in_cycle

HAN = re.compile(r"[\u4e00-\u9fff]")
HAND = "123m456m789p234s8s+8s"  # suited only: every rule set's tile set holds it

BAD_VALUE = {
    "bool": 1,
    "seat": "X",
    "seat?": "X",
    "tile?": "zz",
    "count": -1,
    "kongs": 5,
    "units": 5,
    "flowers": True,
    "choice": "nonsense",
}


def _bilingual(e: Exception) -> None:
    """Each message of `e` is English, two spaces, then the Chinese in full-width parentheses."""
    messages = [p.message for p in e.problems] if isinstance(e, _ProblemsError) else [str(e)]
    assert isinstance(e, MjlearnError), e
    for m in messages:
        english, sep, chinese = m.partition("\n")[0].rpartition("  （")
        assert sep and english and chinese.endswith("）") and HAN.search(chinese), m


def _discard_win(rs) -> dict:
    return dict(winner="S", discarder="N") if "discarder" in rs.context_names else {}


def _provoke(call, kind=ContextError):
    with pytest.raises(kind) as e:
        call()
    _bilingual(e.value)
    return e.value


@pytest.mark.parametrize("name", names())
def test_unknown_keywords_and_bad_values_are_bilingual(name):
    rs = get(name)
    base = _discard_win(rs)
    e = _provoke(lambda: score(HAND, rules=name, **base, no_such_keyword=True))
    assert "does not use the context keyword 'no_such_keyword'" in str(e) and rs.zh in str(e)
    for c in rs.context:
        bad = BAD_VALUE[c.kind]
        e = _provoke(lambda c=c, bad=bad: score(HAND, rules=name, **{**base, c.name: bad}))
        assert c.name in str(e).split("  （")[0], (name, c.name, str(e))
        if c.kind == "count" and c.most is not None:
            _provoke(lambda c=c: score(HAND, rules=name, **{**base, c.name: c.most + 1}))


@pytest.mark.parametrize("name", names())
def test_options_and_the_common_checks_are_bilingual(name):
    rs = get(name)
    _provoke(lambda: score(HAND, rules=name, options={"no_such_option": 1}, **_discard_win(rs)), RulesError)
    for o in rs.options:  # every option refuses a value it does not declare
        e = _provoke(lambda o=o: rs.with_options(**{o.key: "nonsense"}), RulesError)
        assert "(A-" not in str(e) and "regional" not in str(e), str(e)  # no internal references
    if "discarder" in rs.context_names:
        _provoke(lambda: score(HAND, rules=name, winner="S", self_drawn=True, discarder="N"))
        _provoke(lambda: score(HAND, rules=name, winner="S", self_drawn=False))
        _provoke(lambda: score(HAND, rules=name, winner="S", discarder="S"))
    if "wild" in rs.context_names:
        _provoke(lambda: score(HAND, rules=name, winner="S", discarder="N", wild="a"))
    if "other_kongs" in rs.context_names:
        _provoke(lambda: score(HAND, rules=name, winner="S", discarder="N", other_kongs={"S": (1, 0)}))
        _provoke(lambda: score(HAND, rules=name, winner="S", discarder="N", other_kongs={"W": (5, 0)}))


SPECIFIC = [
    ("xian", dict(bets={"Q": 1})),
    ("xian", dict(bets={"S": -1})),
    ("fuzhou", dict(flowers="5m")),
    ("fuzhou", dict(flowers="aa")),
    ("fuzhou", dict(flowers="EEEEE")),
    ("fuzhou", dict(flowers="5x")),
    ("fuzhou", dict(flowers=[1, 2])),
    ("fuzhou", dict(flowers=-1)),
    ("fuzhou", dict(wild="E")),
    ("fuzhou", dict(wild="5p", took_indicator=True, self_drawn=True, discarder=None)),
    ("huopin", dict(indicator="a")),
    ("huopin", dict(indicator="5m", wild="7m")),
    ("huopin", dict(bird="zz")),
    ("old_beijing", dict(earthly=True, winner="E", dealer="E", discarder="N")),
    ("hongkong", dict(earthly=True)),
    ("hongkong", dict(human=True, self_drawn=True, discarder=None)),
    ("hongkong", dict(multiple_winners=True, self_drawn=True, discarder=None)),
    ("hongkong", dict(kong=True, self_drawn=True, discarder=None)),
    ("bj_basic", dict(wild_discarded=True)),
    ("changsha", dict(bird="E")),
    # the conflicts every rule set checks against the hand (it holds two 8s and no kong)
    ("hongkong", dict(kong=True)),
    ("hongkong", dict(kong=True, wall_last=True)),
    ("yunnan", dict(after_kong=True, self_drawn=True, discarder=None)),
    ("yunnan", dict(after_kong=True, kong=True)),
    ("huopin", dict(last_tile=True)),
    ("hongkong", dict(seat_wind="E")),
    ("hongkong", dict(heavenly=True)),
    ("fuzhou", dict(flowers=37)),
]


@pytest.mark.parametrize("name,context", SPECIFIC)
def test_the_rule_set_specific_checks_are_bilingual(name, context):
    _provoke(lambda: score(HAND, rules=name, **{"winner": "S", "discarder": "N", **context}))


def test_the_other_doors_are_bilingual():
    _provoke(lambda: score(HAND, rules="tokyo"), RulesError)
    _provoke(lambda: compare(HAND, ["beijing", "xian"], bets={"S": 1}, no_such_keyword=1))
    _provoke(lambda: next_in_cycle("a"), RulesError)
    _provoke(lambda: bird_seat("a"))
    _provoke(lambda: room_payments(8, "tokyo", winner="S", discarder="N"))
    _provoke(lambda: get("hongkong").on_deal_win("123m456m789m2468p", "E"), RulesError)
    _provoke(lambda: score(HAND[:-3], rules="hongkong"), _ProblemsError)
    hands = {"S": "123m456m789p234s8s", "W": "123m456m789p234s8s"}
    _provoke(lambda: score_discard(hands, "hongkong", discarder="N", tile="8s", winner="S"))
    _provoke(lambda: score_discard({}, "hongkong", discarder="N", tile="8s"), RulesError)
    _provoke(lambda: score_discard(hands, "hongkong", discarder="N", tile="8s", contexts={"E": {}}))
    _provoke(lambda: score_discard(hands, "hongkong", discarder="N", tile="zz"))
    _provoke(lambda: score_discard(hands, "hongkong", discarder="S", tile="8s"), RulesError)
    _provoke(lambda: score_discard(hands, "hongkong", discarder="N"), RulesError)
    _provoke(lambda: score_discard({"S": HAND}, "hongkong", discarder="N", tile="5m"), RulesError)
    many = {"S": "8s8s8s123m456m789p2s", "W": "8s123m456m789p234s8s"}
    _provoke(lambda: score_discard(many, "hongkong", discarder="N", tile="8s"), _ProblemsError)


def test_the_settlement_helpers_refusals_are_bilingual():
    from mjlearn.rules import changsha, fuzhou, hongkong, xian

    refusals = [
        lambda: xian.reserve_stacks(-1),
        lambda: xian.next_dealer("X", None),
        lambda: xian.nearest_claimant("W", ["Q"]),
        lambda: xian.nearest_claimant("W", ["W"]),
        lambda: fuzhou.false_win_payments("X"),
        lambda: fuzhou.claim_priority("W", []),
        lambda: changsha.on_deal("123m456m789m2468p+5p"),
        lambda: changsha.haidi_roaming({"E": "123m456m789m2468p+5p"}, "9s", first="E"),
        lambda: hongkong.settle_multi_win([score(HAND, rules="hongkong", winner="S", discarder="N")]),
        lambda: hongkong.settle_multi_win(
            [
                score(HAND, rules="hongkong", winner="S", discarder="N", multiple_winners=True),
                score(HAND, rules="hongkong", winner="S", discarder="W", multiple_winners=True),
            ]
        ),
    ]
    for call in refusals:
        with pytest.raises(ValueError) as e:
            call()
        english, sep, chinese = str(e.value).rpartition("  （")
        assert sep and english and chinese.endswith("）") and HAN.search(chinese), str(e.value)
