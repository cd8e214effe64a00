"""A teacher's housekeeping on a real class database: a backup restored into a fresh database with every
answer back, learners removed, renamed and forgotten without touching anyone else, a class list
imported from a CSV file (all or nothing), and what a careless teacher or a curious learner tries
(a class name mistyped, a runaway CSV, a learner deleting another's work, a backup written through a
symbolic link, names made of SQL). PostgreSQL is started by tests/pg.py; commands run in fresh
interpreters, as the teacher types them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tracemalloc
import uuid

import pytest
from pg import password_server, pg_db, postgres, role_url  # noqa: F401  (fixtures)

from mjlearn import db
from mjlearn.db.classes import ClassError, Classroom, assignment_tag
from mjlearn.deploy import generate_secret
from mjlearn.errors import ProgressError
from mjlearn.quiz import generate, grade, solve, wrong_answer

SET = "week1_tiles_and_waits.json"
SECRET = generate_secret()


def _mjlearn(*args, env):
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", *args], capture_output=True, text=True, env=env, timeout=300
    )


def _one_bilingual_line(p) -> str:
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2 and len(lines) == 1 and "Traceback" not in p.stderr, (p.stdout, p.stderr)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in lines[0]) and any("a" <= ch <= "z" for ch in lines[0])
    return lines[0]


def _ok(p):
    assert p.returncode == 0 and "Traceback" not in p.stderr, (p.stdout, p.stderr)
    return p.stdout


def _sql(url, stmt, params=None):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.begin() as c:
            result = c.exec_driver_sql(stmt, params or {})
            return result.all() if result.returns_rows else None
    finally:
        engine.dispose()


def _state(url) -> dict:
    """Everything a refusal must leave as it was: every table's rows, and every role with its groups."""
    out = {
        t: sorted(map(tuple, _sql(url, f"SELECT * FROM {t}")), key=repr)
        for t in ("answers", "classes", "class_members", "assignments", "join_failures")
    }
    out["roles"] = sorted(
        map(
            tuple,
            _sql(
                url,
                "SELECT r.rolname, r.rolpassword, r.rolcanlogin, ARRAY(SELECT g.rolname::text FROM pg_auth_members m "
                "JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid ORDER BY 1) FROM pg_authid r",
            ),
        )
    )
    return out


def _answers_of(url, user) -> list:
    return _sql(
        url,
        "SELECT id, at, quiz, kind, topic, seed, question, answer, correct, uid FROM answers "
        'WHERE "user" = %(u)s ORDER BY id',
        {"u": user},
    )


def _members(url) -> list:
    return sorted(
        map(
            tuple,
            _sql(url, "SELECT k.name, m.username, m.role FROM class_members m JOIN classes k ON k.id = m.class_id"),
        )
    )


@pytest.fixture
def school(pg_db, tmp_path, monkeypatch):
    """Class c1 (teacher wang, learners ann and bob, one assignment) and c2 (teacher li, learners bob and
    cat); ann and bob have answered the assignment and practised; mallory is a learner of no class."""
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB_SECRET", SECRET)
    import random

    with Classroom(url=pg_db) as owner:
        owner.create("c1", teachers=["wang"])
        owner.add("c1", ["ann", "bob"])
        aid = owner.assign("c1", SET, due="2099-03-01")
        owner.create("c2", teachers=["li"])
        owner.add("c2", ["bob", "cat"])
    db.add_learner(pg_db, "mallory")
    for n, who in enumerate(("ann", "bob", "cat")):
        with Classroom(url=role_url(pg_db, who)) as room:
            questions = list(room.quiz_set(aid))[:3] if who != "cat" else []
            for q in questions:
                a = solve(q) if n % 2 == 0 else wrong_answer(q, random.Random(n))
                room.store.record(q, a, grade(q, a), quiz=assignment_tag(aid), seconds=3.0)
            q = generate("waits", seed=10 + n)
            room.store.record(q, solve(q), grade(q, solve(q)), quiz="practice:all", seconds=2.0)
    env = dict(os.environ, MJLEARN_DB=pg_db, MJLEARN_DATA_DIR=str(tmp_path), MJLEARN_DB_SECRET=SECRET)
    env.pop("JUPYTERHUB_USER", None)
    return {"url": pg_db, "aid": aid, "env": env, "tmp": tmp_path}


