"""The result of scoring one hand under one regional rule set."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..hand import Hand
from ..shapes import Reading
from ..tiles import Tile

__all__ = ["DiscardResult", "Item", "RegionalResult"]


@dataclass(frozen=True)
class Item:
    """One counted pattern of a result."""

    key: str
    zh: str
    en: str
    value: int
    """Worth of one occurrence in the rule set's item unit (番, doublings, …)."""
    count: int = 1
    """How many times it counts (上楼 levels, extra quads, flowers…)."""

    def to_dict(self) -> dict:
        return {"key": self.key, "zh": self.zh, "en": self.en, "value": self.value, "count": self.count}


@dataclass(frozen=True)
class RegionalResult:
    """Whether a win is legal under a rule set, what it scores and who pays whom."""

    ruleset: Any
    """The :class:`~mjlearn.rules.base.RuleSet` (with its option values) that judged the hand."""
    hand: Hand
    context: Any
    """The completed context (every keyword of the rule set with its value)."""
    legal: bool
    reason: tuple[str, str] | None
    """(zh, en) why the win is not legal; None when it is."""
    total: Any
    """The value in the rule set's unit (``unit``)."""
    items: tuple[Item, ...]
    payments: dict
    """Net amount of each seat E, S, W, N; sums to zero (all zero when not legal)."""
    reading: Reading | None = None
    """The reading chosen (wilds shown as what they stood for); None for a shape-free win."""
    wilds: tuple = ()
    """Parallel to ``reading.parts``: the tiles the wilds stood for in each part."""
    transfers: tuple = ()
    """Each payment: (payer, receiver, amount, (why zh, why en))."""
    shape: str = ""
    extra: dict = field(default_factory=dict)
    """Variant-specific figures (share, doublings, rate…)."""

    @property
    def rules(self) -> str:
        return self.ruleset.name

    @property
    def unit(self) -> tuple[str, str]:
        return self.ruleset.unit

    @property
    def steps(self) -> tuple[tuple[str, str], ...]:
        """The arithmetic from the counted items up to what each payer owes, one (zh, en) line per
        step (empty when the win is not legal): e.g. old Beijing's 番 price + 嘴 price + priced
        items = the total. Each rule set writes them (:meth:`RuleSet.settlement_steps`); see
        :func:`mjlearn.course.tour.worked`."""
        if not self.legal:
            return ()
        return tuple(self.ruleset.settlement_steps(self))

    @property
    def substitutions(self) -> tuple[Tile, ...]:
        """What each wild stood for (a wild used as itself appears as itself)."""
        return tuple(t for part in self.wilds for t in part)

    def to_dict(self) -> dict:
        return {
            "rules": self.rules,
            "hand": str(self.hand),
            "legal": self.legal,
            "reason": None if self.reason is None else {"zh": self.reason[0], "en": self.reason[1]},
            "total": self.total,
            "unit": {"zh": self.unit[0], "en": self.unit[1]},
            "items": [i.to_dict() for i in self.items],
            "payments": dict(self.payments),
            "reading": None if self.reading is None else str(self.reading),
            "substitutions": [str(t) for t in self.substitutions],
            "options": self.ruleset.option_values,
        }

    def __str__(self) -> str:
        rs = self.ruleset
        head = f"{rs.en} {rs.zh}: {self.hand}"
        if not self.legal:
            return f"{head}\n  not legal: {self.reason[1]} ({self.reason[0]})"  # type: ignore[index]  # not legal: a reason
        lines = [head]
        for i in self.items:
            lines.append(f"  {i.zh} {i.en}: {_value_text(rs, i)}")
        lines.append(f"  total: {self.total} {rs.unit[1]}")
        lines.append("  payments: " + ", ".join(f"{s} {v:+g}" for s, v in self.payments.items()))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "legal" if self.legal else "not legal"
        return f"<RegionalResult {self.rules} {str(self.hand)!r} {state} total={self.total!r}>"

    def _repr_html_(self) -> str:
        rs = self.ruleset
        tiles = self.hand._repr_html_()
        rows = []
        if not self.legal:
            zh, en = self.reason  # type: ignore[misc]  # not legal: a reason
            rows.append(f"<tr><td colspan=2><b>不合法 Not legal</b>: {escape(zh)} / {escape(en)}</td></tr>")
        for i in self.items:
            rows.append(
                f"<tr><td>{escape(i.zh)} {escape(i.en)}</td><td style='text-align:right'>"
                f"{escape(_value_text(rs, i))}</td></tr>"
            )
        if self.legal and self.items:
            steps = "".join(
                f"<li>{escape(zh)} <span style='color:#555'>{escape(en)}</span></li>" for zh, en in self.steps
            )
            rows.append(f"<tr><td colspan=2>算到价钱 Up to the price<ol style='margin:2px 0'>{steps}</ol></td></tr>")
        if self.legal:
            rows.append(
                f"<tr><th style='text-align:left'>合计 Total</th><th style='text-align:right'>"
                f"{escape(str(self.total))} {escape(rs.unit[0])} {escape(rs.unit[1])}</th></tr>"
            )
            pays = " ".join(f"{s}{_seat_zh(s)} {v:+g}" for s, v in self.payments.items())
            rows.append(f"<tr><td>收付 Payments</td><td style='text-align:right'>{escape(pays)}</td></tr>")
        return (
            f"<div style='display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;max-width:100%'><div>{tiles}</div>"
            f"<table><caption>{escape(rs.zh)} {escape(rs.en)}</caption>{''.join(rows)}</table></div>"
        )


