"""A rule set added from outside the package (tests/fixture_ruleset.py: rules, table facts,
description, settlement steps in one module) appears in the comparison, the tour, the quiz and at
the table, with no package file naming it; registering it is undone after each test."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from fixture_ruleset import ABOUT, FIXTURE, HOUSE_RULES, NAME, DoublesRuleSet

import mjlearn.rules as R
from mjlearn.course import comparison as course_comparison
from mjlearn.course import sources, tour
from mjlearn.errors import UnknownRuleSetError
from mjlearn.quiz import grade, solve
from mjlearn.rules.registry import registered, unregister
from mjlearn.table import Table, play_hand
from mjlearn.table.events import Won

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def doubles():
    with registered(FIXTURE) as rs:
        yield rs


def test_registering_is_undone_after_the_block():
    before = R.names()
    with registered(FIXTURE):
        assert R.names() == before + (NAME,) and R.get("测试翻番") is FIXTURE and "fixture doubles" in R.RULESETS
    assert R.names() == before and NAME not in R.RULESETS and "测试翻番" not in R.RULESETS
    with pytest.raises(UnknownRuleSetError):
        R.get(NAME)
    with pytest.raises(UnknownRuleSetError):
        unregister(NAME)


def test_registering_is_undone_when_the_block_raises():
    with pytest.raises(RuntimeError), registered(FIXTURE):
        raise RuntimeError("a failing test")
    assert NAME not in R.RULESETS


def test_it_is_judged_in_the_comparison(doubles):
    c = R.compare("111333555777s9s+9s", winner="S", self_drawn=True)
    row = next(r for r in c.rows if r.name == NAME)
    assert row.status == "legal" and row.total == 16 and row.payments == {"E": -16, "S": 48, "W": -16, "N": -16}
    assert f"data-rules='{NAME}'" in c._repr_html_() and "测试翻番麻将" in c._repr_html_()
    d = R.differences()
    assert d.rulesets[-1] is doubles
    cells = {key: cells[-1] for key, _, _, cells in d.rows}
    assert cells["scoring"] == "the base doubled once per doubling item" and cells["chow"] == "yes 可"
    pages = course_comparison.pages(d)
    assert pages[-1][0][-1] is doubles and all(len(sets) <= 6 for sets, _ in pages)
    html = d._repr_html_()
    assert "底分每个翻番项目翻一倍" in html and "测试用规则" in html  # its Chinese facts, its family
    assert "测试翻番麻将" in doubles._repr_html_()


def test_it_is_a_stop_of_the_tour(doubles):
    assert tour.family(NAME) == (NAME,) and tour.families()[-1] == (ABOUT.family, (NAME,))
    assert "Test rule sets" in tour.families_html() and ABOUT.where[1] in tour.families_html()
    w = tour.example(NAME)
    assert w.result.legal and w.result.total == 16
    assert w.steps[-1][1] == "each payer pays: the base 2 doubled once per doubling, 3 doublings: 2 × 2 × 2 × 2 = 16"
    oh = tour.only_here(NAME)
    assert NAME in oh.accepted and oh.focus == NAME
    html, text = tour.visit(NAME).html(), tour.visit(NAME).text()
    for words in (ABOUT.where, *ABOUT.special):
        assert words[0] in html and words[1] in text
    assert "Players disagree on what the base is; this course: 2 points." in text
    assert w.steps[-1][1] in text and "Legal here, refused elsewhere" in html
    assert sources.document_of(NAME) == (HOUSE_RULES.title, HOUSE_RULES.what)
    assert HOUSE_RULES.title in sources.published_html() and "2 points" in sources.rulings_html(NAME)


def test_the_regional_quiz_asks_and_grades_it(doubles):
    qs = tour.questions(NAME, 3, seed=1)
    assert len(qs) == 3 and all(q.data["rules"] == NAME for q in qs)
    legal = [q for q in qs if solve(q)["legal"]]
    assert legal, [q.data for q in qs]
    for q in qs:
        right = solve(q)
        g = grade(q, right)
        assert g.correct
        wrong = {"legal": not right["legal"], "total": 0 if right["legal"] else 1}
        assert not grade(q, wrong).correct
    q = legal[0]
    r = R.score(q.data["hand"], rules=NAME, **q.data["context"])
    explained = " ".join(en for _, en in grade(q, solve(q)).explanation)
    assert r.steps[-1][1] in explained  # the rule set's own settlement steps explain the total


def test_a_hand_is_played_at_the_table(doubles):
    for seed in range(40):
        t = play_hand(Table(NAME, seed))
        assert t.phase == "over" and t.rules is doubles and sum(t.payments.values()) == 0
        won = [e for e in t.log if isinstance(e, Won)]
        if won:
            r = won[0].result
            assert (
                r.ruleset.name == NAME
                and r.legal
                and r.total == FIXTURE.opt("base") * 2 ** sum(i.value * i.count for i in r.items)
            )
            return
    pytest.fail("no hand of 40 was won under the new rule set")


def test_a_rule_set_that_does_not_say_how_it_settles_is_refused_not_summed():
    class Quiet(DoublesRuleSet):
        settlement_steps = R.RuleSet.settlement_steps

    quiet = replace(FIXTURE, name="fixture_quiet", aliases=())
    quiet = Quiet(**{f: getattr(quiet, f) for f in quiet.__dataclass_fields__})
    with registered(quiet):
        r = R.score("111333555777s9s+9s", rules="fixture_quiet", winner="S", self_drawn=True)
        assert r.legal
        with pytest.raises(NotImplementedError, match="fixture_quiet does not say how its total becomes payments"):
            _ = r.steps
        with pytest.raises(NotImplementedError):
            tour.example("fixture_quiet")


def test_a_fresh_interpreter_finds_it_after_the_course_is_imported():
    code = (
        "from mjlearn.course import tour\n"
        "import mjlearn as mj\n"
        "from fixture_ruleset import FIXTURE, NAME\n"
        "from mjlearn.rules.registry import registered\n"
        "with registered(FIXTURE):\n"
        "    print('测试翻番麻将' in tour.families_html(), tour.family(NAME),\n"
        "          [r.status for r in mj.compare('111333555777s9s+9s', winner='S', self_drawn=True).rows][-1])\n"
        "print(NAME in mj.rules.names())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=TESTS, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["True ('fixture_doubles',) legal", "False"], out.stdout
