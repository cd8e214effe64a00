"""`import mjlearn` is light: no widgets, no plotting, no tables built (DESIGN.md). Its time is
measured by benchmarks/bench_import.py, not asserted here."""

import subprocess
import sys

HEAVY = ["ipywidgets", "matplotlib", "anywidget", "IPython", "numpy", "sqlite3"]


def test_import_pulls_in_nothing_heavy():
    code = ("import sys, mjlearn; heavy = %r; print([m for m in heavy if m in sys.modules])" % HEAVY)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_lazy_names_resolve():
    import mjlearn as mj
    for name in mj.__dir__():
        if not name.startswith("_"):
            assert getattr(mj, name) is not None, name
