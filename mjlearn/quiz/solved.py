"""The engine's answers to "which fans?" questions, kept on this computer so that reading a long history
does not score the same hands again every time.

The review queue needs, for every "which fans?" question answered wrong, the fans the hand really
scores (the learner's mistakes are per fan). Scoring a hand takes about a millisecond; a history of
100,000 answers holds hundreds of such questions, and ``mjlearn quiz --progress`` is a new process
each time. So the solutions are kept in a small SQLite file in the data folder (:data:`FILE`), keyed
by a digest of the question's text and stamped with a digest of the engine's own source
(:func:`engine_stamp`): when the scorer changes, every solution is worked out again. The file is
derived data: deleting it loses nothing, and when it cannot be read or written (a read-only folder, a
damaged file, a folder in its place) the solutions are simply worked out, never an error.

The same file keeps, in a second table, the solution of every kind of question the teacher's report has
graded again (:class:`Solutions`, used by :mod:`mjlearn.db.regrade`): a question answered by a whole
class is solved once, and a later report solves only the questions it has not seen. Those are stamped
with a digest of the whole package (:func:`package_stamp`), since any part of the engine may decide them.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from functools import lru_cache
from pathlib import Path

__all__ = ["FILE", "Solved", "Solutions", "engine_stamp", "package_stamp", "key_of"]

FILE = "fans-solved.db"


@lru_cache(maxsize=1)
def engine_stamp() -> str:
    """A digest of the source of everything that decides which fans a hand scores (the MCR package, the
    hand and notation modules and the quiz kind), read once per process."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    files = sorted((root / "mcr").glob("*.py")) + [root / "hand.py", root / "notation.py", root / "shapes.py",
                                                    root / "consistency.py", root / "quiz" / "kinds" / "mcr.py"]
    for f in files:
        try:
            h.update(f.name.encode() + b"\0" + f.read_bytes())
        except OSError:
            h.update(f.name.encode() + b"\0?")
    return h.hexdigest()[:32]


@lru_cache(maxsize=1)
def package_stamp() -> str:
    """A digest of every source and data file of the mjlearn package, read once per process (about
    2 MB): a solution kept under another stamp is worked out again."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for f in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".json") and "__pycache__" not in p.parts):
        try:
            h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
        except OSError:
            h.update(f.name.encode() + b"\0?")
    return h.hexdigest()[:32]


def key_of(question) -> bytes:
    """The key of a question's text (bytes as stored, or str)."""
    return hashlib.sha256(question if isinstance(question, (bytes, bytearray)) else
                          str(question).encode("utf-8", "surrogatepass")).digest()[:16]


class Solved:
    """The kept solutions in ``folder`` (read once with :meth:`load`, new ones written by :meth:`save`)."""

    def __init__(self, folder):
        self.path = Path(folder) / FILE
        self.known: dict[bytes, tuple] = {}
        self.new: dict[bytes, tuple] = {}

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        conn.execute("CREATE TABLE IF NOT EXISTS solved (key BLOB PRIMARY KEY, engine TEXT NOT NULL, fans TEXT NOT NULL)")
        return conn

    def load(self) -> "Solved":
        if not self.path.is_file():
            return self
        try:
            conn = self._connect()
            try:
                for key, fans in conn.execute("SELECT key, fans FROM solved WHERE engine = ?", (engine_stamp(),)):
                    try:
                        self.known[bytes(key)] = tuple(int(f) for f in fans.split(",") if f)
                    except (TypeError, ValueError, AttributeError):
                        pass  # a damaged entry: worked out again
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass
        return self

    def get(self, key: bytes):
        return self.known.get(key) or self.new.get(key)

    def add(self, key: bytes, fans: tuple) -> None:
        self.new[key] = fans

    def save(self) -> None:
        """Write the solutions worked out in this reading (best effort, in one transaction)."""
        if not self.new:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._connect()
            try:
                stamp = engine_stamp()
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM solved WHERE engine != ?", (stamp,))
                conn.executemany("INSERT OR REPLACE INTO solved VALUES (?, ?, ?)",
                                 [(k, stamp, ",".join(map(str, v))) for k, v in self.new.items()])
                conn.execute("COMMIT")
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass
        self.known.update(self.new)
        self.new = {}


class Solutions:
    """The kept solutions of questions of any kind in ``folder`` (None: none kept), as JSON text by
    :func:`key_of` their question's text. :meth:`get` reads only the keys asked for; :meth:`save`
    writes the ones :meth:`add` was given. Best effort, like :class:`Solved`."""

    _BATCH = 500  # keys per query (SQLite's limit on parameters is 999 in old builds)

    def __init__(self, folder):
        self.path = None if folder is None else Path(folder) / FILE
        self.new: dict[bytes, str] = {}

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        conn.execute("CREATE TABLE IF NOT EXISTS solutions "
                     "(key BLOB PRIMARY KEY, engine TEXT NOT NULL, solution TEXT NOT NULL)")
        return conn

    def get(self, keys) -> dict[bytes, object]:
        """{key: solution} for the ``keys`` kept under this engine's stamp (an unreadable entry is left out)."""
        keys = list(keys)
        out: dict[bytes, object] = {}
        if self.path is None or not keys or not self.path.is_file():
            return out
        try:
            conn = self._connect()
            try:
                stamp = package_stamp()
                for i in range(0, len(keys), self._BATCH):
                    part = keys[i:i + self._BATCH]
                    for key, text in conn.execute(
                            f"SELECT key, solution FROM solutions WHERE engine = ? AND key IN ({','.join('?' * len(part))})",
                            [stamp, *part]):
                        try:
                            out[bytes(key)] = json.loads(text)
                        except (TypeError, ValueError, RecursionError):
                            pass  # a damaged entry: worked out again
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass
        return out

    def add(self, key: bytes, solution_text: str) -> None:
        self.new[key] = solution_text

    def save(self) -> None:
        """Write the solutions added since the last save (best effort, in one transaction); the ones of
        another engine go."""
        if self.path is None or not self.new:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._connect()
            try:
                stamp = package_stamp()
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM solutions WHERE engine != ?", (stamp,))
                conn.executemany("INSERT OR REPLACE INTO solutions VALUES (?, ?, ?)",
                                 [(k, stamp, v) for k, v in self.new.items()])
                conn.execute("COMMIT")
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass
        self.new = {}
