"""The kernels mjlearn starts do not print "Kernel is running over TCP without encryption" on the console:
`mjlearn export` and the hub's servers (where the Voila dashboard runs) give them CurveZMQ keys."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from mjlearn.cli_lab import kernels_can_encrypt

ROOT = Path(__file__).resolve().parent.parent
WARNING = "without encryption"


def test_export_runs_the_lesson_without_the_kernels_tcp_warning(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import mjlearn as mj\nprint(mj.parse_hand('123m456p789s11sEE+E'))")]
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-m", "mjlearn", "export", str(path), "--out-dir", str(tmp_path / "html")],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "html" / "lesson.html").read_text(encoding="utf-8")
    assert "123m456p789s11sEE+E" in page.replace("&#43;", "+")  # the kernel ran the cell
    assert WARNING not in done.stderr, done.stderr


def test_the_hub_servers_kernels_are_encrypted(monkeypatch):
    from mjlearn.deploy import singleuser

    started = []
    monkeypatch.setattr(singleuser, "prepare", lambda: None)
    monkeypatch.setattr(singleuser.os, "execv", lambda exe, argv: started.append(argv))
    singleuser.main(["--port=9999"])
    assert kernels_can_encrypt()  # jupyter_client and pyzmq here can; else the kernels warn as before
    argv = started[0]  # the hub's options first, then the launcher's own (encryption, culling, PATH...)
    assert argv.index("--port=9999") < argv.index("--KernelManager.transport_encryption=auto")


def test_the_option_is_one_the_kernel_manager_takes():
    jupyter_client = pytest.importorskip("jupyter_client")
    from jupyter_client.manager import KernelManager

    assert jupyter_client.version_info >= (8, 10)
    assert "auto" in KernelManager.class_traits(config=True)["transport_encryption"].values
