"""Guobiao (MCR, 国标麻将) scoring: the 81 fans, the counting principles, settlement, profiles.

>>> from mjlearn.mcr import score
>>> score("1112345678999m+5m").fans[0].zh
'九莲宝灯'
"""

from __future__ import annotations

from .fans import FANS, Fan, fan
from .profiles import PROFILES, Profile, get_profile
from .result import Excluded, FanScore, ScoreResult  # noqa: F401 (mjlearn.mcr.Excluded, .FanScore for result readers)
from .scorer import CONTEXT_KEYWORDS, score
from .settlement import settle

__all__ = [
    "CONTEXT_KEYWORDS",
    "FANS",
    "PROFILES",
    "Fan",
    "Profile",
    "ScoreResult",
    "fan",
    "get_profile",
    "score",
    "settle",
]
