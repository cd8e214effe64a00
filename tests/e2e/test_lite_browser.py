"""The JupyterLite site (``mjlearn lite build``) in Chromium, offline: nothing but 127.0.0.1.

The site is built into a temporary folder (from the download cache: npm's pyodide package and the
PyPI wheels, fetched once by ``mjlearn lite fetch``), served by Python's http.server on 127.0.0.1, and
opened in Debian's Chromium with every request to any other host aborted and recorded (Playwright
routes, plus a host-resolver rule in Chromium itself). Notebooks 01 and 05 run all their cells; the
tiles are drawn; a tile clicked in the hand editor gives the engine's score; an exercise is graded.

Figures (first load, kernel ready, click round trip, site size) are printed and written to
tests/e2e/lite_figures.json.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.e2e

FIGURES = Path(__file__).parent / "lite_figures.json"
CLICKS = [
    ("mode", "pung"),
    ("seat", "2"),
    ("add", "E"),
    ("mode", "tile"),
    *[("add", x) for x in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "C"]],
    ("add", "C"),
]
HAND = "[EEE,2]123m456p789sC+C"
CHROMIUM = "/usr/bin/chromium"  # as in conftest.py: Debian's Chromium, never a downloaded browser
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    # a second wall besides the routes: no host but 127.0.0.1 even resolves
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
_figures: dict = {}


def _need_browser():
    if not Path(CHROMIUM).exists():
        msg = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)


def _record(**kw):
    _figures.update(kw)
    FIGURES.write_text(json.dumps(_figures, indent=1, sort_keys=True))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    _need_browser()
    from mjlearn.lite import site as lite

    out = tmp_path_factory.mktemp("lite") / "site"
    t0 = time.monotonic()
    try:
        summary = lite.build(out, expose_app=True)
    except lite.LiteError as e:  # nothing cached and no registry: skip here, fail under CI
        if os.environ.get("CI"):
            pytest.fail(str(e))
        pytest.skip(str(e))
    _record(
        build_s=round(time.monotonic() - t0, 1),
        site_bytes=summary["bytes"],
        site_files=summary["files"],
        site_mib=round(summary["bytes"] / 2**20, 1),
    )
    return out, summary


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(site):
    out, _ = site
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}/"
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.fixture(scope="module")
def offline(served, playwright, tmp_path_factory):
    """A Chromium context that reaches 127.0.0.1 only; ``.outside`` lists every other URL asked for."""
    outside: list[str] = []

    def is_local(url: str) -> bool:
        u = urlparse(url)
        return u.scheme in ("data", "blob", "about") or u.hostname == "127.0.0.1"

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    ctx = playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("lite-profile")),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000},
        device_scale_factor=1,
    )
    ctx.route("**/*", route)
    ctx.on("request", lambda req: None if is_local(req.url) else outside.append(req.url))
    ctx.outside = outside
    ctx.base = served
    try:
        yield ctx
    finally:
        ctx.close()


_READY = (
    "window.jupyterapp && window.jupyterapp.shell.currentWidget"
    " && window.jupyterapp.shell.currentWidget.context"
    " && window.jupyterapp.shell.currentWidget.context.path === {path!r}"
    " && window.jupyterapp.shell.currentWidget.sessionContext"
    " && window.jupyterapp.shell.currentWidget.sessionContext.session"
    " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
)

_EXECUTE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const out = [];
  const future = kernel.requestExecute({code});
  future.onIOPub = (msg) => { if (msg.content.text) out.push(msg.content.text);
                              if (msg.content.data) out.push(msg.content.data['text/plain']);
                              if (msg.content.ename) out.push(msg.content.ename + ': ' + msg.content.evalue); };
  await future.done;
  return out.join('');
}"""

_ALL_RAN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  const failed = cells.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
  return cells.length > 0 && w.sessionContext.session.kernel.status === 'idle'
         && (failed || cells.every(c => c.model.executionCount !== null));
}"""

_ERRORS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .flatMap(c => c.model.outputs.toJSON().filter(o => o.output_type === 'error')
  .map(o => o.ename + ': ' + o.evalue))"""


def _open(ctx, name: str, *, fresh_kernel_probe: bool = True):
    """Open a notebook of the site; returns (page, first load s, kernel ready s)."""
    page = ctx.new_page()
    page.set_default_timeout(420_000)  # 2 cores shared with other jobs: Pyodide boots slowly under load
    t0 = time.monotonic()
    page.goto(ctx.base + f"lab/index.html?path={name}")
    page.wait_for_function(_READY.format(path=name))
    loaded = time.monotonic() - t0
    from mjlearn import __version__

    got = page.evaluate(_EXECUTE, "import mjlearn, sys; print(mjlearn.__version__, sys.platform)")
    ready = time.monotonic() - t0
    assert got.split() == [__version__, "emscripten"], got
    return page, loaded, ready


def _run_all(page) -> float:
    t0 = time.monotonic()
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_RAN, polling=500)
    assert page.evaluate(_ERRORS) == []
    return time.monotonic() - t0


