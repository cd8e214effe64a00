"""The line printed after `mjlearn class backup`: the learners' notebooks are not in the database, and
the tar command it gives must work as printed on the server it was run for."""

from __future__ import annotations

import re
import stat
import subprocess
import sys
import tarfile

from mjlearn.db.backup import homes_hint


def _command(hint: str) -> str:
    found = re.search(r"as root: (\(umask 077; tar [^)]*\))", hint)
    assert found, hint
    return found.group(1)


def test_the_hint_names_the_class_servers_own_homes_folder(tmp_path):
    root = tmp_path / "srv" / "mjlearn"
    hint = homes_hint(str(root / "homes"))
    assert f"-C {root} homes" in hint
    assert "/home " not in hint and "NAME" not in hint
    assert "学员的笔记本" in hint


def test_the_printed_command_archives_every_home_even_when_some_learners_never_logged_in(tmp_path):
    # on a class server only the users whose server has started have a home: ann has, bob has not
    homes = tmp_path / "root" / "homes"
    (homes / "ann" / "mjlearn-notebooks").mkdir(parents=True)
    (homes / "ann" / "mjlearn-notebooks" / "11_practice.ipynb").write_text("{}", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run(["sh", "-c", _command(homes_hint(str(homes)))], cwd=work, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    archive = work / "mjlearn-homes.tar.gz"
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600  # the learners' files, for root only
    with tarfile.open(archive) as tar:
        assert "homes/ann/mjlearn-notebooks/11_practice.ipynb" in tar.getnames()


def test_without_a_server_the_hint_names_the_hubs_home_setting(tmp_path):
    code = "from mjlearn.db.backup import homes_hint; print(homes_hint())"
    env = {"MJLEARN_HUB_HOME": str(tmp_path / "hubhomes"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert f"-C {tmp_path} hubhomes" in out
    out = subprocess.run(
        [sys.executable, "-c", code], env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, check=True
    ).stdout
    assert "-C / home" in out
