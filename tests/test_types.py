"""The type checker is clean: mypy, with the settings of pyproject.toml's ``[tool.mypy]`` (the package,
Python 3.10, untyped functions' bodies checked too, no unused ``# type: ignore``), run as a developer
or CI runs it, in a fresh interpreter from the repository's root. Its report is the failure message."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors_in_the_package():
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    report = (out.stdout + out.stderr).strip()
    assert "No module named mypy" not in report, "mypy is not installed: pip install -e '.[test]'"
    assert out.returncode == 0, f"mypy found errors:\n{report}"
    assert report.startswith("Success: no issues found"), report
