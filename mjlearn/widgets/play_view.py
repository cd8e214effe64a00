"""The play table drawn: pure functions from a :class:`~mjlearn.widgets.play.PlayTable`'s state (its
table, seat, session, decisions and the coach's ratings) to the HTML of its regions (head, controls,
table, the learner's hand, the coach panel and the end of the hand). Nothing here changes the state."""

from __future__ import annotations

import re

from ..coaching import LEVELS
from ..course.families import families as _families
from ..mcr.profiles import PROFILES
from ..rules.registry import get as _get_rules
from ..rules.registry import names as _rule_names
from ..seats import SEATS, Seat
from ..table.events import Chowed, Declared, Discarded, Konged, Punged, Won
from ..tiles import TILES
from ..tiles import tile as _tile
from ._base import B, esc, tile_tag
from ._panels import header
from ._words import (
    _CALL_EN,
    _CALL_ZH,
    _STYLE,
    _amount,
    _call_label,
    _glossed,
    _hand_tiles,
    _pct,
    _powers,
    _shanten_words,
    _tile_words,
    _unit_en,
    _useful_html,
)
from .review import (
    _bad,
    _best_option,
    _chosen,
    _is_best,
    _marks,
    _option_tiles,
    aim_words,
    msg_cost,
    msg_worst,
    review_html,
    why,
)

__all__ = ["claim_panel", "layout", "regions", "seat_score", "special"]


def _short_words(short: dict) -> tuple[str, str]:
    """A ready hand worth under 8 points in words (zh, en)."""
    zf = "、".join(f"{f['zh']} {f['points']}" for f in short["fans"])
    ef = ", ".join(f"{f['en']} {f['points']}" for f in short["fans"])
    n = short["points"]
    return (f"打这张后听牌了，但每一种和法都不到 8 番：最多 {n} 番（{zf}），不计花牌。",
            f"ready after this discard, but every win would be worth under 8 points: best {n} "
            f"point{'s' if n != 1 else ''} ({ef}), flowers not counted.")


def _nothing_reaches(mcr: bool, claim: bool = False) -> tuple[str, str]:
    """The panel's words when no option has a chance to win (zh, en); ``claim``: the options are
    answers to a discard (or kongs, wins), not discards."""
    zw, ew = ("怎么选", "no choice here") if claim else ("怎么打", "no discard here")
    if mcr:
        return (f"这手牌{zw}都还凑不出 8 番以上的和牌：国标麻将要 8 番才能和（花牌不算），教练只数这样的和牌。"
                + ("" if claim else "现在教练选离听牌最近、进张最多的打法，好让以后能凑出番来。"),
                f"{ew} gives a win worth 8 points yet: under these rules a win needs 8 points or more "
                "(flowers not counted), and the coach counts only those wins."
                + ("" if claim else " It picks the discard that leaves the hand closest to ready with the most "
                   "useful tiles, to build fans later."))
    return (f"这手牌{zw}，靠自己摸牌都还到不了合法的和牌" + ("。" if claim else "；教练选离听牌最近、进张最多的打法。"),
            f"{ew} reaches a legal win by your own draws yet" + ("." if claim else "; the coach picks the discard "
            "that leaves the hand closest to ready with the most useful tiles."))


def _zero_html(p: float, note, short) -> str:
    """Why a chance to win is 0 (or tiny), from the coach: its reason, and a ready hand's best win
    scored by the engine when every win is under 8 points."""
    if p >= 0.005:
        return ""
    lines = []
    if note and p <= 0 and not (short and note["en"].startswith("every win it can reach is under 8")):
        lines.append((note["zh"] + "。", note["en"][0].upper() + note["en"][1:] + "."))
    if short:
        z, e = _short_words(short)
        lines.append((z, e[0].upper() + e[1:]))
    if lines:
        z, e = " ".join(x for x, _ in lines), " ".join(y for _, y in lines)
    elif p > 0:
        z, e = ("机会很小：教练算到的和牌很少。", "A small chance: few of the wins the coach counts are reachable.")
    else:
        return ""
    return f'<div class="mj-note" data-why-zero="1">{esc(B("为什么", "why"))}: {esc(B(z, e))}</div>'


