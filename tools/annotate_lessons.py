"""Make the glossary's words hoverable in the lessons' text.

    .venv/bin/python tools/annotate_lessons.py          # mark the words in notebooks/*.ipynb
    .venv/bin/python tools/annotate_lessons.py --check  # exit 1 if a lesson has an unmarked first use

In each lesson, the first use of every glossary word (two characters or more) in its Markdown cells
becomes ``<abbr class="mj-term" title="…">`` with the word's definition in both languages
(:func:`mjlearn.terms.annotate`). Headings, code, links and words already marked are left alone, so
running it again changes nothing. The appendix of sources and the glossary itself are not annotated.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("sources", "glossary")


def lessons() -> list[Path]:
    return [p for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if not any(s in p.stem for s in SKIP)]


MARK = re.compile(r'<abbr class="mj-term"[^>]*>(.*?)</abbr>', re.DOTALL)


def annotated(nb) -> bool:
    """Mark the lesson's words in place (marks made earlier are made afresh, so a change of the
    glossary or of the marking rule reaches every lesson); True if anything changed."""
    from mjlearn.terms import annotate

    seen: set[str] = set()
    changed = False
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        new = str(annotate(MARK.sub(r"\1", cell.source), seen=seen))
        if new != cell.source:
            cell.source = new
            changed = True
    return changed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report lessons that need marking; change nothing")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    todo = []
    for path in lessons():
        nb = nbformat.read(path, as_version=4)
        if annotated(nb):
            todo.append(path.name)
            if not args.check:
                nbformat.write(nb, path)
    if args.check and todo:
        print("glossary words not yet marked in: " + ", ".join(todo) + " (run tools/annotate_lessons.py)")
        return 1
    print(("marked: " + ", ".join(todo)) if todo else "every lesson's glossary words are marked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
