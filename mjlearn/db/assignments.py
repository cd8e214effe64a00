"""An assignment's pieces that need no database: the tag its answers are recorded with, its due date
read and written, its quiz set found and loaded, and which of its questions a learner's answers
already answer (where a resumed assignment goes on). :class:`mjlearn.db.classes.Classroom` keeps the
assignments themselves."""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path

from ..shipped import notebooks_source
from . import ClassError
from .regrade import MAX_TEXT, _canonical

__all__ = [
    "answered_rows",
    "assignment_tag",
    "due_text",
    "load_set",
    "parse_due",
    "resolve_quiz_set",
    "resume_index",
]

TAG = "assignment:"


def assignment_tag(assignment_id: int) -> str:
    """The ``quiz`` value an answer to assignment ``assignment_id`` is recorded with."""
    return f"{TAG}{int(assignment_id)}"


def parse_due(due) -> float | None:
    """A due date as Unix time: ``YYYY-MM-DD`` (the end of that day, UTC), an ISO date and time, a
    number (Unix time), or None."""
    if due is None or due == "":
        return None
    if isinstance(due, (int, float)):
        return float(due)
    if isinstance(due, _dt.datetime):
        return due.timestamp()
    if isinstance(due, _dt.date):
        due = due.isoformat()
    text = str(due).strip()
    import re

    try:
        if len(text) == 10:
            day = _dt.date.fromisoformat(text)
            return _dt.datetime(day.year, day.month, day.day, 23, 59, 59, tzinfo=_dt.timezone.utc).timestamp()
        moment = _dt.datetime.fromisoformat(text)
    except ValueError:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):  # the right form, but no such day (2027-02-30)
            raise ClassError(f"due date {text!r}: there is no such day  （截止日期 {text!r}：没有这一天）") from None
        raise ClassError(
            f"due date {text!r}: write it as YYYY-MM-DD (e.g. 2026-03-01)  "
            f"（截止日期 {text!r}：请写成 年-月-日，例如 2026-03-01）"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.timezone.utc)
    return moment.timestamp()


def due_text(due: float | None) -> str:
    if due is None:
        return "no due date / 无截止日期"
    return _dt.datetime.fromtimestamp(due, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def resolve_quiz_set(name: str) -> Path:
    """The file of a quiz set: a path, or the name of a set shipped with the course."""
    p = Path(name).expanduser()
    if p.exists():
        return p
    try:
        shipped = notebooks_source() / "quiz_sets"
    except FileNotFoundError:
        return p
    for candidate in (shipped / name, shipped / f"{name}.json", shipped / f"{name}.toml"):
        if candidate.exists():
            return candidate
    return p


_SETS: dict[tuple, object] = {}
_SETS_KEPT = 32
"""Quiz sets read, by their file's identity (path, size, modification time, inode): read again once the
file changes. Generating a set's questions takes a noticeable time, and the list of assignments, the
quiz opened from it and the report each ask for it."""


def load_set(quiz_set: str):
    """The :class:`~mjlearn.quiz.quizset.QuizSet` of ``quiz_set`` (a path or a shipped set's name), or None
    when it cannot be read (any more); read once while its file is unchanged."""
    from ..quiz.core import QuizError
    from ..quiz.quizset import load_quiz_set

    path = resolve_quiz_set(quiz_set)
    try:
        st = path.stat()
        key = (str(path.resolve()), st.st_size, st.st_mtime_ns, st.st_ino)
        if key in _SETS:
            return _SETS[key]
        qs = load_quiz_set(path)
    except (QuizError, OSError):
        return None
    while len(_SETS) >= _SETS_KEPT:
        _SETS.pop(next(iter(_SETS)))
    _SETS[key] = qs
    return qs


def _load_set(quiz_set: str):
    """The questions of a quiz set, or None when it cannot be read (any more)."""
    qs = load_set(quiz_set)
    return None if qs is None else list(qs)


def _set_size(quiz_set: str) -> int | None:
    questions = _load_set(quiz_set)
    return None if questions is None else len(questions)


def _row_key(row) -> tuple[str, str] | None:
    """What identifies the question a recorded row answers: its kind and its data (None: unreadable)."""
    text = row.get("question")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    try:
        d = json.loads(text)
    except (ValueError, RecursionError):  # a row written by hand, nested past reading
        return None
    if not isinstance(d, dict) or not isinstance(d.get("kind"), str) or not isinstance(d.get("data"), dict):
        return None
    return d["kind"], _canonical(d["data"])


def answered_rows(questions, rows, assignment_id: int) -> list[dict | None]:
    """Each question of the assignment with the learner's first recorded answer to it (None: not
    answered yet), read from ``rows`` (the learner's own, in order).

    A question counts as answered once any answer to it is recorded, right or wrong: the second try a
    wrong answer gets is offered right after it, not in a later session (every kind follows this one
    rule), so a resumed assignment never asks an answered question again. Tries in a row at one question
    are one answer; a set that holds the same question twice needs two answers. Rows of other quizzes,
    rows that cannot be read and answers to questions the set does not hold count for nothing."""
    tag = assignment_tag(assignment_id)
    free: dict[tuple[str, str], list[int]] = {}
    for i, q in enumerate(questions):
        free.setdefault((q.kind, _canonical(q.data)), []).append(i)
    out: list[dict | None] = [None] * len(questions)
    last = None
    for row in rows:
        if row.get("quiz") != tag:
            continue
        key = _row_key(row)
        if key is None or key == last:  # a retry of the question just answered
            continue
        last = key
        slots = free.get(key)
        if slots:
            out[slots.pop(0)] = row
    return out


def resume_index(answered: list) -> int | None:
    """Where an assignment goes on: the first question not answered yet (None: all are)."""
    return next((i for i, row in enumerate(answered) if row is None), None)
