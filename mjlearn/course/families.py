"""The rule sets by family, read from the registry: each description declares its family's title
(``about.family``); members keep the registry's order and families the order of their first member.

>>> families()[0]
(('国标麻将', 'Guobiao / MCR'), ('mcr',))
"""

from __future__ import annotations

from ..rules import get, names
from ..rules.description import Line

__all__ = ["families", "family_of"]


def families() -> tuple[tuple[Line, tuple[str, ...]], ...]:
    """The registered rule sets grouped by the family their descriptions declare: (title, members),
    members in registry order, families in the order of their first member; a rule set without a
    description is a family of its own."""
    out: dict = {}
    for n in names():
        a = get(n).about
        title = a.family if a is not None else (get(n).zh, get(n).en)
        out.setdefault(title, []).append(n)
    return tuple((t, tuple(ms)) for t, ms in out.items())


def family_of(name: str) -> tuple[Line, tuple[str, ...]]:
    """The family (title, members) a registered rule set belongs to."""
    name = get(name).name
    for title, members in families():
        if name in members:
            return title, members
    return ((name, name), (name,))  # pragma: no cover - every registered rule set is in a family
