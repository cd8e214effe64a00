"""Progress: every answer recorded in SQLite, safe against killed kernels and concurrent notebooks.

The database lives in the user's data folder (``$MJLEARN_DATA_DIR`` overrides it):

- each answer is one row written in its own transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), so a
  kernel killed between answers loses nothing already answered;
- WAL journal mode and a busy timeout let two notebooks (two processes) write at the same time;
- a damaged file is moved aside (``progress.db.corrupt-<time>``) with a warning and a new one started.

>>> import tempfile, os
>>> from mjlearn.quiz import generate, grade, solve
>>> from mjlearn.quiz.progress import ProgressStore
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"), user="ann")
>>> q = generate("tile_name", seed=1)
>>> store.record(q, solve(q), grade(q, solve(q)))
1
>>> store.summary()["total"]
1
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ProgressStore", "ProgressView", "data_dir", "default_path", "ENV_VAR", "open_store"]

ENV_VAR = "MJLEARN_DATA_DIR"
SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 30.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,               -- unix time of the answer
    user TEXT NOT NULL,
    quiz TEXT,                      -- quiz-set title or practice topic
    kind TEXT NOT NULL,
    topic TEXT NOT NULL,
    seed INTEGER,
    difficulty INTEGER NOT NULL,
    question TEXT NOT NULL,         -- the question as JSON
    answer TEXT NOT NULL,           -- the learner's answer as JSON
    correct INTEGER NOT NULL,
    score REAL NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    seconds REAL
);
CREATE INDEX IF NOT EXISTS answers_topic ON answers(user, topic);
"""

EXPORT_FIELDS = ("id", "at", "user", "quiz", "kind", "topic", "seed", "difficulty", "question", "answer",
                 "correct", "score", "hints", "seconds")


def data_dir() -> Path:
    """The user's data folder for mjlearn: ``$MJLEARN_DATA_DIR`` if set, else the platform's
    (``~/.local/share/mjlearn`` or ``$XDG_DATA_HOME/mjlearn``; ``~/Library/Application Support/mjlearn``;
    ``%APPDATA%\\mjlearn``)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mjlearn"


def default_path() -> Path:
    return data_dir() / "progress.db"


def _default_user() -> str:
    for var in ("MJLEARN_USER", "JUPYTERHUB_USER", "USER", "USERNAME"):
        if os.environ.get(var):
            return os.environ[var]
    return "learner"


class ProgressStore:
    """The answers of one learner (``user``) in one SQLite file (shared by several users if wanted)."""

    def __init__(self, path: str | os.PathLike | None = None, user: str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.user = user or _default_user()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = self._open()

    # -- opening, and recovering from a damaged file ---------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            return self._prepare(conn)
        except BaseException:
            conn.close()
            raise

    def _prepare(self, conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise sqlite3.DatabaseError(f"could not switch to WAL journal mode (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")
        ok = conn.execute("PRAGMA quick_check").fetchone()[0]
        if ok != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {ok}")
        conn.execute("BEGIN IMMEDIATE")
        try:
            for stmt in _SCHEMA.split(";"):
                stmt = "\n".join(line.split("--")[0] for line in stmt.splitlines()).strip()
                if stmt:
                    conn.execute(stmt)
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(row[0]) > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"schema version {row[0]} is newer than this mjlearn ({SCHEMA_VERSION})")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return conn

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.OperationalError as e:
            # locked or unreadable for a reason other than damage: say so, do not move anything
            if "locked" in str(e) or "unable to open" in str(e):
                raise
            return self._recover(e)
        except sqlite3.DatabaseError as e:
            return self._recover(e)

    def _recover(self, error: Exception) -> sqlite3.Connection:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.replace(side, Path(str(aside) + suffix))
        self.moved_aside = aside
        warnings.warn(f"mjlearn progress database {str(self.path)!r} was damaged ({error}); it was moved to "
                      f"{str(aside)!r} and a new one started. 进度数据库已损坏，已移至旁边并新建。",
                      RuntimeWarning, stacklevel=4)
        return self._connect()

    def close(self) -> None:
        self._conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- writing -------------------------------------------------------------------
    def record(self, question, answer, grade, *, quiz: str | None = None, hints: int = 0,
               seconds: float | None = None) -> int:
        """Store one answer in its own transaction; returns its row id. Committed when this returns."""
        from .core import _jsonable
        row = (time.time(), self.user, quiz, question.kind, question.topic, question.seed,
               question.difficulty, json.dumps(question.to_dict(), ensure_ascii=False),
               json.dumps(_jsonable(answer), ensure_ascii=False), int(bool(grade.correct)), float(grade.score),
               int(hints), seconds)
        c = self._conn
        c.execute("BEGIN IMMEDIATE")
        try:
            cur = c.execute("INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer,"
                            " correct, score, hints, seconds) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
            c.execute("COMMIT")
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise
        return cur.lastrowid

    # -- reading -------------------------------------------------------------------
    def rows(self, all_users: bool = False) -> list[dict]:
        sql = f"SELECT {', '.join(EXPORT_FIELDS)} FROM answers"
        args: tuple = ()
        if not all_users:
            sql += " WHERE user = ?"
            args = (self.user,)
        return [dict(zip(EXPORT_FIELDS, r)) for r in self._conn.execute(sql + " ORDER BY id", args)]

    def by_topic(self) -> dict[str, dict]:
        """Per topic: answered, correct, accuracy, and the last 10 answers' accuracy."""
        out: dict[str, dict] = {}
        for r in self.rows():
            d = out.setdefault(r["topic"], {"answered": 0, "correct": 0, "recent": []})
            d["answered"] += 1
            d["correct"] += r["correct"]
            d["recent"].append(r["correct"])
        for d in out.values():
            d["accuracy"] = d["correct"] / d["answered"]
            rec = d.pop("recent")[-10:]
            d["recent_accuracy"] = sum(rec) / len(rec)
        return out

    def summary(self) -> dict:
        rows = self.rows()
        right = sum(r["correct"] for r in rows)
        return {"user": self.user, "total": len(rows), "correct": right,
                "accuracy": right / len(rows) if rows else None, "by_topic": self.by_topic()}

    def suggest(self) -> str:
        """The topic to practise next: the first topic in course order never tried, else the weakest
        (recent accuracy, with a topic tried fewer than 5 times counted as weaker)."""
        from .core import TOPICS
        stats = self.by_topic()
        for t in TOPICS:
            if t not in stats:
                return t
        return min(TOPICS, key=lambda t: (stats[t]["recent_accuracy"] - (0.2 if stats[t]["answered"] < 5 else 0),
                                          list(TOPICS).index(t)))

    def view(self) -> "ProgressView":
        """Accuracy by topic and what to practise next (renders in a notebook)."""
        return ProgressView(self.summary(), self.suggest())

    # -- export ----------------------------------------------------------------------
    def export(self, path: str | os.PathLike | None = None, format: str | None = None,
               all_users: bool = True) -> str:
        """Every answer as CSV or JSON (format from the file suffix, or ``format``); written to ``path``
        if given, and returned as text."""
        fmt = (format or (Path(path).suffix.lstrip(".") if path else "csv")).lower()
        rows = self.rows(all_users=all_users)
        if fmt == "json":
            text = json.dumps(rows, ensure_ascii=False, indent=1)
        elif fmt == "csv":
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=EXPORT_FIELDS, lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
            text = buf.getvalue()
        else:
            raise ValueError(f"export format must be 'csv' or 'json', got {fmt!r}")
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text


