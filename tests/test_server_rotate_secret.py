"""``mjlearn server rotate-secret``, against a real class server's PostgreSQL (started from its root
folder as ``mjlearn server start`` starts it, without the hub): after it, each learner's and teacher's
login takes the password derived from the new secret and refuses the old one; a login mjlearn did not
make keeps its password; a crash between the commit and the rename is finished by the next run with the
same secret; a symbolic link, a running hub, a stopped database or a folder that is no server is refused
in one bilingual line with nothing changed."""

from __future__ import annotations

import fcntl
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa
from test_class_server import mjlearn, refused, server_root, snapshot  # noqa: F401  (fixture)

from mjlearn import db
from mjlearn.deploy import read_secret_file, role_password
from mjlearn.deploy import rotate as rotating
from mjlearn.deploy.server import Server, Settings, _proc_start

OUTSIDER, OUTSIDER_PW = "reporting_tool", "a password of another program"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """A class server's root with its database running: learners ann and bob, teacher wang (passwords
    from the class secret), and a login of another program."""
    top = Path(tempfile.mkdtemp(prefix="mjlearn-rotate-"))
    top.chmod(0o711)  # the postgres user reaches ROOT/db through it when this runs as root
    srv = Server(top / "srv")
    try:
        srv.check_root(create=True)
        srv._make_folders()
        srv._make_secrets()
        srv.save_settings(Settings(db_port=_free_port(), teachers=["wang"]))
        if shutil.which("initdb") is None and not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
            pytest.skip("PostgreSQL is not installed")
        srv.cluster.start(srv.settings().db_port, srv.owner_url(), io.StringIO())
        secret = read_secret_file(srv.class_secret)
        url = srv.owner_url()
        for name in ("ann", "bob"):
            db.add_learner(url, name, password=role_password(name, secret))
        db.add_teacher(url, "wang", password=role_password("wang", secret))
        engine = sa.create_engine(url)
        with engine.begin() as c:
            c.exec_driver_sql(f"CREATE ROLE {OUTSIDER} LOGIN PASSWORD '{OUTSIDER_PW}'")
        engine.dispose()
        yield srv
    finally:
        srv.cluster.stop()
        shutil.rmtree(top, ignore_errors=True)


def logs_in(srv: Server, login: str, password: str) -> bool:
    engine = sa.create_engine(srv.login_url(login, password))
    try:
        with engine.connect() as c:
            return c.exec_driver_sql("SELECT current_user").scalar() == login
    except sa.exc.OperationalError as e:
        assert "password authentication failed" in str(e), e
        return False
    finally:
        engine.dispose()


def secret_of(srv: Server) -> str:
    return read_secret_file(srv.class_secret)


def test_every_mjlearn_login_gets_the_new_password_and_no_other_login_is_touched(server):
    old = secret_of(server)
    done = mjlearn("server", "rotate-secret", "--root", str(server.root))
    assert done.returncode == 0, done.stderr
    assert "mjlearn server start" in done.stdout and "重新启动 hub" in done.stdout, done.stdout
    new = secret_of(server)
    assert new != old
    assert (server.class_secret.stat().st_mode & 0o777) == 0o600
    assert not (server.secrets / rotating.PENDING_NAME).exists()
    for login in ("ann", "bob", "wang"):
        assert logs_in(server, login, role_password(login, new)), login
        assert not logs_in(server, login, role_password(login, old)), login
    assert logs_in(server, OUTSIDER, OUTSIDER_PW)


