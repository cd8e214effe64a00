"""Random winning MCR hands for the benchmark: the same generators as the tests (tests/mcr_hands.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "_mjlearn_tests_mcr_hands", Path(__file__).resolve().parent.parent / "tests" / "mcr_hands.py"
)
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)

random_cases = _mod.random_cases
targeted_cases = _mod.targeted_cases
to_reference = _mod.to_reference
