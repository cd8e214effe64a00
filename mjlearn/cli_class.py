"""``mjlearn class``: a teacher's classes and assignments, a learner joining with a class code.

::

    mjlearn class create NAME [--code CODE] [--teacher T ...]
    mjlearn class add NAME USER... [--teacher]
    mjlearn class assign NAME QUIZSET --due YYYY-MM-DD
    mjlearn class report NAME [--json] [--out FILE]
    mjlearn class join CODE
    mjlearn class list
    mjlearn class login NAME [--pgpass]
    mjlearn class import NAME FILE.csv / export NAME FILE.csv [--force]
    mjlearn class remove NAME USER... [--delete-answers]
    mjlearn class rename OLD NEW
    mjlearn class forget USER [--yes]
    mjlearn class backup FILE [--force] / restore FILE

The database is ``$MJLEARN_DB`` (a class database), else the SQLite file of this computer (a teacher's
single-machine class).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "class",
        help="classes and assignments / 班级与作业",
        description="A teacher's classes, learners and assignments; a learner joins with a class code. "
        "老师的班级、学员与作业；学员可用班级代码加入。",
    )
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = sub.add_parser(
        "create",
        help="create a class / 建班",
        description="Create a class; prints the code learners may join with. 建班，并给出班级代码。",
    )
    c.add_argument("name", help="the class's name, e.g. spring / 班级名")
    c.add_argument("--code", help="the code learners join with (default: made up) / 班级代码")
    c.add_argument("--teacher", action="append", help="a teacher of the class (default: you); repeat for more / 老师")
    a = sub.add_parser(
        "add",
        help="add learners to a class / 添加学员",
        description="Add learners (or, with --teacher, teachers) to a class; on a class database "
        "each also gets a login. 向班级添加学员（或老师）。",
    )
    a.add_argument("name", help="the class's name / 班级名")
    a.add_argument("users", nargs="+", help="their names (on a hub: their hub names) / 学员名")
    a.add_argument("--teacher", action="store_true", help="add them as teachers instead / 作为老师加入")
    s = sub.add_parser(
        "assign",
        help="assign a quiz set with a due date / 布置作业",
        description="Assign a quiz set to a class, with a due date. 给班级布置题集和截止日期。",
    )
    s.add_argument("name", help="the class's name / 班级名")
    s.add_argument(
        "quiz_set",
        metavar="QUIZSET",
        help="a quiz set file, or the name of a shipped one (week1_tiles_and_waits.json, mcr_scoring.json...) / 题集",
    )
    s.add_argument("--due", help="due date, YYYY-MM-DD (end of that day, UTC) / 截止日期")
    r = sub.add_parser(
        "report",
        help="the class's results (its teachers only) / 班级报告",
        description="Who answered what, per learner, topic and assignment (the class's teachers "
        "only). 班级报告（仅限本班老师）。",
    )
    r.add_argument("name", help="the class's name / 班级名")
    r.add_argument("--json", action="store_true", help="as JSON: each learner's counts per topic and assignment")
    r.add_argument("--out", help="write the report to this file too / 同时写入文件")
    j = sub.add_parser(
        "join",
        help="join a class with its code / 用代码加入班级",
        description="Join a class with the code your teacher gave you. 用老师给的代码加入班级。",
    )
    j.add_argument("code", help="the class code / 班级代码")
    li = sub.add_parser(
        "list",
        help="the classes you may see / 你的班级",
        description="The classes you may see, with their codes. 你能看到的班级及其代码。",
    )
    lg = sub.add_parser(
        "login",
        help="a teacher's or learner's class database login / 数据库登录",
        description="The class database login of NAME: its password, derived from "
        "MJLEARN_DB_SECRET as the hub derives it, and the MJLEARN_DB to use with it. "
        "--pgpass keeps the password in ~/.pgpass so that no URL holds it. "
        "给出 NAME 的班级数据库账号和密码（由 MJLEARN_DB_SECRET 推出）。",
    )
    lg.add_argument("login_name", metavar="NAME", help="the teacher's or learner's name / 名字")
    lg.add_argument(
        "--pgpass",
        action="store_true",
        help="write the password into ~/.pgpass (this computer's account only) / 写入 ~/.pgpass",
    )
    im = sub.add_parser(
        "import",
        help="add everyone of a class list (CSV) / 从名单导入",
        description="Add the learners (and teachers) of a CSV class list to a class: a name per "
        "row, an optional role (learner or teacher); every row is checked first and a bad "
        "one adds no one. 从 CSV 名单添加学员（和老师）；先检查每一行，有错则不添加任何人。",
    )
    im.add_argument("name", help="the class's name / 班级名")
    im.add_argument("file", metavar="FILE.csv", help="the class list / 名单文件")
    ex = sub.add_parser(
        "export",
        help="write a class's list to a CSV file / 导出名单",
        description="Write a class's teachers and learners to a CSV file (bilingual headers), which "
        "class import reads again. 把班级名单写入 CSV 文件。",
    )
    ex.add_argument("name", help="the class's name / 班级名")
    ex.add_argument("file", metavar="FILE.csv", help="the file to write (a new one) / 输出文件")
    ex.add_argument("--force", action="store_true", help="replace FILE.csv if it exists / 覆盖已有文件")
    rm = sub.add_parser(
        "remove",
        help="learners leave a class / 让学员退出班级",
        description="Learners leave a class; their answers stay unless --delete-answers. "
        "学员退出班级；其回答保留（除非加 --delete-answers）。",
    )
    rm.add_argument("name", help="the class's name / 班级名")
    rm.add_argument("users", nargs="+", help="their names / 学员名")
    rm.add_argument(
        "--delete-answers",
        action="store_true",
        help="delete their answers to this class's assignments too / 同时删除其作业回答",
    )
    rn = sub.add_parser(
        "rename",
        help="rename a learner's login / 更改学员账号名",
        description="Rename a learner's (or teacher's) login everywhere: the login, their answers "
        "and classes; refused if NEW exists. 更改账号名（账号、回答、班级）。",
    )
    rn.add_argument("old", metavar="OLD", help="the present name / 现在的名字")
    rn.add_argument("new", metavar="NEW", help="the new name / 新名字")
    fg = sub.add_parser(
        "forget",
        help="delete all of a learner's data / 删除学员的全部数据",
        description="Delete everything the class database holds of a learner: answers, class "
        "memberships, join tries and the login. Without --yes it only counts. "
        "删除学员的全部数据；不加 --yes 时只列出数量。",
    )
    fg.add_argument("who", metavar="NAME", help="the learner's name / 学员名")
    fg.add_argument("--yes", action="store_true", help="really delete / 确认删除")
    bk = sub.add_parser(
        "backup",
        help="back up the class database / 备份班级数据库",
        description="Write the whole class database to FILE with pg_dump (custom format); the "
        "owner's login. 用 pg_dump 备份整个班级数据库（所有者账号）。",
    )
    bk.add_argument("file", metavar="FILE", help="the backup file to write (a new one) / 备份文件")
    bk.add_argument("--force", action="store_true", help="replace FILE if it exists / 覆盖已有文件")
    rs = sub.add_parser(
        "restore",
        help="restore a backup into an empty database / 恢复备份",
        description="Restore a backup of class backup into the empty database MJLEARN_DB names "
        "(make it with createdb), and make every learner's and teacher's login. "
        "把备份恢复到一个新建的空数据库，并建立所有账号。",
    )
    rs.add_argument("file", metavar="FILE", help="the backup file / 备份文件")
    for q in (c, a, s, r, j, li, im, ex, rm, rn, fg):
        q.add_argument(
            "--user",
            help="who you are (default: the hub user, MJLEARN_USER, the class database "
            "login, else the login name) / 你是谁",
        )
    for q in (c, a, s, r, li, lg, im, ex, rm, rn, fg, bk, rs):
        q.add_argument(
            "--root",
            help="the class server's folder (mjlearn server start --root): the owner's login, its "
            "password and the class secret are taken from there / 班级服务器文件夹",
        )
        q.add_argument(
            "--as",
            dest="as_login",
            metavar="NAME",
            help="with --root: act as NAME's own login (a teacher's, for the report), its password "
            "derived from the class secret / 以 NAME 的账号执行（如老师看报告）",
        )
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from .db.classes import ClassError
    from .deploy import SecretError
    from .deploy.server import ServerError
    from .errors import ProgressError

    try:
        _server_login(args)
        return _run(args)
    except (SecretError, ServerError) as e:
        print(f"mjlearn class: {e}", file=sys.stderr)
        return 2
    except (ClassError, ProgressError) as e:
        print(f"mjlearn class: {_said(e)}", file=sys.stderr)
        return 2


def _server_login(args) -> None:
    """With ``--root``: this process's MJLEARN_DB is the server's owner's login, or with ``--as NAME``
    NAME's own login (the password derived from the class secret), so that one terminal runs the owner's
    commands and the teacher's report without setting PGPASSWORD by hand."""
    import os

    from .db import role_name
    from .deploy import SECRET_ENV, SECRET_FILE_ENV, read_secret_file, role_password
    from .deploy.server import Server, ServerError

    root, who = getattr(args, "root", None), getattr(args, "as_login", None)
    if root is None:
        if who is not None:
            raise ServerError(
                "--as needs --root (the class server's folder, where the class secret is)  （--as 需要与 --root 一起使用）"
            )
        return
    server = Server(root)
    server.check_root(create=False)
    server.check_secret_files()
    for var in ("PGPASSWORD", SECRET_ENV, "MJLEARN_DB"):
        os.environ.pop(var, None)
    os.environ[SECRET_FILE_ENV] = str(server.class_secret)
    if who is None:
        if args.action == "report":
            raise ServerError(
                "the report is read with a teacher's own login: add --as NAME (one of the class's teachers)  "
                "（班级报告须用老师自己的账号查看：请加上 --as 老师名）"
            )
        os.environ["MJLEARN_DB"] = server.owner_url()
    else:
        login = role_name(who)
        os.environ["MJLEARN_DB"] = server.login_url(login, role_password(login, read_secret_file(server.class_secret)))


