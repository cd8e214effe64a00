"""``mjlearn class``: a teacher's classes and assignments, a learner joining with a class code.

::

    mjlearn class create NAME [--code CODE] [--teacher T ...]
    mjlearn class add NAME USER... [--teacher]
    mjlearn class assign NAME QUIZSET --due YYYY-MM-DD
    mjlearn class report NAME [--json] [--out FILE]
    mjlearn class join CODE
    mjlearn class list
    mjlearn class login NAME [--pgpass]

The database is ``$MJLEARN_DB`` (a class database), else the SQLite file of this computer (a teacher's
single-machine class).
"""

from __future__ import annotations

import argparse
import sys
import time

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "class", help="classes and assignments / 班级与作业",
        description="A teacher's classes, learners and assignments; a learner joins with a class code. "
                    "老师的班级、学员与作业；学员可用班级代码加入。")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = sub.add_parser("create", help="create a class / 建班",
                       description="Create a class; prints the code learners may join with. 建班，并给出班级代码。")
    c.add_argument("name", help="the class's name, e.g. spring / 班级名")
    c.add_argument("--code", help="the code learners join with (default: made up) / 班级代码")
    c.add_argument("--teacher", action="append", help="a teacher of the class (default: you); repeat for more / 老师")
    a = sub.add_parser("add", help="add learners to a class / 添加学员",
                       description="Add learners (or, with --teacher, teachers) to a class; on a class database "
                                   "each also gets a login. 向班级添加学员（或老师）。")
    a.add_argument("name", help="the class's name / 班级名")
    a.add_argument("users", nargs="+", help="their names (on a hub: their hub names) / 学员名")
    a.add_argument("--teacher", action="store_true", help="add them as teachers instead / 作为老师加入")
    s = sub.add_parser("assign", help="assign a quiz set with a due date / 布置作业",
                       description="Assign a quiz set to a class, with a due date. 给班级布置题集和截止日期。")
    s.add_argument("name", help="the class's name / 班级名")
    s.add_argument("quiz_set", metavar="QUIZSET", help="a quiz set file, or the name of a shipped one "
                                                       "(week1_tiles_and_waits.json, mcr_scoring.json...) / 题集")
    s.add_argument("--due", help="due date, YYYY-MM-DD (end of that day, UTC) / 截止日期")
    r = sub.add_parser("report", help="the class's results (its teachers only) / 班级报告",
                       description="Who answered what, per learner, topic and assignment (the class's teachers "
                                   "only). 班级报告（仅限本班老师）。")
    r.add_argument("name", help="the class's name / 班级名")
    r.add_argument("--json", action="store_true", help="as JSON: each learner's counts per topic and assignment")
    r.add_argument("--out", help="write the report to this file too / 同时写入文件")
    j = sub.add_parser("join", help="join a class with its code / 用代码加入班级",
                       description="Join a class with the code your teacher gave you. 用老师给的代码加入班级。")
    j.add_argument("code", help="the class code / 班级代码")
    li = sub.add_parser("list", help="the classes you may see / 你的班级",
                        description="The classes you may see, with their codes. 你能看到的班级及其代码。")
    lg = sub.add_parser("login", help="a teacher's or learner's class database login / 数据库登录",
                        description="The class database login of NAME: its password, derived from "
                                    "MJLEARN_DB_SECRET as the hub derives it, and the MJLEARN_DB to use with it. "
                                    "--pgpass keeps the password in ~/.pgpass so that no URL holds it. "
                                    "给出 NAME 的班级数据库账号和密码（由 MJLEARN_DB_SECRET 推出）。")
    lg.add_argument("login_name", metavar="NAME", help="the teacher's or learner's name / 名字")
    lg.add_argument("--pgpass", action="store_true",
                    help="write the password into ~/.pgpass (this computer's account only) / 写入 ~/.pgpass")
    for q in (c, a, s, r, j, li):
        q.add_argument("--user", help="who you are (default: the hub user, MJLEARN_USER, the class database "
                                      "login, else the login name) / 你是谁")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from .db.classes import ClassError, Classroom, report_json, report_text
    if args.action == "login":
        try:
            return _login(args)
        except ClassError as e:
            print(f"mjlearn class: {e}", file=sys.stderr)
            return 2
    try:
        with Classroom(user=getattr(args, "user", None)) as room:
            if args.action == "create":
                code = room.create(args.name, code=args.code, teachers=args.teacher)
                print(f"class {args.name} created; learners join with the code {code} "
                      f"/ 已建班，学员用代码 {code} 加入")
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
                    print(f"mjlearn class: note: the due date {args.due} is already past, so learners see "
                          f"assignment #{aid} as overdue at once / 注意：截止日期已过，学员会看到作业已过期",
                          file=sys.stderr)
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
    except ClassError as e:
        print(f"mjlearn class: {e}", file=sys.stderr)
        return 2
    return 0


def _login(args) -> int:
    """``mjlearn class login NAME``: NAME's password (from MJLEARN_DB_SECRET) and their MJLEARN_DB."""
    import os
    from .db.classes import ClassError
    from .deploy import SecretError, login_for, secret_from_env
    base = os.environ.get("MJLEARN_DB") or os.environ.get("MJLEARN_DB_TEMPLATE")
    if not base:
        raise ClassError("set MJLEARN_DB_SECRET_FILE (the class's secret) and MJLEARN_DB (the owner's database URL) "
                         "first / 请先设置 MJLEARN_DB_SECRET_FILE 和 MJLEARN_DB")
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
        print(f"the password is in {path} (readable by you only); then, in a shell where PGPASSWORD is not set: "
              f"export MJLEARN_DB={login.url} / 密码已写入 {path}")
    else:
        print(f"~/.pgpass line (or run again with --pgpass): {login.pgpass_line}")
    return 0
