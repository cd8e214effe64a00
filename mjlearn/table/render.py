"""Pictures of the table: the wall square, the four seats with melds and ponds, the event log.

Pure functions returning SVG or HTML strings, plus three small objects with ``_repr_html_``
(:class:`WallView`, :class:`TableView`, :class:`EventLog`) for notebooks. Tiles come from
:mod:`mjlearn.render.svg` (path-only art, no fonts needed); the labels are HTML text.

The table is drawn from above with East at the bottom; turn order E -> S -> W -> N runs
counterclockwise, so South sits on the right, West at the top, North on the left. Each wall's
stacks run from its owner's right end (stack 1) to his left end, which makes the draw order
go clockwise around the square.

>>> from mjlearn.table import Table
>>> svg = wall_svg(Table("mcr", seed=1).wall)
>>> svg.startswith("<svg") and svg.count('class="mj-stack') == 72
True
"""

from __future__ import annotations

from html import escape

from ..render.svg import inline_html, meld_svg, tile_html, tile_svg, tiles_svg
from ..rules.registry import get as get_rules
from ..seats import SEATS, Seat
from ..tiles import TILES

__all__ = [
    "EventLog",
    "OutcomeView",
    "TableView",
    "WallView",
    "log_html",
    "log_text",
    "outcome_html",
    "outcome_text",
    "table_html",
    "table_text",
    "wall_html",
    "wall_svg",
]

_S = 22  # stack pitch along a wall (px)
_D = 30  # stack depth (px)
_GAP = 8
_C_FULL, _C_HALF, _C_EDGE = "#1f7a4c", "#6fae8b", "#145233"
_C_LIVE, _C_TAIL, _C_RES = "#2563eb", "#dc2626", "#fde68a"


def _stack_rects(wall):
    """For each (seat, stack number): (x, y, w, h, side) in a square of side ``n``."""
    L = max(wall.stacks_per_wall)
    side_len = L * _S
    off = _D + _GAP
    out = {}
    for seat in SEATS:
        n = wall.stacks_per_wall[seat]
        shift = (L - n) * _S / 2
        for j in range(1, n + 1):
            if seat == 0:  # bottom, stack 1 at the right end
                x, y, w, h = off + shift + (n - j) * _S, off + side_len + _GAP, _S, _D
            elif seat == 1:  # right, stack 1 at the top end
                x, y, w, h = off + side_len + _GAP, off + shift + (j - 1) * _S, _D, _S
            elif seat == 2:  # top, stack 1 at the left end
                x, y, w, h = off + shift + (j - 1) * _S, 0, _S, _D
            else:  # left, stack 1 at the bottom end
                x, y, w, h = 0, off + shift + (n - j) * _S, _D, _S
            out[(seat, j)] = (x, y, w, h)
    size = 2 * off + side_len
    return out, size


