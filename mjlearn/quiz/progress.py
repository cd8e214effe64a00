"""Progress: every answer recorded, safe against killed kernels, concurrent notebooks and a class
database that goes away.

Two backends behind one interface (:class:`ProgressStore`): an SQLite file for self-study (the default),
or a class database (PostgreSQL) when ``$MJLEARN_DB`` is a PostgreSQL URL; ``ProgressStore()`` then
returns a :class:`mjlearn.db.store.ClassStore` (SQLAlchemy Core and psycopg 3, imported only then).
``sqlite:///PATH`` in ``$MJLEARN_DB`` names another SQLite file. The schema of both is one series of
Alembic revisions (``mjlearn/migrations``).

The SQLite file lives in the user's data folder (``$MJLEARN_DATA_DIR`` overrides it):

- each answer is one row written in its own transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), so a
  kernel killed between answers loses nothing already answered;
- WAL journal mode and a busy timeout let two notebooks (two processes) write at the same time;
- the schema carries its version in ``PRAGMA user_version`` (and Alembic's ``alembic_version``); older
  files, including those written before Alembic, are brought forward by the revisions (``MIGRATIONS``
  lists their SQLite steps), inside one write transaction; a file from a newer mjlearn is opened
  read-only and never moved;
- a damaged file is salvaged: every row that can still be read is copied, row by row, into a fresh
  database, and the damaged file is kept beside it (``progress.db.corrupt-<time>``), never deleted;
- anything else (a full disk, an I/O error, a read-only folder, a folder where the file should be, a
  lock held too long) raises a ``ProgressError`` whose one-line message names the file; nothing is moved.

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
import threading
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

from ..errors import (Busy, ClassDatabaseUnreachable, DatabaseDamaged, DiskFull, NewerSchema, NotAFile,
                      NotWritable, ProgressError, StorageIOError)
from ..i18n import Bilingual, pick
from ..store.files import (BUSY_TIMEOUT_S, DB_ENV_VAR, ENV_VAR, EXPORT_COLUMNS, data_dir, db_url as _db_url,
                           default_path, default_user as _default_user, diagnose_path as _diagnose_path, iso_time,
                           os_error as _os_error, sqlite_path_of as _sqlite_path_of, translate as _translate,
                           with_time as _with_time)
from ..store.salvage import EXPORT_FIELDS, read_only_uri as _read_only_uri, readable_rows as _readable_rows
from ..store.schema import MIGRATIONS, SCHEMA_VERSION, alembic_sqlite as _alembic_sqlite
from .core import TOPICS, _jsonable
from .history import MASTERY_DECAY, Damage, Reading, without_gc
from .history_sql import sqlite_answers
from .solved import Solved

__all__ = ["ProgressStore", "ProgressView", "data_dir", "default_path", "ENV_VAR", "open_store", "mastery", "attempts",
           "credit", "MASTERY_DECAY",
           "MIGRATIONS", "SCHEMA_VERSION", "ProgressError", "DatabaseDamaged", "NewerSchema", "StorageIOError",
           "DiskFull", "NotWritable", "NotAFile", "Busy", "ClassDatabaseUnreachable", "DB_ENV_VAR"]



class ProgressStore:
    """The answers of one learner (``user``) in one SQLite file (shared by several users if wanted).

    ``read_only`` is true when the file was written by a newer mjlearn (``record`` then raises
    ``NewerSchema``); after a salvage, ``moved_aside`` is the damaged file kept and ``salvaged`` the
    number of rows carried over. ``timeout`` is how long to wait for another writer's lock."""

    read_only = False
    moved_aside: Path | None = None
    salvaged: int | None = None

    def __new__(cls, path: str | os.PathLike | None = None, *args, **kwargs):
        if cls is ProgressStore and path is None:
            url = _db_url()
            if url is not None and _sqlite_path_of(url) is None:
                from ..db.store import ClassStore  # imports SQLAlchemy: only for a class database
                return super().__new__(ClassStore)
        return super().__new__(cls)

    def __init__(self, path: str | os.PathLike | None = None, user: str | None = None,
                 timeout: float = BUSY_TIMEOUT_S):
        if path is None and _db_url() is not None:
            path = _sqlite_path_of(_db_url())
        self.path = Path(path) if path is not None else default_path()
        self.user = user or _default_user()
        self.timeout = float(timeout)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise NotAFile(self.path.parent, f"mjlearn progress: the data folder is a file, not a folder; move it "
                                             f"away or set {ENV_VAR}", "数据文件夹的路径是文件") from None
        except OSError as e:
            raise _os_error(self.path.parent, e, "creating the data folder") from None
        # one connection, used by whichever thread calls: a widget's clicks may be handled on another
        # thread than the cell that made the store (ipykernel 7), so each use takes this lock
        self._lock = threading.RLock()
        self._conn = self._open()

    # -- opening: tell a damaged file from a newer one, a full disk, a lock... --------------
    def _open(self) -> sqlite3.Connection:
        problem = _diagnose_path(self.path)
        if problem is not None:
            raise problem
        existed = self.path.exists()
        try:
            return self._open_existing_or_new()
        except ProgressError:
            if not existed:  # an empty file this call created (a full disk, say): leave no trace
                try:
                    if os.path.getsize(self.path) == 0:
                        for side in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
                            _remove_quietly(side)
                except OSError:
                    pass
            raise

    def _open_existing_or_new(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise _translate(self.path, e, "opening") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION or version < 0:  # a negative version was never written by mjlearn
                conn.close()
                return self._open_read_only(version)
            self._prepare(conn, version)
            return conn
        except sqlite3.Error as e:
            conn.close()
            error = _translate(self.path, e, "opening")
            if isinstance(error, DatabaseDamaged):
                return self._salvage(error)
            raise error from None
        except BaseException:
            conn.close()
            raise

    def _prepare(self, conn: sqlite3.Connection, version: int) -> None:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise sqlite3.OperationalError(f"could not switch to WAL journal mode (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError("database disk image is malformed: " + "; ".join(problems))
        if version < SCHEMA_VERSION:
            self._migrate(conn)

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Apply the steps from the file's version up, in one transaction (another process may be
        doing the same: the version is read again under the write lock)."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                _alembic_sqlite(conn, version)
            conn.execute(f"PRAGMA user_version = {max(version, SCHEMA_VERSION)}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _open_read_only(self, version: int) -> sqlite3.Connection:
        self.read_only = True
        self.newer_version = version
        warnings.warn(str(self._newer_error("opened read-only")), RuntimeWarning, stacklevel=5)
        try:
            conn = sqlite3.connect(_read_only_uri(self.path), uri=True, timeout=self.timeout, isolation_level=None,
                                   check_same_thread=False)
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as e:
            raise _translate(self.path, e, "opening read-only") from None
        return conn

    def _newer_error(self, what: str) -> NewerSchema:
        return NewerSchema(self.path, f"mjlearn progress: written by a newer mjlearn (schema "
                                      f"{self.newer_version}, this one knows {SCHEMA_VERSION}); {what}, nothing "
                                      f"was moved; upgrade mjlearn to record answers",
                           "进度数据库由更新版本的 mjlearn 写入，只能只读，请升级 mjlearn")

    # -- salvage: copy every readable row, keep the damaged file --------------------------
    def _salvage(self, error: DatabaseDamaged) -> sqlite3.Connection:
        path = self.path
        try:
            before = os.stat(path)
        except OSError as e:
            raise _os_error(path, e, "salvaging the damaged database") from None
        tmp = path.with_name(f".{path.name}.salvage-{os.getpid()}")
        tmp_journal = Path(f"{tmp}-journal")
        _remove_quietly(tmp)
        _remove_quietly(tmp_journal)
        saved = 0
        try:
            new = sqlite3.connect(tmp, isolation_level=None)
            try:
                new.execute("PRAGMA journal_mode = DELETE")
                new.execute("PRAGMA synchronous = FULL")  # on disk before it replaces anything
                self._migrate(new)
                new.execute("BEGIN")
                for row in _readable_rows(path):
                    try:
                        new.execute(f"INSERT INTO answers ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                                    tuple(row.values()))
                        saved += 1
                    except sqlite3.IntegrityError:
                        pass  # a row whose fields did not survive (a NULL where a value is required)
                new.execute("COMMIT")
            finally:
                new.close()
        except sqlite3.Error as e:
            _remove_quietly(tmp)
            _remove_quietly(tmp_journal)
            raise _translate(path, e, "salvaging the damaged database (the damaged file was left in place)") from None
        except BaseException:
            _remove_quietly(tmp)
            _remove_quietly(tmp_journal)
            raise
        try:
            now = os.stat(path)
        except FileNotFoundError:
            now = None
        if now is None or (now.st_ino, now.st_dev) != (before.st_ino, before.st_dev):
            _remove_quietly(tmp)  # another process salvaged it meanwhile: use its result
            return self._open()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while os.path.lexists(aside) or os.path.lexists(str(aside) + "-wal"):
            n += 1
            aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            try:
                os.link(path, aside)  # the damaged file stays readable under both names until the swap
            except OSError:
                os.replace(path, aside)
            for suffix in ("-wal", "-shm"):  # they belong to the damaged file: never let the new one read them
                side = Path(str(path) + suffix)
                if side.exists():
                    os.replace(side, Path(str(aside) + suffix))
            os.replace(tmp, path)
        except OSError as e:
            _remove_quietly(tmp)
            raise _os_error(path, e, "putting the salvaged database in place") from None
        self.moved_aside, self.salvaged = aside, saved
        warnings.warn(f"mjlearn progress database {str(path)!r} was damaged ({getattr(error, 'reason', error)}); "
                      f"{saved} answers were saved into a new database and the damaged file was kept as "
                      f"{str(aside)!r}. 进度数据库已损坏：已救回 {saved} 条记录到新数据库，原文件保留在旁边。",
                      RuntimeWarning, stacklevel=5)
        return self._open()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _run(self, doing: str, fn):
        """``fn()`` with SQLite errors turned into ProgressError, one thread at a time."""
        try:
            with self._lock:
                return fn()
        except sqlite3.Error as e:
            error = _translate(self.path, e, doing)
            if isinstance(error, DatabaseDamaged):
                error = DatabaseDamaged(self.path, f"mjlearn progress: the database was damaged while {doing}; "
                                                   f"open it again to salvage the readable answers",
                                        "进度数据库已损坏，重新打开即可救回可读记录")
            raise error from None

    # -- writing -------------------------------------------------------------------
    def record(self, question, answer, grade, *, quiz: str | None = None, hints: int = 0,
               seconds: float | None = None, retries: int = 0) -> int:
        """Store one answer in its own transaction; returns its row id. Committed when this returns.

        ``retries``: how many wrong tries at this same question came before this answer (0: first try)."""
        if self.read_only:
            raise self._newer_error("answers cannot be recorded in it")
        row = (time.time(), self.user, quiz, question.kind, question.topic, question.seed,
               question.difficulty, json.dumps(question.to_dict(), ensure_ascii=False),
               json.dumps(_jsonable(answer), ensure_ascii=False), int(bool(grade.correct)), float(grade.score),
               int(hints), seconds, int(retries))
        c = self._conn

        def insert():
            c.execute("BEGIN IMMEDIATE")
            try:
                cur = c.execute("INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer,"
                                " correct, score, hints, seconds, retries) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
                c.execute("COMMIT")
            except BaseException:
                if c.in_transaction:
                    c.execute("ROLLBACK")
                raise
            return cur.lastrowid
        return self._run("recording an answer", insert)

    # -- reading -------------------------------------------------------------------
    def _columns(self) -> list[str]:
        """The answer fields this file has (a file opened read-only may lack later columns)."""
        have = {r[1] for r in self._conn.execute("PRAGMA table_info(answers)")}
        return [f for f in EXPORT_FIELDS if f in have]

    def rows(self, all_users: bool = False) -> list[dict]:
        def read():
            cols = self._columns()
            sql = f"SELECT {', '.join(cols)} FROM answers"
            args: tuple = ()
            if not all_users:
                sql += " WHERE user = ?"
                args = (self.user,)
            out = []
            for r in self._conn.execute(sql + " ORDER BY id", args):
                d = dict(zip(cols, r))
                d.setdefault("retries", 0)
                out.append(d)
            return out
        return self._run("reading answers", read)

    def _read(self, consume):
        """``consume(reading)`` over this learner's answers (:class:`~mjlearn.quiz.history.Reading`),
        checked as they stream from the file; damaged rows are skipped and listed in ``reading.damage``."""
        solved = Solved(self.path.parent).load()  # kept beside the answers
        with without_gc():
            out = self._run("reading answers", lambda: consume(
                Reading(sqlite_answers(self._conn, self.user, self._columns()), solved)))
        solved.save()
        return out

    def _questions(self, ids: list) -> dict:
        """The question texts of the rows ``ids`` (those that decode)."""
        def read():
            out = {}
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                for rid, q in self._conn.execute(f"SELECT id, CAST(question AS BLOB) FROM answers WHERE id IN "
                                                 f"({', '.join('?' * len(chunk))})", chunk):
                    try:
                        out[rid] = bytes(q).decode("utf-8")
                    except (TypeError, UnicodeDecodeError):
                        pass
            return out
        return self._run("reading answers", read)

    def by_topic(self) -> dict[str, dict]:
        """Per topic: answered, correct, accuracy, the last 10 answers' accuracy, and mastery
        (:func:`mastery`: recent answers count most, a corrected answer counts half). Damaged rows are
        skipped (:meth:`damaged` lists them)."""
        return self._read(lambda r: r.finish().by_topic())

    def damaged(self) -> Damage:
        """The damaged rows among this learner's answers, which the view and the review queue skip
        (nothing is changed: they stay in the database as they are)."""
        return self._read(lambda r: r.finish().damage)

    @staticmethod
    def _summary_of(user: str, reading: Reading) -> dict:
        return {"user": user, "total": reading.total, "correct": reading.correct,
                "accuracy": reading.correct / reading.total if reading.total else None,
                "by_topic": reading.by_topic(), "damaged": reading.damage}

    def summary(self) -> dict:
        """The answers counted (damaged rows skipped; ``damaged`` lists them), overall and by topic."""
        return self._summary_of(self.user, self._read(lambda r: r.finish()))

    def suggest(self, stats: dict | None = None) -> str:
        """The topic to practise next: the first topic in course order never tried, else the weakest
        (mastery, with a topic tried fewer than 5 times counted as weaker)."""
        stats = self.by_topic() if stats is None else stats
        for t in TOPICS:
            if t not in stats:
                return t
        return min(TOPICS, key=lambda t: (stats[t]["mastery"] - (0.2 if stats[t]["answered"] < 5 else 0),
                                          list(TOPICS).index(t)))

    def _queue(self, now=None):
        """(reading, review queue) from one pass over the answers."""
        from .review import replay_reading

        def consume(reading):
            return reading, replay_reading(reading, now)
        reading, rq = self._read(consume)
        rq.damage = reading.damage
        questions = self._questions(sorted({s.last_row["id"] for s in rq.states.values()}))
        for st in rq.states.values():
            st.last_row["question"] = questions.get(st.last_row["id"])
        return reading, rq

    def review_queue(self, now=None):
        """What is due for review (:class:`~mjlearn.quiz.review.ReviewQueue`), damaged rows skipped."""
        return self._queue(now)[1]

    def view(self) -> "ProgressView":
        """Mastery by topic, what is due for review, and what to practise next (renders in a notebook);
        damaged rows are skipped and the view says how many (:meth:`damaged` lists them)."""
        reading, rq = self._queue()
        summary = self._summary_of(self.user, reading)
        return ProgressView(summary, self.suggest(summary["by_topic"]), rq)

    # -- export ----------------------------------------------------------------------
    def export(self, path: str | os.PathLike | None = None, format: str | None = None,
               all_users: bool = True) -> str:
        """Every answer as CSV or JSON (format from the file suffix, or ``format``); written to ``path``
        if given, and returned as text."""
        fmt = (format or (Path(path).suffix.lstrip(".") if path else "csv")).lower()
        rows = [_with_time(r) for r in self.rows(all_users=all_users)]
        if fmt == "json":
            text = json.dumps(rows, ensure_ascii=False, indent=1)
        elif fmt == "csv":
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
            text = buf.getvalue()
        else:
            raise ValueError(f"export format must be 'csv' or 'json', got {fmt!r}")
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text


def attempts(rows: list[dict]):
    """The answers grouped by question: tries at the same question in a row (wrong, then right) are
    one attempt, the final try's row with ``retries`` counting the wrong tries before it."""
    group: list[dict] = []
    for r in rows:
        if group and (r["question"] != group[-1]["question"] or group[-1]["correct"]):
            yield _attempt(group)
            group = []
        group.append(r)
    if group:
        yield _attempt(group)


def _attempt(group: list[dict]) -> dict:
    final = dict(group[-1])
    final["retries"] = (len(group) - 1) + int(final.get("retries") or 0)
    final["hints"] = sum(int(r.get("hints") or 0) for r in group)
    return final


def credit(row: dict) -> float:
    """What one attempt says about mastery: 1 right at the first try without hints, 0.5 right after
    a wrong try or a hint, 0 wrong."""
    if not row["correct"]:
        return 0.0
    return 0.5 if (row.get("retries") or row.get("hints")) else 1.0


def mastery(rows: list[dict]) -> float | None:
    """How well the answers show a topic is known, from 0 to 1, weighted to the recent ones: the
    latest attempt counts 1, the one before 0.7, then 0.49... (:data:`MASTERY_DECAY`), each scored by
    :func:`credit`. A topic answered wrong and then right is about 0.3-0.6, not 0; None if no answers."""
    tries = list(attempts(rows))
    if not tries:
        return None
    num = den = 0.0
    w = 1.0
    for r in reversed(tries):
        num += w * credit(r)
        den += w
        w *= MASTERY_DECAY
    return num / den


def open_store(path=None, user=None) -> ProgressStore:
    return ProgressStore(path, user)


def _remove_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


@dataclass(frozen=True, repr=False)
class ProgressView(Bilingual):
    """Mastery by topic, what is due for review and a suggestion, as text and as HTML."""

    summary: dict
    suggestion: str
    review: object = None
    """The :class:`~mjlearn.quiz.review.ReviewQueue` (what is due), if known."""

    def _rows(self):
        bt = self.summary["by_topic"]
        for t, (zh, en) in TOPICS.items():
            d = bt.get(t)
            yield t, zh, en, d

    def _due(self) -> dict[str, int]:
        if self.review is None:
            return {}
        return {t: d["due"] for t, d in self.review.by_topic().items()}

    def _next(self, terminal: bool = False) -> tuple[str, str, str]:
        """(Chinese, English, the call) of what to do next: review if anything is due. ``terminal``: the
        command to type in a terminal instead of the notebook call."""
        if self.review is not None and self.review.due():
            n = len(self.review.due())
            call = "mjlearn quiz --review" if terminal else "mjlearn.quiz.practice('review')"
            return (f"复习到期的 {n} 项", f"review the {n} items due", call)
        zh, en = TOPICS[self.suggestion]
        call = f"mjlearn quiz --topic {self.suggestion}" if terminal else f"mjlearn.quiz.practice({self.suggestion!r})"
        return zh, en, call

    def text(self, lang: str | None = None, terminal: bool = False) -> str:
        """The view as text; ``terminal``: the next step as a command (``mjlearn quiz --topic ...``)."""
        lines = [pick(f"{self.summary['user']} 的进度：共答 {self.summary['total']} 题",
                      f"Progress of {self.summary['user']}: {self.summary['total']} answers", lang)]
        due = self._due()
        for t, zh, en, d in self._rows():
            name = pick(zh, en, lang)
            if d is None:
                lines.append(f"  {name}: " + pick("未练习", "not practised yet", lang))
            else:
                extra = pick(f"，{due[t]} 项待复习", f", {due[t]} due", lang) if due.get(t) else ""
                lines.append(f"  {name}: " + pick(f"掌握 {d['mastery']:.0%}（对 {d['correct']}/{d['answered']}{extra}）",
                                                  f"mastery {d['mastery']:.0%} ({d['correct']}/{d['answered']} right"
                                                  f"{extra})", lang))
        lines.append(pick("掌握度：越近的回答分量越重；改正后答对算一半。",
                          "Mastery: recent answers count most; right after a wrong try or a hint counts half.", lang))
        if self.review is not None and self.review.states:
            lines.append(self.review._text(lang, limit=5))
        zh, en, call = self._next(terminal)
        lines.append(pick(f"建议下一步：{zh}（{call}）", f"Next: {en} ({call})", lang))
        note = self._damage().note(lang, terminal)
        if note:
            lines.append(note)
        return "\n".join(lines)

    def _damage(self) -> Damage:
        return self.summary.get("damaged") or Damage()

    def _repr_html_(self) -> str:
        from html import escape
        due = self._due()
        rows = []
        for t, zh, en, d in self._rows():
            if d is None:
                cells = "<td style='text-align:left;vertical-align:top'>–</td><td style='text-align:left;vertical-align:top'>未练习 not yet</td><td style='text-align:left;vertical-align:top'></td>"
            else:
                pct = d["mastery"]
                bar = (f"<div style='background:#ddd;width:120px;height:10px;display:inline-block'><div style='background:"
                       f"{'#2a2' if pct >= 0.8 else '#d90' if pct >= 0.5 else '#c33'};width:{pct * 120:.0f}px;"
                       f"height:10px'></div></div>")
                cells = (f"<td style='text-align:left;vertical-align:top'>{d['correct']}/{d['answered']}</td><td style='text-align:left;vertical-align:top'>{bar} {pct:.0%}</td>"
                         f"<td style='text-align:left;vertical-align:top'>{due.get(t, 0) or ''}</td>")
            rows.append(f"<tr><td style='text-align:left;vertical-align:top'>{escape(zh)} {escape(en)}</td>{cells}</tr>")
        zh, en, call = self._next()
        review = self.review._repr_html_(limit=8, damage=False) if self.review is not None and self.review.states else ""
        n = self.summary['total']
        return (f"<div class='mjlearn-progress' style='max-width:100%'><b>学习进度 Progress</b> · "
                f"{escape(self.summary['user'])}：已答 {n} 题 · {n} answer{'' if n == 1 else 's'} so far<table><tr><th style='text-align:left;vertical-align:top'>主题 Topic</th><th style='text-align:left;vertical-align:top'>对/答 Right</th>"
                f"<th style='text-align:left;vertical-align:top'>掌握 Mastery</th><th style='text-align:left;vertical-align:top'>待复习 Due</th></tr>{''.join(rows)}</table>"
                f"<p style='font-size:90%;color:#555'>掌握度：越近的回答分量越重，改正后答对算一半。"
                f"<br>Mastery: recent answers count most; right after a wrong try or a hint counts half.</p>"
                f"{review}"
                f"<p>建议下一步 Next: <b>{escape(zh)} {escape(en)}</b> (<code>{escape(call)}</code>)</p>"
                f"{self._damage()._repr_html_()}</div>")
