"""Every page of the course and every widget, run in JupyterLab, checked by axe-core against WCAG 2.1
A and AA: no serious or critical violation in what mjlearn draws.

axe-core (Deque's accessibility engine, the npm package ``axe-core``) is installed by the fixture
below from the npm registry into a folder of the virtual environment it creates itself (as
tools/bootstrap.py does for JupyterHub's proxy); nothing assumes it is already there. Each notebook
is opened in its own page in Debian's Chromium, every cell is run, and axe looks at the notebook's
content only: the output areas and the rendered markdown. JupyterLab's own chrome (menus, side bar,
toolbar) is checked too, for the record, but not asserted: it is not ours to fix.

Besides the lessons as they open, the widgets are checked in the states a learner reaches: the play
table in the middle of a hand and at its end screen, a quiz showing a wrong answer's feedback, a quiz
asking which tile is shown (the tile an image named by what it shows), and a glossary word's popover open.

The counts per page are written to ``$MJLEARN_AXE_REPORT`` (a JSON file) when that is set.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from test_course_layout import course_lab  # noqa: F401  (a fixture: the whole course in the session's JupyterLab)
from test_lesson_layout import _open

from mjlearn.render.faces import tile_label

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
AXE_VERSION = "4.14.1"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BAD = ("serious", "critical")

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe.min.js, from npm into ``<venv>/axe`` (made here when missing)."""
    prefix = Path(sys.executable).parent.parent / "axe"
    script = prefix / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            msg = "npm is missing (apt-get install npm): axe-core comes from the npm registry"
            if os.environ.get("CI"):
                pytest.fail(msg)
            pytest.skip(msg)
        prefix.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(prefix),
                "--no-save",
                "--no-audit",
                "--no-fund",
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return script.read_text(encoding="utf-8")


PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CONTENT = [f"{PANEL} .jp-OutputArea-output", f"{PANEL} .jp-MarkdownOutput"]

# axe's UMD wrapper registers itself with an AMD loader when one is present (JupyterLab may have
# one), so the loader is hidden while the script runs and window.axe is set in every case.
INJECT = """(src) => {
  if (window.axe) return;
  const d = window.define; window.define = undefined;
  try { (0, eval)(src); } finally { window.define = d; }
}"""

RUN = """async ([include, exclude, tags]) => {
  const ctx = include ? {include: include.map(s => [s])} : {exclude: exclude.map(s => [s])};
  const r = await window.axe.run(ctx, {runOnly: {type: 'tag', values: tags}});
  const checked = r.passes.reduce((n, p) => n + p.nodes.length, 0);
  const incomplete = r.incomplete.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length}));
  return {checked, incomplete, violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                              summary: (n.failureSummary || '').slice(0, 300)}))}))};
}"""


def _axe(page, src: str, include=None, exclude=None) -> dict:
    """axe's findings: ``checked`` (nodes that passed a rule), ``incomplete``, ``violations``."""
    page.evaluate(INJECT, src)
    return page.evaluate(RUN, [include, exclude, TAGS])


def _bad(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BAD]


def _record(page_name: str, found: dict, chrome: list[dict]) -> None:
    out = os.environ.get("MJLEARN_AXE_REPORT")
    if not out:
        return
    path = Path(out)
    data = json.loads(path.read_text()) if path.exists() else {}

    def count(vs):
        return {v["id"]: len(v["nodes"]) for v in _bad(vs)}

    content = found["violations"]
    data[page_name] = {
        "checked": found["checked"],
        "incomplete": found["incomplete"],
        "content": count(content),
        "content_nodes": sum(len(v["nodes"]) for v in _bad(content)),
        "chrome": count(chrome),
        "chrome_detail": [{"id": v["id"], "help": v["help"], "nodes": v["nodes"][:4]} for v in _bad(chrome)],
        "content_detail": [{"id": v["id"], "impact": v["impact"], "nodes": v["nodes"][:3]} for v in _bad(content)],
    }
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False))


def _explain(violations: list[dict]) -> str:
    lines = []
    for v in _bad(violations):
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for n in v["nodes"][:4]:
            lines.append(f"    {n['target']}: {n['html']}")
    return "\n".join(lines)


# Where colour alone once told something (the editor's chosen chip, a claimed discard, the latest discard, the
# seat to play), a mark drawn beside it: (selector, pseudo-element, what its content must hold).
MARKS = [
    (".mj-root .mj-editor .mj-chip.mj-on", "::before", "✓"),
    (".mj-root .mj-t.mj-taken", "::after", "↗"),
    (".mj-root .mj-t.mj-last", "::after", "★"),
    (".mj-root .mj-turn > .mj-name", "::after", "turn"),
]
UNMARKED = """(marks) => marks.flatMap(([sel, pseudo, want]) => [...document.querySelectorAll(sel)]
  .filter(el => !(getComputedStyle(el, pseudo).content || '').includes(want))
  .map(el => sel + ' ' + el.outerHTML.slice(0, 80)))"""


