"""mjlearn: learn Chinese mahjong in Jupyter. Tiles, notation, a rules engine and widgets.

>>> import mjlearn as mj
>>> str(mj.parse_hand("1112345678999m+5m"))
'1112345678999m+5m'
"""

from __future__ import annotations

from .errors import InvalidHandError, NotationError, Problem
from .hand import Hand, Meld, MeldKind, WinContext, as_hand
from .notation import (format_hand, format_meld, format_tiles, parse_hand, parse_meld,
                       parse_tile, parse_tiles)
from .tiles import FLOWERS, KINDS, TILES, Suit, Tile, Tiles, tile

__version__ = "0.1.0"

__all__ = [
    "Tile", "Tiles", "Suit", "TILES", "KINDS", "FLOWERS", "tile",
    "Meld", "MeldKind", "Hand", "WinContext", "as_hand",
    "parse_tile", "parse_tiles", "parse_meld", "parse_hand",
    "format_tiles", "format_meld", "format_hand",
    "NotationError", "InvalidHandError", "Problem",
    "__version__",
]

# Engine entry points that live in heavier modules are imported on first use, so that
# `import mjlearn` stays fast (DESIGN.md: under 150 ms, no ipywidgets or matplotlib).
_LAZY = {
    "set_language": ("i18n", "set_language"),
    "get_language": ("i18n", "get_language"),
    "score": ("scoring", "score"),
    "readings": ("shapes", "readings"),
    "is_winning": ("shapes", "is_winning"),
    "shanten": ("analysis", "shanten"),
    "form_shanten": ("analysis", "form_shanten"),
    "waits": ("analysis", "waits"),
    "discard_advice": ("analysis", "discard_advice"),
    "rules": ("rules", None),
    "quiz": ("quiz", None),
    "practice": ("quiz", "practice"),
    "RULESETS": ("rules.registry", "RULESETS"),
    "compare": ("rules.compare", "compare"),
    "differences": ("rules.compare", "differences"),
    "HandEditor": ("widgets", "HandEditor"),
    "TileStrip": ("widgets", "TileStrip"),
    "DealView": ("widgets", "DealView"),
    "Table": ("table", "Table"),
    "play_hand": ("table", "play_hand"),
}


def __getattr__(name: str):
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'mjlearn' has no attribute {name!r}") from None
    from importlib import import_module
    mod = import_module(f".{module}", __name__)
    value = mod if attr is None else getattr(mod, attr)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
