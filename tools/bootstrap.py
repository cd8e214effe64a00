#!/usr/bin/env python3
"""Set up mjlearn from a fresh clone with nothing but python3, then open the notebooks or run the tests.

    python3 tools/bootstrap.py lab     # install into .venv and open the notebooks in JupyterLab
    python3 tools/bootstrap.py test    # install what the tests need (Chromium too) and run the whole suite
    python3 tools/bootstrap.py check   # the inner loop: lint, format, types, layers, non-browser tests in parallel

Extra arguments after ``test`` or ``check`` go to pytest (``python3 tools/bootstrap.py test -k notation``);
after ``lab`` they go to ``mjlearn lab`` (``--dir``, ``--port``, ``--no-browser``, ``--copy-only``).

``check`` installs the ``test`` and ``dev`` extras but no browser, PostgreSQL or proxy, then runs ``ruff check``,
``ruff format --check``, mypy (when pyproject.toml has ``[tool.mypy]``), lint-imports (when it has
``[tool.importlinter]``) and the tests that need no browser, spread over the cores by pytest-xdist
(``-n auto``): everything but the ``e2e`` and ``slow`` marks and the files in CHECK_SKIPS below (servers,
kernels, site builds, fresh-interpreter sweeps, the differential runs). Each step runs even when an earlier
one failed, and a summary names the ones that failed. It is not the whole suite: ``test`` is.

A later run skips what is already done: ``.venv`` keeps a stamp of what was installed (pyproject.toml's
hash, the extras, the Python, this script's version), and pip runs again only when one of them changed or
the environment is missing or broken; Chromium, PostgreSQL and the hub's proxy are installed only when
absent. ``--reinstall`` (anywhere on the line) makes ``.venv`` afresh and installs into it again:

    python3 tools/bootstrap.py --reinstall lab

Afterwards the ``mjlearn`` command is ``.venv/bin/mjlearn`` (Windows: ``.venv\\Scripts\\mjlearn``); after
``source .venv/bin/activate`` (Windows: ``.venv\\Scripts\\activate``) plain ``mjlearn`` works in that terminal.

The virtual environment is ``.venv`` in the clone (set MJLEARN_VENV to put it elsewhere). The browser
tests need Debian's Chromium and a CJK font: as root this script installs them with apt-get; otherwise it
says what to install and stops, because a test run without them would not be the whole suite.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("MJLEARN_VENV", ROOT / ".venv"))
APT_PACKAGES = ["chromium", "fonts-noto-cjk", "postgresql"]  # postgresql: the class-database tests start one
VERSION = 3  # bump when what an install puts in the venv changes outside pyproject.toml
STAMP = "mjlearn-bootstrap.json"  # in the venv: what the last successful install was made from
EXTRAS = {"lab": ["lab"], "test": ["test", "lab"], "check": ["test", "dev"]}
# the inner loop's tests: no real browser (e2e), no long differential runs (slow), and not the files below,
# which start servers, kernels or many fresh interpreters and run only in the whole suite (``test``)
CHECK_SKIPS = [
    "tests/e2e",
    # a PostgreSQL server or a JupyterHub of their own
    "tests/test_class.py",
    "tests/test_class_attacks.py",
    "tests/test_class_deploy.py",
    "tests/test_progress_pg.py",
    "tests/test_class_admin.py",
    # Jupyter kernels running the lessons (each xdist worker would run every lesson again)
    "tests/test_notebooks.py",
    "tests/test_course_text.py",
    "tests/test_learner_errors.py",
    "tests/test_kernel_quiet_console.py",
    "tests/test_lab_start.py",
    # JupyterLite and HTML exports built from scratch
    "tests/test_builders_safety.py",
    "tests/test_cli_export.py",
    "tests/test_lite.py",
    "tests/test_lite_bytecode.py",
    # every public name and first use, each in several fresh interpreters
    "tests/test_threads.py",
    "tests/test_public_names.py",
    # differential runs against the reference calculator
    "tests/test_oracle_mcr.py",
    "tests/test_oracle_shanten.py",
]
CHECK_TESTS = ["-m", "not e2e and not slow", *(f"--ignore={path}" for path in CHECK_SKIPS), "-n", "auto", "-q"]


def say(msg: str) -> None:
    print(f"[bootstrap] {msg}", flush=True)


def run(cmd: list[str], **kw) -> None:
    say(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_venv(clear: bool) -> Path:
    """Create the virtual environment (``clear``: empty an existing one first) and return its python."""
    cmd = [sys.executable, "-m", "venv", *(["--clear"] if clear else []), str(VENV)]
    try:
        run(cmd)
    except subprocess.CalledProcessError:
        if is_root() and shutil.which("apt-get"):
            run(["apt-get", "install", "-y", "-q", "python3-venv"])
            run(cmd)
        else:
            sys.exit(
                "python3 cannot create a virtual environment: install the venv module "
                "(Debian/Ubuntu: sudo apt-get install python3-venv) and run this again"
            )
    return venv_python()


def wanted_stamp(extras: list[str]) -> dict:
    """What an install made now would be made from."""
    return {
        "bootstrap": VERSION,
        "pyproject": hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest(),
        "python": sys.version,
        "root": str(ROOT),
        "venv": str(VENV),
        "extras": sorted(extras),
    }


def read_stamp() -> dict | None:
    try:
        stamp = json.loads((VENV / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def write_stamp(stamp: dict) -> None:
    (VENV / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")


_PROBE = (
    "import json, os, sys, importlib.util as u; s = u.find_spec('mjlearn'); "
    "print(json.dumps([sys.version, s and s.origin and os.path.realpath(s.origin)]))"
)


def probe_venv() -> tuple[str, str | None] | None:
    """(the venv python's sys.version, the file it imports mjlearn from or None), or None when that
    python is missing or does not run. Isolated (-I): neither the current folder nor PYTHONPATH count."""
    py = venv_python()
    if not py.exists():
        return None
    try:
        out = subprocess.run([str(py), "-I", "-c", _PROBE], capture_output=True, text=True, timeout=120, check=False)
        version, origin = json.loads(out.stdout)
    except (OSError, subprocess.SubprocessError, ValueError, TypeError):
        return None
    return (version, origin) if out.returncode == 0 and isinstance(version, str) else None


def decide(stamp: dict | None, wanted: dict, probe: tuple[str, str | None] | None, reinstall: bool = False) -> str:
    """What to do about the venv: "create" (make it afresh, then install), "install" (pip install into
    it) or "skip" (it already holds what ``wanted`` asks for).

    ``probe`` is what the venv's python says about itself (see probe_venv): None when it is missing or
    broken. A venv whose python differs from the one running this script, or that was moved (its
    scripts name the old path), is made afresh; a changed pyproject.toml, Python build, clone folder or
    script version, an extra not installed yet, or mjlearn not imported from this clone means pip again.
    """
    if reinstall or probe is None or probe[0] != wanted["python"]:
        return "create"
    if stamp is not None and stamp.get("venv") != wanted["venv"]:
        return "create"
    if stamp is None or any(stamp.get(k) != wanted[k] for k in ("bootstrap", "pyproject", "python", "root")):
        return "install"
    if not set(wanted["extras"]) <= set(stamp.get("extras") or []):
        return "install"
    if probe[1] != str(ROOT / "mjlearn" / "__init__.py"):
        return "install"
    return "skip"


def ensure_installed(command: str, reinstall: bool = False) -> Path:
    """The venv with mjlearn and the command's extras installed; pip runs only when the stamp says the
    last install does not cover them. Returns the venv's python."""
    wanted = wanted_stamp(EXTRAS[command])
    stamp = read_stamp()
    action = decide(stamp, wanted, probe_venv(), reinstall)
    if action == "skip":
        say(f"{VENV} is up to date (python3 tools/bootstrap.py --reinstall {command} installs it afresh)")
        return venv_python()
    if action == "create":
        py = make_venv(clear=(VENV / "pyvenv.cfg").exists())
    else:
        py = venv_python()
        # keep the extras installed before up to date too, not only the ones asked for now
        wanted["extras"] = sorted(set(wanted["extras"]) | set((stamp or {}).get("extras") or []))
    (VENV / STAMP).unlink(missing_ok=True)  # an interrupted install leaves no stamp behind
    pip_install(py, ",".join(wanted["extras"]))
    write_stamp(wanted)
    return py


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def pip_install(py: Path, extras: str) -> None:
    run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", f"{ROOT}[{extras}]"])


def have_cjk_font() -> bool:
    if not shutil.which("fc-list"):
        return False
    out = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True, check=False).stdout
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
    sys.exit(
        f"the browser tests need {' and '.join(missing)}; install them "
        f"(Debian/Ubuntu: sudo apt-get install {' '.join(APT_PACKAGES)}) and run this again"
    )


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
    return (
        f"the mjlearn command is {shown}; to type just `mjlearn` in this terminal, first run: {activate}  "
        f"(mjlearn 命令在 {shown}；先运行 {activate} 之后可直接输入 mjlearn)"
    )


