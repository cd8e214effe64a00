"""Classes and assignments, on the SQLite file (a teacher's single-machine class) or a class database
(PostgreSQL), through SQLAlchemy Core.

::

    from mjlearn.db.classes import Classroom
    with Classroom() as room:                     # MJLEARN_DB, or the SQLite file as for self-study
        code = room.create("spring")              # the class code learners may join with
        room.add("spring", ["ann", "bob"])
        room.assign("spring", "week1_tiles_and_waits.json", due="2026-03-01")
        room.report("spring")                     # only the class's teachers

An answer belongs to an assignment when it is recorded with ``quiz="assignment:ID"`` (what
``mjlearn quiz --assignment ID`` and :meth:`Classroom.widget` do), so the answers table needs no
new column and every earlier reader of it keeps working.

On PostgreSQL the tables belong to the owner's login (see :mod:`mjlearn.db`): creating classes,
adding learners and assigning need that login (``MJLEARN_DB`` as the owner); a learner joins with a
class code through a function the owner's schema provides (revision 0005); the report is read with a
teacher's own login, and row-level security gives it only the answers of the classes that teacher
teaches.
"""

from __future__ import annotations

import math
import os
import sqlite3
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import NotWritable, _two_lines
from ..quiz.progress import EXPORT_FIELDS, ProgressStore
from ..store.files import sqlite_path_of
from ..store.files import translate as _translate
from . import GROUPS, ClassError, check_manager, code_key, ensure_logins, new_code, role_name
from .assignments import _set_size, assignment_tag, parse_due, resolve_quiz_set
from .assignments import due_text as due_text
from .class_report import report_json as report_json
from .class_report import report_text as report_text
from .class_report import tally
from .secret import SecretError, role_password, secret_from_env

try:  # a class database needs SQLAlchemy; a class in the SQLite file does not (the browser build has none)
    import sqlalchemy as sa
except ImportError:  # pragma: no cover - only in the browser build
    sa = None  # type: ignore[assignment]  # the browser build has no SQLAlchemy

_DB_ERRORS: tuple = (sqlite3.Error,) + ((sa.exc.DBAPIError,) if sa is not None else ())

__all__ = ["ClassError", "Classroom", "assignment_tag", "parse_due", "resolve_quiz_set", "sample_class"]


class _Result:
    """Rows of one statement, read the same way on either backend."""

    def __init__(self, rows):
        self._rows = [tuple(r) for r in rows]

    def __iter__(self):
        return iter(self._rows)

    def all(self):
        return list(self._rows)

    def first(self):
        return self._rows[0] if self._rows else None

    def scalar(self):
        return self._rows[0][0] if self._rows else None

    def scalar_one(self):
        if len(self._rows) != 1:
            raise LookupError(f"expected one row, got {len(self._rows)}")
        return self._rows[0][0]

    def scalars(self):
        return [r[0] for r in self._rows]


class _Conn:
    """One connection: ``execute(sql, params)`` with ``:name`` parameters on either backend."""

    def __init__(self, raw, pg: bool):
        self.raw, self.pg = raw, pg

    def execute(self, sql: str, params: dict | None = None) -> _Result:
        if self.pg:
            result = self.raw.execute(sa.text(sql), params or {})
            return _Result(result.all() if result.returns_rows else [])
        return _Result(self.raw.execute(sql, params or {}).fetchall())


