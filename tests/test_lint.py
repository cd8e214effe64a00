"""The repository is linted and formatted as pyproject.toml's ``[tool.ruff]`` says.

ruff runs in a fresh interpreter (``sys.executable -m ruff``, from the ``test`` extra) over the whole
clone, exactly as ``python3 tools/bootstrap.py check`` runs it; a failure shows every finding.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ruff(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_ruff_check_finds_nothing():
    r = _ruff("check", "--no-cache", "--output-format", "concise", ".")
    assert r.returncode == 0, (
        f"ruff check found problems (ruff check --fix fixes the ones marked [*]):\n"
        f"{r.stdout[-20000:]}{r.stderr[-2000:]}"
    )


def test_ruff_format_would_change_nothing():
    r = _ruff("format", "--check", "--no-cache", ".")
    assert r.returncode == 0, (
        f"ruff format would change these files (run: ruff format .):\n{r.stdout[-20000:]}{r.stderr[-2000:]}"
    )


BUGGY = """\
def adders():
    out = []
    for i in range(3):
        out.append(lambda x: x + i)
    return out


FLAGS = {True: "yes", 1: "one"}
"""


def test_the_settings_catch_a_loop_closure_and_a_repeated_key():
    """The configuration is live: a file under mjlearn/ with two classic bugs is refused with both."""
    r = _ruff(
        "check", "--no-cache", "--output-format", "concise", "--stdin-filename", "mjlearn/_example.py", "-", stdin=BUGGY
    )
    assert r.returncode == 1, r.stdout + r.stderr
    assert "B023" in r.stdout and "F601" in r.stdout, r.stdout
