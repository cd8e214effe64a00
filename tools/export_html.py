"""Execute notebooks and export them to static HTML with the widgets' static fallbacks showing.

    .venv/bin/python tools/export_html.py notebooks/05_hand_editor.ipynb [...] --out-dir /tmp/html

nbconvert prefers the live-widget mimetype (``application/vnd.jupyter.widget-view+json``) to
``text/html``, and without saved widget state (and a widget manager fetched from the network) that
output is an empty box. Every mjlearn widget also carries a ``text/html`` rendering with its tiles
and results (see mjlearn/widgets/_base.py), so this exporter ranks ``text/html`` first: the page
shows what the widget shows, with no script. Use it for screenshots and for sharing a lesson.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

PRIORITY = ["text/html", "application/vnd.jupyter.widget-view+json", "application/javascript",
            "text/markdown", "image/svg+xml", "text/latex", "image/png", "image/jpeg", "text/plain"]


def export(path: Path, out_dir: Path, execute: bool = True) -> Path:
    import nbformat
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    nb = nbformat.read(path, as_version=4)
    if execute:
        from nbclient import NotebookClient
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    c = Config()
    c.NbConvertBase.display_data_priority = PRIORITY
    body, _ = HTMLExporter(config=c, template_name="lab").from_notebook_node(nb)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / (path.stem + ".html")
    out.write_text(body, encoding="utf-8")
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="+", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("html"))
    ap.add_argument("--no-execute", action="store_true")
    a = ap.parse_args(argv)
    os.environ.setdefault("MPLBACKEND", "Agg")
    for p in a.notebooks:
        print(export(p, a.out_dir, execute=not a.no_execute))


if __name__ == "__main__":
    main()
