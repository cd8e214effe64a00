"""Decomposition into readings and the completeness check (mjlearn.shapes)."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjlearn import InvalidHandError
from mjlearn.shapes import KNITTED_PATTERNS, ORPHAN_INDICES, Form, PartKind, is_complete, is_winning, readings


def forms(text):
    return [r.form.value for r in readings(text)]


# --- every reading, by form ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # regular: four sets and a pair
        ("123m456p789sEENN+N", ["regular"]),
        ("1112345678999m+5m", ["regular"]),
        ("1112345678999m+1m", ["regular"]),
        ("11123456789999m", ["regular"]),  # 11 123 456 789 999; not 111 ... 99
        ("22334455667788p", ["regular", "regular", "regular", "seven_pairs"]),
        ("11112222333344m", ["regular", "regular", "regular", "seven_pairs"]),
        ("[EEE,1][SSSS,1]55pWWWNN+N", ["regular"]),
        ("[123m,2][456p,1][789s,3][CCC,2]P+P", ["regular"]),
        # seven pairs, four of a kind as two pairs (MCR)
        ("1133m5577p99sEEF+F", ["seven_pairs"]),
        ("1111m5577p99sEEF+F", ["seven_pairs"]),
        # thirteen orphans
        ("19m19p19sESWNCFP+P", ["thirteen_orphans"]),
        ("19m19p19sESWNCFP+1m", ["thirteen_orphans"]),
        # honors and knitted tiles (全不靠), seven honors included (七星不靠)
        ("147m258p369sESWC+F", ["honors_and_knitted"]),
        ("14m25p369sESWNCF+P", ["honors_and_knitted"]),
        ("147m28p36sESWNCFP", ["honors_and_knitted"]),
        # knitted straight with a set and a pair
        ("147m258p369s123mE+E", ["knitted_straight"]),
        ("147m258p369sEEE5m+5m", ["knitted_straight"]),
        ("[EEE,1]147m258p369s5m+5m", ["knitted_straight"]),
        # near misses: no reading at all
        ("123m456p789sEENS+W", []),
        ("147m258p369sESWN+1m", []),
        ("19m19p19sESWNCF2s+P", []),
        ("19m19p19sESWNCF1s+P", ["thirteen_orphans"]),
    ],
)
def test_readings_forms(text, expected):
    assert forms(text) == expected


def test_reading_parts_and_pair():
    (r,) = readings("[EEE,1]123m456p789sN+N")
    kinds = [p.kind for p in r.parts]
    assert kinds[0] is PartKind.PUNG and r.parts[0].is_declared
    assert r.pair is not None and str(r.pair) == "NN"
    assert [str(p) for p in r.sets] == ["[EEE,1]", "123m", "456p", "789s"]
    assert str(r) == "[EEE,1] 123m 456p 789s NN"


def test_nine_gates_each_wait_reads_once():
    # four 1m can be split "pung then chow" or "chow then pung": one reading, listed once
    for w in "123456789":
        rs = readings(f"1112345678999m+{w}m")
        assert len(rs) == len({str(r) for r in rs}) >= 1


def test_knitted_straight_reading_holds_nine_tiles():
    (r,) = readings("147m258p369s123mE+E")
    knitted = [p for p in r.parts if p.kind is PartKind.KNITTED]
    assert len(knitted) == 1 and len(knitted[0].tiles) == 9
    assert r.form.zh == "组合龙"


def test_patterns_constants():
    assert len(KNITTED_PATTERNS) == 6 and all(len(p) == 9 for p in KNITTED_PATTERNS)
    assert len({frozenset(p) for p in KNITTED_PATTERNS}) == 6
    assert len(ORPHAN_INDICES) == 13


def test_four_as_two_pairs_switch():
    assert "seven_pairs" not in [r.form.value for r in readings("1111m5577p99sEEF+F", four_as_two_pairs=False)]


# --- winning check ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, winning",
    [
        ("1112345678999m+5m", True),
        ("1112345678999m", False),  # 13 tiles: not a win
        ("19m19p19sESWNCFP+P", True),
        ("123m456p789sEENS+W", False),
        ("[1111s,5]1m234567s789p+1m", True),
        ("[1111s,5]11m23456789s+1m", False),
    ],
)
def test_is_winning(text, winning):
    assert is_winning(text) is winning


def test_readings_needs_fourteen_tiles():
    with pytest.raises(InvalidHandError, match="14 tiles"):
        readings("1112345678999m")


@pytest.mark.parametrize("bad", ["1112345678999m+5m5m", "11111m2345678999m", "123m45"])
def test_bad_input_raises_foundation_errors(bad):
    with pytest.raises(ValueError) as e:
        is_winning(bad)
    assert type(e.value).__name__ in ("NotationError", "InvalidHandError")


# --- is_complete agrees with readings (hypothesis) -------------------------------------------------


@st.composite
def counts14(draw):
    c = [0] * 34
    for t in draw(st.lists(st.integers(0, 33), min_size=14, max_size=14)):
        c[t] += 1
    return c


@st.composite
def near_complete(draw):
    """Hands built from sets and a pair, then maybe one tile swapped: many complete, many not."""
    c = [0] * 34
    for _ in range(4):
        if draw(st.booleans()):
            s = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            for k in (s, s + 1, s + 2):
                c[k] += 1
        else:
            c[draw(st.integers(0, 33))] += 3
    c[draw(st.integers(0, 33))] += 2
    if draw(st.booleans()):
        out = draw(st.sampled_from([i for i in range(34) if c[i]]))
        c[out] -= 1
        c[draw(st.integers(0, 33))] += 1
    return c


def _hand_of(c):
    from mjlearn.hand import Hand
    from mjlearn.tiles import TILES

    return Hand((), tuple(TILES[i] for i, n in enumerate(c) for _ in range(n)))


@settings(max_examples=300, deadline=None)
@given(st.one_of(counts14(), near_complete()))
def test_is_complete_iff_some_reading(c):
    assume(max(c) <= 4)
    assert is_complete(c) == bool(readings(_hand_of(c)))


@settings(max_examples=200, deadline=None)
@given(near_complete())
def test_every_reading_uses_exactly_the_hand(c):
    assume(max(c) <= 4)
    for r in readings(_hand_of(c)):
        used = [0] * 34
        for p in r.parts:
            for t in p.tiles:
                used[t.index] += 1
        assert used == c
        if r.form in (Form.REGULAR, Form.KNITTED_STRAIGHT):
            assert len(r.pairs) == 1
