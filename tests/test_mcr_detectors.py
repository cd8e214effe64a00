"""Fans and their detectors: every fan is found by exactly one declared function (or is assessed
elsewhere, said where), every detector reports only the fans it declares, and the engine names fans
by their constants, never by number."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import mcr_hands as H
import pytest

from mjlearn.mcr import caches, counting, detect, explain, principles, scorer
from mjlearn.mcr.examples import EXAMPLES
from mjlearn.mcr.fans import ASSESSED_ELSEWHERE, DETECTORS, FANS, F, detects, fan

ENGINE = (detect, principles, scorer)


def _declared():
    """Every function of the engine modules that declares fans, with its declaration."""
    out = {}
    for mod in ENGINE:
        for name, obj in vars(mod).items():
            if inspect.isfunction(obj) and obj.__module__ == mod.__name__ and hasattr(obj, "fans"):
                out[f"{mod.__name__}.{name}"] = obj
    return out


def test_the_constants_are_the_table():
    names = [k for k in vars(F) if k.isupper()]
    assert len(names) == len(FANS) == 82
    # F is written out (so a type checker sees every name); it must be exactly the rows, as plain ints
    assert {k: vars(F)[k] for k in names} == {f.key: f.id for f in FANS}
    assert all(type(vars(F)[k]) is int for k in names)
    assert {getattr(F, f.key) for f in FANS} == set(range(1, 83))
    for f in FANS:
        assert getattr(F, f.key) == f.id and fan(f.id).key == f.key
    assert F.ALL_PUNGS == 48 and F.PURE_DOUBLE_CHOW == 69 and F.CONCEALED_KONG_AND_MELDED_KONG == 82


def test_every_fan_has_exactly_one_detector_or_is_assessed_elsewhere():
    declared = _declared()
    owners: dict[int, list[str]] = {}
    for name, func in declared.items():
        for f in func.fans:
            owners.setdefault(f, []).append(name)
    for f in FANS:
        if f.id in ASSESSED_ELSEWHERE:
            assert f.id not in owners, (f, owners.get(f.id))
            assert f.detector == ASSESSED_ELSEWHERE[f.id]
        else:
            assert len(owners.get(f.id, [])) == 1, (f, owners.get(f.id))
            assert f.detector == owners[f.id][0] == f"{DETECTORS[f.id].__module__}.{DETECTORS[f.id].__qualname__}"
    assert set(ASSESSED_ELSEWHERE) == {F.CHICKEN_HAND, F.FLOWER_TILES}
    assert set(DETECTORS) | set(ASSESSED_ELSEWHERE) == set(range(1, 83))


def test_every_declared_fan_exists_and_a_second_declaration_is_refused():
    for name, func in _declared().items():
        assert func.fans and all(isinstance(f, int) and 1 <= f <= 82 for f in func.fans), name
        assert len(set(func.fans)) == len(func.fans), name
    with pytest.raises(ValueError, match="declared by both"):
        detects(F.ALL_PUNGS)(lambda occ: None)
    with pytest.raises(ValueError, match="not a fan id"):
        detects(83)(lambda occ: None)
    with pytest.raises(ValueError, match="assessed elsewhere"):
        detects(F.CHICKEN_HAND)(lambda occ: None)
    assert DETECTORS[F.ALL_PUNGS] is detect.all_pungs


# --- no fan numbers in the engine --------------------------------------------------------------


def _fan_literals(path: Path):
    """Where a module writes a fan id as a number: an occurrence tuple ``(48, parts)``, an
    ``append(48)``, a ``48 in fan_counts[...]``, ``return 48``, ``f = 48``, a dict of fans."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def is_id(node):
        return isinstance(node, ast.Constant) and type(node.value) is int and 1 <= node.value <= 82

    for node in ast.walk(tree):
        hit = None
        if (
            isinstance(node, ast.Tuple)
            and len(node.elts) == 2
            and is_id(node.elts[0])
            and isinstance(node.elts[1], (ast.Tuple, ast.Name, ast.Call, ast.GeneratorExp))
        ):
            hit = node.elts[0]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend")
            and node.args
            and is_id(node.args[0])
        ):
            hit = node.args[0]
        elif (
            isinstance(node, ast.Compare)
            and is_id(node.left)
            and isinstance(node.ops[0], (ast.In, ast.NotIn))
            and isinstance(node.comparators[0], ast.Subscript)
        ):
            hit = node.left
        elif isinstance(node, ast.Return) and is_id(node.value) and node.value.value > 1:
            hit = node.value
        elif (
            isinstance(node, ast.Return)
            and isinstance(node.value, ast.IfExp)
            and is_id(node.value.body)
            and node.value.body.value > 1
        ):
            hit = node.value.body
        elif (
            isinstance(node, ast.Assign)
            and is_id(node.value)
            and any(isinstance(t, ast.Name) and t.id == "f" for t in node.targets)
        ):
            hit = node.value
        elif isinstance(node, ast.Dict) and len(node.values) >= 2 and all(is_id(v) for v in node.values):
            hit = node.values[0]
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("points", "counts", "kept", "out")
            and is_id(node.slice)
        ):
            hit = node.slice
        if hit is not None:
            found.append(f"{path.name}:{hit.lineno}: {ast.unparse(node)[:80]}")
    return found


