"""matplotlib charts for learners, with Chinese labels that never show as boxes.

matplotlib is imported inside the functions, never at ``import mjlearn``.

>>> from mjlearn.render.charts import CJK_FONTS
>>> CJK_FONTS[0]
'Noto Sans CJK SC'
"""

from __future__ import annotations

from ..analysis import discard_advice, shanten_name
from ..i18n import both

__all__ = ["CJK_FONTS", "use_cjk_fonts", "discard_advice_chart", "fan_points_chart"]

CJK_FONTS = ["Noto Sans CJK SC", "Noto Sans CJK JP", "Source Han Sans SC", "Microsoft YaHei",
             "PingFang SC", "SimHei", "WenQuanYi Zen Hei", "DejaVu Sans"]
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
    fans = list(getattr(result, "fans", None) or getattr(result, "items", ()))
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.35 * len(fans) + 1))
    pts = [getattr(f, "points", getattr(f, "value", 0)) * getattr(f, "count", 1) for f in fans]
    ax.barh(range(len(fans)), pts, color="#2a7a4f")
    ax.set_yticks(range(len(fans)), [both(f.zh, f.en) for f in fans])
    ax.invert_yaxis()
    ax.set_xlabel(both("番", "points"))
    ax.set_title(f"{both('总计', 'total')}: {getattr(result, 'total', sum(pts))}")
    return ax