def wall_svg(wall, *, width: float = 460, reserve: int = 0) -> str:
    """The wall as a square seen from above: whole stacks dark, half stacks light, taken stacks as
    outlines (blue: drawn from the live end, red: from the tail), face-up tiles shown, the break
    as a red bar, the next live stack and the tail stack outlined, ``reserve`` stacks shaded."""
    rects, size = _stack_rects(wall)
    pos_of = {sj: i for i, sj in enumerate(wall.order)}
    body = []
    res_from = wall.reserve_limit(reserve) if (wall.order and reserve) else None
    nxt = wall.next_live() if wall.order else None
    tail = wall.next_tail(0) if wall.order else None
    for (seat, j), (x, y, w, h) in rects.items():
        i = pos_of.get((seat, j))
        title = f"{seat.player_zh}第{j}墩 {seat.en} stack {j}"
        if i is None:
            body.append(_stack(x, y, w, h, 2, title, (False, False), None))
            continue
        st = (wall.state[2 * i], wall.state[2 * i + 1])
        left = (not st[0]) + (not st[1])
        taken_how = max(st)
        mark = None
        if nxt is not None and nxt >> 1 == i:
            mark = _C_LIVE
        elif tail is not None and tail >> 1 == i:
            mark = _C_TAIL
        shade = res_from is not None and i >= res_from and left
        up = [(2 * i + k) for k in (0, 1) if (2 * i + k) in wall.face_up and not wall.state[2 * i + k]]
        body.append(_stack(x, y, w, h, left, title + f" · #{i + 1}", st, mark, taken_how, shade))
        if up:
            t = TILES[wall.tiles[up[0]]]
            body.append(_face_up(t, x, y, w, h))
    if wall.order:
        body.append(_break_bar(rects, wall))
    legend = (
        "<title>牌墙 The wall: dark = two tiles, light = one, outline = taken "
        "(blue live end, red tail); red bar = the break</title>"
    )
    lbl = []
    c = size / 2
    for seat, (lx, ly) in zip(
        SEATS, ((c, size - _D - _GAP - 12), (size - _D - _GAP - 40, c), (c, _D + _GAP + 18), (_D + _GAP + 40, c))
    ):
        lbl.append(
            f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="middle" font-size="13" '
            f'fill="#374151">{seat.zh} {seat.en}</text>'
        )
    if wall.order:
        lbl.append(
            f'<text x="{c:.0f}" y="{c + 5:.0f}" text-anchor="middle" font-size="13" fill="#111827">'
            f"{wall.remaining} 张 left</text>"
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mjlearn mj-wall-square" role="img" '
        f'width="{width:.0f}" height="{width:.0f}" viewBox="-4 -4 {size + 8:.0f} {size + 8:.0f}">'
        + legend
        + "".join(body)
        + "".join(lbl)
        + "</svg>"
    )


def _stack(x, y, w, h, left, title, st, mark, taken_how=0, shade=False) -> str:
    out = [f'<g class="mj-stack mj-left{left}"><title>{escape(title)}</title>']
    if shade:
        out.append(f'<rect x="{x - 1}" y="{y - 1}" width="{w + 2}" height="{h + 2}" fill="{_C_RES}"/>')
    if left:
        fill = _C_FULL if left == 2 else _C_HALF
        out.append(
            f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{w - 3}" height="{h - 3}" rx="3" fill="{fill}" '
            f'stroke="{_C_EDGE}" stroke-width="1"/>'
        )
    else:
        col = _C_TAIL if taken_how == 2 else ("#9ca3af" if taken_how == 3 else _C_LIVE)
        out.append(
            f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{w - 5}" height="{h - 5}" rx="3" fill="none" '
            f'stroke="{col}" stroke-opacity=".55" stroke-dasharray="3 2" stroke-width="1.2"/>'
        )
    if mark:
        out.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="none" stroke="{mark}" stroke-width="2.5"/>'
        )
    out.append("</g>")
    return "".join(out)


def _face_up(t, x, y, w, h) -> str:
    tw = min(w, h) - 4
    s = tile_svg(t, width=tw)
    return f'<g transform="translate({x + (w - tw) / 2:.1f} {y + 2:.1f})">{s}</g>'


def _break_bar(rects, wall) -> str:
    """A red bar between the tail stack (order[-1]) and the first live stack (order[0])."""
    x1, y1, w1, h1 = rects[wall.order[0]]
    x2, y2, w2, h2 = rects[wall.order[-1]]
    cx1, cy1, cx2, cy2 = x1 + w1 / 2, y1 + h1 / 2, x2 + w2 / 2, y2 + h2 / 2
    mx, my = (cx1 + cx2) / 2, (cy1 + cy2) / 2
    if abs(cx1 - cx2) > abs(cy1 - cy2):  # neighbours along a horizontal wall: vertical bar
        return (
            f'<line class="mj-break" x1="{mx:.1f}" y1="{min(y1, y2) - 4:.1f}" x2="{mx:.1f}" '
            f'y2="{max(y1 + h1, y2 + h2) + 4:.1f}" stroke="{_C_TAIL}" stroke-width="3.5"/>'
        )
    return (
        f'<line class="mj-break" x1="{min(x1, x2) - 4:.1f}" y1="{my:.1f}" x2="{max(x1 + w1, x2 + w2) + 4:.1f}" '
        f'y2="{my:.1f}" stroke="{_C_TAIL}" stroke-width="3.5"/>'
    )


