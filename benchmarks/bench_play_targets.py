"""The play table's and the coach's speed figures in one run, printed as one table: measure, figure, target, met.

    .venv/bin/python benchmarks/bench_play_targets.py            # modest sizes: a few minutes
    .venv/bin/python benchmarks/bench_play_targets.py --full     # each benchmark's own default size
    .venv/bin/python benchmarks/bench_play_targets.py --only mcr,claim --json out.json

1. MCR scoring throughput against PyMahjongGB on the same hands (bench_mcr.py): at least 1/5. The
   modest size times 10,000 hands instead of 20,000; both warm the scorer's lazy tables on 20,000
   other hands first, as bench_mcr.py does by default (a long session's state: with 5,000 the
   scorer meets more counts for the first time, and is slower).
2. The coach per decision under MCR (bench_coach.py): median at most 100 ms (300 ms for the claims and
   kongs, every option rated), p95 at most 1 s.
3. Computer players only, full MCR hands per CPU second (bench_table.py): at least 150.
4. The ``claim`` question generator (bench_quiz.py, 200 seeds): median at most 20 ms.
5. Click to updated table in Chromium, the computer players' moves excluded (bench_play_click.py):
   median at most 100 ms.
6. The table as the learner feels it in Chromium (bench_play_felt.py): p95 at most 150 ms from the
   click to the coach's verdict, at most 300 ms to the learner's next turn (the computer players'
   moves done).

The scorer, coach and table benchmarks run as subprocesses of their own (each starts cold, as
alone) and their printed figures are read from the output, so each script stays the one place
that measures its figure; the script's own output is shown too (``--quiet`` hides it). The quiz
and click benchmarks are called in this process. A benchmark that fails is shown as an error
row, and the others still run. The exit status is 0 when every target is met.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

# (key, modest arguments, --full arguments)
SIZES = {
    "mcr": (["10000"], []),  # fewer timed hands; the scorer's tables warmed as bench_mcr.py does
    "coach": (["--decisions", "60", "--claims", "4"], []),
    "table": (["--hands", "150"], []),
    "claim": ({"seeds": 200}, {"seeds": 200}),
    "click": ({"hands": 1}, {"hands": 2}),
    "felt": ({"hands": 1}, {"hands": 2}),
}
ORDER = ("mcr", "coach", "table", "claim", "click", "felt")

_NUM = r"([0-9][0-9,]*(?:\.[0-9]+)?)"


def _f(s: str) -> float:
    return float(s.replace(",", ""))


def _script(name: str, args: list[str], quiet: bool) -> str:
    """Run benchmarks/NAME with ``args`` and return its output (arguments it does not take are left
    out and it runs again); raises RuntimeError with the output's tail if it fails."""
    args = list(args)
    for _ in range(3):
        cmd = [sys.executable, str(HERE / name), *args]
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        out = p.stdout + p.stderr
        bad = re.search(r"unrecognized arguments: (.*)", p.stderr) if p.returncode == 2 else None
        if bad and args:
            drop = bad.group(1).split()
            args = [a for a in args if a not in drop]
            continue
        if not quiet:
            print(f"$ {name} {' '.join(args)}".rstrip())
            print("  " + out.strip().replace("\n", "\n  "))
        if p.returncode not in (0, 1) or not p.stdout.strip():
            tail = out.strip().splitlines()[-3:]
            raise RuntimeError(f"{name} exited with {p.returncode}: {' / '.join(tail)}")
        return p.stdout
    raise RuntimeError(f"{name} did not take its arguments: {' '.join(args)}")


# --- the measures: each returns rows (measure, figure text, target text, met, numbers) -------


def measure_mcr(args, quiet):
    out = _script("bench_mcr.py", args, quiet)
    m = re.search(r"ratio score\(Hand\)\D*?median 1/" + _NUM, out)
    if m:
        inv = _f(m.group(1))
        how = "median over chunks"
    else:  # the totals: PyMahjongGB's and mjlearn's hands/s
        ref = re.search(r"PyMahjongGB[^\n]*?" + _NUM + r"\s*hands/s", out)
        mine = re.search(r"mjlearn score\(Hand\)[^\n]*?" + _NUM + r"\s*hands/s", out)
        if not (ref and mine):
            raise RuntimeError("bench_mcr.py printed no ratio to read")
        inv = _f(ref.group(1)) / _f(mine.group(1))
        how = "totals"
    ratio = 1 / inv
    return [
        ("MCR scoring vs PyMahjongGB (throughput)", f"1/{inv:.1f} ({how})", ">= 1/5", ratio >= 1 / 5, {"ratio": ratio})
    ]


def measure_coach(args, quiet):
    out = _script("bench_coach.py", args, quiet)
    lines = out.splitlines()
    rows = []
    # the discard decisions (the first line with a median), then any other kinds of decision it times
    first = next((x for x in lines if "median" in x and "target" not in x.lower()), "")
    others = [x for x in lines if re.match(r"\s*(claims on a discard|own turn with)", x)]
    for line, what in [(first, "")] + [(x, x.split(":")[0].strip()) for x in others]:
        med = re.search(r"median\s+" + _NUM + r"\s*ms", line)
        p95 = re.search(r"p95\s+" + _NUM + r"\s*ms", line)
        if not (med and p95):
            if not what:
                raise RuntimeError("bench_coach.py printed no median and p95 to read")
            continue
        med, p95 = _f(med.group(1)), _f(p95.group(1))
        limit = 300 if what else 100  # a discard's coaching; a claim or kong rates every option
        unit = " CPU" if "CPU" in line else ""
        label = "coach per decision, MCR" + (f" ({what})" if what else "")
        rows += [
            (f"{label}: median", f"{med:.0f} ms{unit}", f"<= {limit} ms", med <= limit, {"median_ms": med}),
            (f"{label}: p95", f"{p95:.0f} ms{unit}", "<= 1000 ms", p95 <= 1000, {"p95_ms": p95}),
        ]
    return rows


