"""The review queue's FSRS replay (on plain numbers, for speed) against the ``fsrs`` package's own
``Scheduler.review_card``, the oracle: the same cards, bit for bit, over random histories; and the
queue and view from a store against the same rows replayed the slow way."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest
from fsrs import Card, Rating

from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.progress import ProgressStore, mastery
from mjlearn.quiz.review import SCHEDULER, _dt, _Replay, _us


def _history(rng: random.Random, n: int):
    """n (Unix seconds, rating) pairs: bursts within minutes, gaps of hours to months, a clock that
    sometimes goes back, times with awkward fractions of a second."""
    t = 1.6e9 + rng.random() * 1e8
    out = []
    for _ in range(n):
        t += rng.choice(
            [
                rng.uniform(0, 120),
                rng.uniform(60, 900),
                rng.uniform(3600, 86400 * 3),
                rng.uniform(86400, 86400 * 90),
                86400.0,
                86400 * 2 - 1e-6,
            ]
        )
        out.append((max(t, 0.0), rng.choice([1, 1, 2, 3, 3, 3, 4])))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_replay_matches_review_card_bit_for_bit(seed):
    rng = random.Random(seed)
    rp = _Replay()
    history = _history(rng, rng.randrange(1, 120))
    card = Card(card_id=1, due=datetime.fromtimestamp(history[0][0], timezone.utc))
    c = [1, 0, None, None, _us(history[0][0]), None]
    last = None
    for at, r in history:
        when = datetime.fromtimestamp(at, timezone.utc)
        assert _dt(_us(at)) == when
        if last is not None and when < last:
            when = last
        card, _ = SCHEDULER.review_card(card, Rating(r), when)
        rp.review(c, r, _us(when.timestamp()) if when != last else c[5])
        last = when
        mine = rp.card(c, 1)
        assert (mine.state, mine.step, mine.stability, mine.difficulty, mine.due, mine.last_review) == (
            card.state,
            card.step,
            card.stability,
            card.difficulty,
            card.due,
            card.last_review,
        )


def test_store_queue_and_view_equal_the_rows_replayed(tmp_path):
    """The store's one-pass reading gives the queue and the figures the row-by-row functions give."""
    from mjlearn.quiz.review import replay

    rng = random.Random(5)
    with ProgressStore(tmp_path / "p.db", user="ann") as s:
        t0 = 1.75e9
        for i in range(60):
            kind = rng.choice(["tile_name", "waits", "fans", "regional", "shanten"])
            q = generate(kind, seed=rng.randrange(40))
            for k in range(2):
                a = solve(q) if rng.random() < 0.6 else wrong_answer(q, rng)
                g = grade(q, a)
                rid = s.record(q, a, g, hints=rng.choice([0, 0, 1]), retries=k)
                s._conn.execute("UPDATE answers SET at = ? WHERE id = ?", (t0 + i * 3000 + k * 30, rid))
                if g.correct:
                    break
        rows = s.rows()
        now = datetime.fromtimestamp(t0 + 86400 * 30, timezone.utc)
        fast, slow = s.review_queue(now), replay(rows, now)
        assert set(fast.states) == set(slow.states)
        for key, st in fast.states.items():
            other = slow.states[key]
            assert (st.card.due, st.card.stability, st.reviews, st.right) == (
                other.card.due,
                other.card.stability,
                other.reviews,
                other.right,
            )
        by_topic = s.by_topic()
        for topic, d in by_topic.items():
            assert d["answered"] == sum(r["topic"] == topic for r in rows)
            assert d["mastery"] == pytest.approx(mastery([r for r in rows if r["topic"] == topic]))
        assert s.view().summary["total"] == len(rows) and not s.damaged()
