"""The builders never destroy: ``mjlearn lite build --out`` and ``mjlearn export --out-dir`` write only
into a folder they created or one their own marker says they built, never through a symbolic link,
and refuse anything else with one bilingual line naming the path; what a learner keeps there survives.

Every command runs as a learner or teacher would type it, in a fresh interpreter. The site is built
offline from a cache holding stand-ins for the Pyodide runtime and the third-party wheels (see
:func:`_offline_cache`): what is under test here is where the builder writes, and everything that
decides it (the mjlearn wheel, the front-end extensions, ``jupyter lite build`` itself) is real. The
site with the real Pyodide is built and opened in Chromium in ``tests/e2e/test_lite_browser.py``.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_markdown_cell, new_notebook

from mjlearn.lite import site

MARKER = ".mjlearn-build"
"""The marker a builder leaves in its folder (``mjlearn.buildfolder.MARKER``)."""

NOTEBOOK = '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}  my answers\n'
"""A learner's notebook (its bytes are compared, so it need not be valid)."""


def mjlearn(*args, cwd, home=None, timeout=300):
    env = {**os.environ, "MJLEARN_DATA_DIR": str(Path(cwd) / ".mjlearn-data")}
    if home is not None:
        env["HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def refused(r, path) -> None:
    """A refusal: exit code 2 and one line naming the path, in English and Chinese, no traceback."""
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-2000:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert str(path) in lines[0] and "（" in lines[0], lines[0]


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    return _offline_cache(tmp_path_factory.mktemp("lite-cache"))


def _offline_cache(cache: Path) -> Path:
    """A cache for ``lite build --offline``: a Pyodide package list naming what the kernel loads, and a
    wheel for each package the site serves, each holding one empty module; the runtime's files are
    short stand-ins. It lets the whole build run here with no network."""
    version = site.pyodide_version()
    pdir, wdir = cache / f"pyodide-{version}", cache / f"wheels-{version}"
    pdir.mkdir(parents=True)
    wdir.mkdir(parents=True)
    boot = ["micropip", "packaging", "ipython", "jedi"]
    lock = {
        "info": {"python": "3.13.2", "arch": "wasm32", "platform": "emscripten_4_0_9", "version": version},
        "packages": {
            n: {
                "name": n,
                "version": "1.0",
                "depends": [],
                "file_name": f"{n}-1.0-py3-none-any.whl",
                "imports": [n],
                "install_dir": "site",
                "package_type": "package",
                "sha256": "",
                "shared_library": False,
                "unvendored_tests": False,
            }
            for n in boot
        },
    }
    (pdir / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    for f in ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        (pdir / f).write_text("// stand-in\n", encoding="utf-8")
    _, extra, _ = site.plan(lock)
    for name, v in [*((n, "1.0") for n in boot), *((n, v) for n, (v, _) in extra.items())]:
        module = name.replace("-", "_")
        with zipfile.ZipFile(wdir / f"{module}-{v}-py3-none-any.whl", "w") as z:
            z.writestr(f"{module}/__init__.py", "")
    return cache


def build(out, cache, cwd, **kw):
    return mjlearn("lite", "build", "--offline", "--no-precompile", "--cache", cache, "--out", out, cwd=cwd, **kw)


def learner_folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    (path / "my_notes.ipynb").write_text(NOTEBOOK, encoding="utf-8")
    return path / "my_notes.ipynb"


# --- mjlearn lite build --out ---------------------------------------------------------------------


def test_lite_refuses_a_folder_holding_a_learners_notebook(tmp_path, cache):
    kept = learner_folder(tmp_path / "course")
    refused(build(tmp_path / "course", cache, tmp_path), tmp_path / "course")
    assert kept.read_text(encoding="utf-8") == NOTEBOOK
    assert sorted(p.name for p in (tmp_path / "course").iterdir()) == ["my_notes.ipynb"]


def test_lite_refuses_the_current_folder(tmp_path, cache):
    work = tmp_path / "work"
    kept = learner_folder(work)
    refused(build(".", cache, work), work)
    assert kept.read_text(encoding="utf-8") == NOTEBOOK


def test_lite_refuses_the_home_folder(tmp_path, cache):
    home = tmp_path / "home"
    kept = learner_folder(home)
    typed = f"{shlex.quote(sys.executable)} -m mjlearn lite build --offline --cache {shlex.quote(str(cache))} --out ~"
    r = subprocess.run(
        ["sh", "-c", typed],
        cwd=tmp_path,
        env={**os.environ, "HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    refused(r, home)
    assert kept.read_text(encoding="utf-8") == NOTEBOOK


def test_lite_refuses_a_link_to_a_folder_and_leaves_its_target(tmp_path, cache):
    kept = learner_folder(tmp_path / "target")
    (tmp_path / "link").symlink_to(tmp_path / "target", target_is_directory=True)
    refused(build(tmp_path / "link", cache, tmp_path), tmp_path / "link")
    assert kept.read_text(encoding="utf-8") == NOTEBOOK
    assert sorted(p.name for p in (tmp_path / "target").iterdir()) == ["my_notes.ipynb"]


def test_lite_refuses_a_file(tmp_path, cache):
    kept = tmp_path / "notes.txt"
    kept.write_text("keep me", encoding="utf-8")
    refused(build(kept, cache, tmp_path), kept)
    assert kept.read_text(encoding="utf-8") == "keep me"


def test_lite_rebuilds_its_own_folder_and_replaces_only_what_it_built(tmp_path, cache):
    out = tmp_path / "new" / "site"  # parents are created too
    first = build(out, cache, tmp_path)
    assert first.returncode == 0, first.stderr[-3000:]
    marker = json.loads((out / MARKER).read_text(encoding="utf-8"))
    assert marker["builder"] == "mjlearn lite build" and "lab/index.html" in marker["files"]
    kept = learner_folder(out)  # saved into the site afterwards
    (out / "files" / "my_extra.ipynb").write_text(NOTEBOOK, encoding="utf-8")
    stale = next(r for r in marker["files"] if r.startswith("files/") and r.endswith(".ipynb"))
    marker["files"]["files/old_lesson.ipynb"] = marker["files"][stale]  # a page an earlier build had
    (out / "files" / "old_lesson.ipynb").write_bytes((out / stale).read_bytes())
    (out / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    again = build(out, cache, tmp_path)
    assert again.returncode == 0, again.stderr[-3000:]
    assert kept.read_text(encoding="utf-8") == NOTEBOOK
    assert (out / "files" / "my_extra.ipynb").read_text(encoding="utf-8") == NOTEBOOK
    assert not (out / "files" / "old_lesson.ipynb").exists()  # built before, gone from the course
    assert (out / "lab" / "index.html").is_file() and (out / "jupyter-lite.json").is_file()


def test_lite_refuses_a_rebuild_over_a_built_folder_replaced_by_a_link(tmp_path, cache):
    out = tmp_path / "site"
    assert build(out, cache, tmp_path).returncode == 0
    outside = learner_folder(tmp_path / "elsewhere")
    lab = out / "lab"
    for p in sorted(lab.rglob("*"), reverse=True):
        p.rmdir() if p.is_dir() else p.unlink()
    lab.rmdir()
    lab.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    r = build(out, cache, tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr and str(out / "lab") in r.stderr
    assert sorted(p.name for p in (tmp_path / "elsewhere").iterdir()) == ["my_notes.ipynb"]
    assert outside.read_text(encoding="utf-8") == NOTEBOOK


# --- mjlearn export --out-dir ---------------------------------------------------------------------


@pytest.fixture
def lesson(tmp_path) -> Path:
    nb = new_notebook(cells=[new_markdown_cell("# 一课 · A lesson")])
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    return path


def export(lesson, out, cwd):
    return mjlearn("export", lesson, "--no-execute", "--out-dir", out, cwd=cwd, timeout=120)


def test_export_refuses_a_folder_it_did_not_make(tmp_path, lesson):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "lesson.html").write_text("a learner's own page", encoding="utf-8")
    refused(export(lesson, folder, tmp_path), folder)
    assert (folder / "lesson.html").read_text(encoding="utf-8") == "a learner's own page"


def test_export_never_writes_through_a_linked_page(tmp_path, lesson):
    outside = tmp_path / "outside.txt"
    outside.write_text("not a page", encoding="utf-8")
    first = export(lesson, tmp_path / "html", tmp_path)
    assert first.returncode == 0, first.stderr
    page = tmp_path / "html" / "lesson.html"
    page.unlink()
    page.symlink_to(outside)
    refused(export(lesson, tmp_path / "html", tmp_path), page)
    assert outside.read_text(encoding="utf-8") == "not a page" and page.is_symlink()


def test_export_refuses_a_link_to_a_folder(tmp_path, lesson):
    (tmp_path / "target").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "target", target_is_directory=True)
    refused(export(lesson, tmp_path / "link", tmp_path), tmp_path / "link")
    assert list((tmp_path / "target").iterdir()) == []


def test_export_refuses_a_file_as_its_folder(tmp_path, lesson):
    kept = tmp_path / "notes.txt"
    kept.write_text("keep me", encoding="utf-8")
    refused(export(lesson, kept, tmp_path), kept)
    assert kept.read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize(
    "content",
    [b"this is not json", b"\xff\xfe not utf-8", b'{"cells": 3, "nbformat": 4}', b"[" * 100_000, b"[1, 2]"],
    ids=["text", "not-utf8", "cells-not-a-list", "deep", "a-list"],
)
def test_export_says_a_file_is_not_a_notebook(tmp_path, content):
    bad = tmp_path / "broken.ipynb"
    bad.write_bytes(content)
    refused(export(bad, tmp_path / "html", tmp_path), bad)
    assert not (tmp_path / "html").exists()  # refused before the folder is made


def test_export_replaces_its_own_page_and_keeps_what_a_learner_added(tmp_path, lesson):
    assert export(lesson, tmp_path / "html", tmp_path).returncode == 0
    kept = learner_folder(tmp_path / "html")
    again = export(lesson, tmp_path / "html", tmp_path)
    assert again.returncode == 0, again.stderr
    assert "A lesson" in (tmp_path / "html" / "lesson.html").read_text(encoding="utf-8")
    assert kept.read_text(encoding="utf-8") == NOTEBOOK


# --- the folder itself (with folder descriptors, and by paths as on Windows) -----------------------


@pytest.fixture(params=["descriptors", "paths"], autouse=False)
def folder_mode(request, monkeypatch):
    import mjlearn.buildfolder as bf

    if request.param == "paths":
        monkeypatch.setattr(bf, "_DIR_FD", False)
    elif not bf._DIR_FD:
        pytest.skip("this system has no folder descriptors")
    return request.param


def test_claims_refuse_links_files_and_folders_not_made_by_the_builder(tmp_path, folder_mode):
    from mjlearn.buildfolder import BuildFolder, OutputFolderError

    kept = learner_folder(tmp_path / "occupied")
    (tmp_path / "link").symlink_to(tmp_path / "occupied", target_is_directory=True)
    (tmp_path / "file").write_text("keep me", encoding="utf-8")
    for path, says in [
        (tmp_path / "occupied", "not made by"),
        (tmp_path / "link", "symbolic link"),
        (tmp_path / "file", "is a file"),
        (tmp_path / "file" / "below", "symbolic link or a file"),
    ]:
        with pytest.raises(OutputFolderError, match=says):
            BuildFolder.claim(path, "mjlearn export")
    assert kept.read_text(encoding="utf-8") == NOTEBOOK and (tmp_path / "file").read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in (tmp_path / "occupied").iterdir()) == ["my_notes.ipynb"]


def test_a_damaged_or_foreign_marker_is_refused(tmp_path, folder_mode):
    from mjlearn.buildfolder import BuildFolder, OutputFolderError

    assert MARKER == __import__("mjlearn.buildfolder").buildfolder.MARKER
    with BuildFolder.claim(tmp_path / "site", "mjlearn lite build"):
        pass
    with pytest.raises(OutputFolderError, match="made by mjlearn lite build, not by mjlearn export"):
        BuildFolder.claim(tmp_path / "site", "mjlearn export")
    (tmp_path / "site" / MARKER).write_text("{", encoding="utf-8")
    with pytest.raises(OutputFolderError, match="damaged"):
        BuildFolder.claim(tmp_path / "site", "mjlearn lite build")
    (tmp_path / "site" / MARKER).unlink()
    (tmp_path / "real-marker").write_text('{"builder": "mjlearn lite build", "files": {}, "dirs": []}')
    (tmp_path / "site" / MARKER).symlink_to(tmp_path / "real-marker")
    with pytest.raises(OutputFolderError, match="not made by"):
        BuildFolder.claim(tmp_path / "site", "mjlearn lite build")


def test_the_refusal_shows_as_the_learners_box():
    from mjlearn.buildfolder import OutputFolderError

    e = OutputFolderError("/x", "is a file", "这是一个文件")
    assert e.learner_lines() == [
        "输出文件夹不能用 · The output folder cannot be used",
        "  is a file",
        "  这是一个文件",
        "  文件夹 Folder: /x",
    ]


def test_a_page_changed_by_hand_is_never_overwritten_nor_removed(tmp_path, folder_mode):
    from mjlearn.buildfolder import BuildFolder, OutputFolderError

    out = tmp_path / "html"
    with BuildFolder.claim(out, "mjlearn export") as f:
        f.install({"a.html": b"a1", "b.html": b"b1"})
    (out / "a.html").write_bytes(b"a, edited by the teacher")
    with BuildFolder.claim(out, "mjlearn export") as f:
        f.install({"b.html": b"b2"})  # another page: fine, a.html left and no longer ours
        assert set(f.files) == {"b.html"}
    with BuildFolder.claim(out, "mjlearn export") as f, pytest.raises(OutputFolderError, match="a.html"):
        f.install({"a.html": b"a2"})
    assert (out / "a.html").read_bytes() == b"a, edited by the teacher" and (out / "b.html").read_bytes() == b"b2"
    with BuildFolder.claim(out, "mjlearn export") as f:  # a whole-site rebuild: b.html was ours, it goes
        f.install({"c/d.html": b"d"}, replace_all=True)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [MARKER, "a.html", "c", "c/d.html"]


def test_a_failed_first_build_leaves_no_folder(tmp_path, folder_mode):
    from mjlearn.buildfolder import BuildFolder

    with pytest.raises(RuntimeError):
        with BuildFolder.claim(tmp_path / "new" / "deeper" / "site", "mjlearn lite build"):
            raise RuntimeError("the build failed")
    assert list(tmp_path.iterdir()) == []


def test_a_linked_folder_inside_a_build_is_never_written_through(tmp_path, folder_mode):
    from mjlearn.buildfolder import BuildFolder, OutputFolderError

    out = tmp_path / "site"
    with BuildFolder.claim(out, "mjlearn lite build") as f:
        f.install({"lab/index.html": b"1", "lab/x.js": b"2", "top.html": b"3"}, replace_all=True)
    outside = learner_folder(tmp_path / "elsewhere")
    for p in (out / "lab").iterdir():
        p.unlink()
    (out / "lab").rmdir()
    (out / "lab").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with BuildFolder.claim(out, "mjlearn lite build") as f, pytest.raises(OutputFolderError, match="lab"):
        f.install({"lab/index.html": b"new", "top.html": b"new"}, replace_all=True)
    with BuildFolder.claim(out, "mjlearn lite build") as f:  # a build without lab/: nothing removed through the link
        f.install({"top.html": b"new"}, replace_all=True)
    assert sorted(p.name for p in (tmp_path / "elsewhere").iterdir()) == ["my_notes.ipynb"]
    assert outside.read_text(encoding="utf-8") == NOTEBOOK and (out / "top.html").read_bytes() == b"new"
