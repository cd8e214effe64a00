"""The table: wall, dice, dealing, flowers, claims and a playable hand with today's simple computer
player (:class:`Bot`, "basic 入门"). The stronger one that consults the coach ("strong 进阶") and the
players by level (``LEVELS``, :func:`~mjlearn.coaching.make_bots`) live above, in :mod:`mjlearn.coaching`.

>>> from mjlearn.table import Table, play_hand
>>> t = play_hand(Table("xian", seed=1))
>>> t.is_over
True
"""

from __future__ import annotations

from .events import (ACTION_EVENTS, BirdTurnedUp, Chowed, Declared, DiceThrown, Discarded, Drew, Event, Exhausted,
                     FlowerReplaced, Konged, Punged, ReplacementDrawn, SetAside, TailTurnedUp, TilesDealt,
                     WallBroken, WallBuilt, WildTurnedUp, Won, OnDealWin, HaidiOffered, CalledCheck)
from .play import IllegalActionError, Table, next_in_sequence, relative_seat, replay
from .wall import Wall, roll_dice, tile_set, wall_owner
from .bots import Bot, play_hand
from .session import HandRecord, Session

__all__ = [
    "Table", "IllegalActionError", "replay", "play_hand", "Bot", "Wall", "tile_set", "roll_dice", "wall_owner", "next_in_sequence",
    "relative_seat", "Event", "ACTION_EVENTS", "WallBuilt", "DiceThrown", "WallBroken", "TilesDealt",
    "WildTurnedUp", "TailTurnedUp", "SetAside", "FlowerReplaced", "Drew", "ReplacementDrawn", "Discarded",
    "Declared", "Chowed", "Punged", "Konged", "Won", "Exhausted", "BirdTurnedUp", "OnDealWin", "HaidiOffered", "CalledCheck", "Session", "HandRecord",
]
