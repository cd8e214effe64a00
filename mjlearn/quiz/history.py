"""A learner's answers read for the progress view and the review queue: every row is checked, and a
damaged row is skipped and listed, never fatal and never silent. Skipping is in reading only: nothing
is deleted, changed or moved.

A row is damaged when a value the view or the queue reads cannot be one mjlearn writes. The kinds of
damage are the keys of :data:`DAMAGE` (each one a case of ``tests/test_progress_damage.py``): a value
missing (NULL) where one is needed; an id missing or used twice; no learner's name; a time that is not
a number, NaN, before 1970 or beyond the year 3000 (1e300, infinity); a question kind or topic this
mjlearn does not know; a seed that is not a whole number; a difficulty that is not 1-3; a question
that is not JSON, JSON that is not a question (a list, a string, ``data`` that is not an object,
another kind), over 64 KB, one the engine cannot read, or naming an unknown rule set; an answer that
is not JSON or not of its question's type; "correct" that is not 0 or 1; hints or retries that are
not a whole number from 0 to 1000; a score outside 0-1 or a time taken that is not a number; text
that is not UTF-8 or holds a lone surrogate.

The rows are read as a stream (:class:`Reading`): on the SQLite file checked mostly by SQLite
(:func:`mjlearn.quiz.history_sql.sqlite_answers`), elsewhere in Python (:func:`answers_of`); either way
one pass gives the attempts the review queue replays and the tallies of the progress view, without a
Python object per row beyond the one being read. A question's text is decoded only where it is read
(the answers to "which fans?" questions, the question a review falls back to), so bytes that are not
UTF-8 in a question nothing reads are not reported.
"""

from __future__ import annotations

import gc
import json
import math
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from ..i18n import Bilingual, pick
from ..jsontext import nesting
from ..mcr import score as _score_mcr
from .core import KINDS, TOPICS, Question, solve
from .solved import key_of

__all__ = ["DAMAGE", "MAX_AT", "MAX_TEXT", "Damage", "DamagedRow", "Reading", "answers_of", "check_row"]

MAX_AT = 32503680000.0
"""The latest time an answer may carry (3000-01-01, Unix seconds): later ones are damage, and a card's
next due date (at most 100 years on) stays a date Python can hold."""
MAX_TEXT = 65536
"""The longest question or answer text read (bytes); mjlearn's longest questions are about 1.5 KB."""
MAX_COUNT = 1000
"""The most hints or retries one answer may count."""
MAX_DEPTH = 200
"""The deepest nesting of lists and objects a question may have (mjlearn's questions nest 4 deep);
deeper JSON is not read (``json.loads`` recurses once per level)."""

DAMAGE: dict[str, tuple[str, str]] = {
    "missing": ("有一项为空", "a value it needs is empty"),
    "id_missing": ("没有编号", "it has no number"),
    "id_duplicate": ("编号与另一条回答重复", "its number is used by another answer too"),
    "user_missing": ("没有答题人的名字", "it has no learner's name"),
    "at_bad": ("时间不是数字", "its time is not a number"),
    "at_negative": ("时间早于 1970 年", "its time is before 1970"),
    "at_far": ("时间在 3000 年以后", "its time is beyond the year 3000"),
    "kind_unknown": ("题型是这个版本不认识的", "its question kind is not one this mjlearn knows"),
    "topic_unknown": ("主题不是课程里的", "its topic is not one of the course's"),
    "seed_bad": ("随机种子不是整数", "its seed is not a whole number"),
    "difficulty_bad": ("难度不是 1、2 或 3", "its difficulty is not 1, 2 or 3"),
    "question_not_json": ("题目不是可读的 JSON", "its question is not readable JSON"),
    "question_shape": ("题目的结构不对", "its question does not have the shape of a question"),
    "question_too_long": ("题目或回答太长（超过 64 KB）", "its question or answer is too long (over 64 KB)"),
    "question_unreadable": ("引擎读不懂这道题", "the engine cannot read its question"),
    "rules_unknown": ("题目里的规则是这个版本不认识的", "its question names a rule set this mjlearn does not know"),
    "answer_not_json": ("回答不是可读的 JSON", "its answer is not readable JSON"),
    "answer_wrong_type": ("回答的类型与题目不符", "its answer is not of its question's type"),
    "correct_bad": ("对错标记不是 0 或 1", "its right-or-wrong mark is not 0 or 1"),
    "hints_bad": ("提示次数不是 0 到 1000 的整数", "its number of hints is not a whole number from 0 to 1000"),
    "retries_bad": ("重试次数不是 0 到 1000 的整数", "its number of retries is not a whole number from 0 to 1000"),
    "score_bad": ("得分不是 0 到 1 之间的数", "its score is not a number from 0 to 1"),
    "seconds_bad": ("用时不是非负的数", "its time taken is not a number of seconds"),
    "text_not_utf8": (
        "文字里有无效字符（单个代理项或不是 UTF-8 的字节）",
        "its text has invalid characters (a lone surrogate, or bytes that are not UTF-8)",
    ),
}
"""Each kind of damage a row can have: (Chinese, English) of what is wrong with it."""

