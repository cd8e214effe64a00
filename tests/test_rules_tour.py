"""The regional rule sets described for a learner (each rule set's ``about``, mjlearn.course.tour): every rule set has
a description without internal references, its worked example is scored by the engine with the
arithmetic up to the price, the "legal here, refused elsewhere" claims hold, Changsha's wins on
the deal are judged by the engine, and the difference table fits the notebook."""

from __future__ import annotations

import dataclasses
import re
from html import escape
from pathlib import Path

import nbformat
import pytest

import mjlearn.rules as R
from mjlearn.course import tour
from mjlearn.course.comparison import pages as difference_pages
from mjlearn.course.families import families
from mjlearn.errors import BadArgument
from mjlearn.quiz import grade, solve

ROOT = Path(__file__).resolve().parent.parent
INTERNAL = re.compile(
    r"regional\.md|\bA-[A-Z]{2,4}-\d+|§\s?\d|\bseed\b|\bn\.s\.|PyMahjongGB|mcr_fans|"
    r"\b(?:BJ|CS|YN|HP|OBJ|HK|FZ)-Ex\d"
)
OPTION_KEYS = {o.key for n in R.names() for o in R.get(n).options if "_" in o.key}


def _no_internal(text: str, where: str):
    m = INTERNAL.search(text)
    assert m is None, f"{where}: internal reference {m.group(0)!r} in {text[max(0, m.start() - 60) : m.end() + 60]!r}"
    keys = [k for k in OPTION_KEYS if re.search(rf"\b{re.escape(k)}\b", text)]
    assert not keys, f"{where}: option keys {keys}"


def test_every_rule_set_is_described_in_both_languages():
    assert all(R.get(n).about is not None for n in R.names())
    assert sorted(n for _, members in families() for n in members) == sorted(R.names())
    for n in R.names():
        rs = R.get(n)
        a = rs.about
        assert a.where[0] and a.where[1] and a.special and a.example is not None
        for zh, en in (a.where, *a.special, *(r.topic for r in a.rulings), *(r.follows for r in a.rulings)):
            assert re.search(r"[\u4e00-\u9fff]", zh) and re.search(r"[A-Za-z]{2}", en), (n, zh, en)
        for r in a.rulings:  # every disputed ruling names a real option
            assert r.option in {o.key for o in rs.options}, (n, r.option)
        card = rs.describe()
        html, text = card.html(), card.text()
        assert rs.zh in html and escape(rs.en.split(" (")[0]) in html and a.where[1][:30] in text
        _no_internal(text, n)
        _no_internal(html, n)
        _no_internal(rs._repr_html_(), f"{n} card")


@pytest.mark.parametrize("name", R.names())
def test_worked_example_shows_the_arithmetic_up_to_the_payments(name):
    w = tour.example(name)
    r = w.result
    assert r.legal, (name, r.reason)
    assert w.steps and all(zh and en for zh, en in w.steps)
    # every transfer shown adds up to the net payments the engine computed
    net = dict.fromkeys("ESWN", 0)
    for payer, receiver, amount, _ in w.transfers:
        net[payer] -= amount
        net[receiver] += amount
    assert net == {s: r.payments[s] for s in "ESWN"}
    # the first step adds the items as shown
    values = [i.value * i.count for i in r.items]
    if name not in ("old_beijing", "fuzhou", "hongkong", "huopin_wufan") and len(values) > 1:
        assert " + ".join(str(v) for v in values) in w.steps[0][1]
    assert str(r.total) in " ".join(en for _, en in w.steps)
    _no_internal(w.text(), name)
    _no_internal(w.html(), name)


def test_old_beijing_total_is_shown_up_to_the_price():
    w = tour.example("old_beijing")
    f = w.result.extra
    assert w.result.total == f["tier_price"] + f["zui_price"] + f["priced_items"] == 66
    last = w.steps[-1][1]
    assert f"= {w.result.total}" in last and str(f["tier_price"]) in last and str(f["zui_price"]) in last
    assert any("嘴" in en and str(f["zui"]) in en for _, en in w.steps)


def test_points_family_shows_the_formula():
    r = R.score("12346789mEEE44s+5m", rules="bj_new", winner="S", discarder="N")
    steps = tour.worked(r).steps
    assert any("5 × 2 = 10" in en for _, en in steps)  # the doubling as a product a learner checks
    assert not any("^" in zh or "^" in en for zh, en in steps)  # never caret notation


@pytest.mark.parametrize("name", R.names())
def test_legal_here_claim_is_computed(name):
    oh = tour.only_here(name)
    assert oh is not None and name in oh.accepted
    assert set(oh.accepted) | set(oh.refused) | set(oh.cannot_hold) == set(R.names())
    for other in oh.refused:  # each refusal is the engine's
        rs = R.get(other)
        kw = {k: v for k, v in oh.context.items() if k in rs.context_names}
        assert not rs.score(oh.hand, **kw).legal
    _no_internal(oh.text(), name)


def test_some_hands_only_one_family_accepts():
    assert tour.only_here("changsha").accepted == ("changsha",)  # 将将胡
    assert tour.only_here("fuzhou").accepted == ("fuzhou",)  # 三金倒
    assert set(tour.only_here("beijing").accepted) == {"beijing", "beijing_cpt"}  # 混杠
    assert set(tour.only_here("hebei1").accepted) == {"hebei1", "hebei2"}  # 一趟副


