import copy
import pickle

import pytest

from mjlearn import tiles as T
from mjlearn.tiles import TILES, Suit, Tile, tile


def test_there_are_34_kinds_and_8_flowers():
    assert len(T.KINDS) == 34 and len(T.FLOWERS) == 8 and len(TILES) == 42
    assert [t.index for t in TILES] == list(range(42))


@pytest.mark.parametrize("t", TILES, ids=str)
def test_every_tile_round_trips_through_its_notation(t):
    assert Tile.from_str(str(t)) is t
    assert eval(repr(t), {"Tile": Tile}) is t
    assert Tile(t.index) is t
    assert pickle.loads(pickle.dumps(t)) is t
    assert copy.deepcopy(t) is t


@pytest.mark.parametrize(
    "text, zh, en, pinyin, toneless",
    [
        ("1m", "一万", "1 Characters", "yī wàn", "yi wan"),
        ("8m", "八万", "8 Characters", "bā wàn", "ba wan"),
        ("5p", "五饼", "5 Dots", "wǔ bǐng", "wu bing"),
        ("9s", "九条", "9 Bamboo", "jiǔ tiáo", "jiu tiao"),
        ("E", "东风", "East Wind", "dōng fēng", "dong feng"),
        ("N", "北风", "North Wind", "běi fēng", "bei feng"),
        ("C", "红中", "Red Dragon", "hóng zhōng", "hong zhong"),
        ("F", "发财", "Green Dragon", "fā cái", "fa cai"),
        ("P", "白板", "White Dragon", "bái bǎn", "bai ban"),
        ("a", "春", "Spring", "chūn", "chun"),
        ("h", "菊", "Chrysanthemum", "jú", "ju"),
    ],
)
def test_names(text, zh, en, pinyin, toneless):
    t = tile(text)
    assert (t.zh, t.en, t.pinyin, t.pinyin_toneless) == (zh, en, pinyin, toneless)


def test_tile_pinyin_has_the_glossary_tones():
    """A tile's pinyin is the glossary's pinyin of the same word, spaced: the learner meets one spelling."""
    from mjlearn.terms import lookup

    for t in TILES:
        if t.zh in ("东风", "南风", "西风", "北风", "红中", "发财", "白板"):
            assert t.pinyin.replace(" ", "") == lookup(t.zh).pinyin
        assert t.pinyin != t.pinyin_toneless, t  # every tile name carries a tone mark
        assert t.pinyin_toneless.isascii()


@pytest.mark.parametrize(
    "typed, code",
    [
        ("dong feng", "E"),
        ("dōng fēng", "E"),
        ("dongfeng", "E"),
        ("ba wan", "8m"),
        ("bā wàn", "8m"),
        ("BA WAN", "8m"),
        ("jiutiao", "9s"),
        ("hóngzhōng", "C"),
    ],
)
def test_a_typed_tile_name_is_found_with_or_without_tones(typed, code):
    from mjlearn.quiz.kinds._util import tile_by_name

    assert tile_by_name(typed) is tile(code)


@pytest.mark.parametrize(
    "text, code",
    [
        ("E", 0x1F000),
        ("C", 0x1F004),
        ("F", 0x1F005),
        ("P", 0x1F006),
        ("1m", 0x1F007),
        ("9m", 0x1F00F),
        ("1s", 0x1F010),
        ("1p", 0x1F019),
        ("9p", 0x1F021),
        ("e", 0x1F022),
        ("a", 0x1F026),
        ("d", 0x1F029),
    ],
)
def test_unicode_block(text, code):
    assert tile(text).unicode == chr(code)


@pytest.mark.parametrize(
    "z, letter", [("1z", "E"), ("2z", "S"), ("3z", "W"), ("4z", "N"), ("5z", "P"), ("6z", "F"), ("7z", "C")]
)
def test_mpsz_honor_order(z, letter):
    assert tile(z) is tile(letter)


def test_suits_and_ranks():
    assert tile("7p").suit is Suit.DOTS and tile("7p").rank == 7
    assert tile("W").suit is Suit.HONORS and tile("W").rank == 3
    assert tile("g").suit is Suit.FLOWERS and tile("g").rank == 7
    assert Suit.BAMBOO.zh == "条子" and Suit("m") is Suit.CHARACTERS


def test_groups():
    assert len(T.TERMINALS) == 6 and len(T.HONORS) == 7 and len(T.TERMINALS_AND_HONORS) == 13
    assert len(T.SIMPLES) == 21 and len(T.WINDS) == 4 and len(T.DRAGONS) == 3
    assert {str(t) for t in T.GREEN} == {"2s", "3s", "4s", "6s", "8s", "F"}
    assert {str(t) for t in T.REVERSIBLE} == {
        "1p",
        "2p",
        "3p",
        "4p",
        "5p",
        "8p",
        "9p",
        "2s",
        "4s",
        "5s",
        "6s",
        "8s",
        "9s",
        "P",
    }
    for t in T.KINDS:
        assert t.is_suited + t.is_honor == 1
        assert t.is_terminal_or_honor == (t in T.TERMINALS_AND_HONORS)
        assert t.is_simple == (t in T.SIMPLES)
        assert t.is_green == (t in T.GREEN) and t.is_reversible == (t in T.REVERSIBLE)
    assert all(f.is_flower for f in T.FLOWERS) and set(T.FLOWERS) == T.SEASONS | T.PLANTS


def test_tiles_are_immutable_and_ordered():
    with pytest.raises(AttributeError):
        tile("1m").rank = 2
    assert sorted([tile("E"), tile("9s"), tile("1m"), tile("a")]) == [tile("1m"), tile("9s"), tile("E"), tile("a")]
    assert len({tile("1m"), Tile(0), tile("1m")}) == 1


@pytest.mark.parametrize("bad", [42, -1, "x", "10m", "5", "", "1m2m"])
def test_bad_tiles_are_errors(bad):
    with pytest.raises(ValueError):
        tile(bad)


def test_tile_rejects_other_types():
    with pytest.raises(TypeError):
        tile(3.5)