def _verdict(d: dict, mcr: bool, claim: bool = False) -> str:
    """The panel's verdict on a rated decision: the same as the coach's best (and, when no option has a
    chance to win, why), or what it cost; a discard made while a kong or win was best also says what was
    better. ``claim``: the options were answers to a discard (or kongs, wins), not discards."""
    if _is_best(d) and d.get("best_action_chance", d["best_win_chance"]) < 0.0005:
        return (f'<span class="mj-zero" data-zero="1">{esc(B("和教练的选择一样", "the same as the coach choice"))}'
                f' · {esc(B(*_nothing_reaches(mcr, claim=claim)))}</span>')
    if _is_best(d):
        return f'<span class="mj-good">{esc(B("和教练的最佳一样", "the same as the coach best"))}</span>'
    better = "" if claim or _best_option(d).startswith("discard ") else f"{esc(msg_worst(d))} · "
    return f'<span class="{"mj-bad" if _bad(d) else ""}">{better}{esc(msg_cost(d))}</span>'


def _aim_html(d: dict, mcr: bool) -> str:
    """One line: the fan the coach's choice aims at, when it is not the learner's."""
    if _is_best(d) or not _best_option(d).startswith("discard "):
        return ""
    a = aim_words(d)
    return f'<div class="mj-note" data-aim="1">{esc(B(*a))}</div>' if a else ""


def layout() -> str:
    return (f'<div class="mj-view mj-play">{_STYLE}<div data-region="head"></div><div class="mj-body">'
            '<div data-region="controls"></div><div data-region="table"></div><div data-region="me"></div>'
            '<div data-region="error"></div><div data-region="coach"></div><div data-region="end"></div>'
            '</div></div>')


def regions(pt, live: bool) -> dict:
    tb = pt.table
    err = (f'<div class="mj-error" role="alert">{esc(pt.last_error)}</div>' if pt.last_error else "")
    return {"head": header(B("打一局", "Play a hand"), live), "controls": _controls(pt, live),
            "table": _table(pt, live), "me": _me(pt, live), "error": err,
            "coach": ((_overruled_html(pt) if tb.phase == "over" else "")
                      + (_glossed(_coach_html(pt, live)) if live else _coach_html(pt, live))
                      if pt.coach_on else ("" if live else _coach_off())),
            "end": _end(pt, live) if tb.phase == "over" else ("" if live else _in_progress())}


def _coach_off() -> str:
    return f'<div class="mj-note">{esc(B("教练已关闭。", "The coach is switched off."))}</div>'


def _in_progress() -> str:
    return (f'<div class="mj-note">{esc(B("这一局还在进行：结束后这里显示结果、收付和复盘。", "The hand is in progress: the result, the payments and the review appear here when it ends."))}</div>')


def seat_score(pt, s: Seat):
    """The running score of the player in seat ``s`` of this hand."""
    return pt.session.scores[(int(s) + int(pt._dealer)) % 4]


def _who_words(pt, s: Seat) -> tuple[str, str]:
    """A seat's player in words (zh, en): 西家 / West, 北家（你）/ North (you)."""
    return (s.player_zh + ("（你）" if s == pt.me else ""), s.en + (" (you)" if s == pt.me else ""))


def _seat_name(pt, s: Seat) -> str:
    """A seat's name, where it sits and its running score, as HTML (the score never wraps alone)."""
    rel = {1: ("下家", "on your right"), 2: ("对家", "opposite"), 3: ("上家", "on your left")}
    k = (int(s) - int(pt.me)) % 4
    zh, en = _who_words(pt, s)
    if k:
        zh, en = f"{zh}（{rel[k][0]}）", f"{en} ({rel[k][1]})"
    dealer = B(" · 庄", " · dealer") if s is Seat.E else ""
    score = B("你的累计", "your score") if s == pt.me else B("累计", "score")
    return (f'{esc(B(zh, en) + dealer)} · <span style="white-space:nowrap" data-nowrap="score">'
            f'{esc(score)} {seat_score(pt, s):+g}</span>')


def _rules_words(rs) -> tuple[str, str]:
    """A rule set's name for learners (zh, en): the plainer name its description gives for pickers,
    else its own."""
    return (rs.about.short if rs.about is not None else None) or (rs.zh, rs.en)


def special(rs) -> tuple[str, str] | None:
    """The most useful line for a beginner of what is special about a rule set (its description):
    what a win needs when a line says it, else the first line; powers in words; or None."""
    a = rs.about
    if a is None or not a.special:
        return None
    need = [ln for ln in a.special if re.search(r"win needs|needs a|may only win|to win\b|No chow|No winds", ln[1])]
    return _powers(*(need[0] if need else a.special[0]))


