"""`mjlearn lab` never follows a symlink out of --dir, never writes through one, never replaces a
learner's file (``.new`` files included), and answers a bad --dir with one line and exit code 2.

The CLI runs in a subprocess with --copy-only, so no server starts."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from needs import need

from mjlearn.cli_lab import MANIFEST, copy_notebooks, notebooks_source
from mjlearn.shipped import as_opened, kernel_metadata

ROOT = Path(__file__).resolve().parent.parent
FIRST = "01_tiles_and_notation.ipynb"


def lab(dest, cwd=None, prefix=()):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [*prefix, sys.executable, "-m", "mjlearn", "lab", "--dir", str(dest), "--copy-only"],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def _clean_error(proc):
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def _refusals(proc):
    return [line for line in proc.stderr.splitlines() if line.startswith("refused ")]


def _tree(folder):
    return sorted(p.relative_to(folder).as_posix() for p in Path(folder).rglob("*"))


@pytest.fixture
def outside(tmp_path):
    d = tmp_path / "outside"
    d.mkdir()
    return d


def test_plain_copy_and_manifest(tmp_path):
    proc = lab(tmp_path / "nb")
    assert proc.returncode == 0 and not _refusals(proc)
    shipped = _tree(notebooks_source())
    assert set(shipped) <= set(_tree(tmp_path / "nb"))
    manifest = json.loads((tmp_path / "nb" / MANIFEST).read_text())
    assert FIRST in manifest and "quiz_sets/mcr_scoring.json" in manifest


def test_symlinked_manifest_leaves_the_outside_file_alone(tmp_path, outside):
    dest = tmp_path / "nb"
    dest.mkdir()
    precious = outside / "precious.txt"
    precious.write_text("do not overwrite me")
    (dest / MANIFEST).symlink_to(precious)
    proc = lab(dest)
    assert proc.returncode == 0
    assert precious.read_text() == "do not overwrite me"
    assert os.readlink(dest / MANIFEST) == str(precious)
    [line] = _refusals(proc)
    assert MANIFEST in line and "symlink" in line and "left untouched" in line
    assert (dest / FIRST).is_file()


def test_dangling_notebook_symlink_creates_nothing_outside(tmp_path, outside):
    dest = tmp_path / "nb"
    dest.mkdir()
    (dest / FIRST).symlink_to(outside / "created.ipynb")
    proc = lab(dest)
    assert proc.returncode == 0
    assert _tree(outside) == []
    assert (dest / FIRST).is_symlink() and os.readlink(dest / FIRST) == str(outside / "created.ipynb")
    [line] = _refusals(proc)
    assert FIRST in line and "symlink" in line
    assert not any(p.name.startswith(".") and p.name.endswith(".tmp") for p in dest.iterdir())


def test_notebook_symlink_to_an_outside_file_is_not_written(tmp_path, outside):
    dest = tmp_path / "nb"
    dest.mkdir()
    target = outside / "mine.ipynb"
    target.write_text("someone else's file")
    (dest / FIRST).symlink_to(target)
    proc = lab(dest)
    assert target.read_text() == "someone else's file" and (dest / FIRST).is_symlink()
    assert len(_refusals(proc)) == 1 and not (dest / "01_tiles_and_notation.new.ipynb").exists()


def test_symlinked_quiz_sets_folder_receives_nothing(tmp_path, outside):
    dest = tmp_path / "nb"
    dest.mkdir()
    (dest / "quiz_sets").symlink_to(outside, target_is_directory=True)
    proc = lab(dest)
    assert proc.returncode == 0
    assert _tree(outside) == []
    [line] = _refusals(proc)  # one line for the folder, not one per file in it
    assert "quiz_sets" in line and "symlink" in line
    assert (dest / FIRST).is_file()


def test_quiz_sets_that_is_a_file_or_a_fifo_notebook_is_refused(tmp_path):
    dest = tmp_path / "nb"
    dest.mkdir()
    (dest / "quiz_sets").write_text("a file where a folder should be")
    os.mkfifo(dest / FIRST)
    proc = lab(dest)  # a FIFO must not hang the copy
    assert proc.returncode == 0
    assert (dest / "quiz_sets").read_text() == "a file where a folder should be"
    lines = _refusals(proc)
    assert len(lines) == 2 and any("not a folder" in x for x in lines) and any("regular file" in x for x in lines)


def test_edits_to_new_files_are_never_replaced(tmp_path):
    dest = tmp_path / "nb"
    assert lab(dest).returncode == 0
    (dest / FIRST).write_text("my notes")  # the learner changes a notebook
    proc = lab(dest)
    new1 = dest / "01_tiles_and_notation.new.ipynb"
    assert (dest / FIRST).read_text() == "my notes"
    assert new1.read_bytes() == as_opened((notebooks_source() / FIRST).read_bytes(), kernel_metadata())
    assert "01_tiles_and_notation.new.ipynb" in proc.stdout
    new1.write_text("my notes in the new copy")  # and then works in the .new copy
    proc = lab(dest)
    new2 = dest / "01_tiles_and_notation.new-2.ipynb"
    assert new1.read_text() == "my notes in the new copy"
    assert new2.read_bytes() == as_opened((notebooks_source() / FIRST).read_bytes(), kernel_metadata())
    assert "01_tiles_and_notation.new-2.ipynb" in proc.stdout
    before = _tree(dest)
    lab(dest)  # nothing new: no new name taken
    assert _tree(dest) == before and new1.read_text() == "my notes in the new copy"


def test_new_version_names_in_process(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    dest = tmp_path / "dest"
    (src / "a.ipynb").write_text("v1")
    copy_notebooks(dest, src)
    (dest / "a.ipynb").write_text("mine")
    (src / "a.ipynb").write_text("v2")
    r = copy_notebooks(dest, src)
    assert r["kept"] == ["a.ipynb"] and r["new"] == ["a.new.ipynb"] and (dest / "a.new.ipynb").read_text() == "v2"
    (src / "a.ipynb").write_text("v3")  # a.new.ipynb is mjlearn's, untouched: it takes v3
    r = copy_notebooks(dest, src)
    assert r["new"] == ["a.new.ipynb"] and (dest / "a.new.ipynb").read_text() == "v3"
    (dest / "a.new.ipynb").write_text("mine too")
    (src / "a.ipynb").write_text("v4")
    r = copy_notebooks(dest, src)
    assert r["new"] == ["a.new-2.ipynb"] and (dest / "a.new-2.ipynb").read_text() == "v4"
    assert (dest / "a.ipynb").read_text() == "mine" and (dest / "a.new.ipynb").read_text() == "mine too"
    (dest / "a.new-2.ipynb").unlink()
    (dest / "a.new-2.ipynb").symlink_to(tmp_path / "elsewhere")  # a link by that name is skipped, not followed
    (src / "a.ipynb").write_text("v5")
    r = copy_notebooks(dest, src)
    assert r["new"] == ["a.new-3.ipynb"] and not (tmp_path / "elsewhere").exists()


def test_update_replaces_a_hard_link_instead_of_writing_through_it(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    dest = tmp_path / "dest"
    (src / "a.ipynb").write_text("v1")
    copy_notebooks(dest, src)
    other = tmp_path / "other.ipynb"
    (dest / "a.ipynb").unlink()
    other.write_text("v1")
    os.link(other, dest / "a.ipynb")  # our untouched copy shares its inode with a file outside
    (src / "a.ipynb").write_text("v2")
    r = copy_notebooks(dest, src)
    assert r["updated"] == ["a.ipynb"] and (dest / "a.ipynb").read_text() == "v2"
    assert other.read_text() == "v1"


def test_dir_naming_a_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("not a folder")
    line = _clean_error(lab(f))
    assert "names a file" in line and str(f) in line
    assert f.read_text() == "not a folder"


def test_empty_dir_copies_nothing_into_the_current_folder(tmp_path):
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    line = _clean_error(lab("", cwd=cwd))
    assert "--dir is empty" in line
    assert _tree(cwd) == []
    line = _clean_error(lab("   ", cwd=cwd))
    assert _tree(cwd) == []


def test_dir_that_cannot_be_created(tmp_path):
    (tmp_path / "file").write_text("x")
    line = _clean_error(lab(tmp_path / "file" / "nb"))
    assert "cannot create" in line and str(tmp_path / "file" / "nb") in line


def test_dir_in_a_folder_of_another_user():
    d = Path(tempfile.mkdtemp(prefix="mjlearn-lab-"))
    try:
        if os.geteuid() == 0:  # root's folder: nobody may enter, not write (chmod does not stop root)
            os.chmod(d, 0o755)
            need(shutil.which("setpriv") is not None, "setpriv(1), to run a child as the user nobody,")
            prefix = ("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups")
        else:
            os.chmod(d, 0o555)
            prefix = ()
        line = _clean_error(lab(d / "nb", prefix=prefix))
        assert "cannot create" in line and "Permission denied" in line
        assert _tree(d) == []
    finally:
        os.chmod(d, 0o755)
        shutil.rmtree(d, ignore_errors=True)


def test_output_into_a_closed_pipe_is_quiet(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        f'"{sys.executable}" -m mjlearn lab --dir "{tmp_path / "nb"}" --copy-only | head -c0',
        shell=True,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Traceback" not in proc.stderr and "could not copy" not in proc.stderr
