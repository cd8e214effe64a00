"""Hostile input to the notation parser: every input gives a hand or one of our errors, with
a message of bounded size, however long or repetitive the input. No timing here; benchmarks/
bench_parser_bad_input.py measures speed and memory."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_notation import legal_hands

from mjlearn import Hand, InvalidHandError, NotationError, format_hand, parse_hand, parse_meld, parse_tile, parse_tiles
from mjlearn.notation import MAX_NOTATION_LENGTH, MAX_PROBLEMS
from mjlearn.tiles import TILES

MESSAGE_BOUND = 6000
"""No error message is longer, whatever the input (20 problems of < 200 characters, then a count), each
in English (its part held within 4000) and then Chinese."""

PARSERS = (parse_hand, parse_tiles, parse_meld, parse_tile)
CORPUS = Path(__file__).parent / "corpus" / "notation"


def answer(parse, text):
    """Parse `text`; return the result or the error after checking it is ours and bounded."""
    try:
        return parse(text)
    except (NotationError, InvalidHandError) as e:
        message = str(e)
        assert message and e.problems
        assert len(message) < MESSAGE_BOUND, (len(message), message[:300])
        assert len(e.problems) <= MAX_PROBLEMS + 1  # the listed ones and "... and N more problems"
        return e


# --- hypothesis ---------------------------------------------------------------------------------

_NOTATION_CHARS = "0123456789mpszESWNCFPabcdefghxyMZ[],+ "
any_text = st.text(alphabet=st.characters(blacklist_categories=()), max_size=60)  # surrogates included
notation_text = st.text(alphabet=_NOTATION_CHARS, max_size=80)
long_runs = st.builds(
    lambda c, n: c * n,
    st.sampled_from(["]", "[", "+", "x", "z", ",", "0", "a", "\ud800", "[123m]"]),
    st.integers(1, 400),
)


@st.composite
def mutated_notations(draw):
    """A legal hand's notation with a few insertions, deletions, replacements and repeated slices."""
    text = format_hand(draw(legal_hands()))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat"]))
        piece = draw(st.text(alphabet=_NOTATION_CHARS + "\ud800\x00１", min_size=1, max_size=3))
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1 :]
        elif op == "replace":
            text = text[:i] + piece + text[i + 1 :]
        else:
            j = draw(st.integers(i, min(len(text), i + 6)))
            text = text[:i] + text[i:j] * draw(st.integers(2, 60)) + text[j:]
    return text


@settings(max_examples=250, deadline=None)
@given(any_text | notation_text | long_runs | mutated_notations())
def test_any_text_gives_a_result_or_a_bounded_error_of_ours(text):
    for parse in PARSERS:
        result = answer(parse, text)
        if isinstance(result, Hand):
            assert parse_hand(str(result)) == result


@settings(max_examples=150, deadline=None)
@given(mutated_notations(), st.integers(1, 3000))
def test_repeated_notation_gives_a_bounded_error(text, times):
    """Whatever repeats, the message stays bounded; past the limit only the length is reported."""
    big = text * times
    result = answer(parse_hand, big)
    if len(big) > MAX_NOTATION_LENGTH:
        assert isinstance(result, NotationError) and "too long" in str(result) and len(result.problems) == 1


# --- hostile probes ----------------------------------------------------------------------------

BAD = ["]", "[", "+", "x", "z", "\ud800"]


@pytest.mark.parametrize("c", BAD)
@pytest.mark.parametrize("n", [10**3, 10**4, 10**5, 10**6])
def test_long_bad_input_is_refused_by_length_first(c, n):
    for parse in PARSERS:
        e = answer(parse, c * n)
        assert isinstance(e, NotationError)
        if n <= MAX_NOTATION_LENGTH:  # read: the ordinary problems, bounded (checked by answer)
            assert "too long" not in str(e)
            continue
        assert len(e.problems) == 1 and "notation too long" in str(e) and f"{n:,} characters" in str(e)
        assert f"at most {MAX_NOTATION_LENGTH:,}" in str(e)


def test_repeated_melds_in_a_row_of_tiles_are_refused_by_length_first():
    e = answer(parse_tiles, "[123m]" * 100_000)
    assert isinstance(e, NotationError) and "too long: 600,000 characters" in str(e)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("]" * 999, "']' without '[' (x 999) at characters 1-999"),
        ("x" * 999, "unexpected 'x' (x 999) at characters 1-999"),
        ("z" * 999, "unexpected 'z' (x 999) at characters 1-999"),
        ("\ud800" * 999, "unexpected '\\ud800' (x 999) at characters 1-999"),
        ("[" * 999, "'[' inside a meld (x 998) at characters 2-999"),
        ("+" * 999, "a second '+' (x 998) at characters 2-999"),
        ("0" * 998 + "m", "0 is not a tile number (x 998) at characters 1-998"),
        ("8" * 998 + "z", "8z is not a tile (x 998) at characters 1-998"),
        ("[" + "a" * 997 + "]", "flower 'a' inside a meld (x 997) at characters 2-998"),
    ],
)
def test_a_run_of_one_bad_character_is_one_problem(text, fragment):
    e = answer(parse_hand, text)
    assert isinstance(e, NotationError)
    assert fragment in str(e)
    assert len(e.problems) <= 2  # the run, and for '[' or '+' the last unclosed one / the bare '+'
    assert text[1:31] not in str(e)  # an excerpt, not the whole input