_LEGEND = (
    '<div style="font-size:12px;color:#374151;margin-top:4px">'
    '<span style="color:#1f7a4c">■</span> 整墩 two tiles · <span style="color:#6fae8b">■</span> 半墩 one tile · '
    '<span style="color:#2563eb">□</span> 从牌头摸走 drawn from the live end (next stack outlined) · '
    '<span style="color:#dc2626">□</span> 从牌尾补走 taken from the tail (tail stack outlined) · '
    '<span style="color:#dc2626">|</span> 开牌处 the break · <span style="background:#fde68a">&nbsp;&nbsp;</span> '
    "保留墩 reserve (dead end)</div>"
)


def wall_html(wall, *, width: float = 460, reserve: int = 0) -> str:
    """The wall square with a bilingual legend."""
    return f'<div class="mjlearn mj-wall-view">{wall_svg(wall, width=width, reserve=reserve)}{_LEGEND}</div>'


# --- the table --------------------------------------------------------------------------------


def _seat_block(table, seat: Seat, show: bool, tw: int) -> str:
    conc = table.concealed(seat)
    conc = [t for t in conc if t.index < 42]
    turn = table.phase in ("draw", "discard") and table.turn == seat
    head = (
        f"<b>{seat.player_zh} {seat.en}</b>"
        + (" · 庄 dealer" if seat == 0 else "")
        + f" · {table.tile_count(seat)} 张 tiles"
        + (' · <span style="color:#2563eb">▶ 轮到 to play</span>' if turn else "")
    )
    parts = [f'<div style="margin-bottom:2px">{head}</div><div>']
    if conc:
        fd = () if show else range(len(conc))
        parts.append(
            inline_html(
                tiles_svg(conc, width=tw, face_down=fd, title=" ".join(map(str, conc)) if show else "concealed 暗牌")
            )
        )
    for m in table.melds[seat]:
        parts.append("&nbsp;" + inline_html(meld_svg(m, width=tw)))
    if table.flowers[seat]:
        parts.append("&nbsp;&nbsp;" + inline_html(tiles_svg(table.flowers[seat], width=tw * 0.8)))
    parts.append("</div>")
    pond = [t for t, by in table.ponds[seat]]
    if pond:
        taken = [k for k, (t, by) in enumerate(table.ponds[seat]) if by is not None]
        rows = [pond[k : k + 6] for k in range(0, len(pond), 6)]
        prow = []
        for r, row in enumerate(rows):
            hl = {k - 6 * r: "#9ca3af" for k in taken if 6 * r <= k < 6 * r + 6}
            prow.append(inline_html(tiles_svg(row, width=tw * 0.75, highlight=hl or None)))
        parts.append(
            '<div style="margin-top:3px;color:#6b7280;font-size:11px">牌池 discards'
            + ("（灰框 = 被吃碰杠 grey = claimed）" if taken else "")
            + "</div><div>"
            + "<br>".join(prow)
            + "</div>"
        )
    style = "padding:6px;border-radius:8px;" + ("background:#eff6ff;" if turn else "background:#f9fafb;")
    return f'<div class="mj-seat" data-seat="{int(seat)}" style="{style}">{"".join(parts)}</div>'


def table_html(table, *, show_all: bool = True, seat=None, tile_width: int = 26) -> str:
    """The four seats around the wall square (East at the bottom, South right, West top, North left),
    with hands (hidden unless ``show_all`` or it is ``seat``'s), melds, flowers and discard ponds,
    and the last event as a caption."""
    seat = None if seat is None else Seat.of(seat)
    side_w = max(16, int(tile_width * 0.75))
    blk = [_seat_block(table, s, show_all or s is seat, tile_width if s in (Seat.E, Seat.W) else side_w) for s in SEATS]
    reserve = table._reserve() if table.phase != "setup" else 0
    wall = wall_svg(table.wall, width=300, reserve=reserve) if table.wall.order else ""
    last = table.log[-1].text("both") if table.log else ""
    info = []
    if table.wild is not None:
        info.append(f"百搭 wild: {tile_html(table.wild, width=20)} (indicator 指示牌 {table.wild_indicator})")
    info.append(f"{table.rules.zh} {table.rules.en} · {_PHASE.get(table.phase, table.phase)}")
    return (
        '<div class="mjlearn mj-table" style="font-family:system-ui,sans-serif;font-size:13px;'
        "display:grid;grid-template-columns:minmax(250px,320px) 310px minmax(250px,320px);gap:8px;"
        'align-items:start">'
        f'<div style="grid-column:1/4;justify-self:center">{blk[2]}</div>'
        f'<div>{blk[3]}</div><div style="text-align:center">{wall}</div><div>{blk[1]}</div>'
        f'<div style="grid-column:1/4;justify-self:center">{blk[0]}</div>'
        f'<div style="grid-column:1/4">{" · ".join(info)}<br><b>{escape(last)}</b></div></div>'
    )


