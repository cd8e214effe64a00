"""A class's report for its teachers, worked out from what :meth:`mjlearn.db.classes.Classroom.report`
reads: every answer graded again (:mod:`mjlearn.db.regrade`), counted per learner, topic and
assignment; and the report as JSON and as text."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from ..coaching.profile import profile_of
from ..quiz.core import TOPICS, Question
from ..quiz.progress import data_dir, mastery
from ..quiz.table_review import loads_limited
from .assignments import _load_set, assignment_tag, due_text
from .regrade import FOREIGN, check_rows, question_key

__all__ = ["questions_line", "report_json", "report_text", "tally", "topic_name"]


def _foreign(row: dict) -> bool:
    """Whether an answer claims an assignment's name for a question that assignment does not have."""
    return bool(row["flag"]) and row["flag"].startswith(FOREIGN)


def _key(row: dict, keys: dict):
    """The question a readable row answers, as :func:`mjlearn.db.regrade.question_key` (its text parsed
    once: ``keys`` keeps each text's key)."""
    text = row["question"]
    if text not in keys:
        keys[text] = question_key(Question.from_dict(json.loads(text)))
    return keys[text]


def questions_of(rows: list[dict], keys: dict) -> dict:
    """The questions ``rows`` (one learner's, in order) answer: (quiz, question key) -> the tries
    (the rows, in order). A question is answered once however many tries it took."""
    out: dict = defaultdict(list)
    for r in rows:
        out[(r["quiz"], _key(r, keys))].append(r)
    return out


def _counts(tries_by_question: dict) -> dict:
    """Questions answered, questions right (the latest try is right), tries and tries right."""
    tries = [r for rs in tries_by_question.values() for r in rs]
    return {
        "questions": len(tries_by_question),
        "questions_right": sum(bool(rs[-1]["correct"]) for rs in tries_by_question.values()),
        "tries": len(tries),
        "tries_right": sum(r["correct"] for r in tries),
    }


def _per_question(assigned: list[dict], sets: dict, learners: list, by_user: dict, keys: dict) -> dict:
    """For each assignment whose set can be read: each question of it (in the set's order), with each
    learner's tries (their latest answer, how many tries, right or not) and how many got it right."""
    out = {}
    for a in assigned:
        qs = sets[a["id"]]
        if qs is None:
            continue
        tag = assignment_tag(a["id"])
        where = {question_key(q): i for i, q in enumerate(qs)}
        items = [
            {"n": i + 1, "kind": q.kind, "question": q.to_dict(), "answered": 0, "right": 0, "learners": {}}
            for i, q in enumerate(qs)
        ]
        for u in learners:
            for (quiz, key), rs in questions_of(by_user.get(u, []), keys).items():
                if quiz != tag or key not in where or any(_foreign(r) for r in rs):
                    continue
                item = items[where[key]]
                believed = [r for r in rs if r["flag"] is None]  # a flagged try answers nothing
                last = (believed or rs)[-1]
                item["learners"][u] = {
                    "answer": json.loads(last["answer"]),
                    "correct": bool(last["correct"]),
                    "tries": len(rs),
                    "flag": last["flag"],
                    "at": last["at"],
                }
                item["answered"] += bool(believed)
                item["right"] += bool(last["correct"])
        out[str(a["id"])] = items
    return out


def tally(
    name: str, code, teachers: list, assigned: list[dict], learners: list, rows: list[dict], hands: list | None = None
) -> dict:
    """The report of class ``name`` (see :meth:`mjlearn.db.classes.Classroom.report`) from its code,
    teachers, assignments, learners and the learners' answer rows; ``hands``: the rows of the hands they
    played at the table (user, summary as JSON), each learner's personal profile
    (:func:`mjlearn.coaching.profile.profile_of`; a row that cannot be read is counted as skipped).

    Counts are of questions, not tries: a question answered three times is one question answered
    (right when its latest try is), and the tries are counted beside it."""
    sets = {a["id"]: _load_set(a["quiz_set"]) for a in assigned}
    for a in assigned:
        a["questions"] = None if sets[a["id"]] is None else len(sets[a["id"]])
    checked = check_rows(rows, sets, cache=data_dir())
    by_user = defaultdict(list)
    for r in checked.answers:
        by_user[r["user"]].append(r)
    damaged = Counter(d["user"] for d in checked.damaged)
    played: dict = defaultdict(list)
    unreadable: Counter = Counter()
    for h in hands or ():
        try:
            played[h["user"]].append(loads_limited(h["summary"]))
        except (TypeError, ValueError, RecursionError):
            unreadable[h["user"]] += 1
    keys: dict = {}
    out = []
    for u in learners:
        mine = by_user.get(u, [])
        asked = questions_of(mine, keys)
        topics = {}
        for t in sorted({r["topic"] for r in mine}):
            these = [r for r in mine if r["topic"] == t]
            topics[t] = {
                **_counts({k: rs for k, rs in asked.items() if rs[0]["topic"] == t}),
                "answered": len(these),
                "correct": sum(r["correct"] for r in these),
                "mastery": mastery(these),
            }
        per_assignment = {}
        for a in assigned:
            tag = assignment_tag(a["id"])
            # flagged answers (a forged verdict, a question the assignment does not have) count as tries,
            # never as the assignment's questions answered: a forged row finishes nothing
            theirs = {k: rs for k, rs in asked.items() if k[0] == tag}
            counted = {k: [r for r in rs if r["flag"] is None] for k, rs in theirs.items()}
            counted = {k: rs for k, rs in counted.items() if rs}
            c = _counts(counted)
            c["tries"] = sum(len(rs) for rs in theirs.values())
            per_assignment[str(a["id"])] = {
                "quiz_set": a["quiz_set"],
                "questions": a["questions"],
                "questions_answered": c["questions"],
                "questions_right": c["questions_right"],
                "tries": c["tries"],
                "tries_right": c["tries_right"],
                "done": c["questions"] > 0 and (a["questions"] is None or c["questions"] >= a["questions"]),
            }
        out.append(
            {
                "user": u,
                **_counts(asked),
                "answered": len(mine),
                "correct": sum(r["correct"] for r in mine),
                "flagged": sum(1 for r in mine if r["flag"]),
                "damaged": damaged[u],
                "by_topic": topics,
                "by_assignment": per_assignment,
                "profile": profile_of(played.get(u, []), u, unreadable[u]).to_dict(),
            }
        )
    return {
        "class": name,
        "code": code,
        "teachers": teachers,
        "assignments": assigned,
        "learners": out,
        "per_question": _per_question(assigned, sets, learners, by_user, keys),
        "answers": checked.answers,
        "damaged": checked.damaged,
    }