def test_a_crash_after_the_commit_is_finished_by_the_next_run_with_the_same_secret(server, monkeypatch):
    old = secret_of(server)

    def crash(pending, target):
        raise OSError("the machine lost power before the rename")

    monkeypatch.setattr(rotating, "_install", crash)
    with pytest.raises(OSError, match="lost power"):
        rotating.rotate_secret(server, out=io.StringIO())
    monkeypatch.undo()
    pending = read_secret_file(server.secrets / rotating.PENDING_NAME)
    assert secret_of(server) == old and pending != old
    assert logs_in(server, "ann", role_password("ann", pending))  # committed before the crash
    done = mjlearn("server", "rotate-secret", "--root", str(server.root))
    assert done.returncode == 0, done.stderr
    assert secret_of(server) == pending  # that secret, never a third one
    assert not (server.secrets / rotating.PENDING_NAME).exists()
    for login in ("ann", "bob", "wang"):
        assert logs_in(server, login, role_password(login, pending)), login


@pytest.mark.parametrize("which", ["class.secret", rotating.PENDING_NAME])
def test_a_symlinked_secret_file_is_refused(server, tmp_path, which):
    old = secret_of(server)
    elsewhere = tmp_path / "elsewhere.secret"
    elsewhere.write_text(old + "\n")
    elsewhere.chmod(0o600)
    link = server.secrets / which
    saved = server.secrets / "saved"
    if which == "class.secret":
        os.replace(server.class_secret, saved)
    link.symlink_to(elsewhere)
    try:
        before = snapshot(server.root / "secrets"), elsewhere.read_bytes()
        refused(mjlearn("server", "rotate-secret", "--root", str(server.root)), "symbolic link", which)
        assert (snapshot(server.root / "secrets"), elsewhere.read_bytes()) == before
    finally:
        link.unlink()
        if which == "class.secret":
            os.replace(saved, server.class_secret)
    assert logs_in(server, "ann", role_password("ann", old))


def test_a_second_rotation_at_the_same_time_is_refused(server):
    old = secret_of(server)
    held = os.open(server.secrets, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # a rotation under way holds this lock
        before = snapshot(server.root / "secrets")
        refused(mjlearn("server", "rotate-secret", "--root", str(server.root)), "another", "running")
        assert snapshot(server.root / "secrets") == before
    finally:
        os.close(held)
    assert logs_in(server, "ann", role_password("ann", old))


def test_it_is_refused_while_the_hub_runs(server):
    old = secret_of(server)
    hub = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        server.pid_file.write_text(f"{hub.pid} {_proc_start(hub.pid)}\n")
        before = snapshot(server.root / "secrets")
        refused(mjlearn("server", "rotate-secret", "--root", str(server.root)), "hub is running", "--hub-only")
        assert snapshot(server.root / "secrets") == before
    finally:
        hub.kill()
        hub.wait()
        server.pid_file.unlink()
    assert logs_in(server, "ann", role_password("ann", old))


def test_stop_hub_only_keeps_the_database_running(server):
    hub = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        server.pid_file.write_text(f"{hub.pid} {_proc_start(hub.pid)}\n")
        reaper = threading.Thread(target=hub.wait)  # the stop waits for it to end, zombies included
        reaper.start()
        done = mjlearn("server", "stop", "--root", str(server.root), "--hub-only")
        reaper.join()
        assert done.returncode == 0, done.stderr
        assert hub.returncode == -signal.SIGTERM and server.hub_pid() is None
        assert server.cluster.running()
        refused(mjlearn("server", "stop", "--root", str(server.root), "--hub-only"), "the hub", "not running")
        assert server.cluster.running()
    finally:
        hub.kill()
        hub.wait()
        server.pid_file.unlink(missing_ok=True)


def test_a_stopped_database_or_a_folder_without_a_server_is_refused(server_root, tmp_path):
    before = snapshot(server_root)
    refused(mjlearn("server", "rotate-secret", "--root", str(server_root)), "not running", "--hub-only")
    assert snapshot(server_root) == before
    empty = tmp_path / "empty"
    empty.mkdir(mode=0o711)
    refused(mjlearn("server", "rotate-secret", "--root", str(empty)), "holds no class server")
    refused(mjlearn("server", "rotate-secret", "--root", str(tmp_path / "nothing")), "holds no class server")
    assert list(empty.iterdir()) == []
