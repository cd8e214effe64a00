"""The review queue and the progress view on a long history: time and peak memory, each measured in a
fresh process.

    python benchmarks/bench_progress.py [ROWS] [--store FILE] [--clean] [--code DIR]

Builds a SQLite progress store of ROWS answers (default 100,000) by one learner over two years: every
kind of question in turn at random (real questions, generated and graded by the engine; a pool of
them, each asked about as often as a learner meets a question again in review), right at the first
try about 70 % of the time, a wrong first try tried again (right 60 % of the time), sometimes with a
hint; plus 20 damaged rows of several kinds (which both must skip and report). ``--store FILE`` keeps
the store (and reuses it when it exists). ``--clean`` measures a copy without the damaged rows and
``--code DIR`` another checkout of mjlearn (a release from before damaged rows were skipped crashes
on them: ``--clean --code ../main`` gives its figures on the same answers).

Then, each in a fresh Python process, on a copy of the store: as the first reading of the history ("full
first": nothing kept from an earlier one, as once after an upgrade), as a full reading with the engine's
solutions of "which fans?" questions kept beside the answers ("full later", ``mjlearn.quiz.solved``), as a
learner's first call in a new process on a store whose reading an earlier call kept ("first": the reading
checkpoint, ``mjlearn.quiz.checkpoint_state``) and the same with 500 answers recorded since ("first +500"),
(so the first call pays what a learner's first call pays: the
imports, the SQLite page cache, the engine's tables), it times ``review_queue(store)`` and
``store.view()`` (with its text, as ``mjlearn quiz --progress`` prints it) and reports: wall time of the
call, the CPU time of the measuring process during it, the peak of Python's allocations during it
(tracemalloc) and the measuring process's peak resident memory since it started (the kernel's high-water
mark of its own memory, ``VmHWM``, which includes the interpreter and mjlearn's imports: read before
the call and after it). The store is built in a process of its own, so that what building it takes
(about 180 MB) is never counted in a measuring process's peak (``ru_maxrss`` of a child started from a
big process begins at its parent's size).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

POOL = {"fans": 1500}
"""Distinct questions per kind (others: 400): "which fans?" questions are the costly ones to grade
again, so the pool is large enough that most of the history's wrong answers to them are different."""

DAMAGED = [
    ("question", '{"kind": "tile_name", "da'),
    ("question", "[1, 2]"),
    ("at", 1e300),
    ("at", "yesterday"),
    ("correct", "yes"),
    ("kind", "nonesuch"),
    ("topic", "astrology"),
    ("hints", "two"),
    ("seed", "abc"),
    ("answer", "[[1]]"),
    ("retries", -3),
    ("at", -1e12),
    ("difficulty", 9),
    ("score", "x"),
    ("question", '{"data": "x"}'),
    ("answer", "[1,"),
    ("at", float("inf")),
    ("correct", 5),
    ("question", '{"kind": "regional", "data": {"rules": "atlantis"}}'),
    ("seconds", "slow"),
]


