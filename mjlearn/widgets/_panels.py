"""HTML of the panels the widgets share: the result panel, the fan breakdown, waits, advice.

Pure functions of engine results; ``live`` picks placeholders the front end fills with tile
art (live widget) or inline SVG (the static fallback).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import i18n
from ..analysis import discard_advice, shanten, waits
from ..hand import Hand
from ..mcr.result import ScoreResult
from ..render import svg
from ..rules.result import RegionalResult
from ..rules.steps import zero_pays
from ..scoring import score
from ..shapes import is_winning
from ._base import B, L, esc, tile_tag
from ._ctx import seat_label


def i18n_lang() -> str:
    return i18n.get_language()


@dataclass
class Result:
    html: str
    total: int = -1


def header(title: str, live: bool) -> str:
    toggle = '<button class="mj-chip mj-lang" data-act="lang" title="中文 / English">中 / EN</button>' if live else ""
    return f'<div class="mj-head"><span class="mj-title">{esc(title)}</span>{toggle}</div>'


# --- waits and shanten ------------------------------------------------------------------------


def shanten_line(hand: Hand) -> str:
    n = shanten(hand)
    if n < 0:
        text = B("和了", "complete")
    elif n == 0:
        text = B("听牌", "ready")
    else:
        text = B(
            f"{n} 向听：离听牌还差 {n} 步（每步换进一张有用的牌）",
            f"{n}-shanten: {n} step{'s' if n > 1 else ''} from ready (each step one useful tile drawn)",
        )
    return f'<div class="mj-shanten" data-shanten="{n}"><b>{esc(B("向听数", "Shanten"))}</b> {esc(text)}</div>'


@dataclass
class WaitVerdict:
    """Whether winning on one wait is a legal win under the chosen rules, and what it is worth."""

    legal: bool
    label: str
    """Short words under the tile: ``12 番`` / ``4 番 ✗`` (both languages in the title)."""
    title: str


def wait_verdicts(hand: Hand, ws, rules: str = "mcr", context: dict | None = None) -> dict:
    """Each wait scored by the engine as the winning tile (with the editor's context): MCR needs
    8 points; a regional rule set says legal or not. Tile -> :class:`WaitVerdict`."""
    out = {}
    for w in ws:
        won = Hand(hand.melds, hand.concealed, w, hand.flowers)
        try:
            res = score(won, rules, **(context or {}))
        except ValueError as e:
            out[w] = WaitVerdict(False, "✗", str(e))
            continue
        if isinstance(res, RegionalResult):
            unit = res.ruleset.unit
            if res.legal:
                out[w] = WaitVerdict(
                    True,
                    f"{res.total:g}" if isinstance(res.total, (int, float)) else str(res.total),
                    B(f"和 {w} 合法：{res.total} {unit[0]}", f"winning on {w} is legal: {res.total} {unit[1]}"),
                )
            else:
                zh, en = res.reason or ("", "")
                out[w] = WaitVerdict(False, "✗", B(f"和 {w} 不合法：{zh}", f"winning on {w} is not legal: {en}"))
            continue
        ok = res.meets_minimum
        out[w] = WaitVerdict(
            ok,
            f"{res.total}{'' if ok else ' ✗'}",
            B(
                f"和 {w}：{res.total} 番，{'够' if ok else '不够'} 8 番起和",
                f"winning on {w}: {res.total} points, {'meets' if ok else 'below'} the 8-point minimum",
            ),
        )
    return out


def waits_html(hand: Hand, live: bool, visible=None, verdicts: dict | None = None, mcr: bool = True) -> str:
    """The winning tiles of a 13-tile hand with the copies of each still unseen; with ``verdicts``
    (:func:`wait_verdicts`) each wait also says whether it makes a legal win and what it scores."""
    ws = list(waits(hand))
    if not ws:
        return f'<div class="mj-waits mj-none">{esc(B("没有听牌张", "No tile completes this hand yet"))}</div>'
    seen = list(hand.all_counts)
    if visible is not None:
        for i, n in enumerate(visible[:34]):
            seen[i] += n
    items, total = [], 0
    for w in ws:
        left = max(0, 4 - seen[w.index])
        total += left
        v = verdicts.get(w) if verdicts else None
        mark = title = ""
        if v is not None:
            mark = (
                f'<span class="mj-wait-pts {"mj-ok" if v.legal else "mj-bad"}" data-legal="{str(v.legal).lower()}">'
                f"{esc(v.label)}</span>"
            )
            title = f' title="{esc(v.title)}"'
        cls = (" mj-dead" if left == 0 else "") + (" mj-nowin" if v is not None and not v.legal else "")
        items.append(
            f'<span class="mj-wait{cls}" data-wait="{w}"{title}>'
            f'{tile_tag(w, live=live, width=30)}<span class="mj-count">×{left}</span>{mark}</span>'
        )
    head = B(
        f"听 {len(ws)} 种，共 {total} 张",
        f"Waits: {len(ws)} kind{'s' if len(ws) != 1 else ''}, {total} tile{'s' if total != 1 else ''} left",
    )
    note = ""
    if verdicts:
        good = [w for w in ws if verdicts.get(w) is not None and verdicts[w].legal]
        if mcr:
            words = (
                (
                    "和哪一张都不够 8 番起和：这手牌听牌，但还不能和",
                    "no wait reaches the 8-point minimum: the hand is ready but cannot win yet",
                )
                if not good
                else (
                    f"够 8 番的听牌张：{' '.join(map(str, good))}（数字是和这张的番数）",
                    f"waits that reach 8 points: {' '.join(map(str, good))} (the number is the points "
                    "of a win on that tile)",
                )
            )
        else:
            words = (
                ("按这套规则，和哪一张都不合法", "under these rules no wait makes a legal win")
                if not good
                else (
                    f"能合法和的听牌张：{' '.join(map(str, good))}（数字是和这张的得分）",
                    f"waits that make a legal win: {' '.join(map(str, good))} (the number is what a win "
                    "on that tile scores)",
                )
            )
        note = (
            f'<div class="mj-note {"mj-ok" if good else "mj-bad"}" data-legal-waits="{" ".join(map(str, good))}">'
            f"{esc(B(*words))}</div>"
        )
    return (
        f'<div class="mj-waits" data-waits="{" ".join(map(str, ws))}"><div class="mj-lbl">{esc(head)}'
        f'</div><div class="mj-wait-row">{"".join(items)}</div>{note}</div>'
    )


def steps_text(sh: int) -> str:
    """A shanten number in words: how far the hand is from ready (waiting to win)."""
    if sh < 0:
        return L("和了", "complete")
    if sh == 0:
        return L("听牌", "ready")
    return L(f"差 {sh} 步听牌", f"{sh} step{'s' if sh > 1 else ''} from ready")


def advice_bar_widths(rows) -> list[float]:
    """Bar lengths (percent) that rank the discards best first: the fewest steps from ready wins,
    then the most live useful tiles. Discards one step further from ready get bars at most half
    as long, so the best discard always has the longest bar."""
    if not rows:
        return []
    best_sh = min(r[1] for r in rows)
    top: dict[int, int] = {}
    for _, sh, useful, _k in rows:
        top[sh] = max(top.get(sh, 0), useful)
    return [
        100 / 2 ** (sh - best_sh) * (0.5 + 0.5 * (useful / top[sh] if top[sh] else 1)) for _, sh, useful, _k in rows
    ]


def advice_html(hand: Hand, live: bool) -> str:
    """Discard advice as a bar chart: the longer the bar, the better the discard."""
    rows = sorted(
        ((o.discard, o.shanten, o.live, o.useful_tiles) for o in discard_advice(hand)), key=lambda r: (r[1], -r[2])
    )
    if not rows:
        return ""
    key = B(
        "每一行：打出这张牌以后，离听牌（只差一张就和）还差几步（向听数），以及还有几张没见到的牌能让这手牌"
        "更进一步。条越长，这张打得越好。",
        "Each row: after discarding this tile, how many steps the hand is from ready (one tile away "
        "from winning; the steps are called shanten, 向听), and how many unseen tiles would bring it "
        "a step closer. The longer the bar, the better the discard.",
    )
    out = [
        f'<div class="mj-advice"><div class="mj-lbl">{esc(B("打牌建议", "Discard advice"))}</div>',
        f'<div class="mj-note mj-advice-key">{esc(key)}</div>',
    ]
    for (tl, sh, useful, kinds), pct in zip(rows, advice_bar_widths(rows)):
        detail = ""
        if kinds:
            names = " ".join(str(k) for k in kinds)
            detail = B(f"有用的牌：{names}", f"useful tiles: {names}")
        n_text = L(f"{useful} 张有用", f"{useful} useful tile{'s' if useful != 1 else ''}")
        out.append(
            f'<div class="mj-bar-row" title="{esc(detail)}" data-shanten="{sh}" data-useful="{useful}">'
            f"{tile_tag(tl, live=live, width=24)}"
            f'<span class="mj-bar-sh">{esc(steps_text(sh))}</span>'
            f'<span class="mj-bar"><span style="width:{pct:.0f}%"></span></span>'
            f'<span class="mj-bar-n">{esc(n_text)}</span></div>'
        )
    out.append("</div>")
    return "".join(out)


# --- fans -----------------------------------------------------------------------------------


def fan_positions(hand: Hand, fan) -> list[int]:
    """Positions (``data-i`` in the hand picture) of the tiles that make a fan."""
    tiles = []
    parts = []

    def flat(x):  # parts may come grouped, one group per time the fan counts
        for y in x:
            if isinstance(y, (tuple, list)):
                flat(y)
            else:
                parts.append(y)

    flat(fan.parts)
    for p in parts:
        if p.meld is not None:
            tiles.append(("meld", p.meld))
        else:
            tiles.extend(("tile", x) for x in p.tiles)
    pos: list = []
    used: set = set()
    start = {}
    i = 0
    for k, m in enumerate(hand.melds):
        start[k] = i
        i += len(m.tiles)
    loose = list(enumerate(list(hand.concealed) + ([hand.win_tile] if hand.win_tile else []), start=i))
    for what, x in tiles:
        if what == "meld":
            for k, m in enumerate(hand.melds):
                if m == x and start[k] not in used:
                    span = range(start[k], start[k] + len(m.tiles))
                    pos.extend(span)
                    used.update(span)
                    break
        else:
            for p, tl in reversed(loose) if x == hand.win_tile else loose:
                if tl == x and p not in used:
                    pos.append(p)
                    used.add(p)
                    break
    return sorted(pos)


def _fan_head(name, each, total) -> str:
    """The fan table's column heads, each (Chinese, English): a number column says what it counts."""
    cells = [f'<th class="mj-fan-name">{esc(B(*name))}</th>']
    cells += [f'<th class="mj-pts">{esc(B(*h))}</th>' for h in (each, total)]
    return f'<thead><tr class="mj-fan-head">{"".join(cells)}</tr></thead>'


def fans_html(hand: Hand, result: ScoreResult, live: bool) -> str:
    """The fan table of an MCR result; hovering a row lights up that fan's tiles."""
    out = [
        f'<div class="mj-fans" data-hlscope="1"><div class="mj-fan-hand">{svg.hand_svg(hand, width=23)}</div>',
        '<table class="mj-fan-table">' + _fan_head(("番种", "fan"), ("每个", "each"), ("合计", "total")) + "<tbody>",
    ]
    for f in result.fans:
        pos = fan_positions(hand, f)
        times = f" ×{f.count}" if f.count > 1 else ""
        out.append(
            f'<tr class="mj-fan" data-hl="{" ".join(map(str, pos))}" data-fan="{esc(f.en)}">'
            f'<td class="mj-fan-name"><b>{esc(L(f.zh, f.en))}</b> '
            f'<span class="mj-sub">{esc(L(f.en, f.zh))}</span></td>'
            f'<td class="mj-pts">{f.points}{times}</td><td class="mj-pts">{f.total}</td></tr>'
        )
    out.append("</tbody></table>")
    if result.excluded:
        out.append(
            f'<details class="mj-excl"><summary>{esc(B("不计的番", "Fans not counted"))} '
            f"({len(result.excluded)})</summary><ul>"
        )
        for x in result.excluded:
            tiles = f' <span class="mj-sub">{esc(x.tiles_text)}</span>' if x.tiles_text else ""
            out.append(
                f'<li data-excluded="{esc(x.fan.en)}"><b>{esc(B(x.fan.zh, x.fan.en))}</b>{tiles} — '
                f"{esc(x.reason(i18n_lang()))}</li>"
            )
        out.append("</ul></details>")
    out.append("</div>")
    return "".join(out)


def score_html(hand: Hand, result: ScoreResult | RegionalResult, live: bool) -> tuple[str, int]:
    """The total and the breakdown of a result: MCR fans, or a regional rule set's verdict."""
    if isinstance(result, RegionalResult):
        return regional_html(hand, result, live)
    total = result.total
    ok = (
        f'<span class="mj-ok">{esc(B("够 8 番起和", "meets the 8-point minimum"))}</span>'
        if result.meets_minimum
        else f'<span class="mj-bad">{esc(B("不够 8 番起和", "below the 8-point minimum"))}</span>'
    )
    head = (
        f'<div class="mj-total"><span class="mj-total-n" data-total="{total}">{total}</span> '
        f"{esc(B('番', 'points'))} {ok}</div>"
    )
    return head + fans_html(hand, result, live), total


# --- the editor's result panel --------------------------------------------------------------


def result_panel(state, live: bool) -> Result:
    n = state.tile_count()
    title = f'<div class="mj-res-title">{esc(B("结果", "Result"))}</div>'
    if n < 13:
        need = 13 - n
        msg = B(
            f"再加 {need} 张牌（共 13 张看听牌，14 张算番）",
            f"Add {need} more tile{'s' if need > 1 else ''}: 13 tiles show the waits, 14 are scored",
        )
        return Result(f'{title}<div class="mj-note">{esc(msg)}</div>')
    try:
        hand = state.hand()
    except ValueError as e:
        return Result(f'{title}<div class="mj-error">{esc(e)}</div>')
    if n == 13:
        ws = list(waits(hand))
        verdicts = wait_verdicts(hand, ws, state.rules, state.score_context()) if ws else None
        return Result(
            title + shanten_line(hand) + waits_html(hand, live, verdicts=verdicts, mcr=state.ruleset() is None)
        )
    if hand.win_tile is not None and state.rules != "mcr":
        # a regional rule set judges the hand itself: wilds can complete it, and an incomplete
        # hand comes back as "not legal" with the rule set's reason
        try:
            res = score(hand, state.rules, **state.score_context())
        except ValueError as e:  # unknown tiles for the variant, a bad context value
            return Result(title + f'<div class="mj-error">{esc(e)}</div>')
        body, total = score_html(hand, res, live)  # an MCR profile's result: the MCR fan path
        return Result(title + body, total)
    if hand.win_tile is None:
        return Result(
            title
            + f'<div class="mj-note">{esc(B("14 张：打一张（见下），或用 + 写出和牌张", "14 tiles: discard one (see below), or write the winning tile after +"))}</div>'
            + shanten_line(hand)
            + advice_html(hand, live)
        )
    if not is_winning(hand):
        return Result(
            title
            + f'<div class="mj-bad">{esc(B("还没和：这 14 张不成和牌型", "Not a winning hand: these 14 tiles make no winning form"))}</div>'
            + shanten_line(hand)
            + advice_html(hand, live)
        )
    rules = state.rules
    try:
        res = score(hand, rules, **state.score_context())
    except ValueError as e:  # the rule set says why it cannot score this hand
        return Result(title + f'<div class="mj-error">{esc(e)}</div>')
    body, total = score_html(hand, res, live)
    return Result(title + body, total)


# --- a regional rule set's verdict ------------------------------------------------------------


def _int_total(total) -> int:
    if isinstance(total, bool) or not isinstance(total, (int, float)):
        return -1
    return int(total) if float(total).is_integer() else -1


def payments_html(payments: dict, context=None) -> str:
    """The four seats' net amounts, each marked winner / dealer / discarder."""
    ctx = context or {}
    marks: dict[str, list] = {}
    for key, zh, en in (("winner", "和", "won"), ("dealer", "庄", "dealer"), ("discarder", "炮", "discarded")):
        s = ctx.get(key)
        if s and not (key == "discarder" and ctx.get("self_drawn")):
            marks.setdefault(s, []).append(B(zh, en))
    cells = []
    for s in ("E", "S", "W", "N"):
        v = payments.get(s, 0)
        cls = "mj-plus" if v > 0 else "mj-minus" if v < 0 else "mj-zero"
        tag = f'<span class="mj-sub">{esc(" · ".join(marks.get(s, [])))}</span>' if s in marks else ""
        cells.append(
            f'<td class="mj-pay {cls}" data-seat="{s}" data-pay="{v:g}">'
            f'<div class="mj-pay-seat">{esc(seat_label(s))}</div>'
            f'<div class="mj-pay-n">{v:+g}</div>{tag}</td>'
        )
    return (
        f'<div class="mj-lbl">{esc(B("收付", "Payments"))}</div>'
        f'<table class="mj-pays"><tr>{"".join(cells)}</tr></table>'
    )


def regional_html(hand: Hand, res, live: bool) -> tuple[str, int]:
    """A regional result: the verdict (legal, or the rule set's reason), the counted patterns,
    the total in the rule set's unit and the payments of the four seats."""
    rs = res.ruleset
    unit = rs.unit
    item_unit = getattr(rs, "item_unit", None) or unit
    name = f'<div class="mj-rs-name">{esc(B(rs.zh, rs.en))}</div>'
    ctx = dict(res.context)
    if not res.legal:
        zh, en = res.reason or ("", "")
        verdict = (
            f'<div class="mj-verdict mj-bad" data-legal="false">✗ {esc(B("不能和", "Not a legal win"))}'
            f'<div class="mj-reason">{esc(L(zh, en))}<br><span class="mj-sub">{esc(L(en, zh))}</span>'
            f"</div></div>"
        )
        return name + verdict + f'<div class="mj-fan-hand">{svg.hand_svg(hand, width=23)}</div>', -1
    total = res.total
    verdict = f'<div class="mj-verdict mj-ok" data-legal="true">✓ {esc(B("合法的和牌", "A legal win"))}</div>'
    why = zero_pays(res)  # "0 番" beside payments: the rule set's reason with it
    head = (
        f'<div class="mj-total"><span class="mj-total-n" data-total="{esc(total)}">{esc(total)}</span> '
        f'{esc(L(unit[0], unit[1]))} <span class="mj-sub">{esc(L(unit[1], unit[0]))}</span></div>'
        + (f'<div class="mj-note mj-zero-pays">{esc(L(*why))}<br>{esc(L(why[1], why[0]))}</div>' if why else "")
    )
    rows = []
    for i in res.items:
        count = f" ×{i.count}" if i.count > 1 else ""
        iu = L(item_unit[0], item_unit[1])
        rows.append(
            f'<tr class="mj-fan mj-item" data-item="{esc(i.key)}">'
            f'<td class="mj-fan-name"><b>{esc(L(i.zh, i.en))}</b> <span class="mj-sub">{esc(L(i.en, i.zh))}</span></td>'
            f'<td class="mj-pts">{i.value}{esc(count)}</td>'
            f'<td class="mj-pts">{i.value * i.count} <span class="mj-sub">{esc(iu)}</span></td></tr>'
        )
    if not rows:
        rows.append(f'<tr><td class="mj-sub" colspan="3">{esc(B("没有计分项", "no patterns counted"))}</td></tr>')
    subs = ""
    if res.substitutions:
        subs = (
            f'<div class="mj-sub">{esc(B("混儿/财神当作", "wilds stood for"))}: '
            f"{esc(' '.join(map(str, res.substitutions)))}</div>"
        )
    body = (
        f'<div class="mj-fans"><div class="mj-fan-hand">{svg.hand_svg(hand, width=23)}</div>'
        f'<table class="mj-fan-table">{_fan_head(("计分项", "pattern"), ("每个", "each"), ("合计", "total"))}'
        f"<tbody>{''.join(rows)}</tbody></table>{subs}</div>"
    )
    return name + verdict + head + body + payments_html(res.payments, ctx), _int_total(total)
