"""Review: what to practise again, scheduled by spaced repetition (FSRS) from the learner's own answers.

Every recorded answer is a review of one or more *items*: its question kind (``kind:waits``), the
rule set it was asked under (``rules:beijing``) and, for "which fans?" questions, each fan that was
in the hand or was claimed (``fan:48``, right when the learner's choice about that fan was right).
Each item is an FSRS card (the ``fsrs`` package): the answers are replayed in order with a rating
from correctness, retries and hints, and the card says when the item is due again and how likely
the learner is to recall it now.

>>> import tempfile, os
>>> from mjlearn.quiz import generate, grade, solve
>>> from mjlearn.quiz.progress import ProgressStore
>>> from mjlearn.quiz.review import review_queue, rating
>>> from datetime import datetime, timedelta, timezone
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"), user="ann")
>>> q = generate("waits", seed=1)
>>> _ = store.record(q, [], grade(q, []))               # wrong: due again a minute later
>>> rq = review_queue(store, now=datetime.now(timezone.utc) + timedelta(minutes=2))
>>> [s.item.key for s in rq.due()]
['kind:waits']
>>> rating(correct=True, hints=1, retries=0).name
'Hard'
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from html import escape
from typing import Any

from fsrs import Card, Rating, State

from ..i18n import Bilingual, pick
from .core import KINDS, Question, QuizError, generate, get_kind

# the replay's arithmetic is fsrs_replay.py; _DAY_US and _Replay are still read from here (checkpoint_state.py, tests)
from .fsrs_replay import _DAY_US as _DAY_US
from .fsrs_replay import _US, SCHEDULER, _dt, _replayer, _us
from .fsrs_replay import _Replay as _Replay
from .history import Damage, Reading, answers_of

__all__ = ["SCHEDULER", "Item", "ItemState", "ReviewQueue", "items_of", "rating", "review_questions", "review_queue"]

RETENTION = SCHEDULER.desired_retention
"""The recall an item is allowed to fall to before it is due again (outside the first short steps)."""

DUE_MEANS = (
    "“到期”就是该再练一次了：刚学或刚答错的项目几分钟后就再出一次（这时多半还记得）；"
    f"之后间隔越来越长，等到记得的把握降到约 {RETENTION:.0%} 时再出。",
    "“Due” means it is time to practise it again: something just learned or just missed comes back a few "
    f"minutes later (you most likely still remember it); after that the gaps grow, and it comes back when "
    f"your chance of recalling it has fallen to about {RETENTION:.0%}.",
)
"""What "due" means, (Chinese, English), shown with every list of due items."""

_RULE_KINDS = tuple(k for k in ("regional", "wall_break", "claim"))


@dataclass(frozen=True)
class Item:
    """Something the learner can know or not: a question kind, a fan or a rule set."""

    key: str
    """``kind:<name>``, ``fan:<number>``, ``rules:<name>`` or ``mistake:<uid>`` (a costly decision at the
    table, :mod:`mjlearn.quiz.table_review`)."""
    label: tuple[str, str]
    """(Chinese, English)."""
    topic: str
    """The course topic it belongs to (a key of TOPICS)."""

    @property
    def what(self) -> tuple[str, str]:
        return _WHAT[self.key.split(":", 1)[0]]


_WHAT = {
    "kind": ("题型", "question kind"),
    "fan": ("番种", "fan"),
    "rules": ("规则", "rule set"),
    "mistake": ("牌桌失误", "table decision"),
}
"""What each kind of item is, by the prefix of its key (the review list's "type" column)."""


def _kind_item(name: str) -> Item:
    k = get_kind(name)
    return Item(f"kind:{name}", k.title, k.topic)


def _fan_item(fid: int) -> Item:
    from ..mcr.fans import fan

    f = fan(fid)
    return Item(f"fan:{fid}", (f.zh, f.en), "fans")


def _rules_item(name: str) -> Item:
    from ..rules import get

    rs = get(name)
    return Item(f"rules:{rs.name}", (rs.zh if hasattr(rs, "zh") else rs.en, rs.en), "regional")


def rating(correct: bool, hints: int = 0, retries: int = 0) -> Rating:
    """The FSRS rating of one answer: wrong -> Again; right after hints or a wrong try -> Hard;
    right at once -> Good."""
    if not correct:
        return Rating.Again
    if hints or retries:
        return Rating.Hard
    return Rating.Good


def items_of(row: dict) -> list[tuple[Item, bool]]:
    """The items one recorded answer reviews, each with whether the learner got that item right (none
    if the row is damaged: :mod:`mjlearn.quiz.history` says how)."""
    out = []
    for att in Reading(answers_of([row])).attempts():
        for key, right in _keys(att):
            item = _item(key)
            if item is not None:
                out.append((item, right))
    return out


def _keys(att) -> list[tuple[str, bool]]:
    """The item keys an attempt reviews, each with whether that item was right."""
    _rid, _at, kind, _topic, correct, _helped, rules, fan_items = att
    keys = [("kind:" + kind, bool(correct))]
    if rules is not None:
        keys.append(("rules:" + rules, bool(correct)))
    keys.extend((f"fan:{f}", right) for f, right in fan_items)
    return keys


@dataclass
class ItemState:
    """One item's FSRS card after replaying the learner's answers."""

    item: Item
    card: Card
    reviews: int = 0
    right: int = 0
    last: datetime | None = None
    last_correct: bool = False
    last_row: dict | None = None

    def recall(self, now: datetime | None = None) -> float:
        """FSRS retrievability: the chance the learner gets this item right now (0-1)."""
        return float(SCHEDULER.get_card_retrievability(self.card, now or _now()))

    def is_due(self, now: datetime | None = None) -> bool:
        return self.card.due <= (now or _now())

    @property
    def learning(self) -> bool:
        """True while the item is in FSRS's short steps (new, or just missed): it comes back after
        minutes whatever the recall, to be answered right once more before longer gaps begin."""
        return self.card.state != State.Review

    def why_due(self, now: datetime | None = None) -> tuple[str, str]:
        """(zh, en): why this item is due, in the learner's words and consistent with its recall."""
        if self.learning:
            if self.last_correct:
                return ("新学的：再答对一次，间隔才会拉长", "new: answer it right once more before the gaps grow")
            return ("上次答错了：再练一次", "missed last time: practise it once more")
        r = self.recall(now)
        return (
            f"上次之后过了一段时间，记得的把握降到 {r:.0%}（目标 {RETENTION:.0%}）",
            f"time has passed since last time: recall is down to {r:.0%} (the aim is {RETENTION:.0%})",
        )


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _at(ts: float) -> datetime:
    return datetime.fromtimestamp(float(ts), timezone.utc)


class ReviewQueue(Bilingual):
    """Every item the learner has met, with its FSRS card; :meth:`due` is what to review now.

    Shows as a table in a notebook (``str()`` for the terminal)."""

    def __init__(self, states: dict[str, ItemState], now: datetime | None = None, damage: Damage | None = None):
        self.states = states
        self.now = now or _now()
        self.damage = damage if damage is not None else Damage()
        """The damaged rows skipped while reading the answers (:class:`~mjlearn.quiz.history.Damage`)."""

    def due(self, now: datetime | None = None) -> list[ItemState]:
        """The items due, the most forgotten first (lowest recall, then longest overdue)."""
        now = now or self.now
        due = [s for s in self.states.values() if s.is_due(now)]
        return sorted(due, key=lambda s: (s.recall(now), s.card.due, s.item.key))

    def upcoming(self, now: datetime | None = None) -> list[ItemState]:
        """The items not due yet, the soonest first."""
        now = now or self.now
        return sorted(
            (s for s in self.states.values() if not s.is_due(now)),
            key=lambda s: (s.card.due, s.recall(now), s.item.key),
        )

    def by_topic(self, now: datetime | None = None) -> dict[str, dict]:
        """Per topic: items met, items due, mean recall."""
        now = now or self.now
        out: dict[str, dict] = {}
        for s in self.states.values():
            d = out.setdefault(s.item.topic, {"items": 0, "due": 0, "recall": 0.0})
            d["items"] += 1
            d["due"] += s.is_due(now)
            d["recall"] += s.recall(now)
        for d in out.values():
            d["recall"] /= d["items"]
        return out

    def __len__(self) -> int:
        return len(self.due())

    def text(self, lang: str | None = None, limit: int = 12, terminal: bool = False) -> str:
        note = self.damage.note(lang, terminal)
        body = self._text(lang, limit)
        return body + ("\n" + note if note else "")

    def _text(self, lang: str | None, limit: int) -> str:
        due = self.due()
        if not self.states:
            return pick(
                "还没有可复习的内容：先做几道练习。", "Nothing to review yet: answer a few questions first.", lang
            )
        lines = [
            pick(
                f"待复习 {len(due)} 项（共 {len(self.states)} 项）",
                f"Due for review: {len(due)} of {len(self.states)} items",
                lang,
            )
        ]
        lines.append(pick(*DUE_MEANS, lang=lang))
        for s in due[:limit]:
            lines.append(
                f"  {pick(*s.item.label, lang)} ({pick(*s.item.what, lang)}) — " + pick(*s.why_due(self.now), lang=lang)
            )
        if len(due) > limit:
            lines.append(pick(f"  ……还有 {len(due) - limit} 项", f"  ... and {len(due) - limit} more", lang))
        nxt = self.upcoming()
        if nxt:
            lines.append(
                pick("下一项到期：", "Next due: ", lang)
                + f"{pick(*nxt[0].item.label, lang)}, "
                + _when(nxt[0].card.due - self.now, lang)
            )
        return "\n".join(lines)

    def _repr_html_(self, limit: int = 12, damage: bool = True) -> str:
        skipped = self.damage._repr_html_() if damage else ""
        if not self.states:
            return (
                "<div class='mjlearn-review'>还没有可复习的内容：先做几道练习。 "
                f"Nothing to review yet: answer a few questions first.{skipped}</div>"
            )
        due = self.due()
        rows = []
        td = "<td style='text-align:left;vertical-align:top'>"
        for s in due[:limit]:
            r = s.recall(self.now)
            zh, en = s.why_due(self.now)
            bar = "" if s.learning else f"{_bar(r)} "  # a just-learned item is due by its step, not its recall
            rows.append(
                f"<tr>{td}{escape(s.item.label[0])} {escape(s.item.label[1])}</td>"
                f"{td}{escape(s.item.what[0])} {escape(s.item.what[1])}</td>"
                f"{td}{s.right}/{s.reviews}</td>"
                f"{td}<span class='mjlearn-review-why'>{bar}{escape(zh)}<br>"
                f"<span style='color:#555'>{escape(en)}</span></span></td></tr>"
            )
        more = f"<p>……还有 {len(due) - limit} 项 ... and {len(due) - limit} more</p>" if len(due) > limit else ""
        nxt = self.upcoming()
        tail = ""
        if nxt:
            tail = (
                f"<p>下一项到期 Next due: <b>{escape(nxt[0].item.label[0])} {escape(nxt[0].item.label[1])}</b>, "
                f"{escape(_when(nxt[0].card.due - self.now, 'zh'))} / {escape(_when(nxt[0].card.due - self.now, 'en'))}</p>"
            )
        th = "<th style='text-align:left;vertical-align:top'>"
        table = (
            f"<table><tr>{th}项目 Item</th>{th}类别 Type</th>{th}对/答 Right</th>{th}为什么到期 Why it is due</th></tr>"
            f"{''.join(rows)}</table>"
            if rows
            else "<p>现在没有到期的项目。 Nothing is due right now.</p>"
        )
        means = (
            f"<p class='mjlearn-review-means' style='font-size:90%;color:#555;margin:2px 0'>{escape(DUE_MEANS[0])}"
            f"<br>{escape(DUE_MEANS[1])}</p>"
        )
        return (
            f"<div class='mjlearn-review' style='max-width:100%'><b>待复习 Due for review</b>: "
            f"{len(due)} / {len(self.states)} 项 items{means}{table}{more}{tail}{skipped}</div>"
        )


def _when(delta: timedelta, lang: str | None) -> str:
    s = max(delta.total_seconds(), 0)
    if s < 3600:
        n = max(1, round(s / 60))
        return pick(f"{n} 分钟后", f"in {n} min", lang)
    if s < 86400 * 2:
        n = round(s / 3600)
        return pick(f"{n} 小时后", f"in {n} h", lang)
    n = round(s / 86400)
    return pick(f"{n} 天后", f"in {n} days", lang)


def _bar(p: float) -> str:
    color = "#2a2" if p >= 0.8 else "#d90" if p >= 0.5 else "#c33"
    return (
        f"<span style='display:inline-block;background:#ddd;width:80px;height:9px;vertical-align:middle'>"
        f"<span style='display:block;background:{color};width:{p * 80:.0f}px;height:9px'></span></span>"
    )


def _item(key: str) -> Item | None:
    """The item of a key (None if this mjlearn cannot name it)."""
    what, _, name = key.partition(":")
    try:
        return _kind_item(name) if what == "kind" else _fan_item(int(name)) if what == "fan" else _rules_item(name)
    except (KeyError, ValueError, LookupError, QuizError):
        return None


class _Cards:
    """The items' cards as the attempts are replayed (each reviews its items in the order given); the
    :class:`fsrs.Card` of each is built once, at the end (:meth:`queue`)."""

    def __init__(self):
        rp = self.rp = _replayer()
        self.review = rp.review
        self.cards: dict[str, list] = {}  # key -> the card ([state, step, stability, difficulty, interval, last])
        self.seen: dict[str, list] = {}  # key -> [card id, reviews, right, last right, attempt]
        self.keys: dict = {}  # kind, rule set or fan number -> its item key

    def one(self, key: str, right: bool, r: int, t: int, att) -> None:
        """Review item ``key`` with rating ``r`` at ``t`` (microseconds) in attempt ``att``."""
        c = self.cards.get(key)
        if c is None:
            c = self.cards[key] = [1, 0, None, None, None, None]
            self.seen[key] = [len(self.seen) + 1, 1, right + 0, right, att]
            self.review(c, r, t)
            return
        last = c[5]
        self.review(c, r, max(t, last))  # clocks moved back: keep the order of answers
        n = self.seen[key]
        n[1] += 1
        n[2] += right
        n[3] = right
        n[4] = att

    def first(self, key: str, r: int, t: int, att) -> tuple[list, list]:
        """Review item ``key``, answered right, and give its (card, counts)."""
        self.one(key, True, r, t, att)
        return self.cards[key], self.seen[key]

    def right(self, c: list, n: list, r: int, t: int, att) -> None:
        """Review the item of card ``c`` and counts ``n``, which has a card, answered right."""
        last = c[5]
        self.review(c, r, max(t, last))  # clocks moved back: keep the order of answers
        n[1] += 1
        n[2] += 1
        n[3] = True
        n[4] = att

    def key(self, prefix: str, name) -> str:
        key = self.keys.get((prefix, name))
        if key is None:
            key = self.keys[prefix, name] = f"{prefix}:{name}"
        return key

    def attempt(self, att) -> None:
        """Replay one attempt (:meth:`mjlearn.quiz.history.Reading.attempts`)."""
        _rid, at, kind, _topic, correct, helped, rules, fan_items = att
        t = _us(at)
        right_r = 2 if helped else 3
        r = right_r if correct else 1
        correct = bool(correct)
        self.one(self.key("kind", kind), correct, r, t, att)
        if rules is not None:
            self.one(self.key("rules", rules), correct, r, t, att)
        for f, right in fan_items:
            self.one(self.key("fan", f), right, right_r if right else 1, t, att)

    def queue(self, now: datetime | None) -> ReviewQueue:
        states: dict[str, ItemState] = {}
        for key, c in self.cards.items():
            item = _item(key)
            if item is None:
                continue
            card_id, reviews, right, last_right, att = self.seen[key]
            states[key] = ItemState(
                item,
                self.rp.card(c, card_id),
                reviews,
                right,
                _dt(c[5]),
                last_right,
                {"id": att[0], "at": att[1], "kind": att[2], "topic": att[3], "correct": att[4]},
            )
        return ReviewQueue(states, now)


def replay_attempts(attempts, now: datetime | None = None) -> ReviewQueue:
    """The review queue from attempts (:meth:`mjlearn.quiz.history.Reading.attempts`), as of ``now``:
    each attempt reviews its items in the order given; the cards are built once, at the end."""
    cards = _Cards()
    for att in attempts:
        cards.attempt(att)
    return cards.queue(now)


def replay_reading(reading: Reading, now: datetime | None = None, resume=None, keep=None) -> ReviewQueue:
    """:func:`replay_attempts` of ``reading.attempts()`` (the same queue, the same figures counted in
    ``reading``) in one loop over the answers, which matters at 100,000 of them: an answer right at the
    first try (most of them) is an attempt of its own, counted and replayed where it is read; any other
    goes through :meth:`~mjlearn.quiz.history.Reading.close` and :meth:`_Cards.attempt`.

    A right answer closes its attempt at once (the next answer cannot join it), which is where
    ``attempts()`` closes it too, since closing a right try adds no damaged row.

    ``resume``: (cards, wrong tries waiting) where an earlier reading stopped, ``reading`` holding its
    counts (:mod:`mjlearn.quiz.checkpoint_state`); ``keep(cards, group)`` is called at the end of the
    answers, before the tries waiting are replayed."""
    cards = _Cards() if resume is None else resume[0]
    one, attempt, close, review_right = cards.one, cards.attempt, reading.close, cards.right
    topics, damaged, credit, new_topic = reading._topics, reading.damage.rows, reading._credit, reading._topic
    kinds: dict = {}  # kind -> (its card, its counts) once it has a card (fans by number alike)
    fan_cards: dict = {}
    modf = math.modf
    group: list = [] if resume is None else resume[1]  # the wrong tries of one question, waiting for the next try
    total = 0

    def replay_group(tries: list) -> None:  # an attempt of several tries, or of one wrong try
        att = close(tries)
        if att is not None:  # None: its question cannot be read (its tries are listed as damaged)
            attempt(att)

    for a in reading._stream:
        ended = a.__class__ is not tuple or not a[9]  # a DamagedRow, or another question
        if group and ended:
            if a.__class__ is not tuple:
                damaged.append(a)  # listed before the tries the closing may list
            replay_group(group)
            group = []
            if a.__class__ is not tuple:
                continue
        elif a.__class__ is not tuple:
            damaged.append(a)
            continue
        if not a[4] or group:
            group.append(a)
            if a[4]:
                replay_group(group)
                group = []
            continue
        # right at the first try: Reading.close and _Cards.attempt of a group of one, inlined
        _rid, at, kind, topic, _correct, helped, rules, fans, question, _ = a
        t = topics.get(topic)
        if t is None:
            t = new_topic(topic)
        t[0] += 1
        t[1] += 1
        t[2].append(1)
        total += 1
        open_ = t[5]
        if open_ is None:
            t[5] = [1, question, 1, helped]
        elif question != open_[1] or open_[2]:
            credit(t)
            t[5] = [1, question, 1, helped]
        else:
            open_[0] += 1
            open_[2], open_[3] = 1, helped
        frac, whole = modf(at)
        us = int(whole) * _US + round(frac * 1e6)  # as _us()
        r = 2 if helped else 3
        entry: Any = kinds.get(kind)
        if entry is None:
            entry = kinds[kind] = cards.first(cards.key("kind", kind), r, us, a)
        else:
            review_right(*entry, r, us, a)  # type: ignore[call-arg]  # entry is (card, counts): five arguments
        if rules is not None:
            one(cards.key("rules", rules), True, r, us, a)
        if fans is not None:  # right: every fan chosen is right, and no other is in the hand
            for f in fans:
                entry = fan_cards.get(f)
                if entry is None:
                    entry = fan_cards[f] = cards.first(cards.key("fan", f), r, us, a)
                else:
                    review_right(*entry, r, us, a)  # type: ignore[call-arg]  # entry is (card, counts): five arguments
    reading.total += total
    reading.correct += total
    if keep is not None:
        keep(cards, group)
    if group:
        replay_group(group)
    return cards.queue(now)


def replay(rows: list[dict], now: datetime | None = None) -> ReviewQueue:
    """The review queue from answer rows (mappings, in the order they were given), as of ``now``.
    Damaged rows are skipped and listed in the queue's ``damage``."""
    reading = Reading(answers_of(rows))
    rq = replay_attempts(reading.attempts(), now)
    rq.damage = reading.damage
    by_id = {r.get("id"): r for r in rows if isinstance(r, dict) and r.get("id") is not None}
    for s in rq.states.values():
        s.last_row = by_id.get(s.last_row["id"], s.last_row)  # type: ignore[index]  # a replayed item has its last row
    return rq


def review_queue(store, now: datetime | None = None) -> ReviewQueue:
    """The learner's review queue in ``store`` (a :class:`~mjlearn.quiz.progress.ProgressStore`;
    ``mjlearn.quiz.review_queue()`` opens the default one). Damaged rows are skipped and listed in the
    queue's ``damage`` (its text and table say how many)."""
    return store.review_queue(now)


def question_for(state: ItemState, rng: random.Random, difficulty: int = 1) -> Question:
    """A new question on the item (a fresh hand for a fan, a question under the rule set...), or,
    if none can be made, the question last answered for it."""
    kind, _, name = state.item.key.partition(":")
    seed = rng.randrange(1 << 30)
    try:
        if kind == "kind":
            return generate(name, seed=seed, difficulty=difficulty)
        if kind == "fan":
            return generate("fans", seed=seed, difficulty=difficulty, fan=int(name))
        if kind == "rules":
            last_kind = state.last_row["kind"] if state.last_row else "regional"
            kinds = [last_kind] + [k for k in _RULE_KINDS if k != last_kind and k in KINDS]
            for k in kinds:
                for _ in range(12):
                    q = generate(k, seed=rng.randrange(1 << 30), difficulty=difficulty)
                    if q.data.get("rules") == name:
                        return q
    except QuizError:
        pass
    try:
        return Question.from_dict(json.loads(state.last_row["question"]))  # type: ignore[index]  # TypeError is caught
    except (KeyError, TypeError, ValueError, RecursionError, QuizError):  # no readable question to repeat
        return generate(
            state.last_row["kind"] if state.last_row and state.last_row.get("kind") in KINDS else "tile_name",
            seed=seed,
            difficulty=difficulty,
        )


def review_questions(
    store, n: int = 5, seed: int | None = None, difficulty: int = 1, now: datetime | None = None
) -> tuple[list[Question], ReviewQueue]:
    """Up to ``n`` questions on the items due (the most forgotten first), and the queue they came from.

    When fewer than ``n`` are due, the rest are the items due soonest (what was just missed comes back
    within minutes); with no history at all the list is empty (practise a topic first)."""
    rq = review_queue(store, now)
    rng = random.Random(seed)
    chosen = rq.due()[:n]
    if len(chosen) < n:
        chosen += rq.upcoming()[: n - len(chosen)]
    return [question_for(s, rng, difficulty) for s in chosen], rq
