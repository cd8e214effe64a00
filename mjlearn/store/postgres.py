"""The answers in a class database (PostgreSQL), behind the same interface as the SQLite file.

:func:`mjlearn.store.open_store` returns a :class:`PostgresStore` when ``$MJLEARN_DB`` (or the URL
given) names PostgreSQL (``postgresql+psycopg://ann@db.example.org/mjlearn``). It speaks SQLAlchemy
Core over psycopg 3:

- each answer is one INSERT in its own transaction; ``record`` returns once it is committed;
- every answer carries a ``uid`` (unique in the table), so an answer sent twice (resent after a lost
  connection whose commit did in fact land) is stored once;
- when the server cannot be reached, the answer goes to a spool on this computer (a small SQLite file
  beside the self-study database) and :class:`~mjlearn.errors.ClassDatabaseUnreachable` says so; the
  spool is sent first by the next call that reaches the server;
- the schema is brought to the newest Alembic revision on opening when the login may (the teacher's
  role owns the tables; learners cannot alter them: see ``mjlearn.db.upgrade``);
- a learner's role reads and adds only its own rows (row-level security, revision 0004).

The quiz reads the rows (:class:`mjlearn.quiz.progress.ProgressStore` wraps this store with the
progress view, mastery and the review queue; :class:`mjlearn.db.store.ClassStore` is that for a class).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import threading
import time
import uuid
import warnings
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql as pg
from sqlalchemy.pool import NullPool

from ..errors import Busy, ClassDatabaseUnreachable, DiskFull, NewerSchema, NotWritable, ProgressError, StorageIOError
from ..jsontext import jsonable as _jsonable
from . import migrations
from .base import Store
from .files import BUSY_TIMEOUT_S, data_dir
from .files import db_url as _db_url
from .files import default_user as _default_user
from .files import os_error as _os_error
from .files import translate as _translate
from .postgres_hands import PostgresHands
from .roles import role_name
from .salvage import EXPORT_FIELDS
from .schema import SCHEMA_VERSION

__all__ = ["ANSWERS", "SPOOL_NAME", "PostgresStore", "TooManyConnections", "upgrade_on"]

SPOOL_NAME = "class-spool.db"
"""The spool of answers not yet sent to the class database, in the data folder."""

_meta = sa.MetaData()
ANSWERS = sa.Table(
    "answers",
    _meta,
    sa.Column("id", sa.BigInteger, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("user", sa.Text, nullable=False),
    sa.Column("quiz", sa.Text),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("topic", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger),
    sa.Column("difficulty", sa.Integer, nullable=False),
    sa.Column("question", sa.Text, nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("correct", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("hints", sa.Integer, nullable=False),
    sa.Column("seconds", sa.Float),
    sa.Column("retries", sa.Integer, nullable=False),
    sa.Column("uid", sa.Text),
)

_UNREACHABLE_STATES = {"57P01", "57P02", "57P03", "53300"}  # shut down, crashed, starting, too many connections
_BUSY_STATES = {"40001", "40P01", "55P03", "57014"}  # serialization, deadlock, lock not available, timeout


def _one_at_a_time(method):
    """``method`` run under the store's lock: a store (a learner's kernel) opens one connection at a time,
    even when a widget's click comes on another thread than the cell's."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)

    return run


class TooManyConnections(ClassDatabaseUnreachable):
    """The server refused a new connection for now: the learner's login holds as many as it may
    (``own``: its CONNECTION LIMIT) or the server has none left (its max_connections)."""

    def __init__(self, own: bool, path, en: str, zh: str):
        super().__init__(path, en, zh)
        self.own = own


def _where(url: sa.URL) -> str:
    """``host:port/database`` of a URL (never its password)."""
    host = url.host or url.query.get("host") or "localhost"
    return f"{host}:{url.port or 5432}/{url.database or ''}"


