"""Each hub user's own system account (mjlearn.deploy.accounts): made on the first start with a home
only its user may enter; an account the hub did not make (root, postgres, a colleague's) is never used,
whatever name a learner signs up with."""

from __future__ import annotations

import os
import pwd
import shutil
import stat
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from mjlearn.deploy.accounts import MARK, AccountError, closed_to_others, ensure_account, first_uid

sys.path.insert(0, str(Path(__file__).resolve().parent))
from needs import need

AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="making system accounts needs root (CI runs as root)")


@pytest.fixture
def homes(tmp_path):
    folder = tmp_path / "homes"
    return folder


@AS_ROOT
@pytest.mark.parametrize(
    "name",
    ["root", "daemon", "bin", "nobody"] + [n for n in ("postgres",) if any(p.pw_name == n for p in pwd.getpwall())],
)
def test_an_account_the_hub_did_not_make_is_never_used(homes, name):
    with pytest.raises(AccountError, match="did not make") as refused:
        ensure_account(name, homes)
    assert "（" in str(refused.value)


@pytest.mark.parametrize("name", ["Root", "../etc", "-r", "a" * 33, "ann bob", "", "1ann", "ann$", "ann\n"])
def test_a_name_that_is_not_a_safe_login_is_refused(homes, name):
    with pytest.raises(AccountError, match="not a name the hub makes accounts for"):
        ensure_account(name, homes)


@AS_ROOT
def test_a_homes_folder_others_may_change_is_refused(tmp_path):
    open_folder = tmp_path / "open"
    open_folder.mkdir()
    open_folder.chmod(0o777)
    with pytest.raises(AccountError, match="may be changed by others"):
        ensure_account("ann", open_folder)
    link = tmp_path / "link"
    link.symlink_to(tmp_path)
    with pytest.raises(AccountError, match="not a plain folder"):
        ensure_account("ann", link)


@AS_ROOT
def test_the_first_start_makes_a_private_account(homes):
    need(shutil.which("useradd") is not None and shutil.which("userdel") is not None, "useradd and userdel")
    name = "mjt" + uuid.uuid4().hex[:8]
    try:
        account = ensure_account(name, homes)
        assert account.pw_gecos.startswith(MARK) and account.pw_uid >= first_uid() and account.pw_gid != 0
        home = homes / name
        st = home.lstat()
        assert account.pw_dir == str(home) and st.st_uid == account.pw_uid and stat.S_IMODE(st.st_mode) == 0o700
        assert stat.S_IMODE(homes.stat().st_mode) == 0o755
        # the next start finds the same account; a home opened up meanwhile is closed again
        home.chmod(0o755)
        assert ensure_account(name, homes).pw_uid == account.pw_uid and stat.S_IMODE(home.stat().st_mode) == 0o700
        # a home replaced by a symlink (to someone else's folder) is refused
        home.rename(homes / "moved")
        home.symlink_to(homes / "moved")
        with pytest.raises(AccountError, match="not a plain folder"):
            ensure_account(name, homes)
    finally:
        subprocess.run(["userdel", "--remove", name], capture_output=True, timeout=60)
        shutil.rmtree(homes, ignore_errors=True)


def test_a_program_in_a_closed_folder_is_found():
    import tempfile

    top = Path(tempfile.mkdtemp())
    try:
        top.chmod(0o755)
        folder = top / "closed"
        folder.mkdir()
        program = folder / "python"
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
        folder.chmod(0o700)
        assert closed_to_others(program) == folder
        folder.chmod(0o755)
        assert closed_to_others(program) is None
        program.chmod(0o750)
        assert closed_to_others(program) == program
        program.chmod(0o755)
        link = top / "link"
        link.symlink_to(program)
        folder.chmod(0o700)
        assert closed_to_others(link) == folder  # through the symlink too
    finally:
        shutil.rmtree(top)
