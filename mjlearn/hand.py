"""Melds, hands and the context of a win: frozen records, validated when made.

>>> from mjlearn import parse_hand
>>> h = parse_hand("[EEE,1][SSSS,1]55pWWWNN+N")
>>> h.melds[0]
Meld.from_str('[EEE,1]')
>>> str(h), len(h.melds), h.win_tile
('[EEE,1][SSSS,1]55pWWWNN+N', 2, Tile('N'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING

from .errors import BadArgumentType, InvalidHandError, Problem, shown
from .handoff import pictures, read
from .seats import OFFER_EN, OFFER_ZH, SEAT_LETTERS
from .tiles import TILES, Tile, format_tiles
from .tiles import tile as _tile

__all__ = ["SEAT_NAMES", "Hand", "Meld", "MeldKind", "WinContext", "as_hand"]

SEAT_NAMES = {d: (OFFER_ZH[d], OFFER_EN[d].removesuffix(" player")) for d in OFFER_ZH}
"""Relative seats of an offer digit: 1 = left (上家), 2 = opposite (对家), 3 = right (下家); from the
offer names of :mod:`mjlearn.seats`."""


class MeldKind(str, Enum):
    """What a meld is: 顺子 chow, 刻子 pung, 杠 kong."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"

    @property
    def zh(self) -> str:
        return {"chow": "顺子", "pung": "刻子", "kong": "杠"}[self.value]


