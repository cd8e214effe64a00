"""What a learner's login gets from guessing class codes: not a timed test, a report.

    python benchmarks/bench_class_attacks.py [SECONDS]

Starts a throwaway PostgreSQL (as the tests do, tests/pg.py) with two classes set up by the owner, then,
as a learner of neither:

1. one statement sweeping 65,536 codes with the second class's real code among them (the 40,001st):
   how long it took, whether the class was joined;
2. for SECONDS (default 10), transactions of 10 guesses each, rolled back (so no failure stays
   recorded), from 1 connection and then from 4 at once: guesses looked at per second.

What the teacher's re-graded report costs is benchmarks/bench_report.py's. Run it from another checkout
to compare (it uses the mjlearn beside it).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def _sweep(sa, url: str, code: str) -> None:
    codes = [f"{i:06X}" for i in range(65536)]
    codes[40000] = code
    engine = sa.create_engine(url)
    start = time.perf_counter()
    with engine.begin() as c:
        got = [
            g for (g,) in c.exec_driver_sql("SELECT mjlearn_join(x) FROM unnest(%(c)s::text[]) AS x", {"c": codes}) if g
        ]
    took = time.perf_counter() - start
    engine.dispose()
    owner = sa.create_engine(url.replace("mallory@", "postgres@"))
    with owner.connect() as c:  # the wrong codes the database recorded (a table of revision 0006)
        limited = c.exec_driver_sql("SELECT count(*) FROM pg_tables WHERE tablename = 'join_failures'").scalar()
        failures = c.exec_driver_sql("SELECT count(*) FROM join_failures").scalar() if limited else None
    owner.dispose()
    print(
        f"1. one statement, 65,536 codes: {took:.2f} s; joined {got or 'nothing'}; "
        f"wrong codes recorded: {'none (no limit)' if failures is None else failures}"
    )


def _rolled_back(sa, url: str, seconds: float, connections: int) -> None:
    engine = sa.create_engine(url, pool_size=connections)
    looked = [0] * connections
    end = time.monotonic() + seconds

    def guess(i: int) -> None:
        rng = random.Random(i)
        with engine.connect() as c:
            while time.monotonic() < end:
                codes = [f"{rng.getrandbits(80):020X}" for _ in range(10)]
                c.exec_driver_sql("SELECT mjlearn_join(x) FROM unnest(%(c)s::text[]) AS x", {"c": codes}).all()
                c.rollback()
                looked[i] += 10

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(connections)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - start
    engine.dispose()
    print(
        f"2. batches of 10 rolled back, {connections} connection(s), {took:.1f} s: {sum(looked):,} guesses "
        f"looked at, {sum(looked) / took:,.1f} per second"
    )


@contextmanager
def bench_database():
    """A throwaway PostgreSQL (tests/pg.py) with an empty database ``bench`` whose owner's URL is given, a
    fresh data folder and a class secret; None when PostgreSQL is not installed."""
    import sqlalchemy as sa
    from pg import start_server

    server = start_server()
    if server is None:
        print("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        yield None
        return
    os.environ["MJLEARN_DATA_DIR"] = tempfile.mkdtemp(prefix="mjlearn-bench-")
    os.environ["MJLEARN_DB_SECRET"] = os.urandom(40).hex()
    try:
        admin = sa.create_engine(server.url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.exec_driver_sql("CREATE DATABASE bench")
        admin.dispose()
        yield server.url(db="bench")
    finally:
        server.stop()


def main(seconds: float = 10.0) -> int:
    import sqlalchemy as sa

    from mjlearn import db
    from mjlearn.db.classes import Classroom

    with bench_database() as url:
        if url is None:
            return 1
        with Classroom(url=url) as owner:
            owner.create("c1", teachers=["wang"])
            code = owner.create("c2", teachers=["li"])
        for name in ("mallory", "eve"):
            db.add_learner(url, name)
        _sweep(sa, url.replace("postgres@", "mallory@"), code)
        _rolled_back(sa, url.replace("postgres@", "eve@"), seconds, 1)
        _rolled_back(sa, url.replace("postgres@", "eve@"), seconds, 4)
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(*(float(args[0]),) if args else ()))
