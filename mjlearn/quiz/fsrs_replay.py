"""FSRS cards replayed on plain numbers, for speed: the arithmetic of the ``fsrs`` scheduler the review
queue uses (:data:`SCHEDULER`), step for step and bit for bit, on lists of numbers with times in whole
microseconds. :mod:`mjlearn.quiz.review` replays a learner's answers through it and builds each item's
:class:`fsrs.Card` once, at the end."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

from fsrs import Card, Scheduler, State
from fsrs.scheduler import STABILITY_MIN

__all__ = ["SCHEDULER"]

SCHEDULER = Scheduler(enable_fuzzing=False)
"""FSRS with its default parameters (90 % desired retention), without random fuzz so that a history
always gives the same schedule."""

_US = 1_000_000
_DAY_US = 86_400 * _US


def _us(at: float) -> int:
    """Unix seconds as whole microseconds, rounded as ``datetime.fromtimestamp`` rounds them."""
    frac, whole = math.modf(at)
    return int(whole) * _US + round(frac * 1e6)


def _dt(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class _Replay:
    """FSRS cards replayed on plain numbers: the same arithmetic as ``SCHEDULER.review_card`` (the
    ``fsrs`` package's formulas, parameters and steps, without fuzz), step for step and bit for bit
    (``tests/test_progress_replay.py`` holds it to ``review_card`` over random histories), at a
    fraction of its cost, which matters when a history holds 100,000 answers. The factors that do
    not depend on the card are worked out once (the same operations, so the same bits). One
    :class:`fsrs.Card` per item is built at the end."""

    def __init__(self, scheduler: Scheduler | None = None):
        sch = scheduler or SCHEDULER
        if sch.enable_fuzzing:
            raise ValueError("the replay reproduces a scheduler without fuzz")
        w = self.w = sch.parameters
        self.decay, self.factor = sch._DECAY, sch._FACTOR
        self.max_interval = sch.maximum_interval
        self.ivl_factor = (sch.desired_retention ** (1 / self.decay)) - 1
        self.learning = [x // timedelta(microseconds=1) for x in sch.learning_steps]
        self.relearning = [x // timedelta(microseconds=1) for x in sch.relearning_steps]

        def hard_first(steps):
            if len(steps) == 1:
                return (steps[0] * 1.5) // timedelta(microseconds=1)
            if len(steps) >= 2:
                return ((steps[0] + steps[1]) / 2.0) // timedelta(microseconds=1)
            return None

        self.learning_hard0 = hard_first(sch.learning_steps)
        self.relearning_hard0 = hard_first(sch.relearning_steps)
        self.easy_d0 = w[4] - (math.e ** (w[5] * (4 - 1))) + 1
        r4 = (None, 1, 2, 3, 4)
        self.init_s = [None] + [max(w[r - 1], STABILITY_MIN) for r in r4[1:]]
        self.init_d = [None] + [min(max(w[4] - (math.e ** (w[5] * (r - 1))) + 1, 1.0), 10.0) for r in r4[1:]]
        self.short = [None] + [math.e ** (w[17] * (r - 3 + w[18])) for r in r4[1:]]
        self.delta = [None] + [-(w[6] * (r - 3)) for r in r4[1:]]
        self.e_w8 = math.e ** (w[8])
        self.forget_short = math.e ** (w[17] * w[18])
        self.bonus = [None, 1, w[15], 1, w[16]]
        self.neg_w9, self.neg_w12, self.neg_w19 = -w[9], -w[12], -w[19]
        self.rev_a, self.rev_b = w[7] * self.easy_d0, (1 - w[7])  # the mean reversion of difficulty

    def review(self, c: list, r: int, t: int) -> None:
        """Review card ``c`` ([state, step, stability, difficulty, interval, last review], times in
        microseconds) with rating ``r`` (1-4) at time ``t``, in place. The interval is the learning
        step's, or None while it follows from the stability (:meth:`due` works it out: only the last
        review's due date is ever read, so the replay does not compute the others)."""
        state, step, s, d, _, last = c
        if s is None:
            s, d = self.init_s[r], self.init_d[r]
        else:
            days = (t - last) // _DAY_US
            if days < 1:  # short-term stability
                inc = self.short[r] * (s**self.neg_w19)
                if r >= 2 and inc < 1.0:
                    inc = 1.0
                s = s * inc
            else:
                w = self.w
                retr = (1 + self.factor * days / s) ** self.decay
                if r == 1:
                    s1 = w[11] * (d**self.neg_w12) * (((s + 1) ** (w[13])) - 1) * (math.e ** ((1 - retr) * w[14]))
                    s2 = s / self.forget_short
                    s = min(s1, s2)
                else:
                    s = s * (
                        1
                        + self.e_w8
                        * (11 - d)
                        * (s**self.neg_w9)
                        * ((math.e ** ((1 - retr) * w[10])) - 1)
                        * self.bonus[r]
                    )
            if s < STABILITY_MIN:
                s = STABILITY_MIN
            d = self.rev_a + self.rev_b * (d + (10.0 - d) * self.delta[r] / 9.0)
            d = 1.0 if d < 1.0 else min(d, 10.0)
        if state == 2:  # review
            if r == 1 and self.relearning:
                c[:] = 3, 0, s, d, self.relearning[0], t
            else:
                c[:] = 2, None, s, d, None, t
            return
        steps = self.learning if state == 1 else self.relearning
        if not steps or (step >= len(steps) and r >= 2) or r == 4 or (r == 3 and step + 1 == len(steps)):
            c[:] = 2, None, s, d, None, t
        elif r == 1:
            c[:] = state, 0, s, d, steps[0], t
        elif r == 2:
            c[:] = (
                state,
                step,
                s,
                d,
                (self.learning_hard0 if state == 1 else self.relearning_hard0) if step == 0 else steps[step],
                t,
            )
        else:
            c[:] = state, step + 1, s, d, steps[step + 1], t

    def due(self, c: list) -> int:
        """The due time of card ``c`` (microseconds)."""
        ivl = c[4]
        if ivl is None:
            days = round((c[2] / self.factor) * self.ivl_factor)
            ivl = (1 if days < 1 else min(days, self.max_interval)) * _DAY_US
        return c[5] + ivl

    def card(self, c: list, card_id: int) -> Card:
        state, step, s, d = c[:4]
        return Card(
            card_id=card_id,
            state=State(state),
            step=step,
            stability=s,
            difficulty=d,
            due=_dt(self.due(c)),
            last_review=_dt(c[5]),
        )


_REPLAY = None


def _replayer() -> _Replay:
    global _REPLAY
    if _REPLAY is None:
        _REPLAY = _Replay()
    return _REPLAY
