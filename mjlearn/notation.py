"""Parse and format tiles, melds and hands in mjlearn's notation (the grammar below; ``tests/test_notation.py``
holds it, and every parse round-trips through its format).

::

    suited   digits then a suit letter; a run of digits shares one letter: 123m = 1m 2m 3m
    honor    E S W N C F P; also 1z-7z in the mpsz order (5z = P, 6z = F, 7z = C)
    flower   a b c d (春 夏 秋 冬), e f g h (梅 兰 竹 菊), anywhere outside brackets
    meld     [123m,2]  [EEE,1]  [5555p,3]  [5555p,5] (added kong)  [5555p] (concealed kong)
    hand     melds, then concealed tiles, then optionally "+" and the winning tile

>>> h = parse_hand("[EEE,1] [SSSS,1] 55p WWW NN + N")
>>> format_hand(h)
'[EEE,1][SSSS,1]55pWWWNN+N'
>>> format_tiles(parse_tiles("1z2z5z6z7z 9m1m"))
'19mESCFP'

Bad input is an error naming every problem with its position and the text around it (a run of one
bad character is one problem; each message is English, then Chinese in full-width brackets; past MAX_PROBLEMS the rest are counted; text longer than
MAX_NOTATION_LENGTH is refused before it is read):

>>> parse_hand("[135m]123m45")
Traceback (most recent call last):
...
mjlearn.errors.NotationError: [135m] at 1 in '[135m]123m45' is not a chow, pung or kong: a chow is three consecutive tiles of one suit  （第 1 个字符：[135m] 不是吃、碰或杠；吃是同一花色的三张连续的牌）; digits without a suit letter at 11 in '[135m]123m45': expected m, p or s  （第 11 个字符：数字后面缺少花色字母；应为 m（万）、p（饼）或 s（条））
"""

from __future__ import annotations

from .errors import BadArgumentType, InvalidHandError, NotationError, Problem
from .hand import Hand, Meld, MeldKind, format_hand, format_meld
from .handoff import register_readers
from .tiles import FLOWER_LETTERS, HONOR_LETTERS, TILES, Z_ORDER, Tile, Tiles, format_tiles

__all__ = [
    "format_hand",
    "format_meld",
    "format_tiles",
    "parse_hand",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
]

_DIGITS = frozenset("0123456789")  # str.isdigit() also accepts "²" and other digits
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_HONOR_INDEX = {c: 27 + i for i, c in enumerate(HONOR_LETTERS)}
_FLOWER_INDEX = {c: 34 + i for i, c in enumerate(FLOWER_LETTERS)}
_Z_INDEX = {str(i + 1): _HONOR_INDEX[c] for i, c in enumerate(Z_ORDER)}
_TILE_EXPECTED = "expected a tile (digits with m, p, s or z; E S W N C F P; a flower a-h)"
_TILE_EXPECTED_ZH = "应为一张牌（数字加 m、p、s 或 z；E S W N C F P；花牌 a–h）"


def _bilingual(en: str, zh: str) -> str:
    """One message in both languages: the English text unchanged, then the Chinese in full-width brackets
    (as the other command-line messages of mjlearn): ``... expected m, p or s  （第5个字符：……）``."""
    return f"{en}  （{zh}）"


MAX_NOTATION_LENGTH = 1000
"""The longest notation accepted, in characters, checked before anything else is read.

The longest legitimate hand is about 60 characters (four kongs written in z notation with offers,
a pair, the winning tile and all eight flowers: ``[1z1z1z1z,1]`` x 4, ``5z5z+5z``, ``abcdefgh``),
about 130 with a space between every character; the longest row of tiles is the full set of 144
written one by one with spaces (``1m 1m 1m ...``), about 430. A thousand leaves room for any
spacing while keeping every error small and fast."""

MAX_PROBLEMS = 20
"""At most this many problems are listed; the rest are counted ("... and 7 more problems")."""

