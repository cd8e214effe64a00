"""A class on JupyterHub, end to end: PostgreSQL (tests/pg.py) holds the class; JupyterHub (the
configuration shipped in mjlearn/deploy, DummyAuthenticator, local-process spawner) starts with three
learners and a teacher; each learner logs in through Chromium, opens their own JupyterLab and answers
the assigned quiz; every server opens on the course's lessons, copied into the user's home; the
teacher's dashboard (lesson 14 as shipped), in Voila on the teacher's server, shows their results; a
learner asking for another's answers or for the class report is refused."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pg import private_server, role_url  # noqa: E402

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LEARNERS = ("ann", "bob", "cy")
TEACHER = "wang"
CLASS = "hub class"
HAND = "1112345678999m"  # nine gates: waits on every character


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _need(ok: bool, what: str):
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing")
        pytest.skip(f"{what} is missing")


def _proxy() -> str | None:
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    prefix = os.environ.get("MJLEARN_CHP_PREFIX") or Path(sys.executable).parent.parent / "chp"  # tools/bootstrap.py
    local = Path(prefix) / "bin" / "configurable-http-proxy"
    return str(local) if local.exists() else None


def _notebook(path: Path, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    _need(Path(CHROMIUM).exists(), CHROMIUM)
    _need(shutil.which("jupyterhub") is not None or (Path(sys.executable).parent / "jupyterhub").exists(),
          "jupyterhub (pip install jupyterhub)")
    proxy = _proxy()
    _need(proxy is not None, "configurable-http-proxy (npm install -g configurable-http-proxy)")
    tmp = tmp_path_factory.mktemp("hub")
    server = private_server()
    try:
        from mjlearn import db
        from mjlearn.db.classes import Classroom
        owner = server.url()
        db.upgrade(owner)
        quiz_set = tmp / "homework.json"
        quiz_set.write_text(json.dumps({"title": "Homework", "title_zh": "作业",
                                        "questions": [{"kind": "waits", "hand": HAND}]}), encoding="utf-8")
        os.chmod(tmp, 0o755)
        with Classroom(url=owner) as room:
            room.create(CLASS, teachers=[TEACHER], code="HUB123")
            room.add(CLASS, LEARNERS)
            aid = room.assign(CLASS, str(quiz_set), due="2099-01-01")
        homes = tmp / "homes"
        for user in (*LEARNERS, TEACHER):
            (homes / user).mkdir(parents=True)
        for user in LEARNERS:
            _notebook(homes / user / "homework.ipynb", [
                "from mjlearn.dashboard import my_assignments, assignment\nmy_assignments()",
                f"assignment({aid})",
            ])
        _notebook(homes / "cy" / "peek.ipynb", [
            "from mjlearn.db.classes import Classroom\nroom = Classroom()\n"
            f"try:\n    room.report({CLASS!r})\nexcept Exception as e:\n    print('REFUSED', e)\n"
            "with room.engine.connect() as c:\n"
            "    n = c.exec_driver_sql(\"SELECT count(*) FROM answers WHERE \\\"user\\\" <> current_user\").scalar()\n"
            "print('OTHERS', n)",
        ])
        port = _free_port()
        from mjlearn.deploy import HUB_CONFIG
        env = dict(os.environ, MJLEARN_HUB_USERS=",".join(LEARNERS), MJLEARN_HUB_TEACHERS=TEACHER,
                   MJLEARN_HUB_HOME=str(homes), MJLEARN_HUB_PORT=str(port), MJLEARN_CLASS=CLASS,
                   MJLEARN_DB_TEMPLATE=role_url(owner, "{user}"), MJLEARN_DB_SECRET="hub-secret",
                   PATH=f"{Path(proxy).parent}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                   MJLEARN_HUB_LAB_ARGS="--LabApp.expose_app_in_browser=True", MJLEARN_HUB_STATE=str(tmp / "state"),
                   PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        env.pop("MJLEARN_DB", None)
        env.pop("MJLEARN_DATA_DIR", None)
        log = open(tmp / "hub.log", "wb")
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(HUB_CONFIG),
             f"--JupyterHub.hub_bind_url=http://127.0.0.1:{_free_port()}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}",
             f"--JupyterHub.db_url=sqlite:///{tmp / 'jupyterhub.sqlite'}",
             f"--JupyterHub.cookie_secret_file={tmp / 'cookie_secret'}",
             f"--ConfigurableHTTPProxy.pid_file={tmp / 'proxy.pid'}"],
            cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        end = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited ({proc.returncode}): {(tmp / 'hub.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{base}/hub/api", timeout=3) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > end:
                    raise RuntimeError("jupyterhub did not answer")
                time.sleep(0.5)
        try:
            yield {"base": base, "owner": owner, "aid": aid, "log": tmp / "hub.log", "homes": homes}
        finally:
            proc.terminate()  # our own process (it stops the servers it spawned: cleanup_servers)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
            log.close()
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(playwright):
    """A browser of the session's one Playwright (conftest.py: its sync API cannot start twice)."""
    b = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                   args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
    try:
        yield b
    finally:
        b.close()


