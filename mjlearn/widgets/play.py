"""Play a hand by clicking: the learner takes one seat, computer players the other three.

:class:`PlayTable` (``mj.play(rules="mcr", seat="E")``) deals a hand of any registered rule set. The
computer players move until the learner must act: draws are automatic, a click on one of the
learner's tiles discards it, a claim on a discard is one button per legal option (each chow, pung,
kong, win, pass), and the learner's own kongs and wins are buttons on his turn. Flowers are
replaced by the table itself; the wild tile, each seat's discards (claimed ones faded), the tiles
left in the wall and whose turn it is are shown. At the end: the rule set's verdict, the winning
hand drawn as tiles, its items, total and payments, and "next hand" continues a
:class:`~mjlearn.table.Session` (running scores, dealer rotation). The computer players play at the
level picked beside the rule set (``level``: ``"beginner"``, ``"basic"`` or ``"strong"``,
:data:`mjlearn.coaching.LEVELS`, seated by :func:`mjlearn.coaching.make_bots`; strong differs from basic
under MCR only); a new level, like a new rule set or seat, starts a new match, and a name that is no
level is refused with the levels listed, the match kept as it was.

When a chance to win is 0 the panel says why, from the coach's own reason (under MCR: no win worth 8
points in reach; a ready hand's best win scored by the engine, with its fans), and it is never marked
good; when the coach's discard keeps tiles for a fan the learner's choice reaches less often, one line
names the fan (:func:`~mjlearn.widgets.review.aim_words`).

The coach (:func:`mjlearn.coach`, fed by :func:`mjlearn.coaching.from_table`: only what the
learner's seat can see) rates every decision the learner makes, by the method and with the error
that :mod:`mjlearn.coaching` documents (its own draws, one fixed policy, exact at shanten 0 or 1,
simulated with :data:`COACH_TRIALS` draw orders above). Each option gets its chance to win (under
MCR wins of 8 points or more; elsewhere the legal wins), its expected value in the rule set's unit
(shown outside MCR) and its live useful tiles; the best is the highest chance, then the highest
expected value, then the most live useful tiles:

* a *discard*: every discard of the 14 tiles (:func:`mjlearn.coach`); the panel sets the choice
  beside the best discard (shanten before and after, useful tiles with live counts, chance, likely
  fans);
* in one's own turn with a *kong* (concealed or added) or a *win* to declare: each kong by
  :func:`mjlearn.coaching.after_kong` (the kong made, one draw more for the replacement, its fans
  scored), a legal win with chance 1 and its total as value, beside the best discard; declining
  a win costs 1 less the best discard's chance. A discard made while a better kong or win was on
  offer is costed against that;
* a *discard to answer* (each chow, pung, kong, win, pass) or an added kong to rob: a chow or pung
  by the coach's best discard after it, a kong by :func:`~mjlearn.coaching.after_kong` on the
  discard, passing by :func:`mjlearn.coaching.standing` (the 13 tiles kept), a win with chance 1;
* right after the deal, an *on-deal win* (Changsha 起手小胡) or the *gold to grab* (Fuzhou street
  抢金), offered to a learner who is not the dealer before the dealer plays: the on-deal win keeps
  the hand's chance and adds its payment to the value; grabbing the gold is a win;
* Changsha's *last wall tile* offered: taking it is one draw (its chance: live winning tiles among
  the unseen), passing gives it up (the risk of then discarding it is not modelled).

Every rating carries the coach's reason in one sentence in both languages
(:func:`mjlearn.coaching.reasons.explain`: the route to a win it keeps or breaks, the useful tiles
gained or lost, late in the hand the danger of a discard) and the likeliest routes of its best option
with the tiles they still need. The coach's mode (``coach``: :data:`COACH_MODES`) also gives advice
*before* the learner acts: "ask" puts an "ask the coach" button at every decision (discards, claims,
kongs, wins), "on" shows the advice at once: the options best first as the coach ranks them
(:meth:`PlayTable.advice`), with the reason the best leads.

The review after the hand (every decision with its cost, the three costliest drawn as tiles with
the better choice and why, a step through the decisions) is :mod:`mjlearn.widgets.review`, which
the panel shares its judgements with; :meth:`PlayTable.save` writes the annotated record as JSON
and :func:`~mjlearn.widgets.review.load_review` reads it back. The words and tile pictures are
:mod:`mjlearn.widgets._words`. :class:`PlayTable` holds the session control (the hand, the learner's
turn, the computer players' moves); :mod:`mjlearn.widgets.play_turn` says what the learner may do now
(and why a complete shape is no win), :mod:`mjlearn.widgets.play_rating` rates each decision with the
coach, and :mod:`mjlearn.widgets.play_view` draws the regions as pure functions of the table's state
(the coach panel in :mod:`mjlearn.widgets.play_coach_panel`, the end of the hand in
:mod:`mjlearn.widgets.play_outcome`).

Everything is decided in Python: the tests drive :meth:`PlayTable.handle` with the messages the
browser sends (``{"act": "discard", "arg": "5m"}``, ``{"act": "call", "arg": "pung"}``...).
"""

