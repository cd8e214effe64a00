"""What mjlearn does differently in the browser (JupyterLite, where Python is Pyodide).

:func:`install` runs when ``import mjlearn`` happens in the browser (``sys.platform == "emscripten"``).
It does two things:

- a cell that needs a package the browser version does not have (matplotlib) shows a short bilingual
  note instead of an error; other errors show as usual. The note is a display, not an error, so
  "run all cells" goes on to the next cell;
- the practice record survives a reload. SQLite works in Pyodide's in-memory file system but not on
  the browser's drive (the folder the notebooks are in, kept in the browser's storage: it fails with a
  disk I/O error), so the database stays in memory and a copy of it, :data:`DRIVE_COPY`, is kept next
  to the notebooks: restored when the kernel starts, written again a few seconds after each change.
  Being a file of the notebooks' folder, it shows in the file browser, where the learner can download
  it (export) or upload one (import; then restart the kernel).

Outside the browser nothing here does anything:

>>> from mjlearn.lite import browser
>>> browser.IN_BROWSER, browser.install()
(False, False)
>>> print(browser.missing_note("matplotlib.pyplot").text)
这张图要用 matplotlib 来画，浏览器版没有它。旁边的表格和文字给出同样的数字；想看图，请在电脑上安装 mjlearn 后打开这个笔记本。
This chart is drawn with matplotlib, which the browser version does not have. The table and text next to it give the same figures; to see the chart, install mjlearn on a computer and open this notebook there.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

IN_BROWSER = sys.platform == "emscripten"
"""True in Pyodide (JupyterLite), where there is no terminal, no matplotlib and no disk of one's own."""

MISSING = {
    "matplotlib": (
        "这张图要用 matplotlib 来画，浏览器版没有它。旁边的表格和文字给出同样的数字；"
        "想看图，请在电脑上安装 mjlearn 后打开这个笔记本。",
        "This chart is drawn with matplotlib, which the browser version does not have. The table and text "
        "next to it give the same figures; to see the chart, install mjlearn on a computer and open this "
        "notebook there.",
    ),
}
"""Top-level modules the browser version cannot load, with what the learner is told (zh, en)."""


DRIVE_COPY = "mjlearn-progress.db"
"""The copy of the practice record kept next to the notebooks in the browser's storage."""

SAVE_EVERY_S = 3.0
"""How often (seconds) the in-memory record is compared with its copy and, if it changed, saved."""


@dataclass(frozen=True)
class Note:
    """A short bilingual note shown in place of an error; renders as HTML and as text."""

    zh: str
    en: str

    @property
    def text(self) -> str:
        return f"{self.zh}\n{self.en}"

    def _repr_html_(self) -> str:
        return (
            "<div class='mj-browser-note' style='max-width:100%;border-left:4px solid #b7791f;"
            "background:#fffaf0;color:#333;padding:6px 10px;margin:4px 0'>"
            f"<b>浏览器版 · In the browser</b><br>{escape(self.zh)}<br>{escape(self.en)}</div>"
        )

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


class ProgressKeeper:
    """Keeps a copy of the progress database (``db``, in memory) at ``copy`` (on the browser's drive)."""

    def __init__(self, db: Path, copy: Path):
        self.db, self.copy = Path(db), Path(copy)
        self._seen = None

    def _signature(self):
        sig: list[tuple[int, int] | None] = []
        for p in (self.db, self.db.with_name(self.db.name + "-wal")):
            try:
                st = p.stat()
                sig.append((st.st_mtime_ns, st.st_size))
            except OSError:
                sig.append(None)
        return tuple(sig)

    def restore(self) -> bool:
        """Bring the copy back as the database, if there is a copy and no database yet."""
        if self.db.exists() or not self.copy.is_file():
            return False
        self.db.parent.mkdir(parents=True, exist_ok=True)
        self.db.write_bytes(self.copy.read_bytes())
        self._seen = self._signature()
        return True

    def save(self) -> bool:
        """Write the copy if the database changed since the last look; True if written."""
        sig = self._signature()
        if sig == self._seen or sig[0] is None:
            return False
        import sqlite3

        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            data = con.serialize()  # type: ignore[attr-defined]  # Python 3.11+, as in the browser  # the whole database, write-ahead log included
        finally:
            con.close()
        self.copy.write_bytes(data)
        self._seen = sig
        return True


def _drive() -> Path:
    return Path("/drive") if Path("/drive").is_dir() else Path.cwd()


def keep_progress(every: float = SAVE_EVERY_S) -> ProgressKeeper | None:
    """In the browser: restore the practice record from its copy and save it every ``every`` seconds."""
    if not IN_BROWSER:
        return None
    os.environ.setdefault("MJLEARN_DATA_DIR", "/home/pyodide/.mjlearn")  # memory: SQLite works there
    from ..quiz.progress import default_path

    keeper = ProgressKeeper(default_path(), _drive() / DRIVE_COPY)
    try:
        keeper.restore()
    except OSError:
        pass
    import asyncio

    loop = asyncio.get_event_loop()

    def tick():
        try:
            keeper.save()
        except Exception:  # noqa: BLE001, S110 - never disturb the notebook; the next tick tries again
            pass
        loop.call_later(every, tick)

    loop.call_later(every, tick)
    return keeper


def install() -> bool:
    """In the browser, show :data:`MISSING`'s notes instead of import errors and keep the practice
    record across reloads (:func:`keep_progress`); True if installed."""
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
        try:
            shell._mjlearn_progress = keep_progress()
        except Exception:  # noqa: BLE001 - the record then lasts as long as the page; nothing else changes
            shell._mjlearn_progress = None
    return True
