"""The seat context of a regional rule set, as widget controls generated from its declarations.

Every rule set declares the context keywords it accepts (:attr:`mjlearn.rules.RuleSet.context`,
rows of :class:`mjlearn.rules.Ctx` with a kind, a default and zh/en labels). The widgets keep one
dict of values and, for the chosen rule set:

* show the seats (winner, dealer, who discarded or self-drawn), the wild tile where the variant
  has one, and a control per further simple keyword (bool → checkbox, count → number,
  choice/seat → select, tile → tile select), labelled from the declaration in both languages;
* pass to the scorer only the keywords the rule set accepts (:func:`keywords`).

Nothing here is typed per variant: a new keyword in a rule set shows up as a new control.

>>> from mjlearn.rules import get
>>> ctx = {"winner": "S", "discarder": "N", "self_drawn": False, "shang_lou": 1, "heavenly": True}
>>> sorted(keywords(get("beijing"), ctx).items())[:3]
[('discarder', 'N'), ('first_go_around', False), ('kong', False)]
>>> "heavenly" in keywords(get("beijing"), ctx)   # Beijing does not declare it: not passed
False
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..rules import COMMON, get
from ..seats import SEAT_LETTERS as SEATS
from ..seats import Seat
from ..terms import annotate
from ..tiles import KINDS
from ._base import B, L, esc

SEAT_KEYS = ("winner", "dealer", "discarder", "self_drawn")
"""Keywords shown as the seat row (the discarder select also sets self_drawn)."""
DERIVED = ("seat_wind",)
"""Keywords the rule set derives from winner and dealer when not given: not shown, not passed."""
SIMPLE = ("bool", "count", "flowers", "choice", "seat", "tile?")
"""Kinds that get a control; others (kong tables, side bets) keep the declared default."""
RELATION = {1: ("下家", "right"), 2: ("对家", "opposite"), 3: ("上家", "left")}
SELF = "self"
"""The discarder select's value for a self-drawn win."""


def ruleset(name):
    return get(name)


def seat(name: str, value) -> str:
    v = str(value)
    if v not in SEATS:
        raise ValueError(f"{name} must be a seat: 'E', 'S', 'W' or 'N', got {value!r}")
    return v


def shown(rs) -> list:
    """The declared keywords that get a generated control, in declaration order."""
    return [c for c in rs.context if c.name not in SEAT_KEYS + DERIVED and c.kind in SIMPLE]


def value(c, ctx: dict):
    return ctx.get(c.name, c.default)


def keywords(rs, ctx: dict) -> dict:
    """The scoring keywords for ``rs`` from the widget's values: only those it accepts."""
    names = set(rs.context_names)
    out: dict[str, Any] = {}
    self_drawn = bool(ctx.get("self_drawn", False))
    if "self_drawn" in names:
        out["self_drawn"] = self_drawn
    for k in ("winner", "dealer"):
        if k in names and k in ctx:
            out[k] = ctx[k]
    if "discarder" in names and not self_drawn:
        out["discarder"] = ctx.get("discarder")
    for c in shown(rs):
        v = value(c, ctx)
        if c.kind == "tile?" and v is None:
            continue
        out[c.name] = v
    return out


def _previous(s: str) -> str:
    seats = SEATS
    return seats[(seats.index(s) - 1) % 4]


def set_value(rs, ctx: dict, name: str, v) -> None:
    """Store one control's value (as the front end sends it), checked against the declaration.
    Raises ``ValueError`` naming the accepted keywords, and leaves ``ctx`` as it was."""
    if name == "discarder":
        if v in (None, "", SELF):
            ctx["self_drawn"] = True
            return
        s = seat(name, v)
        if s == ctx.get("winner", "E"):
            raise ValueError(B("和牌者不能给自己点炮", "the winner cannot discard to himself"))
        ctx["discarder"], ctx["self_drawn"] = s, False
        return
    if name == "self_drawn":
        ctx["self_drawn"] = _bool(v)
        return
    if name in ("winner", "dealer"):
        s = seat(name, v)
        ctx[name] = s
        if name == "winner" and ctx.get("discarder") == s:
            ctx["discarder"] = _previous(s)  # the discard comes from the new winner's 上家
        return
    decl = {c.name: c for c in shown(rs)}
    c = decl.get(name)
    if c is None:
        accepted = ", ".join(SEAT_KEYS + tuple(decl))
        raise ValueError(f"{rs.name} ({rs.zh}) has no context control {name!r}; it accepts {accepted}")
    new: Any
    if c.kind == "bool":
        new = _bool(v)
    elif c.kind in ("count", "flowers"):
        try:
            new = int(str(v).strip() or 0)
        except ValueError:
            raise ValueError(f"{name} must be a whole number, got {v!r}") from None
    elif c.kind == "seat":
        new = seat(name, v)
    elif c.kind == "tile?":
        new = None if v in (None, "") else str(v)
    else:  # choice: the front end sends the option's text
        match = [x for x in c.choices if str(x) == str(v)]
        if not match:
            raise ValueError(f"{name} must be one of {', '.join(map(str, c.choices))}, got {v!r}")
        new = match[0]
    checked = c.check(new)  # the engine's own check (ContextError)
    ctx[name] = str(checked) if c.kind == "tile?" and checked is not None else new


def _bool(v) -> bool:
    if isinstance(v, bool):
        return v
    if str(v).lower() in ("true", "1", "on", "yes"):
        return True
    if str(v).lower() in ("false", "0", "off", "no", ""):
        return False
    raise ValueError(f"expected true or false, got {v!r}")


# --- controls -------------------------------------------------------------------------------


