"""Real-browser fixtures: a Jupyter server (JupyterLab, Notebook 7 or Voila) started on
127.0.0.1 for the session, and Debian's Chromium driven by Playwright.

Playwright never downloads a browser: it launches /usr/bin/chromium with a fresh temporary
profile. Without that browser the tests skip on a developer's machine and FAIL under CI
(the environment variable CI is set), because CI must run them.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NOTEBOOK = ROOT / "notebooks" / "05_hand_editor.ipynb"
IMAGES = ROOT / "images"

pytestmark = pytest.mark.e2e


def _need_browser():
    if not Path(CHROMIUM).exists():
        msg = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One Jupyter server process of ours, with its URL, token and scratch folders."""

    def __init__(self, kind: str, tmp: Path):
        self.kind, self.port, self.token = kind, _free_port(), secrets.token_hex(16)
        self.root = tmp / "root"
        self.root.mkdir(parents=True)
        shutil.copy(NOTEBOOK, self.root / NOTEBOOK.name)
        # user settings: no news fetching, no pop-ups asking about it
        settings = tmp / "settings"
        (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
        (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        env = dict(
            os.environ,
            JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(settings),
            JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"),
            PYTHONUNBUFFERED="1",
        )
        common = ["--no-browser", f"--port={self.port}"]
        if kind == "voila":
            cmd = [
                sys.executable,
                "-m",
                "voila",
                str(self.root / NOTEBOOK.name),
                *common,
                "--Voila.ip=127.0.0.1",
                "--Voila.tornado_settings={'allow_origin': '*'}",
            ]
            self.base = f"http://127.0.0.1:{self.port}/"
        else:
            app = "jupyterlab" if kind == "lab" else "notebook"
            cmd = [
                sys.executable,
                "-m",
                app,
                *common,
                "--ip=127.0.0.1",
                "--allow-root",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
                "--ServerApp.disable_check_xsrf=False",
                f"--LabApp.user_settings_dir={settings}"
                if kind == "lab"
                else f"--JupyterNotebookApp.user_settings_dir={settings}",
                f"--LabApp.workspaces_dir={tmp / 'workspaces'}"
                if kind == "lab"
                else f"--JupyterNotebookApp.workspaces_dir={tmp / 'workspaces'}",
                "--LabApp.expose_app_in_browser=True"
                if kind == "lab"
                else "--JupyterNotebookApp.expose_app_in_browser=True",
            ]
            self.base = f"http://127.0.0.1:{self.port}/"
        self.log = open(tmp / f"{kind}.log", "wb")
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self._wait()

    def _wait(self, timeout: float = 90):
        probe = self.base if self.kind == "voila" else f"{self.base}api/status?token={self.token}"
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.kind} server exited with {self.proc.returncode}; see {self.log.name}")
            try:
                with urllib.request.urlopen(probe, timeout=60 if self.kind == "voila" else 2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"{self.kind} server did not answer on port {self.port}")

    def url(self, path: str) -> str:
        return f"{self.base}{path}" + ("" if self.kind == "voila" else f"?token={self.token}")

    def stop(self):
        # our own process only, never by name
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.log.close()


def _server(kind, tmp_path_factory):
    _need_browser()
    srv = Server(kind, tmp_path_factory.mktemp(kind))
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    yield from _server("lab", tmp_path_factory)


@pytest.fixture(scope="session")
def notebook7(tmp_path_factory):
    yield from _server("notebook", tmp_path_factory)


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    yield from _server("voila", tmp_path_factory)


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the whole session: its sync API cannot be started twice in one process,
    so every browser of the e2e tests (the shared one, the offline one of the browser build) comes
    from here."""
    _need_browser()
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser_context(playwright, tmp_path_factory):
    ctx = playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000},
        device_scale_factor=1,
    )
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(browser_context):
    p = browser_context.new_page()
    p.set_default_timeout(60_000)
    yield p
    p.close()


@pytest.fixture(scope="session")
def shot():
    """Save a screenshot of a locator as images/screenshot_NAME.png (the README shows them)."""

    def save(locator, name: str) -> Path:
        IMAGES.mkdir(exist_ok=True)
        out = IMAGES / f"screenshot_{name}.png"
        locator.screenshot(path=str(out), animations="disabled")
        return out

    return save
