"""The engine calls the widgets make, in one place, imported lazily.

The widgets show what the engine computes and nothing else; this module only finds the engine
functions (some engine modules arrive later than the widgets) and says clearly when one is
missing, instead of guessing a result.
"""

from __future__ import annotations

from importlib import import_module

from ..hand import Hand
from ..tiles import KINDS


class EngineMissing(RuntimeError):
    """An engine function the widget needs is not in this version of mjlearn."""


def _find(*candidates):
    for module, name in candidates:
        try:
            fn = getattr(import_module(module), name, None)
        except ImportError:
            continue
        if fn is not None:
            return fn
    raise EngineMissing(" / ".join(f"{m}.{n}" for m, n in candidates))


def shanten(hand: Hand) -> int:
    return _find(("mjlearn.shanten", "shanten"), ("mjlearn.analysis", "shanten"))(hand)


def waits(hand: Hand):
    """The winning tiles of a 13-tile hand, in canonical order."""
    try:
        fn = _find(("mjlearn.shanten", "waits"), ("mjlearn.analysis", "waits"), ("mjlearn.shapes", "waits"))
    except EngineMissing:
        from ..shapes import is_complete  # exact: try each of the 34 kinds as the 14th tile
        counts, n = list(hand.counts), len(hand.melds)
        out = []
        for k in KINDS:
            if hand.all_counts[k.index] >= 4:
                continue
            counts[k.index] += 1
            if is_complete(counts, n):
                out.append(k)
            counts[k.index] -= 1
        return out
    return list(fn(hand))


def discard_advice(hand: Hand):
    return _find(("mjlearn.analysis", "discard_advice"), ("mjlearn.shanten", "discard_advice"))(hand)


def mcr_score(hand: Hand, **ctx):
    return _find(("mjlearn.mcr", "score"))(hand, **ctx)


def rules_score(hand: Hand, rules: str, **ctx):
    if rules == "mcr":
        return mcr_score(hand, **ctx)
    return _find(("mjlearn.rules", "score"))(hand, rules=rules, **ctx)


def rule_sets() -> list[tuple[str, str, str]]:
    """(key, zh, en) of every rule set the scorer knows, MCR first."""
    out = [("mcr", "国标麻将", "Mahjong Competition Rules")]
    try:
        reg = import_module("mjlearn.rules").RULESETS
    except (ImportError, AttributeError):
        return out
    items = reg.items() if hasattr(reg, "items") else ((getattr(r, "name", str(r)), r) for r in reg)
    for key, rs in items:
        if key == "mcr":
            continue
        out.append((key, getattr(rs, "zh", key), getattr(rs, "en", key)))
    return out


def compare(hand: Hand, **ctx):
    return _find(("mjlearn.rules", "compare"))(hand, **ctx)


def visible_left(held: tuple[int, ...], index: int) -> int:
    """Copies of a kind not in the learner's own hand (the live count a waits view shows)."""
    return 4 - held[index]


__all__ = ["EngineMissing", "shanten", "waits", "discard_advice", "mcr_score", "rules_score",
           "rule_sets", "compare", "KINDS"]