@dataclass(frozen=True)
class Meld:
    """A declared set: a chow, pung or kong shown on the table, or a concealed kong."""

    kind: MeldKind
    """Chow, pung or kong."""
    tile: Tile
    """The lowest tile of a chow; the tile of a pung or kong."""
    offer: int | None = None
    """The digit after the comma in notation. Chow: which tile of the run was claimed (1-3).
    Pung and melded kong: who discarded it (1 left, 2 opposite, 3 right). Added kong: 5-7, a kong
    added to a pung claimed from seat offer-4. None: a chow or pung whose source is not recorded,
    or a concealed kong."""

    def __post_init__(self):
        problems = _meld_problems(self.kind, self.tile, self.offer)
        if problems:
            raise InvalidHandError(problems)

    @classmethod
    def from_str(cls, text: str) -> Meld:
        """Parse one meld such as ``[123m,2]``, ``[EEE,1]``, ``[5555p]``."""
        return read("meld", text)

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the meld in order (three, or four for a kong)."""
        if self.kind is MeldKind.CHOW:
            i = self.tile.index
            return (TILES[i], TILES[i + 1], TILES[i + 2])
        return (self.tile,) * (4 if self.kind is MeldKind.KONG else 3)

    @property
    def is_concealed(self) -> bool:
        """Only a kong without an offer digit is concealed (暗杠)."""
        return self.kind is MeldKind.KONG and self.offer is None

    @property
    def is_exposed(self) -> bool:
        return not self.is_concealed

    @property
    def is_added_kong(self) -> bool:
        """A kong made by adding a drawn tile to a claimed pung (加杠)."""
        return self.kind is MeldKind.KONG and self.offer is not None and self.offer >= 5

    @property
    def from_seat(self) -> int | None:
        """Relative seat the claimed tile came from: 1 left, 2 opposite, 3 right; None if unknown
        or concealed. A chow always comes from the left."""
        if self.offer is None:
            return 1 if self.kind is MeldKind.CHOW else None
        if self.kind is MeldKind.CHOW:
            return 1
        return self.offer - 4 if self.offer >= 5 else self.offer

    @property
    def claimed_position(self) -> int | None:
        """Index in ``tiles`` of the tile turned sideways when drawn, or None. A chow keeps its run in
        order and turns the claimed tile where it stands (offer - 1); a pung or kong turns the tile on
        the side of the seat it came from: left 0, opposite 1, right the last."""
        if self.offer is None:
            return None
        if self.kind is MeldKind.CHOW:
            return self.offer - 1
        seat = self.from_seat
        assert seat is not None  # an offer says where from
        return {1: 0, 2: 1, 3: len(self.tiles) - 1}[seat]

    @property
    def claimed_tile(self) -> Tile | None:
        """For a chow with an offer digit, the tile that was claimed."""
        if self.kind is MeldKind.CHOW and self.offer is not None:
            return self.tiles[self.offer - 1]
        if self.kind is not MeldKind.CHOW and self.offer is not None:
            return self.tile
        return None

    def __str__(self) -> str:
        return format_meld(self)

    def __repr__(self) -> str:
        return f"Meld.from_str({str(self)!r})"

    def _repr_svg_(self) -> str:
        return pictures().meld_svg(self)

    def _repr_html_(self) -> str:
        svg = pictures()
        return svg.inline_html(svg.meld_svg(self))


def _meld_problems(kind, tile, offer) -> list[Problem]:
    if not isinstance(tile, Tile):
        return [
            Problem(
                f"a meld is made of tiles such as tile('5m'), not {tile!r}"
                f"  （副露要由牌组成，例如 tile('5m')，这里是 {tile!r}）"
            )
        ]
    if tile.is_flower:
        return [
            Problem(
                f"a flower ({tile}) cannot be part of a meld; flowers are set aside"
                f"  （花牌 {tile}（{tile.zh}）不能组成副露，要放在一边）"
            )
        ]
    problems = []
    if kind is MeldKind.CHOW:
        if not tile.is_suited:
            problems.append(
                Problem(f"a chow needs suited tiles; {tile} is an honor  （吃要用数牌；{tile}（{tile.zh}）是字牌）")
            )
        elif tile.rank > 7:
            problems.append(
                Problem(
                    f"a chow cannot start at {tile}: the highest chow is 7-8-9"
                    f"  （吃不能从 {tile}（{tile.zh}）开始：最大的吃是 7-8-9）"
                )
            )
    elif kind not in (MeldKind.PUNG, MeldKind.KONG):
        problems.append(
            Problem(f"a meld is a chow, a pung or a kong, not {kind!r}  （副露只有吃、碰、杠三种，这里是 {kind!r}）")
        )
    if offer is not None:
        allowed = (1, 2, 3, 5, 6, 7) if kind is MeldKind.KONG else (1, 2, 3)
        if isinstance(offer, bool) or not isinstance(offer, int) or offer not in allowed:
            what, what_zh = {
                MeldKind.CHOW: (
                    "a chow takes 1-3 (which of its three tiles was taken)",
                    "吃只能写 1–3（拿的是三张中的第几张）",
                ),
                MeldKind.PUNG: (
                    "a pung takes 1-3 (who gave the tile: 1 left, 2 opposite, 3 right)",
                    "碰只能写 1–3（谁给的：1 上家，2 对家，3 下家）",
                ),
                MeldKind.KONG: (
                    "a kong takes 1-3 (who gave the tile) or 5-7 for a kong added to a pung",
                    "杠写 1–3（谁给的），加杠写 5–7",
                ),
            }.get(kind, ("it takes 1-3", "只能写 1–3"))
            name, name_zh = (kind.value, kind.zh) if isinstance(kind, MeldKind) else ("meld", "副露")
            problems.append(
                Problem(
                    f"a {name} cannot have {offer!r} after the comma: {what}"
                    f"  （{name_zh}的逗号后面不能是 {offer!r}；{what_zh}）"
                )
            )
    return problems


@dataclass(frozen=True)
class Hand:
    """A player's hand: declared melds, concealed tiles, the winning tile, flowers.

    A hand has 13 tiles plus a winning tile (kongs count as three), or 13 or 14 tiles without one
    (a waiting hand, or a hand that has just drawn and must discard); in the ladder's small games one,
    two or three sets fewer (4 or 5, 7 or 8, 10 or 11 tiles).
    """

    melds: tuple[Meld, ...] = ()
    """Declared melds in the order they were made."""
    concealed: tuple[Tile, ...] = ()
    """Tiles in hand, sorted, not counting the winning tile."""
    win_tile: Tile | None = None
    """The tile that completes the hand (the one after "+"), or None."""
    flowers: tuple[Tile, ...] = field(default=())
    """Flower tiles set aside, sorted."""
    if TYPE_CHECKING:  # set by __post_init__, not fields: the tiles' counts as bytes (see there)
        _counts: bytes = field(init=False, repr=False, compare=False)
        _all_counts: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        set_ = object.__setattr__
        set_(self, "melds", tuple(self.melds))
        set_(self, "concealed", tuple(sorted(self.concealed)))
        set_(self, "flowers", tuple(sorted(self.flowers)))
        problems, counts = _check(self)
        if problems or counts is None:  # (no counts only with problems)
            raise InvalidHandError(problems, str_or_none(self))
        # the check counted the tiles: the concealed counts (winning tile included) are kept as 34
        # bytes, so that a scorer does not count them again (Hand.counts is the public form)
        set_(self, "_counts", bytes(counts[0]))
        set_(self, "_all_counts", bytes(counts[1]) if self.melds else self._counts)

    @classmethod
    def from_str(cls, text: str) -> Hand:
        return read("hand", text)

    # --- counts --------------------------------------------------------------

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """34 counts of the concealed part, winning tile included (melds excluded)."""
        return tuple(self._counts)

    @cached_property
    def all_counts(self) -> tuple[int, ...]:
        """34 counts of every tile the hand holds: concealed, winning tile and melds (kongs as 4)."""
        return tuple(self._all_counts)

    @property
    def tile_count(self) -> int:
        """Tiles in the hand with kongs counted as three (13 waiting, 14 complete)."""
        return len(self.concealed) + 3 * len(self.melds) + (self.win_tile is not None)

    @property
    def is_concealed(self) -> bool:
        """No melds shown (门前清); concealed kongs are allowed."""
        return all(m.is_concealed for m in self.melds)

    def tiles(self) -> list[Tile]:
        """Every tile: meld tiles, then concealed tiles, then the winning tile."""
        out = [t for m in self.melds for t in m.tiles]
        out.extend(self.concealed)
        if self.win_tile is not None:
            out.append(self.win_tile)
        return out

    @cached_property
    def notation(self) -> str:
        """The canonical notation (what ``str`` gives), computed once."""
        return format_hand(self)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Hand.from_str({self.notation!r})"

    def _repr_svg_(self) -> str:
        return pictures().hand_svg(self)

    def _repr_html_(self) -> str:
        svg = pictures()
        return svg.inline_html(svg.hand_svg(self))


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


def str_or_none(hand) -> str | None:
    try:
        return format_hand(hand)
    except Exception:  # noqa: BLE001 - a hand too broken to format still gets its problems reported
        return None


def hand_problems(hand: Hand) -> list[Problem]:
    """Everything impossible about a hand, for InvalidHandError."""
    return _check(hand)[0]


_SIZES = (5, 8, 11, 14)
"""Tiles in a complete hand: 14, or 5, 8, 11 in the ladder's small games (kongs count as three)."""


