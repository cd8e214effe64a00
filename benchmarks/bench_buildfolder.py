"""What writing through :mod:`mjlearn.buildfolder` costs a build: a tree shaped like the JupyterLite
site (577 files in 96 folders, 21.5 MiB, as ``mjlearn lite build`` makes it) installed into a new
folder, then again as a rebuild (every earlier file checked against its SHA-256 first), next to a
plain ``shutil.copytree`` of the same tree (what the build did before: no checks, links followed).

    python benchmarks/bench_buildfolder.py [RUNS]
"""

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mjlearn.buildfolder import BuildFolder

FILES, FOLDERS, BYTES = 577, 96, int(21.5 * 2**20)


def site_like(root: Path) -> dict[str, Path]:
    """FILES files over FOLDERS folders (up to four deep), BYTES in all, a few large ones as the site has."""
    sizes = [BYTES // 2, BYTES // 8, BYTES // 8] + [(BYTES - BYTES // 2 - 2 * (BYTES // 8)) // (FILES - 3)] * (
        FILES - 3
    )
    files = {}
    for i, size in enumerate(sizes):
        d = i % FOLDERS
        rel = f"d{d % 8}/e{d % 24}/f{d}/file{i}.js" if d else f"file{i}.js"
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(os.urandom(64) * (size // 64))
        files[rel] = p
    return files


def main(runs: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        files = site_like(tmp / "staged")
        first, again, plain = [], [], []
        for n in range(runs):
            out = tmp / f"out{n}"
            t = time.perf_counter()
            with BuildFolder.claim(out, "mjlearn lite build") as folder:
                folder.install(files, replace_all=True)
            first.append(time.perf_counter() - t)
            t = time.perf_counter()
            with BuildFolder.claim(out, "mjlearn lite build") as folder:
                folder.install(files, replace_all=True)
            again.append(time.perf_counter() - t)
            t = time.perf_counter()
            shutil.copytree(tmp / "staged", tmp / f"plain{n}")
            plain.append(time.perf_counter() - t)
    print(f"site-shaped tree: {FILES} files, {FOLDERS} folders, {BYTES / 2**20:.1f} MiB; median of {runs}")
    print(f"  buildfolder, new folder   {statistics.median(first) * 1000:7.0f} ms")
    print(f"  buildfolder, rebuild      {statistics.median(again) * 1000:7.0f} ms  (every earlier file hashed first)")
    print(f"  shutil.copytree (before)  {statistics.median(plain) * 1000:7.0f} ms")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
