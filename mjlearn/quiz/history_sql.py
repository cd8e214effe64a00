"""A learner's answers read from the SQLite file, checked as they stream: the same stream as
:func:`mjlearn.quiz.history.answers_of` gives from rows in Python (answer tuples and
:class:`~mjlearn.quiz.history.DamagedRow` values, in id order), at a fraction of its cost.

Reading 100,000 answers costs little beyond moving each value from SQLite into Python, so each row
brings only what the queue and the view use (its id, time, kind, topic, question and answer, and one
number saying whether it was right and whether hints or retries helped), and every check is made once
where it can be:

- the numbers (time, seed, difficulty, right-or-wrong mark, hints, retries, score, time taken) by
  SQLite, as the row is read (:data:`_FAST_ROW`), in comparisons whose result equals the Python
  check's on a table of mjlearn's shape (its columns' declared types make SQLite store a whole
  number as an integer, so a comparison tells the types apart as Python does);
- the JSON of each distinct question (with its row's kind) and of each distinct answer by SQLite's
  own JSON functions once (:data:`_QUESTION`, :data:`_ANSWER`), the verdict kept for the other rows
  asking or answering the same: a history repeats its questions (a review asks them again) and its
  answers;
- kinds and topics by Python, and anything these checks do not pass by :func:`_judge`, which reads
  the row again whole and says what is wrong with it as :func:`~mjlearn.quiz.history.check_row` does.

A table of another shape (another program's, with columns without types) is read by :func:`_exact`,
which fetches every value and checks it in Python. Both give the same stream for the same rows
(``tests/test_progress_reading.py`` holds them to it on every kind of damage).
"""

from __future__ import annotations

import math

from .core import TOPICS
from .history import (
    _KIND_TOPIC,
    MAX_COUNT,
    MAX_DEPTH,
    MAX_TEXT,
    DamagedRow,
    _decode,
    _fan_numbers,
    _load,
    _rules_key,
    check_row,
)

__all__ = ["sqlite_answers"]

_MAX_AT = 32503680000  # history.MAX_AT as a whole number, so that SQLite compares it exactly

_QUESTION_FLAG = f"""
 WHEN length(CAST(question AS BLOB)) > {MAX_TEXT} THEN 1
 WHEN NOT json_valid(question) THEN 1
 WHEN json_type(question) != 'object' THEN 1
 WHEN coalesce(json_type(question, '$.data'), 'object') != 'object' THEN 1
 WHEN json_type(question, '$.kind') IS NOT NULL AND json_extract(question, '$.kind') IS NOT kind THEN 1
 WHEN coalesce(json_type(question, '$.data.rules'), 'text') != 'text' THEN 1
 WHEN length(CAST(question AS BLOB)) > {2 * MAX_DEPTH} AND
   length(question) - length(replace(replace(question, '[', ''), '{{', '')) > {MAX_DEPTH} THEN 1"""
"""The checks of a question's JSON (1: not a question mjlearn wrote, for :func:`_judge` to name)."""

_ANSWER_FLAG = f"""
 WHEN length(CAST(answer AS BLOB)) > {MAX_TEXT} THEN 1
 WHEN NOT json_valid(answer) THEN 1
 WHEN kind = 'fans' AND json_type(answer) != 'array' THEN 1"""
"""The checks of an answer's JSON."""

_RULES = (
    f"CASE WHEN length(CAST(question AS BLOB)) <= {MAX_TEXT} AND json_valid(question) AND "
    f"json_type(question, '$.data.rules') = 'text' THEN CAST(json_extract(question, '$.data.rules') AS BLOB) END"
)
"""The rule set a question names, as bytes (None if it names none)."""

_QUESTION = f"SELECT CASE {_QUESTION_FLAG} END, {_RULES} FROM (SELECT CAST(? AS TEXT) AS question, ? AS kind)"
"""One distinct question (its bytes, with its row's kind): (flag, rule set)."""

_ANSWER = f"SELECT CASE {_ANSWER_FLAG} END FROM (SELECT CAST(? AS TEXT) AS answer, ? AS kind)"
"""One distinct answer (its bytes, with ``'fans'`` or another kind): its flag."""

