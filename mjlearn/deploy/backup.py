"""``mjlearn server backup/restore --root ROOT FILE``: a class server's database and its learners' homes
in one archive.

The archive is a gzip'd tar file (Python's :mod:`tarfile`) holding ``class.dump`` (the database, written
by :func:`mjlearn.db.backup.backup`: pg_dump's custom format) and ``homes/`` (``ROOT/homes`` as it is:
owners, modes and symbolic links kept as entries, never followed). It is written like ``class backup``'s
file: refused when it exists (unless ``force``) or is a symbolic link, made under a private temporary
name, mode 600, and moved over its name.

A restore goes into a server root whose database holds no data (a new ``mjlearn server start`` makes
the empty tables: those are dropped with the database and made again by the dump) and whose homes folder
is empty or absent, with the hub stopped. Every member of the archive is checked before anything changes:
only ``class.dump`` and entries below ``homes/``, no absolute path, no ``..``, no link leaving
``homes/``, no device or FIFO; then the homes are extracted with tarfile's ``filter="data"`` (a second
line of defence, which also drops set-uid bits and group/other write bits; folders get their archived
mode back, as the filter would leave them 755) into a new folder beside
``homes`` and renamed into place after the database is restored. Owners are given back by account
name, only for accounts that exist on this machine (and only when running as root).
"""

from __future__ import annotations

import os
import posixpath
import pwd
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

from ..buildfolder import write_whole
from ..db import ClassError
from ..db import backup as dbbackup
from ..db.admin import claim_output
from .cluster import _refuse
from .server import Server, ServerError

__all__ = ["backup", "restore"]

DUMP = "class.dump"


def _usable(server: Server) -> None:
    """A class server's root with its database running and its hub stopped (else refused)."""
    server.check_root(create=False)
    if not (server.settings_file.exists() and server.owner_pw.exists()):
        _refuse(
            f"{server.root} holds no class server (no server.json or owner's password); nothing was changed",
            f"{server.root} 中没有班级服务器；未做任何更改",
        )
    server.check_secret_files()
    if not server.cluster.running():
        _refuse(
            f"the class database of {server.root} is not running: start it (mjlearn server start --root "
            f"{server.root}); nothing was changed",
            "班级数据库没有在运行：请先启动；未做任何更改",
        )


def backup(server: Server, path, *, force: bool = False) -> dict:
    """Write ``server``'s database and homes folder to the new archive ``path``; returns the answers and
    the homes' entries it holds."""
    _usable(server)
    try:
        folder, name = claim_output(path, force)
        folder.close()  # checked before the (long) dump; checked again when it is written
        with tempfile.TemporaryDirectory(prefix="mjlearn-server-backup-") as private:  # 0700
            dump = Path(private) / DUMP
            said = dbbackup.backup(server.owner_url(), dump)
            made = Path(private) / "server.tar.gz"
            entries = 0
            with tarfile.open(made, "w:gz", format=tarfile.PAX_FORMAT) as tar:
                tar.add(dump, arcname=DUMP)
                if os.path.lexists(server.homes):
                    for dirpath, dirnames, filenames in os.walk(server.homes):  # links are never followed
                        dirnames.sort()
                        rel = os.path.relpath(dirpath, server.homes)
                        here = "homes" if rel == "." else posixpath.join("homes", *Path(rel).parts)
                        tar.add(dirpath, arcname=here, recursive=False)
                        entries += 1
                        for child in sorted(filenames) + [d for d in dirnames if os.path.islink(Path(dirpath, d))]:
                            tar.add(Path(dirpath, child), arcname=f"{here}/{child}", recursive=False)
                            entries += 1
            folder, name = claim_output(path, force)
            with folder:
                write_whole(folder, name, made, durable=True, mode=0o600)
    except ClassError as e:
        raise ServerError(str(e)) from None
    except OSError as e:  # a home this account may not read: the archive is only written whole
        _refuse(
            f"cannot read {e.filename or server.homes}: {e.strerror} (run this as root); no backup was written",
            f"无法读取 {e.filename or server.homes}（请以 root 运行）；没有写入备份",
        )
    return {"answers": said["answers"], "entries": entries}


