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

__all__ = ["compare", "Comparison", "Row", "differences", "Differences", "ruleset_html", "options_html", "CJK_FONTS"]

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

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        th = f"<th style='{_TD}'>"
        head = (f"<tr>{th}规则<br><small>Rule set</small></th>{th}能和吗<br><small>Legal?</small></th>"
                f"{th}计分项<br><small>Counted items</small></th>{th}合计<br><small>Total</small></th>"
                f"{th}收付（本规则的单位）<br><small>Payments, in the rule set's own unit</small></th></tr>")
        body = []
        for r in self.rows:
            status = {"legal": "能 · yes", "illegal": "不能 · no", "n/a": "不适用 · n/a"}[r.status]
            if r.status == "legal":
                its = r.result.items if r.result is not None else ()
                pats = ("、".join(f"{escape(i.zh)} {i.value * i.count:g}" for i in its)
                        + "<br><small style='color:#555'>"
                        + ", ".join(f"{escape(i.en)} {i.value * i.count:g}" for i in its) + "</small>") if its else _no_items(r)
                total = f"{escape(str(r.total))} {escape(r.unit[0])}<br><small>{escape(r.unit[1])}</small>"
                pu = get(r.name).pay_unit
                pays = (" ".join(f"<span style='white-space:nowrap'>{s}{Seat.of(s).zh} {r.payments[s]:+g}</span>"
                                 for s in SEAT_LETTERS)
                        + f"<br><small>{escape(pu[0])} · {escape(pu[1])}</small>")
            else:
                pats = f"{escape(r.reason[0])}<br><small style='color:#555'>{escape(r.reason[1])}</small>"
                total = "—"
                pays = "—"
            body.append(f"<tr data-rules='{escape(r.name)}'><td style='{_TD}'>{escape(r.zh)}<br><small>{escape(r.en)}</small></td>"
                        f"<td style='{_TD}'>{status}</td><td style='{_TD}'>{pats}</td><td style='{_TD}'>{total}</td>"
                        f"<td style='{_TD}'>{pays}</td></tr>")
        tiles = as_hand(self.hand)._repr_html_()
        return (f"<div style='max-width:100%;overflow-x:auto'>{tiles}</div>"
                f"<table style='{_TABLE}'><caption>{escape(str(self.hand))}</caption>{head}{''.join(body)}</table>")

    def plot(self, ax=None, lang: str | None = None):
        """Horizontal bar charts of the winner's net gain under each rule set, one panel per payment
        unit, so only amounts in the same unit share an axis; a rule set where the win is not legal
        or the tiles are not used gets no bar and says why, in both languages. Labels are bilingual
        (``lang`` only orders them). matplotlib is imported here, never at import time; Chinese
        labels use :data:`CJK_FONTS`. Returns the first panel's axes (its ``figure`` holds every
        panel); with ``ax`` given, every rule set goes on that one axes, so give it only rule sets
        that pay in one unit."""
        import matplotlib.pyplot as plt
        lang = lang or get_language()
        plt.rcParams["font.sans-serif"] = CJK_FONTS + [f for f in plt.rcParams["font.sans-serif"]
                                                       if f not in CJK_FONTS]
        plt.rcParams["axes.unicode_minus"] = False
        groups: dict = {}
        for r in self.rows:
            groups.setdefault(pay_unit_key(get(r.name)), []).append(r)
        if ax is not None:
            panels = [(ax, list(self.rows), pay_unit_key(get(self.rows[0].name)))]
        else:
            keys = list(groups)
            heights = [0.32 * len(groups[k]) + 0.9 for k in keys]
            fig, axes = plt.subplots(len(keys), 1, figsize=(9, sum(heights) + 0.8), squeeze=False,
                                     gridspec_kw={"height_ratios": heights})
            panels = [(axes[k][0], groups[key], key) for k, key in enumerate(keys)]
        seat = Seat.of(self.winner)
        for a, rows, (uzh, uen) in panels:
            labels = [f"{r.zh} {r.en}" if lang == "zh" else f"{r.en} {r.zh}" for r in rows]
            values = [r.payments.get(self.winner, 0) if r.status == "legal" else 0 for r in rows]
            colors = ["tab:green" if r.status == "legal" else "tab:gray" for r in rows]
            a.barh(range(len(values)), values, color=colors, height=0.6)
            a.set_yticks(range(len(values)))
            a.set_yticklabels(labels, fontsize=8)
            a.set_ylim(max(len(values), 2) - 0.5, -0.5)        # top to bottom; one bar stays thin
            a.set_xlabel(f"{seat.zh}家净得（{uzh}） · {seat.en}'s net gain ({uen})", fontsize=9)
            a.set_title(f"单位 unit: {uzh} · {uen}", fontsize=9, loc="left")
            a.margins(x=0.15)
            for k, r in enumerate(rows):
                if r.status == "legal":
                    a.text(values[k], k, f" {values[k]:+g}", va="center", fontsize=8)
                else:
                    a.text(0, k, " 不能和 not legal" if r.status == "illegal" else " 不适用 n/a",
                           va="center", fontsize=8, color="dimgray")
        first = panels[0][0]
        first.figure.suptitle(f"{self.hand}: {seat.zh}家在各规则下的净得（各按本规则的单位）\n"
                              f"{seat.en}'s net gain under each rule set, in that rule set's own unit\n"
                              f"每套规则的分值各有各的大小：只看有没有条、是正是负，不要拿两套规则的长短比\n"
                              f"Each rule set counts on its own scale: read whether a bar is there and its sign, "
                              f"never one rule set's length against another's", fontsize=9)
        first.figure.tight_layout()
        return first