def build(path: Path, rows: int, seed: int = 1, sizes: dict | None = None) -> None:
    """The store (``sizes``: distinct questions per kind, ``"*"`` for the others; default :data:`POOL`
    and 400)."""
    from mjlearn.quiz import generate, grade, solve, wrong_answer
    from mjlearn.quiz.core import KINDS
    from mjlearn.quiz.progress import ProgressStore

    rng = random.Random(seed)
    t0 = time.perf_counter()
    pool: dict[str, list] = {}
    for kind in [k for k, spec in KINDS.items() if not spec.review_only]:  # what learners answer in quizzes
        items = []
        sizes_ = sizes or POOL
        for i in range(sizes_.get(kind, sizes_.get("*", 400))):
            q = generate(kind, seed=seed * 1_000_000 + i)
            right, wrong = solve(q), wrong_answer(q, random.Random(i))
            g_wrong = grade(q, wrong)
            items.append(
                (
                    json.dumps(q.to_dict(), ensure_ascii=False),
                    q.topic,
                    q.seed,
                    q.difficulty,
                    json.dumps(right, ensure_ascii=False),
                    json.dumps(g_wrong.answer, ensure_ascii=False),
                    g_wrong.score,
                )
            )
        pool[kind] = items
    print(f"  {sum(map(len, pool.values()))} questions generated and graded in {time.perf_counter() - t0:.1f} s")
    with ProgressStore(path, user="ann"):
        pass
    import sqlite3

    c = sqlite3.connect(path, isolation_level=None)
    c.execute("BEGIN")
    kinds = list(pool)
    at = time.time() - 2 * 365 * 86400
    step = 2 * 365 * 86400 / rows
    n = 0
    insert = (
        "INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer, correct, score,"
        " hints, seconds, retries) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
    )
    while n < rows:
        kind = rng.choice(kinds)
        question, topic, qseed, difficulty, right, wrong, wrong_score = rng.choice(pool[kind])
        hints = 1 if rng.random() < 0.1 else 0
        tries = [True] if rng.random() < 0.7 else [False, True] if rng.random() < 0.6 else [False, False]
        for retries, ok in enumerate(tries):
            at += rng.uniform(0.2, 1.8) * step
            c.execute(
                insert,
                (
                    at,
                    "ann",
                    f"practice:{topic}",
                    kind,
                    topic,
                    qseed,
                    difficulty,
                    question,
                    right if ok else wrong,
                    int(ok),
                    1.0 if ok else wrong_score,
                    hints,
                    rng.uniform(3, 60),
                    retries,
                ),
            )
            n += 1
    base = c.execute("SELECT * FROM answers WHERE kind = 'fans' LIMIT 1").fetchone()
    cols = [d[0] for d in c.execute("SELECT * FROM answers LIMIT 0").description]
    for col, value in DAMAGED:
        row = dict(zip(cols, base), id=None)
        row[col] = value
        c.execute(f"INSERT INTO answers ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", list(row.values()))
    c.execute("COMMIT")
    c.close()


MEASURE = r"""
import json, sys, time, tracemalloc
def hwm():  # this process's peak resident memory since it started (kB), as the kernel counts it
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
sys.path.insert(0, {root!r})
from mjlearn.quiz.progress import ProgressStore
from mjlearn.quiz.review import review_queue
import sqlite3
c = sqlite3.connect({path!r}, isolation_level=None)
try:
    if {prep!r} == "full":  # no reading kept: the whole history read and replayed
        c.execute("DELETE FROM reading_checkpoints")
    elif {prep!r} == "more":  # 500 answers recorded since the reading kept (copies of good ones, a week later)
        c.execute("INSERT INTO answers (at, user, quiz, kind, topic, seed, difficulty, question, answer, correct, "
                  "score, hints, seconds, retries) SELECT at + 604800, user, quiz, kind, topic, seed, difficulty, "
                  "question, answer, correct, score, hints, seconds, retries FROM answers WHERE user = 'ann' AND id "
                  "BETWEEN {good} - 499 AND {good} ORDER BY id")
except sqlite3.OperationalError:  # a release without reading checkpoints
    pass
c.close()
rss0 = hwm()
store = ProgressStore({path!r}, user="ann")
tracemalloc.start()
t = time.perf_counter(); cpu = time.process_time()
if {what!r} == "queue":
    rq = review_queue(store)
    out = rq.text("en"); damaged = len(getattr(rq, "damage", ()))
else:
    v = store.view()
    out = v.text("en", terminal=True); damaged = len(v.summary.get("damaged", ()))
dt = time.perf_counter() - t; cpu = time.process_time() - cpu
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
print(json.dumps({{"s": dt, "cpu": cpu, "peak": peak, "rss0": rss0, "rss": hwm(),
                  "damaged": damaged, "ok": "damaged row" in out}}))
"""

MEASURE_UNTRACED = MEASURE.replace("tracemalloc.start()", "").replace(
    "peak = tracemalloc.get_traced_memory()[1]\ntracemalloc.stop()", "peak = 0"
)


