"""Execute each course notebook once per test session, in a fresh kernel, and share the result.

Both the "it runs" test and the course-text checks read the executed notebook, so a notebook is
run once however many tests look at it.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@cache
def executed(path: Path) -> nbformat.NotebookNode:
    """The notebook at ``path`` after running every cell (progress goes to a scratch folder)."""
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as data:
        # the kernel draws charts with its own inline backend, as a learner's does (under
        # MPLBACKEND=Agg a chart would come out as "<Figure size ...>" text)
        saved = {k: os.environ.get(k) for k in ("MJLEARN_DATA_DIR", "MPLBACKEND")}
        os.environ.pop("MPLBACKEND", None)
        os.environ.update(MJLEARN_DATA_DIR=data)
        try:
            NotebookClient(
                nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
            ).execute()
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return nb
