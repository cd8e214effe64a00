"""Where the progress store lives and what its failures mean: the data folder, the database named by
``$MJLEARN_DB``, the learner's name, and every SQLite or file-system error turned into one clear
:class:`~mjlearn.errors.ProgressError` (bilingual, saying what and where).

Part of the storage layer (:mod:`mjlearn.store`): nothing here knows questions or grading."""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import sys
from pathlib import Path

from ..errors import Busy, DatabaseDamaged, DiskFull, NotAFile, NotWritable, ProgressError, StorageIOError
from .salvage import EXPORT_FIELDS

__all__ = [
    "BUSY_TIMEOUT_S",
    "DB_ENV_VAR",
    "ENV_VAR",
    "EXPORT_COLUMNS",
    "data_dir",
    "db_url",
    "default_path",
    "default_user",
    "diagnose_path",
    "iso_time",
    "os_error",
    "sqlite_path_of",
    "translate",
    "with_time",
]

ENV_VAR = "MJLEARN_DATA_DIR"
DB_ENV_VAR = "MJLEARN_DB"
"""A SQLAlchemy URL of the progress database (``postgresql+psycopg://...`` for a class database);
unset, the SQLite file in the data folder."""
BUSY_TIMEOUT_S = 30.0

EXPORT_COLUMNS = ("id", "time", *EXPORT_FIELDS[1:])
"""The columns of an export: the stored fields plus ``time``, the moment of ``at`` (Unix seconds) as
ISO 8601 in UTC with its offset (``2026-12-02T10:35:27+00:00``), which a spreadsheet reads as a date."""


def iso_time(at) -> str | None:
    """Unix seconds as ISO 8601 in UTC, to the second, with its ``+00:00`` offset (None stays None)."""
    if at is None:
        return None
    import datetime as _dt

    return _dt.datetime.fromtimestamp(float(at), _dt.timezone.utc).isoformat(timespec="seconds")


def with_time(row: dict) -> dict:
    out = {"id": row.get("id"), "time": iso_time(row.get("at"))}
    out.update((k, v) for k, v in row.items() if k != "id")
    return out


_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB} if hasattr(sqlite3, "SQLITE_CORRUPT") else {11, 26}  # type: ignore[attr-defined]  # Python 3.11+ names them


def data_dir() -> Path:
    """The user's data folder for mjlearn: ``$MJLEARN_DATA_DIR`` if set, else the platform's
    (``~/.local/share/mjlearn`` or ``$XDG_DATA_HOME/mjlearn``; ``~/Library/Application Support/mjlearn``;
    ``%APPDATA%\\mjlearn``)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mjlearn"


def default_path() -> Path:
    return data_dir() / "progress.db"


def default_user() -> str:
    for var in ("JUPYTERHUB_USER", "MJLEARN_USER", "USER", "USERNAME"):
        if os.environ.get(var):
            return os.environ[var]
    return "learner"


def db_url() -> str | None:
    """``$MJLEARN_DB`` if set (and not empty)."""
    return os.environ.get(DB_ENV_VAR) or None


def sqlite_path_of(url: str) -> Path | None:
    """The file of a ``sqlite:///...`` URL (None for another kind of database)."""
    if not url.startswith("sqlite"):
        return None
    scheme, _, rest = url.partition(":///")
    if not rest or scheme.split("+")[0] != "sqlite":
        raise ValueError(f"{DB_ENV_VAR} must be sqlite:///PATH or a PostgreSQL URL, got {url!r}")
    return Path(rest.split("?")[0])


def is_disk_full(folder: Path) -> bool:
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


