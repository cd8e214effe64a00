"""How often each MCR fan counts in winning hands, measured by simulated play.

    .venv/bin/python tools/fan_frequency.py [--hands 4000] [--check 60] [--out mjlearn/mcr/fan_frequency.json]

Plays ``--hands`` whole MCR hands with mjlearn's own table and four computer players (the same
loop as benchmarks/bench_table.py: shuffle, deal, play, claims, kongs, a win judged and scored by
the MCR rule set, or an exhausted wall), hand ``i`` shuffled from the table's seed ``i``. For each
winning hand it notes which fans count (a fan counted twice in one hand is one hand). The output
is a small JSON file: the hands played, the wins, per fan the number of winning hands it counted
in, and the same figures for the first ``--check`` hands, so a test can replay that prefix and
compare (tests/test_mcr_frequency.py).

The computer players are simple: they aim at a complete hand and take every legal win, so the
figures describe hands won by plain, fast play -- a fair picture of the fans a beginner meets most.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from mjlearn.table import Table, play_hand

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "mjlearn" / "mcr" / "fan_frequency.json"


def play(hands: int, first: int = 0) -> tuple[int, Counter]:
    """(winning hands, Counter fan id -> winning hands it counts in) over table seeds
    ``first .. first + hands - 1``."""
    wins, counts = 0, Counter()
    for seed in range(first, first + hands):
        t = play_hand(Table("mcr", seed=seed))
        for w in t.winners:
            wins += 1
            counts.update({int(item.key) for item in w.result.items})
    return wins, counts


def measure(hands: int, check: int) -> dict:
    """The data file's content: the full run and its first ``check`` hands."""
    first_wins, first_counts = play(check)
    rest_wins, rest_counts = play(hands - check, first=check)
    total = first_counts + rest_counts
    return {
        "about": "MCR fans counted in winning hands of simulated play (tools/fan_frequency.py)",
        "hands": hands,
        "first_seed": 0,
        "wins": first_wins + rest_wins,
        "counts": {str(k): total[k] for k in sorted(total)},
        "check": {
            "hands": check,
            "wins": first_wins,
            "counts": {str(k): first_counts[k] for k in sorted(first_counts)},
        },
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=4000)
    ap.add_argument("--check", type=int, default=60, help="the prefix a test replays")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    data = measure(args.hands, args.check)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{data['hands']} hands, {data['wins']} wins -> {args.out}")


if __name__ == "__main__":
    main()
