"""What the browser site leaves out of its Python (mjlearn.lite.in_pyodide): pygments' lexers nothing
asks for, the stubs jedi never reads here, and what the learner still gets.

The rules are checked here on names and hand-made archives; the whole build with the site's real
Pyodide, run under Node.js, when the download cache is there (``mjlearn lite fetch``; required under
CI), as in tests/test_lite_bytecode.py."""

from __future__ import annotations

import ast
import json
import re
import zipfile

import pytest
from test_lite_bytecode import _record_is_true, _wheel, in_site, staged  # noqa: F401  (staged: the fixture)

from mjlearn.lite import in_pyodide

PREFIX = "/lib/site-packages/"


# --- the rules, on names ---------------------------------------------------------------------------


def test_the_lexers_a_module_names_are_found_by_class_module_and_written_alias():
    code = """
from pygments.lexers import PythonLexer, get_lexer_by_name
from pygments.lexers.special import TextLexer
import pygments.lexers.shell
import pygments.lexers as pl
pl.get_lexer_by_name("RST")
get_lexer_by_name(name)          # a name computed at run time: nothing to keep for it
get_lexer_by_name("no-such-alias")
"""
    by_class = {"PythonLexer": "pygments.lexers.python", "RustLexer": "pygments.lexers.rust"}
    by_alias = {"rst": "pygments.lexers.markup", "rust": "pygments.lexers.rust"}
    named = in_pyodide._lexers_named(ast.parse(code), by_class, by_alias)
    assert named == {
        "pygments.lexers.python",
        "pygments.lexers.special",
        "pygments.lexers.shell",
        "pygments.lexers.markup",
    }


def test_the_rewritten_lexer_mapping_lists_only_the_kept_modules_and_loses_their_files():
    from pygments.lexers._mapping import LEXERS

    kept = {"pygments.lexers.python", "pygments.lexers.special"}
    left_out, replaced = in_pyodide.pygments_trim(kept)
    scope: dict = {}
    exec(replaced["pygments/lexers/_mapping.py"].decode(), scope)  # noqa: S102 - the text just written
    assert scope["LEXERS"] == {k: v for k, v in LEXERS.items() if v[0] in kept}
    assert "PythonTracebackLexer" in scope["LEXERS"] and "RustLexer" not in scope["LEXERS"]
    assert left_out("pygments/lexers/rust.py") and left_out("pygments/lexers/_lilypond_builtins.py")
    for name in ("pygments/lexers/python.py", "pygments/lexers/__init__.py", "pygments/lexers/_mapping.py"):
        assert not left_out(name), name
    assert not left_out("pygments/formatters/html.py") and not left_out("pygments/styles/default.py")


@pytest.mark.parametrize(
    ("name", "left_out"),
    [
        ("jedi/third_party/typeshed/stdlib/2/os/__init__.pyi", True),  # Python 2 only
        ("jedi/third_party/typeshed/third_party/2/six/__init__.pyi", True),
        ("jedi/third_party/typeshed/stdlib/3/json/__init__.pyi", False),
        ("jedi/third_party/typeshed/stdlib/3/asyncio/tasks.pyi", False),
        ("jedi/third_party/typeshed/stdlib/3.7/contextvars.pyi", False),
        ("jedi/third_party/typeshed/stdlib/3.99/future.pyi", True),  # a later Python's
        ("jedi/third_party/typeshed/third_party/2and3/requests/api.pyi", True),  # not in the site
        ("jedi/third_party/typeshed/third_party/2and3/decorator.pyi", False),  # in the site
        ("jedi/third_party/typeshed/third_party/3/six/moves/__init__.pyi", False),
        ("jedi/third_party/django-stubs/django-stubs/__init__.pyi", True),
        ("jedi/third_party/typeshed/LICENSE", False),
        ("jedi/inference/gradual/typeshed.py", False),
    ],
)
def test_jedi_keeps_the_stubs_it_reads_for_this_python_and_these_packages(name, left_out):
    importable = {"six", "decorator", "json", "asyncio"}.__contains__
    assert in_pyodide.jedi_stub_left_out(name, 14, importable) is left_out


