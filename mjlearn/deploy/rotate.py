"""``mjlearn server rotate-secret --root ROOT``: a new class secret, and every login's password with it.

Every learner's and teacher's database password is derived from the class secret
(:func:`mjlearn.deploy.role_password`), so a new secret means a new password for every login mjlearn made
(the members of its learner and teacher groups), set in one transaction as the owner. Logins mjlearn did
not make are not touched.

Crash safety: the new secret is first written to ``ROOT/secrets/class.secret.new`` (mode 600, created
exclusively, never through a symbolic link), then the passwords are changed and committed, then that file
is renamed over ``class.secret``. A run that finds ``class.secret.new`` finishes with that secret, never a
third one, so a crash anywhere leaves the next run able to make everything agree.

It is refused while the hub runs: the learners' servers hold their passwords from the old secret, and an
answer refused for a wrong password is not kept in the learner's spool (only an unreachable database's
answers are, ``mjlearn.store.postgres``), so rotating under running servers would lose answers.
"""

from __future__ import annotations

import fcntl
import os
import stat
import sys
from pathlib import Path

from ..db import GROUPS, ClassError, ensure_logins
from . import generate_secret, read_secret_file, role_password
from .cluster import _refuse
from .server import Server, ServerError

__all__ = ["PENDING_NAME", "rotate_secret"]

PENDING_NAME = "class.secret.new"


def _not_a_link(path: Path) -> bool:
    """True when ``path`` exists (a plain file); refused when it is a symbolic link or anything else."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(st.st_mode):
        _refuse(
            f"{path} is a symbolic link: the class secret is never read or written through one; "
            f"put the real file there; nothing was changed",
            f"{path} 是符号链接：班级密钥不会经由符号链接读写；未做任何更改",
        )
    if not stat.S_ISREG(st.st_mode):
        _refuse(f"{path} is not a plain file; nothing was changed", f"{path} 不是普通文件；未做任何更改")
    return True


def _write_pending(path: Path, secret: str) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(path, flags, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secret + "\n")
        f.flush()
        os.fsync(f.fileno())
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _install(pending: Path, target: Path) -> None:
    """Put the new secret in place: one rename, atomic (never a half-written secret file)."""
    os.replace(pending, target)
    _sync_folder(target.parent)


def _members(c) -> dict[str, list[str]]:
    """The logins of each mjlearn group (``GROUPS``' keys), by name."""
    found: dict[str, list[str]] = {}
    for kind, group in GROUPS.items():
        found[kind] = [
            name
            for (name,) in c.exec_driver_sql(
                "SELECT r.rolname FROM pg_roles r JOIN pg_auth_members m ON m.member = r.oid "
                "JOIN pg_roles g ON g.oid = m.roleid WHERE g.rolname = %(g)s ORDER BY 1",
                {"g": group},
            )
        ]
    return found


def _lock(folder: Path) -> int:
    """An exclusive lock on ``folder`` (held until the process ends or the descriptor is closed): one
    rotation at a time; a second is refused rather than made to wait."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        _refuse(
            f"another mjlearn server rotate-secret is running on {folder}; nothing was changed",
            "另一个更换班级密钥的命令正在运行；未做任何更改",
        )
    return fd


def rotate_secret(server: Server, out=sys.stdout) -> int:
    """Give the class server in ``server.root`` a new class secret and every mjlearn login its new
    password; returns how many logins changed. Refused (ServerError, nothing changed) when the root holds
    no class server, a secret file is a symbolic link or readable by others, the hub is running, or the
    database is not, or another rotation is under way."""
    server.check_root(create=False)
    if not (server.settings_file.exists() and server.owner_pw.exists()):
        _refuse(
            f"{server.root} holds no class server (no server.json or owner's password): give the folder "
            f"given to mjlearn server start; nothing was changed",
            f"{server.root} 中没有班级服务器；未做任何更改",
        )
    lock = _lock(server.secrets)
    try:
        return _rotate(server, out)
    finally:
        os.close(lock)


def _rotate(server: Server, out) -> int:
    import sqlalchemy as sa  # (light to import this module: the CLI's parser imports it late)

    pending = server.secrets / PENDING_NAME
    has_old, has_pending = _not_a_link(server.class_secret), _not_a_link(pending)
    if not (has_old or has_pending):
        _refuse(
            f"{server.class_secret} is missing: this root holds no class secret; nothing was changed",
            f"缺少班级密钥文件 {server.class_secret}；未做任何更改",
        )
    server.check_secret_files()
    secret = read_secret_file(pending) if has_pending else None  # an earlier run's: finished with it
    if has_old:
        read_secret_file(server.class_secret)  # a damaged one is said now, before anything changes
    pid = server.hub_pid()
    if pid is not None:
        _refuse(
            f"the hub is running (pid {pid}): its learners' servers hold passwords from the old secret, and "
            f"an answer refused for a wrong password is not kept; stop the hub first (mjlearn server stop "
            f"--root {server.root} --hub-only, or systemctl stop mjlearn-hub) and run this again; nothing "
            f"was changed",
            f"hub 正在运行（进程 {pid}）：学员的服务器持有旧密码，因密码错误被拒的回答不会保存；请先只停止 hub"
            f"（mjlearn server stop --hub-only）再运行；未做任何更改",
        )
    if not server.cluster.running():
        _refuse(
            f"the class database of {server.root} is not running: start the server (mjlearn server start "
            f"--root {server.root}), stop only its hub (mjlearn server stop --root {server.root} --hub-only) "
            f"and run this again; nothing was changed",
            "班级数据库没有在运行：请先启动服务器，再只停止 hub（--hub-only），然后重新运行；未做任何更改",
        )
    engine = sa.create_engine(server.owner_url())
    try:
        with engine.connect() as c:  # every login is checked before the new secret exists anywhere
            logins = _members(c)
            c.rollback()
        made = secret is None
        if secret is None:
            secret = generate_secret()
            _write_pending(pending, secret)
        try:
            with engine.begin() as c:
                for kind, roles in logins.items():
                    ensure_logins(c, roles, GROUPS[kind], lambda login: role_password(login, secret))
        except ClassError as e:  # a login mjlearn may not change: refused before the commit, rolled back
            if made:
                pending.unlink()
            raise ServerError(f"{e}; nothing was changed  （未做任何更改）") from None
    except sa.exc.OperationalError as e:
        reason = " ".join(str(e.orig or e).split())[:200]
        kept = f"; run this again to finish with {pending}" if pending.exists() else ""
        _refuse(
            f"the class database refused the owner's login or went away ({reason}){kept}",
            "班级数据库拒绝了所有者登录或连接中断" + ("；请重新运行以完成" if kept else ""),
        )
    finally:
        engine.dispose()
    _install(pending, server.class_secret)
    changed = sum(len(roles) for roles in logins.values())
    print(
        f"The class secret is new and {changed} learners' and teachers' logins have their new passwords. "
        f"Start the hub again (mjlearn server start --root {server.root}, or systemctl start mjlearn-hub); "
        f"a learner's server started after that connects with their new password, and answers kept on "
        f"their computer are sent then. A password written elsewhere from the old secret (~/.pgpass by "
        f"mjlearn class login --pgpass) must be written again. "
        f"班级密钥已更换，{changed} 个学员和老师账号已改用新密码。请重新启动 hub（mjlearn server start --root "
        f"{server.root}）；之后启动的学员服务器会用新密码连接，保存在本机的回答届时发送。用旧密钥写入别处的密码"
        f"（如 ~/.pgpass）需要重新写入。",
        file=out,
    )
    return changed
