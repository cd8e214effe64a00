"""Each hub user's own system account, made when their server first starts.

The hub's configuration (``jupyterhub_config.py``) runs every learner's and teacher's JupyterLab with
JupyterHub's ``LocalProcessSpawner`` as that user's own system account, never as the hub's (root) and
never as another user's. :func:`ensure_account` is its ``pre_spawn_hook``: on a user's first start it
makes the account (``useradd``), with a home in the homes folder that only that user may enter (0700);
on every start it checks the account again. An account the hub did not make itself (``root``,
``postgres``, a colleague's login) is refused whatever its name, so signing up as ``root`` or as the
database's system user gives nobody their files.

The hub must run as root to make accounts and start servers as them (JupyterHub's own requirement for
the local spawner). On a machine with systemd, ``systemdspawner.SystemdSpawner`` with ``dynamic_users``
does the same without accounts kept (TEACHERS.md, "On a JupyterHub").
"""

from __future__ import annotations

import os
import pwd
import re
import stat
import subprocess
import threading
from pathlib import Path

from ..errors import MjlearnError

__all__ = ["MARK", "NAME_PATTERN", "AccountError", "closed_to_others", "ensure_account", "first_uid", "homes_folder"]

MARK = "mjlearn hub user"
"""The comment (GECOS field) of every account the hub made: the hub uses no other account."""

NAME_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"
"""Hub names that are also safe system logins (lower case, at most 32 characters): the authenticator
refuses other names when the hub makes accounts, so a name never has to be changed to become a login."""

_LOCK = threading.Lock()  # useradd locks /etc/passwd: one account at a time


class AccountError(MjlearnError, RuntimeError):
    """A user's server cannot be started as their own account. One line, English then Chinese."""

    heading = ("无法为该用户启动服务器", "The server cannot start as this user")


def first_uid(login_defs: str | os.PathLike = "/etc/login.defs") -> int:
    """The first uid of ordinary (not system) accounts on this machine: ``UID_MIN``, else 1000."""
    try:
        text = Path(login_defs).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return 1000
    found = re.search(r"^\s*UID_MIN\s+(\d+)\s*$", text, re.MULTILINE)
    return int(found.group(1)) if found else 1000


def closed_to_others(program: str | os.PathLike) -> Path | None:
    """The first folder on the way to ``program`` (as given, then through its symlinks) that other
    accounts may not enter, or the program itself if they may not run it; None when anyone may run it."""
    for path in (Path(os.path.abspath(program)), Path(os.path.realpath(program))):
        for folder in reversed(path.parents):
            if not os.stat(folder).st_mode & stat.S_IXOTH:
                return folder
        if not os.stat(path).st_mode & stat.S_IXOTH:
            return path
    return None


def homes_folder(path: str | os.PathLike) -> Path:
    """The folder holding the users' homes, made if missing (0755, root's): refused when others may
    write into it (they could replace a home) or when it is a symlink."""
    folder = Path(path)
    folder.mkdir(mode=0o755, parents=True, exist_ok=True)
    st = folder.lstat()
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise AccountError(
            f"the homes folder {folder} is not a plain folder  （用户主目录所在的 {folder} 不是普通文件夹）"
        )
    if st.st_uid != os.geteuid() or st.st_mode & 0o022:
        raise AccountError(
            f"the homes folder {folder} may be changed by others (owner uid {st.st_uid}, mode "
            f"{stat.S_IMODE(st.st_mode):o}); it must be the hub's, mode 755  （用户主目录所在的 {folder} "
            f"其他人可以修改；应属于运行 hub 的用户，权限 755）"
        )
    return folder


def _refuse(name: str, why_en: str, why_zh: str):
    raise AccountError(f"{name!r}: {why_en}  （{name!r}：{why_zh}）")


def ensure_account(name: str, homes: str | os.PathLike) -> pwd.struct_passwd:
    """The system account of hub user ``name``, made on first use (``useradd``: its own group, a home
    ``homes/name`` with mode 0700, bash); an :class:`AccountError` when ``name`` is not a safe login or
    belongs to an account the hub did not make (root, system accounts, anyone else's)."""
    if not re.fullmatch(NAME_PATTERN, name):
        _refuse(
            name,
            "not a name the hub makes accounts for (lower-case letters, digits, _ and -, starting "
            "with a letter, at most 32)",
            "hub 只为小写字母开头、由小写字母、数字、_ 和 - 组成、最多 32 个字符的名字建账号",
        )
    base = homes_folder(homes)
    home = base / name
    with _LOCK:
        try:
            account = pwd.getpwnam(name)
        except KeyError:
            made = subprocess.run(
                [
                    "useradd",
                    "--create-home",
                    "--home-dir",
                    str(home),
                    "--shell",
                    "/bin/bash",
                    "--comment",
                    MARK,
                    "--user-group",
                    "--key",
                    "HOME_MODE=0700",
                    "--",
                    name,
                ],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            if made.returncode != 0:
                _refuse(name, f"useradd failed: {made.stderr.strip() or made.returncode}", "创建系统账号失败")
            account = pwd.getpwnam(name)
    if account.pw_gecos.split(",")[0] != MARK:
        _refuse(
            name,
            "a system account of that name exists that the hub did not make; the hub never starts a server as it",
            "本机已有同名系统账号，并非 hub 所建；hub 不会以它的身份启动服务器",
        )
    if account.pw_uid == 0 or account.pw_uid < first_uid() or account.pw_gid == 0:
        _refuse(
            name,
            f"its uid {account.pw_uid} is root's or a system account's",
            f"其 uid {account.pw_uid} 属于 root 或系统账号",
        )
    if Path(account.pw_dir) != home:
        _refuse(name, f"its home {account.pw_dir} is not {home}", f"其主目录 {account.pw_dir} 不是 {home}")
    _private_home(name, home, account)
    return account


def _private_home(name: str, home: Path, account: pwd.struct_passwd) -> None:
    """The home is a folder (not a symlink) owned by the account, mode 0700: no one else may enter it."""
    try:
        st = home.lstat()
    except FileNotFoundError:
        home.mkdir(mode=0o700)
        os.chown(home, account.pw_uid, account.pw_gid)
        st = home.lstat()
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        _refuse(name, f"its home {home} is not a plain folder", f"其主目录 {home} 不是普通文件夹")
    if st.st_uid != account.pw_uid:
        _refuse(name, f"its home {home} belongs to uid {st.st_uid}", f"其主目录 {home} 属于 uid {st.st_uid}")
    if stat.S_IMODE(st.st_mode) != 0o700:
        os.chmod(home, 0o700)
