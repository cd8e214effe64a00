"""The table plays every registered rule set exactly as it did when these fingerprints were taken.

For each rule set: 25 seeded hands by the computer players and a 6-hand :class:`Session`; every
event of every log (its type, fields and both sentences, the scored patterns of each win) and the
session's dealers, winds and scores go into one SHA-256 per rule set. A restructuring of the table
or the rule sets that is meant to change nothing must leave these unchanged; a deliberate change of
play or scoring updates the constant in the same commit and says why.

``python tests/test_table_fingerprints.py`` prints the current fingerprints.
"""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

import mjlearn.rules as R
from mjlearn.table import Session, Table, play_hand

HANDS = 25
SESSION_HANDS = 6


# A win is recorded by these names whether ``Won`` keeps them as fields or reads them from the
# WinContext it holds, so how the event stores its situation does not change the fingerprint.
_WON_NAMES = (
    "seat",
    "tile",
    "hand",
    "from_seat",
    "self_drawn",
    "kong",
    "wall_last",
    "last_tile",
    "seat_wind",
    "prevalent_wind",
    "points",
    "payments",
)
_SEAT_NAMES = {"seat", "from_seat", "owner"}


def _plain(name: str, value):
    """Seats as ints: an int and a ``Seat`` (an IntEnum) of the same place give the same text."""
    if value is None:
        return None
    if name in _SEAT_NAMES:
        return int(value)
    if name == "ready":
        return tuple(int(s) for s in value)
    return value


def _event_record(e) -> str:
    """One event as text that does not depend on how the rule set's table facts are stored."""
    name = type(e).__name__
    if name == "WallBuilt":  # the rule set itself is fingerprinted through what it makes happen
        return f"WallBuilt {e.arrangement} {e.seed} {e.prevalent_wind} {tuple(e.context)}"
    names = (
        _WON_NAMES
        if name == "Won"
        else [f.name for f in dataclasses.fields(e) if f.name not in ("result", "rule_context")]
    )
    fields = {n: _plain(n, getattr(e, n)) for n in names}
    extra = ""
    result = getattr(e, "result", None)
    if result is not None:
        extra = " items=" + repr([(i.zh, i.en, i.value, i.count) for i in result.items])
    ctx = getattr(e, "rule_context", ())
    if ctx:
        extra += f" ctx={sorted(ctx)!r}"
    return f"{name} {fields!r} {e.zh} | {e.en}{extra}"


def fingerprint(rules: str) -> str:
    h = hashlib.sha256()
    for seed in range(HANDS):
        t = play_hand(Table(rules, seed=seed))
        for e in t.log:
            h.update(_event_record(e).encode())
        h.update(repr(sorted(t.payments.items())).encode())
    s = Session(rules, seed=3).play(SESSION_HANDS)
    for r in s.records:
        h.update(
            f"hand {r.number} dealer={int(r.dealer)} wind={r.prevalent_wind} streak={r.streak} "
            f"pay={r.payments}".encode()
        )
        for e in r.table.log:
            h.update(_event_record(e).encode())
    h.update(repr((s.scores, int(s.dealer), s.prevalent_wind, s.streak)).encode())
    return h.hexdigest()[:16]


# The log names flowers in English ("Plum 梅", not the letter e): the rule sets with flowers changed.
FINGERPRINTS = {
    "mcr": "138373aa2237f92c",
    "beijing": "6ac1bd251af8af92",
    "beijing_cpt": "88c5e70d25ac2f7b",
    "bj_basic": "96091113e9558727",
    "bj_new": "13eb666f6101b0fa",
    "hebei1": "6714dc8ca4752d14",
    "hebei2": "c7b9cdd7f919b576",
    "shandong1": "3123ad327e504e54",
    "shandong2": "3ff5e837a825cae6",
    "changsha": "363691467f969d1b",
    "yunnan": "227cb6906b869ac1",
    "huopin": "eaefa44ed62d5641",  # seed 1: South's win on the last 2p with a wild as 2p, refused before, is scored
    "huopin_dazhong": "5532e5ddbe3a49f0",
    "huopin_wufan": "1c28c7c7f68c8af7",
    "xian": "acb44ba617e7323d",
    "old_beijing": "1a6f07555157c2eb",
    "hongkong": "c734b7bf08a359f0",
    "fuzhou": "e6d9efafccb00a2a",
}


def test_every_rule_set_has_a_fingerprint():
    assert sorted(FINGERPRINTS) == sorted(R.names())


@pytest.mark.parametrize("rules", sorted(FINGERPRINTS))
def test_table_plays_as_before(rules):
    assert fingerprint(rules) == FINGERPRINTS[rules]


if __name__ == "__main__":
    for name in R.names():
        print(f"    {name!r}: {fingerprint(name)!r},")
