import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjlearn import (
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    NotationError,
    format_hand,
    format_tiles,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
    tile,
)
from mjlearn.tiles import FLOWERS, KINDS, TILES

# --- canonical strings are fixed points -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[EEE,1][SSSS,1]55pWWWNN+N",
        "1112345678999m+5m",
        "123m456p789sEENN",
        "11123456789999m",
        "[123m,2][456p,1][789s,3][CCC,2]P+P",
        "[5555p][1111s,2][9999m,5][EEEE,7]N+N",
        "19m19p19sESWNCFP+Pabcd",
        "147m258p369sESWC+F",
        "[234s,1]1123456789m+1mefgh",
    ],
)
def test_canonical_strings_round_trip(text):
    h = parse_hand(text)
    assert str(h) == text
    assert parse_hand(str(h)) == h


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("  [EEE,1] [SSSS,1] 55p WWW NN + N ", "[EEE,1][SSSS,1]55pWWWNN+N"),
        ("1z1z1z2z2z2z3z3z3z4z4z4z5z+5z", "EEESSSWWWNNNP+P"),
        ("9m1m5m 2m 8m 3m 7m 4m 6m 1p1p1p2p", "123456789m1112p"),
        ("a[123m]b456789p123sN+N", "[123m]456789p123sN+Nab"),
        ("[111z,1]FFFCCC123m4p+4p", "[EEE,1]123m4pCCCFFF+4p"),
        ("[1111s,5]23456789s11m+1m", "[1111s,5]11m23456789s+1m"),
    ],
)
def test_input_forms_normalise(text, canonical):
    assert format_hand(parse_hand(text)) == canonical


def test_tiles_sort_m_p_s_then_winds_dragons_flowers():
    assert format_tiles(parse_tiles("Pe1sCa9pFE1m")) == "1m9p1sECFPae"


# --- melds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, offer, concealed, seat, claimed_pos",
    [
        ("[123m,2]", MeldKind.CHOW, 2, False, 1, 1),
        ("[789s]", MeldKind.CHOW, None, False, 1, None),
        ("[EEE,1]", MeldKind.PUNG, 1, False, 1, 0),
        ("[EEE,2]", MeldKind.PUNG, 2, False, 2, 1),
        ("[EEE,3]", MeldKind.PUNG, 3, False, 3, 2),
        ("[5555p,3]", MeldKind.KONG, 3, False, 3, 3),
        ("[5555p,6]", MeldKind.KONG, 6, False, 2, 1),
        ("[5555p]", MeldKind.KONG, None, True, None, None),
        ("[CCC]", MeldKind.PUNG, None, False, None, None),
    ],
)
def test_meld_semantics(text, kind, offer, concealed, seat, claimed_pos):
    m = parse_meld(text)
    assert (m.kind, m.offer, m.is_concealed, m.from_seat, m.claimed_position) == (
        kind,
        offer,
        concealed,
        seat,
        claimed_pos,
    )
    assert str(m) == text and Meld.from_str(text) == m
    assert eval(repr(m), {"Meld": Meld}) == m


def test_added_kong():
    m = parse_meld("[9999m,5]")
    assert m.is_added_kong and m.from_seat == 1 and not m.is_concealed


# --- errors: every problem, with where and what was expected ----------------------------------


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("123m45", ["digits without a suit letter at 5 in '123m45': expected m, p or s"]),
        ("[135m]123m456789p", ["[135m] at 1", "is not a chow, pung or kong"]),
        ("[EEF]", ["honors cannot form a chow"]),
        ("[123m,0]", ["the number 0 after ',' at 7", "says who gave the tile"]),
        ("[123m,4]", ["cannot have 4 after the comma: a chow takes 1-3"]),
        ("[EEE,5]", ["cannot have 5 after the comma: a pung takes 1-3"]),
        ("[5555p,4]", ["5-7 for a kong added to a pung"]),
        ("[321m]", ["ascending order"]),
        ("[12m]", ["this one has 2"]),
        ("[EEE,]", ["no number after ',' at 6"]),
        ("[EEE,12]", ["more than one digit"]),
        ("[EEE", ["unclosed '['"]),
        ("EEE]", ["']' without '['"]),
        ("0m", ["0 is not a tile number"]),
        ("8z", ["8z is not a tile"]),
        ("123M", ["unexpected 'M' at 4"]),
        ("1m+", ["'+' without a winning tile"]),
        ("1m+2m3m", ["2 tiles after '+'"]),
        ("1m++2m", ["a second '+'"]),
        ("1m+2m[EEE]", ["a meld after '+'"]),
        ("[1a2m]", ["flower 'a' inside a meld"]),
    ],
)
def test_notation_errors(text, fragments):
    with pytest.raises(NotationError) as e:
        parse_hand(text)
    for f in fragments:
        assert f in str(e.value)
    assert isinstance(e.value, ValueError)
    assert e.value.problems and all(p.position is not None for p in e.value.problems)


