"""Progress: every answer recorded, safe against killed kernels, concurrent notebooks and a class
database that goes away.

Two backends behind one interface: an SQLite file for self-study (the default), or a class database
(PostgreSQL) when ``$MJLEARN_DB`` is a PostgreSQL URL (SQLAlchemy Core and psycopg 3, imported only
then); ``sqlite:///PATH`` in ``$MJLEARN_DB`` names another SQLite file. The schema of both is one series
of Alembic revisions (``mjlearn/store/migrations``). The keeping of answers is the storage layer's
(:mod:`mjlearn.store`, below the quiz: :func:`mjlearn.store.open_store` opens the one that is asked
for); :class:`ProgressStore` wraps it and reads the answers for the view, mastery and the review queue.

The SQLite file lives in the user's data folder (``$MJLEARN_DATA_DIR`` overrides it):

- each answer is one row written in its own transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), so a
  kernel killed between answers loses nothing already answered;
- WAL journal mode and a busy timeout let two notebooks (two processes) write at the same time;
- the schema carries its version in ``PRAGMA user_version`` (and Alembic's ``alembic_version``); older
  files, including those written before Alembic, are brought forward by the revisions (``MIGRATIONS``
  lists their SQLite steps), inside one write transaction; a file from a newer mjlearn is opened
  read-only and never moved;
- a damaged file is salvaged: every row that can still be read is copied, row by row, into a fresh
  database, and the damaged file is kept beside it (``progress.db.corrupt-<time>``), never deleted;
- anything else (a full disk, an I/O error, a read-only folder, a folder where the file should be, a
  lock held too long) raises a ``ProgressError`` whose one-line message names the file; nothing is moved.

>>> import tempfile, os
>>> from mjlearn.quiz import generate, grade, solve
>>> from mjlearn.quiz.progress import ProgressStore
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"), user="ann")
>>> q = generate("tile_name", seed=1)
>>> store.record(q, solve(q), grade(q, solve(q)))
1
>>> store.summary()["total"]
1
"""

from __future__ import annotations

import os
import random
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import (
    Busy,
    ClassDatabaseUnreachable,
    DatabaseDamaged,
    DiskFull,
    NewerSchema,
    NotAFile,
    NotWritable,  # (re-exported: the store's errors)
    ProgressError,
    StorageIOError,
)
from ..i18n import Bilingual, pick
from ..store import open_store as _open_store
from ..store.base import Store
from ..store.checkpoint import save as save_checkpoint
from ..store.files import BUSY_TIMEOUT_S, DB_ENV_VAR, ENV_VAR, EXPORT_COLUMNS, data_dir, default_path, iso_time  # noqa: F401  (re-exported)
from ..store.hands import hand_row
from ..store.salvage import EXPORT_FIELDS  # noqa: F401  (re-exported)
from ..store.schema import MIGRATIONS, SCHEMA_VERSION
from . import checkpoint_state
from .core import TOPICS, generate, grade, solve, wrong_answer
from .history import MASTERY_DECAY, Damage, Reading, answers_of, without_gc
from .history_sql import sqlite_answers
from .review import ReviewQueue, replay_reading
from .solved import Solved
from .table_review import KIND as _DECISION_KIND
from .table_review import TableReading, read_table, row_for_hand, table_html, table_text

__all__ = [
    "DB_ENV_VAR",
    "ENV_VAR",
    "MASTERY_DECAY",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Busy",
    "ClassDatabaseUnreachable",
    "DatabaseDamaged",
    "DiskFull",
    "NewerSchema",
    "NotAFile",
    "NotWritable",
    "ProgressError",
    "ProgressStore",
    "ProgressView",
    "StorageIOError",
    "attempts",
    "credit",
    "data_dir",
    "default_path",
    "mastery",
    "open_store",
    "sample_store",
]


