"""The regional rule sets shown to a learner: a description card, a worked example whose arithmetic
is visible from the items up to the price, the hands a rule set accepts and the others refuse,
Changsha's wins on the deal, and exercises aimed at one rule set.

Everything here renders as HTML that fits a notebook (about 1,000 px) and as plain text; every
figure comes from the engine when the object is built.

>>> from mjlearn.rules import score
>>> from mjlearn.course.tour import worked
>>> w = worked(score("12346789mEEE44s+5m", rules="old_beijing", winner="S", discarder="N",
...                  prevalent_wind="E", wild="P"))
>>> w.steps[-1][1]
'total = 30 (番 price) + 16 (嘴 price) + 20 (priced items) = 66 from each payer'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..errors import BadArgument, ContextError
from ..hand import as_hand
from ..notation import parse_tiles
from ..quiz import Question, get_kind
from ..quiz.deal import simulated_win
from ..quiz.widget import QuizWidget
from ..render.svg import inline_html, tiles_svg
from ..rules import TileSetError, get, names
from ..rules.description import About, Line
from ..rules.steps import num as _num
from ..rules.steps import seat_label as _seat
from ..rules.steps import unit_of as _unit
from ..seats import SEAT_LETTERS, Seat
from .families import families, family_of

if TYPE_CHECKING:
    from ..rules import RuleSet

__all__ = [
    "SITUATIONS",
    "Card",
    "LegalUnder",
    "OnDeal",
    "Visit",
    "Worked",
    "describe",
    "example",
    "exercises",
    "families",
    "families_html",
    "family",
    "family_of",
    "find_only_here",
    "legal_under",
    "on_deal_examples",
    "only_here",
    "questions",
    "tiles_html",
    "visit",
    "worked",
]

BOX = "max-width:100%;box-sizing:border-box"
TABLE = "border-collapse:collapse;table-layout:auto;max-width:100%;margin:0.3em 0"
TD = "text-align:left;vertical-align:top;white-space:normal;padding:2px 8px"


def _b(zh: str, en: str) -> str:
    """Both languages in HTML: Chinese, then English in grey."""
    return f"{escape(zh)} <span style='color:#555'>{escape(en)}</span>"


# --- the description card ---------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A rule set described in words (where played, what is special, disputed rulings)."""

    ruleset: RuleSet
    about: About | None
    already: frozenset = frozenset()
    """Lines shown just before (by another member of the family): replaced by “as above”."""

    def _lines(self):
        rs, a = self.ruleset, self.about
        yield ("规则", "Rule set", [(rs.zh, rs.en)])
        if a is None:
            return
        yield ("在哪里玩", "Where it is played", [a.where])
        yield ("特别之处", "What is special", list(a.special))
        if a.rulings:
            rows = []
            for r in a.rulings:
                rows.append(
                    (
                        f"玩家对{r.topic[0]}说法不一；本课程的做法：{r.follows[0]}。",
                        f"Players disagree on {r.topic[1]}; this course: {r.follows[1]}.",
                    )
                )
            yield ("有争议的规则", "Disputed rulings", rows)

    def html(self) -> str:
        parts = [
            f"<div class='mj-ruleset-card' style='{BOX};border:1px solid #ccc;border-radius:6px;"
            f"padding:6px 12px;margin:6px 0'>"
            f"<h4 style='margin:4px 0'>{escape(self.ruleset.zh)} · {escape(self.ruleset.en)}</h4>"
        ]
        for zh, en, rows in list(self._lines())[1:]:
            same = [r for r in rows if r in self.already]
            rows = [r for r in rows if r not in self.already]
            if same:
                rows.append((f"另有 {len(same)} 条同上。", f"And {len(same)} as above."))
            parts.append(
                f"<div style='margin-top:4px'><b>{escape(zh)} · {escape(en)}</b><ul style='margin:2px 0'>"
                + "".join(f"<li>{escape(a)}<br><span style='color:#555'>{escape(b)}</span></li>" for a, b in rows)
                + "</ul></div>"
            )
        if self.about is None:
            parts.append("<p>暂无介绍 · No description yet.</p>")
        return "".join(parts) + "</div>"

    def text(self) -> str:
        out = []
        for zh, en, rows in self._lines():
            out.append(f"{zh} · {en}")
            out += [f"  - {a}\n    {b}" for a, b in rows]
        return "\n".join(out)

    _repr_html_ = html

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__


