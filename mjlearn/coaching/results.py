"""What the coach returns: the ranked discards (:class:`Coaching`, :class:`CoachOption`), the 13 tiles
kept (:class:`Standing`) and the fans the wins carry (:class:`LikelyFan`), with their text, dict and HTML."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from ..analysis import shanten_name
from ..hand import Hand
from ..i18n import both
from ..render import svg
from ..tiles import Tile

__all__ = ["CoachOption", "Coaching", "LikelyFan", "Route", "Standing"]


# --- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LikelyFan:
    """A fan (MCR) or scoring item (other rule sets) that the counted wins of a discard carry."""

    key: str
    """The fan's number (MCR) or the item's key."""
    zh: str
    en: str
    value: int
    """Points of the fan (MCR) or value of the item in the rule set's item unit."""
    share: float
    """Share of the counted wins that carry it (0-1)."""

    def __str__(self) -> str:
        return f"{self.en} {self.zh} {self.share:.0%}"

    def to_dict(self) -> dict:
        return {"key": self.key, "zh": self.zh, "en": self.en, "value": self.value, "share": round(self.share, 4)}


@dataclass(frozen=True)
class Route:
    """A way to win that the counted wins take: the fans (MCR) or items that carry a win to the minimum,
    with the chance of winning that way and the tiles a likely win of it still needs.

    Under MCR a win's fans are taken from the most valuable down until they reach 8 points (flowers
    not counted): ``三色三步高 + 不求人`` is one route whatever small fans come with it. Under another
    rule set, the win's items (at most three, the most valuable first). Wins that share these fans
    are one route; its ``chance`` is the sum of their chances, so the routes' chances add up to the
    option's ``win_chance``."""

    fans: tuple
    """((key, zh, en, points), ...): each fan of the route with its points (times its count)."""
    points: int
    """The fans' points together (MCR: at least 8)."""
    chance: float
    """Chance (0-1) to win by this route with one's own draws (part of ``win_chance``)."""
    needs: tuple
    """The tiles the most likely win of this route still draws, the winning tile last (Tile, ...)."""

    @property
    def zh(self) -> str:
        return " + ".join(f[1] for f in self.fans)

    @property
    def en(self) -> str:
        return " + ".join(f[2] for f in self.fans)

    def __str__(self) -> str:
        need = " ".join(str(t) for t in self.needs)
        return f"{self.zh} {self.en} ({self.points}) {self.chance:.1%} [{need}]"

    def to_dict(self) -> dict:
        return {
            "fans": [{"key": str(k), "zh": zh, "en": en, "points": v} for k, zh, en, v in self.fans],
            "points": self.points,
            "chance": round(self.chance, 6),
            "needs": [str(t) for t in self.needs],
        }


