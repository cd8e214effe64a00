"""Where answers are kept: the storage layer, below the quiz (it imports nothing of :mod:`mjlearn.quiz`,
the renderers or the widgets; the quiz's review queue, progress view and mastery ask it for rows).

- :mod:`mjlearn.store.sqlite` keeps the answers in a SQLite file (:class:`~mjlearn.store.sqlite.SQLiteStore`;
  :class:`mjlearn.quiz.progress.ProgressStore` is it with the quiz's reading).
- :mod:`mjlearn.store.files` says where the store lives (the data folder, ``$MJLEARN_DB``) and turns
  SQLite and file-system errors into one clear :class:`~mjlearn.errors.ProgressError`.
- :mod:`mjlearn.store.schema` holds the schema's steps (the Alembic revisions of :mod:`mjlearn.store.migrations`)
  and runs them on a SQLite file.
- :mod:`mjlearn.store.salvage` reads what is left of a damaged SQLite progress file.
"""
