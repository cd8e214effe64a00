"""The question/grading framework: questions are data, grading is a pure function that asks the engine.

A :class:`Question` holds only what a learner is shown (its ``data``: a hand, a context, the options);
the solution is never stored in it but computed by the engine every time (:func:`solve`), so a
teacher's fixed question in a quiz set is graded exactly like a generated one. :func:`grade` compares
an answer with the engine's solution and returns a :class:`Grade` whose explanation comes from the
engine's own account (the fans missed or wrongly claimed and the tiles forming them, the principle
that excludes a fan, the tiles a hand waits on...).

>>> from mjlearn.quiz import generate, grade, solve
>>> q = generate("tile_name", seed=3)
>>> grade(q, solve(q)).correct
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import MjlearnError
from ..handoff import presenter
from ..i18n import pick
from ..jsontext import jsonable as _jsonable
from ..mcr import FANS

__all__ = [
    "ANSWERS",
    "DIFFICULTIES",
    "KINDS",
    "TARGETS",
    "TOPICS",
    "AnswerError",
    "Grade",
    "Kind",
    "Line",
    "Question",
    "QuizError",
    "generate",
    "get_kind",
    "grade",
    "hint",
    "kinds_of",
    "parse_answer",
    "question_rng",
    "question_series",
    "register",
    "retry_note",
    "reveal",
    "solve",
    "unreadable",
    "verdict",
    "wrong_answer",
]

DIFFICULTIES = (1, 2, 3)
"""1 easy, 2 medium, 3 hard."""

Line = tuple[str, str]
"""One line of feedback: (Chinese, English)."""


class QuizError(MjlearnError, ValueError):
    """A question or quiz set that cannot be used (unknown kind, bad data, bad answer form).
    The message says what and where; in IPython and Jupyter it shows as the learner's error box
    (:class:`~mjlearn.errors.MjlearnError`), not a traceback."""

    heading = ("这道练习用不了", "This exercise cannot be used")


class AnswerError(QuizError):
    """A learner's answer that cannot be read. ``line`` says why in words a learner knows, (Chinese,
    English), without field names; ``str()`` keeps ``where`` for a teacher's tools and logs."""

    def __init__(self, zh: str, en: str, where: str = ""):
        self.line: tuple[str, str] = (zh, en)
        self.en, self.zh = (f"{where}: {en}" if where else en), zh  # the box's two sentences
        super().__init__(self.en)


def unreadable(kind: str, error: QuizError) -> tuple[str, str]:
    """The (Chinese, English) message for an answer that cannot be read: why, then how to write one
    (the kind's own example)."""
    zh, en = error.line if isinstance(error, AnswerError) else ("格式不对", "it is not in the expected form")
    help_zh, help_en = get_kind(kind).answer_help
    return (f"无法理解这个答案：{zh}。{help_zh}", f"Could not read this answer: {en}. {help_en}")


ANSWERS = ("choice", "choices", "tile", "tiles", "number", "seat", "text")
"""The ways a learner answers a question (:attr:`Kind.answer`)."""


def _fan_target(value) -> int:
    ids = sorted(f.id for f in FANS)
    if isinstance(value, bool) or not isinstance(value, int) or value not in ids:
        raise QuizError(f"'fan' must be a fan number {ids[0]}-{ids[-1]}, got {value!r}")
    return value


MAX_POINTS = 1000
"""The highest point total a generated question can be aimed at."""


def _points_target(value) -> tuple[int, int]:
    if not (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
        and 8 <= value[0] <= value[1] <= MAX_POINTS
    ):
        raise QuizError(f"'points' must be [low, high] with 8 <= low <= high <= {MAX_POINTS}, got {value!r}")
    return (value[0], value[1])


TARGETS = {"fan": _fan_target, "points": _points_target}
"""What generated questions can be aimed at: name -> check (raises QuizError, returns the normalised value)."""