from __future__ import annotations

import json
import random as _random
import time
from pathlib import Path

import traitlets as t

from .. import i18n
from ..coaching import LEVELS, make_bots
from ..coaching import from_table as _from_table
from ..rules.registry import get as _get_rules
from ..rules.registry import names as _rule_names
from ..seats import SEATS, Seat
from ..table import IllegalActionError, Session
from ..tiles import tile as _tile
from . import announce as _announce
from . import play_coach_panel as _panel
from . import play_keep as _keep
from . import play_turn as _turn
from . import play_view as _view
from ._base import B, MjWidget, esc, flag, integer, no_arg, one_of, text

# names importable from here as before (tests and tools import them from play)
from ._words import _CALL_ZH, _STYLE, _call_label, _useful_html  # noqa: F401
from .play_coach_panel import COACH_MODES
from .play_rating import (
    COACH_TRIALS,  # noqa: F401
    DecisionRater,
    rate,
    rate_discard,
    reason_words,
)
from .review import (  # noqa: F401
    REVIEW_FORMAT,
    Review,
    _cost_cell,
    _costed,
    aim_words,
    load_review,
    msg_cost,
    review_html,
    review_text,
    same_within_error,
    why,
    worst,
    zero_words,
)

__all__ = ["COACH_MODES", "PlayTable", "Review", "load_review", "review_html", "review_text"]


