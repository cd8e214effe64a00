"""The ``claim`` generator reads each contested discard's claim options while the hand is played
(instead of replaying the log to it): what it notes must be what a replay gives, and the questions
of given seeds must stay the ones they were before that change."""

import hashlib
import json

from mjlearn.quiz import generate
from mjlearn.quiz.kinds.table import _claim_options, _contested_options, _play_to, _played
from mjlearn.table import Table, play_hand
from mjlearn.table.events import Declared, Discarded

# sha256 of the questions' data (as JSON, in the generator's key order) for seeds 0-29 at
# difficulties 1-3; taken again when the generator began aiming each question at one kind of contest
# (pung against chow, a win, two wins), so the questions changed on purpose then; and again when
# the rule sets asked about came from the registry's facts instead of a list of names (levels 2-3
# now ask every rule set without flowers whose one winner is the nearest; level 1 is as before,
# Beijing and Xi'an)
CLAIM_QUESTIONS_0_29 = "751d757e07c9b9db4198896ded253ea28aa8ebe5be9a7f18b3388d2774f28ff9"
# hands the generator asks about (each has a discard two or more seats may claim)
HANDS = (("beijing", 560792), ("hongkong", 925613), ("xian", 449269), ("changsha", 69846), ("old-beijing", 82412))


def test_the_noted_claim_options_are_the_replayed_ones():
    checked = 0
    for rules, seed in HANDS:
        t = _played(rules, seed)
        assert t.log == play_hand(Table(rules, seed)).log  # noting changes nothing in the play
        for k, e in enumerate(t.log):
            if not isinstance(e, Discarded):
                continue
            answers = 0
            while k + 1 + answers < len(t.log) and isinstance(t.log[k + 1 + answers], Declared):
                answers += 1
            noted = t.contested.get(k + 1)
            assert (noted is not None) == (answers >= 2), (rules, seed, k)
            if noted is None:
                continue
            s = t.at(k + 1)
            assert noted == [(p, [o for o in s.claim_options(p) if o != "pass"]) for p in s.pending]
            checked += 1
    assert checked >= len(HANDS)


def test_a_table_played_elsewhere_is_replayed():
    rules, seed = HANDS[0]
    t = play_hand(Table(rules, seed))
    assert not hasattr(t, "contested")
    noted = _played(rules, seed).contested
    assert noted and all(_contested_options(t, at) == v for at, v in noted.items())


def test_seeded_claim_questions_are_unchanged():
    rows = [json.dumps(generate("claim", seed=s, difficulty=d).data) for s in range(30) for d in (1, 2, 3)]
    assert hashlib.sha256("\n".join(rows).encode()).hexdigest() == CLAIM_QUESTIONS_0_29


def _state(t) -> tuple:
    """What a claim question reads of a table: the log, the discard, who may claim what, every hand."""
    return (
        t.log,
        t.last_discard,
        list(t.pending),
        _claim_options(t),
        [t.hand_of(s) for s in range(4)],
        getattr(t, "wild", None),
    )


def test_a_hand_played_up_to_a_discard_is_the_whole_hands_replay():
    """Solving a question in a fresh process plays the hand only to the discard asked about: the table
    is the one the whole hand's replay gives, at every discard of these hands and of the first seeds'
    questions, in every rule set they use."""
    spots = [(r, s, k + 1) for r, s in HANDS for k, e in enumerate(_played(r, s).log) if isinstance(e, Discarded)]
    spots += [
        (q["rules"], q["seed"], q["at"])
        for q in (generate("claim", seed=s, difficulty=d).data for s in range(8) for d in (1, 2, 3))
    ]
    stopped = 0
    for rules, seed, at in spots[::7] + spots[-24:]:
        t = _play_to(rules, seed, at)
        stopped += len(t.log) == at
        assert _state(t if len(t.log) == at else t.at(at)) == _state(_played(rules, seed).at(at)), (rules, seed, at)
    assert stopped >= 20
    assert len({r for r, _, _ in spots}) >= 5


def test_a_question_is_solved_alike_whether_its_hand_was_played_here_or_not():
    """The situation of a question asked in a fresh process (played up to the discard) and of one just
    generated (replayed from the whole hand) give the same solution and the same explanation."""
    from mjlearn.quiz import grade, solve, wrong_answer
    from mjlearn.quiz.kinds import table

    for seed in range(6):
        q = generate("claim", seed=seed, difficulty=2)
        warm = (solve(q), grade(q, solve(q)).to_dict(), grade(q, wrong_answer(q)).to_dict())
        table._LOGS.clear()
        table._played.cache_clear()
        assert (solve(q), grade(q, solve(q)).to_dict(), grade(q, wrong_answer(q)).to_dict()) == warm
