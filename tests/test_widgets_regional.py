"""The editor and the rule comparison with regional rule sets, without a browser: send the
messages the front end sends and check the panels against mjlearn.rules computed here."""

from __future__ import annotations

import re

import pytest

import mjlearn.rules as rules
from mjlearn import as_hand, i18n
from mjlearn.widgets import HandEditor, RuleComparison, _ctx

HAND = "12346789mEEE44s+5m"  # the comparison hand of tests/test_rules_compare.py
PLAIN = "123m456p789s234s5s+5s"  # no honors: every variant's tiles


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _pays(html: str) -> dict:
    return {s: float(v) for s, v in re.findall(r'data-seat="([ESWN])" data-pay="([-\d.e+]+)"', html)}


def _editor(hand, rules_name, **ctx_msgs):
    ed = HandEditor(hand)
    ed.handle({"act": "rules", "arg": rules_name})
    for name, value in ctx_msgs.items():
        ed.handle({"act": "ctx", "name": name, "value": value})
    return ed


@pytest.mark.parametrize("name", [n for n in rules.names() if n != "mcr"])
@pytest.mark.parametrize("hand", [HAND, PLAIN])
def test_editor_discard_win_shows_the_engines_verdict(name, hand):
    ed = _editor(hand, name, winner="S", discarder="W", dealer="N")
    html = ed.regions["result"]
    try:
        res = rules.score(hand, rules=name, winner="S", discarder="W", dealer="N")
    except rules.RulesError as e:
        raise AssertionError(f"the engine refused what the editor passes: {e}") from e
    except ValueError as e:  # tiles the variant does not use: the engine's message
        assert str(e).splitlines()[0][:40] in html.replace("&#x27;", "'") and ed.total == -1
        return
    if res.legal:
        assert re.search(r'data-legal="true"', html)
        assert ed.total == res.total
        assert _pays(html) == {s: float(v) for s, v in res.payments.items()}
        for item in res.items:
            assert f'data-item="{item.key}"' in html
        assert res.unit[1] in html
    else:
        assert 'data-legal="false"' in html and ed.total == -1
        assert res.reason[1] in html.replace("&#x27;", "'")


@pytest.mark.parametrize("name", rules.names())
def test_controls_are_generated_from_the_declared_keywords(name):
    rs = rules.get(name)
    ed = _editor(PLAIN, name)
    html = ed.regions["context"]
    if name == "mcr":  # MCR keeps its winds and flags
        assert 'data-name="seat_wind"' in html and 'data-name="winner"' not in html
        return
    for key in ("winner", "discarder", "dealer"):
        assert f'data-name="{key}"' in html
    assert ('data-name="wild"' in html) == ("wild" in rs.context_names)
    for c in _ctx.shown(rs):
        assert f'data-name="{c.name}"' in html
        if c.zh:
            assert c.zh.split("/")[0].strip() in html
    for c in rs.context:  # complex kinds keep their defaults, no control
        if c.kind not in _ctx.SIMPLE and c.name not in _ctx.SEAT_KEYS:
            assert f'data-name="{c.name}"' not in html
    assert set(ed.state.score_context()) <= set(rs.context_names)


def test_only_accepted_keywords_reach_the_scorer():
    ed = _editor(HAND, "hongkong", winner="S", discarder="N", heavenly=True)
    assert ed.state.score_context()["heavenly"] is True
    ed.handle({"act": "rules", "arg": "beijing"})  # Beijing has no 天和 keyword
    kw = ed.state.score_context()
    assert "heavenly" not in kw and set(kw) <= set(rules.get("beijing").context_names)
    assert ed.total == rules.score(HAND, rules="beijing", **kw).total
    with pytest.raises(ValueError, match="heavenly"):
        ed.handle({"act": "ctx", "name": "heavenly", "value": True})


def test_variant_keywords_change_the_score_like_the_engine():
    ed = _editor(HAND, "beijing", winner="S", discarder="N")
    base = rules.score(HAND, rules="beijing", winner="S", discarder="N")
    assert ed.total == base.total
    ed.handle({"act": "ctx", "name": "shang_lou", "value": "2"})  # a number box sends text
    up = rules.score(HAND, rules="beijing", winner="S", discarder="N", shang_lou=2)
    assert ed.total == up.total != base.total
    ed.handle({"act": "ctx", "name": "wild", "value": "5m"})
    wild = rules.score(HAND, rules="beijing", winner="S", discarder="N", shang_lou=2, wild="5m")
    assert ed.total == (wild.total if wild.legal else -1)
    with pytest.raises(ValueError, match="whole number"):
        ed.handle({"act": "ctx", "name": "shang_lou", "value": "two"})


