"""JSON text checked before it is parsed: how deeply its lists and objects nest; values made plain JSON
before they are written (:func:`jsonable`); and the lines of a file read in pieces of bounded size
(:func:`bounded_lines`), so that one absurd line is never held whole.

``json.loads`` recurses once per level, so a line of ten thousand ``[`` ends in ``RecursionError``;
the batch scorer and the quiz-set loader measure the nesting first, in one pass without recursion.

>>> nesting('{"a": [1, [2, "[[["]]}')
(3, 1)
>>> nesting("[" * 10**6, stop_after=20)
(21, 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping

__all__ = ["bounded_lines", "jsonable", "nesting"]


def nesting(text: str, stop_after: int | None = None) -> tuple[int, int]:
    """The deepest nesting of ``[`` and ``{`` outside strings, and the line (from 1) where it is first
    reached. With ``stop_after`` the scan ends as soon as the nesting goes deeper than that."""
    depth = deepest = 0
    line = deep_line = 1
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            elif ch == "\n":
                line += 1
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest, deep_line = depth, line
                if stop_after is not None and deepest > stop_after:
                    break
        elif ch in "]}":
            depth -= 1
        elif ch == "\n":
            line += 1
    return deepest, deep_line


def jsonable(x):
    """``x`` as plain JSON values: mappings as dicts with text keys, lists and tuples as lists, sets
    sorted by their JSON, anything else as its text."""
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    if isinstance(x, Mapping):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        items = [jsonable(v) for v in x]
        return sorted(items, key=json.dumps) if isinstance(x, (set, frozenset)) else items
    return str(x)


def bounded_lines(stream, limit: int):
    """(line number from 1, line, size) for each line of a binary or text ``stream``, reading at most
    ``limit + 1`` of a line at a time: a longer line comes as None (its rest skipped in pieces of 64 KiB,
    never held) with its whole size. A UTF-8 byte-order mark opening a binary stream is dropped."""
    number = 0
    while True:
        chunk = stream.readline(limit + 1)
        if not chunk:
            return
        number += 1
        newline = b"\n" if isinstance(chunk, bytes) else "\n"
        size = len(chunk)
        if not chunk.endswith(newline) and size > limit:
            while True:
                more = stream.readline(64 * 1024)
                size += len(more)
                if not more or more.endswith(newline):
                    break
            yield number, None, size
            continue
        if number == 1 and isinstance(chunk, bytes) and chunk.startswith(b"\xef\xbb\xbf"):
            chunk = chunk[3:]
        yield number, chunk, size
