"""Hands played at the table, kept beside the answers: one row per finished hand (its summary) and one per
costly decision of it (a review item), in the SQLite file or the class database (revision 0008).

The store keeps and returns JSON text; what it means (a summary, a review item) is read above it
(:mod:`mjlearn.coaching.mistakes`, :mod:`mjlearn.quiz.progress`), where a damaged row is skipped alone.
A hand is written with its decisions in one transaction, under a ``uid`` naming it, so a hand kept
twice (the same record kept again, a retry after a lost connection whose commit landed) is stored once.
A learner's role on the class database reads and adds only its own rows (row-level security)."""

from __future__ import annotations

import json

__all__ = [
    "HAND_FIELDS",
    "MISTAKE_FIELDS",
    "hand_row",
    "pg_answers",
    "pg_read",
    "pg_send",
    "sqlite_answers",
    "sqlite_keep",
    "sqlite_read",
]

HAND_FIELDS = ("id", "at", "user", "rules", "summary", "uid")
MISTAKE_FIELDS = ("id", "at", "user", "hand_uid", "category", "item", "uid")
MAX_MISTAKES = 200
"""At most this many decisions of one hand are kept (a hand has fewer than 40 decisions)."""


def hand_row(at: float, user: str, rules: str, summary: dict, mistakes: list[tuple[str, dict]], uid: str) -> dict:
    """A hand and its costly decisions as the store writes them (and the class database's spool keeps them)."""
    return {
        "_into": "table_hands",
        "at": float(at),
        "user": user,
        "rules": str(rules),
        "summary": json.dumps(summary, ensure_ascii=False),
        "uid": uid,
        "mistakes": [
            {"category": c, "item": json.dumps(item, ensure_ascii=False), "uid": f"{uid}:{k}"}
            for k, (c, item) in enumerate(mistakes[:MAX_MISTAKES])
        ],
    }


def sqlite_keep(conn, row: dict) -> int:
    """Write ``row`` (:func:`hand_row`) in its own transaction on a SQLite connection; its hand's id (the
    earlier one's when the same hand was kept before)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        got = conn.execute("SELECT id FROM table_hands WHERE uid = ?", (row["uid"],)).fetchone()
        if got is None:
            cur = conn.execute(
                "INSERT INTO table_hands (at, user, rules, summary, uid) VALUES (?,?,?,?,?)",
                (row["at"], row["user"], row["rules"], row["summary"], row["uid"]),
            )
            got = (cur.lastrowid,)
            conn.executemany(
                "INSERT OR IGNORE INTO table_mistakes (at, user, hand_uid, category, item, uid) VALUES (?,?,?,?,?,?)",
                [(row["at"], row["user"], row["uid"], m["category"], m["item"], m["uid"]) for m in row["mistakes"]],
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return int(got[0])


def sqlite_read(conn, table: str, user: str | None) -> list[dict]:
    """The rows of ``table`` (``table_hands`` or ``table_mistakes``) of ``user`` (None: every user's), in order;
    a file from before revision 0008 (opened read-only) has none."""
    fields = HAND_FIELDS if table == "table_hands" else MISTAKE_FIELDS
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone():
        return []
    sql = f"SELECT {', '.join(fields)} FROM {table}" + (" WHERE user = ?" if user is not None else "") + " ORDER BY id"
    return [dict(zip(fields, r)) for r in conn.execute(sql, (user,) if user is not None else ())]


ANSWER_FIELDS = ("id", "at", "user", "question", "correct", "hints", "retries")


def sqlite_answers(conn, user: str, kind: str, topic: str) -> list[dict]:
    """The answers of ``user`` to questions of ``kind`` (on ``topic``: the index's key), in order."""
    sql = f"SELECT {', '.join(ANSWER_FIELDS)} FROM answers WHERE user = ? AND topic = ? AND kind = ? ORDER BY id"
    return [dict(zip(ANSWER_FIELDS, r)) for r in conn.execute(sql, (user, topic, kind))]


def pg_answers(c, user: str, kind: str, topic: str) -> list[dict]:
    """As :func:`sqlite_answers`, on a class database connection."""
    cols = ", ".join('"user"' if f == "user" else f for f in ANSWER_FIELDS)
    sql = f'SELECT {cols} FROM answers WHERE "user" = %(u)s AND topic = %(t)s AND kind = %(k)s ORDER BY id'
    return [dict(zip(ANSWER_FIELDS, r)) for r in c.exec_driver_sql(sql, {"u": user, "t": topic, "k": kind})]


def pg_send(c, row: dict) -> int:
    """Write ``row`` (:func:`hand_row`) on a class database connection (in the caller's transaction)."""
    rid = c.exec_driver_sql(
        'INSERT INTO table_hands (at, "user", rules, summary, uid) VALUES (%(at)s, %(user)s, %(rules)s, %(summary)s, '
        "%(uid)s) ON CONFLICT (uid) DO NOTHING RETURNING id",
        {k: row[k] for k in ("at", "user", "rules", "summary", "uid")},
    ).scalar()
    if rid is None:  # kept before
        return int(
            c.exec_driver_sql("SELECT id FROM table_hands WHERE uid = %(uid)s", {"uid": row["uid"]}).scalar_one()
        )
    for m in row["mistakes"]:
        c.exec_driver_sql(
            'INSERT INTO table_mistakes (at, "user", hand_uid, category, item, uid) VALUES (%(at)s, %(user)s, '
            "%(hand_uid)s, %(category)s, %(item)s, %(uid)s) ON CONFLICT (uid) DO NOTHING",
            {"at": row["at"], "user": row["user"], "hand_uid": row["uid"], **m},
        )
    return int(rid)


def pg_read(c, table: str, user: str | None) -> list[dict]:
    """As :func:`sqlite_read`, on a class database connection (row-level security decides what a login sees)."""
    fields = HAND_FIELDS if table == "table_hands" else MISTAKE_FIELDS
    cols = ", ".join('"user"' if f == "user" else f for f in fields)
    sql = f"SELECT {cols} FROM {table}" + (' WHERE "user" = %(u)s' if user is not None else "") + " ORDER BY id"
    return [dict(zip(fields, r)) for r in c.exec_driver_sql(sql, {"u": user} if user is not None else {})]
