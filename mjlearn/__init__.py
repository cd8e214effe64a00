"""mjlearn: learn Chinese mahjong in Jupyter. Tiles, notation, a rules engine and widgets.

>>> import mjlearn as mj
>>> str(mj.parse_hand("1112345678999m+5m"))
'1112345678999m+5m'
"""

from __future__ import annotations

# In layer order: values and notation, then the engine and the rule sets. The table
# (`mjlearn.table`), the quizzes (`mjlearn.quiz`) and the widgets (`mjlearn.widgets`) are
# packages of their own, imported where they are used.
from .errors import InvalidHandError, NotationError, Problem
from .i18n import get_language, set_language
from .tiles import FLOWERS, KINDS, TILES, Suit, Tile, Tiles, tile
from .hand import Hand, Meld, MeldKind, WinContext, as_hand
from .notation import (format_hand, format_meld, format_tiles, parse_hand, parse_meld,
                       parse_tile, parse_tiles)
from .shapes import is_winning, readings
from .analysis import discard_advice, form_shanten, shanten, waits
from . import rules
from .rules import RULESETS
from .rules.comparison import compare, differences
from .scoring import score

__version__ = "0.1.0"

__all__ = [
    "Tile", "Tiles", "Suit", "TILES", "KINDS", "FLOWERS", "tile",
    "Meld", "MeldKind", "Hand", "WinContext", "as_hand",
    "parse_tile", "parse_tiles", "parse_meld", "parse_hand",
    "format_tiles", "format_meld", "format_hand",
    "NotationError", "InvalidHandError", "Problem",
    "score", "readings", "is_winning", "shanten", "form_shanten", "waits", "discard_advice",
    "set_language", "get_language", "rules", "RULESETS", "compare", "differences",
    "practice", "HandEditor", "TileStrip", "DealView",
    "__version__",
]

# Names whose modules pull in anywidget/ipywidgets (the widgets) or sqlite3 (practice records
# answers in the progress store) are imported on first use, so that `import mjlearn` stays light.
_LAZY = {
    "practice": ("quiz.widget", "practice"),
    "HandEditor": ("widgets", "HandEditor"),
    "TileStrip": ("widgets", "TileStrip"),
    "DealView": ("widgets", "DealView"),
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
