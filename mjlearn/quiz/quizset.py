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

import codecs
import json
import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: TOML quiz sets are refused with a clear error
    tomllib = None

from ..handoff import presenter
from ..jsontext import nesting
from .core import (
    DIFFICULTIES,
    KINDS,
    TARGETS,
    TOPICS,
    Question,
    QuizError,
    generate,
    get_kind,
    kinds_of,
    question_series,
)

__all__ = ["MAX_FILE_BYTES", "MAX_QUESTIONS", "QuizSet", "load_quiz_set", "parse_quiz_set", "questions_for"]

MAX_FILE_BYTES = 1_000_000
"""The largest quiz-set file read (checked before reading it all)."""
MAX_QUESTIONS = 500
"""The most questions one set may hold, fixed and generated together (checked before generating)."""
MAX_COUNT = 100
"""The most questions one generated entry may ask for."""
MAX_DEPTH = 20
"""The deepest nesting of lists and objects in a quiz set (a question's context is at depth 4)."""
MAX_TEXT = 2000
"""The longest string anywhere in a quiz set (titles, prompts, hands...)."""
MAX_SEED = 2**53
"""Seeds are whole numbers with absolute value below this."""

_SET_FIELDS = {"title": str, "title_zh": str, "description": str, "description_zh": str, "seed": int, "questions": list}
_Q_FIELDS = {"kind": str, "count": int, "difficulty": int, "prompt": str, "prompt_zh": str, "seed": int}
"""The fields every question may have (with their types); the kind's targets and data fields come on top."""
_TYPE_NAMES = {str: "a string", int: "a whole number", list: "a list"}
_JSON_NAMES = {
    str: "a string",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    type(None): "null",
    float: "a number",
}


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

    def widget(self, **kw):  # the widget sits above the quiz sets: see handoff.py
        return presenter("quiz").QuizWidget(list(self.questions), title=(self.title_zh, self.title), **kw)


