"""A learner coming back to the browser course with lessons open: the time until ``import mjlearn`` is
answered in each lesson opened, one after another, in one Chromium profile, then after a reload of the
page on the last, and the kernels (Pyodide workers) the page runs each time.

    .venv/bin/python benchmarks/bench_lite_tabs.py [--site DIR] [--lessons 01_tiles_and_notation.ipynb ...]

The site is built by ``mjlearn lite build`` (from the download cache, offline) into a temporary folder
with the test switch that exposes ``window.jupyterapp``, unless ``--site`` names one built so already;
it is served by Python's http.server on 127.0.0.1 and opened in /usr/bin/chromium (headless) with a
fresh profile. Each lesson opens from its address in a new page (the previous page closed), as a link
opens it; JupyterLab restores the lessons opened before in tabs. After the reload each background tab
is clicked and the time until its ``import mjlearn`` is answered is printed too. The page's snippets
(the kernel ready, an execution) are the e2e tests' (tests/e2e/test_lite_browser.py).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LESSONS = ["01_tiles_and_notation.ipynb", "02_the_wall_and_the_deal.ipynb", "05_hand_editor.ipynb"]
KERNELS = """() => ({kernels: [...window.jupyterapp.serviceManager.kernels.running()].length,
  tabs: [...window.jupyterapp.shell.widgets('main')].filter(w => w.sessionContext).length})"""


def _e2e():
    spec = importlib.util.spec_from_file_location("lite_e2e", ROOT / "tests" / "e2e" / "test_lite_browser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def run(site: Path, lessons: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    e2e = _e2e()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"

    def answered(page, name: str, t0: float, how: str) -> None:
        page.wait_for_function(e2e._READY.format(path=name))
        page.evaluate(e2e._EXECUTE, "import mjlearn")
        took = time.monotonic() - t0
        page.wait_for_timeout(8000)  # kernels restored with the layout would have started by now
        n = page.evaluate(KERNELS)
        print(
            f"{how:>7} {name}: import mjlearn answered {took:5.1f} s; {n['tabs']} tabs open, "
            f"{n['kernels']} kernels running, {len(page.workers)} web workers",
            flush=True,
        )

    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            ctx = pw.chromium.launch_persistent_context(
                profile,
                executable_path=e2e.CHROMIUM,
                headless=True,
                args=e2e.CHROMIUM_ARGS,
                viewport={"width": 1400, "height": 1000},
            )
            page = None
            for name in lessons:
                if page is not None:
                    page.close()
                page = ctx.new_page()
                page.set_default_timeout(420_000)
                t0 = time.monotonic()
                page.goto(base + f"lab/index.html?path={name}")
                answered(page, name, t0, "open")
            t0 = time.monotonic()
            page.reload()
            answered(page, lessons[-1], t0, "reload")
            for name in lessons[:-1]:
                t0 = time.monotonic()
                page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=name).first.click()
                answered(page, name, t0, "click")
            ctx.close()
    finally:
        srv.shutdown()
        srv.server_close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built with expose_app=True (default: build one)")
    parser.add_argument("--lessons", nargs="+", default=LESSONS, help="the lessons to open, in order")
    args = parser.parse_args(argv)
    if args.site:
        run(args.site, args.lessons)
        return 0
    from mjlearn.lite import site

    with tempfile.TemporaryDirectory(prefix="mjlearn-bench-lite-") as tmp:
        out = Path(tmp) / "site"
        site.build(out, expose_app=True, fetch_missing=False)
        run(out, args.lessons)
    return 0


if __name__ == "__main__":
    sys.exit(main())
