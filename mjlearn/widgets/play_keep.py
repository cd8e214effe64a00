"""The hand's record at the play table (:func:`hand_record`: what is saved, reviewed and kept, with the wins
made on the learner's discard), and a finished hand kept in the learner's progress: its result for the
personal profile and its costly decisions as review items (:meth:`mjlearn.quiz.progress.ProgressStore.keep_hand`).

The table calls :func:`keep` once, when a hand ends. ``keep`` of the table: False (nothing kept), True
(the learner's default progress store, opened for the moment it writes) or a store already open. A store
that cannot be written is said in one line on the table; the game goes on."""

from __future__ import annotations

from ..errors import MjlearnError
from ..mcr.profiles import PROFILES
from ..quiz.progress import ProgressStore
from ..table.render import outcome_text
from ._base import B
from .review import REVIEW_FORMAT

__all__ = ["dealt_in", "hand_record", "keep", "outcome"]


def hand_record(pt) -> dict:
    """The annotated record of the current hand at the play table ``pt`` (JSON-ready): what
    :meth:`~mjlearn.widgets.play.PlayTable.save` writes, the review reads and :func:`keep` keeps.
    ``dealt_in``: the wins made on the learner's discard (:func:`dealt_in`)."""
    tb, rs = pt.table, pt.table.rules
    over = tb.phase == "over"
    unit = ("分", "points") if rs.name in PROFILES else rs.unit
    return {
        "format": REVIEW_FORMAT,
        "version": 1,
        "rules": rs.name,
        "rules_zh": rs.zh,
        "rules_en": rs.en,
        "seat": pt.me.letter,
        "hand": pt.hand_no,
        "shuffle": tb.seed,
        "prevalent_wind": tb.prevalent_wind,
        "over": over,
        "outcome": outcome_text(tb) if over else "",
        "payments": tb.payments if over else None,
        "dealt_in": dealt_in(tb, pt.me) if over else [],
        "mcr": rs.name in PROFILES,
        "unit": {"zh": unit[0], "en": unit[1]},
        "dealt": pt._dealt,
        "decisions": pt.decisions,
    }


def dealt_in(table, me) -> list[dict]:
    """The wins of the hand made on the learner's discard or by robbing his added kong, from the table's
    own wins: each ``{"tile", "winner", "robbed"}`` (the tile in notation, the winner's seat letter in
    this hand, whether it was a kong robbed)."""
    return [
        {"tile": str(w.tile), "winner": w.seat.letter, "robbed": bool(w.win_context.kong)}
        for w in table.winners
        if w.from_seat == me
    ]


def outcome(table, me) -> dict:
    """The learner's result of a finished hand: won, dealt in (a win on the learner's discard), net points
    and the fans (items) of the learner's win, each ``"zh|en"``."""
    mine = [w for w in table.winners if w.seat == me]
    fans = []
    for w in mine:
        for i in getattr(w.result, "items", None) or ():
            fans.append(f"{getattr(i, 'zh', '')}|{getattr(i, 'en', '')}")
    return {
        "won": bool(mine),
        "dealt_in": bool(dealt_in(table, me)),
        "points": float(table.payments.get(me.letter, 0)),
        "fans": fans,
    }


def keep(widget) -> tuple[int, int] | None:
    """Keep the widget's finished hand where its ``keep`` says; (hand id, decisions kept), also set as the
    widget's ``kept``, or None. A
    failure is set as the table's one-line error, never raised: the hand played is not lost (its record
    stays on the table, :meth:`~mjlearn.widgets.play.PlayTable.save` writes it)."""
    where = getattr(widget, "_keep", False)
    widget.kept = None
    if where is False or where is None:
        return None
    try:
        store = ProgressStore() if where is True else where
        try:
            widget.kept = store.keep_hand(widget.record(), **outcome(widget.table, widget.me))
            return widget.kept
        finally:
            if where is True:
                store.close()
    except MjlearnError as e:
        widget.last_error = B(
            "这一局没能存进你的进度（可以用 save() 存成文件）：" + str(e).splitlines()[0][:200],
            "This hand could not be kept in your progress (save() writes it to a file): "
            + str(e).splitlines()[0][:200],
        )
        return None