@pytest.mark.parametrize(
    "parse, text",
    [
        (parse_hand, "[135m]12x3m45+"),
        (parse_hand, "[EEF][123m,4][EEE,5][5555p,4][321m][12m][EEE,][EEE,12]"),
        (parse_hand, "[EEE"),
        (parse_hand, "EEE]0m8z123M"),
        (parse_hand, "1m+2m3m"),
        (parse_hand, "1m++2m[EEE]"),
        (parse_hand, "[1a2m]"),
        (parse_hand, "[123m,0]"),
        (parse_hand, "[EE[E]"),
        (parse_tile, "1m2m"),
        (parse_meld, "123m"),
        (parse_meld, "[123m]E"),
        (parse_tiles, "[123m]" * 30),
        (parse_hand, "1m" * 600),
    ],
)
def test_every_notation_problem_speaks_english_then_chinese(parse, text):
    """Each problem is its English sentence, then the same in Chinese in full-width brackets; the
    Chinese names the position as the English does."""
    with pytest.raises(NotationError) as e:
        parse(text)
    for p in e.value.problems:
        english, sep, chinese = p.message.partition("  （")
        assert sep and english and chinese.endswith("）"), p.message
        assert not any("\u4e00" <= c <= "\u9fff" for c in english), english
        assert any("\u4e00" <= c <= "\u9fff" for c in chinese), chinese
        if p.position is not None and (
            f" at {p.position + 1} " in english or f" at characters {p.position + 1}-" in english
        ):
            assert f"第 {p.position + 1}" in chinese, p.message


def test_every_notation_problem_is_reported_not_only_the_first():
    with pytest.raises(NotationError) as e:
        parse_hand("[135m]12x3m45+")
    messages = [p.message for p in e.value.problems]
    assert len(messages) == 5, messages  # [135m], 12, x, 45, the bare +
    assert [p.position for p in e.value.problems] == sorted(p.position for p in e.value.problems)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("11111m22223333p", "5 copies of 1m"),
        ("[1111m]1m23456789p11s+1s", "5 copies of 1m"),
        ("1112345678999m+1m1m", "2 tiles after '+'"),
        ("123m456p789sEEN", "wrong tile count: 12 tiles"),
        ("123m456p789sEEN+N", "12 tiles before the winning tile"),
        ("123456789m123456p", "15 tiles"),
        ("[123m][456m][789m][123p][456p]E+E", "at most four melds"),
        ("123m456p789sEEENN+Naa", "flower a (春) appears twice"),
    ],
)
def test_impossible_hands(text, fragment):
    with pytest.raises((InvalidHandError, NotationError)) as e:
        parse_hand(text)
    assert fragment in str(e.value)


def test_invalid_hand_lists_every_problem():
    with pytest.raises(InvalidHandError) as e:
        parse_hand("[1111m][1111m]111m")  # nine tiles: the size of no hand, not even a small game's
    assert len(e.value.problems) == 2  # too many copies and a wrong count


def test_hand_records_validate_when_built_directly():
    with pytest.raises(InvalidHandError):
        Hand(concealed=(tile("1m"),) * 5 + tuple(KINDS[1:10]))
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.CHOW, tile("8m"))
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.CHOW, tile("E"))
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.PUNG, tile("E"), 0)


def test_counts():
    h = parse_hand("[EEE,1][SSSS,1]55pWWWNN+N")
    assert sum(h.counts) == 8 and h.counts[tile("N").index] == 3
    assert sum(h.all_counts) == 15 and h.all_counts[tile("S").index] == 4
    assert h.tile_count == 14 and not h.is_concealed
    assert parse_hand("[5555p]123m678p789sE+E").is_concealed


# --- hypothesis: round trips over random legal hands; arbitrary text never crashes -----------


@st.composite
def legal_hands(draw):
    """Random legal hands: 0-4 melds of every kind and offer, concealed tiles, maybe a winning tile."""
    counts = [4] * 34
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        if kind is MeldKind.CHOW:
            starts = [i for i in range(27) if i % 9 <= 6 and all(counts[i + k] for k in range(3))]
            if not starts:
                continue
            i = draw(st.sampled_from(starts))
            for k in range(3):
                counts[i + k] -= 1
            melds.append(Meld(kind, TILES[i], draw(st.sampled_from([None, 1, 2, 3]))))
        else:
            need = 3 if kind is MeldKind.PUNG else 4
            options = [i for i in range(34) if counts[i] >= need]
            i = draw(st.sampled_from(options))
            counts[i] -= need
            offers = [None, 1, 2, 3] + ([5, 6, 7] if kind is MeldKind.KONG else [])
            melds.append(Meld(kind, TILES[i], draw(st.sampled_from(offers))))
    total = 13 - 3 * len(melds)
    with_win = draw(st.booleans())
    n = total + (0 if with_win else draw(st.sampled_from([0, 1])))
    pool = [i for i in range(34) for _ in range(counts[i])]
    chosen = draw(
        st.lists(st.sampled_from(range(len(pool))), min_size=n + with_win, max_size=n + with_win, unique=True)
    )
    tiles = [TILES[pool[k]] for k in chosen]
    win = tiles.pop() if with_win else None
    flowers = draw(st.lists(st.sampled_from(FLOWERS), unique=True, max_size=8))
    return Hand(tuple(melds), tuple(tiles), win, tuple(flowers))


@settings(max_examples=400, deadline=None)
@given(legal_hands())
def test_round_trip_random_hands(h):
    text = format_hand(h)
    assert parse_hand(text) == h
    assert format_hand(parse_hand(text)) == text


_ALPHABET = "0123456789mpszESWNCFPabcdefghxyMZ[],+ "


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=30) | st.text(max_size=20))
def test_arbitrary_text_gives_a_hand_or_our_errors(text):
    try:
        h = parse_hand(text)
    except (NotationError, InvalidHandError) as e:
        assert str(e) and e.problems
    else:
        assert isinstance(h, Hand) and parse_hand(str(h)) == h


def test_non_string_input_is_a_type_error():
    with pytest.raises(TypeError):
        parse_hand(123)
