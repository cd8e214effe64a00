"""How a comparison looks: one hand's verdicts under many rule sets as a table and as bar charts
(one panel per payment unit), the table of rule differences in pages of families, and a rule set's
card with its facts and patterns. The verdicts and the cells are the engine's
(:mod:`mjlearn.rules.comparison`); this module only draws them.

>>> from mjlearn.rules import compare
>>> html = comparison_html(compare("12346789mEEE44s+5m", rules=["beijing", "mcr"], winner="S", discarder="N"))
>>> "data-rules='beijing'" in html
True
"""

from __future__ import annotations

from html import escape

from ..hand import as_hand
from ..i18n import get_language
from ..render.charts import FigurePicture, payments_svg
from ..rules import RuleSet, get
from ..rules.comparison import differences, fact_zh, pay_unit_key
from ..rules.steps import zero_pays
from ..seats import SEAT_LETTERS, Seat
from .families import families, family_of
from .tour import describe

__all__ = [
    "CJK_FONTS",
    "chart",
    "comparison_html",
    "differences_html",
    "options_html",
    "pages",
    "plot",
    "ruleset_html",
]

CJK_FONTS = [
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "Source Han Sans SC",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Microsoft YaHei",
    "SimHei",
    "PingFang SC",
    "Heiti SC",
    "Arial Unicode MS",
    "DejaVu Sans",
]
"""Font fallback for Chinese labels in charts, so they never show as boxes."""

_TD = "text-align:left;vertical-align:top;white-space:normal;padding:3px 6px"
_TABLE = "border-collapse:collapse;table-layout:auto;width:100%;max-width:100%;margin:0.3em 0 1em 0"


def comparison_html(c) -> str:
    """A comparison as a table: each rule set's verdict, items, total and payments."""
    th = f"<th style='{_TD}'>"
    head = (
        f"<tr>{th}规则<br><small>Rule set</small></th>{th}能和吗<br><small>Legal?</small></th>"
        f"{th}计分项<br><small>Counted items</small></th>{th}合计<br><small>Total</small></th>"
        f"{th}收付（本规则的单位）<br><small>Payments, in the rule set's own unit</small></th></tr>"
    )
    body = []
    for r in c.rows:
        status = {"legal": "能 · yes", "illegal": "不能 · no", "n/a": "不适用 · n/a"}[r.status]
        if r.status == "legal":
            its = r.result.items if r.result is not None else ()
            pats = (
                (
                    "、".join(f"{escape(i.zh)} {i.value * i.count:g}" for i in its)
                    + "<br><small style='color:#555'>"
                    + ", ".join(f"{escape(i.en)} {i.value * i.count:g}" for i in its)
                    + "</small>"
                )
                if its
                else _no_items(r)
            )
            total = f"{escape(str(r.total))} {escape(r.unit[0])}<br><small>{escape(r.unit[1])}</small>"
            why = zero_pays(r.result) if r.result is not None else None
            if why is not None:  # "0 番" beside payments: the rule set's reason, under the total
                pats = "没有计分项<br><small style='color:#555'>no counted items</small>"
                total += (
                    f"<div class='mjlearn-zero-pays' style='font-size:85%;color:#555'>{escape(why[0])}"
                    f"<br>{escape(why[1])}</div>"
                )
            pu = get(r.name).pay_unit
            pays = (
                " ".join(
                    f"<span style='white-space:nowrap'>{s}{Seat.of(s).zh} {r.payments[s]:+g}</span>"
                    for s in SEAT_LETTERS
                )
                + f"<br><small>{escape(pu[0])} · {escape(pu[1])}</small>"
            )
        else:
            pats = f"{escape(r.reason[0])}<br><small style='color:#555'>{escape(r.reason[1])}</small>"
            total = "—"
            pays = "—"
        body.append(
            f"<tr data-rules='{escape(r.name)}'><td style='{_TD}'>{escape(r.zh)}<br><small>{escape(r.en)}</small></td>"
            f"<td style='{_TD}'>{status}</td><td style='{_TD}'>{pats}</td><td style='{_TD}'>{total}</td>"
            f"<td style='{_TD}'>{pays}</td></tr>"
        )
    tiles = as_hand(c.hand)._repr_html_()
    return (
        f"<div style='max-width:100%;overflow-x:auto'>{tiles}</div>"
        f"<table style='{_TABLE}'><caption>{escape(str(c.hand))}</caption>{head}{''.join(body)}</table>"
    )