def _check_member(m: tarfile.TarInfo, where: str) -> None:
    """Refuse a member that is not ``class.dump`` or below ``homes/``, or that could leave it."""

    def bad(why_en: str, why_zh: str):
        _refuse(
            f"{where} is not a safe mjlearn server backup: member {m.name!r} {why_en}; nothing was changed",
            f"{where} 不是安全的 mjlearn 服务器备份：成员 {m.name!r} {why_zh}；未做任何更改",
        )

    name = m.name
    if name.startswith("/") or posixpath.isabs(name):
        bad("is an absolute path", "是绝对路径")
    parts = name.split("/")
    if ".." in parts:
        bad("contains '..'", "含有 '..'")
    if name == DUMP:
        if not m.isfile():
            bad("is not a plain file", "不是普通文件")
        return
    if parts[0] != "homes":
        bad("is outside homes/", "不在 homes/ 之内")
    if name == "homes" and not m.isdir():
        bad("is not a folder", "不是文件夹")
    if not (m.isfile() or m.isdir() or m.issym() or m.islnk()):
        bad("is a device, FIFO or other special file", "是设备或特殊文件")
    if m.issym() or m.islnk():
        target = m.linkname
        if target.startswith("/"):
            bad(f"links to the absolute path {target!r}", f"链接到绝对路径 {target!r}")
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(name), target) if m.issym() else target)
        if joined != "homes" and not joined.startswith("homes/"):
            bad(f"links outside homes/ ({target!r})", f"链接到 homes/ 之外（{target!r}）")


