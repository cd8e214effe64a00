"""Game records in and out: Botzone's Chinese Standard Mahjong logs (the text format of its public
corpus and the judge's JSON match log), each game replayed at mjlearn's own table and checked against
the judge (:func:`check_game`), and each seat's game as the hand record the review and the step
viewer read (:func:`hand_record`).

>>> from mjlearn.records import read_text
>>> games = list(read_text("Match x\\nWind 9\\n"))
>>> print(games[0].en)
game x, line 2: the wind must be a whole number 0..3, not '9'
"""

from __future__ import annotations

from .handrecord import hand_record
from .judgelog import game_of_log, read_judge_log
from .model import Action, Game, RecordError, from_botzone, to_botzone
from .replay import Finding, Replayed, botzone_context, check_game, table_for
from .text import game_text, read_text, write_text

__all__ = [
    "Action",
    "Finding",
    "Game",
    "RecordError",
    "Replayed",
    "botzone_context",
    "check_game",
    "from_botzone",
    "game_of_log",
    "game_text",
    "hand_record",
    "read_judge_log",
    "read_text",
    "table_for",
    "to_botzone",
    "write_text",
]
