"""Scoring throughput of every regional rule set, and MCR through the rule-set interface against
PyMahjongGB on the same hands.

    .venv/bin/python benchmarks/bench_rules.py [N] [--mcr M] [--seed S] [--only NAME,...]

Part 1: for each registered rule set, N random complete hands fit for that variant (its tile set:
no honors in Changsha and Fuzhou; no chow melds where chows are not claimed; 0-2 declared melds,
never holding the wild), a random winner, self-draw or a random discarder, and, where the variant
has a wild (Beijing 混儿, the Beijing points family, Huopin 财神, old Beijing, Fuzhou 金), 0-4 wilds
put into the concealed part (the wild kind is one the hand does not otherwise hold, so every copy
is a joker). Each hand is scored once with ``mjlearn.rules.score``; printed: hands/s and µs per
hand of CPU time (``time.process_time``), the share of legal wins, and for the wild variants the
µs per hand with 0-2 and with 3-4 wilds (the exact wild search). The per-suit tables and wild caches
are warmed first on hands of another seed, as in a long session; no timed hand was seen before.

Part 2: M random MCR winning hands (the mix of tests/mcr_hands.py: every form, 0-4 melds, flags),
scored by ``mjlearn.rules.score(hand, rules="mcr", winner=…, discarder=…)`` (the registry, the
context checks, the settlement and the RegionalResult included), by ``mjlearn.mcr.score`` directly,
and by ``MahjongGB.MahjongFanCalculator(..., verbose=True)`` (fan names included, as mjlearn's result
carries its fans), interleaved in chunks so a loaded machine hits every
side alike. Printed: hands/s of each and the throughput ratios, and how many totals agree with the
reference where the reference accepts the hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common  # noqa: F401  (puts the checkout on sys.path)
from mcr_hands import random_cases, to_reference

from mjlearn.hand import Hand, Meld, MeldKind
from mjlearn.tiles import TILES

SEATS = "ESWN"


# --- hands for a variant ----------------------------------------------------------------------------


def variant_hand(rng: random.Random, rs, max_wilds: int = 4):
    """(Hand, context, number of wilds) for the rule set ``rs``."""
    kinds = 34 if rs.tiles.honors else 27
    has_wild = "wild" in rs.context_names and rs.wild is not None
    while True:
        counts = [0] * 34
        melds, parts = [], []
        n_melds = rng.choice((0, 0, 1, 1, 2))
        for k in range(4):
            chow = rng.random() < 0.55
            if chow and k < n_melds and not rs.claims.chow:
                chow = False
            if chow:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                tiles = [s, s + 1, s + 2]
            else:
                s = rng.randrange(kinds)
                tiles = [s] * 3
            for t in tiles:
                counts[t] += 1
            if k < n_melds:
                if chow:
                    melds.append(Meld(MeldKind.CHOW, TILES[s], rng.choice((1, 2, 3))))
                elif rng.random() < 0.25:
                    counts[s] += 1
                    melds.append(Meld(MeldKind.KONG, TILES[s], rng.choice((None, 1, 2, 3))))
                else:
                    melds.append(Meld(MeldKind.PUNG, TILES[s], rng.choice((1, 2, 3))))
            else:
                parts += tiles
        p = rng.randrange(kinds)
        counts[p] += 2
        parts += [p, p]
        if max(counts) > 4:
            continue
        n_wilds, wild = 0, None
        if has_wild:
            n_wilds = rng.choice(range(max_wilds + 1))
            pool = [i for i in range(27 if not rs.tiles.honors or rs.name == "fuzhou" else 34) if not counts[i]]
            if n_wilds and pool:
                wild = rng.choice(pool)
                for pos in rng.sample(range(len(parts)), n_wilds):
                    parts[pos] = wild
            else:
                n_wilds = 0
                wild = rng.choice([i for i in range(27) if not counts[i]] or [None])
        rng.shuffle(parts)
        win = parts.pop()
        hand = Hand(tuple(melds), tuple(TILES[i] for i in parts), TILES[win])
        winner = rng.choice(SEATS)
        ctx = {"winner": winner}
        if rng.random() < 0.5:
            ctx["self_drawn"] = True
        else:
            ctx["discarder"] = rng.choice([s for s in SEATS if s != winner])
        if has_wild and wild is not None:
            ctx["wild"] = str(TILES[wild])
        return hand, ctx, n_wilds


def bench_variants(n: int, seed: int, only=None) -> None:
    from mjlearn.rules import RULESETS, score

    print(f"Part 1: {n} random complete hands per rule set (seed {seed}); CPU µs per mjlearn.rules.score call")
    print(f"{'rule set':<16}{'hands/s':>10}{'µs/hand':>10}{'legal':>8}   wilds 0-2 / 3-4 (µs/hand)")
    for name, rs in RULESETS.items():
        if only and name not in only:
            continue
        warm_rng = random.Random(seed + 7919)
        for _ in range(max(50, n // 4)):
            h, c, _ = variant_hand(warm_rng, rs)
            try:
                score(h, rules=rs, **c)
            except ValueError:
                pass
        rng = random.Random(seed)
        cases = [variant_hand(rng, rs) for _ in range(n)]
        times = {"low": [], "high": []}
        legal = errors = 0
        total = 0.0
        for h, c, k in cases:
            t0 = time.process_time()
            try:
                r = score(h, rules=rs, **c)
                legal += r.legal
            except ValueError:
                errors += 1
            dt = time.process_time() - t0
            total += dt
            times["high" if k >= 3 else "low"].append(dt)
        wild = ""
        if rs.wild is not None and "wild" in rs.context_names:
            lo, hi = (1e6 * sum(v) / max(1, len(v)) for v in (times["low"], times["high"]))
            wild = f"   {lo:8.0f} / {hi:8.0f}  ({len(times['high'])} hands with 3-4)"
        err = f"  ({errors} refused)" if errors else ""
        print(
            f"{name:<16}{n / total if total else float('inf'):>10,.0f}{1e6 * total / n:>10.0f}"
            f"{legal / n:>8.0%}{wild}{err}"
        )


# --- MCR through the rule-set interface vs PyMahjongGB ------------------------------------------------


def rules_context(ctx: dict) -> dict:
    """The rule-set context of an MCR case: the winner sits at the case's seat wind (dealer East)."""
    winner = ctx["seat_wind"]
    out = dict(
        winner=winner,
        prevalent_wind=ctx["prevalent_wind"],
        kong=ctx["kong"],
        wall_last=ctx["wall_last"],
        last_tile=ctx["last_tile"],
        flowers=ctx["flowers"],
    )
    if ctx["self_drawn"]:
        out["self_drawn"] = True
    else:
        out["discarder"] = SEATS[(SEATS.index(winner) + 1) % 4]
    return out