def _notices(pt) -> str:
    """A new match (rule set or seat changed), or the seat the learner moved to for this hand."""
    out = []
    rs = pt.table.rules
    if pt._restarted and not pt.decisions and pt.hand_no == 1:
        zh, en = _rules_words(rs)
        lv = LEVELS[pt._level]
        what = (B(f"换了规则：现在打{zh}。", f"New rules: {en}.") if pt._restarted == "rules" else
                B(f"换了对手：现在是{lv.zh}级别的电脑玩家。", f"New opponents: {lv.en} computer players.")
                if pt._restarted == "level" else
                B(f"换了座位：你第一局坐{pt.me.player_zh}。", f"New seat: you sit {pt.me.en} in the first hand."))
        out.append(f'<div class="mj-notice" data-restart="{pt._restarted}">{esc(what)} '
                   f'{esc(B("比赛重新开始：回到第 1 局，分数清零，用同样的洗牌。", "The match starts again: back to hand 1, every score 0, the same shuffle as before."))}'
                   f'</div>')
    if pt._prev_me is not None and pt._prev_me != pt.me and not pt.decisions:
        out.append(f'<div class="mj-notice" data-moved="{pt.me.letter}">'
                   f'{esc(B(f"第 {pt.hand_no} 局：庄家轮换了，你现在坐{pt.me.player_zh}；你的累计分数是 {seat_score(pt, pt.me):+g}。", f"Hand {pt.hand_no}: the deal has moved on, you are {pt.me.en} now; your running score is {seat_score(pt, pt.me):+g}."))}'
                   f'</div>')
    return "".join(out)


def _controls(pt, live: bool) -> str:
    tb, rs = pt.table, pt.table.rules
    if live:
        groups = []
        listed = set()
        for (fzh, fen), members in _families():
            ms = [n for n in members if n in _rule_names()]
            listed.update(ms)
            opts = "".join(f'<option value="{n}"{" selected" if n == pt.rules else ""}>'
                           f'{esc(B(*_rules_words(_get_rules(n))))}</option>' for n in ms)
            if opts:
                groups.append(f'<optgroup label="{esc(B(fzh, fen))}">{opts}</optgroup>')
        groups += [f'<option value="{n}"{" selected" if n == pt.rules else ""}>'
                   f'{esc(B(*_rules_words(_get_rules(n))))}</option>' for n in _rule_names() if n not in listed]
        seats = "".join(f'<option value="{x.letter}"{" selected" if x == pt._place else ""}>'
                        f'{esc(B(x.zh, x.en))}</option>' for x in SEATS)
        pick = (f'<label>{esc(B("规则", "rules"))} <select data-act="rules" '
                f'title="{esc(B("换规则会重新开始比赛", "changing the rules starts a new match"))}">{"".join(groups)}</select></label> '
                f'<label>{esc(B("首局座位", "first seat"))} <select data-act="seat" '
                f'title="{esc(B("换座位会重新开始比赛", "changing the seat starts a new match"))}">{seats}</select></label> '
                f'{_level_picker(pt)}'
                f'<label><input type="checkbox" data-act="coach"{" checked" if pt.coach_on else ""}> '
                f'{esc(B("教练", "coach"))}</label> '
                f'<small>{esc(B("（换规则、座位或对手会重新开始比赛）", "(a new rule set, seat or opponents start a new match)"))}</small>')
    else:
        pick = f'<span>{esc(B(*_rules_words(rs)))}</span>'
    sp = special(rs)
    special_html = (f'<div class="mj-note" data-special="{rs.name}">{esc(B("这套规则的特点", "What is special here"))}: '
               f'{esc(B(*sp))}</div>' if sp else "")
    wild = (f'<span data-wild="{tb.wild}">{esc(B("百搭", "wild"))} '
            f'{tile_tag(tb.wild, live=live, width=22)} {esc(B(*_tile_words(tb.wild)))}</span>'
            if tb.wild is not None else "")
    who = pt._who() if tb.phase != "over" else None
    turn = (esc(B("这一局结束", "the hand is over")) if who is None else
            esc(B(f"轮到{who.player_zh}", f"{who.en} to play")) if who != pt.me else
            f'<b>{esc(B("轮到你", "your turn"))}</b>')
    work = f' data-work="{pt.work_ms}"' if live else ""
    n = pt.wall_left
    status = (f'<div class="mj-status"{work}><span>{esc(B(f"第 {pt.hand_no} 局", f"hand {pt.hand_no}"))} · '
              f'{esc(B(f"圈风 {Seat.of(tb.prevalent_wind).zh}", f"round wind {Seat.of(tb.prevalent_wind).en}"))}'
              f'</span><span data-you="{pt.me.letter}">{esc(B(f"你坐{pt.me.player_zh}", f"you are {pt.me.en}"))}</span>'
              f'<span data-wall="{n}">{esc(B(f"牌墙还剩 {n} 张", f"{n} tiles left in the wall"))}</span>'
              f'{wild}<span data-turn="{"" if who is None else who.letter}">{turn}</span></div>')
    same = (f'<div class="mj-note" data-level-same="1">{esc(B("这套规则下，进阶的电脑玩家和入门的打法一样（只有国标麻将里它们更强）。", "Under these rules the strong computer players play like the basic ones (they are stronger under the Chinese Official rules only)."))}</div>'
            if pt._level != "basic" and rs.name not in PROFILES else "")
    return f'<div class="mj-controls">{pick}</div>{special_html}{same}{_notices(pt)}{status}'


