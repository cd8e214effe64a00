"""Jupyter widgets: the hand editor, a tile strip, and visualizers of hands, fans, waits,
discard advice, the wall and deal, the table, and rule-set comparisons.

Import cost stays off ``import mjlearn``: this package loads anywidget only when a widget is
first asked for.

>>> from mjlearn import widgets
>>> sorted(widgets.__all__)[:3]
['DealView', 'DiscardAdvice', 'EditorState']
"""

from __future__ import annotations

_WHERE = {
    "HandEditor": "editor",
    "EditorState": "editor",
    "TileStrip": "strip",
    "HandView": "views",
    "FanBreakdown": "views",
    "WaitsView": "views",
    "DiscardAdvice": "views",
    "TableView": "deal",
    "RuleComparison": "views",
    "DealView": "deal",
    "PlayTable": "play",
    "LadderBoard": "ladder",
    "Ladder": "ladder",
}

__all__ = sorted(_WHERE)  # noqa: PLE0605 (the lazily imported names above)


def __getattr__(name):
    try:
        module = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module 'mjlearn.widgets' has no attribute {name!r}") from None
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_WHERE))
