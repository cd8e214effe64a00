"""The errors of mjlearn: bad input (all ``ValueError``: notation, impossible hands, rule sets and their
contexts), and a progress database that cannot be used (``ProgressError`` and its kinds).

``NotationError`` and ``InvalidHandError`` carry every problem found in a hand. ``ContextError`` is the
one error for a context keyword that a rule set does not know or a value it cannot take, whichever
door the hand came in by (``mj.score`` for MCR or ``mjlearn.rules.score`` for any rule set).

Every one of them is a :class:`MjlearnError`. In IPython and Jupyter a learner's mistake then shows as its
plain message in both languages, without the Python traceback (see :class:`MjlearnError` for how a
developer sees the traceback); everywhere else they behave as ordinary Python exceptions.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

__all__ = [
    "BadArgument",
    "BadArgumentType",
    "Busy",
    "ClassDatabaseUnreachable",
    "ClassError",
    "ContextConflictError",
    "ContextError",
    "DatabaseDamaged",
    "DiskFull",
    "InvalidHandError",
    "MjlearnError",
    "NewerSchema",
    "NotAFile",
    "NotWritable",
    "NotationError",
    "Problem",
    "ProgressError",
    "RulesError",
    "StorageIOError",
    "UnknownRuleSetError",
]


def shown(value, limit: int = 40, zh: bool = False) -> str:
    """A value as an error message quotes it: its ``repr``, cut to ``limit`` characters, and a whole
    number too long to print (Python refuses to write one of more than 4,300 digits) as its size,
    in Chinese with ``zh``."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"一个约 {digits} 位的整数" if zh else f"a whole number of about {digits} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails: name its type instead
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


TRACEBACK_ENV = "MJLEARN_TRACEBACK"
"""Set this environment variable to 1 (in a notebook: ``%env MJLEARN_TRACEBACK=1``) to see the full
Python traceback of mjlearn's errors in IPython and Jupyter instead of the learner's message."""

_BOLD, _PLAIN = "\x1b[1m", "\x1b[0m"


def _developer_wants_traceback() -> bool:
    """True when the full traceback was asked for: the environment variable, or IPython's verbose mode
    (``%tb verbose`` for the last error, ``%xmode verbose`` for every error after it)."""
    if os.environ.get(TRACEBACK_ENV, "").strip().lower() not in ("", "0", "false", "no", "off"):
        return True
    ipython = sys.modules.get("IPython")  # only IPython asks, so it is already imported when it matters
    try:
        shell = ipython.get_ipython() if ipython is not None else None
        return shell is not None and getattr(shell.InteractiveTB, "mode", "") == "Verbose"
    except Exception:  # noqa: BLE001 - an IPython without these attributes: the learner's message
        return False


def _two_lines(message: str) -> list[str]:
    """``"english  （中文）"`` -> ``["english", "中文"]``; any other message is kept as one line."""
    en, sep, zh = message.rpartition("  （")
    if sep and zh.endswith("）") and en:
        return [en, zh[:-1]]
    return [message]


class MjlearnError(Exception):
    """The base of every error of mjlearn that a learner can cause by a mistake in a cell.

    In IPython and Jupyter it shows as a short box: a heading naming the kind of mistake in Chinese and
    English, then the message (what is wrong, and where), without the Python traceback, which only
    frightens a beginner. IPython asks the exception for :meth:`_render_traceback_`; outside IPython
    nothing changes (``str(error)``, ``repr``, ``except ValueError`` and printed tracebacks are ordinary).

    Developers who want the traceback: run ``%tb verbose`` after the error (or ``%xmode verbose``
    before, for every later error), or set the environment variable ``MJLEARN_TRACEBACK=1``
    (``%env MJLEARN_TRACEBACK=1`` in a notebook). ``%debug`` works as usual.
    """

    heading: tuple[str, str] = ("出错了", "Something is wrong")
    """The kind of mistake, (Chinese, English): the first line of the box."""

    def learner_lines(self) -> list[str]:
        """The lines of the box, without colour: the heading, then the message, one line per language."""
        zh, en = self.heading
        lines = [f"{zh} · {en}"]
        said_en, said_zh = getattr(self, "en", None), getattr(self, "zh", None)
        if isinstance(said_en, str) and isinstance(said_zh, str):  # an error that keeps its two sentences
            return lines + [f"  {said_en}", f"  {said_zh}"]
        for line in str(self).split("\n"):
            lines += ["  " + part for part in _two_lines(line)]
        return lines

    @property
    def _render_traceback_(self):
        """What IPython shows instead of the traceback (a list of lines; the heading in bold). Absent
        (an ``AttributeError``, so IPython shows the usual traceback) when a developer asked for it."""
        if _developer_wants_traceback():
            raise AttributeError("_render_traceback_")

        def render() -> list[str]:
            lines = self.learner_lines()
            return [_BOLD + lines[0] + _PLAIN, *lines[1:]]

        return render


