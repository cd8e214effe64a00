"""One hand judged under many rule sets side by side, and the table of rule differences generated
from the rule-set data: the verdicts and the cells, as values. How they look (tables, charts, the
families' pages) is the course's (:mod:`mjlearn.course.comparison`), reached through the display
methods ``_repr_html_``, ``plot`` and ``chart``.

>>> from mjlearn.rules.comparison import compare
>>> c = compare("12346789mEEE44s+5m", rules=["beijing", "changsha", "mcr"], winner="S", discarder="N")
>>> [(row.name, row.status, row.payments.get("S")) for row in c.rows]
[('beijing', 'legal', 80), ('changsha', 'n/a', None), ('mcr', 'legal', 46)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..hand import as_hand
from ..handoff import presenter
from .base import ContextError, RuleSet, TileSetError
from .registry import get, names

__all__ = ["Comparison", "Differences", "Row", "compare", "differences", "pay_unit_key"]


@dataclass(frozen=True)
class Row:
    """One rule set's verdict on the hand."""

    name: str
    zh: str
    en: str
    status: str
    """``legal``, ``illegal`` or ``n/a`` (the variant does not use these tiles)."""
    reason: tuple[str, str] | None
    total: object
    unit: tuple[str, str]
    payments: dict
    result: Any = None
    """The verdict: a :class:`RegionalResult` (an MCR ``ScoreResult`` for MCR), None for ``n/a``."""

    @property
    def items_text(self) -> str:
        if self.result is None:
            return ""
        return " + ".join(f"{i.zh} {i.value * i.count}" for i in self.result.items)

    def to_dict(self) -> dict:
        return {
            "rules": self.name,
            "zh": self.zh,
            "en": self.en,
            "status": self.status,
            "legal": self.status == "legal",
            "reason": None if self.reason is None else {"zh": self.reason[0], "en": self.reason[1]},
            "total": self.total,
            "unit": {"zh": self.unit[0], "en": self.unit[1]},
            "items": [] if self.result is None else [i.to_dict() for i in self.result.items],
            "payments": dict(self.payments),
        }


@dataclass(frozen=True)
class Comparison:
    """The verdicts of several rule sets on one hand; renders as a table, plots the payments."""

    hand: object
    context: dict
    rows: tuple[Row, ...]
    winner: str = "E"

    def to_dict(self) -> dict:
        return {
            "hand": str(self.hand),
            "context": {
                k: str(v) if v is not None and not isinstance(v, (bool, int, str)) else v
                for k, v in self.context.items()
            },
            "rows": [r.to_dict() for r in self.rows],
        }

    def __str__(self) -> str:
        lines = [f"{self.hand}"]
        for r in self.rows:
            if r.status == "legal":
                lines.append(
                    f"  {r.name:<15} {r.total} {r.unit[1]:<8} {self.winner} {r.payments[self.winner]:+g}"
                    f"   {r.items_text}"
                )
            else:
                lines.append(f"  {r.name:<15} {r.status}: {r.reason[1]}")  # type: ignore[index]  # not legal or n/a: a reason
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    # display methods: how a comparison looks is the course's (mjlearn.course.comparison)
    def _repr_html_(self) -> str:
        return presenter("comparison").comparison_html(self)

    def plot(self, ax=None, lang: str | None = None):
        """Bar charts of the winner's net gain under each rule set, one panel per payment unit: see
        :func:`mjlearn.course.comparison.plot`."""
        return presenter("comparison").plot(self, ax=ax, lang=lang)

    def chart(self, lang: str | None = None):
        """The figure of :meth:`plot`, shown once in a notebook (an SVG chart where matplotlib cannot
        be had): see :func:`mjlearn.course.comparison.chart`."""
        return presenter("comparison").chart(self, lang=lang)


def pay_unit_key(rs) -> tuple[str, str]:
    """The unit a rule set pays in, without its explanation: amounts with equal keys may share an axis."""
    zh, en = rs.pay_unit
    return zh, en.split(" (")[0]


def compare(hand, rules=None, **context) -> Comparison:
    """Judge ``hand`` under each rule set of ``rules`` (names, aliases or RuleSets; default: all).

    Each rule set gets the context keywords it knows; a keyword no rule set knows is an error.
    A variant whose tile set lacks the hand's tiles gives an ``n/a`` row.
    """
    hand = as_hand(hand)
    sets = [get(r) for r in (rules if rules is not None else names())]
    if isinstance(rules, (str, RuleSet)):
        raise TypeError("compare() takes a list of rule sets; for one, use score()")
    known = set().union(*(rs.context_names for rs in sets)) if sets else set()
    unknown = [k for k in context if k not in known]
    if unknown:
        raise ContextError(
            f"no rule set among {', '.join(rs.name for rs in sets)} uses "
            f"{', '.join(map(repr, unknown))}  "
            f"（这几套规则（{'、'.join(rs.zh for rs in sets)}）都不用 {'、'.join(map(repr, unknown))}）"
        )
    rows = []
    for rs in sets:
        ctx = {k: v for k, v in context.items() if k in rs.context_names}
        try:
            res = rs.score(hand, **ctx)
        except TileSetError as e:
            rows.append(Row(rs.name, rs.zh, rs.en, "n/a", _two_languages(e), None, rs.unit, {}))
            continue
        rows.append(
            Row(
                rs.name,
                rs.zh,
                rs.en,
                "legal" if res.legal else "illegal",
                res.reason,
                res.total,
                rs.unit,
                dict(res.payments),
                res,
            )
        )
    return Comparison(hand, dict(context), tuple(rows), context.get("winner", "E"))