def measure_table(args, quiet):
    out = _script("bench_table.py", args, quiet)
    m = re.search(_NUM + r"\s*(?:full\s+)?(?:MCR\s+)?hands?\s*(?:/\s*s|per)\w*\s+(?:of\s+)?CPU", out) or re.search(
        r"mjlearn[^\n]*?" + _NUM + r"\s*(?:full\s+)?(?:MCR\s+)?hands?\s*(?:/\s*s|per)", out
    )
    if not m:
        raise RuntimeError("bench_table.py printed no hands per CPU second to read")
    rate = _f(m.group(1))
    return [
        (
            "computer players only: full MCR hands per CPU second",
            f"{rate:.1f}",
            ">= 150",
            rate >= 150,
            {"hands_per_cpu_s": rate},
        )
    ]


def measure_claim(kw, quiet):
    import bench_quiz

    m = bench_quiz.measure("claim", kw["seeds"])
    target = bench_quiz.OWN_TARGETS["claim"][0]
    ok = m["self_graded"] == m["wrong_graded_wrong"] == m["explained"] == m["n"]
    if not quiet:
        print(f"$ bench_quiz.py --seeds {kw['seeds']} claim")
        print(
            f"  claim: generation median {m['cpu_median_ms']:.2f} ms CPU, {m['median_ms']:.2f} ms wall "
            f"(p95 {m['cpu_p95_ms']:.1f} ms CPU); self-graded {m['self_graded']}/{m['n']}, wrong graded "
            f"wrong {m['wrong_graded_wrong']}/{m['n']}, explained {m['explained']}/{m['n']}"
        )
    return [
        (
            f"'claim' question generation, median over {m['n']} seeds",
            f"{m['cpu_median_ms']:.1f} ms CPU ({m['median_ms']:.1f} wall)",
            f"<= {target:.0f} ms",
            m["cpu_median_ms"] <= target and ok,
            m,
        )
    ]


def measure_click(kw, quiet):
    import bench_play_click

    r = bench_play_click.run(kw["hands"], verbose=not quiet)
    return [
        (
            f"click to updated table, Chromium, bots excluded: median ({r['clicks']} clicks)",
            f"{r['median_ms']:.0f} ms (p95 {r['p95_ms']:.0f})",
            f"<= {bench_play_click.TARGET_MS:.0f} ms",
            r["met"],
            r,
        )
    ]


def measure_felt(kw, quiet):
    import bench_play_felt

    r = bench_play_felt.run(kw["hands"], verbose=not quiet)
    res = r["checkouts"]["branch"]
    load = r["load_before"][0]
    return [
        (
            f"{bench_play_felt.WORDS[m]}, Chromium: p95 ({res['clicks']} clicks, load {load:.1f})",
            f"{res[m]['p95']:.0f} ms (p50 {res[m]['p50']:.0f})",
            f"<= {t:.0f} ms",
            res[m]["p95"] <= t,
            res[m],
        )
        for m, t in bench_play_felt.TARGETS.items()
    ]


MEASURES = {
    "mcr": measure_mcr,
    "coach": measure_coach,
    "table": measure_table,
    "claim": measure_claim,
    "click": measure_click,
    "felt": measure_felt,
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="each benchmark's full size (longer)")
    ap.add_argument("--only", default="", help=f"comma-separated subset of {','.join(ORDER)}")
    ap.add_argument("--quiet", action="store_true", help="only the table, not each benchmark's output")
    ap.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    a = ap.parse_args(argv)
    keys = [k.strip() for k in a.only.split(",") if k.strip()] or list(ORDER)
    bad = [k for k in keys if k not in MEASURES]
    if bad:
        ap.error(f"unknown measure(s) {', '.join(bad)}; choose from {', '.join(ORDER)}")
    rows = []
    t_all = time.perf_counter()
    for k in keys:
        t0 = time.perf_counter()
        try:
            got = MEASURES[k](SIZES[k][1 if a.full else 0], a.quiet)
        except Exception as e:  # one broken benchmark must not hide the others' figures
            got = [(k, f"error: {e}"[:70], "", None, {})]
        for r in got:
            rows.append((k, *r, time.perf_counter() - t0))
        if not a.quiet:
            print()
    w = max(len(r[1]) for r in rows)
    fw = max(len(r[2]) for r in rows)
    print(
        f"speed targets of the play table and the coach ({'full' if a.full else 'modest'} sizes, {time.perf_counter() - t_all:.0f} s)"
    )
    print(f"{'measure':<{w}}  {'figure':<{fw}}  {'target':<10}  met")
    for _, name, fig, target, met, _, _ in rows:
        print(f"{name:<{w}}  {fig:<{fw}}  {target:<10}  {'error' if met is None else 'yes' if met else 'NO'}")
    if a.json:
        Path(a.json).write_text(
            json.dumps(
                [
                    {
                        "key": k,
                        "measure": n,
                        "figure": f,
                        "target": t,
                        "met": m,
                        "seconds": round(s, 1),
                        "data": {x: v for x, v in d.items() if isinstance(v, (int, float, str, bool))},
                    }
                    for k, n, f, t, m, d, s in rows
                ],
                indent=1,
                ensure_ascii=False,
            )
        )
    return 0 if all(r[4] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
