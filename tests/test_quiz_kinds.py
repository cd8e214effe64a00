"""Every question kind, 200 seeds each: the engine's solution graded against itself is right, a wrong
answer is graded wrong with a non-empty explanation, and a hint and a reveal exist."""

import random

import pytest

from mjlearn.quiz import generate, grade, hint, kind_names, reveal, solve, wrong_answer
from mjlearn.quiz.core import Question

SEEDS = range(200)
AVAILABLE = kind_names()  # every kind must generate: one that cannot is a failure, never skipped


def test_the_basic_kinds_are_available():
    assert {"tile_name", "complete", "waits", "shanten", "discard", "wall_break", "claim"} <= set(AVAILABLE)


@pytest.mark.parametrize("kind", AVAILABLE)
def test_self_grading_and_wrong_answers(kind):
    for seed in SEEDS:
        q = generate(kind, seed=seed, difficulty=seed % 3 + 1)
        sol = solve(q)
        g = grade(q, sol)
        assert g.correct and g.score == 1.0, (kind, seed, q, g)
        w = wrong_answer(q, random.Random(seed))
        gw = grade(q, w)
        assert not gw.correct, (kind, seed, q, w)
        assert gw.explanation and all(zh and en for zh, en in gw.explanation), (kind, seed, q, w, gw)


@pytest.mark.parametrize("kind", AVAILABLE)
def test_generation_is_seeded_and_round_trips(kind):
    a, b = generate(kind, seed=11, difficulty=2), generate(kind, seed=11, difficulty=2)
    assert a == b
    assert Question.from_dict(a.to_dict()) == a
    assert generate(kind, seed=12, difficulty=2).data != a.data or kind == "tile_name"
    assert hint(a) is not None and all(hint(a))
    sol, lines = reveal(a)
    assert sol == solve(a) and lines
    assert a.text("zh") and a.text("en")


@pytest.mark.parametrize("kind", AVAILABLE)
def test_malformed_answer_is_graded_wrong_not_a_crash(kind):
    q = generate(kind, seed=5)
    g = grade(q, {"nonsense": object()} if kind != "fans" else "nonsense")
    assert not g.correct and g.explanation


# --- graded against hand-checked situations (the engine computes; the tables name the rule) ----------


@pytest.mark.parametrize(
    "hand, answer, correct",
    [
        ("1112345678999m", "123456789m", True),  # nine gates waits on every character
        ("1112345678999m", "1m 4m 7m", False),
        ("123m456p789sESWN", "-", True),  # no waits
        ("123m456p789sEESW", "S W", False),
    ],
)
def test_waits_table(hand, answer, correct):
    q = Question("waits", {"hand": hand}, ("", ""), source="fixed")
    assert grade(q, answer).correct is correct


def test_wrong_waits_name_the_missed_tiles_with_their_reading():
    q = Question("waits", {"hand": "1112345678999m"}, ("", ""), source="fixed")
    g = grade(q, "147m")
    text = g.text("en")
    assert "Missed 2m" in text and "Missed 9m" in text
    assert "does not win" not in text


@pytest.mark.parametrize(
    "hand, answer, correct",
    [
        ("1112345678999m+5m", "regular", True),
        ("22334455667788p", "seven_pairs", True),
        ("22334455667788p", "regular", True),
        ("19m19p19sESWNCFP+P", "thirteen_orphans", True),
        ("19m19p19sESWNCFP+P", "no", False),
        ("1112345678999m+E", "no", True),
    ],
)
def test_complete_table(hand, answer, correct):
    q = Question("complete", {"hand": hand}, ("", ""), source="fixed")
    assert grade(q, answer).correct is correct


