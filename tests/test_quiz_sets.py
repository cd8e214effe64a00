"""Quiz sets load from JSON and TOML, bad files give clear errors (what and where), the terminal runner
and `mjlearn quiz` work end to end, and the widget grades through the engine."""

import io
import json
from pathlib import Path

import pytest

from mjlearn.quiz import QuizError, grade, solve
from mjlearn.quiz.quizset import load_quiz_set, parse_quiz_set, questions_for

SETS = Path(__file__).resolve().parent.parent / "notebooks" / "quiz_sets"


@pytest.mark.parametrize("name", sorted(p.name for p in SETS.glob("*.*")))
def test_shipped_quiz_sets_load_and_self_grade(name):
    qs = load_quiz_set(SETS / name)
    assert len(qs) >= 5
    for q in qs:
        assert grade(q, solve(q)).correct


def test_generated_questions_are_the_same_for_every_learner_unless_seeded():
    a = load_quiz_set(SETS / "week1_tiles_and_waits.json")
    b = load_quiz_set(SETS / "week1_tiles_and_waits.json")
    c = load_quiz_set(SETS / "week1_tiles_and_waits.json", seed=99)
    assert a.questions == b.questions
    assert [q.data for q in a if q.source == "generated"] != [q.data for q in c if q.source == "generated"]


def test_fixed_question_keeps_the_teachers_prompt():
    qs = parse_quiz_set(
        {
            "title": "t",
            "questions": [{"kind": "waits", "hand": "1112345678999m", "prompt": "Nine Gates?", "prompt_zh": "九莲？"}],
        }
    )
    q = qs.questions[0]
    assert q.prompt == ("九莲？", "Nine Gates?") and q.source == "fixed" and q.seed is None
    assert solve(q) == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]


@pytest.mark.parametrize(
    "raw, message",
    [
        ([], "an object"),
        ({"questions": [{"kind": "waits"}]}, "'title'"),
        ({"title": "t"}, "'questions' must be a non-empty list"),
        ({"title": "t", "questions": [{"kind": "nope"}]}, "question 1: unknown kind 'nope'"),
        (
            {"title": "t", "questions": [{"kind": "waits", "hand": "123m4"}]},
            "question 1 (waits): waits question: field 'hand'",
        ),
        (
            {
                "title": "t",
                "questions": [{"kind": "tile_name", "tile": "5m"}, {"kind": "waits", "hand": "1112345678999m+1m"}],
            },
            "question 2 (waits): waits question: field 'hand' must have 13 tiles",
        ),
        ({"title": "t", "questions": [{"kind": "waits", "difficulty": 5}]}, "'difficulty' must be 1, 2 or 3"),
        ({"title": "t", "questions": [{"kind": "waits", "count": 0}]}, "'count' must be a whole number 1-100"),
        (
            {"title": "t", "questions": [{"kind": "waits", "count": 2, "hand": "1112345678999m"}]},
            "'count' is for generated",
        ),
        ({"title": "t", "colour": 1, "questions": [{"kind": "waits"}]}, "unknown field(s) ['colour']"),
        (
            {"title": "t", "questions": [{"kind": "wall_break", "rules": "mcr", "dice": [[1, 2]]}]},
            "field 'dice' must be",
        ),
        ({"title": "t", "questions": [{"kind": "tile_name", "tile": "5m", "options": ["1m", "2m"]}]}, "do not include"),
    ],
)
def test_bad_quiz_sets_say_what_and_where(raw, message):
    with pytest.raises(QuizError) as e:
        parse_quiz_set(raw, source="set.json")
    assert message in str(e.value)
    assert str(e.value).startswith("set.json")


def test_file_errors_name_the_file_and_position(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"title": "t", "questions": [\n  {"kind": "waits",}\n]}')
    with pytest.raises(QuizError, match=r"bad.json: not valid JSON at line 2"):
        load_quiz_set(p)
    t = tmp_path / "bad.toml"
    t.write_text('title = "t"\n[[questions]]\nkind = \n')
    with pytest.raises(QuizError, match="bad.toml: not valid TOML"):
        load_quiz_set(t)
    with pytest.raises(QuizError, match="a .json or .toml"):
        load_quiz_set(tmp_path / "x.yaml")
    with pytest.raises(QuizError, match="cannot read"):
        load_quiz_set(tmp_path / "missing.json")


def test_questions_for_topics_and_kinds():
    assert {q.kind for q in questions_for("waits", n=6, seed=1)} == {"waits", "shanten", "discard"}
    assert [q.kind for q in questions_for("tile_name", n=2, seed=1)] == ["tile_name"] * 2
    with pytest.raises(QuizError, match="unknown topic or kind 'bogus'"):
        questions_for("bogus")