class _Database:
    """``begin()`` (a transaction) and ``connect()`` on the class database (SQLAlchemy) or on the SQLite
    file (the standard library's sqlite3: no SQLAlchemy needed)."""

    def __init__(self, engine=None, path=None, timeout: float = 30.0):
        self.engine, self.path, self.timeout = engine, path, timeout
        self._sqlite: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    def _file(self) -> sqlite3.Connection:
        if self._sqlite is None:
            # check_same_thread off: a widget's clicks may come on another thread than the cell that
            # made this (ipykernel 7); begin() and connect() take self._lock around each use
            self._sqlite = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
        return self._sqlite

    @contextmanager
    def begin(self):
        if self.engine is not None:
            with self.engine.begin() as c:
                yield _Conn(c, True)
            return
        with self._lock:
            c = self._file()
            c.execute("BEGIN IMMEDIATE")
            try:
                yield _Conn(c, False)
                c.execute("COMMIT")
            except BaseException:
                if c.in_transaction:
                    c.execute("ROLLBACK")
                raise

    @contextmanager
    def connect(self):
        if self.engine is not None:
            with self.engine.connect() as c:
                yield _Conn(c, True)
            return
        with self._lock:
            yield _Conn(self._file(), False)

    def close(self) -> None:
        with self._lock:
            if self._sqlite is not None:
                self._sqlite.close()
                self._sqlite = None


