"""What happened at the play table, drawn from a :class:`~mjlearn.widgets.play.PlayTable`'s state: the
seats' players and running scores in words, whose claim or win took the tile the learner claimed, and the
end of the hand (the rule set's verdict, the winning hand, its items and total, how it was paid, the
payments and the review). Nothing here changes the state."""

from __future__ import annotations

from ..mcr.profiles import PROFILES
from ..seats import SEATS, Seat
from ..table.events import BirdTurnedUp, Chowed, Declared, Discarded, Konged, OnDealWin, Punged, Won
from ._base import B, esc, tile_tag
from ._words import (
    _CALL_EN,
    _CALL_ZH,
    _amount,
    _glossed,
    _hand_tiles,
    _powers,
    _unit_en,
)
from .review import (
    review_html,
)

__all__ = ["on_deal_html", "seat_score"]


def seat_score(pt, s: Seat):
    """The running score of the player in seat ``s`` of this hand."""
    return pt.session.scores[(int(s) + int(pt._dealer)) % 4]


def _who_words(pt, s: Seat) -> tuple[str, str]:
    """A seat's player in words (zh, en): 西家 / West, 北家（你）/ North (you)."""
    return (s.player_zh + ("（你）" if s == pt.me else ""), s.en + (" (you)" if s == pt.me else ""))


def _rules_words(rs) -> tuple[str, str]:
    """A rule set's name for learners (zh, en): the plainer name its description gives for pickers,
    else its own."""
    return (rs.about.short if rs.about is not None else None) or (rs.zh, rs.en)


def _overruled(pt) -> tuple[str, str] | None:
    """The learner's last claim when another player's claim or win took the tile instead (zh, en):
    a win comes before a pung, kong or chow; a pung or kong before a chow; between two wins, the
    player nearer in turn (or the robbing of the learner's added kong)."""
    tb, me = pt.table, pt.me
    log = tb.log
    k = len(log) - 1
    while k >= 0 and not (isinstance(log[k], (Declared, Discarded)) and log[k].seat == me):
        k -= 1
    if k < 0 or not isinstance(log[k], Declared) or log[k].action not in ("chow", "pung", "kong", "win"):
        return None
    mine = log[k].action
    for e in log[k + 1 :]:
        if isinstance(e, (Won, Chowed, Punged, Konged)):
            if e.seat == me or (isinstance(e, Konged) and e.kind != "melded"):
                return None
            x, (wz, we) = e.tile, _who_words(pt, e.seat)
            (az, ae) = (_CALL_ZH[mine], _CALL_EN[mine])
            if isinstance(e, Won) and mine == "kong" and e.win_context.kong:
                return (
                    f"{wz}抢杠和：你加杠的{x.zh}正是他要和的牌，所以你的杠没有成。",
                    f"{we} robbed your kong: your added {x.en} was the tile he needed to win, so your kong "
                    f"did not happen.",
                )
            if isinstance(e, Won) and mine == "win":
                return (
                    f"{wz}也和这张{x.zh}，而且按出牌顺序离打牌的人更近：近的先和，所以这次是他和。",
                    f"{we} also won on this {x.en} and sits nearer in turn to the discarder: the nearer "
                    f"player's win comes first.",
                )
            if isinstance(e, Won):
                return (
                    f"{wz}和了这张{x.zh}：和牌优先于{az}，所以你的{az}没有成。",
                    f"{we} won on this tile ({x.en}); a win comes before a {ae}, so your {ae} did not happen.",
                )
            oz, oe = (
                ("碰", "pung") if isinstance(e, Punged) else ("杠", "kong") if isinstance(e, Konged) else ("吃", "chow")
            )
            return (
                f"{wz}{oz}了这张{x.zh}：{oz}优先于{az}，所以你的{az}没有成。",
                f"{we} made a {oe} with this tile ({x.en}); a {oe} comes before a {ae}, so your {ae} did not happen.",
            )
        if isinstance(e, Discarded):
            return None
    return None


def _overruled_html(pt) -> str:
    o = _overruled(pt)
    return f'<div class="mj-notice" data-overruled="1">{esc(B(*o))}</div>' if o else ""


def _in_progress() -> str:
    return f'<div class="mj-note">{esc(B("这一局还在进行：结束后这里显示结果、收付和复盘。", "The hand is in progress: the result, the payments and the review appear here when it ends."))}</div>'


