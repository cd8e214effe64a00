"""Bytecode for the browser site: the modules Python imports while the course starts, compiled ahead.

Pyodide's standard library and the site's wheels hold Python source; every module the kernel imports
as it starts (IPython, prompt_toolkit, jedi, asyncio, ...) and every module of ``import mjlearn`` is
compiled by the browser each time a notebook opens. :func:`compile_startup` runs the site's own
Pyodide once under Node.js at build time, performs that start (the kernel's imports, then ``import
mjlearn``), notes which files it read, and rewrites the archives with those modules compiled by that
same Python (its bytecode, its version):

- in the third-party wheels and the standard library (``python_stdlib.zip``) a started module's
  ``.py`` is replaced by its ``.pyc`` without docstrings (as ``python -OO`` drops them; asserts
  stay; but for what other modules read as they are imported: ``in_pyodide.DOCSTRINGS_READ``): a traceback through them shows file and
  line, not the line's text;
- in mjlearn's wheel the source stays and the bytecode goes beside it
  (``__pycache__/<name>.cpython-XY.pyc``, "unchecked hash" as PEP 552 calls it), so a traceback still
  shows mjlearn's lines.

Modules the start does not import stay source and are compiled when first imported, as before. What
the browser never reads is left out of the wheels on the way (see :mod:`mjlearn.lite.in_pyodide`). The
caller updates the package list's checksums.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from ..errors import MjlearnError

_IN_PYODIDE = Path(__file__).with_name("in_pyodide.py")

STARTUP = ("import piplite.piplite", "import pyodide_kernel", "import mjlearn")
"""What the site's kernel runs as it starts (see the Pyodide kernel's worker), then the course's first
line. The modules these import are the ones compiled ahead."""

KEEP_SOURCE = ("mjlearn",)
"""Wheels whose sources stay beside their bytecode."""

_DRIVER = r"""
import { pathToFileURL } from "node:url";
const [dir, packages, program, source] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
let py;
try {
  py = await loadPyodide({ indexURL: dir + "/", packages: JSON.parse(packages), stdout: () => {}, stderr: () => {} });
  py.mountNodeFS("/site", dir);
  py.globals.set("PROGRAM", program);
  py.globals.set("SOURCE", source);
  const out = await py.runPythonAsync("import json\nscope = {}\nexec(SOURCE, scope)\njson.dumps(scope['main'](json.loads(PROGRAM)))");
  process.stdout.write(out + "\n");
  process.exit(0);
} catch (e) {
  process.stderr.write(String(e && e.message || e) + "\n");
  process.exit(1);
}
"""


class BytecodeError(MjlearnError):
    """The site's start could not be compiled ahead; the message says why, English then Chinese."""

    heading = ("无法预先编译浏览器版的 Python", "The browser site's Python could not be compiled ahead")


def compile_startup(pyodide_dir: Path, packages: list[str], archives: list[str]) -> dict[str, dict[str, int]]:
    """Compile, in the wheels and the standard library ``archives`` (names of files in
    ``pyodide_dir``, the site's ``static/pyodide``), the modules the site's start imports, and leave
    out what the browser never reads (:mod:`mjlearn.lite.in_pyodide`); ``packages`` are what Pyodide
    loads as it starts. The archives are rewritten in place; returns, for each, the modules compiled
    and the files left out. Needs Node.js (the ``node`` command)."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeError(
            "Node.js (the node command) is needed to compile the site's Python ahead; install Node.js, "
            "or build with --no-precompile (the site then starts a few seconds slower)  "
            "（需要 Node.js（node 命令）来预先编译网站的 Python：请安装 Node.js，"
            "或加上 --no-precompile 生成网站（打开时会慢几秒））"
        )
    folder = str(Path(pyodide_dir).resolve())
    program = {"startup": list(STARTUP), "folder": "/site", "archives": archives, "keep_source": list(KEEP_SOURCE)}
    r = subprocess.run(
        [node, "--input-type=module", "-", folder, json.dumps(packages), json.dumps(program), _IN_PYODIDE.read_text()],
        input=_DRIVER,
        capture_output=True,
        text=True,
        check=False,
    )
    if r.returncode != 0:
        raise BytecodeError(
            "the site's Python failed to start under Node.js while compiling it ahead  "
            "（用 Node.js 预先编译时，网站的 Python 没能启动）\n" + (r.stdout + r.stderr)[-3000:]
        )
    return json.loads(r.stdout.strip().splitlines()[-1])