class Classroom:
    """Classes, members and assignments in the progress database of ``url`` (default ``$MJLEARN_DB``,
    else the self-study SQLite file; ``path`` names a SQLite file directly). ``user`` is who acts: on
    SQLite the name recorded (default: the learner name, as for answers), on PostgreSQL the login."""

    def __init__(self, url: str | None = None, user: str | None = None, *, path=None):
        if url is not None and sqlite_path_of(url) is None:
            from .store import ClassStore

            self.store: Any = ClassStore(user=user, url=url)  # or the SQLite ProgressStore below
        else:
            # opening the store brings the schema to the newest revision
            self.store = ProgressStore(sqlite_path_of(url) if url is not None else path, user=user)
        if hasattr(self.store, "engine"):
            self.backend = "postgresql"
            self.engine = self.store.engine
            self.url = self.store.url.render_as_string(hide_password=False)
            self.db = _Database(engine=self.engine)
            try:
                with self.engine.connect() as c:
                    self.login = c.exec_driver_sql("SELECT current_user").scalar()
            except sa.exc.DBAPIError as e:  # away, or the login refused: one line, as the store says it
                self.store.close()
                raise self.store._translate(e, "opening the class database") from None
            if user is None:  # the answers are the login's (row-level security checks it)
                self.store.user = self.login
        else:
            self.backend = "sqlite"
            self.url = f"sqlite:///{self.store.path}"
            self.db = _Database(path=self.store.path, timeout=self.store.timeout)
            self.login = self.store.user
        self.user = self.store.user

    def close(self) -> None:
        self.db.close()
        self.store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- errors --------------------------------------------------------------------------
    def _refused(self, e, doing: str):
        if self.backend == "postgresql":
            return self.store._translate(e, doing)
        return _translate(self.store.path, e, doing)

    def _class_id(self, c, name: str) -> int:
        cid = c.execute("SELECT id FROM classes WHERE name = :n", {"n": name}).scalar()
        if cid is None:
            raise ClassError(
                f"no class named {name!r} (or it is not one of yours)  （没有名为 {name!r} 的班级，或者它不是你的班级）"
            )
        return int(cid)

    # -- the teacher's side --------------------------------------------------------------
    def create(self, name: str, *, code: str | None = None, teachers=None) -> str:
        """Create class ``name``; returns its code (:func:`mjlearn.db.new_code`, 80 random bits, when not
        given; on a class database always). ``teachers`` defaults to the one creating it on the SQLite
        file; on a class database they must be named (the owner's login is never made a teacher)."""
        pg = self.backend == "postgresql"
        if not isinstance(name, str) or not name.strip():
            raise ClassError(f"a class needs a name, got {name!r}  （班级需要一个名字）")
        if pg and code is not None:
            raise ClassError(
                "on a class database mjlearn makes up the code (80 random bits, which no one can "
                "guess): leave --code out  （班级数据库的班级代码由 mjlearn 随机生成，无法猜中；请不要指定 --code）"
            )
        if pg and teachers is None:
            raise ClassError(
                f"name the class's teachers: mjlearn class create {name} --teacher NAME (the owner's "
                f"login is never made a teacher)  （请指定老师：mjlearn class create {name} --teacher 老师名；"
                f"所有者账号不会成为老师）"
            )
        code = code or new_code()
        names = self._names([self.login] if teachers is None else teachers)
        try:
            with self.db.begin() as c:
                if pg:
                    check_manager(c.raw)
                if c.execute("SELECT 1 FROM classes WHERE name = :n", {"n": name}).scalar():
                    raise ClassError(f"a class named {name!r} exists already  （班级 {name!r} 已存在）")
                c.execute(
                    "INSERT INTO classes (name, code, created) VALUES (:n, :c, :t)",
                    {"n": name, "c": code, "t": time.time()},
                )
                self._enrol(c, name, names, "teacher")
        except _DB_ERRORS as e:
            raise self._refused(e, "creating a class") from None
        return code

    def _names(self, users) -> list[str]:
        """The names as a class keeps them: on a class database each one's login (:func:`role_name`:
        a name PostgreSQL cannot take as it is gets a readable prefix and a hash), on the SQLite file
        as given. An empty name or one that is not text is refused."""
        users = [users] if isinstance(users, str) else list(users)
        roles = [role_name(u) for u in users]  # refuses "" and names that are not text, on both backends
        return roles if self.backend == "postgresql" else users

    def _enrol(self, c, name: str, names: list[str], role: str) -> None:
        """Add ``names`` to class ``name`` as ``role`` in the transaction ``c``: every check first, so a
        refusal changes nothing. On a class database each gets a login (created, or one mjlearn made
        before; with the hub's secret set, ``MJLEARN_DB_SECRET_FILE`` or ``MJLEARN_DB_SECRET``, its password is the one
        derived from it; a weak secret is refused and nothing is added)."""
        cid = self._class_id(c, name)
        other = "learner" if role == "teacher" else "teacher"
        for u in names:
            if c.execute(
                "SELECT 1 FROM class_members WHERE class_id = :c AND username = :u AND role = :r",
                {"c": cid, "u": u, "r": other},
            ).scalar():
                zh = {"teacher": "老师", "learner": "学员"}
                raise ClassError(
                    f"{u!r} is a {other} of {name!r}, and cannot also be a {role} of it  "
                    f"（{u!r} 已是班级 {name!r} 的{zh[other]}，不能同时是{zh[role]}）"
                )
        if self.backend == "postgresql":
            password_of = None
            if os.environ.get("MJLEARN_DB_SECRET") or os.environ.get("MJLEARN_DB_SECRET_FILE"):
                try:  # the hub's secret, from its file or the variable: each login's password derives from it
                    secret = secret_from_env()
                except SecretError as e:  # a weak or unreadable secret: refused before any login is made
                    raise ClassError(str(e)) from None
                password_of = lambda login: role_password(login, secret)
            ensure_logins(c.raw, names, GROUPS[role], password_of)
        for u in dict.fromkeys(names):
            if not c.execute(
                "SELECT 1 FROM class_members WHERE class_id = :c AND username = :u AND role = :r",
                {"c": cid, "u": u, "r": role},
            ).scalar():
                c.execute(
                    "INSERT INTO class_members (class_id, username, role) VALUES (:c, :u, :r)",
                    {"c": cid, "u": u, "r": role},
                )

    def add(self, name: str, users, role: str = "learner") -> dict:
        """Add learners (or, ``role="teacher"``, teachers) to class ``name`` (again: they are not added
        twice); returns each name's login (on a class database, :func:`role_name` of it). On PostgreSQL
        each gets a login role (only ever one mjlearn made: the owner, ``postgres`` or a role of another
        program is refused); with ``MJLEARN_DB_SECRET`` set, its password is the one derived from the
        secret (adding again sets that same password); without it, the password is left as it is.
        Either everyone is added or, refused, no one and nothing changes."""
        if role not in ("learner", "teacher"):
            raise ClassError(
                f"role must be learner or teacher, got {role!r}  "
                f"（角色只能是 learner（学员）或 teacher（老师），收到的是 {role!r}）"
            )
        users = [users] if isinstance(users, str) else list(users)
        names = self._names(users)
        try:
            with self.db.begin() as c:
                if self.backend == "postgresql":
                    check_manager(c.raw)
                self._enrol(c, name, names, role)
        except _DB_ERRORS as e:
            raise self._refused(e, "adding to a class") from None
        return dict(zip(users, names))

    def assign(self, name: str, quiz_set: str, due=None) -> int:
        """Assign a quiz set (a shipped set's name or a file every learner can read) with a due date;
        returns the assignment's id."""
        from ..quiz.core import QuizError
        from ..quiz.quizset import load_quiz_set

        try:
            load_quiz_set(resolve_quiz_set(quiz_set))
        except QuizError as e:
            en, *zh = _two_lines(str(e))
            raise ClassError(
                f"the quiz set cannot be read: {en}  （无法读取题集 {quiz_set!r}{'：' + zh[0] if zh else ''}）"
            ) from None
        when = parse_due(due)
        try:
            with self.db.begin() as c:
                if self.backend == "postgresql":
                    check_manager(c.raw)
                cid = self._class_id(c, name)
                return int(
                    c.execute(
                        "INSERT INTO assignments (class_id, quiz_set, due, created) "
                        "VALUES (:c, :q, :d, :t) RETURNING id",
                        {"c": cid, "q": quiz_set, "d": when, "t": time.time()},
                    ).scalar_one()
                )
        except _DB_ERRORS as e:
            raise self._refused(e, "assigning a quiz set") from None

    def classes(self) -> list[dict]:
        """The classes this login may see, with their codes and their members' counts."""
        with self.db.connect() as c:
            out = []
            for cid, name, code in c.execute("SELECT id, name, code FROM classes ORDER BY name"):
                roles = Counter(
                    r for (r,) in c.execute("SELECT role FROM class_members WHERE class_id = :c", {"c": cid})
                )
                out.append({"name": name, "code": code, "learners": roles["learner"], "teachers": roles["teacher"]})
            return out

    def teaches(self, name: str) -> bool:
        with self.db.connect() as c:
            cid = self._class_id(c, name)
            return bool(
                c.execute(
                    "SELECT 1 FROM class_members WHERE class_id = :c AND username = :u AND role = 'teacher'",
                    {"c": cid, "u": self.login},
                ).scalar()
            )

    # -- the learner's side --------------------------------------------------------------
    def join(self, code: str) -> str:
        """Join the class whose code is ``code`` as a learner; returns the class's name. Codes compare by
        their letters and digits in capitals (:func:`mjlearn.db.code_key`). On a class database the
        database itself limits the tries: a quarter second each, and no more than 10 wrong codes an
        hour per login (revision 0006)."""
        if not isinstance(code, str):
            raise ClassError(f"a class code is text, got {code!r}  （班级代码应是文字）")
        key, wait = code_key(code), 0.0
        try:
            with self.db.begin() as c:
                if self.backend == "postgresql":
                    name = c.execute("SELECT mjlearn_join(:code)", {"code": code}).scalar()
                    if name is None:
                        wait = float(c.execute("SELECT mjlearn_join_wait()").scalar() or 0)
                else:
                    name = cid = None
                    for i, n, kept in c.execute("SELECT id, name, code FROM classes WHERE code IS NOT NULL").all():
                        if key and code_key(kept) == key:
                            cid, name = i, n
                            break
                    if (
                        cid is not None
                        and not c.execute(
                            "SELECT 1 FROM class_members WHERE class_id = :c AND username = :u AND role = 'learner'",
                            {"c": cid, "u": self.login},
                        ).scalar()
                    ):
                        c.execute(
                            "INSERT INTO class_members (class_id, username, role) VALUES (:c, :u, 'learner')",
                            {"c": cid, "u": self.login},
                        )
        except _DB_ERRORS as e:
            if getattr(getattr(e, "orig", None), "sqlstate", None) == "42501":
                raise ClassError(
                    f"only a learner's login joins a class with a code (you are logged in as "
                    f"{self.login!r})  （只有学员账号能用班级代码加入班级，你现在登录的是 {self.login!r}）"
                ) from None
            raise self._refused(e, "joining a class") from None
        shown = code.strip()[:40]
        if name is None and wait > 0:
            minutes = max(1, math.ceil(wait / 60))
            raise ClassError(
                f"too many wrong class codes: try again in {minutes} min, or ask your teacher to add "
                f"you to the class  （班级代码输错次数过多：请 {minutes} 分钟后再试，或请老师直接把你加入班级）"
            )
        if name is None:
            raise ClassError(
                f"no class has the code {shown!r}; ask your teacher  （没有班级代码是 {shown!r}，请向老师确认）"
            )
        return name

    def assignments(self) -> list[dict]:
        """This learner's assignments (every class they are a learner in), soonest due first: class,
        id, quiz set, due, how many questions it has, how many they answered, and done."""
        with self.db.connect() as c:
            rows = c.execute(
                "SELECT a.id, k.name, a.quiz_set, a.due FROM assignments a JOIN classes k ON k.id = a.class_id "
                "JOIN class_members m ON m.class_id = a.class_id AND m.username = :u AND m.role = 'learner' "
                "ORDER BY a.due IS NULL, a.due, a.id",
                {"u": self.login},
            ).all()
        mine = self.store.rows()
        out = []
        for aid, klass, quiz_set, due in rows:
            answered = {r["question"] for r in mine if r["quiz"] == assignment_tag(aid)}
            size = _set_size(quiz_set)
            out.append(
                {
                    "id": int(aid),
                    "class": klass,
                    "quiz_set": quiz_set,
                    "due": due,
                    "questions": size,
                    "answered": len(answered),
                    "done": bool(answered) and (size is None or len(answered) >= size),
                }
            )
        return out

    def assignments_text(self) -> str:
        items = self.assignments()
        if not items:
            return "No assignments. / 没有作业。"
        now = time.time()
        lines = [f"Assignments of {self.user} / {self.user} 的作业:"]
        for a in items:
            state = (
                "done / 已完成"
                if a["done"]
                else ("overdue / 已过期" if a["due"] is not None and a["due"] < now else "to do / 未完成")
            )
            size = "?" if a["questions"] is None else a["questions"]
            lines.append(
                f"  #{a['id']}  {a['class']}  {a['quiz_set']}  due {due_text(a['due'])}  "
                f"{a['answered']}/{size}  {state}"
            )
        lines.append("Start one with: mjlearn quiz --assignment ID / 开始做：mjlearn quiz --assignment 编号")
        return "\n".join(lines)

    def _assignment(self, assignment_id: int) -> dict:
        for a in self.assignments():
            if a["id"] == int(assignment_id):
                return a
        raise ClassError(f"assignment #{assignment_id} is not one of yours  （你没有这个作业：#{assignment_id}）")

    def quiz_set(self, assignment_id: int):
        """The quiz set of one of this learner's assignments."""
        from ..quiz.quizset import load_quiz_set

        return load_quiz_set(resolve_quiz_set(self._assignment(assignment_id)["quiz_set"]))

    def widget(self, assignment_id: int):
        """The assignment as a quiz in a notebook; the answers are recorded against it."""
        return self.quiz_set(assignment_id).widget(store=self.store, quiz=assignment_tag(assignment_id))

    # -- the report ----------------------------------------------------------------------
    def report(self, name: str) -> dict:
        """Class ``name`` for its teachers: each learner's answered and correct counts (and mastery)
        per topic and per assignment, the assignments, and every readable answer's row (``answers``).

        Nothing a learner recorded is believed (:mod:`mjlearn.db.regrade`): every answer is graded again
        here, an assignment's against the teacher's own copy of its quiz set; ``correct`` counts what
        the engine grades right, ``flagged`` the answers whose record says otherwise (or that answer an
        assignment with a question it does not have), and ``damaged`` lists the rows that cannot be
        read at all (with why), which count nowhere."""
        if not self.teaches(name):
            raise NotWritable(
                Path(self.url.split("@")[-1]),
                f"mjlearn class: only the teachers of {name!r} see its report (you are {self.login!r})",
                "只有本班老师能查看班级报告",
            )
        with self.db.connect() as c:
            cid = self._class_id(c, name)
            code = c.execute("SELECT code FROM classes WHERE id = :c", {"c": cid}).scalar()
            learners = sorted(
                c.execute(
                    "SELECT username FROM class_members WHERE class_id = :c AND role = 'learner'", {"c": cid}
                ).scalars()
            )
            teachers = sorted(
                c.execute(
                    "SELECT username FROM class_members WHERE class_id = :c AND role = 'teacher'", {"c": cid}
                ).scalars()
            )
            assigned = [
                {"id": int(a), "quiz_set": q, "due": d}
                for a, q, d in c.execute(
                    "SELECT id, quiz_set, due FROM assignments WHERE class_id = :c ORDER BY id", {"c": cid}
                )
            ]
            cols = ", ".join(f'"{f}"' for f in EXPORT_FIELDS)
            names = {f"u{i}": u for i, u in enumerate(learners)}
            rows = (
                [
                    dict(zip(EXPORT_FIELDS, r))
                    for r in c.execute(
                        f'SELECT {cols} FROM answers WHERE "user" IN ({", ".join(":" + k for k in names)}) ORDER BY id',
                        names,
                    )
                ]
                if learners
                else []
            )
            hands = (  # the hands played at the table (revision 0008): the learners' personal profiles
                [
                    {"user": u, "summary": t}
                    for u, t in c.execute(
                        f'SELECT "user", summary FROM table_hands WHERE "user" IN ({", ".join(":" + k for k in names)}) ORDER BY id',
                        names,
                    )
                ]
                if learners
                else []
            )
        return tally(name, code, teachers, assigned, learners, rows, hands)