@dataclass(frozen=True)
class Question:
    """One exercise: which kind, what the learner is shown, and how it was made."""

    kind: str
    """The question kind, a key of :data:`KINDS` (e.g. ``"waits"``)."""
    data: Mapping[str, Any]
    """What the learner is shown (JSON-able): a hand in notation, a context, options... Never the answer."""
    prompt: Line
    """The question, (Chinese, English)."""
    seed: int | None = None
    """The seed it was generated from; None for a fixed question written by a teacher."""
    difficulty: int = 1
    """1 easy, 2 medium, 3 hard."""
    source: str = "generated"
    """``"generated"``, ``"fixed"`` (a teacher's question), or ``"example"`` (from the engine's fan examples)."""

    @property
    def topic(self) -> str:
        return get_kind(self.kind).topic

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "data": _jsonable(self.data),
            "prompt": list(self.prompt),
            "seed": self.seed,
            "difficulty": self.difficulty,
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, d: Mapping) -> Question:
        return cls(
            kind=d["kind"],
            data=dict(d["data"]),
            prompt=tuple(d["prompt"]),
            seed=d.get("seed"),
            difficulty=d.get("difficulty", 1),
            source=d.get("source", "generated"),
        )

    def text(self, lang: str | None = None) -> str:
        """The prompt with the hand or situation, as plain text (the terminal runner shows this)."""
        return pick(*self.prompt, lang=lang) + "\n" + get_kind(self.kind).describe(self, lang)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:  # drawn by the quiz's widget module, above: see handoff.py
        return presenter("quiz").question_html(self)


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer, with the engine's explanation."""

    correct: bool
    """Whether the answer is right."""
    answer: Any
    """The learner's answer, normalised (JSON-able)."""
    expected: Any
    """The engine's solution (JSON-able); for questions with several right answers, all of them."""
    explanation: tuple[Line, ...] = ()
    """Why, line by line, (Chinese, English). Never empty for a wrong answer."""
    score: float = 0.0
    """1.0 right, 0.0 wrong, in between for a partly right selection."""

    def text(self, lang: str | None = None) -> str:
        head = pick("正确！", "Correct!", lang) if self.correct else pick("不对。", "Not quite.", lang)
        return "\n".join([head] + [pick(zh, en, lang) for zh, en in self.explanation])

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:  # the verdict and the engine's explanation, tiles drawn (see handoff.py)
        return presenter("quiz").grade_html(self)

    def to_dict(self) -> dict:
        return {
            "correct": self.correct,
            "score": self.score,
            "answer": _jsonable(self.answer),
            "expected": _jsonable(self.expected),
            "explanation": [list(x) for x in self.explanation],
        }


@dataclass
class Kind:
    """A question kind: a generator, a solver (the engine), a grader, hints and answer parsing.

    Subclasses set the class attributes and implement the methods; each is registered once
    with :func:`register`.
    """

    name: str = ""
    topic: str = ""
    title: Line = ("", "")
    answer_help: Line = ("", "")
    """How to type an answer in the terminal."""
    answer: str = "text"
    """How a learner answers (one of :data:`ANSWERS`): ``"choice"`` (one of :meth:`choices`),
    ``"choices"`` (several of them), ``"tile"``, ``"tiles"``, ``"number"``, ``"seat"`` or ``"text"``.
    The notebook widget and the terminal runner build their input from it."""
    fields: Mapping[str, Any] = field(default_factory=dict)
    """The data fields a teacher's fixed question may have, each with its JSON type (``str``, ``int``,
    ``bool``, ``list``, ``dict``, ``type(None)`` or a tuple of them); quiz sets refuse any other field
    or type before the kind's own :meth:`validate` looks at the values."""
    review_only: bool = False
    """True for a kind asked only by the review queue (a decision of the learner's own hand): topic
    practice and ``"all"`` leave it out (:func:`kinds_of`)."""
    targets: tuple[str, ...] = ()
    """What a generated question can be aimed at (keys of :data:`TARGETS`, e.g. ``("fan", "points")``);
    :func:`generate` passes them to :meth:`make` as keywords."""

    def __post_init__(self):
        if self.answer not in ANSWERS:
            raise ValueError(f"kind {self.name!r}: answer must be one of {', '.join(ANSWERS)}, got {self.answer!r}")
        unknown = [t for t in self.targets if t not in TARGETS]
        if unknown:
            raise ValueError(f"kind {self.name!r}: unknown target(s) {unknown}; the targets are {', '.join(TARGETS)}")

    def choices(self, data: Mapping) -> list[tuple[Any, str]]:
        """For ``"choice"``/``"choices"`` kinds: the (value, label) pairs a learner picks from."""
        return []

    def subject(self, data: Mapping) -> Any:
        """What a question is about, for telling two questions apart: one quiz never asks the same
        subject twice (two tile-name questions on 8m with other options are still the same question)."""
        return (self.name, json.dumps(_jsonable(data), sort_keys=True))

    def figure(self, data: Mapping) -> tuple[str, str] | None:
        """What to draw above the prompt: ``("hand", notation)``, ``("tile", notation)``, ``("tiles", notation)``
        (drawn, never named), ``("dice", throws)`` or None."""
        return ("hand", data["hand"]) if isinstance(data.get("hand"), str) else None

    def check_target(self, target: Mapping) -> dict:
        """The targets of a generated question, checked against :attr:`targets` and normalised."""
        out = {}
        for name, value in target.items():
            if name not in self.targets:
                takes = [k.name for k in KINDS.values() if name in k.targets]
                raise QuizError(
                    f"{self.name} questions take no target {name!r}"
                    + (f"; {name}= is for {', '.join(takes)}" if takes else "")
                )
            out[name] = TARGETS[name](value)
        return out

    # -- to implement --------------------------------------------------------
    def make(self, rng: random.Random, difficulty: int) -> tuple[dict, Line]:
        """Return (data, prompt) for a new question."""
        raise NotImplementedError

    def validate(self, data: Mapping) -> dict:
        """Check a teacher's data (raise QuizError naming the field) and return it normalised."""
        raise NotImplementedError

    def solve(self, data: Mapping) -> Any:
        """The engine's solution, JSON-able."""
        raise NotImplementedError

    def normalize(self, data: Mapping, answer: Any) -> Any:
        """An answer (from a widget, a quiz file or Python) in the solution's form; QuizError if malformed."""
        return answer

    def parse(self, data: Mapping, text: str) -> Any:
        """An answer typed in the terminal."""
        return self.normalize(data, text.strip())

    def check(self, data: Mapping, answer: Any, solution: Any) -> Grade:
        """Compare a normalised answer with the solution, explaining."""
        raise NotImplementedError

    def verdict(self, data: Mapping, answer: Any, solution: Any) -> bool:
        """Whether a normalised answer is right: :meth:`check`'s ``correct`` without the explanation
        (the teacher's report grades thousands of answers again and needs only this). A kind whose
        explanation costs more than a comparison overrides it, and its :meth:`check` takes ``correct``
        from it, so the two never disagree."""
        return self.check(data, answer, solution).correct

    def hints(self, data: Mapping) -> list[Line]:
        return []

    def hints_after(self, data: Mapping, answer: Any) -> list[Line]:
        """The hints after a wrong (normalised) ``answer``: :meth:`hints` without those the answer
        shows the learner knows already (a hint never tells the learner what they chose)."""
        return self.hints(data)

    def retry_note(self, data: Mapping, answer: Any, solution: Any) -> Line | None:
        """What the engine can say about a wrong first answer without giving the solution away
        (e.g. where that discard leaves the hand), or None; shown with the hint before a retry."""
        return None

    def explain_solution(self, data: Mapping, solution: Any) -> list[Line]:
        """The full worked solution (the reveal)."""
        return [(f"答案：{solution}", f"Answer: {solution}")]

    def wrong(self, data: Mapping, solution: Any, rng: random.Random) -> Any:
        """A plausible wrong answer (for tests and the benchmark)."""
        raise NotImplementedError

    def describe(self, q: Question, lang: str | None = None) -> str:
        """The situation as plain text (hand in notation, context)."""
        return ""


