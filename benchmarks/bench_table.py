"""Full hands played by four computer players per second, on one core.

    .venv/bin/python benchmarks/bench_table.py [--hands 300] [--rules mcr] [--all [--per-rule 100]]

Each hand is the whole thing: shuffle, dice, break, deal, flower passes, play with claims and
kongs, until a win judged and scored by the rule set (``mjlearn.rules``: MCR 8 points or more,
every regional restriction, the payments) or an exhausted wall. ``--all`` also measures every
table rule set (``--per-rule`` hands each) and prints one line per rule set.
There is no reference table engine to compare with, so the figure is printed against the target
of the project (150 MCR hands per CPU-second, computer players only) and the ratio is to that
target. The rate is taken from the process's CPU time (one core), so that other work on a shared
machine does not distort it; the wall-clock rate is printed beside it.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from mjlearn.table import Table, play_hand

TARGET = 150.0  # MCR hands per CPU-second: the target for the computer players


def run(rules: str, hands: int, first_seed: int = 0) -> tuple[float, float, Counter, int]:
    """(hands per CPU second, hands per wall-clock second, outcomes, events)."""
    outcomes: Counter = Counter()
    events = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + hands):
        t = play_hand(Table(rules, seed=seed))
        outcomes["win" if t.winners else "draw"] += 1
        events += len(t.log)
    return hands / (time.process_time() - c0), hands / (time.perf_counter() - t0), outcomes, events


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--rules", default="mcr")
    ap.add_argument("--all", action="store_true", help="also measure every table rule set")
    ap.add_argument("--per-rule", type=int, default=100)
    args = ap.parse_args(argv)
    run(args.rules, 20, first_seed=10**6)  # warm the shanten caches, as a session would
    rate, wall_rate, outcomes, events = run(args.rules, args.hands)
    print(
        f"rules={args.rules} hands={args.hands} wins={outcomes['win']} draws={outcomes['draw']} "
        f"events/hand={events / args.hands:.0f}"
    )
    print(
        f"mjlearn: {rate:.1f} hands/s of CPU time ({wall_rate:.1f} by the wall clock)   "
        f"target: {TARGET:.0f} hands/s   ratio: {rate / TARGET:.2f}"
    )
    if args.all:
        from mjlearn.rules import names

        print(f"\nper rule set ({args.per_rule} hands each, CPU time):")
        print(f"{'rule set':16} {'hands/s':>8} {'wins':>5} {'draws':>5} {'events':>7}")
        for name in names():
            run(name, 5, first_seed=10**6)
            r, _, out, ev = run(name, args.per_rule)
            print(f"{name:16} {r:8.1f} {out['win']:5d} {out['draw']:5d} {ev / args.per_rule:7.0f}")


if __name__ == "__main__":
    main()
