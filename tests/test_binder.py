"""The one-click launch (Binder): the environment built from ``binder/`` alone runs the whole course.

repo2docker, which builds Binder's images, makes a Python environment of the version in
``binder/runtime.txt``, installs the Debian packages of ``binder/apt.txt`` and runs ``binder/postBuild``
in the repository's folder. This test does the same in a fresh virtual environment of this machine's
Python (the Debian packages are this machine's: the bootstrap installs them), then runs every lesson
with that environment's own Jupyter and checks that its JupyterLab opens on the first lesson. So the
configuration cannot drift from the course: a lesson needing a package the files do not install fails
here.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
FIRST_LESSON = {
    "lab": "/lab/tree/notebooks/00_start_here.ipynb",
    "notebook": "/notebooks/notebooks/00_start_here.ipynb",
}


def test_binder_files_name_a_python_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    m = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert m, f"runtime.txt must name a Python 3 version, got {runtime!r}"
    floor = re.search(r'requires-python = ">=3\.(\d+)"', (ROOT / "pyproject.toml").read_text())
    assert floor and int(m[1]) >= int(floor[1])
    assert os.access(BINDER / "postBuild", os.X_OK), "repo2docker runs postBuild only when it is executable"
    assert "fonts-noto-cjk" in (BINDER / "apt.txt").read_text().split(), "the charts' Chinese needs a CJK font"


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """A fresh virtual environment built by binder/postBuild, as repo2docker builds Binder's image."""
    base = tmp_path_factory.mktemp("binder")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    home = base / "home"
    home.mkdir()
    env = {
        "PATH": f"{venv / 'bin'}:{os.environ['PATH']}",
        "HOME": str(home),
        "VIRTUAL_ENV": str(venv),
        "MJLEARN_DATA_DIR": str(base / "data"),
        "LANG": "C.UTF-8",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    build = subprocess.run(
        ["bash", str(BINDER / "postBuild")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return venv, env, base


def test_every_lesson_runs_in_the_binder_environment(binder_env):
    venv, env, base = binder_env
    found = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import mjlearn, sys; print(mjlearn.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        cwd=base,
        check=True,
    )
    assert str(venv) in found.stdout, f"mjlearn is not installed into the Binder environment: {found.stdout}"
    out = base / "executed"
    run = subprocess.run(
        [
            str(venv / "bin" / "jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--ExecutePreprocessor.timeout=900",
            "--ExecutePreprocessor.kernel_name=python3",
            "--output-dir",
            str(out),
            *map(str, NOTEBOOKS),
        ],
        env=env,
        cwd=ROOT / "notebooks",
        capture_output=True,
        text=True,
        timeout=3600,
    )
    assert run.returncode == 0, run.stderr[-5000:]
    for path in NOTEBOOKS:
        nb = json.loads((out / path.name).read_text())
        errors = [
            o
            for c in nb["cells"]
            if c["cell_type"] == "code"
            for o in c.get("outputs", [])
            if o["output_type"] == "error"
        ]
        assert not errors, f"{path.name}: {errors[0]['ename']}: {errors[0]['evalue']}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_the_binder_server_opens_on_the_first_lesson(binder_env, app):
    """Whichever front end Binder starts, its address leads to lesson 00 (not to a file list)."""
    venv, env, base = binder_env
    port = _free_port()
    log = base / f"{app}-server.log"
    server = subprocess.Popen(
        [
            str(venv / "bin" / "jupyter"),
            app,
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=binder-test",
            f"--ServerApp.root_dir={ROOT}",
            *(["--allow-root"] if os.geteuid() == 0 else []),  # CI runs as root
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
    )
    try:
        location = None
        deadline = time.monotonic() + 120
        while location is None and time.monotonic() < deadline and server.poll() is None:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/?token=binder-test")
            opener = urllib.request.build_opener(_NoRedirect())
            try:
                opener.open(request, timeout=5)
            except urllib.error.HTTPError as e:
                if e.code in (301, 302, 303, 307):
                    location = e.headers["Location"]
            except OSError:
                time.sleep(0.5)
        assert location is not None, f"the {app} server never answered: {log.read_text()[-3000:]}"
        assert location.split("?")[0].endswith(FIRST_LESSON[app]), location
    finally:
        server.terminate()
        server.wait(timeout=30)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None
