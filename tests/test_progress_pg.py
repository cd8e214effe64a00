"""The progress store on both backends: the same behaviour on the SQLite file and on a class database
(PostgreSQL, started by tests/pg.py), schema migrations from every earlier revision on both, a class
database that goes away (answers kept and sent once), and row-level security (a learner reads and adds
only their own answers; a teacher reads their class's)."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import warnings

import pytest
from pg import pg_db, postgres, private_server, role_url  # noqa: F401  (fixtures)

from mjlearn.errors import ClassDatabaseUnreachable, NewerSchema, NotWritable, ProgressError
from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.progress import EXPORT_COLUMNS, EXPORT_FIELDS, MIGRATIONS, SCHEMA_VERSION, ProgressStore
from mjlearn.quiz.review import review_queue


def _answer(store, kind, seed, right, **kw):
    q = generate(kind, seed=seed)
    a = solve(q) if right else wrong_answer(q, random.Random(seed))
    return store.record(q, a, grade(q, a), **kw)


@pytest.fixture
def owner_url(pg_db):
    from mjlearn import db

    db.upgrade(pg_db)
    return pg_db


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path, monkeypatch):
    """A store for learner 'r' on each backend (on PostgreSQL: connecting as the learner's own role)."""
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "data"))
    if request.param == "sqlite":
        monkeypatch.delenv("MJLEARN_DB", raising=False)
        s = ProgressStore(user="r")
    else:
        from mjlearn import db

        url = request.getfixturevalue("owner_url")
        db.add_learner(url, "r")
        monkeypatch.setenv("MJLEARN_DB", role_url(url, "r"))
        s = ProgressStore(user="r")
        assert type(s.store).__name__ == "PostgresStore"
    with s:
        yield s


# -- the same behaviour on both backends ---------------------------------------------------------------
def test_record_returns_increasing_ids_and_rows_keep_every_field(store):
    ids = [_answer(store, "tile_name", i, i % 2 == 0, quiz="set", hints=i % 2, seconds=1.5 + i) for i in range(4)]
    assert ids == sorted(ids) and len(set(ids)) == 4
    rows = store.rows()
    assert [r["id"] for r in rows] == ids
    assert list(rows[0]) == list(EXPORT_FIELDS)
    assert [r["correct"] for r in rows] == [1, 0, 1, 0]
    assert [r["hints"] for r in rows] == [0, 1, 0, 1]
    assert rows[1]["seconds"] == 2.5 and rows[0]["quiz"] == "set" and rows[0]["user"] == "r"
    assert json.loads(rows[0]["question"])["kind"] == "tile_name"
    assert all(r["retries"] == 0 for r in rows)


def test_summary_by_topic_mastery_and_suggestion(store):
    for i in range(3):
        _answer(store, "tile_name", i, True)
    _answer(store, "waits", 1, False)
    _answer(store, "waits", 2, True, retries=1)
    s = store.summary()
    assert s["user"] == "r" and s["total"] == 5 and s["correct"] == 4
    assert s["by_topic"]["tiles"]["mastery"] == 1.0
    assert 0 < s["by_topic"]["waits"]["mastery"] < 1
    assert store.suggest() not in ("tiles",)
    text = store.view().text("en")
    assert "Progress of r: 5 answers" in text and "Next:" in text
    assert "进度" in store.view().text("zh")
    assert "<table>" in store.view()._repr_html_()


def test_export_csv_and_json(store, tmp_path):
    _answer(store, "tile_name", 1, True)
    _answer(store, "tile_name", 2, False, retries=2)
    csv_text = store.export(tmp_path / "out.csv")
    # the stored fields, with the moment as a readable time (ISO 8601, UTC) beside the Unix seconds
    assert csv_text.splitlines()[0] == ",".join(EXPORT_COLUMNS) == ",".join(("id", "time", *EXPORT_FIELDS[1:]))
    assert len(csv_text.splitlines()) == 3
    data = json.loads(store.export(tmp_path / "out.json"))
    assert [d["retries"] for d in data] == [0, 2]
    import datetime as dt

    for d in data:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", d["time"])
        assert abs(dt.datetime.fromisoformat(d["time"]).timestamp() - d["at"]) < 1
    first = next(csv.DictReader(io.StringIO(csv_text)))
    assert first["time"] == data[0]["time"]
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == json.dumps(data, ensure_ascii=False, indent=1)


