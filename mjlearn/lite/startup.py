"""What lets the JupyterLite site open a lesson quickly and unmodified (used by :mod:`mjlearn.lite.site`).

- :data:`PRELOAD`: what Pyodide loads as it starts;
- :func:`kernel_metadata`: what the Pyodide kernel reports when a notebook opens, so the site's
  notebooks are stored with it and a lesson is not marked changed the moment it opens;
- :func:`drop_fallback_fonts`: old font formats no browser running WebAssembly asks for;
- :func:`prepare_notebooks`: each notebook of the site with :data:`LOADING_NOTE` first and the kernel's
  metadata.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

# the kernel's own wheels (in its front-end extension's static/pypi) and what each one needs
KERNEL_WHEELS = {"piplite": ["micropip"], "pyodide-kernel": ["comm", "ipython"], "ipykernel": ["pyodide-kernel"]}

PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "mjlearn")
"""What Pyodide loads as it starts (the kernel's ``loadPyodideOptions.packages``), with everything
they depend on, all at once: the kernel would otherwise install its own packages one after the other,
then load mjlearn's on the first ``import mjlearn``, each a round of requests of its own."""


_JS_KEY = re.compile(r"([{,])([A-Za-z_]\w*):")


def _js_object(text: str, start: int) -> dict:
    """The JSON-like object literal of minified JavaScript that opens at ``text[start]`` (bare keys,
    double-quoted strings, numbers, nested objects: what a kernel's info reply is made of)."""
    depth = 0
    for end in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            return json.loads(_JS_KEY.sub(r'\1"\2":', text[start : end + 1]))
    raise ValueError("unclosed object")


def kernel_metadata(static: Path) -> dict | None:
    """The ``kernelspec`` and ``language_info`` the site's Python kernel reports when a notebook opens,
    read from the code of the Pyodide kernel's front-end extension (its ``static`` folder); None when
    that code does not say (a version this module does not know). JupyterLab writes them into the
    notebook and marks it changed when they differ from the file's, so the site's notebooks are stored
    with them (:func:`mjlearn.shipped.kernel_metadata` does the same for ``mjlearn lab``)."""
    spec = info = None
    for js in sorted(static.glob("*.js")):
        text = js.read_text(encoding="utf-8", errors="replace")
        if spec is None and (m := re.search(r'spec:\{name:"([^"]+)",display_name:"([^"]+)",language:"([^"]+)"', text)):
            spec = dict(zip(("name", "display_name", "language"), m.groups()))
        if info is None and (m := re.search(r"language_info:\{codemirror_mode:", text)):
            info = _js_object(text, m.start() + len("language_info:"))
    if spec is None or info is None:
        return None
    return {"kernelspec": spec, "language_info": info}


# each old format, with the newer ones that make it unneeded
_FALLBACK_FONTS = {
    ".eot": (".woff2", ".woff"),
    ".ttf": (".woff2", ".woff"),
    ".svg": (".woff2", ".woff"),
    ".woff": (".woff2",),
}


def drop_fallback_fonts(build: Path) -> list[str]:
    """Remove the old font formats (Internet Explorer's .eot, .ttf, SVG fonts, WOFF) of every font that
    is also there in a newer one (WOFF2, WOFF): the style sheets list WOFF2 first, and every browser
    that runs Pyodide (WebAssembly) takes it, so the others are never asked for. Returns the names removed."""
    gone = []
    for p in sorted(build.glob("*")):
        if any(p.with_suffix(s).is_file() for s in _FALLBACK_FONTS.get(p.suffix, ())):
            p.unlink()
            gone.append(p.name)
    return gone


LOADING_NOTE = (
    "浏览器版：打开笔记本后，网页要先载入 Python（约 10 秒，慢的电脑上更久）。等网页底部的提示条说"
    "“Python 已就绪”，再运行单元格。",
    "In the browser: when a notebook opens, the page first loads Python (about 10 seconds, longer on a "
    "slow computer). Wait until the strip at the bottom of the page says “Python is ready”, then run the cells.",
)
"""Shown at the top of each notebook of the site: the page itself says nothing while Python loads."""


def with_loading_note(nb: dict) -> dict:
    """The notebook ``nb`` (nbformat 4 JSON) with :data:`LOADING_NOTE` as its first cell (once)."""
    mark = "lite-loading-note"
    cells = [c for c in nb.get("cells", []) if c.get("metadata", {}).get("mjlearn") != mark]
    zh, en = LOADING_NOTE
    note = {"cell_type": "markdown", "metadata": {"mjlearn": mark, "editable": False}, "source": f"> {zh}\n>\n> {en}"}
    if (nb.get("nbformat"), nb.get("nbformat_minor", 0)) >= (4, 5):  # cell ids are required from 4.5 on
        note = {**note, "id": mark}
    return {**nb, "cells": [note, *cells]}


def prepare_notebooks(files: Path, metadata: dict) -> None:
    """Each notebook with :data:`LOADING_NOTE` first and the kernel's ``metadata``
    (:func:`kernel_metadata`), so that a lesson opens unmodified."""
    for path in sorted(files.glob("*.ipynb")):
        nb = with_loading_note(json.loads(path.read_text(encoding="utf-8")))
        nb["metadata"] = {**nb.get("metadata", {}), **metadata}
        path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
