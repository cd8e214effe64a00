"""What every store of answers shares (:class:`~mjlearn.store.sqlite.SQLiteStore`,
:class:`~mjlearn.store.postgres.PostgresStore`): the export of the rows, ``with`` blocks, and the
marks a store that was opened read-only or salvaged sets."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from .files import EXPORT_COLUMNS
from .files import with_time as _with_time

__all__ = ["Store"]


class Store:
    """A learner's answers, kept somewhere; a subclass gives ``rows``, ``record``, ``stream`` and ``close``.

    ``read_only`` is true when the store was written by a newer mjlearn (``record`` then raises
    ``NewerSchema``); after a salvage, ``moved_aside`` is the damaged file kept and ``salvaged`` the
    number of rows carried over."""

    read_only = False
    moved_aside: Path | None = None
    salvaged: int | None = None

    def rows(self, all_users: bool = False) -> list[dict]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def export(self, path: str | os.PathLike | None = None, format: str | None = None, all_users: bool = True) -> str:
        """Every answer as CSV or JSON (format from the file suffix, or ``format``); written to ``path``
        if given, and returned as text."""
        fmt = (format or (Path(path).suffix.lstrip(".") if path else "csv")).lower()
        rows = [_with_time(r) for r in self.rows(all_users=all_users)]
        if fmt == "json":
            text = json.dumps(rows, ensure_ascii=False, indent=1)
        elif fmt == "csv":
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=EXPORT_COLUMNS, lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
            text = buf.getvalue()
        else:
            raise ValueError(f"export format must be 'csv' or 'json', got {fmt!r}")
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text
