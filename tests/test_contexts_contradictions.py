"""Contradictory win contexts, generated on purpose for every rule set and every flag, are refused.

``tests/contradictions.py`` makes them: each first-turn flag (天和, 地和, 人和, 第一巡) with a claimed
meld, a kong, ``kong=True``, the last tile of the wall, the other players' kongs, a keyword that ends
the first go-around or a seat arrangement the flag excludes; a seat wind against the winner and the
dealer through every door; a bird that is a fifth copy or not the 海底 tile; and the conflicts every
rule set already refused. Each must be refused with a :class:`~mjlearn.errors.ContextError` whose one
bilingual line names the keywords that contradict; each consistent twin must be scored. Every run
checks all of them (more than 50,000, about half a minute).
"""

import random
import re
import subprocess
import sys
from collections import Counter
from functools import partial

import pytest
from contradictions import EXPECTED_FIRST_TURN, FIRST_TURN_NAMES, Case, cases, controls, first_turn_of, run

import mjlearn
import mjlearn.mcr as mcr
from mjlearn.errors import ContextConflictError, ContextError, MjlearnError
from mjlearn.rules import RULESETS, score
from mjlearn.table import Table, play_hand

CJK = re.compile(r"[\u4e00-\u9fff]")


def _refused(case: Case) -> str | None:
    """None when the case is refused as it should be; else what went wrong."""
    try:
        r = run(case)
    except ContextError as e:
        text = str(e)
        missing = [n for n in case.named if n not in text]
        if missing:
            return f"refused without naming {missing}: {text[:160]}"
        if "\n" in text or not CJK.search(text) or not re.search(r"[a-z]{4}", text):
            return f"not one bilingual line: {text[:160]}"
        return None
    return f"scored: legal={r.legal} total={r.total}"


def _check_all(generated) -> tuple[int, list[str]]:
    n, wrong = 0, []
    for case in generated:
        n += 1
        problem = _refused(case)
        if problem is not None:
            wrong.append(f"{case.rules} {case.way} {case.hand} {case.context} via {case.door}: {problem}")
    return n, wrong


# --- the declarations -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_first_turn_keyword_is_declared_with_its_situations(name):
    rs = RULESETS[name]
    taken = {n for n in rs.context_names if n in FIRST_TURN_NAMES}
    declared = {f.name: set(f.situations) for f in rs.first_turn}
    assert set(declared) == taken
    assert declared == {k: set(v) for k, v in EXPECTED_FIRST_TURN.get(name, {}).items()}


def test_the_generator_covers_every_rule_set_and_every_flag():
    seen = Counter((c.rules, c.way.split(":")[0]) for c in cases(hands=2))
    for name, rs in RULESETS.items():
        assert any(r == name for r, _ in seen), name
        for flag in first_turn_of(rs):
            ways = {c.way for c in cases([name], hands=2) if c.way.startswith(flag + ":")}
            assert {
                f"{flag}:claimed chow",
                f"{flag}:claimed pung",
                f"{flag}:exposed kong",
                f"{flag}:concealed kong",
                f"{flag}:added kong",
            } <= ways, (name, flag)
            assert any("kong bloom" in w or "robbed kong" in w for w in ways), (name, flag)
            if "wall_last" in rs.context_names:
                assert f"{flag}:last tile" in ways
        for keyword in (
            "seat_wind",
            "bird",
            "kong",
            "after_kong",
            "last_tile",
            "flowers",
            "other_kongs",
            "multiple_winners",
            "indicator",
            "took_indicator",
            "wild_discarded",
        ):
            if keyword in rs.context_names:
                assert seen[name, keyword], (name, keyword)


# --- the property: none scored, none refused without naming the keywords ------------------------------


def test_every_generated_contradiction_is_refused():
    n, wrong = _check_all(cases(hands=12))
    assert n >= 50_000, n
    assert not wrong, f"{len(wrong)} of {n}: " + "\n".join(wrong[:20])


def test_the_consistent_twins_are_scored():
    refused = []
    for case in controls():
        try:
            run(case)
        except ContextError as e:
            refused.append(f"{case.rules} {case.way} {case.hand} {case.context}: {str(e)[:120]}")
    assert not refused, "\n".join(refused[:20])


# --- the cases the issue named -------------------------------------------------------------------------