def _said(e) -> str:
    """The one line of a refusal: the real cause of a failed connection, else the error's own words."""
    from .db.classes import ClassError
    from .db.reasons import connection_problem

    if isinstance(e, ClassError):  # its words are already the class's own
        return str(e)
    said = connection_problem(e, str(e.path)) or str(e)  # a progress error's path: host:port/database
    return said.removeprefix("mjlearn progress: ")


def _run(args) -> int:
    from .db.classes import Classroom, report_json, report_text

    if args.action == "login":
        return _login(args)
    if args.action in ("backup", "restore"):
        return _backup(args)
    with Classroom(user=getattr(args, "user", None)) as room:
        if args.action in ("import", "export", "remove", "rename", "forget"):
            return _admin(room, args)
        if args.action == "create":
            code = room.create(args.name, code=args.code, teachers=args.teacher)
            print(f"class {args.name} created; learners join with the code {code} / 已建班，学员用代码 {code} 加入")
        elif args.action == "add":
            logins = room.add(args.name, args.users, "teacher" if args.teacher else "learner")
            print(f"{len(args.users)} added to {args.name} / 已加入班级")
            for given, login in logins.items():
                if login != given:  # too long for PostgreSQL, or a name it reserves
                    print(f"  {given}: database login {login} / 数据库账号 {login}")
        elif args.action == "assign":
            from .db.classes import due_text, parse_due

            when = parse_due(args.due)
            aid = room.assign(args.name, args.quiz_set, args.due)
            print(f"assignment #{aid}: {args.quiz_set} for {args.name}, due {due_text(when)} / 已布置作业 #{aid}")
            if when is not None and when < time.time():
                print(
                    f"mjlearn class: note: the due date {args.due} is already past, so learners see "
                    f"assignment #{aid} as overdue at once / 注意：截止日期已过，学员会看到作业已过期",
                    file=sys.stderr,
                )
        elif args.action == "report":
            rep = room.report(args.name)
            text = report_json(rep) if args.json else report_text(rep)
            if args.out:
                with open(args.out, "w", encoding="utf-8") as f:
                    f.write(text + "\n")
            print(text)
        elif args.action == "join":
            name = room.join(args.code)
            print(f"you joined {name} / 你已加入班级 {name}")
        elif args.action == "list":
            for k in room.classes():
                print(f"{k['name']}  code {k['code']}  {k['learners']} learners / 学员")
    return 0