def describe(rules) -> Card:
    """The description card of a rule set (a name, alias or RuleSet)."""
    rs = get(rules)
    return Card(rs, rs.about)


# --- the worked example -----------------------------------------------------------------------


@dataclass(frozen=True)
class Worked:
    """A result shown with its arithmetic: items, the steps up to the price, every payment."""

    result: Any
    """A :class:`~mjlearn.rules.RegionalResult` or an MCR ``ScoreResult``."""
    steps: tuple[Line, ...]
    caption: Line = ("", "")

    @property
    def ruleset(self):
        return self.result.ruleset

    @property
    def transfers(self) -> tuple:
        """Every payment (payer, receiver, amount, why); read from the net amounts when the result
        lists none (an MCR result: each loser pays the one winner)."""
        r = self.result
        if r.transfers:
            return tuple(r.transfers)
        winners = [s for s in SEAT_LETTERS if r.payments[s] > 0]
        if len(winners) != 1:
            return ()
        return tuple((s, winners[0], -r.payments[s], ("和牌", "hand")) for s in SEAT_LETTERS if r.payments[s] < 0)

    def _item_rows(self):
        rs = self.ruleset
        zh_u, en_u = _unit(rs, item=True)
        for i in self.result.items:
            v = i.value * i.count
            count = f" ×{i.count}" if i.count > 1 else ""
            en = en_u[:-1] if v == 1 and en_u.endswith("s") else en_u
            yield i.zh, i.en, f"{_num(v)} {zh_u}".strip() + count, f"{_num(v)} {en}".strip() + count

    def html(self) -> str:
        r, rs = self.result, self.ruleset
        _NO_ITEMS = "<tr><td>没有计分项<br><span style='color:#555'>no counted items</span></td></tr>"
        tiles = as_hand(r.hand)._repr_html_()
        cap = f"<p style='margin:2px 0'>{_b(*self.caption)}</p>" if self.caption[0] else ""
        head = f"<h4 style='margin:4px 0'>{escape(rs.zh)} · {escape(rs.en)}</h4>"
        if not r.legal:
            return (
                f"<div style='{BOX}'>{head}{cap}<div style='{BOX};overflow-x:auto'>{tiles}</div>"
                f"<p><b>不能和 · Not a legal win</b>: {_b(*r.reason)}</p></div>"
            )
        items = "".join(
            f"<tr><td style='{TD}'>{_b(zh, en)}</td><td style='{TD};text-align:right'>{escape(vz)}</td></tr>"
            for zh, en, vz, ve in self._item_rows()
        )
        steps = "".join(f"<li>{_b(zh, en)}</li>" for zh, en in self.steps)
        pays = "".join(
            f"<tr><td style='{TD}'>{_seat(p)} → {_seat(q)}</td><td style='{TD};text-align:right'>{_num(a)}</td>"
            f"<td style='{TD}'>{_b(*why) if why and why[0] else ''}</td></tr>"
            for p, q, a, why in self.transfers
        )
        net = " · ".join(f"{_seat(s)} {r.payments[s]:+g}" for s in SEAT_LETTERS)
        pay_unit = rs.pay_unit
        return (
            f"<div class='mj-worked' style='{BOX}'>{head}{cap}"
            f"<div style='{BOX};overflow-x:auto'>{tiles}</div>"
            f"<div style='display:flex;flex-wrap:wrap;gap:0 2em;{BOX}'>"
            f"<div><b>计分项 · Items</b><table style='{TABLE}'>{items or _NO_ITEMS}</table></div>"
            f"<div style='flex:1 1 340px;min-width:0'><b>算到价钱 · Up to the price</b><ol style='margin:2px 0'>{steps}</ol></div>"
            f"</div>"
            f"<div><b>收付 · Payments</b> <small>({escape(pay_unit[0])} · {escape(pay_unit[1])})</small>"
            f"<table style='{TABLE}'><tr><th style='{TD}'>付 → 收 · payer → receiver</th>"
            f"<th style='{TD}'>数 · amount</th><th style='{TD}'>原因 · why</th></tr>{pays}</table>"
            f"<b>净额 · Net</b>: {escape(net)}</div></div>"
        )

    def text(self) -> str:
        r, rs = self.result, self.ruleset
        out = [f"{rs.zh} · {rs.en}: {r.hand}"]
        if self.caption[0]:
            out.append(f"  {self.caption[0]} / {self.caption[1]}")
        if not r.legal:
            out.append(f"  不能和 Not a legal win: {r.reason[0]} / {r.reason[1]}")
            return "\n".join(out)
        out += [f"  {zh} {en}: {ve}" for zh, en, vz, ve in self._item_rows()]
        out += [f"  {k}. {zh} / {en}" for k, (zh, en) in enumerate(self.steps, 1)]
        out += [f"  {p} -> {q} {_num(a)}  {why[1] if why else ''}" for p, q, a, why in self.transfers]
        out.append("  net: " + ", ".join(f"{s} {r.payments[s]:+g}" for s in SEAT_LETTERS))
        return "\n".join(out)

    _repr_html_ = html

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__


