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

import datetime as _dt
import json
import os
import secrets
import threading
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from pathlib import Path

import sqlite3

from ..errors import MjlearnError, NotWritable, _two_lines
from ..quiz.progress import EXPORT_FIELDS, ProgressStore, _translate, mastery

try:  # a class database needs SQLAlchemy; a class in the SQLite file does not (the browser build has none)
    import sqlalchemy as sa
except ImportError:  # pragma: no cover - only in the browser build
    sa = None

_DB_ERRORS: tuple = (sqlite3.Error,) + ((sa.exc.DBAPIError,) if sa is not None else ())

__all__ = ["Classroom", "ClassError", "assignment_tag", "parse_due", "resolve_quiz_set", "sample_class"]

TAG = "assignment:"


class ClassError(MjlearnError, ValueError):
    """A class operation that cannot be done (no such class, not its teacher...). A ``ValueError``; its
    message is English then Chinese, and in IPython and Jupyter it shows as the learner's error box."""

    heading = ("班级操作无法完成", "The class cannot do that")


def assignment_tag(assignment_id: int) -> str:
    """The ``quiz`` value an answer to assignment ``assignment_id`` is recorded with."""
    return f"{TAG}{int(assignment_id)}"


def parse_due(due) -> float | None:
    """A due date as Unix time: ``YYYY-MM-DD`` (the end of that day, UTC), an ISO date and time, a
    number (Unix time), or None."""
    if due is None or due == "":
        return None
    if isinstance(due, (int, float)):
        return float(due)
    if isinstance(due, _dt.datetime):
        return due.timestamp()
    if isinstance(due, _dt.date):
        due = due.isoformat()
    text = str(due).strip()
    import re
    try:
        if len(text) == 10:
            day = _dt.date.fromisoformat(text)
            return _dt.datetime(day.year, day.month, day.day, 23, 59, 59, tzinfo=_dt.timezone.utc).timestamp()
        moment = _dt.datetime.fromisoformat(text)
    except ValueError:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):  # the right form, but no such day (2027-02-30)
            raise ClassError(f"due date {text!r}: there is no such day  （截止日期 {text!r}：没有这一天）") from None
        raise ClassError(f"due date {text!r}: write it as YYYY-MM-DD (e.g. 2026-03-01)  "
                         f"（截止日期 {text!r}：请写成 年-月-日，例如 2026-03-01）") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.timezone.utc)
    return moment.timestamp()