def _level_picker(pt) -> str:
    """The computer players' level: a select whose hint says what the stronger level does."""
    opts = "".join(f'<option value="{n}"{" selected" if n == pt._level else ""}>{esc(B(lv.zh, lv.en))}</option>'
                   for n, lv in LEVELS.items())
    hint = B("进阶的电脑玩家只在国标麻将里打得更强：它们用教练的算法追求 8 番以上的和牌，后面也会防守；"
             "其他规则下两个级别打法一样。换对手会重新开始比赛。",
             "Strong computer players play better only under the Chinese Official rules (MCR): they use the "
             "coach's reckoning to aim at wins worth 8 points and defend late in the hand; under the other rule "
             "sets both levels play the same. Changing the opponents starts a new match.")
    return (f'<label title="{esc(hint)}">{esc(B("对手", "opponents"))} <select data-act="level" '
            f'title="{esc(hint)}">{opts}</select></label> ')


def _pond(pt, s: Seat, live: bool, label: str = "") -> str:
    tb = pt.table
    last = tb.last_discard
    out = []
    for k, (x, by) in enumerate(tb.ponds[s]):
        cls = "mj-taken" if by is not None else ""
        if last is not None and last[0] == s and k == len(tb.ponds[s]) - 1 and tb.phase in ("claim",):
            cls += " mj-last"
        title = f' data-taken="{by.letter}"' if by is not None else ""
        out.append(tile_tag(x, live=live, width=20, cls=cls.strip(), attrs=title))
    lbl = f'<span class="mj-lbl">{esc(label)}</span>' if label and out else ""
    return f'<div class="mj-row mj-pond" data-pond="{s.letter}">{lbl}{"".join(out)}</div>'


def _melds(pt, s: Seat, live: bool, width: int, labels: bool = False) -> str:
    """A seat's melds and flowers (``labels``: each group with its name)."""
    tb = pt.table
    ms = "".join('<span class="mj-meld">' + "".join(tile_tag(x, live=live, width=width) for x in m.tiles)
                 + "</span>" for m in tb.melds[s])
    fl = "".join(tile_tag(x, live=live, width=width) for x in tb.flowers[s])
    if ms and labels:
        ms = f'<span class="mj-lbl">{esc(B("你亮出的牌组", "your sets on the table"))}</span>{ms}'
    if fl:
        fl = (f'<span class="mj-flw" data-flowers="{len(tb.flowers[s])}"><span class="mj-lbl">'
              f'{_glossed(esc(B("花牌", "flowers")))}</span>{fl}</span>')
    return ms + fl


