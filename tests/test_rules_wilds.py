"""Wild decomposition: readings with jokers and what each wild stood for."""

import pytest
from hypothesis import given, settings, strategies as st

from mjlearn.notation import parse_hand
from mjlearn.rules.wilds import substitutions, wild_readings, waits_with_wilds
from mjlearn.shapes import is_complete, readings


def test_substitution_recorded_per_part():
    [w] = wild_readings("123m456m79m55s111s+5p", "5p")
    assert str(w.reading) == "123m 456m 789m 111s 55s"
    assert [list(map(str, p)) for p in w.wilds] == [[], [], ["8m"], [], []]


def test_natural_use_is_recorded_as_itself():
    ws = wild_readings("123m456m789m5p5s11s+1s", "5p")
    # 5p can stand for itself only if the hand is complete that way; here it must be a 1s or 5s
    subs = {tuple(map(str, w.substitutions)) for w in ws}
    assert ("1s",) in subs or ("5s",) in subs
    nat = wild_readings("123m456m789m55p1s5p+1s", "5p")
    assert any(w.substitutions and all(str(t) == "5p" for t in w.substitutions) for w in nat)


def test_no_wild_gives_the_plain_readings():
    h = "2233445566778p+8p"
    assert len(wild_readings(h, None)) == len(readings(h))


def test_four_wilds_any_arrangement_quick():
    assert wild_readings("5555p123m456m78mE+E", "5p")


def test_waits_with_wilds():
    assert {str(t) for t in waits_with_wilds("12346789mEEE44s+5m", None)} == {"5m"}
    assert {str(t) for t in waits_with_wilds("12346789m5pEEE4s+5m", "5p")} == {"4s", "5m", "5p"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=14, max_size=14))
def test_one_wild_completes_iff_some_substitution_does(idx):
    counts = [0] * 34
    for i in idx:
        counts[i] += 1
    if max(counts) > 4:
        return
    from mjlearn.tiles import TILES
    from mjlearn.notation import format_tiles
    tiles = [TILES[i] for i in sorted(idx)]
    wild = tiles[0]
    hand = parse_hand(format_tiles(tiles[:-1]) + "+" + str(tiles[-1]))
    subs = substitutions(hand, wild)
    for s in subs:
        c = list(hand.counts)
        c[wild.index] = 0
        for t in s:
            c[t.index] += 1
        assert is_complete(c) and max(c) <= 4
    if is_complete(hand.counts):
        assert subs      # the wilds standing for themselves is one substitution
