"""The rule-set framework: registry, aliases, context and tile-set validation, results."""

import pytest

import mjlearn.rules as R
from mjlearn.rules import RULESETS, ContextError, RulesError, TileSetError, UnknownRuleSetError, get, score
from mjlearn.rules.base import next_in_cycle


@pytest.mark.parametrize(
    "alias, name",
    [
        ("北京麻将", "beijing"),
        ("Beijing Majiang", "beijing"),
        ("推倒和", "beijing"),
        ("吃碰提", "beijing_cpt"),
        ("长沙麻将", "changsha"),
        ("CHANGSHA", "changsha"),
        ("云南麻将", "yunnan"),
        ("yuxi", "yunnan"),
        ("火拼麻將", "huopin"),
        ("国标麻将", "mcr"),
        ("guobiao", "mcr"),
        ("河北麻将", "hebei1"),
        ("shandong-2", "shandong2"),
        ("bj basic", "bj_basic"),
    ],
)
def test_lookup_by_alias(alias, name):
    assert get(alias).name == name and RULESETS[alias].name == name and alias in RULESETS


def test_unknown_rule_set_lists_known_ones():
    with pytest.raises(UnknownRuleSetError, match="unknown rule set 'tokyo'; known rule sets: ") as e:
        score("123456789m11p23s+4s", rules="tokyo")
    assert "beijing (北京麻将" in str(e.value) and "changsha (长沙麻将)" in str(e.value)
    with pytest.raises(KeyError):
        RULESETS["tokyo"]


def test_rulesets_mapping_is_read_only_and_complete():
    assert {
        "mcr",
        "beijing",
        "bj_basic",
        "bj_new",
        "hebei1",
        "hebei2",
        "shandong1",
        "shandong2",
        "changsha",
        "yunnan",
        "huopin",
    } <= set(RULESETS)
    with pytest.raises(TypeError):
        RULESETS["x"] = None


def test_unknown_context_keyword_names_it_and_the_accepted_ones():
    with pytest.raises(ContextError, match=r"'shang_lou'.*accepts: self_drawn"):
        score("123456m789p23s55p+4s", rules="changsha", winner="S", self_drawn=True, shang_lou=1)


@pytest.mark.parametrize(
    "ctx, match",
    [
        (dict(winner="S"), "discarder is required"),
        (dict(winner="S", self_drawn=True, discarder="N"), "no discarder"),
        (dict(winner="S", discarder="S"), "cannot also be the discarder"),
        (dict(winner="X", self_drawn=True), "must be a seat"),
        (dict(winner="S", self_drawn="yes"), "True or False"),
        (dict(winner="S", self_drawn=True, shang_lou=-1), "whole number"),
        (dict(winner="S", self_drawn=True, wild="5x"), "must be a tile"),
    ],
)
def test_bad_context_values(ctx, match):
    with pytest.raises(ContextError, match=match):
        score("123456789m11p23s+4s", rules="beijing", **ctx)


def test_tiles_a_variant_does_not_use():
    with pytest.raises(TileSetError, match="108 tiles without winds or dragons"):
        score("12346789mEEE44s+5m", rules="changsha", winner="S", discarder="N")
    with pytest.raises(TileSetError, match="without flowers: a"):
        score("123456789m11p23sa+4s", rules="beijing", winner="S", self_drawn=True)
    assert isinstance(TileSetError("x"), ValueError)


def test_incomplete_hand_is_an_answer_and_short_hand_an_error():
    r = score("123456789m11p24s+7s", rules="beijing", winner="S", self_drawn=True)
    assert not r.legal and r.reason[1].startswith("the tiles do not make")
    with pytest.raises(ValueError, match="winning tile"):
        score("123456789m11p23s", rules="beijing", winner="S", self_drawn=True)


def test_options_with_and_unknown():
    rs = get("beijing").with_options(dealer_wins=2)
    assert rs.opt("dealer_wins") == 2 and get("beijing").opt("dealer_wins") == 1
    with pytest.raises(RulesError, match="no option 'nope'"):
        get("beijing").with_options(nope=1)
    with pytest.raises(RulesError, match="must be one of"):
        get("beijing").with_options(dealer_wins=3)


def test_result_to_dict_and_html():
    r = score("12346789mEEE44s+5m", rules="beijing", winner="S", discarder="N")
    d = r.to_dict()
    assert d["rules"] == "beijing" and d["legal"] and d["total"] == 4 and d["unit"] == {"zh": "番", "en": "fan"}
    assert d["items"][0] == {"key": "menqing", "zh": "门清", "en": "Concealed hand", "value": 1, "count": 1}
    assert d["payments"] == {"E": 0, "S": 80, "W": 0, "N": -80} and d["reason"] is None
    html = r._repr_html_()
    assert "门清" in html and "Concealed hand" in html and "+80" in html
    bad = score("12346789mEEE44s+5m", rules="yunnan", winner="S", discarder="N")
    assert bad.to_dict()["reason"]["en"].startswith("a plain hand") and "不合法" in bad._repr_html_()


def test_every_ruleset_declares_its_options_and_renders():
    for rs in RULESETS.values():
        assert rs.zh and rs.en and rs.unit
        assert all(o.key and o.en for o in rs.options)
        assert rs.zh in rs._repr_html_()


@pytest.mark.parametrize(
    "t, nxt", [("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("E", "S"), ("N", "C"), ("C", "F"), ("P", "E")]
)
def test_next_in_cycle(t, nxt):
    assert str(next_in_cycle(t)) == nxt


def test_score_dispatch_default_is_mcr():
    assert R.score("12346789mEEE44s+5m", winner="S", discarder="N").rules == "mcr"
