"""The table never names a rule set: every variant difference is a RuleSet fact or hook.

A string literal in ``mjlearn/table/*.py`` that is a registered rule-set name or alias (as the
registry reads it: case, spaces, hyphens and underscores ignored), or an import of one rule set's
module, means the table has grown variant logic of its own again.
"""

from __future__ import annotations

import ast
from pathlib import Path

import mjlearn.rules as R
from mjlearn.rules.registry import VARIANT_MODULES, _index, _norm

TABLE = Path(__file__).resolve().parent.parent / "mjlearn" / "table"


def _sources():
    files = sorted(TABLE.glob("*.py"))
    assert len(files) >= 5, f"no table modules found under {TABLE}"
    return [(f, ast.parse(f.read_text(encoding="utf-8"), filename=str(f))) for f in files]


def _string_literals(tree):
    """Every str constant except docstrings (examples in docstrings may name a rule set)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


def test_no_rule_set_name_or_alias_is_a_string_literal_in_the_table():
    R.names()                                    # load the registry
    names = set(_index)
    assert _norm("mcr") in names and _norm("beijing-points") in names   # the check can see names
    found = [f"{f.name}:{node.lineno}: {node.value!r}" for f, tree in _sources() for node in _string_literals(tree)
             if node.value.strip() and _norm(node.value) in names]
    assert not found, "the table names rule sets:\n" + "\n".join(found)


def test_the_table_imports_no_rule_set_module():
    variant = set(VARIANT_MODULES)
    found = []
    for f, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = (node.module or "").split(".")
                if mod[-1] in variant or (mod[-1] == "rules" and any(a.name in variant for a in node.names)):
                    found.append(f"{f.name}:{node.lineno}: from {'.' * node.level}{node.module} import ...")
            elif isinstance(node, ast.Import):
                found += [f"{f.name}:{node.lineno}: import {a.name}" for a in node.names
                          if a.name.split(".")[-1] in variant]
    assert not found, "the table imports rule-set modules:\n" + "\n".join(found)