_FAST_ROW = f"""CASE WHEN at BETWEEN 0 AND {_MAX_AT} AND (seed IS NULL OR seed = CAST(seed AS INTEGER))
 AND difficulty IN (1, 2, 3) AND correct IN (0, 1)
 AND hints BETWEEN 0 AND {MAX_COUNT} AND hints = CAST(hints AS INTEGER)
 AND {{retries}} BETWEEN 0 AND {MAX_COUNT} AND {{retries}} = CAST({{retries}} AS INTEGER)
 AND score BETWEEN 0 AND 1 AND (seconds IS NULL OR seconds BETWEEN 0 AND 1.7976931348623157e308)
 THEN correct + 2 * (hints != 0 OR {{retries}} != 0) END"""
"""The numbers of a row checked: ``correct + 2 * helped`` (helped: hints or retries), or NULL when one
of them is not what mjlearn writes. Exact on a table whose integer columns have INTEGER affinity: a
whole number is then stored as an integer, so ``x = CAST(x AS INTEGER)`` holds only for an integer,
and text or bytes never compare between two numbers (Python's checks: ``history.check_row``)."""

_KINDS_SQL = ", ".join("'" + k.replace("'", "''") + "'" for k in _KIND_TOPIC)
_TOPICS_SQL = ", ".join("'" + t.replace("'", "''") + "'" for t in TOPICS)
"""The known kinds and topics as SQL text literals (a text equal to one of them is that kind; a number
or bytes never are, as in Python's ``kind in _KIND_TOPIC``)."""

_INTEGER_COLUMNS = ("seed", "difficulty", "correct", "hints", "retries")


def _affinity(declared: str) -> str:
    """SQLite's affinity of a column's declared type (the rules of its documentation, in order)."""
    t = (declared or "").upper()
    if "INT" in t:
        return "INTEGER"
    if "CHAR" in t or "CLOB" in t or "TEXT" in t:
        return "TEXT"
    if "BLOB" in t or not t:
        return "BLOB"
    if "REAL" in t or "FLOA" in t or "DOUB" in t:
        return "REAL"
    return "NUMERIC"


def _mjlearn_shape(conn) -> bool:
    """Whether the answers table has mjlearn's shape, which :data:`_FAST_ROW` needs: ``id`` its rowid
    (INTEGER PRIMARY KEY, in a table with rowids), the integer columns of INTEGER affinity and the time,
    score and time taken of REAL affinity."""
    info = {r[1]: (_affinity(r[2]), r[2].upper(), r[5]) for r in conn.execute("PRAGMA table_info(answers)")}
    if info.get("id", (None, "", 0))[1:] != ("INTEGER", 1) or sum(v[2] > 0 for v in info.values()) != 1:
        return False
    want = {**dict.fromkeys(_INTEGER_COLUMNS, "INTEGER"), **dict.fromkeys(("at", "score", "seconds"), "REAL")}
    if any(info.get(c, (want[c],))[0] != want[c] for c in want) or any(c not in info for c in want if c != "retries"):
        return False
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'answers'").fetchone()
    return sql is not None and "WITHOUT ROWID" not in " ".join(str(sql[0]).upper().split())


def _unnamed(conn):
    """Rows without a learner's name, as damaged rows in id order (they belong to no one; listed so
    that they are not silently lost); returns how many there were, the position the next row takes."""
    pos = 0
    for (rid,) in conn.execute("SELECT id FROM answers WHERE user IS NULL OR user = '' ORDER BY id"):
        pos += 1
        yield DamagedRow(rid, pos, "user_missing", "user")
    return pos


def sqlite_answers(conn, user: str, columns, after: int | None = None, position: int = 0, last: bytes | None = None):
    """The answers of ``user`` in a SQLite store (``conn``, with the answer ``columns`` it has), checked,
    in id order: the stream of :func:`~mjlearn.quiz.history.answers_of`. Rows without a learner's name
    come first, as damaged. ``after``: only the answers with a greater id, the rows without a name
    and ``position`` answers before them taken as read, ``last`` the question of the answer ``after``
    if it was read (a table of mjlearn's shape only)."""
    if after is not None:
        return _fast(conn, user, columns, after, position, last)
    if _mjlearn_shape(conn):
        return _fast(conn, user, columns)
    return _exact(conn, user, columns)


