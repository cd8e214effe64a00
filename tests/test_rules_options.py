"""Every option of every rule set declares what it may take, and refuses anything else cleanly.

A number option is a whole number in a range a real table uses; a value outside it (negative where
that means nothing, ``nan``, ``inf``, ``1e308``, a 4,300-digit number, the wrong type) is refused with
one bilingual line naming the rule set, the option and what it may take: never an AssertionError
deep in the settlement, a winner who pays, or a number too long to print. Values in the range are
still accepted, at the scoring door and at the table.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.errors import ContextError, MjlearnError, RulesError
from mjlearn.rules import Option, get, names, score
from mjlearn.rules.declarations import shown
from mjlearn.rules.xian import MAX_BET
from mjlearn.table import Table
from mjlearn.table.bots import play_hand

HAN = re.compile(r"[\u4e00-\u9fff]")
HAND = "123m456m789p234s8s+8s"  # suited only: every rule set's tile set holds it
OPTIONS = [(name, o) for name in names() for o in get(name).options]


def _discard_win(rs) -> dict:
    return dict(winner="S", discarder="N") if "discarder" in rs.context_names else {}


def _is_number_option(o: Option) -> bool:
    return o.low is not None


# --- what a bad value looks like, for each kind of option ----------------------------------------

ABSURD = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, 10**4300 + 7, -(10**4300), 2**64])
JUNK = st.one_of(
    st.text(max_size=12),
    st.none(),
    st.floats(),
    st.booleans(),
    st.integers(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    ABSURD,
    st.builds(object),
)


def _not_a_choice(o: Option):
    return lambda v: not any(type(v) is type(c) and v == c for c in o.choices)


def _bad_number(o: Option):
    wrong = st.one_of(
        st.integers(max_value=o.low - 1),
        st.integers(min_value=o.high + 1),
        st.floats(),
        ABSURD,
        st.booleans(),
        st.text(max_size=12),
        st.builds(object),
    )
    if isinstance(o.default, tuple):  # each element in the range, as many as the default
        n = len(o.default)
        good = st.integers(o.low, o.high)
        return st.one_of(
            st.lists(good, max_size=2 * n).filter(lambda v: len(v) != n).map(tuple),
            st.tuples(*[good] * (n - 1)).flatmap(lambda t: wrong.map(lambda w: t + (w,))),
            wrong,
            st.none(),
        )
    return wrong if o.default is None else st.one_of(wrong, st.none())


def _bad_subset(o: Option):
    known = st.sampled_from(o.subset_of)
    return st.one_of(
        st.lists(known, unique=True, max_size=3).flatmap(
            lambda v: st.text(max_size=8).filter(lambda t: t not in o.subset_of).map(lambda t: tuple(v) + (t,))
        ),
        known.map(lambda c: (c, c)),
        st.text(max_size=12),
        st.integers(),
        st.none(),
        ABSURD,
    )


def bad_values(o: Option):
    if o.subset_of is not None:
        return _bad_subset(o)
    if _is_number_option(o):
        return _bad_number(o)
    if o.choices is not None:
        return JUNK.filter(_not_a_choice(o))
    return JUNK.filter(lambda v: not isinstance(v, bool))  # a True/False option


def good_values(o: Option):
    if o.subset_of is not None:
        return st.lists(st.sampled_from(o.subset_of), unique=True).map(tuple)
    if _is_number_option(o):
        one = st.one_of(st.sampled_from([o.low, o.high]), st.integers(o.low, o.high))
        if isinstance(o.default, tuple):
            return st.tuples(*[one] * len(o.default))
        return st.one_of(one, st.none()) if o.default is None else one
    if o.choices is not None:
        return st.sampled_from(o.choices)
    return st.booleans()


# --- the declarations ------------------------------------------------------------------------------


def test_every_option_declares_what_it_may_take():
    assert len(OPTIONS) > 100
    for name, o in OPTIONS:
        kinds = [o.choices is not None or isinstance(o.default, bool), _is_number_option(o), o.subset_of is not None]
        assert kinds.count(True) == 1, (name, o.key)
        zh, en = o.description
        assert HAN.search(zh) and en, (name, o.key)
        if _is_number_option(o):  # the range is said in both languages
            assert f"{o.low} 到 {o.high}" in zh and f"from {o.low} to {o.high}" in en, (name, o.key, zh, en)
        assert o.check(o.default) == o.default


def test_an_option_without_a_declared_range_cannot_be_made():
    with pytest.raises(TypeError, match="must declare"):
        Option("base", 1, "base score")
    with pytest.raises(TypeError, match="must declare"):
        Option("mode", "a", "the mode")
    with pytest.raises(TypeError, match="not allowed"):
        Option("base", 0, "base score", low=1, high=10)


# --- bad values: refused with one clear bilingual line ---------------------------------------------


def _refused(rs, o, call) -> str:
    with pytest.raises(RulesError) as e:
        call()
    message = str(e.value)
    english, sep, chinese = message.rpartition("  （")
    assert isinstance(e.value, MjlearnError) and sep and chinese.endswith("）") and HAN.search(chinese), message
    assert "\n" not in message and len(message) < 1000, message
    assert english.startswith(f"{rs.name}: option {o.key!r} must be {o.allowed[1]}; got "), message
    assert chinese.startswith(f"{rs.zh}：选项 {o.key!r}") and o.allowed[0] in chinese, message
    assert "(A-" not in message and "regional" not in message, message
    return message


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(OPTIONS), st.data())
def test_bad_option_values_are_refused_naming_the_rule_set_the_option_and_the_range(case, data):
    name, o = case
    rs = get(name)
    bad = data.draw(bad_values(o), label="bad value")
    _refused(rs, o, lambda: rs.with_options(**{o.key: bad}))
    if data.draw(st.booleans(), label="through score"):
        _refused(rs, o, lambda: score(HAND, rules=name, options={o.key: bad}, **_discard_win(rs)))


@pytest.mark.parametrize("bad", [math.nan, math.inf, -7, 0, 1e308, 10**4300, "5", 2.5, True], ids=shown)
@pytest.mark.parametrize("name", [n for n in names() if any(o.key == "base" for o in get(n).options)])
def test_a_bad_base_is_refused_not_an_assertion_or_a_paying_winner(name, bad):
    rs = get(name)
    o = next(o for o in rs.options if o.key == "base")
    _refused(rs, o, lambda: score(HAND, rules=name, options={"base": bad}, **_discard_win(rs)))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([n for n in names() if any(o.key == "base" for o in get(n).options)]), st.data())
def test_every_base_allowed_pays_the_winner(name, data):
    rs = get(name)
    o = next(o for o in rs.options if o.key == "base")
    base = data.draw(st.integers(o.low, o.high), label="base")
    r = score(
        "123m456p789s234sW+W" if rs.tiles.honors else HAND,
        rules=name,
        options={"base": base},
        winner="S",
        discarder="N",
    )
    assert r.legal, (name, r.reason)
    assert r.payments["S"] > 0 and r.payments["N"] < 0 and sum(r.payments.values()) == 0, r.payments


# --- good values: still accepted --------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(OPTIONS), st.data())
def test_values_in_the_declared_range_are_accepted_and_score(case, data):
    name, o = case
    rs = get(name)
    value = data.draw(good_values(o), label="value")
    changed = rs.with_options(**{o.key: value})
    assert changed.opt(o.key) == value
    r = changed.score(HAND, **_discard_win(rs))
    if r.legal:
        assert sum(r.payments.values()) == 0, r.payments


@pytest.mark.parametrize("end", ["low", "high"])
@pytest.mark.parametrize("name", names())
def test_a_hand_plays_at_the_table_with_every_number_option_at_an_end_of_its_range(name, end):
    rs = get(name)
    chosen = {}
    for o in rs.options:
        if _is_number_option(o):
            v = getattr(o, end)
            chosen[o.key] = tuple([v] * len(o.default)) if isinstance(o.default, tuple) else v
    t = play_hand(Table(name, 7, rule_options=chosen))
    assert t.phase == "over" and sum(t.payments.values()) == 0, (name, chosen, t.payments)


# --- Xi'an's side bets: bounded like an option ------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from("ESWN"),
    st.one_of(
        st.integers(max_value=-1),
        st.integers(min_value=MAX_BET + 1),
        ABSURD,
        st.floats(),
        st.booleans(),
        st.text(max_size=5),
        st.none(),
    ),
)
def test_xian_bets_outside_zero_to_the_most_a_table_bets_are_refused(seat, bad):
    with pytest.raises(ContextError) as e:
        score(HAND, rules="xian", winner="S", discarder="N", bets={seat: bad})
    message = str(e.value)
    assert f"from 0 to {MAX_BET}" in message and f"0 到 {MAX_BET}" in message and len(message) < 1000, message


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from("ESWN"), st.integers(0, MAX_BET)), st.booleans())
def test_xian_bets_up_to_the_most_are_settled(bets, self_drawn):
    ctx = dict(winner="S", self_drawn=True) if self_drawn else dict(winner="S", discarder="N")
    r = score(HAND, rules="xian", bets=bets, **ctx)
    assert r.legal and sum(r.payments.values()) == 0, r.payments


@pytest.mark.parametrize("given", [5, "base=3", [("base", 3)], 2.5])
def test_options_that_are_not_a_mapping_are_refused_in_one_line(given):
    from mjlearn.rules import RulesError

    with pytest.raises(RulesError, match="options must be a mapping"):
        mj.score("12346789mEEE44s+5m", rules="beijing", winner="S", discarder="N", options=given)