@pytest.mark.parametrize("module", ENGINE, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_no_fan_number_literals(module):
    assert _fan_literals(Path(module.__file__)) == []


def test_the_literal_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f(occ, cand, points):\n    occ.append((48, ()))\n    if 23 in cand[1]:\n"
        "        return points[43]\n    f = 78\n    return 50\n",
        encoding="utf-8",
    )
    assert len(_fan_literals(bad)) == 5


# --- every detector reports only what it declares, and each declared fan is reported ----------


def _watch(func, seen):
    """A wrapper recording (and checking) the fans ``func`` reports."""
    sig = inspect.signature(func)
    has_occ = "occ" in sig.parameters
    allowed = set(func.fans)

    def wrapper(*args, **kwargs):
        occ = sig.bind(*args, **kwargs).arguments["occ"] if has_occ else None
        before = len(occ) if has_occ else 0
        result = func(*args, **kwargs)
        if has_occ:
            got = {f for f, _ in occ[before:]}
        elif isinstance(result, tuple):
            got = {f for f, _ in result}
        elif isinstance(result, bool):
            got = set(func.fans) if result else set()
        else:
            got = {result} if result else set()
        assert got <= allowed, f"{func.__qualname__} reported {sorted(got - allowed)}, declares {sorted(allowed)}"
        seen.setdefault(func.__qualname__, set()).update(got)
        return result

    wrapper.fans = func.fans
    return wrapper


def test_detectors_report_only_their_declared_fans(monkeypatch):
    seen: dict[str, set] = {}
    for mod in (detect, principles):
        for name, func in list(vars(mod).items()):
            if inspect.isfunction(func) and getattr(func, "fans", None) and func.__module__ == mod.__name__:
                monkeypatch.setattr(mod, name, _watch(func, seen))
    # the scorer's modules imported these two by name; fresh caches so that every hand runs the detectors
    for mod in (counting, explain):
        monkeypatch.setattr(mod, "combine_chows_kept", principles.combine_chows_kept)
    monkeypatch.setattr(explain, "combine_pungs_kept", principles.combine_pungs_kept)
    caches.clear()
    cases = [ex for pair in EXAMPLES.values() for ex in pair]
    cases += H.random_cases(1500, seed=31) + H.targeted_cases(1500, seed=32)
    for hand, ctx in cases:
        # .fans: a regular reading is only counted while readings are compared; explaining the
        # chosen one runs the detectors on it
        _ = scorer.score(hand, **ctx).fans
    for f, func in DETECTORS.items():
        assert f in seen.get(func.__qualname__, ()), f"{func.__qualname__} never reported {fan(f)}"
