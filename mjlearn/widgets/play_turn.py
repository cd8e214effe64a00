"""What the learner may do now at the play table: pure functions of the table and the learner's seat.

The legal actions as the ``call`` arguments the browser sends (each chow, kong, win, pass, draw, the
offers right after the deal), what the learner is waiting to do, and why a hand whose shape is complete
is not a win here (the rule set's reason, e.g. under 8 points). Nothing here changes the table;
:class:`~mjlearn.widgets.play.PlayTable` acts on them.
"""

from __future__ import annotations

from ..seats import Seat
from ..table import IllegalActionError, Table
from ..tiles import TILES, Tile
from ._base import B
from ._words import _CALL_EN, _CALL_ZH

__all__ = ["on_deal_words", "options", "refused_discard", "start_offers", "status_words", "waiting", "win_refusal"]


def start_offers(tb: Table, me: Seat, answered: bool) -> list[str]:
    """An on-deal win or the gold to grab, offered to the learner right after the deal and not yet
    ``answered``."""
    if answered or not (tb.facts.on_deal_wins or tb.facts.gold_grab) or tb.phase == "over":
        return []
    return [o for o in tb.options(me) if o in ("on_deal", "grab_gold")]


def options(tb: Table, me: Seat, answered: bool) -> list[str]:
    """The learner's legal actions now as ``call`` arguments (discards aside); ``answered``: the
    offers right after the deal have been answered."""
    if tb.phase == "over":
        return []
    out = []
    opts = tb.options(me)
    if tb.phase in ("claim", "rob"):
        if me not in tb.pending:
            return []
        for o in opts:
            if o == "chow":
                out += [f"chow {s}" for s in tb.chow_options(me)]
            else:
                out.append(o)
        return out
    if tb.phase == "discard" and tb.turn == me:
        h = tb.hands[me]
        out += [f"kong {TILES[i]}" for i in range(34) if h[i] and tb.can_kong(me, TILES[i])]
        if "win" in opts:
            out.append("win")
    if tb.phase == "draw" and tb.turn == me:
        out += ["draw", "pass"] if tb.haidi_offered else ["draw"]
    start = [o for o in opts if o in ("on_deal", "grab_gold")]
    out += start
    if start and start_offers(tb, me, answered) and not (tb.phase == "discard" and tb.turn == me):
        out.append("pass")  # let it go: the dealer plays on
    return out


def waiting(tb: Table, me: Seat, answered: bool) -> str:
    """What the learner must do now: ``"discard"``, ``"claim"``, ``"draw"`` or '' (nothing, or the
    hand is over)."""
    if tb.phase == "over":
        return ""
    if tb.phase == "discard" and tb.turn == me:
        return "discard"
    if tb.phase in ("claim", "rob") and me in tb.pending:
        return "claim"
    if tb.phase == "draw" and tb.turn == me:
        return "draw"
    if start_offers(tb, me, answered):
        return "claim"  # an on-deal win or the gold offered: answer it
    return ""


def refused_discard(tb: Table, me: Seat, x: Tile) -> str | None:
    """Why the discard ``x``, which completes the shape of the learner's hand, is not a win for him
    (the rule set's reason), or None."""
    c = list(tb.hands[me][:34])
    c[x.index] += 1
    if tb.judging.shape_ok(me, c):
        ok, en, zh, *_ = tb.judging.judge(me, x)
        if not ok:
            return B(
                f"{x.zh}能凑成你的牌型，但不能和：{zh}",
                f"{x.en} completes your hand's shape but is not a win here: {en}",
            )
    return None


def win_refusal(tb: Table, me: Seat) -> str | None:
    """Why the learner's complete-looking hand cannot win now, or None."""
    if tb.phase == "discard" and tb.turn == me and tb._drawn is not None:
        if not tb.judging.shape_ok(me, tb.hands[me][:34]) or "win" in tb.options(me):
            return None
    elif tb.phase == "claim" and me in tb.pending:
        c = list(tb.hands[me][:34])
        c[tb._claimed_from()[1].index] += 1
        if not tb.judging.shape_ok(me, c) or "win" in tb.options(me):
            return None
    else:
        return None
    try:
        tb.verify_win(me)
    except IllegalActionError as e:
        return B(f"你的牌型已经完整，但不能和：{e.zh}", f"Your hand's shape is complete but it is not a win: {e.en}")
    return None


def status_words(tb: Table, me: Seat, answered: bool, options: list[str]) -> tuple[str, str] | None:
    """What the learner is asked now when it is not simply his turn to discard (zh, en): another
    player's discard to claim or pass ("West discarded 3 Bamboo: pung 碰 or pass 过?"), an added kong
    to rob, Changsha's last wall tile, an offer right after the deal. None otherwise."""
    acts = []
    for o in options:
        w = o.split()[0]
        if w not in acts:
            acts.append(w)
    if not acts:
        return None
    zh = "、".join(_CALL_ZH[w] for w in acts if w != "pass")
    en = ", ".join(f"{_CALL_EN[w]} {_CALL_ZH[w]}" for w in acts if w != "pass")
    if "pass" in acts:
        zh, en = (f"{zh}还是过", f"{en} or pass 过") if zh else ("只能过", "only pass 过")
    if tb.phase == "claim" and me in tb.pending:
        who, x = tb._claimed_from()
        return f"{who.player_zh}打出{x.zh}：{zh}？", f"{who.en} discarded {x.en}: {en}?"
    if tb.phase == "rob" and me in tb.pending:
        who, x = tb._claimed_from()
        return (
            f"{who.player_zh}加杠{x.zh}：抢杠和还是过？",
            f"{who.en} adds a kong of {x.en}: rob it to win or pass 过?",
        )
    if tb.phase == "draw" and tb.turn == me and tb.haidi_offered:
        return "牌墙最后一张（海底）：要还是不要？", "The last tile of the wall (海底): take it 要 or pass 过?"
    if start_offers(tb, me, answered) and not (tb.phase == "discard" and tb.turn == me):
        return f"刚发完牌：{zh}？", f"Right after the deal: {en}?"
    return None


def on_deal_words(tb: Table, me: Seat) -> tuple[str, str]:
    """What declaring the on-deal win (Changsha 起手小胡) does for the learner now (zh, en): the patterns
    his dealt tiles show, what each player pays, and that the hand goes on."""
    r = tb.judging.on_deal_result(me)
    items_zh = "、".join(i.zh for i in r.items)
    items_en = ", ".join(f"{i.en} {i.zh}" for i in r.items)
    got = r.payments.get(me.letter, 0)
    return (
        f"起手小胡：你发到的牌已经有{items_zh}。报出来就亮牌，当场按小胡自摸收钱（你收 {got:g}），"
        f"然后这一局照常继续，你还可以再和。",
        f"On-deal win (起手小胡): your dealt tiles already show {items_en}. Declare it to show them and be paid "
        f"at once like a small self-drawn win (you receive {got:g}); the hand then goes on as usual and you "
        f"can still win it.",
    )