class PlayTable(MjWidget):
    """A hand of mahjong the learner plays by clicking, with a coach and a review (see the module).

    ``rules``: any registered rule set; ``seat``: the learner's seat in the first hand (E, S, W, N);
    ``seed``: the shuffles (None: a random one); ``coach``: :data:`COACH_MODES` (True "ask", False "off").

    Front-end messages: ``discard`` (a tile), ``call`` (``"chow 3m"``, ``"pung"``, ``"kong"``,
    ``"kong 5m"``, ``"win"``, ``"pass"``, ``"draw"``, ``"on_deal"``, ``"grab_gold"``), ``next`` (the
    next hand of the session), ``coach`` (on/off), ``coach_mode``, ``ask`` (advice now), ``step`` (a
    decision of the review), ``rules`` and ``seat`` (a new game).
    """

    messages = {
        **MjWidget.messages,
        "discard": {"arg": text},
        "call": {"arg": text},
        "next": {"arg": no_arg},
        "coach": {"arg": flag},
        "coach_mode": {"arg": one_of(*COACH_MODES)},
        "ask": {"arg": no_arg},
        "step": {"arg": integer(-1, 10_000)},
        "rules": {"arg": one_of(*_rule_names())},
        "seat": {"arg": one_of("E", "S", "W", "N")},
        "level": {"arg": text},  # checked by _act_level, which says what the levels are
    }
    shows_errors = True

    rules = t.Unicode("mcr").tag(sync=True)
    seat = t.Unicode("E").tag(sync=True)
    """The learner's seat in this hand (it moves with the dealer)."""
    coach_on = t.Bool(True).tag(sync=True)
    coach_mode = t.Unicode("ask").tag(sync=True)
    """One of :data:`COACH_MODES`."""
    level = t.Unicode("basic").tag(sync=True)
    """The computer players' level (``"beginner"``, ``"basic"`` or ``"strong"``; :data:`mjlearn.coaching.LEVELS`)."""
    hand_no = t.Int(1).tag(sync=True)
    phase = t.Unicode("").tag(sync=True)
    """The table's phase; ``"over"`` at the end."""
    waiting = t.Unicode("").tag(sync=True)
    """What the learner must do now: ``"discard"``, ``"claim"``, ``"draw"`` or '' (the hand is over)."""
    wall_left = t.Int(0).tag(sync=True)
    work_ms = t.Float(0.0).tag(sync=True)
    """Milliseconds the last action spent on the computer players' moves and the coach."""
    review_at = t.Int(-1).tag(sync=True)

    def __init__(
        self,
        rules: str = "mcr",
        seat: str = "E",
        seed: int | None = None,
        coach: bool | str = True,
        level: str = "basic",
        **kw,
    ):
        _get_rules(rules)
        self._keep = kw.pop("keep", False)  # where a finished hand is kept (play_keep): False, True or a store
        place = Seat.of(seat, name="seat")
        mode = _panel.coach_mode_of(coach)
        if level not in LEVELS:
            raise ValueError(i18n.both(*reversed(_level_refusal(level))))
        self._level = level
        self._seed = _random.randrange(10**6) if seed is None else int(seed)
        self._place = place
        self._new_session(rules)
        super().__init__(rules=rules, coach_on=mode != "off", coach_mode=mode, level=level, **kw)

    # --- the game ----------------------------------------------------------------------------

    def _new_session(self, rules: str) -> None:
        self.session = Session(rules, seed=self._seed)
        self.me: Seat = None  # type: ignore[assignment]  # only until _new_hand below, which reads it as "no seat before"
        self._restarted: str | None = None
        self._new_hand()

    def _new_hand(self, show: bool = False) -> None:
        s = self.session
        self.table = tb = s.next_table()
        self._dealer = s.dealer
        self._prev_me = getattr(self, "me", None)
        self.me = Seat.of((int(self._place) - int(s.dealer)) % 4)
        self._dealt = str(_from_table(tb, self.me)["hand"])  # the dealt tiles (the dealer's 14), flowers aside
        base = tb.seed if tb.seed is not None else 0
        self.bots = make_bots(self._level, base)  # basic: exactly the players play_hand seats by default
        self.decisions: list[dict] = []
        self._coaching = None
        self._before = None
        self._booked = False
        self._refused_wins: list = []
        self._start_answered = False
        self._turn_evals: list | None = None
        self._claim_evals: list | None = None
        self.review_at = -1
        if tb.facts.on_deal_wins or tb.facts.gold_grab:
            for x in SEATS:
                if x != self.me and tb.phase != "over":
                    self.bots[x].start(tb, x)
        self._advance(show)

    def _who(self):
        tb = self.table
        if tb.phase in ("claim", "rob"):
            origin = tb._claimed_from()[0]
            return min(tb.pending, key=lambda s: s.turns_after(origin))
        return tb.turn

    def _advance(self, show: bool = False) -> None:
        """Computer players move until the learner must act or the hand is over; then the coach
        looks at the learner's hand if a discard is due (``show``: each step drawn, :func:`.play_view.staged`)."""
        t0 = time.perf_counter()
        tb, me = self.table, self.me
        moved = _view.staged(self, show)
        while tb.phase != "over":
            seat = self._who()
            if tb.phase == "claim" and me not in tb.pending and tb._claimed_from()[0] != me:
                self._check_refused(tb._claimed_from()[1], len(tb.log))
            if seat == me:
                if tb.phase == "draw" and not tb.haidi_offered:
                    tb.draw(me)
                    continue
                break
            if self._start_offers():  # an on-deal win or the gold to grab: the learner answers first
                break
            self.bots[seat].act(tb, seat)
        _view.staged(self, show, moved)
        rater = DecisionRater(tb, me)
        self._coaching = None
        self._turn_evals = None
        self._claim_evals = rater.claims(self._options) if tb.phase in ("claim", "rob") and me in tb.pending else None
        if tb.phase == "draw" and tb.turn == me and tb.haidi_offered:
            self._claim_evals = rater.last_tile()
        if self._start_offers() and not (tb.phase == "discard" and tb.turn == me):
            self._claim_evals = rater.start(self._start_offers())
        self._kw = None
        if tb.phase == "discard" and tb.turn == me:
            self._kw, self._coaching, self._turn_evals, self._before = rater.own_turn(self._options)
        if tb.phase == "over" and not self._booked:
            self._booked = True
            self.session.record(tb)
            self.review_at = 0 if self.decisions else -1
            _keep.keep(self)  # the hand and its costly decisions into the learner's progress (.kept)
        self._asked = False  # a new decision: the learner asks again for advice on it
        self.work_ms = round((time.perf_counter() - t0) * 1000, 1)

    def advice(self) -> list | None:
        """The options of the decision now, best first, as the coach ranks them (None: no decision)."""
        return _panel.advice_now(self)

    def _start_offers(self) -> list[str]:
        """An on-deal win or the gold to grab, offered to the learner and not yet answered."""
        return _turn.start_offers(self.table, self.me, self._start_answered)

    def _check_refused(self, x, key) -> None:
        """A discard the learner could not claim although it completes his hand: say why (the rule
        set's reason, e.g. under 8 points)."""
        if any(k == key for k, _ in self._refused_wins):
            return
        why_not = _turn.refused_discard(self.table, self.me, x)
        if why_not:
            self._refused_wins.append((key, why_not))

    def _win_refusal(self) -> str | None:
        """Why the learner's complete-looking hand cannot win now, or None."""
        return _turn.win_refusal(self.table, self.me)

    def _state(self) -> None:
        tb = self.table
        self.phase = tb.phase
        self.seat = self.me.letter
        self.hand_no = len(self.session.records) + (0 if self._booked else 1)
        self.wall_left = tb.live_tiles_left() if tb.phase != "setup" else 0
        self.waiting = _turn.waiting(tb, self.me, self._start_answered)

    def handle(self, msg: dict) -> None:
        self.work_ms = 0.0  # set again by the computer players' moves this message causes
        if isinstance(msg, dict) and msg.get("act") in ("discard", "call", "next"):
            self._refused_wins = []
        super().handle(msg)

    def refresh(self) -> None:
        self._state()
        super().refresh()

    def _refuse(self, en: str, zh: str) -> None:
        self.last_error = B(zh, en)

    def _engine(self, fn, *args) -> bool:
        try:
            fn(*args)
        except IllegalActionError as e:
            self._refuse(e.en, e.zh)
            return False
        self.last_error = ""
        return True

    def _record(self, d: dict) -> dict:
        d["n"] = len(self.decisions) + 1
        d["wall_left"] = self.table.live_tiles_left()
        self.decisions.append(d)
        return d

    def _act_discard(self, arg, msg):
        tb, me = self.table, self.me
        try:
            x = _tile(arg)
        except ValueError:
            return self._refuse(f"{arg!r} is not a tile.", f"{arg!r}不是一张牌。")
        coaching, before, evals = self._coaching, self._before, self._turn_evals
        hand = str(_from_table(tb, me)["hand"]) if tb.phase == "discard" and tb.turn == me else None
        if not self._engine(tb.discard, me, x):
            return
        d = {"kind": "discard", "choice": str(x), "hand": hand, "shanten_before": before}
        rate_discard(d, x, coaching, evals, self._kw, reason_words(tb), tb.live_tiles_left())
        self._record(d)
        self._advance(show=True)

    def _act_call(self, arg, msg):
        tb, me = self.table, self.me
        parts = arg.split()
        what = parts[0] if parts else ""
        tile = parts[1] if len(parts) > 1 else None
        if what not in _CALL_ZH:
            return self._refuse(f"{arg!r} is not an action at the table.", f"{arg!r}不是牌桌上的操作。")
        options = self._options()
        phase = tb.phase
        claimed = (
            tb.last_discard[1]
            if phase == "claim" and tb.last_discard
            else (tb._robbing[1] if phase == "rob" and tb._robbing else None)
        )
        try:
            x = _tile(tile) if tile else None
        except ValueError:
            return self._refuse(f"{tile!r} is not a tile.", f"{tile!r}不是一张牌。")
        if phase not in ("claim", "rob", "draw") and (
            what in ("on_deal", "grab_gold")
            or (what == "pass" and self._start_offers() and not (phase == "discard" and tb.turn == me))
        ):
            return self._act_start(what, options)
        fn = {
            "chow": tb.chow,
            "pung": tb.pung,
            "kong": tb.kong,
            "win": tb.win,
            "pass": tb.pass_,
            "draw": tb.draw,
            "on_deal": tb.declare_on_deal,
            "grab_gold": tb.grab_gold,
        }[what]
        args = (me, x) if what in ("chow", "kong") else (me,)
        hand = str(_from_table(tb, me)["hand"]) if phase in ("discard", "claim", "rob", "draw") else None
        turn_evals, claim_evals = self._turn_evals, self._claim_evals
        if not self._engine(fn, *args):
            return
        if phase in ("claim", "rob"):
            d = {"kind": "claim", "choice": arg, "tile": str(claimed), "options": options, "hand": hand}
            rate(d, claim_evals, arg, reason_words(tb))
            self._record(d)
        elif phase == "draw" and claim_evals:  # the last wall tile offered: taken or declined
            d = {"kind": "last_tile", "choice": what, "options": options, "hand": hand}
            rate(d, claim_evals, what, reason_words(tb))
            self._record(d)
        elif what != "draw":
            d = {"kind": what, "choice": str(x) if x else "", "options": options, "hand": hand}
            rate(d, turn_evals, arg, reason_words(tb))
            self._record(d)
        self._advance(show=True)

    def _act_start(self, what: str, options: list) -> None:
        """An on-deal win declared, the gold grabbed, or either let go (before the dealer's first
        discard); the dealer's own on-deal win is declared in his turn and does not end it."""
        tb, me = self.table, self.me
        hand = str(_from_table(tb, me)["hand"])
        own_turn = tb.phase == "discard" and tb.turn == me
        evals = self._turn_evals if own_turn else self._claim_evals
        if what != "pass":
            fn = tb.declare_on_deal if what == "on_deal" else tb.grab_gold
            if not self._engine(fn, me):
                return
        self.last_error = ""
        self._start_answered = True
        d = {"kind": "start", "choice": what, "options": options, "hand": hand}
        rate(d, evals, what, reason_words(tb))  # the dealer declining is his discard, rated there
        self._record(d)
        self._advance(show=True)

    def _act_next(self, arg, msg):
        if self.table.phase != "over":
            return self._refuse("The hand is not over yet.", "这一局还没有结束。")
        self.last_error = ""
        self._new_hand(show=True)

    def _act_coach(self, arg, msg):
        self._act_coach_mode("ask" if arg else "off", msg)

    def _act_coach_mode(self, arg, msg):
        self.coach_mode, self.coach_on = arg, arg != "off"

    def _act_ask(self, arg, msg):
        if not self.waiting:
            return self._refuse("Nothing of yours to advise on now.", "现在没有你要做的决定。")
        self.last_error, self._asked = "", True

    def _act_step(self, arg, msg):
        if self.table.phase == "over" and 0 <= arg < len(self.decisions):
            self.review_at = arg

    def _act_rules(self, arg, msg):
        self.last_error = ""
        self._new_session(arg)
        self.rules = arg
        self._restarted = "rules"

    def _act_level(self, arg, msg):
        if arg not in LEVELS:  # a crafted or stale name: say so, keep the match as it is
            return self._refuse(*_level_refusal(arg))
        self.last_error = ""
        self._level = arg
        self._new_session(self.rules)
        self.level = arg
        self._restarted = "level"

    def _act_seat(self, arg, msg):
        self.last_error = ""
        self._place = Seat.of(arg)
        self._new_session(self.rules)
        self._restarted = "seat"

    def _options(self) -> list[str]:
        """The learner's legal actions now as ``call`` arguments (discards aside)."""
        return _turn.options(self.table, self.me, self._start_answered)

    # --- saving -------------------------------------------------------------------------------

    def record(self) -> dict:
        """The annotated record of the current hand (JSON-ready; :func:`.play_keep.hand_record`)."""
        return _keep.hand_record(self)

    def save(self, path) -> Path:
        """Write the annotated record of this hand as JSON (read it back with :func:`load_review`)."""
        p = Path(path)
        p.write_text(json.dumps(self.record(), ensure_ascii=False, indent=1), encoding="utf-8")
        return p

    def review(self) -> Review:
        return Review(self.record())

    # --- rendering: the pure functions of :mod:`mjlearn.widgets.play_view` -----------------------

    def _layout(self) -> str:
        return _view.layout()

    def _regions(self, live: bool) -> dict:
        return {**_view.regions(self, live), **({"live": _announce.live_region(self)} if live else {})}

    def _score(self, s: Seat):
        """The running score of the player in seat ``s`` of this hand."""
        return _view.seat_score(self, s)

    def _claim_panel(self, d: dict, live: bool) -> str:
        return _view.claim_panel(self, d, live)

    _special = staticmethod(_view.special)

    # --- fallbacks ----------------------------------------------------------------------------

    def _text(self) -> str:
        return f"PlayTable({self.table.rules.en}, seat {self.me.letter}, hand {self.hand_no})"

    def _plain_head(self) -> str:
        rs = self.table.rules
        return (
            f"{B('打一局', 'Play a hand')} · {B(rs.zh, rs.en)} · "
            f"{B(f'你坐{self.me.zh}', f'you sit {self.me.en}')} · "
            f"{B(f'牌墙还剩 {self.wall_left} 张', f'{self.wall_left} tiles left in the wall')}"
            + (f" · {B('百搭', 'wild')} {self.table.wild}" if self.table.wild is not None else "")
        )

    def static_html(self) -> str:
        note = f'<div class="mj-note">{esc(B("静态画面：运行笔记本就能点牌来打。", "Static view: run the notebook to play by clicking."))}</div>'
        return super().static_html().replace('<div class="mj-body">', '<div class="mj-body">' + note, 1)