def worked(result, caption: Line = ("", "")) -> Worked:
    """A regional (or MCR) result with the arithmetic from its items up to the payments."""
    return Worked(result, tuple(result.ruleset.settlement_steps(result)) if result.legal else (), caption)


def example(rules) -> Worked:
    """The worked example of a rule set (from its description), scored now by the engine."""
    rs = get(rules)
    ex = rs.about.example if rs.about is not None else None
    if ex is None:
        raise BadArgument(
            f"the rule set {rs.name!r} has no worked example in its description  （规则 {rs.name!r} 的说明里没有实例）"
        )
    return worked(rs.score(ex.hand, **ex.context), ex.caption)


# --- legal here, refused elsewhere ------------------------------------------------------------


@dataclass(frozen=True)
class LegalUnder:
    """Which rule sets accept one hand in one situation (each gets the keywords it knows)."""

    hand: object
    context: dict
    accepted: tuple[str, ...]
    refused: tuple[str, ...]
    cannot_hold: tuple[str, ...]
    """Rule sets whose tiles do not include this hand's tiles."""
    focus: str | None = None
    caption: Line = ("", "")

    def _names(self, ns) -> str:
        return "、".join(get(n).zh for n in ns) or "—"

    def _names_en(self, ns) -> str:
        return ", ".join(get(n).en for n in ns) or "—"

    @property
    def only_focus(self) -> bool:
        return self.focus is not None and self.accepted == (self.focus,)

    def html(self) -> str:
        tiles = as_hand(self.hand)._repr_html_()
        cap = f"<p style='margin:2px 0'>{_b(*self.caption)}</p>" if self.caption[0] else ""
        situation = _situation(self.context)
        rows = [
            ("合法 · Legal under", self.accepted),
            ("不合法 · Not legal under", self.refused),
            ("没有这些牌或这种情况 · Has no such tiles or situation", self.cannot_hold),
        ]
        body = "".join(
            f"<tr><th style='{TD};width:14em'>{escape(label)} ({len(ns)})</th>"
            f"<td style='{TD}'>{escape(self._names(ns))}<br><span style='color:#555'>"
            f"{escape(self._names_en(ns))}</span></td></tr>"
            for label, ns in rows
            if ns
        )
        return (
            f"<div style='{BOX}'>{cap}<div style='{BOX};overflow-x:auto'>{tiles}</div>"
            f"<p style='margin:2px 0'>{_b(*situation)}</p><table style='{TABLE}'>{body}</table></div>"
        )

    def text(self) -> str:
        _z, e = _situation(self.context)
        return (
            f"{self.hand} ({e})\n  legal under: {self._names_en(self.accepted)}\n"
            f"  not legal under: {self._names_en(self.refused)}\n"
            f"  has no such tiles or situation: {self._names_en(self.cannot_hold)}"
        )

    _repr_html_ = html

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__


