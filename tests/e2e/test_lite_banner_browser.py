"""The JupyterLite site's loading banner (mjlearn.lite.progress) in Debian's Chromium, offline.

The site is built, served and opened as in test_lite_browser.py (its fixtures, imported). Every change
of the banner is recorded from the page's first moment, with the kernel's own status at that moment
(read through ``window.jupyterapp``, which the test build exposes; the banner does not use it). A
lesson opened at a laptop's and at a phone's size: the banner says the site is opening, then that
Python loads while the kernel has not answered yet, then that Python is ready, no later than
``import mjlearn`` is answered, then it goes and the lab has the whole window again. While it shows it
covers nothing of the lab (screenshots in the test's folder) and axe-core finds nothing serious in it.
A browser without WebAssembly is told so at once; a site whose Python cannot load says, after
:data:`~mjlearn.lite.progress.SLOW_AFTER_S` seconds (the page's clock run forward), what to try, with
a button that reloads the page.
"""

from __future__ import annotations

import pytest
from test_accessibility import _axe, _bad, _explain, axe_source  # noqa: F401  (axe_source: a fixture)
from test_lite_browser import _EXECUTE, _READY, CHROMIUM, CHROMIUM_ARGS, offline, served, site  # noqa: F401  (fixtures)

from mjlearn import __version__
from mjlearn.lite.progress import BANNER_ID, MESSAGES, SLOW_AFTER_S

pytestmark = pytest.mark.e2e

LESSON = "02_the_wall_and_the_deal.ipynb"

# every change of the banner: its step (from its class), its two lines, its height, the kernel's status
RECORD = f"""(() => {{
  window.__banner = [];
  new MutationObserver(() => {{
    const b = document.getElementById('{BANNER_ID}');
    const step = b ? b.className.replace('{BANNER_ID}-', '') : null;
    const last = window.__banner[window.__banner.length - 1];
    if (last && last.step === step) return;
    const app = window.jupyterapp, w = app && app.shell.currentWidget;
    const kernel = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
    window.__banner.push({{step, t: performance.now(), kernel: kernel ? kernel.status : null,
      lines: b ? [...b.children].filter(e => e.tagName === 'SPAN').map(e => e.textContent) : []}});
  }}).observe(document, {{subtree: true, childList: true, attributes: true, attributeFilter: ['class']}});
}})();"""

STEP = "(step) => {{ const b = document.getElementById('{id}'); return b && b.className === '{id}-' + step; }}"

GEOMETRY = """(id) => {
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null;
                         const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, h: r.height}; };
  return {banner: box('#' + id), lab: box('#main'), status: box('#jp-main-statusbar'),
          panel: box('.jp-NotebookPanel:not(.lm-mod-hidden)'),
          toolbar: box('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-NotebookPanel-toolbar'),
          height: window.innerHeight, role: document.getElementById(id).getAttribute('role'),
          live: document.getElementById(id).getAttribute('aria-live')};
}"""


@pytest.fixture(scope="module")
def recorded(offline):
    offline.add_init_script(RECORD)
    return offline


def _page(ctx, width: int, height: int):
    page = ctx.new_page()
    page.set_default_timeout(420_000)  # 2 cores shared with other jobs: Pyodide boots slowly under load
    page.set_viewport_size({"width": width, "height": height})
    return page


def _wait_step(page, step: str) -> None:
    page.wait_for_function(STEP.format(id=BANNER_ID), arg=step, polling=100)


def _banner_axe(page, src: str) -> None:
    found = _axe(page, src, include=[f"#{BANNER_ID}"])
    assert found["checked"] > 0, found  # axe looked at the banner
    assert not _bad(found["violations"]), _explain(found["violations"])