class ProgressStore:
    """A learner's progress: the answers kept by the store that :func:`mjlearn.store.open_store` opens
    (:class:`~mjlearn.store.sqlite.SQLiteStore`, one SQLite file; :class:`~mjlearn.store.postgres.PostgresStore`
    when ``$MJLEARN_DB`` names a class database), read for the progress view, mastery and the review queue.

    ``store`` is that store; its methods and attributes (``record``, ``rows``, ``export``, ``path``,
    ``user``, ``read_only``...) are this object's too. ``store=`` wraps a store already open."""

    def __init__(
        self,
        path: str | os.PathLike | None = None,
        user: str | None = None,
        timeout: float | None = None,
        *,
        store: Store | None = None,
    ):
        object.__setattr__(self, "store", store if store is not None else _open_store(path, user, timeout))

    def __getattr__(self, name: str):
        if name == "store":  # not set yet (a copy being made): no store to ask
            raise AttributeError(name)
        return getattr(self.store, name)

    def __setattr__(self, name: str, value) -> None:
        setattr(self.store, name, value)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.store.close()

    def _read(self, consume):
        """``consume(reading)`` over this learner's answers (:class:`~mjlearn.quiz.history.Reading`),
        checked as they stream from the store (in SQL for a SQLite file, else row by row in Python);
        damaged rows are skipped and listed in ``reading.damage``."""
        store = self.store
        solved = Solved(store.folder).load()  # kept beside the answers

        def answers(source):
            if isinstance(source, sqlite3.Connection):
                return sqlite_answers(source, store.user, store._columns())
            return answers_of(source)

        with without_gc():
            out = store.stream(lambda source: consume(Reading(answers(source), solved)))
        solved.save()
        return out

    def _checkpointed(self, now=None):
        """(reading, review queue) resumed from the file's reading checkpoint, which it renews
        (:mod:`mjlearn.quiz.checkpoint_state`); None where none is kept (a class database, a file from a
        newer mjlearn or just salvaged, a table of another shape): then the answers are read whole."""
        store = self.store
        if store.read_only or store.salvaged is not None:
            return None
        solved = Solved(store.folder).load()

        def read(conn):
            if not isinstance(conn, sqlite3.Connection):
                return None
            conn.execute("BEGIN")  # one snapshot: the answers read are the answers fingerprinted
            try:
                return checkpoint_state.read(conn, store.user, store._columns(), solved, now, True)
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

        with without_gc():
            got = store.stream(read)
        if got is None:
            return None
        solved.save()
        reading, rq, keep = got
        if keep is not None:  # derived data: never waits for a lock, never fails an answer or a reading
            version, through, seal, state = keep
            store.stream(
                lambda conn: save_checkpoint(conn, store.user, version, through, seal, state, int(store.timeout * 1000))
            )
        return reading, rq

    def _finished(self) -> Reading:
        got = self._checkpointed()
        return got[0] if got is not None else self._read(lambda r: r.finish())

    def by_topic(self) -> dict[str, dict]:
        """Per topic: answered, correct, accuracy, the last 10 answers' accuracy, and mastery
        (:func:`mastery`: recent answers count most, a corrected answer counts half). Damaged rows are
        skipped (:meth:`damaged` lists them)."""
        return self._finished().by_topic()

    def damaged(self) -> Damage:
        """The damaged rows among this learner's answers, which the view and the review queue skip
        (nothing is changed: they stay in the database as they are)."""
        return self._finished().damage

    @staticmethod
    def _summary_of(user: str, reading: Reading) -> dict:
        return {
            "user": user,
            "total": reading.total,
            "correct": reading.correct,
            "accuracy": reading.correct / reading.total if reading.total else None,
            "by_topic": reading.by_topic(),
            "damaged": reading.damage,
        }

    def summary(self) -> dict:
        """The answers counted (damaged rows skipped; ``damaged`` lists them), overall and by topic."""
        return self._summary_of(self.user, self._finished())

    def suggest(self, stats: dict | None = None) -> str:
        """The topic to practise next: the first topic in course order never tried, else the weakest
        (mastery, with a topic tried fewer than 5 times counted as weaker)."""
        stats = self.by_topic() if stats is None else stats
        for t in TOPICS:
            if t not in stats:
                return t
        return min(
            TOPICS,
            key=lambda t: (stats[t]["mastery"] - (0.2 if stats[t]["answered"] < 5 else 0), list(TOPICS).index(t)),
        )

    def _queue(self, now=None):
        """(reading, review queue) from one pass over the answers."""

        def consume(reading):
            return reading, replay_reading(reading, now)

        reading, rq = self._checkpointed(now) or self._read(consume)
        rq.damage = reading.damage
        questions = self._questions(sorted({s.last_row["id"] for s in rq.states.values()}))
        for st in rq.states.values():
            st.last_row["question"] = questions.get(st.last_row["id"])
        return reading, rq

    def review_queue(self, now=None):
        """What is due for review (:class:`~mjlearn.quiz.review.ReviewQueue`), damaged rows skipped: the
        items of the answers and the costly decisions of the hands kept (:meth:`keep_hand`)."""
        rq = self._queue(now)[1]
        rq.states.update(self.table_reading(now).states)
        return rq

    # -- hands played at the table -------------------------------------------------------------
    def keep_hand(self, record: dict, won: bool, dealt_in: bool, points: float, fans: list) -> tuple[int, int]:
        """Keep a finished hand (its annotated record, :meth:`PlayTable.record
        <mjlearn.widgets.play.PlayTable.record>`, and its result for the profile) and its costly decisions
        as review items; (the hand's id, how many decisions were kept). The same record kept twice is
        one hand."""
        key, summary, mistakes = row_for_hand(
            record, {"won": won, "dealt_in": dealt_in, "points": points, "fans": fans}
        )
        row = hand_row(time.time(), self.user, record.get("rules", ""), summary, mistakes, key)
        return self.store.keep_hand(row), len(mistakes)

    def table_reading(self, now=None) -> TableReading:
        """The costly decisions kept (their FSRS states, by category), the personal profile, and the rows
        that could not be read (listed, left as they are)."""
        store = self.store
        return read_table(
            self.user,
            store.table_rows("table_hands"),
            store.table_rows("table_mistakes"),
            store.answers_of_kind(_DECISION_KIND, "table"),
            now,
        )

    def profile(self):
        """The personal profile over the hands played (:class:`~mjlearn.coaching.profile.Profile`)."""
        return self.table_reading().profile

    def view(self) -> ProgressView:
        """Mastery by topic, what is due for review, and what to practise next (renders in a notebook);
        damaged rows are skipped and the view says how many (:meth:`damaged` lists them). The hands
        played add the personal profile and the costly decisions by category."""
        reading, rq = self._queue()
        table = self.table_reading()
        rq.states.update(table.states)
        summary = self._summary_of(self.user, reading)
        return ProgressView(summary, self.suggest(summary["by_topic"]), rq, table)