def test_a_standard_library_stub_goes_with_its_module_unless_a_stub_kept_imports_it():
    stub = "jedi/third_party/typeshed/stdlib/{}"
    stubs = {
        stub.format("3/tkinter/__init__.pyi"): "import _tkinter\nfrom tkinter.constants import *\n",
        stub.format("3/_tkinter.pyi"): "from typing import Any\n",
        stub.format("2and3/turtle.pyi"): "from tkinter import Canvas, PhotoImage\n",
        stub.format("2and3/builtins.pyi"): "import sys\nfrom _typeshed import (\n    AnyPath,\n)\n",
        stub.format("3/_typeshed/__init__.pyi"): "import array, mmap\n",
        stub.format("3/json/__init__.pyi"): "from .decoder import JSONDecodeError as JSONDecodeError\n",
    }
    importable = {"builtins", "json", "sys", "typing", "array", "mmap"}.__contains__
    unread = in_pyodide.jedi_stdlib_unread(stubs, importable)
    assert unread == {"tkinter", "_tkinter", "turtle"}
    assert in_pyodide.jedi_stub_left_out(stub.format("3/tkinter/ttk.pyi"), 14, importable, unread)
    assert not in_pyodide.jedi_stub_left_out(stub.format("3/_typeshed/__init__.pyi"), 14, importable, unread)
    assert in_pyodide._stub_imports("import os.path as p, sys\nfrom . import x\nfrom a.b import c\n") == {
        "os",
        "sys",
        "a",
    }


def test_an_archive_loses_what_it_is_told_with_its_record_true_and_its_new_texts(tmp_path):
    whl = _wheel(
        tmp_path / "pkg-1.0-py3-none-any.whl",
        {"pkg/__init__.py": "", "pkg/big.py": "X = 1\n", "pkg/table.py": "T = {1: 2}\n"},
    )
    counts = in_pyodide.rewrite(
        str(whl),
        PREFIX,
        {PREFIX + "pkg/table.py"},
        keep_source=False,
        left_out=lambda name: name == "pkg/big.py",
        replaced={"pkg/table.py": b"T = {}\n"},
    )
    assert counts == {"compiled": 1, "dropped": 1}
    with zipfile.ZipFile(whl) as z:
        assert set(z.namelist()) == {"pkg/__init__.py", "pkg/table.pyc", "pkg-1.0.dist-info/RECORD"}
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_DEFLATED}
        _record_is_true(z)
        import marshal

        scope: dict = {}
        exec(marshal.loads(z.read("pkg/table.pyc")[16:]), scope)  # noqa: S102, S302 - just written
    assert scope["T"] == {}  # compiled from the new text


# --- with the site's real Pyodide -------------------------------------------------------------------

_PROBE = r"""
import importlib, json, sys
import mjlearn
from IPython.core.completer import provisionalcompleter
from IPython.core.interactiveshell import InteractiveShell
from IPython.core.ultratb import VerboseTB
from pygments.lexers import get_lexer_by_name
from pygments.lexers._mapping import LEXERS
from pygments.util import ClassNotFound

out = {}
shell = InteractiveShell.instance()
shell.run_cell("import json, mjlearn\nhand = mjlearn.Hand.from_str('[EEE,2]123m456p789sC+C')\n"
               "def broken(n):\n    return n / 0\n")
shell.Completer.use_jedi = True
def complete(text):
    with provisionalcompleter():
        return sorted({c.text for c in shell.Completer.completions(text, len(text))})
out["json"] = complete("json.du")
out["hand"] = complete("hand.is_con")
try:
    shell.user_ns["broken"](1)
except ZeroDivisionError:
    out["traceback"] = VerboseTB(theme_name="linux").text(*sys.exc_info())
for name in ("python", "python3", "pytb", "ipython3", "rust"):
    try:
        out[name] = type(get_lexer_by_name(name)).__name__
    except ClassNotFound as e:
        out[name] = "ClassNotFound: " + str(e)
    except ImportError as e:
        out[name] = "ImportError: " + str(e)
out["mapping"] = sorted({entry[0] for entry in LEXERS.values()})
out["imported"] = [m for m in out["mapping"] if importlib.import_module(m)]
json.dumps(out)
"""


@pytest.fixture(scope="module")
def probed(staged):
    return in_site(staged, _PROBE)


def _wheel_of(staged, name: str) -> zipfile.ZipFile:
    lock = json.loads((staged / "pyodide-lock.json").read_text())["packages"]
    return zipfile.ZipFile(staged / lock[name]["file_name"])