KINDS: dict[str, Kind] = {}
"""The question kinds by name, in course order."""

TOPICS: dict[str, Line] = {
    "tiles": ("牌与记法", "Tiles and notation"),
    "table": ("砌牌、开牌与吃碰杠", "Wall, deal and claims"),
    "hands": ("和牌型", "Winning shapes"),
    "waits": ("听牌与向听", "Waits and shanten"),
    "mcr": ("国标麻将计分", "MCR scoring"),
    "fans": ("国标番种", "The MCR fans"),
    "regional": ("地方规则", "Regional rules"),
}
"""Topics in course order (notebooks 01-10), each (Chinese, English)."""


def register(kind: Kind) -> Kind:
    if kind.topic not in TOPICS:
        raise ValueError(f"kind {kind.name!r}: unknown topic {kind.topic!r}")
    KINDS[kind.name] = kind
    return kind


def kinds_of(topic: str) -> list[str]:
    """The kinds on a topic, in course order (each kind declares its :attr:`Kind.topic`)."""
    return [name for name, k in KINDS.items() if k.topic == topic and not k.review_only]


def get_kind(name: str) -> Kind:
    try:
        return KINDS[name]
    except KeyError:
        raise QuizError(f"unknown question kind {name!r}; the kinds are: {', '.join(KINDS)}") from None


def question_rng(kind: str, seed: int, difficulty: int) -> random.Random:
    """The seeded generator of one question: the same (kind, seed, difficulty) always gives the same question."""
    return random.Random(f"mjlearn.quiz:{kind}:{seed}:{difficulty}")


def generate(kind: str, seed: int | None = None, difficulty: int = 1, **target) -> Question:
    """A new question of ``kind`` from ``seed`` (a random seed if None) at ``difficulty`` 1-3.

    ``target``: what the MCR kinds aim at, ``fan=49`` (a hand scoring that fan) or ``points=(8, 16)``
    (a total, flowers excluded, in that range)."""
    k = get_kind(kind)
    target = k.check_target(target)
    if isinstance(difficulty, bool) or difficulty not in DIFFICULTIES:
        raise QuizError(f"difficulty must be 1, 2 or 3, got {difficulty!r}")
    if seed is None:
        seed = random.randrange(2**31)
    rng = question_rng(kind, seed, difficulty)
    data, prompt = k.make(rng, difficulty, **target) if target else k.make(rng, difficulty)
    return Question(
        kind=kind,
        data=data,
        prompt=prompt,
        seed=seed,
        difficulty=difficulty,
        source=data.pop("_source", "generated") if isinstance(data, dict) else "generated",
    )


