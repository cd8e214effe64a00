"""The strong computer player against today's, duplicate-style, over seeded MCR hands.

    .venv/bin/python benchmarks/bench_bot_levels.py [--hands 2000] [--rules mcr] [--first 0]

Hand ``k`` (k = first, first + 1, ...) is shuffled with seed ``k`` and played twice: once with one
strong seat (seat ``k % 4``, so the strong seat goes round East, South, West, North) and three basic
seats, and once with four basic players (the control). The deal and the three basic players are
identical in both (the same seeds), so the only difference is the player in that seat. For that
seat the script prints the win rate, the deal-in rate (hands in which it discarded the winning
tile), the average points per hand (the rule set's settlement: MCR 8 points from each player and
the points from the discarder), and the margin strong - control per hand with a 95% confidence
interval paired by hand (mean ± 1.96 standard errors of the per-hand differences). Speed: hands
per second of CPU time of each table (one strong seat; four basic) and the strong player's time per
decision of its own.
"""

from __future__ import annotations

import argparse
import math
import time

from mjlearn.coaching import make_bots
from mjlearn.table import Table, play_hand


def _seat_stats(table, seat: int) -> tuple[int, int, float]:
    """(won, dealt in, amount) of ``seat`` in a finished hand."""
    won = any(int(w.seat) == seat for w in table.winners)
    dealt = any(w.from_seat is not None and int(w.from_seat) == seat and int(w.seat) != seat for w in table.winners)
    return int(won), int(dealt), list(table.payments.values())[seat]


def run(rules: str, hands: int, first: int = 0, progress: bool = False):
    strong_rows, control_rows = [], []
    cpu_strong = cpu_control = 0.0
    for k in range(first, first + hands):
        seat = k % 4
        levels = ["basic"] * 4
        levels[seat] = "strong"
        c0 = time.process_time()
        t = play_hand(Table(rules, seed=k), make_bots(levels, seed=k))
        c1 = time.process_time()
        u = play_hand(Table(rules, seed=k), make_bots("basic", seed=k))
        c2 = time.process_time()
        cpu_strong += c1 - c0
        cpu_control += c2 - c1
        strong_rows.append(_seat_stats(t, seat))
        control_rows.append(_seat_stats(u, seat))
        if progress and (k - first + 1) % 100 == 0:
            d = [a[2] - b[2] for a, b in zip(strong_rows, control_rows)]
            print(f"  {k - first + 1} hands: margin {sum(d) / len(d):+.2f} points per hand", flush=True)
    return strong_rows, control_rows, cpu_strong, cpu_control


def summary(strong_rows, control_rows, cpu_strong, cpu_control, unit="points") -> str:
    n = len(strong_rows)

    def rate(rows, j):
        return sum(r[j] for r in rows) / n

    diffs = [a[2] - b[2] for a, b in zip(strong_rows, control_rows)]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    lines = [
        f"hands: {n}   (strong seat rotates E, S, W, N; control: the same deals with four basic players)",
        f"{'':22}{'strong seat':>14}{'control seat':>14}",
        f"{'win rate':22}{rate(strong_rows, 0):>14.1%}{rate(control_rows, 0):>14.1%}",
        f"{'deal-in rate':22}{rate(strong_rows, 1):>14.1%}{rate(control_rows, 1):>14.1%}",
        f"{'average ' + unit + '/hand':22}{rate(strong_rows, 2):>+14.2f}{rate(control_rows, 2):>+14.2f}",
        f"margin (strong - control): {mean:+.2f} {unit} per hand, 95% CI [{mean - half:+.2f}, {mean + half:+.2f}]"
        f" (paired by hand, sd {sd:.1f})",
        f"speed: one strong + three basic {n / cpu_strong:.1f} hands per CPU-second; "
        f"four basic {n / cpu_control:.1f} hands per CPU-second",
    ]
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--rules", default="mcr")
    ap.add_argument("--first", type=int, default=0, help="seed of the first hand")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)
    print(f"rules={args.rules} hands={args.hands} first seed={args.first}", flush=True)
    got = run(args.rules, args.hands, args.first, progress=not args.quiet)
    print(summary(*got))


if __name__ == "__main__":
    main()
