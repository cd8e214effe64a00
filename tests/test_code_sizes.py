"""The package stays in pieces a reader can hold: no module over 700 lines, no class over 400.

Every module under ``mjlearn/`` is read with :mod:`ast`; a class is measured from its ``class`` line
(decorators excluded) to its last line, as ``end_lineno - lineno + 1``. There is no allow-list: a
module or class that grows past its limit fails here with its path, its name and its size, and is
split along its seams (ARCHITECTURE.md's module table says where each part lives).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "mjlearn"
MAX_MODULE_LINES = 700
MAX_CLASS_LINES = 400


def oversized(package: Path = PACKAGE) -> list[tuple[str, str, int]]:
    """(module path from the repository root, what is too long, its lines) for every module over
    MAX_MODULE_LINES and every class over MAX_CLASS_LINES, in path order."""
    out = []
    root = package.parent
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            out.append((rel, "module", lines))
        for node in ast.walk(ast.parse(text, filename=str(path))):
            if isinstance(node, ast.ClassDef):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_CLASS_LINES:
                    out.append((rel, f"class {node.name}", size))
    return out


def test_measure_finds_an_oversized_module_and_class(tmp_path):
    """The measure itself: a module one line over and a class one line over are both reported, and
    a module and a class exactly at the limits are not."""
    pkg = tmp_path / "mjlearn"
    (pkg / "sub").mkdir(parents=True)
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS_LINES - 1))
    (pkg / "sub" / "big.py").write_text(
        f"class Big:\n{body}\n    last = 0\n" + "y = 0\n" * (MAX_MODULE_LINES - MAX_CLASS_LINES), encoding="utf-8"
    )
    (pkg / "fits.py").write_text(
        f"class Fits:\n{body}\n" + "y = 0\n" * (MAX_MODULE_LINES - MAX_CLASS_LINES), encoding="utf-8"
    )
    assert oversized(pkg) == [
        ("mjlearn/sub/big.py", "module", MAX_MODULE_LINES + 1),
        ("mjlearn/sub/big.py", "class Big", MAX_CLASS_LINES + 1),
    ]


def test_no_module_over_700_lines_and_no_class_over_400():
    found = oversized()
    listing = "\n".join(f"  {path}: {what}, {n} lines" for path, what, n in found)
    assert not found, f"over {MAX_MODULE_LINES} lines a module or {MAX_CLASS_LINES} a class:\n{listing}"


# What lessons, tests, tools and benchmarks import from the modules that were split to meet the
# limits: each still comes from where it came from before, in a fresh interpreter as a learner's
# notebook starts.
KEPT_NAMES = {
    "mjlearn.shanten_core": [
        "shanten_of_counts",
        "regular_shanten_of_counts",
        "seven_pairs_shanten_of_counts",
        "thirteen_orphans_shanten_of_counts",
        "honors_and_knitted_shanten_of_counts",
        "knitted_straight_shanten_of_counts",
        "form_shanten_of_counts",
        "waits_of_counts",
        "useful_tiles_of_counts",
        "near_tiles",
        "regular_split_of_counts",
        "RegularAround",
        "connectedness",
    ],
    "mjlearn.quiz.kinds.basic": ["_best", "best_discards", "engine_discards", "engine_waits", "engine_shanten"],
    "mjlearn.widgets.replay": [
        "ReviewReplay",
        "RecordError",
        "replay_review",
        "read_record",
        "reasons",
        "best_fans",
        "in_words",
        "log_in_words",
        "outcome_in_words",
        "table_in_words",
    ],
    "mjlearn.table.claims": ["Claims"],
}


def test_the_split_modules_keep_the_names_imported_from_them():
    code = "\n".join(f"from {module} import {', '.join(names)}" for module, names in KEPT_NAMES.items())
    code += (
        "\nfrom mjlearn.quiz.core import KINDS\nprint(' '.join(KINDS))"
        "\nfrom mjlearn.table import Table\nprint(Table('mcr', seed=1).can_kong('S', '1m'))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    kinds, can_kong = r.stdout.split("\n")[:2]
    # the quiz's kinds in course order: the tile kinds first, as when one module registered them all
    assert kinds.split()[:7] == [
        "tile_name",
        "read_notation",
        "write_notation",
        "complete",
        "waits",
        "shanten",
        "discard",
    ]
    assert can_kong == "False"
