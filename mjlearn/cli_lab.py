"""``mjlearn lab``: copy the notebooks and quiz sets into a folder, then open JupyterLab there.

The copy never harms the learner's folder:

- nothing is reached or written through a symlink: below ``--dir`` every folder is opened without
  following links (``O_NOFOLLOW`` and directory handles where the platform has them, ``lstat`` checks
  elsewhere), and a file is written to a temporary name in the same folder, then renamed over the old
  one; a symlink, or anything that is not a regular file or folder, where a notebook should go is
  reported on one line and left untouched;
- a file mjlearn copied and the learner left alone is updated; a file the learner changed is kept and
  the new version gets a fresh name (``NAME.new.ipynb``, then ``NAME.new-2.ipynb``...), so no learner
  file is ever replaced, ``.new`` files included;
- the manifest (``.mjlearn-manifest.json``) records the hash of each file as mjlearn wrote it, which is
  how the learner's edits are told from ours.

``mjlearn lab --copy-only`` does the copy and stops (no server). Otherwise JupyterLab starts on
127.0.0.1 and opens the course's start page, ``00_start_here.ipynb``, with no news pop-up and no
warning on the console (see :func:`lab_command`, :data:`LAB_OVERRIDES` and ``_LAUNCH``).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from .buildfolder import Folder, write_whole
from .errors import MjlearnError
from .shipped import as_opened, kernel_metadata, notebooks_source

MANIFEST = ".mjlearn-manifest.json"
"""Records the hash of each file as mjlearn wrote it, to tell the learner's edits from ours."""

_MAX_NEW_NAMES = 1000


class LabError(MjlearnError):
    """The notebook folder cannot be used (a bad ``--dir``); the message is one line, English then
    Chinese. In IPython and Jupyter it shows as the learner's error box."""

    heading = ("笔记本文件夹无法使用", "The notebook folder cannot be used")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Refused(Exception):
    """A path below ``--dir`` that mjlearn will not read or write through (a symlink, a device...);
    ``rel`` is that path when it is a folder above the file being copied."""

    def __init__(self, reason: str, rel: str | None = None):
        super().__init__(reason)
        self.rel = rel


def _subfolder(where: Folder, name: str) -> Folder:
    """The folder ``name`` in ``where``, created if missing; refused when it is a link or not a folder."""
    try:
        return where.sub(name, create=True)
    except OSError:
        _must_be(where.lstat(name), stat.S_ISDIR, "a folder")
        raise


