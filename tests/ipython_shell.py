"""Run cells in IPython's shell in a fresh interpreter, as a learner's notebook would: what the
learner's error box tests read (tests/test_learner_errors.py, tests/test_error_boxes.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from mjlearn import errors

ROOT = Path(__file__).resolve().parent.parent


def shell_env() -> dict:
    """This environment with the checkout first on the path and without the traceback switch."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env.pop(errors.TRACEBACK_ENV, None)
    return env


def run_in_shell(cells: list[str], env: dict | None = None) -> list[str]:
    """What IPython's shell prints for each cell, run in a fresh interpreter."""
    script = textwrap.dedent(f"""
        import contextlib, io, json
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        shown = []
        for cell in {cells!r}:
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                shell.run_cell(cell)
            shown.append(out.getvalue())
        print(json.dumps(shown))
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env or shell_env(), timeout=300, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