_MESSAGE_BUDGET = 3000
"""Characters of problem text listed before the rest are only counted (each problem is < 300)."""

_WHOLE = 40
"""Inputs up to this length are quoted whole in a message; longer ones by an excerpt."""


def _excerpt(text: str, at: int) -> str:
    """The text around offset `at`, quoted: the whole text when short, else a window marked with '...'.

    >>> _excerpt("123m45", 4)
    "'123m45'"
    >>> _excerpt("x" * 50 + "]" * 50, 50)
    "...'xxxxxxxxxxxx]]]]]]]]]]]]]]]]]]]]]]]]'..."
    """
    if len(text) <= _WHOLE:
        return repr(text)
    before, after = 12, 24
    while True:
        a, b = max(0, at - before), min(len(text), at + after)
        quoted = repr(text[a:b])
        if len(quoted) <= 80 or before == 1:  # escapes such as '\\ud800' take up to 10 characters
            break
        before, after = max(1, before // 2), max(2, after // 2)
    return ("..." if a > 0 else "") + quoted + ("..." if b < len(text) else "")


def _short(text: str, limit: int = 24) -> str:
    """`text` cut to `limit` characters with '...' (for a meld or digits quoted inside a message)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _capped(
    problems: list[Problem], more: int = 0, more_at: int | None = None, english: list[str] | None = None
) -> list[Problem]:
    """The first problems within MAX_PROBLEMS and the message budget, then "... and N more problems".

    `more` problems were already left out before this call, the first of them at `more_at`. `english`
    is the English part of each message when they are bilingual: the budget counts it alone, so the
    Chinese added to each message never changes which problems are listed.
    """
    kept: list[Problem] = []
    size = 0
    for i, p in enumerate(problems):
        length = len(english[i]) if english is not None else len(p.message)
        if len(kept) == MAX_PROBLEMS or (kept and size + length > _MESSAGE_BUDGET):
            more += len(problems) - i
            more_at = p.position
            break
        kept.append(p)
        size += length + 2
    if more:
        where = f", the first at {more_at + 1}" if more_at is not None else ""
        where_zh = f"，第一个在第 {more_at + 1} 个字符" if more_at is not None else ""
        kept.append(
            Problem(
                _bilingual(
                    f"... and {more} more problem{'s' if more > 1 else ''}{where}", f"……还有 {more} 个问题{where_zh}"
                ),
                more_at,
            )
        )
    return kept


def _check_length(text: str) -> None:
    """Refuse text over MAX_NOTATION_LENGTH before reading it (its own error, about the length only)."""
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(
            [
                Problem(
                    _bilingual(
                        f"notation too long: {len(text):,} characters starting {_excerpt(text, 0)}; "
                        f"at most {MAX_NOTATION_LENGTH:,} are read (a hand is at most about 60, "
                        f"a row of all 144 tiles about 430)",
                        f"记法太长：{len(text):,} 个字符；最多读取 {MAX_NOTATION_LENGTH:,} 个"
                        f"（一手牌最多约 60 个，全部 144 张牌排成一行约 430 个）",
                    ),
                    MAX_NOTATION_LENGTH,
                )
            ],
            text,
        )


class _Scanner:
    """Reads notation with spaces removed, reporting positions in the original text.

    Problems are kept as records and turned into messages once, at the end: a run of the same problem
    on consecutive characters (``"]]]]"``) is one record, and only the first MAX_PROBLEMS records are
    kept, the rest counted, so time and memory stay proportional to the input.
    """

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise BadArgumentType(
                _bilingual(
                    f'notation must be text in quotes, such as "123m", not {type(text).__name__} {_short(repr(text))}',
                    f'记法要写成带引号的文字，例如 "123m"；这里是 {type(text).__name__} {_short(repr(text))}',
                )
            )
        _check_length(text)
        self.text = text
        self.pos: list[int] = []
        chars = []
        for i, c in enumerate(text):
            if not c.isspace():
                chars.append(c)
                self.pos.append(i)
        self.s = "".join(chars)
        self.pos.append(len(text))
        self.i = 0
        self.count = 0
        """How many problems were found (a run counts once)."""
        self._records: list[list] = []
        self._last: list | None = None
        self._first_left_out: int | None = None

    def problem(
        self,
        at: int,
        what: str,
        expected: str | None = None,
        verdict: str = "",
        run: bool = False,
        run_expected: str | None = None,
        *,
        zh: tuple = ("", "", "", ""),
    ) -> None:
        """Record "<what> at <column> in <excerpt><verdict>: <expected>".

        With `run`, the same problem on the next character extends the last record instead
        ("<what> (x 3) at characters 4-6 ..."), where `run_expected` replaces `expected`.
        `zh` is the same in Chinese: (what, expected, verdict, run_expected).
        """
        key = (what, verdict, expected if run_expected is None else run_expected)
        last = self._last
        if run and last is not None and last[6] and last[5] == key and last[1] == at - 1:
            last[1] = at
            last[2] += 1
            return
        record = [at, at, 1, what, (expected, verdict, run_expected), key, run, zh]
        self.count += 1
        self._last = record
        if len(self._records) < MAX_PROBLEMS:
            self._records.append(record)
        elif self._first_left_out is None:
            self._first_left_out = self.pos[at]

    def _message(self, record: list) -> tuple[Problem, str]:
        """The problem (English, then Chinese) and its English part alone."""
        first, last, n, what, (expected, verdict, run_expected), _, _, zh = record
        what_zh, expected_zh, verdict_zh, run_expected_zh = zh
        p, q = self.pos[first], self.pos[last]
        where = f"at {p + 1}" if n == 1 else f"(x {n}) at characters {p + 1}-{q + 1}"
        where_zh = f"第 {p + 1} 个字符" if n == 1 else f"第 {p + 1}–{q + 1} 个字符（{n} 处）"
        if n > 1 and run_expected is not None:
            expected, expected_zh = run_expected, run_expected_zh
        msg = f"{what} {where} in {_excerpt(self.text, p)}{verdict}"
        if expected:
            msg += f": {expected}"
        msg_zh = f"{where_zh}：{what_zh}{verdict_zh}" + (f"；{expected_zh}" if expected_zh else "")
        return Problem(_bilingual(msg, msg_zh), p), msg

    def error(self) -> NotationError:
        """The NotationError listing the recorded problems (the first ones, then how many more)."""
        problems, english = zip(*[self._message(r) for r in self._records]) if self._records else ((), ())
        return NotationError(
            _capped(list(problems), self.count - len(self._records), self._first_left_out, list(english)), self.text
        )

    def tiles(self, allow_flowers: bool, stop: str) -> list[tuple[Tile, int]]:
        """Read tiles until a character of `stop` or the end; returns (tile, scan index)."""
        s, out = self.s, []
        while self.i < len(s) and s[self.i] not in stop:
            c, start = s[self.i], self.i
            if c in _DIGITS:
                j = start
                while j < len(s) and s[j] in _DIGITS:
                    j += 1
                letter = s[j] if j < len(s) else ""
                if letter in _SUIT_BASE or letter == "z":
                    for k in range(start, j):
                        d = s[k]
                        if letter == "z":
                            if d in _Z_INDEX:
                                out.append((TILES[_Z_INDEX[d]], k))
                            else:
                                self.problem(
                                    k,
                                    f"{d}z is not a tile",
                                    "honors in z notation are 1z-7z",
                                    run=True,
                                    zh=(f"{d}z 不是牌", "字牌的 z 写法只有 1z–7z", "", ""),
                                )
                        elif d == "0":
                            self.problem(
                                k,
                                "0 is not a tile number",
                                "tiles are numbered 1-9",
                                run=True,
                                zh=("没有 0 这个点数", "牌的点数是 1–9", "", ""),
                            )
                        else:
                            out.append((TILES[_SUIT_BASE[letter] + int(d) - 1], k))
                    self.i = j + 1
                else:
                    self.problem(
                        start,
                        "digits without a suit letter",
                        "expected m, p or s",
                        zh=("数字后面缺少花色字母", "应为 m（万）、p（饼）或 s（条）", "", ""),
                    )
                    self.i = j
            elif c in _HONOR_INDEX:
                out.append((TILES[_HONOR_INDEX[c]], start))
                self.i += 1
            elif c in _FLOWER_INDEX and allow_flowers:
                out.append((TILES[_FLOWER_INDEX[c]], start))
                self.i += 1
            elif c in _FLOWER_INDEX:
                self.problem(
                    start,
                    f"flower {c!r} inside a meld",
                    "flowers are set aside, not melded",
                    run=True,
                    zh=(f"副露里有花牌 {c!r}", "花牌放在一旁，不能组成副露", "", ""),
                )
                self.i += 1
            else:
                self.problem(
                    start,
                    f"unexpected {c!r}",
                    _TILE_EXPECTED + (", '[' or '+'" if "+" in stop else ""),
                    run=True,
                    zh=(f"无法识别的 {c!r}", _TILE_EXPECTED_ZH + ("、'[' 或 '+'" if "+" in stop else ""), "", ""),
                )
                self.i += 1
        return out

    def meld(self) -> Meld | None:
        """Read ``[tiles]`` or ``[tiles,D]`` at the current '['."""
        s, open_at = self.s, self.i
        self.i += 1
        problems_before = self.count
        found = self.tiles(allow_flowers=False, stop=",][+")
        offer = None
        bad = False
        if self.i < len(s) and s[self.i] == ",":
            self.i += 1
            j = self.i
            while j < len(s) and s[j] in _DIGITS:
                j += 1
            digits = s[self.i : j]
            if not digits:
                self.problem(
                    self.i, "no number after ','", _WHO_GAVE_IT, zh=("',' 后面没有数字", _WHO_GAVE_IT_ZH, "", "")
                )
                bad = True
            elif len(digits) > 1:
                self.problem(
                    self.i,
                    f"the number {_short(digits)!r} after ','",
                    "write one digit, 1-3 or 5-7",
                    verdict=" is more than one digit",
                    zh=(f"',' 后面的 {_short(digits)!r}", "只写一位数字：1–3 或 5–7", " 不止一位", ""),
                )
                bad = True
            else:
                offer = int(digits)
                if offer == 0:
                    self.problem(
                        self.i,
                        "the number 0 after ','",
                        _WHO_GAVE_IT + "; a concealed kong has no number",
                        verdict=" cannot be used",
                        zh=("',' 后面的 0", _WHO_GAVE_IT_ZH + "；暗杠不写数字", " 不能用", ""),
                    )
                    bad = True
            self.i = j
        if self.i >= len(s) or s[self.i] != "]":
            if self.i < len(s) and s[self.i] == "[":
                self.problem(
                    self.i,
                    "'[' inside a meld",
                    f"expected ']' to close the '[' at {self.pos[open_at] + 1}",
                    run=True,
                    run_expected="expected ']' to close the '[' before each",
                    zh=(
                        "副露里又有 '['",
                        f"应先用 ']' 结束第 {self.pos[open_at] + 1} 个字符的 '['",
                        "",
                        "每个 '[' 之前应先用 ']' 结束前一个",
                    ),
                )
            else:
                self.problem(open_at, "unclosed '['", "expected ']'", zh=("'[' 没有结束", "缺少 ']'", "", ""))
            # skip to the next ']' so scanning can go on
            while self.i < len(s) and s[self.i] not in "][":
                self.i += 1
            if self.i < len(s) and s[self.i] == "]":
                self.i += 1
            return None
        self.i += 1
        if bad or self.count > problems_before:
            return None  # the tiles inside were already reported; a shape error would only repeat them
        written = _short(self.text[self.pos[open_at] : self.pos[self.i - 1] + 1])
        tiles = [t for t, _ in found]
        kind, (why, why_zh) = _meld_kind(tiles)
        if kind is None:
            self.problem(
                open_at,
                written,
                why,
                verdict=" is not a chow, pung or kong",
                zh=(written, why_zh, " 不是吃、碰或杠", ""),
            )
            return None
        if offer is not None:
            allowed = (1, 2, 3, 5, 6, 7) if kind is MeldKind.KONG else (1, 2, 3)
            if offer not in allowed:
                expected, expected_zh = _AFTER_THE_COMMA[kind]
                self.problem(
                    open_at,
                    written,
                    expected,
                    verdict=f" cannot have {offer} after the comma",
                    zh=(written, expected_zh, f" 的逗号后面不能是 {offer}", ""),
                )
                return None
        return Meld(kind, tiles[0], offer)


_WHO_GAVE_IT = (
    "the number after the comma says who gave the tile: 1 left, 2 opposite, 3 right "
    "(for a chow: which of its three tiles was taken), or 5-7 for a kong added to a pung"
)
_WHO_GAVE_IT_ZH = "逗号后面的数字说明这张牌是谁给的：1 上家，2 对家，3 下家（吃：拿的是三张中的第几张），加杠写 5–7"
_AFTER_THE_COMMA = {
    MeldKind.CHOW: ("a chow takes 1-3 (which of its three tiles was taken)", "吃只能写 1–3（拿的是三张中的第几张）"),
    MeldKind.PUNG: (
        "a pung takes 1-3 (who gave the tile: 1 left, 2 opposite, 3 right)",
        "碰只能写 1–3（谁给的：1 上家，2 对家，3 下家）",
    ),
    MeldKind.KONG: (
        "a kong takes 1-3 (who gave the tile) or 5-7 for a kong added to a pung",
        "杠写 1–3（谁给的），加杠写 5–7",
    ),
}
"""What the number after a meld's comma may be, by kind of meld (English, Chinese)."""

_NOT_A_CHOW = ("a chow is three consecutive tiles of one suit", "吃是同一花色的三张连续的牌")


def _meld_kind(tiles: list[Tile]) -> tuple[MeldKind | None, tuple[str, str]]:
    """The kind of meld these tiles make, or None and why not (English, Chinese)."""
    n = len(tiles)
    if n not in (3, 4):
        return None, (
            f"a meld has three tiles (four for a kong), this one has {n}",
            f"副露有三张牌（杠为四张），这里有 {n} 张",
        )
    if all(t is tiles[0] for t in tiles):
        return (MeldKind.PUNG if n == 3 else MeldKind.KONG), ("", "")
    if n == 4:
        return None, ("a kong is four identical tiles", "杠是四张相同的牌")
    a, b, c = tiles
    if any(t.is_honor for t in tiles):
        if len({a, b, c}) == 1:
            return MeldKind.PUNG, ("", "")
        return None, ("honors cannot form a chow; a pung is three identical tiles", "字牌不能吃；碰是三张相同的牌")
    if not (a.suit is b.suit is c.suit):
        return None, _NOT_A_CHOW
    if b.index == a.index + 1 and c.index == b.index + 1:
        return MeldKind.CHOW, ("", "")
    ranks = sorted(t.rank for t in tiles)
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return None, ("write a chow's tiles in ascending order, e.g. [123m]", "吃的三张牌要从小到大写，例如 [123m]")
    return None, _NOT_A_CHOW


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile: ``5m``, ``E``, ``7z`` or a flower letter."""
    sc = _Scanner(text)
    found = sc.tiles(allow_flowers=True, stop="")
    if not sc.count and len(found) != 1:
        raise NotationError(
            [
                Problem(
                    _bilingual(
                        f"expected exactly one tile in {_excerpt(text, 0)}, found {len(found)}",
                        f"应恰好是一张牌，这里有 {len(found)} 张",
                    ),
                    0,
                )
            ],
            text,
        )
    if sc.count:
        raise sc.error()
    return found[0][0]


def parse_tiles(text: str) -> Tiles:
    """Parse a bare row of tiles (no melds, no '+'), keeping the written order."""
    sc = _Scanner(text)
    found = sc.tiles(allow_flowers=True, stop="")
    if sc.count:
        raise sc.error()
    return Tiles(t for t, _ in found)


def parse_meld(text: str) -> Meld:
    """Parse one meld such as ``[123m,2]``."""
    sc = _Scanner(text)
    meld = None
    if not sc.s.startswith("["):
        sc.problem(
            0,
            "a meld starts with '['",
            "e.g. [123m,2], [EEE,1] or [5555p]",
            zh=("副露以 '[' 开头", "例如 [123m,2]、[EEE,1] 或 [5555p]", "", ""),
        )
    else:
        meld = sc.meld()
        if sc.i < len(sc.s):
            sc.problem(
                sc.i, "text after the meld", "expected one meld only", zh=("副露后面还有文字", "只应有一副副露", "", "")
            )
    if sc.count or meld is None:
        raise sc.error()
    return meld


def parse_hand(text: str) -> Hand:
    """Parse a hand: melds, concealed tiles, optionally "+" and the winning tile; flowers anywhere
    outside brackets. Raises :class:`NotationError` or :class:`InvalidHandError` listing every problem.
    """
    sc = _Scanner(text)
    s = sc.s
    melds: list[Meld] = []
    concealed: list[Tile] = []
    flowers: list[Tile] = []
    win: list[tuple[Tile, int]] = []
    plus_at = None
    while sc.i < len(s):
        c = s[sc.i]
        if c == "[":
            if plus_at is not None:
                sc.problem(
                    sc.i,
                    "a meld after '+'",
                    "melds come before the concealed tiles",
                    zh=("'+' 之后出现副露", "副露写在暗牌之前", "", ""),
                )
            m = sc.meld()
            if m is not None and plus_at is None:
                melds.append(m)
        elif c == "]":
            sc.problem(
                sc.i,
                "']' without '['",
                "open a meld with '['",
                run=True,
                zh=("']' 前面没有 '['", "副露以 '[' 开头", "", ""),
            )
            sc.i += 1
        elif c == "+":
            if plus_at is not None:
                sc.problem(
                    sc.i,
                    "a second '+'",
                    "only one winning tile follows '+'",
                    run=True,
                    zh=("又一个 '+'", "'+' 后面只写一张和的牌", "", ""),
                )
            else:
                plus_at = sc.i
            sc.i += 1
        else:
            for t, at in sc.tiles(allow_flowers=True, stop="[]+"):
                if t.is_flower:
                    flowers.append(t)
                elif plus_at is None:
                    concealed.append(t)
                else:
                    win.append((t, at))
    if plus_at is not None:
        if not win:
            sc.problem(
                plus_at,
                "'+' without a winning tile",
                "expected one tile after '+', e.g. +5m",
                zh=("'+' 后面没有和的牌", "'+' 后面应有一张牌，例如 +5m", "", ""),
            )
        elif len(win) > 1:
            sc.problem(
                win[1][1],
                f"{len(win)} tiles after '+'",
                "expected exactly one winning tile",
                zh=(f"'+' 后面有 {len(win)} 张牌", "和的牌只能有一张", "", ""),
            )
    if sc.count:
        raise sc.error()
    try:
        return Hand(tuple(melds), tuple(concealed), win[0][0] if win else None, tuple(flowers))
    except InvalidHandError as e:  # "aaaa..." would list one repeated flower per letter
        if len(e.problems) <= MAX_PROBLEMS:
            raise
        raise InvalidHandError(_capped(list(e.problems)), e.text) from None


# The values read their text form through these (Tile("5m"), Hand.from_str, as_hand): see handoff.py.
register_readers(tile=parse_tile, meld=parse_meld, hand=parse_hand)