def test_self_drawn_and_seat_changes():
    ed = _editor(HAND, "yunnan", winner="S", discarder="N")
    res = rules.score(HAND, rules="yunnan", winner="S", discarder="N")
    assert not res.legal and res.reason[1] in ed.regions["result"] and ed.total == -1
    ed.handle({"act": "ctx", "name": "discarder", "value": "self"})  # the select's self-drawn
    kw = ed.state.score_context()
    assert kw["self_drawn"] is True and "discarder" not in kw
    res = rules.score(HAND, rules="yunnan", winner="S", self_drawn=True)
    assert res.legal and ed.total == res.total
    ed.handle({"act": "ctx", "name": "discarder", "value": "E"})
    ed.handle({"act": "ctx", "name": "winner", "value": "E"})  # the discarder moves to 上家
    assert ed.state.context["discarder"] == "N"
    with pytest.raises(ValueError):
        ed.handle({"act": "ctx", "name": "discarder", "value": "E"})
    with pytest.raises(ValueError, match="unknown rule set"):
        ed.handle({"act": "rules", "arg": "atlantis"})


def test_mcr_is_unchanged():
    ed = HandEditor(HAND)
    from mjlearn.mcr import score

    assert ed.total == score(HAND).total
    assert set(ed.state.score_context()) == {
        "self_drawn",
        "last_tile",
        "kong",
        "wall_last",
        "seat_wind",
        "prevalent_wind",
    }


def _rows_match(cmp: RuleComparison, **context):
    html = cmp.regions["main"]
    for rs in cmp.rulesets:
        kw = {k: v for k, v in context.items() if k in rs.context_names}
        expected = rules.compare(cmp.hand, rules=[rs], **kw).rows[0]
        row = re.search(rf'<tr data-rules="{rs.name}" data-status="([^"]+)".*?</tr>', html).group(0)
        assert f'data-status="{expected.status}"' in row
        if expected.status == "legal":
            assert f'data-total="{expected.total}"' in row
            for s in "ESWN":
                assert f'data-seat="{s}">{expected.payments[s]:+g}<' in row
            bar = re.search(rf'data-rules="{rs.name}" data-gain="([^"]+)"', cmp.regions["chart"]).group(1)
            assert float(bar) == expected.payments[context["winner"]]
        else:
            assert expected.reason[1] in row.replace("&#x27;", "'")


def test_comparison_shares_one_seat_context():
    cmp = RuleComparison(HAND, winner="S", discarder="N")
    _rows_match(cmp, winner="S", discarder="N", dealer="E", self_drawn=False)
    assert 'data-status="error"' not in cmp.regions["main"]  # discarder reaches every set
    cmp.handle({"act": "ctx", "name": "discarder", "value": "self"})
    _rows_match(cmp, winner="S", dealer="E", self_drawn=True)
    cmp.handle({"act": "ctx", "name": "dealer", "value": "S"})
    cmp.handle({"act": "ctx", "name": "wild", "value": "5m"})
    _rows_match(cmp, winner="S", dealer="S", self_drawn=True, wild="5m")


def test_comparison_hand_box_and_extras():
    cmp = RuleComparison(HAND, rules=["shandong1", "yunnan", "beijing"], winner="S", self_drawn=True, shang_lou=1)
    assert cmp.keywords(rules.get("beijing"))["shang_lou"] == 1
    assert "shang_lou" not in cmp.keywords(rules.get("yunnan"))
    cmp.notation = "12346789mEEE55s+5m"
    _rows_match(cmp, winner="S", dealer="E", self_drawn=True, shang_lou=1)
    cmp.notation = "12346789mEEE55"  # bad: message, hand kept
    assert cmp.last_error and str(cmp.hand) == str(as_hand("12346789mEEE55s+5m"))
    assert cmp.notation == "12346789mEEE55" and cmp.last_error in cmp.regions["error"].replace("&#x27;", "'")
    with pytest.raises(ValueError, match="no rule set"):
        RuleComparison(HAND, rules=["yunnan"], shang_lou=1)
    data, _ = cmp._repr_mimebundle_()
    assert "<svg" in data["text/html"] and "mj-cmp-bar" in data["text/html"]