# -- backup and restore ------------------------------------------------------------------------------------
def test_backup_then_drop_then_restore_into_a_fresh_database_brings_every_answer_back(school, postgres):
    import sqlalchemy as sa

    url, env, tmp = school["url"], school["env"], school["tmp"]
    before = {t: _sql(url, f"SELECT * FROM {t} ORDER BY 1") for t in ("answers", "classes", "assignments")}
    members = _members(url)
    assert len(before["answers"]) == 9
    out = _ok(_mjlearn("class", "backup", str(tmp / "class.dump"), env=env))
    assert "backed up 9 answers" in out and "tar -czf" in out  # the learners' homes named beside it
    assert (tmp / "class.dump").stat().st_mode & 0o077 == 0  # the owner's only: it holds every answer
    name = url.rsplit("/", 1)[1]
    admin = sa.create_engine(postgres.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        c.exec_driver_sql("DROP ROLE ann")  # a login lost with the old server: the restore makes it again
        c.exec_driver_sql(f"CREATE DATABASE {name}_new")
    admin.dispose()
    fresh = postgres.url(db=f"{name}_new")
    try:
        out = _ok(_mjlearn("class", "restore", str(tmp / "class.dump"), env=dict(env, MJLEARN_DB=fresh)))
        assert "restored 9 answers" in out
        after = {t: _sql(fresh, f"SELECT * FROM {t} ORDER BY 1") for t in ("answers", "classes", "assignments")}
        assert after == before and _members(fresh) == members
        with Classroom(url=role_url(fresh, "wang")) as wang:  # the teacher's report reads them as before
            assert {entry["user"]: entry["answered"] for entry in wang.report("c1")["learners"]} == {"ann": 4, "bob": 4}
        with Classroom(url=role_url(fresh, "ann")) as ann:  # ann's login is back, and sees only her own
            assert len(ann.store.rows()) == 4
        # a restore into a database that is not empty is refused, and changes nothing
        state = _state(fresh)
        line = _one_bilingual_line(
            _mjlearn("class", "restore", str(tmp / "class.dump"), env=dict(env, MJLEARN_DB=fresh))
        )
        assert "is not empty" in line and _state(fresh) == state
    finally:
        admin = sa.create_engine(postgres.url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.exec_driver_sql(f"DROP DATABASE IF EXISTS {name}_new WITH (FORCE)")
            c.exec_driver_sql(f"CREATE DATABASE {name}")  # for the fixture's own clean-up
        admin.dispose()


def test_backup_refuses_an_existing_file_unless_forced_and_never_writes_through_a_link(school):
    env, tmp = school["env"], school["tmp"]
    target = tmp / "precious.txt"
    target.write_text("the teacher's own file\n")
    (tmp / "link.dump").symlink_to(target)
    for extra in ([], ["--force"]):
        line = _one_bilingual_line(_mjlearn("class", "backup", str(tmp / "link.dump"), *extra, env=env))
        assert "symbolic link" in line
    assert target.read_text() == "the teacher's own file\n" and (tmp / "link.dump").is_symlink()
    line = _one_bilingual_line(_mjlearn("class", "backup", str(target), env=env))
    assert "exists already" in line and "--force" in line and target.read_text() == "the teacher's own file\n"
    _ok(_mjlearn("class", "backup", str(target), "--force", env=env))
    assert target.read_bytes()[:5] == b"PGDMP"
    assert sorted(p.name for p in tmp.iterdir() if p.name.endswith(".tmp")) == []  # no half-written file left


def test_backup_without_pg_dump_says_so(school, tmp_path):
    bare = tmp_path / "bin"
    bare.mkdir()
    os.symlink(sys.executable, bare / "python")
    env = dict(school["env"], PATH=str(bare))
    line = _one_bilingual_line(_mjlearn("class", "backup", str(tmp_path / "x.dump"), env=env))
    assert "pg_dump is not on PATH" in line and not (tmp_path / "x.dump").exists()


# -- removing, renaming, forgetting ---------------------------------------------------------------------------
def test_remove_keeps_answers_and_touches_no_one_else(school):
    url, env, aid = school["url"], school["env"], school["aid"]
    ann, bob = _answers_of(url, "ann"), _answers_of(url, "bob")
    _ok(_mjlearn("class", "remove", "c1", "ann", env=env))
    assert ("c1", "ann", "learner") not in _members(url) and _answers_of(url, "ann") == ann
    assert _answers_of(url, "bob") == bob and ("c1", "bob", "learner") in _members(url)
    # bob leaves c1 with his answers to c1's assignment; his practice and c2 stay
    _ok(_mjlearn("class", "remove", "c1", "bob", "--delete-answers", env=env))
    assert [r[2] for r in _answers_of(url, "bob")] == ["practice:all"] and ("c2", "bob", "learner") in _members(url)
    assert _answers_of(url, "ann") == ann and assignment_tag(aid) in {r[2] for r in ann}
    state = _state(url)  # one name not in the class: no one is removed
    line = _one_bilingual_line(_mjlearn("class", "remove", "c2", "cat", "ann", env=env))
    assert "'ann' is not in class 'c2'" in line and _state(url) == state


def test_rename_moves_login_answers_and_classes_and_refuses_a_taken_name(school):
    url, env = school["url"], school["env"]
    ann, bob = _answers_of(url, "ann"), _answers_of(url, "bob")
    _ok(_mjlearn("class", "rename", "ann", "anna", env=env))
    assert _answers_of(url, "anna") == ann and _answers_of(url, "ann") == [] and _answers_of(url, "bob") == bob
    assert ("c1", "anna", "learner") in _members(url) and not [m for m in _members(url) if m[1] == "ann"]
    assert _sql(url, "SELECT rolname FROM pg_roles WHERE rolname IN ('ann', 'anna')") == [("anna",)]
    import sqlalchemy as sa

    from mjlearn.deploy import role_password

    scheme, rest = url.split("://", 1)  # the new login works with the password the hub derives for it
    with Classroom(url=f"{scheme}://anna:{role_password('anna', SECRET)}@{rest.split('@', 1)[1]}") as anna:
        assert len(anna.store.rows()) == 4
    state = _state(url)
    for taken in ("bob", "mallory", "postgres"):
        line = _one_bilingual_line(_mjlearn("class", "rename", "anna", taken, env=env))
        assert f"{taken!r} exists already" in line
    assert "no learner or teacher named 'zed'" in _one_bilingual_line(_mjlearn("class", "rename", "zed", "zz", env=env))
    assert "did not make" in _one_bilingual_line(_mjlearn("class", "rename", "postgres", "pg2", env=env))
    assert _state(url) == state
    del sa


def test_forget_asks_first_then_deletes_everything_of_one_learner_only(school):
    url, env = school["url"], school["env"]
    state = _state(url)
    line = _one_bilingual_line(_mjlearn("class", "forget", "bob", env=env))
    assert "4 answers, 2 class memberships" in line and "--yes" in line and _state(url) == state
    ann, cat = _answers_of(url, "ann"), _answers_of(url, "cat")
    out = _ok(_mjlearn("class", "forget", "bob", "--yes", env=env))
    assert "4 answers, 2 class memberships, 0 join tries, 1 login" in out
    assert _answers_of(url, "bob") == [] and not [m for m in _members(url) if m[1] == "bob"]
    assert not _sql(url, "SELECT 1 FROM pg_roles WHERE rolname = 'bob'")
    assert _answers_of(url, "ann") == ann and _answers_of(url, "cat") == cat
    assert len(_members(url)) == 4  # wang, ann, li and cat: no one else lost


# -- class lists ------------------------------------------------------------------------------------------------
def test_import_a_class_list_with_bom_blank_lines_duplicates_and_long_names(school):
    url, env, tmp = school["url"], school["env"], school["tmp"]
    email = "a" * 81 + "@school.example.org"  # 100 bytes: past PostgreSQL's 63
    (tmp / "list.csv").write_bytes(
        (
            f"\ufeffname / 名字,role / 角色\r\ndan\r\n\r\n李雷,学员\r\ndan,learner\r\n{email}\r\nzhou,teacher\r\n"
        ).encode()
    )
    out = _ok(_mjlearn("class", "import", "c1", str(tmp / "list.csv"), env=env))
    assert "4 added" in out and f"database login {db.role_name(email)}" in out
    got = _members(url)
    for who, role in (("dan", "learner"), ("李雷", "learner"), (db.role_name(email), "learner"), ("zhou", "teacher")):
        assert ("c1", who, role) in got
    _ok(_mjlearn("class", "export", "c1", str(tmp / "out.csv"), env=env))
    text = (tmp / "out.csv").read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == "name / 名字,role / 角色" and "zhou,teacher" in text and "李雷,learner" in text
    assert "exists already" in _one_bilingual_line(_mjlearn("class", "export", "c1", str(tmp / "out.csv"), env=env))


def test_import_with_bad_rows_changes_nothing_and_names_every_bad_line(school):
    url, env, tmp = school["url"], school["env"], school["tmp"]
    (tmp / "bad.csv").write_text(
        "name,role\nzed\nyan,boss\n,teacher\nzed,teacher\n" + "x" * 300 + "\nwu\n", encoding="utf-8"
    )
    state = _state(url)
    line = _one_bilingual_line(_mjlearn("class", "import", "c1", str(tmp / "bad.csv"), env=env))
    for said in (
        "4 bad row(s)",
        "line 3: role 'boss'",
        "line 4: no name",
        "line 5: 'zed' is already a learner on line 2",
        "line 6: a name of 300 characters",
    ):
        assert said in line
    assert _state(url) == state
    (tmp / "clash.csv").write_text("yu\nwang\n", encoding="utf-8")  # wang teaches c1: the whole list is refused
    assert "'wang' is a teacher of 'c1'" in _one_bilingual_line(
        _mjlearn("class", "import", "c1", str(tmp / "clash.csv"), env=env)
    )
    assert _state(url) == state


def test_a_runaway_class_list_is_refused_early_in_bounded_memory(tmp_path):
    from mjlearn.db import admin

    rows = tmp_path / "million.csv"
    with open(rows, "w") as f:
        f.writelines(f"learner{i}\n" for i in range(10**6))
    long = tmp_path / "long.csv"
    with open(long, "wb") as f:
        f.write(b"ann\n")
        f.writelines(b"n" * 2**20 for _ in range(64))  # one name of 64 MB
        f.write(b"\nbob\n")
    tracemalloc.start()
    try:
        with pytest.raises(ClassError, match=r"more than 10000 rows \(line 10001\)"):
            admin.read_class_list(rows)
        with pytest.raises(ClassError, match=r"line 2: longer than \d+ bytes"):
            admin.read_class_list(long)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20, peak  # a few MB: the rows kept, never the file or the 64 MB line


def test_a_runaway_class_list_from_the_command_line_is_one_line_and_adds_no_one(school):
    url, env, tmp = school["url"], school["env"], school["tmp"]
    with open(tmp / "big.csv", "w") as f:
        f.writelines(f"learner{i}\n" for i in range(10**6))
    (tmp / "mb.csv").write_bytes(b"ann\n" + b"n" * 2**20 + b"\n")
    state = _state(url)
    assert "more than 10000 rows" in _one_bilingual_line(
        _mjlearn("class", "import", "c1", str(tmp / "big.csv"), env=env)
    )
    assert "line 2: longer than" in _one_bilingual_line(_mjlearn("class", "import", "c1", str(tmp / "mb.csv"), env=env))
    assert _state(url) == state


# -- what a careless teacher types ------------------------------------------------------------------------------
def test_class_add_with_a_mistyped_class_creates_no_login_and_no_member(school):
    url, env = school["url"], school["env"]
    dan = f"dan_{uuid.uuid4().hex[:8]}"  # logins outlive a test's database: a name no test used
    state = _state(url)
    line = _one_bilingual_line(_mjlearn("class", "add", "c11", dan, env=env))
    assert "no class named 'c11'" in line
    assert _state(url) == state and not _sql(url, "SELECT 1 FROM pg_roles WHERE rolname = %(d)s", {"d": dan})
    for args in (
        ["import", "c11", __file__],
        ["remove", "c11", "ann"],
        ["export", "c11", str(school["tmp"] / "x.csv")],
    ):
        assert "no class named 'c11'" in _one_bilingual_line(_mjlearn("class", *args, env=env))
    assert _state(url) == state and not (school["tmp"] / "x.csv").exists()


# -- what a learner tries ------------------------------------------------------------------------------------------
def test_a_learner_cannot_forget_rename_or_back_up_another_learner(school, monkeypatch):
    url, env, tmp = school["url"], school["env"], school["tmp"]
    mallory = dict(env, MJLEARN_DB=role_url(url, "mallory"))
    state = _state(url)
    for args in (["forget", "ann", "--yes"], ["rename", "ann", "mallory2"], ["remove", "c1", "ann"]):
        assert "only the class database's owner" in _one_bilingual_line(_mjlearn("class", *args, env=mallory))
    line = _one_bilingual_line(_mjlearn("class", "backup", str(tmp / "stolen.dump"), env=mallory))
    assert "only the class database's owner backs it up" in line and not (tmp / "stolen.dump").exists()
    # the database itself refuses, with mjlearn's own check taken away
    from mjlearn.db import admin

    monkeypatch.setattr(admin, "check_manager", lambda c: "mallory")
    for call in (
        lambda room: admin.forget(room, "ann"),
        lambda room: admin.rename(room, "ann", "mallory2"),
        lambda room: admin.remove(room, "c1", "ann"),
    ):
        with Classroom(url=role_url(url, "mallory")) as room, pytest.raises((ClassError, ProgressError)):
            call(room)
    import sqlalchemy as sa

    for stmt in (
        "DELETE FROM answers WHERE \"user\" = 'ann'",
        "UPDATE answers SET \"user\" = 'mallory'",
        "DELETE FROM class_members",
        "ALTER ROLE ann RENAME TO ann3",
        "DROP ROLE ann",
    ):
        try:
            _sql(role_url(url, "mallory"), stmt)
        except sa.exc.DBAPIError as e:
            assert e.orig.sqlstate == "42501", stmt  # insufficient privilege
        else:
            pytest.fail(f"the database let a learner run {stmt}")
    p = subprocess.run(
        [shutil.which("pg_dump"), "--format=custom", "-f", str(tmp / "raw.dump")],
        env=dict(
            os.environ,
            PGHOST="127.0.0.1",
            PGPORT=url.split(":")[-1].split("/")[0],
            PGUSER="mallory",
            PGDATABASE=url.rsplit("/", 1)[1],
        ),
        capture_output=True,
        text=True,
    )
    assert p.returncode != 0 and ("permission denied" in p.stderr or "row-level security" in p.stderr), p.stderr
    assert _state(url) == state


# -- names made of SQL ----------------------------------------------------------------------------------------------
def test_names_with_quotes_and_semicolons_are_only_names(school):
    url, env, tmp = school["url"], school["env"], school["tmp"]
    evil = "x'); DROP TABLE answers; --"
    worse = 'y"; DROP ROLE wang; --'
    (tmp / "evil.csv").write_text(f'"{evil}"\n"{worse.replace(chr(34), chr(34) * 2)}"\n', encoding="utf-8")
    _ok(_mjlearn("class", "import", "c1", str(tmp / "evil.csv"), env=env))
    logins = {db.role_name(evil), db.role_name(worse)}
    assert {m[1] for m in _members(url) if m[0] == "c1"} >= logins
    _ok(_mjlearn("class", "rename", evil, "o'brien; --", env=env))
    _ok(_mjlearn("class", "remove", "c1", worse, env=env))
    _ok(_mjlearn("class", "forget", worse, "--yes", env=env))
    assert len(_sql(url, "SELECT * FROM answers")) == 9  # every table, every answer, wang's login still there
    assert _sql(
        url,
        "SELECT rolname FROM pg_roles WHERE rolname IN ('wang', %(a)s, %(b)s) ORDER BY 1",
        {"a": db.role_name("o'brien; --"), "b": db.role_name(worse)},
    ) == sorted([(db.role_name("o'brien; --"),), ("wang",)])


# -- the real cause, in one line ----------------------------------------------------------------------------------------
def test_a_server_that_is_not_there_and_a_database_that_is_not_there_are_named(school):
    env = school["env"]
    away = dict(env, MJLEARN_DB="postgresql+psycopg://postgres@127.0.0.1:9/mjlearn")
    for args in (["list"], ["forget", "ann"], ["backup", str(school["tmp"] / "x.dump")]):
        line = _one_bilingual_line(_mjlearn("class", *args, env=away))
        assert "connection refused" in line and "127.0.0.1:9" in line, line
    missing = dict(env, MJLEARN_DB=school["url"].rsplit("/", 1)[0] + "/no_such_db")
    for args in (["list"], ["import", "c1", __file__], ["restore", __file__]):
        line = _one_bilingual_line(_mjlearn("class", *args, env=missing))
        assert "no database 'no_such_db'" in line or "not a backup" in line, line


def test_a_missing_password_is_not_called_unreachable(tmp_path):
    with password_server("owner-pw") as server:
        env = {k: v for k, v in os.environ.items() if k not in ("PGPASSWORD", "PGPASSFILE")}
        env.update(MJLEARN_DB=server.url(), MJLEARN_DATA_DIR=str(tmp_path), PGPASSFILE=str(tmp_path / "none"))
        for args in (
            ["class", "forget", "ann"],
            ["class", "backup", str(tmp_path / "x.dump")],
            ["class", "import", "c1", __file__],
        ):
            line = _one_bilingual_line(_mjlearn(*args, env=env))
            assert "asks for a password and none was given" in line and "reachable" not in line, line
        line = _one_bilingual_line(_mjlearn("class", "rename", "a", "b", env=dict(env, PGPASSWORD="wrong")))
        assert "the password is wrong" in line
        p = _mjlearn("quiz", "--export", str(tmp_path / "mine.csv"), env=env)
        assert "reachable" not in p.stderr and "password" in p.stderr and "Traceback" not in p.stderr, p.stderr
