from . import tiles, basic, table, mcr, regional  # noqa: F401  (order = course order)