def test_review_queue_from_either_backend(store):
    _answer(store, "tile_name", 1, False)
    _answer(store, "tile_name", 2, True)
    rq = review_queue(store)
    assert rq.states
    assert store.view().review is not None


def test_other_learners_rows_are_not_in_rows(store, monkeypatch):
    _answer(store, "tile_name", 1, True)
    assert all(r["user"] == "r" for r in store.rows(all_users=True))


# -- choosing the backend, the learner ----------------------------------------------------------------
def test_mjlearn_db_sqlite_url_names_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DB", f"sqlite:///{tmp_path / 'class.db'}")
    with ProgressStore(user="x") as s:
        assert type(s) is ProgressStore and s.path == tmp_path / "class.db"
        _answer(s, "tile_name", 1, True)
    assert (tmp_path / "class.db").exists()


def test_learner_is_the_jupyterhub_user(tmp_path, monkeypatch):
    monkeypatch.delenv("MJLEARN_DB", raising=False)
    monkeypatch.setenv("JUPYTERHUB_USER", "hub-ann")
    monkeypatch.setenv("MJLEARN_USER", "someone-else")
    with ProgressStore(tmp_path / "p.db") as s:
        assert s.user == "hub-ann"


def test_import_mjlearn_and_the_store_module_stay_light():
    code = (
        "import sys, mjlearn, mjlearn.quiz.progress, mjlearn.db;"
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'psycopg') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# -- migrations from every earlier schema, both backends ---------------------------------------------
@pytest.mark.parametrize("start", range(SCHEMA_VERSION))
def test_sqlite_from_every_earlier_alembic_revision(tmp_path, start):
    """A file at revision ``start`` (written the Alembic way: alembic_version and user_version)."""
    import sqlalchemy as sa

    from mjlearn import migrations

    path = tmp_path / "p.db"
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as c:
        if start:
            migrations.upgrade(c, migrations.REVISIONS[start - 1])
            c.exec_driver_sql(f"PRAGMA user_version = {start}")
            c.exec_driver_sql(
                "INSERT INTO answers (at,user,quiz,kind,topic,seed,difficulty,question,answer,correct,"
                "score) VALUES (1, 'old', NULL, 'tile_name', 'tiles', 1, 1, '{}', '\"5m\"', 1, 1.0)"
            )
    engine.dispose()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = ProgressStore(path, user="old")
    assert s._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert s._conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(migrations.REVISIONS[-1],)]
    assert len(s.rows()) == (1 if start else 0)
    _answer(s, "tile_name", 2, True, retries=1)
    assert s.rows()[-1]["retries"] == 1
    s.close()


@pytest.mark.parametrize("start", range(SCHEMA_VERSION))
def test_sqlite_pre_alembic_files_are_stamped_then_upgraded(tmp_path, start):
    from mjlearn import migrations

    path = tmp_path / "p.db"
    c = sqlite3.connect(path, isolation_level=None)
    for _, sql in MIGRATIONS[:start]:
        c.executescript(sql)
    c.execute(f"PRAGMA user_version = {start}")
    c.close()
    with ProgressStore(path, user="old") as s:
        assert s._conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == migrations.REVISIONS[-1]
        assert {"classes", "class_members", "assignments"} <= {
            r[0] for r in s._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }


