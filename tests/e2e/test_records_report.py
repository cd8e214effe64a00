"""The review page of ``mjlearn review`` in headless Chromium at 1400 px: it loads nothing but itself,
its tiles are drawn, the costliest decisions come first with the coach's reason in both languages,
and nothing runs off the side of the page."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

from mjlearn.records import read_text
from mjlearn.widgets.record_review import rated_record, report_html

pytestmark = pytest.mark.e2e

TEXT = Path(__file__).resolve().parents[1] / "data" / "botzone" / "games.txt.gz"


def test_the_review_page_renders_alone_with_its_tiles_and_reasons(page, tmp_path):
    g = next(g for g in read_text(gzip.decompress(TEXT.read_bytes()).decode("utf-8")) if g.match == "local-1000")
    out = tmp_path / "report.html"
    out.write_text(report_html(rated_record(g, 0)), encoding="utf-8")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(out.as_uri())
    assert asked == [out.as_uri()], asked  # no font, script, style or picture from anywhere else
    boxes = page.locator(".rr-worst")
    assert boxes.count() == 3
    first = boxes.nth(0)
    assert first.locator(".rr-reason").inner_text().strip()
    assert "的" in first.inner_text() and "chance to win" in first.inner_text()
    tile = first.locator(".mj-t svg").first
    box = tile.bounding_box()
    assert box is not None and box["width"] >= 20 and box["height"] >= 25
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1400, width
    shot = tmp_path / "review_page.png"
    page.screenshot(path=str(shot), full_page=False)
    assert shot.stat().st_size > 20_000
    print(shot, file=sys.stderr)
