from . import basic, table  # noqa: F401  (order = course order)