def test_the_site_highlights_a_traceback_and_finds_the_python_lexers(probed):
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", k) for k in probed["traceback"].splitlines()]
    k = next(k for k, line in enumerate(plain) if "return n / 0" in line)
    # the cell's line coloured by pygments' Python lexer: the keyword apart from the rest
    assert re.search(r"\x1b\[[0-9;]*mreturn\x1b\[", probed["traceback"].splitlines()[k]), probed["traceback"]
    assert probed["python"] == probed["python3"] == "PythonLexer"
    assert probed["pytb"] == "PythonTracebackLexer"


def test_a_lexer_the_site_left_out_is_pygments_own_class_not_found_never_an_import_error(probed):
    assert probed["rust"] == "ClassNotFound: no lexer for alias 'rust' found"
    # IPython's own lexers live in ipython_pygments_lexers, which Pyodide's IPython does not ship:
    # unknown in the site before and after the trim alike
    assert probed["ipython3"] == "ClassNotFound: no lexer for alias 'ipython3' found"


def test_every_lexer_the_mapping_names_is_in_the_wheel_and_imports(staged, probed):
    assert probed["imported"] == probed["mapping"]
    with _wheel_of(staged, "pygments") as z:
        names = set(z.namelist())
        _record_is_true(z)
    for module in probed["mapping"]:
        path = module.replace(".", "/")
        assert {path + ".py", path + ".pyc"} & names, module
    # and the other way round: each lexer module left in the wheel is one the mapping names
    lexers = {
        n.rsplit(".", 1)[0].replace("/", ".")
        for n in names
        if n.startswith("pygments/lexers/") and not n.split("/")[-1].startswith("_")
    }
    assert lexers == set(probed["mapping"])


def test_jedi_still_completes_the_standard_library_and_mjlearn(staged, probed):
    assert "dumps" in probed["json"]
    assert "is_concealed" in probed["hand"]
    with _wheel_of(staged, "jedi") as z:
        names = z.namelist()
        _record_is_true(z)
    assert not [n for n in names if "/typeshed/stdlib/2/" in n or "django-stubs" in n]
    assert "jedi/third_party/typeshed/stdlib/3/json/__init__.pyi" in names


# --- the icon ----------------------------------------------------------------------------------------


def test_the_site_icon_is_a_small_real_icon_at_the_root_and_in_the_lab(tmp_path):
    from PIL import Image

    from mjlearn.lite.favicon import SIZES, write_favicons

    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "favicon.ico").write_bytes(b"\0" * 318_886)  # JupyterLite's, replaced
    write_favicons(tmp_path)
    root, lab = (tmp_path / "favicon.ico").read_bytes(), (tmp_path / "lab" / "favicon.ico").read_bytes()
    assert root == lab and len(root) < 10_000
    with Image.open(tmp_path / "favicon.ico") as im:
        assert im.format == "ICO" and sorted(im.ico.sizes()) == [(s, s) for s in SIZES]
        im.size = (32, 32)
        rgba = im.convert("RGBA")
    assert rgba.getpixel((0, 31))[3] == 0  # a transparent corner: the tile's own outline shows
    red, green, blue, _ = rgba.getpixel((15, 8))  # the vertical stroke of 中
    assert red > 150 > green and blue < 100


# --- the standard library ----------------------------------------------------------------------------


def test_a_family_module_goes_unless_a_module_kept_needs_it():
    left_out = in_pyodide.stdlib_left_out({"_pyrepl", "_pyrepl.pager"})
    assert left_out("multiprocessing/queues.py") and left_out("xmlrpc/client.py") and left_out("smtplib.py")
    assert left_out("http/server.py") and left_out("_pyrepl/reader.py") and left_out("asyncio/__main__.py")
    for kept in ("_pyrepl/__init__.py", "_pyrepl/pager.py", "http/client.py", "asyncio/tasks.py", "empty.py"):
        assert not left_out(kept), kept
    assert in_pyodide.stdlib_module("_pyrepl/mypy.ini") == "_pyrepl"
    assert {reason for reason, _ in in_pyodide.STDLIB_FAMILIES} and all(
        reason and modules for reason, modules in in_pyodide.STDLIB_FAMILIES
    )