def test_terminal_runner_records_answers(tmp_path):
    from mjlearn.quiz.progress import ProgressStore
    from mjlearn.quiz.runner import run_terminal

    qs = parse_quiz_set(
        {
            "title": "t",
            "questions": [
                {"kind": "waits", "hand": "1112345678999m"},
                {"kind": "tile_name", "tile": "E"},
                {"kind": "shanten", "hand": "123m456p789sESWN"},
            ],
        }
    ).questions
    answers = iter(
        [
            "?",
            "what",
            "1-9m",
            "123456789m",
            "东风",
            "!",
        ]
    )
    out = io.StringIO()
    with ProgressStore(tmp_path / "p.db", user="t") as store:
        res = run_terminal(qs, store=store, input=lambda _: next(answers), out=out, lang="en")
        rows = store.rows()
    assert res["answered"] == 3 and res["correct"] == 2
    assert [r["correct"] for r in rows] == [1, 1, 0]
    assert rows[0]["hints"] == 1
    text = out.getvalue()
    assert "Could not read this answer" in text and "Correct!" in text and "2 of 3" in text


def test_cli_quiz_check_and_run(tmp_path, monkeypatch, capsys):
    from mjlearn import cli_quiz

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    assert cli_quiz.main(["quiz", str(SETS / "table_practice.toml"), "--check"]) == 0
    assert "questions OK" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"title": "t", "questions": [{"kind": "nope"}]}))
    assert cli_quiz.main(["quiz", str(bad)]) == 2
    assert "unknown kind 'nope'" in capsys.readouterr().err
    monkeypatch.setattr("builtins.input", lambda _: "q")
    assert cli_quiz.main(["quiz", "--topic", "tiles", "-n", "2", "--seed", "1"]) == 0
    assert cli_quiz.main(["quiz", "--progress", "--export", str(tmp_path / "o.json")]) == 0
    assert json.loads((tmp_path / "o.json").read_text()) == []


def test_widget_grades_through_the_engine_and_records(tmp_path):
    from mjlearn.quiz.progress import ProgressStore
    from mjlearn.quiz.widget import practice

    store = ProgressStore(tmp_path / "p.db", user="w")
    w = practice("waits", n=3, seed=4, store=store)
    q = w.current
    w.input.value = "1s"
    g = w.check()
    assert g.correct == (solve(q) == ["1s"])
    assert "mjlearn-quiz-feedback" in w.feedback.value
    w.show_hint()
    assert "mjlearn-quiz-hint" in w.feedback.value
    w.next()
    w.show_solution()  # revealed before answering: recorded as wrong
    assert "Solution" in w.feedback.value
    w.next()
    w.answer(solve(w.current))
    assert [r["correct"] for r in store.rows()] == [int(g.correct), 0, 1]
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "text/plain" in data and "text/html" in data
    store.close()


LONE_SURROGATES = [
    ('{"title": "Week \\ud800 one", "questions": [{"kind": "tile_name", "count": 1}]}', "field 'title'"),
    ('{"title": "W", "title_zh": "\\udfff", "questions": [{"kind": "tile_name", "count": 1}]}', "field 'title_zh'"),
    (
        '{"title": "W", "questions": [{"kind": "tile_name", "tile": "E", "prompt": "a \\ud83d"}]}',
        "question 1: field 'prompt'",
    ),
]


@pytest.mark.parametrize("text, where", LONE_SURROGATES, ids=["title", "title_zh", "prompt"])
def test_a_lone_surrogate_is_refused_by_check_and_never_crashes_the_runner(tmp_path, text, where):
    """JSON's "\\ud800" is half of a character pair: no terminal, page or database can write it. The
    check names the field; the runner, in a fresh interpreter as a learner starts it, says the same."""
    import os
    import subprocess
    import sys

    f = tmp_path / "set.json"
    f.write_text(text, encoding="ascii")
    env = {**os.environ, "MJLEARN_DATA_DIR": str(tmp_path / "data")}
    for args in (["--check"], []):
        r = subprocess.run(
            [sys.executable, "-m", "mjlearn", "quiz", str(f), *args],
            input="1\nq\n",
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert r.returncode == 2 and "Traceback" not in r.stderr, (args, r.stdout[-500:], r.stderr[-2000:])
        (line,) = r.stderr.strip().splitlines()
        assert where in line and "\\u" in line and "（" in line, line


def test_text_with_real_pairs_and_chinese_still_loads():
    qs = parse_quiz_set(
        json.loads(
            '{"title": "Week \\ud83c\\udc04 one", "title_zh": "第一周 🀄",'
            ' "questions": [{"kind": "tile_name", "count": 1}]}'
        )
    )
    assert qs.title == "Week 🀄 one" and qs.title_zh == "第一周 🀄"