def _no_items(r) -> str:
    """A legal win with no counted item: where its total comes from, as the engine's worked steps say
    (the base of a points game, a flat amount), instead of a bare dash."""
    steps = getattr(r.result, "steps", ()) if r.result is not None else ()
    if not steps:
        return "没有计分项<br><small style='color:#555'>no counted items</small>"
    return (
        "；".join(escape(z) for z, _ in steps)
        + "<br><small style='color:#555'>"
        + "; ".join(escape(e) for _, e in steps)
        + "</small>"
    )


def plot(c, ax=None, lang: str | None = None):
    """Horizontal bar charts of the winner's net gain under each rule set, one panel per payment
    unit, so only amounts in the same unit share an axis; a rule set where the win is not legal
    or the tiles are not used gets no bar and says why, in both languages. Labels are bilingual
    (``lang`` only orders them). matplotlib is imported here, never at import time; Chinese
    labels use :data:`CJK_FONTS`. Returns the first panel's axes (its ``figure`` holds every
    panel); with ``ax`` given, every rule set goes on that one axes, so give it only rule sets
    that pay in one unit."""
    import matplotlib.pyplot as plt

    lang = lang or get_language()
    plt.rcParams["font.sans-serif"] = CJK_FONTS + [f for f in plt.rcParams["font.sans-serif"] if f not in CJK_FONTS]
    plt.rcParams["axes.unicode_minus"] = False
    groups: dict = {}
    for r in c.rows:
        groups.setdefault(pay_unit_key(get(r.name)), []).append(r)
    if ax is not None:
        panels = [(ax, list(c.rows), pay_unit_key(get(c.rows[0].name)))]
    else:
        keys = list(groups)
        heights = [0.32 * len(groups[k]) + 0.9 for k in keys]
        _fig, axes = plt.subplots(
            len(keys), 1, figsize=(9, sum(heights) + 0.8), squeeze=False, gridspec_kw={"height_ratios": heights}
        )
        panels = [(axes[k][0], groups[key], key) for k, key in enumerate(keys)]
    seat = Seat.of(c.winner)
    for a, rows, (uzh, uen) in panels:
        labels = [f"{r.zh} {r.en}" if lang == "zh" else f"{r.en} {r.zh}" for r in rows]
        values = [r.payments.get(c.winner, 0) if r.status == "legal" else 0 for r in rows]
        colors = ["tab:green" if r.status == "legal" else "tab:gray" for r in rows]
        a.barh(range(len(values)), values, color=colors, height=0.6)
        a.set_yticks(range(len(values)))
        a.set_yticklabels(labels, fontsize=8)
        a.set_ylim(max(len(values), 2) - 0.5, -0.5)  # top to bottom; one bar stays thin
        a.set_xlabel(f"{seat.zh}家净得（{uzh}） · {seat.en}'s net gain ({uen})", fontsize=9)
        a.set_title(f"单位 unit: {uzh} · {uen}", fontsize=9, loc="left")
        a.margins(x=0.15)
        for k, r in enumerate(rows):
            if r.status == "legal":
                a.text(values[k], k, f" {values[k]:+g}", va="center", fontsize=8)
            else:
                a.text(
                    0,
                    k,
                    " 不能和 not legal" if r.status == "illegal" else " 不适用 n/a",
                    va="center",
                    fontsize=8,
                    color="dimgray",
                )
    first = panels[0][0]
    first.figure.suptitle(
        f"{c.hand}: {seat.zh}家在各规则下的净得（各按本规则的单位）\n"
        f"{seat.en}'s net gain under each rule set, in that rule set's own unit\n"
        f"每套规则的分值各有各的大小：只看有没有条、是正是负，不要拿两套规则的长短比\n"
        f"Each rule set counts on its own scale: read whether a bar is there and its sign, "
        f"never one rule set's length against another's",
        fontsize=9,
    )
    first.figure.tight_layout()
    return first


