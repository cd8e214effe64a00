"""A learner's progress in a class database (PostgreSQL): :class:`ClassStore`.

The keeping of answers is the storage layer's (:class:`mjlearn.store.postgres.PostgresStore`: one
INSERT per answer, a spool on this computer while the server is away, the schema brought forward on
opening when the login may, row-level security); :class:`ClassStore` is the quiz's
:class:`~mjlearn.quiz.progress.ProgressStore` over it, whatever ``$MJLEARN_DB`` says.
``ProgressStore()`` and :func:`mjlearn.store.open_store` open the same store when ``$MJLEARN_DB`` is a
PostgreSQL URL.
"""

from __future__ import annotations

from ..quiz.progress import ProgressStore
from ..store.files import BUSY_TIMEOUT_S
from ..store.postgres import ANSWERS, MIGRATION_LOCK, SPOOL_NAME, PostgresStore, upgrade_on  # noqa: F401

__all__ = ["ANSWERS", "SPOOL_NAME", "ClassStore", "upgrade_on"]


class ClassStore(ProgressStore):
    """The progress of one learner in a class database (``url``; default ``$MJLEARN_DB``): the answers
    kept by a :class:`~mjlearn.store.postgres.PostgresStore` (``store``), read for the progress view,
    mastery and the review queue. ``path`` is not used (the database is named by the URL)."""

    def __init__(self, path=None, user: str | None = None, timeout: float = BUSY_TIMEOUT_S, *, url: str | None = None):
        super().__init__(store=PostgresStore(url, user, timeout))
