"""The readiness test: 20 questions across the course, a pass mark of 85%, and for every topic missed
the lesson to go back to.

The questions are the shipped quiz set ``quiz_sets/readiness_test.json`` (a teacher assigns it like any
set: ``mjlearn class assign CLASS readiness_test.json``). The set's seed gives the whole class the same
20 questions; another ``seed`` gives a parallel form, the same kinds at the same difficulty in the
same order, so two forms are comparable. Every answer is graded by the engine and recorded in the
progress store with the quiz name ``readiness:SEED``; :meth:`ReadinessResult.from_store` reads the
result back from there.

>>> import os, tempfile
>>> from mjlearn.quiz import solve
>>> from mjlearn.quiz.progress import ProgressStore
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"), user="ann")
>>> t = ReadinessTest(store=store)
>>> r = t.answer_all([solve(q) for q in t.questions])
>>> r.right, r.passed, ReadinessResult.from_store(store, seed=t.seed).right
(20, True, 20)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from ..i18n import Bilingual, pick
from ..jsontext import jsonable
from ..shipped import notebooks_source
from .core import TOPICS, Grade, Question, QuizError, get_kind, grade, unreadable
from .progress import ProgressError, ProgressStore
from .quizset import MAX_SEED, MAX_TEXT, QuizSet, load_quiz_set
from .readiness_widget import ReadinessWidget

__all__ = [
    "LESSONS",
    "PASS_MARK",
    "QUESTIONS",
    "SET_FILE",
    "ReadinessError",
    "ReadinessResult",
    "ReadinessTest",
    "TopicResult",
    "readiness_test",
]

SET_FILE = "readiness_test.json"
"""The quiz set of the test, in the course's ``quiz_sets`` folder."""
QUESTIONS = 20
"""How many questions the test asks."""
PASS_MARK = 0.85
"""The share of questions answered right that passes (17 of 20)."""
QUIZ_PREFIX = "readiness:"
"""The answers of a test from seed ``s`` are recorded with the quiz name ``readiness:s``."""

_TILES = ("01_tiles_and_notation.ipynb", "01 麻将牌与记法", "01 Tiles and notation")
_WAITS = ("04_waits_and_shanten.ipynb", "04 听牌与向听", "04 Waits and shanten")
_SCORING = ("06_mcr_scoring.ipynb", "06 国标算番", "06 MCR scoring")
LESSONS: dict[str, tuple[str, str, str]] = {
    **dict.fromkeys(("tile_name", "read_notation", "write_notation"), _TILES),
    "wall_break": ("02_the_wall_and_the_deal.ipynb", "02 牌墙与发牌", "02 The wall and the deal"),
    "claim": ("03_melds_and_claims.ipynb", "03 吃、碰、杠", "03 Melds and claims"),
    **dict.fromkeys(("waits", "shanten", "discard"), _WAITS),
    "complete": ("05_hand_editor.ipynb", "05 手牌编辑器", "05 Hand editor"),
    **dict.fromkeys(("mcr_total", "settlement"), _SCORING),
    "fans": ("07_the_81_fans.ipynb", "07 国标番种（一）：常见番", "07 The MCR fans (1): the starter fans"),
    "regional": ("09_regional_tour.ipynb", "09 各地规则", "09 Regional tour"),
    "table_decision": ("08_play_a_hand.ipynb", "08 打一局", "08 Play a hand"),  # review only: never drawn here
}
"""Each question kind's lesson: (notebook, Chinese title, English title)."""

_NOT_TAKEN = (
    "还没有作答：先回答上面的测验，再运行这一格看结果。",
    "Not taken yet: answer the test above, then run this cell again for your result.",
)

MAX_ITEMS = 200
"""The most values one answer may hold (a list of tiles or choices is far shorter)."""


class ReadinessError(QuizError):
    """A readiness test used wrongly: an answer that cannot be read, a question answered twice, a list
    of answers of the wrong length, a seed that is not a whole number. One line in each language."""

    heading = ("结业测验用法有误", "The readiness test cannot take this")

    def __init__(self, en: str, zh: str):
        self.en, self.zh = en, zh
        super().__init__(f"{en}  （{zh}）")