def outcome_html(table) -> str:
    """The end of a hand as the rule set judged it: for each winner the rule set's result (items,
    total in its unit, payments), then the hand's net payments by seat; or the exhausted wall."""
    if table.phase != "over":
        return f"<p>这一局还没有结束 The hand is not over yet ({escape(_PHASE.get(table.phase, table.phase))}).</p>"
    rs = table.rules
    head = f"<h4 style='margin:4px 0'>{escape(rs.zh)} {escape(rs.en)}</h4>"
    parts = [head]
    for e in table.settlements:  # on-deal 小胡, 查大叫
        parts.append(f"<p>{escape(e.zh)}<br>{escape(e.en)}</p>")
    if not table.winners and not any(any(e.payments) for e in table.settlements):
        return "".join(parts) + "<p>荒牌：没有人和牌，不计分。 The wall is exhausted: nobody won, nothing is paid.</p>"
    if not table.winners:
        parts.append("<p>荒牌：没有人和牌。 The wall is exhausted: nobody won.</p>")
    for w in table.winners:
        parts.append(f"<p><b>{escape(w.zh)}</b><br>{escape(w.en)}</p>")
        if w.result is not None:
            parts.append(w.result._repr_html_())
    pay = table.payments
    cells = "".join(f"<td style='text-align:right;padding:0 8px'>{pay[x.letter]:+g}</td>" for x in SEATS)
    unit = rs.pay_unit
    parts.append(
        f"<table style='margin-top:6px'><tr><th>收付 Payments ({escape(unit[0])} {escape(unit[1])})</th>"
        + "".join(f"<th style='padding:0 8px'>{s.zh} {s.letter}</th>" for s in SEATS)
        + f"</tr><tr><td>本局合计 net this hand</td>{cells}</tr></table>"
    )
    return (
        '<div class="mjlearn mj-outcome" style="font-family:system-ui,sans-serif;font-size:13px">'
        + "".join(parts)
        + "</div>"
    )


def table_text(table, *, show_all: bool = True, seat=None) -> str:
    """The table as plain text (the picture's fallback where HTML is not shown): each seat's tiles
    (hidden unless ``show_all`` or it is ``seat``'s), melds, flowers and discards, then the last event."""
    seat = None if seat is None else Seat.of(seat)
    lines = [f"{table.rules.zh} {table.rules.en} · {_PHASE.get(table.phase, table.phase)}"]
    if table.wild is not None:
        lines.append(f"百搭 wild: {table.wild} ({table.wild.zh})")
    for s in SEATS:
        held = (
            table.hand_of(s)
            if show_all or s is seat
            else "".join(str(m) for m in table.melds[s]) + " ▮" * sum(table.hands[s][:42])
        )
        pond = " ".join(str(t) for t, _ in table.ponds[s])
        lines.append(
            f"{s.player_zh} {s.en}{' (庄 dealer)' if s is Seat.E else ''}: {held.strip()}"
            + (f" · 牌池 discards: {pond}" if pond else "")
        )
    if table.log:
        lines.append(table.log[-1].text("both"))
    return "\n".join(lines)