@pytest.mark.parametrize("start", range(SCHEMA_VERSION))
def test_postgresql_from_every_earlier_revision(pg_db, start, tmp_path, monkeypatch):
    import sqlalchemy as sa

    from mjlearn import migrations

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    engine = sa.create_engine(pg_db)
    with engine.begin() as c:
        if start:
            migrations.upgrade(c, migrations.REVISIONS[start - 1])
            c.exec_driver_sql(
                'INSERT INTO answers (at,"user",quiz,kind,topic,seed,difficulty,question,answer,'
                "correct,score) VALUES (1000000000, 'old', NULL, 'tile_name', 'tiles', 1, 1, '{}', '\"5m\"', 1, 1.0)"
            )
    engine.dispose()
    monkeypatch.setenv("MJLEARN_DB", pg_db)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = ProgressStore(user="old")
    with s:
        assert len(s.rows()) == (1 if start else 0)
        assert all(r["retries"] == 0 for r in s.rows())
        _answer(s, "tile_name", 2, True, retries=1)
        assert s.rows()[-1]["retries"] == 1
        with s.engine.connect() as c:
            assert migrations.current(c) == migrations.REVISIONS[-1]


def test_postgresql_from_a_newer_mjlearn_is_read_only(owner_url, tmp_path, monkeypatch):
    import sqlalchemy as sa

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    engine = sa.create_engine(owner_url)
    with engine.begin() as c:
        c.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    engine.dispose()
    monkeypatch.setenv("MJLEARN_DB", owner_url)
    with pytest.warns(RuntimeWarning, match="newer mjlearn"):
        s = ProgressStore(user="x")
    with s:
        assert s.read_only and s.rows() == []
        with pytest.raises(NewerSchema, match="newer mjlearn.*班级数据库"):
            _answer(s, "tile_name", 1, True)


def test_a_learner_role_cannot_set_up_the_schema(pg_db, tmp_path, monkeypatch):
    from mjlearn import db

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    db.upgrade(pg_db)
    db.add_learner(pg_db, "newbie")
    import sqlalchemy as sa

    engine = sa.create_engine(pg_db)
    with engine.begin() as c:  # back to an older revision's marker: a learner must not migrate
        c.exec_driver_sql("UPDATE alembic_version SET version_num = '0003'")
    engine.dispose()
    monkeypatch.setenv("MJLEARN_DB", role_url(pg_db, "newbie"))
    with pytest.raises(NotWritable, match="not set up.*班级数据库尚未设置"):
        ProgressStore(user="newbie")


# -- permissions (row-level security) -----------------------------------------------------------------
@pytest.fixture
def klass(owner_url, tmp_path, monkeypatch):
    """Class 'c1' taught by wang with learners ann and bob; learner cy is in no class of wang's."""
    from mjlearn import db

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    for name in ("ann", "bob", "cy"):
        db.add_learner(owner_url, name)
    db.add_teacher(owner_url, "wang")
    db.create_class(owner_url, "c1", teachers=["wang"], learners=["ann", "bob"])
    stores = {}
    for name in ("ann", "bob", "cy", "wang"):
        monkeypatch.setenv("MJLEARN_DB", role_url(owner_url, name))
        stores[name] = ProgressStore(user=name)
    for i, name in enumerate(("ann", "bob", "cy")):
        for k in range(i + 1):
            _answer(stores[name], "tile_name", k, True)
    yield owner_url, stores
    for s in stores.values():
        s.close()


def test_a_learner_reads_only_their_own_answers(klass):
    _url, s = klass
    assert [r["user"] for r in s["ann"].rows(all_users=True)] == ["ann"]
    bob = s["bob"]
    bob.user = "ann"  # asking for ann's rows by name returns nothing
    assert bob.rows() == []
    with bob.engine.connect() as c:  # nor does raw SQL as bob's role
        assert c.exec_driver_sql("SELECT count(*) FROM answers WHERE \"user\" = 'ann'").scalar() == 0
        assert c.exec_driver_sql("SELECT count(*) FROM answers").scalar() == 2


def test_a_learner_cannot_add_change_or_delete_anothers_answers(klass):
    _url, s = klass
    bob = s["bob"]
    bob.user = "ann"
    with pytest.raises(NotWritable, match="only their own answers.*只能读写自己的回答"):
        _answer(bob, "tile_name", 9, True)
    assert bob.spooled() == []  # refused, not kept for later
    import sqlalchemy as sa

    for stmt in (
        "UPDATE answers SET correct = 0",
        "DELETE FROM answers",
        "ALTER TABLE answers DISABLE ROW LEVEL SECURITY",
    ):
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied|must be owner"):
            with bob.engine.begin() as c:
                c.exec_driver_sql(stmt)
    wang = s["wang"]
    assert len([r for r in wang.rows(all_users=True) if r["user"] == "ann"]) == 1