def _login(browser, hub, user):
    """A fresh browser context (its own cookies) logged in as ``user``; their server started."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.set_default_timeout(180_000)
    page.goto(f"{hub['base']}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", "any")
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(f"**/user/{user}/**", timeout=240_000)
    # the server opens on the course's first lesson, copied into the user's home when it started
    page.wait_for_url("**/mjlearn-notebooks/00_start_here.ipynb*", timeout=240_000)
    lessons = hub["homes"] / user / "mjlearn-notebooks"
    assert (lessons / "00_start_here.ipynb").is_file() and (lessons / "14_teacher_dashboard.ipynb").is_file()
    assert (lessons / "quiz_sets" / "week1_tiles_and_waits.json").is_file()
    return ctx, page


def _run_all(page, hub, user, name):
    page.goto(f"{hub['base']}/user/{user}/lab/tree/{name}?reset")
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.context"
                           f" && window.jupyterapp.shell.currentWidget.context.path === '{name}'"
                           " && window.jupyterapp.shell.currentWidget.sessionContext"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def test_a_class_on_jupyterhub(hub, browser):
    aid = hub["aid"]
    # each learner answers the assignment in their own JupyterLab; cy answers wrong twice
    for user in LEARNERS:
        ctx, page = _login(browser, hub, user)
        try:
            _run_all(page, hub, user, "homework.ipynb")
            page.get_by_text("未完成 to do").first.wait_for()
            quiz = page.locator(".mjlearn-quiz").first
            quiz.wait_for()
            box = quiz.locator("input[type=text]").first
            answers = ["1m 4m 7m", "1m"] if user == "cy" else ["123456789m"]
            for k, text in enumerate(answers):
                box.fill(text)
                quiz.locator(".mjlearn-quiz-check").first.click()
                want = "true" if text == "123456789m" else ("retry" if k == 0 else "false")
                page.wait_for_function("(w) => { const f = document.querySelector('.mjlearn-quiz-feedback');"
                                       " return f && f.dataset.correct === w; }", arg=want)
            if user == "cy":  # a learner asks for the class report and for the others' answers
                _run_all(page, hub, user, "peek.ipynb")
                page.get_by_text("OTHERS", exact=False).first.wait_for()
                body = page.locator(".jp-OutputArea-output").all_inner_texts()
                text = "\n".join(body)
                assert "REFUSED" in text and "only the teachers" in text
                assert "OTHERS 0" in text
        finally:
            ctx.close()
    # the database holds each learner's answers under their own name, against the assignment
    import sqlalchemy as sa
    engine = sa.create_engine(hub["owner"])
    with engine.connect() as c:
        rows = c.exec_driver_sql('SELECT "user", quiz, correct FROM answers ORDER BY id').all()
    engine.dispose()
    assert {(u, q) for u, q, _ in rows} == {(u, f"assignment:{aid}") for u in LEARNERS}
    assert [r[2] for r in rows if r[0] == "cy"] == [0, 0]
    # the teacher's dashboard, in Voila on the teacher's own server, shows their results
    ctx, page = _login(browser, hub, TEACHER)
    try:
        page.goto(f"{hub['base']}/user/{TEACHER}/voila/render/mjlearn-notebooks/14_teacher_dashboard.ipynb")
        # Voila shows the lesson's text first and each output as its cell runs: wait for the last one
        page.wait_for_function("() => document.body.innerText.includes('HUB123')"
                               " && document.body.innerText.includes('对错 Right')", timeout=240_000)
        text = page.locator("body").inner_text()
        assert CLASS in text and "SAMPLE DATA" not in text
        assert "3/3" in text  # every learner answered the assignment's question (cy wrongly: still done)
        for user in LEARNERS:
            assert user in text
        heat = page.locator("table").first.inner_text()  # the heatmap: ann and bob right, cy wrong
        assert re.search(r"ann\s+100%", heat) and re.search(r"bob\s+100%", heat) and re.search(r"cy\s+0%", heat)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1400  # nothing wider than the window
    finally:
        ctx.close()
