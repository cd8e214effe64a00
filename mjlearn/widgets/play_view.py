"""The play table drawn: pure functions from a :class:`~mjlearn.widgets.play.PlayTable`'s state (its
table, seat, session, decisions and the coach's ratings) to the HTML of its regions. Here the layout,
the head and controls, the other seats and the learner's own hand with his buttons; the coach panel is
:mod:`.play_coach_panel`, the end of the hand (and whose claim took a tile) :mod:`.play_outcome`.
Nothing here changes the state."""

from __future__ import annotations

import re

from ..coaching import LEVELS
from ..course.families import families as _families
from ..mcr.profiles import PROFILES
from ..rules.registry import get as _get_rules
from ..rules.registry import names as _rule_names
from ..seats import SEATS, Seat
from ..terms import term_html
from ..tiles import TILES
from ..tiles import tile as _tile
from . import play_turn as _turn
from ._base import B, esc, tile_tag
from ._panels import header
from ._words import (
    _STYLE,
    _call_label,
    _glossed,
    _meld_tag,
    _powers,
    _tile_words,
)
from .play_coach_panel import _coach_off, claim_panel, coach_region
from .play_outcome import _end, _in_progress, _overruled_html, _rules_words, _who_words, on_deal_html, seat_score

__all__ = ["busy", "claim_panel", "layout", "regions", "rules_picker", "seat_picker", "seat_score", "special", "staged"]


def layout() -> str:
    return (
        f'<div class="mj-view mj-play">{_STYLE}<div data-region="head"></div><div class="mj-body">'
        '<div data-region="controls"></div><div data-region="table"></div><div data-region="me"></div>'
        '<div data-region="error"></div><div data-region="coach"></div><div data-region="end"></div>'
        "</div></div>"
    )


def busy(pt) -> bool:
    """The view is drawn part-way through the answer to a click (:func:`staged`): the coach has not
    looked at the learner's next decision yet."""
    return getattr(pt, "_busy", False)


def staged(pt, show: bool, moved: int | None = None) -> int:
    """Draw the table part-way through its answer to the learner's click, so that he sees each step as
    soon as it is done: first his move with the coach's verdict on it (``moved`` None: before the
    computer players move), then the computer players' moves (``moved``: the table log's length before
    them; drawn only if someone moved and the learner has a decision to make, before the coach looks
    at it, the slow part). The last drawing, when the click's handler returns, is the whole answer;
    the part-way ones carry ``data-busy`` (the front end counts a redraw only without it). Nothing of
    the table's state changes. Returns the table log's length now; ``show`` False draws nothing."""
    n = len(pt.table.log)
    if not show or (moved is not None and (n == moved or not _waits(pt))):
        return n
    if pt.table.phase == "over":  # the end is drawn once, booked: observers of the phase see it whole
        return n
    pt._busy = True
    try:
        pt.refresh()
    finally:
        pt._busy = False
    return n


def _waits(pt) -> bool:
    """The learner has a decision to make now (or the hand is over)."""
    return pt.table.phase == "over" or bool(_turn.waiting(pt.table, pt.me, pt._start_answered))


def regions(pt, live: bool) -> dict:
    tb = pt.table
    err = f'<div class="mj-error" role="alert">{esc(pt.last_error)}</div>' if pt.last_error else ""
    return {
        "head": header(B("打一局", "Play a hand"), live),
        "controls": _controls(pt, live),
        "table": _table(pt, live),
        "me": _me(pt, live),
        "error": err,
        "coach": (
            (_overruled_html(pt) if tb.phase == "over" else "")
            + (_glossed(coach_region(pt, live)) if live else coach_region(pt, live))
            if pt.coach_on
            else ("" if live else _coach_off())
        ),
        "end": _end(pt, live) if tb.phase == "over" else ("" if live else _in_progress()),
    }


