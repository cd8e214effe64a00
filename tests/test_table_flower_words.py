"""The event log names flowers ("Plum 梅", "Spring 春"), as tiles are named elsewhere: a flower's
notation is a bare letter, and "replaces it from the tail with a" reads as a broken sentence."""

from __future__ import annotations

import re

from mjlearn.table import FlowerReplaced, Table


def _replacements():
    out = []
    for seed in range(400):
        t = Table("mcr", seed=seed)
        out += [e for e in t.log if isinstance(e, FlowerReplaced)]
        if any(e.tile.is_flower for e in out) and len(out) > 20:
            return out
    return out


def test_a_flower_is_named_in_the_english_log():
    reps = _replacements()
    assert any(e.tile.is_flower for e in reps)  # a replacement that is itself a flower is among them
    for e in reps:
        assert f"shows flower {e.flower.en} {e.flower.zh} " in e.en, e.en
        if e.tile.is_flower:
            assert f"from the tail with {e.tile.en} {e.tile.zh}" in e.en, e.en
        assert not re.search(r"\b(?:with|flower) [a-h]\b", e.en), e.en