def _check_seed(seed: Any) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
        raise ReadinessError(
            f"the seed must be a whole number below 2**53 in size, got {_shown(seed)}",
            f"种子必须是绝对值小于 2**53 的整数，收到 {_shown(seed)}",
        )
    return seed


def _shown(value: Any, limit: int = 40) -> str:
    try:
        text = repr(value) if not (isinstance(value, int) and value.bit_length() > 128) else "a huge number"
    except Exception:  # noqa: BLE001 - a value whose repr fails: name its type
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_size(value: Any, where: str, where_zh: str) -> None:
    """An answer is a short string, a number, or a flat list of them: anything larger or deeper is
    refused before any kind reads it (checked in time proportional to the first MAX_ITEMS values)."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ReadinessError(
                f"{where}: the answer is {len(value):,} characters long; at most {MAX_TEXT}",
                f"{where_zh}：答案有 {len(value):,} 个字符，最多 {MAX_TEXT} 个",
            )
        return
    if value is None or isinstance(value, (bool, int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise ReadinessError(f"{where}: {value!r} is not a number", f"{where_zh}：{value!r} 不是数")
        return
    if isinstance(value, (list, tuple, set, frozenset)):
        if len(value) > MAX_ITEMS:
            raise ReadinessError(
                f"{where}: the answer holds {len(value):,} values; at most {MAX_ITEMS}",
                f"{where_zh}：答案有 {len(value):,} 个值，最多 {MAX_ITEMS} 个",
            )
        for item in value:
            if isinstance(item, (list, tuple, set, frozenset, Mapping)):
                if len(item) > MAX_ITEMS or any(not isinstance(x, (str, int, float, bool)) for x in item):
                    raise ReadinessError(
                        f"{where}: the answer nests lists too deep; give a list of tiles, seats or numbers",
                        f"{where_zh}：答案嵌套太深；请给出牌、座位或数字的列表",
                    )
            else:
                _check_size(item, where, where_zh)
        return
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS or any(not isinstance(k, str) for k in value):
            raise ReadinessError(
                f"{where}: the answer is an object with {len(value):,} fields; a settlement answer names four seats",
                f"{where_zh}：答案是一个有 {len(value):,} 个字段的对象；结算答案只写四个座位",
            )
        for v in value.values():
            if not isinstance(v, (str, int, float, bool)) and v is not None:
                raise ReadinessError(
                    f"{where}: each field of the answer must be a number or a word, got {_shown(v)}",
                    f"{where_zh}：答案的每一项必须是数字或文字，收到 {_shown(v)}",
                )
        return
    raise ReadinessError(
        f"{where}: an answer is text, a number or a list, got {_shown(value)}",
        f"{where_zh}：答案应是文字、数字或列表，收到 {_shown(value)}",
    )


@dataclass(frozen=True)
class TopicResult:
    """How one topic of the course went."""

    topic: str
    """A key of :data:`~mjlearn.quiz.core.TOPICS`."""
    right: int
    """Questions of the topic answered right."""
    asked: int
    """Questions of the topic in the test."""
    lessons: tuple[tuple[str, str, str], ...] = ()
    """The lessons to go back to (notebook, Chinese title, English title): those of the questions
    missed; empty when every question of the topic was right."""

    @property
    def missed(self) -> bool:
        return self.right < self.asked


@dataclass(frozen=True)
class ReadinessResult(Bilingual):
    """The verdict: how many right of how many, pass or not, and each topic's result."""

    right: int
    total: int
    topics: tuple[TopicResult, ...]
    unanswered: int = 0
    """Questions not answered (counted wrong)."""
    seed: int | None = None
    taken: bool = True
    """False: read from a progress store that holds no answer to the test yet (no verdict, no lessons)."""

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 0.0

    @property
    def passed(self) -> bool:
        return self.total > 0 and self.right >= math.ceil(PASS_MARK * self.total - 1e-9)

    @property
    def lessons(self) -> list[tuple[str, str, str]]:
        """The lessons to go back to, in course order, each once."""
        seen = {lesson for t in self.topics for lesson in t.lessons}
        return sorted(seen)

    def text(self, lang: str | None = None) -> str:
        if not self.taken:
            return pick(*_NOT_TAKEN, lang)
        need = math.ceil(PASS_MARK * self.total - 1e-9)
        head = pick(
            f"结业测验：答对 {self.right} 题，共 {self.total} 题（{self.share:.0%}）。"
            + ("通过！" if self.passed else f"未通过：需要答对 {need} 题（{PASS_MARK:.0%}）。"),
            f"Readiness test: {self.right} of {self.total} right ({self.share:.0%}). "
            + ("Passed!" if self.passed else f"Not passed yet: {need} right are needed ({PASS_MARK:.0%})."),
            lang,
        )
        lines = [head]
        for t in self.topics:
            zh, en = TOPICS[t.topic]
            row = pick(f"{zh}：{t.right}/{t.asked}", f"{en}: {t.right}/{t.asked}", lang)
            if t.missed:
                row += pick(
                    " → 回到 " + "、".join(f"{z}（{f}）" for f, z, _ in t.lessons),
                    " → go back to " + ", ".join(f"{e} ({f})" for f, _, e in t.lessons),
                    lang,
                )
            lines.append("  " + row)
        if self.unanswered:
            lines.append(
                pick(
                    f"有 {self.unanswered} 题没有作答，算作答错。",
                    f"{self.unanswered} unanswered, counted wrong.",
                    lang,
                )
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        if not self.taken:
            return (
                "<div class='mjlearn-readiness' data-passed='false' data-taken='false'>"
                f"<p>{escape(_NOT_TAKEN[0])}<br>{escape(_NOT_TAKEN[1])}</p></div>"
            )
        need = math.ceil(PASS_MARK * self.total - 1e-9)
        colour, mark = ("#1b7f3b", "✔") if self.passed else ("#a33a00", "✘")
        verdict = (
            "通过！ Passed!" if self.passed else f"未通过：需要答对 {need} 题 · Not passed yet: {need} right are needed"
        )
        rows = []
        for t in self.topics:
            zh, en = TOPICS[t.topic]
            links = "<br>".join(
                f'<a href="{escape(f)}">回到 {escape(z)} · go back to {escape(e)}</a>' for f, z, e in t.lessons
            )
            state = "✘ 要复习 to review" if t.missed else "✔"
            rows.append(
                f"<tr><td>{escape(zh)}<br><span style='color:#555'>{escape(en)}</span></td>"
                f"<td style='text-align:center'>{t.right}/{t.asked}</td><td>{state}</td><td>{links}</td></tr>"
            )
        return (
            f"<div class='mjlearn-readiness' data-passed='{str(self.passed).lower()}'>"
            f"<p style='font-size:115%'><b style='color:{colour}'>{mark} {verdict}</b><br>"
            f"答对 {self.right} 题，共 {self.total} 题（{self.share:.0%}，及格线 {PASS_MARK:.0%}） · "
            f"{self.right} of {self.total} right ({self.share:.0%}; pass mark {PASS_MARK:.0%})</p>"
            "<table><thead><tr><th>主题 Topic</th><th>答对 Right</th><th></th><th>复习 Lesson</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )

    @classmethod
    def of(cls, questions: Sequence[Question], grades: Sequence[Grade | None], seed: int | None = None):
        """The result of ``grades`` (None: not answered) to ``questions``, topic by topic in course order."""
        by_topic: dict[str, list[tuple[Question, Grade | None]]] = {}
        for q, g in zip(questions, grades):
            by_topic.setdefault(q.topic, []).append((q, g))
        topics = []
        for topic in TOPICS:
            pairs = by_topic.get(topic)
            if not pairs:
                continue
            right = sum(bool(g and g.correct) for _, g in pairs)
            missed = sorted({LESSONS[q.kind] for q, g in pairs if not (g and g.correct)})
            topics.append(TopicResult(topic, right, len(pairs), tuple(missed)))
        right = sum(t.right for t in topics)
        return cls(right, len(questions), tuple(topics), sum(g is None for g in grades), seed)

    @classmethod
    def from_store(cls, store, seed: int | None = None, quiz: str | None = None) -> ReadinessResult:
        """The result as the progress ``store`` holds it: the first recorded answer to each question of
        the test from ``seed`` (or of the answers recorded as ``quiz``, e.g. an assignment's
        ``assignment:7``), graded again by the engine. Rows of other quizzes, rows that cannot be read
        and answers to questions the test does not hold count for nothing."""
        test = ReadinessTest(seed=seed, record=False)
        tag = quiz or test.quiz
        slots: dict[str, list[int]] = {}
        for i, q in enumerate(test.questions):
            slots.setdefault(_key(q.kind, q.data), []).append(i)
        grades: list[Grade | None] = [None] * len(test.questions)
        for row in store.rows():
            if row.get("quiz") != tag:
                continue
            text = row.get("question")
            if not isinstance(text, str) or len(text) > 100_000:
                continue
            try:
                d = json.loads(text)
                key = _key(d["kind"], d["data"])
                answer = json.loads(row.get("answer") or "null")
            except (ValueError, RecursionError, KeyError, TypeError):
                continue
            free = slots.get(key)
            if free:
                i = free.pop(0)
                grades[i] = grade(test.questions[i], answer)
        result = cls.of(test.questions, grades, test.seed)
        return result if any(g is not None for g in grades) else replace(result, taken=False)


def _key(kind: Any, data: Any) -> str:
    return json.dumps([kind, jsonable(data)], sort_keys=True, ensure_ascii=False)


def _load(seed: int | None) -> tuple[QuizSet, int]:
    """The test's questions from ``seed`` (None: the set's own) and the seed they come from."""
    try:
        path = notebooks_source() / "quiz_sets" / SET_FILE
    except FileNotFoundError:
        raise ReadinessError(
            "the course's quiz sets are not installed, so the readiness test cannot be made",
            "没有找到课程的题集，无法出结业测验",
        ) from None
    if seed is None:
        try:
            seed = json.loads(path.read_text(encoding="utf-8")).get("seed", 0)
        except (OSError, ValueError, AttributeError):
            seed = None  # load_quiz_set below says what is wrong with the file
    qs = load_quiz_set(path, seed=seed)
    if len(qs) != QUESTIONS or any(q.kind not in LESSONS for q in qs):
        raise ReadinessError(
            f"{path}: the readiness test must hold {QUESTIONS} questions of the course's kinds, it holds {len(qs)}",
            f"{path}：结业测验应有 {QUESTIONS} 道课程题型的题，实有 {len(qs)} 道",
        )
    return qs, int(seed or 0)


@dataclass
class ReadinessTest:
    """One sitting of the readiness test: its 20 questions, the first answer to each, the result.

    ``seed``: None for the set's own (the class's common test), or a whole number for a parallel form.
    ``store``: where answers are recorded (default: the progress store, when ``record``). Each question
    takes one answer; the verdict and the explanations come with :meth:`result`."""

    seed: int | None = None
    store: Any = None
    record: bool = True
    quiz_set: QuizSet = field(init=False)
    grades: list = field(init=False)
    answers: list = field(init=False)

    def __post_init__(self):
        self.quiz_set, self.seed = _load(_check_seed(self.seed))
        self._unsaved: list[tuple[Question, Any, Grade]] = []
        self.store_problem = ""
        """Why answers are not being saved right now ('' when they are); they are kept and tried again."""
        self.grades = [None] * len(self.quiz_set)
        self.answers = [None] * len(self.quiz_set)
        if self.store is None and self.record:
            self.store = ProgressStore()

    @property
    def questions(self) -> list[Question]:
        return list(self.quiz_set.questions)

    @property
    def quiz(self) -> str:
        """The quiz name the answers are recorded with."""
        return f"{QUIZ_PREFIX}{self.seed}"

    def read(self, index: Any, value: Any) -> Any:
        """``value`` as question ``index`` (0-based) reads it; a :class:`ReadinessError` saying what is
        wrong and where when it cannot be read (nothing is graded or recorded then)."""
        n = len(self.quiz_set)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
            raise ReadinessError(
                f"there is no question {_shown(index)}: the questions are numbered 0-{n - 1}",
                f"没有第 {_shown(index)} 题：题号是 0 到 {n - 1}",
            )
        q = self.quiz_set.questions[index]
        where, where_zh = f"question {index + 1} ({q.kind})", f"第 {index + 1} 题"
        if self.grades[index] is not None:
            raise ReadinessError(
                f"{where} is already answered; a test takes one answer per question",
                f"{where_zh}已经答过了；测验每题只收一个答案",
            )
        if value is None:
            raise ReadinessError(f"{where}: no answer given", f"{where_zh}：没有答案")
        _check_size(value, where, where_zh)
        try:
            return get_kind(q.kind).normalize(q.data, value)
        except QuizError as e:
            zh, en = unreadable(q.kind, e)
            raise ReadinessError(f"{where}: {en}", f"{where_zh}：{zh}") from None

    def answer(self, index: int, value: Any) -> Grade:
        """Grade the first answer to question ``index`` (0-based) and record it."""
        self.read(index, value)
        q = self.quiz_set.questions[index]
        g = grade(q, value)
        self.grades[index] = g
        self.answers[index] = value
        self._unsaved.append((q, g.answer, g))
        self.save()
        return g

    def save(self) -> None:
        """Record the answers not saved yet. On a storage problem they are kept (``store_problem``
        says why) and tried again with the next answer: nothing answered is dropped."""
        if self.store is None:
            self._unsaved.clear()
            return
        try:
            while self._unsaved:
                q, answer, g = self._unsaved[0]
                self.store.record(q, answer, g, quiz=self.quiz)
                self._unsaved.pop(0)
        except ProgressError as e:
            self.store_problem = str(e)
            return
        self.store_problem = ""

    def answer_all(self, answers: Any) -> ReadinessResult:
        """Answer every question in order (a list of :data:`QUESTIONS` answers) and return the result.
        Every answer is read before any is graded: one that cannot be read stops the whole list."""
        if isinstance(answers, (str, bytes, Mapping)) or not isinstance(answers, Sequence):
            raise ReadinessError(
                f"the answers must be a list of {len(self.quiz_set)}, one per question, got {_shown(answers)}",
                f"答案应是一个列表，每题一个，共 {len(self.quiz_set)} 个；收到 {_shown(answers)}",
            )
        if len(answers) != len(self.quiz_set):
            raise ReadinessError(
                f"{len(answers):,} answers for {len(self.quiz_set)} questions; give one per question",
                f"{len(self.quiz_set)} 道题给了 {len(answers):,} 个答案；请每题给一个",
            )
        for i, a in enumerate(answers):
            self.read(i, a)
        for i, a in enumerate(answers):
            self.answer(i, a)
        return self.result()

    def result(self) -> ReadinessResult:
        """The verdict on the answers given so far (a question not answered counts wrong)."""
        return ReadinessResult.of(self.quiz_set.questions, self.grades, self.seed)

    def widget(self):
        """The test in a notebook (:class:`~mjlearn.quiz.readiness_widget.ReadinessWidget`)."""
        return ReadinessWidget(self)


def readiness_test(seed: int | None = None, *, store=None, record: bool = True):
    """The readiness test as a widget, one line in a notebook::

        from mjlearn.quiz.readiness import readiness_test
        readiness_test()

    ``seed``: None for the class's common test, another whole number for a parallel form."""
    return ReadinessTest(seed=seed, store=store, record=record).widget()
