"""What the lower layers need from the modules above them, handed down instead of imported upward.

Tiles, melds and hands (``tiles.py``, ``hand.py``) are the bottom of the layers, yet two things they
offer are done above them:

- reading their text form (``Tile("5m")``, ``Meld.from_str``, ``Hand.from_str``, ``as_hand("…")``)
  is the parser's work, and ``notation.py`` builds tiles, melds and hands, so it imports them;
- showing them as pictures in a notebook (``_repr_svg_``/``_repr_html_``) is the renderer's work,
  and ``render/svg.py`` draws tiles, melds and hands, so it imports them.

Likewise a rule set and a comparison of rule sets (``rules/``) show as the course presents them
(``course/comparison.py``, ``course/tour.py``: ``_repr_html_``, ``describe``, ``plot``, ``chart``), and
the course sits above the rules.

So a value asks this module, and the module above registers here. ``notation.py`` registers its
readers when it is imported, and ``mjlearn/__init__.py`` imports it before any value can be used.
``mjlearn/__init__.py`` registers how to load each presenter (``"pictures"``: ``render/svg.py``;
``"comparison"`` and ``"tour"``: the course's), which is loaded on first use, not by ``import mjlearn``
(its time budget, ``benchmarks/bench_import.py``). ``tests/test_layers.py`` holds the layers free of
import circles, late imports included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_readers: dict[str, Callable[[str], Any]] = {}
_presenters: dict[str, Callable[[], Any]] = {}


def register_readers(**readers: Callable[[str], Any]) -> None:
    """Called by ``mjlearn.notation`` on import: ``tile=``, ``meld=``, ``hand=`` parse one text each."""
    _readers.update(readers)


def read(what: str, text: str) -> Any:
    """Parse ``text`` as a ``"tile"``, ``"meld"`` or ``"hand"`` with the registered reader."""
    return _readers[what](text)


def register_presenter(what: str, load: Callable[[], Any]) -> None:
    """Called by ``mjlearn/__init__.py``: ``load()`` returns the module that presents ``what``
    (``"pictures"``, ``"comparison"``, ``"tour"``), imported on the first call."""
    _presenters[what] = load


def presenter(what: str) -> Any:
    """The module registered to present ``what``, e.g. ``presenter("tour").describe(rules)``."""
    return _presenters[what]()


def pictures() -> Any:
    """The module that draws tiles, melds and hands (``mjlearn.render.svg``)."""
    return _presenters["pictures"]()
