"""compare() on one hand (12346789mEEE44s+5m, South wins on North's discard) under every rule set,
and the rule-difference table from the data."""

import pytest

import mjlearn.rules as R
from mjlearn.rules import ContextError

HAND = "12346789mEEE44s+5m"
EXPECTED = {  # payments to South (None = not legal / n/a)
    "beijing": 80,
    "beijing_cpt": 80,
    "bj_basic": 32,
    "bj_new": 10,
    "hebei1": 5,
    "shandong1": None,
    "shandong2": None,
    "changsha": None,
    "yunnan": None,
    "mcr": 46,
    "huopin": 56,
    "xian": 2,
    "hongkong": 2,
    "fuzhou": None,
}


def test_section_14_3_table():
    c = R.compare(HAND, rules=[n for n in EXPECTED if n in R.RULESETS], winner="S", discarder="N")
    got = {row.name: (row.payments["S"] if row.status == "legal" else None) for row in c.rows}
    assert got == {n: v for n, v in EXPECTED.items() if n in got}
    status = {row.name: row.status for row in c.rows}
    assert status["changsha"] == "n/a" and status["yunnan"] == "illegal" and status["shandong1"] == "illegal"
    assert "North" not in c._repr_html_() and "不适用" in c._repr_html_()
    assert c.to_dict()["rows"][0]["rules"] in EXPECTED


def test_compare_is_callable_as_module_attribute():
    assert R.compare(HAND, rules=["mcr"], winner="S", discarder="N").rows[0].total == 22


def test_unknown_keyword_for_every_rule_set():
    with pytest.raises(ContextError, match="'colour'"):
        R.compare(HAND, rules=["mcr", "beijing"], winner="S", discarder="N", colour="red")


def test_keywords_go_only_where_known():
    c = R.compare(HAND, rules=["beijing", "mcr"], winner="S", discarder="N", shang_lou=1)
    assert c.rows[0].total == 5 and c.rows[1].total == 22


def test_plot_has_cjk_fonts():
    import matplotlib

    matplotlib.use("Agg")
    ax = R.compare(HAND, rules=["beijing", "changsha", "mcr"], winner="S", discarder="N").plot(lang="zh")
    assert [b.get_width() for b in ax.patches] == [80, 0, 46]  # horizontal bars, one unit
    assert "points" in ax.get_xlabel() and "分" in ax.get_xlabel()
    assert matplotlib.rcParams["font.sans-serif"][0] == "Noto Sans CJK SC"


def test_differences_generated_from_data():
    d = R.differences(["beijing", "hebei1", "shandong1", "changsha", "yunnan", "huopin", "mcr"])
    rows = {k: cells for k, zh, en, cells in d.rows}
    assert rows["tiles"] == ["136", "136", "136", "108 (no honors 无字牌)", "136", "144", "144"]
    assert rows["chow"] == ["yes 可", "no 不可", "yes 可", "yes 可", "no 不可", "yes 可", "yes 可"]
    assert rows["pair"][2] == "2-5-8 二五八将" and rows["minimum"][-1] == "8"
    assert "options" not in rows  # a count of switches means nothing to a learner
    assert not any("^" in c for c in rows["scoring"])  # scoring in words, not caret notation
    assert "乱将" in d._repr_html_()


def test_chart_without_matplotlib_is_an_svg_chart():
    """The browser build has no matplotlib: the chart is drawn as SVG instead, one panel per unit."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['matplotlib'] = None; sys.modules['matplotlib.pyplot'] = None\n"
        "from mjlearn import rules\n"
        "c = rules.compare('12346789mEEE44s+5m', winner='S', discarder='N')\n"
        "h = c.chart()._repr_html_()\n"
        "assert h.count('<svg') == 1 and 'unit: points' in h and 'unit: b' in h, h[:300]\n"
        "assert 'class=\"mj-cmp-bar\"' in h\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-1500:]
