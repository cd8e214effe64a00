"""A class's report for its teachers, worked out from what :meth:`mjlearn.db.classes.Classroom.report`
reads: every answer graded again (:mod:`mjlearn.db.regrade`), counted per learner, topic and
assignment; and the report as JSON and as text."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from ..quiz.progress import data_dir, mastery
from .assignments import _load_set, assignment_tag, due_text
from .regrade import check_rows

__all__ = ["report_json", "report_text", "tally"]


def tally(name: str, code, teachers: list, assigned: list[dict], learners: list, rows: list[dict]) -> dict:
    """The report of class ``name`` (see :meth:`mjlearn.db.classes.Classroom.report`) from its code,
    teachers, assignments, learners and the learners' answer rows."""
    sets = {a["id"]: _load_set(a["quiz_set"]) for a in assigned}
    for a in assigned:
        a["questions"] = None if sets[a["id"]] is None else len(sets[a["id"]])
    checked = check_rows(rows, sets, cache=data_dir())
    by_user = defaultdict(list)
    for r in checked.answers:
        by_user[r["user"]].append(r)
    damaged = Counter(d["user"] for d in checked.damaged)
    out = []
    for u in learners:
        mine = by_user.get(u, [])
        topics = {}
        for t in sorted({r["topic"] for r in mine}):
            these = [r for r in mine if r["topic"] == t]
            topics[t] = {"answered": len(these), "correct": sum(r["correct"] for r in these), "mastery": mastery(these)}
        per_assignment = {}
        for a in assigned:
            these = [r for r in mine if r["quiz"] == assignment_tag(a["id"])]
            distinct = len({r["question"] for r in these if r["flag"] is None})
            per_assignment[str(a["id"])] = {
                "quiz_set": a["quiz_set"],
                "answered": len(these),
                "correct": sum(r["correct"] for r in these),
                "questions_answered": distinct,
                "done": distinct > 0 and (a["questions"] is None or distinct >= a["questions"]),
            }
        out.append(
            {
                "user": u,
                "answered": len(mine),
                "correct": sum(r["correct"] for r in mine),
                "flagged": sum(1 for r in mine if r["flag"]),
                "damaged": damaged[u],
                "by_topic": topics,
                "by_assignment": per_assignment,
            }
        )
    return {
        "class": name,
        "code": code,
        "teachers": teachers,
        "assignments": assigned,
        "learners": out,
        "answers": checked.answers,
        "damaged": checked.damaged,
    }


def report_json(report: dict) -> str:
    """The report as JSON text (without the raw answers: those are ``mjlearn quiz --export``'s)."""
    from ..quiz.progress import iso_time

    slim = {k: v for k, v in report.items() if k != "answers"}
    # the due date readable by a person and a spreadsheet (ISO 8601, UTC) beside its Unix seconds
    slim["assignments"] = [{**a, "due_time": iso_time(a["due"])} for a in report["assignments"]]
    return json.dumps(slim, ensure_ascii=False, indent=1)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def report_text(report: dict) -> str:
    lines = [
        f"Class {report['class']} (code {report['code']}; teachers: {', '.join(report['teachers'])}) / 班级报告",
        f"{_count(len(report['learners']), 'learner')} / 学员, "
        f"{_count(len(report['assignments']), 'assignment')} / 作业",
    ]
    for a in report["assignments"]:
        done = sum(1 for l in report["learners"] if l["by_assignment"][str(a["id"])]["done"])
        lines.append(f"  #{a['id']} {a['quiz_set']}  due {due_text(a['due'])}: done {done}/{len(report['learners'])}")
    for l in report["learners"]:
        acc = f"{l['correct']}/{l['answered']}" if l["answered"] else "0"
        topics = ", ".join(f"{t} {d['correct']}/{d['answered']}" for t, d in l["by_topic"].items()) or "-"
        flag_note = f"; {l['flagged']} flagged / 存疑" if l.get("flagged") else ""
        lines.append(f"  {l['user']}: {acc} correct / 答对; {topics}{flag_note}")
    flagged = [r for r in report.get("answers", []) if r.get("flag")]
    if flagged:
        lines.append(f"Flagged answers (counted as not correct) / 存疑的回答（不算答对）: {len(flagged)}")
        lines += [f"  #{r['id']} {r['user']}: {r['flag']}" for r in flagged[:20]]
    damaged = report.get("damaged", [])
    if damaged:
        lines.append(f"Damaged rows (counted nowhere) / 无法读取的记录（不计入）: {len(damaged)}")
        lines += [f"  #{d['id']} {d['user']}: {d['problem']}" for d in damaged[:20]]
    return "\n".join(lines)