def due_text(due: float | None) -> str:
    if due is None:
        return "no due date / 无截止日期"
    return _dt.datetime.fromtimestamp(due, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def resolve_quiz_set(name: str) -> Path:
    """The file of a quiz set: a path, or the name of a set shipped with the course."""
    p = Path(name).expanduser()
    if p.exists():
        return p
    from ..cli_lab import notebooks_source
    try:
        shipped = notebooks_source() / "quiz_sets"
    except FileNotFoundError:
        return p
    for candidate in (shipped / name, shipped / f"{name}.json", shipped / f"{name}.toml"):
        if candidate.exists():
            return candidate
    return p


def _set_size(quiz_set: str) -> int | None:
    from ..quiz.core import QuizError
    from ..quiz.quizset import load_quiz_set
    try:
        return len(load_quiz_set(resolve_quiz_set(quiz_set)))
    except (QuizError, OSError):
        return None


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
        self._sqlite = None
        self._lock = threading.RLock()

    def _file(self) -> sqlite3.Connection:
        if self._sqlite is None:
            # check_same_thread off: a widget's clicks may come on another thread than the cell that
            # made this (ipykernel 7); begin() and connect() take self._lock around each use
            self._sqlite = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                                           check_same_thread=False)
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
        from ..quiz.progress import _sqlite_path_of
        if url is not None and _sqlite_path_of(url) is None:
            from .store import ClassStore
            self.store = ClassStore(user=user, url=url)
        else:
            # opening the store brings the schema to the newest revision
            self.store = ProgressStore(_sqlite_path_of(url) if url is not None else path, user=user)
        if hasattr(self.store, "engine"):
            self.backend = "postgresql"
            self.engine = self.store.engine
            self.url = self.store.url.render_as_string(hide_password=False)
            self.db = _Database(engine=self.engine)
            with self.engine.connect() as c:
                self.login = c.exec_driver_sql("SELECT current_user").scalar()
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
            raise ClassError(f"no class named {name!r} (or it is not one of yours)  "
                             f"（没有名为 {name!r} 的班级，或者它不是你的班级）")
        return int(cid)

    # -- the teacher's side --------------------------------------------------------------
    def create(self, name: str, *, code: str | None = None, teachers=None) -> str:
        """Create class ``name``; returns its code (made up when not given). ``teachers`` defaults to
        the one creating it."""
        code = code or secrets.token_hex(3).upper()
        teachers = [self.login] if teachers is None else list(teachers)
        try:
            with self.db.begin() as c:
                if c.execute("SELECT 1 FROM classes WHERE name = :n", {"n": name}).scalar():
                    raise ClassError(f"a class named {name!r} exists already  （班级 {name!r} 已存在）")
                c.execute("INSERT INTO classes (name, code, created) VALUES (:n, :c, :t)",
                          {"n": name, "c": code, "t": time.time()})
        except _DB_ERRORS as e:
            raise self._refused(e, "creating a class") from None
        for t in teachers:
            self._enrol(name, t, "teacher")
        return code

    def _enrol(self, name: str, username: str, role: str) -> None:
        if self.backend == "postgresql":
            from . import add_learner, add_teacher
            secret = os.environ.get("MJLEARN_DB_SECRET")  # the hub's: each login's password derives from it
            password = None
            if secret:
                from ..deploy import role_password
                password = role_password(username, secret)
            (add_teacher if role == "teacher" else add_learner)(self.url, username, password=password)
        try:
            with self.db.begin() as c:
                cid = self._class_id(c, name)
                have = c.execute("SELECT 1 FROM class_members WHERE class_id = :c AND username = :u "
                                         "AND role = :r", {"c": cid, "u": username, "r": role}).scalar()
                if not have:
                    c.execute("INSERT INTO class_members (class_id, username, role) VALUES (:c, :u, :r)",
                              {"c": cid, "u": username, "r": role})
        except _DB_ERRORS as e:
            raise self._refused(e, "adding to a class") from None

    def add(self, name: str, users, role: str = "learner") -> None:
        """Add learners (or, ``role="teacher"``, teachers) to class ``name`` (again: they are not added
        twice). On PostgreSQL each gets a login role of their name; with ``MJLEARN_DB_SECRET`` set, its
        password is the one derived from the secret (adding again sets that same password, undoing a
        password set some other way); without it, the login's password is left as it is."""
        if role not in ("learner", "teacher"):
            raise ClassError(f"role must be learner or teacher, got {role!r}  "
                             f"（角色只能是 learner（学员）或 teacher（老师），收到的是 {role!r}）")
        for u in users:
            self._enrol(name, u, role)

    def assign(self, name: str, quiz_set: str, due=None) -> int:
        """Assign a quiz set (a shipped set's name or a file every learner can read) with a due date;
        returns the assignment's id."""
        from ..quiz.core import QuizError
        from ..quiz.quizset import load_quiz_set
        try:
            load_quiz_set(resolve_quiz_set(quiz_set))
        except QuizError as e:
            en, *zh = _two_lines(str(e))
            raise ClassError(f"the quiz set cannot be read: {en}  "
                             f"（无法读取题集 {quiz_set!r}{'：' + zh[0] if zh else ''}）") from None
        when = parse_due(due)
        try:
            with self.db.begin() as c:
                cid = self._class_id(c, name)
                return int(c.execute("INSERT INTO assignments (class_id, quiz_set, due, created) "
                                             "VALUES (:c, :q, :d, :t) RETURNING id",
                                     {"c": cid, "q": quiz_set, "d": when, "t": time.time()}).scalar_one())
        except _DB_ERRORS as e:
            raise self._refused(e, "assigning a quiz set") from None

    def classes(self) -> list[dict]:
        """The classes this login may see, with their codes and their members' counts."""
        with self.db.connect() as c:
            out = []
            for cid, name, code in c.execute("SELECT id, name, code FROM classes ORDER BY name"):
                roles = Counter(r for (r,) in c.execute("SELECT role FROM class_members WHERE class_id = :c",
                                                        {"c": cid}))
                out.append({"name": name, "code": code, "learners": roles["learner"], "teachers": roles["teacher"]})
            return out

    def teaches(self, name: str) -> bool:
        with self.db.connect() as c:
            cid = self._class_id(c, name)
            return bool(c.execute("SELECT 1 FROM class_members WHERE class_id = :c AND username = :u "
                                          "AND role = 'teacher'", {"c": cid, "u": self.login}).scalar())

    # -- the learner's side --------------------------------------------------------------
    def join(self, code: str) -> str:
        """Join the class whose code is ``code`` as a learner; returns the class's name."""
        code = code.strip().upper()
        try:
            with self.db.begin() as c:
                if self.backend == "postgresql":
                    name = c.execute("SELECT mjlearn_join(:code)", {"code": code}).scalar()
                else:
                    row = c.execute("SELECT id, name FROM classes WHERE upper(code) = :code",
                                    {"code": code}).first()
                    name = None
                    if row is not None:
                        name = row[1]
                        if not c.execute("SELECT 1 FROM class_members WHERE class_id = :c AND username = :u "
                                                 "AND role = 'learner'", {"c": row[0], "u": self.login}).scalar():
                            c.execute("INSERT INTO class_members (class_id, username, role) "
                                              "VALUES (:c, :u, 'learner')", {"c": row[0], "u": self.login})
        except _DB_ERRORS as e:
            raise self._refused(e, "joining a class") from None
        if name is None:
            raise ClassError(f"no class has the code {code!r}; ask your teacher  "
                             f"（没有班级代码是 {code!r}，请向老师确认）")
        return name

    def assignments(self) -> list[dict]:
        """This learner's assignments (every class they are a learner in), soonest due first: class,
        id, quiz set, due, how many questions it has, how many they answered, and done."""
        with self.db.connect() as c:
            rows = c.execute(
                "SELECT a.id, k.name, a.quiz_set, a.due FROM assignments a JOIN classes k ON k.id = a.class_id "
                "JOIN class_members m ON m.class_id = a.class_id AND m.username = :u AND m.role = 'learner' "
                "ORDER BY a.due IS NULL, a.due, a.id", {"u": self.login}).all()
        mine = self.store.rows()
        out = []
        for aid, klass, quiz_set, due in rows:
            answered = {r["question"] for r in mine if r["quiz"] == assignment_tag(aid)}
            size = _set_size(quiz_set)
            out.append({"id": int(aid), "class": klass, "quiz_set": quiz_set, "due": due, "questions": size,
                        "answered": len(answered),
                        "done": bool(answered) and (size is None or len(answered) >= size)})
        return out

    def assignments_text(self) -> str:
        items = self.assignments()
        if not items:
            return "No assignments. / 没有作业。"
        now = time.time()
        lines = [f"Assignments of {self.user} / {self.user} 的作业:"]
        for a in items:
            state = "done / 已完成" if a["done"] else (
                "overdue / 已过期" if a["due"] is not None and a["due"] < now else "to do / 未完成")
            size = "?" if a["questions"] is None else a["questions"]
            lines.append(f"  #{a['id']}  {a['class']}  {a['quiz_set']}  due {due_text(a['due'])}  "
                         f"{a['answered']}/{size}  {state}")
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
        per topic and per assignment, the assignments, and every answer's row (``answers``)."""
        if not self.teaches(name):
            raise NotWritable(Path(self.url.split("@")[-1]),
                              f"mjlearn class: only the teachers of {name!r} see its report (you are {self.login!r})",
                              "只有本班老师能查看班级报告")
        with self.db.connect() as c:
            cid = self._class_id(c, name)
            code = c.execute("SELECT code FROM classes WHERE id = :c", {"c": cid}).scalar()
            learners = sorted(c.execute("SELECT username FROM class_members WHERE class_id = :c "
                                                "AND role = 'learner'", {"c": cid}).scalars())
            teachers = sorted(c.execute("SELECT username FROM class_members WHERE class_id = :c "
                                                "AND role = 'teacher'", {"c": cid}).scalars())
            assigned = [{"id": int(a), "quiz_set": q, "due": d, "questions": _set_size(q)}
                        for a, q, d in c.execute("SELECT id, quiz_set, due FROM assignments WHERE class_id = :c "
                                                         "ORDER BY id", {"c": cid})]
            cols = ", ".join(f'"{f}"' for f in EXPORT_FIELDS)
            names = {f"u{i}": u for i, u in enumerate(learners)}
            rows = [dict(zip(EXPORT_FIELDS, r)) for r in c.execute(
                f'SELECT {cols} FROM answers WHERE "user" IN ({", ".join(":" + k for k in names)}) ORDER BY id',
                names)] if learners else []
        by_user = defaultdict(list)
        for r in rows:
            by_user[r["user"]].append(r)
        out = []
        for u in learners:
            mine = by_user.get(u, [])
            topics = {}
            for t in sorted({r["topic"] for r in mine}):
                these = [r for r in mine if r["topic"] == t]
                topics[t] = {"answered": len(these), "correct": sum(r["correct"] for r in these),
                             "mastery": mastery(these)}
            per_assignment = {}
            for a in assigned:
                these = [r for r in mine if r["quiz"] == assignment_tag(a["id"])]
                distinct = len({r["question"] for r in these})
                per_assignment[str(a["id"])] = {
                    "quiz_set": a["quiz_set"], "answered": len(these), "correct": sum(r["correct"] for r in these),
                    "questions_answered": distinct,
                    "done": bool(these) and (a["questions"] is None or distinct >= a["questions"])}
            out.append({"user": u, "answered": len(mine), "correct": sum(r["correct"] for r in mine),
                        "by_topic": topics, "by_assignment": per_assignment})
        return {"class": name, "code": code, "teachers": teachers, "assignments": assigned, "learners": out,
                "answers": rows}


