"""Smoke tests: the hand editor shows and answers a click in Notebook 7 and in Voila."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def _click_and_wait(page, root, arg):
    before = root.get_attribute("data-drawn")
    root.locator(f'[data-act="add"][data-arg="{arg}"]').first.click()
    page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])


def test_notebook7_runs_the_editor(page, notebook7, shot):
    page.goto(notebook7.url("notebooks/05_hand_editor.ipynb"))
    page.wait_for_function(
        "window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    root = page.locator(".mj-root:has(.mj-editor)").first
    root.wait_for()
    _click_and_wait(page, root, "7p")
    assert root.locator("input.mj-notation-input").input_value() == "7p"
    shot(root.locator(".mj-editor, .mj-view").first, "notebook7")


def test_voila_renders_the_editor(page, voila, shot):
    page.goto(voila.url(""))
    root = page.locator(".mj-root:has(.mj-editor)").first
    root.wait_for(timeout=120_000)
    _click_and_wait(page, root, "E")
    assert root.locator("input.mj-notation-input").input_value() == "E"
    shot(root.locator(".mj-editor, .mj-view").first, "voila")


# -- lesson 14, the teacher's dashboard, in Voila with every other host blocked ------------------------


@pytest.fixture(scope="module")
def dashboard_voila(tmp_path_factory):
    """Voila serving lesson 14 for class spring in a SQLite class database: ann answers all ten questions of
    the assignment right, bob four of them in seven tries (Q2 wrong twice), cy nothing."""
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import time
    import urllib.request
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the class helper
    from class_answers import retried_class

    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is missing")
    tmp = tmp_path_factory.mktemp("dashboard")
    data, root = tmp / "data", tmp / "root"
    root.mkdir()
    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "14_teacher_dashboard.ipynb"
    shutil.copy(notebook, root / notebook.name)
    env = dict(os.environ, MJLEARN_DATA_DIR=str(data), MJLEARN_CLASS="spring", JUPYTER_RUNTIME_DIR=str(tmp / "rt"))
    env.pop("MJLEARN_DB", None)
    old = os.environ.get("MJLEARN_DATA_DIR")
    os.environ["MJLEARN_DATA_DIR"] = str(data)
    try:
        retried_class("spring")  # the teacher is whoever runs Voila
    finally:
        if old is None:
            os.environ.pop("MJLEARN_DATA_DIR")
        else:
            os.environ["MJLEARN_DATA_DIR"] = old
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = open(tmp / "voila.log", "wb")
    cmd = [sys.executable, "-m", "voila", str(root / notebook.name), "--no-browser", f"--port={port}"]
    cmd += ["--Voila.ip=127.0.0.1", "--KernelManager.transport_encryption=auto"]
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/api/shutdown/x", timeout=2):
                    pass
            except urllib.error.HTTPError:
                break  # the server answers
            except OSError:
                if proc.poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"voila did not start; see {log.name}") from None
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/", data
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)
        log.close()


def test_voila_dashboard_shows_the_class_with_no_outside_request(page, dashboard_voila, tmp_path):
    from urllib.parse import urlparse

    url, _data = dashboard_voila
    asked: list[str] = []

    def local(u: str) -> bool:
        p = urlparse(u)
        return p.scheme in ("data", "blob", "about") or p.hostname in ("127.0.0.1", "localhost")

    def route(r):
        if local(r.request.url):
            r.continue_()
        else:
            asked.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("request", lambda req: None if local(req.url) else asked.append(req.url))
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(url, timeout=240_000)
    page.wait_for_function(
        "() => document.body.innerText.includes('对错 Right') && document.querySelector('.mj-dash-questions')"
        " && document.querySelectorAll('a.mj-download').length === 2",
        timeout=240_000,
    )
    text = page.locator("body").inner_text()
    assert asked == [], asked  # not one request to another host (the page's CDN style sheets are gone)
    # only the class: no sample, no lesson text, no terminal commands
    assert page.locator("h3").first.inner_text() == "spring" and "SAMPLE DATA" not in text
    assert "示例班级 A sample class" not in text and ".venv/bin/mjlearn" not in text and "你将学到" not in text
    # partial completion: questions, not tries
    completion = page.locator("table", has_text="每位学员答了几题").first.inner_text()
    assert "bob 4/10 题" in completion and "ann 10/10 题 ✓" in completion and "cy 0/10 题" in completion
    # the per-question view: every question, the most missed marked, each learner's answer
    view = page.locator(".mj-dash-questions").first
    assert "最常答错 Missed most: 第 2 题 Q2" in view.inner_text()
    assert view.locator(".mj-dash-question").count() == 10
    q2 = view.locator(".mj-dash-question[data-q='2']")
    assert q2.locator("svg").count() >= 1 and "⚑ 最常答错 missed most" in q2.inner_text()
    assert "正确答案 Correct answer" in q2.inner_text() and "未作答 not answered" in q2.inner_text()
    # the download buttons give the file
    link = page.locator("a.mj-download").first
    assert link.evaluate("a => getComputedStyle(a).borderRadius") != "0px"
    with page.expect_download() as got:
        link.click()
    saved = tmp_path / "got.csv"
    got.value.save_as(saved)
    assert saved.read_bytes().decode("utf-8-sig").startswith("学员 learner,主题 topic,")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1400  # nothing wider than the window
    # what the teacher sees, screen by screen (Voila scrolls its own box: viewport pictures, not full-page)
    for name, where in [
        ("top", page.locator("h3").first),
        ("completion", page.locator("table", has_text="每位学员答了几题").first),
        ("questions", view),
        ("q2", q2),
        ("history", page.locator("table", has_text="题目 Question").first),
    ]:
        where.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"{name}.png"))
    print(f"\nscreenshots: {tmp_path}")
    assert asked == [], asked