def _seat_name(pt, s: Seat) -> str:
    """A seat's name, where it sits and its running score, as HTML (the score never wraps alone)."""
    rel = {1: ("下家", "on your right"), 2: ("对家", "opposite"), 3: ("上家", "on your left")}
    k = (int(s) - int(pt.me)) % 4
    zh, en = _who_words(pt, s)
    if k:
        zh, en = f"{zh}（{rel[k][0]}）", f"{en} ({rel[k][1]})"
    dealer = B(" · 庄", " · dealer") if s is Seat.E else ""
    score = B("你的累计", "your score") if s == pt.me else B("累计", "score")
    return (
        f'{esc(B(zh, en) + dealer)} · <span style="white-space:nowrap" data-nowrap="score">'
        f"{esc(score)} {seat_score(pt, s):+g}</span>"
    )


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
        what = (
            B(f"换了规则：现在打{zh}。", f"New rules: {en}.")
            if pt._restarted == "rules"
            else B(f"换了对手：现在是{lv.zh}级别的电脑玩家。", f"New opponents: {lv.en} computer players.")
            if pt._restarted == "level"
            else B(f"换了座位：你第一局坐{pt.me.player_zh}。", f"New seat: you sit {pt.me.en} in the first hand.")
        )
        out.append(
            f'<div class="mj-notice" data-restart="{pt._restarted}">{esc(what)} '
            f"{esc(B('比赛重新开始：回到第 1 局，分数清零，用同样的洗牌。', 'The match starts again: back to hand 1, every score 0, the same shuffle as before.'))}"
            f"</div>"
        )
    if pt._prev_me is not None and pt._prev_me != pt.me and not pt.decisions:
        out.append(
            f'<div class="mj-notice" data-moved="{pt.me.letter}">'
            f"{esc(B(f'第 {pt.hand_no} 局：庄家轮换了，你现在坐{pt.me.player_zh}；你的累计分数是 {seat_score(pt, pt.me):+g}。', f'Hand {pt.hand_no}: the deal has moved on, you are {pt.me.en} now; your running score is {seat_score(pt, pt.me):+g}.'))}"
            f"</div>"
        )
    return "".join(out)


def rules_picker(pt, first: str | None = None) -> str:
    """The rule-set select, grouped by family; ``first``: a rule set listed at the top although the
    pickers do not offer it (a small game of the ladder; default: the table's own, when not offered)."""
    groups = []
    listed = set()
    for (fzh, fen), members in _families():
        ms = [n for n in members if n in _rule_names()]
        listed.update(ms)
        opts = "".join(
            f'<option value="{n}"{" selected" if n == pt.rules else ""}>{esc(B(*_rules_words(_get_rules(n))))}</option>'
            for n in ms
        )
        if opts:
            groups.append(f'<optgroup label="{esc(B(fzh, fen))}">{opts}</optgroup>')
    groups += [
        f'<option value="{n}"{" selected" if n == pt.rules else ""}>{esc(B(*_rules_words(_get_rules(n))))}</option>'
        for n in _rule_names()
        if n not in listed
    ]
    first = first or (pt.rules if pt.rules not in _rule_names() else None)
    if first is not None and first not in _rule_names():  # a small game of the ladder, not offered elsewhere
        sel = " selected" if first == pt.rules else ""
        groups.insert(0, f'<option value="{esc(first)}"{sel}>{esc(B(*_rules_words(_get_rules(first))))}</option>')
    return (
        f'<label>{esc(B("规则", "rules"))} <select data-act="rules" '
        f'title="{esc(B("换规则会重新开始比赛", "changing the rules starts a new match"))}">{"".join(groups)}</select></label> '
    )


def seat_picker(pt) -> str:
    """The select of the learner's seat in the first hand."""
    seats = "".join(
        f'<option value="{x.letter}"{" selected" if x == pt._place else ""}>{esc(B(x.zh, x.en))}</option>'
        for x in SEATS
    )
    return (
        f'<label>{esc(B("首局座位", "first seat"))} <select data-act="seat" '
        f'title="{esc(B("换座位会重新开始比赛", "changing the seat starts a new match"))}">{seats}</select></label> '
    )


RESTART_NOTE = ("（换规则、座位或对手会重新开始比赛）", "(a new rule set, seat or opponents start a new match)")


