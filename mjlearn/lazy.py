"""Tables built on first use, safe under threads.

The engine builds some tables when they are first asked for, not at import, so that ``import
mjlearn`` stays fast. Threads (a class server, a learner's own code) may ask for one at the same
moment: :func:`built_once` lets one of them build it while the others wait, and hands the table out
only once it is complete, so no thread ever reads half a table.

>>> calls = []
>>> @built_once
... def squares():
...     calls.append(1)
...     return {n: n * n for n in range(10)}
>>> squares()[7], squares() is squares(), len(calls)
(49, True, 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

__all__ = ["built_once"]

T = TypeVar("T")


def built_once(build: Callable[[], T]) -> Callable[[], T]:
    """``build`` (a function of no arguments) called once, on first use, under a lock; every call
    returns that one value. The value is published only after ``build`` has returned it whole; if
    ``build`` raises, nothing is kept and the next call tries again."""
    lock = threading.Lock()
    box: list = []

    @wraps(build)
    def value() -> T:
        if box:
            return box[0]
        with lock:
            if not box:
                box.append(build())
        return box[0]

    return value
