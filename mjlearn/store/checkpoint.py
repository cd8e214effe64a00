"""Reading checkpoints: what a full reading of one learner's answers found, kept in the SQLite file
(table ``reading_checkpoints``, revision 0007) so that a later reading reads only the answers after it.

The storage layer keeps the checkpoint as text and proves it still stands for the answers it covers;
what the text says is the quiz's (:mod:`mjlearn.quiz.checkpoint_state` writes it and checks it when
read back). A checkpoint is used only if

- it was written by the same mjlearn and the same reading code (``version``);
- the :func:`fingerprint` of the answers it covers, computed again now, is the one kept: a SHA-256
  over every column of each of them (in id order, each value as SQLite quotes it, so that no two rows
  read alike) and of every row without a learner's name (which any learner's reading lists first);
  any edit, deletion, insertion among them or damage to them changes it;
- the kept text's own hash, taken with that fingerprint, still matches (an edited state is seen).

Derived data only: anything wrong with it (a malformed, edited or missing checkpoint, a lock held by
another writer, a read-only file, a full disk) means the full reading, never an error, and writing it
never waits for a lock (an answer being recorded elsewhere goes first)."""

from __future__ import annotations

import hashlib
import sqlite3

__all__ = ["MAX_STATE", "fingerprint", "load", "save", "sealed"]

MAX_STATE = 64 * 2**20
"""The longest state text read back (bytes); a longer one is ignored (the full reading is done)."""

_CHUNK = 2048
"""Rows whose texts are hashed per query: SQLite joins them, Python hashes the bytes."""

_AT = "(CAST(at * 4194304 AS INTEGER) % 1000003)"
"""A row's time in 2**-22 s (all its bits for a time after 2004), modulo a prime: whole numbers, so that
their sums are exact (a sum of the times themselves loses what changed in its rounding)."""

_SUMS = (
    "count(*), max(id), sum(id), sum(id * (id % 65521)), total(at), sum(" + _AT + "), "
    "sum(" + _AT + " * (id % 65521 + 1)), "
    "sum(length(CAST(question AS BLOB))), sum(length(CAST(answer AS BLOB))), total(score), total(seconds), "
    "sum(CASE WHEN typeof(seed) = 'integer' THEN seed % 1000000007 END), "
    "sum(length(CAST(quiz AS BLOB)) + length(CAST(kind AS BLOB)) + length(CAST(topic AS BLOB))), "
    "total(difficulty + 4 * correct + 16 * hints + 65536 * {retries}), "
    "sum((typeof(correct) = 'integer') + 2 * (typeof(hints) = 'integer') + 4 * (typeof(difficulty) = 'integer') "
    "+ 8 * (typeof(seed) = 'integer') + 16 * (typeof(at) = 'real') + 32 * (typeof(score) = 'real') "
    "+ 64 * (typeof(seconds) = 'real') + 128 * (typeof({retries}) = 'integer') + 256 * (typeof(question) = 'text') "
    "+ 512 * (typeof(answer) = 'text') + 1024 * (typeof(kind) = 'text') + 2048 * (typeof(topic) = 'text'))"
)
"""Sums over the rows covered, computed by SQLite: their number and ids, their numbers (times weighted by
id, so that two rows trading values change them too), the lengths of their texts, their values' types."""

_ROWS = "CAST(question AS BLOB) || x'1f' || CAST(answer AS BLOB)"
"""Each row's question and answer, hashed in id order (SHA-256); the short texts count by their lengths."""


def fingerprint(conn: sqlite3.Connection, user: str, through: int) -> str:
    """SHA-256 (hex) of what can change the reading of ``user``'s answers with id up to ``through``:
    the answers table's definition and triggers, the number of edits and deletions its triggers counted
    (meta ``answers_edited``), the :data:`_SUMS` of those answers and of the rows without a learner's
    name, and the texts of those answers (:data:`_ROWS`)."""
    h = hashlib.sha256()
    for (sql,) in conn.execute("SELECT sql FROM sqlite_master WHERE tbl_name = 'answers' ORDER BY type, name"):
        h.update(f"{sql}\x00".encode("utf-8", "surrogatepass"))
    edits = conn.execute("SELECT value FROM meta WHERE key = 'answers_edited'").fetchone()
    retries = "retries" if any(r[1] == "retries" for r in conn.execute("PRAGMA table_info(answers)")) else "0"
    sums = _SUMS.format(retries=retries)
    unnamed = conn.execute(f"SELECT {sums} FROM answers WHERE user IS NULL OR user = ''").fetchone()
    mine = conn.execute(f"SELECT {sums} FROM answers WHERE user = ? AND id <= ?", (user, through)).fetchone()
    h.update(repr((edits, unnamed, mine)).encode("utf-8", "surrogatepass"))
    after = -(2**63)
    while True:
        last, n, text = conn.execute(
            f"SELECT max(id), count(*), CAST(group_concat(x, x'1e') AS BLOB) FROM (SELECT id, {_ROWS} AS x "
            f"FROM answers WHERE user = ? AND id > ? AND id <= ? ORDER BY id LIMIT {_CHUNK})",
            (user, after, through),
        ).fetchone()
        h.update(b"\x1d%d\x1d" % n)
        if text is not None:
            h.update(bytes(text))
        if n < _CHUNK or last.__class__ is not int:
            return h.hexdigest()
        after = last


def sealed(rows_fingerprint: str, version: str, through: int, state: str) -> str:
    """The fingerprint kept: the rows' with the version, the id covered and the state's text."""
    h = hashlib.sha256()
    for part in (rows_fingerprint, version, str(through)):
        h.update(part.encode("utf-8", "surrogatepass") + b"\x00")
    h.update(state.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _has_table(conn: sqlite3.Connection) -> bool:
    return (
        conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'reading_checkpoints'").fetchone()
        is not None
    )


def load(conn: sqlite3.Connection, user: str, version: str):
    """(through, fingerprint kept, state text) of ``user``'s checkpoint if it was written by ``version``
    and looks sound (None otherwise). The caller checks the fingerprint and the state."""
    try:
        if not _has_table(conn):
            return None
        row = conn.execute(
            "SELECT version, through, fingerprint, CAST(state AS BLOB), length(CAST(state AS BLOB)) "
            "FROM reading_checkpoints WHERE user = ? AND length(CAST(state AS BLOB)) <= ?",
            (user, MAX_STATE),
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None:
        return None
    kept_version, through, kept, state, _ = row
    if kept_version != version or through.__class__ is not int or kept.__class__ is not str:
        return None
    try:
        text = bytes(state).decode("utf-8")
    except (TypeError, UnicodeDecodeError):
        return None
    return through, kept, text


def save(
    conn: sqlite3.Connection, user: str, version: str, through: int, kept: str, state: str, timeout_ms: int
) -> bool:
    """Keep ``user``'s checkpoint, in a transaction of its own that never waits for another writer:
    False (nothing written, nothing raised) if the file is locked, read-only, full or damaged."""
    try:
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if _has_table(conn):
                    conn.execute(
                        "INSERT OR REPLACE INTO reading_checkpoints (user, version, through, fingerprint, "
                        "state) VALUES (?, ?, ?, ?, ?)",
                        (user, version, through, kept, state),
                    )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")
    except sqlite3.Error:
        return False
    return True
