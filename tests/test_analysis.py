"""Public analysis functions and their result objects (mjlearn.analysis)."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjlearn import InvalidHandError, NotationError, parse_hand, parse_tiles
from mjlearn.analysis import (
    DiscardAdvice,
    FormShanten,
    Waits,
    discard_advice,
    form_shanten,
    is_winning,
    reading_html,
    readings,
    shanten,
    shanten_name,
    waits,
)
from mjlearn.shapes import Form, is_complete


def tiles(text):
    return list(parse_tiles(text))


# --- waits ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1112345678999m", "123456789m"),  # nine gates: all nine
        ("19m19p19sESWNCFP", "19m19p19sESWNCFP"),  # thirteen orphans, thirteen-sided
        ("19m19p19sESWNCFF", "P"),
        ("1133m5577p99sEEF", "F"),  # seven pairs
        ("147m258p369sESWN", "CFP"),  # honors and knitted tiles
        ("147m258p369s123mE", "E"),  # knitted straight
        ("123m456p789sEENN", "EN"),
        ("123m456p789s5m6mEE", "47m"),
        ("[123m,1][456p,2][789s,3][EEE,1]N", "N"),
        ("1111m234p567s789s", "1m"),  # formal wait: all four 1m are in the hand
        ("123m456p789sENW5m", ""),  # not ready
    ],
)
def test_waits_table(text, expected):
    w = waits(text)
    assert str(w) == expected
    assert list(w) == tiles(expected)
    assert w == tiles(expected)
    assert w.is_ready == bool(expected)


def test_waits_details_live_and_readings():
    w = waits("1112345678999m")
    assert len(w) == 9 and w.shanten == 0
    live = {str(d.tile): d.live for d in w.details}
    assert live == {"1m": 1, "2m": 3, "3m": 3, "4m": 3, "5m": 3, "6m": 3, "7m": 3, "8m": 3, "9m": 1}
    assert w.live == 23
    for d in w.details:
        assert d.readings and all(r.form is Form.REGULAR for r in d.readings)
        assert d.forms == (Form.REGULAR,)
    # the 2m wait reads as 111 22 345 678 999
    assert "22m" in [str(p) for p in w.details[1].readings[0].parts]


def test_visible_tiles_lower_live_counts():
    w = waits("1112345678999m", visible="55m 2m E")
    assert {str(d.tile): d.live for d in w.details}["5m"] == 1
    assert {str(d.tile): d.live for d in w.details}["2m"] == 2
    assert w.live == 23 - 3
    assert waits("1112345678999m", visible=tiles("55m")).details[4].live == 1


def test_formal_wait_is_marked():
    (d,) = waits("1111m234p567s789s").details
    assert d.is_formal and d.held == 4 and d.live == 0


def test_waits_reject_fourteen_and_bad_visible():
    with pytest.raises(InvalidHandError, match="13-tile"):
        waits("1112345678999m+5m")
    with pytest.raises(InvalidHandError, match="5 copies of 1m"):
        waits("1112345678999m", visible="11m")
    with pytest.raises(NotationError):
        waits("1112345678999m", visible="55")
    with pytest.raises(InvalidHandError):
        waits("1112345678999m", visible=[object()])


# --- shanten and form shanten ---------------------------------------------------------------------


def test_shanten_accepts_strings_and_hands():
    assert shanten("1112345678999m") == 0
    assert shanten(parse_hand("1112345678999m+5m")) == -1
    assert shanten("123m456p789sENW5m") == 2


@pytest.mark.parametrize(
    "bad, error",
    [
        ("123m", InvalidHandError),  # too few tiles
        ("11111m23456789p", InvalidHandError),  # a fifth copy
        ("123m45", NotationError),
        ("[123m,1][456p,2][789s,3][EEE,1][NNN,1]S", InvalidHandError),  # five melds
    ],
)
def test_bad_input_gives_foundation_errors(bad, error):
    for f in (shanten, waits, discard_advice, form_shanten):
        with pytest.raises(error):
            f(bad)


def test_form_shanten_mapping():
    fs = form_shanten("19m19p19sESWNCF5m")
    assert isinstance(fs, FormShanten)
    assert dict(fs) == {
        Form.REGULAR: 8,
        Form.SEVEN_PAIRS: 6,
        Form.THIRTEEN_ORPHANS: 1,
        Form.HONORS_AND_KNITTED: 4,
        Form.KNITTED_STRAIGHT: 8,
    }
    assert fs["thirteen_orphans"] == 1 and fs.best == 1 and fs.best_forms == (Form.THIRTEEN_ORPHANS,)
    melded = form_shanten("[123m,1][EEE,2]147m25p3sN")
    assert melded[Form.SEVEN_PAIRS] is None and melded.best == 4


def test_form_shanten_is_a_whole_mapping():
    # its (form, shanten) pairs were once a field named ``values``, which hid the mapping's values()
    fs = form_shanten("19m19p19sESWNCF5m")
    assert list(fs.values()) == [8, 6, 1, 4, 8]
    assert list(fs.keys()) == list(Form) and dict(fs.items()) == dict(fs)
    assert fs.by_form == tuple(fs.items())


def test_shanten_names():
    assert shanten_name(-1) == ("和牌", "complete")
    assert shanten_name(0) == ("听牌", "ready")
    assert shanten_name(3) == ("三向听", "3 from ready")


def test_reexports():
    assert is_winning("1112345678999m+5m") and readings("1112345678999m+5m")


# --- discard advice -------------------------------------------------------------------------------


def test_discard_advice_order_and_content():
    adv = discard_advice("123m456p789sEENNS")
    assert isinstance(adv, DiscardAdvice) and len(adv) == 12
    best = adv.best
    assert str(best.discard) == "S" and best.shanten == 0
    assert [str(u.tile) for u in best.useful] == ["E", "N"]
    assert best.live == 4 and best.kinds == 2
    keys = [(o.shanten, -o.live, -o.kinds, o.discard.index) for o in adv]
    assert keys == sorted(keys)
    assert {str(o.discard) for o in adv} == {"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "N", "S"}


def test_discard_advice_useful_tiles_lower_shanten():
    hand = parse_hand("1235m456p789sEEN+C")
    for o in discard_advice(hand):
        c = list(hand.counts)
        c[o.discard.index] -= 1
        for u in o.useful:
            c[u.tile.index] += 1
            assert shanten_counts(c) < o.shanten
            c[u.tile.index] -= 1


def shanten_counts(c):
    from mjlearn.shanten_core import shanten_of_counts

    return shanten_of_counts(c)


def test_discard_advice_visible_and_discard_counted_as_seen():
    adv = discard_advice("123m456p789sEENNS", visible="E")
    best = adv.best
    assert {str(u.tile): u.live for u in best.useful} == {"E": 1, "N": 2}
    # discarding E leaves ...N N S: the discarded E itself is seen
    opt = next(o for o in adv if str(o.discard) == "E")
    assert {str(u.tile): u.live for u in opt.useful}.get("E") == 1


def test_discard_advice_on_complete_hand_and_wrong_count():
    adv = discard_advice("1112345678999m+5m")
    assert adv.is_complete and adv.shanten == -1
    with pytest.raises(InvalidHandError, match="14-tile"):
        discard_advice("1112345678999m")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_discard_advice_best_matches_hand_shanten(idx):
    c = [0] * 34
    for i in idx:
        c[i] += 1
    assume(max(c) <= 4)
    from mjlearn.hand import Hand
    from mjlearn.tiles import TILES

    hand = Hand((), tuple(TILES[i] for i in idx))
    adv = discard_advice(hand)
    s = shanten(hand)
    assert adv.best.shanten == (max(s, 0))
    assert adv.is_complete == is_complete(c)


# --- rendering ------------------------------------------------------------------------------------


def test_results_render_bilingual_html():
    html = waits("1112345678999m")._repr_html_()
    assert "<svg" in html and "live" in html and "余" in html
    assert "未听牌" in waits("123m456p789sENW5m")._repr_html_()
    html = discard_advice("123m456p789sEENNS")._repr_html_()
    assert "<svg" in html and "Discard" in html and "打出" in html
    html = form_shanten("19m19p19sESWNCF5m")._repr_html_()
    assert "十三幺" in html and "Thirteen Orphans" in html
    (r,) = readings("1112345678999m+5m")
    html = r._repr_html_()
    assert "<svg" in html and "基本和型" in html
    assert reading_html(r).count("<svg") == 5
    assert isinstance(waits("1112345678999m"), Waits) and repr(waits("1112345678999m")).startswith("<Waits")


def test_form_shanten_renders_far_forms():
    fs = form_shanten("2345678m2345p34s")
    assert fs[Form.THIRTEEN_ORPHANS] == 13
    assert "十三向听" in fs._repr_html_()


def test_shanten_tables_print_each_number_once():
    """Lesson 04's tables read "2 from ready 二向听", not "2 2 from ready 二向听"."""
    import re

    from mjlearn.i18n import get_language, set_language

    before = get_language()
    set_language("en")
    try:
        for html in (form_shanten("1133m5577p99sEFC")._repr_html_(), discard_advice("122389m4456678sW")._repr_html_()):
            cells = re.findall(r'<b data-shanten="(-?\d+)">([^<]*)</b>', html)
            assert cells
            for n, words in cells:
                if int(n) > 0:
                    assert words.split().count(n) == 1 and words.startswith(f"{n} from ready"), words
            text = re.sub(r"<[^>]+>", " ", html)
            assert not re.search(r"\b(\d+) \1 from ready", text)
    finally:
        set_language(before)
