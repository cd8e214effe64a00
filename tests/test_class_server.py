"""``mjlearn server`` refuses what would be unsafe or wrong before it changes anything: a root folder that
is a symbolic link or another user's, an occupied port, a stale pid file, a start when running, a stop
when not running, a missing or unreadable certificate, secrets others may read. Each refusal is one
line in English and Chinese, from a fresh interpreter, and the root folder is as it was."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from mjlearn.deploy import generate_secret
from mjlearn.deploy.accounts import closed_to_others

ROOT = Path(__file__).resolve().parents[1]
ANY_PYTHON = next((p for p in ("/usr/bin/python3", sys.executable) if closed_to_others(p) is None), sys.executable)
"""A Python every account may run (the server refuses one the learners' accounts cannot run)."""


def mjlearn(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MJLEARN_", "PG"))}
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(env, PYTHONPATH=str(ROOT)),
    )


def snapshot(folder: Path) -> dict:
    """Every path below ``folder`` with its mode, owner and (for files) contents."""
    found = {}
    if not os.path.lexists(folder):
        return found
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in [*dirnames, *filenames, ""]:
            path = Path(dirpath, name)
            st = path.lstat()
            found[str(path)] = (
                st.st_mode,
                st.st_uid,
                path.read_bytes() if path.is_file() and not path.is_symlink() else None,
            )
    return found


def refused(done: subprocess.CompletedProcess, *words: str, who: str = "server") -> str:
    said = done.stderr.strip()
    assert done.returncode == 2, (done.returncode, done.stdout, said)
    assert len(said.splitlines()) == 1 and "Traceback" not in said, said
    assert said.startswith(f"mjlearn {who}: ") and re.search(r"[\u4e00-\u9fff]", said), said
    for w in words:
        assert w in said, (w, said)
    return said


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server_root(tmp_path):
    """A root folder with its secrets, settings and a certificate, as a first start leaves it (without
    running anything): what the refusals below must leave untouched."""
    root = tmp_path / "srv"
    root.mkdir(mode=0o711)
    for sub, mode in (("secrets", 0o700), ("tls", 0o700), ("run", 0o700), ("logs", 0o755)):
        (root / sub).mkdir(mode=mode)
    for name in ("owner.pw", "class.secret"):
        (root / "secrets" / name).write_text(generate_secret() + "\n")
        (root / "secrets" / name).chmod(0o600)
    ports = {
        "port": _free_port(),
        "db_port": _free_port(),
        "hub_api_port": _free_port(),
        "proxy_api_port": _free_port(),
    }
    settings = {**ports, "teachers": ["wang"], "python": ANY_PYTHON}
    (root / "server.json").write_text(json.dumps(settings))
    made = mjlearn("server", "cert", "--root", str(root), "--host", "mjlearn.test")
    assert made.returncode == 0, made.stderr
    assert (root / "tls" / "key.pem").stat().st_mode & 0o777 == 0o600
    return root


def test_a_symlinked_root_is_refused(tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o711)
    (tmp_path / "link").symlink_to(real)
    before = snapshot(tmp_path)
    refused(mjlearn("server", "start", "--root", str(tmp_path / "link"), "--teachers", "wang"), "symbolic link")
    assert snapshot(tmp_path) == before


def test_a_root_of_another_user_is_refused(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("giving a folder to another user needs root (as CI runs)")
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o711)
    os.chown(theirs, 65534, 65534)
    before = snapshot(tmp_path)
    refused(mjlearn("server", "start", "--root", str(theirs), "--teachers", "wang"), "another user")
    assert snapshot(tmp_path) == before


def test_a_root_others_may_change_is_refused(tmp_path):
    open_root = tmp_path / "open"
    open_root.mkdir()
    open_root.chmod(0o777)
    before = snapshot(tmp_path)
    refused(mjlearn("server", "start", "--root", str(open_root), "--teachers", "wang"), "chmod 711")
    assert snapshot(tmp_path) == before


def test_an_occupied_port_is_refused(server_root):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))  # noqa: S104 - another program on every address
        taken.listen()
        port = taken.getsockname()[1]
        before = snapshot(server_root)
        refused(mjlearn("server", "start", "--root", str(server_root), "--port", str(port)), "taken", str(port))
        assert snapshot(server_root) == before
        for flag in ("--db-port", "--hub-api-port", "--proxy-api-port"):
            with socket.socket() as local:
                local.bind(("127.0.0.1", 0))
                local.listen()
                busy = str(local.getsockname()[1])
                refused(mjlearn("server", "start", "--root", str(server_root), flag, busy), "taken", busy)
        assert snapshot(server_root) == before


