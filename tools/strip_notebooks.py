#!/usr/bin/env python3
"""Strip outputs, execution counts and widget state from notebooks, so the repository holds only sources.

python tools/strip_notebooks.py [FILES...]         strip in place (default: notebooks/**/*.ipynb)
python tools/strip_notebooks.py --check [FILES...] exit 1 and name the files that are not stripped
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEEP_NOTEBOOK_METADATA = ("kernelspec", "language_info", "voila")  # "voila": lesson 14 names its Voila page
KEEP_CELL_METADATA = ("tags", "jupyter")  # "jupyter": {"source_hidden": true} folds helper code away in Lab


def stripped(nb: dict) -> dict:
    nb = json.loads(json.dumps(nb))
    nb["metadata"] = {k: v for k, v in nb.get("metadata", {}).items() if k in KEEP_NOTEBOOK_METADATA}
    lang = nb["metadata"].get("language_info")
    if lang:
        nb["metadata"]["language_info"] = {"name": lang.get("name", "python")}
    for cell in nb.get("cells", []):
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in KEEP_CELL_METADATA}
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return nb


def dumps(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    files = [Path(a) for a in argv if a != "--check"] or sorted((ROOT / "notebooks").rglob("*.ipynb"))
    dirty = []
    for path in files:
        if ".ipynb_checkpoints" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        clean = dumps(stripped(json.loads(text)))
        if clean != text:
            dirty.append(path)
            if not check:
                path.write_text(clean, encoding="utf-8")
    if check and dirty:
        print("not stripped (run python tools/strip_notebooks.py):", *map(str, dirty), sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