def _hand_value(pt, n, unit) -> tuple[str, str]:
    """A winning hand's value (zh, en): under MCR in 番 like the glossary and the MCR lessons."""
    zh, en = _amount(n, unit)
    return (f"{n:g} 番", en) if pt.table.rules.name in PROFILES else (zh, en)


def _win_words(pt, w) -> tuple[str, str]:
    """A win in words (zh, en): who won, how, on which tile, and its total in the rule set's unit."""
    (wz, we), x = _who_words(pt, w.seat), w.tile
    verb = "win" if w.seat == pt.me else "wins"
    if w.self_drawn:
        zh = f"{wz}{'杠上开花' if w.kong else '自摸'}{x.zh}和牌"
        en = f"{we} {verb} by self-draw{' on a kong replacement' if w.kong else ''} with {x.en}"
    else:
        fz, fe = _who_words(pt, w.from_seat)
        fe = "your" if w.from_seat == pt.me else f"{fe}'s"
        if w.kong:
            zh, en = f"{wz}抢{fz}的杠（{x.zh}）和牌", f"{we} {verb} by robbing {fe} kong of {x.en}"
        else:
            zh, en = f"{wz}和{fz}打出的{x.zh}", f"{we} {verb} on {fe} discard of {x.en}"
    if w.points is not None:
        az, ae = _hand_value(pt, w.points, w.unit)
        zh, en = f"{zh}：{az}", f"{en}: {ae}"
    return zh + "。", en + "."


def _pay_words(pt, w) -> tuple[str, str] | None:
    """How this win was paid (zh, en), from the rule set's payments: who paid the winner how much,
    and why (the base and the hand's points, or the rule set's own arithmetic)."""
    r = w.result
    to = w.seat.letter
    paid: dict = {}
    if r is not None and getattr(r, "transfers", None):
        for p, q, a, _ in r.transfers:
            if q == to:
                paid[p] = paid.get(p, 0) + a
    else:
        for x, v in zip(SEATS, w.payments):
            if v < 0:
                paid[x.letter] = -v
    if not paid:
        return None
    name = lambda s: _who_words(pt, Seat.of(s))
    disc = w.from_seat.letter if w.from_seat is not None else None
    others = sorted(v for s, v in paid.items() if s != disc)
    if (
        disc in paid
        and len(paid) == 3
        and w.points
        and others[0] == others[-1] > 0
        and abs(paid[disc] - others[0] - w.points) < 1e-9
    ):
        b, pts, dz, de = others[0], w.points, *name(disc)
        zh = (
            f"每家先付底分 {b:g}；{dz}打出了和牌的那张，另付这手牌的 {_amount(pts, w.unit)[0]}：{b:g} + {pts:g} = {paid[disc]:g}。"
            f"{_who_words(pt, w.seat)[0]}一共收 {sum(paid.values()):g}。"
        )
        en = (
            f"Each of the three others pays the base {b:g}; {de}, who discarded the winning tile, also pays "
            f"the hand's {_amount(pts, w.unit)[1]}: {b:g} + {pts:g} = {paid[disc]:g}. "
            f"{_who_words(pt, w.seat)[1]} collects {sum(paid.values()):g} in all."
        )
        return zh, en
    groups: dict = {}
    for s in "ESWN":
        if s in paid:
            groups.setdefault(paid[s], []).append(s)
    zparts, eparts = [], []
    for v, ss in groups.items():
        zs = "、".join(name(s)[0] for s in ss)
        es = " and ".join(name(s)[1] for s in ss)
        dz, de = ("点炮，", ", the discarder,") if disc in ss else ("", "")
        zparts.append(f"{zs}{dz}{'各' if len(ss) > 1 else ''}付 {v:g}")
        eparts.append(f"{es}{de} pay{'s' if len(ss) == 1 else ''} {v:g}{' each' if len(ss) > 1 else ''}")
    zh = "；".join(zparts) + "。"
    en = "; ".join(eparts) + "."
    en = en[0].upper() + en[1:]
    steps = r.ruleset.settlement_steps(r)[1:] if r is not None and getattr(r, "legal", False) else ()
    steps = [_powers(z, e) for z, e in steps]
    if steps:
        zh += " " + "；".join(z for z, _ in steps) + "。"
        en += " " + "; ".join(e[0].upper() + e[1:] for _, e in steps) + "."
    return zh, en