def _counts(counts: dict) -> str:
    return ", ".join(f"{n} {what}" for what, n in counts.items())


def _admin(room, args) -> int:
    from .db import admin

    if args.action == "import":
        logins = admin.import_list(room, args.name, args.file)
        print(f"{len(logins)} added to {args.name} from {args.file} / 已从名单加入 {len(logins)} 人")
        for given, login in logins.items():
            if login != given:
                print(f"  {given}: database login {login} / 数据库账号 {login}")
    elif args.action == "export":
        n = admin.export_list(room, args.name, args.file, force=args.force)
        print(f"{n} members of {args.name} written to {args.file} / 已导出 {n} 人")
    elif args.action == "remove":
        done = admin.remove(room, args.name, args.users, answers=args.delete_answers)
        kept, kept_zh = ("", "") if args.delete_answers else ("; their answers are kept", "；其回答保留")
        print(
            f"{done['memberships']} removed from {args.name}, {done['answers']} answers deleted{kept} / "
            f"{done['memberships']} 人已退出班级 {args.name}，删除回答 {done['answers']} 条{kept_zh}"
        )
    elif args.action == "rename":
        login = admin.rename(room, args.old, args.new)
        print(f"{args.old} is now {login}: login, answers and classes / 已改名为 {login}")
    elif args.action == "forget":
        if not args.yes:
            counts = admin.forget_counts(room, args.who)
            print(
                f"mjlearn class: this deletes {args.who}'s {_counts(counts)}, and cannot be undone: run again "
                f"with --yes to delete; nothing was changed  （将删除 {args.who} 的全部数据且无法恢复：确认请加 --yes；"
                f"现在没有做任何改动）",
                file=sys.stderr,
            )
            return 2
        counts = admin.forget(room, args.who)
        print(f"deleted of {args.who}: {_counts(counts)} / 已删除 {args.who} 的全部数据")
    return 0


