"""tools/bootstrap.py installs once: a second run with nothing changed goes straight to the command,
while a changed pyproject.toml, a new extra, another Python, a moved or broken venv, or --reinstall
installs again. pip and venv are replaced by recorders here, so these run fast and without network."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load():
    spec = importlib.util.spec_from_file_location("mjlearn_bootstrap", ROOT / "tools" / "bootstrap.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bootstrap = _load()


def _wanted(**changes):
    wanted = {
        "bootstrap": bootstrap.VERSION,
        "pyproject": "abc",
        "python": sys.version,
        "root": str(bootstrap.ROOT),
        "venv": "/clone/.venv",
        "extras": ["lab", "test"],
    }
    wanted.update(changes)
    return wanted


HERE = str(bootstrap.ROOT / "mjlearn" / "__init__.py")
PROBE = (sys.version, HERE)


# --- the decision -----------------------------------------------------------------------------------


def test_same_stamp_skips():
    assert bootstrap.decide(_wanted(), _wanted(), PROBE) == "skip"


def test_fewer_extras_than_installed_skips():
    """`lab` after `test`: the lab extra is in already."""
    assert bootstrap.decide(_wanted(), _wanted(extras=["lab"]), PROBE) == "skip"


@pytest.mark.parametrize(
    "change",
    [
        {"pyproject": "def"},  # pyproject.toml edited (a new dependency, a new version pin)
        {"extras": ["hub", "lab", "test"]},  # an extra not installed yet
        {"bootstrap": bootstrap.VERSION + 1},  # this script installs something new
        {"root": "/elsewhere"},  # the editable install points at another clone
    ],
)
def test_a_changed_input_installs(change):
    assert bootstrap.decide(_wanted(), _wanted(**change), PROBE) == "install"


def test_python_upgraded_in_place_installs():
    """The venv's python is the new build (same as the one running bootstrap), the stamp the old one."""
    assert bootstrap.decide(_wanted(python="3.11.6 (old build)"), _wanted(), PROBE) == "install"


def test_no_stamp_installs_into_a_working_venv():
    """A venv made by hand or an install that was interrupted (the stamp goes before pip runs)."""
    assert bootstrap.decide(None, _wanted(), PROBE) == "install"


def test_mjlearn_not_importable_from_this_clone_installs():
    assert bootstrap.decide(_wanted(), _wanted(), (sys.version, None)) == "install"
    assert bootstrap.decide(_wanted(), _wanted(), (sys.version, "/other/mjlearn/__init__.py")) == "install"


def test_missing_or_broken_venv_is_created():
    assert bootstrap.decide(None, _wanted(), None) == "create"
    assert bootstrap.decide(_wanted(), _wanted(), None) == "create"


def test_venv_of_another_python_is_created_afresh():
    assert bootstrap.decide(_wanted(), _wanted(), ("3.99.0 (other)", HERE)) == "create"


def test_moved_venv_is_created_afresh():
    """Its scripts' first lines name the old path."""
    assert bootstrap.decide(_wanted(venv="/old/.venv"), _wanted(), PROBE) == "create"


def test_reinstall_always_creates():
    assert bootstrap.decide(_wanted(), _wanted(), PROBE, reinstall=True) == "create"


# --- the install around it, with pip and venv recorded ---------------------------------------------