@pytest.mark.parametrize("width,height", [(1400, 1000), (390, 844)], ids=["laptop", "phone"])
def test_the_banner_says_python_loads_then_ready_then_goes(recorded, axe_source, tmp_path, width, height):
    page = _page(recorded, width, height)
    try:
        page.goto(recorded.base + f"lab/index.html?path={LESSON}")
        _wait_step(page, "loading")
        page.wait_for_function("() => document.querySelector('.jp-NotebookPanel-toolbar')")
        page.screenshot(path=str(tmp_path / f"loading-{width}x{height}.png"))
        g = page.evaluate(GEOMETRY, BANNER_ID)
        assert (g["role"], g["live"]) == ("status", "polite")
        # the banner is the window's last strip; the lab (toolbar, notebook, status bar) ends where it begins
        assert g["banner"]["bottom"] == g["height"] and g["banner"]["h"] > 0
        assert g["lab"]["bottom"] <= g["banner"]["top"]
        for part in ("panel", "toolbar", "status"):
            assert g[part]["bottom"] <= g["banner"]["top"], (part, g)
        _banner_axe(page, axe_source)

        page.wait_for_function(_READY.format(path=LESSON))
        got = page.evaluate(_EXECUTE, "import mjlearn; print(mjlearn.__version__)")
        answered = page.evaluate("performance.now()")
        assert got.split() == [__version__], got
        page.wait_for_function(f"() => document.getElementById('{BANNER_ID}').childElementCount === 0")
        timeline = page.evaluate("window.__banner")
        steps = [e["step"] for e in timeline]
        assert steps == [None, "opening", "loading", "ready", ""], timeline
        for e in timeline[1:4]:
            assert e["lines"] == list(MESSAGES[e["step"]]), e
        opening, loading, ready, gone = timeline[1:]
        # "loading" while the kernel had not answered: none yet, or one still starting
        assert loading["kernel"] in (None, "unknown", "starting"), loading
        # "ready" once the kernel had answered (the toolbar's indicator, which the banner reads, follows
        # the kernel by a moment: the figure printed below)
        assert ready["kernel"] in ("idle", "busy"), ready
        assert gone["t"] >= ready["t"]
        g = page.evaluate(GEOMETRY, BANNER_ID)
        assert g["banner"]["h"] == 0 and g["lab"]["bottom"] == g["height"]  # the lab has the whole window again
        page.screenshot(path=str(tmp_path / f"ready-{width}x{height}.png"))
        print(
            f"\n{width}x{height}: opening at {opening['t'] / 1000:.1f} s, loading at {loading['t'] / 1000:.1f} s, "
            f"ready at {ready['t'] / 1000:.2f} s, import mjlearn answered at {answered / 1000:.2f} s, "
            f"banner gone at {gone['t'] / 1000:.1f} s; screenshots in {tmp_path}"
        )
        assert recorded.outside == [], recorded.outside
    finally:
        page.close()


WIDTHS = """() => {
  const w = (sel) => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().width : null; };
  return {left: w('#jp-left-stack'), panel: w('.jp-NotebookPanel:not(.lm-mod-hidden)'), page: window.innerWidth,
          scroll: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("width,height", [(1400, 1000), (390, 844)], ids=["laptop", "phone"])
def test_a_phone_gets_the_lesson_in_its_width_and_a_laptop_keeps_the_file_browser(
    playwright, served, tmp_path, width, height
):
    """Opened on a phone, the lesson has the screen's width (the file browser, which JupyterLab opens
    beside it, is folded away; its tab opens it again); on a laptop the file browser stays open. Each
    in a browser of its own: the lab keeps its layout per site, so a fold seen once would be restored."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    outside: list[str] = []
    try:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.route(
            "**/*",
            lambda r: r.continue_() if r.request.url.startswith(served) else (outside.append(r.request.url), r.abort()),
        )
        page = ctx.new_page()
        page.set_default_timeout(420_000)
        page.goto(served + f"lab/index.html?path={LESSON}")
        page.wait_for_function(f"() => document.getElementById('{BANNER_ID}').className === '{BANNER_ID}-ready'")
        page.wait_for_function(f"() => document.getElementById('{BANNER_ID}').childElementCount === 0")
        got = page.evaluate(WIDTHS)
        page.screenshot(path=str(tmp_path / f"lesson-{width}x{height}.png"))
        assert got["scroll"] <= got["page"], got  # no sideways scrolling
        if width < 760:
            assert got["left"] == 0 and got["panel"] >= 0.75 * width, got
            page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab").first.click()  # the learner opens it again
            page.wait_for_function("() => document.querySelector('#jp-left-stack').getBoundingClientRect().width > 0")
        else:
            assert got["left"] > 150 and got["panel"] > 0.6 * width, got
        assert outside == [], outside
    finally:
        browser.close()


