"""Exercises graded by the engine, progress, and practice sets.

>>> from mjlearn.quiz import generate, grade, solve
>>> q = generate("waits", seed=7, difficulty=2)
>>> grade(q, solve(q)).correct
True
"""

from __future__ import annotations

# the store's errors, so that a notebook can catch them as mjlearn.quiz.DiskFull and so on
from ..errors import Busy, DatabaseDamaged, DiskFull, NewerSchema, NotAFile, NotWritable, ProgressError, StorageIOError  # noqa: F401
from . import kinds  # noqa: F401  (registers every kind in core.KINDS, in course order)
from .core import (  # noqa: F401
    DIFFICULTIES,
    KINDS,
    TOPICS,
    Grade,
    Kind,
    Question,
    QuizError,
    generate,
    get_kind,
    grade,
    hint,
    parse_answer,
    reveal,
    solve,
    wrong_answer,
)
from .runner import run_terminal

__all__ = [
    "DIFFICULTIES",
    "KINDS",
    "TOPICS",
    "Grade",
    "Kind",
    "ProgressError",
    "ProgressStore",
    "Question",
    "QuizError",
    "QuizSet",
    "generate",
    "grade",
    "hint",
    "kind_names",
    "load_quiz_set",
    "parse_answer",
    "practice",
    "progress_view",
    "questions_for",
    "reveal",
    "review_queue",
    "run_terminal",
    "solve",
    "wrong_answer",
]

# Imported on first use so that `import mjlearn` stays light: the progress store and the quiz widget
# open sqlite3 (and the widget, when shown, ipywidgets); quiz sets read files with pathlib and tomllib
# (about 15 ms of import on their own).
_LAZY = {
    "load_quiz_set": ("quizset", "load_quiz_set"),
    "parse_quiz_set": ("quizset", "parse_quiz_set"),
    "QuizSet": ("quizset", "QuizSet"),
    "questions_for": ("quizset", "questions_for"),
    "practice": ("widget", "practice"),
    "QuizWidget": ("widget", "QuizWidget"),
    "ProgressStore": ("progress", "ProgressStore"),
    "data_dir": ("progress", "data_dir"),
}


def kind_names() -> list[str]:
    """The names of the question kinds, in course order."""
    return list(KINDS)


def progress_view(user: str | None = None):
    """The progress view of the default store: mastery by topic, what is due for review, and what to
    practise next."""
    from .progress import ProgressStore

    with ProgressStore(user=user) as s:
        return s.view()


def review_queue(store=None, now=None):
    """What is due for review in ``store`` (default: the default progress store), damaged rows skipped
    (:class:`~mjlearn.quiz.review.ReviewQueue`)."""
    from .progress import ProgressStore

    if store is not None:
        return store.review_queue(now)
    with ProgressStore() as s:
        return s.review_queue(now)


def __getattr__(name: str):
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'mjlearn.quiz' has no attribute {name!r}") from None
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), attr)
    globals()[name] = value
    return value
