"""What mjlearn does differently in the browser (JupyterLite, where Python is Pyodide).

:func:`install` runs when ``import mjlearn`` happens in the browser (``sys.platform == "emscripten"``).
It makes a cell that needs a package the browser version does not have (matplotlib) show a short
bilingual note instead of an error; other errors show as usual. The note is a display, not an error,
so "run all cells" goes on to the next cell.

Outside the browser nothing here does anything:

>>> from mjlearn.lite import browser
>>> browser.IN_BROWSER, browser.install()
(False, False)
>>> print(browser.missing_note("matplotlib.pyplot").text)
这张图要用 matplotlib 来画，浏览器版没有它。旁边的表格和文字给出同样的数字；想看图，请在电脑上安装 mjlearn 后打开这个笔记本。
This chart is drawn with matplotlib, which the browser version does not have. The table and text next to it give the same figures; to see the chart, install mjlearn on a computer and open this notebook there.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from html import escape

IN_BROWSER = sys.platform == "emscripten"
"""True in Pyodide (JupyterLite), where there is no terminal, no matplotlib and no disk of one's own."""

MISSING = {
    "matplotlib": (
        "这张图要用 matplotlib 来画，浏览器版没有它。旁边的表格和文字给出同样的数字；"
        "想看图，请在电脑上安装 mjlearn 后打开这个笔记本。",
        "This chart is drawn with matplotlib, which the browser version does not have. The table and text "
        "next to it give the same figures; to see the chart, install mjlearn on a computer and open this "
        "notebook there."),
}
"""Top-level modules the browser version cannot load, with what the learner is told (zh, en)."""


@dataclass(frozen=True)
class Note:
    """A short bilingual note shown in place of an error; renders as HTML and as text."""

    zh: str
    en: str

    @property
    def text(self) -> str:
        return f"{self.zh}\n{self.en}"

    def _repr_html_(self) -> str:
        return ("<div class='mj-browser-note' style='max-width:100%;border-left:4px solid #b7791f;"
                "background:#fffaf0;color:#333;padding:6px 10px;margin:4px 0'>"
                f"<b>浏览器版 · In the browser</b><br>{escape(self.zh)}<br>{escape(self.en)}</div>")

    def __repr__(self) -> str:
        return self.text


def missing_note(module: str) -> Note | None:
    """The note for a module the browser version lacks (``None`` if it is not one of those)."""
    top = (module or "").split(".")[0]
    if top not in MISSING:
        return None
    return Note(*MISSING[top])


def _handler(shell, etype, value, tb, tb_offset=None):
    note = missing_note(getattr(value, "name", None) or "") if isinstance(value, ImportError) else None
    if note is None:
        return shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
    from IPython.display import display
    display(note)
    return None


def install() -> bool:
    """In the browser, show :data:`MISSING`'s notes instead of import errors; True if installed."""
    if not IN_BROWSER:
        return False
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the browser always has IPython
        return False
    shell = get_ipython()
    if shell is None:
        return False
    if not getattr(shell, "_mjlearn_browser", False):
        shell.set_custom_exc((ImportError,), _handler)
        shell._mjlearn_browser = True
    return True