def _situation(ctx) -> Line:
    w = ctx.get("winner", "E")
    if ctx.get("self_drawn"):
        z, e = f"{Seat.of(w).zh}家自摸", f"{Seat.of(w).en} self-draws"
    else:
        d = ctx.get("discarder")
        z, e = f"{Seat.of(w).zh}家和{Seat.of(d).zh}家打的牌", f"{Seat.of(w).en} wins on {Seat.of(d).en}'s discard"
    wild = ctx.get("wild")
    if wild is not None:
        z += f"；百搭（混儿/金）是 {wild}"
        e += f"; the wild is {wild}"
    return z, e


def legal_under(hand, rules=None, *, focus: str | None = None, caption: Line = ("", ""), **context) -> LegalUnder:
    """Judge one hand in one situation under every rule set (or ``rules``): which accept it."""
    acc: list[str] = []
    ref: list[str] = []
    na: list[str] = []
    for name in rules if rules is not None else names():
        rs = get(name)
        kw = {k: v for k, v in context.items() if k in rs.context_names}
        try:
            res = rs.score(hand, **kw)
        except (TileSetError, ContextError):  # tiles or a situation this rule set does not have
            na.append(rs.name)
            continue
        (acc if res.legal else ref).append(rs.name)
    return LegalUnder(as_hand(hand), dict(context), tuple(acc), tuple(ref), tuple(na), focus, caption)


def only_here(rules) -> LegalUnder | None:
    """The hand a rule set accepts and the others (nearly all) refuse, judged now under every rule set;
    None when its description has none."""
    rs = get(rules)
    ex = rs.about.only_here if rs.about is not None else None
    if ex is None:
        return None
    return legal_under(ex.hand, focus=rs.name, caption=ex.caption, **_compare_context(ex.context))


def _compare_context(ctx) -> dict:
    """compare() needs every keyword known by some rule set: these always are."""
    return dict(ctx)


# --- Changsha: wins on the deal ---------------------------------------------------------------


@dataclass(frozen=True)
class OnDeal:
    rows: tuple

    def html(self) -> str:
        out = []
        for tiles, _, cap, r in self.rows:
            pic = inline_html(tiles_svg(parse_tiles(tiles), width=28))
            if r.legal:
                verdict = (
                    " + ".join(f"{i.zh} {i.en}" for i in r.items)
                    + " · "
                    + "；".join(f"{_seat(p)}→{_seat(q)} {a}" for p, q, a, _ in r.transfers)
                )
                verdict = f"<b>起手小胡 · Win on the deal</b>: {escape(verdict)}"
            else:
                verdict = f"<b>没有起手小胡 · No win on the deal</b>: {_b(*r.reason)}"
            out.append(
                f"<div style='{BOX};margin:6px 0'><div>{_b(*cap)}</div>"
                f"<div style='{BOX};overflow-x:auto'>{pic}</div><div>{verdict}</div></div>"
            )
        return "".join(out)

    def text(self) -> str:
        out = []
        for tiles, seat, cap, r in self.rows:
            v = (
                " + ".join(i.en for i in r.items) + "; " + ", ".join(f"{p}->{q} {a}" for p, q, a, _ in r.transfers)
                if r.legal
                else f"no win on the deal: {r.reason[1]}"
            )
            out.append(f"{tiles} ({seat}): {cap[1]} -> {v}")
        return "\n".join(out)

    _repr_html_ = html

    def __str__(self):
        return self.text()

    __repr__ = __str__


def on_deal_examples(rules=None) -> OnDeal:
    """The dealt hands a rule set's description shows with its verdict on the deal (Changsha's 四喜,
    板板胡, 缺一色 and a dealt hand that wins nothing), each judged now by the engine; by default the
    first registered rule set with wins on the deal."""
    if rules is None:
        rules = next(n for n in names() if get(n).table.on_deal_wins and get(n).about is not None)
    rs = get(rules)
    if rs.about is None:
        raise BadArgument(
            f"the rule set {rs.name!r} has no description, so no dealt hands to show  "
            f"（规则 {rs.name!r} 没有说明，也就没有起手牌的例子）"
        )
    return OnDeal(tuple((t, s, cap, rs.on_deal_win(t, seat=s)) for t, s, cap in rs.about.on_deal))


