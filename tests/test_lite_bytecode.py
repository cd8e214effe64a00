"""The browser site's start compiled ahead (mjlearn.lite.bytecode, mjlearn.lite.in_pyodide).

The archive rewrite is checked here with a hand-made wheel; the whole step with the site's real
Pyodide, run under Node.js, when the download cache is there (``mjlearn lite fetch``; required
under CI). The time it saves is measured by tests/e2e/test_lite_browser.py."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from mjlearn.lite import bytecode, in_pyodide, site
from mjlearn.lite.startup import PRELOAD

PREFIX = "/lib/site-packages/"


def _wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
        z.writestr("pkg-1.0.dist-info/RECORD", "stale\n")
    return path


def _record_is_true(z: zipfile.ZipFile) -> None:
    """The wheel's RECORD names every file it holds, with its real digest and size, and nothing else."""
    record = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
    rows = {r[0]: r[1:] for r in csv.reader(io.StringIO(z.read(record).decode()))}
    assert rows.pop(record) == ["", ""]
    held = {n for n in z.namelist() if not n.endswith("/")} - {record}
    assert set(rows) == held
    for name, (digest, size) in rows.items():
        data = z.read(name)
        want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={want}", len(data)), name


FILES = {
    "pkg/__init__.py": '"""The package."""\nfrom .core import answer\n',
    "pkg/core.py": 'def answer():\n    """Forty-two."""\n    return 42\n',
    "pkg/later.py": "LATER = 1\n",
    "pkg/tests/test_core.py": "def test(): pass\n",
    "pkg-1.0.data/data/share/jupyter/labextensions/pkg/index.js": "// front end\n",
}


