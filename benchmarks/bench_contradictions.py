"""How many contradictory win contexts are scored, and how many consistent twins are refused.

Generates every contradiction of ``tests/contradictions.py`` (each flag of each registered rule set,
each way it can contradict: a claimed meld, a kong, the last tile, the seats, a fifth copy), scores
each through its door and counts the ones that were scored instead of refused; then scores the
consistent twins and counts the ones refused. Prints one line per kind of contradiction and the
totals. Run from the checkout:

    .venv/bin/python benchmarks/bench_contradictions.py [--hands N] [--sets mcr,hongkong,...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from contradictions import cases, controls, run

from mjlearn.errors import ContextConflictError, MjlearnError
from mjlearn.rules import RULESETS
from mjlearn.table import Table, play_hand


def table_refusals(names, seeds: int) -> tuple[int, Counter]:
    """Hands played by the computer players per rule set, and the win judgements (claims, self-draws,
    robbed kongs) refused there for a context that contradicts the hand: the table builds its
    contexts from what happened, so each one is a legal hand refused."""
    refused = Counter()
    init = ContextConflictError.__init__
    current = [""]

    def record(self, problems, text=None):
        refused[current[0]] += 1
        init(self, problems, text)

    ContextConflictError.__init__ = record
    try:
        for name in names:
            current[0] = name
            for seed in range(seeds):
                play_hand(Table(name, seed=seed))
    finally:
        ContextConflictError.__init__ = init
    return len(names) * seeds, refused


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12, help="plain hands in the pool (default 12)")
    ap.add_argument("--sets", default="", help="comma-separated rule sets (default: every registered one)")
    ap.add_argument("--table-hands", type=int, default=25, help="seeded hands per rule set at the table (default 25)")
    args = ap.parse_args(argv)
    names = [s for s in args.sets.split(",") if s] or None
    t0 = time.perf_counter()
    total, scored, by_way, scored_by_way, examples = 0, 0, Counter(), Counter(), {}
    rule_sets, unnamed = set(), 0
    for case in cases(names, hands=args.hands):
        total += 1
        rule_sets.add(case.rules)
        way = case.way
        by_way[way] += 1
        try:
            run(case)
        except MjlearnError as e:
            text = str(e)
            if not all(n in text for n in case.named):
                unnamed += 1
            continue
        scored += 1
        scored_by_way[way] += 1
        examples.setdefault(way, case)
    t1 = time.perf_counter()
    ctl, refused = 0, 0
    for case in controls(names):
        ctl += 1
        try:
            run(case)
        except MjlearnError as e:
            refused += 1
            examples.setdefault("control " + case.way, (case, str(e)[:100]))
    t2 = time.perf_counter()
    played, table_refused = table_refusals(names or list(RULESETS), args.table_hands)
    t3 = time.perf_counter()
    print(f"{'contradiction':45} {'generated':>9} {'scored':>7}")
    for way in sorted(by_way):
        print(f"{way:45} {by_way[way]:9d} {scored_by_way[way]:7d}")
    print(
        f"\ncontradictory contexts generated: {total} over {len(rule_sets)} rule sets "
        f"({t1 - t0:.1f} s); scored: {scored}; refused without naming the keywords: {unnamed}"
    )
    print(f"consistent twins: {ctl}; refused: {refused} ({t2 - t1:.1f} s)")
    print(
        f"table: {played} seeded hands; win judgements refused for a contradictory context: "
        f"{sum(table_refused.values())} {dict(table_refused)} ({t3 - t2:.1f} s)"
    )
    for way, ex in sorted(examples.items(), key=lambda kv: kv[0])[:40]:
        print(f"  e.g. {way}: {ex}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
