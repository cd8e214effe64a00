"""Every cache of the MCR engine, by name: cleared, sized and bounded in one place.

The scorer is fast because what it learns about a fragment of a hand (a suit's counts, a set of
chows, the fans that occur together) is kept and met again. Each such store is a plain ``dict``
created here by :func:`new`, with a name, a one-line account and a budget of entries:

* :func:`clear` empties them all (tests start from empty caches through it);
* :func:`sizes` reports, per cache, its entries and the bytes it holds (keys, values and what they
  reach that no other cache already counted, by :func:`sys.getsizeof`);
* :func:`put` stores a value in a cache, first emptying the cache when it holds its budget of
  entries: a full cache starts again from empty and refills from the next hands. This is one
  ``len()`` per store (stores happen only on misses) and keeps every cache bounded without
  bookkeeping on the hits, which are nearly every look-up; an emptied cache costs a burst of
  misses, never a wrong answer, because every entry is a function of its key alone.

The budgets were chosen from measurements (benchmarks/bench_mcr.py's mix, 100,000 hands): each
cache's steady size on that mix, rounded up, so that a long session's caches hold at most a few
MiB together (``sizes()`` after 100,000 hands is in tests/test_mcr_caches.py). Two kinds of store
are never emptied one at a time, because other entries refer to their ids: the interned wait facts
(:mod:`mjlearn.mcr.waits`), whose domain is finite and small (``fixed=True``: their budget is the
size of the domain and they never reach it). :func:`clear` empties them together with everything
that holds their ids.

Thread safety: the hits and stores are single ``dict`` operations, atomic under the interpreter's
lock; the few steps that must not interleave (handing out a new id) take :data:`LOCK`. Every
value stored is a function of its key, so two threads that miss at once store equal values.
"""

from __future__ import annotations

import sys
import threading

__all__ = ["LOCK", "Cache", "new", "put", "clear", "sizes", "registered"]

LOCK = threading.Lock()
"""Held while a new id is handed out (interned values), so that two threads never share one."""


class Cache:
    """One registered cache: its ``name``, the ``data`` (a plain dict, used directly by its
    module), its ``budget`` of entries and what it holds (``doc``)."""

    __slots__ = ("name", "data", "budget", "doc", "fixed")

    def __init__(self, name: str, data: dict, budget: int, doc: str, fixed: bool) -> None:
        self.name, self.data, self.budget, self.doc, self.fixed = name, data, budget, doc, fixed

    def __repr__(self) -> str:
        return f"<Cache {self.name}: {len(self.data)} of {self.budget} entries>"


_REGISTRY: dict[str, Cache] = {}
_BY_ID: dict[int, Cache] = {}


def new(name: str, budget: int, doc: str, *, fixed: bool = False, data: dict | None = None) -> dict:
    """A new registered cache (a plain dict) named ``name`` with at most ``budget`` entries.
    ``fixed``: the keys come from a small finite domain and other caches hold ids of its values, so
    it is never emptied alone (only by :func:`clear`); reaching the budget is then a bug."""
    if name in _REGISTRY:
        raise ValueError(f"an MCR cache named {name!r} is already registered")
    if budget < 1:
        raise ValueError(f"the budget of cache {name!r} must be at least 1 entry, got {budget!r}")
    d = {} if data is None else data
    c = _REGISTRY[name] = Cache(name, d, budget, doc, fixed)
    _BY_ID[id(d)] = c
    return d


def put(cache: dict, key, value, budget: int = 0):
    """``cache[key] = value`` within the cache's budget: a cache that holds its budget of entries
    is emptied first (see the module's account). Returns ``value``. ``budget``: for a cache that
    lives in a registered one (a profile's counting tables), its own budget."""
    if len(cache) >= (budget or _BY_ID[id(cache)].budget):
        c = _BY_ID.get(id(cache))
        if c is not None and c.fixed:
            raise RuntimeError(f"MCR cache {c.name} outgrew its finite domain ({c.budget} entries)")
        cache.clear()
    cache[key] = value
    return value


def clear() -> None:
    """Empty every MCR cache (a fresh process's state; the next hands fill them again)."""
    with LOCK:
        for c in _REGISTRY.values():
            c.data.clear()
        for hook in _ON_CLEAR:
            hook()


_ON_CLEAR: list = []


def on_clear(hook) -> None:
    """Call ``hook()`` after :func:`clear` (a module whose interned table has a fixed first entry)."""
    _ON_CLEAR.append(hook)


def registered() -> dict[str, Cache]:
    """The registered caches by name (a copy)."""
    return dict(_REGISTRY)


def sizes() -> dict[str, tuple[int, int]]:
    """``{name: (entries, bytes)}`` of every registered cache. The bytes are those of the dict, its
    keys and values and what they reach (tuples, lists, dicts, sets, records with slots, ints,
    bytes, strings), each object counted once, in the first cache (in registration order) that
    reaches it; functions, classes, modules and objects with a ``__dict__`` (a profile, a
    ``WinContext``) are not counted."""
    seen: set[int] = set()
    out = {}
    for name, c in list(_REGISTRY.items()):
        out[name] = (len(c.data), _deep_size(c.data, seen))
    return out


_LEAVES = (int, float, bytes, str, bool, type(None))


def _deep_size(root, seen: set) -> int:
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        i = id(obj)
        if i in seen:
            continue
        seen.add(i)
        if isinstance(obj, _LEAVES):
            if obj is None or obj is True or obj is False or (type(obj) is int and -5 <= obj <= 256):
                continue                  # shared by the interpreter, not held by a cache
            total += sys.getsizeof(obj)
            continue
        if isinstance(obj, (tuple, list, set, frozenset)):
            total += sys.getsizeof(obj)
            stack.extend(obj)
        elif isinstance(obj, dict):
            total += sys.getsizeof(obj)
            stack.extend(obj.keys())
            stack.extend(obj.values())
        else:
            slots = getattr(type(obj), "__slots__", None)
            if slots is None:
                continue                  # functions, classes, modules, the profiles and contexts
            total += sys.getsizeof(obj)
            stack.extend(getattr(obj, s) for s in slots if hasattr(obj, s))
    return total
