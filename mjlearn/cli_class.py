"""``mjlearn class``: a teacher's classes and assignments, a learner joining with a class code.

::

    mjlearn class create NAME [--code CODE] [--teacher T ...]
    mjlearn class add NAME USER... [--teacher]
    mjlearn class assign NAME QUIZSET --due YYYY-MM-DD
    mjlearn class report NAME [--json] [--out FILE]
    mjlearn class join CODE
    mjlearn class list

The database is ``$MJLEARN_DB`` (a class database), else the SQLite file of this computer (a teacher's
single-machine class).
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "class", help="classes and assignments / 班级与作业",
        description="A teacher's classes, learners and assignments; a learner joins with a class code. "
                    "老师的班级、学员与作业；学员可用班级代码加入。")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = sub.add_parser("create", help="create a class / 建班")
    c.add_argument("name")
    c.add_argument("--code", help="the code learners join with (default: made up)")
    c.add_argument("--teacher", action="append", help="a teacher of the class (default: you); repeat for more")
    a = sub.add_parser("add", help="add learners to a class / 添加学员")
    a.add_argument("name")
    a.add_argument("users", nargs="+")
    a.add_argument("--teacher", action="store_true", help="add them as teachers instead")
    s = sub.add_parser("assign", help="assign a quiz set with a due date / 布置作业")
    s.add_argument("name")
    s.add_argument("quiz_set", metavar="QUIZSET", help="a quiz set file, or the name of a shipped one")
    s.add_argument("--due", help="due date, YYYY-MM-DD (end of that day, UTC)")
    r = sub.add_parser("report", help="the class's results (its teachers only) / 班级报告")
    r.add_argument("name")
    r.add_argument("--json", action="store_true", help="as JSON: each learner's counts per topic and assignment")
    r.add_argument("--out", help="write the report to this file too")
    j = sub.add_parser("join", help="join a class with its code / 用代码加入班级")
    j.add_argument("code")
    sub.add_parser("list", help="the classes you may see / 你的班级")
    for q in (c, a, s, r, j):
        q.add_argument("--user", help="who you are (default: the login name)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from .db.classes import ClassError, Classroom, report_json, report_text
    try:
        with Classroom(user=getattr(args, "user", None)) as room:
            if args.action == "create":
                code = room.create(args.name, code=args.code, teachers=args.teacher)
                print(f"class {args.name} created; learners join with the code {code} "
                      f"/ 已建班，学员用代码 {code} 加入")
            elif args.action == "add":
                room.add(args.name, args.users, "teacher" if args.teacher else "learner")
                print(f"{len(args.users)} added to {args.name} / 已加入班级")
            elif args.action == "assign":
                aid = room.assign(args.name, args.quiz_set, args.due)
                print(f"assignment #{aid}: {args.quiz_set} for {args.name} / 已布置作业 #{aid}")
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