def test_a_restart_loads_python_again_and_a_shut_down_kernel_is_no_loading(recorded):
    """A restarted kernel boots Pyodide again: the banner says so, then ready, then goes. A kernel shut
    down (the Kernel menu) is not one loading: the banner stays away."""
    page = _page(recorded, 1400, 1000)
    session = "window.jupyterapp.shell.currentWidget.sessionContext"
    try:
        page.goto(recorded.base + f"lab/index.html?path={LESSON}")
        page.wait_for_function(_READY.format(path=LESSON))
        assert page.evaluate(_EXECUTE, "print(6 * 7)").strip() == "42"
        page.wait_for_function(f"() => document.getElementById('{BANNER_ID}').childElementCount === 0")
        page.evaluate(f"() => {{ window.__banner.length = 0; return {session}.restartKernel(); }}")
        assert page.evaluate(_EXECUTE, "print(6 * 7)").strip() == "42"
        page.wait_for_function(f"() => document.getElementById('{BANNER_ID}').childElementCount === 0")
        # (the record starts again from the banner as it was: empty)
        assert [e["step"] for e in page.evaluate("window.__banner")] == ["", "loading", "ready", ""]
        page.evaluate(f"() => {{ window.__banner.length = 0; return {session}.shutdown(); }}")
        page.wait_for_function(f"() => !{session}.session")
        page.wait_for_timeout(2000)  # the banner looks again every 100 ms while the lab changes
        assert {e["step"] for e in page.evaluate("window.__banner")} <= {""}
        assert recorded.outside == [], recorded.outside
    finally:
        page.close()


def test_a_browser_without_webassembly_is_told_at_once(recorded):
    page = _page(recorded, 390, 844)
    try:
        page.add_init_script("delete window.WebAssembly")
        page.goto(recorded.base + f"lab/index.html?path={LESSON}")
        _wait_step(page, "nowasm")
        banner = page.locator(f"#{BANNER_ID}")
        assert banner.locator("span").all_inner_texts() == list(MESSAGES["nowasm"])
        assert banner.locator("button").count() == 0  # reloading would not help
    finally:
        page.close()


def test_python_that_cannot_load_says_what_to_try_and_reloads_by_keyboard(recorded, axe_source, tmp_path):
    """Pyodide's WebAssembly is refused (as a broken or half-copied site would): the kernel never
    starts. Last in this module: the page's clock, run forward here, is the whole context's."""
    recorded.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    recorded.clock.install()
    page = _page(recorded, 390, 844)
    try:
        page.goto(recorded.base + f"lab/index.html?path={LESSON}")
        _wait_step(page, "loading")
        page.clock.fast_forward(SLOW_AFTER_S * 1000)
        _wait_step(page, "slow")
        banner = page.locator(f"#{BANNER_ID}")
        assert banner.locator(":scope > span").all_inner_texts() == list(MESSAGES["slow"])
        button = banner.get_by_role("button")
        assert button.inner_text().split() == [w for line in MESSAGES["reload"] for w in line.split()]
        page.screenshot(path=str(tmp_path / "slow-390x844.png"))
        g = page.evaluate(GEOMETRY, BANNER_ID)
        for part in ("panel", "toolbar", "status"):
            assert g[part]["bottom"] <= g["banner"]["top"], (part, g)
        _banner_axe(page, axe_source)
        button.focus()
        with page.expect_event("load"):
            page.keyboard.press("Enter")
        _wait_step(page, "opening")  # the page was loaded again from the start
        assert recorded.outside == [], recorded.outside
    finally:
        page.close()
        recorded.unroute("**/pyodide.asm.wasm")
