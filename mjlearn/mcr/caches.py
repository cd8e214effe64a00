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

The budgets were chosen from measurements (benchmarks/bench_mcr.py's mix of random hands): after
100,000 hands ``sizes()`` reports 41,500 entries and 21.7 MiB in all (tracemalloc agrees: 22.0 MiB
retained; the caches before this registry, bounded at 200,000 entries each, kept 22.6 MiB), none at
its budget; each budget is above what that mix reaches in 100,000 hands, so a long session rarely
empties a cache, and the largest (a profile's fans-that-count by mask, 32,768 entries of about 270
bytes; each suit's records, 8,192 of about 500 bytes) hold under 9 MiB each when full. The
profiles' tables are kept for at most 4 profiles at once (a fifth empties them all). Some stores are
never emptied one at a time, because other entries refer to their ids: the interned wait facts
(:mod:`mjlearn.mcr.waits`), whose domain is finite and small (``fixed=True``: 309 suit facts and 97
honor shapes exist, their budgets are above that); :func:`clear` empties them together with
everything that holds their ids. tests/test_mcr_caches.py holds these figures (100,000 hands in a
fresh interpreter, marked slow).

Thread safety: the hits and stores are single ``dict`` operations, atomic under the interpreter's
lock; the few steps that must not interleave (handing out a new id) take :data:`LOCK`. Every
value stored is a function of its key, so two threads that miss at once store equal values.
"""

from __future__ import annotations

import sys
import threading

__all__ = ["LOCK", "Cache", "clear", "make_room", "new", "put", "registered", "sizes"]

LOCK = threading.Lock()
"""Held while a new id is handed out (interned values), so that two threads never share one."""


class Cache:
    """One registered cache: its ``name``, the ``data`` (a plain dict, used directly by its
    module), its ``budget`` of entries and what it holds (``doc``)."""

    __slots__ = ("budget", "data", "doc", "fixed", "name")

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


def make_room(cache: dict, n: int, budget: int) -> None:
    """Empty a cache that lives in a registered one (a profile's counting tables) when ``n`` more
    entries would take it over its ``budget``: the caller then stores up to ``n`` entries directly."""
    if len(cache) > budget - n:
        cache.clear()


def clear() -> None:
    """Empty every MCR cache (a fresh process's state; the next hands fill them again). Meant for
    tests and for releasing memory between sessions: a hand being scored in another thread at that
    moment may hold wait-fact ids of the emptied interned tables, so call it when no thread scores."""
    with LOCK:
        for c in _REGISTRY.values():
            c.data.clear()


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
                continue  # shared by the interpreter, not held by a cache
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
                continue  # functions, classes, modules, the profiles and contexts
            total += sys.getsizeof(obj)
            stack.extend(getattr(obj, s) for s in slots if hasattr(obj, s))
    return total