def _level_refusal(level) -> tuple[str, str]:
    """Why ``level`` is no level of computer player (en, zh), naming the levels there are."""
    shown = repr(level)[:40]
    return (
        f"No computer players of level {shown}: choose one of "
        + ", ".join(f"{n} ({lv.zh})" for n, lv in LEVELS.items())
        + ".",
        f"没有 {shown} 这个级别的电脑玩家：可选 " + "、".join(f"{lv.zh}（{n}）" for n, lv in LEVELS.items()) + "。",
    )


def play(
    rules: str = "mcr",
    seat: str = "E",
    seed: int | None = None,
    coach: bool | str = True,
    level: str = "basic",
    keep=True,
) -> PlayTable:
    """A table to play one hand after another by clicking: ``rules`` any rule set, ``seat`` yours in the
    first hand, ``coach`` the coach: True or ``"ask"`` (a verdict after each decision, and advice before
    it when you press "ask the coach"), ``"on"`` (advice before every decision), False or ``"off"``;
    ``level`` the computer players' level (``"beginner"``, who plays like a new learner, ``"basic"``
    or ``"strong"``, which plays better under MCR only); ``keep``: each finished hand and its costly
    decisions go into your progress (review items for ``practice("review")``, the profile in the
    progress view); False keeps nothing, a progress store keeps them there."""
    return PlayTable(rules=rules, seat=seat, seed=seed, coach=coach, level=level, keep=keep)
