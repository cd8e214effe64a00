"""A game of Botzone's Chinese Standard Mahjong as a value: the deal, the actions, the end.

Botzone writes tiles as a letter and a digit: ``W1``-``W9`` characters (万, mjlearn ``m``),
``B1``-``B9`` dots (饼, ``p``), ``T1``-``T9`` bamboo (条, ``s``), ``F1``-``F4`` the winds East, South,
West, North, ``J1``-``J3`` the dragons red, green, white (中 发 白). Players 0-3 sit East, South, West,
North in turn order (player 1 plays after player 0; the judge gives player ``N`` the seat wind ``N``),
and player 0 draws first. The hand's prevalent wind is ``Wind 0..3`` in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MjlearnError
from ..tiles import Tile
from ..tiles import tile as _tile

__all__ = ["ACTIONS", "Action", "Game", "RecordError", "from_botzone", "to_botzone"]

ACTIONS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu")
"""The actions of the text format, as written there."""

CLAIM_VERBS = {"chi": "Chi", "peng": "Peng", "gang": "Gang", "hu": "Hu"}
"""An overridden claim (``Ignore Player N Peng B3``): its verb in any case, as the judge's words."""

_SUITS = {"W": "m", "B": "p", "T": "s"}
_HONOURS = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
_BACK = {v: k for k, v in _HONOURS.items()}
_FROM = {
    **{f"{s}{n}": _tile(f"{n}{m}") for s, m in _SUITS.items() for n in range(1, 10)},
    **{b: _tile(t) for b, t in _HONOURS.items()},
}


class RecordError(MjlearnError, ValueError):
    """A game record that cannot be read: which game, which line, and what is wrong there."""

    heading = ("对局记录有误", "A game record cannot be read")

    def __init__(self, en: str, zh: str, *, game: str | None = None, line: int | None = None):
        where_en = f"game {game!s:.40}" if game else "before the first game"
        where_zh = f"对局 {game!s:.40}" if game else "第一局之前"
        if line is not None:
            where_en += f", line {line}"
            where_zh += f"，第 {line} 行"
        self.game, self.line = game, line
        self.en, self.zh = f"{where_en}: {en}", f"{where_zh}：{zh}"
        super().__init__(f"{self.en}  （{self.zh}）")


def from_botzone(name: str) -> Tile:
    """Botzone's tile name (``W5``, ``F1``, ``J3``) as mjlearn's tile; ValueError for anything else
    (flowers ``H1``-``H8`` included: the records read here are of games without flowers)."""
    try:
        return _FROM[name]
    except (KeyError, TypeError):
        raise ValueError(name) from None


def to_botzone(t: Tile) -> str:
    """mjlearn's tile in Botzone's spelling."""
    s = str(t)
    if len(s) == 2 and s[1] in "mps":
        return {"m": "W", "p": "B", "s": "T"}[s[1]] + s[0]
    return _BACK[s]


@dataclass
class Action:
    """One line of play: ``player`` does ``kind`` (one of :data:`ACTIONS`) with ``tile`` (Botzone's
    spelling; for ``Chi`` the middle tile of the run). ``ignored``: the claims of the same discard
    the judge overrode, as (player, verb as written, tile). ``line``: where it was read (0: built)."""

    player: int
    kind: str
    tile: str
    ignored: tuple[tuple[int, str, str], ...] = ()
    line: int = 0


@dataclass
class Game:
    """A whole game: ``match`` (Botzone's id), ``wind`` (prevalent wind 0-3), ``deals`` (each player's
    13 tiles), ``actions``, and the end: ``fan`` (the judge's total and its fans as (name, count), for a
    win) or ``huang`` (a drawn game), and ``scores`` (player 0-3). ``line``: the line of ``Match``."""

    match: str
    wind: int
    deals: tuple[tuple[str, ...], ...]
    actions: list[Action] = field(default_factory=list)
    fan: tuple[int, tuple[tuple[str, int], ...]] | None = None
    huang: bool = False
    scores: tuple[int, ...] = (0, 0, 0, 0)
    line: int = 0

    @property
    def winner(self) -> int | None:
        """The player who won, or None for a drawn game."""
        if self.actions and self.actions[-1].kind == "Hu":
            return self.actions[-1].player
        return None