@pytest.mark.parametrize("secret", ["owner.pw", "class.secret"])
def test_secrets_others_may_read_are_refused(server_root, secret):
    (server_root / "secrets" / secret).chmod(0o644)
    before = snapshot(server_root)
    refused(mjlearn("server", "start", "--root", str(server_root)), "chmod 600", secret)
    assert snapshot(server_root) == before
    # the class commands taking the owner's login from the folder refuse it too
    refused(mjlearn("class", "list", "--root", str(server_root)), "chmod 600", who="class")
    assert snapshot(server_root) == before


@pytest.mark.parametrize("case", ["missing", "a folder", "not PEM", "key readable by others"])
def test_a_missing_or_unreadable_certificate_is_refused(server_root, case):
    cert, key = server_root / "tls" / "cert.pem", server_root / "tls" / "key.pem"
    if case == "missing":
        cert.unlink()
    elif case == "a folder":
        key.unlink()
        key.mkdir()
    elif case == "not PEM":
        cert.write_text("not a certificate\n")
    else:
        key.chmod(0o644)
    before = snapshot(server_root)
    said = refused(mjlearn("server", "start", "--root", str(server_root)))
    want = {
        "missing": "is missing",
        "a folder": "cannot read",
        "not PEM": "not a PEM",
        "key readable by others": "chmod 600",
    }
    assert want[case] in said
    assert snapshot(server_root) == before


def test_start_when_running_and_a_stale_pid_file(server_root):
    """The pid file names a process and its start time: a live process of this root's hub is "running"
    (a second start is refused); the same pid with another start time (the pid reused after a reboot) is
    not the hub, and ``stop`` never signals it."""
    other = subprocess.Popen(["sleep", "300"])
    try:
        stat_fields = Path(f"/proc/{other.pid}/stat").read_text().rsplit(")", 1)[1].split()
        pid_file = server_root / "run" / "hub.pid"
        pid_file.write_text(f"{other.pid} {stat_fields[19]}\n")
        before = snapshot(server_root)
        refused(mjlearn("server", "start", "--root", str(server_root)), "running already", str(other.pid))
        assert snapshot(server_root) == before and other.poll() is None
        pid_file.write_text(f"{other.pid} 1\n")  # stale: that pid is now another process
        before = snapshot(server_root)
        refused(mjlearn("server", "stop", "--root", str(server_root)), "not running")
        assert other.poll() is None, "stop signalled a process that is not the hub"
        assert snapshot(server_root) == before
        status = mjlearn("server", "status", "--root", str(server_root), "--json")
        assert status.returncode == 0 and json.loads(status.stdout)["hub"] == "stopped", status
    finally:
        other.kill()
        other.wait()


def test_stop_or_status_without_a_server(tmp_path):
    refused(mjlearn("server", "stop", "--root", str(tmp_path / "none")), "holds no class server")
    refused(mjlearn("server", "status", "--root", str(tmp_path / "none")), "holds no class server")
    assert not (tmp_path / "none").exists()


def test_the_first_start_needs_its_teachers(tmp_path):
    refused(mjlearn("server", "start", "--root", str(tmp_path / "new")), "--teachers")
    assert not (tmp_path / "new").exists()


def test_a_certificate_is_never_replaced(server_root):
    before = snapshot(server_root)
    refused(mjlearn("server", "cert", "--root", str(server_root), "--host", "other.test"), "already")
    assert snapshot(server_root) == before
    text = subprocess.run(
        ["openssl", "x509", "-in", str(server_root / "tls" / "cert.pem"), "-noout", "-text"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "DNS:mjlearn.test" in text and "IP Address:127.0.0.1" in text


def test_the_report_with_the_servers_folder_needs_a_teachers_login(server_root):
    """With --root the class commands take the owner's login from the server's folder; the report is a
    teacher's, so it asks which one, in one line, before connecting anywhere."""
    refused(mjlearn("class", "report", "spring", "--root", str(server_root)), "--as NAME", who="class")
    refused(mjlearn("class", "report", "spring", "--as", "wang"), "--root", who="class")
    refused(mjlearn("class", "list", "--root", str(server_root / "missing")), "holds no class server", who="class")