def topic_name(topic: str) -> str:
    """A topic's name as the course gives it, in Chinese and English (``牌与记法 Tiles and notation``)."""
    zh, en = TOPICS.get(topic, (topic, topic))
    return f"{zh} {en}"


def report_json(report: dict) -> str:
    """The report as JSON text (without the raw answers: those are ``mjlearn quiz --export``'s). Each
    topic carries its name in both languages beside its code."""
    from ..quiz.progress import iso_time

    slim = {k: v for k, v in report.items() if k != "answers"}
    # the due date readable by a person and a spreadsheet (ISO 8601, UTC) beside its Unix seconds
    slim["assignments"] = [{**a, "due_time": iso_time(a["due"])} for a in report["assignments"]]
    slim["learners"] = [
        {**e, "by_topic": {t: {"name": topic_name(t), **d} for t, d in e["by_topic"].items()}}
        for e in report["learners"]
    ]
    return json.dumps(slim, ensure_ascii=False, indent=1)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def questions_line(a: dict) -> str:
    """One learner's progress in one assignment (an entry of ``by_assignment``): questions answered of
    the set's, right, and the tries beside them."""
    size = "?" if a["questions"] is None else a["questions"]
    return (
        f"answered {a['questions_answered']} of {size} questions, {a['questions_right']} right "
        f"({a['tries']} {'try' if a['tries'] == 1 else 'tries'}) / "
        f"答了 {a['questions_answered']}/{size} 题，答对 {a['questions_right']} 题（作答 {a['tries']} 次）"
    )


def profile_line(p: dict) -> str:
    """One learner's personal profile (:meth:`mjlearn.coaching.profile.Profile.to_dict`) in one line."""
    pct = lambda v: "-" if v is None else f"{v:.0%}"
    cost = p.get("costliest")
    names = {
        "efficiency": "efficiency / 牌效",
        "fan_route": "fan route / 番种路线",
        "claim": "claims / 吃碰",
        "kong": "kongs / 杠",
        "danger": "danger / 放铳危险",
    }
    won = ", ".join(f.split("|")[-1] for f, _n in p.get("fans_won", [])[:3]) or "-"
    missed = ", ".join(f.split("|")[-1] for f, _n in p.get("fans_missed", [])[:3]) or "-"
    return (
        f"table / 牌桌: {p['hands']} hands / 局, win / 和牌 {pct(p['win_rate'])}, deal-in / 放铳 {pct(p['deal_in_rate'])}, "
        f"average / 平均 {p['average_points']:+.1f}, agreed with the coach / 与教练一致 {pct(p['agreement'])}, "
        f"costliest / 最吃亏 {names.get(str(cost), '-')}; fans won / 和过的番 {won}; missed / 错过 {missed}"
    )


def report_text(report: dict) -> str:
    lines = [
        f"Class {report['class']} (code {report['code']}; teachers: {', '.join(report['teachers'])}) / 班级报告",
        f"{_count(len(report['learners']), 'learner')} / 学员, "
        f"{_count(len(report['assignments']), 'assignment')} / 作业",
    ]
    for a in report["assignments"]:
        key = str(a["id"])
        done = sum(1 for l in report["learners"] if l["by_assignment"][key]["done"])
        lines.append(f"  #{a['id']} {a['quiz_set']}  due {due_text(a['due'])}: done {done}/{len(report['learners'])}")
        lines += [f"    {l['user']}: {questions_line(l['by_assignment'][key])}" for l in report["learners"]]
    for l in report["learners"]:
        topics = (
            ", ".join(f"{topic_name(t)} {d['questions_right']}/{d['questions']}" for t, d in l["by_topic"].items())
            or "-"
        )
        flag_note = f"; {l['flagged']} flagged / 存疑" if l.get("flagged") else ""
        lines.append(
            f"  {l['user']}: {l['questions_right']}/{l['questions']} questions right / 题答对 "
            f"({l['tries']} tries / 次作答); {topics}{flag_note}"
        )
    for l in report["learners"]:
        p = l.get("profile") or {}
        if p.get("hands"):
            lines.append(f"  {l['user']}: {profile_line(p)}")
    flagged = [r for r in report.get("answers", []) if r.get("flag")]
    if flagged:
        lines.append(f"Flagged answers (counted as not correct) / 存疑的回答（不算答对）: {len(flagged)}")
        lines += [f"  #{r['id']} {r['user']}: {r['flag']}" for r in flagged[:20]]
    damaged = report.get("damaged", [])
    if damaged:
        lines.append(f"Damaged rows (counted nowhere) / 无法读取的记录（不计入）: {len(damaged)}")
        lines += [f"  #{d['id']} {d['user']}: {d['problem']}" for d in damaged[:20]]
    return "\n".join(lines)
