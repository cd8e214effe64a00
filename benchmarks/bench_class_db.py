"""A class answering at once against the class database (PostgreSQL): not a timed test, a report.

    python benchmarks/bench_class_db.py [LEARNERS] [ANSWERS_EACH]

Starts a throwaway PostgreSQL (as the tests do, tests/pg.py), sets up the schema, then LEARNERS threads
(default 300), each its own store and connection, record ANSWERS_EACH answers (default 5) as fast as
they can. Midway the database is stopped for a few seconds and started again: a learner whose answer is
refused gets the "class database is not reachable" error (the answer kept on their computer) and, like the
quiz widget, sends it again. At the end every acknowledged answer must be in the table exactly once, and
every answer given must have been acknowledged. Prints write latency p50/p95 (acknowledged writes while the
server was up) and how many learners met the outage.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def main(learners: int = 300, each: int = 5) -> int:
    import sqlalchemy as sa
    from pg import start_server

    from mjlearn import db
    from mjlearn.errors import ClassDatabaseUnreachable
    from mjlearn.quiz import generate, grade, solve
    from mjlearn.quiz.progress import ProgressStore

    server = start_server()
    if server is None:
        print("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        return 1
    try:
        url = server.url()
        db.upgrade(url)
        os.environ["MJLEARN_DATA_DIR"] = tempfile.mkdtemp(prefix="mjlearn-bench-")
        questions = [generate("tile_name", seed=k) for k in range(each)]
        lock = threading.Lock()
        acked: dict[tuple[int, int], int] = {}
        latencies: list[float] = []
        met_outage: set[int] = set()
        failures: list[str] = []
        start = threading.Barrier(learners + 1)

        def learner(n: int) -> None:
            try:
                store = ProgressStore(None, user=f"learner{n:03d}", timeout=5)
                # each learner's own spool, as in their own home on a hub
                store.spool_path = Path(os.environ["MJLEARN_DATA_DIR"]) / f"learner{n:03d}" / "class-spool.db"
                if type(store.store).__name__ != "PostgresStore":
                    store.close()
                    raise RuntimeError("not a class store")
            except BaseException as e:
                failures.append(f"learner {n}: {e}")
                start.wait()
                return
            start.wait()
            with store:
                for k, q in enumerate(questions):
                    a = solve(q)
                    g = grade(q, a)
                    seconds = n + k / 10  # the same answer sent again keeps its time taken
                    while True:
                        t = time.perf_counter()
                        try:
                            rid = store.record(q, a, g, quiz="bench", seconds=seconds)
                        except ClassDatabaseUnreachable:
                            with lock:
                                met_outage.add(n)
                            time.sleep(0.5)
                            continue
                        dt = time.perf_counter() - t
                        with lock:
                            acked[(n, k)] = rid
                            latencies.append(dt)
                        break

        os.environ["MJLEARN_DB"] = url
        threads = [threading.Thread(target=learner, args=(n,)) for n in range(learners)]
        for t in threads:
            t.start()
        start.wait()
        t0 = time.perf_counter()
        while len(acked) < learners * each // 2 and any(t.is_alive() for t in threads):
            time.sleep(0.05)
        at_stop = len(acked)
        server.stop()
        time.sleep(3)
        server.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0

        engine = sa.create_engine(url)
        with engine.connect() as c:
            rows = c.exec_driver_sql('SELECT id, "user", uid FROM answers').all()
        engine.dispose()
        ids = [r[0] for r in rows]
        stored = set(ids)
        missing = [key for key, rid in acked.items() if rid not in stored]
        print(
            f"learners {learners}, answers each {each}: {len(acked)} acknowledged of {learners * each} given, "
            f"{len(rows)} rows stored, wall {wall:.1f} s"
        )
        print(
            f"acknowledged before the database was stopped: {at_stop}; learners who met the outage and "
            f"sent again: {len(met_outage)}"
        )
        print(
            f"every acknowledged answer stored: {not missing}; stored once: {len(ids) == len(stored)} and "
            f"{len({r[2] for r in rows}) == len(rows)} (unique ids, unique answer keys); "
            f"rows == acknowledged: {len(rows) == len(acked)}"
        )
        if latencies:
            q = statistics.quantiles(latencies, n=20)
            print(
                f"write latency p50 {statistics.median(latencies) * 1000:.1f} ms, p95 {q[18] * 1000:.1f} ms "
                f"(includes the answers sent again after the outage)"
            )
        for f in failures[:5]:
            print("failure:", f)
        ok = not missing and len(rows) == len(acked) == learners * each and not failures
        print("OK" if ok else "FAILED")
        return 0 if ok else 1
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