def test_site_holds_everything_it_needs(site):
    out, summary = site
    from mjlearn.lite.site import notebooks_dir

    assert summary["notebooks"] == sorted(p.name for p in notebooks_dir().glob("*.ipynb"))
    lite = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = lite["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    names = {e["name"] for e in lite["federated_extensions"]}
    assert {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"} <= names
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for entry in lock.values():  # every package the lock names is a file of the site, with its checksum
        import hashlib

        data = (out / "static" / "pyodide" / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["name"]
    assert {"mjlearn", "ipywidgets", "anywidget", "ipython", "micropip", "comm"} <= set(lock)
    print(f"\nsite: {summary['files']} files, {summary['bytes'] / 2**20:.1f} MiB")


_DIRTY = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  return {model: w.context.model.dirty,
          tab: document.querySelectorAll('.lm-TabBar-tab.jp-mod-dirty').length};
}"""


def _spent(entries) -> dict:
    """Time (s, from the page's start) by which each kind of file had arrived, and their bytes;
    ``entries`` are {name, end (ms), bytes} of every file the page and its workers fetched."""
    kinds = {
        "pyodide": lambda n: n.startswith(("pyodide", "python_stdlib")),
        "wheels": lambda n: n.endswith(".whl"),
        "front_end": lambda n: n.endswith(".js") and not n.startswith("pyodide"),
    }
    out = {}
    first = {}
    for e in entries:  # a file asked for twice (the page, then its service worker) counts once
        first.setdefault(e["name"], e)
    for kind, match in kinds.items():
        got = [e for e in first.values() if match(e["name"])]
        out[kind] = {
            "files": len(got),
            "done_s": round(max((e["end"] for e in got), default=0) / 1000, 2),
            "mib": round(sum(e["bytes"] for e in got) / 2**20, 2),
        }
    return out


def test_a_lesson_opens_unmodified_and_answers_import_mjlearn(offline, site):
    """Opening a lesson of the site: the time until ``import mjlearn`` is answered (from the moment the
    page is asked for) and the site's size are measured and printed; the lesson is not marked as
    changed (closing it must not ask to save what the learner never touched)."""
    fetched: list[dict] = []  # the kernel's files are fetched by its worker: seen here, not in the page

    def done(req):
        size = req.sizes()["responseBodySize"] if req.response() else 0
        fetched.append(
            {"name": urlparse(req.url).path.split("/")[-1], "end": 1000 * (time.monotonic() - t0), "bytes": size}
        )

    offline.on("requestfinished", done)
    t0 = time.monotonic()
    page, loaded, ready = _open(offline, "02_the_wall_and_the_deal.ipynb")
    try:
        offline.remove_listener("requestfinished", done)
        spent = _spent(fetched)
        load = os.getloadavg()
        _record(
            import_mjlearn_answered_s=round(ready, 2),
            kernel_session_s=round(loaded, 2),
            fetched=spent,
            load_average=[round(x, 2) for x in load],
        )
        print(
            f"\nopen lesson -> import mjlearn answered {ready:.1f} s (session up at {loaded:.1f} s); "
            f"site {site[1]['bytes'] / 2**20:.1f} MiB in {site[1]['files']} files; "
            f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores\n"
            + "".join(
                f"  {k}: {v['files']} files, {v['mib']} MiB, all in by {v['done_s']} s\n" for k, v in spent.items()
            )
        )
        page.wait_for_timeout(1000)  # the kernel's reply (language_info) has been applied by now
        assert page.evaluate(_DIRTY) == {"model": False, "tab": 0}
        assert offline.outside == [], offline.outside
    finally:
        page.close()


def test_notebook_01_runs_offline_draws_tiles_and_grades_an_exercise(offline):
    page, loaded, ready = _open(offline, "01_tiles_and_notation.ipynb")
    try:
        from mjlearn.lite.startup import LOADING_NOTE

        first = page.locator(".jp-Notebook .jp-Cell").first  # what the learner reads while Python loads
        assert first.locator(".jp-MarkdownOutput blockquote").count() == 1
        assert [" ".join(t.split()) for t in LOADING_NOTE] == [
            " ".join(t.split()) for t in first.locator("blockquote p").all_inner_texts()
        ]
        ran = _run_all(page)
        _record(first_load_s=round(loaded, 2), kernel_ready_s=round(ready, 2), run_all_01_s=round(ran, 1))
        print(
            f"\nfirst load {loaded:.1f} s, kernel ready (import mjlearn answered) {ready:.1f} s, "
            f"notebook 01 run-all {ran:.1f} s"
        )
        assert page.locator(".jp-OutputArea-output svg").count() >= 20  # the tiles are drawn
        quiz = page.locator(".mjlearn-quiz").first
        quiz.scroll_into_view_if_needed()
        check = quiz.locator(".mjlearn-quiz-check")
        radios = quiz.locator("input[type=radio]")
        verdicts = []
        if radios.count():
            # try the choices in turn, each graded by the engine in the browser: a first wrong try is
            # "not yet" (retry); a second wrong one settles the question (the solution is shown)
            for k in range(radios.count()):
                radios.nth(k).check()
                # mark the feedback shown so far; the verdict on this choice is a new element
                page.evaluate(
                    "(q) => q.querySelectorAll('.mjlearn-quiz-feedback').forEach(f => f.dataset.seen = '1')",
                    quiz.element_handle(),
                )
                check.click()
                fb = quiz.locator(".mjlearn-quiz-feedback:not([data-seen])").first
                fb.wait_for()
                verdicts.append(fb.get_attribute("data-correct"))
                if verdicts[-1] in ("true", "false"):
                    break
            assert verdicts[-1] in ("true", "false") and set(verdicts[:-1]) <= {"retry"}, verdicts
            assert len(verdicts) == 1 or verdicts[0] == "retry"
        else:
            box = quiz.locator("input[type=text]").first
            box.fill("1m")
            check.click()
            quiz.locator(".mjlearn-quiz-feedback").first.wait_for()
            assert quiz.locator(".mjlearn-quiz-feedback").first.get_attribute("data-correct") in ("true", "false")
        assert offline.outside == [], offline.outside
    finally:
        page.close()


def test_notebook_05_hand_editor_scores_clicks_offline(offline):
    page, loaded, ready = _open(offline, "05_hand_editor.ipynb")
    try:
        ran = _run_all(page)
        root = page.locator(".mj-root:has(.mj-editor)").first
        root.wait_for()
        root.scroll_into_view_if_needed()
        page.evaluate("window.__mjRoundTrips = []")
        box = root.locator("input.mj-notation-input")
        if box.input_value():  # start from an empty hand
            before = root.get_attribute("data-drawn")
            root.locator('[data-act="clear"]').first.click()
            page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])
        for act, arg in CLICKS:
            before = root.get_attribute("data-drawn")
            root.locator(f'[data-act="{act}"][data-arg="{arg}"]').first.click()
            page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])
        assert box.input_value() == HAND
        from mjlearn.mcr import score

        assert int(root.locator(".mj-total-n").get_attribute("data-total")) == score(HAND).total
        ms = [t["ms"] for t in page.evaluate("window.__mjRoundTrips")]
        _record(
            run_all_05_s=round(ran, 1),
            click_round_trip_median_ms=round(statistics.median(ms), 1),
            click_round_trip_max_ms=round(max(ms), 1),
            clicks=len(ms),
            first_load_05_s=round(loaded, 2),
            kernel_ready_05_s=round(ready, 2),
        )
        print(
            f"\nnotebook 05 run-all {ran:.1f} s; click -> Python -> view round trip in the browser: "
            f"median {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms over {len(ms)} clicks"
        )
        assert offline.outside == [], offline.outside
    finally:
        page.close()


def test_notebook_10_explains_the_missing_chart_and_the_record_survives_a_reload(offline):
    """matplotlib is not in the browser: notebook 10 runs through, with a plain note where the chart
    was. Then an answer is recorded, the page reloaded, and the record is still there."""
    page, _, _ = _open(offline, "10_compare_rule_sets.ipynb")
    try:
        _run_all(page)
        uses_matplotlib = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
            .some(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes('matplotlib')
                       || c.model.sharedModel.getSource().includes('.plot('))""")
        if uses_matplotlib:
            note = page.locator(".mj-browser-note").first
            note.wait_for(state="attached")
            text = note.text_content()  # off-screen cells are not laid out: inner_text would be empty
            assert "matplotlib" in text and "浏览器版" in text and "browser version" in text
        # the comparison's chart is drawn as SVG there, one panel per payment unit
        charts = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
            .filter(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes('.chart()'))
            .map(c => JSON.stringify(c.model.outputs.toJSON()))""")
        assert charts and all("<svg" in c and "mj-cmp-bar" in c for c in charts), charts[:1]
        record = (
            "import asyncio\nfrom mjlearn.quiz import generate, grade, solve\n"
            "from mjlearn.quiz.progress import ProgressStore\n"
            "s = ProgressStore()\nq = generate('tile_name', seed=3)\n"
            "s.record(q, 'E', grade(q, 'E'))\nprint(s.summary()['total'])\n"
            "await asyncio.sleep(2 * __import__('mjlearn.lite.browser').lite.browser.SAVE_EVERY_S)"
        )
        total = int(page.evaluate(_EXECUTE, record))
        page.reload()
        page.wait_for_function(_READY.format(path="10_compare_rule_sets.ipynb"))
        again = page.evaluate(
            _EXECUTE,
            "import mjlearn\nfrom mjlearn.quiz.progress import ProgressStore\n"
            "print(ProgressStore().summary()['total'])",
        )
        assert int(again) == total >= 1
        assert offline.outside == [], offline.outside
    finally:
        page.close()


def _notebooks():
    from mjlearn.lite.site import notebooks_dir

    return sorted(p.name for p in notebooks_dir().glob("*.ipynb"))


@pytest.mark.slow
@pytest.mark.parametrize("name", _notebooks())
def test_every_notebook_runs_offline(offline, name):
    """Every notebook of the course runs all its cells in the browser without an error and without
    asking another host (about half a minute each; select with -m "e2e and slow")."""
    page, _, _ = _open(offline, name)
    try:
        _run_all(page)
        assert offline.outside == [], offline.outside
    finally:
        page.close()
