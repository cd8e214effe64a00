"""Speed of the MCR scorer against the reference calculator PyMahjongGB 1.4.0, on the same hands.

    .venv/bin/python benchmarks/bench_mcr.py [N] [--seed S]

Scores N random winning hands of the mix (regular with 0-4 melds, seven pairs, thirteen orphans,
honors and knitted, knitted straight, nine gates; random winds, flowers and flags) with
``mjlearn.mcr.score`` and with ``MahjongGB.MahjongFanCalculator``, and prints both throughputs and
the ratio. Both get their usual input: mjlearn the notation string (parsing included) and a parsed
Hand, the reference its tuples, prepared beforehand.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcr_hands import random_cases, to_reference  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)

    import MahjongGB
    from mjlearn import parse_hand
    from mjlearn.mcr import score

    cases = random_cases(args.n, args.seed)
    ref_args = [to_reference(h, c) for h, c in cases]
    hands = [(parse_hand(h), c) for h, c in cases]
    calc = MahjongGB.MahjongFanCalculator

    score(*cases[0][:1], **cases[0][1])          # warm the lazy tables and caches once
    t0 = time.perf_counter()
    for a in ref_args:
        calc(*a, verbose=True)
    t_ref = time.perf_counter() - t0

    t0 = time.perf_counter()
    for h, c in hands:
        score(h, **c)
    t_cold = time.perf_counter() - t0

    # second pass: the per-suit tables (lazy, cached) are now warm, as in a long session
    t0 = time.perf_counter()
    for h, c in hands:
        score(h, **c)
    t_mine = time.perf_counter() - t0

    t0 = time.perf_counter()
    for h, c in hands:
        score(h, **c).to_dict()
    t_dict = time.perf_counter() - t0

    t0 = time.perf_counter()
    for h, c in cases:
        score(h, **c)
    t_str = time.perf_counter() - t0

    n = args.n
    ref_rate, mine_rate, str_rate = n / t_ref, n / t_mine, n / t_str
    print(f"hands: {n} (seed {args.seed})")
    print(f"PyMahjongGB 1.4.0        {ref_rate:12,.0f} hands/s  ({1e6 * t_ref / n:8.1f} us/hand)")
    print(f"mjlearn score(Hand) cold {n / t_cold:12,.0f} hands/s  ({1e6 * t_cold / n:8.1f} us/hand)  first pass, tables filling")
    print(f"mjlearn score(Hand)      {mine_rate:12,.0f} hands/s  ({1e6 * t_mine / n:8.1f} us/hand)")
    print(f"mjlearn score().to_dict  {n / t_dict:12,.0f} hands/s  ({1e6 * t_dict / n:8.1f} us/hand)  with the explanation built")
    print(f"mjlearn score(str)       {str_rate:12,.0f} hands/s  ({1e6 * t_str / n:8.1f} us/hand)")
    print(f"ratio mjlearn/reference  1/{ref_rate / mine_rate:.1f}  (Hand input; target >= 1/20, goal 1/5)")
    print(f"ratio with parsing       1/{ref_rate / str_rate:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
