"""Lessons as a learner meets them in JupyterLab (1,400 px wide, Debian's Chromium): the claim
quiz's hands are drawn at a readable size without overlapping, a quiz's typing instruction is said
once, the hand editor's labels are not cut off, and opening and closing a lesson does not mark it
modified (no "save your changes?" question for a lesson the learner did not touch)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ("03_melds_and_claims", "05_hand_editor", "09_regional_tour")

pytestmark = pytest.mark.e2e


def place_lessons(lab, stems):
    """The session's JupyterLab with the lessons ``stems`` copied in, cells rendered all at once."""
    for stem in stems:
        shutil.copy(ROOT / "notebooks" / f"{stem}.ipynb", lab.root / f"{stem}.ipynb")
    tracker = lab.root.parent / "settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return lab


@pytest.fixture(scope="module")
def lessons_lab(lab):
    return place_lessons(lab, LESSONS)


KERNEL_READY = (
    "window.jupyterapp && window.jupyterapp.shell.currentWidget"
    " && window.jupyterapp.shell.currentWidget.sessionContext"
    " && window.jupyterapp.shell.currentWidget.sessionContext.session"
    " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
    " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'"
)


def _open(page, lab, stem: str, run: bool = True) -> None:
    page.set_default_timeout(120_000)  # a lesson's run takes longer than a page's default allows
    page.goto(lab.url(f"lab/workspaces/{stem}-{'run' if run else 'open'}/tree/{stem}.ipynb"))
    page.wait_for_function(KERNEL_READY)
    if not run:
        return
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => {
        const nb = window.jupyterapp.shell.currentWidget.content;
        return nb.widgets.filter(c => c.model.type === 'code').every(c => c.model.executionCount !== null)
            && nb.widgets.every(c => !c.node.querySelector('.jp-InputArea-prompt')
                                     || !c.node.querySelector('.jp-InputArea-prompt').textContent.includes('*'));
    }""",
        polling=500,
    )
    page.wait_for_timeout(1500)  # widgets draw after their comm opens


TILE_BOXES = """(root) => {
  const q = document.querySelector(root);
  return [...q.querySelectorAll('.mjlearn-question svg.mjlearn')].map(s => {
    const r = s.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height, title: (s.querySelector('title') || {}).textContent || ''};
  });
}"""


@pytest.mark.parametrize("stem", LESSONS)
def test_opening_and_closing_a_lesson_leaves_it_unmodified(stem, lessons_lab, page, tmp_path):
    """The lesson as ``mjlearn lab`` places it opens unmodified once its kernel is ready, and
    closing it asks nothing."""
    from mjlearn.cli_lab import copy_notebooks

    folder = tmp_path / "copied"
    copy_notebooks(folder, out=open(tmp_path / "out.txt", "w"), err=open(tmp_path / "err.txt", "w"))
    shutil.copy(folder / f"{stem}.ipynb", lessons_lab.root / f"placed_{stem}.ipynb")
    _open(page, lessons_lab, f"placed_{stem}", run=False)
    page.wait_for_timeout(2500)  # the kernel's information arrives after it is idle
    assert page.evaluate("window.jupyterapp.shell.currentWidget.context.model.dirty") is False
    page.evaluate("window.jupyterapp.commands.execute('application:close')")
    page.wait_for_timeout(1000)
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").inner_text()


OVERLAPS = """(boxes) => {
  const out = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => {
    const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    if (w > 1 && h > 1) out.push(a.title + ' / ' + b.title);
  }));
  return out;
}"""


def test_claim_quiz_hands_are_drawn_large_and_apart_and_the_instruction_is_said_once(lessons_lab, page):
    """Lesson 03's claim questions: every tile picture of the situation at least 40 px high (a tile
    a learner reads, not a 20 px thumbnail), no two pictures on top of each other; the typing
    instruction once under the box, not also as the box's placeholder."""
    _open(page, lessons_lab, "03_melds_and_claims")
    quiz = ".jp-NotebookPanel:not(.lm-mod-hidden) .mjlearn-quiz"
    assert page.locator(quiz).count() == 1
    page.locator(quiz).scroll_into_view_if_needed()
    seen = 0
    for _ in range(3):  # each of the three questions
        boxes = page.evaluate(TILE_BOXES, quiz)
        assert len(boxes) >= 4, boxes  # the wild or the discard, and two players' hands at least
        small = [b for b in boxes if b["h"] < 40]
        assert not small, f"tiles drawn too small: {small}"
        assert page.evaluate(OVERLAPS, boxes) == []
        placeholder = page.locator(f"{quiz} input[type=text]").get_attribute("placeholder") or ""
        assert "seat" not in placeholder and "输入" not in placeholder, placeholder
        text = page.locator(quiz).inner_text()
        assert text.count("Type the seat that gets the tile") == 1, text
        seen += 1
        page.locator(f"{quiz} .mjlearn-quiz-next").click()
        page.wait_for_timeout(700)
    assert seen == 3


WIN_TAGS = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .mj-win')].map(w => {
  const box = w.closest('.mj-hand-box').getBoundingClientRect();
  const tag = w.querySelector('.mj-tag').getBoundingClientRect();
  const tile = w.querySelector('svg').getBoundingClientRect();
  const cut = [];
  if (tag.left < box.left - 0.5) cut.push('left by ' + (box.left - tag.left).toFixed(1));
  if (tag.right > box.right + 0.5) cut.push('right by ' + (tag.right - box.right).toFixed(1));
  if (tag.top < box.top - 0.5) cut.push('top by ' + (box.top - tag.top).toFixed(1));
  if (tag.bottom > tile.top + 0.5) cut.push('over the tile by ' + (tag.bottom - tile.top).toFixed(1));
  return {text: w.querySelector('.mj-tag').textContent, cut};
})"""

FAN_HEADS = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .mj-fan-table')].map(t => {
  const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
  const widest = Math.max(0, ...[...t.querySelectorAll('tbody tr')].map(r => r.children.length));
  return {heads, widest};
})"""


@pytest.mark.parametrize("width", [1400, 620])
def test_hand_editor_labels_whole_and_fan_columns_named(width, lessons_lab, page):
    """Lesson 05's editors: the "winning tile" tag inside its box and above its tile, also when the
    tile wraps to the start of a row (a narrow window); every column of a fan table named."""
    page.set_viewport_size({"width": width, "height": 1000})
    _open(page, lessons_lab, "05_hand_editor")
    tags = page.evaluate(WIN_TAGS)
    assert tags, "no winning tile drawn in lesson 05"
    assert [t for t in tags if t["cut"]] == []
    tables = page.evaluate(FAN_HEADS)
    assert tables, "no fan table drawn in lesson 05"
    for t in tables:
        assert len(t["heads"]) == t["widest"] and all(t["heads"]), t
