"""A learner's reading resumed from a checkpoint: what a full reading of the answers found (the view's
counts, the damaged rows, the FSRS cards, the wrong tries still waiting for the next try), kept as JSON
in the SQLite file (:mod:`mjlearn.store.checkpoint`), so that a later reading reads and replays only the
answers recorded after it.

The file is the learner's and may be edited: the checkpoint is used only if the fingerprint of the
answers it covers is unchanged (the storage layer's check) and its JSON has exactly the shape written
here, every number in the range a reading can give (:func:`restore`); anything else means the full
reading, which then writes a new checkpoint. Never pickle: a checkpoint is data, read as data.

Only a SQLite file that can be written and whose answers table has mjlearn's shape keeps one (a file
from a newer mjlearn, another program's table, and the class database read every answer, every time).
``tests/test_progress_reading.py`` holds a resumed reading to the full one, row for row."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections import deque

from fsrs.scheduler import STABILITY_MIN

from ..store import checkpoint
from ..store.schema import SCHEMA_VERSION
from ..version import __version__
from . import solved as _solved
from .core import TOPICS
from .history import _KIND_TOPIC, DAMAGE, MASTERY_DECAY, MAX_AT, MAX_TEXT, DamagedRow, Reading, _fan_ids, _rules_key
from .history_sql import _mjlearn_shape, sqlite_answers
from .review import _DAY_US, _US, SCHEDULER, _Cards, replay_reading

__all__ = ["READING_VERSION", "dump", "read", "restore"]

READING_VERSION = 1
"""The version of what a checkpoint holds and how the reading makes it: raise it whenever the reading,
the replay or the state's shape changes (mjlearn's own version is part of the key too)."""

VERSION = (
    f"mjlearn {__version__}; reading {READING_VERSION}; schema {SCHEMA_VERSION}; scheduler "
    + hashlib.sha256(
        repr(
            (
                SCHEDULER.parameters,
                SCHEDULER.desired_retention,
                SCHEDULER.learning_steps,
                SCHEDULER.relearning_steps,
                SCHEDULER.maximum_interval,
            )
        ).encode()
    ).hexdigest()[:16]
)
"""What a checkpoint must have been written by: this mjlearn, this reading, this schema, these FSRS
parameters (and, added when read, the scorer's stamp: :func:`mjlearn.quiz.solved.engine_stamp`)."""

SAVE_AFTER = 2000
"""A reading resumed from a checkpoint writes a new one once it has read this many answers after it
(writing costs one fingerprint of every answer covered; reading a few hundred answers again costs less)."""

_MAX_FIXED = 2**20 + 7 * MAX_TEXT * (len(TOPICS) + 1)
_MAX_PER_ROW = 200
"""A checkpoint's text is at most this long: a few cards, each topic's open question and the waiting
tries' question (each byte at most 6 characters of JSON), and per answer covered a damaged row or a
waiting try. Anything longer is not read (its JSON is never parsed: memory stays bounded)."""
_MAX_AT_US = int(MAX_AT) * _US
_MAX_IVL = 36500 * _DAY_US
_MAX_MASTERY_DEN = 1 / (1 - MASTERY_DECAY) + 1e-6
_COLUMNS = frozenset(
    {
        "",
        "id",
        "at",
        "user",
        "quiz",
        "kind",
        "topic",
        "seed",
        "difficulty",
        "question",
        "answer",
        "correct",
        "score",
        "hints",
        "seconds",
        "retries",
    }
)


def _bytes(question: bytes) -> str:
    return question.decode("latin-1")  # every byte as one character: the bytes come back exactly


def dump(reading: Reading, cards: _Cards, group: list) -> str:
    """The state at the end of the answers read, as JSON text."""
    topics = [
        [
            topic,
            t[0],
            t[1],
            list(t[2]),
            t[3],
            t[4],
            None if t[5] is None else [t[5][0], _bytes(t[5][1]), t[5][2], t[5][3]],
        ]
        for topic, t in reading._topics.items()
    ]
    out_cards = []
    for key, c in cards.cards.items():
        card_id, reviews, right, last_right, att = cards.seen[key]
        out_cards.append([key, list(c), [card_id, reviews, right, bool(last_right), list(att[:5])]])
    waiting = None
    if group:
        waiting = [
            _bytes(group[0][8]),
            [[a[0], a[1], a[2], a[3], a[4], a[5], a[6], None if a[7] is None else list(a[7])] for a in group],
        ]
    state = {
        "total": reading.total,
        "correct": reading.correct,
        "damage": [[d.id, d.position, d.damage, d.column] for d in reading.damage.rows],
        "topics": topics,
        "cards": out_cards,
        "group": waiting,
    }
    return json.dumps(state, separators=(",", ":"), allow_nan=False)


class _Bad(ValueError):
    """The checkpoint is not one this reading wrote."""


def _int(v, lo: int, hi: int) -> int:
    if v.__class__ is not int or not lo <= v <= hi:
        raise _Bad(v)
    return v


def _float(v, lo: float, hi: float) -> float:
    if v.__class__ is not float or not lo <= v <= hi:
        raise _Bad(v)
    return v


def _list(v, n: int | None = None, most: int | None = None) -> list:
    if v.__class__ is not list or (n is not None and len(v) != n) or (most is not None and len(v) > most):
        raise _Bad(v)
    return v


def _text(v, most: int = 200) -> str:
    if v.__class__ is not str or len(v) > most:
        raise _Bad(v)
    return v


def _question(v) -> bytes:
    try:
        return _text(v, MAX_TEXT).encode("latin-1")
    except UnicodeEncodeError:
        raise _Bad(v) from None


def _at(v) -> float:
    if v.__class__ is int:
        v = float(v)
    return _float(v, 0.0, MAX_AT)


def restore(text: str, rows: int, solved=None, stream_of=None):
    """(reading, (cards, group)) from a checkpoint's text, checked: ``rows`` is the number of answers
    (and rows without a name) it covers; ``stream_of(question)`` gives the stream of the answers after
    it. None if anything in it is not what :func:`dump` writes of a reading of that many rows."""
    if len(text) > _MAX_FIXED + _MAX_PER_ROW * rows:  # longer than any reading of that many rows writes
        return None
    try:
        state = json.loads(text)
        return _restore(state, rows, solved, stream_of)
    except (_Bad, ValueError, TypeError, KeyError, RecursionError, OverflowError):
        return None


def _restore(state, rows: int, solved, stream_of):
    if state.__class__ is not dict or set(state) != {"total", "correct", "damage", "topics", "cards", "group"}:
        raise _Bad(state)
    total = _int(state["total"], 0, rows)
    correct = _int(state["correct"], 0, total)
    damage = []
    for d in _list(state["damage"], most=2 * rows):
        rid, position, what, column = _list(d, 4)
        if what not in DAMAGE or _text(column) not in _COLUMNS:
            raise _Bad(d)
        damage.append(DamagedRow(_int(rid, -(2**63), 2**63 - 1), _int(position, 0, rows), what, column))
    topics: dict[str, list] = {}
    for t in _list(state["topics"], most=len(TOPICS)):
        topic, answered, right, recent, num, den, open_ = _list(t, 7)
        if topic not in TOPICS or topic in topics:
            raise _Bad(t)
        _int(answered, 1, rows)
        _int(right, 0, answered)
        recent = [_int(x, 0, 1) for x in _list(recent, most=10)]
        if not recent or len(recent) > answered:
            raise _Bad(t)
        den = _float(den, 0.0, _MAX_MASTERY_DEN)
        num = _float(num, 0.0, den)
        if open_ is not None:
            tries, question, ok, helped = _list(open_, 4)
            open_ = [_int(tries, 1, answered), _question(question), _int(ok, 0, 1), _int(helped, 0, 1)]
        elif den == 0.0:
            raise _Bad(t)
        topics[topic] = [answered, right, deque(recent, maxlen=10), num, den, open_]
    cards = _Cards()
    for n, entry in enumerate(_list(state["cards"], most=100_000), 1):
        key, card, seen = _list(entry, 3)
        if _text(key).partition(":")[0] not in ("kind", "rules", "fan") or key in cards.cards:
            raise _Bad(key)
        st, step, s, d, ivl, last = _list(card, 6)
        _int(st, 1, 3)
        if step is not None:
            _int(step, 0, 100)
        if ivl is not None:
            _int(ivl, 0, _MAX_IVL)
        card = [st, step, _float(s, STABILITY_MIN, 1e12), _float(d, 1.0, 10.0), ivl, _int(last, 0, _MAX_AT_US)]
        card_id, reviews, right, last_right, att = _list(seen, 5)
        _int(reviews, 1, rows)
        if _int(card_id, n, n) != n or last_right.__class__ is not bool:
            raise _Bad(seen)
        rid, at, kind, topic, ok = _list(att, 5)
        if kind not in _KIND_TOPIC or topic not in TOPICS:
            raise _Bad(att)
        att = (_int(rid, -(2**63), 2**63 - 1), _at(at), kind, topic, _int(ok, 0, 1))
        cards.cards[key] = card
        cards.seen[key] = [card_id, reviews, _int(right, 0, reviews), last_right, att]
    group: list = []
    if state["group"] is not None:
        question, tries = _list(state["group"], 2)
        question = _question(question)
        fan_ids = _fan_ids()
        for i, a in enumerate(_list(tries, most=rows)):
            rid, at, kind, topic, ok, helped, rules, fans = _list(a, 8)
            if (
                kind not in _KIND_TOPIC
                or topic not in TOPICS
                or _int(ok, 0, 0)
                or (rules is not None and (_text(rules).__class__ is not str or _rules_key(rules) != rules))
            ):
                raise _Bad(a)
            if fans is not None:
                fans = tuple(_int(f, 0, 10_000) for f in _list(fans, most=len(fan_ids)))
                if kind != "fans" or any(f not in fan_ids for f in fans):
                    raise _Bad(a)
            elif kind == "fans":
                raise _Bad(a)
            group.append(
                (
                    _int(rid, -(2**63), 2**63 - 1),
                    _at(at),
                    kind,
                    topic,
                    0,
                    _int(helped, 0, 1),
                    rules,
                    fans,
                    question,
                    i > 0,
                )
            )
        if not group:
            raise _Bad(tries)
    reading = Reading(stream_of(group[-1][8] if group else None) if stream_of else iter(()), solved)
    reading.total, reading.correct = total, correct
    reading.damage.rows.extend(damage)
    reading._topics.update(topics)
    return reading, (cards, group)


def read(conn: sqlite3.Connection, user: str, columns, solved, now, writable: bool):
    """(reading, review queue, checkpoint to keep) of ``user``'s answers, resumed from the checkpoint if
    it stands. The checkpoint to keep (None: none) is (version, through, fingerprint, state), for
    :func:`mjlearn.store.checkpoint.save` once the reading's transaction is over; only a ``writable``
    file gets one. None: the table has not mjlearn's shape (read it whole the usual way). Run inside
    one read transaction (the answers do not change under it)."""
    if not _mjlearn_shape(conn):
        return None
    version = f"{VERSION}; engine {_solved.engine_stamp()}"  # the fans a "which fans?" hand scores are in the cards
    reading = resume = through = None
    kept = checkpoint.load(conn, user, version)
    if kept is not None:
        start, seal, text = kept
        if checkpoint.sealed(checkpoint.fingerprint(conn, user, start), version, start, text) == seal:
            rows = conn.execute(
                "SELECT count(*) FROM answers WHERE user IS NULL OR user = '' OR (user = ? AND id <= ?)", (user, start)
            ).fetchone()[0]
            got = restore(
                text,
                rows,
                solved,
                lambda last: sqlite_answers(conn, user, columns, after=start, position=rows, last=last),
            )
            if got is not None:
                (reading, resume), through = got, start
    if reading is None:
        reading = Reading(sqlite_answers(conn, user, columns), solved)
    last = conn.execute("SELECT max(id) FROM answers WHERE user = ?", (user,)).fetchone()[0]
    save = (
        writable
        and last is not None
        and (
            through is None
            or conn.execute("SELECT count(*) FROM answers WHERE user = ? AND id > ?", (user, through)).fetchone()[0]
            >= SAVE_AFTER
        )
    )
    states: list = []
    rq = replay_reading(
        reading, now, resume, (lambda cards, group: states.append(dump(reading, cards, group))) if save else None
    )
    if not states:
        return reading, rq, None
    return (
        reading,
        rq,
        (
            version,
            last,
            checkpoint.sealed(checkpoint.fingerprint(conn, user, last), version, last, states[0]),
            states[0],
        ),
    )