def bench_mcr(m: int, seed: int, chunk: int = 500) -> None:
    import MahjongGB

    from mjlearn import parse_hand
    from mjlearn.mcr import score as mcr_score
    from mjlearn.rules import get

    mcr = get("mcr")
    calc = MahjongGB.MahjongFanCalculator
    cases = random_cases(m, seed)
    ref_args = [to_reference(h, c) for h, c in cases]
    rules_in = [(parse_hand(h), rules_context(c)) for h, c in cases]
    direct_in = [(parse_hand(h), c) for h, c in cases]
    for h, c in random_cases(max(1000, m // 4), seed + 7919):  # warm both sides
        mcr.score(h, **rules_context(c))
        try:
            calc(*to_reference(h, c), verbose=True)
        except Exception:
            pass

    pt = time.process_time
    tot = dict(rules=0.0, direct=0.0, ref=0.0)
    ratios = []
    agree = compared = 0
    for lo in range(0, m, chunk):
        hi = min(lo + chunk, m)
        t0 = pt()
        res = [mcr.score(h, **c) for h, c in rules_in[lo:hi]]
        t1 = pt()
        for h, c in direct_in[lo:hi]:
            mcr_score(h, **c)
        t2 = pt()
        for a in ref_args[lo:hi]:
            try:
                calc(*a, verbose=True)
            except Exception:  # the reference refuses some hands (e.g. not a win for it)
                pass
        t3 = pt()
        refs = []
        for a in ref_args[lo:hi]:
            try:
                refs.append(calc(*a))
            except Exception:
                refs.append(None)
        tot["rules"] += t1 - t0
        tot["direct"] += t2 - t1
        tot["ref"] += t3 - t2
        if t1 > t0:
            ratios.append((t3 - t2) / (t1 - t0))
        for r, ref in zip(res, refs):
            if ref is None:
                continue
            compared += 1
            agree += r.total == sum(p for p, _ in ref)
    rate = {k: m / v for k, v in tot.items()}
    print(f"\nPart 2: MCR, {m} random winning hands (seed {seed}, every form, 0-4 melds), chunks of {chunk}")
    print(f"{'PyMahjongGB 1.4.0':<36}{rate['ref']:10,.0f} hands/s ({1e6 * tot['ref'] / m:6.1f} µs)")
    print(
        f"{'mjlearn.mcr.score':<36}{rate['direct']:10,.0f} hands/s ({1e6 * tot['direct'] / m:6.1f} µs)"
        f"   ratio {rate['direct'] / rate['ref']:.2f}"
    )
    label = 'mjlearn.rules.score(rules="mcr")'
    print(
        f"{label:<36}{rate['rules']:10,.0f} hands/s "
        f"({1e6 * tot['rules'] / m:6.1f} µs)   ratio {rate['rules'] / rate['ref']:.2f}"
        f" (median over chunks {statistics.median(ratios):.2f}); "
        f"rule-set layer costs {1e6 * (tot['rules'] - tot['direct']) / m:.1f} µs/hand"
    )
    print(f"totals equal to the reference's fan sum: {agree}/{compared}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=400, help="hands per rule set")
    ap.add_argument("--mcr", type=int, default=5000, help="MCR hands for the comparison")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--only", default="", help="comma-separated rule-set names (part 1)")
    args = ap.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    if args.n:
        bench_variants(args.n, args.seed, only)
    if args.mcr:
        bench_mcr(args.mcr, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
