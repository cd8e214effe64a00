"""Every notebook executes headless without errors, and the repository holds them stripped."""

import subprocess
import sys

import pytest
from notebook_exec import NOTEBOOKS, ROOT, executed


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path):
    nb = executed(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors, "\n".join(f"{e.ename}: {e.evalue}" for e in errors)


def test_notebooks_are_stripped():
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "strip_notebooks.py"), "--check"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout
