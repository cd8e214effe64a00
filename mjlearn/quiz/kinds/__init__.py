# The kinds register in course order as their modules are imported: keep this order.
# isort: off
from . import tiles, complete, basic, table, mcr, regional, decision  # noqa: F401
# isort: on
