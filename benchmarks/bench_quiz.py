"""Quiz benchmark: for every question kind and 200 seeds, the generation time (median, target under
50 ms), self-grading correctness, and wrong answers graded wrong with a non-empty explanation.

    .venv/bin/python benchmarks/bench_quiz.py [--seeds 200] [KIND ...]

There is no reference implementation of question generation; the reference figure is the 50 ms target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def main(argv=None) -> int:
    from mjlearn.quiz import generate, grade, kind_names, solve, wrong_answer
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("kinds", nargs="*")
    a = ap.parse_args(argv)
    names = kind_names()
    kinds = a.kinds or names
    target = 50.0
    print(f"{'kind':<12} {'gen median ms':>14} {'gen p95 ms':>11} {'target ms':>9} {'ratio':>6} "
          f"{'self-graded':>12} {'wrong->wrong':>13} {'explained':>10}")
    failures = 0
    for k in kinds:
        times, ok, wrong_ok, explained = [], 0, 0, 0
        for seed in range(a.seeds):
            t0 = time.perf_counter()
            q = generate(k, seed=seed, difficulty=seed % 3 + 1)
            times.append((time.perf_counter() - t0) * 1000)
            ok += grade(q, solve(q)).correct
            g = grade(q, wrong_answer(q, random.Random(seed)))
            wrong_ok += not g.correct
            explained += bool(g.explanation) and not g.correct
        med = statistics.median(times)
        p95 = sorted(times)[int(0.95 * len(times)) - 1]
        n = a.seeds
        failures += (ok < n) + (wrong_ok < n) + (explained < n) + (med >= target)
        print(f"{k:<12} {med:>14.2f} {p95:>11.2f} {target:>9.0f} {med / target:>6.2f} "
              f"{ok:>5}/{n:<6} {wrong_ok:>6}/{n:<6} {explained:>4}/{n:<5}")
    print("all targets met" if not failures else f"{failures} target(s) missed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
