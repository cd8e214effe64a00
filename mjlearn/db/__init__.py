"""The class database (PostgreSQL): setting it up, and its learners, teachers and classes.

A teacher (or whoever runs the class's server) owns the tables and runs these with an owner's URL;
learners and teachers then connect as their own roles (``MJLEARN_DB`` in their environment)::

    from mjlearn import db
    url = "postgresql+psycopg://owner@db.example.org/mjlearn"
    db.upgrade(url)                         # create or bring forward the schema
    db.add_teacher(url, "wang")             # a login role, member of mjlearn_teacher
    db.add_learner(url, "ann")              # a login role, member of mjlearn_learner
    db.create_class(url, "spring", teachers=["wang"], learners=["ann"])

A hub name becomes a role through :func:`role_name` (a name PostgreSQL cannot take as it is, such as a
long e-mail address, gets a readable prefix and a hash). mjlearn creates the roles it needs and changes
only those: a role it did not make (the owner, ``postgres``, a ``pg_*`` role, any login of another
program) is refused with :class:`ClassError`, untouched.

Importing this module is light; SQLAlchemy is imported by the functions.
"""

from __future__ import annotations

import base64
import hashlib
import unicodedata

from ..errors import MjlearnError
from ..store.codes import CODE_ALPHABET, CODE_CHARS, code_key, new_code  # noqa: F401  (the class codes)

__all__ = ["upgrade", "add_learner", "add_teacher", "create_class", "enrol", "role_name", "new_code", "code_key",
           "ClassError", "LEARNER_GROUP", "TEACHER_GROUP", "ROLE_BYTES"]

LEARNER_GROUP = "mjlearn_learner"
TEACHER_GROUP = "mjlearn_teacher"
GROUPS = {"learner": LEARNER_GROUP, "teacher": TEACHER_GROUP}

ROLE_BYTES = 63
"""The longest role name PostgreSQL keeps, in bytes (NAMEDATALEN - 1); longer names are cut silently."""

_HASHED = "~"
"""Separates a mapped name's readable prefix from its hash; a name that has it is always mapped, so a
hub name can never be the mapped name of another."""
_HASH_CHARS = 16  # base32: 80 bits of SHA-256
_RESERVED = {"public", "none", "current_user", "session_user", "current_role"}
_RESERVED_PREFIXES = ("pg_", "mjlearn_")  # PostgreSQL's own roles; mjlearn's groups and its owner



class ClassError(MjlearnError, ValueError):
    """A class operation that cannot be done (no such class, not its teacher, a login mjlearn may not
    change...). A ``ValueError``; its message is English then Chinese, and in IPython and Jupyter it
    shows as the learner's error box."""

    heading = ("班级操作无法完成", "The class cannot do that")


# -- names --------------------------------------------------------------------------------------------
def _safe_char(ch: str) -> bool:
    # no control, format, surrogate, private or unassigned characters, no separators (spaces), no "~"
    return ch != _HASHED and unicodedata.category(ch)[0] not in "CZ"


def _plain(name: str) -> bool:
    """Whether ``name`` can be a role as it is."""
    low = name.lower()
    return (len(name.encode("utf-8", "surrogatepass")) <= ROLE_BYTES and all(map(_safe_char, name))
            and low not in _RESERVED and not low.startswith(_RESERVED_PREFIXES))


