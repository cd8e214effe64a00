from . import basic, table, mcr  # noqa: F401  (order = course order)
