"""What :mod:`mjlearn.lite.bytecode` runs inside the site's own Pyodide (under Node.js, at build time).

:func:`main` performs the kernel's start, notes the source files it imported, then rewrites each
archive of the site (wheels, ``python_stdlib.zip``): a started module gets its bytecode (see
:mod:`mjlearn.lite.bytecode` for the two layouts), what the browser never reads is left out, and the
wheel's ``RECORD`` lists what it then holds. Left out:

- a wheel's ``.data`` folder (files for a Jupyter server's ``share/``) and packages' ``tests``
  folders, as Pyodide leaves them out of its own packages;
- pygments' lexers that nothing in the site can ask for (:func:`pygments_lexers`), its lexer mapping
  rewritten to name only those kept, so that asking for another gives pygments' own ``ClassNotFound``;
- the type stubs jedi never reads here (:func:`jedi_stub_left_out`);
- the standard library's modules that cannot work in a browser page (:data:`STDLIB_FAMILIES`).

An archive that changes is written again at zlib's highest level (9): it is read once per page and
kept in the browser's cache, so the smaller download is worth the build's extra second.
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
import re
import site
import sys
import warnings
import zipfile
from collections.abc import Callable, Collection
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


DOCSTRINGS_READ = ("email/_policybase.py",)
"""Modules whose docstrings other modules' code reads as it is imported, so their bytecode keeps them:
``email.policy`` builds its classes' docstrings from its bases' in ``_policybase`` (its
``_extend_docstrings``); without them, importing ``email.policy`` or ``email.mime`` failed. Keeping
the docstrings of every module that mentions ``__doc__`` instead would cost some 180 KB."""


def _bytecode(source: bytes, path: str, beside_source: bool) -> bytes:
    """The module's bytecode: beside its source, whole, in PEP 552's unchecked-hash form (used without
    reading the source again); in its place, without docstrings, but for :data:`DOCSTRINGS_READ`."""
    documented = beside_source or path.endswith(DOCSTRINGS_READ)
    with warnings.catch_warnings():  # old escape sequences in third-party code warn, as when imported
        warnings.simplefilter("ignore")
        tree = ast.parse(source, path)
        if not documented:
            tree = _Undocumented().visit(tree)
        code = compile(tree, path, "exec", dont_inherit=True)
    if beside_source:
        source_hash = importlib.util.source_hash(source)
        return _bootstrap_external._code_to_hash_pyc(code, source_hash, checked=False)  # type: ignore[attr-defined]
    return _bootstrap_external._code_to_timestamp_pyc(code, 0, 0)  # type: ignore[attr-defined]


def _never_read(name: str) -> bool:
    parts = name.split("/")
    return parts[0].endswith(".data") or "tests" in parts[:-1]


# --- pygments: the lexers the site can need ------------------------------------------------------

_MAPPING = "pygments/lexers/_mapping.py"
_ASKS_BY_ALIAS = ("get_lexer_by_name", "find_lexer_class_by_name")


def _lexers_named(tree: ast.AST, by_class: dict[str, str], by_alias: dict[str, str]) -> set[str]:
    """The pygments lexer modules a module's code names: ``from pygments.lexers import PythonLexer``,
    ``import pygments.lexers.python``, ``from pygments.lexers.special import TextLexer``, and
    ``get_lexer_by_name("python3")`` with its alias written out."""
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "pygments.lexers":
            named.update(by_class[a.name] for a in node.names if a.name in by_class)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pygments.lexers."):
            named.add(node.module)
        elif isinstance(node, ast.Import):
            named.update(a.name for a in node.names if a.name.startswith("pygments.lexers."))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in _ASKS_BY_ALIAS and str(node.args[0].value).lower() in by_alias:
                named.add(by_alias[str(node.args[0].value).lower()])
    return named


def pygments_lexers(site_packages: str) -> set[str]:
    """The modules of ``pygments.lexers`` this site's Python can need, imported here to be sure.

    A lexer is loaded only when asked for: by its class (``from pygments.lexers import PythonLexer``,
    IPython's inspector), its module, or its alias (``get_lexer_by_name("python3")``, stack_data's
    tracebacks; IPython's demo asks for ``py3`` and ``rst``; pygments' command line for ``text``). So
    the modules kept are those the site's packages name in their code (pygments' own lexer modules
    aside), those the kernel's start imported, and whatever these import in turn (``sys.modules``
    after importing them). A lexer asked for only by a name computed at run time (IPython's ``Code``
    with ``language=``, a file name, a guess) is looked up in the rewritten mapping, which names only
    these: another one gives pygments' own ``ClassNotFound``, as an unknown name always did.

    pygments is imported here, after the kernel's start (what :func:`main` measures), not before it."""
    from pygments.lexers import COMPAT  # type: ignore[import-untyped]
    from pygments.lexers._mapping import LEXERS  # type: ignore[import-untyped]

    by_class = {name: entry[0] for name, entry in LEXERS.items()}
    by_class.update((old, by_class[new]) for old, new in COMPAT.items() if new in by_class)
    by_alias = {alias: entry[0] for entry in LEXERS.values() for alias in entry[2]}
    named: set[str] = set()
    lexers = os.path.join(site_packages, "pygments", "lexers")
    for folder, _, files in os.walk(site_packages):
        for f in files:
            path = os.path.join(folder, f)
            if not f.endswith(".py") or (folder == lexers and f != "__init__.py"):
                continue
            with open(path, "rb") as fh:
                source = fh.read()
            if b"pygments" in source or b"lexer_by_name" in source:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    named |= _lexers_named(ast.parse(source, path), by_class, by_alias)
    for module in sorted(named):
        importlib.import_module(module)
    return {m for m in sys.modules if m.startswith("pygments.lexers.") and m != "pygments.lexers._mapping"}