def chart(c, lang: str | None = None):
    """The figure of :meth:`plot`, closed in pyplot so that a notebook shows it once (as the cell's
    value) whatever the backend, shown with every rule set's amount as its text alternative. Where matplotlib cannot be had (the browser build), the same chart
    as SVG: one panel and one scale per payment unit."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        from IPython.display import HTML

        return HTML(payments_svg(c.rows, c.winner))
    fig = plot(c, lang=lang).figure
    plt.close(fig)
    seat = Seat.of(c.winner)
    gains = [
        f"{r.zh} {r.en}: " + (f"{r.payments.get(c.winner, 0):+g}" if r.status == "legal" else "不能和 not legal")
        for r in c.rows
    ]
    return FigurePicture(fig, f"{c.hand}: {seat.zh}家的净得 {seat.en}'s net gain — " + "; ".join(gains))


def pages(d, per_page: int = 6) -> list[tuple]:
    """The rule sets of a difference table split into pages of at most ``per_page``, families kept
    together where they fit: [(rule sets, rows restricted to them)]."""
    order = {n: k for k, (_, members) in enumerate(families()) for n in members}
    groups: list[list[int]] = []
    for k, rs in enumerate(d.rulesets):
        fam = order.get(rs.name, -1 - k)
        if groups and order.get(d.rulesets[groups[-1][-1]].name) == fam and fam >= 0:
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
    return [
        (tuple(d.rulesets[k] for k in p), tuple((key, zh, en, [cells[k] for k in p]) for key, zh, en, cells in d.rows))
        for p in pages
    ]


def differences_html(d) -> str:
    """One table per page of at most six rule sets (families together), each within ~1,000 px:
    a fixed first column and equal columns whose text wraps."""
    out = []
    for sets, rows in pages(d):
        cols = "<colgroup><col style='width:10em'>" + "".join("<col>" for _ in sets) + "</colgroup>"
        head = (
            f"<tr><th style='{_TD}'></th>"
            + "".join(f"<th style='{_TD}'>{escape(rs.zh)}<br><small>{escape(rs.en)}</small></th>" for rs in sets)
            + "</tr>"
        )
        body = "".join(
            f"<tr><th style='{_TD}'>{escape(zh)}<br><small>{escape(en)}</small></th>"
            + "".join(
                f"<td style='{_TD};overflow-wrap:anywhere'>{_cell_html(rs, key, c)}</td>" for rs, c in zip(sets, cells)
            )
            + "</tr>"
            for key, zh, en, cells in rows
        )
        fams = []
        for rs in sets:
            t = family_of(rs.name)[0]
            if t not in fams:
                fams.append(t)
        cap = (
            f"<caption style='text-align:left;font-weight:bold'>{escape('、'.join(z for z, _ in fams))} · "
            f"{escape(', '.join(e for _, e in fams))}</caption>"
        )
        out.append(f"<table class='mj-differences' style='{_TABLE};table-layout:fixed'>{cap}{cols}{head}{body}</table>")
    return "".join(out)


def rulesets_html(rulesets) -> str:
    """Every registered rule set (``mjlearn.RULESETS``) as the table of their differences."""
    return differences_html(differences(list(rulesets.values())))


def _cell_html(rs, key: str, cell: str) -> str:
    """A cell in both languages: the Chinese wording (where the English is free text) above it."""
    zh = fact_zh(rs, key)
    if zh and zh != cell:
        return f"{escape(zh)}<br><small style='color:#555'>{escape(cell)}</small>"
    return escape(cell)


def ruleset_html(rs: RuleSet) -> str:
    """A rule set as a bilingual card: its description in words, its facts and its patterns (the
    options behind the disputed rulings are in :func:`options_html`, for the appendix)."""
    d = differences([rs])
    facts = "".join(
        f"<tr><th style='{_TD};width:11em'>{escape(zh)}<br><small>{escape(en)}</small></th>"
        f"<td style='{_TD}'>{_cell_html(rs, key, cells[0])}</td></tr>"
        for key, zh, en, cells in d.rows
    )
    u = rs.item_unit or rs.unit
    u = u if (u[0] or u[1]) else ("值", "value")
    pats = "".join(
        f"<tr><td style='{_TD}'>{escape(p.zh)}</td><td style='{_TD}'>{escape(p.en)}</td>"
        f"<td style='{_TD};text-align:right'>{p.value}</td></tr>"
        for p in rs.patterns
    )
    return (
        describe(rs).html()
        + f"<details><summary>规则一览 · The rule set's facts</summary><table style='{_TABLE}'>{facts}</table></details>"
        + (
            f"<details><summary>计分项 · Its patterns ({len(rs.patterns)})</summary><table style='{_TABLE}'>"
            f"<tr><th style='{_TD}'>名称</th><th style='{_TD}'>Pattern</th><th style='{_TD}'>"
            f"{escape(u[0])} · {escape(u[1])}</th></tr>{pats}</table></details>"
            if pats
            else ""
        )
    )


def options_html(rs: RuleSet) -> str:
    """The options behind the rule set's disputed rulings, with their keys and current values: for
    the appendix "Sources and rulings" only."""
    rows = "".join(
        f"<tr><td style='{_TD}'><code>{escape(o.key)}</code></td><td style='{_TD}'><code>"
        f"{escape(repr(rs.opt(o.key)))}</code></td>"
        f"<td style='{_TD}'>{escape(o.zh)}<br><small>{escape(o.en)}</small></td></tr>"
        for o in rs.options
    )
    return (
        f"<table style='{_TABLE}'><tr><th style='{_TD}'>选项 option</th><th style='{_TD}'>取值 value</th>"
        f"<th style='{_TD}'>说明 meaning</th></tr>{rows}</table>"
    )
