"""``mjlearn lite``: the course as a JupyterLite site, to open in any browser with nothing to install.

::

    mjlearn lite fetch              download what the site is made of into the cache (once, online)
    mjlearn lite build --out DIR    build the site into DIR, a new folder or an earlier build's (offline once the cache is filled)

The site is a folder of static files: serve it with ``python -m http.server`` (or put it on any static
host) and open ``lab/index.html``. At run time it makes no request to any other host:

- Pyodide (Python compiled to WebAssembly) comes from npm's ``pyodide`` package, at the version the
  Pyodide kernel was made for; it is copied into ``static/pyodide/``;
- the Python packages the kernel and the notebooks need are pure-Python wheels from PyPI: the
  kernel's (micropip, IPython, jedi and what they depend on) at the versions Pyodide's own package
  list names, and mjlearn's dependencies (pyproject.toml, as they are under ``sys_platform ==
  "emscripten"``: no matplotlib) with what they depend on, at the versions installed here, so that
  ipywidgets and anywidget match the front-end extensions the site ships. They are copied next to
  Pyodide and listed, with mjlearn's own wheel, in a trimmed copy of its package list
  (``pyodide-lock.json``) with their real checksums. Packages nobody needs (numpy, ...) are left out
  of that list, so nothing points at a missing file;
- the kernel's own wheels (its ipykernel stand-in, piplite) are the ones its front-end extension
  ships; installs from PyPI inside the browser are switched off;
- the front-end extensions (the Pyodide kernel, ipywidgets' manager, anywidget) are copied from this
  environment's ``share/jupyter/labextensions``;
- Pyodide loads the kernel's packages and mjlearn's with all they depend on in one batch as it starts
  (:data:`PRELOAD`), so a notebook's ``import mjlearn`` finds them there; the notebooks are stored with
  the metadata the kernel reports, so a lesson opens unmodified; old font formats no browser running
  WebAssembly asks for are left out.

``import mjlearn`` in a notebook loads mjlearn and its dependencies from the site (the kernel loads
the packages a cell imports). What works differently in the browser: see :data:`BROWSER_NOTES`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

from ..buildfolder import BuildFolder, OutputFolderError
from ..errors import MjlearnError
from ..shipped import notebooks_source
from .bytecode import BytecodeError, compile_startup
from .favicon import write_favicons
from .gates import DISABLED
from .npm import npm_pack
from .progress import LitePageError, add_progress
from .prune import drop_build_inputs, prune_unreachable_chunks
from .startup import KERNEL_WHEELS, PRELOAD, drop_fallback_fonts, kernel_metadata, prepare_notebooks
from .tabs import add_tabs
from .wheel import _pyproject, build_wheel

ROOT = Path(__file__).resolve().parents[2]
"""The source tree (the package's parent folder): pyproject.toml and notebooks/ are read from it."""

DEFAULT_CACHE = Path(os.environ.get("MJLEARN_LITE_CACHE") or Path.home() / ".cache" / "mjlearn-lite")

# what the kernel loads at start: micropip (then piplite, from the kernel's own wheels), IPython and
# jedi; the site also serves everything mjlearn's own dependencies need (pyproject.toml), found by
# following each package's requirements as they are under Pyodide (sys_platform "emscripten")
_BOOT = ("micropip", "packaging", "ipython", "jedi")

# provided by the kernel's own stand-in wheel (the classic-notebook front end is not needed)
_PROVIDED = {"widgetsnbextension"}

# the front-end extensions the site needs, as found under share/jupyter/labextensions
_LABEXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")

# the files of npm's pyodide package that the site serves
_PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)

