"""Visualizers of one hand: the hand with its melds, the fan breakdown, waits, discard advice,
and one hand judged under several rule sets. Each re-renders on a language change and carries
a static HTML fallback.
"""

from __future__ import annotations

from typing import Any

import traitlets as t

from ..hand import as_hand
from ..notation import parse_tiles
from ..render import svg
from ..render.charts import payments_svg as payments_chart
from ..rules import get, names
from ..rules.comparison import Row, compare
from ..scoring import score
from ..tiles import tile
from . import _ctx, _panels
from ._base import B, L, MjWidget, esc, scalar, text
from ._ctx import seat_label_both

__all__ = ["DiscardAdvice", "FanBreakdown", "HandView", "RuleComparison", "WaitsView"]


class _HandWidget(MjWidget):
    title = ("", "")
    hand_text = t.Unicode("").tag(sync=True)

    def __init__(self, hand, **kw):
        self.hand = as_hand(hand)
        super().__init__(hand_text=str(self.hand), **kw)

    def _layout(self) -> str:
        return '<div class="mj-view"><div data-region="head"></div><div class="mj-body" data-region="main"></div></div>'

    def _regions(self, live: bool) -> dict:
        return {"head": _panels.header(B(*self.title), live), "main": self._main(live)}

    def _text(self) -> str:
        return f"{type(self).__name__}({str(self.hand)!r})"

    def _plain_head(self) -> str:
        return f"{B(*self.title)}: {self.hand}"


class HandView(_HandWidget):
    """A hand drawn with its melds (claimed tile sideways), the winning tile apart, flowers;
    ``highlight`` a set of tile positions."""

    title = ("手牌", "Hand")

    def __init__(self, hand, highlight=(), **kw):
        self.highlight = set(highlight)
        super().__init__(hand, **kw)

    def _main(self, live: bool) -> str:
        return (
            f'<div data-hlscope="1">{svg.hand_svg(self.hand, width=42, highlight=self.highlight or None)}</div>'
            f'<div class="mj-note">{esc(svg.describe_hand(self.hand))}</div>'
        )


class FanBreakdown(_HandWidget):
    """The score of a winning hand, fan by fan; hover a fan to light up its tiles.
    ``rules`` picks the rule set (default MCR); other keywords are the win context."""

    title = ("番种明细", "Fan breakdown")
    total = t.Int(-1).tag(sync=True)

    def __init__(self, hand, rules: str = "mcr", **context):
        self.rules, self.context = rules, context
        self.result = score(as_hand(hand), rules, **context)
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
        vis = self.visible
        if isinstance(vis, str):
            c = [0] * 34
            for x in parse_tiles(vis):
                c[x.index] += 1
            vis = c
        return (
            svg.hand_svg(self.hand, width=36)
            + _panels.shanten_line(self.hand)
            + _panels.waits_html(self.hand, live, visible=vis)
        )


class DiscardAdvice(_HandWidget):
    """Each discard of a 14-tile hand with its shanten and live useful tiles, as a bar chart."""

    title = ("打牌建议", "Discard advice")

    def _main(self, live: bool) -> str:
        return svg.hand_svg(self.hand, width=36) + _panels.advice_html(self.hand, live)