SERIES_STRIDE = 10_000
"""A series from seed ``s`` draws its questions from seeds ``s * SERIES_STRIDE`` on, so that series from
nearby seeds (one lesson's 100, the next lesson's 101) share no question seed."""


def question_series(kinds: list[str], n: int, seed: int, difficulty: int = 1) -> list[Question]:
    """``n`` questions of ``kinds`` in turn, all on different subjects (:meth:`Kind.subject`), from
    ``seed``. Each question keeps its own seed, so ``generate(q.kind, q.seed, q.difficulty)`` gives it
    back. A subject already asked is skipped for the next seed (a kind with few subjects, such as
    tile names at the easy level, repeats only once every subject has been asked)."""
    if n > SERIES_STRIDE // 20:
        raise QuizError(f"at most {SERIES_STRIDE // 20} questions in one series, got {n}")
    out: list[Question] = []
    seen: set = set()
    for i in range(n):
        kind = kinds[i % len(kinds)]
        for attempt in range(20):
            q = generate(kind, seed=seed * SERIES_STRIDE + i * 20 + attempt, difficulty=difficulty)
            key = get_kind(kind).subject(q.data)
            if key not in seen:
                break
        seen.add(get_kind(kind).subject(q.data))
        out.append(q)
    return out


def solve(question: Question) -> Any:
    """The engine's solution to a question."""
    return get_kind(question.kind).solve(question.data)


def parse_answer(question: Question, text: str) -> Any:
    """An answer as typed in the terminal, normalised (QuizError with a clear message if unreadable)."""
    return get_kind(question.kind).parse(question.data, text)


def grade(question: Question, answer: Any) -> Grade:
    """Grade an answer by asking the engine. Pure: no state is read or written.

    A malformed answer is graded wrong with an explanation of the expected form, never a crash.
    """
    k = get_kind(question.kind)
    solution = k.solve(question.data)
    try:
        norm = k.normalize(question.data, answer)
    except QuizError as e:
        return Grade(False, _jsonable(answer), _jsonable(solution), (unreadable(question.kind, e),), 0.0)
    g = k.check(question.data, norm, solution)
    if g.correct and not g.explanation:  # a right answer is explained too: why it is right
        g = Grade(True, g.answer, g.expected, tuple(k.explain_solution(question.data, solution)), g.score)
    if not g.correct and not g.explanation:  # every wrong answer is explained
        g = Grade(False, g.answer, g.expected, tuple(k.explain_solution(question.data, solution)), g.score)
    return g


def verdict(question: Question, answer: Any, solution: Any) -> bool:
    """Whether ``answer`` is right for ``question`` whose solution (:func:`solve`) is ``solution``:
    ``grade(question, answer).correct``, worked out without the explanation, so that one solution
    serves every answer to the question. A malformed answer is wrong, as in :func:`grade`."""
    k = get_kind(question.kind)
    try:
        norm = k.normalize(question.data, answer)
    except QuizError:
        return False
    return bool(k.verdict(question.data, norm, solution))


def hint(question: Question, level: int = 0, answer: Any = None) -> Line | None:
    """The ``level``-th hint (0 first), or None when there are no more; after a wrong ``answer``,
    the hints that answer does not make needless (:meth:`Kind.hints_after`)."""
    k = get_kind(question.kind)
    hs = k.hints(question.data)
    if answer is not None:
        try:
            hs = k.hints_after(question.data, k.normalize(question.data, answer))
        except QuizError:
            pass
    return hs[level] if 0 <= level < len(hs) else None


def retry_note(question: Question, answer: Any) -> Line | None:
    """The engine's remark on a wrong answer before the learner tries again (None: nothing specific)."""
    k = get_kind(question.kind)
    solution = k.solve(question.data)
    try:
        norm = k.normalize(question.data, answer)
    except QuizError:
        return None
    return k.retry_note(question.data, norm, solution)


def reveal(question: Question) -> tuple[Any, list[Line]]:
    """The solution and its worked explanation."""
    k = get_kind(question.kind)
    sol = k.solve(question.data)
    return sol, k.explain_solution(question.data, sol)


def wrong_answer(question: Question, rng: random.Random | None = None) -> Any:
    """A plausible wrong answer (for tests, the benchmark, and a teacher's demonstration)."""
    k = get_kind(question.kind)
    return k.wrong(question.data, k.solve(question.data), rng or random.Random(0))
