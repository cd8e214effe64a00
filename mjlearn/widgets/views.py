"""Visualizers of one hand: the hand with its melds, the fan breakdown, waits, discard advice,
and one hand judged under several rule sets. Each re-renders on a language change and carries
a static HTML fallback.
"""

from __future__ import annotations

import traitlets as t

from ..hand import as_hand
from . import _engine, _panels
from ._base import B, L, MjWidget, esc

__all__ = ["HandView", "FanBreakdown", "WaitsView", "DiscardAdvice", "RuleComparison"]


class _HandWidget(MjWidget):
    title = ("", "")
    hand_text = t.Unicode("").tag(sync=True)

    def __init__(self, hand, **kw):
        self.hand = as_hand(hand)
        super().__init__(hand_text=str(self.hand), **kw)

    def _layout(self) -> str:
        return ('<div class="mj-view"><div data-region="head"></div>'
                '<div class="mj-body" data-region="main"></div></div>')

    def _regions(self, live: bool) -> dict:
        return {"head": _panels.header(B(*self.title), live), "main": self._main(live)}

    def _text(self) -> str:
        return f"{type(self).__name__}({str(self.hand)!r})"


class HandView(_HandWidget):
    """A hand drawn with its melds (claimed tile sideways), the winning tile apart, flowers;
    ``highlight`` a set of tile positions."""

    title = ("手牌", "Hand")

    def __init__(self, hand, highlight=(), **kw):
        self.highlight = set(highlight)
        super().__init__(hand, **kw)

    def _main(self, live: bool) -> str:
        from ..render import svg
        return (f'<div data-hlscope="1">{svg.hand_svg(self.hand, width=42, highlight=self.highlight or None)}</div>'
                f'<div class="mj-note">{esc(svg.describe_hand(self.hand))}</div>')


class FanBreakdown(_HandWidget):
    """The score of a winning hand, fan by fan; hover a fan to light up its tiles.
    ``rules`` picks the rule set (default MCR); other keywords are the win context."""

    title = ("番种明细", "Fan breakdown")
    total = t.Int(-1).tag(sync=True)

    def __init__(self, hand, rules: str = "mcr", **context):
        self.rules, self.context = rules, context
        self.result = _engine.rules_score(as_hand(hand), rules, **context)
        super().__init__(hand)

    def _main(self, live: bool) -> str:
        html, total = _panels.score_html(self.hand, self.result, live)
        self.total = total if isinstance(total, int) else -1
        return html


class WaitsView(_HandWidget):
    """The waits of a ready hand with how many of each are still live; shanten otherwise.
    ``visible``: tiles seen on the table (a notation string or 34 counts)."""

    title = ("听牌", "Waits")

    def __init__(self, hand, visible=None, **kw):
        self.visible = visible
        super().__init__(hand, **kw)

    def _main(self, live: bool) -> str:
        from ..render import svg
        vis = self.visible
        if isinstance(vis, str):
            from ..notation import parse_tiles
            c = [0] * 34
            for x in parse_tiles(vis):
                c[x.index] += 1
            vis = c
        return (svg.hand_svg(self.hand, width=36) + _panels.shanten_line(self.hand)
                + _panels.waits_html(self.hand, live, visible=vis))


class DiscardAdvice(_HandWidget):
    """Each discard of a 14-tile hand with its shanten and live useful tiles, as a bar chart."""

    title = ("打牌建议", "Discard advice")

    def _main(self, live: bool) -> str:
        from ..render import svg
        return svg.hand_svg(self.hand, width=36) + _panels.advice_html(self.hand, live)


class RuleComparison(_HandWidget):
    """One winning hand scored under several rule sets side by side."""

    title = ("规则对比", "Rule sets compared")

    def __init__(self, hand, rules=None, **context):
        self.rules, self.context = rules, context
        super().__init__(hand)

    def _rows(self):
        names = self.rules or [k for k, _, _ in _engine.rule_sets()]
        rows = []
        for key in names:
            try:
                res = _engine.rules_score(self.hand, key, **self.context)
                err = None
            except (ValueError, TypeError, _engine.EngineMissing) as e:
                res, err = None, str(e)
            rows.append((key, res, err))
        return rows

    def _main(self, live: bool) -> str:
        from ..render import svg
        names = {k: (zh, en) for k, zh, en in _engine.rule_sets()}
        out = [svg.hand_svg(self.hand, width=34), '<table class="mj-cmp"><thead><tr>',
               f'<th>{esc(L("规则", "Rule set"))}</th><th>{esc(L("结果", "Result"))}</th>'
               f'<th>{esc(L("番 / 分", "Points"))}</th></tr></thead><tbody>']
        for key, res, err in self._rows():
            zh, en = names.get(key, (key, key))
            if err is not None:
                detail, total = f'<span class="mj-sub">{esc(err)}</span>', "—"
            elif _panels._get(res, "legal") is False:
                reason = _panels._get(res, "reason") or ("", "")
                detail = f'<span class="mj-bad">{esc(L(*reason) if isinstance(reason, tuple) else reason)}</span>'
                total = "—"
            else:
                items = _panels._get(res, "fans") or _panels._get(res, "items") or ()
                detail = "、".join(esc(L(_panels._get(i, "zh") or "", _panels._get(i, "en") or "")) for i in items)
                total = esc(_panels._get(res, "total"))
            out.append(f'<tr data-rules="{esc(key)}"><td><b>{esc(L(zh, en))}</b></td><td>{detail}</td>'
                       f'<td class="mj-pts">{total}</td></tr>')
        out.append("</tbody></table>")
        return "".join(out)