class RuleComparison(MjWidget):
    """One winning hand judged under several rule sets side by side, driven by the learner.

    One shared seat context (winner, discarder or self-drawn, dealer, wild tile); each rule set
    gets only the keywords it declares. Rows: legal or not (with the rule set's reason), the
    counted patterns, the total in the rule set's unit and the four seats' payments; below, a bar
    chart of the winner's net gain (inline SVG, so the static fallback shows it too).

    >>> c = RuleComparison("12346789mEEE44s+5m", rules=["beijing", "yunnan"], winner="S", discarder="N")
    >>> [(r.name, r.status) for r in c.rows()]
    [('beijing', 'legal'), ('yunnan', 'illegal')]
    >>> c.handle({"act": "ctx", "name": "discarder", "value": "self"})   # the select's "self-drawn"
    >>> [(r.name, r.status) for r in c.rows()]
    [('beijing', 'legal'), ('yunnan', 'legal')]

    Front-end messages: ``ctx`` (``{"name": "winner" | "dealer" | "discarder" | "wild", "value":
    ...}``; discarder ``"self"`` = self-drawn), ``lang``; the hand box sets the ``notation`` trait.
    Further keywords given to the constructor (``shang_lou=1``) go to the rule sets that accept them.
    """

    messages = {**MjWidget.messages, "ctx": {"name": text, "value": scalar}}
    shows_errors = True
    front_end_traits = ("notation",)

    notation = t.Unicode("").tag(sync=True)
    """The hand in notation; bad input shows the parser's message and keeps the previous hand."""

    def __init__(self, hand, rules=None, **context):
        self.hand = as_hand(hand)
        self.rulesets = [get(r) for r in (rules if rules is not None else names())]
        known = set().union(*(rs.context_names for rs in self.rulesets)) if self.rulesets else set()
        unknown = [k for k in context if k not in known]
        if unknown:
            raise ValueError(
                f"no rule set among {', '.join(rs.name for rs in self.rulesets)} uses {', '.join(map(repr, unknown))}"
            )
        self.context: dict[str, Any] = {
            "winner": "E",
            "dealer": "E",
            "self_drawn": False,
            "discarder": None,
            "wild": None,
        }
        self.extra = {}
        for k, v in context.items():
            if k in self.context:
                self.context[k] = str(v) if k == "wild" and v is not None else v
            else:
                self.extra[k] = v
        if self.context["discarder"] is None and not self.context["self_drawn"]:
            self.context["discarder"] = _ctx._previous(self.context["winner"])  # the 上家 by default
        self._syncing = False
        self._rejected: str | None = None
        """The hand the learner typed last when it was refused (the table still shows the previous one)."""
        super().__init__(notation=str(self.hand))

    # --- the engine's verdicts -----------------------------------------------------------------

    def keywords(self, rs) -> dict:
        """The keywords ``rs`` gets: the shared seats and wild, plus extras, only if it declares them."""
        c = self.context
        shared = {"winner": c["winner"], "dealer": c["dealer"], "self_drawn": bool(c["self_drawn"])}
        if not c["self_drawn"]:
            shared["discarder"] = c["discarder"]
        if c["wild"] is not None:
            shared["wild"] = c["wild"]
        names = rs.context_names
        return {k: v for k, v in {**shared, **self.extra}.items() if k in names}

    def rows(self) -> list:
        """One :class:`mjlearn.rules.comparison.Row` per rule set (status ``error`` when the rule set
        refuses the context, with its message as the reason)."""
        out = []
        for rs in self.rulesets:
            try:
                out.append(compare(self.hand, rules=[rs], **self.keywords(rs)).rows[0])
            except ValueError as e:
                out.append(Row(rs.name, rs.zh, rs.en, "error", (str(e), str(e)), None, rs.unit, {}))
        return out

    # --- actions -----------------------------------------------------------------------------

    def _snapshot(self):
        return super()._snapshot(), dict(self.context), self.hand

    def _restore(self, before) -> None:
        traits, self.context, self.hand = before
        super()._restore(traits)

    def _act_ctx(self, arg, msg):
        name, value = msg["name"], msg["value"]
        if name == "wild":
            new = None if value in (None, "") else str(value)
            if new is not None:
                tile(new)  # a bad tile is refused here
            self.context["wild"] = new
            return
        if name not in ("winner", "dealer", "discarder", "self_drawn"):
            raise ValueError(f"unknown context {name!r}: the comparison shares winner, discarder, dealer, wild")
        before = dict(self.context)
        try:
            _ctx.set_value(None, self.context, name, value)
        except ValueError:
            self.context = before
            raise
        if not self.context["self_drawn"] and self.context.get("discarder") is None:
            self.context["discarder"] = _ctx._previous(self.context["winner"])

    @t.observe("notation")
    def _notation_typed(self, change):
        if self._syncing or getattr(self, "rulesets", None) is None:
            return
        text = change["new"]
        if self._too_long(text, "typed notation"):
            return
        if text == str(self.hand):
            if self.last_error:
                self.last_error = ""
                self._rejected = None
                self.refresh()
            return
        try:
            self.hand = as_hand(text)
        except ValueError as e:  # NotationError, InvalidHandError: the parser's message
            self.last_error = str(e)
            self._rejected = text  # the table below is the previous hand's: shown greyed out
            super().refresh()
            return
        self.last_error = ""
        self._rejected = None
        self.refresh()

    def _action_done(self) -> None:
        self._rejected = None

    def refresh(self) -> None:
        if getattr(self, "rulesets", None) is None:
            return
        self._syncing = True
        try:
            self.notation = str(self.hand)
        finally:
            self._syncing = False
        super().refresh()

    # --- rendering -----------------------------------------------------------------------------

    def _layout(self) -> str:
        return (
            '<div class="mj-view mj-compare"><div data-region="head"></div><div class="mj-body">'
            '<div data-region="controls"></div><div data-region="error"></div>'
            '<div data-region="main"></div><div data-region="chart"></div></div></div>'
        )

    def stale(self) -> bool:
        """True while the hand the learner typed last was refused: the picture, the table and
        the chart still show the previous hand (greyed out under a heading saying so)."""
        return bool(self.last_error) and self._rejected is not None

    def _regions(self, live: bool) -> dict:
        rows = self.rows()
        stale = self.stale()
        grey = lambda html: f'<div class="mj-stale" data-stale="1">{html}</div>' if stale and html else html
        error = ""
        if self.last_error:
            error = f'<div class="mj-error" role="alert">{esc(self.last_error)}</div>'
        if stale:
            old, new = str(self.hand), (self._rejected or "").strip()
            words = B(
                f"下面仍是上一手 {old} 的结果：新输入的手牌 {new} 有问题（见上面的说明），"
                f"改好以后这里会换成新手牌的结果",
                f"Still showing {old}: the new hand {new} has a problem (see the message "
                f"above); the results change once the new hand is fixed",
            )
            error += f'<div class="mj-stale-head" data-stale-head="1">{esc(words)}</div>'
        return {
            "head": _panels.header(B("规则对比", "Rule sets compared"), live),
            "controls": self._controls(live),
            "error": error,
            "main": grey(self._table(rows)),
            "chart": grey(payments_chart(rows, self.context["winner"])),
        }

    def _controls(self, live: bool) -> str:
        wild_sets = [rs for rs in self.rulesets if "wild" in rs.context_names]
        title = B("只有带混儿/财神/金的规则使用：", "used only by rule sets with a wild: ") + ", ".join(
            L(rs.zh, rs.en) for rs in wild_sets
        )
        picture = f'<div class="mj-fan-hand">{svg.hand_svg(self.hand, width=30)}</div>'
        if self.stale():
            picture = f'<div class="mj-stale" data-stale="1">{picture}</div>'
        return (
            picture + f'<div class="mj-cmp-controls"><div class="mj-notation"><label>{esc(B("手牌", "Hand"))}</label>'
            f'<input type="text" class="mj-notation-input" data-bind="notation" spellcheck="false" '
            f'autocomplete="off" aria-label="手牌记法 Hand notation" value="{esc(self.hand)}"/></div>'
            + _ctx.seat_row(self.context, wild=bool(wild_sets), wild_title=title)
            + "</div>"
        )

    def _table(self, rows) -> str:
        head = "".join(f'<th class="mj-pay-cell">{esc(seat_label_both(s))}</th>' for s in "ESWN")
        out = [
            f'<table class="mj-cmp"><thead><tr><th>{esc(B("规则", "Rule set"))}</th>'
            f"<th>{esc(B('合法?', 'Legal?'))}</th><th>{esc(B('计分项 / 原因', 'Patterns / reason'))}</th>"
            f"<th>{esc(B('合计', 'Total'))}</th>{head}</tr></thead><tbody>"
        ]
        for r in rows:
            legal = r.status == "legal"
            status = {
                "legal": ("是", "yes", "mj-yes"),
                "illegal": ("否", "no", "mj-no"),
                "n/a": ("不适用", "n/a", "mj-sub"),
                "error": ("不能算", "cannot score", "mj-no"),
            }[r.status]
            if legal:
                items = r.result.items
                detail = "、".join(f"{esc(L(i.zh, i.en))} {i.value * i.count}" for i in items) or "—"
                total = (
                    f'<b data-total="{esc(r.total)}">{esc(r.total)}</b> '
                    f'<span class="mj-sub">{esc(L(r.unit[0], r.unit[1]))}</span>'
                )
                pays = "".join(
                    f'<td class="mj-pay-cell" data-seat="{s}">{r.payments.get(s, 0):+g}</td>' for s in "ESWN"
                )
            else:
                zh, en = r.reason or ("", "")
                detail = f'{esc(L(zh, en))}<br><span class="mj-sub">{esc(L(en, zh))}</span>' if zh != en else esc(en)
                total, pays = "—", '<td colspan="4"></td>'
            out.append(
                f'<tr data-rules="{esc(r.name)}" data-status="{r.status}" class="mj-{"legal" if legal else "illegal"}">'
                f'<td><b>{esc(L(r.zh, r.en))}</b><br><span class="mj-sub">{esc(L(r.en, r.zh))}</span></td>'
                f'<td class="{status[2]}">{esc(B(status[0], status[1]))}</td><td>{detail}</td>'
                f'<td class="mj-pts">{total}</td>{pays}</tr>'
            )
        out.append("</tbody></table>")
        return "".join(out)

    def _text(self) -> str:
        return f"RuleComparison({str(self.hand)!r})"

    def _plain_head(self) -> str:
        return f"{B('规则对比', 'Rule sets compared')}: {self.hand}"
