"""How many of the class database's connections a learner takes (PostgreSQL, started by tests/pg.py).

A class of hundreds of kernels shares one server's ``max_connections``: a learner's kernel holds no
connection while it waits for the next answer and one at most while it records (even when clicks come
on several threads); a learner's login may hold at most ``mjlearn.db.LEARNER_CONNECTIONS`` at once, so one
learner's runaway loop cannot take the class's connections; past it (or past the server's own limit)
the learner reads one clear line and the answer is kept on their computer, sent with the next one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa
from pg import pg_db, postgres, private_server, role_url, wait_until  # noqa: F401  (fixtures)

from mjlearn.errors import ClassDatabaseUnreachable
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def owner_url(pg_db):
    from mjlearn import db

    db.upgrade(pg_db)
    return pg_db


def _connections(owner_url: str, login: str) -> int:
    engine = sa.create_engine(owner_url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as c:
            return int(
                c.exec_driver_sql(
                    "SELECT count(*) FROM pg_stat_activity WHERE usename = %(u)s AND pid <> pg_backend_pid()",
                    {"u": login},
                ).scalar()
            )
    finally:
        engine.dispose()


def _answer(store, seed: int):
    q = generate("tile_name", seed=seed)
    a = solve(q)
    return store.record(q, a, grade(q, a), seconds=1.0 + seed)


KERNEL = """
import sys
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore
store = ProgressStore()
for seed in range(3):
    q = generate("tile_name", seed=seed)
    store.record(q, solve(q), grade(q, solve(q)), seconds=1.0 + seed)
print(len(store.rows()), flush=True)
sys.stdin.readline()  # the learner reads the next question: the kernel waits, its store open
store.close()
"""


def test_an_idle_learner_kernel_holds_no_connection(owner_url, tmp_path):
    """A learner's kernel (a fresh interpreter, its store still open, as lesson 11's quiz keeps it) that
    has answered and now waits holds none of the server's connections."""
    from mjlearn import db

    db.add_learner(owner_url, "ann")
    env = dict(os.environ, MJLEARN_DB=role_url(owner_url, "ann"), MJLEARN_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("MJLEARN_USER", None)
    env.pop("JUPYTERHUB_USER", None)
    kernel = subprocess.Popen(
        [sys.executable, "-c", KERNEL], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert kernel.stdout.readline().strip() == "3"  # answered and read back
        held = _connections(owner_url, "ann")
        kernel.stdin.write("\n")
        kernel.stdin.flush()
        assert kernel.wait(timeout=60) == 0
    finally:
        kernel.kill()
    assert held == 0, f"an idle kernel holds {held} connection(s)"


def test_clicks_on_many_threads_use_one_connection_at_a_time(owner_url, tmp_path, monkeypatch):
    """Eight threads record at once through one learner's store (a widget's clicks under ipykernel 7 come
    on other threads): never more than one connection open at a time, every answer stored."""
    from mjlearn import db

    db.add_learner(owner_url, "bo")
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB", role_url(owner_url, "bo"))
    store = ProgressStore()
    engine = store.store.engine
    lock = threading.Lock()
    open_now, most = [0], [0]

    def opened(*_):
        with lock:
            open_now[0] += 1
            most[0] = max(most[0], open_now[0])

    def closed(*_):
        with lock:
            open_now[0] -= 1

    sa.event.listen(engine, "checkout", opened)
    sa.event.listen(engine, "checkin", closed)
    start = threading.Barrier(8)
    errors: list[BaseException] = []

    def click(n):
        start.wait()
        try:
            for k in range(5):
                _answer(store, 100 * n + k)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=click, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    with store:
        assert not errors and len(store.rows()) == 40
    assert most[0] == 1, f"{most[0]} connections open at once"
    assert _connections(owner_url, "bo") == 0


def test_a_learner_past_the_connection_limit_is_refused_clearly(owner_url, tmp_path, monkeypatch):
    """A learner's login opens connections in a loop: the server refuses every one past the limit (50
    tried), their quiz then says so in one bilingual line, keeps the answer and sends it once a
    connection is free; other learners answer meanwhile."""
    import psycopg

    from mjlearn import db

    for name in ("cy", "dan"):
        db.add_learner(owner_url, name)
    dsn = role_url(owner_url, "cy").replace("postgresql+psycopg://", "postgresql://")
    held, refused = [], []
    try:
        for _ in range(50):
            try:
                held.append(psycopg.connect(dsn, connect_timeout=5))
            except psycopg.OperationalError as e:
                refused.append(str(e))
        assert len(held) < 50, "one learner's login opened all 50 connections it asked for"
        assert len(held) == db.LEARNER_CONNECTIONS
        assert len(refused) == 50 - db.LEARNER_CONNECTIONS and "too many connections for role" in refused[0]

        monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "cy"))
        monkeypatch.setenv("MJLEARN_DB", role_url(owner_url, "cy"))
        store = ProgressStore()
        with pytest.raises(ClassDatabaseUnreachable) as refusal:
            _answer(store, 1)
        text = str(refusal.value)
        assert "\n" not in text and "Traceback" not in text
        assert "already has as many connections" in text and "'cy'" in text and "kept on this computer" in text
        assert "上限" in text and "保存在本机" in text
        assert len(store.store.spooled()) == 1

        monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "dan"))
        monkeypatch.setenv("MJLEARN_DB", role_url(owner_url, "dan"))
        with ProgressStore() as other:
            _answer(other, 7)  # another learner is not held up
    finally:
        for c in held:
            c.close()
    _answer(store, 2)  # a connection is free again: the kept answer goes first
    rows = store.rows()
    assert [json.loads(r["question"])["seed"] for r in rows] == [1, 2] and store.store.spooled() == []
    store.close()


def test_a_full_server_is_named_as_full(tmp_path, monkeypatch):
    """The server's own max_connections is used up by others: the learner is told the server is full
    (not that it is away, not that they hold too many), and the answer is kept."""
    import psycopg

    from mjlearn import db

    server = private_server()
    held = []
    try:
        server.stop()
        server.run(
            "start",
            "-w",
            "-l",
            str(server.data.parent / "log"),
            "-o",
            f"-c listen_addresses=127.0.0.1 -c port={server.port} -c unix_socket_directories={server.data.parent}"
            " -c max_connections=8 -c superuser_reserved_connections=1",
        )
        db.upgrade(server.url())
        names = [f"l{n}" for n in range(3)]
        for name in names:
            db.add_learner(server.url(), name)
        for name in names[:2]:  # two learners' runaway loops fill the server
            dsn = role_url(server.url(), name).replace("postgresql+psycopg://", "postgresql://")
            for _ in range(10):
                try:
                    held.append(psycopg.connect(dsn, connect_timeout=5))
                except psycopg.OperationalError:
                    break
        monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
        monkeypatch.setenv("MJLEARN_DB", role_url(server.url(), names[2]))
        store = ProgressStore()
        with pytest.raises(ClassDatabaseUnreachable) as refusal:
            _answer(store, 3)
        text = str(refusal.value)
        assert "no connection left for anyone" in text and "max_connections" in text and "连接已用尽" in text
        assert len(store.store.spooled()) == 1
        store.close()
    finally:
        for c in held:
            c.close()
        server.stop()
