"""Reading what is left of a damaged SQLite progress file: every answer row SQLite can still reach, and
then the rows on intact table pages it can no longer reach (read straight from the file's pages, each
page and cell checked). The damaged file is opened read-only and never written; the progress store
(:mod:`mjlearn.quiz.progress`) copies what is read here into a new file and keeps the damaged one.

This module is the storage layer's: it knows the answers table's columns and SQLite's file format,
nothing of questions or grading."""

from __future__ import annotations

import os
import sqlite3
import struct
from pathlib import Path
from urllib.request import pathname2url

__all__ = ["EXPORT_FIELDS", "read_only_uri", "readable_rows"]

EXPORT_FIELDS = (
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
"""The columns of the answers table, in their order on disk."""

MAX_MISSING_RUN = 100_000
"""When salvaging with no readable upper bound, stop after this many ids in a row that give nothing."""


def read_only_uri(path: Path) -> str:
    """The SQLite URI opening ``path`` read-only."""
    return "file:" + pathname2url(str(path.resolve())) + "?mode=ro"


def readable_rows(path: Path):
    """Every answer row of a damaged database that can still be read, as dicts: first what SQLite
    itself can reach (``_rows_by_sql``), then rows found on intact pages that SQLite could no longer
    reach because a page above them was damaged (``_rows_from_pages``)."""
    seen = set()
    for row in _rows_by_sql(path):
        seen.add(row["id"])
        yield row
    for row in _rows_from_pages(path):
        if row["id"] not in seen:
            seen.add(row["id"])
            yield row


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``buf[i]``: (value, index after it)."""
    value = 0
    for k in range(8):
        b = buf[i + k]
        value = (value << 7) | (b & 0x7F)
        if b < 0x80:
            return value, i + k + 1
    return (value << 8) | buf[i + 8], i + 9


def _record(payload: bytes) -> list:
    """The values of one SQLite record (raises IndexError/ValueError if it does not parse)."""
    header_size, i = _varint(payload, 0)
    if not 0 < header_size <= len(payload):
        raise ValueError("bad record header")
    types = []
    while i < header_size:
        t, i = _varint(payload, i)
        types.append(t)
    if i != header_size:
        raise ValueError("bad record header")
    values: list = []
    j = header_size
    int_sizes = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
    for t in types:
        if t == 0:
            values.append(None)
        elif t in int_sizes:
            n = int_sizes[t]
            if j + n > len(payload):
                raise ValueError("record runs off its payload")
            values.append(int.from_bytes(payload[j : j + n], "big", signed=True))
            j += n
        elif t == 7:
            values.append(struct.unpack(">d", payload[j : j + 8])[0])
            j += 8
        elif t in (8, 9):
            values.append(t - 8)
        elif t >= 12:
            n = (t - 12) // 2
            if j + n > len(payload):
                raise ValueError("record runs off its payload")
            raw = payload[j : j + n]
            values.append(raw.decode("utf-8") if t % 2 else raw)
            j += n
        else:
            raise ValueError("reserved serial type")
    return values


_COLUMN_TYPES: tuple[type | tuple[type, ...], ...] = (
    type(None),
    (int, float),
    str,
    (str, type(None)),
    str,
    str,
    (int, type(None)),
    int,
    str,
    str,
    int,
    (int, float),
    int,
    (int, float, type(None)),
    int,
)
"""What each answers column may hold on disk (id is NULL: it is the rowid); a record that does not fit
them is not an answer. A row written before the retries column was added has one value fewer."""


def _rows_from_pages(path: Path):
    """Answer rows read straight from the table-leaf pages of the file, for pages SQLite can no longer
    reach. Each page and cell is checked; a page that does not parse is skipped."""
    try:
        size = os.path.getsize(path)
        f = open(path, "rb")
    except OSError:
        return
    with f:
        header = f.read(100)
        page_size = int.from_bytes(header[16:18], "big") if len(header) == 100 else 0
        page_size = 65536 if page_size == 1 else page_size
        if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
            page_size = 4096  # the header is damaged: SQLite's default
        usable = page_size - (header[20] if len(header) == 100 and header[20] < 64 else 0)
        pages = size // page_size

        def page(n: int) -> bytes:
            f.seek((n - 1) * page_size)
            return f.read(page_size)

        for number in range(1, pages + 1):
            data = page(number)
            start = 100 if number == 1 else 0
            if len(data) < page_size or data[start] != 0x0D:  # 0x0D: a table b-tree leaf
                continue
            cells = int.from_bytes(data[start + 3 : start + 5], "big")
            for c in range(cells):
                try:
                    at = int.from_bytes(data[start + 8 + 2 * c : start + 10 + 2 * c], "big")
                    payload_size, i = _varint(data, at)
                    rowid, i = _varint(data, i)
                    payload = _payload(data, i, payload_size, usable, page, pages)
                    values = _record(payload)
                except (IndexError, ValueError, UnicodeDecodeError, OverflowError):
                    continue
                if len(values) in (len(EXPORT_FIELDS) - 1, len(EXPORT_FIELDS)) and all(
                    isinstance(v, t) for v, t in zip(values, _COLUMN_TYPES)
                ):
                    yield dict(zip(EXPORT_FIELDS, [rowid] + values[1:]))


def _payload(data: bytes, i: int, size: int, usable: int, page, pages: int) -> bytes:
    """A cell's payload: on the page, then along its chain of overflow pages."""
    most_local = usable - 35
    if size <= most_local:
        if i + size > len(data):
            raise ValueError("cell runs off its page")
        return data[i : i + size]
    least = (usable - 12) * 32 // 255 - 23
    local = least + (size - least) % (usable - 4)
    if local > most_local:
        local = least
    out = bytearray(data[i : i + local])
    next_page = int.from_bytes(data[i + local : i + local + 4], "big")
    hops = 0
    while len(out) < size:
        hops += 1
        if not 1 < next_page <= pages or hops > pages:
            raise ValueError("broken overflow chain")
        chunk = page(next_page)
        next_page = int.from_bytes(chunk[:4], "big")
        out += chunk[4:usable]
    return bytes(out[:size])


def _rows_by_sql(path: Path):
    """Every answer row SQLite can still read from a damaged database, as dicts, in id order.

    The rows are walked by id: a range scan runs until it meets an unreadable page, then ids are tried
    one by one until one reads again, and the scan resumes after it. The damaged file is opened
    read-only and never written."""
    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True, isolation_level=None)
    except sqlite3.Error:
        return
    try:

        def first(sql):
            try:
                row = conn.execute(sql).fetchone()
                return row[0] if row else None
            except sqlite3.Error:
                return None

        try:
            columns = [r[1] for r in conn.execute("PRAGMA table_info(answers)") if r[1] in EXPORT_FIELDS]
        except sqlite3.Error:
            columns = []
        if "id" not in columns:
            columns = list(EXPORT_FIELDS)
        columns.remove("id")
        columns.insert(0, "id")
        select = f"SELECT {', '.join(columns)} FROM answers"
        bounds = [
            b
            for b in (
                first("SELECT max(id) FROM answers"),
                first("SELECT seq FROM sqlite_sequence WHERE name = 'answers'"),
            )
            if b is not None
        ]
        high = max(bounds) if bounds else None
        pos = first("SELECT min(id) FROM answers")
        pos = 1 if pos is None else min(pos, 1)
        while True:
            try:
                for r in conn.execute(select + " WHERE id >= ? ORDER BY id", (pos,)):
                    yield dict(zip(columns, r))
                    pos = r[0] + 1
                return
            except sqlite3.Error:
                pass
            missing = 0  # step over the unreadable ids one at a time until one reads
            while True:
                if (high is not None and pos > high) or missing >= MAX_MISSING_RUN:
                    return
                try:
                    r = conn.execute(select + " WHERE id = ?", (pos,)).fetchone()
                except sqlite3.Error:
                    r = None
                pos += 1
                if r is not None:
                    yield dict(zip(columns, r))
                    break
                missing += 1
    finally:
        conn.close()
