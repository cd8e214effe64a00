"""Quiz-set loading under hostile input: every file is either loaded or refused with a QuizError that
names the file (and, for a question's problem, the question and the field); never another exception.

A corpus of nasty files (tests/corpus/quizsets, expected messages in EXPECTED.json) plus hypothesis
over random JSON-ish sets and mutations of the shipped ones."""

import copy
import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjlearn.quiz import KINDS, QuizError, generate, grade, kind_names, solve
from mjlearn.quiz.quizset import MAX_FILE_BYTES, MAX_QUESTIONS, load_quiz_set, parse_quiz_set

CORPUS = Path(__file__).resolve().parent / "corpus" / "quizsets"
EXPECTED = json.loads((CORPUS / "EXPECTED.json").read_text(encoding="utf-8"))
SHIPPED = Path(__file__).resolve().parent.parent / "notebooks" / "quiz_sets"
EXAMPLES = int(os.environ.get("MJLEARN_FUZZ_EXAMPLES", "150"))  # raise it for a longer local run


def test_the_corpus_is_listed_in_full():
    assert set(EXPECTED) == {p.name for p in CORPUS.glob("*.json")} - {"EXPECTED.json"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_file_is_refused_with_its_message(name):
    path = CORPUS / name
    if EXPECTED[name] is None:
        assert len(load_quiz_set(path)) >= 1
        return
    with pytest.raises(QuizError) as e:
        load_quiz_set(path)
    assert str(e.value).startswith(str(path)), e.value
    assert EXPECTED[name] in str(e.value)


def test_a_byte_order_mark_is_accepted_in_json_and_toml(tmp_path):
    p = tmp_path / "bom.toml"
    p.write_bytes(b'\xef\xbb\xbftitle = "t"\n[[questions]]\nkind = "waits"\nhand = "1112345678999m"\n')
    assert len(load_quiz_set(p)) == 1


def test_a_file_too_large_is_refused_before_parsing(tmp_path):
    p = tmp_path / "big.json"
    p.write_bytes(b"[" * (MAX_FILE_BYTES + 1))  # would also be far too deep: the size is checked first
    with pytest.raises(QuizError, match=r"big.json: the file is larger than 1,000,000 bytes"):
        load_quiz_set(p)


def test_not_utf8_names_the_byte(tmp_path):
    p = tmp_path / "x.json"
    p.write_bytes(b'{"title": "\xff"}')
    with pytest.raises(QuizError, match=r"x.json: not UTF-8 text: byte 11 \(counting from 0\) is 0xff"):
        load_quiz_set(p)


def test_deep_toml_is_refused(tmp_path):
    p = tmp_path / "deep.toml"
    p.write_text('title = "t"\nx = ' + "[" * 3000 + "]" * 3000 + "\n")
    with pytest.raises(QuizError, match="deep.toml"):
        load_quiz_set(p)


def test_a_directory_is_refused(tmp_path):
    d = tmp_path / "sets.json"
    d.mkdir()
    with pytest.raises(QuizError, match="cannot read quiz set"):
        load_quiz_set(d)


def test_the_question_cap_counts_fixed_and_generated_together():
    fixed = [{"kind": "waits", "hand": "1112345678999m"}] * (MAX_QUESTIONS - 99)
    with pytest.raises(QuizError, match=f"would hold {MAX_QUESTIONS + 1} questions"):
        parse_quiz_set({"title": "t", "questions": fixed + [{"kind": "tile_name", "count": 100}]}, source="s")


def test_a_claims_own_seed_is_its_data_in_a_fixed_question():
    q = generate("claim", seed=3)
    qs = parse_quiz_set({"title": "t", "questions": [{"kind": "claim", **q.data}]}, source="s")
    assert qs.questions[0].data == q.data and grade(qs.questions[0], solve(q)).correct


def test_targets_are_checked_by_the_kinds_declaration():
    with pytest.raises(QuizError, match="waits questions take no target 'points'; points= is for fans"):
        generate("waits", seed=1, points=(8, 16))
    with pytest.raises(QuizError, match="'fan' must be a fan number"):
        generate("fans", seed=1, fan=True)


# --- hypothesis -------------------------------------------------------------------------------------

FIELD_NAMES = [
    "title",
    "title_zh",
    "seed",
    "questions",
    "description",
    "kind",
    "count",
    "difficulty",
    "prompt",
    "prompt_zh",
    "fan",
    "points",
    "hand",
    "context",
    "rules",
    "tile",
    "options",
    "dice",
    "winner",
    "discarder",
    "calls",
    "at",
    "self_drawn",
    "x",
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 9),
    st.sampled_from([101, 500, 2**53]),
    st.integers(),
    st.floats(allow_nan=True),
    st.sampled_from(list(KINDS) + ["1112345678999m", "5m", "E", "xian", "mcr", "S", "[EEE,1]", ""]),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(FIELD_NAMES), inner, max_size=5)
    ),
    max_leaves=12,
)
questions = st.one_of(
    st.dictionaries(st.sampled_from(FIELD_NAMES[5:]), json_values, max_size=5),
    st.fixed_dictionaries(
        {"kind": st.sampled_from(kind_names())},  # a real kind, odd fields
        optional=dict.fromkeys(FIELD_NAMES[6:], json_values),
    ),
)
quiz_sets = st.fixed_dictionaries(
    {"title": st.one_of(st.just("t"), json_values)},
    optional={
        "seed": json_values,
        "questions": st.lists(st.one_of(questions, json_values), max_size=4),
        "title_zh": json_values,
    },
)