@dataclass(frozen=True, kw_only=True)
class _Outlook:
    """What the coach reports for 13 tiles, a discard's and a kept hand's alike: their shanten, the
    useful tiles, the chance to win and the fans the wins carry."""

    shanten: int
    """Shanten of the 13 tiles (0 ready)."""
    useful: Mapping
    """Tile -> live copies, for each tile that lowers that shanten (the waits when ready), in tile order."""
    win_chance: float
    """Chance (0-1) to complete a winning hand with one's own next ``draws_left`` draws (see the module)."""
    win_chance_error: float
    """Standard error of ``win_chance``: 0 when exact, the simulation's standard error otherwise."""
    method: str
    """``"exact"`` (shanten 0 or 1), ``"simulation"`` (shanten 2 or more) or ``"none"`` (no draws left)."""
    trials: int
    """Simulated draw orders (0 when exact)."""
    fans: tuple
    """:class:`LikelyFan` of the counted wins, most likely first."""
    expected: float
    """Expected value of the hand in ``unit``: each counted win's total times its chance."""
    unit: tuple
    """(zh, en) unit of ``expected``."""
    note: tuple | None = None
    """(zh, en): why the chance is 0, when it is; None otherwise."""
    routes: tuple = ()
    """:class:`Route` of the counted wins, most likely first (their chances add up to ``win_chance``)."""
    rules: str = field(default="mcr", repr=False)
    """The rule set (or MCR profile) name."""

    @property
    def live(self) -> int:
        """Live copies of all the useful tiles together."""
        return sum(self.useful.values())

    @property
    def kinds(self) -> int:
        """Kinds of useful tile."""
        return len(self.useful)

    def _text(self, head: str, tail: str) -> str:
        """One line: ``head``, the shanten, the useful tiles, the chance to win followed by ``tail``,
        then the likely fans and the note."""
        zh, en = shanten_name(self.shanten)
        tiles = " ".join(f"{t}x{n}" for t, n in self.useful.items()) or "-"
        chance = f"{self.win_chance:.1%}"
        if self.method == "simulation":
            chance += f" ± {self.win_chance_error:.1%}"
        out = (
            f"{head}: {both(zh, en)}, "
            f"{both(f'进张 {self.kinds} 种 {self.live} 张', f'{self.kinds} useful kind{_s(self.kinds)}, {self.live} live')}: "
            f"{tiles}; {both('和牌机会', 'chance to win')} {chance}{tail}"
        )
        fans = ", ".join(f"{both(f.zh, f.en)} {f.share:.0%}" for f in self.fans[:4])
        if fans:
            out += f"; {both('可能的番种', 'likely')}: {fans}"
        if self.note:
            out += f"; {both(*self.note)}"
        return out

    def _dict(self, **after_trials) -> dict:
        return {
            "shanten": self.shanten,
            "useful": {str(t): n for t, n in self.useful.items()},
            "live": self.live,
            "win_chance": round(self.win_chance, 6),
            "win_chance_error": round(self.win_chance_error, 6),
            "method": self.method,
            "trials": self.trials,
            **after_trials,
            "fans": [f.to_dict() for f in self.fans],
            "routes": [r.to_dict() for r in self.routes[:3]],
            "expected": round(self.expected, 4),
            "unit": {"zh": self.unit[0], "en": self.unit[1]},
            "note": None if self.note is None else {"zh": self.note[0], "en": self.note[1]},
        }


@dataclass(frozen=True, kw_only=True)
class CoachOption(_Outlook):
    """One discard of a 14-tile hand, as the coach sees it: the 13 tiles it leaves."""

    discard: Tile
    """The tile to discard."""

    def __str__(self) -> str:
        how = {"exact": both("精确", "exact"), "simulation": both("模拟", "simulated"), "none": "-"}[self.method]
        return self._text(f"{both('打', 'discard')} {self.discard}", f" ({how})")

    def _repr_html_(self) -> str:
        return _table_html((self,), self.rules, self.unit)

    def to_dict(self) -> dict:
        return {"discard": str(self.discard), **self._dict()}


@dataclass(frozen=True, kw_only=True)
class Standing(_Outlook):
    """A 13-tile hand that keeps its tiles (after passing, or after a kong before its replacement
    draw), as the coach sees it: :func:`standing` and :func:`after_kong`."""

    hand: Hand
    draws_left: int
    """The draws counted: after a kong, the replacement draw and the seat's own draws."""
    unseen: int
    kong: str | None = None
    """``"concealed"``, ``"added"`` or ``"melded"`` for :func:`after_kong`; None otherwise."""

    def __str__(self) -> str:
        head = {
            None: both("保留这手牌", "keep the hand"),
            "concealed": both("暗杠之后", "after the concealed kong"),
            "added": both("加杠之后", "after the added kong"),
            "melded": both("明杠之后", "after the melded kong"),
        }
        expected = both(f"期望 {self.expected:.1f} {self.unit[0]}", f"expected {self.expected:.1f} {self.unit[1]}")
        return self._text(f"{head[self.kong]} {self.hand}", f"; {expected}")

    def to_dict(self) -> dict:
        return {"hand": str(self.hand), "kong": self.kong, **self._dict(draws_left=self.draws_left, unseen=self.unseen)}


