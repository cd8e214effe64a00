"""Climbing the ladder of small games: every hand played on a rung, kept with the learner's progress.

The rungs are :func:`rungs`: the small games of the registry (:func:`mjlearn.rules.registry.ladder`,
each with its explanation and goal of wins), then the full game. Each hand
the learner finishes at the table on a rung is one row of the file :data:`FILE` in the data folder of
the progress store (beside ``progress.db``): who, when, which rung, its rule set, the seed and whether
the learner won. Each row is written in its own transaction and committed before :meth:`Climb.record`
returns, so a kernel killed later loses nothing. Rung ``k`` is open when ``k == 0`` or the rung before
it has its goal of wins; nothing else opens a rung, so a crafted front-end message cannot skip one
(the widget asks :meth:`Climb.is_open` before it deals).

Unlike the derived files kept there (``fans-solved.db``), this is the learner's own record: a row that
cannot be read (an unknown rung, a result that is not 0 or 1, an impossible time) is a
:class:`LadderRowError` naming the file and the row, never skipped or guessed; a damaged file is the
store's :class:`~mjlearn.errors.DatabaseDamaged`, and nothing is moved or deleted.

>>> import tempfile
>>> climb = Climb(tempfile.mkdtemp(), user="ann")
>>> climb.open_rungs()
(0,)
>>> for _ in range(3):
...     _ = climb.record(0, won=True, seed=1)
>>> climb.open_rungs(), climb.wins(0)
((0, 1), 3)
"""

from __future__ import annotations

import math
import sqlite3
import threading
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import ProgressError
from ..rules.description import Rung
from ..rules.registry import DEFAULT
from ..rules.registry import ladder as _small_games
from ..store.files import BUSY_TIMEOUT_S, data_dir, default_user, translate

__all__ = ["FILE", "FULL_GAME", "MAX_AT", "Climb", "LadderRowError", "Step", "rungs"]

FULL_GAME = Rung(
    0,
    ("最后一级：国标麻将", "Last rung: Guobiao"),
    (
        (
            "真正的国标：和牌至少要 8 番（花牌不算）。",
            "Real Guobiao: a win needs at least 8 points, flowers not counted.",
        ),
        (
            "教练会告诉你哪些打法能凑够 8 番。",
            "The coach shows which ways of playing can reach 8 points.",
        ),
    ),
    example="123m123p123s456m5s+5s",
)
"""The last rung's words: the full game (``registry.DEFAULT``) declares no rung of its own."""


@dataclass(frozen=True)
class Step:
    """One rung as the climb reads it: the rule set played and its :class:`Rung` (explanation, goal)."""

    rules: str
    rung: Rung

    @property
    def title(self) -> tuple[str, str]:
        return self.rung.title

    @property
    def explain(self) -> tuple[tuple[str, str], ...]:
        return self.rung.explain

    @property
    def wins(self) -> int:
        return self.rung.wins

    @property
    def example(self) -> str:
        return self.rung.example


@cache
def rungs() -> tuple[Step, ...]:
    """The ladder, first rung first: the registry's small games, then the full game."""
    steps = tuple(Step(rs.name, rs.rung) for rs in _small_games() if rs.rung is not None)
    return (*steps, Step(DEFAULT, FULL_GAME))


FILE = "ladder.db"
"""The file of the ladder's hands, in the progress store's data folder."""

MAX_AT = 4102444800.0
"""2100-01-01 UTC: a row stamped later is impossible (a clock or an edit gone wrong)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    user TEXT NOT NULL,
    rung INTEGER NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER,
    won INTEGER NOT NULL
)
"""


class LadderRowError(ProgressError):
    """A row of the ladder's file that cannot be read as a hand played on a rung."""