def _read(where: Folder, name: str) -> bytes | None:
    """The bytes of a regular file, None if there is nothing by that name; refuses anything else."""
    st = where.lstat(name)
    if st is None:
        return None
    _must_be(st, stat.S_ISREG, "a regular file")
    with os.fdopen(where.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
        return f.read()


def _write(where: Folder, name: str, data: bytes) -> None:
    """Write ``name`` whole, never through a link (a link there is refused first)."""
    st = where.lstat(name)
    if st is not None:
        _must_be(st, stat.S_ISREG, "a regular file")
    write_whole(where, name, data, durable=True)


def _must_be(st: os.stat_result | None, test, what: str) -> None:
    if st is None:
        raise Refused("it vanished while being copied")
    if stat.S_ISLNK(st.st_mode):
        raise Refused("it is a symlink")
    if not test(st.st_mode):
        raise Refused(f"it is not {what}")


def _prepare_dest(dir_arg: str) -> Path:
    """``--dir`` as a folder that exists, or a LabError saying why it cannot be."""
    if not dir_arg.strip():
        raise LabError(
            "--dir is empty; give the folder for the notebooks, e.g. --dir ~/mjlearn-notebooks  "
            "（--dir 为空，请给出笔记本文件夹）"
        )
    dest = Path(dir_arg).expanduser()
    if dest.exists() and not dest.is_dir():
        raise LabError(f"--dir names a file, not a folder: {dest}  （--dir 是文件而不是文件夹）")
    try:
        dest.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LabError(
            f"cannot create the notebook folder {dest}: {e.strerror or e}  （无法创建笔记本文件夹）"
        ) from None
    return dest


def copy_notebooks(dest: Path, source: Path | None = None, out=None, err=None) -> dict[str, list[str]]:
    """Copy the notebooks and quiz sets into ``dest`` without ever overwriting a file the learner changed
    or writing through a symlink.

    Returns what happened to each file: ``{"copied", "updated", "kept", "unchanged", "refused"}`` (lists of
    paths relative to ``dest``), and ``"new"``: where the new versions of kept files went.
    """
    source = source or notebooks_source()
    out = out or sys.stdout
    err = err or sys.stderr
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    report: dict[str, list[str]] = {"copied": [], "updated": [], "kept": [], "unchanged": [], "refused": [], "new": []}
    refusals: dict[str, str] = {}  # path below dest -> why it was left alone
    root = Folder.root(str(dest))
    folders: dict[str, Folder | Refused] = {"": root}

    def folder(parts: tuple[str, ...]) -> Folder:
        key = "/".join(parts)
        if key not in folders:
            parent = folder(parts[:-1])
            try:
                folders[key] = _subfolder(parent, parts[-1])
            except Refused as e:
                folders[key] = Refused(str(e), rel=key)
        f = folders[key]
        if isinstance(f, Refused):
            raise f
        return f

    try:
        try:
            manifest = json.loads(_read(root, MANIFEST) or b"{}")
            if not isinstance(manifest, dict):
                manifest = {}
        except Refused as e:
            refusals[MANIFEST] = str(e)
            manifest, write_manifest = {}, False
        except ValueError:
            manifest = {}
        else:
            write_manifest = True
        kernel = kernel_metadata()  # a lesson holds what the kernel reports, so opening it changes nothing
        for src in sorted(p for p in source.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts):
            rel = src.relative_to(source).as_posix()
            parts = tuple(rel.split("/"))
            data = as_opened(src.read_bytes(), kernel) if src.suffix == ".ipynb" else src.read_bytes()
            try:
                where = folder(parts[:-1])
                _place(where, parts, rel, data, manifest, report)
            except Refused as e:
                refusals[e.rel or rel] = str(e)
                report["refused"].append(rel)
        if write_manifest:
            try:
                _write(root, MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
            except Refused as e:
                refusals[MANIFEST] = str(e)
    finally:
        for f in folders.values():
            if isinstance(f, Folder):
                f.close()
    for rel, why in refusals.items():
        print(f"refused {dest / rel}: {why}; left untouched  （拒绝经由符号链接或特殊文件写入，未改动）", file=err)
    said = set(report.pop("_said", []))  # told once, when the new version is written, not at every start
    for rel, new in zip(report["kept"], report["new"]):
        if rel in said:
            print(
                f"kept your changed {rel}; the new version is beside it as {Path(new).name}  "
                f"(保留了你修改过的文件，新版本另存)",
                file=out,
            )
    n = len(report["copied"]) + len(report["updated"])
    print(f"notebooks ready in {dest} ({n} copied or updated)  笔记本已就绪", file=out)
    return report


def _place(where: Folder, parts: tuple[str, ...], rel: str, data: bytes, manifest: dict, report: dict) -> None:
    name = parts[-1]
    new_hash = _sha(data)
    current = _read(where, name)
    if current is None:
        _write(where, name, data)
        manifest[rel] = new_hash
        report["copied"].append(rel)
        return
    current_hash = _sha(current)
    if current_hash == new_hash:
        manifest[rel] = new_hash
        report["unchanged"].append(rel)
    elif manifest.get(rel) == current_hash:  # ours, untouched by the learner: safe to update
        _write(where, name, data)
        manifest[rel] = new_hash
        report["updated"].append(rel)
    else:  # the learner's work: never overwrite it; the new version gets a name no learner file has
        beside, written = _beside(where, parts, data, new_hash, manifest)
        if written:
            report.setdefault("_said", []).append(rel)
        report["kept"].append(rel)
        report["new"].append("/".join(parts[:-1] + (beside,)))


def _beside(where: Folder, parts: tuple[str, ...], data: bytes, new_hash: str, manifest: dict) -> tuple[str, bool]:
    """Write the new version of a kept file as NAME.new.EXT, else NAME.new-2.EXT, ...: the first name
    that is free, already holds this version, or holds an older copy mjlearn wrote and nobody changed.
    Returns the name and whether it was written now (False: it held this version already)."""
    stem, dot, ext = parts[-1].rpartition(".")
    if not dot:
        stem, ext = parts[-1], ""
    for n in range(1, _MAX_NEW_NAMES + 1):
        name = f"{stem}.new{'' if n == 1 else f'-{n}'}{dot}{ext}"
        key = "/".join(parts[:-1] + (name,))
        try:
            there = _read(where, name)
        except Refused:
            continue  # a link or a folder by that name: not ours to touch
        if there is None or _sha(there) == new_hash or manifest.get(key) == _sha(there):
            written = there is None or _sha(there) != new_hash
            if written:
                _write(where, name, data)
            manifest[key] = new_hash
            return name, written
    raise Refused(f"{_MAX_NEW_NAMES} names for its new version are taken")


START_PAGE = "00_start_here.ipynb"
"""The notebook ``mjlearn lab`` opens first: the course's plain-words introduction and map."""

LAB_OVERRIDES: dict[str, dict] = {
    # no "Would you like to get notified about official Jupyter news?" toast, and no update check
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # the lessons before the quiz_sets folder's files when sorted by name
    "@jupyterlab/filebrowser-extension:browser": {"sortNotebooksFirst": True},
}
"""JupyterLab settings for the course (the user's own settings still win over these defaults)."""

_LAUNCH = """\
import sys, warnings
with warnings.catch_warnings():  # importing Voila turns traitlets' deprecation warnings on for good
    warnings.simplefilter("ignore", DeprecationWarning)
    try:
        import voila
    except Exception:
        pass
warnings.filterwarnings("ignore", message="ServerApp.token config is deprecated", category=DeprecationWarning)
import tornado.log  # jupyter_server's default ping timeout (3 intervals) is longer than tornado allows
tornado.log.gen_log.addFilter(lambda r: "websocket_ping_timeout" not in r.getMessage())
from jupyterlab.labapp import main
sys.argv[0] = "jupyter-lab"
sys.exit(main())
"""
"""Starts JupyterLab as ``jupyter lab`` does, without one misleading warning. jupyter_server 2 warns
whenever anything reads its old ``ServerApp.token`` setting; the notebook_shim extension reads every
attribute of the server while it starts (``inspect.getmembers``), and the Voila extension, when
imported, turns traitlets' deprecation warnings on for the whole process, so the warning showed
although mjlearn sets no token. Voila is imported first with its own warnings off (its filter goes
when the ``catch_warnings`` block ends), then that one warning is silenced. Likewise tornado's notice
that jupyter_server's default websocket ping timeout is longer than the ping interval (it then uses the
interval, as it says), printed when a browser connects."""


def _default_app_settings_dir() -> Path | None:
    """JupyterLab's own application settings folder (where a site's overrides.json lives), if any."""
    try:
        from jupyterlab.commands import get_app_dir
    except ImportError:
        return None
    return Path(get_app_dir()) / "settings"


def write_lab_settings(folder: Path, existing: Path | None = None) -> dict:
    """Write the application settings JupyterLab reads at start into ``folder``: a copy of the JSON files
    of ``existing`` (a site's page_config.json, overrides.json...), with :data:`LAB_OVERRIDES` merged into
    overrides.json (the site's values for other settings kept). Returns the overrides written."""
    folder.mkdir(parents=True, exist_ok=True)
    overrides: dict = {}
    if existing is not None and existing.is_dir():
        for f in existing.glob("*.json"):
            if f.is_file():
                (folder / f.name).write_bytes(f.read_bytes())
        try:
            loaded = json.loads((existing / "overrides.json").read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                overrides = loaded
        except (OSError, ValueError):
            pass
    for plugin, values in LAB_OVERRIDES.items():
        old = overrides.get(plugin)
        merged = old if isinstance(old, dict) else {}
        overrides[plugin] = {**merged, **values}
    (folder / "overrides.json").write_text(json.dumps(overrides, indent=1), encoding="utf-8")
    return overrides


def trust_shipped_notebooks(source: Path | None = None, notary=None) -> int:
    """Mark the notebooks mjlearn ships as trusted, as ``jupyter trust`` would, so JupyterLab opens them
    without a "not trusted" warning. The signature is of the content as copied (the shipped notebook
    with the kernel's metadata, :func:`~mjlearn.shipped.as_opened`): a copy the learner changed is not
    affected. Signs from the shipped files, never reading the learner's folder; returns
    how many were signed (0 when nbformat cannot sign here, which only leaves the warning)."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary

        notary = notary or NotebookNotary()
        n = 0
        kernel = kernel_metadata()
        for src in sorted((source or notebooks_source()).rglob("*.ipynb")):
            if ".ipynb_checkpoints" in src.parts:
                continue
            nb = nbformat.reads(as_opened(src.read_bytes(), kernel).decode("utf-8"), as_version=4)
            if not notary.check_signature(nb):
                notary.sign(nb)
            n += 1
        return n
    except Exception:  # noqa: BLE001 - a locked or unwritable signature store must not stop the lesson from opening
        return 0


def kernels_can_encrypt() -> bool:
    """Whether the kernels mjlearn starts can get CurveZMQ keys from their manager: jupyter_client's
    ``KernelManager.transport_encryption`` (jupyter_client 8.10 and later) and a pyzmq built with CurveZMQ.

    With ``transport_encryption="auto"`` the manager gives keys to a kernel whose kernelspec says it takes
    them (ipykernel 7's does); that kernel then encrypts its messages on the local TCP ports and does not
    print "Kernel is running over TCP without encryption ..." on the learner's or teacher's console. A
    kernel that takes no keys runs as before. False: the option is not set (older jupyter_client)."""
    try:
        import zmq
        from jupyter_client.manager import KernelManager
    except ImportError:
        return False
    return "transport_encryption" in KernelManager.class_traits(config=True) and bool(zmq.has("curve"))


def lab_command(dest: Path, settings: Path, *, port: int | None = None, no_browser: bool = False) -> list[str]:
    """The command line that starts JupyterLab in ``dest`` on 127.0.0.1, opening :data:`START_PAGE`
    (its URL is both the page the browser opens and the one printed), with the application settings of
    ``settings`` (see :func:`write_lab_settings`). No deprecated option is used."""
    cmd = [
        sys.executable,
        "-c",
        _LAUNCH,
        f"--ServerApp.root_dir={dest}",
        "--ServerApp.ip=127.0.0.1",
        f"--LabApp.app_settings_dir={settings}",
    ]
    start = dest / START_PAGE
    if start.is_file() and not start.is_symlink():
        cmd.append(f"--LabApp.default_url=/lab/tree/{START_PAGE}")
    if port:
        cmd.append(f"--ServerApp.port={port}")
    if no_browser:
        cmd.append("--no-browser")
    if os.name == "posix":  # kernels talk over local sockets, not TCP (and so do not warn about it)
        cmd.append("--KernelManager.transport=ipc")
    elif kernels_can_encrypt():  # Windows: TCP, encrypted (and so not warned about either)
        cmd.append("--KernelManager.transport_encryption=auto")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    return cmd


def add_parser(sub) -> None:
    lab = sub.add_parser(
        "lab",
        help="copy the notebooks to a folder and open them in JupyterLab / 打开课程笔记本",
        description="Copy the notebooks and quiz sets into --dir, then open JupyterLab there on the first "
        "lesson, 00_start_here. "
        "Your changed files are never overwritten (a new version is saved beside "
        "them as NAME.new.ipynb) and nothing is written through a symlink. "
        "把笔记本和题集复制到 --dir，再在那里打开 JupyterLab（第一课 00_start_here）；"
        "你改过的文件不会被覆盖。",
    )
    lab.add_argument(
        "--dir",
        default="~/mjlearn-notebooks",
        help="where the notebooks go (default: ~/mjlearn-notebooks); your changes are never overwritten "
        "/ 笔记本放在哪里",
    )
    lab.add_argument("--port", type=int, default=None, help="port for JupyterLab (default: its own choice) / 端口")
    lab.add_argument(
        "--no-browser",
        action="store_true",
        help="do not open a browser (on a server over SSH: open the printed link yourself) / 不打开浏览器",
    )
    lab.add_argument(
        "--copy-only",
        action="store_true",
        help="copy the notebooks into --dir and stop, without starting JupyterLab / 只复制，不启动",
    )
    lab.set_defaults(func=run)


def run(args) -> int:
    try:
        dest = _prepare_dest(args.dir)
        copy_notebooks(dest)
    except LabError as e:
        print(f"mjlearn lab: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `mjlearn lab --copy-only | head`: main() handles it
        raise
    except OSError as e:
        where = f" {e.filename}" if e.filename else ""
        print(
            f"mjlearn lab: could not copy the notebooks into {args.dir}:{where} {e.strerror or e}  （复制笔记本失败）",
            file=sys.stderr,
        )
        return 2
    if args.copy_only:
        return 0
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        print(
            "JupyterLab is not installed. Install it with:  pip install 'mjlearn[lab]'\n"
            "未安装 JupyterLab，请运行：pip install 'mjlearn[lab]'",
            file=sys.stderr,
        )
        return 2
    print(
        "starting JupyterLab on 127.0.0.1 (token authentication as usual); Ctrl-C stops it  "
        "（正在启动 JupyterLab，按 Ctrl-C 停止）",
        file=sys.stderr,
    )
    trust_shipped_notebooks()
    with tempfile.TemporaryDirectory(prefix="mjlearn-lab-settings-") as settings:
        write_lab_settings(Path(settings), _default_app_settings_dir())
        cmd = lab_command(dest, Path(settings), port=args.port, no_browser=args.no_browser)
        try:
            return subprocess.call(cmd, cwd=dest)
        except KeyboardInterrupt:
            return 0
