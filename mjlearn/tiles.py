"""Tiles: the 34 kinds and 8 flowers as small immutable values.

A tile kind is identified by an index, the order used everywhere in mjlearn
(notation, sorting, the 34-count arrays of the engine)::

    0-8    1m-9m   characters 万
    9-17   1p-9p   dots 饼/筒
    18-26  1s-9s   bamboo 条/索
    27-30  E S W N winds 东 南 西 北
    31-33  C F P   dragons 中 发 白
    34-41  a-h     flowers 春 夏 秋 冬 梅 兰 竹 菊

>>> from mjlearn.tiles import Tile
>>> t = Tile.from_str("5m")
>>> t, str(t), t.zh, t.en
(Tile('5m'), '5m', '五万', '5 Characters')
>>> Tile.from_str("7z").zh          # the common mpsz order: 5z 6z 7z = 白 发 中
'红中'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from enum import Enum

from .handoff import pictures, read

__all__ = [
    "BAMBOO",
    "CHARACTERS",
    "DOTS",
    "DRAGONS",
    "FLOWERS",
    "GREEN",
    "HONORS",
    "IS_DRAGON",
    "IS_GREEN",
    "IS_HONOR",
    "IS_REVERSIBLE",
    "IS_TERMINAL",
    "IS_TERMINAL_OR_HONOR",
    "IS_WIND",
    "KINDS",
    "KNITTED_PATTERNS",
    "KNITTED_SUIT_ORDERS",
    "NUM_KINDS",
    "ORPHAN_INDICES",
    "PLANTS",
    "REVERSIBLE",
    "SEASONS",
    "SIMPLES",
    "SUITED",
    "SUITED_RANK",
    "SUIT_NUMBER",
    "TERMINALS",
    "TERMINALS_AND_HONORS",
    "TILES",
    "WINDS",
    "Suit",
    "Tile",
    "Tiles",
    "tile",
]

NUM_KINDS = 34
"""Number of tile kinds excluding flowers; engine count arrays have this length."""


class Suit(str, Enum):
    """The suit of a tile; the value is the notation letter."""

    CHARACTERS = "m"
    DOTS = "p"
    BAMBOO = "s"
    HONORS = "z"
    FLOWERS = "f"

    @property
    def zh(self) -> str:
        return _SUIT_ZH[self]

    @property
    def en(self) -> str:
        return _SUIT_EN[self]


_SUIT_ZH = {Suit.CHARACTERS: "万子", Suit.DOTS: "饼子", Suit.BAMBOO: "条子", Suit.HONORS: "字牌", Suit.FLOWERS: "花牌"}
_SUIT_EN = {
    Suit.CHARACTERS: "Characters",
    Suit.DOTS: "Dots",
    Suit.BAMBOO: "Bamboo",
    Suit.HONORS: "Honors",
    Suit.FLOWERS: "Flowers",
}

_NUM_ZH = "一二三四五六七八九"
_NUM_PINYIN = ("yī", "èr", "sān", "sì", "wǔ", "liù", "qī", "bā", "jiǔ")  # citation tones, as the glossary
_SUITS = (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)
_SUIT_ZH_WORD = {Suit.CHARACTERS: ("万", "wàn"), Suit.DOTS: ("饼", "bǐng"), Suit.BAMBOO: ("条", "tiáo")}
_SUIT_EN_WORD = {Suit.CHARACTERS: "Characters", Suit.DOTS: "Dots", Suit.BAMBOO: "Bamboo"}
# Unicode Mahjong Tiles block: characters from U+1F007, bamboo from U+1F010, dots from U+1F019.
_UNICODE_SUIT_BASE = {Suit.CHARACTERS: 0x1F007, Suit.DOTS: 0x1F019, Suit.BAMBOO: 0x1F010}

# letter, zh, pinyin, en, unicode
_HONOR_DATA = (
    ("E", "东风", "dōng fēng", "East Wind", 0x1F000),
    ("S", "南风", "nán fēng", "South Wind", 0x1F001),
    ("W", "西风", "xī fēng", "West Wind", 0x1F002),
    ("N", "北风", "běi fēng", "North Wind", 0x1F003),
    ("C", "红中", "hóng zhōng", "Red Dragon", 0x1F004),
    ("F", "发财", "fā cái", "Green Dragon", 0x1F005),
    ("P", "白板", "bái bǎn", "White Dragon", 0x1F006),
)
_FLOWER_DATA = (
    ("a", "春", "chūn", "Spring", 0x1F026),
    ("b", "夏", "xià", "Summer", 0x1F027),
    ("c", "秋", "qiū", "Autumn", 0x1F028),
    ("d", "冬", "dōng", "Winter", 0x1F029),
    ("e", "梅", "méi", "Plum", 0x1F022),
    ("f", "兰", "lán", "Orchid", 0x1F023),
    ("g", "竹", "zhú", "Bamboo (flower)", 0x1F024),
    ("h", "菊", "jú", "Chrysanthemum", 0x1F025),
)

HONOR_LETTERS = "ESWNCFP"
"""Honor letters in canonical order (index 27 + position)."""
FLOWER_LETTERS = "abcdefgh"
"""Flower letters in canonical order (index 34 + position)."""
Z_ORDER = "ESWNPFC"
"""The common mpsz order of honors: 1z-7z = E S W N P F C."""


def _toneless(pinyin: str) -> str:
    """Pinyin without its tone marks: 'bā wàn' -> 'ba wan' (ü stays ü)."""
    plain = "".join(c for c in unicodedata.normalize("NFD", pinyin) if c == "\u0308" or not unicodedata.combining(c))
    return unicodedata.normalize("NFC", plain)


class Tile:
    """One tile kind, an immutable value; there is exactly one object per kind.

    Build one with ``Tile("5m")``, ``Tile.from_str("5m")`` or ``Tile(4)`` (by index). ``str`` gives
    the notation, ``repr`` a call you can paste back.
    """

    __slots__ = ("_str", "en", "index", "pinyin", "pinyin_toneless", "rank", "suit", "unicode", "zh")

    index: int
    """0-41 in canonical order (see the module docstring)."""
    suit: Suit
    """m, p, s for the suits, z for honors, f for flowers."""
    rank: int
    """1-9 for suited tiles; 1-7 for honors in E S W N C F P order; 1-8 for flowers a-h."""
    zh: str
    """Chinese name, e.g. 五万, 东风, 梅."""
    pinyin: str
    """Pinyin of the Chinese name with tone marks, syllables spaced: 'bā wàn', 'dōng fēng'."""
    pinyin_toneless: str
    """The same without tone marks, for matching what a learner types: 'ba wan', 'dong feng'."""
    en: str
    """English name, e.g. '5 Characters', 'East Wind'."""
    unicode: str
    """The character of the Unicode Mahjong Tiles block (needs a special font to show)."""
    _str: str

    def __new__(cls, index: int | str) -> Tile:
        if isinstance(index, str):
            return cls.from_str(index)
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < 42:
            return TILES[index]
        raise ValueError(f"tile index must be 0-41, got {index!r}")

    @classmethod
    def _make(cls, index: int) -> Tile:
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "index", index)
        if index < 27:
            suit = _SUITS[index // 9]
            rank = index % 9 + 1
            word, word_py = _SUIT_ZH_WORD[suit]
            set_(self, "suit", suit)
            set_(self, "rank", rank)
            set_(self, "_str", f"{rank}{suit.value}")
            set_(self, "zh", _NUM_ZH[rank - 1] + word)
            set_(self, "pinyin", f"{_NUM_PINYIN[rank - 1]} {word_py}")
            set_(self, "en", f"{rank} {_SUIT_EN_WORD[suit]}")
            set_(self, "unicode", chr(_UNICODE_SUIT_BASE[suit] + rank - 1))
        else:
            honor = index < 34
            letter, zh, py, en, code = _HONOR_DATA[index - 27] if honor else _FLOWER_DATA[index - 34]
            set_(self, "suit", Suit.HONORS if honor else Suit.FLOWERS)
            set_(self, "rank", index - (26 if honor else 33))
            set_(self, "_str", letter)
            set_(self, "zh", zh)
            set_(self, "pinyin", py)
            set_(self, "en", en)
            set_(self, "unicode", chr(code))
        set_(self, "pinyin_toneless", _toneless(self.pinyin))
        return self

    def __setattr__(self, name, value):
        raise AttributeError("Tile is immutable")

    def __reduce__(self):
        return (Tile, (self.index,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @classmethod
    def from_str(cls, text: str) -> Tile:
        """Parse one tile: ``5m``, ``E``, ``7z``, ``a`` (a flower)."""
        return read("tile", text)

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Tile({self._str!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other) -> bool:
        return self is other

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index

    # --- groups -------------------------------------------------------------

    @property
    def is_suited(self) -> bool:
        """A number tile of characters, dots or bamboo (数牌)."""
        return self.index < 27

    @property
    def is_honor(self) -> bool:
        """A wind or dragon (字牌)."""
        return 27 <= self.index < 34

    @property
    def is_wind(self) -> bool:
        """东 南 西 北 (风牌)."""
        return 27 <= self.index < 31

    @property
    def is_dragon(self) -> bool:
        """中 发 白 (箭牌)."""
        return 31 <= self.index < 34

    @property
    def is_flower(self) -> bool:
        """One of the eight flowers (花牌)."""
        return self.index >= 34

    @property
    def is_terminal(self) -> bool:
        """A 1 or 9 of a suit (老头牌)."""
        return self.index < 27 and self.rank in (1, 9)

    @property
    def is_terminal_or_honor(self) -> bool:
        """A terminal or an honor (幺九牌)."""
        return self.is_terminal or self.is_honor

    @property
    def is_simple(self) -> bool:
        """A 2-8 of a suit (中张牌)."""
        return self.index < 27 and 2 <= self.rank <= 8

    @property
    def is_green(self) -> bool:
        """Made only of green: 2 3 4 6 8 bamboo and 发 (绿一色)."""
        return self in GREEN

    @property
    def is_reversible(self) -> bool:
        """Looks the same upside down (推不倒): 1234589p, 245689s, 白."""
        return self in REVERSIBLE

    # --- display ------------------------------------------------------------

    def _repr_svg_(self) -> str:
        return pictures().tile_svg(self)

    def _repr_html_(self) -> str:
        return pictures().tile_html(self)


TILES: tuple[Tile, ...] = tuple(Tile._make(i) for i in range(42))
"""All 42 tiles by index: 34 kinds then 8 flowers."""
KINDS: tuple[Tile, ...] = TILES[:34]
"""The 34 tile kinds that make up hands (four copies of each in a full set)."""
FLOWERS: tuple[Tile, ...] = TILES[34:]
"""The eight flowers a-h: 春 夏 秋 冬 梅 兰 竹 菊 (one copy each)."""
SEASONS: frozenset[Tile] = frozenset(TILES[34:38])
PLANTS: frozenset[Tile] = frozenset(TILES[38:42])

CHARACTERS: frozenset[Tile] = frozenset(TILES[0:9])
DOTS: frozenset[Tile] = frozenset(TILES[9:18])
BAMBOO: frozenset[Tile] = frozenset(TILES[18:27])
SUITED: frozenset[Tile] = frozenset(TILES[0:27])
WINDS: frozenset[Tile] = frozenset(TILES[27:31])
DRAGONS: frozenset[Tile] = frozenset(TILES[31:34])
HONORS: frozenset[Tile] = frozenset(TILES[27:34])
TERMINALS: frozenset[Tile] = frozenset(t for t in TILES[:27] if t.rank in (1, 9))
TERMINALS_AND_HONORS: frozenset[Tile] = TERMINALS | HONORS
SIMPLES: frozenset[Tile] = SUITED - TERMINALS
GREEN: frozenset[Tile] = frozenset(TILES[i] for i in (19, 20, 21, 23, 25, 32))
REVERSIBLE: frozenset[Tile] = frozenset(
    [TILES[9 + r - 1] for r in (1, 2, 3, 4, 5, 8, 9)] + [TILES[18 + r - 1] for r in (2, 4, 5, 6, 8, 9)] + [TILES[33]]
)

# --- the same facts by tile index (0-33), for the engines' count arrays ---------------------------

SUIT_NUMBER: tuple[int, ...] = tuple([i // 9 for i in range(27)] + [3] * 7)
"""Suit of each tile index as a number: 0 characters, 1 dots, 2 bamboo, 3 honors."""
SUITED_RANK: tuple[int, ...] = tuple([i % 9 + 1 for i in range(27)] + [0] * 7)
"""1-9 for suited tile indices, 0 for honors (unlike :attr:`Tile.rank`, which numbers honors too)."""
IS_WIND: tuple[bool, ...] = tuple(t in WINDS for t in KINDS)
IS_DRAGON: tuple[bool, ...] = tuple(t in DRAGONS for t in KINDS)
IS_HONOR: tuple[bool, ...] = tuple(t in HONORS for t in KINDS)
IS_TERMINAL: tuple[bool, ...] = tuple(t in TERMINALS for t in KINDS)
IS_TERMINAL_OR_HONOR: tuple[bool, ...] = tuple(t in TERMINALS_AND_HONORS for t in KINDS)
IS_GREEN: tuple[bool, ...] = tuple(t in GREEN for t in KINDS)
IS_REVERSIBLE: tuple[bool, ...] = tuple(t in REVERSIBLE for t in KINDS)
"""Membership of each tile index in the groups above (``IS_GREEN[19]`` is ``True``: 2s is green)."""

ORPHAN_INDICES: tuple[int, ...] = tuple(t.index for t in KINDS if t in TERMINALS_AND_HONORS)
"""The thirteen terminals and honors (幺九牌) of thirteen orphans, in index order."""

KNITTED_SUIT_ORDERS: tuple[tuple[int, int, int], ...] = (
    (0, 9, 18),
    (0, 18, 9),
    (9, 0, 18),
    (9, 18, 0),
    (18, 0, 9),
    (18, 9, 0),
)
"""The six ways to give 147, 258 and 369 each their own suit: the first index of the suit that
holds 147, of the one that holds 258 and of the one that holds 369."""
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(base + k + 3 * j for k, base in enumerate(bases) for j in range(3))) for bases in KNITTED_SUIT_ORDERS
)
"""The six knitted straights (组合龙) as 9 tile indices, in the order of :data:`KNITTED_SUIT_ORDERS`."""


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in canonical form: sorted m, p, s, honors, flowers; one letter per suit run."""
    out = []
    run_suit = None
    for t in sorted(tiles):
        if t.is_suited:
            if run_suit is not None and run_suit != t.suit.value:
                out.append(run_suit)
            run_suit = t.suit.value
            out.append(str(t.rank))
        else:
            if run_suit is not None:
                out.append(run_suit)
                run_suit = None
            out.append(str(t))
    if run_suit is not None:
        out.append(run_suit)
    return "".join(out)


class Tiles(tuple):
    """A row of tiles that prints as notation and shows as tile pictures in a notebook.

    >>> from mjlearn import parse_tiles
    >>> row = parse_tiles("E 9s 1m 1m")
    >>> row, len(row), row[0]
    (Tiles('11m9sE'), 4, Tile('E'))
    """

    def __str__(self) -> str:
        return format_tiles(self)

    def __repr__(self) -> str:
        return f"Tiles({str(self)!r})"

    def _repr_html_(self) -> str:
        svg = pictures()
        return svg.inline_html(svg.tiles_svg(list(self)))


def tile(text: str | int | Tile) -> Tile:
    """Coerce a notation string, an index or a tile to a :class:`Tile`.

    >>> tile("E"), tile(0), tile(tile("9s"))
    (Tile('E'), Tile('1m'), Tile('9s'))
    """
    if isinstance(text, Tile):
        return text
    if isinstance(text, int) and not isinstance(text, bool):
        return Tile(text)
    if isinstance(text, str):
        return Tile.from_str(text)
    raise TypeError(f"expected a tile, its notation or its index, got {type(text).__name__}")
