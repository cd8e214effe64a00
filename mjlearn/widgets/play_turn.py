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

__all__ = ["options", "refused_discard", "start_offers", "waiting", "win_refusal"]


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