def _label(zh: str, en: str) -> str:
    """Both names from a declaration: the current language first, the other one smaller."""
    first, second = (zh, en) if L("z", "e") == "z" else (en, zh)
    if not first:
        first, second = second, ""
    sub = f' <span class="mj-sub">{annotate(esc(second))}</span>' if second and second != first else ""
    return f"<b>{annotate(esc(first))}</b>{sub}"


def _seat_opt(s: str, selected: str | None, extra: str = "") -> str:
    seat = Seat.of(s)
    sel = " selected" if s == selected else ""
    return f'<option value="{s}"{sel}>{esc(B(seat.player_zh, seat.en))}{esc(extra)}</option>'


def seat_select(name: str, zh: str, en: str, current: str) -> str:
    opts = "".join(_seat_opt(s, current) for s in SEATS)
    return (
        f'<label class="mj-kw mj-seat-pick">{_label(zh, en)} '
        f'<select data-act="ctx" data-name="{name}">{opts}</select></label>'
    )


def discarder_select(ctx: dict) -> str:
    winner = ctx.get("winner", "E")
    seats = SEATS
    current = None if ctx.get("self_drawn") else ctx.get("discarder")
    opts = [
        f'<option value="{SELF}"{" selected" if current is None else ""}>'
        f"{esc(B('自摸（没人点炮）', 'self-drawn (no discarder)'))}</option>"
    ]
    for k in (3, 2, 1):  # 上家, 对家, 下家
        s = seats[(seats.index(winner) + k) % 4]
        rz, re_ = RELATION[k]
        opts.append(_seat_opt(s, current, f" · {B(rz, re_)}"))
    return (
        f'<label class="mj-kw mj-seat-pick">{_label("点炮者", "discarder")} '
        f'<select data-act="ctx" data-name="discarder">{"".join(opts)}</select></label>'
    )


def tile_select(name: str, zh: str, en: str, current, title: str = "") -> str:
    opts = [f'<option value=""{" selected" if current is None else ""}>{esc(B("无", "none"))}</option>']
    for t in KINDS:
        sel = " selected" if current is not None and str(current) == str(t) else ""
        opts.append(f'<option value="{t}"{sel}>{t} {esc(t.zh)}</option>')
    tip = f' title="{esc(title)}"' if title else ""
    return (
        f'<label class="mj-kw"{tip}>{_label(zh, en)} '
        f'<select data-act="ctx" data-name="{name}">{"".join(opts)}</select></label>'
    )


def seat_row(ctx: dict, *, wild: bool, wild_title: str = "") -> str:
    """Winner, dealer, discarder (or self-drawn) and, when asked, the wild tile."""
    out = [
        '<div class="mj-seat-row">',
        seat_select("winner", COMMON["winner"].zh, "winner", ctx.get("winner", "E")),
        discarder_select(ctx),
        seat_select("dealer", COMMON["dealer"].zh, "dealer", ctx.get("dealer", "E")),
    ]
    if wild:
        c = COMMON["wild"]
        out.append(tile_select("wild", c.zh, "wild tile", ctx.get("wild"), wild_title or c.en))
    out.append("</div>")
    return "".join(out)


LABELS = {
    "kong": (
        "和在杠上：杠上开花（自摸杠后补的牌）或抢杠和（抢别人加杠的牌）",
        "won on a kong: on the kong's replacement tile (self-drawn) or by robbing a kong (on a discard)",
    ),
}
"""Clearer labels than the declarations' one-line descriptions, where a learner misread them
(the kong box read as a second self-drawn box)."""


def controls(rs, ctx: dict) -> str:
    """The seat row plus one control per further declared keyword of ``rs``."""
    names = rs.context_names
    out = [seat_row(ctx, wild="wild" in names, wild_title=rs.wild or "")]
    rest = [c for c in shown(rs) if c.name != "wild"]
    if rest:
        out.append(f'<div class="mj-kw-grid" data-rules="{esc(rs.name)}">')
        for c in rest:
            v = value(c, ctx)
            zh, en = LABELS.get(c.name, (c.zh, c.en))
            c = replace(c, zh=zh, en=en)
            tip = esc(B(c.zh, c.en))
            if c.kind == "bool":
                chk = " checked" if v else ""
                out.append(
                    f'<label class="mj-kw" title="{tip}"><input type="checkbox" data-act="ctx" '
                    f'data-name="{c.name}"{chk}/> <span class="mj-kw-text">{_label(c.zh, c.en)}</span></label>'
                )
            elif c.kind in ("count", "flowers"):
                num = v if isinstance(v, int) else 0
                out.append(
                    f'<label class="mj-kw" title="{tip}"><input type="number" min="0" step="1" '
                    f'class="mj-num" data-act="ctx" data-name="{c.name}" value="{num}"/> '
                    f'<span class="mj-kw-text">{_label(c.zh, c.en)}</span></label>'
                )
            elif c.kind == "seat":
                out.append(seat_select(c.name, c.zh, c.en, v))
            elif c.kind == "tile?":
                out.append(tile_select(c.name, c.zh, c.en, v, c.en))
            else:
                opts = "".join(
                    f'<option value="{esc(x)}"{" selected" if x == v else ""}>{esc(x)}</option>' for x in c.choices
                )
                out.append(
                    f'<label class="mj-kw" title="{tip}">{_label(c.zh, c.en)} '
                    f'<select data-act="ctx" data-name="{c.name}">{opts}</select></label>'
                )
        out.append("</div>")
    return "".join(out)


def seat_label_both(s: str) -> str:
    """A seat's name in both languages, the current one first."""
    seat = Seat.of(s)
    return B(seat.player_zh, seat.en)


def seat_label(s: str) -> str:
    seat = Seat.of(s)
    return L(seat.player_zh, seat.en)
