"""The ``mjlearn`` command.

::

    mjlearn lab [--dir D]        copy the notebooks to D (default ~/mjlearn-notebooks) and open JupyterLab
    mjlearn score HAND [...]     score a hand (MCR or a regional rule set)
    mjlearn quiz FILE            run a quiz set in the terminal
    mjlearn tiles                list the 42 tiles with their notation and names
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from . import __version__

MANIFEST = ".mjlearn-manifest.json"
"""Records the hash of each notebook as mjlearn copied it, to tell the learner's edits from ours."""


def notebooks_source() -> Path:
    """Where the shipped notebooks are: inside the installed wheel, or the repository's notebooks/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "notebooks", here.parent / "notebooks"):
        if candidate.is_dir() and any(candidate.glob("*.ipynb")):
            return candidate
    raise FileNotFoundError("the mjlearn notebooks were not found next to the package; reinstall mjlearn")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_notebooks(dest: Path, source: Path | None = None, out=None) -> dict[str, list[str]]:
    """Copy the notebooks into ``dest`` without ever overwriting a file the learner changed.

    A file mjlearn copied earlier and the learner left alone is updated to the new version; a file the
    learner changed is kept, and the new version is written beside it as ``NAME.new.ipynb``.
    Returns what happened to each file: ``{"copied": [...], "updated": [...], "kept": [...], "unchanged": [...]}``.
    """
    source = source or notebooks_source()
    out = out or sys.stdout
    dest.mkdir(parents=True, exist_ok=True)
    manifest_path = dest / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        manifest = {}
    report: dict[str, list[str]] = {"copied": [], "updated": [], "kept": [], "unchanged": []}
    for src in sorted(p for p in source.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts):
        rel = src.relative_to(source).as_posix()
        target = dest / rel
        new_hash = _digest(src)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, target)
            manifest[rel] = new_hash
            report["copied"].append(rel)
            continue
        current = _digest(target)
        if current == new_hash:
            manifest[rel] = new_hash
            report["unchanged"].append(rel)
        elif manifest.get(rel) == current:  # ours, untouched by the learner: safe to update
            shutil.copyfile(src, target)
            manifest[rel] = new_hash
            report["updated"].append(rel)
        else:  # the learner's work: never overwrite it
            beside = target.with_name(target.stem + ".new" + target.suffix)
            shutil.copyfile(src, beside)
            report["kept"].append(rel)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    for rel in report["kept"]:
        print(f"kept your changed {rel}; the new version is beside it as "
              f"{Path(rel).stem}.new{Path(rel).suffix}  (保留了你修改过的文件，新版本另存)", file=out)
    n = len(report["copied"]) + len(report["updated"])
    print(f"notebooks ready in {dest} ({n} copied or updated)  笔记本已就绪", file=out)
    return report


def _lab(args) -> int:
    dest = Path(args.dir).expanduser()
    copy_notebooks(dest)
    if args.copy_only:
        return 0
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        print("JupyterLab is not installed. Install it with:  pip install 'mjlearn[lab]'\n"
              "未安装 JupyterLab，请运行：pip install 'mjlearn[lab]'", file=sys.stderr)
        return 2
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={dest}", "--ServerApp.ip=127.0.0.1"]
    if args.port:
        cmd.append(f"--ServerApp.port={args.port}")
    if args.no_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    first = dest / "01_tiles_and_notation.ipynb"
    if first.exists() and not args.no_browser:
        cmd.append(str(first))
    print("starting JupyterLab on 127.0.0.1 (token authentication as usual); Ctrl-C stops it", file=sys.stderr)
    try:
        import subprocess
        return subprocess.call(cmd, cwd=dest)
    except KeyboardInterrupt:
        return 0


def _tiles(args) -> int:
    from .tiles import TILES
    for t in TILES:
        print(f"{str(t):>3}  {t.zh:<4}  {t.pinyin:<11} {t.en}")
    return 0


_SUBCOMMAND_MODULES = {"score": "cli_score", "quiz": "cli_quiz"}
"""Subcommands that live in their own modules: each has ``add_parser(subparsers)`` and ``run(args)``."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjlearn",
        description="Learn Chinese mahjong in Jupyter. 在 Jupyter 中学习中国麻将。",
    )
    parser.add_argument("--version", action="version", version=f"mjlearn {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    lab = sub.add_parser("lab", help="copy the notebooks to a folder and open them in JupyterLab")
    lab.add_argument("--dir", default="~/mjlearn-notebooks",
                     help="where the notebooks go (default: ~/mjlearn-notebooks); your changes are never overwritten")
    lab.add_argument("--port", type=int, default=None, help="port for JupyterLab (default: its own choice)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser")
    lab.add_argument("--copy-only", action="store_true", help="copy the notebooks and stop")
    lab.set_defaults(func=_lab)

    tiles = sub.add_parser("tiles", help="list the 42 tiles with their notation and names")
    tiles.set_defaults(func=_tiles)

    for module in _SUBCOMMAND_MODULES.values():
        try:
            mod = __import__(f"mjlearn.{module}", fromlist=["add_parser"])
        except ImportError as e:
            if e.name != f"mjlearn.{module}":
                raise
            continue
        mod.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        if args.command in _SUBCOMMAND_MODULES:
            from importlib import import_module
            return import_module(f"mjlearn.{_SUBCOMMAND_MODULES[args.command]}").run(args)
        return args.func(args)
    except BrokenPipeError:  # `mjlearn tiles | head`
        sys.stderr.close()
        return 0
    except (FileNotFoundError, PermissionError) as e:
        print(f"mjlearn: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the progress database cannot be used: its one-line message says why and where
        from .errors import ProgressError
        if not isinstance(e, ProgressError):
            raise
        print(f"mjlearn: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
