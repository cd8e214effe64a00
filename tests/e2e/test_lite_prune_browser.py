"""The browser site with its unreachable chunks removed (mjlearn.lite.prune, run by ``mjlearn lite
build``) still loads everything a learner can reach: lessons 01 and 05 run all their cells, then the
file browser, the command palette, the settings editor, a Markdown file and a text file are opened,
and no request of the page or its workers fails (no ChunkLoadError, no 404). The features the site turns
off (mjlearn.lite.gates: Mermaid diagrams, MathJax, Vega charts, the terminal) are off: a Mermaid block in
Markdown shows as its code, a formula as typed, and no plugin of theirs is active.

The site is built, served and opened offline by the fixtures of tests/e2e/test_lite_browser.py.
"""

from __future__ import annotations

import pytest
from test_lite_browser import _open, _run_all, offline, served, site  # noqa: F401 - fixtures used by name

from mjlearn.lite.gates import DISABLED

pytestmark = pytest.mark.e2e

_OPEN = [
    ("filebrowser:activate", {}, ".jp-FileBrowser .jp-DirListing-item"),
    ("apputils:activate-command-palette", {}, ".lm-CommandPalette .lm-CommandPalette-item"),
    ("settingeditor:open", {}, ".jp-SettingsPanel .jp-PluginList-entry, .jp-PluginList .jp-PluginList-entry"),
    (
        "docmanager:open",
        {"path": "notes.md", "factory": "Markdown Preview"},
        ".jp-MarkdownViewer .jp-RenderedMarkdown pre code",
    ),
    ("docmanager:open", {"path": "notes.txt"}, ".jp-FileEditor .cm-content"),
]

_TURNED_OFF = "Odds $p^2$ of two.\n\n```mermaid\ngraph LR\n  pung --> kong\n```\n"

_ACTIVE = """(packages) => window.jupyterapp.listPlugins().filter(
  (id) => packages.some((p) => id.startsWith(p + ':')) && window.jupyterapp.isPluginActivated(id))"""

_SAVE = """async ([path, text]) => {
  await window.jupyterapp.serviceManager.contents.save(path, {type: 'file', format: 'text', content: text});
}"""


@pytest.fixture
def failures(offline):
    """Every request of the site that failed or was answered with an error, and every chunk load error."""
    seen: list[str] = []

    def failed(req):
        if req.url.startswith(offline.base):
            seen.append(f"failed {req.url} ({req.failure})")

    def answered(resp):
        # the browser's own ask for /favicon.ico at the server's root is no request of the site
        if resp.url.startswith(offline.base) and resp.status >= 400 and resp.url != offline.base + "favicon.ico":
            seen.append(f"{resp.status} {resp.url}")

    def console(msg):
        if "ChunkLoadError" in msg.text or "Loading chunk" in msg.text:
            seen.append(f"console: {msg.text[:300]}")

    def page_added(page):
        page.on("console", console)
        page.on(
            "pageerror", lambda e: seen.append(f"page error: {str(e)[:300]}") if "chunk" in str(e).lower() else None
        )

    offline.on("requestfailed", failed)
    offline.on("response", answered)
    offline.on("page", page_added)
    try:
        yield seen
    finally:
        offline.remove_listener("requestfailed", failed)
        offline.remove_listener("response", answered)
        offline.remove_listener("page", page_added)


def test_the_pruned_site_loads_every_chunk_a_learner_reaches(site, offline, failures):
    out, _ = site
    from mjlearn.lite.prune import prune_unreachable_chunks
    from mjlearn.lite.site import DEFAULT_CACHE

    again = prune_unreachable_chunks(out, DEFAULT_CACHE, fetch_missing=False)  # the build pruned already
    assert again["kept_all"] is None and again["removed"] == [], again

    page, _, _ = _open(offline, "01_tiles_and_notation.ipynb")
    try:
        _run_all(page)
    finally:
        page.close()
    page, _, _ = _open(offline, "05_hand_editor.ipynb")
    try:
        _run_all(page)
        page.evaluate(_SAVE, ["notes.md", "# Notes\n\nA *pung* is three of a kind.\n\n" + _TURNED_OFF])
        page.evaluate(_SAVE, ["notes.txt", "three of a kind\n"])
        for command, args, shows in _OPEN:
            page.evaluate("async ([c, a]) => { await window.jupyterapp.commands.execute(c, a); }", [command, args])
            page.locator(shows).first.wait_for(state="attached", timeout=120_000)
            page.keyboard.press("Escape")  # close the palette before the next command
        page.wait_for_timeout(3000)  # lazy loads started by what was opened have finished
        shown = page.locator(".jp-MarkdownViewer .jp-RenderedMarkdown pre code").first.inner_text()
        assert "graph LR" in shown and page.locator(".jp-MarkdownViewer svg").count() == 0
        assert "Odds $p^2$ of two." in page.locator(".jp-MarkdownViewer .jp-RenderedMarkdown").first.inner_text()
        assert page.locator(".jp-MarkdownViewer mjx-container, .jp-MarkdownViewer .MathJax").count() == 0
        off = page.evaluate(_ACTIVE, list(DISABLED))
        assert off == [], off
    finally:
        page.close()
    assert failures == [], failures
    assert offline.outside == [], offline.outside