def _table(pt, live: bool) -> str:
    tb = pt.table
    who = pt._who() if tb.phase != "over" else None
    boxes = []
    for k in (3, 2, 1):
        s = Seat.of((int(pt.me) + k) % 4)
        over = tb.phase == "over"
        hidden = sum(tb.hands[s][:34])
        hand = ("".join(tile_tag(x, live=live, width=20) for x in tb.concealed(s)) if over else
                '<span class="mj-back">' + "".join(tile_tag(None, live=live, width=15) for _ in range(hidden))
                + "</span>")
        boxes.append(f'<div class="mj-opp{" mj-turn" if who == s else ""}" data-seat="{s.letter}">'
                     f'<div class="mj-name" data-score="{seat_score(pt, s):+g}">{_seat_name(pt, s)}</div>'
                     f'<div class="mj-row">{hand} {_melds(pt, s, live, 20)}</div>{_pond(pt, s, live)}</div>')
    return f'<div class="mj-opps">{"".join(boxes)}</div>'


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
    for e in log[k + 1:]:
        if isinstance(e, (Won, Chowed, Punged, Konged)):
            if e.seat == me or (isinstance(e, Konged) and e.kind != "melded"):
                return None
            x, (wz, we) = e.tile, _who_words(pt, e.seat)
            (az, ae) = (_CALL_ZH[mine], _CALL_EN[mine])
            if isinstance(e, Won) and mine == "kong" and e.win_context.kong:
                return (f"{wz}抢杠和：你加杠的{x.zh}正是他要和的牌，所以你的杠没有成。",
                        f"{we} robbed your kong: your added {x.en} was the tile he needed to win, so your kong "
                        f"did not happen.")
            if isinstance(e, Won) and mine == "win":
                return (f"{wz}也和这张{x.zh}，而且按出牌顺序离打牌的人更近：近的先和，所以这次是他和。",
                        f"{we} also won on this {x.en} and sits nearer in turn to the discarder: the nearer "
                        f"player's win comes first.")
            if isinstance(e, Won):
                return (f"{wz}和了这张{x.zh}：和牌优先于{az}，所以你的{az}没有成。",
                        f"{we} won on this tile ({x.en}); a win comes before a {ae}, so your {ae} did not happen.")
            oz, oe = ("碰", "pung") if isinstance(e, Punged) else ("杠", "kong") if isinstance(e, Konged) else ("吃", "chow")
            return (f"{wz}{oz}了这张{x.zh}：{oz}优先于{az}，所以你的{az}没有成。",
                    f"{we} made a {oe} with this tile ({x.en}); a {oe} comes before a {ae}, so your {ae} did not "
                    f"happen.")
        if isinstance(e, Discarded):
            return None
    return None


def _overruled_html(pt) -> str:
    o = _overruled(pt)
    return f'<div class="mj-notice" data-overruled="1">{esc(B(*o))}</div>' if o else ""


def _me(pt, live: bool) -> str:
    tb, me = pt.table, pt.me
    can_discard = live and tb.phase == "discard" and tb.turn == me
    drawn = tb._drawn if tb.phase == "discard" and tb.turn == me else None
    tiles = tb.concealed(me)
    tiles = [x for x in tiles if x.index < 34]
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    cells = []
    for x in tiles:
        attrs = f' data-act="discard" data-arg="{x}"' if can_discard else ""
        cells.append(tile_tag(x, live=live, width=38, attrs=attrs))
    if drawn is not None:
        attrs = f' data-act="discard" data-arg="{drawn}"' if can_discard else ""
        cells.append(f'<span class="mj-drawn">{tile_tag(drawn, live=live, width=38, attrs=attrs)}</span>')
    claim = tb.phase in ("claim", "rob") and me in tb.pending
    x = (tb.last_discard[1] if tb.phase == "claim" else tb._robbing[1]) if claim else None
    buttons = []
    if live:
        for o in pt._options():
            what, _, arg = o.partition(" ")
            if what == "chow" and arg:
                pics = [TILES[_tile(arg).index + k] for k in range(3)]
            elif what == "pung" and x is not None:
                pics = [x] * 3
            elif what == "kong":
                pics = [_tile(arg)] * 4 if arg else [x] * 4 if x is not None else []
            else:
                pics = []
            pic = "".join(tile_tag(t_, live=live, width=18) for t_ in pics)
            buttons.append(f'<button class="mj-chip" data-act="call" data-arg="{esc(o)}">{pic}'
                           f'{esc(B(*_call_label(o)))}</button>')
    hint = ""
    if tb.phase == "discard" and tb.turn == me:
        hint = esc(B("点一张牌打出", "click a tile to discard it"))
    elif claim:
        zh, en = _tile_words(x)
        hint = (f'{esc(B(f"可以要这张{zh}吗？", f"claim this {en}?"))} '
                f'{tile_tag(x, live=live, width=30, cls="mj-last")}')
    acts = f'<div class="mj-acts" data-waiting="{pt.waiting}">{hint}{"".join(buttons)}</div>'
    notes = [m for _, m in pt._refused_wins]
    why_not = pt._win_refusal()
    if why_not:
        notes.append(why_not)
    acts += "".join(f'<div class="mj-note" data-refused="1" style="color:#ffe3a3">{esc(m)}</div>' for m in notes)
    if tb.phase != "over":
        acts += _overruled_html(pt)
    melds = _melds(pt, me, live, 30, labels=True)
    return (f'<div class="mj-me{" mj-turn" if pt.waiting else ""}" data-seat="{me.letter}">'
            f'<div class="mj-name" data-score="{seat_score(pt, me):+g}">{_seat_name(pt, me)}</div>'
            f'{_pond(pt, me, live, B("你打出的牌", "your discards"))}'
            + (f'<div class="mj-row">{melds}</div>' if melds else "")
            + f'<div class="mj-row mj-hand">{"".join(cells)}</div>{acts}</div>')


