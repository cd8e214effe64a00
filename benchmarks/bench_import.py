"""How long `import mjlearn` takes in a fresh interpreter (the target: at most 60 ms of its own time).

Runs the import in new processes and prints the median and the fastest, with the bare interpreter start
subtracted, so the figure is mjlearn's own cost.

    python benchmarks/bench_import.py [RUNS]
"""

import statistics
import subprocess
import sys
import time


def timed(code: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - t


def main(runs: int = 15) -> None:
    if sys.flags.dont_write_bytecode:
        print(
            "note: PYTHONDONTWRITEBYTECODE is set, so every run compiles mjlearn from source; "
            "an installed mjlearn has its bytecode cached (unset it to measure that)"
        )
    bare = [timed("pass") for _ in range(runs)]
    full = [timed("import mjlearn") for _ in range(runs)]
    base = statistics.median(bare)
    print(f"interpreter start      median {base * 1000:6.1f} ms")
    print(f"import mjlearn (total) median {statistics.median(full) * 1000:6.1f} ms")
    print(
        f"import mjlearn (own)   median {(statistics.median(full) - base) * 1000:6.1f} ms, "
        f"best {(min(full) - min(bare)) * 1000:6.1f} ms  (limit 60 ms)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
