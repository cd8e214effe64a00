"""The ``claim`` generator reads each contested discard's claim options while the hand is played
(instead of replaying the log to it): what it notes must be what a replay gives, and the questions
of given seeds must stay the ones they were before that change."""

import hashlib
import json

from mjlearn.quiz import generate
from mjlearn.quiz.kinds.table import _contested_options, _played
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
        assert t.log == play_hand(Table(rules, seed)).log       # noting changes nothing in the play
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