BROWSER_NOTES = (
    (
        "Nothing to install: Python runs inside the page (Pyodide). A notebook takes about ten seconds to "
        "start (longer on a slow computer) while the page loads Python; a strip at the bottom says when it is ready.",
        "无需安装：Python 在网页里运行（Pyodide）。打开笔记本时要等网页载入 Python（约 10 秒，慢的电脑上更久）；"
        "网页底部的提示条会说什么时候就绪。",
    ),
    (
        "Lessons you left open come back in their tabs; each starts its Python when you select it (a few "
        "seconds), so the lesson in front of you is ready first.",
        "上次打开的课程会回到各自的标签页；选中某一课时它才载入 Python（几秒钟），所以眼前这一课最先就绪。",
    ),
    (
        "matplotlib is not in the browser version: where a notebook draws a matplotlib chart, a short "
        "note says so instead, and the table next to it gives the same figures.",
        "浏览器版没有 matplotlib：笔记本里画 matplotlib 图的地方会显示一段说明，旁边的表格给出同样的数字。",
    ),
    (
        "Markdown you write is shown without typeset formulas or diagrams: $...$ and Mermaid blocks stay "
        "as typed (the course uses neither; leaving them out keeps the site small).",
        "你写的 Markdown 不排版公式、不画图：$...$ 和 Mermaid 代码块按原样显示（课程里用不到它们；去掉它们让网站更小）。",
    ),
    (
        "Your practice record and your edits stay in this browser only (its own storage); clearing the "
        "browser's data removes them. The record is the file mjlearn-progress.db next to the notebooks: "
        "download it to keep a copy, upload it in another browser (then restart the kernel) to carry on there. "
        "Keep one notebook with exercises open at a time: two open at once each keep their own record.",
        "练习记录和你对笔记本的修改只保存在这个浏览器里；清除浏览器数据会把它们删掉。练习记录就是笔记本旁边的 "
        "mjlearn-progress.db 文件：下载它可以留一份副本；在另一个浏览器里上传它（再重启内核）就能接着练。"
        "同一时间只开一个做练习的笔记本：同时开两个，各记各的。",
    ),
    (
        "The terminal commands (mjlearn score, mjlearn quiz) are not available in the browser, and no other "
        "program runs in the page: in lesson 16 only mjlearn's own Botzone program sits at the table.",
        "浏览器里不能使用终端命令（mjlearn score、mjlearn quiz），网页里也不能运行别的程序："
        "第 16 课只有 mjlearn 自己的 Botzone 程序能上桌。",
    ),
)


class LiteError(MjlearnError):
    """The site cannot be built; the message says what is missing and how to get it, English then
    Chinese (a tool's own output, when there is one, follows on the next lines). In IPython and Jupyter
    it shows as the learner's error box."""

    heading = ("无法生成浏览器版网站", "The browser site cannot be built")


# --- what goes in ---------------------------------------------------------------------------------


def pyodide_version() -> str:
    """The Pyodide version the installed Pyodide kernel was made for (npm's ``pyodide`` package)."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError as e:  # pragma: no cover - the lite extra is missing
        raise LiteError(
            "the lite extra is not installed: pip install 'mjlearn[lite]'  "
            "（没有安装 lite 组件：请运行 pip install 'mjlearn[lite]'）"
        ) from e
    return PYODIDE_VERSION


def _installed_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError as e:
        raise LiteError(
            f"{name} is not installed here; pip install 'mjlearn[lite]'  "
            f"（这里没有安装 {name}：请运行 pip install 'mjlearn[lite]'）"
        ) from e


def _pyodide_dir(cache: Path) -> Path:
    return cache / f"pyodide-{pyodide_version()}"


def _wheels_dir(cache: Path) -> Path:
    return cache / f"wheels-{pyodide_version()}"


def fetch(cache: Path = DEFAULT_CACHE, *, quiet: bool = False) -> Path:
    """Fill ``cache`` with npm's pyodide package and the pure-Python wheels the site serves.

    Needs the npm registry and PyPI once; later builds read the cache only."""
    cache = Path(cache)
    version = pyodide_version()
    pdir = _pyodide_dir(cache)
    if not (pdir / "pyodide-lock.json").exists():
        npm = shutil.which("npm")
        if npm is None:
            raise LiteError(
                "npm is needed once to fetch Pyodide (npm's pyodide package); install Node.js  "
                "（需要用 npm 下载一次 Pyodide：请安装 Node.js）"
            )
        with tempfile.TemporaryDirectory() as tmp:
            package, printed = npm_pack(npm, f"pyodide@{version}", Path(tmp), quiet=quiet)
            if package is None:
                raise LiteError(
                    f"npm could not fetch pyodide@{version} (the npm registry is needed once)  "
                    f"（npm 无法下载 pyodide@{version}：第一次需要连上 npm 仓库）\n" + printed[-2000:]
                )
            pdir.parent.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(pdir, ignore_errors=True)
            shutil.copytree(package, pdir)
    lock = json.loads((pdir / "pyodide-lock.json").read_text(encoding="utf-8"))
    in_lock, extra, _ = plan(lock)
    wanted = [f"{lock['packages'][n]['name']}=={lock['packages'][n]['version']}" for n in in_lock]
    wanted += [f"{n}=={version}" for n, (version, _) in extra.items()]
    wdir = _wheels_dir(cache)
    wdir.mkdir(parents=True, exist_ok=True)
    missing = [w for w in wanted if _find_wheel(wdir, *w.split("==")) is None]
    if missing:
        py = lock_python(lock_info(pdir))
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                py,
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                "-d",
                str(wdir),
                *(["-q"] if quiet else []),
                *missing,
            ],
            capture_output=quiet,
            text=True,
            check=False,
        )
        if r.returncode != 0:
            raise LiteError(
                f"pip could not download {' '.join(missing)} (PyPI is needed once)  "
                f"（pip 无法下载 {' '.join(missing)}：第一次需要连上 PyPI）\n"
                + ((r.stdout or "") + (r.stderr or ""))[-2000:]
            )
    return cache


def lock_info(pdir: Path) -> dict:
    return json.loads((pdir / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]


def lock_python(info: dict) -> str:
    return ".".join(info["python"].split(".")[:2])


def _norm(name: str) -> str:
    """A package name as Pyodide's package list and PyPI compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _marker_env(info: dict) -> dict:
    """Where requirement markers are evaluated: Python in the browser (Pyodide)."""
    full = info["python"]
    return {
        "python_version": ".".join(full.split(".")[:2]),
        "python_full_version": full,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_version": "",
        "implementation_version": full,
        "extra": "",
    }