def _check(hand: Hand) -> tuple[list[Problem], tuple[list[int], list[int]] | None]:
    """:func:`hand_problems`, and the counts the check makes on its way (None when the tiles are
    not tiles): the 34 counts of the concealed tiles and the winning tile, and of all the tiles."""
    problems: list[Problem] = []
    for m in hand.melds:
        if not isinstance(m, Meld):
            problems.append(
                Problem(
                    f"the melds of a hand must be melds such as parse_meld('[123m,1]'), not {m!r}"
                    f"  （手牌的副露要写成副露，例如 parse_meld('[123m,1]')，这里是 {m!r}）"
                )
            )
            return problems, None
    for t in (*hand.concealed, *hand.flowers):
        if not isinstance(t, Tile):
            problems.append(
                Problem(
                    f"the tiles of a hand must be tiles such as tile('5m'), not {t!r}"
                    f"  （手牌里要放牌，例如 tile('5m')，这里是 {t!r}）"
                )
            )
            return problems, None
    if hand.win_tile is not None and not isinstance(hand.win_tile, Tile):
        return [
            Problem(
                f"the winning tile must be a tile such as tile('5m'), not {hand.win_tile!r}"
                f"  （和的那张要是一张牌，例如 tile('5m')，这里是 {hand.win_tile!r}）"
            )
        ], None
    if len(hand.melds) > 4:
        problems.append(
            Problem(
                f"a hand has at most four melds, this one has {len(hand.melds)}"
                f"  （一手牌最多四副副露，这手有 {len(hand.melds)} 副）"
            )
        )
    for t in hand.concealed:
        if t.is_flower:
            problems.append(
                Problem(
                    f"flower {t} is among the concealed tiles; flowers are set aside"
                    f"  （花牌 {t}（{t.zh}）不放在手牌里，要放在一边）"
                )
            )
            break
    if hand.win_tile is not None and hand.win_tile.is_flower:
        problems.append(
            Problem(
                f"a flower ({hand.win_tile}) cannot be the winning tile"
                f"  （花牌 {hand.win_tile}（{hand.win_tile.zh}）不能是和的那张牌）"
            )
        )
    times: dict[Tile, int] = {}
    for f in hand.flowers:
        if not f.is_flower:
            problems.append(Problem(f"{f} is not a flower  （{f}（{f.zh}）不是花牌）"))
        else:
            times[f] = times.get(f, 0) + 1
    for f, n in times.items():  # one problem per flower, however often it is written
        if n > 1:
            en_times, zh_times = ("twice", "两次") if n == 2 else (f"{n} times", f"{n} 次")
            problems.append(
                Problem(
                    f"flower {f} ({f.zh}) appears {en_times}; there is one of each"
                    f"  （花牌 {f.zh} 出现了{zh_times}；每种花只有一张）"
                )
            )
    counts = [0] * 42
    for t in hand.concealed:
        counts[t.index] += 1
    if hand.win_tile is not None:
        counts[hand.win_tile.index] += 1
    concealed = counts[:34]
    for m in hand.melds:
        for t in m.tiles:
            counts[t.index] += 1
    for i, n in enumerate(counts[:34]):
        if n > 4:
            problems.append(
                Problem(
                    f"{n} copies of {TILES[i]} ({TILES[i].zh}), counting melds and the "
                    f"winning tile; a set has only four"
                    f"  （{TILES[i].zh}有 {n} 张（副露与和的那张都算在内）；一副牌里每种只有四张）"
                )
            )
    n = hand.tile_count
    # a full hand has 13 tiles and the one drawn or won; a small game of the ladder (mjlearn.rules.small_games)
    # plays shorter hands, lacking one to three sets: 4 and 5, 7 and 8, 10 and 11 tiles
    if hand.win_tile is not None:
        if n not in _SIZES:
            problems.append(
                Problem(
                    f"wrong tile count: {n - 1} tiles before the winning tile, expected 13 "
                    f"(kongs count as three)  （张数不对：和的那张之前有 {n - 1} 张，应为 13 张；杠按 3 张算）"
                )
            )
    elif n not in _SIZES and n + 1 not in _SIZES:
        problems.append(
            Problem(
                f"wrong tile count: {n} tiles, expected 13 or 14 (kongs count as three)"
                f"  （张数不对：{n} 张，应为 13 或 14 张；杠按 3 张算）"
            )
        )
    return problems, (concealed, counts[:34])