def _controls(pt, live: bool, pick: str | None = None, after: str = "") -> str:
    """The pickers (``pick``: other HTML in their place, and ``after`` below them: the ladder's table),
    what is special about the rule set, the notices and the status line."""
    tb, rs = pt.table, pt.table.rules
    if pick is None and live:
        pick = (
            f"{rules_picker(pt)}{seat_picker(pt)}{_level_picker(pt)}{_coach_picker(pt)}"
            f"<small>{esc(B(*RESTART_NOTE))}</small>"
        )
    elif pick is None:
        pick = f"<span>{esc(B(*_rules_words(rs)))}</span>"
    sp = special(rs)
    special_html = (
        f'<div class="mj-note" data-special="{rs.name}">{esc(B("这套规则的特点", "What is special here"))}: '
        f"{esc(B(*sp))}</div>"
        if sp
        else ""
    )
    wild = (
        f'<span data-wild="{tb.wild}">{esc(B("百搭", "wild"))} '
        f"{tile_tag(tb.wild, live=live, width=22)} {esc(B(*_tile_words(tb.wild)))}</span>"
        if tb.wild is not None
        else ""
    )
    who = pt._who() if tb.phase != "over" else None
    turn = (
        esc(B("这一局结束", "the hand is over"))
        if who is None
        else esc(B(f"轮到{who.player_zh}", f"{who.en} to play"))
        if who != pt.me
        else f"<b>{esc(B(*(_turn.status_words(tb, pt.me, pt._start_answered, pt._options()) or ('轮到你', 'your turn'))))}</b>"
    )
    work = (f' data-work="{pt.work_ms}"' + (' data-busy="1"' if busy(pt) else "")) if live else ""
    n = pt.wall_left
    status = (
        f'<div class="mj-status"{work}><span>{esc(B(f"第 {pt.hand_no} 局", f"hand {pt.hand_no}"))} · '
        f"{term_html('圈风', B(f'圈风 {Seat.of(tb.prevalent_wind).zh}', f'round wind {Seat.of(tb.prevalent_wind).en}'))}"
        f'</span><span data-you="{pt.me.letter}">{esc(B(f"你坐{pt.me.player_zh}", f"you are {pt.me.en}"))}</span>'
        f'<span data-wall="{n}">{esc(B(f"牌墙还剩 {n} 张", f"{n} tiles left in the wall"))}</span>'
        f'{wild}<span data-turn="{"" if who is None else who.letter}">{turn}</span></div>'
    )
    same = (
        f'<div class="mj-note" data-level-same="1">{esc(B("这套规则下，进阶的电脑玩家和入门的打法一样（只有国标麻将里它们更强）。", "Under these rules the strong computer players play like the basic ones (they are stronger under the Chinese Official rules only)."))}</div>'
        if pt._level == "strong" and rs.name not in PROFILES
        else ""
    )
    return f'<div class="mj-controls">{pick}</div>{after}{special_html}{same}{_notices(pt)}{status}'


def _coach_picker(pt) -> str:
    """The coach's mode: off, advice when asked, advice at every decision."""
    names = {"off": ("关", "off"), "ask": ("问了才说", "ask me"), "on": ("一直提示", "always on")}
    opts = "".join(
        f'<option value="{m}"{" selected" if m == pt.coach_mode else ""}>{esc(B(*names[m]))}</option>'
        for m in ("off", "ask", "on")
    )
    hint = B(
        "问了才说：每次要做决定时可以按“问教练”，先看教练的排序；一直提示：每次决定前都显示。做完决定后教练都会点评。",
        "ask me: at each decision, press 'ask the coach' to see its ranking first; always on: shown before every "
        "decision. After each decision the coach gives its verdict.",
    )
    return (
        f'<label title="{esc(hint)}">{esc(B("教练", "coach"))} <select data-act="coach_mode" '
        f'title="{esc(hint)}">{opts}</select></label> '
    )


