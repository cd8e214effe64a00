"""The progress view with the personal profile and the costly table decisions by category, drawn by
Chromium at 1400 px: every part visible, nothing wider than the page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_play_widget import play_out

from mjlearn.quiz.progress import ProgressStore
from mjlearn.widgets.play import PlayTable

pytestmark = pytest.mark.e2e


def test_the_profile_in_the_progress_view(page, tmp_path):
    store = ProgressStore(tmp_path / "p.db", user="ann")
    w = PlayTable(rules="mcr", seat="E", seed=1, keep=store)
    play_out(w, worse_every=3)
    html = store.view()._repr_html_()
    page.set_content(f"<!doctype html><html><head><meta charset='utf-8'></head><body>{html}</body></html>")
    prof = page.locator(".mjlearn-profile")
    assert prof.is_visible()
    text = prof.inner_text()
    assert "Table statistics" in text and "agreed with the coach" in text and "win rate" in text
    for row in page.locator("[data-category]").all():
        assert row.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1400
    out = tmp_path / "profile.png"
    page.locator(".mjlearn-progress").screenshot(path=str(out))
    assert out.stat().st_size > 5000
    print("screenshot:", out)
