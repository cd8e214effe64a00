"""Every notebook executes headless without errors, and the repository holds them stripped."""

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path, tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "data"))  # quiz progress goes to a scratch folder
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors


def test_notebooks_are_stripped():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "strip_notebooks.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
