"""Charts for learners: matplotlib charts with Chinese labels that never show as boxes, and SVG
charts that need nothing but a browser (the browser build has no matplotlib).

matplotlib is imported inside the functions, never at ``import mjlearn``.

>>> from mjlearn.render.charts import CJK_FONTS
>>> CJK_FONTS[0]
'Noto Sans CJK SC'
"""

from __future__ import annotations

import base64
import io
from html import escape

from ..analysis import discard_advice, shanten_name
from ..i18n import both, pick
from ..rules import get as get_rules
from ..rules.comparison import pay_unit_key
from ..seats import Seat

__all__ = ["CJK_FONTS", "FigurePicture", "discard_advice_chart", "fan_points_chart", "payments_svg", "use_cjk_fonts"]

CJK_FONTS = [
    "Noto Sans CJK SC",
    "Noto Sans CJK JP",
    "Source Han Sans SC",
    "Microsoft YaHei",
    "PingFang SC",
    "SimHei",
    "WenQuanYi Zen Hei",
    "DejaVu Sans",
]
"""Font families tried in order; the first installed one with CJK glyphs draws the labels."""


def use_cjk_fonts() -> list[str]:
    """Put the installed CJK fonts first in matplotlib's sans-serif list; returns the families found."""
    import matplotlib
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    found = [f for f in CJK_FONTS if f in installed]
    rest = [f for f in matplotlib.rcParams["font.sans-serif"] if f not in found]
    matplotlib.rcParams["font.sans-serif"] = found + rest
    matplotlib.rcParams["font.family"] = "sans-serif"
    matplotlib.rcParams["axes.unicode_minus"] = False
    return found


def discard_advice_chart(hand, visible=None, ax=None):
    """A horizontal bar per discard: live useful tiles left after it, coloured by shanten."""
    import matplotlib.pyplot as plt

    use_cjk_fonts()
    advice = list(discard_advice(hand, visible=visible))
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.35 * len(advice) + 1))
    labels = [f"{o.discard} {o.discard.zh}" for o in advice]
    colours = ["#0a7a3c" if o.shanten == 0 else "#2a7a4f" if o.shanten == 1 else "#9aa5b1" for o in advice]
    ax.barh(range(len(advice)), [o.live for o in advice], color=colours)
    ax.set_yticks(range(len(advice)), labels)
    ax.invert_yaxis()
    for k, o in enumerate(advice):
        zh, en = shanten_name(o.shanten)
        ax.text(o.live, k, f"  {o.live}  {zh} {en}", va="center", fontsize=8)
    ax.set_xlabel(both("有效牌张数", "live useful tiles"))
    ax.set_title(both("打牌建议", "Discard advice"))
    return ax


def fan_points_chart(result, ax=None):
    """The fans of a score result as bars of points."""
    import matplotlib.pyplot as plt

    use_cjk_fonts()
    fans = list(getattr(result, "fans", None) or getattr(result, "items", None) or ())
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.35 * len(fans) + 1))
    pts = [getattr(f, "points", getattr(f, "value", 0)) * getattr(f, "count", 1) for f in fans]
    ax.barh(range(len(fans)), pts, color="#2a7a4f")
    ax.set_yticks(range(len(fans)), [both(f.zh, f.en) for f in fans])
    ax.invert_yaxis()
    ax.set_xlabel(both("番", "points"))
    ax.set_title(f"{both('总计', 'total')}: {getattr(result, 'total', sum(pts))}")
    return ax


class FigurePicture:
    """A matplotlib figure shown as a PNG with a text alternative: a notebook shows a bare figure as
    an image that a screen reader cannot read. ``figure`` and ``axes`` are the figure's.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.bar([0, 1], [2, 3])
    >>> p = FigurePicture(fig, "两条 two bars: 2, 3")
    >>> p._repr_html_().startswith('<img alt="两条 two bars: 2, 3" src="data:image/png;base64,') and repr(p)
    '两条 two bars: 2, 3'
    """

    def __init__(self, figure, alt: str):
        self.figure, self.alt = figure, alt

    @property
    def axes(self) -> list:
        return self.figure.axes

    def _repr_html_(self) -> str:
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", bbox_inches="tight")
        data = base64.b64encode(buf.getvalue()).decode("ascii")
        return f'<img alt="{escape(self.alt)}" src="data:image/png;base64,{data}" style="max-width:100%;height:auto">'

    def __repr__(self) -> str:
        return self.alt


def payments_svg(rows, winner: str) -> str:
    """Inline SVG bars of the winner's net gain under each rule set (grey: no win), one panel per
    payment unit: amounts in different units are never drawn on one scale."""
    lab_w, bar_w, val_w, row_h, top, gap = 290, 330, 170, 22, 28, 26
    groups: dict = {}
    for r in rows:
        groups.setdefault(pay_unit_key(get_rules(r.name)), []).append(r)
    h = top + sum(row_h * len(g) + gap for g in groups.values()) + 8
    w = lab_w + bar_w + val_w
    font = 'font-family="Noto Sans CJK SC, PingFang SC, Microsoft YaHei, system-ui, sans-serif"'
    title = both(f"{Seat.of(winner).player_zh}（和牌者）的净得分", f"Net gain of {Seat.of(winner).en} (the winner)")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        f'style="max-width:100%;height:auto" {font} font-size="12" role="img" aria-label="{escape(title)}">',
        f'<text x="0" y="16" font-size="13" font-weight="600" fill="#1f2933">{escape(title)}</text>',
    ]
    y = top
    for (uzh, uen), group in groups.items():
        out.append(
            f'<text x="0" y="{y + 14}" font-size="12" font-style="italic" fill="#3e4c59">'
            f"{escape(both(f'单位：{uzh}', f'unit: {uen}'))}</text>"
        )
        y += gap - 6
        gains = [r.payments.get(winner, 0) if r.status == "legal" else 0 for r in group]
        best = max([g for g in gains if g > 0], default=1)
        for r, g in zip(group, gains):
            out.append(
                f'<text x="{lab_w - 8}" y="{y + 15}" text-anchor="end" fill="#1f2933">'
                f"{escape(_short(both(r.zh, r.en)))}</text>"
            )
            if r.status == "legal":
                bw = max(2, bar_w * g / best) if g > 0 else 2
                out.append(
                    f'<rect class="mj-cmp-bar" data-rules="{escape(r.name)}" data-gain="{g:g}" x="{lab_w}" '
                    f'y="{y + 3}" width="{bw:.1f}" height="{row_h - 7}" rx="3" fill="#2a7a4f"/>'
                )
                out.append(
                    f'<text x="{lab_w + bw + 6:.1f}" y="{y + 15}" fill="#1d5e3a">{g:+g} {escape(pick(uzh, uen))}</text>'
                )
            else:
                why = {
                    "illegal": both("不能和", "not a legal win"),
                    "n/a": both("不适用这些牌", "tiles not used"),
                    "error": both("不能算", "cannot score"),
                }[r.status]
                out.append(
                    f'<rect class="mj-cmp-bar" data-rules="{escape(r.name)}" data-gain="0" x="{lab_w}" '
                    f'y="{y + 3}" width="2" height="{row_h - 7}" fill="#9aa5b1"/>'
                    f'<text x="{lab_w + 8}" y="{y + 15}" fill="#5b6675">{escape(why)}</text>'
                )
            y += row_h
        y += 6
    out.append("</svg>")
    return f'<div class="mj-cmp-chart">{"".join(out)}</div>'


def _short(text: str, n: int = 42) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