def open_store(path=None, user=None) -> ProgressStore:
    return ProgressStore(path, user)


@dataclass(frozen=True)
class ProgressView:
    """Accuracy by topic and a suggestion, as text and as an HTML table."""

    summary: dict
    suggestion: str

    def _rows(self):
        from .core import TOPICS
        bt = self.summary["by_topic"]
        for t, (zh, en) in TOPICS.items():
            d = bt.get(t)
            yield t, zh, en, d

    def text(self, lang: str | None = None) -> str:
        from ..i18n import pick
        from .core import TOPICS
        lines = [pick(f"{self.summary['user']} 的进度：共答 {self.summary['total']} 题",
                      f"Progress of {self.summary['user']}: {self.summary['total']} answers", lang)]
        for t, zh, en, d in self._rows():
            name = pick(zh, en, lang)
            if d is None:
                lines.append(f"  {name}: " + pick("未练习", "not practised yet", lang))
            else:
                lines.append(f"  {name}: {d['correct']}/{d['answered']} ({d['accuracy']:.0%})")
        zh, en = TOPICS[self.suggestion]
        lines.append(pick(f"建议下一步练习：{zh}", f"Practise next: {en}", lang))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from html import escape
        from .core import TOPICS
        rows = []
        for t, zh, en, d in self._rows():
            if d is None:
                cells = "<td>–</td><td>未练习 not yet</td>"
            else:
                pct = d["accuracy"]
                bar = (f"<div style='background:#ddd;width:120px;height:10px'><div style='background:"
                       f"{'#2a2' if pct >= 0.8 else '#d90' if pct >= 0.5 else '#c33'};width:{pct * 120:.0f}px;"
                       f"height:10px'></div></div>")
                cells = f"<td>{d['correct']}/{d['answered']}</td><td>{pct:.0%} {bar}</td>"
            rows.append(f"<tr><td>{escape(zh)} {escape(en)}</td>{cells}</tr>")
        zh, en = TOPICS[self.suggestion]
        return (f"<div class='mjlearn-progress'><b>{escape(self.summary['user'])}</b>: "
                f"{self.summary['total']} 题 answers<table><tr><th>主题 Topic</th><th>对/答 Right</th>"
                f"<th>正确率 Accuracy</th></tr>{''.join(rows)}</table>"
                f"<p>建议下一步练习 Practise next: <b>{escape(zh)} {escape(en)}</b> "
                f"(<code>mjlearn.quiz.practice({self.suggestion!r})</code>)</p></div>")
