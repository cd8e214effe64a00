"""Turn the runner's match logs into the test fixtures of tests/data/botzone/.

    python tools/botzone/make_fixtures.py OUT_DIR/matches-*.jsonl [--json-games 30] [--to tests/data/botzone]

Writes games.txt.gz (every finished game in Botzone's text format, in the order played) and
matches.jsonl.gz (the judge's JSON logs of the first ``--json-games`` games), and prints the counts:
games, wins, drawn games, and any log that is not a finished game (the judge stopped it), with why.
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
from collections import Counter
from pathlib import Path

from mjlearn.records import Game, game_text, read_judge_log


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--json-games", type=int, default=30)
    ap.add_argument("--to", default="tests/data/botzone")
    a = ap.parse_args()
    to = Path(a.to)
    to.mkdir(parents=True, exist_ok=True)
    text, kept, counts, lineups = io.StringIO(), [], Counter(), Counter()
    for path in a.logs:
        with open(path, encoding="utf-8") as f:
            raw = [line for line in f if line.strip()]
        for line, g in zip(raw, read_judge_log(path)):
            if isinstance(g, Game):
                text.write(game_text(g))
                counts["huang" if g.huang else "win"] += 1
                if len(kept) < a.json_games:
                    kept.append(line)
                lineups[line.split('"players":', 1)[1].split("]", 1)[0] + "]"] += 1
            else:
                counts["not finished"] += 1
                print("not a finished game:", g, file=sys.stderr)
    (to / "games.txt.gz").write_bytes(gzip.compress(text.getvalue().encode("utf-8"), 9, mtime=0))
    (to / "matches.jsonl.gz").write_bytes(gzip.compress("".join(kept).encode("utf-8"), 9, mtime=0))
    print(
        f"games {counts['win'] + counts['huang']}: wins {counts['win']}, drawn {counts['huang']}, "
        f"not finished {counts['not finished']}; JSON logs kept {len(kept)}"
    )
    for k, v in sorted(lineups.items()):
        print(f"  line-up {k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
