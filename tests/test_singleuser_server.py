"""What each hub user's server gets from mjlearn's launcher (mjlearn/deploy/singleuser.py): the
``mjlearn`` command on PATH for the server, its kernels and its terminals (whose login shell resets PATH
from /etc/profile), idle kernels shut down, and no JupyterLab news. The launcher runs for real in a fresh
interpreter, up to the moment it becomes the server; the terminal's shell command it gives the server is
then run as JupyterLab runs it (a login shell)."""

from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from mjlearn.deploy import singleuser
from mjlearn.version import __version__

ROOT = Path(__file__).resolve().parents[1]

# The launcher as the hub starts it, stopped where it would become jupyterhub.singleuser: what it would run
# and the environment it would run it in are printed instead.
LAUNCH = """
import json, os, sys
import mjlearn.deploy.singleuser as launcher
def becomes(path, argv):
    print(json.dumps({"argv": argv, "PATH": os.environ["PATH"], "JUPYTER_CONFIG_PATH": os.environ.get("JUPYTER_CONFIG_PATH")}))
    sys.exit(0)
os.execv = becomes
launcher.main(sys.argv[1:])
"""


def _launch(tmp_path, *args, python=sys.executable, extra_env=None):
    env = dict(
        os.environ,
        HOME=str(tmp_path / "home"),
        MJLEARN_DATA_DIR=str(tmp_path / "data"),
        MJLEARN_NOTEBOOKS=str(tmp_path / "home" / "mjlearn-notebooks"),
        PATH="/usr/bin:/bin",  # what a spawner's server starts with: no folder of mjlearn's
        SHELL="/bin/bash",
        PYTHONPATH=str(ROOT),
        **(extra_env or {}),
    )
    (tmp_path / "home").mkdir(exist_ok=True)
    p = subprocess.run([python, "-c", LAUNCH, *args], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1]), env


def _option(argv, name):
    found = [a.split("=", 1)[1] for a in argv if a.startswith(f"--{name}=")]
    assert len(found) == 1, (name, argv)
    return found[0]


def _shell(argv) -> list[str]:
    """The terminal's shell command, read as the server reads it (jupyter_server_terminals splits it)."""
    from jupyter_server.serverapp import ServerApp

    server = ServerApp()
    server.parse_command_line([a for a in argv if a.startswith("--ServerApp.terminado_settings")])
    return shlex.split(ServerApp(config=server.config).terminado_settings["shell_command"])


def _terminal(argv, env, path, command="mjlearn --version"):
    """Run ``command`` in the terminal shell the server would start (a login shell, so /etc/profile runs)."""
    shell = _shell(argv)
    assert "-l" in shell  # the login files still run: the user's environment is set up as before
    return subprocess.run(
        shell, input=f"{command}\nexit\n", capture_output=True, text=True, env=dict(env, PATH=path), timeout=120
    )


@pytest.mark.skipif(not Path("/bin/bash").exists(), reason="needs bash")
def test_mjlearn_runs_in_the_servers_kernels_and_terminals(tmp_path):
    out, env = _launch(tmp_path, "--port=1")
    argv, path = out["argv"], out["PATH"]
    assert argv[1:3] == ["-m", "jupyterhub.singleuser"] and "--port=1" in argv
    kernel = subprocess.run(["mjlearn", "--version"], capture_output=True, text=True, env=dict(env, PATH=path))
    assert kernel.stdout.strip() == f"mjlearn {__version__}"
    term = _terminal(argv, env, path)
    assert f"mjlearn {__version__}" in term.stdout, term.stderr


def test_a_python_without_the_command_gets_one_in_the_data_folder(tmp_path):
    """A Python that has mjlearn on its path but no ``mjlearn`` script beside it (a bare venv)."""
    venv = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    site = next(venv.glob("lib/python*/site-packages"))
    import sysconfig

    (site / "mjlearn-test.pth").write_text(
        f"{ROOT}\nimport site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n"
    )
    data = tmp_path / "data"
    (data / "bin").mkdir(parents=True)
    (tmp_path / "elsewhere").write_text("not ours")
    (data / "bin" / "mjlearn").symlink_to(tmp_path / "elsewhere")  # replaced, never written through
    out, env = _launch(tmp_path, python=str(venv / "bin" / "python"))
    assert out["PATH"].split(os.pathsep)[0] == str(data / "bin")
    assert (tmp_path / "elsewhere").read_text() == "not ours" and not (data / "bin" / "mjlearn").is_symlink()
    p = subprocess.run(["mjlearn", "--version"], capture_output=True, text=True, env=dict(env, PATH=out["PATH"]))
    assert p.stdout.strip() == f"mjlearn {__version__}", p.stderr
    if Path("/bin/bash").exists():
        assert f"mjlearn {__version__}" in _terminal(out["argv"], env, out["PATH"]).stdout