def as_hand(hand) -> Hand:
    """Accept a :class:`Hand` or its notation string (the one coercion used by every function)."""
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return read("hand", hand)
    raise BadArgumentType(
        f'a hand is written as text in quotes, such as "123m456p789s11122z", not '
        f'{type(hand).__name__}  （手牌要写成带引号的文字，例如 "123m456p789s11122z"；'
        f"这里是 {type(hand).__name__}）"
    )


@dataclass(frozen=True)
class WinContext:
    """How a hand was won: the situation a scorer needs beyond the tiles."""

    self_drawn: bool = False
    """Won on a tile the winner drew (自摸), not on a discard."""
    last_tile: bool = False
    """The winning tile is the last of its kind: the other three are visible (和绝张)."""
    kong: bool = False
    """Self-drawn: won on a kong replacement tile (杠上开花). On a discard: robbed a kong (抢杠和)."""
    wall_last: bool = False
    """The last tile of the wall: drawn (妙手回春) or discarded (海底捞月)."""
    seat_wind: str = "E"
    """The winner's seat wind (门风): E, S, W or N."""
    prevalent_wind: str = "E"
    """The prevalent (round) wind (圈风): E, S, W or N."""
    flowers: int = 0
    """Flowers held in addition to any flower letters written in the hand."""

    def __post_init__(self):
        problems = []
        for name in ("self_drawn", "last_tile", "kong", "wall_last"):
            if not isinstance(getattr(self, name), bool):
                problems.append(
                    Problem(
                        f"{name} must be True or False, got {shown(getattr(self, name))}"
                        f"  （{name} 只能是 True 或 False，这里是 {shown(getattr(self, name), zh=True)}）"
                    )
                )
        for name in ("seat_wind", "prevalent_wind"):
            v = getattr(self, name)
            if isinstance(v, Tile) and v.is_wind:
                object.__setattr__(self, name, str(v))
            elif v not in SEAT_LETTERS:
                problems.append(
                    Problem(
                        f"{name} must be one of E, S, W, N (east, south, west, north), got {shown(v)}"
                        f"  （{name} 只能是 E、S、W、N（东南西北）之一，这里是 {shown(v, zh=True)}）"
                    )
                )
        if isinstance(self.flowers, bool) or not isinstance(self.flowers, int) or not 0 <= self.flowers <= 8:
            problems.append(
                Problem(
                    f"flowers must be a whole number 0-8, got {shown(self.flowers)}"
                    f"  （flowers 是花牌的张数，只能是 0–8 的整数，这里是 {shown(self.flowers, zh=True)}）"
                )
            )
        if problems:
            raise InvalidHandError(problems)

    @property
    def robbing_kong(self) -> bool:
        return self.kong and not self.self_drawn

    @property
    def kong_replacement(self) -> bool:
        return self.kong and self.self_drawn

    @property
    def seat_wind_tile(self) -> Tile:
        return _tile(self.seat_wind)

    @property
    def prevalent_wind_tile(self) -> Tile:
        return _tile(self.prevalent_wind)