class _Verdicts:
    """The verdicts on distinct questions and answers, each asked of SQLite once per reading."""

    def __init__(self, conn):
        self.conn = conn
        self.questions: dict = {}
        self.answers: tuple[dict, dict] = ({}, {})  # of other kinds, of "which fans?" (by the answer's bytes)
        self.rules: dict = {}

    def question(self, question: bytes, kind: str):
        """None: flagged (to be judged); else (rule set's name or None, damage (damage, column) or None)."""
        flag, rules = self.conn.execute(_QUESTION, (question, kind)).fetchone()
        out: tuple | None
        if flag is not None:
            out = None
        elif rules is None:
            out = None, None
        else:
            key = self.rules_key(rules)
            out = (key, None) if key.__class__ is str else (None, key)
        self.questions[question, kind] = out
        return out

    def rules_key(self, rules: bytes):
        key = self.rules.get(rules, False)
        if key is False:
            text = _decode(rules)
            key = self.rules[rules] = (_rules_key(text) or "") if text is not None else None
        return ("text_not_utf8", "question") if key is None else (key or ("rules_unknown", "question"))

    def answer(self, answer: bytes, fans: bool):
        """None: flagged; ``()``: fine (not a "which fans?" answer); its fan numbers; or (damage, column)."""
        if len(answer) > MAX_TEXT or self.conn.execute(_ANSWER, (answer, "fans" if fans else "")).fetchone()[0]:
            out = None
        elif not fans:
            out = ()
        else:
            out = _fans_answer(answer)
        self.answers[fans][answer] = out
        return out


def _fans_answer(answer: bytes):
    """The fan numbers of a "which fans?" answer (bytes), or (damage, column)."""
    text = _decode(answer)
    if text is None:
        return "text_not_utf8", "answer"
    try:
        fans = _fan_numbers(_load(text))
    except ValueError:  # nested deeper than any answer mjlearn writes (SQLite's JSON reads deeper)
        return "answer_not_json", "answer"
    return ("answer_wrong_type", "answer") if fans is None else fans


def _fast(conn, user: str, columns, after: int | None = None, pos: int = 0, prev: bytes | None = None):
    """:func:`sqlite_answers` on a table of mjlearn's shape."""
    retries = "retries" if "retries" in columns else "0"
    if after is None:
        pos = yield from _unnamed(conn)
    sql = (
        f"SELECT id, at, kind, topic, CAST(question AS BLOB), CAST(answer AS BLOB), CASE WHEN "
        f"typeof(question) = 'text' AND typeof(answer) = 'text' AND kind IN ({_KINDS_SQL}) AND topic IN "
        f"({_TOPICS_SQL}) THEN {_FAST_ROW.format(retries=retries)} END FROM answers WHERE user = ? AND id > ? ORDER BY id"
    )
    verdicts = _Verdicts(conn)
    questions, (answers, fan_answers) = verdicts.questions, verdicts.answers
    prev_id = prev_kind = info = None
    for rid, at, kind, topic, question, answer, v in conn.execute(sql, (user, -(2**63) if after is None else after)):
        pos += 1
        if v is not None:  # the numbers, kind, topic and the texts' types are right
            same = question == prev
            if not same or kind != prev_kind:
                info = questions.get((question, kind), False)
                if info is False:
                    info = verdicts.question(question, kind)
            fans = kind == "fans"
            if fans:
                got = fan_answers.get(answer, False)
                if got is False:
                    got = verdicts.answer(answer, True)
            else:
                got = answers.get(answer, False)
                if got is False:
                    got = verdicts.answer(answer, False)
            if info is not None and got is not None:
                rules, damage = info
                if fans:  # its fan numbers, or what is wrong with them
                    if damage is None and got and got[0].__class__ is str:
                        damage = got
                    fans = got
                else:
                    fans = None
                if damage is None:
                    prev_id, prev_kind = rid, kind
                    yield rid, at, kind, topic, v & 1, v >> 1, rules, fans, question, same
                    prev = question
                    continue
            else:
                damage = _judge(conn, rid, rid, prev_id)
        else:
            damage = _judge(conn, rid, rid, prev_id)
        prev = None
        prev_id = rid
        yield DamagedRow(rid, pos, *damage)