def role_name(hub_name: str) -> str:
    """The PostgreSQL role of a hub user (or of any name a teacher types). A name that fits (at most 63
    bytes, no spaces or control characters, no ``~``, not ``public`` or another name PostgreSQL reserves,
    not starting with ``pg_`` or ``mjlearn_``) is kept; any other becomes a readable prefix, ``~`` and 16
    characters of its SHA-256 (80 bits), at most 63 bytes. The same name always gives the same role, and
    two names never share one (a kept name has no ``~``; a mapped one differs by its hash).

    >>> role_name("ann")
    'ann'
    >>> role_name("public")
    'public~56q7g5oxmgkpuund'
    >>> long = "a.very.long.name.of.a.learner.at.a.school@mail.example-school.org"
    >>> role = role_name(long); role
    'a.very.long.name.of.a.learner.at.a.school@mail~hwlitrn57pjaa2wt'
    >>> len(role.encode()) <= 63 and role != role_name(long + "x")
    True
    """
    if not isinstance(hub_name, str):
        raise ClassError(f"a name must be text, got {type(hub_name).__name__} {hub_name!r}  "
                         f"（名字必须是文字，收到的是 {hub_name!r}）")
    if not hub_name:
        raise ClassError("a name is empty: give each learner's or teacher's name (their hub name)  "
                         "（名字是空的：请给出学员或老师的名字，即其 JupyterHub 用户名）")
    if _plain(hub_name):
        return hub_name
    digest = base64.b32encode(hashlib.sha256(hub_name.encode("utf-8", "surrogatepass")).digest())
    tail = _HASHED + digest.decode("ascii")[:_HASH_CHARS].lower()
    room = ROLE_BYTES - len(tail)
    prefix, used = [], 0
    for ch in hub_name:
        if not _safe_char(ch):
            continue
        size = len(ch.encode("utf-8"))
        if used + size > room:
            break
        prefix.append(ch)
        used += size
    head = "".join(prefix) or "u"
    if head[:3].lower() == "pg_":  # PostgreSQL refuses every new role whose name starts so
        head = head[:2] + "-" + head[3:]
    return head + tail


# -- the database ------------------------------------------------------------------------------------
def _engine(url: str):
    import sqlalchemy as sa
    return sa.create_engine(url)


def upgrade(url: str) -> str:
    """Create the schema of a class database or bring it to the newest revision; returns the revision.
    Needs the owner's login (it creates tables, the two group roles and the row-level security policies)."""
    from ..store import migrations
    from .store import upgrade_on
    engine = _engine(url)
    try:
        with engine.begin() as c:
            upgrade_on(c)
            return migrations.current(c)  # type: ignore[return-value]  # upgraded: there is a revision
    finally:
        engine.dispose()


def check_manager(c) -> str:
    """The login of connection ``c`` (SQLAlchemy) if it may make classes and logins; else ClassError."""
    login, may = c.exec_driver_sql(
        "SELECT current_user, (r.rolsuper OR r.rolcreaterole) AND has_table_privilege('class_members', 'INSERT') "
        "FROM pg_roles r WHERE r.rolname = current_user").one()
    if not may:
        raise ClassError(f"only the class database's owner makes classes, adds people and assigns (you are "
                         f"logged in as {login!r}): run this with the owner's MJLEARN_DB  "
                         f"（只有班级数据库的所有者才能建班、添加成员和布置作业，你现在登录的是 {login!r}）")
    return login


def _login_problem(c, role: str, group: str) -> str | None:
    """Why mjlearn may not use the existing role ``role`` as a login of ``group`` (None: it may, or no
    such role exists). mjlearn's own logins are plain login roles in its groups and nothing else."""
    row = c.exec_driver_sql(
        "SELECT r.rolsuper, r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls, "
        "r.rolcanlogin, r.rolname = current_user, "
        "ARRAY(SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "WHERE m.member = r.oid ORDER BY 1) FROM pg_roles r WHERE r.rolname = %(n)s", {"n": role}).first()
    if row is None:
        return None
    superuser, powers, login, owner, groups = row
    other = sorted(set(groups) - set(GROUPS.values()))
    why = ("it is the login running this" if owner else "it is a superuser" if superuser
           else "it has powers mjlearn never gives" if powers else "it is not a login" if not login
           else f"it is a member of {', '.join(other)}" if other else "it is in no mjlearn group" if not groups
           else None)
    if why:
        return (f"the class database has a role {role!r} that mjlearn did not make ({why}); mjlearn never changes "
                f"it: use another name  （数据库中已有不是 mjlearn 建立的角色 {role!r}，mjlearn 不会改动它，请换一个名字）")
    if group not in groups:
        was, now = ("teacher", "learner") if group == LEARNER_GROUP else ("learner", "teacher")
        zh = {"teacher": "老师", "learner": "学员"}
        return (f"{role!r} is a {was}'s login, and a login is a learner or a teacher, not both: give the {now} "
                f"another name  （{role!r} 是{zh[was]}的账号，一个账号不能既是学员又是老师，请给{zh[now]}另起名字）")
    return None