def _data_free(url: str) -> bool:
    """True when the database holds no row but the schema's own bookkeeping (Alembic's revision and the
    ``meta`` table): what a new server's ``mjlearn server start`` leaves."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            tables = c.exec_driver_sql(
                "SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) FROM pg_tables "
                "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') "
                "AND tablename NOT IN ('alembic_version', 'meta')"
            ).scalars()
            found = list(tables)  # quoted by quote_ident above
            return not any(c.exec_driver_sql(f"SELECT EXISTS (SELECT 1 FROM {t})").scalar() for t in found)  # noqa: S608
    finally:
        engine.dispose()


def _recreate(server: Server) -> None:
    """Drop the class database (checked to hold no data) and make it again empty, for the dump."""
    import sqlalchemy as sa

    url = server.owner_url()
    name = url.rsplit("/", 1)[1]
    engine = sa.create_engine(url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
            c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    finally:
        engine.dispose()


def _give_owners(top: Path, members: list[tarfile.TarInfo]) -> int:
    """Give each extracted folder its archived mode (the data filter makes folders 755, which would open
    a private home to everyone; group and other write stay cleared, as the filter does for files) and
    each entry its archived owner when that account exists here; returns how many owners were given."""
    for m in sorted((m for m in members if m.isdir()), key=lambda m: m.name, reverse=True):
        os.chmod(top / m.name, m.mode & 0o755)
    if os.geteuid() != 0:
        return 0
    given = 0
    for m in members:
        if not m.name.startswith("homes"):
            continue
        try:
            user = pwd.getpwnam(m.uname) if m.uname else None
        except KeyError:
            user = None
        if user is None:
            continue
        os.lchown(top / m.name, user.pw_uid, user.pw_gid)
        given += 1
    return given


def restore(server: Server, path) -> dict:
    """Restore the archive ``path`` into ``server`` (database with no data, homes empty or absent, hub
    stopped); refused with nothing changed otherwise. Returns the answers, homes' entries and owners."""
    _usable(server)
    where = os.fspath(path)
    pid = server.hub_pid()
    if pid is not None:
        _refuse(
            f"the hub is running (pid {pid}): stop it first (mjlearn server stop --root {server.root} "
            f"--hub-only); nothing was changed",
            f"hub 正在运行（进程 {pid}）：请先只停止 hub（--hub-only）；未做任何更改",
        )
    try:
        tar = tarfile.open(where, "r:gz")
    except (OSError, tarfile.TarError) as e:
        _refuse(
            f"cannot read {where!r} as an mjlearn server backup ({e}); nothing was changed",
            f"无法读取服务器备份 {where!r}；未做任何更改",
        )
    with tar:
        try:
            members = tar.getmembers()
        except (OSError, tarfile.TarError, EOFError) as e:
            _refuse(f"{where!r} is damaged ({e}); nothing was changed", f"备份文件 {where!r} 已损坏；未做任何更改")
        for m in members:
            _check_member(m, where)
        if [m.name for m in members].count(DUMP) != 1:
            _refuse(
                f"{where!r} holds no database dump ({DUMP}); nothing was changed",
                f"{where!r} 中没有数据库备份；未做任何更改",
            )
        if server.homes.is_symlink() or (server.homes.exists() and any(server.homes.iterdir())):
            _refuse(
                f"{server.homes} is not empty: restore into a new server whose homes folder is empty; "
                f"nothing was changed",
                f"{server.homes} 不是空的：请恢复到 homes 为空的新服务器；未做任何更改",
            )
        if not _data_free(server.owner_url()):
            _refuse(
                f"the class database of {server.root} holds data: restore into a new server; nothing was changed",
                f"{server.root} 的班级数据库中已有数据：请恢复到新的服务器；未做任何更改",
            )
        homes = [m for m in members if m.name != DUMP]
        with tempfile.TemporaryDirectory(prefix="mjlearn-server-restore-") as private:
            tar.extract(tar.getmember(DUMP), private, filter="data")
            with open(Path(private) / DUMP, "rb") as f:  # before the empty database is made again
                if f.read(5) != b"PGDMP":
                    _refuse(
                        f"{where!r} holds no database dump of pg_dump ({DUMP}); nothing was changed",
                        f"{where!r} 中的 {DUMP} 不是 pg_dump 的备份；未做任何更改",
                    )
            stage = Path(tempfile.mkdtemp(prefix=".homes-restore-", dir=server.root))
            try:
                tar.extractall(stage, members=homes, filter="data")
                owners = _give_owners(stage, homes)
                _recreate(server)
                kept = {k: os.environ.pop(k, None) for k in ("MJLEARN_DB_SECRET", "MJLEARN_DB_SECRET_FILE")}
                os.environ["MJLEARN_DB_SECRET_FILE"] = str(server.class_secret)  # logins' passwords: this server's
                try:
                    said = dbbackup.restore(server.owner_url(), Path(private) / DUMP)
                except ClassError as e:
                    server.cluster.create(server.owner_url())  # the empty schema back, as before
                    raise ServerError(f"{e}") from None
                finally:
                    os.environ.pop("MJLEARN_DB_SECRET_FILE")
                    os.environ.update({k: v for k, v in kept.items() if v is not None})
                got = stage / "homes"
                if not got.exists():
                    got.mkdir(mode=0o755)
                if server.homes.exists():
                    server.homes.rmdir()  # empty, checked above
                os.replace(got, server.homes)
            finally:
                shutil.rmtree(stage, ignore_errors=True)
    return {"answers": said["answers"], "entries": len(homes), "owners": owners}


def report(done: dict, action: str, out=sys.stdout) -> None:
    if action == "backup":
        print(
            f"backed up {done['answers']} answers and {done['entries']} entries of the learners' homes / "
            f"已备份 {done['answers']} 条回答和学员主目录的 {done['entries']} 项",
            file=out,
        )
    else:
        print(
            f"restored {done['answers']} answers and {done['entries']} entries of the learners' homes "
            f"({done['owners']} owners given back); start the server again / 已恢复 {done['answers']} 条回答"
            f"和学员主目录的 {done['entries']} 项；请重新启动服务器",
            file=out,
        )