def _two_languages(e) -> tuple[str, str]:
    """(zh, en) of an error whose problems read "English  （中文）"."""
    zh, en = [], []
    for p in getattr(e, "problems", ()) or (str(e),):
        text = str(p)
        if "  （" in text and text.endswith("）"):
            a, b = text.split("  （", 1)
            en.append(a)
            zh.append(b[:-1])
        else:
            en.append(text)
    return ("；".join(zh) or "这套规则不用这些牌", "; ".join(en))


# --- the table of rule differences ----------------------------------------------------------------

_DIFF_ROWS = (
    ("tiles", "牌数", "Tile count", lambda rs: str(rs.tiles.size) + ("" if rs.tiles.honors else " (no honors 无字牌)")),
    ("flowers", "花牌", "Flowers", lambda rs: {"none": "none 无", "eight": "8", "fuzhou36": "36"}[rs.tiles.flowers]),
    ("chow", "吃", "Chow allowed", lambda rs: "yes 可" if rs.claims.chow else "no 不可"),
    ("pair", "将", "Pair rule", lambda rs: {"any": "any 乱将", "258": "2-5-8 二五八将", "none": "none 无将"}[rs.pair]),
    ("wild", "百搭（混儿、财神、金）", "Wild tile", lambda rs: _fact(rs, "wild", rs.wild) or "none 无"),
    ("minimum", "起和", "Minimum", lambda rs: str(rs.minimum) if rs.minimum else "none 无"),
    ("discard_win", "点炮和", "Discard win allowed", lambda rs: _fact(rs, "discard_win", rs.discard_win)),
    ("scoring", "计分", "Scoring", lambda rs: _fact(rs, "scoring", rs.scoring)),
    ("unit", "单位", "Unit", lambda rs: f"{rs.unit[0]} {rs.unit[1]}"),
    ("dealer", "庄家", "Dealer multiplier", lambda rs: _fact(rs, "dealer", rs.dealer_rule) or _NOT_SAID),
    ("kongs", "杠钱", "Kong money", lambda rs: _fact(rs, "kongs", rs.kong_money) or _NOT_SAID),
    (
        "multi_win",
        "一炮多响",
        "Multiple winners",
        lambda rs: {"single_nearest": "no 截和", "multiple_allowed": "yes 可"}.get(rs.multi_win, rs.multi_win),
    ),
    ("patterns", "番种数", "Patterns declared", lambda rs: str(len(rs.patterns)) if rs.patterns else "—"),
    ("signature", "特色", "Signature rules", lambda rs: _fact(rs, "signature", rs.signature)),
)


def _fact(rs, key: str, declared: str | None) -> str:
    """A fact in the learner's English (the rule set's ``about.facts``); the declared text, with its
    references taken out, where no learner wording is given."""
    said = rs.about.facts.get(key) if rs.about is not None else None
    return said[1] if said else _plain(declared)


def fact_zh(rs, key: str) -> str | None:
    """The Chinese wording of a free-text fact of the difference table, where the rule set gives one."""
    said = rs.about.facts.get(key) if rs.about is not None else None
    return said[0] if said else None


@dataclass(frozen=True)
class Differences:
    """Rows × rule sets, every cell read from the rule-set data."""

    rulesets: tuple
    rows: tuple = field(default=())

    def to_dict(self) -> dict:
        return {
            "rulesets": [rs.name for rs in self.rulesets],
            "rows": [{"key": k, "zh": zh, "en": en, "cells": cells} for k, zh, en, cells in self.rows],
        }

    def _repr_html_(self) -> str:
        return presenter("comparison").differences_html(self)

    def __str__(self) -> str:
        return "\n".join(
            f"{en}: " + " | ".join(f"{rs.name}={c}" for rs, c in zip(self.rulesets, cells))
            for _, _, en, cells in self.rows
        )

    __repr__ = __str__


_NOT_SAID = "未规定 not specified"


def _plain(text: str | None) -> str:
    """Declared free text as a learner may read it ("n.s." said in words)."""
    if not text:
        return ""
    t = re.sub(r"\bn\.s\.", _NOT_SAID, text)
    return re.sub(r"\s{2,}", " ", t).strip(" ,;")


def differences(rules=None) -> Differences:
    """The rule-difference table generated from the declared data of ``rules``.

    >>> d = differences(["beijing", "changsha", "yunnan"])
    >>> [cells for key, zh, en, cells in d.rows if key == "chow"]
    [['yes 可', 'yes 可', 'no 不可']]
    """
    sets = tuple(get(r) for r in (rules if rules is not None else names()))
    rows = tuple((key, zh, en, [fn(rs) for rs in sets]) for key, zh, en, fn in _DIFF_ROWS)
    return Differences(sets, rows)
