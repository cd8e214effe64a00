"""A learner on the class's JupyterHub, in Chromium: no JupyterLab news pop-up, ``mjlearn`` in their
terminal and their kernel, idle kernels culled by their server, and lesson 11 listing their assignment
with a button that opens it, saying who sees their answers.

The hub is the one tests/e2e/test_hub.py starts (the shipped configuration, real sign-ups, each user's own
system account, a class database on PostgreSQL with one single-question assignment).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_hub import (  # noqa: F401  (fixtures)
    LEARNERS,
    PASSWORDS,
    ROOT,
    _read,
    _run_all,
    browser,
    hub,
    kernel_run,
    learner_page,
    python_for_all,
    sign_up,
)

from mjlearn.deploy.singleuser import KERNEL_IDLE_TIMEOUT
from mjlearn.version import __version__

pytestmark = pytest.mark.e2e

SCREENS = Path(__file__).parent / "screens" / "learner_on_the_hub"

TERMINAL = """async (command) => {
    const terminal = await window.jupyterapp.serviceManager.terminals.startNew();
    let out = '';
    terminal.messageReceived.connect((_, msg) => { if (msg.type === 'stdout') out += msg.content[0]; });
    const start = Date.now();
    while (!out.includes('$') && Date.now() - start < 60000) await new Promise(r => setTimeout(r, 200));
    terminal.send({type: 'stdin', content: [command + '\\r']});
    while (!out.includes('END-OF-TRY') && Date.now() - start < 120000) await new Promise(r => setTimeout(r, 200));
    await terminal.shutdown();
    return out;
}"""


@pytest.fixture(scope="module")
def learner(hub):
    """One learner of the hub's class, signed up, and approved from the hub's machine."""
    user = LEARNERS[0]
    assert sign_up(hub, user, PASSWORDS[user])
    env = dict(os.environ, MJLEARN_HUB_STATE=str(hub["state"]), PYTHONPATH=str(ROOT))
    approved = subprocess.run(
        [sys.executable, "-m", "mjlearn", "hub", "approve", user], capture_output=True, text=True, timeout=120, env=env
    )
    assert approved.returncode == 0, approved.stderr
    return user


def _server_argv(user: str) -> list[str]:
    """The command line of the user's running server (the process the launcher became)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        argv = _read(proc / "cmdline").decode(errors="replace").split("\0")
        if "jupyterhub.singleuser" in argv and f"JUPYTERHUB_USER={user}".encode() in _read(proc / "environ").split(
            b"\0"
        ):
            return argv
    raise AssertionError(f"no server of {user} is running")


def test_the_learner_on_the_hub(hub, browser, learner):
    SCREENS.mkdir(parents=True, exist_ok=True)
    with learner_page(browser, hub, learner) as page:
        # no news pop-up: JupyterLab's question comes (when it does) once the app is restored
        page.wait_for_function("window.jupyterapp.restored !== undefined")
        page.evaluate("window.jupyterapp.restored")
        page.wait_for_timeout(4000)
        assert page.get_by_text("official Jupyter news").count() == 0
        config = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent)")
        assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]

        # mjlearn in a terminal (a login shell, as JupyterLab starts it) and from the kernel
        out = page.evaluate(TERMINAL, 'mjlearn --version; echo END-OF-""TRY')
        assert f"mjlearn {__version__}" in out and "command not found" not in out, out
        out = kernel_run(
            page,
            "import subprocess\nprint(subprocess.run(['mjlearn', '--version'], capture_output=True, text=True).stdout)",
        )
        assert f"mjlearn {__version__}" in out, out

        # idle kernels are shut down by the server
        argv = _server_argv(learner)
        assert f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE_TIMEOUT}" in argv
        assert "--MappingKernelManager.cull_connected=True" in argv

        # lesson 11: the assignment, a button, who sees the answers
        _run_all(page, hub, learner, "mjlearn-notebooks/11_practice.ipynb")
        row = page.locator(".mjlearn-assignment[data-state=new]").first
        row.wait_for(timeout=240_000)
        assert "answered 0 of 1" in row.inner_text()
        lst = page.locator(".mjlearn-assignments").first
        assert "you and your class's teachers see them" in lst.inner_text()
        lst.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "01_assignments.png"))
        lst.locator(".mjlearn-assignment-open").first.click()
        quiz = lst.locator(".mjlearn-quiz").first
        quiz.wait_for()
        quiz.locator("input[type=text]").first.fill("123456789m")
        quiz.locator(".mjlearn-quiz-check").first.click()
        page.wait_for_function(
            "() => { const f = document.querySelector('.mjlearn-assignments .mjlearn-quiz-feedback');"
            " return f && f.dataset.correct === 'true'; }"
        )
        page.screenshot(path=str(SCREENS / "02_answered.png"))

        # run again: done, with review and redo
        _run_all(page, hub, learner, "mjlearn-notebooks/11_practice.ipynb")
        done = page.locator(".mjlearn-assignment[data-state=done]").first
        done.wait_for(timeout=240_000)
        assert "answered 1 of 1" in done.inner_text()
        lst = page.locator(".mjlearn-assignments").first
        lst.locator(".mjlearn-assignment-review").first.click()
        page.get_by_text("Assignment done").first.wait_for()
        lst.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / "03_review.png"))
        text = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").first.inner_text()
        assert re.search(r"Traceback|Error:", text) is None
