"""The fan frequencies of simulated play: the committed file has the right shape, and replaying
its first hands with tools/fan_frequency.py gives exactly the committed figures for that prefix."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mjlearn.mcr import FANS
from mjlearn.mcr.sheets import DATA, fan_index_html, frequencies, frequency_sheet_html

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fan_frequency
    finally:
        sys.path.pop(0)
    return fan_frequency


def test_the_data_file_records_how_it_was_measured():
    d = json.loads(DATA.read_text(encoding="utf-8"))
    assert set(d) == {"about", "hands", "first_seed", "wins", "counts", "check"}
    assert d["hands"] >= 1000 and d["first_seed"] == 0 and 0 < d["wins"] <= d["hands"]
    ids = {f.id for f in FANS}
    for block in (d, d["check"]):
        assert all(int(k) in ids for k in block["counts"])
        assert all(0 < v <= block["wins"] for v in block["counts"].values())
    assert 0 < d["check"]["hands"] < d["hands"]
    for k, v in d["check"]["counts"].items():  # the prefix is part of the whole
        assert v <= d["counts"][k]


def test_replaying_the_prefix_gives_the_committed_figures():
    d = json.loads(DATA.read_text(encoding="utf-8"))
    n = d["check"]["hands"]
    wins, counts = _tool().play(n)
    assert wins == d["check"]["wins"]
    assert {str(k): v for k, v in sorted(counts.items())} == d["check"]["counts"]


def test_measure_writes_the_same_format(tmp_path):
    out = tmp_path / "f.json"
    _tool().main(["--hands", "12", "--check", "5", "--out", str(out)])
    d = json.loads(out.read_text(encoding="utf-8"))
    assert d["hands"] == 12 and d["check"]["hands"] == 5
    committed = json.loads(DATA.read_text(encoding="utf-8"))
    assert set(d) == set(committed)


def test_sheet_and_index():
    f = frequencies()
    rows = f.rows()
    assert [r.hands for r in rows] == sorted((r.hands for r in rows), reverse=True)
    sheet = frequency_sheet_html(top=20)
    assert sheet.count('href="#fan-') == 20 and rows[0].fan.en in sheet and "seed" not in sheet.lower()
    index = fan_index_html()
    for fan in FANS:
        assert f'href="#fan-{fan.id}"' in index
        assert fan.zh in index and fan.en.replace("&", "&amp;") in index