def measure(path: Path, what: str, traced: bool, code_dir: Path = ROOT, prep: str = "", good: int = 0) -> dict:
    """``prep``: "full" (the reading kept, if any, removed first), "more" (answers ``good`` - 499 to
    ``good``, good ones, recorded again first) or ""."""
    code = (MEASURE if traced else MEASURE_UNTRACED).format(
        root=str(code_dir), path=str(path), what=what, prep=prep, good=good
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    if p.returncode:
        return {"error": (p.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    if argv[:1] == ["--build"]:
        build(Path(argv[1]), int(argv[2]))
        return 0
    rows = int(argv[0]) if argv and argv[0].isdigit() else 100_000
    keep = Path(argv[argv.index("--store") + 1]) if "--store" in argv else None
    path = keep or Path(tempfile.mkdtemp(prefix="mjlearn-bench-")) / "progress.db"
    if not path.exists():
        print(f"building a store of {rows:,} answers (+{len(DAMAGED)} damaged rows) at {path}")
        # in a process of its own: its memory never counts in the figures
        subprocess.run([sys.executable, __file__, "--build", str(path), str(rows)], check=True)
    code_dir = Path(argv[argv.index("--code") + 1]).resolve() if "--code" in argv else ROOT
    if "--clean" in argv:
        import shutil
        import sqlite3

        clean = Path(tempfile.mkdtemp(prefix="mjlearn-bench-")) / "clean.db"
        shutil.copy(path, clean)
        c = sqlite3.connect(clean, isolation_level=None)
        c.execute("DELETE FROM answers WHERE id > (SELECT count(*) FROM answers) - ?", (len(DAMAGED),))
        c.close()
        path = clean
    # mjlearn's modules compiled to bytecode first, as installing the package compiles them: a call that
    # imports a module (the rule sets) would otherwise pay compiling it from source when the environment
    # forbids writing bytecode (PYTHONDONTWRITEBYTECODE), which no learner's installed copy pays
    import compileall

    compileall.compile_dir(str(code_dir / "mjlearn"), quiet=1)
    print(f"store: {path} ({path.stat().st_size / 1e6:.0f} MB); mjlearn from {code_dir} (compiled to bytecode)")
    print(
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall time waits for the CPU; "
        f"CPU time is this process's own)"
    )
    print(
        f"{'':17} {'wall':>7} {'CPU':>7} {'traced peak':>12} {'RSS before':>11} {'RSS peak':>9}  damaged rows reported"
    )
    print(f"{'':17} {'':>7} {'':>7} {'(the call)':>12} {'(imports)':>11} {'(process)':>9}")
    # measured on a copy: the "more" runs add answers to it (copies of answers before the damaged rows,
    # which the store's last ids are)
    import shutil
    import sqlite3

    c = sqlite3.connect(path)
    good = c.execute("SELECT max(id) FROM answers").fetchone()[0] - (0 if "--clean" in argv else len(DAMAGED))
    c.close()
    work = Path(tempfile.mkdtemp(prefix="mjlearn-bench-")) / "progress.db"
    shutil.copy(path, work)
    path = work
    kept = path.parent / "fans-solved.db"  # the engine's solutions kept beside the answers (mjlearn.quiz.solved)
    # full first: nothing kept (the whole history read and replayed, every wrong "which fans?" answer solved
    # again: once, after an upgrade); full later: the solutions kept, no reading checkpoint; first: a fresh
    # process, the reading kept by an earlier one (mjlearn.quiz.checkpoint_state); +500: 500 answers
    # recorded since (each of the two runs adds 500 more)
    for what in ("queue", "view"):
        for label, fresh, prep in (
            ("full first", True, "full"),
            ("full later", False, "full"),
            ("first", False, ""),
            ("first +500", False, "more"),
        ):
            if fresh and kept.exists():
                kept.unlink()
            timed = measure(path, what, traced=False, code_dir=code_dir, prep=prep, good=good)  # without tracemalloc
            if fresh and kept.exists():
                kept.unlink()
            traced = measure(path, what, traced=True, code_dir=code_dir, prep=prep, good=good)
            if "error" in timed or "error" in traced:
                print(f"{what:6} failed: {timed.get('error') or traced.get('error')}")
                continue
            print(
                f"{what + ' ' + label:17} {timed['s']:6.2f}s {timed['cpu']:6.2f}s {traced['peak'] / 2**20:9.1f} MB {timed['rss0'] / 1024:8.0f} MB "
                f"{timed['rss'] / 1024:6.0f} MB  {timed['damaged']}{'' if timed['ok'] else ' (NOT SHOWN)'}"
            )
    print("targets: at most 0.5 s and 100 MB each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
