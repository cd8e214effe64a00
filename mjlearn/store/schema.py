"""The progress store's schema: one Alembic revision per change (``mjlearn/store/migrations``), each with a
SQLite and a PostgreSQL step, run on a SQLite file inside the transaction the store holds.

Part of the storage layer (:mod:`mjlearn.store`): it knows tables, not questions."""

from __future__ import annotations

import sqlite3

from .migrations import REVISIONS
from .migrations import steps as _migration_steps

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "alembic_sqlite"]

MIGRATIONS: tuple[tuple[str, str], ...] = _migration_steps()
"""The schema as steps, one per Alembic revision (``mjlearn/store/migrations/versions``): ``MIGRATIONS[i]``
is (why, SQLite SQL) of the revision taking a file from ``user_version`` i to i + 1. Append only.
SQLite files keep their version in ``PRAGMA user_version`` too, so earlier releases read it as before."""

SCHEMA_VERSION = len(MIGRATIONS)


class _Unowned:
    """A sqlite3 connection lent to SQLAlchemy for a migration: the store owns its transaction and its
    life, so SQLAlchemy's commit, rollback and close do nothing."""

    def __init__(self, conn):
        self._c = conn

    def __getattr__(self, name):
        return getattr(self._c, name)

    def commit(self):
        pass

    def rollback(self):
        pass

    def close(self):
        pass


def alembic_sqlite(conn: sqlite3.Connection, version: int) -> None:
    """Run the Alembic revisions after ``version`` on ``conn``, inside the transaction the caller holds.
    A file from before Alembic (no ``alembic_version`` table) is first stamped with the revision its
    ``user_version`` stands for."""
    try:
        import alembic  # noqa: F401
        import sqlalchemy as sa
        from sqlalchemy.pool import NullPool
    except ImportError:  # a Python without them (the browser build): the same steps, straight
        from .migrations import sqlite_statements

        for step in range(version, SCHEMA_VERSION):
            for stmt in sqlite_statements(MIGRATIONS[step][1]):
                conn.execute(stmt)
        return
    from . import migrations

    engine = sa.create_engine("sqlite://", creator=lambda: _Unowned(conn), poolclass=NullPool)
    try:
        with engine.connect() as c:
            if migrations.current(c) is None and version > 0:
                migrations.stamp(c, REVISIONS[min(version, len(REVISIONS)) - 1])
            migrations.upgrade(c)
    except sa.exc.DBAPIError as e:
        if isinstance(e.orig, sqlite3.Error):
            raise e.orig from None
        raise
    finally:
        engine.dispose()
