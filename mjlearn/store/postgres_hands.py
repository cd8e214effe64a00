"""The hands played at the table on the class database: :class:`PostgresHands`, the part of
:class:`~mjlearn.store.postgres.PostgresStore` that keeps and reads them (rows as :mod:`mjlearn.store.hands`
writes them; a hand waits in the spool with the answers while the server is away)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from ..errors import ClassDatabaseUnreachable
from . import hands as _hands

__all__ = ["PostgresHands"]


class PostgresHands:
    """Kept hands, their costly decisions and the answers of one kind, for a class database store (the
    store's lock held for each call, as its own methods do). ``self`` is the
    :class:`~mjlearn.store.postgres.PostgresStore` (typed Any: a mixin of it)."""

    def _send_hand(self: Any, c, row: dict) -> int:
        return _hands.pg_send(c, row)

    def keep_hand(self: Any, row: dict) -> int:
        """Keep a finished hand and its costly decisions (:func:`mjlearn.store.hands.hand_row`) in one
        transaction; while the server is away it waits in the spool with the answers."""
        with self._lock:
            return self._keep_hand(row)

    def _keep_hand(self: Any, row: dict) -> int:
        if self.read_only:
            raise self._newer_error("hands cannot be kept in it")
        return self._deliver({**row, "user": self.user}, "keeping a hand played")

    def table_rows(self: Any, table: str, all_users: bool = False) -> list[dict]:
        """The kept hands (``"table_hands"``) or costly decisions (``"table_mistakes"``) this login reads:
        the learner's own (``all_users``: every row it may read, a teacher's class)."""
        with self._lock:
            return self._table_rows(table, all_users)

    def _table_rows(self: Any, table: str, all_users: bool = False) -> list[dict]:
        try:
            self.flush()
        except ClassDatabaseUnreachable as e:
            raise self._away(e, "reading hands played", kept=False) from None
        self._ensure_ready("reading hands played")
        try:
            with self.engine.connect() as c:
                return _hands.pg_read(c, table, None if all_users else self.user)
        except sa.exc.DBAPIError as e:
            raise self._translate(e, "reading hands played") from None

    def answers_of_kind(self: Any, kind: str, topic: str) -> list[dict]:
        """This learner's answers to questions of ``kind`` (on ``topic``), in order."""
        with self._lock:
            return self._answers_of_kind(kind, topic)

    def _answers_of_kind(self: Any, kind: str, topic: str) -> list[dict]:
        self._ensure_ready("reading answers")
        try:
            with self.engine.connect() as c:
                return _hands.pg_answers(c, self.user, kind, topic)
        except sa.exc.DBAPIError as e:
            raise self._translate(e, "reading answers") from None