def os_error(path: Path, e: OSError, doing: str) -> ProgressError:
    """The ProgressError for an OSError met while ``doing`` something with ``path``."""
    if e.errno == errno.ENOSPC or e.errno == getattr(errno, "EDQUOT", None):
        return DiskFull(path, f"mjlearn progress: no space left on the disk while {doing}", "磁盘已满，无法保存进度")
    if isinstance(e, PermissionError) or e.errno == errno.EROFS:
        return NotWritable(
            path, f"mjlearn progress: not writable ({e.strerror}) while {doing}", "没有写入权限，无法保存进度"
        )
    if isinstance(e, (NotADirectoryError, FileExistsError, IsADirectoryError)):
        return NotAFile(
            path,
            f"mjlearn progress: a file or folder is in the way ({e.strerror}) while {doing}",
            "路径被占用，不是进度数据库所需的文件或文件夹",
        )
    return StorageIOError(path, f"mjlearn progress: input/output error ({e.strerror}) while {doing}", "读写磁盘出错")


def translate(path: Path, e: sqlite3.Error, doing: str) -> ProgressError:
    """The ProgressError for a SQLite error met while ``doing`` something with ``path``."""
    code = getattr(e, "sqlite_errorcode", None)
    primary = code & 0xFF if code is not None else None
    text = " ".join(str(e).split())  # one line, however many problems SQLite listed
    if len(text) > 160:
        text = text[:157] + "..."
    if primary in _DAMAGED or (primary is None and ("malformed" in text or "not a database" in text)):
        damaged = DatabaseDamaged(
            path, f"mjlearn progress: the database is damaged ({text}) while {doing}", "进度数据库已损坏"
        )
        damaged.reason = text
        return damaged
    if primary in (5, 6) or (primary is None and "locked" in text):  # SQLITE_BUSY, SQLITE_LOCKED
        return Busy(
            path,
            f"mjlearn progress: another program kept the database locked ({text}) while {doing}; "
            "close other notebooks or try again",
            "数据库被其他程序占用，请关闭其他笔记本后重试",
        )
    if primary == 13 or (primary == 10 and is_disk_full(path.parent)):  # SQLITE_FULL, or an I/O error on a full disk
        return DiskFull(
            path, f"mjlearn progress: no space left on the disk ({text}) while {doing}", "磁盘已满，无法保存进度"
        )
    if primary in (3, 8, 23):  # SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH
        return NotWritable(path, f"mjlearn progress: not writable ({text}) while {doing}", "没有写入权限，无法保存进度")
    if primary == 14:  # SQLITE_CANTOPEN: say why, if the file system can tell
        return diagnose_path(path) or StorageIOError(
            path, f"mjlearn progress: cannot open the database ({text}) while {doing}", "无法打开进度数据库"
        )
    return StorageIOError(path, f"mjlearn progress: input/output error ({text}) while {doing}", "读写进度数据库出错")


def diagnose_path(path: Path) -> ProgressError | None:
    """Why ``path`` cannot be the progress database, as far as the file system can tell; None if fine."""
    folder = path.parent
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        return os_error(path, e, "looking at the database")
    if st is not None and not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        return NotAFile(
            path,
            f"mjlearn progress: the database path is {what}, not a file; move it away or set {ENV_VAR}",
            "进度数据库的路径不是文件",
        )
    if not folder.is_dir():
        return NotAFile(folder, "mjlearn progress: the data folder is not a folder", "数据文件夹不是文件夹")
    # WAL mode writes -wal and -shm files beside the database: the folder must be writable too, unless
    # both are already there and writable
    sides = [Path(f"{path}-wal"), Path(f"{path}-shm")]
    if not os.access(folder, os.W_OK | os.X_OK) and not all(os.access(p, os.R_OK | os.W_OK) for p in sides):
        return NotWritable(
            folder,
            f"mjlearn progress: the data folder is not writable; fix its permissions or set {ENV_VAR}",
            "数据文件夹不可写",
        )
    if st is not None and not os.access(path, os.R_OK | os.W_OK):
        return NotWritable(
            path, "mjlearn progress: the database file is not readable and writable", "进度数据库文件不可读写"
        )
    return None