def _requirements(reqs, env) -> list[str]:
    """The names of the requirements that hold under ``env`` (extras are never asked for)."""
    from packaging.requirements import Requirement

    names = []
    for text in reqs or ():
        r = Requirement(text)
        if r.marker is None or r.marker.evaluate(env):
            names.append(_norm(r.name))
    return names


def mjlearn_requirements(env: dict) -> list[str]:
    """mjlearn's own dependencies (pyproject.toml) that hold in the browser."""
    return _requirements(_pyproject().get("dependencies", []), env)


def plan(lock: dict) -> tuple[list[str], dict, list[str]]:
    """What the site serves, from Pyodide's ``lock`` and this environment.

    Returns (the lock's keys to keep, {name: (version, depends)} for pure-Python packages the lock
    lacks, taken at the versions installed here, and mjlearn's own depends). A package that is in
    neither raises LiteError naming it."""
    packages = lock["packages"]
    env = _marker_env(lock["info"])
    keys = {_norm(k): k for k in packages}
    mine = [n for n in mjlearn_requirements(env) if n not in _PROVIDED]
    todo, seen, in_lock, extra = [*_BOOT, *mine], set(), [], {}
    while todo:
        name = _norm(todo.pop(0))
        if name in seen or name in _PROVIDED:
            continue
        seen.add(name)
        if name in keys:
            key = keys[name]
            in_lock.append(key)
            todo.extend(packages[key].get("depends", []))
            continue
        try:
            version, reqs = metadata.version(name), metadata.requires(name)
        except metadata.PackageNotFoundError:
            raise LiteError(
                f"{name} is needed in the browser but is neither in Pyodide's package list nor "
                f"installed here; pip install it (or pip install 'mjlearn[lite]')  "
                f"（浏览器里需要 {name}，但 Pyodide 没有提供，这里也没有安装：请用 pip 安装它，"
                f"或运行 pip install 'mjlearn[lite]'）"
            ) from None
        depends = [n for n in _requirements(reqs, env) if n not in _PROVIDED]
        extra[name] = (version, depends)
        todo.extend(depends)

    def depends_key(n: str) -> str:
        return keys.get(n, n)

    extra = {n: (v, [depends_key(d) for d in deps]) for n, (v, deps) in extra.items()}
    return in_lock, extra, [depends_key(n) for n in mine]


def _wheel_imports(whl: Path) -> list[str]:
    """The top-level modules a wheel installs (what ``import`` names)."""
    tops = set()
    with zipfile.ZipFile(whl) as z:
        for name in z.namelist():
            first = name.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in name:
                tops.add(first)
            elif first.endswith(".py"):
                tops.add(first[:-3])
    return sorted(t for t in tops if t.isidentifier())