_ENV_HINT = ("mjlearn quiz --damaged", "mjlearn.quiz.ProgressStore().damaged()")


@dataclass(frozen=True)
class DamagedRow:
    """One answer row skipped because it is damaged."""

    id: object
    """The row's id as stored (None if it has none)."""
    position: int
    """Its place among the answers read, from 1 (names a row that has no usable id)."""
    damage: str
    """What is wrong: a key of :data:`DAMAGE`."""
    column: str = ""
    """The column holding the damage (``question``, ``at``...)."""

    def text(self, lang: str | None = None) -> str:
        zh, en = DAMAGE[self.damage]
        if self.damage == "missing" and self.column in _WORDS:
            wzh, wen = _WORDS[self.column]
            zh, en = f"{wzh}为空", f"its {wen} is empty"
        name = _id_text(self.id, self.position)
        return pick(f"第 {name} 条回答：{zh}", f"answer {name}: {en}", lang)


_WORDS = {
    "at": ("时间", "time"),
    "kind": ("题型", "question kind"),
    "topic": ("主题", "topic"),
    "difficulty": ("难度", "difficulty"),
    "correct": ("对错标记", "right-or-wrong mark"),
    "score": ("得分", "score"),
    "hints": ("提示次数", "number of hints"),
    "retries": ("重试次数", "number of retries"),
    "question": ("题目", "question"),
    "answer": ("回答", "answer"),
    "user": ("答题人", "learner's name"),
}
"""The columns named to a learner, in their words."""


def _id_text(rid, position: int) -> str:
    if isinstance(rid, int) and not isinstance(rid, bool):
        return str(rid)
    return f"#{position}"