_IMPORT_ALL = r"""
import contextlib, importlib, io, json, sys, zipfile
names = zipfile.ZipFile(next(p for p in sys.path if p.endswith(".zip"))).namelist()
modules = sorted({
    n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
    for n in names if n.endswith((".py", ".pyc"))
})
failed = {}
quiet = io.StringIO()
for m in modules:
    if m.endswith("__main__") or m in ("this", "antigravity"):  # running a program, printing, a browser
        continue
    try:
        with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
            importlib.import_module(m)
    except BaseException as e:
        failed[m] = [type(e).__name__, getattr(e, "name", None), str(e)]
shown = io.StringIO()
with contextlib.redirect_stdout(shown):
    help(len)
json.dumps({"modules": modules, "failed": failed, "help": shown.getvalue()})
"""


def test_no_module_kept_in_the_standard_library_needs_one_left_out(staged):
    from mjlearn.lite import site

    with zipfile.ZipFile(site._pyodide_dir(site.DEFAULT_CACHE) / "python_stdlib.zip") as z:
        before = {in_pyodide.stdlib_module(n) for n in z.namelist() if n.endswith(".py")}
    got = in_site(staged, _IMPORT_ALL)
    gone = before - set(got["modules"])
    assert {"multiprocessing", "xmlrpc.client", "wsgiref", "http.server", "smtplib", "_pyrepl.reader"} <= gone
    assert all(in_pyodide.in_family(m) for m in gone), sorted(m for m in gone if not in_pyodide.in_family(m))
    # what fails to import fails in any Pyodide (Windows's modules, a C module Pyodide lacks); none
    # for want of a module left out
    needs_gone = {m: e for m, e in got["failed"].items() if e[1] in gone or in_pyodide.in_family(e[1] or "")}
    assert needs_gone == {}
    usable = set(got["modules"]) - set(got["failed"])
    assert {"pdb", "pydoc", "logging.config", "urllib.request", "concurrent.futures", "email.policy"} <= usable
    assert "len(obj, /)" in got["help"]  # help() pages through pydoc, which keeps the console's pager


def test_a_module_whose_docstrings_others_read_keeps_them_in_its_bytecode(tmp_path):
    whl = _wheel(
        tmp_path / "pkg-1.0-py3-none-any.whl",
        {"pkg/plain.py": 'def f():\n    """Plain."""\n', "email/_policybase.py": 'class Policy:\n    """Base."""\n'},
    )
    in_pyodide.rewrite(str(whl), PREFIX, {PREFIX + "pkg/plain.py", PREFIX + "email/_policybase.py"}, keep_source=False)
    import marshal

    scopes: dict = {"pkg/plain": {}, "email/_policybase": {}}
    with zipfile.ZipFile(whl) as z:
        for name, scope in scopes.items():
            exec(marshal.loads(z.read(f"{name}.pyc")[16:]), scope)  # noqa: S102, S302 - just written
    assert scopes["pkg/plain"]["f"].__doc__ is None and scopes["email/_policybase"]["Policy"].__doc__ == "Base."


def test_every_standard_library_stub_left_out_describes_a_module_the_site_cannot_import(staged):
    from mjlearn.lite import site

    def stdlib_stubs(z: zipfile.ZipFile) -> set[str]:
        return {
            n.split("/")[5].removesuffix(".pyi")
            for n in z.namelist()
            if n.startswith("jedi/third_party/typeshed/stdlib/") and n.split("/")[4] != "2" and n.count("/") > 4
        }

    lock = json.loads((staged / "pyodide-lock.json").read_text())["packages"]
    with zipfile.ZipFile(site._wheels_dir(site.DEFAULT_CACHE) / lock["jedi"]["file_name"]) as z:
        before = stdlib_stubs(z)
    with _wheel_of(staged, "jedi") as z:
        gone = sorted(before - stdlib_stubs(z))
    assert {"tkinter", "distutils", "winreg", "xmlrpc", "smtplib"} <= set(gone)
    code = (
        "import importlib, json\nimportable = []\n"
        f"for m in {gone!r}:\n"
        "    try:\n        importlib.import_module(m)\n        importable.append(m)\n"
        "    except Exception:\n        pass\n"
        "json.dumps(importable)"
    )
    assert in_site(staged, code) == []