@dataclass(frozen=True, eq=False)
class Coaching(Sequence):
    """The candidate discards of a 14-tile hand, best first (a sequence of :class:`CoachOption`):
    highest chance to win, then highest expected value, lowest shanten, most live useful tiles."""

    hand: Hand
    rules: str
    """The rule set (or MCR profile) name."""
    draws_left: int
    unseen: int
    """Tiles the seat cannot see (the wall and the other hands)."""
    options: tuple
    complete: bool = False
    """The 14 tiles already make a winning hand (declare it rather than discard)."""
    unit: tuple = ("分", "points")
    seen: tuple = field(default=(), repr=False)

    @property
    def best(self) -> CoachOption:
        return self.options[0]

    def __getitem__(self, i):
        return self.options[i]

    def __len__(self) -> int:
        return len(self.options)

    def __repr__(self) -> str:
        return f"<Coaching for {str(self.hand)!r}: best {self.best.discard}>"

    def __str__(self) -> str:
        head = (
            f"{both('教练', 'Coach')}: {self.hand} · {self.rules} · "
            f"{both(f'还能摸 {self.draws_left} 张', f'{self.draws_left} draws left')} · "
            f"{both(f'未见 {self.unseen} 张', f'{self.unseen} unseen tiles')}"
        )
        lines = [head]
        if self.complete:
            lines.append(both("已经和牌：可以宣布和了。", "Already a winning hand: declare the win."))
        lines += [str(o) for o in self.options]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "hand": str(self.hand),
            "rules": self.rules,
            "draws_left": self.draws_left,
            "unseen": self.unseen,
            "complete": self.complete,
            "unit": {"zh": self.unit[0], "en": self.unit[1]},
            "options": [o.to_dict() for o in self.options],
        }

    def _repr_html_(self) -> str:
        note = both(
            f"还能摸 {self.draws_left} 张，未见 {self.unseen} 张",
            f"{self.draws_left} draws left, {self.unseen} tiles unseen",
        )
        if self.complete:
            note += " · " + both("已经和牌：可以宣布和了", "already a winning hand: declare the win")
        return (
            f'<div style="max-width:100%;overflow-x:auto">{svg.inline_html(svg.hand_svg(self.hand, width=30))}'
            f"<p>{escape(note)}</p>{_table_html(self.options, self.rules, self.unit)}</div>"
        )


def _table_html(options, rules: str, unit) -> str:
    """The options as an HTML table: tiles drawn, headers in both languages."""

    def tile(t, w=26):
        return svg.inline_html(svg.tile_svg(t, width=w))

    rows = []
    for k, o in enumerate(options):
        zh, en = shanten_name(o.shanten)
        useful = "".join(
            f'<span style="display:inline-block;text-align:center;margin:0 2px 2px 0">{tile(t, 20)}'
            f"<br><small>{n}</small></span>"
            for t, n in o.useful.items()
        )
        chance = f"<b>{o.win_chance:.1%}</b>"
        if o.method == "simulation":
            chance += f"<br><small>± {o.win_chance_error:.1%}</small>"
        how = {"exact": both("精确", "exact"), "simulation": both("模拟", "simulated"), "none": "-"}[o.method]
        fans = "<br>".join(f"{escape(both(f.zh, f.en))} <small>{f.share:.0%}</small>" for f in o.fans[:4])
        if o.note:
            fans = (fans + "<br>" if fans else "") + f"<small>{escape(both(*o.note))}</small>"
        style = ' style="background:#e8f4ea"' if k == 0 and len(options) > 1 else ""
        rows.append(
            f"<tr{style}><td>{tile(o.discard, 30)}</td><td><b>{o.shanten}</b> {escape(both(zh, en))}</td>"
            f'<td><div style="display:flex;flex-wrap:wrap;max-width:330px">{useful}</div></td>'
            f"<td><b>{o.live}</b></td><td>{chance}<br><small>{escape(how)}</small></td>"
            f"<td>{o.expected:.1f}</td><td>{fans}</td></tr>"
        )
    fan_head = (
        both("可能的番种", "Likely fans") if rules.startswith("mcr") else both("可能的计分项", "Likely scoring items")
    )
    heads = [
        both("打出", "Discard"),
        both("向听", "Shanten"),
        both("进张（余张）", "Useful tiles (live)"),
        both("余张合计", "Live"),
        both("和牌机会", "Chance to win"),
        both(f"期望（{unit[0]}）", f"Expected ({unit[1]})"),
        fan_head,
    ]
    return (
        '<table style="max-width:100%"><tr>'
        + "".join(f"<th>{escape(h)}</th>" for h in heads)
        + "</tr>"
        + "".join(rows)
        + "</table>"
    )


def _s(n: int) -> str:
    return "" if n == 1 else "s"
