#!/usr/bin/env python3
"""Set up mjlearn from a fresh clone with nothing but python3, then open the notebooks or run the tests.

    python3 tools/bootstrap.py lab     # install into .venv and open the notebooks in JupyterLab
    python3 tools/bootstrap.py test    # install what the tests need (Chromium too) and run the whole suite

Extra arguments after ``test`` go to pytest (``python3 tools/bootstrap.py test -k notation``); after
``lab`` they go to ``mjlearn lab`` (``--dir``, ``--port``, ``--no-browser``, ``--copy-only``).

Afterwards the ``mjlearn`` command is ``.venv/bin/mjlearn`` (Windows: ``.venv\\Scripts\\mjlearn``); after
``source .venv/bin/activate`` (Windows: ``.venv\\Scripts\\activate``) plain ``mjlearn`` works in that terminal.

The virtual environment is ``.venv`` in the clone (set MJLEARN_VENV to put it elsewhere). The browser
tests need Debian's Chromium and a CJK font: as root this script installs them with apt-get; otherwise it
says what to install and stops, because a test run without them would not be the whole suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("MJLEARN_VENV", ROOT / ".venv"))
APT_PACKAGES = ["chromium", "fonts-noto-cjk", "postgresql"]  # postgresql: the class-database tests start one


def say(msg: str) -> None:
    print(f"[bootstrap] {msg}", flush=True)


def run(cmd: list[str], **kw) -> None:
    say(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    py = venv_python()
    if not py.exists():
        try:
            run([sys.executable, "-m", "venv", str(VENV)])
        except subprocess.CalledProcessError:
            if is_root() and shutil.which("apt-get"):
                run(["apt-get", "install", "-y", "-q", "python3-venv"])
                run([sys.executable, "-m", "venv", str(VENV)])
            else:
                sys.exit("python3 cannot create a virtual environment: install the venv module "
                         "(Debian/Ubuntu: sudo apt-get install python3-venv) and run this again")
    return py


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def pip_install(py: Path, extras: str) -> None:
    run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", f"{ROOT}[{extras}]"])


def have_cjk_font() -> bool:
    if not shutil.which("fc-list"):
        return False
    out = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True).stdout
    return "Noto Sans CJK" in out or "Noto Serif CJK" in out


def ensure_browser() -> None:
    """The end-to-end tests drive Debian's Chromium; a missing browser must fail the run, not skip."""
    missing = []
    if not Path("/usr/bin/chromium").exists():
        missing.append("chromium")
    if not have_cjk_font():
        missing.append("fonts-noto-cjk")
    if not any(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        missing.append("postgresql")
    if not missing:
        return
    if is_root() and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-q"], env=env)
        run(["apt-get", "install", "-y", "-q", *APT_PACKAGES], env=env)
        # matplotlib caches the font list: drop it so the new CJK font is seen
        shutil.rmtree(Path.home() / ".cache" / "matplotlib", ignore_errors=True)
        return
    sys.exit(f"the browser tests need {' and '.join(missing)}; install them "
             f"(Debian/Ubuntu: sudo apt-get install {' '.join(APT_PACKAGES)}) and run this again")


def ensure_proxy() -> Path | None:
    """JupyterHub's proxy (npm's configurable-http-proxy) for the class-on-a-hub test, in the virtual
    environment's folder (npm from apt-get when missing and root); returns its prefix."""
    if shutil.which("configurable-http-proxy"):
        return None
    prefix = venv_python().parent.parent / "chp"
    if (prefix / "bin" / "configurable-http-proxy").exists():
        return prefix
    if not shutil.which("npm") and is_root() and shutil.which("apt-get"):
        run(["apt-get", "install", "-y", "-q", "npm"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if not shutil.which("npm"):
        sys.exit("the JupyterHub test needs npm (Debian/Ubuntu: sudo apt-get install npm) and run this again")
    run(["npm", "install", "-g", "--prefix", str(prefix), "configurable-http-proxy"])
    return prefix


def how_to_run() -> str:
    """Where the ``mjlearn`` command is, and how to have it by name (the venv is not on PATH)."""
    exe = venv_python().parent / ("mjlearn.exe" if os.name == "nt" else "mjlearn")
    try:
        shown = exe.relative_to(Path.cwd())
    except ValueError:
        shown = exe
    activate = shown.parent / "activate"
    activate = f"{activate}" if os.name == "nt" else f"source {activate}"
    return (f"the mjlearn command is {shown}; to type just `mjlearn` in this terminal, first run: {activate}  "
            f"(mjlearn 命令在 {shown}；先运行 {activate} 之后可直接输入 mjlearn)")


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not argv or argv[0] not in ("lab", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    py = ensure_venv()
    if command == "lab":
        pip_install(py, "lab")
        say(how_to_run())
        exe = py.parent / ("mjlearn.exe" if os.name == "nt" else "mjlearn")
        return subprocess.call([str(exe), "lab", *rest])
    pip_install(py, "test,lab")
    ensure_browser()
    chp = ensure_proxy()
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if chp is not None:
        env["MJLEARN_CHP_PREFIX"] = str(chp)
    say("running the whole test suite")
    result = subprocess.run([str(py), "-m", "pytest", *rest], cwd=ROOT, env=env)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