def test_idle_kernels_are_culled_and_news_is_off(tmp_path):
    out, _env = _launch(tmp_path)
    argv = out["argv"]
    assert _option(argv, "MappingKernelManager.cull_idle_timeout") == str(singleuser.KERNEL_IDLE_TIMEOUT)
    assert _option(argv, "MappingKernelManager.cull_interval") == str(singleuser.KERNEL_CULL_INTERVAL)
    assert _option(argv, "MappingKernelManager.cull_connected") == "True"
    # read as Jupyter reads its command line: the server's kernel manager and JupyterLab get the values
    from jupyter_server.serverapp import ServerApp
    from jupyterlab.labapp import LabApp

    server = ServerApp()
    server.parse_command_line([a for a in argv[3:] if a.startswith("--")])
    kernels = server.config.MappingKernelManager
    assert (kernels.cull_idle_timeout, kernels.cull_interval, kernels.cull_connected) == (1800, 300, True)
    lab = LabApp(config=server.config)
    assert lab.news_url is None  # JupyterLab's page config then says news is disabled: no pop-up asks
    assert lab.check_for_updates_class.__name__ == "NeverCheckForUpdate"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_jupyterlab_started_as_the_launcher_starts_it_asks_nothing_about_news(tmp_path):
    """A real JupyterLab given the launcher's environment and options: its page disables the
    announcements plugin (the one that asks "Would you like to get notified about official Jupyter
    news?") and says news is off."""
    out, env = _launch(tmp_path)
    port, token = _free_port(), secrets.token_hex(16)
    options = [a for a in out["argv"][3:] if a.startswith(("--LabApp.", "--MappingKernelManager."))]
    env = dict(
        env,
        PATH=out["PATH"],
        JUPYTER_CONFIG_PATH=out["JUPYTER_CONFIG_PATH"],
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
    )
    log = open(tmp_path / "lab.log", "wb")
    lab = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--allow-root",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={tmp_path}",
            *options,
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        page = None
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}", timeout=5) as r:
                    page = r.read().decode()
                    break
            except OSError:
                if lab.poll() is not None:
                    break
                time.sleep(0.5)
        assert page is not None, (tmp_path / "lab.log").read_text(errors="replace")[-2000:]
    finally:
        lab.terminate()  # our own process
        lab.wait(timeout=60)
        log.close()
    config = json.loads(
        re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.DOTALL).group(1)
    )
    assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]
    assert config["news"] == {"disabled": True}


def test_the_hubs_own_options_win(tmp_path):
    given = [
        "--MappingKernelManager.cull_idle_timeout=600",
        "--LabApp.news_url=https://example.org/feed.xml",
        "--ServerApp.terminado_settings=shell_command=/bin/zsh",
    ]
    out, _env = _launch(tmp_path, *given)
    argv = out["argv"]
    assert _option(argv, "MappingKernelManager.cull_idle_timeout") == "600"
    assert _option(argv, "LabApp.news_url") == "https://example.org/feed.xml"
    assert _option(argv, "ServerApp.terminado_settings") == "shell_command=/bin/zsh"
    assert _option(argv, "MappingKernelManager.cull_connected") == "True"  # the rest still added


def test_path_has_the_folder_first_once():
    assert singleuser.server_path(Path("/opt/m/bin"), "/usr/bin:/opt/m/bin:/bin") == "/opt/m/bin:/usr/bin:/bin"
    assert singleuser.server_path(Path("/opt/m/bin"), None).startswith("/opt/m/bin:")


def test_a_folder_with_a_quote_in_its_name_still_works(tmp_path):
    folder = tmp_path / "it's here"
    folder.mkdir()
    argv = singleuser.server_args([], folder, "/bin/sh")
    shell = _shell(argv)
    p = subprocess.run(shell, input='echo "$PATH"\nexit\n', capture_output=True, text=True, timeout=60)
    assert p.stdout.split(os.pathsep)[0] == str(folder), p.stderr