def attempts(rows: list[dict]):
    """The answers grouped by question: tries at the same question in a row (wrong, then right) are
    one attempt, the final try's row with ``retries`` counting the wrong tries before it."""
    group: list[dict] = []
    for r in rows:
        if group and (r["question"] != group[-1]["question"] or group[-1]["correct"]):
            yield _attempt(group)
            group = []
        group.append(r)
    if group:
        yield _attempt(group)


def _attempt(group: list[dict]) -> dict:
    final = dict(group[-1])
    final["retries"] = (len(group) - 1) + int(final.get("retries") or 0)
    final["hints"] = sum(int(r.get("hints") or 0) for r in group)
    return final


def credit(row: dict) -> float:
    """What one attempt says about mastery: 1 right at the first try without hints, 0.5 right after
    a wrong try or a hint, 0 wrong."""
    if not row["correct"]:
        return 0.0
    return 0.5 if (row.get("retries") or row.get("hints")) else 1.0


def mastery(rows: list[dict]) -> float | None:
    """How well the answers show a topic is known, from 0 to 1, weighted to the recent ones: the
    latest attempt counts 1, the one before 0.7, then 0.49... (:data:`MASTERY_DECAY`), each scored by
    :func:`credit`. A topic answered wrong and then right is about 0.3-0.6, not 0; None if no answers."""
    tries = list(attempts(rows))
    if not tries:
        return None
    num = den = 0.0
    w = 1.0
    for r in reversed(tries):
        num += w * credit(r)
        den += w
        w *= MASTERY_DECAY
    return num / den


