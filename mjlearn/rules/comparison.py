"""One hand judged under many rule sets side by side (regional.md §14.3), and the table of rule
differences generated from the rule-set data (§14.1-14.2).

>>> from mjlearn.rules.comparison import compare
>>> c = compare("12346789mEEE44s+5m", rules=["beijing", "changsha", "mcr"], winner="S", discarder="N")
>>> [(row.name, row.status, row.payments.get("S")) for row in c.rows]
[('beijing', 'legal', 80), ('changsha', 'n/a', None), ('mcr', 'legal', 46)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..hand import as_hand
from ..i18n import get_language
from ..seats import SEAT_LETTERS, Seat
from .base import ContextError, RuleSet, TileSetError
from .registry import get, names

__all__ = ["compare", "Comparison", "Row", "differences", "Differences", "ruleset_html", "CJK_FONTS"]

CJK_FONTS = ["Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Zen Hei",
             "WenQuanYi Micro Hei", "Microsoft YaHei", "SimHei", "PingFang SC", "Heiti SC",
             "Arial Unicode MS", "DejaVu Sans"]
"""Font fallback for Chinese labels in charts, so they never show as boxes."""


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
    result: object = None
    """The verdict: a :class:`RegionalResult` (an MCR ``ScoreResult`` for MCR), None for ``n/a``."""

    @property
    def items_text(self) -> str:
        if self.result is None:
            return ""
        return " + ".join(f"{i.zh} {i.value * i.count}" for i in self.result.items)

    def to_dict(self) -> dict:
        return {"rules": self.name, "zh": self.zh, "en": self.en, "status": self.status,
                "legal": self.status == "legal",
                "reason": None if self.reason is None else {"zh": self.reason[0], "en": self.reason[1]},
                "total": self.total, "unit": {"zh": self.unit[0], "en": self.unit[1]},
                "items": [] if self.result is None else [i.to_dict() for i in self.result.items],
                "payments": dict(self.payments)}


@dataclass(frozen=True)
class Comparison:
    """The verdicts of several rule sets on one hand; renders as a table, plots the payments."""

    hand: object
    context: dict
    rows: tuple[Row, ...]
    winner: str = "E"

    def to_dict(self) -> dict:
        return {"hand": str(self.hand), "context": {k: str(v) if v is not None and not isinstance(v, (bool, int, str))
                                                    else v for k, v in self.context.items()},
                "rows": [r.to_dict() for r in self.rows]}

    def __str__(self) -> str:
        lines = [f"{self.hand}"]
        for r in self.rows:
            if r.status == "legal":
                lines.append(f"  {r.name:<15} {r.total} {r.unit[1]:<8} {self.winner} {r.payments[self.winner]:+g}"
                             f"   {r.items_text}")
            else:
                lines.append(f"  {r.name:<15} {r.status}: {r.reason[1]}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = ("<tr><th>规则 Rule set</th><th>合法? Legal?</th><th>计分项 Patterns</th><th>合计 Total</th>"
                + "".join(f"<th>{s}{Seat.of(s).zh}</th>" for s in SEAT_LETTERS) + "</tr>")
        body = []
        for r in self.rows:
            status = {"legal": "是 yes", "illegal": "否 no", "n/a": "不适用 n/a"}[r.status]
            if r.status == "legal":
                pats = escape(r.items_text) or "—"
                total = f"{escape(str(r.total))} {escape(r.unit[0])}"
                pays = "".join(f"<td style='text-align:right'>{r.payments[s]:+g}</td>" for s in SEAT_LETTERS)
            else:
                pats = f"{escape(r.reason[0])}<br><small>{escape(r.reason[1])}</small>"
                total = "—"
                pays = "<td colspan=4></td>"
            body.append(f"<tr><td>{escape(r.zh)}<br><small>{escape(r.en)}</small></td><td>{status}</td>"
                        f"<td>{pats}</td><td>{total}</td>{pays}</tr>")
        return (f"<table><caption>{escape(str(self.hand))}</caption>{head}{''.join(body)}</table>")

    def plot(self, ax=None, lang: str | None = None):
        """A bar chart of the winner's net gain under each rule set (0 where not legal or n/a).
        matplotlib is imported here, never at import time; Chinese labels use :data:`CJK_FONTS`."""
        import matplotlib.pyplot as plt
        lang = lang or get_language()
        plt.rcParams["font.sans-serif"] = CJK_FONTS + [f for f in plt.rcParams["font.sans-serif"]
                                                       if f not in CJK_FONTS]
        plt.rcParams["axes.unicode_minus"] = False
        if ax is None:
            _, ax = plt.subplots(figsize=(max(6, 0.8 * len(self.rows)), 4))
        labels = [r.zh if lang == "zh" else r.name for r in self.rows]
        values = [r.payments.get(self.winner, 0) if r.status == "legal" else 0 for r in self.rows]
        colors = ["tab:green" if r.status == "legal" else "tab:gray" for r in self.rows]
        ax.bar(range(len(values)), values, color=colors)
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels(labels, rotation=45, ha="right")
        ax.set_ylabel(f"{Seat.of(self.winner).zh}家净得 net gain of {self.winner}")
        ax.set_title(str(self.hand))
        for k, r in enumerate(self.rows):
            if r.status != "legal":
                ax.text(k, 0, "否" if r.status == "illegal" else "n/a", ha="center", va="bottom")
        return ax


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
        raise ContextError(f"no rule set among {', '.join(rs.name for rs in sets)} uses "
                           f"{', '.join(map(repr, unknown))}")
    rows = []
    for rs in sets:
        ctx = {k: v for k, v in context.items() if k in rs.context_names}
        try:
            res = rs.score(hand, **ctx)
        except TileSetError as e:
            rows.append(Row(rs.name, rs.zh, rs.en, "n/a", ("这套规则不用这些牌", str(e)), None, rs.unit, {}))
            continue
        rows.append(Row(rs.name, rs.zh, rs.en, "legal" if res.legal else "illegal", res.reason, res.total,
                        rs.unit, dict(res.payments), res))
    return Comparison(hand, dict(context), tuple(rows), context.get("winner", "E"))


# --- the table of rule differences ----------------------------------------------------------------

_DIFF_ROWS = (
    ("tiles", "牌数", "Tile count", lambda rs: str(rs.tiles.size) + ("" if rs.tiles.honors else " (no honors 无字牌)")),
    ("flowers", "花牌", "Flowers", lambda rs: {"none": "none 无", "eight": "8", "fuzhou36": "36"}[rs.tiles.flowers]),
    ("chow", "吃", "Chow allowed", lambda rs: "yes 可" if rs.claims.chow else "no 不可"),
    ("pair", "将", "Pair rule", lambda rs: {"any": "any 乱将", "258": "2-5-8 二五八将", "none": "none 无将"}[rs.pair]),
    ("wild", "混儿/财神", "Wilds", lambda rs: rs.wild or "none 无"),
    ("minimum", "起和", "Minimum", lambda rs: str(rs.minimum) if rs.minimum else "none 无"),
    ("discard_win", "点炮和", "Discard win allowed", lambda rs: rs.discard_win),
    ("scoring", "计分", "Scoring", lambda rs: rs.scoring),
    ("unit", "单位", "Unit", lambda rs: f"{rs.unit[0]} {rs.unit[1]}"),
    ("dealer", "庄家", "Dealer multiplier", lambda rs: rs.dealer_rule or "n.s."),
    ("kongs", "杠钱", "Kong money", lambda rs: rs.kong_money or "n.s."),
    ("multi_win", "一炮多响", "Multiple winners",
     lambda rs: {"single_nearest": "no 截和", "multiple_allowed": "yes 可"}.get(rs.multi_win, rs.multi_win)),
    ("patterns", "番种数", "Patterns declared", lambda rs: str(len(rs.patterns)) if rs.patterns else "—"),
    ("options", "可选项", "Switchable ⚠ defaults", lambda rs: str(len(rs.options))),
    ("signature", "特色", "Signature rules", lambda rs: rs.signature),
)


@dataclass(frozen=True)
class Differences:
    """Rows × rule sets, every cell read from the rule-set data."""

    rulesets: tuple
    rows: tuple = field(default=())

    def to_dict(self) -> dict:
        return {"rulesets": [rs.name for rs in self.rulesets],
                "rows": [{"key": k, "zh": zh, "en": en, "cells": cells} for k, zh, en, cells in self.rows]}

    def _repr_html_(self) -> str:
        head = "<tr><th></th>" + "".join(f"<th>{escape(rs.zh)}<br><small>{escape(rs.name)}</small></th>"
                                         for rs in self.rulesets) + "</tr>"
        body = "".join(f"<tr><th style='text-align:left'>{escape(zh)}<br><small>{escape(en)}</small></th>"
                       + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
                       for _, zh, en, cells in self.rows)
        return f"<table>{head}{body}</table>"

    def __str__(self) -> str:
        return "\n".join(f"{en}: " + " | ".join(f"{rs.name}={c}" for rs, c in zip(self.rulesets, cells))
                         for _, _, en, cells in self.rows)


def differences(rules=None) -> Differences:
    """The rule-difference table (§14.1-14.2) generated from the declared data of ``rules``.

    >>> d = differences(["beijing", "changsha", "yunnan"])
    >>> [cells for key, zh, en, cells in d.rows if key == "chow"]
    [['yes 可', 'yes 可', 'no 不可']]
    """
    sets = tuple(get(r) for r in (rules if rules is not None else names()))
    rows = tuple((key, zh, en, [fn(rs) for rs in sets]) for key, zh, en, fn in _DIFF_ROWS)
    return Differences(sets, rows)


def ruleset_html(rs: RuleSet) -> str:
    """A rule set as a bilingual card: identity, the difference rows, its patterns and options."""
    d = differences([rs])
    facts = "".join(f"<tr><th style='text-align:left'>{escape(zh)} {escape(en)}</th><td>{escape(cells[0])}</td></tr>"
                    for _, zh, en, cells in d.rows)
    pats = "".join(f"<tr><td>{escape(p.zh)}</td><td>{escape(p.en)}</td><td>{p.value}</td>"
                   f"<td>{escape(p.note)}</td></tr>" for p in rs.patterns)
    opts = "".join(f"<tr><td><code>{escape(o.key)}</code></td><td>{escape(repr(rs.opt(o.key)))}</td>"
                   f"<td>{escape(o.ref)}</td><td>{escape(o.zh)} {escape(o.en)}</td></tr>" for o in rs.options)
    return (f"<h4>{escape(rs.zh)} {escape(rs.en)} <small>regional.md {escape(rs.section)}</small></h4>"
            f"<table>{facts}</table>"
            + (f"<table><tr><th>番种</th><th>Pattern</th><th>{escape((rs.item_unit or rs.unit)[1])}</th>"
               f"<th>Note</th></tr>{pats}</table>" if pats else "")
            + f"<table><tr><th>Option</th><th>Value</th><th>Ref</th><th></th></tr>{opts}</table>")
