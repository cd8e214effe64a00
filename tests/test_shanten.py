"""Shanten over the five forms (mjlearn.shanten_core): tables per form, properties, bad input.

The differential tests against PyMahjongGB are in test_oracle_shanten.py.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjlearn import InvalidHandError, parse_hand
from mjlearn.shanten_core import (
    form_shanten_of_counts,
    honors_and_knitted_shanten_of_counts,
    knitted_straight_shanten_of_counts,
    regular_shanten_of_counts,
    seven_pairs_shanten_of_counts,
    shanten_of_counts,
    thirteen_orphans_shanten_of_counts,
    waits_of_counts,
)
from mjlearn.shapes import is_complete


def sh(text):
    h = parse_hand(text)
    return shanten_of_counts(h.counts, len(h.melds))


def per_form(text):
    h = parse_hand(text)
    return tuple(form_shanten_of_counts(h.counts, len(h.melds)).values())


# --- the whole hand -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1112345678999m", 0),  # nine gates
        ("123m456p789sEENN", 0),  # two pairs wait (对倒)
        ("123m456p789sENW5m", 2),  # three sets, four lone tiles
        ("1112345678999m+5m", -1),
        ("123m456p789sEENNS", 0),  # 14 tiles: discard S and wait
        ("147m147p147sESWN", 6),  # far from everything
        ("19m19p19sESWNCFF", 0),
        ("[123m,1][456p,2][789s,3][EEE,1]N", 0),  # four melds, a single wait
        ("[123m,1][456p,2][789s,3][EEE,1]N+N", -1),
        ("[1111m][2222p,1][3333s,5][EEEE,2]N", 0),  # kongs count as three
    ],
)
def test_shanten_table(text, expected):
    assert sh(text) == expected


# --- one form at a time: (regular, seven pairs, thirteen orphans, honors and knitted, knitted straight)


@pytest.mark.parametrize(
    "text, expected",
    [
        # regular form
        ("1112345678999m", (0, 4, 10, 10, 5)),
        ("123m456p789sEENN", (0, 4, 8, 8, 6)),
        ("123m456p789sENW5m", (2, 6, 8, 6, 6)),
        # seven pairs; four of a kind is two pairs
        ("1133m5577p99sEEF", (3, 0, 8, 8, 6)),
        ("1111m5577p99sEEF", (2, 0, 8, 8, 5)),
        ("1133m5577p99sEFC", (3, 1, 7, 7, 6)),
        # thirteen orphans: thirteen kinds and no pair waits on all thirteen; twelve and a pair on one
        ("19m19p19sESWNCFP", (8, 6, 0, 4, 9)),
        ("19m19p19sESWNCFF", (7, 5, 0, 5, 8)),
        ("19m19p19sESWNCF5m", (8, 6, 1, 4, 8)),
        # honors and knitted tiles: fourteen different tiles of one knitted pattern and honors
        ("147m258p369sESWN", (8, 6, 7, 0, 2)),
        ("147m258p36sESWNC", (8, 6, 7, 0, 3)),
        ("14m258p369sESWNC", (8, 6, 6, 0, 3)),
        ("147m147p147sESWN", (8, 6, 6, 6, 8)),  # 147 in every suit is not knitted
        # knitted straight with a set and a pair
        ("147m258p369s123mE", (5, 5, 9, 3, 0)),
        ("147m258p369sEEE5m", (5, 5, 9, 3, 0)),
        ("147m258p39s123mEE", (4, 4, 9, 4, 0)),
    ],
)
def test_form_table(text, expected):
    assert per_form(text) == expected
    assert sh(text) == min(expected)


@pytest.mark.parametrize(
    "text, expected",
    [
        # melds rule out seven pairs, thirteen orphans and honors and knitted; two melds the knitted straight
        ("[123m,1]147m258p369s5p", (5, None, None, None, 0)),
        ("[123m,1][EEE,2]147m25p3sN", (4, None, None, None, None)),
    ],
)
def test_form_table_with_melds(text, expected):
    assert per_form(text) == expected


def test_per_form_functions_match_the_table():
    h = parse_hand("19m19p19sESWNCF5m")
    c = h.counts
    assert regular_shanten_of_counts(c) == 8
    assert seven_pairs_shanten_of_counts(c) == 6
    assert thirteen_orphans_shanten_of_counts(c) == 1
    assert honors_and_knitted_shanten_of_counts(c) == 4
    assert knitted_straight_shanten_of_counts(c) == 8


# --- properties -----------------------------------------------------------------------------------


def _counts(tiles):
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


hands13 = st.lists(st.integers(0, 33), min_size=13, max_size=13).map(_counts).filter(lambda c: max(c) <= 4)
hands14 = st.lists(st.integers(0, 33), min_size=14, max_size=14).map(_counts).filter(lambda c: max(c) <= 4)


@settings(max_examples=300, deadline=None)
@given(hands14)
def test_fourteen_tiles_is_best_discard_or_complete(c):
    expected = (
        -1 if is_complete(c) else min(shanten_of_counts(c[:t] + [c[t] - 1] + c[t + 1 :]) for t in range(34) if c[t])
    )
    assert shanten_of_counts(c) == expected


@settings(max_examples=200, deadline=None)
@given(hands13)
def test_shanten_is_min_over_forms_and_ready_iff_waits(c):
    s = shanten_of_counts(c)
    assert s == min(v for v in form_shanten_of_counts(c).values() if v is not None)
    assert 0 <= s <= 8
    assert (s == 0) == bool(waits_of_counts(c))


@settings(max_examples=150, deadline=None)
@given(hands13)
def test_one_draw_lowers_shanten_by_at_most_one(c):
    s = shanten_of_counts(c)
    best = min(shanten_of_counts(c[:t] + [c[t] + 1] + c[t + 1 :]) for t in range(34))
    assert best >= s - 1


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "counts, n_melds, match",
    [
        ([1] * 12 + [0] * 22, 0, "12 tiles"),
        ([1] * 13 + [0] * 21, 1, "16 tiles"),
        ([1] * 13, 0, "34 tile counts"),
        ([1] * 13 + [0] * 21, 5, "0-4 declared melds"),
    ],
)
def test_bad_counts_raise(counts, n_melds, match):
    with pytest.raises(InvalidHandError, match=match):
        shanten_of_counts(counts, n_melds)


def test_waits_of_counts_needs_thirteen():
    with pytest.raises(InvalidHandError, match="13-tile"):
        waits_of_counts(parse_hand("1112345678999m+5m").counts)
