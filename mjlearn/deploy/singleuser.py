"""Each hub user's JupyterLab: the course copied into their home first, as ``mjlearn lab`` copies it.

The hub configuration (``jupyterhub_config.py``) starts every learner's and teacher's server with
``python -m mjlearn.deploy.singleuser ARGS``: it copies the notebooks and quiz sets into
``$HOME/mjlearn-notebooks`` (``MJLEARN_NOTEBOOKS`` names another folder) with the same rules as
``mjlearn lab`` (a file the user changed is never replaced), then becomes ``jupyterhub.singleuser
ARGS``. It runs as the user, in their own home, so it works with any spawner whose servers have
mjlearn installed (the simple one, systemd, docker).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

FOLDER = "mjlearn-notebooks"
"""The folder below the user's home that holds the course (the hub opens its first lesson)."""


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


def main(argv: list[str] | None = None) -> None:
    from ..cli_lab import kernels_can_encrypt

    args = sys.argv[1:] if argv is None else argv
    if kernels_can_encrypt():  # the kernels (the lessons', the Voila dashboard's) encrypt: no TCP warning in the log
        args = [*args, "--KernelManager.transport_encryption=auto"]
    prepare()
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "jupyterhub.singleuser", *args])  # noqa: S606 - becomes the server


if __name__ == "__main__":
    main()