class BadArgument(MjlearnError, ValueError):
    """A value a function does not take (a ``ValueError``); the message says which values it takes."""

    heading = ("参数有误", "A value is not accepted")


class BadArgumentType(MjlearnError, TypeError):
    """An argument of the wrong type (a ``TypeError``), e.g. a number where notation text is expected."""

    heading = ("参数类型有误", "A value has the wrong type")


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


class _ProblemsError(MjlearnError, ValueError):
    kind = "problem"

    def __init__(self, problems, text: str | None = None):
        if isinstance(problems, (str, Problem)):
            problems = [problems]
        self.problems: tuple[Problem, ...] = tuple(p if isinstance(p, Problem) else Problem(str(p)) for p in problems)
        self.text = text
        """The input the problems were found in, if it was a string."""
        super().__init__("; ".join(p.message for p in self.problems))

    @property
    def position(self) -> int | None:
        """Position of the first problem (None if it is not about one place)."""
        return self.problems[0].position if self.problems else None

    def learner_lines(self) -> list[str]:
        """The heading (with the hand, for an impossible hand), then each problem: English, then Chinese."""
        zh, en = self.heading
        head = f"{zh} · {en}"
        if self.text is not None and not isinstance(self, NotationError):  # notation messages quote the text
            head += f": {self.text}"
        lines = [head]
        for p in self.problems:
            first, *rest = _two_lines(p.message)
            lines += ["  • " + first, *("    " + r for r in rest)]
        return lines

    def to_dict(self) -> dict:
        return {
            "type": type(self).__name__,
            "message": str(self),
            "problems": [{"message": p.message, "position": p.position} for p in self.problems],
        }


class NotationError(_ProblemsError):
    """The text is not valid hand notation. Each problem names its position and what was expected.

    >>> from mjlearn import parse_hand
    >>> parse_hand("123m45")
    Traceback (most recent call last):
    ...
    mjlearn.errors.NotationError: digits without a suit letter at 5 in '123m45': expected m, p or s  （第 5 个字符：数字后面缺少花色字母；应为 m（万）、p（饼）或 s（条））
    """

    heading = ("记法写错了", "The notation has a mistake")


class InvalidHandError(_ProblemsError):
    """The notation is well formed but the hand is impossible (a fifth copy, wrong tile count...)."""

    heading = ("这手牌不可能", "This hand is impossible")


class RulesError(MjlearnError, ValueError):
    """Bad input to a rule set (unknown name, keyword or value). A ``ValueError``."""

    heading = ("规则设置有误", "A rule setting is not accepted")


class UnknownRuleSetError(RulesError):
    """No rule set has that name or alias."""

    heading = ("没有这套规则", "No rule set has that name")


class ContextError(RulesError):
    """A context keyword the rule set does not know, a bad value for one it knows, or keywords that
    contradict each other or the hand. ``accepted`` lists the keywords the rule set takes."""

    heading = ("和牌情况的设置有误", "A setting of the win is not accepted")

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

    heading = ("和牌情况与这手牌矛盾", "The settings of the win contradict each other or the hand")

    def __init__(self, problems, text: str | None = None):
        InvalidHandError.__init__(self, problems, text)
        self.accepted = ()


class ProgressError(MjlearnError):
    """The progress database cannot be used as asked. The message is one line, English then Chinese,
    and names the file; ``path`` is that file. Nothing was moved or deleted unless the message says so."""

    heading = ("学习进度无法保存或读取", "Your progress cannot be saved or read")

    def __init__(self, path, en: str, zh: str):
        self.path = str(path)
        self.en, self.zh = en, zh
        super().__init__(f"{en}: {self.path}  {zh}")

    def learner_lines(self) -> list[str]:
        zh, en = self.heading
        return [f"{zh} · {en}", f"  {self.en}", f"  {self.zh}", f"  文件 File: {self.path}"]


class DatabaseDamaged(ProgressError):
    """The file is not a readable SQLite database, or part of it is damaged."""

    reason: str
    """SQLite's own words, when it gave them."""


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


class ClassError(MjlearnError, ValueError):
    """A class operation that cannot be done (no such class, not its teacher, a login mjlearn may not
    change...). A ``ValueError``; its message is English then Chinese, and in IPython and Jupyter it
    shows as the learner's error box."""

    heading = ("班级操作无法完成", "The class cannot do that")