# -- a sample class ------------------------------------------------------------------------------
SAMPLE_LEARNERS = ("ann", "bo", "chen", "dana", "eli", "fang")


def sample_class(path, *, learners=SAMPLE_LEARNERS, teacher: str = "teacher", seed: int = 7) -> str:
    """Build a SAMPLE class in a new SQLite file ``path`` (made-up learners answering the shipped
    quiz sets and some practice; answers graded by the engine); returns the class's name. For trying
    the teacher's dashboard without a class of one's own."""
    import random

    from ..quiz import generate, grade, solve, wrong_answer
    from ..quiz.quizset import load_quiz_set

    path = Path(path)
    name = "sample class / 示例班级"
    with Classroom(path=path, user=teacher) as room:
        room.create(name, code="SAMPLE")
        room.add(name, learners)
        day = 86400
        week1 = room.assign(name, "week1_tiles_and_waits.json", due=(time.time() // day + 7) * day - 1)
        scoring = room.assign(name, "mcr_scoring.json", due=(time.time() // day + 14) * day - 1)
    rng = random.Random(seed)
    sets = {
        week1: load_quiz_set(resolve_quiz_set("week1_tiles_and_waits.json")),
        scoring: load_quiz_set(resolve_quiz_set("mcr_scoring.json")),
    }
    for n, learner in enumerate(learners):
        skill = 0.35 + 0.55 * n / max(1, len(learners) - 1)
        with ProgressStore(path, user=learner) as store:
            for aid, qs in sets.items():
                share = 1.0 if rng.random() < 0.6 + 0.4 * skill else rng.uniform(0.3, 0.8)
                for q in list(qs)[: max(1, round(len(qs) * share))]:
                    right = rng.random() < skill
                    a = solve(q) if right else wrong_answer(q, rng)
                    store.record(q, a, grade(q, a), quiz=assignment_tag(aid), seconds=round(rng.uniform(4, 40), 1))
            for _k in range(6):
                q = generate(rng.choice(["fans", "waits", "claim", "mcr_total"]), seed=rng.randrange(10_000))
                right = rng.random() < skill
                a = solve(q) if right else wrong_answer(q, rng)
                store.record(q, a, grade(q, a), quiz="practice:all", seconds=round(rng.uniform(4, 40), 1))
    return name
