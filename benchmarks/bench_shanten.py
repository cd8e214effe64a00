"""Shanten and waits: mjlearn against PyMahjongGB's C++ on the same hands, in one run.

    .venv/bin/python benchmarks/bench_shanten.py [--hands 20000] [--seed 1]

Hands: random 13-tile hands dealt from a shuffled wall (seeded), and ready hands made from
random winning hands (four sets and a pair) less one tile. For each task it prints the time per
call and calls per second of both, and the ratio of throughputs (mjlearn / PyMahjongGB; 1.0 means
as fast, 0.10 a tenth). Both sides get their input already converted (34 counts for mjlearn,
tuples of tile strings for PyMahjongGB); the "public" lines time ``mjlearn.analysis`` on Hand
values, result objects included.

PyMahjongGB has no waits function; its waits of a ready hand are the useful tiles of every form
whose shanten is 0 (RegularShanten, SevenPairsShanten, ThirteenOrphansShanten,
HonorsAndKnittedTilesShanten, KnittedStraightShanten), which is what the differential tests use.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import MahjongGB
from common import gb_counts, random_hands, random_winning_hands, report_line, time_per_call

from mjlearn import analysis
from mjlearn import shanten_core as core
from mjlearn.hand import Hand
from mjlearn.tiles import TILES

GB_FORMS = (
    MahjongGB.RegularShanten,
    MahjongGB.SevenPairsShanten,
    MahjongGB.ThirteenOrphansShanten,
    MahjongGB.HonorsAndKnittedTilesShanten,
    MahjongGB.KnittedStraightShanten,
)


def gb_waits(standing):
    """PyMahjongGB's waits of a 13-tile concealed hand: useful tiles of each form at shanten 0."""
    out = set()
    for f in GB_FORMS:
        s, useful = f(standing)
        if s == 0:
            out.update(useful)
    return out


def ready_hands(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for w in random_winning_hands(seed, count):
        c = list(w)
        t = rng.choice([i for i in range(34) if c[i]])
        c[t] -= 1
        out.append(c)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    dealt = random_hands(args.seed, args.hands)
    ready = ready_hands(args.seed + 1, max(1000, args.hands // 4))
    gb_dealt = [gb_counts(c) for c in dealt]
    gb_ready = [gb_counts(c) for c in ready]
    print(
        f"Python {platform.python_version()} on {platform.machine()}; {len(dealt)} dealt hands, "
        f"{len(ready)} ready hands (seed {args.seed})"
    )

    # first pass over fresh caches: what a notebook or a new process pays
    t0 = time.perf_counter()
    for c in dealt:
        core.shanten_of_counts(c)
    cold = (time.perf_counter() - t0) / len(dealt)
    gb = time_per_call(lambda h: MahjongGB.MahjongShanten((), h), gb_dealt)
    print(report_line("shanten, dealt, first pass", cold, gb))
    ours = time_per_call(core.shanten_of_counts, dealt)
    print(report_line("shanten, dealt hands", ours, gb))

    ours = time_per_call(core.shanten_of_counts, ready)
    gb = time_per_call(lambda h: MahjongGB.MahjongShanten((), h), gb_ready)
    print(report_line("shanten, ready hands", ours, gb))

    ours = time_per_call(core.waits_of_counts, ready)
    gbw = time_per_call(gb_waits, gb_ready)
    print(report_line("waits, ready hands", ours, gbw))
    ours = time_per_call(core.waits_of_counts, dealt[:5000])
    gb = time_per_call(gb_waits, gb_dealt[:5000])
    print(report_line("waits, dealt hands (mostly none)", ours, gb))

    hands = [Hand((), tuple(TILES[i] for i, n in enumerate(c) for _ in range(n))) for c in ready]
    ours = time_per_call(analysis.shanten, hands)
    gb = time_per_call(lambda h: MahjongGB.MahjongShanten((), h), gb_ready)
    print(report_line("public shanten(Hand), ready", ours, gb))
    ours = time_per_call(analysis.waits, hands, repeat=1)
    print(report_line("public waits(Hand) with readings", ours, gbw))


if __name__ == "__main__":
    main()