def outcome_text(table) -> str:
    """The end of a hand as plain text: the settlements, each win with its patterns, the net payments."""
    if table.phase != "over":
        return "这一局还没有结束 The hand is not over yet."
    lines = [f"{table.rules.zh} {table.rules.en}"]
    lines += [f"{e.zh}  {e.en}" for e in table.settlements]
    if not table.winners:
        lines.append("荒牌：没有人和牌。 The wall is exhausted: nobody won.")
    for w in table.winners:
        lines.append(f"{w.zh}  {w.en}")
        lines += [f"  {i.zh} {i.en}: {i.value}" + (f" × {i.count}" if i.count != 1 else "") for i in w.items]
    unit = table.rules.pay_unit
    lines.append(
        f"收付 Payments ({unit[0]} {unit[1]}): "
        + ", ".join(f"{s.zh} {s.letter} {table.payments[s.letter]:+g}" for s in SEATS)
    )
    return "\n".join(lines)


_PHASE = {
    "setup": "发牌中 dealing",
    "draw": "摸牌 draw",
    "discard": "打牌 discard",
    "claim": "吃碰杠和 claims",
    "rob": "抢杠 robbing the kong",
    "over": "结束 over",
}


# --- the log -----------------------------------------------------------------------------------


def log_text(log, lang: str = "both", *, start: int = 0) -> str:
    """The events as numbered lines in ``"zh"``, ``"en"`` or ``"both"``."""
    return "\n".join(f"{k:3d}. {e.text(lang)}" for k, e in enumerate(log, start + 1))


def log_html(log, lang: str = "both") -> str:
    """The events as an HTML list (actions in bold)."""
    items = []
    for e in log:
        txt = escape(e.text(lang))
        items.append(f"<li>{'<b>' + txt + '</b>' if e.is_action else txt}</li>")
    return f'<ol class="mjlearn mj-log" tabindex="0" aria-label="牌局记录 Log of the hand" style="font-size:13px;max-height:420px;overflow:auto">{"".join(items)}</ol>'


class WallView:
    """A wall to display in a notebook (``_repr_html_``)."""

    def __init__(self, wall, reserve: int = 0):
        self.wall, self.reserve = wall, reserve

    def _repr_html_(self) -> str:
        return wall_html(self.wall, reserve=self.reserve)

    def _repr_pretty_(self, p, cycle) -> None:
        w = self.wall
        broken = (
            f", 在{w.break_owner.player_zh}的牌墙第{w.break_k}墩后开牌 broken after stack {w.break_k} of "
            f"{w.break_owner.en}'s wall"
            if w.break_owner is not None
            else ""
        )
        p.text(f"牌墙 The wall: {len(w)} 张 tiles, {w.remaining} 张 left{broken}")

    def __repr__(self) -> str:
        return repr(self.wall)


class TableView:
    """A table to display, with the hands shown or hidden."""

    def __init__(self, table, *, show_all: bool = True, seat=None):
        self.table, self.show_all, self.seat = table, show_all, seat

    def _repr_html_(self) -> str:
        return table_html(self.table, show_all=self.show_all, seat=self.seat)

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(table_text(self.table, show_all=self.show_all, seat=self.seat))


class OutcomeView:
    """The end of a hand to display: the rule set's result for each win and the payments."""

    def __init__(self, table):
        self.table = table

    def _repr_html_(self) -> str:
        return outcome_html(self.table)

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(outcome_text(self.table))

    def __str__(self) -> str:
        return outcome_text(self.table)

    def __repr__(self) -> str:
        return repr(self.table)


class EventLog:
    """An event log to read: ``str`` gives numbered lines, ``_repr_html_`` a list."""

    def __init__(self, log, lang: str = "both"):
        self.log, self.lang = list(log), lang

    def __str__(self) -> str:
        return log_text(self.log, self.lang)

    def __repr__(self) -> str:
        return f"<EventLog of {len(self.log)} events>"

    def __len__(self) -> int:
        return len(self.log)

    @property
    def rules(self):
        """The rule set of the hand, as its first event names it (``WallBuilt(rules='mcr')``), or
        None (a log that does not start with the wall, a name no longer registered)."""
        name = getattr(self.log[0], "rules", None) if self.log else None
        if not isinstance(name, str):
            return None
        try:
            return get_rules(name)
        except (KeyError, ValueError):
            return None

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(log_text(self.log, self.lang))

    def _repr_html_(self) -> str:
        return log_html(self.log, self.lang)