def _hand_value(pt, n, unit) -> tuple[str, str]:
    """A winning hand's value (zh, en): under MCR in 番 like the glossary and the MCR lessons."""
    zh, en = _amount(n, unit)
    return (f"{n:g} 番", en) if pt.table.rules.name in PROFILES else (zh, en)


def _unit_words(pt) -> tuple | None:
    """The rule set's unit when the panel shows expected values (rule sets other than MCR)."""
    rs = pt.table.rules
    return None if rs.name in PROFILES else rs.unit


def claim_panel(pt, d: dict, live: bool) -> str:
    """A rated decision other than a discard: each option with its chance to win (and, outside
    MCR, its expected value), the learner's and the coach's marked."""
    unit = _unit_words(pt)
    rows = []
    mine_o, best_o = _chosen(d), _best_option(d)
    for e in d["evals"]:
        marks = _marks(e["option"], mine_o, best_o)
        then = (f' · {esc(B("然后打", "then discard"))} {tile_tag(_tile(e["then"]), live=live, width=22)}'
                if e["then"] and not e["option"].startswith("discard ") else "")
        value = (f' · {esc(B("期望", "expected"))} <span data-expected="{e["expected"]}">{e["expected"]:.1f}'
                 f'</span> {esc(B(*unit))}' if unit else "")
        rows.append(f'<div data-claim="{esc(e["option"])}">{_option_tiles(e["option"], d, live, 22)}: '
                    f'{esc(B("和牌机会", "chance to win"))} <b data-chance="{e["win_chance"]:.6f}">'
                    f'{_pct(e["win_chance"])}</b>{value} · {esc(B("进张", "useful"))} {e["live"]}{then} '
                    f'{esc(" · ".join(marks))}</div>')
    top_e = next((e for e in d["evals"] if e["option"] == best_o), None)
    verdict = _verdict(d, unit is None, claim=True)
    if _is_best(d) and d.get("best_action_chance", d["best_win_chance"]) < 0.0005 and top_e:
        verdict += _zero_html(0.0, top_e.get("note"), None)
    if d["kind"] == "claim":
        x = d["tile"]
        what = B(f"要不要{_tile(x).zh}", f"claim {_tile(x).en} or not")
    elif d["kind"] == "last_tile":
        what = B("要不要最后一张牌", "take the last tile or not")
    elif d["kind"] == "start":
        what = B("起手：报和还是放过", "right after the deal: declare or let it go")
    else:
        what = B("开杠、和牌还是打牌", "kong, win or discard")
    return (f'<div class="mj-box" data-coach="{d["n"]}" data-choice="{esc(mine_o)}" '
            f'data-best="{esc(best_o)}"><b>{esc(B("教练", "Coach"))}</b> · #{d["n"]} · '
            f'{esc(what)} · {verdict}{"".join(rows)}'
            + (f'<div class="mj-note">{esc(why(d, unit, unit is None))}</div>' if not _is_best(d) else "") + '</div>')


