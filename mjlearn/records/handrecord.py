"""One seat of a Botzone game as the hand record mjlearn's review and step viewer read (the record
:meth:`~mjlearn.widgets.play.PlayTable.save` writes: ``format`` ``"mjlearn-review"``, version 1).

Each decision of the seat is listed in order, as the table records a learner's: every discard with
the hand it was made from, every claim or pass on a discard the seat could claim (with its options),
every kong and the win; ``wall_left`` counts the tiles left in Botzone's four walls. A record of
another program's game carries no coach's ratings: the review
lists the decisions, the step viewer walks through them, and the coach can be asked of each.
"""

from __future__ import annotations

from ..seats import SEATS
from ..table import render
from ..tiles import TILES
from .model import Game, from_botzone
from .replay import play_actions, table_for

__all__ = ["REVIEW_FORMAT", "hand_record"]

REVIEW_FORMAT = "mjlearn-review"
"""The saved hand's format name (the same as :data:`mjlearn.widgets.review.REVIEW_FORMAT`)."""

_CALL = {"Chi": "chow", "Peng": "pung", "Gang": "kong", "Hu": "win"}


def hand_record(game: Game, seat: int, *, rate=None) -> dict:
    """The hand record of ``seat`` (0-3: East, South, West, North) in ``game``: JSON-ready, read by
    ``mjlearn.widgets.replay_review`` and ``Review``. Raises the table's ``IllegalActionError`` for a
    game mjlearn's table refuses (check it first with :func:`~mjlearn.records.check_game`).

    ``rate(table, decision)``, if given, is called with each decision before it is listed, the table
    as the seat found it (the decision not yet made), to add the coach's ratings to it
    (:func:`mjlearn.widgets.record_review.rated_record`)."""
    if not (isinstance(seat, int) and 0 <= seat <= 3):
        raise ValueError(f"a seat is 0-3, not {seat!r}")
    me = SEATS[seat]
    tb = table_for(game)
    acts = game.actions
    decisions: list[dict] = []
    dealt = tb.hand_of(me)

    drawn_before = [0]
    for a in acts:  # Botzone's four walls hold 136 tiles: 52 dealt, then one per draw
        drawn_before.append(drawn_before[-1] + (a.kind == "Draw"))
    at = [0]

    def add(d: dict, t) -> None:
        if rate is not None:
            rate(t, d)
        d["n"] = len(decisions) + 1
        d["wall_left"] = 136 - 52 - drawn_before[at[0] + 1]
        decisions.append(d)

    def watch(t, i: int, stage: str) -> None:
        at[0] = i
        a = acts[i]
        if stage == "claims":
            if me not in t.pending:
                return
            nxt = acts[i + 1] if i + 1 < len(acts) else None
            mine = None
            if nxt is not None and nxt.kind in _CALL:
                if nxt.player == seat:
                    mine = (nxt.kind, nxt.tile)
                mine = mine or next(((v, u) for q, v, u in nxt.ignored if q == seat), None)
            options = sorted(t.claim_options(me))
            tile = str(from_botzone(a.tile))
            if mine is None:
                choice = "pass"
            else:
                verb = _CALL[mine[0][0].upper() + mine[0][1:].lower()]
                choice = f"chow {TILES[from_botzone(mine[1]).index - 1]}" if verb == "chow" else verb
            add({"kind": "claim", "choice": choice, "tile": tile, "options": options, "hand": t.hand_of(me)}, t)
            return
        if a.player != seat:
            return
        if a.kind == "Play":
            add({"kind": "discard", "choice": str(from_botzone(a.tile)), "hand": t.hand_of(me)}, t)
        elif a.kind in ("AnGang", "BuGang"):
            add({"kind": "kong", "choice": str(from_botzone(a.tile)), "options": [], "hand": t.hand_of(me)}, t)
        elif a.kind == "Hu" and t.phase == "discard":
            add({"kind": "win", "choice": "", "options": [], "hand": t.hand_of(me)}, t)

    play_actions(tb, acts, watch=watch)
    over = tb.phase == "over"
    return {
        "format": REVIEW_FORMAT,
        "version": 1,
        "rules": "mcr",
        "rules_zh": "国标麻将",
        "rules_en": "Mahjong Competition Rules",
        "seat": me.letter,
        "hand": 1,
        "shuffle": None,
        "source": {"botzone_match": game.match, "player": seat},
        "prevalent_wind": "ESWN"[game.wind],
        "over": over,
        "outcome": render.outcome_text(tb) if over else "",
        "payments": tb.payments if over else None,
        "mcr": True,
        "unit": {"zh": "分", "en": "points"},
        "dealt": dealt,
        "decisions": decisions,
    }
