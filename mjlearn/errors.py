"""The errors of mjlearn: bad input (all ``ValueError``: notation, impossible hands, rule sets and their
contexts), and a progress database that cannot be used (``ProgressError`` and its kinds).

``NotationError`` and ``InvalidHandError`` carry every problem found in a hand. ``ContextError`` is the
one error for a context keyword that a rule set does not know or a value it cannot take, whichever
door the hand came in by (``mj.score`` for MCR or ``mjlearn.rules.score`` for any rule set).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "NotationError", "InvalidHandError", "RulesError", "UnknownRuleSetError", "ContextError",
           "ContextConflictError", "ProgressError", "DatabaseDamaged", "NewerSchema", "StorageIOError",
           "DiskFull", "NotWritable", "NotAFile", "Busy", "ClassDatabaseUnreachable"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input."""

    message: str
    """A sentence saying what is wrong and, where it helps, what was expected."""
    position: int | None = None
    """0-based character offset in the input string, or None when it is not about one place.
    Messages count from 1, as a reader does: offset 4 is reported "at 5"."""

    def __str__(self) -> str:
        return self.message


class _ProblemsError(ValueError):
    kind = "problem"

    def __init__(self, problems, text: str | None = None):
        if isinstance(problems, (str, Problem)):
            problems = [problems]
        self.problems: tuple[Problem, ...] = tuple(
            p if isinstance(p, Problem) else Problem(str(p)) for p in problems)
        self.text = text
        """The input the problems were found in, if it was a string."""
        super().__init__("; ".join(p.message for p in self.problems))

    @property
    def position(self) -> int | None:
        """Position of the first problem (None if it is not about one place)."""
        return self.problems[0].position if self.problems else None

    def to_dict(self) -> dict:
        return {"type": type(self).__name__, "message": str(self),
                "problems": [{"message": p.message, "position": p.position} for p in self.problems]}


class NotationError(_ProblemsError):
    """The text is not valid hand notation. Each problem names its position and what was expected.

    >>> from mjlearn import parse_hand
    >>> parse_hand("123m45")
    Traceback (most recent call last):
    ...
    mjlearn.errors.NotationError: digits without a suit letter at 5 in '123m45': expected m, p or s  （第 5 个字符：数字后面缺少花色字母；应为 m（万）、p（饼）或 s（条））
    """


class InvalidHandError(_ProblemsError):
    """The notation is well formed but the hand is impossible (a fifth copy, wrong tile count...)."""


class RulesError(ValueError):
    """Bad input to a rule set (unknown name, keyword or value). A ``ValueError``."""


class UnknownRuleSetError(RulesError):
    """No rule set has that name or alias."""


class ContextError(RulesError):
    """A context keyword the rule set does not know, a bad value for one it knows, or keywords that
    contradict each other or the hand. ``accepted`` lists the keywords the rule set takes."""

    def __init__(self, message: str, *, accepted: tuple[str, ...] = ()):
        super().__init__(message)
        self.accepted: tuple[str, ...] = tuple(accepted)
        """The context keywords of the rule set that raised it (empty when not known at that point)."""


class ContextConflictError(ContextError, InvalidHandError):
    """Context keywords that contradict each other or the hand: a kong bloom without a kong, robbing
    a kong on the last tile of the wall, more flowers than the set has, a seat wind that is not the
    winner's. Each problem names the conflict.

    Both a :class:`ContextError` (the context is wrong) and an :class:`InvalidHandError` (these tiles
    cannot have been won that way), so it is caught the same way whichever door the hand came in by.
    """

    def __init__(self, problems, text: str | None = None):
        InvalidHandError.__init__(self, problems, text)
        self.accepted = ()


class ProgressError(Exception):
    """The progress database cannot be used as asked. The message is one line, English then Chinese,
    and names the file; ``path`` is that file. Nothing was moved or deleted unless the message says so."""

    def __init__(self, path, en: str, zh: str):
        self.path = str(path)
        super().__init__(f"{en}: {self.path}  {zh}")


class DatabaseDamaged(ProgressError):
    """The file is not a readable SQLite database, or part of it is damaged."""


class NewerSchema(ProgressError):
    """The file was written by a newer mjlearn: it is opened read-only and writes are refused."""


class StorageIOError(ProgressError):
    """The disk reported an input/output error while reading or writing the file."""


class DiskFull(StorageIOError):
    """No space is left where the file lives."""


class NotWritable(ProgressError):
    """The file or its folder cannot be written (permissions, a read-only file system)."""


class NotAFile(ProgressError):
    """The path names a folder or something else that is not a regular file."""


class Busy(ProgressError):
    """Another program held the database locked for longer than the wait allowed."""


class ClassDatabaseUnreachable(ProgressError):
    """The class database (PostgreSQL) cannot be reached right now. An answer being recorded was kept
    in a spool on this computer and is sent, exactly once, as soon as the database is back; ``path``
    is ``host:port/database``."""