def test_a_started_module_becomes_bytecode_and_what_the_browser_never_reads_is_left_out(tmp_path):
    whl = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", FILES)
    started = {PREFIX + "pkg/__init__.py", PREFIX + "pkg/core.py"}
    counts = in_pyodide.rewrite(str(whl), PREFIX, started, keep_source=False)
    assert counts == {"compiled": 2, "dropped": 2}
    with zipfile.ZipFile(whl) as z:
        names = set(z.namelist())
        assert {"pkg/__init__.pyc", "pkg/core.pyc", "pkg/later.py"} <= names
        assert not names & {"pkg/__init__.py", "pkg/core.py", "pkg/later.pyc"}
        assert not [n for n in names if "/tests/" in n or ".data/" in n]
        _record_is_true(z)
        pyc = z.read("pkg/core.pyc")
    import importlib.util
    import marshal

    assert pyc[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(pyc[4:8], "little") == 0
    code = marshal.loads(pyc[16:])  # noqa: S302 - the bytecode just written
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the bytecode just written
    assert scope["answer"]() == 42 and scope["answer"].__doc__ is None  # docstrings dropped, as -OO does
    assert code.co_filename == PREFIX + "pkg/core.py"


def test_a_kept_source_gets_its_bytecode_beside_it_with_its_docstrings(tmp_path):
    whl = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", FILES)
    in_pyodide.rewrite(str(whl), PREFIX, {PREFIX + "pkg/core.py"}, keep_source=True)
    import sys

    cached = f"pkg/__pycache__/core.{sys.implementation.cache_tag}.pyc"
    with zipfile.ZipFile(whl) as z:
        assert {"pkg/core.py", cached} <= set(z.namelist())
        _record_is_true(z)
        pyc = z.read(cached)
        source = z.read("pkg/core.py")
    import importlib.util
    import marshal

    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, never checked against the source
    assert pyc[8:16] == importlib.util.source_hash(source)
    scope: dict = {}
    exec(marshal.loads(pyc[16:]), scope)  # noqa: S102, S302 - the bytecode just written
    assert scope["answer"].__doc__ == "Forty-two."


def test_an_archive_with_nothing_to_change_is_left_byte_for_byte(tmp_path):
    whl = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", {"pkg/later.py": "LATER = 1\n"})
    before = whl.read_bytes()
    assert in_pyodide.rewrite(str(whl), PREFIX, {PREFIX + "pkg/core.py"}, keep_source=False) == {
        "compiled": 0,
        "dropped": 0,
    }
    assert whl.read_bytes() == before


def test_without_node_the_build_says_what_to_install_or_how_to_do_without(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(bytecode.BytecodeError) as e:
        bytecode.compile_startup(tmp_path, list(PRELOAD), [])
    text = str(e.value)
    assert "Node.js" in text and "--no-precompile" in text and "请安装 Node.js" in text


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_start_that_fails_is_reported_with_its_output(tmp_path):
    (tmp_path / "pyodide.mjs").write_text("throw new Error('not Pyodide at all');\n")
    with pytest.raises(bytecode.BytecodeError) as e:
        bytecode.compile_startup(tmp_path, list(PRELOAD), [])
    assert "not Pyodide at all" in str(e.value) and "没能启动" in str(e.value)


# --- with the site's real Pyodide ------------------------------------------------------------------

_RUN = r"""
import { pathToFileURL } from "node:url";
const [dir, packages, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", packages: JSON.parse(packages) });
for (const line of ["import piplite.piplite", "import pyodide_kernel"]) await py.runPythonAsync(line);
process.stdout.write(String(await py.runPythonAsync(code)) + "\n");
process.exit(0);
"""

_PROBE = """
import json, sys, traceback, importlib.machinery as m
import mjlearn
from mjlearn.mcr import score
try:
    score("not a hand")
    shown = ""
except Exception:
    shown = traceback.format_exc()
json.dumps({
    "ipython": type(sys.modules["IPython"].__spec__.loader).__name__,
    "asyncio": sys.modules["asyncio"].__spec__.origin,
    "mjlearn": type(mjlearn.__spec__.loader).__name__,
    "total": score("[EEE,2]123m456p789sC+C").total,
    "traceback": shown,
    "doc": bool(score.__doc__),
})
"""


def in_site(staged: Path, code: str):
    """What the last line of ``code``, a JSON text, gives in the staged site's Python after the
    kernel's start, run under Node.js."""
    r = subprocess.run(
        ["node", "--input-type=module", "-", str(staged), json.dumps(list(PRELOAD)), code],
        input=_RUN,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    if shutil.which("node") is None or not (site._pyodide_dir(site.DEFAULT_CACHE) / "pyodide-lock.json").exists():
        msg = "Node.js or the lite download cache (mjlearn lite fetch) is missing"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    dest = tmp_path_factory.mktemp("pyodide")
    site._stage_pyodide(site.DEFAULT_CACHE, dest, precompile=True)
    return dest


def test_the_real_start_runs_from_bytecode_and_gives_the_same_scores(staged):
    lock = json.loads((staged / "pyodide-lock.json").read_text())["packages"]
    for entry in lock.values():  # the package list's checksums are those of the rewritten wheels
        assert hashlib.sha256((staged / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
    with zipfile.ZipFile(staged / lock["ipython"]["file_name"]) as z:
        assert "IPython/core/interactiveshell.pyc" in z.namelist()
        _record_is_true(z)
    with zipfile.ZipFile(staged / "python_stdlib.zip") as z:
        assert "asyncio/__init__.pyc" in z.namelist() and "asyncio/__init__.py" not in z.namelist()
    got = in_site(staged, _PROBE)
    from mjlearn.mcr import score

    assert got["ipython"] == "SourcelessFileLoader" and got["asyncio"].endswith("asyncio/__init__.pyc")
    assert got["mjlearn"] == "SourceFileLoader" and got["doc"]
    assert got["total"] == score("[EEE,2]123m456p789sC+C").total
    # mjlearn's own lines still show in a traceback: its source stayed beside the bytecode
    lines = got["traceback"].splitlines()
    frames = [k for k, line in enumerate(lines) if line.lstrip().startswith('File "') and "/mjlearn/" in line]
    assert frames, got["traceback"]
    for k in frames:  # each mjlearn frame is followed by the text of its line
        assert not lines[k + 1].lstrip().startswith(('File "', "^")), got["traceback"]
        assert lines[k + 1].strip(), got["traceback"]
