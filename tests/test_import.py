"""`import mjlearn` is light: no widgets, no plotting, no tables built. Its time is measured by
benchmarks/bench_import.py, not asserted here. Every name bound on first use resolves, each
first in a fresh interpreter (a warm test process would hide an import-order bug), to the object its
module defines."""

import json
import subprocess
import sys

import pytest

import mjlearn as mj

HEAVY = ["ipywidgets", "matplotlib", "anywidget", "IPython", "numpy", "sqlite3"]


def test_import_pulls_in_nothing_heavy():
    code = f"import sys, mjlearn; heavy = {HEAVY!r}; print([m for m in heavy if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_public_names_are_exactly_all():
    public = {n for n in mj.__dir__() if not n.startswith("_")} - {"annotations"}
    modules = {n for n in public if type(getattr(mj, n)).__name__ == "module" and n != "rules"}
    assert public - modules == set(mj.__all__) - {"__version__"}


RESOLVE = """
import importlib, json, sys
import mjlearn as mj
name = sys.argv[1]
value = getattr(mj, name)
lazy = mj._LAZY[name]
module = importlib.import_module("mjlearn." + lazy[0])
same = value is (module if lazy[1] is None else getattr(module, lazy[1]))
owner = getattr(value, "__module__", None) or getattr(value, "__name__", "")
print(json.dumps({"same": same, "owner": owner, "kind": type(value).__name__}))
"""


@pytest.mark.parametrize("name", sorted(mj._LAZY))
def test_a_lazy_name_resolves_first_in_a_fresh_interpreter(name):
    out = subprocess.run([sys.executable, "-c", RESOLVE, name], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["same"], f"mjlearn.{name} is not the object its module defines"
    assert got["owner"].startswith("mjlearn") or got["kind"] in ("dict", "tuple", "frozenset", "mappingproxy"), got


def test_the_table_loads_without_the_coach():
    """The table sits below the coach: importing it (and playing a hand with the basic players) loads
    neither the coach nor the hand analysis the coach reads; the strong player lives with the coach."""
    code = (
        "import sys, mjlearn.table as t; t.play_hand(t.Table('mcr', seed=1)); "
        "print(sorted(m for m in sys.modules if m.startswith(('mjlearn.coaching', 'mjlearn.analysis'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    code = "import mjlearn.coaching as c; print(c.make_bots('strong')[0].__class__.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "CoachBot"