def test_teacher_exports_the_class_from_the_command_line(klass, tmp_path):
    url, _s = klass
    env = dict(os.environ, MJLEARN_DB=role_url(url, "wang"), JUPYTERHUB_USER="wang", MJLEARN_DATA_DIR=str(tmp_path))
    out = tmp_path / "class.json"
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--export", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert sorted({r["user"] for r in json.loads(out.read_text(encoding="utf-8"))}) == ["ann", "bob"]
    env["MJLEARN_DB"] = role_url(url, "cy")  # a learner's export is their own answers
    env["JUPYTERHUB_USER"] = "cy"
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--export", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert {r["user"] for r in json.loads(out.read_text(encoding="utf-8"))} == {"cy"}


def test_cli_says_when_the_class_database_is_away_in_one_line(tmp_path):
    env = dict(os.environ, MJLEARN_DB="postgresql+psycopg://ann@127.0.0.1:9/none", MJLEARN_DATA_DIR=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--progress"], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "class database is not reachable (127.0.0.1:9)" in proc.stderr and "无法连接班级数据库" in proc.stderr


def test_a_teacher_sees_their_class_and_only_it(klass):
    _url, s = klass
    rows = s["wang"].rows(all_users=True)
    assert sorted({r["user"] for r in rows}) == ["ann", "bob"]
    assert len(rows) == 3
    assert "cy" not in s["wang"].export(format="csv")
    with pytest.raises(NotWritable):  # a teacher reads; answers are the learners'
        s["wang"].user = "ann"
        _answer(s["wang"], "tile_name", 1, True)
    with s["cy"].engine.connect() as c:  # a learner sees only their own class memberships
        assert c.exec_driver_sql("SELECT count(*) FROM class_members").scalar() == 0
    with s["ann"].engine.connect() as c:
        assert c.exec_driver_sql("SELECT username FROM class_members").scalars().all() == ["ann"]
        assert c.exec_driver_sql("SELECT name FROM classes").scalars().all() == ["c1"]


# -- the class database goes away -----------------------------------------------------------------------
def test_unreachable_database_keeps_answers_and_sends_them_once(tmp_path, monkeypatch):
    server = private_server()
    try:
        from mjlearn import db

        db.upgrade(server.url())
        monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
        monkeypatch.setenv("MJLEARN_DB", server.url())
        s = ProgressStore(user="ann", timeout=3)
        _answer(s, "tile_name", 1, True, seconds=1.0)
        server.stop()
        with pytest.raises(ClassDatabaseUnreachable, match=r"not reachable \(127\.0\.0\.1:\d+\).*kept.*保存在本机"):
            _answer(s, "tile_name", 2, True, seconds=2.0)
        with pytest.raises(ClassDatabaseUnreachable):  # the widget tries the same answer again
            _answer(s, "tile_name", 2, True, seconds=2.0)
        with pytest.raises(ClassDatabaseUnreachable):
            _answer(s, "tile_name", 3, False, seconds=3.0)
        with pytest.raises(ClassDatabaseUnreachable, match="not reachable"):
            s.rows()
        assert len(s.spooled()) == 2
        s.close()
        # a new kernel opened while the server is away: opens, keeps answers too
        s = ProgressStore(user="ann", timeout=3)
        with pytest.raises(ClassDatabaseUnreachable):
            _answer(s, "tile_name", 4, True, seconds=4.0)
        assert len(s.spooled()) == 3
        server.start()
        assert s.flush() == 3 and s.spooled() == []
        _answer(s, "tile_name", 2, True, seconds=2.0)  # the widget's retry lands on the same row
        rows = s.rows()
        assert [json.loads(r["question"])["seed"] for r in rows] == [1, 2, 3, 4]
        s.close()
    finally:
        server.stop()


def test_many_writers_at_once_store_each_answer_once(owner_url, tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB", owner_url)
    ids: list[int] = []
    errors: list[BaseException] = []

    def learner(n):
        try:
            with ProgressStore(user=f"u{n}") as s:
                for k in range(10):
                    ids.append(_answer(s, "tile_name", k, True, seconds=float(k)))
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=learner, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with ProgressStore(user="u0") as s:
        rows = s.rows(all_users=True)
    assert len(rows) == len(ids) == 80 and sorted(r["id"] for r in rows) == sorted(ids)


def test_answers_kept_in_an_earlier_session_are_sent_on_opening(tmp_path, monkeypatch):
    server = private_server()
    try:
        from mjlearn import db

        db.upgrade(server.url())
        monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
        monkeypatch.setenv("MJLEARN_DB", server.url())
        server.stop()
        with ProgressStore(user="ann", timeout=3) as s:
            with pytest.raises(ClassDatabaseUnreachable):
                _answer(s, "tile_name", 1, True, seconds=1.0)
        server.start()
        with ProgressStore(user="ann", timeout=3) as s:  # a new kernel, nothing answered yet
            assert s.spooled() == []
            assert len(s.rows()) == 1
    finally:
        server.stop()


def test_a_login_the_database_does_not_know_is_explained(owner_url, tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB", role_url(owner_url, "nobody"))
    with pytest.raises(NotWritable, match="did not accept the login.*拒绝登录"):
        ProgressStore(user="nobody")


WRITER = r"""
import sys, time
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore
store = ProgressStore(user="kid")
for i in range(1000):
    q = generate("tile_name", seed=i)
    store.record(q, solve(q), grade(q, solve(q)), seconds=float(i))
    print(i + 1, flush=True)
"""


def test_a_killed_kernel_loses_no_acknowledged_answer(owner_url, tmp_path, monkeypatch):
    import signal

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB", owner_url)
    p = subprocess.Popen([sys.executable, "-c", WRITER], stdout=subprocess.PIPE, text=True)
    reported = 0
    for line in p.stdout:
        reported = int(line)
        if reported >= 15:
            break
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    with ProgressStore(user="kid") as s:
        rows = s.rows()
    assert len(rows) >= reported
    assert len({r["id"] for r in rows}) == len(rows)


def test_error_family_has_the_class_database():
    assert issubclass(ClassDatabaseUnreachable, ProgressError)


def test_outside_a_hub_answers_go_under_the_database_login(owner_url, tmp_path):
    """MJLEARN_DB with a learner's own login and no hub, as TEACHERS.md describes: practice answers are
    recorded under that login (not the computer's user name, which row-level security refused, losing
    the answer), and a different name given is refused before any question, in one line."""
    from mjlearn import db

    db.add_learner(owner_url, "ann")
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTERHUB_USER", "MJLEARN_USER", "PGUSER")}
    env.update(
        MJLEARN_DB=role_url(owner_url, "ann"),
        USER="someone-else",
        LOGNAME="someone-else",
        MJLEARN_DATA_DIR=str(tmp_path),
    )
    quiz = [sys.executable, "-m", "mjlearn", "quiz", "--topic", "tiles", "-n", "1", "--seed", "3"]
    p = subprocess.run(quiz, input="!\n", capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    import sqlalchemy as sa

    engine = sa.create_engine(owner_url)
    with engine.connect() as c:
        users = [u for (u,) in c.exec_driver_sql('SELECT "user" FROM answers')]
    engine.dispose()
    assert users and set(users) == {"ann"}
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--progress"], capture_output=True, text=True, env=env, timeout=120
    )
    assert p.returncode == 0 and f"Progress of ann: {len(users)} answers" in p.stdout, p.stdout + p.stderr
    p = subprocess.run([*quiz, "--user", "bob"], input="!\n", capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2 and "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert "logged in to the class database as 'ann' but answering as 'bob'" in p.stderr
    assert "?" not in p.stdout  # refused before the first question was asked
