"""Play a hand by clicking: the learner takes one seat, computer players the other three.

:class:`PlayTable` (``mj.play(rules="mcr", seat="E")``) deals a hand of any registered rule set. The
computer players move until the learner must act: draws are automatic, a click on one of the
learner's tiles discards it, a claim on a discard is one button per legal option (each chow, pung,
kong, win, pass), and the learner's own kongs and wins are buttons on his turn. Flowers are
replaced by the table itself; the wild tile, each seat's discards (claimed ones faded), the tiles
left in the wall and whose turn it is are shown. At the end: the rule set's verdict, the winning
hand drawn as tiles, its items, total and payments, and "next hand" continues a
:class:`~mjlearn.table.Session` (running scores, dealer rotation). The computer players play at the
level picked beside the rule set (``level``: ``"basic"`` or ``"strong"``, :data:`mjlearn.table.LEVELS`,
seated by :func:`mjlearn.table.make_bots`; strong differs from basic under MCR only); a new level, like
a new rule set or seat, starts a new match.

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

The review after the hand (every decision with its cost, the three costliest drawn as tiles with
the better choice and why, a step through the decisions) is :mod:`mjlearn.widgets.review`, which
the panel shares its judgements with; :meth:`PlayTable.save` writes the annotated record as JSON
and :func:`~mjlearn.widgets.review.load_review` reads it back. The words and tile pictures are
:mod:`mjlearn.widgets._words`.

Everything is decided in Python: the tests drive :meth:`PlayTable.handle` with the messages the
browser sends (``{"act": "discard", "arg": "5m"}``, ``{"act": "call", "arg": "pung"}``...).
"""

from __future__ import annotations

import json
import random as _random
import re
import time
from pathlib import Path

import traitlets as t

from .. import i18n
from ..coaching import after_kong as _after_kong, coach as _coach, from_table as _from_table, standing as _standing
from ..hand import Hand
from ..mcr.profiles import PROFILES
from ..notation import format_tiles, parse_meld
from ..rules.registry import get as _get_rules, names as _rule_names
from ..seats import SEATS, Seat
from ..mcr import score as _mcr_score
from ..shanten_core import shanten_of_counts, waits_of_counts
from ..table import LEVELS, IllegalActionError, Session, make_bots
from ..table.render import outcome_text
from ..tiles import TILES, tile as _tile
from ..course.families import families as _families
from ..table.events import Chowed, Declared, Discarded, Konged, Punged, Won
from ._base import B, MjWidget, esc, flag, integer, no_arg, one_of, text, tile_tag
from ._panels import header
from ._words import (_CALL_EN, _CALL_ZH, _STYLE, _amount, _call_label, _glossed, _hand_tiles, _pct, _powers,
                     _shanten_words, _tile_words, _unit_en, _useful_html)
from .review import (REVIEW_FORMAT, Review, _bad, _best_option, _chosen, _is_best, _marks, _option_tiles, aim_words,
                     msg_cost, msg_worst, review_html, why)
# the review's other names, importable from here as before (tests import them from play)
from .review import _cost_cell, _costed, load_review, review_text, same_within_error, worst, zero_words  # noqa: F401

__all__ = ["PlayTable", "Review", "load_review", "review_html", "review_text"]

COACH_TRIALS = 120
"""Simulated draw orders per discard for the coach at the table (the module :mod:`mjlearn.coaching`
gives the method; its standard error is shown when the chance is simulated)."""


def _note_dict(note) -> dict | None:
    """The coach's reason for a chance of zero (zh, en) as the record stores it."""
    return None if not note else {"zh": note[0], "en": note[1]}


def _short_of_minimum(kw: dict, discard) -> dict | None:
    """Under MCR, a hand that is ready after ``discard`` but whose every win is under 8 points: the
    best of its wins scored by the engine (self-drawn, flowers not counted), with its fans, or None."""
    rules = kw.get("rules")
    if not isinstance(rules, str) or rules not in PROFILES:
        return None
    hand = kw["hand"]
    conc = list(hand.concealed)
    if discard not in conc:
        return None
    conc.remove(discard)
    counts = [0] * 34
    for x in conc:
        counts[x.index] += 1
    waits = waits_of_counts(counts, len(hand.melds))
    if not waits:
        return None
    ctx = {k: kw[k] for k in ("seat_wind", "prevalent_wind") if k in kw}
    best = None
    for w in waits:
        try:
            r = _mcr_score(Hand(hand.melds, tuple(conc), TILES[w], hand.flowers), profile=rules, self_drawn=True, **ctx)
        except Exception:       # a wait the scorer cannot read as a hand (a fifth copy): not a win
            continue
        if not r.is_winning:
            continue
        pts = r.total - r.flowers
        if pts >= 8:
            return None
        if best is None or pts > best[0]:
            best = (pts, w, r)
    if best is None:
        return None
    pts, w, r = best
    fans = [{"zh": f.fan.zh, "en": f.fan.en, "points": f.points * f.count} for f in r.fans if f.id != 81]
    return {"points": pts, "tile": str(TILES[w]), "fans": fans}


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


def _best(evals: list) -> dict:
    """The best option: highest chance to win, then highest expected value, then most live useful tiles."""
    return max(evals, key=lambda e: (round(e["win_chance"], 9), round(e.get("expected", 0), 9), e.get("live", 0)))


