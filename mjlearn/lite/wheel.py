"""mjlearn's own wheel for the browser site, made from this source tree with no build backend and no
network (used by :mod:`mjlearn.lite.site`)."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import sys
import zipfile
from pathlib import Path

from ..version import __version__

ROOT = Path(__file__).resolve().parents[2]
"""The source tree (the package's parent folder): pyproject.toml and the notebooks are read from it."""


def _pyproject_toml() -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10: pip carries a copy of tomli
        from pip._vendor import tomli as tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _pyproject() -> dict:
    return _pyproject_toml()["project"]


def _force_included() -> dict[str, str]:
    """What the real wheel adds beside the package (pyproject.toml's hatch ``force-include``: the
    notebooks and their quiz sets, as ``mjlearn/notebooks``), source folder -> folder in the wheel."""
    wheel = _pyproject_toml().get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {}).get("wheel", {})
    return dict(wheel.get("force-include", {}))


def _read_in_the_browser(shipped: Path) -> bool:
    """Whether the browser's wheel carries ``shipped``, a file of the shipped notebooks' folder.

    mjlearn reads one thing from that folder in the package: its quiz sets (``quiz_sets/``, found
    through :func:`mjlearn.shipped.notebooks_source`). The lessons and the recorded hands they open
    are the site's own files (``files/``, where JupyterLite opens them and a lesson's code finds
    ``recorded/...`` beside it), so their copy in the package would never be read there; nor
    would hidden files and ``__pycache__``."""
    parts = shipped.parts
    return parts[0] == "quiz_sets" and not any(part.startswith(".") or part == "__pycache__" for part in parts)


def build_wheel(out: Path) -> Path:
    """A pure-Python wheel of this source tree's mjlearn package (no build backend, no network)."""
    project = _pyproject()
    name, version = "mjlearn", __version__
    dist_info = f"{name}-{version}.dist-info"
    meta = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '')}",
    ]
    meta += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    files: dict[str, bytes] = {}
    pkg = ROOT / "mjlearn"
    for p in sorted(pkg.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"):
            files[p.relative_to(ROOT).as_posix()] = p.read_bytes()
    # as in the real wheel: the shipped notebooks' folder, so that a quiz set named by its shipped name
    # (lesson 14's sample class, a class's assignments) is found in the browser too; only what the
    # browser reads from it (see _read_in_the_browser)
    for source, target in _force_included().items():
        for p in sorted((ROOT / source).rglob("*")):
            shipped = p.relative_to(ROOT / source)
            if p.is_file() and _read_in_the_browser(shipped):
                files[f"{target}/{shipped.as_posix()}"] = p.read_bytes()
    files[f"{dist_info}/METADATA"] = ("\n".join(meta) + "\n").encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: mjlearn.lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arc, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arc, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    files[f"{dist_info}/RECORD"] = record.getvalue().encode()
    out.mkdir(parents=True, exist_ok=True)
    whl = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files.items():
            info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return whl