def _level_picker(pt) -> str:
    """The computer players' level: a select whose hint says what the stronger level does."""
    opts = "".join(
        f'<option value="{n}"{" selected" if n == pt._level else ""}>{esc(B(lv.zh, lv.en))}</option>'
        for n, lv in LEVELS.items()
    )
    hint = B(
        "新手像刚学的人：见牌就吃碰杠，不管番种也不防守；入门按向听数打牌；进阶的电脑玩家只在国标麻将里"
        "打得更强：它们用教练的算法追求 8 番以上的和牌，后面也会防守，其他规则下和入门一样。换对手会重新开始比赛。",
        "Beginners play like new learners: they claim every tile they can and ignore fans and danger; basic "
        "players play by shanten; strong computer players play better only under the Chinese Official rules "
        "(MCR): they use the coach's reckoning to aim at wins worth 8 points and defend late in the hand; under "
        "the other rule sets they play like basic ones. Changing the opponents starts a new match.",
    )
    return (
        f'<label title="{esc(hint)}">{esc(B("对手", "opponents"))} <select data-act="level" '
        f'title="{esc(hint)}">{opts}</select></label> '
    )


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
    hidden = s != pt.me and tb.phase != "over"  # another player's concealed kong: face down until the end
    ms = "".join(_meld_tag(m, live, width, hidden) for m in tb.melds[s])
    fl = "".join(tile_tag(x, live=live, width=width) for x in tb.flowers[s])
    if ms and labels:
        ms = f'<span class="mj-lbl">{esc(B("你亮出的牌组", "your sets on the table"))}</span>{ms}'
    if fl:
        fl = (
            f'<span class="mj-flw" data-flowers="{len(tb.flowers[s])}"><span class="mj-lbl">'
            f"{_glossed(esc(B('花牌', 'flowers')))}</span>{fl}</span>"
        )
    return ms + fl


def _table(pt, live: bool) -> str:
    tb = pt.table
    who = pt._who() if tb.phase != "over" else None
    boxes = []
    for k in (3, 2, 1):
        s = Seat.of((int(pt.me) + k) % 4)
        over = tb.phase == "over"
        hidden = sum(tb.hands[s][:34])
        hand = (
            "".join(tile_tag(x, live=live, width=20) for x in tb.concealed(s))
            if over
            else '<span class="mj-back">'
            + "".join(tile_tag(None, live=live, width=15) for _ in range(hidden))
            + "</span>"
        )
        boxes.append(
            f'<div class="mj-opp{" mj-turn" if who == s else ""}" data-seat="{s.letter}">'
            f'<div class="mj-name" data-score="{seat_score(pt, s):+g}">{_seat_name(pt, s)}</div>'
            f'<div class="mj-row">{hand} {_melds(pt, s, live, 20)}</div>{_pond(pt, s, live)}</div>'
        )
    return f'<div class="mj-opps">{"".join(boxes)}</div>'


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
            why = f' title="{esc(B(*_turn.on_deal_words(tb, me)))}"' if o == "on_deal" else ""
            buttons.append(
                f'<button class="mj-chip" data-act="call" data-arg="{esc(o)}"{why}>{pic}{esc(B(*_call_label(o)))}</button>'
            )
    hint = ""
    if tb.phase == "discard" and tb.turn == me:
        hint = esc(B("点一张牌打出", "click a tile to discard it"))
    elif claim:
        zh, en = _tile_words(x)
        hint = f"{esc(B(f'可以要这张{zh}吗？', f'claim this {en}?'))} {tile_tag(x, live=live, width=30, cls='mj-last')}"
    acts = f'<div class="mj-acts" data-waiting="{pt.waiting}">{hint}{"".join(buttons)}</div>'
    if live and "on_deal" in pt._options():  # what the on-deal win is, beside its button
        acts += f'<div class="mj-note" data-on-deal-why="1">{esc(B(*_turn.on_deal_words(tb, me)))}</div>'
    acts += on_deal_html(pt)
    notes = [m for _, m in pt._refused_wins]
    why_not = pt._win_refusal()
    if why_not:
        notes.append(why_not)
    acts += "".join(f'<div class="mj-note" data-refused="1" style="color:#ffe3a3">{esc(m)}</div>' for m in notes)
    if tb.phase != "over":
        acts += _overruled_html(pt)
    melds = _melds(pt, me, live, 30, labels=True)
    return (
        f'<div class="mj-me{" mj-turn" if pt.waiting else ""}" data-seat="{me.letter}">'
        f'<div class="mj-name" data-score="{seat_score(pt, me):+g}">{_seat_name(pt, me)}</div>'
        f"{_pond(pt, me, live, B('你打出的牌', 'your discards'))}"
        + (f'<div class="mj-row">{melds}</div>' if melds else "")
        + f'<div class="mj-row mj-hand">{"".join(cells)}</div>{acts}</div>'
    )
