"""Backing up a class database and restoring it, with PostgreSQL's own tools (``pg_dump`` and
``pg_restore``, custom format: compressed, and restorable into a database of another name or server).

::

    from mjlearn.db import backup
    backup.backup("postgresql+psycopg://owner@db/mjlearn", "spring.dump")     # refuses an existing file
    backup.restore("postgresql+psycopg://owner@db/mjlearn_new", "spring.dump")  # into an empty database

The backup holds every table (answers, classes, members, assignments) and their rules; PostgreSQL keeps
logins outside any one database, so :func:`restore` makes mjlearn's two groups and a login for every
learner and teacher the backup names (with the hub's secret set, each one's password derived from it).
The learners' home folders (their notebooks) are on the hub's disk, not in the database: back them up
alongside (TEACHERS.md gives the ``tar`` command). The file is written as the folder-safe builders
write theirs (:mod:`mjlearn.buildfolder`): a new file next to it, moved over the name, never through a
symbolic link, and an existing file only with ``force``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..buildfolder import write_whole
from . import GROUPS, ClassError, ensure_logins
from .admin import _password_of, claim_output
from .reasons import connection_problem, where_of

__all__ = ["backup", "homes_hint", "restore"]


def homes_hint(homes: str | None = None) -> str:
    """The line after a backup or restore: the learners' notebooks are not in the database. ``homes``
    is the folder that holds every user's home (``ROOT/homes`` on a class server, else the hub's
    MJLEARN_HUB_HOME); the whole folder is archived, so a learner who never started a server is no
    missing name, and the archive is made readable by root only."""
    where = Path(homes or os.environ.get("MJLEARN_HUB_HOME") or "/home")
    return (
        "the learners' notebooks are in their home folders on the hub, not in this backup: back them up "
        f"alongside, as root: (umask 077; tar -czf mjlearn-homes.tar.gz -C {where.parent} {where.name})  "
        "（学员的笔记本在其主目录中，不在此备份里：请以 root 一并用 tar 备份，见 TEACHERS.md）"
    )


def _engine(url: str):
    import sqlalchemy as sa

    return sa.create_engine(url)


def _libpq_env(url: str) -> dict:
    """The environment that points ``pg_dump``/``pg_restore`` at ``url`` (the password in PGPASSWORD,
    never on a command line other users may read)."""
    import sqlalchemy as sa

    u = sa.make_url(url)
    env = dict(os.environ)
    for var, value in (
        ("PGHOST", u.host or u.query.get("host")),
        ("PGPORT", u.port),
        ("PGUSER", u.username),
        ("PGPASSWORD", u.password),
        ("PGDATABASE", u.database),
    ):
        if value:
            env[var] = str(value if not isinstance(value, tuple) else value[0])
    return env


def _tool(name: str) -> tuple[str, int]:
    """The path of PostgreSQL's ``name`` tool and its major version; a ClassError when it is not there."""
    path = shutil.which(name)
    if path is None:
        raise ClassError(
            f"{name} is not on PATH: install PostgreSQL's client tools (Debian: apt-get install "
            f"postgresql-client)  （找不到 {name}：请安装 PostgreSQL 客户端工具）"
        )
    out = subprocess.run([path, "--version"], check=False, capture_output=True, text=True, timeout=60).stdout
    m = re.search(r"(\d+)(?:\.\d+)?", out)
    if m is None:
        raise ClassError(f"{path} did not say its version ({out.strip()[:60]!r})  （无法得知 {name} 的版本）")
    return path, int(m.group(1))


def _server(c) -> tuple[int, bool]:
    """The server's major version, and whether the login may make logins (the class's owner)."""
    num, may = c.exec_driver_sql(
        "SELECT current_setting('server_version_num')::int, rolsuper OR rolcreaterole "
        "FROM pg_roles WHERE rolname = current_user"
    ).one()
    return num // 10000, bool(may)


def _check_versions(tool: str, client: int, server: int) -> None:
    if client < server:
        raise ClassError(
            f"{tool} is PostgreSQL {client}, older than the server's {server}, and cannot read it: "
            f"install the client tools of version {server} or newer  "
            f"（{tool} 的版本 {client} 低于服务器的 {server}，请安装 {server} 或更新版本的客户端工具）"
        )


def _last_line(text: str) -> str:
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    return lines[-1][:200] if lines else "no message"


def _refused(e, doing: str, url: str) -> ClassError:
    """One line for a database error: the real cause of a failed connection, else the server's words."""
    said = connection_problem(e, where_of(url))
    if said is not None:
        return ClassError(said)
    orig = getattr(e, "orig", None)
    text = " ".join(str(orig or e).split())[:160]
    return ClassError(f"the class database refused {doing} ({text})  （班级数据库拒绝了此操作）")