def test_changsha_wins_on_the_deal_are_the_engines():
    ex = tour.on_deal_examples()
    keys = [tuple(i.key for i in r.items) for _, _, _, r in ex.rows]
    assert keys[:3] == [("sixi",), ("banbanhu",), ("queyise",)]
    assert [r.legal for _, _, _, r in ex.rows] == [True, True, True, False]
    for _tiles, seat, _, r in ex.rows[:3]:
        assert r.payments[seat] == 3 * R.get("changsha").opt("on_deal_each")
    html = ex.html()
    assert html.count("<svg") >= 4 and "板板胡" in html


def test_exercises_aim_at_the_rule_set():
    qs = tour.questions("changsha", 3)
    assert len(qs) == 3 and {q.data["rules"] for q in qs} == {"changsha"}
    for q in qs:
        assert grade(q, solve(q)).correct
    mixed = tour.questions(["bj_basic", "hebei1", "shandong1"], 3)
    assert [q.data["rules"] for q in mixed] == ["bj_basic", "hebei1", "shandong1"]


def test_difference_table_fits_the_notebook():
    d = R.differences()
    pages = difference_pages(d)
    assert sorted(rs.name for sets, _ in pages for rs in sets) == sorted(R.names())
    assert all(1 <= len(sets) <= 6 for sets, _ in pages)
    html = d._repr_html_()
    assert html.count("<table") == len(pages)
    for table in html.split("</table>")[:-1]:
        head = table.split("</tr>")[0]
        assert head.count("<th") <= 7  # a label column and at most six rule sets
        assert "table-layout:fixed" in table and "width:100%" in table
    _no_internal(html, "differences")
    assert "未规定 not specified" in html  # "n.s." in words, both languages


def test_comparison_chart_keeps_units_apart():
    import matplotlib

    matplotlib.use("Agg")
    c = R.compare("12346789mEEE44s+5m", winner="S", discarder="N")
    fig = c.chart()
    labels = [a.get_xlabel() for a in fig.axes]
    assert len(fig.axes) == 2  # points, and Xi'an's base units
    assert any("(base units)" in x for x in labels) and any("(points)" in x for x in labels)
    assert all(re.search(r"[\u4e00-\u9fff]", x) and "net gain" in x for x in labels)
    texts = [t.get_text() for a in fig.axes for t in a.texts]
    assert any("not legal" in t and "不能和" in t for t in texts) and not any(t.strip() == "否" for t in texts)
    html = c._repr_html_()
    _no_internal(html, "comparison")


@pytest.mark.parametrize("nb", ["09_regional_tour", "10_compare_rule_sets"])
def test_lessons_cite_nothing_internal(nb):
    book = nbformat.read(ROOT / "notebooks" / f"{nb}.ipynb", as_version=4)
    first, text = book.cells[0].source, "\n".join(c.source for c in book.cells)
    assert "你将学到" in first and "What you will learn" in first
    assert "小结" in text and "Summary" in text and "quiz.practice" in book.cells[-1].source
    for k, c in enumerate(book.cells):
        _no_internal(c.source, f"{nb} cell {k}")


def test_beijing_shares_add_up_to_what_the_discarder_pays():
    r = R.score("12346789mEEE44s+5m", rules="beijing", winner="S", discarder="N")
    last = tour.worked(r).steps[-1][1]
    assert "E 32 (dealer ×2) + W 16 + N 32 (discarder ×2) = 80" in last and r.payments["N"] == -80


def test_the_search_finds_what_the_descriptions_store():
    stored = R.get("fuzhou").about.only_here
    found = tour.find_only_here("fuzhou", tries=5, hands=[stored.hand], situations=[*tour.SITUATIONS, stored.context])
    assert found.accepted == ("fuzhou",) and str(found.hand) == str(tour.only_here("fuzhou").hand)
    some = tour.find_only_here("xian", tries=3)
    assert some is not None and "xian" in some.accepted


def test_the_course_order_does_not_depend_on_which_rule_set_was_imported_first():
    """Families, the tour's index and the difference table follow the registry's display order, also
    when a lesson imported one rule set's module before the registry loaded the others."""
    import subprocess
    import sys

    code = (
        "import mjlearn.rules.fuzhou, mjlearn.rules.changsha\n"
        "import mjlearn.rules as R\n"
        "from mjlearn.course.families import families\n"
        "print(' '.join(R.names()))\n"
        "print(' '.join(m for _, ms in families() for m in ms))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    names, members = out.stdout.split("\n")[:2]
    assert names.split()[0] == "mcr" and names.split()[-1] == "fuzhou" and names == members
    assert names == " ".join(R.names())


def test_a_rule_set_without_a_description_gets_a_clear_error_for_its_example():
    bare = dataclasses.replace(R.get("hongkong"), about=None)
    with pytest.raises(BadArgument, match="no worked example.*没有实例"):
        tour.example(bare)
    with pytest.raises(BadArgument, match="no description.*没有说明"):
        tour.on_deal_examples(dataclasses.replace(R.get("changsha"), about=None))