HAND = "123m456p789s23s55s+1s"


def test_heavenly_with_a_kong_bloom_is_refused_in_old_beijing():
    # scored 天和 + 杠上开花 for 98 before the first-turn flags were checked against kongs
    with pytest.raises(ContextConflictError) as e:
        score("[2222m]456m789p34s88s+5s", rules="old_beijing", self_drawn=True, heavenly=True, kong=True)
    text = str(e.value)
    assert "heavenly" in text and "kong" in text and "天和" in text
    assert "heavenly" in {i.key for i in score(HAND, rules="old_beijing", self_drawn=True, heavenly=True).items}


@pytest.mark.parametrize(
    "name, flag, seats",
    [
        ("beijing", "first_go_around", dict(winner="S", discarder="E")),
        ("changsha", "first_go_around", dict(winner="E", self_drawn=True)),
        ("hongkong", "human", dict(winner="S", discarder="E")),
        ("hongkong", "earthly", dict(winner="S", self_drawn=True)),
        ("old_beijing", "earthly", dict(winner="S", discarder="E")),
        ("fuzhou", "first_go_around", dict(winner="S", self_drawn=True)),
        ("xian", "heavenly", dict(winner="E", self_drawn=True)),
    ],
)
def test_a_first_turn_flag_with_a_claim_or_on_the_last_tile_is_refused(name, flag, seats):
    assert score(HAND, rules=name, **seats, **{flag: True}) is not None
    with pytest.raises(ContextConflictError, match=f"{flag}=True.*claimed \\[123m,1\\]"):
        score("[123m,1]456p789s23s55s+1s", rules=name, **seats, **{flag: True})
    if "wall_last" in RULESETS[name].context_names:
        with pytest.raises(ContextConflictError, match=f"{flag}=True.*wall_last=True"):
            score(HAND, rules=name, wall_last=True, **seats, **{flag: True})


@pytest.mark.parametrize("door", ["mj", "mcr", "rules"])
def test_the_mcr_doors_refuse_a_seat_wind_against_winner_and_dealer(door):
    kw = dict(winner="E", dealer="E", seat_wind="N", self_drawn=True)
    call = {"mj": mjlearn.score, "mcr": mcr.score, "rules": score}[door]
    with pytest.raises(ContextConflictError, match="seat_wind='N'.*seat wind is 'E'"):
        call(HAND, **kw)
    assert call(HAND, **{**kw, "seat_wind": "E"}).payments["E"] > 0


MCR_HANDS = [
    "123m456p789s55s23m+4m",
    "123m456p789s234s5m+5m",
    "[2222m]456m789p34s88s+5s",
    "[3333p,1]111m555s77s99m+9m",
    "111m333p555s77s99m+9m",
    "[2222m,1][456m,1]789p34s88s+5s",
    "123m456p789s55s23mabc+4m",
    "[EEE,1][SSSS,1]55pWWWNN+N",
]
MCR_VALUES = (
    ("self_drawn", (True, False)),
    ("kong", (True, False)),
    ("wall_last", (True, False)),
    ("last_tile", (True, False)),
    ("seat_wind", tuple("ESWN")),
    ("prevalent_wind", ("E", "S")),
    ("flowers", (0, 3, 8, 9)),
    ("winner", tuple("ESWN")),
    ("dealer", tuple("ESWN")),
    ("discarder", (None, *"ESWN")),
)


def test_the_three_mcr_doors_refuse_and_score_alike():
    """mjlearn.score, mjlearn.mcr.score and mjlearn.rules.score(rules="mcr") on the same random
    contexts with seats: each refuses what the others refuse, and scores the rest alike (the first
    two once scored a seat wind against the seats, which the third refused)."""
    rng = random.Random(25)
    differ = []
    for _ in range(1500):
        hand = rng.choice(MCR_HANDS)
        context = {k: rng.choice(v) for k, v in MCR_VALUES if rng.random() < 0.5}
        context.setdefault("winner", rng.choice("ESWN"))
        outcomes = []
        for door in (
            partial(score, hand, rules="mcr", **context),
            partial(mjlearn.score, hand, **context),
            partial(mcr.score, hand, **context),
        ):
            try:
                r = door()
                outcomes.append((r.total, tuple(sorted(r.payments.items()))))
            except MjlearnError:
                outcomes.append("refused")
        if len(set(outcomes)) > 1:
            differ.append((hand, context, outcomes))
    assert not differ, differ[:5]


