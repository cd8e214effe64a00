"""Bad input to the parser and the batch scorer: time and peak memory grow linearly, errors stay small.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_parser_bad_input.py [--sizes 1000,10000,100000,1000000]
        [--lines 10000] [--skip-jsonl]

For each bad input (a run of ']', '[', 'x' or a lone surrogate through ``parse_hand``, and '[123m]'
repeated through ``parse_tiles``) of each size it prints the time of one call, the peak memory that
call allocated (``tracemalloc``, a second call), the length of the error message and how many
problems it lists. Then it writes a batch file of ``--lines`` lines (varied hands, some with
notation errors) and a file holding one line of 10^6 characters, and runs ``mjlearn score --jsonl``
on each in a fresh interpreter: wall time, peak resident memory of that process, and the exit code.

The mjlearn it measures is the one Python imports (PYTHONPATH first), printed at the top, so the
same script measures an older checkout: ``PYTHONPATH=/path/to/old/checkout``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(_ROOT))  # last: PYTHONPATH or an installed mjlearn wins

import mjlearn
from mjlearn import parse_hand, parse_tiles

CASES = [
    ("']'", parse_hand, "]"),
    ("'['", parse_hand, "["),
    ("'x'", parse_hand, "x"),
    ("lone surrogate", parse_hand, "\ud800"),
    ("'[123m]' tiles", parse_tiles, "[123m]"),
]


def one_call(parse, text):
    """(seconds, error message length, problems) of one parse that is expected to fail."""
    start = time.perf_counter()
    try:
        parse(text)
        message, problems = "", 0
    except (ValueError, MemoryError) as e:
        message, problems = str(e), len(getattr(e, "problems", ()))
    return time.perf_counter() - start, len(message), problems


def peak_bytes(parse, text) -> int:
    tracemalloc.start()
    try:
        try:
            parse(text)
        except (ValueError, MemoryError):
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def parser_table(sizes):
    print(f"{'input':<16}{'chars':>10}{'time':>12}{'peak memory':>14}{'message':>14}{'problems':>10}")
    for name, parse, unit in CASES:
        for size in sizes:
            text = (unit * (size // len(unit) + 1))[:size]
            seconds, message, problems = one_call(parse, text)
            peak = peak_bytes(parse, text)
            print(f"{name:<16}{size:>10,}{seconds * 1e3:>10.2f}ms{peak / 1e6:>12.3f}MB{message:>14,}{problems:>10,}")


def batch_lines(n: int, seed: int = 1) -> list[str]:
    """Varied batch lines: MCR and regional hands, some with notation or context errors."""
    rng = random.Random(seed)
    hands = [
        "1112345678999m+5m",
        "123456789m23p55s+4p",
        "[EEE,1][SSSS,1]55pWWWNN+N",
        "19m19p19sESWNCFP+P",
        "123m456p789s23sEE+4s",
        "11223344556677m+7m",
        "[123m,2][456p,1]789s123sN+N",
        "123m45",
        "12x",
    ]
    out = []
    for _i in range(n):
        line = {"hand": rng.choice(hands), "self_drawn": rng.random() < 0.5}
        if rng.random() < 0.2:
            line.update(rules="xian", discarder="S")
            line.pop("self_drawn")
        out.append(json.dumps(line))
    return out


_CHILD = """\
import runpy, sys
try:
    runpy.run_module("mjlearn", run_name="__main__", alter_sys=True)
finally:
    try:  # the peak of this process only (ru_maxrss would carry the parent's peak over fork and exec)
        hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1]
    except OSError:
        import resource
        hwm = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write(f"\\nPEAK_RSS_KB {hwm}\\n")
"""


def run_cli(path: Path) -> tuple[float, float, int, int]:
    """(seconds, peak RSS MB, exit code, output lines) of ``mjlearn score --jsonl path`` in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(Path(mjlearn.__file__).resolve().parents[1]))
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, "score", "--jsonl", str(path)], capture_output=True, env=env, cwd=path.parent
    )  # not the checkout: "-c" puts the current folder first on sys.path
    seconds = time.perf_counter() - start
    text = proc.stderr.decode(errors="replace")
    peak = float(text.rsplit("PEAK_RSS_KB", 1)[1].split()[0]) / 1024 if "PEAK_RSS_KB" in text else float("nan")
    if "Traceback" in text:
        print("   traceback: " + text.split("Traceback")[1].strip().splitlines()[-1][:120])
    return seconds, peak, proc.returncode, proc.stdout.count(b"\n")


def jsonl_table(n_lines: int) -> None:
    with tempfile.TemporaryDirectory() as d:
        files = []
        big = Path(d) / f"{n_lines}_lines.jsonl"
        big.write_text("\n".join(batch_lines(n_lines)) + "\n", encoding="utf-8")
        files.append((f"{n_lines:,} lines", big, n_lines))
        huge = Path(d) / "huge_line.jsonl"
        huge.write_text(json.dumps({"hand": "]" * 10**6}) + "\n", encoding="utf-8")
        files.append(("one 10^6-char line", huge, 1))
        print(f"\n{'batch file':<22}{'time':>10}{'peak RSS':>12}{'exit':>6}{'lines out':>11}")
        for name, path, n in files:
            seconds, rss, code, lines = run_cli(path)
            print(f"{name:<22}{seconds:>9.2f}s{rss:>10.0f}MB{code:>6}{lines:>8,}/{n:,}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,300,1000,10000,100000,1000000", help="input sizes, comma-separated")
    ap.add_argument("--lines", type=int, default=10_000, help="lines of the batch file")
    ap.add_argument("--skip-jsonl", action="store_true", help="only the parser table")
    ap.add_argument("--skip-parser", action="store_true", help="only the batch files")
    args = ap.parse_args()
    print(f"mjlearn from {Path(mjlearn.__file__).parent}, Python {sys.version.split()[0]}")
    if not args.skip_parser:
        parser_table([int(s) for s in args.sizes.split(",")])
    if not args.skip_jsonl:
        jsonl_table(args.lines)


if __name__ == "__main__":
    main()