def open_store(path=None, user=None) -> ProgressStore:
    """The progress of ``user`` in the store at ``path`` (a SQLite file, ``sqlite:///PATH`` or a PostgreSQL
    URL; default ``$MJLEARN_DB``, else the data folder's file): :func:`mjlearn.store.open_store` with the
    quiz's reading."""
    return ProgressStore(path, user)


def sample_store(path=None):
    """A progress store holding a short made-up week of answers (graded by the engine), to show what
    the review queue and the progress view look like before you have a history of your own.

    Nine, five and two days ago: some right at once, one corrected after a wrong try, some wrong. It is written
    to ``path`` (default: a new temporary folder), never to your own progress."""
    path = Path(path) if path is not None else Path(tempfile.mkdtemp(prefix="mjlearn-sample-")) / "sample.db"
    store = ProgressStore(path, user="sample")
    now = time.time()
    plan = [  # (days ago, kind, which question, how answered)
        (9, "tile_name", 1, "right"),
        (9, "tile_name", 2, "right"),
        (9, "waits", 3, "corrected"),
        (9, "fans", 4, "wrong"),
        (9, "regional", 5, "wrong"),
        (5, "tile_name", 6, "right"),
        (5, "shanten", 7, "hint"),
        (5, "complete", 8, "right"),
        (2, "fans", 9, "right"),
        (2, "waits", 10, "wrong"),
    ]
    for i, (days, kind, n, how) in enumerate(plan):
        q = generate(kind, seed=n)
        at = now - days * 86400 + i * 60
        tries = (
            [wrong_answer(q, random.Random(n)), solve(q)]
            if how == "corrected"
            else [wrong_answer(q, random.Random(n))]
            if how == "wrong"
            else [solve(q)]
        )
        for k, a in enumerate(tries):
            rid = store.record(q, a, grade(q, a), quiz="sample", hints=1 if how == "hint" else 0)
            store._conn.execute("UPDATE answers SET at = ? WHERE id = ?", (at + k * 20, rid))
    return store