@pytest.mark.parametrize("name", ["changsha", "huopin", "huopin_dazhong", "huopin_wufan"])
def test_a_bird_that_would_be_a_fifth_copy_is_refused(name):
    with pytest.raises(ContextConflictError, match="bird=7s.*fifth copy"):
        score("[7777s]123m456p23s55s+1s", rules=name, self_drawn=True, bird="7s")
    assert score("[7777s]123m456p23s55s+1s", rules=name, self_drawn=True, bird="5s") is not None
    with pytest.raises(ContextConflictError, match="bird=9m.*海底"):
        score(HAND, rules=name, self_drawn=True, wall_last=True, bird="9m")
    assert score(HAND, rules=name, self_drawn=True, wall_last=True, bird="1s") is not None


def test_an_on_deal_bird_is_counted_against_the_dealt_tiles():
    from mjlearn.rules.changsha import on_deal

    with pytest.raises(ContextConflictError, match="bird=6p.*fifth copy"):
        on_deal("6666p123m4578s12m", seat="W", bird="6p")  # once paid, ×2 on South
    with pytest.raises(ContextError, match="suited tile"):
        on_deal("6666p123m4578s12m", seat="W", bird="E")  # once counted as a 1
    assert on_deal("6666p123m4578s12m", seat="W", bird="2p").payments == {"E": -2, "S": -4, "W": 8, "N": -2}


@pytest.mark.parametrize(
    "hand, kw",
    [
        ("123m456p789s44s55s+9p", dict(last_tile=True, self_drawn=True)),  # the wild drawn last stands for 4s
        ("123m456p789s35s55s+9p", dict(last_tile=True, self_drawn=True)),
        ("123m456p789s35s55s+9p", dict(last_tile=True, discarder="S")),
        ("123m234m456p789s9p+5s", dict(last_tile=True, discarder="S")),  # a wild stands for 5s beside the last 5s
        ("123m234m456p789s9p+5s", dict(kong=True, discarder="S")),  # robbing the 5s with a wild as 5s
    ],
)
def test_huopin_accepts_legal_hands_with_a_wild_on_the_last_tile(hand, kw):
    r = score(hand, rules="huopin", wild="9p", **kw)
    assert r.legal and r.total >= 8
    assert ("和绝张" if kw.get("last_tile") else "抢杠和") in {i.zh for i in r.items}


def test_huopin_still_refuses_a_last_tile_the_hand_holds_and_a_robbed_wild():
    with pytest.raises(ContextConflictError, match="holds 1 more 4s"):
        score("123m456p789s4s9p55s+4s", rules="huopin", wild="9p", last_tile=True, self_drawn=True)
    with pytest.raises(ContextConflictError, match="9p is the wild"):
        score("123m456p789s44s55s+9p", rules="huopin", wild="9p", kong=True, discarder="S")


def test_the_table_never_meets_a_contradictory_context(monkeypatch):
    """Every win the table judges (a claim, a self-draw, a robbed kong) comes with a context built
    from the table: none may contradict the hand. Huopin's seed 1 held a win on the last 2p with a
    wild as the other 2p, which the re-check of each wild reading refused."""
    seen = []
    init = ContextConflictError.__init__

    def record(self, problems, text=None):
        seen.append((name, text, str(problems[0])[:120]))
        init(self, problems, text)

    monkeypatch.setattr(ContextConflictError, "__init__", record)
    for name in RULESETS:
        for seed in range(4):
            play_hand(Table(name, seed=seed))
    assert not seen, seen[:5]


def test_a_fresh_interpreter_gets_one_bilingual_line_naming_the_flags():
    code = (
        "import mjlearn as mj\n"
        "try:\n"
        "    mj.score('[2222m]456m789p34s88s+5s', rules='old_beijing', self_drawn=True, heavenly=True, kong=True)\n"
        "except mj.errors.ContextConflictError as e:\n"
        "    print(type(e).__name__); print(len(str(e).splitlines())); print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
    name, lines, message = out.split("\n", 2)
    assert name == "ContextConflictError" and lines == "1"
    assert "heavenly=True" in message and "kong=True" in message and "天和" in message
