"""The computer-player levels against each other by duplicate play, over seeded hands.

    .venv/bin/python benchmarks/bench_bot_levels.py [--walls 200] [--rules mcr] [--first 0] [--fans 12]

Duplicate play: for every pair of levels A and B, wall ``k`` (k = first, first + 1, ...) is shuffled
with seed ``k`` and played twice, seats E S W N taken A B A B and then B A B A. Each level so sits
in every seat of the same wall once, and the players of each seat keep their seeds (seat ``s`` is
seeded ``k * 4 + s``, as :func:`~mjlearn.coaching.make_bots` seats them), so the luck of the tiles is
shared out evenly. For each level of each pair the script prints, per seat and hand:

* the win rate (hands the seat won), the deal-in rate (hands in which it discarded the winning
  tile) and the average points (the rule set's settlement: under MCR 8 points from each player and
  the hand's points from the discarder);
* the draw rate of the pair's hands (no winner: the wall ran out);
* the margin A - B in points per seat and hand.

Every figure comes with a 95% interval, mean ± 1.96 standard errors over the walls (the wall is the
unit: the four seat-hands of one wall are not independent). A level's own line (all four seats of
that level, the same walls) gives its draw rate in its own company. The last table pools each level
over its pairings (per wall, the mean over the pairs it played in). ``--fans N``: the N commonest
fans (scoring items) of each level's wins, as a share of its wins (a win carries several).
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from itertools import combinations

from mjlearn.coaching import level_label, level_names, make_bots
from mjlearn.table import Table, play_hand

_STATS = ("win", "deal-in", "points", "draw")


def _hand(rules: str, k: int, levels: list[str], fans: dict) -> tuple[list[tuple[int, int, float]], int]:
    """Play wall ``k`` with ``levels`` (E, S, W, N): per seat (won, dealt in, amount), and drawn (0/1).
    The fans of each win are counted in ``fans[level]``."""
    t = play_hand(Table(rules, seed=k), make_bots(levels, seed=k))
    pay = list(t.payments.values())
    out = []
    for s in range(4):
        won = any(int(w.seat) == s for w in t.winners)
        dealt = any(w.from_seat is not None and int(w.from_seat) == s and int(w.seat) != s for w in t.winners)
        out.append((int(won), int(dealt), float(pay[s])))
    for w in t.winners:
        c = fans.setdefault(levels[int(w.seat)], Counter())
        c["__wins__"] += 1
        for name in {(i.zh, i.en) for i in w.items}:
            c[name] += 1
    return out, int(not t.winners)


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96 standard errors; 0 for one sample)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def run(rules: str, walls: int, first: int = 0, progress: bool = False) -> dict:
    """Per pair (A, B): {level: {stat: per-wall values}}, "margin": per-wall A - B; per level "self":
    its own games; "fans": level -> Counter; "cpu": seconds per pair."""
    names = level_names()
    pairs = list(combinations(names, 2))
    out: dict = {"pairs": {}, "self": {}, "fans": {}, "cpu": {}}
    for a, b in pairs:
        rows: dict = {a: {s: [] for s in _STATS}, b: {s: [] for s in _STATS}, "margin": []}
        c0 = time.process_time()
        for k in range(first, first + walls):
            per = {a: [0, 0, 0.0], b: [0, 0, 0.0]}
            drawn = 0
            for levels in ([a, b, a, b], [b, a, b, a]):
                seats, d = _hand(rules, k, levels, out["fans"])
                drawn += d
                for lv, (won, dealt, amount) in zip(levels, seats):
                    per[lv][0] += won
                    per[lv][1] += dealt
                    per[lv][2] += amount
            for lv in (a, b):
                rows[lv]["win"].append(per[lv][0] / 4)
                rows[lv]["deal-in"].append(per[lv][1] / 4)
                rows[lv]["points"].append(per[lv][2] / 4)
                rows[lv]["draw"].append(drawn / 2)
            rows["margin"].append((per[a][2] - per[b][2]) / 4)
            if progress and (k - first + 1) % 50 == 0:
                m, h = _mean_ci(rows["margin"])
                print(f"  {a} vs {b}: {k - first + 1} walls, margin {m:+.2f} ± {h:.2f}", flush=True)
        out["cpu"][(a, b)] = time.process_time() - c0
        out["pairs"][(a, b)] = rows
    for lv in names:
        rows = {s: [] for s in _STATS}
        c0 = time.process_time()
        for k in range(first, first + walls):
            seats, d = _hand(rules, k, [lv] * 4, {})
            rows["win"].append(sum(x[0] for x in seats) / 4)
            rows["deal-in"].append(sum(x[1] for x in seats) / 4)
            rows["points"].append(0.0)  # four of a kind: the payments add up to 0
            rows["draw"].append(float(d))
        out["cpu"][(lv, lv)] = time.process_time() - c0
        out["self"][lv] = rows
        if progress:
            print(f"  {lv} x4: done", flush=True)
    return out


def _cell(xs, pct: bool) -> str:
    m, h = _mean_ci(xs)
    return f"{m:6.1%} ±{h:5.1%}" if pct else f"{m:+6.2f} ±{h:5.2f}"


def summary(got: dict, walls: int, unit: str = "points", fans: int = 0) -> str:
    head = f"{'':28}{'win rate':>16}{'deal-in rate':>16}{'avg ' + unit:>16}{'draw rate':>16}"
    lines = [
        f"walls: {walls} per pair, each played twice (A B A B, then B A B A): {2 * walls} hands per pair; "
        "rates per seat and hand, 95% intervals over the walls",
    ]
    for (a, b), rows in got["pairs"].items():
        lines += ["", f"{level_label(a)} vs {level_label(b)}", head]
        for lv in (a, b):
            r = rows[lv]
            lines.append(
                f"{'  ' + level_label(lv):28}{_cell(r['win'], True):>16}{_cell(r['deal-in'], True):>16}"
                f"{_cell(r['points'], False):>16}{_cell(r['draw'], True):>16}"
            )
        m, h = _mean_ci(rows["margin"])
        lines.append(
            f"  margin {a} - {b}: {m:+.2f} {unit} per seat and hand, 95% CI [{m - h:+.2f}, {m + h:+.2f}]; "
            f"{2 * walls / got['cpu'][(a, b)]:.1f} hands per CPU-second"
        )
    lines += ["", "each level in its own company (four seats of one level, the same walls)", head]
    for lv, r in got["self"].items():
        lines.append(
            f"{'  ' + level_label(lv) + ' x4':28}{_cell(r['win'], True):>16}{_cell(r['deal-in'], True):>16}"
            f"{'':>16}{_cell(r['draw'], True):>16}"
        )
    lines += ["", "each level over all its pairings (per wall, the mean over the pairs it played in)", head]
    for lv in level_names():
        mine = [rows[lv] for (a, b), rows in got["pairs"].items() if lv in (a, b)]
        pooled = {s: [sum(r[s][k] for r in mine) / len(mine) for k in range(walls)] for s in _STATS}
        lines.append(
            f"{'  ' + level_label(lv):28}{_cell(pooled['win'], True):>16}{_cell(pooled['deal-in'], True):>16}"
            f"{_cell(pooled['points'], False):>16}{_cell(pooled['draw'], True):>16}"
        )
    if fans:
        lines += ["", f"the {fans} commonest fans of each level's wins (share of its wins in the pairings)"]
        for lv in level_names():
            c = got["fans"].get(lv, Counter())
            n = c.get("__wins__", 0)
            top = [(k, v) for k, v in c.most_common() if k != "__wins__"][:fans]
            lines.append(
                f"  {level_label(lv)} ({n} wins): " + "; ".join(f"{en} {zh} {v / n:.0%}" for (zh, en), v in top)
            )
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--walls", type=int, default=200, help="walls per pair of levels (each played twice)")
    ap.add_argument("--rules", default="mcr")
    ap.add_argument("--first", type=int, default=0, help="seed of the first wall")
    ap.add_argument("--fans", type=int, default=12, help="how many of each level's commonest fans to list")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)
    if args.walls < 2:
        ap.error("--walls must be at least 2 (an interval needs two walls)")
    print(f"rules={args.rules} walls={args.walls} first seed={args.first}", flush=True)
    got = run(args.rules, args.walls, args.first, progress=not args.quiet)
    print(summary(got, args.walls, fans=args.fans))


if __name__ == "__main__":
    main()