def _coach_html(pt, live: bool) -> str:
    last = next((d for d in reversed(pt.decisions) if d["kind"] == "discard" or d.get("evals")), None)
    if last is not None and last["kind"] != "discard":
        return claim_panel(pt, last, live)
    title = f'<b>{esc(B("教练", "Coach"))}</b>'
    if last is None or not last.get("best"):
        return (f'<div class="mj-box" data-coach="none">{title} · '
                f'{esc(B("打出一张牌后，这里把你的选择和教练的最佳选择并排比较。", "After each of your discards, your choice is set beside the coach best here."))}</div>')
    unit = _unit_words(pt)
    fans_word = B("可能的番种", "likely fans") if unit is None else B("可能的计分项", "likely scoring items")

    def side(label, tile, s_after, useful, live_n, p, err, fans, method, expected, note=None, short=None):
        before = "" if last["shanten_before"] is None else f"{last['shanten_before']} → "
        pe = _pct(p) + (f" ± {_pct(err)}" if method == "simulation" and err else "")
        fan = ", ".join(f"{B(f['zh'], f['en'])} {f['share']:.0%}" for f in fans[:3])
        value = (f'<div>{esc(B("期望", "expected value"))}: <span data-expected="{expected}">{expected:.1f}</span> '
                 f'{esc(B(*unit))}</div>' if unit else "")
        return (f'<div><b>{esc(label)}</b> {tile_tag(_tile(tile), live=live, width=30)}'
                f'<div>{esc(B("向听", "shanten"))}: {before}'
                f'{s_after} ({_shanten_words(s_after)})</div>'
                f'<div>{esc(B("进张", "useful tiles"))} ({live_n}): {_useful_html(useful, live)}</div>'
                f'<div>{esc(B("和牌机会", "chance to win"))}: <b data-chance="{p:.6f}">{pe}</b></div>{value}'
                + (f'<div>{esc(fans_word)}: {esc(fan)}</div>' if fan else "")
                + _zero_html(p, note, short) + "</div>")
    best_o = _best_option(last)
    verdict = _verdict(last, unit is None)
    mine = side(B("你打了", "you discarded"), last["choice"], last["shanten_after"], last["useful"], last["live"],
                last["win_chance"], last.get("error", 0), last["fans"], last["method"], last.get("expected", 0),
                last.get("note") if last["choice"] != last["best"] else None)
    best = side(B("教练最佳的打法", "coach best discard"), last["best"], last["best_shanten"], last["best_useful"],
                last["best_live"], last["best_win_chance"], last.get("best_error", 0), last["best_fans"],
                last["method"], last.get("best_expected", 0) if best_o.startswith("discard ") else
                next((o.get("expected", 0) for o in last.get("top", []) if o["discard"] == last["best"]), 0),
                last.get("best_note"), last.get("best_short"))
    alts = ""
    if last.get("alternatives"):
        rows = []
        for e in last["alternatives"]:
            value = (f' · {esc(B("期望", "expected"))} {e["expected"]:.1f} {esc(B(*unit))}' if unit else "")
            mark = f' · {esc(B("教练最佳", "coach best"))}' if e["option"] == best_o else ""
            rows.append(f'<div data-claim="{esc(e["option"])}">{_option_tiles(e["option"], last, live, 22)}: '
                        f'{esc(B("和牌机会", "chance to win"))} <b data-chance="{e["win_chance"]:.6f}">'
                        f'{_pct(e["win_chance"])}</b>{value} · {esc(B("进张", "useful"))} {e["live"]}{mark}</div>')
        alts = (f'<div><b>{esc(B("不打牌的选择", "instead of a discard"))}</b>{"".join(rows)}</div>'
                + (f'<div class="mj-note">{esc(why(last, unit))}</div>' if not best_o.startswith("discard ") else ""))
    return (f'<div class="mj-box" data-coach="{last["n"]}" data-choice="{last["choice"]}" '
            f'data-best="{last["best"]}" data-best-action="{esc(best_o)}">{title} · #{last["n"]} · {verdict}'
            f'<div class="mj-cmp2">{mine}{best}</div>{alts}{_aim_html(last, unit is None)}'
            f'<div class="mj-note">{esc(B("只用你这一家看得见的牌计算：进张是还没见到的张数；和牌机会是靠自己摸牌和牌的机会。", "Counted from what your seat can see: useful tiles with the copies not yet in sight; the chance to win by your own draws."))}</div></div>')


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
    if (disc in paid and len(paid) == 3 and w.points and others[0] == others[-1] > 0
            and abs(paid[disc] - others[0] - w.points) < 1e-9):
        b, pts, dz, de = others[0], w.points, *name(disc)
        zh = (f"每家先付底分 {b:g}；{dz}打出了和牌的那张，另付这手牌的 {_amount(pts, w.unit)[0]}：{b:g} + {pts:g} = {paid[disc]:g}。"
              f"{_who_words(pt, w.seat)[0]}一共收 {sum(paid.values()):g}。")
        en = (f"Each of the three others pays the base {b:g}; {de}, who discarded the winning tile, also pays "
              f"the hand's {_amount(pts, w.unit)[1]}: {b:g} + {pts:g} = {paid[disc]:g}. "
              f"{_who_words(pt, w.seat)[1]} collects {sum(paid.values()):g} in all.")
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
        eparts.append(f"{es}{de} pay{'s' if len(ss) == 1 else ''} {v:g}"
                      f"{' each' if len(ss) > 1 else ''}")
    zh = "；".join(zparts) + "。"
    en = "; ".join(eparts) + "."
    en = en[0].upper() + en[1:]
    steps = r.ruleset.settlement_steps(r)[1:] if r is not None and getattr(r, "legal", False) else ()
    steps = [_powers(z, e) for z, e in steps]
    if steps:
        zh += " " + "；".join(z for z, _ in steps) + "。"
        en += " " + "; ".join(e[0].upper() + e[1:] for _, e in steps) + "."
    return zh, en