def _chart(self, lang: str | None = None):
    """The figure of :meth:`plot`, closed in pyplot so that a notebook shows it once (as the cell's
    value) whatever the backend. Where matplotlib cannot be had (the browser build), the same chart
    as SVG: one panel and one scale per payment unit."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        from IPython.display import HTML
        from ..render.charts import payments_svg
        return HTML(payments_svg(self.rows, self.winner))
    fig = self.plot(lang=lang).figure
    plt.close(fig)
    return fig


Comparison.chart = _chart


def pay_unit_key(rs) -> tuple[str, str]:
    """The unit a rule set pays in, without its explanation: amounts with equal keys may share an axis."""
    zh, en = rs.pay_unit
    return zh, en.split(" (")[0]


_TD = "text-align:left;vertical-align:top;white-space:normal;padding:3px 6px"
_TABLE = "border-collapse:collapse;table-layout:auto;width:100%;max-width:100%;margin:0.3em 0 1em 0"


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
                           f"{', '.join(map(repr, unknown))}  "
                           f"（这几套规则（{'、'.join(rs.zh for rs in sets)}）都不用 {'、'.join(map(repr, unknown))}）")
    rows = []
    for rs in sets:
        ctx = {k: v for k, v in context.items() if k in rs.context_names}
        try:
            res = rs.score(hand, **ctx)
        except TileSetError as e:
            rows.append(Row(rs.name, rs.zh, rs.en, "n/a", _two_languages(e), None, rs.unit, {}))
            continue
        rows.append(Row(rs.name, rs.zh, rs.en, "legal" if res.legal else "illegal", res.reason, res.total,
                        rs.unit, dict(res.payments), res))
    return Comparison(hand, dict(context), tuple(rows), context.get("winner", "E"))


def _no_items(r) -> str:
    """A legal win with no counted item: where its total comes from, as the engine's worked steps say
    (the base of a points game, a flat amount), instead of a bare dash."""
    steps = getattr(r.result, "steps", ()) if r.result is not None else ()
    if not steps:
        return "没有计分项<br><small style='color:#555'>no counted items</small>"
    return ("；".join(escape(z) for z, _ in steps) + "<br><small style='color:#555'>"
            + "; ".join(escape(e) for _, e in steps) + "</small>")


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
    ("multi_win", "一炮多响", "Multiple winners",
     lambda rs: {"single_nearest": "no 截和", "multiple_allowed": "yes 可"}.get(rs.multi_win, rs.multi_win)),
    ("patterns", "番种数", "Patterns declared", lambda rs: str(len(rs.patterns)) if rs.patterns else "—"),
    ("signature", "特色", "Signature rules", lambda rs: _fact(rs, "signature", rs.signature)),
)


def _fact(rs, key: str, declared: str | None) -> str:
    """A fact in the learner's English (:data:`mjlearn.rules.about.FACTS_EN`); the declared text, with
    its references taken out, where no learner wording is given."""
    from .about import FACTS_EN
    return FACTS_EN.get(rs.name, {}).get(key) or _plain(declared)


@dataclass(frozen=True)
class Differences:
    """Rows × rule sets, every cell read from the rule-set data."""

    rulesets: tuple
    rows: tuple = field(default=())

    def to_dict(self) -> dict:
        return {"rulesets": [rs.name for rs in self.rulesets],
                "rows": [{"key": k, "zh": zh, "en": en, "cells": cells} for k, zh, en, cells in self.rows]}

    def pages(self, per_page: int = 6) -> list[tuple]:
        """The rule sets split into pages of at most ``per_page``, families kept together where they
        fit: [(rule sets, rows restricted to them)]."""
        from .about import FAMILIES
        order = {n: k for k, (_, members) in enumerate(FAMILIES) for n in members}
        groups: list[list[int]] = []
        for k, rs in enumerate(self.rulesets):
            fam = order.get(rs.name, -1 - k)
            if groups and order.get(self.rulesets[groups[-1][-1]].name, None) == fam and fam >= 0:
                groups[-1].append(k)
            else:
                groups.append([k])
        pages: list[list[int]] = []
        for g in groups:
            while len(g) > per_page:
                pages.append(g[:per_page])
                g = g[per_page:]
            if pages and len(pages[-1]) + len(g) <= per_page:
                pages[-1].extend(g)
            else:
                pages.append(list(g))
        return [(tuple(self.rulesets[k] for k in p), tuple((key, zh, en, [cells[k] for k in p])
                                                         for key, zh, en, cells in self.rows)) for p in pages]

    def _repr_html_(self) -> str:
        """One table per page of at most six rule sets (families together), each within ~1,000 px:
        a fixed first column and equal columns whose text wraps."""
        out = []
        for sets, rows in self.pages():
            cols = ("<colgroup><col style='width:10em'>"
                    + "".join("<col>" for _ in sets) + "</colgroup>")
            head = (f"<tr><th style='{_TD}'></th>" + "".join(
                f"<th style='{_TD}'>{escape(rs.zh)}<br><small>{escape(rs.en)}</small></th>" for rs in sets) + "</tr>")
            body = "".join(f"<tr><th style='{_TD}'>{escape(zh)}<br><small>{escape(en)}</small></th>"
                           + "".join(f"<td style='{_TD};overflow-wrap:anywhere'>{_cell_html(rs, key, c)}</td>"
                                     for rs, c in zip(sets, cells)) + "</tr>"
                           for key, zh, en, cells in rows)
            from .about import family_of
            fams = []
            for rs in sets:
                t = family_of(rs.name)[0]
                if t not in fams:
                    fams.append(t)
            cap = (f"<caption style='text-align:left;font-weight:bold'>{escape('、'.join(z for z, _ in fams))} · "
                   f"{escape(', '.join(e for _, e in fams))}</caption>")
            out.append(f"<table class='mj-differences' style='{_TABLE};table-layout:fixed'>{cap}{cols}{head}{body}</table>")
        return "".join(out)

    def __str__(self) -> str:
        return "\n".join(f"{en}: " + " | ".join(f"{rs.name}={c}" for rs, c in zip(self.rulesets, cells))
                         for _, _, en, cells in self.rows)

    __repr__ = __str__


_NOT_SAID = "未规定 not specified"


def _cell_html(rs, key: str, cell: str) -> str:
    """A cell in both languages: the Chinese wording (where the English is free text) above it."""
    from .about import FACTS_ZH
    zh = FACTS_ZH.get(rs.name, {}).get(key)
    if zh and zh != cell:
        return f"{escape(zh)}<br><small style='color:#555'>{escape(cell)}</small>"
    return escape(cell)


def _plain(text: str | None) -> str:
    """Declared free text without references to the specification (ids such as A-BJ-1, section
    numbers, "seed", "n.s."): what a learner may read."""
    import re
    if not text:
        return ""
    t = re.sub(r"\s*\((?:[^()]*?\b(?:A-[A-Z]+-\d+[a-z]?|§[\d.]+)[^()]*?)\)", "", text)
    t = re.sub(r",?\s*\b(?:A-[A-Z]+-\d+[a-z]?|§[\d.]+)\b", "", t)
    t = re.sub(r"\s*\((?:not )?(?:in|from) (?:the )?seed\)", "", t)
    t = re.sub(r"\bn\.s\.", _NOT_SAID, t)
    return re.sub(r"\s{2,}", " ", t).strip(" ,;")


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
    """A rule set as a bilingual card: its description in words, its facts and its patterns (the
    options behind the disputed rulings are in :func:`options_html`, for the appendix)."""
    from .tour import describe
    d = differences([rs])
    facts = "".join(f"<tr><th style='{_TD};width:11em'>{escape(zh)}<br><small>{escape(en)}</small></th>"
                    f"<td style='{_TD}'>{_cell_html(rs, key, cells[0])}</td></tr>" for key, zh, en, cells in d.rows)
    u = rs.item_unit or rs.unit
    u = u if (u[0] or u[1]) else ("值", "value")
    pats = "".join(f"<tr><td style='{_TD}'>{escape(p.zh)}</td><td style='{_TD}'>{escape(p.en)}</td>"
                   f"<td style='{_TD};text-align:right'>{p.value}</td></tr>" for p in rs.patterns)
    return (describe(rs).html()
            + f"<details><summary>规则一览 · The rule set's facts</summary><table style='{_TABLE}'>{facts}</table></details>"
            + (f"<details><summary>计分项 · Its patterns ({len(rs.patterns)})</summary><table style='{_TABLE}'>"
               f"<tr><th style='{_TD}'>名称</th><th style='{_TD}'>Pattern</th><th style='{_TD}'>"
               f"{escape(u[0])} · {escape(u[1])}</th></tr>{pats}</table></details>" if pats else ""))


def options_html(rs: RuleSet) -> str:
    """The options behind the rule set's disputed rulings, with their keys, current values and
    references to the specification: for the appendix "Sources and rulings" only."""
    rows = "".join(f"<tr><td style='{_TD}'><code>{escape(o.key)}</code></td><td style='{_TD}'><code>"
                   f"{escape(repr(rs.opt(o.key)))}</code></td><td style='{_TD}'>{escape(o.ref)}</td>"
                   f"<td style='{_TD}'>{escape(o.zh)}<br><small>{escape(o.en)}</small></td></tr>" for o in rs.options)
    return (f"<table style='{_TABLE}'><tr><th style='{_TD}'>选项 option</th><th style='{_TD}'>取值 value</th>"
            f"<th style='{_TD}'>依据 ref</th><th style='{_TD}'>说明 meaning</th></tr>{rows}</table>")
