"""Parse and format tiles, melds and hands in mjlearn's notation (fixed by DESIGN.md).

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

Bad input is an error naming every problem with its position:

>>> parse_hand("[135m]123m45")
Traceback (most recent call last):
...
mjlearn.errors.NotationError: [135m] at 1 in '[135m]123m45' is not a chow, pung or kong: a chow is three consecutive tiles of one suit; digits without a suit letter at 11 in '[135m]123m45': expected m, p or s
"""

from __future__ import annotations

from typing import Iterable

from .errors import NotationError, Problem
from .hand import Hand, Meld, MeldKind
from .tiles import FLOWER_LETTERS, HONOR_LETTERS, TILES, Z_ORDER, Tile, Tiles

__all__ = ["parse_tile", "parse_tiles", "parse_meld", "parse_hand",
           "format_tiles", "format_meld", "format_hand"]

_DIGITS = frozenset("0123456789")  # str.isdigit() also accepts "²" and other digits
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_HONOR_INDEX = {c: 27 + i for i, c in enumerate(HONOR_LETTERS)}
_FLOWER_INDEX = {c: 34 + i for i, c in enumerate(FLOWER_LETTERS)}
_Z_INDEX = {str(i + 1): _HONOR_INDEX[c] for i, c in enumerate(Z_ORDER)}
_TILE_EXPECTED = "expected a tile (digits with m, p, s or z; E S W N C F P; a flower a-h)"


class _Scanner:
    """Reads notation with spaces removed, reporting positions in the original text."""

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise TypeError(f"notation must be a string, got {type(text).__name__}")
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
        self.problems: list[Problem] = []

    def problem(self, at: int, what: str, expected: str | None = None, verdict: str = "") -> None:
        """Record "<what> at <column> in '<text>'<verdict>: <expected>"."""
        p = self.pos[at]
        msg = f"{what} at {p + 1} in {self.text!r}{verdict}"
        if expected:
            msg += f": {expected}"
        self.problems.append(Problem(msg, p))

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
                                self.problem(k, f"{d}z is not a tile", "honors in z notation are 1z-7z")
                        elif d == "0":
                            self.problem(k, "0 is not a tile rank", "expected a digit 1-9")
                        else:
                            out.append((TILES[_SUIT_BASE[letter] + int(d) - 1], k))
                    self.i = j + 1
                else:
                    self.problem(start, "digits without a suit letter", "expected m, p or s")
                    self.i = j
            elif c in _HONOR_INDEX:
                out.append((TILES[_HONOR_INDEX[c]], start))
                self.i += 1
            elif c in _FLOWER_INDEX and allow_flowers:
                out.append((TILES[_FLOWER_INDEX[c]], start))
                self.i += 1
            elif c in _FLOWER_INDEX:
                self.problem(start, f"flower {c!r} inside a meld", "flowers are set aside, not melded")
                self.i += 1
            else:
                self.problem(start, f"unexpected {c!r}", _TILE_EXPECTED
                             + (", '[' or '+'" if "+" in stop else ""))
                self.i += 1
        return out

    def meld(self) -> Meld | None:
        """Read ``[tiles]`` or ``[tiles,D]`` at the current '['."""
        s, open_at = self.s, self.i
        self.i += 1
        problems_before = len(self.problems)
        found = self.tiles(allow_flowers=False, stop=",][+")
        offer = None
        bad = False
        if self.i < len(s) and s[self.i] == ",":
            self.i += 1
            j = self.i
            while j < len(s) and s[j] in _DIGITS:
                j += 1
            digits = s[self.i:j]
            if not digits:
                self.problem(self.i, "missing offer digit after ','",
                             "expected 1-3 (who discarded it, or which chow tile), or 5-7 for an added kong")
                bad = True
            elif len(digits) > 1:
                self.problem(self.i, f"offer {digits!r} is more than one digit", "expected one digit")
                bad = True
            else:
                offer = int(digits)
                if offer == 0:
                    self.problem(self.i, "offer digit 0",
                                 "expected 1-3 (1 left, 2 opposite, 3 right), or 5-7 for an added kong; "
                                 "a concealed kong has no digit")
                    bad = True
            self.i = j
        if self.i >= len(s) or s[self.i] != "]":
            if self.i < len(s) and s[self.i] == "[":
                self.problem(self.i, "'[' inside a meld", f"expected ']' to close the '[' at {self.pos[open_at] + 1}")
            else:
                self.problem(open_at, "unclosed '['", "expected ']'")
            # skip to the next ']' so scanning can go on
            while self.i < len(s) and s[self.i] not in "][":
                self.i += 1
            if self.i < len(s) and s[self.i] == "]":
                self.i += 1
            return None
        self.i += 1
        if bad or len(self.problems) > problems_before:
            return None  # the tiles inside were already reported; a shape error would only repeat them
        written = self.text[self.pos[open_at]:self.pos[self.i - 1] + 1]
        tiles = [t for t, _ in found]
        kind, why = _meld_kind(tiles)
        if kind is None:
            self.problem(open_at, written, why, verdict=" is not a chow, pung or kong")
            return None
        if offer is not None:
            allowed = (1, 2, 3, 5, 6, 7) if kind is MeldKind.KONG else (1, 2, 3)
            if offer not in allowed:
                expected = ("expected 1-3 for a melded kong or 5-7 for an added kong" if kind is MeldKind.KONG
                            else "expected 1-3 (which tile was claimed)" if kind is MeldKind.CHOW
                            else "expected 1-3 (1 left, 2 opposite, 3 right)")
                self.problem(open_at, f"offer digit {offer} in {written}", expected,
                             verdict=f" is out of range for a {kind.value}")
                return None
        return Meld(kind, tiles[0], offer)