class PlayTable(MjWidget):
    """A hand of mahjong the learner plays by clicking, with a coach and a review (see the module).

    ``rules``: any registered rule set; ``seat``: the learner's seat in the first hand (E, S, W, N);
    ``seed``: the shuffles (None: a random one); ``coach``: show the coach panel.

    Front-end messages: ``discard`` (a tile), ``call`` (``"chow 3m"``, ``"pung"``, ``"kong"``,
    ``"kong 5m"``, ``"win"``, ``"pass"``, ``"draw"``, ``"on_deal"``, ``"grab_gold"``), ``next`` (the
    next hand of the session), ``coach`` (on/off), ``step`` (a decision of the review), ``rules`` and
    ``seat`` (a new game).
    """

    messages = {**MjWidget.messages, "discard": {"arg": text}, "call": {"arg": text}, "next": {"arg": no_arg},
                "coach": {"arg": flag}, "step": {"arg": integer(-1, 10_000)},
                "rules": {"arg": one_of(*_rule_names())}, "seat": {"arg": one_of("E", "S", "W", "N")},
                "level": {"arg": one_of(*LEVELS)}}
    shows_errors = True

    rules = t.Unicode("mcr").tag(sync=True)
    seat = t.Unicode("E").tag(sync=True)
    """The learner's seat in this hand (it moves with the dealer)."""
    coach_on = t.Bool(True).tag(sync=True)
    level = t.Unicode("basic").tag(sync=True)
    """The computer players' level (``"basic"`` or ``"strong"``; :data:`mjlearn.table.LEVELS`)."""
    hand_no = t.Int(1).tag(sync=True)
    phase = t.Unicode("").tag(sync=True)
    """The table's phase; ``"over"`` at the end."""
    waiting = t.Unicode("").tag(sync=True)
    """What the learner must do now: ``"discard"``, ``"claim"``, ``"draw"`` or '' (the hand is over)."""
    wall_left = t.Int(0).tag(sync=True)
    work_ms = t.Float(0.0).tag(sync=True)
    """Milliseconds the last action spent on the computer players' moves and the coach."""
    review_at = t.Int(-1).tag(sync=True)

    def __init__(self, rules: str = "mcr", seat: str = "E", seed: int | None = None, coach: bool = True,
                 level: str = "basic", **kw):
        _get_rules(rules)
        place = Seat.of(seat, name="seat")
        if level not in LEVELS:
            raise ValueError(i18n.both(f"没有这个级别：{level!r}；可选 {', '.join(LEVELS)}",
                                       f"unknown level {level!r}: expected one of {', '.join(LEVELS)}"))
        self._level = level
        self._seed = _random.randrange(10**6) if seed is None else int(seed)
        self._place = place
        self._new_session(rules)
        super().__init__(rules=rules, coach_on=bool(coach), level=level, **kw)

    # --- the game ----------------------------------------------------------------------------

    def _new_session(self, rules: str) -> None:
        self.session = Session(rules, seed=self._seed)
        self.me = None
        self._restarted = None
        self._new_hand()

    def _new_hand(self) -> None:
        s = self.session
        self.table = tb = s.next_table()
        self._dealer = s.dealer
        self._prev_me = getattr(self, "me", None)
        self.me = Seat.of((int(self._place) - int(s.dealer)) % 4)
        self._dealt = str(_from_table(tb, self.me)["hand"])      # the dealt tiles (the dealer's 14), flowers aside
        base = tb.seed if tb.seed is not None else 0
        self.bots = make_bots(self._level, base)     # basic: exactly the players play_hand seats by default
        self.decisions: list[dict] = []
        self._coaching = None
        self._before = None
        self._booked = False
        self._refused_wins: list = []
        self._start_answered = False
        self._turn_evals = self._claim_evals = None
        self.review_at = -1
        if tb.facts.on_deal_wins or tb.facts.gold_grab:
            for x in SEATS:
                if x != self.me and tb.phase != "over":
                    self.bots[x].start(tb, x)
        self._advance()

    def _who(self):
        tb = self.table
        if tb.phase in ("claim", "rob"):
            origin = tb.last_discard[0] if tb.phase == "claim" else tb._robbing[0]
            return min(tb.pending, key=lambda s: s.turns_after(origin))
        return tb.turn

    def _advance(self) -> None:
        """Computer players move until the learner must act or the hand is over; then the coach
        looks at the learner's hand if a discard is due."""
        t0 = time.perf_counter()
        tb, me = self.table, self.me
        while tb.phase != "over":
            seat = self._who()
            if tb.phase == "claim" and me not in tb.pending and tb.last_discard[0] != me:
                self._check_refused(tb.last_discard[1], len(tb.log))
            if seat == me:
                if tb.phase == "draw" and not tb.haidi_offered:
                    tb.draw(me)
                    continue
                break
            if self._start_offers():      # an on-deal win or the gold to grab: the learner answers first
                break
            self.bots[seat].act(tb, seat)
        self._coaching = None
        self._turn_evals = None
        self._claim_evals = self._evaluate_claims() if tb.phase in ("claim", "rob") and me in tb.pending else None
        if tb.phase == "draw" and tb.turn == me and tb.haidi_offered:
            self._claim_evals = self._evaluate_last_tile()
        if self._start_offers() and not (tb.phase == "discard" and tb.turn == me):
            self._claim_evals = self._evaluate_start()
        self._kw = None
        if tb.phase == "discard" and tb.turn == me:
            kw = self._kw = _from_table(tb, me)
            try:
                self._coaching = _coach(**kw, trials=COACH_TRIALS)
            except ValueError:  # a hand the coach cannot read (never expected): play on without it
                self._coaching = None
            if self._coaching is not None:
                self._turn_evals = self._evaluate_turn(kw, self._coaching)
            c = list(tb.hands[me][:34])
            drawn = tb._drawn
            if drawn is not None and drawn.index < 34 and c[drawn.index]:
                c[drawn.index] -= 1
                self._before = shanten_of_counts(c, len(tb.melds[me])) if sum(c) % 3 == 1 else None
            else:
                self._before = None
        if tb.phase == "over" and not self._booked:
            self._booked = True
            self.session.record(tb)
            self.review_at = 0 if self.decisions else -1
        self.work_ms = round((time.perf_counter() - t0) * 1000, 1)

    @staticmethod
    def _eval(option: str, rated, then: str = "") -> dict:
        """One option as the review stores it: its chance to win (and error), expected value in the
        rule set's unit, useful tiles (live counts) and the discard that follows it."""
        return {"option": option, "win_chance": round(rated.win_chance, 6),
                "error": round(rated.win_chance_error, 6), "method": rated.method,
                "expected": round(rated.expected, 4), "useful": {str(k): n for k, n in rated.useful.items()},
                "live": rated.live, "shanten": rated.shanten, "then": then,
                "note": _note_dict(getattr(rated, "note", None))}

    def _win_eval(self, option: str = "win") -> dict:
        """A legal win: chance 1, its value the rule set's total for it."""
        res = self.table.judging.win_result(self.me)
        total = getattr(res, "total", 0) if res is not None else 0
        total = total if isinstance(total, (int, float)) else 0
        return {"option": option, "win_chance": 1.0, "error": 0.0, "method": "exact", "expected": round(total, 4),
                "useful": {}, "live": 0, "shanten": -1, "then": ""}

    def _evaluate_turn(self, kw: dict, coaching) -> list | None:
        """In the learner's own turn with a kong or a win to declare: each of them beside the coach's
        best discard (a kong by :func:`mjlearn.coaching.after_kong`: the replacement is one draw more)."""
        opts = [o for o in self._options() if o.startswith("kong ") or o in ("win", "grab_gold", "on_deal")]
        if not opts:
            return None
        best = coaching.best
        out = [self._eval(f"discard {best.discard}", best, str(best.discard))]
        if "on_deal" in opts:
            out.append(self._on_deal_eval(out[0]))
        kw = dict(kw)
        hand = kw.pop("hand")
        try:
            for o in opts:
                if o.startswith("kong "):
                    out.append(self._eval(o, _after_kong(hand, _tile(o.split()[1]), trials=COACH_TRIALS, **kw)))
                elif o != "on_deal":
                    out.append(self._win_eval(o))
        except ValueError:      # a hand the coach cannot read: no advice on this turn's declarations
            return None
        return out

    def _start_offers(self) -> list[str]:
        """An on-deal win or the gold to grab, offered to the learner right after the deal and not yet
        answered."""
        tb = self.table
        if self._start_answered or not (tb.facts.on_deal_wins or tb.facts.gold_grab) or tb.phase == "over":
            return []
        return [o for o in tb.options(self.me) if o in ("on_deal", "grab_gold")]

    def _on_deal_eval(self, base: dict) -> dict:
        """Declaring an on-deal win: the hand plays on as before (the same chance to win), and the
        declaration is paid at once: the learner's payment is added to the expected value."""
        r = self.table.judging.on_deal_result(self.me)
        paid = r.payments[self.me.letter] if r is not None and getattr(r, "legal", False) else 0
        return {**base, "option": "on_deal", "expected": round(base["expected"] + paid, 4), "then": ""}

    def _evaluate_start(self) -> list | None:
        """Before the dealer's first discard, for a learner who is not the dealer: the on-deal win or
        the grabbed gold beside letting it go (the 13 tiles kept)."""
        kw = _from_table(self.table, self.me)
        try:
            keep = self._eval("pass", _standing(**kw, trials=COACH_TRIALS))
        except ValueError:
            return None
        out = []
        for o in self._start_offers():
            out.append(self._on_deal_eval(keep) if o == "on_deal" else self._win_eval(o))
        return out + [keep]

    def _evaluate_last_tile(self) -> list | None:
        """Changsha's last wall tile offered: taking it wins with the chance that it is a winning tile
        (one draw), passing gives it up."""
        kw = _from_table(self.table, self.me)
        try:
            st = _standing(**{**kw, "draws_left": 1}, trials=COACH_TRIALS)
        except ValueError:
            return None
        none = {"option": "pass", "win_chance": 0.0, "error": 0.0, "method": "exact", "expected": 0.0,
                "useful": {}, "live": 0, "shanten": st.shanten, "then": ""}
        return [self._eval("draw", st), none]

    def _evaluate_claims(self) -> list | None:
        """The coach's chance to win after each answer the learner may give to a discard (or an added
        kong), from what the learner's seat sees: a chow or pung with the coach's best discard after
        it, a kong with its replacement draw (:func:`mjlearn.coaching.after_kong`), passing with the 13
        tiles kept (:func:`mjlearn.coaching.standing`), a legal win with chance 1."""
        tb, me = self.table, self.me
        opts = self._options()
        if len(opts) < 2:
            return None
        kw = _from_table(tb, me)
        hand, seen = kw.pop("hand"), dict(kw.pop("seen"))
        discarder, x = tb.last_discard if tb.phase == "claim" else tb._robbing
        claimed = dict(seen)                  # the discard is in sight now; claimed, it is in the hand
        if claimed.get(x):
            claimed[x] -= 1
            if not claimed[x]:
                del claimed[x]
        conc = list(hand.concealed)
        out = []
        try:
            for o in opts:
                what, _, arg = o.partition(" ")
                if what == "win":
                    out.append(self._win_eval())
                    continue
                if what == "pass":
                    out.append(self._eval(o, _standing(hand, seen=seen, trials=COACH_TRIALS, **kw)))
                    continue
                if what == "kong":
                    st = _after_kong(hand, x, offer=me.offer_from(discarder), seen=seen, trials=COACH_TRIALS, **kw)
                    out.append(self._eval(o, st))
                    continue
                if what == "pung":
                    run = [x, x, x]
                elif what == "chow":
                    st = _tile(arg)
                    run = [TILES[st.index + k] for k in range(3)]
                else:
                    continue
                rest = list(conc)
                used = list(run)
                used.remove(x)
                for y in used:
                    rest.remove(y)
                meld = parse_meld(f"[{format_tiles(run)},{me.offer_from(discarder)}]")
                h14 = Hand(tuple(hand.melds) + (meld,), tuple(rest), None, hand.flowers)
                c = _coach(h14, seen=claimed, trials=COACH_TRIALS, **kw)
                out.append(self._eval(o, c.best, str(c.best.discard)))
        except ValueError:      # a hand the coach cannot read: no advice on this claim
            return None
        return out if len(out) >= 2 else None

    def _check_refused(self, x, key) -> None:
        """A discard the learner could not claim although it completes his hand: say why (the rule
        set's reason, e.g. under 8 points)."""
        if any(k == key for k, _ in self._refused_wins):
            return
        tb, me = self.table, self.me
        c = list(tb.hands[me][:34])
        c[x.index] += 1
        if tb.judging.shape_ok(me, c):
            ok, en, zh, *_ = tb.judging.judge(me, x)
            if not ok:
                self._refused_wins.append((key, B(f"{x.zh}能凑成你的牌型，但不能和：{zh}",
                                                  f"{x.en} completes your hand's shape but is not a win here: {en}")))

    def _win_refusal(self) -> str | None:
        """Why the learner's complete-looking hand cannot win now, or None."""
        tb, me = self.table, self.me
        if tb.phase == "discard" and tb.turn == me and tb._drawn is not None:
            if not tb.judging.shape_ok(me, tb.hands[me][:34]) or "win" in tb.options(me):
                return None
        elif tb.phase == "claim" and me in tb.pending:
            c = list(tb.hands[me][:34])
            c[tb.last_discard[1].index] += 1
            if not tb.judging.shape_ok(me, c) or "win" in tb.options(me):
                return None
        else:
            return None
        try:
            tb.verify_win(me)
        except IllegalActionError as e:
            return B(f"你的牌型已经完整，但不能和：{e.zh}", f"Your hand's shape is complete but it is not a win: {e.en}")
        return None

    def _state(self) -> None:
        tb = self.table
        self.phase = tb.phase
        self.seat = self.me.letter
        self.hand_no = len(self.session.records) + (0 if self._booked else 1)
        self.wall_left = tb.live_tiles_left() if tb.phase != "setup" else 0
        if tb.phase == "over":
            self.waiting = ""
        elif tb.phase == "discard" and tb.turn == self.me:
            self.waiting = "discard"
        elif tb.phase in ("claim", "rob") and self.me in tb.pending:
            self.waiting = "claim"
        elif tb.phase == "draw" and tb.turn == self.me:
            self.waiting = "draw"
        elif self._start_offers():
            self.waiting = "claim"              # an on-deal win or the gold offered: answer it
        else:
            self.waiting = ""

    def handle(self, msg: dict) -> None:
        self.work_ms = 0.0      # set again by the computer players' moves this message causes
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
        if coaching is not None:
            best = coaching.best
            mine = next((o for o in coaching if o.discard is x), None)
            if mine is not None:
                d.update(best=str(best.discard), shanten_after=mine.shanten, best_shanten=best.shanten,
                         useful={str(k): n for k, n in mine.useful.items()},
                         best_useful={str(k): n for k, n in best.useful.items()},
                         live=mine.live, best_live=best.live, win_chance=mine.win_chance,
                         best_win_chance=best.win_chance, error=mine.win_chance_error,
                         best_error=best.win_chance_error, method=mine.method,
                         fans=[{"zh": f.zh, "en": f.en, "share": round(f.share, 3), "value": f.value} for f in mine.fans[:4]],
                         best_fans=[{"zh": f.zh, "en": f.en, "share": round(f.share, 3), "value": f.value} for f in best.fans[:4]],
                         note=_note_dict(mine.note), best_note=_note_dict(best.note),
                         cost_chance=round(max(0.0, best.win_chance - mine.win_chance), 6),
                         cost_useful=max(0, best.live - mine.live),
                         expected=round(mine.expected, 4), best_expected=round(best.expected, 4),
                         top=[o.to_dict() for o in list(coaching)[:3]],
                         best_action=f"discard {best.discard}", best_action_chance=round(best.win_chance, 6))
                if evals:           # a kong or a win could have been declared instead
                    alt = _best(evals + [self._eval(f"discard {x}", mine, str(x))])
                    d["alternatives"] = [e for e in evals if not e["option"].startswith("discard ")]
                    if not alt["option"].startswith("discard "):
                        d.update(best_action=alt["option"], best_action_chance=alt["win_chance"],
                                 cost_chance=round(max(0.0, alt["win_chance"] - mine.win_chance), 6),
                                 cost_useful=0 if alt["option"] in ("win", "grab_gold") else max(0, alt["live"] - mine.live),
                                 best_expected=alt["expected"],
                                 cost_value=round(max(0.0, alt["expected"] - mine.expected), 4))
            if coaching is not None and mine is not None and best.win_chance <= 0 and self._kw is not None:
                short = _short_of_minimum(self._kw, best.discard)
                if short:
                    d["best_short"] = short
        self._record(d)
        self._advance()

    def _act_call(self, arg, msg):
        tb, me = self.table, self.me
        parts = arg.split()
        what = parts[0] if parts else ""
        tile = parts[1] if len(parts) > 1 else None
        if what not in _CALL_ZH:
            return self._refuse(f"{arg!r} is not an action at the table.", f"{arg!r}不是牌桌上的操作。")
        options = self._options()
        phase = tb.phase
        claimed = tb.last_discard[1] if phase == "claim" and tb.last_discard else (
            tb._robbing[1] if phase == "rob" and tb._robbing else None)
        try:
            x = _tile(tile) if tile else None
        except ValueError:
            return self._refuse(f"{tile!r} is not a tile.", f"{tile!r}不是一张牌。")
        if phase not in ("claim", "rob", "draw") and (what in ("on_deal", "grab_gold") or (
                what == "pass" and self._start_offers() and not (phase == "discard" and tb.turn == me))):
            return self._act_start(what, options)
        fn = {"chow": tb.chow, "pung": tb.pung, "kong": tb.kong, "win": tb.win, "pass": tb.pass_, "draw": tb.draw,
              "on_deal": tb.declare_on_deal, "grab_gold": tb.grab_gold}[what]
        args = (me, x) if what in ("chow", "kong") else (me,)
        hand = str(_from_table(tb, me)["hand"]) if phase in ("discard", "claim", "rob", "draw") else None
        turn_evals, claim_evals = self._turn_evals, self._claim_evals
        if not self._engine(fn, *args):
            return
        if phase in ("claim", "rob"):
            d = {"kind": "claim", "choice": arg, "tile": str(claimed), "options": options, "hand": hand}
            self._rate(d, claim_evals, arg)
            self._record(d)
        elif phase == "draw" and claim_evals:            # the last wall tile offered: taken or declined
            d = {"kind": "last_tile", "choice": what, "options": options, "hand": hand}
            self._rate(d, claim_evals, what)
            self._record(d)
        elif what != "draw":
            d = {"kind": what, "choice": str(x) if x else "", "options": options, "hand": hand}
            self._rate(d, turn_evals, arg)
            self._record(d)
        self._advance()

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
        self._rate(d, evals, what)            # the dealer declining is his discard, rated there
        self._record(d)
        self._advance()

    @staticmethod
    def _rate(d: dict, evals, choice: str) -> None:
        """Set the learner's option beside the best of ``evals``: chance to win, expected value and
        live useful tiles, and the cost (chance and useful tiles lost against the best)."""
        mine = next((e for e in evals or () if e["option"] == choice), None)
        if mine is None:
            return
        top = _best(evals)
        d.update(option=choice, evals=evals, best_claim=top["option"], best_action=top["option"], win_chance=mine["win_chance"],
                 best_win_chance=top["win_chance"], best_action_chance=top["win_chance"],
                 expected=mine["expected"], best_expected=top["expected"],
                 cost_chance=round(max(0.0, top["win_chance"] - mine["win_chance"]), 6),
                 cost_useful=0 if top["option"] in ("win", "grab_gold") else max(0, top["live"] - mine["live"]),
                 cost_value=round(max(0.0, top["expected"] - mine["expected"]), 4))

    def _act_next(self, arg, msg):
        if self.table.phase != "over":
            return self._refuse("The hand is not over yet.", "这一局还没有结束。")
        self.last_error = ""
        self._new_hand()

    def _act_coach(self, arg, msg):
        self.coach_on = arg

    def _act_step(self, arg, msg):
        if self.table.phase == "over" and 0 <= arg < len(self.decisions):
            self.review_at = arg

    def _act_rules(self, arg, msg):
        self.last_error = ""
        self._new_session(arg)
        self.rules = arg
        self._restarted = "rules"

    def _act_level(self, arg, msg):
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
        tb, me = self.table, self.me
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
        if start and self._start_offers() and not (tb.phase == "discard" and tb.turn == me):
            out.append("pass")                 # let it go: the dealer plays on
        return out

    # --- saving -------------------------------------------------------------------------------

    def record(self) -> dict:
        """The annotated record of the current hand (JSON-ready)."""
        tb, rs = self.table, self.table.rules
        unit = ("分", "points") if rs.name in PROFILES else rs.unit
        return {"format": REVIEW_FORMAT, "version": 1, "rules": rs.name, "rules_zh": rs.zh, "rules_en": rs.en,
                "seat": self.me.letter, "hand": self.hand_no, "shuffle": tb.seed,
                "prevalent_wind": tb.prevalent_wind, "over": tb.phase == "over",
                "outcome": outcome_text(tb) if tb.phase == "over" else "",
                "payments": tb.payments if tb.phase == "over" else None,
                "mcr": rs.name in PROFILES, "unit": {"zh": unit[0], "en": unit[1]},
                "dealt": self._dealt, "decisions": self.decisions}

    def save(self, path) -> Path:
        """Write the annotated record of this hand as JSON (read it back with :func:`load_review`)."""
        p = Path(path)
        p.write_text(json.dumps(self.record(), ensure_ascii=False, indent=1), encoding="utf-8")
        return p

    def review(self) -> Review:
        return Review(self.record())

    # --- rendering ----------------------------------------------------------------------------

    def _layout(self) -> str:
        return (f'<div class="mj-view mj-play">{_STYLE}<div data-region="head"></div><div class="mj-body">'
                '<div data-region="controls"></div><div data-region="table"></div><div data-region="me"></div>'
                '<div data-region="error"></div><div data-region="coach"></div><div data-region="end"></div>'
                '</div></div>')

    def _regions(self, live: bool) -> dict:
        tb = self.table
        err = (f'<div class="mj-error" role="alert">{esc(self.last_error)}</div>' if self.last_error else "")
        return {"head": header(B("打一局", "Play a hand"), live), "controls": self._controls(live),
                "table": self._table(live), "me": self._me(live), "error": err,
                "coach": ((self._overruled_html() if tb.phase == "over" else "")
                          + (_glossed(self._coach_html(live)) if live else self._coach_html(live))
                          if self.coach_on else ("" if live else self._coach_off())),
                "end": self._end(live) if tb.phase == "over" else ("" if live else self._in_progress())}

    @staticmethod
    def _coach_off() -> str:
        return f'<div class="mj-note">{esc(B("教练已关闭。", "The coach is switched off."))}</div>'

    @staticmethod
    def _in_progress() -> str:
        return (f'<div class="mj-note">{esc(B("这一局还在进行：结束后这里显示结果、收付和复盘。", "The hand is in progress: the result, the payments and the review appear here when it ends."))}</div>')

    def _score(self, s: Seat):
        """The running score of the player in seat ``s`` of this hand."""
        return self.session.scores[(int(s) + int(self._dealer)) % 4]

    def _who_words(self, s: Seat) -> tuple[str, str]:
        """A seat's player in words (zh, en): 西家 / West, 北家（你）/ North (you)."""
        return (s.player_zh + ("（你）" if s == self.me else ""), s.en + (" (you)" if s == self.me else ""))

    def _seat_name(self, s: Seat) -> str:
        """A seat's name, where it sits and its running score, as HTML (the score never wraps alone)."""
        rel = {1: ("下家", "on your right"), 2: ("对家", "opposite"), 3: ("上家", "on your left")}
        k = (int(s) - int(self.me)) % 4
        zh, en = self._who_words(s)
        if k:
            zh, en = f"{zh}（{rel[k][0]}）", f"{en} ({rel[k][1]})"
        dealer = B(" · 庄", " · dealer") if s is Seat.E else ""
        score = B("你的累计", "your score") if s == self.me else B("累计", "score")
        return (f'{esc(B(zh, en) + dealer)} · <span style="white-space:nowrap" data-nowrap="score">'
                f'{esc(score)} {self._score(s):+g}</span>')

    @staticmethod
    def _rules_words(rs) -> tuple[str, str]:
        """A rule set's name for learners (zh, en): the plainer name its description gives for pickers,
        else its own."""
        return (rs.about.short if rs.about is not None else None) or (rs.zh, rs.en)

    @staticmethod
    def _special(rs) -> tuple[str, str] | None:
        """The most useful line for a beginner of what is special about a rule set (its description):
        what a win needs when a line says it, else the first line; powers in words; or None."""
        a = rs.about
        if a is None or not a.special:
            return None
        need = [ln for ln in a.special if re.search(r"win needs|needs a|may only win|to win\b|No chow|No winds", ln[1])]
        return _powers(*(need[0] if need else a.special[0]))

    def _notices(self) -> str:
        """A new match (rule set or seat changed), or the seat the learner moved to for this hand."""
        out = []
        rs = self.table.rules
        if self._restarted and not self.decisions and self.hand_no == 1:
            zh, en = self._rules_words(rs)
            lv = LEVELS[self._level]
            what = (B(f"换了规则：现在打{zh}。", f"New rules: {en}.") if self._restarted == "rules" else
                    B(f"换了对手：现在是{lv.zh}级别的电脑玩家。", f"New opponents: {lv.en} computer players.")
                    if self._restarted == "level" else
                    B(f"换了座位：你第一局坐{self.me.player_zh}。", f"New seat: you sit {self.me.en} in the first hand."))
            out.append(f'<div class="mj-notice" data-restart="{self._restarted}">{esc(what)} '
                       f'{esc(B("比赛重新开始：回到第 1 局，分数清零，用同样的洗牌。", "The match starts again: back to hand 1, every score 0, the same shuffle as before."))}'
                       f'</div>')
        if self._prev_me is not None and self._prev_me != self.me and not self.decisions:
            out.append(f'<div class="mj-notice" data-moved="{self.me.letter}">'
                       f'{esc(B(f"第 {self.hand_no} 局：庄家轮换了，你现在坐{self.me.player_zh}；你的累计分数是 {self._score(self.me):+g}。", f"Hand {self.hand_no}: the deal has moved on, you are {self.me.en} now; your running score is {self._score(self.me):+g}."))}'
                       f'</div>')
        return "".join(out)

    def _controls(self, live: bool) -> str:
        tb, rs = self.table, self.table.rules
        if live:
            groups = []
            listed = set()
            for (fzh, fen), members in _families():
                ms = [n for n in members if n in _rule_names()]
                listed.update(ms)
                opts = "".join(f'<option value="{n}"{" selected" if n == self.rules else ""}>'
                               f'{esc(B(*self._rules_words(_get_rules(n))))}</option>' for n in ms)
                if opts:
                    groups.append(f'<optgroup label="{esc(B(fzh, fen))}">{opts}</optgroup>')
            groups += [f'<option value="{n}"{" selected" if n == self.rules else ""}>'
                       f'{esc(B(*self._rules_words(_get_rules(n))))}</option>' for n in _rule_names() if n not in listed]
            seats = "".join(f'<option value="{x.letter}"{" selected" if x == self._place else ""}>'
                            f'{esc(B(x.zh, x.en))}</option>' for x in SEATS)
            pick = (f'<label>{esc(B("规则", "rules"))} <select data-act="rules" '
                    f'title="{esc(B("换规则会重新开始比赛", "changing the rules starts a new match"))}">{"".join(groups)}</select></label> '
                    f'<label>{esc(B("首局座位", "first seat"))} <select data-act="seat" '
                    f'title="{esc(B("换座位会重新开始比赛", "changing the seat starts a new match"))}">{seats}</select></label> '
                    f'{self._level_picker()}'
                    f'<label><input type="checkbox" data-act="coach"{" checked" if self.coach_on else ""}> '
                    f'{esc(B("教练", "coach"))}</label> '
                    f'<small>{esc(B("（换规则、座位或对手会重新开始比赛）", "(a new rule set, seat or opponents start a new match)"))}</small>')
        else:
            pick = f'<span>{esc(B(*self._rules_words(rs)))}</span>'
        sp = self._special(rs)
        special = (f'<div class="mj-note" data-special="{rs.name}">{esc(B("这套规则的特点", "What is special here"))}: '
                   f'{esc(B(*sp))}</div>' if sp else "")
        wild = (f'<span data-wild="{tb.wild}">{esc(B("百搭", "wild"))} '
                f'{tile_tag(tb.wild, live=live, width=22)} {esc(B(*_tile_words(tb.wild)))}</span>'
                if tb.wild is not None else "")
        who = self._who() if tb.phase != "over" else None
        turn = (esc(B("这一局结束", "the hand is over")) if who is None else
                esc(B(f"轮到{who.player_zh}", f"{who.en} to play")) if who != self.me else
                f'<b>{esc(B("轮到你", "your turn"))}</b>')
        work = f' data-work="{self.work_ms}"' if live else ""
        n = self.wall_left
        status = (f'<div class="mj-status"{work}><span>{esc(B(f"第 {self.hand_no} 局", f"hand {self.hand_no}"))} · '
                  f'{esc(B(f"圈风 {Seat.of(tb.prevalent_wind).zh}", f"round wind {Seat.of(tb.prevalent_wind).en}"))}'
                  f'</span><span data-you="{self.me.letter}">{esc(B(f"你坐{self.me.player_zh}", f"you are {self.me.en}"))}</span>'
                  f'<span data-wall="{n}">{esc(B(f"牌墙还剩 {n} 张", f"{n} tiles left in the wall"))}</span>'
                  f'{wild}<span data-turn="{"" if who is None else who.letter}">{turn}</span></div>')
        same = (f'<div class="mj-note" data-level-same="1">{esc(B("这套规则下，进阶的电脑玩家和入门的打法一样（只有国标麻将里它们更强）。", "Under these rules the strong computer players play like the basic ones (they are stronger under the Chinese Official rules only)."))}</div>'
                if self._level != "basic" and rs.name not in PROFILES else "")
        return f'<div class="mj-controls">{pick}</div>{special}{same}{self._notices()}{status}'

    def _level_picker(self) -> str:
        """The computer players' level: a select whose hint says what the stronger level does."""
        opts = "".join(f'<option value="{n}"{" selected" if n == self._level else ""}>{esc(B(lv.zh, lv.en))}</option>'
                       for n, lv in LEVELS.items())
        hint = B("进阶的电脑玩家只在国标麻将里打得更强：它们用教练的算法追求 8 番以上的和牌，后面也会防守；"
                 "其他规则下两个级别打法一样。换对手会重新开始比赛。",
                 "Strong computer players play better only under the Chinese Official rules (MCR): they use the "
                 "coach's reckoning to aim at wins worth 8 points and defend late in the hand; under the other rule "
                 "sets both levels play the same. Changing the opponents starts a new match.")
        return (f'<label title="{esc(hint)}">{esc(B("对手", "opponents"))} <select data-act="level" '
                f'title="{esc(hint)}">{opts}</select></label> ')

    def _pond(self, s: Seat, live: bool, label: str = "") -> str:
        tb = self.table
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

    def _melds(self, s: Seat, live: bool, width: int, labels: bool = False) -> str:
        """A seat's melds and flowers (``labels``: each group with its name)."""
        tb = self.table
        ms = "".join('<span class="mj-meld">' + "".join(tile_tag(x, live=live, width=width) for x in m.tiles)
                     + "</span>" for m in tb.melds[s])
        fl = "".join(tile_tag(x, live=live, width=width) for x in tb.flowers[s])
        if ms and labels:
            ms = f'<span class="mj-lbl">{esc(B("你亮出的牌组", "your sets on the table"))}</span>{ms}'
        if fl:
            fl = (f'<span class="mj-flw" data-flowers="{len(tb.flowers[s])}"><span class="mj-lbl">'
                  f'{_glossed(esc(B("花牌", "flowers")))}</span>{fl}</span>')
        return ms + fl

    def _table(self, live: bool) -> str:
        tb = self.table
        who = self._who() if tb.phase != "over" else None
        boxes = []
        for k in (3, 2, 1):
            s = Seat.of((int(self.me) + k) % 4)
            over = tb.phase == "over"
            hidden = sum(tb.hands[s][:34])
            hand = ("".join(tile_tag(x, live=live, width=20) for x in tb.concealed(s)) if over else
                    '<span class="mj-back">' + "".join(tile_tag(None, live=live, width=15) for _ in range(hidden))
                    + "</span>")
            boxes.append(f'<div class="mj-opp{" mj-turn" if who == s else ""}" data-seat="{s.letter}">'
                         f'<div class="mj-name" data-score="{self._score(s):+g}">{self._seat_name(s)}</div>'
                         f'<div class="mj-row">{hand} {self._melds(s, live, 20)}</div>{self._pond(s, live)}</div>')
        return f'<div class="mj-opps">{"".join(boxes)}</div>'

    def _overruled(self) -> tuple[str, str] | None:
        """The learner's last claim when another player's claim or win took the tile instead (zh, en):
        a win comes before a pung, kong or chow; a pung or kong before a chow; between two wins, the
        player nearer in turn (or the robbing of the learner's added kong)."""
        tb, me = self.table, self.me
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
                x, (wz, we) = e.tile, self._who_words(e.seat)
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

    def _overruled_html(self) -> str:
        o = self._overruled()
        return f'<div class="mj-notice" data-overruled="1">{esc(B(*o))}</div>' if o else ""

    def _me(self, live: bool) -> str:
        tb, me = self.table, self.me
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
            for o in self._options():
                what, _, arg = o.partition(" ")
                if what == "chow" and arg:
                    pics = [TILES[_tile(arg).index + k] for k in range(3)]
                elif what == "pung" and x is not None:
                    pics = [x] * 3
                elif what == "kong":
                    pics = [_tile(arg) if arg else x] * 4 if (arg or x is not None) else []
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
        acts = f'<div class="mj-acts" data-waiting="{self.waiting}">{hint}{"".join(buttons)}</div>'
        notes = [m for _, m in self._refused_wins]
        why_not = self._win_refusal()
        if why_not:
            notes.append(why_not)
        acts += "".join(f'<div class="mj-note" data-refused="1" style="color:#ffe3a3">{esc(m)}</div>' for m in notes)
        if tb.phase != "over":
            acts += self._overruled_html()
        melds = self._melds(me, live, 30, labels=True)
        return (f'<div class="mj-me{" mj-turn" if self.waiting else ""}" data-seat="{me.letter}">'
                f'<div class="mj-name" data-score="{self._score(me):+g}">{self._seat_name(me)}</div>'
                f'{self._pond(me, live, B("你打出的牌", "your discards"))}'
                + (f'<div class="mj-row">{melds}</div>' if melds else "")
                + f'<div class="mj-row mj-hand">{"".join(cells)}</div>{acts}</div>')

    def _hand_value(self, n, unit) -> tuple[str, str]:
        """A winning hand's value (zh, en): under MCR in 番 like the glossary and the MCR lessons."""
        zh, en = _amount(n, unit)
        return (f"{n:g} 番", en) if self.table.rules.name in PROFILES else (zh, en)

    def _unit_words(self) -> tuple | None:
        """The rule set's unit when the panel shows expected values (rule sets other than MCR)."""
        rs = self.table.rules
        return None if rs.name in PROFILES else rs.unit

    def _claim_panel(self, d: dict, live: bool) -> str:
        """A rated decision other than a discard: each option with its chance to win (and, outside
        MCR, its expected value), the learner's and the coach's marked."""
        unit = self._unit_words()
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

    def _coach_html(self, live: bool) -> str:
        last = next((d for d in reversed(self.decisions) if d["kind"] == "discard" or d.get("evals")), None)
        if last is not None and last["kind"] != "discard":
            return self._claim_panel(last, live)
        title = f'<b>{esc(B("教练", "Coach"))}</b>'
        if last is None or not last.get("best"):
            return (f'<div class="mj-box" data-coach="none">{title} · '
                    f'{esc(B("打出一张牌后，这里把你的选择和教练的最佳选择并排比较。", "After each of your discards, your choice is set beside the coach best here."))}</div>')
        unit = self._unit_words()
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

    def _win_words(self, w) -> tuple[str, str]:
        """A win in words (zh, en): who won, how, on which tile, and its total in the rule set's unit."""
        (wz, we), x = self._who_words(w.seat), w.tile
        verb = "win" if w.seat == self.me else "wins"
        if w.self_drawn:
            zh = f"{wz}{'杠上开花' if w.kong else '自摸'}{x.zh}和牌"
            en = f"{we} {verb} by self-draw{' on a kong replacement' if w.kong else ''} with {x.en}"
        else:
            fz, fe = self._who_words(w.from_seat)
            fe = "your" if w.from_seat == self.me else f"{fe}'s"
            if w.kong:
                zh, en = f"{wz}抢{fz}的杠（{x.zh}）和牌", f"{we} {verb} by robbing {fe} kong of {x.en}"
            else:
                zh, en = f"{wz}和{fz}打出的{x.zh}", f"{we} {verb} on {fe} discard of {x.en}"
        if w.points is not None:
            az, ae = self._hand_value(w.points, w.unit)
            zh, en = f"{zh}：{az}", f"{en}: {ae}"
        return zh + "。", en + "."

    def _pay_words(self, w) -> tuple[str, str] | None:
        """How this win was paid (zh, en), from the rule set's payments: who paid the winner how much,
        and why (the base and the hand's points, or the rule set's own arithmetic)."""
        r = w.result
        to = w.seat.letter
        paid: dict = {}
        if r is not None and getattr(r, "transfers", ()):
            for p, q, a, _ in r.transfers:
                if q == to:
                    paid[p] = paid.get(p, 0) + a
        else:
            for x, v in zip(SEATS, w.payments):
                if v < 0:
                    paid[x.letter] = -v
        if not paid:
            return None
        name = lambda s: self._who_words(Seat.of(s))
        disc = w.from_seat.letter if w.from_seat is not None else None
        others = sorted(v for s, v in paid.items() if s != disc)
        if (disc in paid and len(paid) == 3 and w.points and others[0] == others[-1] > 0
                and abs(paid[disc] - others[0] - w.points) < 1e-9):
            b, pts, dz, de = others[0], w.points, *name(disc)
            zh = (f"每家先付底分 {b:g}；{dz}打出了和牌的那张，另付这手牌的 {_amount(pts, w.unit)[0]}：{b:g} + {pts:g} = {paid[disc]:g}。"
                  f"{self._who_words(w.seat)[0]}一共收 {sum(paid.values()):g}。")
            en = (f"Each of the three others pays the base {b:g}; {de}, who discarded the winning tile, also pays "
                  f"the hand's {_amount(pts, w.unit)[1]}: {b:g} + {pts:g} = {paid[disc]:g}. "
                  f"{self._who_words(w.seat)[1]} collects {sum(paid.values()):g} in all.")
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

    def _end(self, live: bool) -> str:
        tb = self.table
        rs = tb.rules
        parts = [f'<div class="mj-box" data-end="1"><b>{esc(B(*self._rules_words(rs)))}</b>']
        if not self.coach_on:
            parts.append(self._overruled_html())
        for e in tb.settlements:
            parts.append(f"<div>{esc(B(e.zh, e.en))}</div>")
        if not tb.winners:
            parts.append(f'<div data-verdict="drawn">{esc(B("荒牌：没有人和牌。", "The wall is exhausted: nobody won."))}</div>')
        for w in tb.winners:
            legal = getattr(w.result, "legal", True) if w.result is not None else True
            parts.append(f'<div data-verdict="{"legal" if legal else "illegal"}" data-winner="{w.seat.letter}">'
                         f'<span class="mj-good">{esc(B("合法的和牌", "a legal win"))}</span> · {esc(B(*self._win_words(w)))}</div>')
            parts.append(f'<div data-hand="{w.seat.letter}">{_hand_tiles(str(w.hand), live, 30, flowers=True)}</div>')
            rows = "".join(f"<tr><td>{esc(B(i.zh, i.en))}</td><td>{i.value:g}"
                           f"{f' × {i.count}' if getattr(i, 'count', 1) != 1 else ''}</td></tr>" for i in w.items)
            unit = w.unit if getattr(w, "unit", None) else rs.pay_unit
            parts.append(f'<table class="mj-rev">{rows}<tr><th>{esc(B("合计", "total"))}</th>'
                         f'<th data-total="{w.points}">{esc(B(*self._hand_value(w.points, unit))) if w.points is not None else ""}'
                         f'</th></tr></table>')
            pw = self._pay_words(w)
            if pw:
                parts.append(f'<div data-paid="{w.seat.letter}">{esc(B("怎么付", "How it is paid"))}: {esc(B(*pw))}</div>')
        pay = tb.payments
        uz, ue = rs.pay_unit[0], _unit_en(rs.pay_unit[1], 2)
        cells = "".join(f'<td data-pay="{x.letter}">{pay[x.letter]:+g}</td>' for x in SEATS)
        heads = "".join(f'<th style="white-space:nowrap">{esc(B(*self._who_words(x)))}</th>' for x in SEATS)
        parts.append(f'<div style="overflow-x:auto"><table class="mj-rev" data-payments="1"><tr><th>'
                     f'{esc(B("收付", "payments"))} ({esc(B(uz, ue))})</th>{heads}</tr>'
                     f'<tr><td>{esc(B("本局", "this hand"))}</td>{cells}</tr>'
                     f'<tr><td>{esc(B("累计", "running score"))}</td>'
                     + "".join(f'<td data-running="{x.letter}">{self._score(x):+g}</td>' for x in SEATS)
                     + '</tr></table></div>')
        mine = self._score(self.me)
        parts.append(f'<div data-yours="{mine:+g}">{esc(B(f"你这一局坐{self.me.player_zh}，你的累计分数：{mine:+g}。", f"You sat {self.me.en} in this hand; your running score: {mine:+g}."))}</div>')
        if live:
            parts.append(f'<div class="mj-acts"><button class="mj-chip mj-on" data-act="next">'
                         f'{esc(B("下一局", "next hand"))}</button></div>')
        parts.append("</div>")
        at = self.review_at if self.review_at >= 0 else None
        review = review_html(self.record(), live=live, at=at)
        return "".join(parts) + (_glossed(review) if live else review)

    # --- fallbacks ----------------------------------------------------------------------------

    def _text(self) -> str:
        return f"PlayTable({self.table.rules.en}, seat {self.me.letter}, hand {self.hand_no})"

    def _plain_head(self) -> str:
        rs = self.table.rules
        return (f"{B('打一局', 'Play a hand')} · {B(rs.zh, rs.en)} · "
                f"{B(f'你坐{self.me.zh}', f'you sit {self.me.en}')} · "
                f"{B(f'牌墙还剩 {self.wall_left} 张', f'{self.wall_left} tiles left in the wall')}"
                + (f" · {B('百搭', 'wild')} {self.table.wild}" if self.table.wild is not None else ""))

    def static_html(self) -> str:
        note = (f'<div class="mj-note">{esc(B("静态画面：运行笔记本就能点牌来打。", "Static view: run the notebook to play by clicking."))}</div>')
        return super().static_html().replace('<div class="mj-body">', '<div class="mj-body">' + note, 1)


def play(rules: str = "mcr", seat: str = "E", seed: int | None = None, coach: bool = True,
         level: str = "basic") -> PlayTable:
    """A table to play one hand after another by clicking: ``rules`` any rule set, ``seat`` yours in the
    first hand, ``coach`` the coach panel on or off, ``level`` the computer players' level (``"basic"``
    or ``"strong"``, which plays better under MCR only)."""
    return PlayTable(rules=rules, seat=seat, seed=seed, coach=coach, level=level)
