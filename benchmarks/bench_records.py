"""How fast Botzone records are read and re-scored (the target: at least 2,000 games per minute of CPU).

Reads the committed fixtures (tests/data/botzone/games.txt.gz, games refereed by Botzone's judge), each
game once (a repeated game would find its hands in the scorer's caches), with mjlearn's MCR caches
cleared first, and prints, per minute of CPU time (time.process_time):

* read: the text format parsed into games;
* read + re-scored: parsed, each winning hand followed from the record and scored by mjlearn's MCR
  scorer with the judge's context, and compared with the judge's fans (``mjlearn records stats``);
* replayed at the table: each game played again at mjlearn's MCR table, every action checked
  (``mjlearn records check``);
* reviewed: every seat of the first games with each decision rated by the coach (``mjlearn review``),
  per seat.

There is no reference figure: Botzone's judge replays one game per call and scores no corpus.

    python benchmarks/bench_records.py
"""

from __future__ import annotations

import gzip
import io
import time
from pathlib import Path

from mjlearn.mcr import caches
from mjlearn.records import check_game, read_text
from mjlearn.records.stats import stats_of
from mjlearn.widgets.record_review import rated_record

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "botzone" / "games.txt.gz"


def per_minute(n: int, seconds: float) -> str:
    return f"{n / seconds * 60:10,.0f} games per CPU minute ({n} games, {seconds:.2f} s)"


def main() -> None:
    data = gzip.decompress(DATA.read_bytes())
    n = data.count(b"\nMatch ") + 1
    caches.clear()
    t = time.process_time()
    count = sum(1 for _ in read_text(io.BytesIO(data)))
    read = time.process_time() - t
    assert count == n
    caches.clear()
    t = time.process_time()
    st = stats_of(read_text(io.BytesIO(data)))
    scored = time.process_time() - t
    wins = sum(st.wins.values())
    tenth = list(read_text(io.BytesIO(data)))
    caches.clear()
    t = time.process_time()
    bad = sum(bool(check_game(g).disagreements) for g in tenth)
    replayed = time.process_time() - t
    print("\n".join(st.table().splitlines()[:7]))  # the games, the ends, and each seat's rates
    print(f"read                  {per_minute(n, read)}")
    print(f"read + re-scored      {per_minute(n, scored)}   wins {wins}, mjlearn agrees with the judge on {st.agree}")
    print(f"replayed at the table {per_minute(len(tenth), replayed)}   disagreeing {bad}")
    t = time.process_time()
    decisions = sum(len(rated_record(g, seat)["decisions"]) for g in tenth[:3] for seat in range(4))
    reviewed = time.process_time() - t
    print(f"reviewed              {reviewed / 12:10.2f} CPU s per seat (12 seats, {decisions} decisions rated)")
    print("target: read + re-scored >= 2,000 games per CPU minute")


if __name__ == "__main__":
    main()