def _end(pt, live: bool) -> str:
    tb = pt.table
    rs = tb.rules
    parts = [f'<div class="mj-box" data-end="1"><b>{esc(B(*_rules_words(rs)))}</b>']
    if not pt.coach_on:
        parts.append(_overruled_html(pt))
    for e in tb.settlements:
        parts.append(f"<div>{esc(B(e.zh, e.en))}</div>")
    if not tb.winners:
        parts.append(f'<div data-verdict="drawn">{esc(B("荒牌：没有人和牌。", "The wall is exhausted: nobody won."))}</div>')
    for w in tb.winners:
        legal = getattr(w.result, "legal", True) if w.result is not None else True
        parts.append(f'<div data-verdict="{"legal" if legal else "illegal"}" data-winner="{w.seat.letter}">'
                     f'<span class="mj-good">{esc(B("合法的和牌", "a legal win"))}</span> · {esc(B(*_win_words(pt, w)))}</div>')
        parts.append(f'<div data-hand="{w.seat.letter}">{_hand_tiles(str(w.hand), live, 30, flowers=True)}</div>')
        rows = "".join(f"<tr><td>{esc(B(i.zh, i.en))}</td><td>{i.value:g}"
                       f"{f' × {i.count}' if getattr(i, 'count', 1) != 1 else ''}</td></tr>" for i in w.items)
        unit = w.unit if getattr(w, "unit", None) else rs.pay_unit
        parts.append(f'<table class="mj-rev">{rows}<tr><th>{esc(B("合计", "total"))}</th>'
                     f'<th data-total="{w.points}">{esc(B(*_hand_value(pt, w.points, unit))) if w.points is not None else ""}'
                     f'</th></tr></table>')
        pw = _pay_words(pt, w)
        if pw:
            parts.append(f'<div data-paid="{w.seat.letter}">{esc(B("怎么付", "How it is paid"))}: {esc(B(*pw))}</div>')
    pay = tb.payments
    uz, ue = rs.pay_unit[0], _unit_en(rs.pay_unit[1], 2)
    cells = "".join(f'<td data-pay="{x.letter}">{pay[x.letter]:+g}</td>' for x in SEATS)
    heads = "".join(f'<th style="white-space:nowrap">{esc(B(*_who_words(pt, x)))}</th>' for x in SEATS)
    parts.append(f'<div style="overflow-x:auto"><table class="mj-rev" data-payments="1"><tr><th>'
                 f'{esc(B("收付", "payments"))} ({esc(B(uz, ue))})</th>{heads}</tr>'
                 f'<tr><td>{esc(B("本局", "this hand"))}</td>{cells}</tr>'
                 f'<tr><td>{esc(B("累计", "running score"))}</td>'
                 + "".join(f'<td data-running="{x.letter}">{seat_score(pt, x):+g}</td>' for x in SEATS)
                 + '</tr></table></div>')
    mine = seat_score(pt, pt.me)
    parts.append(f'<div data-yours="{mine:+g}">{esc(B(f"你这一局坐{pt.me.player_zh}，你的累计分数：{mine:+g}。", f"You sat {pt.me.en} in this hand; your running score: {mine:+g}."))}</div>')
    if live:
        parts.append(f'<div class="mj-acts"><button class="mj-chip mj-on" data-act="next">'
                     f'{esc(B("下一局", "next hand"))}</button></div>')
    parts.append("</div>")
    at = pt.review_at if pt.review_at >= 0 else None
    review = review_html(pt.record(), live=live, at=at)
    return "".join(parts) + (_glossed(review) if live else review)