def load_quiz_set(path, seed: int | None = None) -> QuizSet:
    """Read and validate a quiz set from a ``.json`` or ``.toml`` file (UTF-8, a byte-order mark
    allowed, at most :data:`MAX_FILE_BYTES`)."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".json", ".toml"):
        raise QuizError(f"{p}: a quiz set is a .json or .toml file")
    try:
        with p.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise QuizError(f"cannot read quiz set {str(p)!r}: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise QuizError(f"{p}: the file is larger than {MAX_FILE_BYTES:,} bytes; a quiz set is a small text file")
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0  # editors on Windows add one
    try:
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as e:
        at = bom + e.start
        raise QuizError(
            f"{p}: not UTF-8 text: byte {at} (counting from 0) is 0x{data[at]:02x}; save the file as UTF-8"
        ) from None
    raw = _parse_toml(text, p) if suffix == ".toml" else _parse_json(text, p)
    return parse_quiz_set(raw, source=str(p), seed=seed)


def _parse_json(text: str, p: Path):
    depth, line = nesting(text, stop_after=MAX_DEPTH)
    if depth > MAX_DEPTH:
        raise QuizError(f"{p}: lists and objects are nested more than {MAX_DEPTH} deep (line {line})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise QuizError(f"{p}: not valid JSON at line {e.lineno} column {e.colno}: {e.msg}") from None
    except (ValueError, RecursionError) as e:  # e.g. a number with thousands of digits
        raise QuizError(f"{p}: not valid JSON: {e}") from None


def _parse_toml(text: str, p: Path):
    if tomllib is None:  # Python 3.10
        raise QuizError(f"{p}: TOML quiz sets need Python 3.11+ (tomllib); use JSON")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise QuizError(f"{p}: not valid TOML: {e}") from None
    except (ValueError, RecursionError) as e:
        raise QuizError(f"{p}: not valid TOML: {type(e).__name__} {e}") from None


def parse_quiz_set(raw: Any, source: str = "<memory>", seed: int | None = None) -> QuizSet:
    """Validate a quiz set given as a mapping (the parsed JSON/TOML) and build its questions.

    Everything is checked before any question is generated: the fields and their types, the kinds,
    difficulties, counts, seeds and targets, and that the set holds at most :data:`MAX_QUESTIONS`.
    A :class:`QuizError` names the source, the question (number and kind) and the field."""
    _check_shape(raw, source)
    if not isinstance(raw, Mapping):
        raise QuizError(f"{source}: a quiz set is an object with 'title' and 'questions', got {_what(raw)}")
    unknown = [k for k in raw if k not in _SET_FIELDS]
    if unknown:
        raise QuizError(f"{source}: unknown field(s) {sorted(map(str, unknown))}; allowed: {sorted(_SET_FIELDS)}")
    for name, typ in _SET_FIELDS.items():
        if name in raw:
            _check_type(raw[name], typ, f"{source}: field {name!r}")
    title = raw.get("title") or raw.get("title_zh")
    if not title:
        raise QuizError(f"{source}: field 'title' (a non-empty string) is required")
    qs = raw.get("questions")
    if not qs:
        raise QuizError(f"{source}: field 'questions' must be a non-empty list")
    base = raw.get("seed", 0) if seed is None else seed
    _check_type(base, int, f"{source}: field 'seed'" if seed is None else "seed")
    _check_seed(base, f"{source}: field 'seed'" if seed is None else "seed")
    plan = [_check_question(q, i, source, base) for i, q in enumerate(qs)]
    total = sum(n for _, _, n, _ in plan)
    if total > MAX_QUESTIONS:
        raise QuizError(
            f"{source}: the set would hold {total} questions; at most {MAX_QUESTIONS} "
            f"(lower the 'count' of generated questions or split the set)"
        )
    out: list[Question] = []
    for i, ((where, q, count, target), raw_q) in enumerate(zip(plan, qs)):
        if q is not None:
            out.append(q)
            continue
        kind, diff = raw_q["kind"], raw_q.get("difficulty", 1)
        qseed = raw_q.get("seed", base * 1000 + i * 100)
        for j in range(count):
            try:
                gq = generate(kind, seed=qseed + j, difficulty=diff, **target)
            except QuizError as e:
                raise QuizError(f"{where}: {e}") from None
            if "prompt" in raw_q or "prompt_zh" in raw_q:
                gq = replace(gq, prompt=(raw_q.get("prompt_zh") or gq.prompt[0], raw_q.get("prompt") or gq.prompt[1]))
            out.append(gq)
    return QuizSet(
        title=raw.get("title") or title, title_zh=raw.get("title_zh") or title, questions=tuple(out), source=source
    )


def _check_question(q: Any, i: int, source: str, base: int):
    """Check one entry: returns (where, the fixed Question or None, how many questions, targets)."""
    where = f"{source}: question {i + 1}"
    if not isinstance(q, Mapping):
        raise QuizError(f"{where}: expected an object with a 'kind', got {_what(q)}")
    kind = q.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise QuizError(f"{where}: unknown kind {_short(kind)}; the kinds are: {', '.join(KINDS)}")
    where += f" ({kind})"
    k = get_kind(kind)
    for name, typ in _Q_FIELDS.items():
        if name in q:
            _check_type(q[name], typ, f"{where}: field {name!r}")
    diff = q.get("difficulty", 1)
    if diff not in DIFFICULTIES:
        raise QuizError(f"{where}: field 'difficulty' must be 1, 2 or 3, got {diff!r}")
    if "seed" in q:
        _check_seed(q["seed"], f"{where}: field 'seed'")
    target_names = [n for n in q if n in TARGETS]
    data = {n: v for n, v in q.items() if n not in _Q_FIELDS and n not in target_names}
    if data:  # a fixed question: the teacher's data, checked by the kind
        if "seed" in q and "seed" in k.fields:  # the kind's own seed (a claim's deal), not the generator's
            data["seed"] = q["seed"]
        for name, value in data.items():
            if name not in k.fields:
                generated = ", ".join(map(repr, ("count", *k.targets)))
                raise QuizError(
                    f"{where}: unknown field {_short(name)}; a {kind} question has "
                    f"{', '.join(map(repr, k.fields))}, or {generated} when generated"
                )
            types = k.fields[name] if isinstance(k.fields[name], tuple) else (k.fields[name],)
            if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
                raise QuizError(
                    f"{where}: field {name!r} must be {' or '.join(_JSON_NAMES[t] for t in types)}, got {_what(value)}"
                )
        if "count" in q or target_names:
            given = next(n for n in ["count", *target_names] if n in q)
            raise QuizError(
                f"{where}: field {given!r} is for generated questions; a fixed question has "
                f"data fields ({', '.join(map(str, sorted(data, key=str)))})"
            )
        try:
            norm = k.validate(data)
        except QuizError as e:
            raise QuizError(f"{where}: {e}") from None
        except ValueError as e:  # an engine error (notation, context) about the teacher's data
            raise QuizError(f"{where}: {e}") from None
        prompt = (q.get("prompt_zh") or _default_prompt(kind)[0], q.get("prompt") or _default_prompt(kind)[1])
        return where, Question(kind=kind, data=norm, prompt=prompt, seed=None, difficulty=diff, source="fixed"), 1, {}
    count = q.get("count", 1)
    if not 1 <= count <= MAX_COUNT:
        raise QuizError(f"{where}: field 'count' must be a whole number 1-{MAX_COUNT}, got {count!r}")
    try:
        target = k.check_target({n: q[n] for n in target_names})
    except QuizError as e:
        raise QuizError(f"{where}: {e}") from None
    return where, None, count, target


def _check_type(value: Any, typ: type, where: str) -> None:
    if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
        raise QuizError(f"{where} must be {_TYPE_NAMES[typ]}, got {_what(value)}")


def _check_seed(value: int, where: str) -> None:
    if not -MAX_SEED < value < MAX_SEED:
        raise QuizError(f"{where} must be a whole number below 2**53 in size, got {_short(value)}")


def _check_shape(raw: Any, source: str) -> None:
    """Walk the whole value once, without recursion: only JSON types (objects with string keys),
    at most :data:`MAX_DEPTH` deep, no string longer than :data:`MAX_TEXT`, and only text that can be
    written out (no lone surrogate such as JSON's ``"\\ud800"``, which no terminal or page can show)."""
    stack = [(raw, 1, "")]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise QuizError(
                    f"{source}: {path or 'the set'} is a string of {len(value):,} characters; at most {MAX_TEXT}"
                )
            _check_text(value, source, path)
            continue
        if value is None or isinstance(value, (bool, int, float)):
            continue
        if depth > MAX_DEPTH:
            raise QuizError(f"{source}: {path} is nested more than {MAX_DEPTH} deep")
        if isinstance(value, Mapping):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise QuizError(f"{source}: {path or 'the set'} has a key that is not a string: {_short(k)}")
                _check_text(k, source, f"{_where(path)}: a field name")
                stack.append((v, depth + 1, _path(path, k)))
        elif isinstance(value, (list, tuple)):
            for j, v in enumerate(value):
                stack.append((v, depth + 1, f"{path}[{j}]" if path else f"item {j}"))
        else:
            raise QuizError(
                f"{source}: {path or 'the set'} is a {type(value).__name__}; a quiz set holds "
                f"strings, numbers, true/false, null, lists and objects"
            )


def _check_text(text: str, source: str, path: str) -> None:
    """Text that can be written as UTF-8 (to a terminal, a page, the progress database)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        bad = f"\\u{ord(text[e.start]):04x}"
        raise QuizError(
            f"{source}: {path or 'the set'} holds {bad} at character {e.start + 1}, half of a character "
            f"pair that is not text on its own; write the character itself or remove it  "
            f"（{path or '题集'} 的第 {e.start + 1} 个字符 {bad} 不是完整的文字：请写出字符本身或删掉它）"
        ) from None


def _where(path: str) -> str:
    """The object at ``path`` as a teacher counts it: "question 3" for ``field 'questions'[2]``."""
    head = "field 'questions'["
    if path.startswith(head) and path.endswith("]") and path.count("[") == 1 and path[len(head) : -1].isdigit():
        return f"question {int(path[len(head) : -1]) + 1}"
    return path or "the set"


def _path(path: str, key: str) -> str:
    if path.startswith("field 'questions'[") and path.count("[") == 1 and path.count("/") == 0:
        n = int(path[len("field 'questions'[") : -1]) + 1
        return f"question {n}: field {_short(key)}"
    return f"{path}/{_short(key)}" if path else f"field {_short(key)}"


def _short(x: Any, limit: int = 60) -> str:
    r = repr(x)
    return r if len(r) <= limit else r[:limit] + f"... ({len(r):,} characters)"


def _what(x: Any) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }
    return f"{names.get(type(x), type(x).__name__)} {_short(x)}"


_PROMPTS: dict[str, tuple[str, str]] = {}


def _default_prompt(kind: str) -> tuple[str, str]:
    """The prompt a generated question of this kind uses (asked once, from seed 0)."""
    if kind not in _PROMPTS:
        _PROMPTS[kind] = generate(kind, seed=0, difficulty=1).prompt
    return _PROMPTS[kind]


def questions_for(topic: str = "all", n: int = 5, seed: int | None = None, difficulty: int = 1) -> list[Question]:
    """``n`` generated questions on a topic (see :data:`~mjlearn.quiz.TOPICS`), a kind name (``"kind:waits"``
    when a topic has the same name), or ``"all"`` (every kind in turn)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_QUESTIONS:
        raise QuizError(f"the number of questions must be a whole number 1-{MAX_QUESTIONS}, got {n!r}")
    if not isinstance(topic, str):
        raise QuizError(f"a topic or kind is a string, got {topic!r}")
    if topic == "all":
        kinds = [k for k, kind in KINDS.items() if not kind.review_only]
    elif topic in TOPICS:  # a topic first ("waits" is both: the topic mixes waits, shanten, discard)
        kinds = kinds_of(topic)
    elif topic.removeprefix("kind:") in KINDS:
        kinds = [topic.removeprefix("kind:")]
    else:
        raise QuizError(
            f"unknown topic or kind {topic!r}; topics: {', '.join(TOPICS)}; kinds: {', '.join(KINDS)}"
            f"  （没有叫 {topic!r} 的主题或题型；主题有：{'、'.join(TOPICS)}）"
        )
    if not kinds:
        raise QuizError(f"no question kind is on the topic {topic!r}")
    base = random.randrange(2**31) if seed is None else seed
    return question_series(kinds, n, base, difficulty)