def _too_many(where: str, login: str, doing: str, kept: bool, own: bool) -> TooManyConnections:
    """The server refused ``login`` a new connection: its own limit (``own``, CONNECTION LIMIT: other
    kernels or terminals of this learner hold them) or the whole server's (max_connections)."""
    then = (
        "your answer is kept on this computer and will be sent with your next one" if kept else "try again in a moment"
    )
    if own:
        return TooManyConnections(
            True,
            where,
            f"mjlearn progress: your login {login!r} already has as many connections "
            f"to the class database as it may (other notebooks or terminals of yours hold them) while "
            f"{doing}; {then}; shut down the kernels you are not using (Kernel > Shut Down Kernel)",
            "你的账号同时连接班级数据库的数量已达上限（其他笔记本或终端占用着连接）；"
            + ("你的回答已保存在本机，下次回答时会一并发送；" if kept else "请稍后再试；")
            + "请关闭不用的内核（Kernel > Shut Down Kernel）",
        )
    return TooManyConnections(
        False,
        where,
        f"mjlearn progress: the class database server has no connection left for anyone "
        f"(its max_connections) while {doing}; {then}; tell your teacher: the server needs a higher "
        f"max_connections for this class",
        "班级数据库服务器的连接已用尽（max_connections）；"
        + ("你的回答已保存在本机，下次回答时会一并发送；" if kept else "请稍后再试；")
        + "请告诉老师调高服务器的 max_connections",
    )


