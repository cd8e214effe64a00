"""Each hub user's JupyterLab: the course copied into their home first, as ``mjlearn lab`` copies it.

The hub configuration (``jupyterhub_config.py``) starts every learner's and teacher's server with
``python -m mjlearn.deploy.singleuser ARGS``: it copies the notebooks and quiz sets into
``$HOME/mjlearn-notebooks`` (``MJLEARN_NOTEBOOKS`` names another folder) with the same rules as
``mjlearn lab`` (a file the user changed is never replaced), then becomes ``jupyterhub.singleuser
ARGS``. It runs as the user, in their own home, so it works with any spawner whose servers have
mjlearn installed (the simple one, systemd, docker).

What the server gets besides the hub's options (each left alone when ARGS set it already):

- the folder holding the ``mjlearn`` command first on PATH, for the server, its kernels and its
  terminals (a terminal's login shell resets PATH from /etc/profile, so the terminal's shell puts it
  back after the login files ran); a Python with mjlearn but no ``mjlearn`` command beside it (installed
  through PYTHONPATH, say) gets one written in the user's data folder;
- idle kernels shut down: a kernel that ran nothing for :data:`KERNEL_IDLE_TIMEOUT` seconds is stopped,
  connected or not (a closed browser tab leaves no kernel behind; every answer is recorded as it is
  given, and an assignment opened again goes on where it stopped);
- no JupyterLab news: its announcements plugin is disabled by the page configuration in
  :data:`JUPYTER_CONFIG` (put on JUPYTER_CONFIG_PATH), so no pop-up asks whether to fetch news, and
  the server neither fetches news nor checks for updates.
"""

from __future__ import annotations

import os
import shlex
import sys
import sysconfig
import tempfile
from pathlib import Path

from ..store.files import data_dir

FOLDER = "mjlearn-notebooks"
"""The folder below the user's home that holds the course (the hub opens its first lesson)."""


JUPYTER_CONFIG = Path(__file__).with_name("jupyter")
"""Jupyter configuration shipped with mjlearn for the hub's servers (``labconfig/page_config.json``)."""
KERNEL_IDLE_TIMEOUT = 1800
"""Seconds a kernel may run nothing before it is shut down (MappingKernelManager.cull_idle_timeout)."""
KERNEL_CULL_INTERVAL = 300
"""Seconds between two looks for idle kernels (MappingKernelManager.cull_interval)."""


def notebooks_folder() -> Path:
    return Path(os.environ.get("MJLEARN_NOTEBOOKS") or Path.home() / FOLDER).expanduser()


def prepare() -> Path:
    """Copy the course into the user's folder; a failure is said on stderr and the server starts anyway
    (the user can still run ``mjlearn lab --copy-only`` from its terminal)."""
    from ..cli_lab import copy_notebooks, trust_shipped_notebooks

    dest = notebooks_folder()
    try:
        dest.mkdir(parents=True, exist_ok=True)
        copy_notebooks(dest, out=sys.stderr, err=sys.stderr)
        trust_shipped_notebooks()
    except Exception as e:  # noqa: BLE001 - never keep the user from their server
        print(f"mjlearn: could not copy the notebooks into {dest}: {e}  （复制笔记本失败）", file=sys.stderr)
    return dest


def command_folder() -> Path:
    """The folder holding this Python's ``mjlearn`` command: its scripts folder (where pip puts it), or,
    when there is none there, ``bin`` in the user's data folder with a ``mjlearn`` written to run this
    Python (rewritten whenever it says something else, atomically)."""
    scripts = Path(sysconfig.get_path("scripts"))
    if os.access(scripts / "mjlearn", os.X_OK):
        return scripts
    folder = data_dir() / "bin"
    text = f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m mjlearn "$@"\n'
    command = folder / "mjlearn"
    try:
        if command.is_file() and not command.is_symlink() and command.read_text() == text:
            return folder
    except OSError:
        pass
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".mjlearn-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.chmod(tmp, 0o700)  # the user's own command
        os.replace(tmp, command)  # a symlink or a file in its place is replaced, never written through
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        raise
    return folder


def _given(args: list[str], option: str) -> bool:
    """Whether ``args`` set ``option`` (e.g. "MappingKernelManager.cull_idle_timeout") already."""
    return any(a.lstrip("-").split("=", 1)[0] == option for a in args)


def server_args(args: list[str], folder: Path, shell: str) -> list[str]:
    """The server's command-line options: ``args`` (the hub's), then what this module adds (see above)."""
    out = list(args)
    defaults = {
        "MappingKernelManager.cull_idle_timeout": str(KERNEL_IDLE_TIMEOUT),
        "MappingKernelManager.cull_interval": str(KERNEL_CULL_INTERVAL),
        "MappingKernelManager.cull_connected": "True",
        "LabApp.news_url": "None",  # page_config "news": disabled, so JupyterLab never asks
        "LabApp.check_for_updates_class": "jupyterlab.NeverCheckForUpdate",
    }
    out += [f"--{k}={v}" for k, v in defaults.items() if not _given(args, k)]
    if not _given(args, "ServerApp.terminado_settings"):
        # a login shell (as JupyterLab starts one under a hub), then PATH with the command's folder first
        again = f'PATH={shlex.quote(str(folder))}:"$PATH"; export PATH; exec {shlex.quote(shell)} -i'
        # one string (jupyter_server_terminals splits it as a shell would): dict items are given as key=value
        out.append("--ServerApp.terminado_settings=shell_command=" + shlex.join([shell, "-l", "-c", again]))
    return out


def server_path(folder: Path, path: str | None) -> str:
    """PATH (or another list of folders, such as JUPYTER_CONFIG_PATH) with ``folder`` first, once."""
    rest = [p for p in (os.defpath if path is None else path).split(os.pathsep) if p and p != str(folder)]
    return os.pathsep.join([str(folder), *rest])


def main(argv: list[str] | None = None) -> None:
    from ..cli_lab import kernels_can_encrypt

    args = sys.argv[1:] if argv is None else argv
    if kernels_can_encrypt():  # the kernels (the lessons', the Voila dashboard's) encrypt: no TCP warning in the log
        args = [*args, "--KernelManager.transport_encryption=auto"]
    prepare()
    try:
        folder = command_folder()
    except OSError as e:  # never keep the user from their server: the command is missing, said once
        folder = Path(sysconfig.get_path("scripts"))
        print(
            f"mjlearn: could not write the mjlearn command in {data_dir() / 'bin'}: {e}  （无法写入 mjlearn 命令）",
            file=sys.stderr,
        )
    os.environ["PATH"] = server_path(folder, os.environ.get("PATH"))
    os.environ["JUPYTER_CONFIG_PATH"] = server_path(JUPYTER_CONFIG, os.environ.get("JUPYTER_CONFIG_PATH", ""))
    args = server_args(args, folder, os.environ.get("SHELL") or "/bin/sh")
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "jupyterhub.singleuser", *args])  # noqa: S606 - becomes the server


if __name__ == "__main__":
    main()