def has_section(name: str) -> bool:
    """Whether pyproject.toml has the table ``[name]`` (read as text: this script runs on Pythons without tomllib)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return any(line.strip() == f"[{name}]" for line in text.splitlines())


def check_steps(py: Path, rest: list[str]) -> list[tuple[str, list[str]]]:
    """The inner loop's steps, each (name, command), in the order they run."""
    steps = [
        ("ruff check", [str(py), "-m", "ruff", "check", "."]),
        ("ruff format", [str(py), "-m", "ruff", "format", "--check", "."]),
    ]
    if has_section("tool.mypy"):
        steps.append(("mypy", [str(py), "-m", "mypy"]))
    if has_section("tool.importlinter"):
        steps.append(("import layers", [str(py.parent / ("lint-imports.exe" if os.name == "nt" else "lint-imports"))]))
    steps.append(("tests", [str(py), "-m", "pytest", *CHECK_TESTS, *rest]))
    return steps


def run_check(py: Path, rest: list[str]) -> int:
    """Run every step of the inner loop, then say which failed; 0 only when all passed."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    failed, times = [], []
    for name, cmd in check_steps(py, rest):
        say(f"{name}: {' '.join(cmd)}")
        start = time.monotonic()
        code = subprocess.run(cmd, cwd=ROOT, env=env, check=False).returncode
        times.append(f"{name} {time.monotonic() - start:.0f} s")
        if code != 0:
            failed.append(name)
    say("took " + ", ".join(times))
    if failed:
        say(f"FAILED: {', '.join(failed)}")
        return 1
    say("all checks passed (the browser and slow tests are not in this loop: python3 tools/bootstrap.py test)")
    return 0


def main(argv: list[str]) -> int:
    reinstall = "--reinstall" in argv
    argv = [a for a in argv if a != "--reinstall"]
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not argv or argv[0] not in EXTRAS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    py = ensure_installed(command, reinstall)
    if command == "lab":
        say(how_to_run())
        exe = py.parent / ("mjlearn.exe" if os.name == "nt" else "mjlearn")
        return subprocess.call([str(exe), "lab", *rest])
    if command == "check":
        return run_check(py, rest)
    ensure_browser()
    chp = ensure_proxy()
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if chp is not None:
        env["MJLEARN_CHP_PREFIX"] = str(chp)
    say("running the whole test suite")
    result = subprocess.run([str(py), "-m", "pytest", *rest], cwd=ROOT, env=env, check=False)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