def report_json(report: dict) -> str:
    """The report as JSON text (without the raw answers: those are ``mjlearn quiz --export``'s)."""
    from ..quiz.progress import iso_time
    slim = {k: v for k, v in report.items() if k != "answers"}
    # the due date readable by a person and a spreadsheet (ISO 8601, UTC) beside its Unix seconds
    slim["assignments"] = [{**a, "due_time": iso_time(a["due"])} for a in report["assignments"]]
    return json.dumps(slim, ensure_ascii=False, indent=1)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def report_text(report: dict) -> str:
    lines = [f"Class {report['class']} (code {report['code']}; teachers: {', '.join(report['teachers'])}) / 班级报告",
             f"{_count(len(report['learners']), 'learner')} / 学员, "
             f"{_count(len(report['assignments']), 'assignment')} / 作业"]
    for a in report["assignments"]:
        done = sum(1 for l in report["learners"] if l["by_assignment"][str(a["id"])]["done"])
        lines.append(f"  #{a['id']} {a['quiz_set']}  due {due_text(a['due'])}: done {done}/{len(report['learners'])}")
    for l in report["learners"]:
        acc = f"{l['correct']}/{l['answered']}" if l["answered"] else "0"
        topics = ", ".join(f"{t} {d['correct']}/{d['answered']}" for t, d in l["by_topic"].items()) or "-"
        lines.append(f"  {l['user']}: {acc} correct / 答对; {topics}")
    return "\n".join(lines)


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
    sets = {week1: load_quiz_set(resolve_quiz_set("week1_tiles_and_waits.json")),
            scoring: load_quiz_set(resolve_quiz_set("mcr_scoring.json"))}
    for n, learner in enumerate(learners):
        skill = 0.35 + 0.55 * n / max(1, len(learners) - 1)
        with ProgressStore(path, user=learner) as store:
            for aid, qs in sets.items():
                share = 1.0 if rng.random() < 0.6 + 0.4 * skill else rng.uniform(0.3, 0.8)
                for q in list(qs)[: max(1, round(len(qs) * share))]:
                    right = rng.random() < skill
                    a = solve(q) if right else wrong_answer(q, rng)
                    store.record(q, a, grade(q, a), quiz=assignment_tag(aid), seconds=round(rng.uniform(4, 40), 1))
            for k in range(6):
                q = generate(rng.choice(["fans", "waits", "claim", "mcr_total"]), seed=rng.randrange(10_000))
                right = rng.random() < skill
                a = solve(q) if right else wrong_answer(q, rng)
                store.record(q, a, grade(q, a), quiz="practice:all", seconds=round(rng.uniform(4, 40), 1))
    return name
