"""Speed of the MCR scorer against the reference calculator PyMahjongGB 1.4.0, on the same hands.

    .venv/bin/python benchmarks/bench_mcr.py [N] [--chunk C] [--seed S]

Scores N random winning hands of the mix (regular with 0-4 melds, seven pairs, thirteen orphans,
honors and knitted, knitted straight, nine gates; random winds, flowers and flags, the same context
given to both sides) with ``mjlearn.mcr.score`` and with ``MahjongGB.MahjongFanCalculator``.

Robust to a loaded machine: both sides are timed with ``time.process_time()`` (CPU time of this
process, so time the scheduler gives to other processes does not count) and interleaved in chunks
of C hands (mjlearn chunk, reference chunk on the same hands, mjlearn + ``to_dict()`` chunk, ...;
mjlearn and the reference take turns going first), so any slowdown of the machine hits both sides
alike. Interleaving costs both sides some CPU-cache warmth (the reference runs ~4 us/hand alone,
~5-6 us interleaved), so small chunks flatter the ratio a little; 2000 is the default. Printed: hands/s of each side over all chunks,
the ratio of the totals and the median (min, max) of the per-chunk ratios.

Fair inputs: mjlearn gets a parsed :class:`~mjlearn.hand.Hand`, the reference its tuples, both
prepared beforehand (a separate figure includes mjlearn's parsing of the notation string). A Hand
keeps the tile counts that its own check makes when it is built (it counts the tiles to refuse a
fifth copy); the scorer reads them instead of counting again, and the parsing figure includes them. Each
timed pass scores hands it has never seen (a fresh Hand object per pass): the lazy tables (each
suit's splits and wait facts, keyed by the suit's counts; the patterns of a set of chows or pungs;
the fans that count for a set of fans that occur) are warmed once on a separate set of hands
(another seed), as in a long session, but none is keyed by a whole hand, so no result of a timed
hand can come from a cache filled by an earlier pass over the same hand.

The garbage collector: preparing 2 x N hands leaves the collector a full collection to make, which
would otherwise land in whichever timed pass allocates next (one chunk then read 1/19 instead of
1/8); it is made once before the timed passes (``gc.collect()``), and collections the scorer's own
allocations cause during the passes still count.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcr_hands import random_cases, to_reference


def _rate(n, t):
    return n / t if t > 0 else float("inf")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--chunk", type=int, default=2000, help="hands per interleaved chunk")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--warm", type=int, default=20000, help="hands of another seed scored first")
    args = ap.parse_args(argv)

    import MahjongGB

    from mjlearn import parse_hand
    from mjlearn.mcr import score

    calc = MahjongGB.MahjongFanCalculator
    cases = random_cases(args.n, args.seed)
    ref_args = [to_reference(h, c) for h, c in cases]
    # one fresh Hand per timed pass, so nothing computed on a hand object is reused across passes
    hands_a = [(parse_hand(h), c) for h, c in cases]
    hands_b = [(parse_hand(h), c) for h, c in cases]

    t_warm = time.process_time()
    for h, c in random_cases(args.warm, args.seed + 7919):
        score(h, **c)
    t_warm = time.process_time() - t_warm
    # the garbage of preparing the inputs is collected now, so that the full collection it owes
    # does not land in whichever side's timed pass happens to trigger it
    gc.collect()

    pt = time.process_time
    tot = dict(mine=0.0, ref=0.0, dict=0.0, str=0.0)
    ratios, ratios_dict = [], []
    wall0 = time.perf_counter()
    for k, lo in enumerate(range(0, args.n, args.chunk)):
        hi = min(lo + args.chunk, args.n)

        def mine_pass(lo=lo, hi=hi):
            t0 = pt()
            for h, c in hands_a[lo:hi]:
                score(h, **c)
            return pt() - t0

        def ref_pass(lo=lo, hi=hi):
            t0 = pt()
            for a in ref_args[lo:hi]:
                calc(*a, verbose=True)
            return pt() - t0

        # alternate which side goes first, so that neither always runs on caches the other warmed
        if k % 2:
            ref = ref_pass()
            mine = mine_pass()
        else:
            mine = mine_pass()
            ref = ref_pass()
        t2 = pt()
        for h, c in hands_b[lo:hi]:
            score(h, **c).to_dict()
        t3 = pt()
        for h, c in cases[lo:hi]:
            score(h, **c)
        t4 = pt()
        dct = t3 - t2
        tot["mine"] += mine
        tot["ref"] += ref
        tot["dict"] += dct
        tot["str"] += t4 - t3
        if mine > 0 and dct > 0:
            ratios.append(ref / mine)
            ratios_dict.append(ref / dct)
    wall = time.perf_counter() - wall0

    n = args.n
    ref_rate = _rate(n, tot["ref"])

    def line(name, t, note=""):
        r = _rate(n, t)
        return (
            f"{name:<26}{r:12,.0f} hands/s  ({1e6 * t / n:7.1f} us CPU/hand)  1/{ref_rate / r:5.1f} of reference{note}"
        )

    def med(rs):
        return (
            f"median 1/{1 / statistics.median(rs):.1f} over {len(rs)} chunks of {args.chunk} "
            f"(best 1/{1 / max(rs):.1f}, worst 1/{1 / min(rs):.1f})"
        )

    print(
        f"hands: {n} (seed {args.seed}), interleaved in chunks of {args.chunk}; CPU time "
        f"(time.process_time); tables warmed on {args.warm} other hands in {t_warm:.2f} s CPU"
    )
    print(f"{'PyMahjongGB 1.4.0':<26}{ref_rate:12,.0f} hands/s  ({1e6 * tot['ref'] / n:7.1f} us CPU/hand)")
    print(line("mjlearn score(Hand)", tot["mine"]))
    print(line("mjlearn score().to_dict()", tot["dict"], "  (explanation built)"))
    print(line("mjlearn score(str)", tot["str"], "  (parsing included)"))
    print(f"ratio score(Hand):          {med(ratios)}")
    print(f"ratio score().to_dict():    {med(ratios_dict)}")
    print(
        f"target: score(Hand) at least 1/5 of the reference's throughput; wall clock of the timed passes {wall:.2f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
