"""The progress store's SQLite file: one file of answers (shared by several users if wanted), opened,
made or migrated to this mjlearn's schema, written one answer at a time, read back as rows, exported.

- WAL journal mode and a busy timeout let two notebooks (two processes) write at the same time;
- a file written by a newer mjlearn is opened read-only (``record`` raises ``NewerSchema``);
- a damaged file is salvaged: what can still be read is copied into a new file, the damaged one kept
  beside it (:mod:`mjlearn.store.salvage`);
- every failure is one clear :class:`~mjlearn.errors.ProgressError` (:mod:`mjlearn.store.files`).

Part of the storage layer (:mod:`mjlearn.store`): it stores what a question, an answer and a grade
say of themselves (``to_dict()``, ``correct``, ``score``) and imports nothing of the quiz, which
reads the rows (:class:`mjlearn.quiz.progress.ProgressStore` wraps this store with the progress view,
mastery and the review queue)."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import warnings
from pathlib import Path

from ..errors import DatabaseDamaged, NewerSchema, NotAFile, ProgressError
from ..jsontext import jsonable as _jsonable
from . import hands as _hands
from .base import Store
from .files import BUSY_TIMEOUT_S, ENV_VAR, default_path
from .files import db_url as _db_url
from .files import default_user as _default_user
from .files import diagnose_path as _diagnose_path
from .files import os_error as _os_error
from .files import sqlite_path_of as _sqlite_path_of
from .files import translate as _translate
from .salvage import EXPORT_FIELDS
from .salvage import read_only_uri as _read_only_uri
from .salvage import readable_rows as _readable_rows
from .schema import SCHEMA_VERSION
from .schema import alembic_sqlite as _alembic_sqlite

__all__ = ["SQLiteStore"]


class SQLiteStore(Store):
    """The answers of one learner (``user``) in one SQLite file (shared by several users if wanted).

    ``read_only``, ``moved_aside`` and ``salvaged`` as :class:`~mjlearn.store.base.Store` says;
    ``timeout`` is how long to wait for another writer's lock."""

    def __init__(self, path: str | os.PathLike | None = None, user: str | None = None, timeout: float = BUSY_TIMEOUT_S):
        if path is None and (url := _db_url()) is not None:
            path = _sqlite_path_of(url)
        self.path = Path(path) if path is not None else default_path()
        self.user = user or _default_user()
        self.timeout = float(timeout)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise NotAFile(
                self.path.parent,
                f"mjlearn progress: the data folder is a file, not a folder; move it away or set {ENV_VAR}",
                "数据文件夹的路径是文件",
            ) from None
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
        self.newer_version: int | str = version  # (a class database's is a revision name)
        warnings.warn(str(self._newer_error("opened read-only")), RuntimeWarning, stacklevel=5)
        try:
            conn = sqlite3.connect(
                _read_only_uri(self.path), uri=True, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as e:
            raise _translate(self.path, e, "opening read-only") from None
        return conn

    def _newer_error(self, what: str) -> NewerSchema:
        return NewerSchema(
            self.path,
            f"mjlearn progress: written by a newer mjlearn (schema "
            f"{self.newer_version}, this one knows {SCHEMA_VERSION}); {what}, nothing "
            f"was moved; upgrade mjlearn to record answers",
            "进度数据库由更新版本的 mjlearn 写入，只能只读，请升级 mjlearn",
        )

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
                        new.execute(
                            f"INSERT INTO answers ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                            tuple(row.values()),
                        )
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
        warnings.warn(
            f"mjlearn progress database {str(path)!r} was damaged ({getattr(error, 'reason', error)}); "
            f"{saved} answers were saved into a new database and the damaged file was kept as "
            f"{str(aside)!r}. 进度数据库已损坏：已救回 {saved} 条记录到新数据库，原文件保留在旁边。",
            RuntimeWarning,
            stacklevel=5,
        )
        return self._open()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _run(self, doing: str, fn):
        """``fn()`` with SQLite errors turned into ProgressError, one thread at a time."""
        try:
            with self._lock:
                return fn()
        except sqlite3.Error as e:
            error = _translate(self.path, e, doing)
            if isinstance(error, DatabaseDamaged):
                error = DatabaseDamaged(
                    self.path,
                    f"mjlearn progress: the database was damaged while {doing}; "
                    f"open it again to salvage the readable answers",
                    "进度数据库已损坏，重新打开即可救回可读记录",
                )
            raise error from None

    # -- writing -------------------------------------------------------------------
    def record(
        self,
        question,
        answer,
        grade,
        *,
        quiz: str | None = None,
        hints: int = 0,
        seconds: float | None = None,
        retries: int = 0,
    ) -> int:
        """Store one answer in its own transaction; returns its row id. Committed when this returns.

        ``retries``: how many wrong tries at this same question came before this answer (0: first try)."""
        if self.read_only:
            raise self._newer_error("answers cannot be recorded in it")
        row = (
            time.time(),
            self.user,
            quiz,
            question.kind,
            question.topic,
            question.seed,
            question.difficulty,
            json.dumps(question.to_dict(), ensure_ascii=False),
            json.dumps(_jsonable(answer), ensure_ascii=False),
            int(bool(grade.correct)),
            float(grade.score),
            int(hints),
            seconds,
            int(retries),
        )
        c = self._conn

        def insert():
            c.execute("BEGIN IMMEDIATE")
            try:
                cur = c.execute(
                    "INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer,"
                    " correct, score, hints, seconds, retries) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    row,
                )
                c.execute("COMMIT")
            except BaseException:
                if c.in_transaction:
                    c.execute("ROLLBACK")
                raise
            return cur.lastrowid

        return self._run("recording an answer", insert)

    def keep_hand(self, row: dict) -> int:
        """Keep a finished hand and its costly decisions (:func:`mjlearn.store.hands.hand_row`) in one
        transaction; its id. The same hand kept again is stored once."""
        if self.read_only:
            raise self._newer_error("hands cannot be kept in it")
        return self._run("keeping a hand played", lambda: _hands.sqlite_keep(self._conn, row))

    def table_rows(self, table: str, all_users: bool = False) -> list[dict]:
        """The kept hands (``"table_hands"``) or costly decisions (``"table_mistakes"``) of this learner."""
        return self._run(
            "reading hands played", lambda: _hands.sqlite_read(self._conn, table, None if all_users else self.user)
        )

    def answers_of_kind(self, kind: str, topic: str) -> list[dict]:
        """This learner's answers to questions of ``kind`` (on ``topic``), in order."""
        return self._run("reading answers", lambda: _hands.sqlite_answers(self._conn, self.user, kind, topic))

    # -- reading -------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        """The folder of the file (what the quiz keeps beside the answers goes there)."""
        return self.path.parent

    def stream(self, fn):
        """``fn(connection)`` with this file's SQLite connection, one thread at a time, SQLite's errors
        turned into ProgressError (the caller reads the answers with its own SQL)."""
        return self._run("reading answers", lambda: fn(self._conn))

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

    def _questions(self, ids: list) -> dict:
        """The question texts of the rows ``ids`` (those that decode)."""

        def read():
            out = {}
            for i in range(0, len(ids), 500):
                chunk = ids[i : i + 500]
                for rid, q in self._conn.execute(
                    f"SELECT id, CAST(question AS BLOB) FROM answers WHERE id IN ({', '.join('?' * len(chunk))})", chunk
                ):
                    try:
                        out[rid] = bytes(q).decode("utf-8")
                    except (TypeError, UnicodeDecodeError):
                        pass
            return out

        return self._run("reading answers", read)


def _remove_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