def pygments_trim(kept: set[str]) -> tuple[Callable[[str], bool], dict[str, bytes]]:
    """What pygments' wheel loses: the lexer modules not in ``kept`` (:func:`pygments_lexers`), and
    its mapping rewritten to list the lexers of the modules kept, as pygments writes it."""
    from pygments.lexers._mapping import LEXERS

    def left_out(name: str) -> bool:
        if not (name.startswith("pygments/lexers/") and name.endswith(".py")) or name == _MAPPING:
            return False
        module = name[: -len(".py")].replace("/", ".")
        return not module.endswith(".__init__") and module not in kept

    rows = "".join(f"    {name!r}: {entry!r},\n" for name, entry in LEXERS.items() if entry[0] in kept)
    mapping = (
        "# pygments' own mapping of its lexers, with only those the site serves (mjlearn.lite.in_pyodide)\n\n"
        f"LEXERS = {{\n{rows}}}\n"
    )
    return left_out, {_MAPPING: mapping.encode()}


# --- jedi: the stubs it reads here -----------------------------------------------------------------


def _jedi_reads(version: str, minor: int) -> bool:
    """Whether jedi reads typeshed's folder ``version`` for Python 3.``minor`` (its
    ``_get_typeshed_directories``: ``2and3``, ``3`` and each ``3.N`` with N up to the minor version)."""
    m = re.fullmatch(r"3\.(\d+)", version)
    return version in ("2and3", "3") or (m is not None and int(m.group(1)) <= minor)


def jedi_stub_left_out(name: str, minor: int, importable: Callable[[str], bool], unread: Collection[str] = ()) -> bool:
    """Whether jedi's wheel member ``name`` is a stub jedi never reads in this site.

    jedi reads typeshed's ``stdlib`` and ``third_party`` folders for Python 3 only (Python 2's ``2``
    is never read), and a third-party stub, like its Django stubs, only when the module it describes
    can be imported (jedi's ``typeshed.py`` asks for the module's values first): ``importable`` says
    which top-level modules the site's Python can import (its standard library and its packages).
    ``unread`` names the standard library's stubs left out too (:func:`jedi_stdlib_unread`)."""
    parts = name.split("/")
    if parts[:2] != ["jedi", "third_party"] or len(parts) < 4:
        return False
    if parts[2] == "django-stubs":
        return not importable("django")
    if parts[2] != "typeshed" or parts[3] not in ("stdlib", "third_party") or len(parts) < 6:
        return False
    if not _jedi_reads(parts[4], minor):
        return True
    top = parts[5].removesuffix(".pyi")
    return top in unread if parts[3] == "stdlib" else not importable(top)