@pytest.mark.parametrize(
    "rules, dice, wall, stack",
    [
        ("mcr", [[3, 4, 5]], "N", 12),  # 12 counts E=1 ... N=4, 8, 12
        ("mcr", [[1, 1, 3]], "E", 5),
        ("beijing", [[3, 4]], "W", 7),
        ("xian", [[5, 4], [4, 3]], "E", 16),  # 9 selects East; 9 + 7 stacks from its right end
    ],
)
def test_wall_break_table(rules, dice, wall, stack):
    q = Question("wall_break", {"rules": rules, "dice": dice}, ("", ""), source="fixed")
    assert solve(q) == {"wall": wall, "stack": stack}
    assert grade(q, f"{wall} {stack}").correct
    assert not grade(q, f"{wall} {stack + 1}").correct


def test_tile_name_accepts_names_and_is_case_sensitive_in_notation():
    q = Question("tile_name", {"tile": "E", "options": ["E", "S", "W", "N"]}, ("", ""), source="fixed")
    for a in ("E", "东风", "East Wind", "dong feng", "东"):
        assert grade(q, a).correct, a
    g = grade(q, "e")  # e is the plum flower
    assert not g.correct and "Plum" in g.text("en")


# --- realistic and targeted generation ---------------------------------------------------------------


def test_generated_wins_come_from_simulated_deals():
    from mjlearn.quiz.deal import simulate

    rng = random.Random(0)
    wins = [w for w, _ in (simulate(rng) for _ in range(60)) if w is not None]
    assert len(wins) > 30
    assert any(w.hand.melds for w in wins) and any(w.self_drawn for w in wins) and any(not w.self_drawn for w in wins)
    from mjlearn.shapes import is_winning

    assert all(is_winning(w.hand) for w in wins)


@pytest.mark.parametrize("fan_id", range(1, 83))
def test_fan_targeted_generation_for_every_fan(fan_id):
    from mjlearn.mcr import score

    for kind in ("fans", "mcr_total"):
        q = generate(kind, seed=fan_id, difficulty=2, fan=fan_id)
        assert fan_id in [f.id for f in score(q.data["hand"], **q.data["context"]).fans]
        assert grade(q, solve(q)).correct


def test_point_range_targeting():
    from mjlearn.mcr import score

    for seed in range(10):
        q = generate("mcr_total", seed=seed, points=(16, 40))
        r = score(q.data["hand"], **q.data["context"])
        assert 16 <= r.total - r.flowers <= 40


def test_targets_only_for_mcr_kinds():
    from mjlearn.quiz import QuizError

    with pytest.raises(QuizError, match="take no target"):
        generate("waits", seed=1, fan=3)


def test_the_best_discards_are_the_whole_advices():
    """A discard question is solved by measuring only the discards that keep the shanten lowest: the
    same discards, in the same order, as the whole advice's best, at every level and for the hands of
    the seeded questions and of random deals (melds and 13-tile hands included: those are refused alike)."""
    from mjlearn.hand import Hand
    from mjlearn.quiz.deal import snapshot
    from mjlearn.quiz.kinds.basic import _best, best_discards, engine_discards

    hands = [
        Hand.from_str(generate("discard", seed=s, difficulty=d).data["hand"]) for s in range(40) for d in (1, 2, 3)
    ]
    rng = random.Random(5)
    hands += [
        s.before for s in (snapshot(rng, accept=lambda s: s.before is not None, claim_rate=0.5) for _ in range(80))
    ]
    assert any(h.melds for h in hands)
    for h in hands:
        assert best_discards(h) == [a["discard"] for a in _best(engine_discards(h))], str(h)
    with pytest.raises(Exception) as whole:
        engine_discards(Hand.from_str("123m456p78911sEE"))
    with pytest.raises(type(whole.value)):
        best_discards(Hand.from_str("123m456p78911sEE"))


def test_a_generated_discard_question_always_has_a_wrong_discard():
    """Seed 12180 once dealt a hand whose only discard was 3s (three melds, a kong and a pair): a question
    with nothing to choose, and no wrong answer for the teacher's sample class or the benchmark."""
    from mjlearn.quiz import generate, grade, wrong_answer

    q = generate("discard", seed=12180, difficulty=1)
    assert not grade(q, wrong_answer(q)).correct