@dataclass(frozen=True, repr=False)
class ProgressView(Bilingual):
    """Mastery by topic, what is due for review and a suggestion, as text and as HTML."""

    summary: dict
    suggestion: str
    review: ReviewQueue | None = None
    """The :class:`~mjlearn.quiz.review.ReviewQueue` (what is due), if known."""
    table: TableReading | None = None
    """The hands played (:class:`~mjlearn.quiz.table_review.TableReading`): the profile and the costly
    decisions by category, if known."""

    def _rows(self):
        bt = self.summary["by_topic"]
        for t, (zh, en) in TOPICS.items():
            d = bt.get(t)
            yield t, zh, en, d

    def _due(self) -> dict[str, int]:
        if self.review is None:
            return {}
        return {t: d["due"] for t, d in self.review.by_topic().items()}

    def _next(self, terminal: bool = False) -> tuple[str, str, str]:
        """(Chinese, English, the call) of what to do next: review if anything is due. ``terminal``: the
        command to type in a terminal instead of the notebook call."""
        if self.review is not None and self.review.due():
            n = len(self.review.due())
            call = "mjlearn quiz --review" if terminal else "mjlearn.quiz.practice('review')"
            return (f"复习到期的 {n} 项", f"review the {n} items due", call)
        zh, en = TOPICS[self.suggestion]
        call = f"mjlearn quiz --topic {self.suggestion}" if terminal else f"mjlearn.quiz.practice({self.suggestion!r})"
        return zh, en, call

    def text(self, lang: str | None = None, terminal: bool = False) -> str:
        """The view as text; ``terminal``: the next step as a command (``mjlearn quiz --topic ...``)."""
        lines = [
            pick(
                f"{self.summary['user']} 的进度：共答 {self.summary['total']} 题",
                f"Progress of {self.summary['user']}: {self.summary['total']} answers",
                lang,
            )
        ]
        due = self._due()
        for t, zh, en, d in self._rows():
            name = pick(zh, en, lang)
            if d is None:
                lines.append(f"  {name}: " + pick("未练习", "not practised yet", lang))
            else:
                extra = pick(f"，{due[t]} 项待复习", f", {due[t]} due", lang) if due.get(t) else ""
                lines.append(
                    f"  {name}: "
                    + pick(
                        f"掌握 {d['mastery']:.0%}（对 {d['correct']}/{d['answered']}{extra}）",
                        f"mastery {d['mastery']:.0%} ({d['correct']}/{d['answered']} right{extra})",
                        lang,
                    )
                )
        lines.append(
            pick(
                "掌握度：越近的回答分量越重；改正后答对算一半。",
                "Mastery: recent answers count most; right after a wrong try or a hint counts half.",
                lang,
            )
        )
        if self.review is not None and self.review.states:
            lines.append(self.review._text(lang, limit=5))
        if self.table is not None and self.table.played:
            lines.append(table_text(self.table, lang))
        zh, en, call = self._next(terminal)
        lines.append(pick(f"建议下一步：{zh}（{call}）", f"Next: {en} ({call})", lang))
        note = self._damage().note(lang, terminal)
        if note:
            lines.append(note)
        return "\n".join(lines)

    def _damage(self) -> Damage:
        return self.summary.get("damaged") or Damage()

    def _repr_html_(self) -> str:
        from html import escape

        due = self._due()
        rows = []
        for t, zh, en, d in self._rows():
            if d is None:
                cells = "<td style='text-align:left;vertical-align:top'>–</td><td style='text-align:left;vertical-align:top'>未练习 not yet</td><td style='text-align:left;vertical-align:top'></td>"
            else:
                pct = d["mastery"]
                bar = (
                    f"<div style='background:#ddd;width:120px;height:10px;display:inline-block'><div style='background:"
                    f"{'#2a2' if pct >= 0.8 else '#d90' if pct >= 0.5 else '#c33'};width:{pct * 120:.0f}px;"
                    f"height:10px'></div></div>"
                )
                cells = (
                    f"<td style='text-align:left;vertical-align:top'>{d['correct']}/{d['answered']}</td><td style='text-align:left;vertical-align:top'>{bar} {pct:.0%}</td>"
                    f"<td style='text-align:left;vertical-align:top'>{due.get(t, 0) or ''}</td>"
                )
            rows.append(
                f"<tr><td style='text-align:left;vertical-align:top'>{escape(zh)} {escape(en)}</td>{cells}</tr>"
            )
        zh, en, call = self._next()
        review = (
            self.review._repr_html_(limit=8, damage=False) if self.review is not None and self.review.states else ""
        )
        n = self.summary["total"]
        return (
            f"<div class='mjlearn-progress' style='max-width:100%'><b>学习进度 Progress</b> · "
            f"{escape(self.summary['user'])}：已答 {n} 题 · {n} answer{'' if n == 1 else 's'} so far<table><tr><th style='text-align:left;vertical-align:top'>主题 Topic</th><th style='text-align:left;vertical-align:top'>对/答 Right</th>"
            f"<th style='text-align:left;vertical-align:top'>掌握 Mastery</th><th style='text-align:left;vertical-align:top'>待复习 Due</th></tr>{''.join(rows)}</table>"
            f"<p style='font-size:90%;color:#555'>掌握度：越近的回答分量越重，改正后答对算一半。"
            f"<br>Mastery: recent answers count most; right after a wrong try or a hint counts half.</p>"
            f"{review}{table_html(self.table) if self.table is not None and self.table.played else ''}"
            f"<p>建议下一步 Next: <b>{escape(zh)} {escape(en)}</b> (<code>{escape(call)}</code>)</p>"
            f"{self._damage()._repr_html_()}</div>"
        )
