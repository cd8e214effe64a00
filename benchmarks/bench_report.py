"""What the teacher's report costs, the first time and again: not a timed test, a report.

    python benchmarks/bench_report.py [LEARNERS] [ANSWERS_EACH] [--code DIR]

Starts a throwaway PostgreSQL (as the tests do, tests/pg.py) with a class of LEARNERS learners (default
30) who answer ANSWERS_EACH questions each (default 200): the class's assignment (the shipped
week1_tiles_and_waits set, the same questions for everyone), then practice of every kind in turn, each
practice question from its own random seed (so nearly every practice question is different: the costly
case for a report that grades every answer again). 70 % of the answers are right. Among them, each
learner has one wrong practice answer recorded as right (a forged row the report must flag), and five
rows are damaged (written before the database checked rows) and must be listed.

Then, each in a fresh Python process as the teacher, ``Classroom.report`` is timed twice: the first
report (an empty data folder: nothing kept) and the report again (the same folder). It prints wall and
CPU seconds of the call, the load average (the machine may be busy with other work: CPU time is the
steadier figure), and what the report found (flagged, damaged, correct). ``--code DIR`` also runs the
reports with another checkout of mjlearn (e.g. an earlier release) on the same rows, side by side.
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
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

SET = "week1_tiles_and_waits.json"

MEASURE = r"""
import json, os, sys, time
sys.path.insert(0, {root!r})
from mjlearn.db.classes import Classroom
t0 = time.perf_counter()
with Classroom(url={url!r}) as t:
    start, cpu = time.perf_counter(), time.process_time()
    rep = t.report("big")
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({{"s": took, "cpu": cpu, "load": os.getloadavg()[0], "whole": time.perf_counter() - t0,
                  "flagged": sum(l["flagged"] for l in rep["learners"]), "damaged": len(rep["damaged"]),
                  "correct": sum(l["correct"] for l in rep["learners"]), "answers": len(rep["answers"])}}))
"""


def _rows(aid_tag: str, learners: list[str], each: int) -> list[dict]:
    from mjlearn.db.classes import resolve_quiz_set
    from mjlearn.quiz import KINDS, generate, solve, wrong_answer
    from mjlearn.quiz.quizset import load_quiz_set

    questions = list(load_quiz_set(resolve_quiz_set(SET)))
    rng = random.Random(3)
    kinds = list(KINDS)
    rows = []
    for n in learners:
        forged = False
        for i in range(each):
            if i < len(questions):
                q, quiz = questions[i], aid_tag
            else:
                q, quiz = generate(kinds[i % len(kinds)], seed=rng.randrange(10**6)), "practice:all"
            right = rng.random() < 0.7
            a = solve(q) if right else wrong_answer(q, rng)
            correct = int(right)
            if not right and quiz != aid_tag and not forged:  # recorded right by hand: the report flags it
                correct, forged = 1, True
            rows.append(
                {
                    "at": 1.78e9 + i,
                    "user": n,
                    "quiz": quiz,
                    "kind": q.kind,
                    "topic": q.topic,
                    "seed": q.seed,
                    "difficulty": q.difficulty,
                    "question": json.dumps(q.to_dict()),
                    "answer": json.dumps(a),
                    "correct": correct,
                    "score": float(correct),
                    "hints": 0,
                    "retries": 0,
                }
            )
    damage = [
        {"question": "this is not JSON"},
        {"at": 1e300},
        {"kind": "no_such_kind"},
        {"question": json.dumps({"kind": "waits"})},
        {"answer": "{oops"},
    ]
    for k, change in enumerate(damage):  # in place of practice answers, spread over the class
        rows[(k * 997 + 500) % len(rows)].update(change)
    return rows


def _measure(code: Path, url: str, data: str) -> dict:
    env = dict(os.environ, MJLEARN_DATA_DIR=data)
    p = subprocess.run(
        [sys.executable, "-c", MEASURE.format(root=str(code), url=url)],
        capture_output=True,
        text=True,
        env=env,
        timeout=3600,
    )
    if p.returncode:
        raise SystemExit(f"the report failed with {code}:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    import sqlalchemy as sa
    from bench_class_attacks import bench_database

    from mjlearn.db.classes import Classroom, assignment_tag

    codes = [ROOT]
    if "--code" in argv:
        i = argv.index("--code")
        codes.append(Path(argv[i + 1]).resolve())
        argv = argv[:i] + argv[i + 2 :]
    learners, each = (int(a) for a in (argv + ["30", "200"][len(argv) :])[:2])
    with bench_database() as url:
        if url is None:
            return 1
        names = [f"l{i:03d}" for i in range(learners)]
        with Classroom(url=url) as owner:
            owner.create("big", teachers=["t_big"])
            owner.add("big", names)
            aid = owner.assign("big", SET)
        start = time.perf_counter()
        rows = _rows(assignment_tag(aid), names, each)
        engine = sa.create_engine(url)
        with engine.begin() as c:  # as the owner, with the rows' checks off: damaged rows of an earlier release
            c.exec_driver_sql("ALTER TABLE answers DROP CONSTRAINT IF EXISTS answers_readable")
            c.execute(
                sa.text(
                    'INSERT INTO answers (at, "user", quiz, kind, topic, seed, difficulty, question, answer, '
                    "correct, score, hints, retries) VALUES (:at, :user, :quiz, :kind, :topic, :seed, "
                    ":difficulty, :question, :answer, :correct, :score, :hints, :retries)"
                ),
                rows,
            )
        engine.dispose()
        print(
            f"{learners} learners x {each} answers ({len(rows):,} rows, {len({r['question'] for r in rows}):,} "
            f"distinct questions) written in {time.perf_counter() - start:.1f} s"
        )
        teacher = url.replace("postgres@", "t_big@")
        for code in codes:
            data = tempfile.mkdtemp(prefix="mjlearn-bench-teacher-")
            for when in ("first", "again"):
                r = _measure(code, teacher, data)
                print(
                    f"  {code.name:>16} report {when:5}: {r['s']:6.2f} s wall, {r['cpu']:6.2f} s CPU "
                    f"(load {r['load']:.1f}; whole process {r['whole']:.2f} s); {r['answers']:,} answers, "
                    f"{r['correct']:,} correct, {r['flagged']} flagged, {r['damaged']} damaged"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
