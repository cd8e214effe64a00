"""The progress store's schema as Alembic revisions: kept in :mod:`mjlearn.store.migrations` (the
storage layer); this name stays for code written before they moved."""

from .store.migrations import HERE, REVISIONS, config, current, run, sqlite_statements, stamp, steps, upgrade  # noqa: F401
