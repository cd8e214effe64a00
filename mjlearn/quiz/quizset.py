"""Quiz sets as data: a teacher writes fixed or generated questions in JSON or TOML.

A quiz set::

    {"title": "Waits, week 3", "title_zh": "第三周：听牌", "seed": 2024,
     "questions": [
        {"kind": "waits", "hand": "1112345678999m"},                   # fixed: the teacher's hand
        {"kind": "shanten", "count": 3, "difficulty": 2},               # generated: 3 questions
        {"kind": "tile_name", "tile": "E", "options": ["E", "S", "W", "N"]}
     ]}

Every question is validated on load; an error names the file, the question (index and kind) and the
field. Generated questions are seeded from the set's ``seed`` and their position, so every learner
gets the same questions (or pass ``seed=`` to give each learner their own).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .core import DIFFICULTIES, Question, QuizError, TOPICS, generate, get_kind, _load_kinds, KINDS

__all__ = ["QuizSet", "load_quiz_set", "parse_quiz_set", "questions_for"]

_SET_FIELDS = {"title", "title_zh", "seed", "questions", "description", "description_zh"}
_Q_FIELDS = {"kind", "count", "difficulty", "prompt", "prompt_zh", "seed", "fan", "points"}


@dataclass(frozen=True)
class QuizSet:
    title: str
    title_zh: str
    questions: tuple[Question, ...]
    source: str = "<memory>"

    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self):
        return iter(self.questions)

    def widget(self, **kw):
        from .widget import QuizWidget
        return QuizWidget(list(self.questions), title=(self.title_zh, self.title), **kw)


def load_quiz_set(path, seed: int | None = None) -> QuizSet:
    """Read and validate a quiz set from a ``.json`` or ``.toml`` file."""
    p = Path(path)
    if p.suffix.lower() not in (".json", ".toml"):
        raise QuizError(f"{p}: a quiz set is a .json or .toml file")
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise QuizError(f"cannot read quiz set {str(p)!r}: {e.strerror}") from None
    if p.suffix.lower() == ".toml":
        try:
            import tomllib
        except ImportError:  # Python 3.10
            raise QuizError(f"{p}: TOML quiz sets need Python 3.11+ (tomllib); use JSON") from None
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise QuizError(f"{p}: not valid TOML: {e}") from None
    elif p.suffix.lower() == ".json":
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as e:
            raise QuizError(f"{p}: not valid JSON at line {e.lineno} column {e.colno}: {e.msg}") from None
    else:
        raise QuizError(f"{p}: a quiz set is a .json or .toml file")
    return parse_quiz_set(raw, source=str(p), seed=seed)


def parse_quiz_set(raw: Any, source: str = "<memory>", seed: int | None = None) -> QuizSet:
    """Validate a quiz set given as a mapping (the parsed JSON/TOML) and build its questions."""
    _load_kinds()
    if not isinstance(raw, Mapping):
        raise QuizError(f"{source}: a quiz set is an object with 'title' and 'questions'")
    unknown = set(raw) - _SET_FIELDS
    if unknown:
        raise QuizError(f"{source}: unknown field(s) {sorted(unknown)}; allowed: {sorted(_SET_FIELDS)}")
    title = raw.get("title") or raw.get("title_zh")
    if not isinstance(title, str) or not title:
        raise QuizError(f"{source}: field 'title' (a non-empty string) is required")
    qs = raw.get("questions")
    if not isinstance(qs, list) or not qs:
        raise QuizError(f"{source}: field 'questions' must be a non-empty list")
    base = raw.get("seed", 0) if seed is None else seed
    if not isinstance(base, int) or isinstance(base, bool):
        raise QuizError(f"{source}: field 'seed' must be a whole number, got {base!r}")
    out: list[Question] = []
    for i, q in enumerate(qs):
        where = f"{source}: question {i + 1}"
        if not isinstance(q, Mapping):
            raise QuizError(f"{where}: expected an object with a 'kind', got {q!r}")
        kind = q.get("kind")
        if kind not in KINDS:
            raise QuizError(f"{where}: unknown kind {kind!r}; the kinds are: {', '.join(KINDS)}")
        where += f" ({kind})"
        diff = q.get("difficulty", 1)
        if diff not in DIFFICULTIES:
            raise QuizError(f"{where}: 'difficulty' must be 1, 2 or 3, got {diff!r}")
        data = {k: v for k, v in q.items() if k not in _Q_FIELDS}
        k = get_kind(kind)
        if data:  # a fixed question: the teacher's data, checked by the kind
            if "count" in q:
                raise QuizError(f"{where}: 'count' is for generated questions; a fixed question has data fields "
                                f"({', '.join(sorted(data))})")
            try:
                norm = k.validate(data)
            except QuizError as e:
                raise QuizError(f"{where}: {e}") from None
            prompt = (q.get("prompt_zh") or _default_prompt(kind)[0], q.get("prompt") or _default_prompt(kind)[1])
            out.append(Question(kind=kind, data=norm, prompt=prompt, seed=None, difficulty=diff, source="fixed"))
        else:
            count = q.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 100:
                raise QuizError(f"{where}: 'count' must be a whole number 1-100, got {count!r}")
            if not k.available():
                raise QuizError(f"{where}: this kind needs {', '.join(k.engine)}, which is not available")
            qseed = q.get("seed", base * 1000 + i * 100)
            target = {}
            if "fan" in q:
                if not isinstance(q["fan"], int) or not 1 <= q["fan"] <= 82:
                    raise QuizError(f"{where}: 'fan' must be a fan number 1-82, got {q['fan']!r}")
                target["fan"] = q["fan"]
            if "points" in q:
                pts = q["points"]
                if not (isinstance(pts, list) and len(pts) == 2 and all(isinstance(x, int) for x in pts)
                        and 8 <= pts[0] <= pts[1]):
                    raise QuizError(f"{where}: 'points' must be [low, high] with 8 <= low <= high, got {pts!r}")
                target["points"] = tuple(pts)
            for j in range(count):
                try:
                    gq = generate(kind, seed=qseed + j, difficulty=diff, **target)
                except QuizError as e:
                    raise QuizError(f"{where}: {e}") from None
                if "prompt" in q or "prompt_zh" in q:
                    from dataclasses import replace
                    gq = replace(gq, prompt=(q.get("prompt_zh") or gq.prompt[0], q.get("prompt") or gq.prompt[1]))
                out.append(gq)
    return QuizSet(title=raw.get("title") or title, title_zh=raw.get("title_zh") or title,
                   questions=tuple(out), source=source)


_PROMPTS: dict[str, tuple[str, str]] = {}


def _default_prompt(kind: str) -> tuple[str, str]:
    """The prompt a generated question of this kind uses (asked once, from seed 0)."""
    if kind not in _PROMPTS:
        _PROMPTS[kind] = generate(kind, seed=0, difficulty=1).prompt
    return _PROMPTS[kind]


TOPIC_KINDS = {
    "tiles": ("tile_name",),
    "table": ("wall_break", "claim"),
    "hands": ("complete",),
    "waits": ("waits", "shanten", "discard"),
    "mcr": ("mcr_total", "settlement"),
    "fans": ("fans",),
    "regional": ("regional",),
}


def questions_for(topic: str = "all", n: int = 5, seed: int | None = None, difficulty: int = 1) -> list[Question]:
    """``n`` generated questions on a topic (see :data:`~mjlearn.quiz.TOPICS`), a kind name (``"kind:waits"``
    when a topic has the same name), or ``"all"`` (every available kind in turn)."""
    _load_kinds()
    if topic == "all":
        kinds = [k for k in KINDS]
    elif topic in TOPICS:  # a topic first ("waits" is both: the topic mixes waits, shanten, discard)
        kinds = [k for k in TOPIC_KINDS.get(topic, ()) if k in KINDS]
    elif topic.removeprefix("kind:") in KINDS:
        kinds = [topic.removeprefix("kind:")]
    else:
        raise QuizError(f"unknown topic or kind {topic!r}; topics: {', '.join(TOPICS)}; kinds: {', '.join(KINDS)}")
    kinds = [k for k in kinds if KINDS[k].available()]
    if not kinds:
        raise QuizError(f"no question kind for {topic!r} is available yet (its engine is missing)")
    import random
    base = random.randrange(2**31) if seed is None else seed
    return [generate(kinds[i % len(kinds)], seed=base + i, difficulty=difficulty) for i in range(n)]
