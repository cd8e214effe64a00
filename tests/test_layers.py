"""The import layers of ARCHITECTURE.md hold, and no module imports itself round a circle.

Two checks, both counting every import a module makes, a late one inside a function too (only imports
under ``if TYPE_CHECKING:`` are left out: they are never run):

- ``lint-imports`` checks the contracts in pyproject.toml (``[tool.importlinter]``): imports run down the
  layers, and the engine imports no widget, chart or notebook library;
- the import graph (grimp, the library import-linter is built on) has no strongly connected component of
  more than one module: a circle among modules of one layer is caught too, which a layers contract
  allows.

A display method that needs a module above it asks ``mjlearn.handoff`` for it (see its docstring);
``test_values_still_show_as_pictures_in_a_fresh_shell`` holds what the learner sees.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import grimp
from ipython_shell import shell_env

ROOT = Path(__file__).resolve().parent.parent

# Imports left out of the circle check while a change that removes them is under way, each with its
# reason; an edge no longer in the code fails the test, so the list cannot go stale. None is left.
TEMPORARY: dict[tuple[str, str], str] = {}


def _lint_imports() -> tuple[int, str]:
    exe = Path(sys.executable).with_name("lint-imports")
    cmd = [str(exe)] if exe.exists() else [shutil.which("lint-imports") or "lint-imports"]
    done = subprocess.run(cmd + ["--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def test_lint_imports_keeps_every_contract():
    code, out = _lint_imports()
    assert code == 0, "lint-imports found imports against the layers:\n" + out
    assert "broken" in out and " 0 broken" in out, out  # it did check contracts


def _graph():
    return grimp.build_graph(
        "mjlearn", include_external_packages=False, exclude_type_checking_imports=True, cache_dir=None
    )  # read afresh: a stale cache would hide a new import


def _components(modules, edges) -> list[list[str]]:
    """Strongly connected components (Tarjan's algorithm, iterative: no recursion limit)."""
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], 0
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    out.append(sorted(comp))
    return out


def _circle(graph, comp, edges) -> str:
    """One circle through the component, each import with its line numbers."""
    members = set(comp)
    start = comp[0]
    paths = {start: [start]}
    queue = [start]
    while queue:  # breadth first: the shortest way from start back to start
        node = queue.pop(0)
        for child in sorted(edges[node] & members):
            if child == start:
                path = paths[node] + [start]
                steps = []
                for a, b in zip(path, path[1:]):
                    lines = ", ".join(str(d["line_number"]) for d in graph.get_import_details(importer=a, imported=b))
                    steps.append(f"  {a} -> {b} (line {lines})")
                return "\n".join(steps)
            if child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return "  (no circle found)"


def test_no_import_circle_among_the_package_modules():
    graph = _graph()
    modules = sorted(graph.modules)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in modules}
    gone = [f"{a} -> {b}" for a, b in TEMPORARY if b not in edges.get(a, set())]
    assert not gone, "no longer imported, remove from TEMPORARY: " + ", ".join(gone)
    for a, b in TEMPORARY:
        edges[a].discard(b)
    circles = [c for c in _components(modules, edges) if len(c) > 1]
    assert not circles, "\n\n".join(
        f"{len(c)} modules import each other round a circle: {', '.join(c)}\none circle:\n{_circle(graph, c, edges)}"
        for c in sorted(circles, key=len, reverse=True)
    )


def test_the_circle_check_finds_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert sorted(map(tuple, _components(sorted(edges), edges))) == [("a", "b", "c"), ("d",), ("e",)]


SHOWN = textwrap.dedent("""
    import json, sys
    from IPython.core.interactiveshell import InteractiveShell
    import mjlearn as mj
    before = "mjlearn.render.svg" in sys.modules
    shell = InteractiveShell.instance()
    fmt = shell.display_formatter.format
    def kinds(obj):
        data, _ = fmt(obj)
        return {k: v[:60] for k, v in data.items() if k != "text/plain"}
    from mjlearn.quiz import generate
    shown = {
        "before": before,
        "hand": kinds(mj.Hand.from_str("[123m,2]456p789s1112z+2z")),
        "tile": kinds(mj.tile("5m")),
        "tiles": kinds(mj.parse_tiles("123m")),
        "meld": kinds(mj.Meld.from_str("[EEE,1]")),
        "ruleset": kinds(mj.rules.get("mcr")),
        "rulesets": kinds(mj.RULESETS),
        "comparison": kinds(mj.compare("12346789mEEE44s+5m", rules=["beijing", "mcr"], winner="S", discarder="N")),
        "question": kinds(generate("waits", seed=7, difficulty=2)),
    }
    print(json.dumps(shown))
""")


def test_values_still_show_as_pictures_in_a_fresh_shell():
    """``import mjlearn`` alone, then IPython's formatter: tiles, melds and hands as SVG, rule sets,
    comparisons and questions as HTML, drawn by the presenters the front door registered."""
    done = subprocess.run(
        [sys.executable, "-c", SHOWN], capture_output=True, text=True, env=shell_env(), timeout=300, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown.pop("before") is False  # the renderer waits for the first picture (import time)
    for name in ("hand", "tile", "meld"):
        assert shown[name]["image/svg+xml"].startswith("<svg"), (name, shown[name])
    for name, kinds in shown.items():
        assert "<" in kinds.get("text/html", ""), (name, kinds)