def ensure_logins(c, roles, group: str, password_of=None) -> None:
    """Make each of ``roles`` (role names) a login in ``group`` on connection ``c`` (SQLAlchemy, in the
    caller's transaction): created if absent; an existing one only if mjlearn made it (else ClassError,
    before anything is changed). ``password_of(role)``: the password to set (None: left as it is)."""
    from psycopg import sql
    roles = list(dict.fromkeys(roles))
    for role in roles:
        problem = _login_problem(c, role, group)
        if problem:
            raise ClassError(problem)
    raw = c.connection.driver_connection
    for role in roles:
        ident = sql.Identifier(role)
        if not c.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %(n)s", {"n": role}).scalar():
            c.exec_driver_sql(sql.SQL("CREATE ROLE {} LOGIN").format(ident).as_string(raw))
        password = password_of(role) if password_of else None
        if password is not None:
            c.exec_driver_sql(sql.SQL("ALTER ROLE {} PASSWORD {}").format(ident, sql.Literal(password)).as_string(raw))
        c.exec_driver_sql(sql.SQL("GRANT {} TO {}").format(sql.Identifier(group), ident).as_string(raw))


def _add_role(url: str, name: str, group: str, password: str | None) -> str:
    role = role_name(name)
    engine = _engine(url)
    try:
        with engine.begin() as c:
            ensure_logins(c, [role], group, lambda _: password)
    finally:
        engine.dispose()
    return role


def add_learner(url: str, name: str, *, password: str | None = None) -> str:
    """A login role for ``name`` (the learner's hub name; the role is :func:`role_name` of it, returned)
    in the learners' group: it reads and adds only its own answers."""
    return _add_role(url, name, LEARNER_GROUP, password)


def add_teacher(url: str, name: str, *, password: str | None = None) -> str:
    """A login role for ``name`` (returned, as :func:`add_learner`) in the teachers' group: it reads the
    answers of the learners of the classes it teaches."""
    return _add_role(url, name, TEACHER_GROUP, password)


def create_class(url: str, name: str, *, code: str | None = None, teachers=(), learners=()) -> int:
    """A class (and its members); returns its id."""
    import time
    import sqlalchemy as sa
    engine = _engine(url)
    try:
        with engine.begin() as c:
            cid = c.execute(sa.text("INSERT INTO classes (name, code, created) VALUES (:n, :c, :t) RETURNING id"),
                            {"n": name, "c": code, "t": time.time()}).scalar_one()
    finally:
        engine.dispose()
    for t in teachers:
        enrol(url, name, t, "teacher")
    for learner in learners:
        enrol(url, name, learner, "learner")
    return int(cid)


def enrol(url: str, class_name: str, username: str, role: str = "learner") -> None:
    """Add ``username`` (a hub name; its role is :func:`role_name` of it) to a class as a learner or a
    teacher (again: nothing changes)."""
    if role not in ("learner", "teacher"):
        raise ValueError(f"role must be 'learner' or 'teacher', got {role!r}")
    import sqlalchemy as sa
    engine = _engine(url)
    try:
        with engine.begin() as c:
            c.execute(sa.text("INSERT INTO class_members (class_id, username, role) "
                              "SELECT id, :u, :r FROM classes WHERE name = :n ON CONFLICT DO NOTHING"),
                      {"u": role_name(username), "r": role, "n": class_name})
    finally:
        engine.dispose()