@pytest.fixture
def clone(tmp_path, monkeypatch):
    """A clone folder with a pyproject.toml and a venv folder; records what would run."""
    root, venv = tmp_path / "clone", tmp_path / "clone" / ".venv"
    root.mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "mjlearn"\n')
    monkeypatch.setattr(bootstrap, "ROOT", root)
    monkeypatch.setattr(bootstrap, "VENV", venv)
    calls = []
    state = {"probe": None}

    def make_venv(clear):
        calls.append(("venv", clear))
        venv.mkdir(exist_ok=True)
        (venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
        state["probe"] = (sys.version, None)
        return bootstrap.venv_python()

    def pip_install(py, extras):
        calls.append(("pip", extras))
        state["probe"] = (sys.version, str(root / "mjlearn" / "__init__.py"))

    monkeypatch.setattr(bootstrap, "make_venv", make_venv)
    monkeypatch.setattr(bootstrap, "pip_install", pip_install)
    monkeypatch.setattr(bootstrap, "probe_venv", lambda: state["probe"])
    return root, venv, calls, state


def test_first_run_installs_second_run_skips(clone):
    _root, venv, calls, _ = clone
    bootstrap.ensure_installed("test")
    assert calls == [("venv", False), ("pip", "lab,test")]
    assert (venv / bootstrap.STAMP).exists()
    calls.clear()
    bootstrap.ensure_installed("test")
    bootstrap.ensure_installed("lab")
    assert calls == []


def test_edited_pyproject_installs_again_with_the_extras_installed_before(clone):
    root, _venv, calls, _ = clone
    bootstrap.ensure_installed("test")
    (root / "pyproject.toml").write_text('[project]\nname = "mjlearn"\ndependencies = ["fsrs"]\n')
    calls.clear()
    bootstrap.ensure_installed("lab")
    assert calls == [("pip", "lab,test")]
    calls.clear()
    bootstrap.ensure_installed("test")
    assert calls == []


def test_lab_then_test_installs_the_test_extra(clone):
    _, _, calls, _ = clone
    bootstrap.ensure_installed("lab")
    calls.clear()
    bootstrap.ensure_installed("test")
    assert calls == [("pip", "lab,test")]


def test_failed_install_leaves_no_stamp(clone, monkeypatch):
    """pip stopped half way (no network, Ctrl-C): the next run must install again, not skip."""
    root, venv, _calls, _ = clone
    bootstrap.ensure_installed("lab")
    (root / "pyproject.toml").write_text('[project]\nname = "mjlearn"\nversion = "2"\n')

    def failing(py, extras):
        raise KeyboardInterrupt

    monkeypatch.setattr(bootstrap, "pip_install", failing)
    with pytest.raises(KeyboardInterrupt):
        bootstrap.ensure_installed("lab")
    assert not (venv / bootstrap.STAMP).exists()
    assert (
        bootstrap.decide(bootstrap.read_stamp(), bootstrap.wanted_stamp(["lab"]), bootstrap.probe_venv()) == "install"
    )


def test_broken_venv_is_emptied_and_made_again(clone):
    _root, _venv, calls, state = clone
    bootstrap.ensure_installed("lab")
    state["probe"] = None  # e.g. the Python it was made with was removed
    calls.clear()
    bootstrap.ensure_installed("lab")
    assert calls == [("venv", True), ("pip", "lab")]


def test_a_corrupt_stamp_counts_as_none(clone):
    _root, venv, _calls, _ = clone
    bootstrap.ensure_installed("lab")
    (venv / bootstrap.STAMP).write_text("{not json")
    assert bootstrap.read_stamp() is None
    (venv / bootstrap.STAMP).write_text("[1, 2]")
    assert bootstrap.read_stamp() is None


def test_reinstall_flag_anywhere_on_the_line(clone, monkeypatch):
    seen = []
    monkeypatch.setattr(
        bootstrap,
        "ensure_installed",
        lambda command, reinstall=False: seen.append((command, reinstall)) or bootstrap.venv_python(),
    )
    monkeypatch.setattr(bootstrap.subprocess, "call", lambda cmd: seen.append(cmd[1:]) or 0)
    assert bootstrap.main(["--reinstall", "lab", "--no-browser"]) == 0
    assert bootstrap.main(["lab", "--reinstall"]) == 0
    assert bootstrap.main(["lab"]) == 0
    assert seen == [("lab", True), ["lab", "--no-browser"], ("lab", True), ["lab"], ("lab", False), ["lab"]]


def test_help_names_reinstall(capsys):
    assert bootstrap.main(["--help"]) == 0
    assert "--reinstall" in capsys.readouterr().out


# --- the probe, on real interpreters ------------------------------------------------------------------


@pytest.mark.skipif(sys.prefix == sys.base_prefix or os.name == "nt", reason="runs inside a venv")
def test_probe_of_a_working_venv_reports_its_python(monkeypatch):
    monkeypatch.setattr(bootstrap, "VENV", Path(sys.prefix))
    version, origin = bootstrap.probe_venv()
    assert version == sys.version
    assert origin is None or origin.endswith(os.path.join("mjlearn", "__init__.py"))


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands for the broken python")
def test_probe_of_a_missing_or_broken_venv_is_none(tmp_path, monkeypatch):
    monkeypatch.setattr(bootstrap, "VENV", tmp_path / "venv")
    assert bootstrap.probe_venv() is None
    py = bootstrap.venv_python()
    py.parent.mkdir(parents=True)
    py.write_text("#!/bin/sh\necho 'error while loading shared libraries' >&2\nexit 127\n")
    py.chmod(0o755)
    assert bootstrap.probe_venv() is None
    py.write_text("#!/bin/sh\necho garbage\n")
    assert bootstrap.probe_venv() is None


# --- check: the inner loop, without a browser ----------------------------------------------------------


@pytest.fixture
def checking(tmp_path, monkeypatch):
    """bootstrap.main with the install and every step recorded, in a clone whose pyproject.toml the test writes."""
    root = tmp_path / "clone"
    root.mkdir()
    monkeypatch.setattr(bootstrap, "ROOT", root)
    installed, ran = [], []
    monkeypatch.setattr(
        bootstrap,
        "ensure_installed",
        lambda command, reinstall=False: installed.append(command) or Path("/venv/bin/python"),
    )

    def no_browser():
        raise AssertionError("check must not install or ask for Chromium, PostgreSQL or the proxy")

    monkeypatch.setattr(bootstrap, "ensure_browser", no_browser)
    monkeypatch.setattr(bootstrap, "ensure_proxy", no_browser)
    return root, installed, ran


def _record(monkeypatch, ran, failing=()):
    def fake_run(cmd, **kw):
        ran.append(cmd)
        return subprocess.CompletedProcess(cmd, 1 if any(f in " ".join(cmd) for f in failing) else 0)

    monkeypatch.setattr(bootstrap.subprocess, "run", fake_run)


def test_check_installs_test_and_dev_and_runs_lint_then_the_non_browser_tests(checking, monkeypatch):
    root, installed, ran = checking
    (root / "pyproject.toml").write_text('[project]\nname = "mjlearn"\n')
    _record(monkeypatch, ran)
    assert bootstrap.main(["check", "-k", "notation"]) == 0
    assert installed == ["check"] and bootstrap.EXTRAS["check"] == ["test", "dev"]
    assert [c[1:4] for c in ran] == [["-m", "ruff", "check"], ["-m", "ruff", "format"], ["-m", "pytest", "-m"]]
    tests = ran[-1]
    assert tests[-2:] == ["-k", "notation"]
    assert "not e2e and not slow" in tests and "--ignore=tests/e2e" in tests
    assert tests[tests.index("-n") + 1] == "auto"


def test_every_file_check_leaves_to_the_whole_suite_exists():
    """A renamed test file would slip back into the inner loop unnoticed (pytest ignores a missing --ignore)."""
    missing = [p for p in bootstrap.CHECK_SKIPS if not (ROOT / p).exists()]
    assert missing == [], f"tools/bootstrap.py CHECK_SKIPS names files that are gone: {missing}"


def test_check_runs_mypy_and_the_layers_only_when_pyproject_configures_them(checking, monkeypatch):
    root, _, ran = checking
    (root / "pyproject.toml").write_text(
        '[project]\nname = "mjlearn"\n\n[tool.mypy]\nfiles = ["mjlearn"]\n\n'
        '[tool.importlinter]\nroot_package = "mjlearn"\n'
    )
    _record(monkeypatch, ran)
    assert bootstrap.main(["check"]) == 0
    names = [" ".join(c) for c in ran]
    assert any("-m mypy" in n for n in names) and any(n.endswith("lint-imports") for n in names)
    (root / "pyproject.toml").write_text('[project]\nname = "mjlearn"\n# [tool.mypy] comes later\n')
    ran.clear()
    assert bootstrap.main(["check"]) == 0
    assert not any("mypy" in " ".join(c) or "lint-imports" in " ".join(c) for c in ran)


def test_check_runs_every_step_and_fails_when_one_fails(checking, monkeypatch, capsys):
    root, _, ran = checking
    (root / "pyproject.toml").write_text('[project]\nname = "mjlearn"\n')
    _record(monkeypatch, ran, failing=("format",))
    assert bootstrap.main(["check"]) == 1
    assert len(ran) == 3  # the tests still ran after the format check failed
    assert "FAILED: ruff format" in capsys.readouterr().out


def test_help_names_check(capsys):
    assert bootstrap.main(["--help"]) == 0
    assert "bootstrap.py check" in capsys.readouterr().out