@dataclass(frozen=True)
class DiscardResult:
    """Everyone who claims one tile: the winners of a discard (通炮 / 一炮多响: several at once) or
    of the 海底 tile, each with their own :class:`RegionalResult`, and the combined payments.

    Built by :func:`mjlearn.rules.score_discard` and :func:`mjlearn.rules.changsha.haidi_roaming`.
    """

    ruleset: Any
    tile: Tile
    """The tile claimed (the discard, or the 海底 tile)."""
    discarder: str | None
    """Who discarded it (None: the tile was self-drawn, e.g. 海底捞月)."""
    results: dict
    """Seat → :class:`RegionalResult` of every hand that was judged, in turn order from the discarder."""
    winners: tuple[str, ...]
    """The seats that win and collect, in turn order from the discarder."""
    payments: dict
    """Net amount of each seat E, S, W, N over all winners; sums to zero."""
    transfers: tuple = ()
    """Every payment of every winner: (payer, receiver, amount, (why zh, why en))."""
    next_dealer: str | None = None
    """The dealer of the next hand under this rule set (None when the rule set does not say)."""
    notes: dict = field(default_factory=dict)
    """Seat → (zh, en): why a hand that could win does not collect (截和 by a nearer seat…)."""
    steps: tuple = ()
    """(zh, en) lines telling what happened (the 海底 offered round the table, …)."""
    kind: str = "discard"
    """``discard``, ``haidi_self`` (海底捞月), ``haidi_discard`` (海底炮) or ``draw`` (荒庄)."""

    @property
    def rules(self) -> str:
        return self.ruleset.name

    @property
    def legal(self) -> bool:
        """Whether anybody wins."""
        return bool(self.winners)

    @property
    def totals(self) -> dict:
        """Seat → total of each winner (in the rule set's unit)."""
        return {s: self.results[s].total for s in self.winners}

    def to_dict(self) -> dict:
        return {
            "rules": self.rules,
            "kind": self.kind,
            "tile": str(self.tile),
            "discarder": self.discarder,
            "winners": list(self.winners),
            "results": {s: r.to_dict() for s, r in self.results.items()},
            "payments": dict(self.payments),
            "next_dealer": self.next_dealer,
            "notes": {s: {"zh": zh, "en": en} for s, (zh, en) in self.notes.items()},
            "steps": [{"zh": zh, "en": en} for zh, en in self.steps],
        }

    def __str__(self) -> str:
        rs = self.ruleset
        who = "self-drawn" if self.discarder is None else f"discarded by {self.discarder}"
        lines = [f"{rs.en} {rs.zh}: {self.tile} {who}"]
        lines += [f"  {en} ({zh})" for zh, en in self.steps]
        for s, r in self.results.items():
            if s in self.winners:
                items = ", ".join(f"{i.zh} {i.en}" for i in r.items)
                lines.append(f"  {s} wins: {r.total} {rs.unit[1]} ({items})")
            elif s in self.notes:
                lines.append(f"  {s} does not collect: {self.notes[s][1]} ({self.notes[s][0]})")
            else:
                lines.append(f"  {s} cannot win: {r.reason[1]} ({r.reason[0]})")
        if not self.winners:
            lines.append("  nobody wins")
        lines.append("  payments: " + ", ".join(f"{s} {v:+g}" for s, v in self.payments.items()))
        if self.next_dealer is not None:
            lines.append(f"  next dealer: {self.next_dealer}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<DiscardResult {self.rules} {self.kind} tile={self.tile} discarder={self.discarder} "
            f"winners={list(self.winners)}>"
        )

    def _repr_html_(self) -> str:
        rs = self.ruleset
        who = (
            "自摸 self-drawn"
            if self.discarder is None
            else f"{_seat_zh(self.discarder)}家打出 discarded by {self.discarder}"
        )
        head = f"<caption>{escape(rs.zh)} {escape(rs.en)}: {escape(str(self.tile))} {escape(who)}</caption>"
        rows = [f"<tr><td colspan=3>{escape(zh)} / {escape(en)}</td></tr>" for zh, en in self.steps]
        for s, r in self.results.items():
            if s in self.winners:
                state = f"和 wins: {escape(str(r.total))} {escape(rs.unit[0])} {escape(rs.unit[1])}"
            elif s in self.notes:
                state = f"不收 does not collect: {escape(self.notes[s][0])} / {escape(self.notes[s][1])}"
            else:
                state = f"不能和 cannot win: {escape(r.reason[0])} / {escape(r.reason[1])}"
            rows.append(f"<tr><td>{s}{_seat_zh(s)}</td><td>{r._repr_html_()}</td><td>{state}</td></tr>")
        pays = " ".join(f"{s}{_seat_zh(s)} {v:+g}" for s, v in self.payments.items())
        rows.append(f"<tr><th>收付 Payments</th><td colspan=2>{escape(pays)}</td></tr>")
        if self.next_dealer is not None:
            rows.append(
                f"<tr><th>下一庄 Next dealer</th><td colspan=2>{self.next_dealer}{_seat_zh(self.next_dealer)}</td></tr>"
            )
        return f"<table>{head}{''.join(rows)}</table>"


def _seat_zh(s: str) -> str:
    return {"E": "东", "S": "南", "W": "西", "N": "北"}[s]


def _value_text(rs, i: Item) -> str:
    zh, en = rs.item_unit or rs.unit
    v = i.value * i.count
    count = f" ×{i.count}" if i.count > 1 else ""
    return f"{v} {zh} {en}{count}"