class Climb:
    """One learner's climb: the hands played on each rung, read from and written to :data:`FILE`.

    ``folder``: the data folder (default: the progress store's, ``$MJLEARN_DATA_DIR``); ``user``: the
    learner (default: the progress store's user)."""

    def __init__(self, folder=None, user: str | None = None):
        self.path = Path(folder if folder is not None else data_dir()) / FILE
        self.user = user or default_user()
        self._lock = threading.Lock()

    def _connect(self, doing: str) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ProgressError(
                self.path, f"mjlearn ladder: the data folder cannot be made ({e.strerror})", "无法建立数据文件夹"
            ) from None
        if self.path.exists() and not self.path.is_file():
            raise ProgressError(
                self.path, "mjlearn ladder: the ladder's path is not a file; move it away", "小局阶梯的记录路径不是文件"
            )
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(_SCHEMA)
        except sqlite3.Error as e:
            raise translate(self.path, e, doing) from None
        return conn

    def record(self, rung: int, *, won: bool, seed: int | None = None) -> int:
        """Keep one finished hand on ``rung`` (0 = the first); committed when this returns. Returns the row id.
        A rung not open is refused (:class:`ProgressError`): a hand counts only where it could be dealt."""
        _check_rung(rung)
        if not isinstance(won, bool):
            raise TypeError(f"won must be True or False, got {won!r}")
        with self._lock:
            if rung not in self.open_rungs():
                raise ProgressError(
                    self.path,
                    f"mjlearn ladder: rung {rung + 1} is not open yet; win the rung before it first",
                    f"第 {rung + 1} 级还没有打开：先完成前一级",
                )
            conn = self._connect("recording a hand of the ladder")
            try:
                cur = conn.execute(
                    "INSERT INTO hands (at, user, rung, rules, seed, won) VALUES (?,?,?,?,?,?)",
                    (time.time(), self.user, rung, rungs()[rung].rules, seed, int(won)),
                )
                return int(cur.lastrowid or 0)
            except sqlite3.Error as e:
                raise translate(self.path, e, "recording a hand of the ladder") from None
            finally:
                conn.close()

    def hands(self) -> list[tuple[int, bool]]:
        """(rung, won) of each of the learner's hands, in the order played. A row that is not a hand on
        a rung of this ladder is a :class:`LadderRowError` naming it."""
        if not self.path.exists():
            return []
        conn = self._connect("reading the ladder")
        try:
            rows = conn.execute(
                "SELECT id, at, rung, rules, won FROM hands WHERE user = ? ORDER BY id", (self.user,)
            ).fetchall()
        except sqlite3.Error as e:
            raise translate(self.path, e, "reading the ladder") from None
        finally:
            conn.close()
        return [_checked(self.path, row) for row in rows]

    def wins(self, rung: int) -> int:
        """Hands won on ``rung``."""
        _check_rung(rung)
        return sum(1 for r, won in self.hands() if r == rung and won)

    def open_rungs(self) -> tuple[int, ...]:
        """The rungs the learner may play: the first, and each one whose rung before has its goal."""
        won = [0] * len(rungs())
        for r, w in self.hands():
            won[r] += w
        out = [0]
        for k in range(1, len(rungs())):
            if won[k - 1] < rungs()[k - 1].wins:
                break
            out.append(k)
        return tuple(out)

    def is_open(self, rung: int) -> bool:
        _check_rung(rung)
        return rung in self.open_rungs()


def _check_rung(rung) -> None:
    if isinstance(rung, bool) or not isinstance(rung, int) or not 0 <= rung < len(rungs()):
        raise ValueError(f"a rung is a whole number from 0 to {len(rungs()) - 1}, got {rung!r}")


def _checked(path: Path, row) -> tuple[int, bool]:
    rid, at, rung, rules, won = row
    problem = None
    if isinstance(rung, bool) or not isinstance(rung, int) or not 0 <= rung < len(rungs()):
        problem = (f"rung {rung!r} is not a rung of the ladder (1-{len(rungs())})", f"级数 {rung!r} 不在阶梯上")
    elif rules != rungs()[rung].rules:
        problem = (f"rung {rung + 1} is played with {rungs()[rung].rules!r}, not {rules!r}", "规则与该级不符")
    elif won not in (0, 1) or isinstance(won, float):
        problem = (f"the result {won!r} is not 0 (lost) or 1 (won)", f"结果 {won!r} 不是 0（没和）或 1（和了）")
    elif not isinstance(at, (int, float)) or math.isnan(at) or not 0 <= at <= MAX_AT:
        problem = (f"the time {at!r} is impossible", f"时间 {at!r} 不可能")
    if problem is not None:
        en, zh = problem
        raise LadderRowError(path, f"mjlearn ladder: row {rid} cannot be read: {en}", f"第 {rid} 行读不出：{zh}")
    return rung, bool(won)
