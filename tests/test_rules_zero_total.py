"""A win whose total is 0 (番) but that pays says why, in both languages, where the 0 is shown: the
comparison table's total and the hand editor's result. The reason is the rule set's own settlement."""

from __future__ import annotations

import re

import pytest

import mjlearn as mj
from mjlearn.rules.comparison import compare

HAND = "12346789mEEE44s+5m"


def _row(html: str, name: str) -> str:
    return re.search(rf"<tr data-rules='{name}'>(.*?)</tr>", html, re.DOTALL).group(1)


@pytest.mark.parametrize(
    ("rules", "context", "zh", "en"),
    [
        ("huopin_wufan", {"winner": "S", "discarder": "N", "wild": "P"}, "不算番", "no points are counted here"),
        ("yunnan", {"winner": "S", "self_drawn": True}, "平胡自摸", "a plain hand self-drawn"),
    ],
)
def test_a_zero_total_that_pays_says_why_in_the_comparison(rules, context, zh, en):
    html = compare(HAND, **context)._repr_html_()
    cells = re.findall(r"<td[^>]*>(.*?)</td>", _row(html, rules), re.DOTALL)
    total = cells[3]
    assert total.startswith("0 ")
    assert "still pays" in total and "也收付" in total, total
    assert zh in total and en in total, total


def test_a_zero_total_that_pays_says_why_in_the_hand_editor():
    pytest.importorskip("anywidget")
    from mjlearn.widgets import HandEditor

    ed = HandEditor(HAND, rules="yunnan", winner="S", self_drawn=True)
    html = "".join(ed.regions.values())
    assert "a win of 0 fan still pays: a plain hand self-drawn: 1 from each" in html
    assert "0 番也收付" in html


def test_a_total_above_zero_needs_no_reason():
    from mjlearn.rules.steps import zero_pays

    r = mj.score(HAND, rules="huopin", winner="S", discarder="N", wild="P")
    assert r.total > 0 and zero_pays(r) is None
