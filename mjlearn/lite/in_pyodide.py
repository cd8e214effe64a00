"""What :mod:`mjlearn.lite.bytecode` runs inside the site's own Pyodide (under Node.js, at build time).

:func:`main` performs the kernel's start, notes the source files it imported, then rewrites each
archive of the site (wheels, ``python_stdlib.zip``): a started module gets its bytecode (see
:mod:`mjlearn.lite.bytecode` for the two layouts), what the browser never reads is left out (a
wheel's ``.data`` folder: files for a Jupyter server's ``share/``; packages' ``tests`` folders, as
Pyodide leaves them out of its own packages), and the wheel's ``RECORD`` lists what it then holds.
This module imports nothing of mjlearn: it runs where mjlearn is not installed yet.
"""

from __future__ import annotations

import ast
import base64
import csv
import hashlib
import importlib.util
import io
import os
import site
import sys
import warnings
import zipfile
from importlib import _bootstrap_external


class _Undocumented(ast.NodeTransformer):
    """Drops docstrings (what ``python -OO`` drops; asserts stay)."""

    def _strip(self, node):
        self.generic_visit(node)
        body = node.body
        first = body[0] if body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def _bytecode(source: bytes, path: str, documented: bool) -> bytes:
    with warnings.catch_warnings():  # old escape sequences in third-party code warn, as when imported
        warnings.simplefilter("ignore")
        tree = ast.parse(source, path)
        if not documented:
            tree = _Undocumented().visit(tree)
        code = compile(tree, path, "exec", dont_inherit=True)
    if documented:  # beside its source: used without reading the source again (PEP 552)
        source_hash = importlib.util.source_hash(source)
        return _bootstrap_external._code_to_hash_pyc(code, source_hash, checked=False)  # type: ignore[attr-defined]
    return _bootstrap_external._code_to_timestamp_pyc(code, 0, 0)  # type: ignore[attr-defined]


def _never_read(name: str) -> bool:
    parts = name.split("/")
    return parts[0].endswith(".data") or "tests" in parts[:-1]


def _record(members: list[tuple[zipfile.ZipInfo, bytes]], record: zipfile.ZipInfo) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for info, data in members:
        if info is not record and not info.is_dir():
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([info.filename, f"sha256={digest}", len(data)])
    writer.writerow([record.filename, "", ""])
    return out.getvalue().encode()


def rewrite(path: str, prefix: str, started: set[str], keep_source: bool) -> dict[str, int]:
    """Rewrite the archive at ``path`` (its members installed under ``prefix``); returns counts."""
    members: list[tuple[zipfile.ZipInfo, bytes]] = []
    compiled = dropped = 0
    with zipfile.ZipFile(path) as src:
        for info in src.infolist():
            if _never_read(info.filename):
                dropped += 1
                continue
            data = src.read(info)
            if not (info.filename.endswith(".py") and prefix + info.filename in started):
                members.append((info, data))
                continue
            compiled += 1
            bytecode = _bytecode(data, prefix + info.filename, documented=keep_source)
            if keep_source:
                folder, _, name = info.filename.rpartition("/")
                cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
                members.append((info, data))
                members.append(
                    (
                        zipfile.ZipInfo(f"{cached}{name[:-3]}.{sys.implementation.cache_tag}.pyc", info.date_time),
                        bytecode,
                    )
                )
            else:
                members.append((zipfile.ZipInfo(info.filename + "c", info.date_time), bytecode))
    if compiled or dropped:
        for i, (info, _) in enumerate(members):
            if info.filename.endswith(".dist-info/RECORD"):
                members[i] = (info, _record(members, info))
        with zipfile.ZipFile(path + ".new", "w", zipfile.ZIP_DEFLATED) as dst:
            for info, data in members:
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = info.external_attr or 0o644 << 16
                dst.writestr(info, data)
        os.replace(path + ".new", path)
    return {"compiled": compiled, "dropped": dropped}


def main(args: dict) -> dict[str, dict[str, int]]:
    """``args``: startup (lines of Python to run), folder (where the archives are), archives (their
    names), keep_source (wheel names whose sources stay)."""
    for line in args["startup"]:
        exec(line, {})  # noqa: S102 - the kernel's own start, as its worker runs it
    started = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.endswith(".py"):
            started.add(origin)
    packages = site.getsitepackages()[0].rstrip("/") + "/"
    stdlib = next(p for p in sys.path if p.endswith(".zip")) + "/"
    done = {}
    for name in args["archives"]:
        is_stdlib = name == "python_stdlib.zip"
        keep = not is_stdlib and name.split("-")[0] in args["keep_source"]
        done[name] = rewrite(f"{args['folder']}/{name}", stdlib if is_stdlib else packages, started, keep)
    return done
