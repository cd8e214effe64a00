"""A package from the npm registry, fetched with ``npm pack`` and unpacked (Pyodide for the site, the
JavaScript parser for :mod:`mjlearn.lite.prune`)."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path


def npm_pack(npm: str, spec: str, into: Path, *, quiet: bool = True) -> tuple[Path | None, str]:
    """Run ``npm pack SPEC`` in the empty folder ``into`` and unpack its tarball there. Returns (the
    package's folder, "") or (None, what npm printed, when it was captured)."""
    r = subprocess.run([npm, "pack", spec, "--silent"], cwd=into, capture_output=quiet, text=True, check=False)
    tgz = sorted(Path(into).glob("*.tgz"))
    if r.returncode != 0 or len(tgz) != 1:
        return None, ((r.stdout or "") + (r.stderr or "")).strip()
    with tarfile.open(tgz[0]) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+/3.11.4+: refuse links and odd paths
            tar.extractall(into, filter="data")
        else:  # pragma: no cover - older Pythons; npm's tarballs hold plain files only
            tar.extractall(into)  # noqa: S202 - npm's own tarball, fetched just now
    return Path(into) / "package", ""
