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

from ..errors import ClassError  # (re-exported: the class's errors)
from ..store.codes import CODE_ALPHABET, CODE_CHARS, code_key, new_code  # noqa: F401  (the class codes)
from ..store.roles import ROLE_BYTES, role_name  # (re-exported: a hub name's role)

__all__ = [
    "LEARNER_CONNECTIONS",
    "LEARNER_GROUP",
    "ROLE_BYTES",
    "TEACHER_GROUP",
    "ClassError",
    "add_learner",
    "add_teacher",
    "code_key",
    "create_class",
    "enrol",
    "new_code",
    "role_name",
    "upgrade",
]

LEARNER_GROUP = "mjlearn_learner"
TEACHER_GROUP = "mjlearn_teacher"
GROUPS = {"learner": LEARNER_GROUP, "teacher": TEACHER_GROUP}
LEARNER_CONNECTIONS = 5
"""The most connections a learner's login may hold at once (its role's CONNECTION LIMIT): a learner's
kernel holds one only while it records or reads an answer, so five notebooks answering in the same
instant fit, and one learner's runaway loop cannot take the server's max_connections from the class."""


# -- the database ------------------------------------------------------------------------------------
def _engine(url: str):
    import sqlalchemy as sa

    return sa.create_engine(url)


def upgrade(url: str) -> str:
    """Create the schema of a class database or bring it to the newest revision; returns the revision.
    Needs the owner's login (it creates tables, the two group roles and the row-level security policies)."""
    from ..store import migrations
    from ..store.postgres import upgrade_on  # SQLAlchemy: imported by the functions

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
        "FROM pg_roles r WHERE r.rolname = current_user"
    ).one()
    if not may:
        raise ClassError(
            f"only the class database's owner makes classes, adds people and assigns (you are "
            f"logged in as {login!r}): run this with the owner's MJLEARN_DB  "
            f"（只有班级数据库的所有者才能建班、添加成员和布置作业，你现在登录的是 {login!r}）"
        )
    return login


def _login_problem(c, role: str, group: str) -> str | None:
    """Why mjlearn may not use the existing role ``role`` as a login of ``group`` (None: it may, or no
    such role exists). mjlearn's own logins are plain login roles in its groups and nothing else."""
    row = c.exec_driver_sql(
        "SELECT r.rolsuper, r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls, "
        "r.rolcanlogin, r.rolname = current_user, "
        "ARRAY(SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "WHERE m.member = r.oid ORDER BY 1) FROM pg_roles r WHERE r.rolname = %(n)s",
        {"n": role},
    ).first()
    if row is None:
        return None
    superuser, powers, login, owner, groups = row
    other = sorted(set(groups) - set(GROUPS.values()))
    why = (
        "it is the login running this"
        if owner
        else "it is a superuser"
        if superuser
        else "it has powers mjlearn never gives"
        if powers
        else "it is not a login"
        if not login
        else f"it is a member of {', '.join(other)}"
        if other
        else "it is in no mjlearn group"
        if not groups
        else None
    )
    if why:
        return (
            f"the class database has a role {role!r} that mjlearn did not make ({why}); mjlearn never changes "
            f"it: use another name  （数据库中已有不是 mjlearn 建立的角色 {role!r}，mjlearn 不会改动它，请换一个名字）"
        )
    if group not in groups:
        was, now = ("teacher", "learner") if group == LEARNER_GROUP else ("learner", "teacher")
        zh = {"teacher": "老师", "learner": "学员"}
        return (
            f"{role!r} is a {was}'s login, and a login is a learner or a teacher, not both: give the {now} "
            f"another name  （{role!r} 是{zh[was]}的账号，一个账号不能既是学员又是老师，请给{zh[now]}另起名字）"
        )
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
        if group == LEARNER_GROUP:  # an older learner's login gets the limit too when added again
            c.exec_driver_sql(
                sql.SQL("ALTER ROLE {} CONNECTION LIMIT {}")
                .format(ident, sql.Literal(LEARNER_CONNECTIONS))
                .as_string(raw)
            )


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
            cid = c.execute(
                sa.text("INSERT INTO classes (name, code, created) VALUES (:n, :c, :t) RETURNING id"),
                {"n": name, "c": code, "t": time.time()},
            ).scalar_one()
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
            c.execute(
                sa.text(
                    "INSERT INTO class_members (class_id, username, role) "
                    "SELECT id, :u, :r FROM classes WHERE name = :n ON CONFLICT DO NOTHING"
                ),
                {"u": role_name(username), "r": role, "n": class_name},
            )
    finally:
        engine.dispose()
