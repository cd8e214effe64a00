"""The registry of rule sets: lookup by name or alias (English, Chinese, pinyin).

>>> from mjlearn.rules import get, RULESETS
>>> get("北京麻将").name, get("Changsha").name
('beijing', 'changsha')
>>> "mcr" in RULESETS
True
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from contextlib import contextmanager
from importlib import import_module
from typing import TypeVar

from ..handoff import presenter
from .base import RuleSet, UnknownRuleSetError

_R = TypeVar("_R", bound=RuleSet)

__all__ = [
    "DEFAULT",
    "RULESETS",
    "VARIANT_MODULES",
    "get",
    "ladder",
    "names",
    "register",
    "registered",
    "unregister",
]

VARIANT_MODULES = (
    "mcr_rules",
    "beijing",
    "beijing_points",
    "changsha",
    "yunnan",
    "huopin",
    "xian",
    "old_beijing",
    "hongkong",
    "fuzhou",
    "small_games",
)
"""Modules of mjlearn.rules that register variants when imported (in display order); ``ladder``
registers the small games of the ladder (each with a ``RuleSet.rung``), which :func:`names` leaves out."""

DEFAULT = "mcr"
"""The rule set used where none is given (a table, a session, ``mjlearn.rules.score``)."""

COMPAT_ALIASES = {"beijing-points": "bj_basic"}
"""Older names still accepted: the table once called the Beijing points BJ-basic column
``"beijing-points"``. (The other old table names, such as ``"bj-new"`` or ``"old-beijing"``, are
already the registry names once case, spaces, hyphens and underscores are ignored.)"""

_registry: dict[str, RuleSet] = {}
_index: dict[str, str] = {}
_loaded = False
"""True once every module of VARIANT_MODULES is fully imported (so every rule set is registered)."""
_lock = threading.Lock()
"""Held while one registration is checked and written, so two threads registering at once cannot both
take an alias; never held while a module is imported (the import system's own locks serialise those)."""
_loading = threading.local()


def _norm(s: str) -> str:
    return re.sub(r"[\s_\-./·()（）]+", "", s).casefold()


def register(ruleset: _R) -> _R:
    """Add a rule set; its name and every alias must be new."""
    if not isinstance(ruleset, RuleSet):
        raise TypeError(f"register() needs a RuleSet, got {type(ruleset).__name__}")
    keys = [ruleset.name, *ruleset.aliases]
    with _lock:
        for k in keys:
            owner = _index.get(_norm(k))
            if owner is not None and owner != ruleset.name:
                raise ValueError(f"alias {k!r} of {ruleset.name!r} is already used by {owner!r}")
        _registry[ruleset.name] = ruleset  # the rule set before its names: a name found
        for k in keys:  # always leads to a rule set
            _index[_norm(k)] = ruleset.name
    return ruleset


def _load() -> None:
    """Import every variant module, then mark the registry loaded.

    Every thread that finds the registry not yet loaded imports the modules itself, in display
    order: a module another thread is importing is waited for by the import system and comes back
    fully run, so each thread leaves here with every rule set registered, and ``_loaded`` is set only
    then. (Marking it first, as this once did, let other threads read a registry still being filled.)
    A call made while this thread is importing a variant module (a module that asks the registry
    at import) sees the registry as it stands and does not mark it loaded."""
    global _loaded
    if _loaded:
        return
    depth = getattr(_loading, "depth", 0)
    _loading.depth = depth + 1
    try:
        for mod in VARIANT_MODULES:
            import_module(f"mjlearn.rules.{mod}")
    finally:
        _loading.depth = depth
    if depth:
        return
    with _lock:
        if _loaded:  # another thread finished first
            return
        _in_display_order()
        for alias, name in COMPAT_ALIASES.items():
            owner = _index.setdefault(_norm(alias), name)
            if owner != name:  # pragma: no cover - a registry bug to report, not a user error
                raise ValueError(f"compatibility alias {alias!r} of {name!r} is already used by {owner!r}")
        _loaded = True


def get(name) -> RuleSet:
    """The rule set with this name or alias (case, spaces and hyphens ignored). A RuleSet is
    returned unchanged."""
    if isinstance(name, RuleSet):
        return name
    if not isinstance(name, str):
        raise TypeError(f"a rule-set name must be a string, got {type(name).__name__}")
    _load()
    key = _index.get(_norm(name))
    if key is None:
        known = ", ".join(f"{n} ({r.zh})" for n, r in list(_registry.items()) if r.rung is None)
        raise UnknownRuleSetError(
            f"unknown rule set {name!r}; known rule sets: {known}  （没有叫 {name!r} 的规则；可用的规则如上所列）"
        )
    return _registry[key]


def names(*, practice: bool = False) -> tuple[str, ...]:
    """Registered names in display order: the regional rule sets and MCR; with ``practice=True`` the
    ladder's small games too (the rule sets with a ``rung``)."""
    _load()
    return tuple(n for n, rs in list(_registry.items()) if practice or rs.rung is None)


def ladder() -> tuple[RuleSet, ...]:
    """The small games of the ladder (the rule sets with a ``rung``), first rung first; the full game,
    :data:`DEFAULT`, comes after them."""
    _load()
    games = [rs for rs in list(_registry.values()) if rs.rung is not None]
    return tuple(sorted(games, key=lambda rs: rs.rung.order))  # type: ignore[union-attr]  # (filtered above)


class _RuleSets(Mapping):
    """Read-only mapping name → RuleSet, filled on first access; lookup also by alias."""

    def __getitem__(self, name):
        try:
            return get(name)
        except UnknownRuleSetError as e:
            raise KeyError(str(e)) from None

    def __contains__(self, name):
        _load()
        return isinstance(name, str) and _norm(name) in _index

    def __iter__(self):
        return iter(names())

    def __len__(self):
        return len(names())

    def __repr__(self):
        return "RULESETS{" + ", ".join(f"{n!r}: {get(n).zh}" for n in names()) + "}"

    def _repr_html_(self):  # the course shows it: see handoff.py
        return presenter("comparison").rulesets_html(self)


RULESETS: Mapping[str, RuleSet] = _RuleSets()
"""Every rule set by name (read-only; also answers aliases)."""


# --- the display order, and taking a rule set out again (a test's own rule set) ---------------------


def _in_display_order() -> None:
    """Put the rule sets of mjlearn's own modules in the order of VARIANT_MODULES (each module's in
    the order it registers them), whichever module was imported first; the others keep their order
    after them."""
    where = {f"mjlearn.rules.{m}": k for k, m in enumerate(VARIANT_MODULES)}
    ranked = sorted(enumerate(_registry.values()), key=lambda e: (where.get(type(e[1]).__module__, len(where)), e[0]))
    order = [rs for _, rs in ranked]
    _registry.clear()
    _registry.update((rs.name, rs) for rs in order)


def unregister(name) -> RuleSet:
    """Remove a registered rule set (by name, alias or value) with every alias that leads to it, and
    return it: for a rule set a test registers itself, so that no other test sees it. Unknown names
    raise :class:`UnknownRuleSetError`."""
    rs = get(name)
    with _lock:
        for key in [k for k, owner in _index.items() if owner == rs.name]:
            del _index[key]  # its names before the rule set, as register
        del _registry[rs.name]  # does the other way round
    return rs


@contextmanager
def registered(ruleset: RuleSet):
    """Register ``ruleset`` for the ``with`` block only (:func:`register`, then :func:`unregister`,
    even when the block raises)."""
    _load()
    register(ruleset)
    try:
        yield ruleset
    finally:
        unregister(ruleset.name)
