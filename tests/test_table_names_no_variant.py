"""The table, the quiz, the widgets and the course never name a rule set: every variant difference
is a RuleSet fact, hook or description declared in the rule set's own module.

A string literal in ``mjlearn/table``, ``mjlearn/quiz``, ``mjlearn/widgets`` or ``mjlearn/course``
that is a registered rule-set name or alias (as the registry reads it: case, spaces, hyphens and
underscores ignored), or an import of one rule set's module, means that layer has grown variant
knowledge of its own again. Above the table one name is allowed: the default rule set's
(``registry.DEFAULT``, MCR), which is what a widget or a quiz uses where none is given and the name
of the package's own scorer (``mjlearn.mcr``, the quiz topic "mcr").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mjlearn.rules as R
from mjlearn.rules.registry import DEFAULT, VARIANT_MODULES, _index, _norm

PACKAGE = Path(__file__).resolve().parent.parent / "mjlearn"
LAYERS = {"table": set(), "quiz": {DEFAULT}, "widgets": {DEFAULT}, "course": {DEFAULT}}
"""Each layer held free of rule-set names, and the names it may still use."""


def _sources(layer: str = "table"):
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert len(files) >= 4, f"no modules found under {PACKAGE / layer}"
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


def _named(layer: str) -> list[str]:
    """Every string literal of the layer (docstrings aside) that names a rule set it may not name."""
    R.names()  # load the registry
    allowed = {name for a in LAYERS[layer] for name, owner in _index.items() if owner == a}
    names = set(_index) - allowed
    return [
        f"{f.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}"
        for f, tree in _sources(layer)
        for node in _string_literals(tree)
        if node.value.strip() and _norm(node.value) in names
    ]


def test_the_check_sees_names_and_aliases():
    R.names()
    assert _norm("mcr") in _index and _norm("beijing-points") in _index and _norm("老北京传统麻将") in _index


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_no_rule_set_name_or_alias_is_a_string_literal(layer):
    found = _named(layer)
    assert not found, f"mjlearn/{layer} names rule sets:\n" + "\n".join(found)


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_no_layer_above_the_rules_imports_a_rule_set_module(layer):
    variant = set(VARIANT_MODULES)
    found = []
    for f, tree in _sources(layer):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = (node.module or "").split(".")
                if mod[-1] in variant or (mod[-1] == "rules" and any(a.name in variant for a in node.names)):
                    found.append(f"{f.name}:{node.lineno}: from {'.' * node.level}{node.module} import ...")
            elif isinstance(node, ast.Import):
                found += [
                    f"{f.name}:{node.lineno}: import {a.name}" for a in node.names if a.name.split(".")[-1] in variant
                ]
    assert not found, f"mjlearn/{layer} imports rule-set modules:\n" + "\n".join(found)