# --- exercises aimed at one rule set ----------------------------------------------------------


def questions(rules, n: int = 3, seed: int = 0) -> list:
    """``n`` questions on one rule set, or spread over several (a list of names)."""
    if isinstance(rules, (list, tuple)):
        sets = [get(r) for r in rules]
        out = []
        for k in range(n):
            out += _questions(sets[k % len(sets)], 1, seed * 100 + k)
        return out
    return _questions(get(rules), n, seed)


def _questions(rules, n: int = 3, seed: int = 0) -> list:
    """``n`` regional questions on one rule set: hands dealt and played at the table that the rule set can
    hold, each a "legal? and what does it score?" question graded by the engine."""
    rs = get(rules)
    kind = get_kind("regional")
    rng = random.Random(f"regional-tour:{rs.name}:{seed}")
    out: list[Question] = []
    tries = 0
    while len(out) < n and tries < 200:
        tries += 1
        w = simulated_win(rng)
        ctx: dict[str, Any] = {"self_drawn": w.self_drawn, "winner": "ESWN"[w.winner]}
        if not w.self_drawn:
            ctx["discarder"] = "ESWN"[w.discarder]  # type: ignore[index]  # a win on a discard has its discarder
        try:
            rs.score(w.hand, **ctx)
        except (TileSetError, ValueError):
            continue
        data = kind.validate({"hand": str(w.hand), "rules": rs.name, "context": ctx})
        out.append(
            Question(
                "regional",
                data,
                (
                    f"按{rs.zh}，这手牌能和吗？能的话算多少？",
                    f"Under {rs.en}: is this win legal, and if so what does it score?",
                ),
                source="fixed",
            )
        )
    return out


def exercises(rules, n: int = 3, seed: int = 0):
    """A short exercise set on one rule set (or several: a list), as the quiz widget (graded by the
    engine)."""
    sets = [get(r) for r in rules] if isinstance(rules, (list, tuple)) else [get(rules)]
    zh = "、".join(rs.zh for rs in sets)
    en = ", ".join(rs.en for rs in sets)
    return QuizWidget(
        questions([rs.name for rs in sets] if len(sets) > 1 else sets[0], n, seed),
        title=(f"练习：{zh}", f"Practice: {en}"),
        quiz="practice:regional:" + "+".join(rs.name for rs in sets),
    )


def families_html() -> str:
    """Every rule set by family with where it is played: a compact index."""
    rows = []
    for (zh, en), members in families():
        cells = "".join(
            f"<li>{escape(get(m).zh)} · {escape(get(m).en)}<br><span style='color:#555'>"
            f"{escape(a.where[1] if (a := get(m).about) else '')}</span></li>"
            for m in members
        )
        rows.append(
            f"<div style='flex:1 1 300px;min-width:0'><b>{escape(zh)} · {escape(en)}</b>"
            f"<ul style='margin:2px 0'>{cells}</ul></div>"
        )
    return f"<div style='display:flex;flex-wrap:wrap;gap:0.5em 1.5em;{BOX}'>{''.join(rows)}</div>"


# --- the tiles a rule set plays with, and one stop of the tour --------------------------------


def tiles_html(rules) -> str:
    """The tile kinds a rule set plays with, drawn one of each, with how many of each there are."""
    rs = get(rules)
    rows = [("数牌（每种 4 张）", "suited tiles (4 of each)", "123456789m 123456789p 123456789s")]
    if rs.tiles.honors and rs.tiles.flowers != "fuzhou36":
        rows.append(("字牌（每种 4 张）", "honors (4 of each)", "ESWNCFP"))
    if rs.tiles.flowers in ("eight", "fuzhou36"):
        rows.append(("花牌（每种 1 张）", "flowers (1 of each)", "abcdefgh"))
    if rs.tiles.flowers == "fuzhou36":
        rows.append(("字牌在这里也当花（每种 4 张）", "honors count as flowers here (4 of each)", "ESWNCFP"))
    body = "".join(
        f"<div style='{BOX};overflow-x:auto'>{_b(zh, en)}<br>{inline_html(tiles_svg(parse_tiles(t), width=24))}</div>"
        for zh, en, t in rows
    )
    return f"<div style='{BOX}'><b>用什么牌 · The tiles</b>: {rs.tiles.size} 张 · {rs.tiles.size} tiles{body}</div>"