def _bird_words(pt, w) -> tuple[str, str] | None:
    """Which seat the bird (扎鸟 / 抓鸟) turned up after this win landed on, and what that does (zh, en),
    by the rule set's own count (Changsha: its number counted round from the dealer or the winner)."""
    bird = next((e.tile for e in reversed(pt.table.log) if isinstance(e, BirdTurnedUp)), None)
    find = getattr(pt.table.rules, "bird_seat", None)
    if bird is None or find is None:
        return None
    ctx = dict(w.rule_context)
    landed = find(bird, ctx)
    if landed is None:
        return None
    seat = Seat.of(landed)
    start = Seat.of(ctx["dealer"] if pt.table.rules.opt("bird_origin") == "dealer" else ctx["winner"])
    hz, he = _who_words(pt, seat)
    sz, se = ("庄家", "the dealer") if pt.table.rules.opt("bird_origin") == "dealer" else ("和牌的人", "the winner")
    sz, se = f"{sz}{start.player_zh}", f"{se} ({start.en})"
    if seat == w.seat:
        what = ("鸟落在和牌的人身上：他收的每一笔都加倍。", "it lands on the winner: every payment to him is doubled.")
    elif w.payments[int(seat)] < 0:
        what = (f"鸟落在{hz}：{hz}付给和牌的人的钱加倍。", f"it lands on {he}: what {he} pays the winner is doubled.")
    else:
        what = (
            f"鸟落在{hz}：{hz}这次不用付钱，所以鸟不改变收付。",
            f"it lands on {he}, who pays nothing for this win, so the bird changes nothing.",
        )
    return (
        f"鸟牌是{bird.zh}：从{sz}数起数 {bird.rank}，{what[0]}",
        f"The bird is {bird.en}: counting {bird.rank} round from {se}, {what[1]}",
    )


def _zero_words(w) -> tuple[str, str] | None:
    """Why a win worth 0 (no counted fans) is paid all the same (zh, en), from the rule set's settlement."""
    r = w.result
    if w.points != 0 or not any(w.payments) or r is None:
        return None
    steps = [_powers(z, e) for z, e in (r.ruleset.settlement_steps(r) if getattr(r, "legal", False) else ())]
    zh = "这手牌一个番也没有，但在这套规则里仍然是合法的和牌，照样收钱"
    en = "This hand has no fan, but under these rules it is still a legal win and is paid all the same"
    if steps:
        zh += "：" + "；".join(z for z, _ in steps)
        en += ": " + "; ".join(e for _, e in steps)
    return zh + "。", en + "."


def on_deal_html(pt) -> str:
    """The on-deal wins (Changsha 起手小胡) declared so far in this hand, each as a notice the moment it
    is declared: who, which patterns, what the learner paid or received, and that the hand goes on."""
    out = []
    for e in pt.table.settlements:
        if not isinstance(e, OnDealWin):
            continue
        wz, we = _who_words(pt, e.seat)
        mine = e.payments[int(pt.me)]
        items_zh = "、".join(i.zh for i in e.items)
        items_en = ", ".join(f"{i.en} {i.zh}" for i in e.items)
        if e.seat == pt.me:
            pz, pe = f"你收 {mine:+g}", f"you receive {mine:+g}"
        else:
            pz, pe = f"你付 {-mine:g}", f"you pay {-mine:g}"
        out.append(
            f'<div class="mj-notice" data-on-deal="{e.seat.letter}">'
            + esc(
                B(
                    f"{wz}起手小胡（{items_zh}）：亮牌，当场收钱，{pz}。这一局照常继续。",
                    f"{we} declared an on-deal win (起手小胡: {items_en}) and was paid at once; {pe}. "
                    f"The hand goes on.",
                )
            )
            + "</div>"
        )
    return "".join(out)


def _settlement_html(pt, e, live: bool) -> str:
    """A settlement outside the wins on the end screen: an on-deal win (起手小胡) in words, its tiles
    drawn and each seat's amount named; another (查大叫) as the table says it."""
    if not isinstance(e, OnDealWin):
        return f"<div>{esc(B(e.zh, e.en))}</div>"
    wz, we = _who_words(pt, e.seat)
    pays = [(_who_words(pt, x), v) for x, v in zip(SEATS, e.payments) if v]
    zh = (
        f"{wz}起手小胡（{'、'.join(i.zh for i in e.items)}），按小胡自摸收钱："
        + "，".join(f"{n[0]} {v:+g}" for n, v in pays)
        + "。"
    )
    en = (
        f"{we} declared an on-deal win ({', '.join(f'{i.en} {i.zh}' for i in e.items)}), paid as a small "
        "self-drawn win: " + ", ".join(f"{n[1]} {v:+g}" for n, v in pays) + "."
    )
    tiles = "".join(tile_tag(x, live=live, width=22) for x in e.tiles)
    return f'<div data-on-deal-end="{e.seat.letter}">{esc(B(zh, en))}<div class="mj-row">{tiles}</div></div>'