def _check(page, src: str, name: str) -> list[dict]:
    found = _axe(page, src, include=CONTENT)
    chrome = _axe(page, src, exclude=[f"{PANEL} .jp-Notebook"])["violations"]
    _record(name, found, chrome)
    # axe looked at the page's content (a scope that matched nothing would pass vacuously)
    shown = page.evaluate(
        "(sels) => sels.map(s => [...document.querySelectorAll(s)].map(e => e.innerText).join(' ')).join(' ')", CONTENT
    )
    assert shown.strip(), found
    unmarked = page.evaluate(UNMARKED, MARKS)
    assert not unmarked, f"meaning told by colour alone: {unmarked[:5]}"
    return found["violations"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_lesson_has_no_serious_accessibility_violation(path, course_lab, browser_context, axe_source):
    page = browser_context.new_page()
    page.set_default_timeout(180_000)
    try:
        _open(page, course_lab, path.stem)
        content = _check(page, axe_source, path.stem)
    finally:
        page.close()
    assert not _bad(content), _explain(content)


# The widgets in the states a learner reaches by playing: the hand is driven from Python as the
# learner's clicks would (win when possible, else the coach's best discard, else the last option).
DRIVE = """
import mjlearn as mj

def advance(table, clicks):
    for _ in range(clicks):
        if table.table.phase == "over":
            break
        opts = table._options()
        if table.waiting == "discard" and "win" not in opts:
            table.handle({"act": "discard", "arg": str(table._coaching.best.discard)})
        else:
            table.handle({"act": "call", "arg": "win" if "win" in opts else opts[-1]})
    return table
"""

STATES = {
    "play_mid_hand": 'advance(mj.play("mcr", seat="E", seed=1), 6)',
    "play_end_screen": 'advance(mj.play("mcr", seat="E", seed=1), 400)',
    "quiz_wrong_answer": (
        "from mjlearn.quiz import parse_quiz_set\n"
        "parse_quiz_set({'title': 'a11y', 'questions': [{'kind': 'waits', 'hand': '1112345678999m'},"
        " {'kind': 'tile_name', 'tile': 'E'}]}).widget()"
    ),
    "quiz_tile_in_question": (
        "from mjlearn.quiz import parse_quiz_set\n"
        "parse_quiz_set({'title': 'a11y', 'questions': [{'kind': 'tile_name', 'tile': '3s',"
        " 'options': ['3s', '3p', '2s', '3m']}]}).widget()"
    ),
    "glossary_popover": (
        "from mjlearn.terms import annotate\nfrom mjlearn.widgets import HandView\n"
        "display(HandView('123m456p789sEENN+N'))\n"
        "annotate('门清的手牌听牌了。A concealed hand (门清) is ready (听牌).')"
    ),
}


def _state_notebook(folder: Path, name: str, data_dir: Path) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(f"import os\nos.environ['MJLEARN_DATA_DIR'] = {str(data_dir)!r}\n{DRIVE}"),
        nbformat.v4.new_code_cell(STATES[name]),
    ]
    if name == "glossary_popover":  # a lesson's text, its words marked as tools/annotate_lessons.py does
        from mjlearn.terms import annotate

        nb.cells.insert(0, nbformat.v4.new_markdown_cell(str(annotate("一副顺子 a chow (顺子) 和 a pung (刻子)."))))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / f"axe_{name}.ipynb")
    return f"axe_{name}.ipynb"


@pytest.mark.parametrize("state", list(STATES))
def test_widget_state_has_no_serious_accessibility_violation(state, lab, browser_context, axe_source, tmp_path):
    file = _state_notebook(lab.root, state, tmp_path / "data")
    page = browser_context.new_page()
    page.set_default_timeout(180_000)
    try:
        _open(page, lab, file.removesuffix(".ipynb"))
        if state == "play_end_screen":
            page.locator(f"{PANEL} [data-end]").wait_for()
        if state == "play_mid_hand":
            page.locator(f"{PANEL} .mj-play").wait_for()
        if state == "quiz_wrong_answer":
            quiz = page.locator(f"{PANEL} .mjlearn-quiz").first
            quiz.locator("input[type=text]").first.fill("1m 4m 7m")
            quiz.locator(".mjlearn-quiz-check").first.click()
            quiz.locator(".mjlearn-quiz-feedback[data-correct=retry]").wait_for()
        if state == "quiz_tile_in_question":  # the tile is an image named by what it shows, not by its name
            quiz = page.locator(f"{PANEL} .mjlearn-quiz").first
            picture = quiz.get_by_role("img", name=tile_label("3s"), exact=True)
            picture.wait_for()
            assert picture.count() == 1 and "three bamboo sticks" in tile_label("3s")
            assert "3 Bamboo" not in quiz.locator(".mjlearn-question").inner_html()
        if state == "glossary_popover":
            _glossary_word_opens_and_closes(page)
            page.locator(f"{PANEL} .jp-OutputArea-output .mj-term").first.focus()
            page.wait_for_timeout(300)
        content = _check(page, axe_source, state)
    finally:
        page.close()
    assert not _bad(content), _explain(content)


def _glossary_word_opens_and_closes(page) -> None:
    """A marked word in a lesson's text and in an output: Tab reaches it and opens its definition,
    Escape closes it, a tap opens it again and a tap elsewhere closes it."""
    pop = page.locator(".mj-term-pop")
    for where in (".jp-MarkdownOutput", ".jp-OutputArea-output"):
        word = page.locator(f"{PANEL} {where} abbr.mj-term").first
        word.wait_for()
        page.wait_for_timeout(500)
        assert word.get_attribute("tabindex") == "0", (
            where,
            page.evaluate("[window.__mjGlossary, document.querySelectorAll('.mj-root').length]"),
            word.evaluate("e => e.outerHTML"),
        )
        word.focus()
        assert pop.is_visible() and pop.inner_text() == word.get_attribute("data-term"), where
        page.keyboard.press("Tab")  # the next word of the text, reached by the keyboard
        active = "document.activeElement.matches('abbr.mj-term') && document.activeElement"
        assert page.evaluate(f"!!({active})"), where
        assert pop.inner_text() == page.evaluate(f"({active}).dataset.term") and " / " in pop.inner_text()
        word.focus()
        assert word.get_attribute("aria-expanded") == "true", where
        page.keyboard.press("Escape")
        assert not pop.is_visible() and word.get_attribute("aria-expanded") == "false", where
        word.click()  # a tap or a click, not a hover
        assert pop.is_visible(), where
        page.mouse.click(5, 5)
        assert not pop.is_visible(), where
