"""Where answers are kept: the storage layer, below the quiz (it imports nothing of :mod:`mjlearn.quiz`,
the class database's :mod:`mjlearn.db`, the renderers or the widgets; the quiz's review queue, progress
view and mastery ask it for rows).

:func:`open_store` opens the store of a learner's answers: a SQLite file for self-study, or a class
database (PostgreSQL) when ``$MJLEARN_DB`` (or the URL given) names one.

- :mod:`mjlearn.store.sqlite` keeps the answers in a SQLite file (:class:`~mjlearn.store.sqlite.SQLiteStore`).
- :mod:`mjlearn.store.postgres` keeps them in a class database (:class:`~mjlearn.store.postgres.PostgresStore`:
  SQLAlchemy Core and psycopg 3, imported only then), with a spool on this computer while it is away.
- :mod:`mjlearn.store.base` holds what both share (the export); :mod:`mjlearn.store.roles` turns a hub
  name into the class database's role.
- :mod:`mjlearn.store.files` says where the store lives (the data folder, ``$MJLEARN_DB``) and turns
  SQLite and file-system errors into one clear :class:`~mjlearn.errors.ProgressError`.
- :mod:`mjlearn.store.schema` holds the schema's steps (the Alembic revisions of :mod:`mjlearn.store.migrations`)
  and runs them on a SQLite file.
- :mod:`mjlearn.store.salvage` reads what is left of a damaged SQLite progress file.

:class:`mjlearn.quiz.progress.ProgressStore` wraps whichever store this opens with the quiz's reading.
"""

from __future__ import annotations

import os
import re

from ..errors import BadArgument, shown

__all__ = ["open_store"]

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def open_store(path_or_url: str | os.PathLike | None = None, user: str | None = None, timeout: float | None = None):
    """The store of ``user``'s answers (default user: the hub's, ``$MJLEARN_USER`` or the login).

    ``path_or_url``: a SQLite file's path, ``sqlite:///PATH``, or a PostgreSQL URL
    (``postgresql+psycopg://ann@db.example.org/mjlearn``); default ``$MJLEARN_DB`` if set, else
    ``progress.db`` in the data folder. Returns a :class:`~mjlearn.store.sqlite.SQLiteStore` or a
    :class:`~mjlearn.store.postgres.PostgresStore`; ``timeout`` (seconds) is how long to wait for a lock
    or the server."""
    from .files import BUSY_TIMEOUT_S, db_url
    from .sqlite import SQLiteStore  # sqlite3: imported on first use

    wait = BUSY_TIMEOUT_S if timeout is None else timeout
    if path_or_url is None:
        url = db_url()
        if url is None:
            return SQLiteStore(None, user, wait)
    elif isinstance(path_or_url, str) and _URL.match(path_or_url):
        url = path_or_url
    else:
        return SQLiteStore(path_or_url, user, wait)
    path = _sqlite_path(url, path_or_url is None)
    if path is not None:
        return SQLiteStore(path, user, wait)
    from .postgres import PostgresStore  # SQLAlchemy: imported only for a class database

    return PostgresStore(url, user, wait)


def _sqlite_path(url: str, from_env: bool):
    """The SQLite file a URL names, None for a PostgreSQL URL; BadArgument for any other text (the
    message names the kind of URL given, never the rest of it: a password may be there)."""
    from .files import DB_ENV_VAR, sqlite_path_of

    where = f"${DB_ENV_VAR}" if from_env else "the store's URL"
    match = _URL.match(url)
    scheme = url[: match.end() - 3].lower() if match else None
    if scheme is not None and scheme.split("+")[0] in ("postgresql", "postgres"):
        return None
    if scheme is not None and scheme.split("+")[0] == "sqlite":
        try:
            return sqlite_path_of(url)
        except ValueError:
            pass
    text = shown(url) if "@" not in url else "text with a login in it"  # never echo a password
    given = f"a {scheme!r} URL" if scheme is not None else text
    zh_given = f"{scheme!r} 类网址" if scheme is not None else text
    raise BadArgument(
        f"{where} must be sqlite:///PATH or a PostgreSQL URL (postgresql+psycopg://LOGIN@HOST/DATABASE), "
        f"got {given}  （{where} 必须是 sqlite:///路径 或 PostgreSQL 网址，收到的是 {zh_given}）"
    )