def _meld_kind(tiles: list[Tile]) -> tuple[MeldKind | None, str]:
    n = len(tiles)
    if n not in (3, 4):
        return None, f"a meld has three tiles (four for a kong), this one has {n}"
    if all(t is tiles[0] for t in tiles):
        return (MeldKind.PUNG if n == 3 else MeldKind.KONG), ""
    if n == 4:
        return None, "a kong is four identical tiles"
    a, b, c = tiles
    if any(t.is_honor for t in tiles):
        if len({a, b, c}) == 1:
            return MeldKind.PUNG, ""
        return None, "honors cannot form a chow; a pung is three identical tiles"
    if not (a.suit is b.suit is c.suit):
        return None, "a chow is three consecutive tiles of one suit"
    if b.index == a.index + 1 and c.index == b.index + 1:
        return MeldKind.CHOW, ""
    ranks = sorted(t.rank for t in tiles)
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return None, "write a chow's tiles in ascending order, e.g. [123m]"
    return None, "a chow is three consecutive tiles of one suit"


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile: ``5m``, ``E``, ``7z`` or a flower letter."""
    sc = _Scanner(text)
    found = sc.tiles(allow_flowers=True, stop="")
    if not sc.problems and len(found) != 1:
        sc.problems.append(Problem(f"expected exactly one tile in {text!r}, found {len(found)}", 0))
    if sc.problems:
        raise NotationError(sc.problems, text)
    return found[0][0]


def parse_tiles(text: str) -> Tiles:
    """Parse a bare row of tiles (no melds, no '+'), keeping the written order."""
    sc = _Scanner(text)
    found = sc.tiles(allow_flowers=True, stop="")
    if sc.problems:
        raise NotationError(sc.problems, text)
    return Tiles(t for t, _ in found)


def parse_meld(text: str) -> Meld:
    """Parse one meld such as ``[123m,2]``."""
    sc = _Scanner(text)
    meld = None
    if not sc.s.startswith("["):
        sc.problem(0, "a meld starts with '['", "e.g. [123m,2], [EEE,1] or [5555p]")
    else:
        meld = sc.meld()
        if sc.i < len(sc.s):
            sc.problem(sc.i, "text after the meld", "expected one meld only")
    if sc.problems or meld is None:
        raise NotationError(sc.problems, text)
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
                sc.problem(sc.i, "a meld after '+'", "melds come before the concealed tiles")
            m = sc.meld()
            if m is not None and plus_at is None:
                melds.append(m)
        elif c == "]":
            sc.problem(sc.i, "']' without '['", "open a meld with '['")
            sc.i += 1
        elif c == "+":
            if plus_at is not None:
                sc.problem(sc.i, "a second '+'", "only one winning tile follows '+'")
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
            sc.problem(plus_at, "'+' without a winning tile", "expected one tile after '+', e.g. +5m")
        elif len(win) > 1:
            sc.problem(win[1][1], f"{len(win)} tiles after '+'", "expected exactly one winning tile")
    if sc.problems:
        raise NotationError(sc.problems, text)
    return Hand(tuple(melds), tuple(concealed), win[0][0] if win else None, tuple(flowers))


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


def format_meld(meld: Meld) -> str:
    """``[123m,2]``, ``[EEE,1]``, ``[5555p]``."""
    body = format_tiles(meld.tiles)
    return f"[{body}]" if meld.offer is None else f"[{body},{meld.offer}]"


def format_hand(hand: Hand) -> str:
    """The canonical string: melds in order, sorted concealed tiles, "+" winning tile, flowers."""
    parts = [format_meld(m) for m in hand.melds]
    parts.append(format_tiles(hand.concealed))
    if hand.win_tile is not None:
        parts.append("+" + str(hand.win_tile))
    parts.append(format_tiles(hand.flowers))
    return "".join(parts)