def _end(pt, live: bool) -> str:
    tb = pt.table
    rs = tb.rules
    parts = [f'<div class="mj-box" data-end="1"><b>{esc(B(*_rules_words(rs)))}</b>']
    if not pt.coach_on:
        parts.append(_overruled_html(pt))
    for e in tb.settlements:
        parts.append(_settlement_html(pt, e, live))
    if not tb.winners:
        parts.append(
            f'<div data-verdict="drawn">{esc(B("荒牌：没有人和牌。", "The wall is exhausted: nobody won."))}</div>'
        )
    for w in tb.winners:
        legal = getattr(w.result, "legal", True) if w.result is not None else True
        parts.append(
            f'<div data-verdict="{"legal" if legal else "illegal"}" data-winner="{w.seat.letter}">'
            f'<span class="mj-good">{esc(B("合法的和牌", "a legal win"))}</span> · {esc(B(*_win_words(pt, w)))}</div>'
        )
        parts.append(f'<div data-hand="{w.seat.letter}">{_hand_tiles(str(w.hand), live, 30, flowers=True)}</div>')
        rows = "".join(
            f"<tr><td>{esc(B(i.zh, i.en))}</td><td>{i.value:g}"
            f"{f' × {i.count}' if getattr(i, 'count', 1) != 1 else ''}</td></tr>"
            for i in w.items
        )
        unit = w.unit if getattr(w, "unit", None) else rs.pay_unit
        parts.append(
            f'<table class="mj-rev">{rows}<tr><th>{esc(B("合计", "total"))}</th>'
            f'<th data-total="{w.points}">{esc(B(*_hand_value(pt, w.points, unit))) if w.points is not None else ""}'
            f"</th></tr></table>"
        )
        pw = _pay_words(pt, w)
        if pw:
            parts.append(f'<div data-paid="{w.seat.letter}">{esc(B("怎么付", "How it is paid"))}: {esc(B(*pw))}</div>')
        zero = _zero_words(w)
        if zero:
            parts.append(f'<div class="mj-note" data-zero="{w.seat.letter}">{esc(B(*zero))}</div>')
        bird = _bird_words(pt, w)
        if bird:
            parts.append(f'<div data-bird="{w.seat.letter}">{esc(B(*bird))}</div>')
    pay = tb.payments
    uz, ue = rs.pay_unit[0], _unit_en(rs.pay_unit[1], 2)
    cells = "".join(f'<td data-pay="{x.letter}">{pay[x.letter]:+g}</td>' for x in SEATS)
    heads = "".join(f'<th style="white-space:nowrap">{esc(B(*_who_words(pt, x)))}</th>' for x in SEATS)
    parts.append(
        f'<div style="overflow-x:auto"><table class="mj-rev" data-payments="1"><tr><th>'
        f"{esc(B('收付', 'payments'))} ({esc(B(uz, ue))})</th>{heads}</tr>"
        f"<tr><td>{esc(B('本局', 'this hand'))}</td>{cells}</tr>"
        f"<tr><td>{esc(B('累计', 'running score'))}</td>"
        + "".join(f'<td data-running="{x.letter}">{seat_score(pt, x):+g}</td>' for x in SEATS)
        + "</tr></table></div>"
    )
    mine = seat_score(pt, pt.me)
    parts.append(
        f'<div data-yours="{mine:+g}">{esc(B(f"你这一局坐{pt.me.player_zh}，你的累计分数：{mine:+g}。", f"You sat {pt.me.en} in this hand; your running score: {mine:+g}."))}</div>'
    )
    if live:
        parts.append(
            f'<div class="mj-acts"><button class="mj-chip mj-on" data-act="next">'
            f"{esc(B('下一局', 'next hand'))}</button></div>"
        )
    parts.append("</div>")
    at = pt.review_at if pt.review_at >= 0 else None
    review = review_html(pt.record(), live=live, at=at)
    return "".join(parts) + (_glossed(review) if live else review)