def _stub_imports(text: str) -> set[str]:
    """The top-level modules a stub's ``import``/``from ... import`` lines name (relative ones aside)."""
    names = set()
    for line in text.splitlines():
        words = line.strip().replace(",", " , ").split()
        if len(words) > 1 and words[0] == "from":
            names.add(words[1])
        elif words[:1] == ["import"]:
            names.update(w for k, w in enumerate(words[1:], 1) if words[k - 1] in ("import", ","))
    return {n.split(".")[0] for n in names if not n.startswith(".")}


def jedi_stdlib_unread(stubs: dict[str, str], importable: Callable[[str], bool]) -> set[str]:
    """The standard library's stubs (``stubs``: jedi's wheel member names under typeshed's
    ``stdlib`` folders jedi reads, and their texts) that only describe what the site's Python cannot
    import (tkinter, distutils, Windows's modules, what the site leaves out of its standard library),
    as top-level names. jedi reads a standard library's stub for ``import tkinter`` even though the
    import fails; a stub stays while a stub kept imports it (``_typeshed``, read by ``builtins``)."""
    tops: dict[str, set[str]] = {}
    for name, text in stubs.items():
        tops.setdefault(name.split("/")[5].removesuffix(".pyi"), set()).update(_stub_imports(text))
    unread = {top for top in tops if not importable(top)}
    while True:
        needed = set().union(*(imports for top, imports in tops.items() if top not in unread)) & unread
        if not needed:
            return unread
        unread -= needed


def _importable(top: str, seen: dict[str, bool] = {}) -> bool:  # noqa: B006 - a cache, on purpose
    if top not in seen:
        try:
            # a module Pyodide set up itself may be there without a spec (find_spec then refuses it)
            seen[top] = top in sys.modules or (top.isidentifier() and importlib.util.find_spec(top) is not None)
        except (ImportError, ValueError):
            seen[top] = False
    return seen[top]


# --- the standard library: what cannot work in a browser page ------------------------------------

STDLIB_FAMILIES = (
    ("no process can be started in a browser page", ("multiprocessing", "concurrent.futures.process")),
    (
        "no terminal: the interactive console's line editor, and asyncio's console and pty built on it",
        ("_pyrepl", "asyncio.__main__", "pty"),
    ),
    (
        "no socket listens or connects from a page: servers, and the mail, file-transfer and remote-call protocols",
        ("http.server", "wsgiref", "xmlrpc", "imaplib", "smtplib", "poplib", "ftplib"),
    ),
)
"""The standard library's modules a learner's code cannot use in the page, by family, each with its
reason. A module of these that a module kept imports as it is imported stays (:func:`stdlib_needed`:
pdb and pydoc import the console's colours and pager); tests/test_lite_trim.py imports every module
left, in the site's own Python, to show that none needs one left out."""

_FAMILY = re.compile(r"\b(" + "|".join(re.escape(m) for _, ms in STDLIB_FAMILIES for m in ms) + r")\b")


def stdlib_module(name: str) -> str:
    """The module an archive member belongs to: ``a/b.py`` is ``a.b``, ``a/__init__.py`` and ``a/x.ini`` are of ``a``."""
    if name.endswith(".py"):
        return name[: -len(".py")].replace("/", ".").removesuffix(".__init__")
    return name.rpartition("/")[0].replace("/", ".")


def in_family(module: str) -> bool:
    """Whether ``module`` is one of :data:`STDLIB_FAMILIES` or inside one of their packages."""
    return any(module == m or module.startswith(m + ".") for _, ms in STDLIB_FAMILIES for m in ms)


def stdlib_needed(stdlib_zip: str) -> set[str]:
    """The modules of :data:`STDLIB_FAMILIES` that a module kept needs as it is imported: each kept
    module whose source names a family is imported here (a program's ``__main__`` aside: importing it
    runs it), and the family's modules it brought in are kept."""
    with zipfile.ZipFile(stdlib_zip) as z:
        for name in z.namelist():
            module = stdlib_module(name)
            if not name.endswith(".py") or in_family(module) or module.endswith("__main__"):
                continue
            if _FAMILY.search(z.read(name).decode("utf-8", "replace")):
                try:
                    importlib.import_module(module)
                except Exception:  # noqa: BLE001, S112 - what fails in any Pyodide (Windows's modules) needs nothing
                    continue
    return {m for m in sys.modules if in_family(m)}


