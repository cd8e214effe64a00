"""What a rule set says about itself to a learner, declared with it in its own module: where it is
played, what is special, its family, the rulings players disagree on, a worked example, a hand legal
there and (nearly) nowhere else, the plain wording of its table facts and the documents it was
written from.

This is data, in both languages (Chinese, English). The course (:mod:`mjlearn.course`) shows it:
every figure is computed by the engine when shown, so a description holds only words and the
hands to score. Learner text never cites the specification, an option id or a section: the
options behind each ruling are shown by their labels, and the documents only in the appendix
notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import get
>>> a = get("changsha").about
>>> a.where[1].startswith("Changsha"), a.family
(True, ('长沙麻将', 'Changsha'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "CLOSEST",
    "S_ON_N",
    "S_SELF",
    "WILD_CLAIMED",
    "About",
    "Document",
    "Example",
    "Line",
    "Ruling",
    "Rung",
    "facts",
]

Line = tuple[str, str]
"""One text in both languages: (Chinese, English)."""


@dataclass(frozen=True)
class Ruling:
    """A point on which players disagree, in plain words, and the option that changes it."""

    topic: Line
    """What players disagree on (zh, en)."""
    follows: Line
    """What mjlearn does by default (zh, en)."""
    option: str
    """The option that changes it (its key; shown to learners by its label, never by the key)."""


@dataclass(frozen=True)
class Rung:
    """Where a small game stands on the ladder (:mod:`mjlearn.rules.small_games`) and what it tells a
    beginner: a one-screen explanation and a goal of wins that opens the next rung."""

    order: int
    """Its place on the ladder, 1 = the first rung."""
    title: Line
    explain: tuple[Line, ...]
    """The one-screen explanation, a few lines (zh, en)."""
    wins: int = 3
    """Hands to win on it before the next rung opens."""
    example: str = ""
    """A winning hand of the rung in notation (the winning tile after ``+``), drawn under the explanation;
    every rung's is scored a win by its own rule set (tests/test_ladder_rules.py)."""


@dataclass(frozen=True)
class Example:
    """A hand to score with its situation, and a caption (zh, en)."""

    hand: str
    context: Mapping = field(default_factory=dict)
    caption: Line = ("", "")


@dataclass(frozen=True)
class Document:
    """A document a rule set was written from, as a reader finds it."""

    title: str
    """The title as published."""
    what: Line
    """Who published it and what it holds (zh, en)."""


@dataclass(frozen=True)
class About:
    """The learner's description of one rule set (the ``about`` of its registration)."""

    where: Line
    """Where and by whom it is played (zh, en)."""
    special: tuple[Line, ...]
    """What is special about it, one point per line (zh, en)."""
    family: Line
    """The family it belongs to (zh, en): rule sets with the same family title are shown together, in
    registry order, and the families in the order of their first member."""
    rulings: tuple[Ruling, ...] = ()
    example: Example | None = None
    """The worked example (scored by the engine when shown)."""
    only_here: Example | None = None
    """A hand legal under this rule set and under as few others as the search found (checked by the
    engine whenever shown; see :func:`mjlearn.course.tour.find_only_here`)."""
    facts: Mapping[str, Line] = field(default_factory=dict)
    """The learner's wording of the rule-difference table's free-text rows (``wild``,
    ``discard_win``, ``scoring``, ``dealer``, ``kongs``, ``signature``), in both languages; a row
    not given shows the declared text without its references."""
    sources: tuple[Document, ...] = ()
    """The documents it was written from, the first the main one (shown in the appendix only)."""
    on_deal: tuple[tuple[str, str, Line], ...] = ()
    """Dealt hands shown with the rule set's verdict on the deal (a rule set with wins on the dealt
    tiles): (the 13 tiles, the seat, a caption)."""
    short: Line | None = None
    """A plainer name for pickers (the table's rule-set menu), where the registered name is long."""
    easy: bool = False
    """Its payments are simple enough for the first level of the regional quiz."""


def facts(zh: Mapping[str, str], en: Mapping[str, str]) -> dict[str, Line]:
    """The table facts written as two dicts (Chinese, English) with the same keys, as (zh, en) pairs."""
    if set(zh) != set(en):
        raise ValueError(f"the Chinese and English facts name different rows: {sorted(set(zh) ^ set(en))}")
    return {k: (zh[k], en[k]) for k in zh}


S_ON_N = {"winner": "S", "discarder": "N"}
"""South wins on North's discard (the situation of most worked examples)."""
S_SELF = {"winner": "S", "self_drawn": True}
"""South self-draws."""

CLOSEST = (
    "在几千手随机牌里，没有找到只在这里合法的；这手最接近：下表列出哪些规则也认它。",
    "Among thousands of random hands searched, none is legal here alone; this one comes closest "
    "(the table shows which other rule sets also accept it).",
)
"""The caption of an ``only_here`` hand that other rule sets accept too (the search found none better)."""

WILD_CLAIMED = Example(
    "[EEE,1][PPP,3][345m,1]77m22s+2s",
    {"winner": "S", "self_drawn": True, "wild": "P"},
    (
        "白板是百搭时碰了白板：有百搭的规则不许；没有百搭的规则里它只是白板。" + CLOSEST[0],
        "A pung of the white dragon while it is the wild: rule sets with a wild refuse it; without "
        "a wild it is just a white dragon. " + CLOSEST[1],
    ),
)
"""The nearest to an ``only_here`` hand the search found for several rule sets without a wild."""