@dataclass(frozen=True)
class Visit:
    """One stop of the regional tour: description, tiles, worked example, a hand legal there."""

    names: tuple[str, ...]

    def html(self) -> str:
        out = []
        shown = set()
        said: set = set()
        for n in self.names:
            rs = get(n)
            card = describe(rs)
            parts = [Card(rs, card.about, frozenset(said)).html()]
            for _, _, rows in list(card._lines())[2:]:
                said.update(rows)
            if rs.tiles not in shown:  # one picture of the tiles per tile set
                parts.append(tiles_html(rs))
                shown.add(rs.tiles)
            a = rs.about
            if a is not None and a.example is not None:
                parts.append(f"<div style='margin-top:6px'><b>实例 · Worked example</b></div>{example(rs).html()}")
            oh = only_here(rs)
            if oh is not None:
                parts.append(
                    f"<div style='margin-top:6px'><b>这里能和、别处不行 · Legal here, refused elsewhere</b></div>"
                    f"{oh.html()}"
                )
            out.append(f"<div style='{BOX};margin-bottom:1.2em'>{''.join(parts)}</div>")
        return "".join(out)

    def text(self) -> str:
        out = []
        for n in self.names:
            rs = get(n)
            out.append(describe(rs).text())
            if rs.about is not None and rs.about.example is not None:
                out.append(example(rs).text())
            oh = only_here(rs)
            if oh is not None:
                out.append(oh.text())
        return "\n\n".join(out)

    _repr_html_ = html

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__


def family(rules) -> tuple[str, ...]:
    """Every rule set of the family a rule set belongs to (by name or any alias, Chinese included), in
    course order, so a lesson can write ``tour.family("河北麻将")`` rather than a list of ids.

    >>> family("河北麻将")
    ('bj_basic', 'bj_new', 'hebei1', 'hebei2', 'shandong1', 'shandong2')
    """
    return tuple(family_of(get(rules).name)[1])


def visit(*rules) -> Visit:
    """One stop of the tour for each rule set named: its description card, its tiles, its worked
    example and a hand legal there but refused elsewhere, all computed now."""
    return Visit(tuple(get(r).name for r in rules))


# --- how the "legal here" hands were found ----------------------------------------------------

SITUATIONS = (
    {"winner": "S", "self_drawn": True},
    {"winner": "S", "discarder": "N"},
    {"winner": "S", "self_drawn": True, "wild": "P"},
    {"winner": "S", "discarder": "N", "wild": "P"},
)
"""The situations the search tries each hand in: self-drawn or on a discard, with or without a wild."""


def find_only_here(rules, tries: int = 1000, seed: int = 0, hands=(), situations=SITUATIONS) -> LegalUnder | None:
    """Search for a hand this rule set accepts and as few others as possible: ``hands`` first, then
    ``tries`` simulated wins, each judged in every situation (default :data:`SITUATIONS`; the wild
    that makes a Fuzhou 三金倒 is 9s there, for instance) under every rule set. Ties go
    to the hand fewer rule sets accept at all. This is how the hands of the descriptions were found
    (with a few thousand tries plus hands built for each rule set's special shapes); it takes a
    while, so the tour shows the stored result and judges it again.

    >>> r = find_only_here("changsha", tries=0, hands=["2258m2558p2588s2s+8m"])
    >>> r.accepted
    ('changsha',)
    """
    rs = get(rules)
    family = set(family_of(rs.name)[1])
    rng = random.Random(seed)
    best, best_key = None, None

    def candidates():
        yield from hands
        for _ in range(tries):
            yield str(simulated_win(rng).hand)

    for hand in candidates():
        for ctx in situations:
            try:
                lu = legal_under(hand, focus=rs.name, **ctx)
            except ValueError:  # a hand the notation or a situation refuses
                continue
            if rs.name not in lu.accepted:
                continue
            key = (len(set(lu.accepted) - family), len(lu.accepted))
            if best_key is None or key < best_key:
                best, best_key = lu, key
    return best
