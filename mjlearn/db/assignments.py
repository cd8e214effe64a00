"""An assignment's pieces that need no database: the tag its answers are recorded with, its due date
read and written, its quiz set found and loaded. :class:`mjlearn.db.classes.Classroom` keeps the
assignments themselves."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from ..shipped import notebooks_source
from . import ClassError

__all__ = ["assignment_tag", "due_text", "parse_due", "resolve_quiz_set"]

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


def _load_set(quiz_set: str):
    """The questions of a quiz set, or None when it cannot be read (any more)."""
    from ..quiz.core import QuizError
    from ..quiz.quizset import load_quiz_set

    try:
        return list(load_quiz_set(resolve_quiz_set(quiz_set)))
    except (QuizError, OSError):
        return None


def _set_size(quiz_set: str) -> int | None:
    questions = _load_set(quiz_set)
    return None if questions is None else len(questions)
