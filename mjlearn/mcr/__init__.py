"""Guobiao (MCR, 国标麻将) scoring: the 81 fans, the counting principles, settlement, profiles.

>>> from mjlearn.mcr import score
>>> score("1112345678999m+5m").fans[0].zh
'九莲宝灯'
"""

from __future__ import annotations

from .fans import FANS, Fan, fan
from .profiles import PROFILES, Profile, get_profile
from .scorer import CONTEXT_KEYWORDS, score

__all__ = ["score", "FANS", "Fan", "fan", "Profile", "PROFILES", "get_profile", "CONTEXT_KEYWORDS",
           "ScoreResult", "settle"]


def __getattr__(name):
    if name in ("ScoreResult", "FanScore", "Excluded"):
        from . import result
        return getattr(result, name)
    if name == "settle":
        from .settlement import settle
        return settle
    raise AttributeError(f"module 'mjlearn.mcr' has no attribute {name!r}")
