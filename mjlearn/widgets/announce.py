"""What a screen reader says at the play table: each event of the hand, and what the learner may
do now, one short bilingual sentence each.

The sentences are the table's own events (:mod:`mjlearn.table.events`) with their tiles in words, as
the walk-through writes them (:func:`~mjlearn.widgets.replay_words.in_words`): "West discards 3 Bamboo. 西家打出三条。". Only what
the learner's seat can see is said: another player's draws, replacement tiles and concealed kongs keep
their tiles hidden, the deal's setup is left out. The learner's own decision ends each batch: "You may
pung or pass. 你可以碰或过。".

:func:`live_region` renders them for the front end (``static/mj.js``), which keeps one
``aria-live="polite"`` region and appends only the sentences it has not said yet: each has a number
that grows through the hand (event ``i`` is ``2 * i + 1``, the decision after ``k`` events ``2 * k``),
and the hand has a token of its own, so a new hand starts the count again.
"""

from __future__ import annotations

import re

from ..mcr.profiles import PROFILES
from ..seats import Seat
from ..table.events import (
    Declared,
    DiceThrown,
    Discarded,
    Drew,
    Event,
    FlowerReplaced,
    Konged,
    ReplacementDrawn,
    TilesDealt,
    WallBroken,
    WallBuilt,
    Won,
)
from ._base import B, esc
from ._words import _call_label
from .replay_words import _HAND_TOKEN, fan_zh, in_words

__all__ = ["KEEP", "Line", "announcements", "event_words", "live_region", "prompt_words"]

KEEP = 60
"""The most sentences one rendering carries (the front end keeps what it has said)."""

Line = tuple[int, str, str]
"""One sentence: its number in the hand, Chinese, English."""

_SETUP = (WallBuilt, DiceThrown, WallBroken, TilesDealt)
"""The deal's mechanics: not said (the learner reads his own tiles at the hand)."""
_OPEN_DECLARATIONS = ("decline", "on_deal", "grab_gold")
"""Another player's declarations said as such; his claims and wins are said by the meld or the win."""
_HAND_AFTER = re.compile(r"[:：]\s*(?:" + _HAND_TOKEN.pattern + ")")
"""A win's hand after its colon, as the table writes it."""


def _words(e: Event, mcr: bool) -> tuple[str, str]:
    zh, en = e.zh, e.en
    if isinstance(e, Won):  # the winning hand is left out (the end screen draws it)
        zh, en = _HAND_AFTER.sub("", zh), _HAND_AFTER.sub("", en)
        if mcr:
            zh = fan_zh(zh)
    return in_words(zh, html=False), in_words(en, html=False)


def event_words(e: Event, me: Seat, mcr: bool = False) -> tuple[str, str] | None:
    """The event as the learner in seat ``me`` hears it (zh, en), or None when it is not said: the
    deal's mechanics, another player's draws, passes and claims (the meld that follows says them).
    ``mcr``: the rule set counts 番 (a win's total is said in 番 in Chinese)."""
    if isinstance(e, _SETUP):
        return None
    seat = getattr(e, "seat", None)
    mine = seat == me
    if isinstance(e, (Drew, ReplacementDrawn)) and not mine:
        return None
    if isinstance(e, Declared) and not mine and e.action not in _OPEN_DECLARATIONS:
        return None
    if isinstance(e, FlowerReplaced) and not mine:  # the flower is shown, the replacement is not
        fl = e.flower
        return (
            f"{e.seat.player_zh}补花：亮出{fl.zh}。",
            f"{e.seat.en} shows the flower {fl.en} and draws a replacement.",
        )
    if isinstance(e, Konged) and e.kind == "concealed" and not mine:
        return f"{e.seat.player_zh}暗杠。", f"{e.seat.en} makes a concealed kong."
    return _words(e, mcr)


def _start(log, me: Seat) -> int:
    """Where the sentences since the learner's last decision begin (that decision included)."""
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if isinstance(e, (Discarded, Declared)) and e.seat == me:
            return i
    return 0


def prompt_words(pt) -> tuple[str, str] | None:
    """What the learner may do now (zh, en): discard (and which kongs or win besides), which claims on
    a discard, take or leave the last wall tile; at the end, that the hand is over and what he got."""
    tb = pt.table
    if tb.phase == "over":
        pay = (tb.payments or {}).get(pt.me.letter)
        if pay is None:
            return "这一局结束。", "The hand is over."
        return f"这一局结束，你得 {pay:+g}。", f"The hand is over: you get {pay:+g}."
    labels = [_call_label(o) for o in pt._options()]
    zh_or = "或".join(zh for zh, _ in labels)
    en_or = " or ".join(en for _, en in labels)
    if pt.waiting == "discard":
        if labels:
            return f"轮到你：打出一张牌，也可以{zh_or}。", f"Your turn: discard a tile, or {en_or}."
        return "轮到你：打出一张牌。", "Your turn: discard a tile."
    if pt.waiting in ("claim", "draw") and labels:
        return f"你可以{zh_or}。", f"You may {en_or}."
    return None


def announcements(pt) -> list[Line]:
    """The sentences since the learner's last decision, the decision now last (at most :data:`KEEP`)."""
    tb, me = pt.table, pt.me
    mcr = tb.rules.name in PROFILES
    log = tb.log
    out: list[Line] = []
    for i in range(_start(log, me), len(log)):
        words = event_words(log[i], me, mcr)
        if words is not None:
            out.append((2 * i + 1, *words))
    ask = prompt_words(pt)
    if ask is not None:
        out.append((2 * len(log), *ask))
    return out[-KEEP:]


def live_region(pt) -> str:
    """The sentences as HTML for the front end's live region: one ``<p data-n>`` each, in the
    learner's language first, within a ``<div data-hand>`` naming the hand."""
    items = "".join(f'<p data-n="{n}">{esc(B(zh, en))}</p>' for n, zh, en in announcements(pt))
    return f'<div data-hand="{id(pt.table):x}">{items}</div>'
