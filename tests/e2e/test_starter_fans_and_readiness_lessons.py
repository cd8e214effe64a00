"""Lessons 07, 07b and 15 as a learner meets them in JupyterLab (1,400 px, Debian's Chromium): the
starter fans' sheet, sections and practice set draw; lesson 15's test takes no empty answer and, handed
in, shows the verdict with a link to each topic's lesson. Screenshots go to the test's folder (and to
$MJLEARN_SHOTS when set, to look at them)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from test_lesson_layout import _open, place_lessons

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ("07_the_81_fans", "07b_more_fans", "15_readiness_test")

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def fans_lab(lab):
    shutil.copytree(ROOT / "notebooks" / "quiz_sets", lab.root / "quiz_sets", dirs_exist_ok=True)
    return place_lessons(lab, LESSONS)


def _shot(page, tmp_path, name: str, selector: str | None = None) -> Path:
    out = tmp_path / f"{name}.png"
    if selector:
        page.locator(selector).first.screenshot(path=str(out))
    else:
        page.screenshot(path=str(out))
    keep = os.environ.get("MJLEARN_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(out, Path(keep) / out.name)
    return out


def _errors(page) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('.jp-OutputArea-output[data-mime-type*=error]')].map(e => e.textContent)"
    )


def test_lesson_07_shows_the_starter_fans_and_their_practice_set(fans_lab, page, tmp_path):
    from mjlearn.course.fan_order import starter_fans

    _open(page, fans_lab, "07_the_81_fans")
    assert _errors(page) == []
    ids = page.evaluate("[...document.querySelectorAll('.jp-RenderedMarkdown h3')].map(h => parseInt(h.textContent))")
    assert ids == starter_fans()  # the sections, in the order of the frequency table
    quiz = page.locator(".mjlearn-quiz").first
    quiz.scroll_into_view_if_needed()
    assert quiz.is_visible() and f"共 {len(starter_fans())} 题" in quiz.inner_text()
    _shot(page, tmp_path, "07_practice", ".mjlearn-quiz")
    page.locator(".jp-RenderedMarkdown h3").first.scroll_into_view_if_needed()
    _shot(page, tmp_path, "07_first_section")


def test_lesson_07b_links_back_to_the_starter_fans(fans_lab, page, tmp_path):
    from mjlearn.course.fan_order import starter_fans

    _open(page, fans_lab, "07b_more_fans")
    assert _errors(page) == []
    hrefs = page.evaluate(
        "[...document.querySelectorAll('.jp-OutputArea-output a[href*=\"fan-\"]')].map(a => a.getAttribute('href'))"
    )
    # JupyterLab turns a link to another notebook into that file's address; the anchor stays
    other = [h for h in hrefs if "07_the_81_fans.ipynb" in h]
    assert len(other) == len(starter_fans()) and all(
        h.endswith(tuple(f"#fan-{f}" for f in starter_fans())) for h in other
    )
    assert sum(h.startswith("#fan-") for h in hrefs) == 82 - len(starter_fans())
    page.locator(".jp-OutputArea-output a[href*='fan-']").first.scroll_into_view_if_needed()
    _shot(page, tmp_path, "07b_index")


def test_lesson_15_takes_no_empty_answer_and_hands_in_with_the_lessons(fans_lab, page, tmp_path):
    _open(page, fans_lab, "15_readiness_test")
    assert _errors(page) == []
    test = page.locator(".mjlearn-readiness-test").first
    assert "第 1 题，共 20 题" in test.inner_text()
    _shot(page, tmp_path, "15_question", ".mjlearn-readiness-test")
    test.locator(".mjlearn-quiz-check").click()
    page.wait_for_function("document.body.innerText.includes('Choose or type an answer first')")
    test.locator(".mjlearn-quiz-finish").click()
    page.wait_for_selector(".mjlearn-readiness-test .mjlearn-readiness[data-passed='false']")
    links = page.evaluate(
        "[...document.querySelectorAll('.mjlearn-readiness-test .mjlearn-readiness a')].map(a => a.getAttribute('href'))"
    )
    for lesson in ("01_tiles_and_notation", "04_waits_and_shanten", "07_the_81_fans", "09_regional_tour"):
        assert any(f"{lesson}.ipynb" in h for h in links), lesson  # nothing answered: every topic missed
    _shot(page, tmp_path, "15_result", ".mjlearn-readiness-test .mjlearn-readiness")
    stored = page.locator(".jp-OutputArea-output .mjlearn-readiness").last  # the second cell: from the store
    assert "Not taken yet" in stored.inner_text()  # nothing recorded: no verdict from the store
    box = test.bounding_box()
    assert box and box["width"] <= 1400
