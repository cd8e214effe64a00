"""``mjlearn quiz FILE``: run a quiz set (JSON or TOML) in the terminal, recording every answer.

The lead wires it into :mod:`mjlearn.cli` with ``cli_quiz.add_parser(subparsers)`` and dispatches to
``cli_quiz.run(args)``.
"""

from __future__ import annotations

import argparse
import sys

from .quiz.core import QuizError
from .quiz.progress import ProgressStore
from .quiz.quizset import load_quiz_set, questions_for
from .quiz.runner import run_terminal
from .shipped import notebooks_source

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "quiz",
        help="run a quiz set or practise a topic in the terminal / 在终端里做练习",
        description="Run a quiz set (JSON or TOML) in the terminal; every answer is recorded in the progress "
        "database. 在终端里做一套练习题，每个答案都记入进度数据库。",
    )
    from .quiz.core import TOPICS

    topics = ", ".join(TOPICS)
    p.add_argument(
        "file",
        nargs="?",
        help="a quiz set: a .json/.toml file, or the name of a shipped one (week1_tiles_and_waits.json, "
        "mcr_scoring.json, table_practice.toml); omit with --topic / 题集文件或自带题集的名字",
    )
    p.add_argument(
        "--topic",
        help=f"instead of a file: generated practice on a topic ({topics}, or all) "
        f"or one kind (kind:waits) / 按主题练习",
    )
    p.add_argument("-n", type=int, default=5, help="number of questions with --topic (default 5) / 题数")
    p.add_argument(
        "--seed", type=int, help="seed for generated questions: the same seed gives the same questions / 随机种子"
    )
    p.add_argument(
        "--difficulty", type=int, default=1, choices=(1, 2, 3), help="1 easy, 2 medium, 3 hard (default 1) / 难度"
    )
    p.add_argument("--lang", choices=("zh", "en"), help="language of the questions (default: both) / 语言")
    p.add_argument(
        "--user",
        help="name recorded with the answers (default: the hub user, MJLEARN_USER, "
        "the class database login, else the login name) / 记录用的名字",
    )
    p.add_argument("--no-record", action="store_true", help="do not record answers / 不记录")
    p.add_argument("--check", action="store_true", help="only validate the file and list its questions / 只检查题集")
    p.add_argument("--progress", action="store_true", help="show the progress view and exit / 查看进度")
    p.add_argument(
        "--review",
        action="store_true",
        help="practise what your answers say is due for review (spaced repetition) / 复习到期的内容",
    )
    p.add_argument(
        "--damaged",
        action="store_true",
        help="list the damaged answer rows the progress view and review skip, and why / 列出跳过的损坏记录",
    )
    p.add_argument(
        "--export", metavar="OUT", help="export every recorded answer to OUT (.csv or .json) and exit / 导出全部回答"
    )
    p.add_argument(
        "--assignments", action="store_true", help="list your assignments (due dates, done or not) / 我的作业"
    )
    p.add_argument("--assignment", type=int, metavar="ID", help="do one of your assignments / 做作业")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    lang = args.lang
    if getattr(args, "assignments", False) or getattr(args, "assignment", None) is not None:
        return _assignments(args)
    if getattr(args, "export", None) or getattr(args, "progress", None) or getattr(args, "damaged", False):
        with ProgressStore(user=args.user) as store:
            if args.export:
                store.export(args.export)
                print(f"exported {len(store.rows(all_users=True))} answers to {args.export}")
            if args.progress:
                print(store.view().text(lang, terminal=True))
            if getattr(args, "damaged", False):
                print(store.damaged().text(lang))
        return 0
    try:
        if args.file:
            qs = load_quiz_set(_quiz_set_file(args.file), seed=args.seed)
            questions, title, quiz = list(qs.questions), f"{qs.title_zh} / {qs.title}", qs.title
        elif getattr(args, "review", False):  # the review helper's hook (mjlearn/quiz/review.py)
            from .quiz.review import review_questions

            with ProgressStore(user=args.user) as s:
                questions, rq = review_questions(s, n=args.n, seed=args.seed, difficulty=args.difficulty)
                print(rq.text(lang, terminal=True))
                if not questions:
                    questions = questions_for(s.suggest(), n=args.n, seed=args.seed, difficulty=args.difficulty)
            title, quiz = "复习 / review", "practice:review"
        elif args.topic:
            questions = questions_for(args.topic, n=args.n, seed=args.seed, difficulty=args.difficulty)
            title, quiz = f"practice: {args.topic}", f"practice:{args.topic}"
        else:
            print("mjlearn quiz: give a quiz set FILE, --topic or --review", file=sys.stderr)
            return 2
    except QuizError as e:
        print(f"mjlearn quiz: {e}", file=sys.stderr)
        return 2
    if args.check:
        for n, q in enumerate(questions, 1):
            print(f"{n}. [{q.kind}, {q.source}] " + q.text(lang).replace("\n", " | "))
        print(f"{len(questions)} questions OK")
        return 0
    store = None
    if not args.no_record:
        store = ProgressStore(user=args.user)
    try:
        run_terminal(questions, title=title, store=store, quiz=quiz, lang=lang)
    finally:
        if store is not None:
            store.close()
    return 0


def _quiz_set_file(name: str):
    """A quiz set named as ``mjlearn class assign`` takes it: a file, or the name of a shipped set; a name
    that is neither is explained with the shipped names."""
    from pathlib import Path

    from .db.classes import resolve_quiz_set

    path = resolve_quiz_set(name)
    if not Path(path).exists():
        try:
            shipped = sorted(
                p.name for p in (notebooks_source() / "quiz_sets").iterdir() if p.suffix in (".json", ".toml")
            )
        except OSError:
            shipped = []
        raise QuizError(
            f"no quiz set file {name!r}"
            + (f"; the sets shipped with the course are {', '.join(shipped)}" if shipped else "")
            + " / 找不到这个题集文件"
        )
    return path


def _assignments(args) -> int:
    """The class hook (mjlearn/db/classes.py): list assignments, or do one, its answers recorded against it."""
    from .db.assignments import answered_rows, resume_index
    from .db.classes import ClassError, Classroom, assignment_tag

    with Classroom(user=args.user) as room:
        try:
            if args.assignment is None:
                print(room.assignments_text())
                return 0
            qs = room.quiz_set(args.assignment)
        except (ClassError, QuizError) as e:
            print(f"mjlearn quiz: {e}", file=sys.stderr)
            return 2
        aid, questions = args.assignment, list(qs.questions)
        answered = answered_rows(questions, room.store.rows(), aid)  # answered questions are not asked again
        start, n = resume_index(answered), len(questions)
        if start is None:
            name = next(a["quiz_set"] for a in room.assignments() if a["id"] == aid)
            print(
                f"Assignment #{aid} is done: all {n} questions answered. To practise it again (the answers you "
                f"handed in stay): mjlearn quiz {name}\n作业 #{aid} 已完成（{n} 题都已作答）。想再练一遍"
                f"（交给老师的答案不变）：mjlearn quiz {name}"
            )
            return 0
        if start:
            print(f"resuming at question {start + 1} of {n} / 从第{start + 1}题继续")
        left = [i for i, row in enumerate(answered) if row is None]
        run_terminal(
            [questions[i] for i in left],
            title=f"{qs.title_zh} / {qs.title}",
            store=room.store,
            quiz=assignment_tag(aid),
            lang=args.lang,
            numbers=[i + 1 for i in left],
            total=n,
        )
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="mjlearn")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
