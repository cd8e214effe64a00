"""Advice before acting at the play table: the coach's mode (off / ask me / always on), the "ask the
coach" button at each decision, the advice equal to the coach's ranking, and what a careless or
hostile caller can send (bad modes, asking when there is nothing to decide, asking again)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mjlearn.coaching import coach, from_table
from mjlearn.errors import BadArgument
from mjlearn.widgets._base import MessageError
from mjlearn.widgets.play import COACH_MODES, COACH_TRIALS, PlayTable
from mjlearn.widgets.play_rating import ranking


def _to_claim(w: PlayTable) -> None:
    """Play the coach's best discards (passing on claims) until a claim with two or more options."""
    for _ in range(300):
        assert w.table.phase != "over", "no claim offered"
        if w.waiting == "claim" and w._claim_evals and len(w._claim_evals) >= 2:
            return
        opts = w._options()
        if w.waiting == "discard":
            w.handle({"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            w.handle({"act": "call", "arg": "pass" if "pass" in opts else opts[-1]})


def test_the_modes_and_the_button():
    assert COACH_MODES == ("off", "ask", "on")
    w = PlayTable(rules="mcr", seat="E", seed=1)  # coach=True: ask me
    assert w.coach_mode == "ask" and w.coach_on and w.waiting == "discard"
    panel = w.regions["coach"]
    assert 'data-act="ask"' in panel and "ask the coach" in panel and "问教练" in panel
    assert "data-advice=" not in panel  # nothing is shown before it is asked for
    assert 'value="ask" selected' in w.regions["controls"]
    log = len(w.table.log)
    w.handle({"act": "ask", "arg": ""})
    panel = w.regions["coach"]
    assert 'data-advice="discard"' in panel and 'data-act="ask"' not in panel
    assert len(w.table.log) == log and not w.decisions  # asking changes nothing at the table
    # the advice is the coach's ranking of the discards, best first
    fresh = coach(**from_table(w.table, w.me), trials=COACH_TRIALS)
    ranked = w.advice()
    assert [e["option"] for e in ranked] == [f"discard {o.discard}" for o in fresh]
    assert f'data-advice-best="discard {fresh.best.discard}"' in panel
    for k, o in enumerate(list(fresh)[:4]):
        assert f'data-rank="{k + 1}" data-option="discard {o.discard}"' in panel
    assert "data-reason-zh" in panel and "data-reason-en" in panel
    assert ("data-routes" in panel) == bool(fresh.best.routes)
    # after the discard the advice is gone (a new decision asks again) and the verdict carries its reason
    w.handle({"act": "discard", "arg": str(fresh.best.discard)})
    d = w.decisions[-1]
    assert d["reason"]["zh"] and d["reason"]["en"]
    if w.waiting:
        assert "data-advice=" not in w.regions["coach"]
    # always on: the advice without asking; off: neither advice nor button nor verdict
    w.handle({"act": "coach_mode", "arg": "on"})
    assert w.coach_mode == "on" and ("data-advice=" in w.regions["coach"] or not w.waiting)
    w.handle({"act": "coach_mode", "arg": "off"})
    assert w.coach_mode == "off" and not w.coach_on and w.regions["coach"] == ""
    w.handle({"act": "ask", "arg": ""})  # asking with the coach off shows nothing
    assert w.regions["coach"] == ""
    # the old on/off switch still works: on is "ask me"
    w.handle({"act": "coach", "arg": True})
    assert w.coach_mode == "ask" and w.coach_on


def test_advice_at_a_claim_is_the_ranking_of_the_rated_answers():
    w = PlayTable(rules="mcr", seat="E", seed=1, coach="on")
    _to_claim(w)
    panel = w.regions["coach"]
    key = lambda e: (round(e["win_chance"], 9), round(e["expected"], 9), e["live"])
    want = [e["option"] for e in sorted(w._claim_evals, key=key, reverse=True)]
    assert [e["option"] for e in w.advice()] == want == [e["option"] for e in ranking(w._claim_evals)]
    for k, o in enumerate(want):  # every answer is listed, at its rank
        assert f'data-rank="{k + 1}" data-option="{o}"' in panel
    choice = want[-1]
    w.handle({"act": "call", "arg": choice})
    d = w.decisions[-1]
    assert d["best_claim"] == want[0] and d["reason"]["better"] == want[0]
    assert d["reason"]["other"] == (choice if choice != want[0] else want[1])


def test_bad_modes_and_asking_at_the_wrong_time_are_refused_clearly():
    with pytest.raises(BadArgument) as e:
        PlayTable(rules="mcr", seed=1, coach="sometimes")
    assert "off, ask, on" in str(e.value) and "教练开关" in str(e.value)
    with pytest.raises(BadArgument):
        PlayTable(rules="mcr", seed=1, coach=["on"])
    with pytest.raises(BadArgument) as e:
        PlayTable(rules="mcr", seed=1, coach="x" * 100_000)
    assert len(str(e.value)) < 400  # the value is cut, not echoed whole
    w = PlayTable(rules="mcr", seat="E", seed=1)
    for bad in ("ON", "", None, True, 1, ["on"]):
        with pytest.raises(MessageError):
            w.handle({"act": "coach_mode", "arg": bad})
        assert w.coach_mode == "ask"
    # asking twice is the same as asking once
    w.handle({"act": "ask", "arg": ""})
    once = w.regions["coach"]
    w.handle({"act": "ask", "arg": ""})
    assert w.regions["coach"] == once and not w.last_error
    # after the hand, there is nothing to advise on: one clear line in both languages, nothing lost
    while w.table.phase != "over":
        opts = w._options()
        if w.waiting == "discard":
            w.handle({"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            w.handle({"act": "call", "arg": "pass" if "pass" in opts else opts[-1]})
    n = len(w.decisions)
    w.handle({"act": "ask", "arg": ""})
    assert "Nothing of yours to advise on now." in w.last_error and "现在没有你要做的决定" in w.last_error
    assert len(w.decisions) == n and "data-advice=" not in w.regions["coach"]


def test_a_fresh_interpreter_gets_advice_with_reasons_and_a_clear_error():
    code = (
        "import json, mjlearn as mj\n"
        "t = mj.play('mcr', seat='E', seed=1, coach='on')\n"
        "html = t._regions(True)['coach']\n"
        "from mjlearn.widgets.play_coach_panel import advice_reason_now\n"
        "r = advice_reason_now(t)\n"
        "print(json.dumps({'advice': 'data-advice=' in html, 'zh': r['zh'], 'en': r['en'],"
        " 'shown': r['en'] in html.replace('&#x27;', \"'\")}))\n"
        "try:\n"
        "    mj.play(coach='maybe')\n"
        "except mj.errors.MjlearnError as e:\n"
        "    print(json.dumps(e.learner_lines()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    first, second = out.stdout.strip().splitlines()
    got = json.loads(first)
    assert got["advice"] and got["zh"] and got["en"] and got["shown"]
    lines = json.loads(second)
    assert lines[0] == "参数有误 · A value is not accepted" and any("maybe" in x for x in lines[1:])
    assert "Traceback" not in out.stderr