class PostgresStore(Store, PostgresHands):
    """The answers of one learner in a class database (PostgreSQL). Same methods as the SQLite store
    (:class:`~mjlearn.store.sqlite.SQLiteStore`); ``path`` is ``host:port/database``; ``spool_path`` the
    local file of answers not yet sent."""

    def __init__(self, url: str | None = None, user: str | None = None, timeout: float = BUSY_TIMEOUT_S):
        raw = url or _db_url()
        if raw is None:
            raise ValueError("a class database needs a URL (MJLEARN_DB)")
        self.url = sa.make_url(raw)
        # who the answers are recorded as: the name given (--user, the hub's user, MJLEARN_USER), else the
        # database login itself (row-level security lets a learner add answers only under their login)
        self._user_given = bool(user or os.environ.get("JUPYTERHUB_USER") or os.environ.get("MJLEARN_USER"))
        self.user = user or (
            _default_user() if self._user_given else self.url.username or os.environ.get("PGUSER") or _default_user()
        )
        if self._user_given:  # a hub name: the answers are its login's (a long e-mail's is shorter)
            self.user = role_name(self.user)
        self.login = self.url.username
        self.timeout = float(timeout)
        self.path = Path(_where(self.url))
        self.where = _where(self.url)
        self.spool_path = data_dir() / SPOOL_NAME
        self._target = self.url.render_as_string(hide_password=True)
        self._spool: sqlite3.Connection | None = None
        # the spool's connection serves whichever thread calls (a widget's clicks may come on another
        # thread than the cell that made the store, under ipykernel 7): one use at a time
        self._lock = threading.RLock()
        try:
            # no connection kept between uses (SQLAlchemy's NullPool): a learner's kernel holds one only
            # while it records or reads, none while it waits for the next answer, so a class of 300 idle
            # kernels holds none of the server's connections (connecting again costs a few milliseconds)
            self.engine = sa.create_engine(
                self.url,
                poolclass=NullPool,
                connect_args={"connect_timeout": max(1, int(min(self.timeout, 10))), "application_name": "mjlearn"},
            )
        except ImportError as e:
            raise ProgressError(
                self.where,
                f"mjlearn progress: a class database needs the PostgreSQL driver "
                f'({e.name} is not installed): pip install "mjlearn[class]"',
                "连接班级数据库需要安装 PostgreSQL 驱动",
            ) from None
        self._ready = False
        try:
            self._prepare_db()
            if not self.read_only:
                self.flush()  # answers kept while the server was away, from an earlier session
        except ClassDatabaseUnreachable:
            pass  # answers go to the spool meanwhile; opened again by the next call

    # -- errors ------------------------------------------------------------------------
    def _unreachable(self, doing: str, kept: bool) -> ClassDatabaseUnreachable:
        host = f"{self.url.host or 'localhost'}:{self.url.port or 5432}"
        if kept:
            return ClassDatabaseUnreachable(
                self.where,
                f"mjlearn progress: the class database is not reachable ({host}) while {doing}; "
                f"your answer is kept on this computer and will be sent when it is back",
                "无法连接班级数据库；你的回答已保存在本机，连接恢复后会自动发送",
            )
        return ClassDatabaseUnreachable(
            self.where,
            f"mjlearn progress: the class database is not reachable ({host}) while {doing}; "
            f"try again when it is back (answers given meanwhile are kept on this computer)",
            "无法连接班级数据库，请稍后再试（其间的回答会保存在本机）",
        )

    def _away(self, e: ClassDatabaseUnreachable, doing: str, kept: bool) -> ClassDatabaseUnreachable:
        """``e`` said again for what the caller was ``doing`` (its reason kept: away, or crowded)."""
        if isinstance(e, TooManyConnections):
            return _too_many(self.where, self.login or self.user, doing, kept, e.own)
        return self._unreachable(doing, kept)

    def _translate(self, e: sa.exc.DBAPIError, doing: str, kept: bool = False) -> ProgressError:
        orig = getattr(e, "orig", None)
        state = getattr(orig, "sqlstate", None) or ""
        text = " ".join(str(orig or e).split())[:160]
        if "too many connections for role" in text:
            return _too_many(self.where, self.login or self.user, doing, kept, own=True)
        if state == "53300" or "too many clients already" in text or "connection slots are reserved" in text:
            return _too_many(self.where, self.login or self.user, doing, kept, own=False)
        if "no password supplied" in text:
            return NotWritable(
                self.where,
                f"mjlearn progress: the class database asks for a password and none was "
                f"given while {doing}: set PGPASSWORD, or keep it in ~/.pgpass "
                f"(mjlearn class login NAME --pgpass)",
                "班级数据库需要密码，但没有提供：请设置 PGPASSWORD 或写入 ~/.pgpass",
            )
        if (
            e.connection_invalidated
            or state.startswith("08")
            or state in _UNREACHABLE_STATES
            or (
                isinstance(e, sa.exc.OperationalError)
                and not state
                and "authentication" not in text
                and "does not exist" not in text
            )
        ):
            return self._unreachable(doing, kept)
        if state == "42501" or "row-level security" in text:
            return NotWritable(
                self.where,
                f"mjlearn progress: the class database refused ({text}) while {doing}; "
                f"a learner may read and add only their own answers, as the login "
                f"they were given",
                "班级数据库拒绝了此操作：学员只能读写自己的回答",
            )
        if state.startswith("28") or "authentication" in text or ("role" in text and "does not exist" in text):
            return NotWritable(
                self.where,
                f"mjlearn progress: the class database did not accept the login "
                f"({text}); ask the teacher for your login",
                "班级数据库拒绝登录，请向老师索取账号",
            )
        if state == "53100":
            return DiskFull(
                self.where,
                f"mjlearn progress: the class database server's disk is full ({text}) while {doing}",
                "班级数据库服务器磁盘已满",
            )
        if state in _BUSY_STATES:
            return Busy(
                self.where,
                f"mjlearn progress: the class database was busy ({text}) while {doing}; try again",
                "班级数据库繁忙，请重试",
            )
        return StorageIOError(
            self.where,
            f"mjlearn progress: the class database reported an error ({text}) while {doing}",
            "班级数据库出错",
        )

    def _newer_error(self, what: str) -> NewerSchema:
        return NewerSchema(
            self.where,
            f"mjlearn progress: the class database was set up by a newer mjlearn "
            f"(revision {self.newer_version}, this one knows up to "
            f"{migrations.REVISIONS[-1]}); {what}; upgrade mjlearn to record answers",
            "班级数据库由更新版本的 mjlearn 建立，只能只读，请升级 mjlearn",
        )

    # -- opening -----------------------------------------------------------------------
    @_one_at_a_time
    def _prepare_db(self, doing: str = "opening", kept: bool = False) -> None:
        """Check the schema revision; bring it forward if behind (under an advisory lock, so two
        first-openers do not both migrate); ``doing`` and ``kept`` go into an error's words."""
        try:
            with self.engine.begin() as c:
                rev = migrations.current(c)
                if rev == migrations.REVISIONS[-1]:
                    pass
                elif rev is not None and rev not in migrations.REVISIONS:
                    self.read_only = True
                    self.newer_version = rev
                    warnings.warn(str(self._newer_error("opened read-only")), RuntimeWarning, stacklevel=4)
                else:
                    upgrade_on(c)
                self._check_user(c)
            self._ready = True
        except sa.exc.DBAPIError as e:
            error = self._translate(e, doing, kept)
            if getattr(getattr(e, "orig", None), "sqlstate", None) == "42501":  # may not create or alter tables
                raise NotWritable(
                    self.where,
                    f"mjlearn progress: the class database is not set up for this "
                    f"mjlearn (schema {SCHEMA_VERSION}) and this login may not set it up; "
                    f"the teacher runs mjlearn.db.upgrade",
                    "班级数据库尚未设置，请老师先设置",
                ) from None
            raise error from None

    def _check_user(self, c: sa.Connection) -> None:
        """Record under the login when no name was given; refuse at once (not at the first answer, which
        would be lost) a learner's login answering under another name."""
        login, learner = c.exec_driver_sql(
            "SELECT current_user, EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "JOIN pg_roles u ON u.oid = m.member WHERE g.rolname = 'mjlearn_learner' AND u.rolname = current_user)"
        ).one()
        self.login = login
        if not self._user_given:
            self.user = login
        elif learner and self.user != login:
            raise NotWritable(
                self.where,
                f"mjlearn progress: you are logged in to the class database as {login!r} "
                f"but answering as {self.user!r} (--user, MJLEARN_USER or JUPYTERHUB_USER); "
                f"a learner's answers are recorded under their own login: leave the name "
                f"out, or set it to {login!r}",
                f"你登录班级数据库用的是 {login}，回答却记在 {self.user} 名下；请去掉这个名字或改成 {login}",
            )

    def _ensure_ready(self, doing: str, kept: bool = False) -> None:
        if not self._ready:
            self._prepare_db(doing, kept)

    # -- the spool ---------------------------------------------------------------------
    def _spool_conn(self) -> sqlite3.Connection:
        if self._spool is None:
            try:
                self.spool_path.parent.mkdir(parents=True, exist_ok=True)
                # local and short writes: wait for another kernel's lock as long as the SQLite store does
                conn = sqlite3.connect(
                    self.spool_path,
                    timeout=max(self.timeout, BUSY_TIMEOUT_S),
                    isolation_level=None,
                    check_same_thread=False,
                )
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = FULL")
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS spool (uid TEXT PRIMARY KEY, target TEXT NOT NULL, row TEXT NOT NULL)"
                )
            except sqlite3.Error as e:
                raise _translate(self.spool_path, e, "keeping an answer for the class database") from None
            except OSError as e:
                raise _os_error(self.spool_path, e, "keeping an answer for the class database") from None
            self._spool = conn
        return self._spool

    def _keep(self, row: dict) -> None:
        try:
            with self._lock:
                self._spool_conn().execute(
                    "INSERT OR IGNORE INTO spool VALUES (?, ?, ?)",
                    (row["uid"], self._target, json.dumps(row, ensure_ascii=False)),
                )
        except sqlite3.Error as e:
            raise _translate(self.spool_path, e, "keeping an answer for the class database") from None

    def spooled(self) -> list[dict]:
        """The answers kept on this computer, not yet sent to the class database."""
        with self._lock:
            if self._spool is None and not self.spool_path.exists():
                return []
            return [
                json.loads(r[0])
                for r in self._spool_conn().execute(
                    "SELECT row FROM spool WHERE target = ? ORDER BY rowid", (self._target,)
                )
            ]

    def _send(self, c: sa.Connection, row: dict) -> int:
        if row.get("_into") == "table_hands":  # a hand played, spooled like an answer
            return self._send_hand(c, row)
        stmt = pg.insert(ANSWERS).values(**row).on_conflict_do_nothing(index_elements=["uid"]).returning(ANSWERS.c.id)
        rid = c.execute(stmt).scalar()
        if rid is None:  # sent before: the commit landed though its acknowledgement was lost
            rid = c.execute(sa.select(ANSWERS.c.id).where(ANSWERS.c.uid == row["uid"])).scalar_one()
        return int(rid)

    @_one_at_a_time
    def flush(self) -> int:
        """Send the spooled answers (each in its own transaction, oldest first); returns how many were
        sent. Raises ClassDatabaseUnreachable if the server is still away."""
        pending = self.spooled()
        if not pending:
            return 0
        self._ensure_ready("sending kept answers")
        sent = 0
        for row in pending:
            try:
                with self.engine.begin() as c:
                    self._send(c, row)
            except sa.exc.DBAPIError as e:
                raise self._translate(e, "sending kept answers") from None
            with self._lock:
                self._spool_conn().execute("DELETE FROM spool WHERE uid = ?", (row["uid"],))
            sent += 1
        return sent

    # -- writing -----------------------------------------------------------------------
    @_one_at_a_time
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
        """Store one answer; returns its row id once committed. If the class database cannot be reached,
        the answer is kept on this computer and ClassDatabaseUnreachable is raised; it is sent (once,
        even if this call is repeated with the same answer) by the next call that reaches the server."""
        if self.read_only:
            raise self._newer_error("answers cannot be recorded in it")
        row = {
            "at": time.time(),
            "user": self.user,
            "quiz": quiz,
            "kind": question.kind,
            "topic": question.topic,
            "seed": question.seed,
            "difficulty": question.difficulty,
            "question": json.dumps(question.to_dict(), ensure_ascii=False),
            "answer": json.dumps(_jsonable(answer), ensure_ascii=False),
            "correct": int(bool(grade.correct)),
            "score": float(grade.score),
            "hints": int(hints),
            "seconds": seconds,
            "retries": int(retries),
        }
        row["uid"] = _uid(row)
        return self._deliver(row, "recording an answer")

    def _deliver(self, row: dict, doing: str) -> int:
        """Send ``row`` (an answer, or a hand played) once committed; while the server is away it is kept
        in the spool and ClassDatabaseUnreachable says so (``doing``: what for, in its words)."""
        try:
            self.flush()
            self._ensure_ready(doing, kept=True)
            with self.engine.begin() as c:
                return self._send(c, row)
        except ClassDatabaseUnreachable as e:
            self._keep(row)
            raise self._away(e, doing, kept=True) from None
        except sa.exc.DBAPIError as e:
            error = self._translate(e, doing, kept=True)
            if isinstance(error, ClassDatabaseUnreachable):
                self._keep(row)
            raise error from None

    # -- reading -----------------------------------------------------------------------
    @_one_at_a_time
    def rows(self, all_users: bool = False) -> list[dict]:
        """This learner's answers in order (``all_users``: every row this login may read: a teacher's
        class, a learner's own)."""
        try:
            self.flush()
        except ClassDatabaseUnreachable as e:
            raise self._away(e, "reading answers", kept=False) from None
        self._ensure_ready("reading answers")
        cols = [ANSWERS.c[f] for f in EXPORT_FIELDS]
        q = sa.select(*cols).order_by(ANSWERS.c.id)
        if not all_users:
            q = q.where(ANSWERS.c.user == self.user)
        try:
            with self.engine.connect() as c:
                return [dict(r._mapping) for r in c.execute(q)]
        except sa.exc.DBAPIError as e:
            raise self._translate(e, "reading answers") from None

    @property
    def folder(self) -> Path:
        """The folder on this computer kept beside the answers (the spool's: the data folder)."""
        return self.spool_path.parent

    @_one_at_a_time
    def stream(self, fn):
        """``fn(rows)`` over this learner's answers (mappings of the export's fields, in order), streamed
        from the server; the caller checks each row (a damaged row is its to skip)."""
        try:
            self.flush()
        except ClassDatabaseUnreachable as e:
            raise self._away(e, "reading answers", kept=False) from None
        self._ensure_ready("reading answers")
        q = sa.select(*[ANSWERS.c[f] for f in EXPORT_FIELDS]).where(ANSWERS.c.user == self.user).order_by(ANSWERS.c.id)
        try:
            with self.engine.connect() as c:
                result = c.execution_options(stream_results=True, yield_per=2000).execute(q)
                return fn(dict(zip(EXPORT_FIELDS, r)) for r in result)
        except sa.exc.DBAPIError as e:
            raise self._translate(e, "reading answers") from None

    @_one_at_a_time
    def _questions(self, ids: list) -> dict:
        if not ids:
            return {}
        try:
            with self.engine.connect() as c:
                return dict(c.execute(sa.select(ANSWERS.c.id, ANSWERS.c.question).where(ANSWERS.c.id.in_(ids))).all())
        except sa.exc.DBAPIError as e:
            raise self._translate(e, "reading answers") from None

    def _columns(self) -> list[str]:
        return list(EXPORT_FIELDS)

    def close(self) -> None:
        self.engine.dispose()
        with self._lock:
            if self._spool is not None:
                self._spool.close()
                self._spool = None


def _uid(row: dict) -> str:
    """A key naming one answer: the same answer recorded again (a client retrying after an error, with
    the same time taken) gets the same key; an answer without a time taken gets a random one."""
    if row["seconds"] is None:
        return uuid.uuid4().hex
    key = [row[k] for k in ("user", "quiz", "kind", "question", "answer", "hints", "seconds", "retries")]
    return hashlib.sha256(json.dumps(key, ensure_ascii=False).encode()).hexdigest()


MIGRATION_LOCK = 0x6D6A6C  # "mjl": the advisory lock key of schema upgrades


def upgrade_on(c: sa.Connection) -> None:
    """Bring the class database on ``c`` (in a transaction) to the newest revision, under an advisory
    lock (a second upgrader waits, then finds nothing to do)."""
    c.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
    if migrations.current(c) != migrations.REVISIONS[-1]:
        migrations.upgrade(c)
