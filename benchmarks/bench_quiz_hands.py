"""The quiz's realistic hands: milliseconds of CPU time per hand dealt and played at the table.

    .venv/bin/python benchmarks/bench_quiz_hands.py [--hands 300] [--warm 20]

Each hand is :func:`mjlearn.quiz.deal.simulate` for seeds 0..hands-1 (the default rule set, the
table's computer players taking half of their claims, snapshots kept on every other hand), the
work behind every quiz question that needs a hand from real play. ``--warm`` hands (other seeds)
are played first, as a session would have done, to fill the shanten caches.

The CPU time is the process's (one core), so other work on a shared machine does not distort it.
For a figure free of noise, count instructions: run it under valgrind twice and subtract,

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python benchmarks/bench_quiz_hands.py --hands 40
    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python benchmarks/bench_quiz_hands.py --hands 0

(the difference of the two "Collected" counts over 40 is the instructions per hand).
There is no reference implementation; the quiz's own figures are printed by bench_quiz.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# run from a checkout without installing: `python benchmarks/bench_quiz_hands.py`
_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))


def run(hands: int, first_seed: int = 0) -> tuple[float, int]:
    """(CPU seconds, wins) of ``hands`` quiz-style hands from ``first_seed``."""
    from mjlearn.quiz.deal import simulate

    wins = 0
    c0 = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        win, _ = simulate(random.Random(seed), keep_snapshots=seed % 2 == 0)
        wins += win is not None
    return time.process_time() - c0, wins


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--warm", type=int, default=20)
    args = ap.parse_args(argv)
    run(args.warm, first_seed=10**6)
    if args.hands <= 0:
        return
    cpu, wins = run(args.hands)
    print(f"hands={args.hands} wins={wins} draws={args.hands - wins}")
    print(f"mjlearn: {cpu / args.hands * 1000:.2f} ms of CPU time per hand")


if __name__ == "__main__":
    main()
