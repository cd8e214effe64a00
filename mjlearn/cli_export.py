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

The pages go into a folder ``mjlearn export`` created, or one it wrote pages into before (its marker
says so): never into a folder of other files, never through a symbolic link, and a page is replaced
only if it is still the one ``mjlearn export`` wrote (see :mod:`mjlearn.buildfolder`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .buildfolder import BuildFolder, OutputFolderError
from .errors import MjlearnError
from .jsontext import nesting

__all__ = ["BUILDER", "MAX_NOTEBOOK_BYTES", "ExportError", "add_parser", "export_html", "run"]

BUILDER = "mjlearn export"
"""The name the pages' folder is marked with."""

MAX_NOTEBOOK_BYTES = 256 * 2**20
"""The largest notebook read (checked before reading it all)."""

MAX_NESTING = 100
"""The deepest nesting of lists and objects in a notebook's JSON (a notebook needs about 6)."""


class ExportError(MjlearnError, ValueError):
    """A notebook cannot be exported; one line, English then Chinese, naming the file."""

    heading = ("无法导出网页", "The page cannot be exported")


PRIORITY = [
    "text/html",
    "application/vnd.jupyter.widget-view+json",
    "application/javascript",
    "text/markdown",
    "image/svg+xml",
    "text/latex",
    "image/png",
    "image/jpeg",
    "text/plain",
]
"""Output kinds in the order the page uses them: the static picture before the live widget."""


def read_notebook(path: str | os.PathLike):
    """The notebook at ``path`` (nbformat 4), or :class:`ExportError` saying why it cannot be read."""
    import nbformat

    path = Path(path)

    def refuse(en: str, zh: str) -> ExportError:
        return ExportError(f"{path}: {en}  （{zh}）")

    try:
        with open(path, "rb") as f:
            data = f.read(MAX_NOTEBOOK_BYTES + 1)
    except FileNotFoundError:
        raise refuse("no notebook at this path", "没有这个笔记本文件") from None
    except IsADirectoryError:
        raise refuse("is a folder, not a notebook (.ipynb)", "这是文件夹，不是笔记本文件（.ipynb）") from None
    except OSError as e:
        raise refuse(f"cannot be read ({e.strerror or e})", "无法读取这个笔记本文件") from None
    if len(data) > MAX_NOTEBOOK_BYTES:
        raise refuse(f"is larger than {MAX_NOTEBOOK_BYTES // 2**20} MiB", f"文件超过 {MAX_NOTEBOOK_BYTES // 2**20} MiB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise refuse(f"is not a notebook: not UTF-8 text (byte {e.start})", "不是笔记本文件：不是 UTF-8 文本") from None
    depth, line = nesting(text, stop_after=MAX_NESTING)
    if depth > MAX_NESTING:
        raise refuse(
            f"is not a notebook: JSON nested more than {MAX_NESTING} deep (line {line})",
            f"不是笔记本文件：JSON 嵌套超过 {MAX_NESTING} 层（第 {line} 行）",
        )
    try:
        raw = json.loads(text)
    except ValueError as e:
        where = f" at line {e.lineno} column {e.colno}" if isinstance(e, json.JSONDecodeError) else ""
        raise refuse(f"is not a notebook: not valid JSON{where}", "不是笔记本文件：不是有效的 JSON") from None
    if not (isinstance(raw, dict) and isinstance(raw.get("cells"), list) and isinstance(raw.get("nbformat"), int)):
        raise refuse(
            "is not a notebook: JSON without 'cells' and 'nbformat'", "不是笔记本文件：JSON 里没有 cells 和 nbformat"
        )
    try:
        return nbformat.reads(text, as_version=4)
    except Exception as e:  # noqa: BLE001 - nbformat raises many kinds (TypeError, KeyError, ValidationError...)
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise refuse(f"is not a notebook nbformat can read ({first[:200]})", "nbformat 无法读取这个笔记本") from None


def export_html(path: str | os.PathLike, out_dir: str | os.PathLike = "html", *, execute: bool = True) -> Path:
    """Run the notebook at ``path`` (unless ``execute=False``) and write ``out_dir/NAME.html``.

    ``out_dir`` is created, or is a folder of earlier exports (see :mod:`mjlearn.buildfolder`)."""
    with BuildFolder.claim(out_dir, BUILDER) as folder:
        return _export_into(folder, read_notebook(path), Path(path), execute)


def _export_into(folder: BuildFolder, nb, path: Path, execute: bool) -> Path:
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    if execute:
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError

        from .cli_lab import kernels_can_encrypt

        kernel = Config()
        if kernels_can_encrypt():
            kernel.KernelManager.transport_encryption = "auto"
        try:
            NotebookClient(
                nb,
                timeout=600,
                kernel_name="python3",
                config=kernel,
                resources={"metadata": {"path": str(path.parent)}},
            ).execute()
        except CellExecutionError as e:  # the lesson's own error, not the exporter's: one line, no page
            said = f"{e.ename}: {e.evalue}".strip().splitlines()[0][:300]
            raise ExportError(
                f"{path}: a cell stopped with an error while running, so no page was written "
                f"({said}); fix the cell or export with --no-execute  "
                f"（运行时有一个单元格出错，所以没有生成网页：请改好它，或加 --no-execute 导出）"
            ) from None
    c = Config()
    c.NbConvertBase.display_data_priority = PRIORITY
    body, _ = HTMLExporter(config=c, template_name="lab").from_notebook_node(nb)
    name = path.stem + ".html"
    folder.install({name: body.encode("utf-8", "backslashreplace")})
    return folder.path / name


def add_parser(subparsers):
    p = subparsers.add_parser(
        "export",
        help="a lesson as one static HTML page with every widget drawn (导出为网页)",
        description="Run a lesson and save it as one HTML page that shows every widget's tiles and results, "
        "with no script and no network: to mail, print or put on any web server. "
        "运行一课并存成一个网页：每个组件的牌和结果都画出来，不需要脚本和网络，可以发送、打印或放到网站上。",
    )
    p.add_argument("notebooks", nargs="+", type=Path, help="the notebooks (.ipynb) to export")
    p.add_argument(
        "--out-dir",
        type=Path,
        default=Path("html"),
        help="where the pages go: a new folder (created) or one of earlier exports (default: ./html)",
    )
    p.add_argument("--no-execute", action="store_true", help="export the outputs saved in the notebook as they are")


def run(args) -> int:
    """Every notebook is read and the folder claimed before the first is run; one line on a refusal."""
    try:
        notebooks = [(Path(p), read_notebook(p)) for p in args.notebooks]
        with BuildFolder.claim(args.out_dir, BUILDER) as folder:
            for path, nb in notebooks:
                print(_export_into(folder, nb, path, not args.no_execute))
    except (ExportError, OutputFolderError) as e:
        print(f"mjlearn export: {e}", file=sys.stderr)
        return 2
    return 0
