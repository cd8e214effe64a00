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

__all__ = ["FILE", "Solutions", "Solved", "engine_stamp", "key_of", "package_stamp"]

FILE = "fans-solved.db"


@lru_cache(maxsize=1)
def engine_stamp() -> str:
    """A digest of the source of everything that decides which fans a hand scores (the MCR package, the
    hand and notation modules and the quiz kind), read once per process."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    files = sorted((root / "mcr").glob("*.py")) + [
        root / "hand.py",
        root / "notation.py",
        root / "shapes.py",
        root / "consistency.py",
        root / "quiz" / "kinds" / "mcr.py",
    ]
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
    return hashlib.sha256(
        question if isinstance(question, (bytes, bytearray)) else str(question).encode("utf-8", "surrogatepass")
    ).digest()[:16]


class _Kept:
    """Solutions kept in one table of :data:`FILE` in ``folder`` (None: none kept), by :func:`key_of`
    their question's text, under a stamp of the code that worked them out: a solution kept under
    another stamp is not read, and the next save drops it. :meth:`add` collects new ones and
    :meth:`save` writes them. Best effort: a file that cannot be read or written is as if empty."""

    _TABLE = ""
    _COLUMN = ""
    """The table and its value column (the names files already on disk have)."""

    def __init__(self, folder):
        self.path = None if folder is None else Path(folder) / FILE
        self.new: dict = {}

    def _stamp(self) -> str:
        raise NotImplementedError

    @staticmethod
    def _encode(value) -> str:
        return value

    @staticmethod
    def _decode(text: str):
        return text

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)  # type: ignore[arg-type]  # only with a folder
        # derived data, so not waited for on disk (a write cut short by a crash is worked out again;
        # waiting cost a first reading of a long history about 0.1 s)
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {self._TABLE} "
            f"(key BLOB PRIMARY KEY, engine TEXT NOT NULL, {self._COLUMN} TEXT NOT NULL)"
        )
        return conn

    def _read(self, parts) -> dict:
        """{key: decoded value} of the rows kept under this stamp, one query per ``(condition, values)``
        of ``parts`` ("" for every row); an entry that cannot be decoded is left out (worked out again)."""
        out: dict = {}
        if self.path is None or not self.path.is_file():
            return out
        try:
            conn = self._connect()
            try:
                stamp = self._stamp()
                for condition, values in parts:
                    for key, text in conn.execute(
                        f"SELECT key, {self._COLUMN} FROM {self._TABLE} WHERE engine = ?{condition}", [stamp, *values]
                    ):
                        try:
                            out[bytes(key)] = self._decode(text)
                        except (TypeError, ValueError, AttributeError, RecursionError):
                            pass  # a damaged entry: worked out again
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass
        return out

    def add(self, key: bytes, value) -> None:
        self.new[key] = value

    def save(self) -> None:
        """Write the solutions added since the last save (best effort, in one transaction); the ones
        kept under another stamp go."""
        if self.path is None or not self.new:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._connect()
            try:
                stamp = self._stamp()
                conn.execute("BEGIN IMMEDIATE")
                conn.execute(f"DELETE FROM {self._TABLE} WHERE engine != ?", (stamp,))
                conn.executemany(
                    f"INSERT OR REPLACE INTO {self._TABLE} VALUES (?, ?, ?)",
                    [(k, stamp, self._encode(v)) for k, v in self.new.items()],
                )
                conn.execute("COMMIT")
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass
        self._saved()
        self.new = {}

    def _saved(self) -> None:
        """What :meth:`save` does with the new solutions once written (nothing here)."""


class Solved(_Kept):
    """The kept "which fans?" solutions in ``folder`` (fan numbers by question key), stamped with
    :func:`engine_stamp`: read all at once with :meth:`load`, new ones written by :meth:`save`."""

    _TABLE, _COLUMN = "solved", "fans"

    def _stamp(self) -> str:
        return engine_stamp()

    def __init__(self, folder):
        super().__init__(folder)
        self.known: dict[bytes, tuple] = {}

    @staticmethod
    def _encode(value: tuple) -> str:
        return ",".join(map(str, value))

    @staticmethod
    def _decode(text: str) -> tuple:
        return tuple(int(f) for f in text.split(",") if f)

    def load(self) -> Solved:
        self.known.update(self._read([("", ())]))
        return self

    def get(self, key: bytes):
        return self.known.get(key) or self.new.get(key)

    def _saved(self) -> None:
        self.known.update(self.new)


class Solutions(_Kept):
    """The kept solutions of questions of any kind in ``folder`` (None: none kept), as JSON text by
    question key, stamped with :func:`package_stamp`. :meth:`get` reads only the keys asked for."""

    _TABLE, _COLUMN = "solutions", "solution"
    _BATCH = 500  # keys per query (SQLite's limit on parameters is 999 in old builds)

    @staticmethod
    def _decode(text: str):
        return json.loads(text)

    def _stamp(self) -> str:
        return package_stamp()

    def get(self, keys) -> dict[bytes, object]:
        """{key: solution} for the ``keys`` kept under this package's stamp (an unreadable entry is left out)."""
        keys = list(keys)
        return (
            self._read(
                [
                    (f" AND key IN ({','.join('?' * len(keys[i : i + self._BATCH]))})", keys[i : i + self._BATCH])
                    for i in range(0, len(keys), self._BATCH)
                ]
            )
            if keys
            else {}
        )
