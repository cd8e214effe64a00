"""``mjlearn export``: a lesson as one static HTML page, with every widget drawn.

    mjlearn export notebooks/05_hand_editor.ipynb [...] [--out-dir html] [--no-execute]

A live widget needs a running kernel. nbconvert (and JupyterLab's "Export as HTML") ranks the live
widget's output (``application/vnd.jupyter.widget-view+json``) above ``text/html``; without saved
widget state and a widget manager fetched from the network, that output is an empty box. Every mjlearn
widget also carries a ``text/html`` picture of its tiles and results, so this export ranks
``text/html`` first: the page shows what the widget showed, needs no script and no network, and can
be mailed, printed or put on any web server.

The kernel that runs the lesson gets CurveZMQ keys from its manager where jupyter_client and pyzmq can
(see :func:`mjlearn.cli_lab.kernels_can_encrypt`), so it does not print its "running over TCP without
encryption" warning on the console of the teacher who exports.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["export_html", "add_parser", "run"]

PRIORITY = ["text/html", "application/vnd.jupyter.widget-view+json", "application/javascript",
            "text/markdown", "image/svg+xml", "text/latex", "image/png", "image/jpeg", "text/plain"]
"""Output kinds in the order the page uses them: the static picture before the live widget."""


def export_html(path: str | os.PathLike, out_dir: str | os.PathLike = "html", *, execute: bool = True) -> Path:
    """Run the notebook at ``path`` (unless ``execute=False``) and write ``out_dir/NAME.html``."""
    import nbformat
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    path, out_dir = Path(path), Path(out_dir)
    nb = nbformat.read(path, as_version=4)
    if execute:
        from nbclient import NotebookClient

        from .cli_lab import kernels_can_encrypt
        kernel = Config()
        if kernels_can_encrypt():
            kernel.KernelManager.transport_encryption = "auto"
        NotebookClient(nb, timeout=600, kernel_name="python3", config=kernel,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    c = Config()
    c.NbConvertBase.display_data_priority = PRIORITY
    body, _ = HTMLExporter(config=c, template_name="lab").from_notebook_node(nb)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / (path.stem + ".html")
    out.write_text(body, encoding="utf-8")
    return out


def add_parser(subparsers):
    p = subparsers.add_parser(
        "export", help="a lesson as one static HTML page with every widget drawn (导出为网页)",
        description="Run a lesson and save it as one HTML page that shows every widget's tiles and results, "
                    "with no script and no network: to mail, print or put on any web server. "
                    "运行一课并存成一个网页：每个组件的牌和结果都画出来，不需要脚本和网络，可以发送、打印或放到网站上。")
    p.add_argument("notebooks", nargs="+", type=Path, help="the notebooks (.ipynb) to export")
    p.add_argument("--out-dir", type=Path, default=Path("html"), help="where the pages go (default: ./html)")
    p.add_argument("--no-execute", action="store_true", help="export the outputs saved in the notebook as they are")


def run(args) -> int:
    for nb in args.notebooks:
        if not nb.is_file():
            raise FileNotFoundError(f"no notebook at {nb} (没有这个笔记本文件)")
        print(export_html(nb, args.out_dir, execute=not args.no_execute))
    return 0