def stdlib_left_out(needed: set[str]) -> Callable[[str], bool]:
    """Whether a member of ``python_stdlib.zip`` is left out: a module of :data:`STDLIB_FAMILIES` that
    no module kept needs (``needed``, :func:`stdlib_needed`)."""

    def left_out(name: str) -> bool:
        module = stdlib_module(name)
        return in_family(module) and module not in needed

    return left_out


def _record(members: list[tuple[zipfile.ZipInfo, bytes]], record: zipfile.ZipInfo) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for info, data in members:
        if info is not record and not info.is_dir():
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([info.filename, f"sha256={digest}", len(data)])
    writer.writerow([record.filename, "", ""])
    return out.getvalue().encode()


def rewrite(
    path: str,
    prefix: str,
    started: set[str],
    keep_source: bool,
    left_out: Callable[[str], bool] | None = None,
    replaced: dict[str, bytes] | None = None,
) -> dict[str, int]:
    """Rewrite the archive at ``path`` (its members installed under ``prefix``); returns counts.
    ``left_out`` says which other members to leave out, ``replaced`` gives members' new contents."""
    members: list[tuple[zipfile.ZipInfo, bytes]] = []
    compiled = dropped = changed = 0
    replaced = replaced or {}
    with zipfile.ZipFile(path) as src:
        for info in src.infolist():
            if _never_read(info.filename) or (left_out is not None and left_out(info.filename)):
                dropped += 1
                continue
            data = src.read(info)
            if info.filename in replaced:
                data, changed = replaced[info.filename], changed + 1
            if not (info.filename.endswith(".py") and prefix + info.filename in started):
                members.append((info, data))
                continue
            compiled += 1
            bytecode = _bytecode(data, prefix + info.filename, beside_source=keep_source)
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
    if compiled or dropped or changed:
        for i, (info, _) in enumerate(members):
            if info.filename.endswith(".dist-info/RECORD"):
                members[i] = (info, _record(members, info))
        with zipfile.ZipFile(path + ".new", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
            for info, data in members:
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = info.external_attr or 0o644 << 16
                dst.writestr(info, data, compresslevel=9)
        os.replace(path + ".new", path)
    return {"compiled": compiled, "dropped": dropped}


def _wheel_trims(
    site_packages: str, jedi_wheel: str, importable: Callable[[str], bool]
) -> tuple[Callable[[str], bool], dict[str, bytes]]:
    """What the site's wheels lose beyond what no browser reads (pygments' lexers, jedi's stubs)."""
    pygments_left_out, replaced = pygments_trim(pygments_lexers(site_packages))
    minor = sys.version_info.minor
    with zipfile.ZipFile(jedi_wheel) as z:
        stubs = {
            n: z.read(n).decode("utf-8", "replace")
            for n in z.namelist()
            if n.startswith("jedi/third_party/typeshed/stdlib/")
            and n.endswith(".pyi")
            and len(n.split("/")) > 5
            and _jedi_reads(n.split("/")[4], minor)
        }
    unread = jedi_stdlib_unread(stubs, importable)

    def left_out(name: str) -> bool:
        return pygments_left_out(name) or jedi_stub_left_out(name, minor, importable, unread)

    return left_out, replaced


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
    stdlib_gone = stdlib_left_out(stdlib_needed(f"{args['folder']}/python_stdlib.zip"))

    def importable(top: str) -> bool:  # in the site as it will be: its standard library trimmed
        return _importable(top) and not stdlib_gone(top + ".py")

    jedi = next(name for name in args["archives"] if name.startswith("jedi-"))
    left_out, replaced = _wheel_trims(packages, f"{args['folder']}/{jedi}", importable)
    done = {}
    for name in args["archives"]:
        path = f"{args['folder']}/{name}"
        if name == "python_stdlib.zip":
            done[name] = rewrite(path, stdlib, started, False, stdlib_gone)
            continue
        keep = name.split("-")[0] in args["keep_source"]
        done[name] = rewrite(path, packages, started, keep, left_out, replaced)
    return done