def _check(raw, source="fuzz.json"):
    """Loaded (every question self-grades) or a QuizError naming the source; nothing else."""
    try:
        qs = parse_quiz_set(raw, source=source)
    except QuizError as e:
        msg = str(e)
        assert msg.startswith(source), msg
        m = re.match(re.escape(source) + r": question (\d+)", msg)
        if m:  # a question's problem names the question and (for a field's problem) the field
            assert 1 <= int(m.group(1)) <= len(raw["questions"]), msg
        return None
    assert 1 <= len(qs) <= MAX_QUESTIONS
    return qs


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(quiz_sets)
def test_random_quiz_sets_load_or_say_where(raw):
    _check(raw)


def _shipped():
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SHIPPED.glob("*.json")}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(p.name for p in SHIPPED.glob("*.json"))), st.data())
def test_mutated_shipped_sets_load_or_say_where(name, data):
    raw = copy.deepcopy(_shipped()[name])
    i = data.draw(st.integers(0, len(raw["questions"]) - 1))
    q = raw["questions"][i]
    action = data.draw(st.sampled_from(["set", "drop", "add", "retype"]))
    key = data.draw(st.sampled_from(sorted(q) + FIELD_NAMES[5:]))
    if action == "drop":
        q.pop(key, None)
    elif action == "retype" and key in q:
        q[key] = data.draw(
            st.one_of(st.just([q[key]]), st.just({"v": q[key]}), st.just(str(q[key])), st.just(True), st.just(None))
        )
    else:
        q[key] = data.draw(json_values)
    _check(raw, source=name)


@settings(max_examples=EXAMPLES // 2, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_random_bytes_load_or_say_where(tmp_path_factory, blob):
    p = tmp_path_factory.mktemp("q") / "f.json"
    p.write_bytes(blob)
    try:
        load_quiz_set(p)
    except QuizError as e:
        assert str(e).startswith(str(p))


# --- the kinds' declarations drive the widget, the runner and the checks -----------------------------


def test_every_kind_declares_a_known_answer_input_and_real_targets():
    from mjlearn.quiz import TOPICS
    from mjlearn.quiz.core import ANSWERS, TARGETS, kinds_of

    for name in kind_names():
        k = KINDS[name]
        assert k.answer in ANSWERS and set(k.targets) <= set(TARGETS) and k.fields, name
    # topics come from the kinds (a kind asked only in review, a decision of the learner's own hand, is on none)
    assert sorted(n for t in TOPICS for n in kinds_of(t)) == sorted(n for n, k in KINDS.items() if not k.review_only)


@pytest.mark.parametrize("kind", kind_names())
def test_the_widget_input_is_the_declared_one(kind):
    pytest.importorskip("ipywidgets")
    import ipywidgets as W

    from mjlearn.quiz.widget import QuizWidget

    q = generate(kind, seed=2)
    k = KINDS[kind]
    w = QuizWidget([q], record=False)
    want = {"choice": W.RadioButtons, "choices": W.VBox}.get(k.answer, W.Text)
    assert isinstance(w.input, want) and (k.answer == "choices") == hasattr(w.input, "boxes")
    if want is not W.Text:
        assert [v for _, v in w.input.options] == [v for v, _ in k.choices(q.data)]
        w.input.value = (
            solve(q)[0]
            if k.answer == "choice" and isinstance(solve(q), list)
            else (solve(q) if k.answer == "choice" else tuple(solve(q)))
        )
        assert w.check().correct


@pytest.mark.parametrize("kind", [k for k in kind_names() if KINDS[k].answer not in ("choice", "choices")])
@settings(
    max_examples=max(10, EXAMPLES // 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(typed=st.text(max_size=40) | st.sampled_from(["yes", "yes 9999999999999", "- - -", "1 2 3 4", "E", "S 99"]))
def test_anything_typed_in_a_quiz_widget_is_graded_or_explained(kind, typed):
    pytest.importorskip("ipywidgets")
    import ipywidgets as W

    from mjlearn.quiz.widget import QuizWidget

    w = QuizWidget([generate(kind, seed=4)], record=False)
    assert isinstance(w.input, W.Text)  # a kind answered by typing gets a text box
    w.input.value = typed
    g = w.check()  # a Grade, or None with the reason shown in the feedback
    assert g is not None or "data-correct='invalid'" in w.feedback.value
    assert w.index == 0


def test_check_with_nothing_chosen_records_nothing():
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz.widget import QuizWidget

    for kind in ("tile_name", "fans", "waits"):
        w = QuizWidget([generate(kind, seed=1)], record=False)
        assert w.check() is None and w.results == [None]
        assert "answer first" in w.feedback.value


def test_practice_on_a_kind_named_with_its_prefix():
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz import practice

    w = practice("kind:waits", n=2, seed=1, record=False)  # "waits" alone is the topic
    assert w.title == KINDS["waits"].title and {q.kind for q in w.questions} == {"waits"}
