"""The hand editor's fan tables name every column: the fan, what each counts, the total."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")
from mjlearn.widgets import HandEditor


@pytest.mark.parametrize(
    ("hand", "kw"),
    [
        ("[EEE,1][SSSS,1]55pWWWNN+N", {"self_drawn": True}),
        ("111333555777s9s+9s", {"rules": "changsha", "winner": "S", "self_drawn": True, "bird": "7p"}),
    ],
)
def test_every_fan_table_column_has_a_head(hand, kw):
    ed = HandEditor(hand, **kw)
    html = "".join(ed.regions.values())
    tables = re.findall(r'<table class="mj-fan-table">(.*?)</table>', html, re.DOTALL)
    assert tables
    for t in tables:
        heads = re.findall(r"<th[^>]*>(.*?)</th>", t)
        widest = max(len(re.findall(r"<td", row)) for row in re.findall(r"<tr.*?</tr>", t, re.DOTALL))
        assert len(heads) == widest == 3 and all(h.strip() for h in heads), t[:300]
        assert any("total" in h for h in heads) and any("each" in h for h in heads)
