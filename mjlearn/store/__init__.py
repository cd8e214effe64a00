"""Where answers are kept: the storage layer, below the quiz (it imports nothing of :mod:`mjlearn.quiz`,
the renderers or the widgets; the quiz's review queue, progress view and mastery ask it for rows).

- :mod:`mjlearn.store.salvage` reads what is left of a damaged SQLite progress file.
"""
