"""The learner's costly decisions at the table as review items, scheduled by the same FSRS scheduler as the
answers (:data:`mjlearn.quiz.review.SCHEDULER`), and the hands played counted into the personal profile.

A kept hand (:meth:`mjlearn.quiz.progress.ProgressStore.keep_hand`) stores its costly decisions
(:func:`mjlearn.coaching.mistakes.mistakes_of`). Each is an item ``mistake:<key>``: its first review is
the decision itself, a miss (rating Again, at the time the hand ended), so it is due a few minutes later;
each answer to it (a ``table_decision`` question, graded by the coach's ranking) is a review rated as
any answer is (:func:`mjlearn.quiz.review.rating`). A stored row that cannot be read (damaged JSON, an
absurd position, a row of another learner) is skipped and listed with its reason; the learner's other
items are kept."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from html import escape
from typing import Any

from fsrs import Card, Rating

from ..coaching.mistakes import CATEGORIES, MistakeError, check_item, hand_summary, mistakes_of, option_words
from ..coaching.profile import Profile, profile_of
from ..i18n import pick
from ..jsontext import nesting
from .core import Question
from .review import SCHEDULER, Item, ItemState, rating

__all__ = ["KIND", "TableReading", "hand_key", "read_table", "row_for_hand"]

KIND = "table_decision"
"""The question kind that asks a costly decision again (:mod:`mjlearn.quiz.kinds.decision`)."""


def hand_key(record: dict) -> str:
    """A key naming one hand's record: the same record kept twice is one hand."""
    text = json.dumps(record, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def row_for_hand(record: dict, outcome: dict) -> tuple[str, dict, list]:
    """(key, summary, [(category, item), ...]) of a finished hand's record and its ``outcome`` (the
    keywords of :func:`~mjlearn.coaching.mistakes.hand_summary`: won, dealt_in, points, fans)."""
    if not isinstance(record, dict) or not record.get("over"):
        raise MistakeError(
            "mjlearn mistakes: only a finished hand's record can be kept  （错题：只有打完的牌局才能保存）"
        )
    items = mistakes_of(record)
    return hand_key(record), hand_summary(record, **outcome), [(i["category"], i) for i in items]


@dataclass
class TableReading:
    """What the kept hands say: the mistake items' FSRS states, the profile, and the rows skipped."""

    states: dict = field(default_factory=dict)
    """``mistake:<key>`` -> :class:`~mjlearn.quiz.review.ItemState`."""
    items: dict = field(default_factory=dict)
    """``mistake:<key>`` -> the checked item."""
    profile: Profile = field(default_factory=Profile)
    skipped: list = field(default_factory=list)
    """(table, row id, reason) of each row left out."""

    @property
    def played(self) -> bool:
        """Whether there is anything to show: a hand kept, a decision to review or a row skipped."""
        return bool(self.profile.hands or self.states or self.skipped)

    def by_category(self, now: datetime | None = None) -> dict[str, dict]:
        """Per category (:data:`~mjlearn.coaching.mistakes.CATEGORIES` order): items kept and items due."""
        now = now or datetime.now(timezone.utc)
        out: dict[str, dict] = {}
        for key, s in self.states.items():
            d = out.setdefault(self.items[key]["category"], {"items": 0, "due": 0})
            d["items"] += 1
            d["due"] += s.is_due(now)
        return {c: out[c] for c in CATEGORIES if c in out}


_MAX_JSON = 100_000


def loads_limited(text) -> object:
    """JSON text of a stored row parsed, refused (ValueError) when it is not text, longer than a
    hand's record can be or nested deeper than one (never a RecursionError, never a guess)."""
    if not isinstance(text, str):
        raise ValueError(f"not JSON text: {type(text).__name__}")
    if len(text) > _MAX_JSON or nesting(text, stop_after=12)[0] > 12:
        raise ValueError("longer or deeper than a hand's record")
    return json.loads(text)


def _label(item: dict) -> tuple[str, str]:
    cz, ce = CATEGORIES[item["category"]]
    mz, me = option_words(item["choice"])
    bz, be = option_words(item["best"])
    return f"{cz}：你{mz}，教练{bz}", f"{ce}: you: {me}; the coach: {be}"


def _question(key: str, item: dict) -> Question:
    prompt = (
        "这是你打过的一手牌。再选一次：教练会怎么做？",
        "A position from your own hand. Choose again: what would the coach do?",
    )
    return Question(KIND, {**item, "mistake": key}, prompt, None, 1, "table")


def _skip(out: TableReading, table: str, row: dict, reason: str) -> None:
    out.skipped.append((table, row.get("id"), reason))


def read_table(user: str, hands: list[dict], mistakes: list[dict], answers: list[dict], now=None) -> TableReading:
    """The mistake items' schedule and the profile of ``user`` from the rows of their kept hands, their
    costly decisions and their answers to ``table_decision`` questions (each row a mapping as the store
    returns it; rows of another user, or that cannot be read, are skipped and listed)."""
    out = TableReading()
    summaries = []
    for row in hands:
        if row.get("user") != user:
            _skip(out, "table_hands", row, "another learner's row")
            continue
        try:
            s = loads_limited(row["summary"])
        except (TypeError, ValueError, RecursionError) as e:
            _skip(out, "table_hands", row, f"damaged JSON ({str(e)[:60]})")
            continue
        summaries.append(s)
    out.profile = profile_of(summaries, user, skipped=len(out.skipped))
    cards: dict[str, list] = {}
    for row in mistakes:
        if row.get("user") != user:
            _skip(out, "table_mistakes", row, "another learner's row")
            continue
        try:
            item = check_item(loads_limited(row["item"]))
            at = float(row["at"])
        except (TypeError, ValueError, RecursionError, MistakeError) as e:
            _skip(out, "table_mistakes", row, str(e).splitlines()[0][:160])
            continue
        key = f"mistake:{row['uid']}"
        out.items[key] = item
        cards[key] = [(at, Rating.Again, False)]
    for row in answers:
        try:
            q: Any = loads_limited(row["question"])
            key = q["data"]["mistake"]
        except (TypeError, ValueError, KeyError, RecursionError):
            continue  # a generated table_decision question: no item of the learner's own
        if key in cards and row.get("user", user) == user:
            r = rating(bool(row["correct"]), int(row.get("hints") or 0), int(row.get("retries") or 0))
            cards[key].append((float(row["at"]), r, bool(row["correct"])))
    for key, reviews in cards.items():
        card = Card()
        right = 0
        last = None
        for at, r, ok in sorted(reviews, key=lambda x: x[0]):
            last = datetime.fromtimestamp(max(at, last.timestamp() if last else at), timezone.utc)
            card, _ = SCHEDULER.review_card(card, r, last)
            right += ok
        item = out.items[key]
        q = _question(key, item)
        out.states[key] = ItemState(
            Item(key, _label(item), "table"),
            card,
            len(reviews) - 1,
            right,
            last,
            reviews[-1][2] if len(reviews) > 1 else False,
            {"id": None, "kind": KIND, "topic": "table", "question": json.dumps(q.to_dict(), ensure_ascii=False)},
        )
    return out


def table_text(table: TableReading, lang: str | None = None) -> str:
    """The profile and the costly decisions by category, as text (the progress view's part)."""
    lines = [table.profile.text(lang)]
    cats = table.by_category()
    if cats:
        lines.append(pick("牌桌失误（按类别）：", "Costly decisions at the table, by category:", lang))
        for c, d in cats.items():
            zh, en = CATEGORIES[c]
            lines.append(
                "  " + pick(f"{zh}：{d['items']} 项，{d['due']} 项待复习", f"{en}: {d['items']}, {d['due']} due", lang)
            )
    if table.skipped:
        lines.append(
            pick(
                f"{len(table.skipped)} 条牌桌记录无法读取，已跳过（原样保留）",
                f"{len(table.skipped)} table row(s) could not be read and were skipped (left as they are)",
                lang,
            )
        )
    return "\n".join(lines)


def table_html(table: TableReading) -> str:
    """The profile and the costly decisions by category, as HTML (the progress view's part)."""
    td = "<td style='text-align:left;vertical-align:top'>"
    th = "<th style='text-align:left;vertical-align:top'>"
    rows = "".join(
        f"<tr data-category='{c}'>{td}{escape(CATEGORIES[c][0])} {escape(CATEGORIES[c][1])}</td>{td}{d['items']}</td>"
        f"{td}{d['due'] or ''}</td></tr>"
        for c, d in table.by_category().items()
    )
    cats = (
        f"<p style='margin:6px 0 0'><b>牌桌失误 Costly decisions at the table</b></p><table><tr>{th}类别 Category</th>"
        f"{th}项目 Items</th>{th}待复习 Due</th></tr>{rows}</table>"
        "<p style='font-size:90%;color:#555'>复习时再选一次，按教练的排序评分。 "
        "In review you choose again, graded by the coach's ranking.</p>"
        if rows
        else ""
    )
    skipped = (
        f"<p class='mjlearn-table-skipped' style='color:#a40'>{len(table.skipped)} 条牌桌记录无法读取，已跳过（原样保留） · "
        f"{len(table.skipped)} table row(s) could not be read and were skipped (left as they are)</p>"
        if table.skipped
        else ""
    )
    return f"<div class='mjlearn-table-progress'>{table.profile._repr_html_()}{cats}{skipped}</div>"
