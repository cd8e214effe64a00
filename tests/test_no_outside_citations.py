"""Comments, docstrings and strings in the package, and the notebooks' sources, cite only what the
repository holds (a module, a test, the appendix notebook ``12_sources_and_rulings``): never a
document a maintainer with only the repository cannot open.

What counts as such a citation: the names of the internal specification files (``regional.md``,
``mcr_fans.tsv``, ``DESIGN.md``, ``STYLE.md``), a section sign with a number (``§9.4``), a ruling id
of that specification (``A-OBJ-4``, ``A-BJP-12``), one of its worked-example ids (``CS-Ex3``), and
one of its source-document tags (``S0`` to ``S9``) used as a citation: in brackets, after "seed",
or as a range such as ``S0-S4``; and the specification's word "seed" for those documents ("the
seed's table", "not in seed"). Each finding is listed as ``path:line: text``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CITATION = re.compile(
    r"""regional\.md|mcr_fans(?:\.tsv)?|\bDESIGN\.md|\bSTYLE\.md"""
    r"""|§\s?\d"""
    r"""|\bA-[A-Z]{2,4}-\d+"""
    r"""|\b[A-Z]{2,4}-Ex\d"""
    r"""|\(S\d\b|\bS\d(?:\s*[-–,/]\s*S\d)+\b|\bS\d,\s+part\b|\bseeds?\s+S\d\b"""
    r"""|\bseed's\b|\bnot (?:in|from) (?:the )?seed\b|\bseed text\b|\bin the seed\b"""
)
"""One citation of a document outside the repository."""


def _findings(name: str, lines) -> list[str]:
    return [f"{name}:{n}: {line.strip()[:160]}" for n, line in enumerate(lines, 1) if CITATION.search(line)]


def package_findings() -> list[str]:
    out: list[str] = []
    for path in sorted((ROOT / "mjlearn").rglob("*.py")):
        out += _findings(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8").splitlines())
    return out


def notebook_findings() -> list[str]:
    out: list[str] = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = json.loads(path.read_text(encoding="utf-8"))
        for k, cell in enumerate(nb.get("cells", [])):
            src = cell.get("source", "")
            text = "".join(src) if isinstance(src, list) else src
            out += _findings(f"{path.relative_to(ROOT).as_posix()} cell {k}", text.splitlines())
    return out


@pytest.mark.parametrize(
    "text",
    [
        "(regional.md §9, §15.7)",
        "see mcr_fans.tsv row 53",
        "fixed by DESIGN.md",
        "(§9.4)",
        "(A-OBJ-4)",
        "A-BJP-12 switch",
        "# CS-Ex3: four 6p",
        "recorded in a memoir (S4)",
        "the seeds S0-S4",
        "S0, part (a)",
        "the seed's table",
        "(not in seed)",
        "none in the seed",
    ],
)
def test_the_pattern_finds_each_kind_of_citation(text):
    assert CITATION.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Table('mcr', seed=1)",
        "E1 S2 W3 N4",
        "the seat S deals",
        "A-side",
        "option ``wild_selection``",
        "tests/test_rules_beijing.py",
        "notebook 12_sources_and_rulings",
        "90% of S",
        "S2 wins",
        "each question aims at one of them in turn of the seed",
        "seed: the shuffle",
    ],
)
def test_the_pattern_leaves_ordinary_text_alone(text):
    assert not CITATION.search(text), text


def test_the_package_cites_only_the_repository():
    found = package_findings()
    assert not found, f"{len(found)} citations of documents outside the repository:\n" + "\n".join(found)


def test_the_notebooks_cite_only_the_repository():
    found = notebook_findings()
    assert not found, f"{len(found)} citations of documents outside the repository:\n" + "\n".join(found)
