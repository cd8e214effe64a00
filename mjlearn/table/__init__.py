"""The table: wall, dice, dealing, flowers, claims and a playable hand with today's simple computer
player (:class:`Bot`, "basic 入门"). The stronger one that consults the coach ("strong 进阶") and the
players by level (``LEVELS``, :func:`~mjlearn.coaching.make_bots`) live above, in :mod:`mjlearn.coaching`.

>>> from mjlearn.table import Table, play_hand
>>> t = play_hand(Table("xian", seed=1))
>>> t.is_over
True
"""

from __future__ import annotations

from .bots import Bot, play_hand
from .events import (
    ACTION_EVENTS,
    BirdTurnedUp,
    CalledCheck,
    Chowed,
    Declared,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    Exhausted,
    FlowerReplaced,
    HaidiOffered,
    Konged,
    OnDealWin,
    Punged,
    ReplacementDrawn,
    SetAside,
    TailTurnedUp,
    TilesDealt,
    WallBroken,
    WallBuilt,
    WildTurnedUp,
    Won,
)
from .play import IllegalActionError, Table, next_in_sequence, relative_seat, replay
from .session import HandRecord, Session
from .wall import Wall, roll_dice, tile_set, wall_owner

__all__ = [
    "ACTION_EVENTS",
    "BirdTurnedUp",
    "Bot",
    "CalledCheck",
    "Chowed",
    "Declared",
    "DiceThrown",
    "Discarded",
    "Drew",
    "Event",
    "Exhausted",
    "FlowerReplaced",
    "HaidiOffered",
    "HandRecord",
    "IllegalActionError",
    "Konged",
    "OnDealWin",
    "Punged",
    "ReplacementDrawn",
    "Session",
    "SetAside",
    "Table",
    "TailTurnedUp",
    "TilesDealt",
    "Wall",
    "WallBroken",
    "WallBuilt",
    "WildTurnedUp",
    "Won",
    "next_in_sequence",
    "play_hand",
    "relative_seat",
    "replay",
    "roll_dice",
    "tile_set",
    "wall_owner",
]
