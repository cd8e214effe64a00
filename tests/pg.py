"""A PostgreSQL server for the tests, started by the tests themselves (Debian's ``postgresql`` package).

``postgres`` (session fixture) runs ``initdb`` and ``pg_ctl`` from /usr/lib/postgresql/*/bin on a data
folder in a temporary folder, listening on 127.0.0.1 on a free port (and a socket in that folder), and
stops it at the end. ``initdb`` refuses to run as root: as root they run as the ``postgres`` user
(``runuser``). Without PostgreSQL the tests that need it skip on a developer's machine and fail under CI.

``pg_db`` (function fixture) is a fresh empty database on that server; its URL connects as the
superuser, which owns the tables (the teacher's setup); learners and teachers connect as their own
roles (``role_url``). Authentication is ``trust`` on 127.0.0.1 only: a test server, never a recipe.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from needs import need


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    host: str
    port: int
    data: Path
    ctl: list[str]

    def url(self, user: str = "postgres", db: str = "postgres") -> str:
        return f"postgresql+psycopg://{user}@{self.host}:{self.port}/{db}"

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*self.ctl, "-D", str(self.data), *args], check=check, capture_output=True, text=True, timeout=120
        )

    def stop(self) -> None:
        self.run("stop", "-m", "fast", "-w", check=False)

    def start(self) -> None:
        self.run(
            "start",
            "-w",
            "-t",
            "60",
            "-l",
            str(self.data.parent / "log"),
            "-o",
            f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.data.parent}"
            " -c fsync=on -c max_connections=400",
        )


def start_server() -> Server | None:
    bindir = _bin_dir()
    if bindir is None:
        return None
    as_user: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            return None
        as_user = [runuser, "-u", "postgres", "--"]
    top = Path(tempfile.mkdtemp(prefix="mjlearn-pg-"))
    data = top / "data"
    if as_user:
        shutil.chown(top, "postgres", "postgres")
    subprocess.run(
        [
            *as_user,
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    server = Server("127.0.0.1", _free_port(), data, [*as_user, str(bindir / "pg_ctl")])
    server.start()
    return server


def private_server() -> Server:
    """A server of the test's own (one it may stop and start): skips without PostgreSQL on a
    developer's machine, fails under CI. The caller stops it."""
    need(_bin_dir() is not None, "PostgreSQL (Debian: apt-get install postgresql)")
    server = start_server()
    need(server is not None, "PostgreSQL's initdb run as the postgres user (runuser)")
    return server


@contextmanager
def password_server(password: str):
    """A private server that asks every connection to 127.0.0.1 for a password (scram-sha-256; the
    superuser's is ``password``), as a school's server does; stopped at the end."""
    import sqlalchemy as sa

    server = private_server()
    try:
        engine = sa.create_engine(server.url())
        with engine.begin() as c:
            c.exec_driver_sql(f"ALTER ROLE postgres PASSWORD '{password}'")
        engine.dispose()
        (server.data / "pg_hba.conf").write_text("local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n")
        server.run("reload")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres():
    """The test PostgreSQL server (started once per session, stopped at the end)."""
    server = private_server()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.data.parent, ignore_errors=True)


@pytest.fixture
def pg_db(postgres):
    """A fresh database on the test server; yields its URL (as the superuser)."""
    import sqlalchemy as sa

    name = "t_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(postgres.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"CREATE DATABASE {name}")
    admin.dispose()
    yield postgres.url(db=name)
    admin = sa.create_engine(postgres.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    admin.dispose()


def role_url(url: str, role: str) -> str:
    """``url`` connecting as ``role`` instead."""
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{role}@{rest.split('@', 1)[1]}"


def wait_until(pred, timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.1)
    return False