_NUMBER = (int, float)

_SQL_JSON = (
    f"CASE WHEN typeof(question) != 'text' OR typeof(answer) != 'text' THEN 1 {_QUESTION_FLAG} {_ANSWER_FLAG} END"
)
"""The JSON checks of :func:`_exact`, per row."""


def _exact(conn, user: str, columns):
    """:func:`sqlite_answers` on a table of another shape: every value fetched and checked in Python,
    SQLite checking the JSON of every row (:data:`_SQL_JSON`)."""
    retries = "retries" if "retries" in columns else "0"
    pos = yield from _unnamed(conn)
    sql = (
        f"SELECT rowid, id, at, kind, topic, seed, difficulty, correct, score, hints, seconds, {retries}, "
        f"{_SQL_JSON}, CAST(question AS BLOB), "
        f"CASE WHEN typeof(question) = 'text' THEN {_RULES} END, "
        f"CASE WHEN kind = 'fans' THEN CAST(answer AS BLOB) END "
        f"FROM answers WHERE user = ? ORDER BY id"
    )
    kinds, topics = _KIND_TOPIC, TOPICS
    verdicts = _Verdicts(conn)
    prev = prev_id = None
    for (
        rowid,
        rid,
        at,
        kind,
        topic,
        seed,
        difficulty,
        correct,
        score,
        hints,
        seconds,
        retries_,
        suspect,
        question,
        rules,
        answer,
    ) in conn.execute(sql, (user,)):
        pos += 1
        if (
            suspect is None
            and rid.__class__ is int
            and rid != prev_id
            and at.__class__ in _NUMBER
            and 0 <= at <= _MAX_AT
            and kind in kinds
            and topic in topics
            and (seed is None or seed.__class__ is int)
            and difficulty in (1, 2, 3)
            and correct in (0, 1)
            and hints.__class__ is int
            and 0 <= hints <= MAX_COUNT
            and retries_.__class__ is int
            and 0 <= retries_ <= MAX_COUNT
            and score.__class__ in _NUMBER
            and 0 <= score <= 1
            and (seconds is None or (seconds.__class__ in _NUMBER and 0 <= seconds < math.inf))
        ):
            damage = None
            if rules is not None:
                rules = verdicts.rules_key(rules)
                if rules.__class__ is tuple:
                    damage = rules
            fans = None
            if damage is None and answer is not None:
                fans = _fans_answer(answer)
                if fans and fans[0].__class__ is str:
                    damage = fans
            if damage is None:
                prev_id = rid
                yield (
                    rid,
                    at,
                    kind,
                    topic,
                    correct,
                    1 if (hints or retries_) else 0,
                    rules,
                    fans,
                    question,
                    question == prev,
                )
                prev = question
                continue
        else:
            damage = _judge(conn, rowid, rid, prev_id)
        prev = None
        if rid.__class__ is int:
            prev_id = rid
        yield DamagedRow(rid, pos, *damage)


def _judge(conn, rowid, rid, prev_id) -> tuple[str, str]:
    """What is wrong with one row of a SQLite store (read again whole, its texts as bytes)."""
    if rid is not None and rid == prev_id:
        return "id_duplicate", "id"
    cols = [r[1] for r in conn.execute("PRAGMA table_info(answers)") if r[1] in _FIELDS]
    select = ", ".join(f"CASE WHEN typeof({c}) = 'text' THEN CAST({c} AS BLOB) ELSE {c} END" for c in cols)
    values = conn.execute(f"SELECT {select} FROM answers WHERE rowid = ?", (rowid,)).fetchone()
    row = {}
    for c, v in zip(cols, values):
        if isinstance(v, bytes) and c in _TEXTS:
            if len(v) > MAX_TEXT:
                return "question_too_long", c
            text = _decode(v)
            if text is None:
                return "text_not_utf8", c
            v = text
        row[c] = v
    out = check_row(row)
    return out if isinstance(out[0], str) else ("question_shape", "question")


_FIELDS = (
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
)
_TEXTS = ("user", "quiz", "kind", "topic", "question", "answer")
