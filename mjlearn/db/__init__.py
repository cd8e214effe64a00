"""The class database (PostgreSQL): setting it up, and its learners, teachers and classes.

A teacher (or whoever runs the class's server) owns the tables and runs these with an owner's URL;
learners and teachers then connect as their own roles (``MJLEARN_DB`` in their environment)::

    from mjlearn import db
    url = "postgresql+psycopg://owner@db.example.org/mjlearn"
    db.upgrade(url)                         # create or bring forward the schema
    db.add_teacher(url, "wang")             # a login role, member of mjlearn_teacher
    db.add_learner(url, "ann")              # a login role, member of mjlearn_learner
    db.create_class(url, "spring", teachers=["wang"], learners=["ann"])

Importing this module is light; SQLAlchemy is imported by the functions.
"""

from __future__ import annotations

__all__ = ["upgrade", "add_learner", "add_teacher", "create_class", "enrol", "LEARNER_GROUP", "TEACHER_GROUP"]

LEARNER_GROUP = "mjlearn_learner"
TEACHER_GROUP = "mjlearn_teacher"


def _engine(url: str):
    import sqlalchemy as sa
    return sa.create_engine(url)


def upgrade(url: str) -> str:
    """Create the schema of a class database or bring it to the newest revision; returns the revision.
    Needs the owner's login (it creates tables, the two group roles and the row-level security policies)."""
    from .. import migrations
    from .store import upgrade_on
    engine = _engine(url)
    try:
        with engine.begin() as c:
            upgrade_on(c)
            return migrations.current(c)
    finally:
        engine.dispose()


def _add_role(url: str, name: str, group: str, password: str | None) -> None:
    from psycopg import sql
    engine = _engine(url)
    try:
        with engine.begin() as c:
            raw = c.connection.driver_connection
            exists = c.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %(n)s", {"n": name}).scalar()
            if not exists:
                stmt = sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(name))
                c.exec_driver_sql(stmt.as_string(raw))
            if password is not None:
                stmt = sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(name), sql.Literal(password))
                c.exec_driver_sql(stmt.as_string(raw))
            c.exec_driver_sql(sql.SQL("GRANT {} TO {}").format(sql.Identifier(group), sql.Identifier(name))
                              .as_string(raw))
    finally:
        engine.dispose()


def add_learner(url: str, name: str, *, password: str | None = None) -> None:
    """A login role ``name`` (the learner's JupyterHub name) in the learners' group: it reads and adds
    only its own answers."""
    _add_role(url, name, LEARNER_GROUP, password)


def add_teacher(url: str, name: str, *, password: str | None = None) -> None:
    """A login role ``name`` in the teachers' group: it reads the answers of the learners of the classes
    it teaches."""
    _add_role(url, name, TEACHER_GROUP, password)


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
    """Add ``username`` to a class as a learner or a teacher (again: nothing changes)."""
    if role not in ("learner", "teacher"):
        raise ValueError(f"role must be 'learner' or 'teacher', got {role!r}")
    import sqlalchemy as sa
    engine = _engine(url)
    try:
        with engine.begin() as c:
            c.execute(sa.text("INSERT INTO class_members (class_id, username, role) "
                              "SELECT id, :u, :r FROM classes WHERE name = :n ON CONFLICT DO NOTHING"),
                      {"u": username, "r": role, "n": class_name})
    finally:
        engine.dispose()
