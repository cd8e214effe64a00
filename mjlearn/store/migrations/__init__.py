"""The schema of the progress database as Alembic revisions, for both backends (SQLite and PostgreSQL).

Each revision module in ``versions/`` holds ``WHY`` (one line) and ``SQLITE`` (the step as SQLite SQL,
which is also what :data:`mjlearn.quiz.progress.MIGRATIONS` lists, so files written by earlier
releases, which carry their version in ``PRAGMA user_version``, keep their meaning); its ``upgrade()``
runs that step on SQLite and the equivalent on PostgreSQL. Importing this package does not import
Alembic or SQLAlchemy: :func:`upgrade` does, when a store is opened.
"""

from __future__ import annotations

import sqlite3
from importlib import import_module
from pathlib import Path

HERE = Path(__file__).resolve().parent

REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008")
"""The revision ids in order: revision ``REVISIONS[i]`` takes a database from version i to i + 1."""

_MODULES = (
    "v0001_answers",
    "v0002_user_id_index",
    "v0003_retries",
    "v0004_classes",
    "v0005_join_by_code",
    "v0006_guarded_classes",
    "v0007_reading_checkpoints",
    "v0008_table_hands",
)


def steps() -> tuple[tuple[str, str], ...]:
    """(why, SQLite SQL) of every revision, in order (light: no Alembic import)."""
    out = []
    for name in _MODULES:
        m = import_module(f".versions.{name}", __name__)
        out.append((m.WHY, m.SQLITE))
    return tuple(out)


def config(connection):
    """An Alembic Config running the revisions on ``connection`` (a SQLAlchemy Connection)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def current(connection) -> str | None:
    """The revision the database is at (None: no Alembic version recorded)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection, target: str = "head") -> None:
    """Bring the database on ``connection`` to ``target`` (the caller commits)."""
    from alembic import command

    command.upgrade(config(connection), target)


def stamp(connection, revision: str) -> None:
    """Record that the database is at ``revision`` without running anything (pre-Alembic files)."""
    from alembic import command

    command.stamp(config(connection), revision)


def run(sqlite: str, postgresql: str) -> None:
    """Inside a revision's ``upgrade()``: run its step for the database at hand."""
    from alembic import op

    if op.get_bind().dialect.name == "sqlite":
        for stmt in sqlite_statements(sqlite):
            op.execute(stmt)
    else:
        op.execute(postgresql)


def sqlite_statements(script: str):
    """The statements of an SQLite step, comments dropped (a trigger's body, with its own semicolons, is
    one statement)."""
    buf = ""
    for part in script.split(";"):
        part = "\n".join(line.split("--")[0] for line in part.splitlines()).strip()
        buf = f"{buf}; {part}" if buf else part
        if buf and sqlite3.complete_statement(buf + ";"):
            yield buf
            buf = ""
    if buf:
        yield buf