def _backup(args) -> int:
    import os

    from .db import backup
    from .db.classes import ClassError

    url = os.environ.get("MJLEARN_DB")
    if not url or not url.startswith("postgresql"):
        raise ClassError(
            "backup and restore are for a class database: set MJLEARN_DB to the owner's database URL "
            "(a single-machine class is one file: copy it)  （备份和恢复用于班级数据库：请把 MJLEARN_DB "
            "设为所有者的数据库地址；单机班级只需复制其文件）"
        )
    if args.action == "backup":
        done = backup.backup(url, args.file, force=args.force)
        print(f"backed up {done['answers']} answers to {args.file} ({done['bytes']} bytes) / 已备份到 {args.file}")
    else:
        done = backup.restore(url, args.file)
        print(
            f"restored {done['answers']} answers, {done['learners']} learners' and {done['teachers']} "
            f"teachers' logins / 已恢复"
        )
    root = getattr(args, "root", None)
    print(backup.homes_hint(str(Path(root).resolve() / "homes") if root else None))
    return 0


def _login(args) -> int:
    """``mjlearn class login NAME``: NAME's password (from MJLEARN_DB_SECRET) and their MJLEARN_DB."""
    import os

    from .db.classes import ClassError
    from .deploy import SecretError, login_for, secret_from_env

    base = os.environ.get("MJLEARN_DB") or os.environ.get("MJLEARN_DB_TEMPLATE")
    if not base:
        raise ClassError(
            "set MJLEARN_DB_SECRET_FILE (the class's secret) and MJLEARN_DB (the owner's database URL) "
            "first / 请先设置 MJLEARN_DB_SECRET_FILE 和 MJLEARN_DB"
        )
    try:
        secret = secret_from_env()  # MJLEARN_DB_SECRET_FILE, else MJLEARN_DB_SECRET; a weak one is refused
    except SecretError as e:
        raise ClassError(str(e)) from None
    login = login_for(base, args.login_name, secret)
    print(f"login / 账号: {login.user}")
    print(f"password / 密码: {login.password}")
    print(f"MJLEARN_DB={login.url}")
    if args.pgpass:
        path = login.write_pgpass()
        print(
            f"the password is in {path} (readable by you only); then, in a shell where PGPASSWORD is not set: "
            f"export MJLEARN_DB={login.url} / 密码已写入 {path}"
        )
    else:
        print(f"~/.pgpass line (or run again with --pgpass): {login.pgpass_line}")
    return 0
