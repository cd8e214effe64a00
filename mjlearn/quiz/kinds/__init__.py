from . import basic  # noqa: F401  (order = course order)
