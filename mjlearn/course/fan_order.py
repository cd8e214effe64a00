"""The MCR fans in the order people meet them, for lessons 07 and 07b.

``fan_order.json`` beside this module is written by ``tools/starter_fans.py``: four computer players of
the strong level played seeded MCR hands, and for each fan it holds the wins it counted in, and each
win's fans. Lesson 07 teaches the starter set first (:func:`starter_fans`), lesson 07b the other fans
(:func:`more_fans`), both most frequent first. The fan index and the cheat sheet keep the official
order (:mod:`mjlearn.mcr.sheets`).

>>> from mjlearn.course.fan_order import more_fans, starter_fans
>>> start = starter_fans()
>>> 8 <= len(start) <= 20 and len(start) + len(more_fans()) == 82
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..mcr import FANS
from ..mcr.sheets import Frequencies

__all__ = [
    "DATA",
    "LEVEL",
    "SHARE",
    "explained",
    "lesson_order",
    "measured",
    "more_fans",
    "starter_fans",
    "starter_set",
]

DATA = Path(__file__).with_name("fan_order.json")
"""The measured table (written by tools/starter_fans.py --write)."""
LEVEL = "strong"
"""The computer players' level in the measurement (the strongest the table offers when it was made)."""
STARTER_LESSON = "07_the_81_fans.ipynb"
"""The lesson that teaches the starter fans."""
MORE_LESSON = "07b_more_fans.ipynb"
"""The lesson that teaches the other fans."""
SHARE = 0.10
"""A fan is in the starter set when it counts in at least this share of the measured wins."""


def lesson_order(counts: dict[int, int]) -> list[int]:
    """Every fan (the 81 and 82, 明暗杠), the most frequent first; ties and fans never met by fan number."""
    return sorted((f.id for f in FANS), key=lambda i: (-counts.get(i, 0), i))


def starter_set(counts: dict[int, int], wins: int) -> list[int]:
    """The starter set, in lesson order: every fan that counts in at least :data:`SHARE` of the
    ``wins`` (the fans a beginner meets in one win in ten or more)."""
    return [f for f in lesson_order(counts) if wins and counts.get(f, 0) >= SHARE * wins]


def explained(fans, combos) -> int:
    """How many wins score no fan outside ``fans`` (``combos``: (the fans of a win, how many wins))."""
    kept = set(fans)
    return sum(n for ids, n in combos if kept.issuperset(ids))


@lru_cache(maxsize=1)
def measured() -> dict:
    """The committed measurement, as stored."""
    return json.loads(DATA.read_text(encoding="utf-8"))


def _counts() -> dict[int, int]:
    return {int(k): v for k, v in measured()["counts"].items()}


def starter_fans() -> list[int]:
    """The fans lesson 07 teaches first, most frequent first."""
    return starter_set(_counts(), measured()["wins"])


def more_fans() -> list[int]:
    """The other fans, taught in lesson 07b: most frequent first, those never met by fan number."""
    start = set(starter_fans())
    return [f for f in lesson_order(_counts()) if f not in start]


def frequencies() -> Frequencies:
    """The measurement as the fan pages show it (:mod:`mjlearn.mcr.sheets` takes it as ``freq=``)."""
    d = measured()
    return Frequencies(d["hands"], d["wins"], _counts())


def lesson_of(fan_id: int) -> str:
    """The notebook that teaches ``fan_id``: lesson 07 for a starter fan, 07b for the others."""
    return STARTER_LESSON if fan_id in starter_fans() else MORE_LESSON


def fan_link(fan_id: int, here: str) -> str:
    """The link to ``fan_id``'s section from the notebook ``here``."""
    where = lesson_of(fan_id)
    return f"#fan-{fan_id}" if where == here else f"{where}#fan-{fan_id}"