class Damage(Bilingual):
    """The damaged rows a reading skipped; empty (and falsy) when there were none. ``note`` is the
    one line the view and the queue show; ``text`` and the notebook form list every row."""

    def __init__(self, rows=()):
        self.rows: list[DamagedRow] = list(rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def ids(self) -> list:
        return [_id_text(r.id, r.position) for r in self.rows]

    def note(self, lang: str | None = None, terminal: bool = False) -> str:
        """One line: how many rows were skipped, the first ids, and how to see why ("" if none)."""
        n = len(self.rows)
        if not n:
            return ""
        ids = ", ".join(self.ids()[:5]) + (", ..." if n > 5 else "")
        ids_zh = "、".join(self.ids()[:5]) + ("……" if n > 5 else "")
        how = _ENV_HINT[0] if terminal else _ENV_HINT[1]
        return pick(
            f"已跳过 {n} 条损坏的记录（编号 {ids_zh}）；原记录未改动，查看原因：{how}",
            f"{n} damaged row{'' if n == 1 else 's'} skipped (ids {ids}); nothing was changed; to see why: {how}",
            lang,
        )

    def text(self, lang: str | None = None) -> str:
        if not self.rows:
            return pick("没有损坏的记录。", "No damaged rows.", lang)
        n = len(self.rows)
        return "\n".join(
            [
                pick(
                    f"已跳过 {n} 条损坏的记录（原记录未改动）：",
                    f"{n} damaged row{'' if n == 1 else 's'} skipped (nothing was changed):",
                    lang,
                )
            ]
            + ["  " + r.text(lang) for r in self.rows]
        )

    def _repr_html_(self) -> str:
        if not self.rows:
            return ""
        n = len(self.rows)
        items = "".join(
            f"<li>{escape(r.text('zh'))}<br><span style='color:#555'>{escape(r.text('en'))}</span></li>"
            for r in self.rows[:200]
        )
        more = f"<li>……还有 {n - 200} 条 ... and {n - 200} more</li>" if n > 200 else ""
        return (
            f"<details class='mjlearn-damaged' style='color:#8a4b00'><summary>已跳过 {n} 条损坏的记录 · "
            f"{n} damaged row{'' if n == 1 else 's'} skipped (原记录未改动 nothing was changed)</summary>"
            f"<ul>{items}{more}</ul></details>"
        )


# -- one answer as read ------------------------------------------------------------------------------
# An answer is a plain tuple (no object per row): (id, at, kind, topic, correct, helped, rules, fans,
# question, same), where helped is 1 if hints or retries helped (else 0: the queue and the view use
# no more of them), rules the rule set's name or None, fans the chosen fan numbers of a "which fans?"
# answer (else None), question the question's text (bytes from the SQLite file) and same whether it
# is the question of the answer just before.

_KIND_TOPIC = {name: k.topic for name, k in KINDS.items()}


@lru_cache(maxsize=256)
def _rules_key(name: str) -> str | None:
    """The registry name of a rule set named in a question (None if unknown)."""
    from ..rules import get

    try:
        return get(name).name
    except (KeyError, ValueError, LookupError, TypeError):
        return None


def _whole(v, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _text_ok(s: str) -> bool:
    """True unless ``s`` holds a lone surrogate (from a ``\\ud800`` escape or undecodable bytes)."""
    if s.isascii():
        return True
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _decode(b) -> str | None:
    """A text fetched as bytes, decoded strictly (None: not UTF-8 or a lone surrogate)."""
    if isinstance(b, str):
        return b if _text_ok(b) else None
    try:
        return bytes(b).decode("utf-8")
    except UnicodeDecodeError:
        return None


def _load(text: str):
    """JSON text as a value; raises ValueError if it is not JSON this reading can hold."""
    if (
        len(text) > 2 * MAX_DEPTH
        and text.count("[") + text.count("{") > MAX_DEPTH
        and nesting(text, stop_after=MAX_DEPTH)[0] > MAX_DEPTH
    ):
        raise ValueError("nested too deeply")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _fan_numbers(answer) -> tuple | None:
    """The fan numbers of a "which fans?" answer (None if it is not a list of them)."""
    from ..mcr import FANS

    if not isinstance(answer, list) or len(answer) > len(FANS):
        return None
    ids = _fan_ids()
    if not all(isinstance(a, int) and not isinstance(a, bool) and a in ids for a in answer):
        return None
    return tuple(sorted(set(answer)))


@lru_cache(maxsize=1)
def _fan_ids() -> frozenset:
    from ..mcr import FANS

    return frozenset(f.id for f in FANS)


def check_row(r) -> tuple[str, str] | tuple:
    """One row (a mapping of the answer columns) checked in Python: ``(damage, column)`` if damaged,
    else ``(answer_tuple, question_text)``."""
    rid = r.get("id")
    if not _whole(rid, -(1 << 63), (1 << 63) - 1):
        return "id_missing", "id"
    if "user" in r and (not isinstance(r["user"], str) or not r["user"]):
        return "user_missing", "user"
    at = r.get("at")
    if at is None:
        return "missing", "at"
    if not _number(at) or math.isnan(at):
        return "at_bad", "at"
    if at < 0:
        return "at_negative", "at"
    if at > MAX_AT:
        return "at_far", "at"
    kind, topic = r.get("kind"), r.get("topic")
    if kind is None:
        return "missing", "kind"
    if not isinstance(kind, str) or kind not in _KIND_TOPIC:
        return ("text_not_utf8" if isinstance(kind, str) and not _text_ok(kind) else "kind_unknown"), "kind"
    if topic is None:
        return "missing", "topic"
    if not isinstance(topic, str) or topic not in TOPICS:
        return "topic_unknown", "topic"
    if r.get("seed") is not None and not _whole(r["seed"], -(1 << 63), (1 << 63) - 1):
        return "seed_bad", "seed"
    for col, lo, hi, bad in (
        ("difficulty", 1, 3, "difficulty_bad"),
        ("correct", 0, 1, "correct_bad"),
        ("hints", 0, MAX_COUNT, "hints_bad"),
        ("retries", 0, MAX_COUNT, "retries_bad"),
    ):
        v = r.get(col, 0 if col == "retries" else None)
        if v is None:
            return "missing", col
        if not _whole(v, lo, hi):
            return bad, col
    score = r.get("score")
    if score is None:
        return "missing", "score"
    if not _number(score) or not 0 <= score <= 1:
        return "score_bad", "score"
    seconds = r.get("seconds")
    if seconds is not None and (not _number(seconds) or not 0 <= seconds < math.inf):
        return "seconds_bad", "seconds"
    for col in ("question", "answer"):
        v = r.get(col)
        if v is None:
            return "missing", col
        if not isinstance(v, str):
            return f"{col}_not_json", col
        if len(v) > MAX_TEXT:
            return "question_too_long", col
        if not _text_ok(v):
            return "text_not_utf8", col
    try:
        q = _load(r["question"])
    except ValueError:
        return "question_not_json", "question"
    try:
        a = _load(r["answer"])
    except ValueError:
        return "answer_not_json", "answer"
    data = q.get("data") if isinstance(q, dict) else None
    if (
        not isinstance(q, dict)
        or (data is not None and not isinstance(data, dict))
        or ("kind" in q and q["kind"] != kind)
    ):
        return "question_shape", "question"
    rules = data.get("rules") if data else None
    if rules is not None:
        rules = _rules_key(rules) if isinstance(rules, str) else None
        if rules is None:
            return "rules_unknown", "question"
    fans = None
    if kind == "fans":
        fans = _fan_numbers(a)
        if fans is None:
            return "answer_wrong_type", "answer"
    return (
        rid,
        float(at),
        kind,
        topic,
        r["correct"],
        1 if (r["hints"] or r.get("retries", 0)) else 0,
        rules,
        fans,
        r["question"],
    ), r["question"]


def answers_of(rows):
    """The answers of ``rows`` (mappings, in order) checked in Python: a stream of answer tuples, each
    with one more value, ``same`` (the same question as the row just before), and :class:`DamagedRow`
    values."""
    prev = prev_id = None
    for pos, r in enumerate(rows, 1):
        out, question = check_row(r)
        if not isinstance(out, str):
            if out[0] == prev_id:
                out, question = "id_duplicate", "id"
            else:
                prev_id = out[0]
        if isinstance(out, str):
            prev = None
            yield DamagedRow(r.get("id"), pos, out, question)
            continue
        yield out + (question == prev,)
        prev = question


@lru_cache(maxsize=4096)
def expected_fans(question: str) -> tuple | None:
    """The fans the engine scores for a "which fans?" question (its JSON text); None if the engine
    cannot read it. Kept for the process: a notebook showing the view again solves nothing again.

    The question is read as the quiz reads it (:meth:`Question.from_dict`) and its hand scored as the
    kind's ``solve`` scores it, taking the fans the scorer counted (``fan_counts``) rather than building
    their explanation: the same fans (``tests/test_oracle_mcr.py`` holds the scorer to it) at about half
    the cost, which a first reading of a long history pays for every "which fans?" question missed."""
    if isinstance(question, (bytes, bytearray, memoryview)):
        question = _decode(question)
        if question is None:
            return None
    try:
        q = Question.from_dict(_load(question))
        if q.kind != "fans":
            return tuple(solve(q))
        return tuple(sorted(_score_mcr(q.data["hand"], **q.data.get("context", {})).fan_counts()))
    except Exception:  # noqa: BLE001 - whatever the engine makes of a damaged question, it is this row's damage only
        return None


@contextmanager
def without_gc():
    """The cyclic garbage collector paused for one reading: a pass over 100,000 rows makes a few hundred
    thousand short tuples and no cycles, and collections triggered by them cost a quarter of the pass."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Reading:
    """One pass over a learner's answers: :meth:`attempts` yields each attempt (tries at the same
    question in a row, wrong then right, are one attempt) while counting what the view shows; after
    it, :attr:`damage` lists the rows skipped and :meth:`by_topic` gives the view's figures.

    An attempt is a tuple (id, at, kind, topic, correct, helped, rules, fan_items): the final try's
    row, ``helped`` 1 if a hint or an earlier wrong try helped; ``fan_items`` holds (fan number, right)
    of a "which fans?" answer."""

    def __init__(self, stream, solved=None):
        self._stream = stream
        self.solved = solved
        """The kept solutions of "which fans?" questions (:class:`~mjlearn.quiz.solved.Solved`), if any."""
        self.damage = Damage()
        self.total = 0
        self.correct = 0
        # per topic: answered, right, the last 10 (right or not), mastery's sums, and the attempt mastery
        # has open ([tries, question, right, helped] of its last try, or None)
        self._topics: dict[str, list] = {}

    def attempts(self):
        group: list = []
        close = self.close
        damaged = self.damage.rows
        for a in self._stream:
            if a.__class__ is not tuple:  # a DamagedRow
                damaged.append(a)
                if group:
                    att = close(group)
                    group = []
                    if att is not None:
                        yield att
                continue
            if group and (not a[9] or group[-1][4]):
                att = close(group)
                group = [a]
                if att is not None:
                    yield att
            else:
                group.append(a)
        if group:
            att = close(group)
            if att is not None:
                yield att

    def _topic(self, topic: str) -> list:
        t = self._topics[topic] = [0, 0, deque(maxlen=10), 0.0, 0.0, None]
        return t

    def close(self, group: list):
        """The attempt of a group of tries (None if its question cannot be read: then every try of it
        is listed as damaged), its tries counted in their topic."""
        rid, at, kind, topic, correct, helped, rules, fans, question, _ = last = group[-1]
        fan_items: tuple = ()
        if fans is not None:
            expected = fans if correct else self._expected(question)
            if expected is None:  # the same question for every try of the group: all are damaged
                self.damage.rows.extend(DamagedRow(a[0], 0, "question_unreadable", "question") for a in group)
                return None
            chosen = set(fans)
            fan_items = tuple((f, (f in chosen) == (f in expected)) for f in sorted(chosen | set(expected)))
        t = self._topics.get(topic)
        if t is None:
            t = self._topic(topic)
        n = len(group)
        if n == 1:
            right = correct
            t[2].append(correct)
        else:
            right = 0
            for a in group:
                right += a[4]
                t[2].append(a[4])
            helped = 1
        t[0] += n
        t[1] += right
        self.total += n
        self.correct += right
        # mastery groups tries among the topic's own answers (a retry after an answer on another topic
        # is still the same attempt); the group is one question, so it joins or closes the open one
        open_ = t[5]
        if open_ is None:
            t[5] = [n, question, correct, last[5]]
        elif question != open_[1] or open_[2]:
            self._credit(t)
            t[5] = [n, question, correct, last[5]]
        else:
            open_[0] += n
            open_[2], open_[3] = correct, last[5]
        return rid, at, kind, topic, correct, helped, rules, fan_items

    def _expected(self, question) -> tuple | None:
        """The fans the engine scores for a question answered wrong: kept from an earlier reading, or
        worked out now (and kept)."""
        if self.solved is None:
            return expected_fans(question)
        key = key_of(question)
        got = self.solved.get(key)
        if got is None:
            got = expected_fans(question)
            if got is not None:
                self.solved.add(key, got)
        return got

    @staticmethod
    def _credit(t: list) -> None:
        """Close the topic's open attempt: it counts 1 (right at once), 0.5 (after a wrong try or a
        hint) or 0, and every earlier one counts MASTERY_DECAY times less."""
        tries, _, right, helped = t[5]
        credit = (0.5 if (tries > 1 or helped) else 1.0) if right else 0.0
        t[3] = t[3] * MASTERY_DECAY + credit
        t[4] = t[4] * MASTERY_DECAY + 1.0
        t[5] = None

    def by_topic(self) -> dict[str, dict]:
        """Per topic: answered, correct, accuracy, the last 10 answers' accuracy, and mastery."""
        out = {}
        for t in self._topics.values():
            if t[5] is not None:
                self._credit(t)
        for topic, (answered, right, recent, num, den, _) in self._topics.items():
            out[topic] = {
                "answered": answered,
                "correct": right,
                "accuracy": right / answered,
                "recent_accuracy": sum(recent) / len(recent),
                "mastery": num / den,
            }
        return out

    def finish(self) -> Reading:
        """Read to the end without replaying (when only the view's figures are wanted)."""
        for _ in self.attempts():
            pass
        return self


MASTERY_DECAY = 0.7
"""In mastery, each attempt counts this much less than the one after it."""