def test_a_run_reports_where_it_starts_and_ends_with_an_excerpt():
    e = answer(parse_hand, "ab]]]]]]]cd")
    assert str(e) == (
        "']' without '[' (x 7) at characters 3-9 in 'ab]]]]]]]cd': open a meld with '['"
        "  （第 3–9 个字符（7 处）：']' 前面没有 '['；副露以 '[' 开头）"
    )
    assert e.problems[0].position == 2


def test_spaces_inside_a_run_keep_it_one_run():
    e = answer(parse_hand, "x x x")
    assert "unexpected 'x' (x 3) at characters 1-5" in str(e) and len(e.problems) == 1


def test_problems_are_capped_with_a_count_of_the_rest():
    e = answer(parse_tiles, "[123m]" * 166)  # 332 problems, alternating '[' and ']'
    assert len(e.problems) == MAX_PROBLEMS + 1
    assert e.problems[-1].message == (
        f"... and {332 - MAX_PROBLEMS} more problems, the first at {6 * 10 + 1}"
        f"  （……还有 {332 - MAX_PROBLEMS} 个问题，第一个在第 {6 * 10 + 1} 个字符）"
    )
    assert e.problems[-1].position == 60


def test_an_excerpt_is_short_and_marks_what_was_cut():
    text = "123m" * 50 + "x" + "456p" * 50
    e = answer(parse_tiles, text)
    assert str(e) == (
        "unexpected 'x' at 201 in ...'123m123m123mx456p456p456p456p456p456'...: "
        "expected a tile (digits with m, p, s or z; E S W N C F P; a flower a-h)"
        "  （第 201 个字符：无法识别的 'x'；应为一张牌（数字加 m、p、s 或 z；E S W N C F P；花牌 a–h））"
    )


def test_a_long_meld_or_offer_is_quoted_shortened():
    e = answer(parse_hand, "[" + "1" * 900 + "m]")
    assert "this one has 900" in str(e) and "1" * 40 not in str(e)
    e = answer(parse_hand, "[EEE," + "1" * 900 + "]")
    assert "is more than one digit" in str(e) and "1" * 40 not in str(e)


def test_a_repeated_flower_is_one_problem_and_many_impossible_tiles_are_capped():
    e = answer(parse_hand, "a" * 999)
    assert isinstance(e, InvalidHandError)
    assert [p.message.split("  （")[0] for p in e.problems] == [
        "flower a (春) appears 999 times; there is one of each",
        "wrong tile count: 0 tiles, expected 13 or 14 (kongs count as three)",
    ]
    e = answer(parse_hand, "".join(str(t) * 5 for t in TILES[:34]))  # five of every tile: 34 problems and more
    assert isinstance(e, InvalidHandError) and len(e.problems) == MAX_PROBLEMS + 1
    assert e.problems[-1].message.startswith("... and ")


def test_the_length_limit_is_checked_before_anything_else():
    legal = "[EEE,1][SSSS,1]55pWWWNN+N"
    padded = legal + " " * (MAX_NOTATION_LENGTH - len(legal))
    assert parse_hand(padded) == parse_hand(legal)  # exactly the limit is read
    e = answer(parse_hand, padded + " ")
    assert isinstance(e, NotationError) and len(e.problems) == 1
    assert str(e).startswith(f"notation too long: {MAX_NOTATION_LENGTH + 1:,} characters starting '[EEE,1]")
    assert e.position == MAX_NOTATION_LENGTH
    with pytest.raises(TypeError):  # not a string is still a TypeError, before the length
        parse_hand(["x"] * 2000)


def test_the_longest_legitimate_notations_fit_well_under_the_limit():
    longest_hand = "[1z1z1z1z,1] [2z2z2z2z,2] [3z3z3z3z,3] [4z4z4z4z,5] 5z + 5z abcdefgh"
    assert isinstance(parse_hand(longest_hand), Hand)
    assert len(" ".join(longest_hand)) < MAX_NOTATION_LENGTH / 5
    all_tiles = (
        " ".join(f"{r}{s}" for s in "mps" for r in range(1, 10) for _ in range(4))
        + " "
        + " ".join(f"{r}z" for r in range(1, 8) for _ in range(4))
        + " "
        + " ".join("abcdefgh")
    )
    assert len(parse_tiles(all_tiles)) == 144 and len(all_tiles) < MAX_NOTATION_LENGTH / 2


def test_single_problem_messages_keep_their_form():
    with pytest.raises(
        NotationError,
        match=r"^digits without a suit letter at 5 in '123m45': expected m, p or s"
        r"  （第 5 个字符：数字后面缺少花色字母；应为 m（万）、p（饼）或 s（条））$",
    ):
        parse_hand("123m45")


# --- the corpus ---------------------------------------------------------------------------------


def corpus_inputs():
    for path in sorted(CORPUS.glob("*.txt")):
        for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            if line.startswith("#") or (not line and n > 1 and path.suffixes[-2:] != [".esc", ".txt"]):
                continue
            text = codecs.decode(line, "unicode_escape") if path.name.endswith(".esc.txt") else line
            yield pytest.param(text, id=f"{path.name}:{n}")


@pytest.mark.parametrize("text", list(corpus_inputs()))
def test_corpus(text):
    for parse in PARSERS:
        answer(parse, text)