def _find_wheel(wdir: Path, name: str, version: str) -> Path | None:
    for p in wdir.glob("*.whl"):
        parts = p.name.split("-")
        if _norm(parts[0]) == _norm(name) and parts[1] == version:
            return p
    return None


# --- the site -------------------------------------------------------------------------------------


def _sha256(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _lock_entry(template: dict, name: str, whl: Path, depends, imports) -> dict:
    entry = dict(template)
    entry.update(
        name=name,
        version=whl.name.split("-")[1],
        file_name=whl.name,
        install_dir="site",
        sha256=_sha256(whl),
        package_type="package",
        imports=list(imports),
        depends=list(depends),
        unvendored_tests=False,
    )
    return entry


def _kernel_wheel(name: str) -> Path:
    pypi = _labextensions_root() / _LABEXTENSIONS[0] / "static" / "pypi"
    found = [p for p in pypi.glob("*.whl") if _norm(p.name.split("-")[0]) == name]
    if len(found) != 1:
        raise LiteError(
            f"the Pyodide kernel's extension in {pypi} holds {len(found)} wheels of {name}, not one; "
            "pip install 'mjlearn[lite]'  "
            f"（{pypi} 里 {name} 的安装包不是正好一个：请运行 pip install 'mjlearn[lite]'）"
        )
    return found[0]


def _stage_pyodide(cache: Path, dest: Path, precompile: bool) -> list[str]:
    """Copy Pyodide and the wheels into ``dest`` (the lite dir's static/pyodide) with a trimmed
    pyodide-lock.json listing only what is there, the start compiled ahead unless ``precompile`` is
    False (:mod:`mjlearn.lite.bytecode`); returns the names in that list."""
    pdir, wdir = _pyodide_dir(cache), _wheels_dir(cache)
    if not (pdir / "pyodide-lock.json").exists():
        raise LiteError(
            f"Pyodide {pyodide_version()} is not in {cache}; run `mjlearn lite fetch` once (online)  "
            f"（{cache} 里没有 Pyodide {pyodide_version()}：请联网运行一次 mjlearn lite fetch）"
        )
    dest.mkdir(parents=True, exist_ok=True)
    for f in _PYODIDE_FILES:
        if (pdir / f).exists():
            shutil.copy2(pdir / f, dest / f)
    lock = json.loads((pdir / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    template = packages["micropip"]
    in_lock, extra, mine = plan(lock)
    kept = {}
    for n in in_lock:
        e = packages[n]
        whl = _find_wheel(wdir, e["name"], e["version"])
        if whl is None:
            raise LiteError(
                f"{e['name']} {e['version']} is not in {wdir}; run `mjlearn lite fetch` once (online)  "
                f"（{wdir} 里没有 {e['name']} {e['version']}：请联网运行一次 mjlearn lite fetch）"
            )
        shutil.copy2(whl, dest / whl.name)
        kept[n] = dict(e, file_name=whl.name, sha256=_sha256(whl), unvendored_tests=False)
    for n, (version, depends) in extra.items():
        whl = _find_wheel(wdir, n, version)
        if whl is None:
            raise LiteError(
                f"{n} {version} is not in {wdir}; run `mjlearn lite fetch` once (online)  "
                f"（{wdir} 里没有 {n} {version}：请联网运行一次 mjlearn lite fetch）"
            )
        shutil.copy2(whl, dest / whl.name)
        kept[n] = _lock_entry(template, n, whl, depends, _wheel_imports(whl))
    whl = build_wheel(dest)
    kept["mjlearn"] = _lock_entry(template, "mjlearn", whl, mine, ["mjlearn"])
    for n, depends in KERNEL_WHEELS.items():  # listed too, so that Pyodide loads them with the rest at start
        whl = _kernel_wheel(n)
        shutil.copy2(whl, dest / whl.name)
        kept[n] = _lock_entry(template, n, whl, depends, _wheel_imports(whl))
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    if precompile:
        compile_startup(dest, list(PRELOAD), ["python_stdlib.zip", *sorted(e["file_name"] for e in kept.values())])
        for entry in kept.values():  # the wheels compiled ahead are new files
            entry["sha256"] = _sha256(dest / entry["file_name"])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return sorted(kept)


def _labextensions_root() -> Path:
    for base in (Path(sys.prefix), Path(sys.base_prefix), Path.home() / ".local"):
        root = base / "share" / "jupyter" / "labextensions"
        if all((root / name / "package.json").exists() for name in _LABEXTENSIONS):
            return root
    raise LiteError(
        "the front-end extensions "
        + ", ".join(_LABEXTENSIONS)
        + " were not found; pip install 'mjlearn[lite]'  "
        + "（找不到前端扩展 "
        + "、".join(_LABEXTENSIONS)
        + "：请运行 pip install 'mjlearn[lite]'）"
    )


def notebooks_dir() -> Path:
    return notebooks_source()


def _kernel_metadata(ext_root: Path) -> dict:
    static = ext_root / _LABEXTENSIONS[0] / "static"
    meta = kernel_metadata(static)
    if meta is None:
        raise LiteError(
            f"the Pyodide kernel's extension in {static} does not say what its kernel reports "
            "(kernelspec, language_info): a version mjlearn does not know; pip install 'mjlearn[lite]'  "
            f"（{static} 里的 Pyodide 内核扩展没有给出内核信息：mjlearn 不认识这个版本，请运行 pip install 'mjlearn[lite]'）"
        )
    return meta


BUILDER = "mjlearn lite build"
"""The name the site's folder is marked with (see :mod:`mjlearn.buildfolder`)."""


def build(
    out: Path,
    *,
    cache: Path = DEFAULT_CACHE,
    notebooks: Path | None = None,
    fetch_missing: bool = True,
    quiet: bool = True,
    expose_app: bool = False,
    precompile: bool = True,
) -> dict:
    """Build the JupyterLite site into ``out``; returns a summary (files, bytes, packages).

    ``out`` is a new folder (created) or the folder of an earlier build (its marker says so); anything
    else is refused before anything is fetched or built (see :mod:`mjlearn.buildfolder`). A rebuild
    replaces only the files the earlier build wrote. ``expose_app`` sets ``window.jupyterapp`` in the
    page (for tests that drive it); ``precompile=False`` leaves the start to be compiled in the browser
    (no Node.js needed; the site starts a few seconds slower)."""
    cache = Path(cache)
    with BuildFolder.claim(out, BUILDER) as folder:
        if fetch_missing:
            try:
                fetch(cache, quiet=quiet)
            except OSError as e:
                raise LiteError(
                    f"could not fetch Pyodide and the wheels into {cache} ({e})  "
                    f"（无法把 Pyodide 和安装包下载到 {cache}）"
                ) from e
        notebooks = Path(notebooks) if notebooks else notebooks_dir()
        with tempfile.TemporaryDirectory(prefix="mjlearn-lite-") as tmp:
            lite, site = Path(tmp) / "lite", Path(tmp) / "site"
            packages = _stage_pyodide(cache, lite / "static" / "pyodide", precompile)
            ext_root = _labextensions_root()
            for name in _LABEXTENSIONS:
                shutil.copytree(ext_root / name, lite / "labextensions" / name, ignore=shutil.ignore_patterns("*.map"))
            add_tabs(lite)  # only the notebook on show starts its Python (mjlearn.lite.tabs)
            files = lite / "files"
            shutil.copytree(notebooks, files, ignore=shutil.ignore_patterns(".*", "__pycache__", "*.new.ipynb"))
            prepare_notebooks(files, _kernel_metadata(ext_root))
            kernel = {"disablePyPIFallback": True, "pipliteUrls": [], "loadPyodideOptions": {"packages": list(PRELOAD)}}
            (lite / "jupyter-lite.json").write_text(
                json.dumps(
                    {
                        "jupyter-lite-schema-version": 0,
                        "jupyter-config-data": {
                            "appName": "mjlearn",
                            "disabledExtensions": list(DISABLED),
                            **({"exposeAppInBrowser": "true"} if expose_app else {}),
                            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
                        },
                    },
                    indent=1,
                ),
                encoding="utf-8",
            )
            (lite / "jupyter_lite_config.json").write_text(
                json.dumps(
                    {
                        "LiteBuildConfig": {
                            "ignore_sys_prefix": True,
                            "no_sourcemaps": True,
                            "contents": [],
                            "apps": ["lab"],
                            "no_unused_shared_packages": True,
                        },
                        "FederatedExtensionAddon": {"extra_labextensions_path": [str(lite / "labextensions")]},
                    },
                    indent=1,
                ),
                encoding="utf-8",
            )
            # jupyter lite writes a folder of its own in the temporary folder; the site's files are then
            # copied into ``out`` file by file, never through a link (BuildFolder.install)
            cmd = [
                sys.executable,
                "-m",
                "jupyterlite_core",
                "build",
                "--lite-dir",
                str(lite),
                "--output-dir",
                str(site),
                "--contents",
                str(files),
            ]
            env = dict(os.environ, JUPYTERLITE_NO_LIBARCHIVE="1")
            env.pop("JUPYTERLITE_PYODIDE_URL", None)
            r = subprocess.run(cmd, cwd=lite, env=env, capture_output=True, text=True, check=False)
            if r.returncode != 0:
                raise LiteError(
                    "jupyter lite build failed  （jupyter lite 生成网站失败）\n" + (r.stdout + r.stderr)[-4000:]
                )
            drop_fallback_fonts(site / "build")
            prune_unreachable_chunks(site, cache, fetch_missing=fetch_missing)
            drop_build_inputs(site)
            add_progress(site)
            write_favicons(site)
            _check_site(site)
            summary = site_summary(site)
            folder.install(
                {
                    p.relative_to(site).as_posix(): p
                    for p in sorted(site.rglob("*"))
                    if p.is_file() and not p.is_symlink()
                },
                replace_all=True,
            )
    return summary | {"packages": packages}


def _check_site(out: Path) -> None:
    lite = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = lite["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not str(kernel.get("pyodideUrl", "")).startswith("./"):
        raise LiteError(
            f"the site does not use its own Pyodide (pyodideUrl={kernel.get('pyodideUrl')!r})  "
            f"（生成的网站没有使用自带的 Pyodide）"
        )


def site_summary(out: Path) -> dict:
    files = [p for p in Path(out).rglob("*") if p.is_file()]
    return {
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
        "notebooks": sorted(p.name for p in (Path(out) / "files").glob("*.ipynb")),
    }


# --- the command ----------------------------------------------------------------------------------


def add_parser(sub) -> None:
    p = sub.add_parser("lite", help="build the course as a JupyterLite site (runs in any browser, nothing to install)")
    lsub = p.add_subparsers(dest="lite_command", metavar="STEP")
    b = lsub.add_parser("build", help="build the site into a folder")
    b.add_argument(
        "--out",
        required=True,
        type=Path,
        help="a new folder to build into (created), or the folder of an earlier build (its files replaced)",
    )
    b.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"download cache (default {DEFAULT_CACHE})")
    b.add_argument("--offline", action="store_true", help="use the cache only, fetch nothing")
    b.add_argument(
        "--no-precompile",
        action="store_true",
        help="do not compile the Python the site starts with ahead (no Node.js needed; the site starts slower)",
    )
    f = lsub.add_parser("fetch", help="download Pyodide and the wheels into the cache (needs npm and PyPI once)")
    f.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"download cache (default {DEFAULT_CACHE})")
    p.set_defaults(lite_parser=p)


def run(args) -> int:
    try:
        if args.lite_command == "fetch":
            fetch(args.cache, quiet=False)
            print(f"mjlearn lite: cache ready in {args.cache}")
            return 0
        if args.lite_command == "build":
            s = build(args.out, cache=args.cache, fetch_missing=not args.offline, precompile=not args.no_precompile)
            print(
                f"mjlearn lite: built {args.out} ({s['files']} files, {s['bytes'] / 2**20:.1f} MiB, "
                f"{len(s['notebooks'])} notebooks)"
            )
            print(f"  serve it:  python -m http.server --directory {args.out} 8000")
            print("  then open: http://127.0.0.1:8000/lab/index.html")
            print("What works differently in the browser 浏览器版的不同之处:")
            for en, zh in BROWSER_NOTES:
                print(f"  - {en}\n    {zh}")
            return 0
    except (LiteError, BytecodeError, LitePageError, OutputFolderError) as e:
        print(f"mjlearn lite: {e}", file=sys.stderr)
        return 2
    args.lite_parser.print_help()
    return 0


def main(argv=None) -> int:  # pragma: no cover - `python -m mjlearn.lite`
    parser = argparse.ArgumentParser(prog="mjlearn")
    add_parser(parser.add_subparsers(dest="command"))
    return run(parser.parse_args(["lite", *(argv if argv is not None else sys.argv[1:])]))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
