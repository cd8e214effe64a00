"""The teacher's reading of recorded answers: every row checked, every answer graded again by the engine
in the teacher's own process.

A learner's answers are graded in the learner's kernel, and the verdict is recorded with them
(``correct``). A learner can also write rows by hand, under their own login, with any values, so the
class report believes none of it:

- a row that cannot be read (a question that is not a JSON object of a known kind, a time that is not a
  moment, a verdict that is neither 0 nor 1, counts that are not counts, text too long or nested too
  deep) is **damaged**: listed with what is wrong, and counted nowhere;
- every other answer is graded again (:func:`mjlearn.quiz.grade`) on a question the teacher's side
  trusts: for an assignment of the class, the question of the teacher's own copy of the quiz set with
  the same kind, seed and difficulty (a generated question) or the same data (a teacher's fixed one);
  for any other answer (practice), the recorded question (a question the engine cannot grade is
  damaged);
- an answer whose new grade is not the recorded one, or that claims to answer an assignment with a
  question that assignment does not have, is **flagged**: shown as such and counted as not correct.

Practice questions are not the teacher's: a learner may make one up and answer it; its grade is still
the engine's, never the recorded one.

The engine's verdict is :func:`mjlearn.quiz.core.verdict`: ``grade(question, answer).correct`` without
the explanation a learner reads. Each distinct question is solved once per report, however many answers
it has (an assignment's questions are the whole class's), and its solution is kept in the teacher's data
folder (:class:`mjlearn.quiz.solved.Solutions`, stamped with a digest of the engine), so a later report
solves only the questions it has not seen; every answer is still compared with the solution each time.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TypeGuard

from ..jsontext import nesting
from ..quiz.core import DIFFICULTIES, KINDS, Question, _jsonable, get_kind, verdict
from ..quiz.solved import Solutions, key_of

__all__ = ["FOREIGN", "MAX_NESTING", "MAX_TEXT", "Checked", "check_rows", "question_key"]

MAX_TEXT = 100_000
"""The most characters a question or an answer may have (mjlearn's own are under 5,000)."""
MAX_NESTING = 32
"""The deepest nesting of lists and objects read in a question or an answer."""
_LAST_MOMENT = 253402300800.0  # 10000-01-01: the first moment a date cannot show
_MAX_COUNT = 1_000_000
TAG = "assignment:"
FOREIGN = "not a question of assignment"
"""How the flag of an answer to a question its assignment does not have begins."""


@dataclass
class Checked:
    """The rows of a report, read and graded again."""

    answers: list[dict] = field(default_factory=list)
    """The readable answers, in order: each row's fields, ``topic`` the one of its kind, ``recorded``
    the verdict recorded with it, ``correct`` 1 only when the engine and the record both say right,
    ``flag`` None or why the answer is flagged (English / Chinese)."""
    damaged: list[dict] = field(default_factory=list)
    """The rows that cannot be read: ``id``, ``user`` and ``problem`` (English / Chinese)."""


def _number(x) -> TypeGuard[int | float]:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _count(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= _MAX_COUNT


def _json(text, what_en: str, what_zh: str):
    """The JSON value of ``text``, or raise ValueError with a bilingual reason."""
    if not isinstance(text, str):
        raise ValueError(f"the {what_en} is not text / {what_zh}不是文字")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the {what_en} is {len(text):,} characters long / {what_zh}过长（{len(text):,} 个字符）")
    if text.count("[") + text.count("{") > MAX_NESTING and nesting(text, stop_after=MAX_NESTING)[0] > MAX_NESTING:
        raise ValueError(f"the {what_en} nests deeper than {MAX_NESTING} / {what_zh}嵌套过深")
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError(f"the {what_en} is not JSON / {what_zh}不是 JSON") from None


_NOT_MJLEARN = "the question is not one mjlearn wrote / 题目不是 mjlearn 的格式"


class _Texts:
    """Each distinct question and answer text read once (a class's assignment rows share theirs): the
    question or answer, or what is wrong with it."""

    def __init__(self):
        self.questions: dict = {}
        self.answers: dict = {}

    def question(self, text, kind: str) -> Question:
        got = self.questions.get(text) if isinstance(text, str) else None
        if got is None:
            got = _question(text)
            if isinstance(text, str):
                self.questions[text] = got
        if isinstance(got, str):
            raise ValueError(got)
        if got.kind != kind:
            raise ValueError(_NOT_MJLEARN)
        return got

    def answer(self, text):
        got = self.answers.get(text) if isinstance(text, str) else None
        if got is None:
            try:
                got = (_json(text, "answer", "回答"), None)
            except ValueError as e:
                got = (None, str(e))
            if isinstance(text, str):
                self.answers[text] = got
        if got[1] is not None:
            raise ValueError(got[1])
        return got[0]


def _question(text) -> Question | str:
    """The question written as ``text``, or what is wrong with it."""
    try:
        raw = _json(text, "question", "题目")
    except ValueError as e:
        return str(e)
    try:
        if not isinstance(raw, dict):
            raise TypeError
        q = Question.from_dict(raw)
        if not isinstance(q.data, dict):
            raise TypeError
        return q
    except (KeyError, TypeError, ValueError):
        return _NOT_MJLEARN


def _readable(row: dict, texts: _Texts) -> tuple[dict, Question]:
    """The row with its fields checked and its question (its answer is read into ``texts``); ValueError
    says what is wrong."""
    if not isinstance(row.get("id"), int) or not isinstance(row.get("user"), str):
        raise ValueError("its id or learner is missing / 缺少编号或学员")
    at = row.get("at")
    if not _number(at) or not 0 <= at < _LAST_MOMENT:
        raise ValueError(f"its time {at!r} is not a moment / 时间 {at!r} 不是有效时刻")
    kind = row.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"its kind {str(kind)[:40]!r} is not a question kind / 题型 {str(kind)[:40]!r} 不存在")
    if row.get("difficulty") not in DIFFICULTIES or isinstance(row.get("difficulty"), bool):
        raise ValueError(f"its difficulty {row.get('difficulty')!r} is not 1, 2 or 3 / 难度不是 1、2 或 3")
    quiz = row.get("quiz")
    if quiz is not None and (not isinstance(quiz, str) or len(quiz) > 1000):
        raise ValueError("its quiz is not a name / 练习名称无效")
    if row.get("correct") not in (0, 1) or isinstance(row.get("correct"), float):
        raise ValueError(
            f"its verdict {row.get('correct')!r} is neither 0 nor 1 / 对错记录 {row.get('correct')!r} 不是 0 或 1"
        )
    score = row.get("score")
    if not _number(score) or not 0 <= score <= 1:
        raise ValueError(f"its score {score!r} is not between 0 and 1 / 得分 {score!r} 不在 0 到 1 之间")
    if not _count(row.get("hints")) or not _count(row.get("retries")):
        raise ValueError("its hints or retries are not counts / 提示次数或重试次数无效")
    seconds = row.get("seconds")
    if seconds is not None and (not _number(seconds) or seconds < 0):
        raise ValueError(f"its time taken {seconds!r} is not a duration / 用时 {seconds!r} 无效")
    q = texts.question(row.get("question"), kind)
    texts.answer(row.get("answer"))
    clean = {k: row.get(k) for k in row}
    clean["topic"] = get_kind(kind).topic  # the kind's, whatever was recorded
    return clean, q


def _canonical(data) -> str:
    return json.dumps(_jsonable(data), sort_keys=True, ensure_ascii=False)


def question_key(q: Question) -> tuple:
    """What identifies a question in a recorded row: a teacher's fixed question by its data, a generated
    one by its kind, seed and difficulty."""
    return (q.kind, "fixed", _canonical(q.data)) if q.source == "fixed" else (q.kind, q.seed, q.difficulty)


def _index(questions) -> dict:
    """The questions of a quiz set by what identifies them in a recorded row, each with its text."""
    out = {}
    for q in questions:
        key = question_key(q)
        out[key] = (q, _canonical(q.to_dict()))
    return out


def _trusted(q: Question, text: str, quiz, sets: dict) -> tuple[Question | None, str, str | None]:
    """The question to grade against and its text (``q`` and ``text``, as recorded, unless it answers an
    assignment of the class), and why the answer is flagged (None: it is not)."""
    aid = None
    if isinstance(quiz, str) and quiz.startswith(TAG) and quiz[len(TAG) :].isdigit():
        aid = int(quiz[len(TAG) :])
    if aid is not None and aid in sets and sets[aid] is not None:
        index = sets[aid]
        key = question_key(q)
        mine, mine_text = index.get(key, (None, ""))
        if mine is None or _canonical(mine.data) != _canonical(q.data):
            return None, "", f"{FOREIGN} #{aid} / 不是作业 #{aid} 的题目"
        return mine, mine_text, None
    return q, text, None


def _damaged(row: dict, problem: str) -> dict:
    rid, user = row.get("id"), row.get("user")
    return {
        "id": rid if isinstance(rid, int) else None,
        "user": user if isinstance(user, str) else repr(user)[:60],
        "problem": problem,
    }


def _solution_text(question: Question) -> str:
    """The engine's solution as the JSON text kept (and compared: a kept one and a new one alike)."""
    return json.dumps(_jsonable(get_kind(question.kind).solve(question.data)), sort_keys=True, ensure_ascii=False)


def _engine_failed(e: BaseException) -> str:
    return f"the engine cannot read the question again ({type(e).__name__}) / 引擎无法重新读取这道题"


def check_rows(rows, sets: dict | None = None, cache=None) -> Checked:
    """Read and grade again ``rows`` (dicts of the answer fields, as the stores give them). ``sets``:
    assignment id -> the questions of its quiz set (None when it cannot be read now: its answers are
    then graded as practice). ``cache``: the folder where solutions are kept (None: none kept)."""
    indexes = {aid: (None if qs is None else _index(qs)) for aid, qs in (sets or {}).items()}
    texts = _Texts()
    read: list[tuple] = []  # per row: (row, None, problem) or (row, clean, trusted question, its text, flag)
    for row in rows:
        try:
            clean, q = _readable(row, texts)
        except ValueError as e:
            read.append((row, None, str(e)))
            continue
        try:
            trusted, text, flag = _trusted(q, row["question"], clean["quiz"], indexes)
        except Exception as e:  # noqa: BLE001 - a learner's row must never end the teacher's report
            read.append((row, None, _engine_failed(e)))
            continue
        read.append((row, clean, trusted, text, flag))
    solutions = _solve_each(read, cache)
    out = Checked()
    verdicts: dict = {}  # (question text, answer text) -> the verdict, or the engine's failure
    for item in read:
        row, clean = item[0], item[1]
        if clean is None:
            out.damaged.append(_damaged(row, item[2]))
            continue
        trusted, text, flag = item[2:]
        right: bool | str | None = False
        if trusted is not None:
            pair = (text, row["answer"])
            right = verdicts.get(pair)
            if right is None:
                right = verdicts[pair] = _verdict(trusted, texts.answer(row["answer"]), solutions[text])
            if isinstance(right, str):
                out.damaged.append(_damaged(row, right))
                continue
        recorded = int(clean["correct"])
        if flag is None and right != bool(recorded):
            flag = (
                "recorded right, graded wrong again / 记录为答对，重新判分为答错"
                if recorded
                else "recorded wrong, graded right again / 记录为答错，重新判分为答对"
            )
        clean.update(recorded=recorded, correct=int(bool(right) and bool(recorded) and flag is None), flag=flag)
        out.answers.append(clean)
    return out


def _solve_each(read: list, cache) -> dict:
    """Question text -> (its solution, None) or (None, why the engine cannot solve it) for every trusted
    question of ``read``: kept ones read from ``cache``, the others solved once each and kept."""
    questions = {item[3]: item[2] for item in read if item[1] is not None and item[2] is not None}
    keys = {text: key_of(text) for text in questions}
    kept = Solutions(cache)
    known = kept.get(keys.values())
    out: dict[str, tuple] = {}
    try:
        for text, q in questions.items():
            key = keys[text]
            if key in known:
                out[text] = (known[key], None)
                continue
            try:
                solution = _solution_text(q)
            except Exception as e:  # noqa: BLE001 - a learner's question must never end the teacher's report
                out[text] = (None, _engine_failed(e))
                continue
            kept.add(key, solution)
            out[text] = (json.loads(solution), None)
    finally:
        kept.save()
    return out


def _verdict(question: Question, answer, solved: tuple):
    """The engine's verdict (bool) on ``answer`` to ``question`` solved as ``solved`` (solution, failure),
    or why the engine cannot give one (str)."""
    solution, failure = solved
    if failure is not None:
        return failure
    try:
        return verdict(question, answer, solution)
    except Exception as e:  # noqa: BLE001 - a learner's row must never end the teacher's report
        return _engine_failed(e)
