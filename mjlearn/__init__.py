"""mjlearn: learn Chinese mahjong in Jupyter. Tiles, notation, a rules engine and widgets.

>>> import mjlearn as mj
>>> str(mj.parse_hand("1112345678999m+5m"))
'1112345678999m+5m'
"""

from __future__ import annotations

# Eager: the values and the notation, which every use of mjlearn needs. The engine (the scorer, the
# rule sets, the hand analysis) is bound below on first use: its modules import everything they use at
# their top, in layer order, but building its frozen records takes about 90 ms, and `import mjlearn`
# has a budget of 60 ms of its own (benchmarks/bench_import.py). The table (`mjlearn.table`), the
# quizzes (`mjlearn.quiz`) and the widgets (`mjlearn.widgets`) are packages of their own.
from .errors import InvalidHandError, NotationError, Problem
from .hand import Hand, Meld, MeldKind, WinContext, as_hand
from .handoff import register_presenter as _register_presenter
from .i18n import get_language, set_language
from .notation import format_hand, format_meld, format_tiles, parse_hand, parse_meld, parse_tile, parse_tiles
from .tiles import FLOWERS, KINDS, TILES, Suit, Tile, Tiles, tile
from .version import __version__


# The presenters of values, rule sets and comparisons, which sit above what they present: loaded on
# first use (see handoff.py).
def _pictures():
    from .render import svg

    return svg


def _comparison():
    from .course import comparison

    return comparison


def _tour():
    from .course import tour

    return tour


def _quiz():
    from .quiz import widget

    return widget


_register_presenter("pictures", _pictures)
_register_presenter("comparison", _comparison)
_register_presenter("tour", _tour)
_register_presenter("quiz", _quiz)

__all__ = [
    "FLOWERS",
    "KINDS",
    "RULESETS",
    "TILES",
    "DealView",
    "Hand",
    "HandEditor",
    "InvalidHandError",
    "Meld",
    "MeldKind",
    "NotationError",
    "Problem",
    "Suit",
    "Tile",
    "TileStrip",
    "Tiles",
    "WinContext",
    "__version__",
    "as_hand",
    "coach",
    "compare",
    "differences",
    "discard_advice",
    "form_shanten",
    "format_hand",
    "format_meld",
    "format_tiles",
    "get_language",
    "glossary",
    "is_winning",
    "ladder",
    "parse_hand",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "play",
    "practice",
    "readings",
    "rules",
    "score",
    "set_language",
    "shanten",
    "tile",
    "waits",
]

# The front door's names that live in the engine or pull in anywidget/ipywidgets (the widgets) or
# sqlite3 (practice records answers), bound on first use. No name here is also a module's name, so
# `mjlearn.score` is always the function, whatever was imported first (tests/test_public_names.py).
_LAZY = {
    "score": ("scoring", "score"),
    "readings": ("shapes", "readings"),
    "is_winning": ("shapes", "is_winning"),
    "shanten": ("analysis", "shanten"),
    "form_shanten": ("analysis", "form_shanten"),
    "waits": ("analysis", "waits"),
    "discard_advice": ("analysis", "discard_advice"),
    "rules": ("rules", None),
    "RULESETS": ("rules", "RULESETS"),
    "compare": ("rules.comparison", "compare"),
    "differences": ("rules.comparison", "differences"),
    "practice": ("quiz.widget", "practice"),
    "HandEditor": ("widgets", "HandEditor"),
    "TileStrip": ("widgets", "TileStrip"),
    "DealView": ("widgets", "DealView"),
    "glossary": ("terms", "glossary"),
    "coach": ("coaching", "coach"),
    "play": ("widgets.play", "play"),
    "ladder": ("widgets.ladder", "ladder"),
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


# In the browser (JupyterLite): a cell needing what the browser lacks (matplotlib) gets a plain note.
# Tested here, not by importing mjlearn.lite.browser, which would load pathlib for every learner.
import sys as _sys  # noqa: E402

if _sys.platform == "emscripten":
    from .lite.browser import install as _install_browser

    _install_browser()