def backup(url: str, path, *, force: bool = False) -> dict:
    """Write the class database of ``url`` (the owner's login) to ``path`` with ``pg_dump`` in custom
    format. Refused before anything is written: no ``pg_dump``, one older than the server, a login that
    is not the owner's, an existing ``path`` (without ``force``), a symbolic link. Returns the file's
    size and the answers it holds."""
    import sqlalchemy as sa

    tool, client = _tool("pg_dump")
    engine = _engine(url)
    try:
        with engine.connect() as c:
            server, may = _server(c)
            login = c.exec_driver_sql("SELECT current_user").scalar()
            if (
                not may
                or not c.exec_driver_sql(
                    "SELECT to_regclass('answers') IS NOT NULL AND has_table_privilege('answers', 'UPDATE')"
                ).scalar()
            ):
                raise ClassError(
                    f"only the class database's owner backs it up (you are logged in as {login!r})  "
                    f"（只有班级数据库的所有者才能备份，你现在登录的是 {login!r}）"
                )
            answers = int(c.exec_driver_sql("SELECT count(*) FROM answers").scalar())
    except sa.exc.DBAPIError as e:
        raise _refused(e, "the backup", url) from None
    finally:
        engine.dispose()
    _check_versions("pg_dump", client, server)
    folder, name = claim_output(path, force)
    with folder, tempfile.TemporaryDirectory(prefix="mjlearn-backup-") as private:  # 0700: the owner's only
        made = Path(private) / "class.dump"
        p = subprocess.run(
            [tool, "--format=custom", "--no-password", "--file", str(made)],
            check=False,
            stderr=subprocess.PIPE,
            env=_libpq_env(url),
            text=True,
        )
        if p.returncode != 0:
            raise ClassError(f"pg_dump failed: {_last_line(p.stderr)}  （pg_dump 备份失败）")
        size = made.stat().st_size
        write_whole(
            folder, name, made, durable=True, mode=0o600
        )  # next to FILE, then moved over its name: never a link
    return {"bytes": size, "answers": answers, "server": server}


def restore(url: str, path) -> dict:
    """Restore the backup ``path`` into the EMPTY database of ``url`` (the owner's login, which may make
    logins): refused, with nothing changed, when the database holds any table or function, or when
    ``pg_restore`` is missing or older than the server. One transaction: a backup it cannot read
    leaves the database empty. Then every learner and teacher the backup names gets a login. Returns
    the answers and members restored."""
    import sqlalchemy as sa

    tool, client = _tool("pg_restore")
    try:
        with open(path, "rb") as f:
            if f.read(5) != b"PGDMP":
                raise ClassError(
                    f"{os.fspath(path)!r} is not a backup made by mjlearn class backup (pg_dump's "
                    f"custom format)  （{os.fspath(path)!r} 不是 mjlearn class backup 做的备份）"
                )
    except OSError as e:
        raise ClassError(f"cannot read {os.fspath(path)!r}: {e.strerror}  （无法读取备份文件）") from None
    engine = _engine(url)
    try:
        with engine.begin() as c:
            server, may = _server(c)
            where = c.exec_driver_sql("SELECT current_database()").scalar()
            if not may:
                raise ClassError(
                    "only a login that may make logins (the class's owner) restores a class database  "
                    "（只有可建立账号的所有者账号才能恢复班级数据库）"
                )
            used = c.exec_driver_sql(
                "SELECT (SELECT count(*) FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace "
                "        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%%')"
                " + (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
                "    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))"
            ).scalar()
            if used:
                raise ClassError(
                    f"the database {where!r} is not empty ({used} tables or functions): restore into "
                    f"a new, empty database (createdb)  （数据库 {where!r} 不是空的，请恢复到新建的空数据库）"
                )
            _check_versions("pg_restore", client, server)
            for group in GROUPS.values():  # logins live outside a database: a new server has none of them
                if not c.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %(g)s", {"g": group}).scalar():
                    c.exec_driver_sql(f'CREATE ROLE "{group}" NOLOGIN')
    except sa.exc.DBAPIError as e:
        raise _refused(e, "the restore", url) from None
    finally:
        engine.dispose()
    p = subprocess.run(
        [
            tool,
            "--no-owner",
            "--single-transaction",
            "--exit-on-error",
            "--no-password",
            "--dbname",
            _libpq_env(url).get("PGDATABASE", ""),
            os.fspath(path),
        ],
        check=False,
        capture_output=True,
        text=True,
        env=_libpq_env(url),
    )
    if p.returncode != 0:
        raise ClassError(
            f"pg_restore failed, and the database is as it was: {_last_line(p.stderr)}  "
            f"（pg_restore 恢复失败，数据库没有改动）"
        )
    engine = _engine(url)
    try:
        with engine.begin() as c:
            members = c.exec_driver_sql("SELECT DISTINCT username, role FROM class_members").all()
            answered = set(c.exec_driver_sql('SELECT DISTINCT "user" FROM answers').scalars())
            teachers = {u for u, r in members if r == "teacher"}
            learners = ({u for u, r in members if r == "learner"} | answered) - teachers
            password_of = _password_of()
            for kind, people in (("teacher", teachers), ("learner", learners)):
                ensure_logins(c, sorted(people), GROUPS[kind], password_of)
            answers = int(c.exec_driver_sql("SELECT count(*) FROM answers").scalar())
    except sa.exc.DBAPIError as e:
        raise _refused(e, "making the restored class's logins", url) from None
    finally:
        engine.dispose()
    return {"answers": answers, "learners": len(learners), "teachers": len(teachers)}
