"""``mjlearn hub``: what the person setting up a class's JupyterHub runs on the hub's machine.

::

    mjlearn hub secret --out FILE [--force]   a new class secret (256 bits) in FILE, readable by you only
    mjlearn hub approve NAME                  approve the sign-up of NAME (a teacher) on the hub

The secret never appears on the terminal: the hub reads it from the file (``MJLEARN_DB_SECRET_FILE``).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys

from .deploy import SECRET_FILE_ENV, HubConfigError, SecretError, generate_secret

__all__ = ["add_parser", "run", "write_secret"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "hub",
        help="set up a class's JupyterHub / 设置班级的 JupyterHub",
        description="Set up a class's JupyterHub: make its secret, approve a teacher's sign-up. "
        "设置班级的 JupyterHub：生成密钥、批准老师的注册。",
    )
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    s = sub.add_parser(
        "secret",
        help="make the class secret / 生成班级密钥",
        description="Write a new class secret (256 random bits) into FILE, readable by you only; "
        f"the hub reads it from there ({SECRET_FILE_ENV}=FILE). It is never printed. "
        "生成新的班级密钥（256 位随机数）写入文件，仅本人可读；不会显示在屏幕上。",
    )
    s.add_argument("--out", required=True, metavar="FILE", help="the file to create / 要创建的文件")
    s.add_argument(
        "--force",
        action="store_true",
        help="replace FILE if it exists (every learner's database password changes) / 覆盖已有文件",
    )
    a = sub.add_parser(
        "approve",
        help="approve a sign-up (the teachers') / 批准注册",
        description="Approve the sign-up of NAME on the hub, from the hub's machine: how the "
        "teachers are approved; they approve the learners on the hub's page. "
        "在 hub 所在机器上批准 NAME 的注册（用于老师；学员由老师在网页上批准）。",
    )
    a.add_argument("name", metavar="NAME", help="the name they signed up with / 注册名")
    a.add_argument(
        "--state",
        help="the hub's state folder (default: MJLEARN_HUB_STATE, else ~/.local/share/mjlearn-hub) / hub 的状态文件夹",
    )
    a.add_argument("--root", help="the class server's folder (mjlearn server start --root): its hub / 班级服务器文件夹")
    p.set_defaults(func=run)
    return p


def write_secret(path: str, force: bool = False) -> str:
    """Create ``path`` (mode 0600) holding a new secret; never through a symlink, never over an existing
    file unless ``force`` (then the file is replaced whole, by a rename). Returns the path."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise HubConfigError(
                f"{path} is a symbolic link: the secret is never written through one; "
                f"choose another file  （{path} 是符号链接，密钥不会写入其中；请换一个文件）"
            )
        if not stat.S_ISREG(st.st_mode):
            raise HubConfigError(f"{path} exists and is not a file  （{path} 已存在且不是普通文件）")
        if not force:
            raise HubConfigError(
                f"{path} exists already: it may hold the secret the hub uses; --force replaces it "
                f"(every learner's database password changes)  （{path} 已存在；用 --force 覆盖，"
                f"所有学员的数据库密码都会改变）"
            )
    if not os.path.isdir(folder):
        raise HubConfigError(f"the folder {folder} does not exist  （文件夹 {folder} 不存在）")
    secret = generate_secret() + "\n"
    target = path if st is None else os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.new")
    # O_EXCL: a file or symlink put there meanwhile is refused, never followed or truncated
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(target, flags, 0o600)
    except FileExistsError:
        raise HubConfigError(
            f"{target} appeared while writing; nothing was written  （写入时 {target} 已出现，未写入任何内容）"
        ) from None
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secret)
            f.flush()
            os.fsync(f.fileno())
        if target != path:
            os.replace(target, path)  # replaces the name itself: a symlink put there now is replaced, not followed
    except BaseException:
        if target != path:
            try:
                os.unlink(target)
            except FileNotFoundError:
                pass
        raise
    return path


def run(args) -> int:
    try:
        if args.action == "secret":
            path = write_secret(args.out, args.force)
            print(
                f"a new class secret is in {path} (readable by you only); start the hub with "
                f"{SECRET_FILE_ENV}={os.path.abspath(path)}  （新的班级密钥已写入 {path}，仅本人可读）"
            )
        elif args.action == "approve":
            from .deploy.signups import approve, hub_database

            state = os.path.join(args.root, "hub") if args.root else args.state
            changed = approve(args.name, hub_database(state))
            print(f"{args.name} is approved{'' if changed else ' already'} / {args.name} 已获批准")
    except (HubConfigError, SecretError) as e:
        print(f"mjlearn hub: {e}", file=sys.stderr)
        return 2
    return 0
