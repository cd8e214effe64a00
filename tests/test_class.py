"""Classes and assignments (mjlearn class ..., mjlearn quiz --assignments) on the SQLite file and on a
class database (PostgreSQL, started by tests/pg.py), and who may see a class's report."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from pg import pg_db, postgres, role_url  # noqa: F401  (fixtures)

from mjlearn.db.classes import ClassError, Classroom, assignment_tag, parse_due, sample_class
from mjlearn.errors import NotWritable
from mjlearn.quiz import grade, solve, wrong_answer
from mjlearn.quiz.progress import ProgressStore

SET = "week1_tiles_and_waits.json"


def _do(room, aid, right_every=1, limit=None):
    """Answer an assignment (every ``right_every``-th question right), recorded against it."""
    qs = list(room.quiz_set(aid))[:limit]
    for i, q in enumerate(qs):
        a = solve(q) if i % right_every == 0 else wrong_answer(q, random.Random(i))
        room.store.record(q, a, grade(q, a), quiz=assignment_tag(aid), seconds=1.0 + i)
    return len(qs)


def _mjlearn(*args, env):
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", *args], capture_output=True, text=True, env=env, timeout=180
    )


def test_due_dates():
    assert parse_due("2026-03-01") == 1772409599.0  # the end of that day, UTC
    assert parse_due(None) is None
    with pytest.raises(ClassError, match="YYYY-MM-DD"):
        parse_due("next tuesday")
    with pytest.raises(ClassError, match="no such day"):  # the right form, a day that does not exist
        parse_due("2027-02-30")


def test_single_machine_class_from_the_command_line(tmp_path):
    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    env.pop("JUPYTERHUB_USER", None)
    p = _mjlearn("class", "create", "c1", "--code", "ABC123", "--user", "wang", env=env)
    assert p.returncode == 0 and "ABC123" in p.stdout, p.stderr
    assert _mjlearn("class", "add", "c1", "ann", "bob", "--user", "wang", env=env).returncode == 0
    p = _mjlearn("class", "assign", "c1", SET, "--due", "2099-03-01", "--user", "wang", env=env)
    assert p.returncode == 0 and "#1" in p.stdout, p.stderr
    p = _mjlearn("class", "join", "abc123", "--user", "cy", env=env)  # a learner joins with the code
    assert p.returncode == 0 and "c1" in p.stdout, p.stderr
    p = _mjlearn("quiz", "--assignments", "--user", "ann", env=env)
    assert p.returncode == 0 and "#1" in p.stdout and "2099-03-01" in p.stdout and "to do" in p.stdout
    with Classroom(path=tmp_path / "progress.db", user="ann") as room:
        n = _do(room, 1, right_every=2)
        assert room.assignments()[0]["done"] and room.assignments()[0]["answered"] == n
    p = _mjlearn("quiz", "--assignments", "--user", "ann", env=env)
    assert "done" in p.stdout
    p = _mjlearn("class", "report", "c1", "--json", "--user", "wang", env=env)
    assert p.returncode == 0, p.stderr
    rep = json.loads(p.stdout)
    assert rep["assignments"][0]["due_time"] == "2099-03-01T23:59:59+00:00"  # readable beside the Unix time
    ann = {l["user"]: l for l in rep["learners"]}["ann"]
    assert sorted(l["user"] for l in rep["learners"]) == ["ann", "bob", "cy"]
    assert ann["answered"] == n and ann["correct"] == (n + 1) // 2
    assert ann["by_assignment"]["1"]["questions_answered"] == n and ann["by_assignment"]["1"]["done"]
    assert sum(t["answered"] for t in ann["by_topic"].values()) == n
    assert {l["user"]: l for l in rep["learners"]}["bob"]["by_assignment"]["1"]["done"] is False
    p = _mjlearn("class", "report", "c1", "--user", "ann", env=env)  # a learner: refused, in one line
    assert p.returncode == 2 and "only the teachers" in p.stderr and "Traceback" not in p.stderr
    assert p.stderr.count("只有本班老师能查看班级报告") == 1 and "you are 'ann'" in p.stderr
    p = _mjlearn("class", "report", "c1", "--user", "wang", env=env)
    assert "3 learners / 学员, 1 assignment / 作业" in p.stdout
    p = _mjlearn("class", "join", "NOPE", "--user", "dd", env=env)
    assert p.returncode == 2 and "no class has the code" in p.stderr


def test_practice_answers_do_not_count_for_an_assignment(tmp_path):
    with Classroom(path=tmp_path / "p.db", user="t") as room:
        room.create("c")
        room.add("c", ["ann"])
        aid = room.assign("c", SET)
    with Classroom(path=tmp_path / "p.db", user="ann") as room:
        q = room.quiz_set(aid).questions[0]
        room.store.record(q, solve(q), grade(q, solve(q)), quiz="practice:all")
        assert room.assignments()[0]["answered"] == 0
        _do(room, aid, limit=2)
        assert room.assignments()[0]["answered"] == 2 and not room.assignments()[0]["done"]


def test_unknown_class_and_quiz_set_are_explained(tmp_path):
    with Classroom(path=tmp_path / "p.db", user="t") as room:
        with pytest.raises(ClassError, match="no class named"):
            room.assign("nope", SET)
        room.create("c")
        with pytest.raises(ClassError, match="exists already"):
            room.create("c")
        with pytest.raises(ClassError, match="题集"):
            room.assign("c", "no_such_set.json")


def test_sample_class(tmp_path):
    name = sample_class(tmp_path / "s.db")
    with Classroom(path=tmp_path / "s.db", user="teacher") as room:
        rep = room.report(name)
    assert len(rep["learners"]) == 6 and len(rep["assignments"]) == 2
    assert all(l["answered"] > 0 for l in rep["learners"])
    assert sum(l["correct"] for l in rep["learners"]) < sum(l["answered"] for l in rep["learners"])


# -- on a class database ------------------------------------------------------------------------------
@pytest.fixture
def pg_class(pg_db, tmp_path, monkeypatch):
    """Class c1 on PostgreSQL set up by the owner: teacher wang, learners ann and bob; learner cy of no
    class; teacher li of another class. Gives the URL, the assignment's id and c1's code."""
    from mjlearn import db

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    with Classroom(url=pg_db) as owner:
        code = owner.create("c1", teachers=["wang"])
        owner.add("c1", ["ann", "bob"])
        aid = owner.assign("c1", SET, due="2099-03-01")
        owner.create("c2", teachers=["li"])
    db.add_learner(pg_db, "cy")
    return pg_db, aid, code


def test_class_database_assignments_and_report(pg_class):
    url, aid, code = pg_class
    with Classroom(url=role_url(url, "ann")) as ann:
        assert [a["id"] for a in ann.assignments()] == [aid]
        n = _do(ann, aid)
        assert ann.assignments()[0]["done"]
    with Classroom(url=role_url(url, "bob")) as bob:
        _do(bob, aid, right_every=3, limit=3)
    with Classroom(url=role_url(url, "cy")) as cy:
        assert cy.assignments() == []
        assert cy.join(code.lower().replace("-", " ")) == "c1"  # with the code, however written (the owner's function)
        assert [a["id"] for a in cy.assignments()] == [aid]
    with Classroom(url=role_url(url, "wang")) as wang:
        rep = wang.report("c1")
    users = {l["user"]: l for l in rep["learners"]}
    assert sorted(users) == ["ann", "bob", "cy"]
    assert users["ann"]["by_assignment"][str(aid)] == {
        "quiz_set": SET,
        "questions": n,
        "questions_answered": n,
        "questions_right": n,
        "tries": n,
        "tries_right": n,
        "done": True,
    }
    assert users["bob"]["answered"] == 3 and users["bob"]["correct"] == 1
    assert not users["bob"]["by_assignment"][str(aid)]["done"]
    assert users["cy"]["answered"] == 0


def test_only_the_class_teachers_see_its_report(pg_class):
    url, aid, _code = pg_class
    with Classroom(url=role_url(url, "ann")) as ann:
        _do(ann, aid, limit=2)
        with pytest.raises(NotWritable, match="only the teachers"):
            ann.report("c1")
    with Classroom(url=role_url(url, "li")) as li:  # a teacher, of another class
        with pytest.raises((NotWritable, ClassError)):
            li.report("c1")
        with li.engine.connect() as c:  # nor by SQL: row-level security
            assert c.exec_driver_sql("SELECT count(*) FROM answers").scalar() == 0
    with Classroom(url=role_url(url, "bob")) as bob:  # a learner of the class reads only their own answers
        with bob.engine.connect() as c:
            assert c.exec_driver_sql("SELECT count(*) FROM answers").scalar() == 0
        with pytest.raises(ClassError, match="only the class database's owner"):  # nor create classes or assign
            bob.create("mine", teachers=["bob"])
        with pytest.raises(ClassError, match="only the class database's owner"):
            bob.assign("c1", SET)


def test_learner_lists_assignments_from_the_command_line(pg_class, tmp_path):
    url, aid, _code = pg_class
    env = dict(os.environ, MJLEARN_DB=role_url(url, "ann"), JUPYTERHUB_USER="ann", MJLEARN_DATA_DIR=str(tmp_path))
    p = _mjlearn("quiz", "--assignments", env=env)
    assert p.returncode == 0 and f"#{aid}" in p.stdout and "to do" in p.stdout, p.stderr
    env.update(MJLEARN_DB=role_url(url, "wang"), JUPYTERHUB_USER="wang")
    p = _mjlearn("class", "report", "c1", "--json", env=env)
    assert p.returncode == 0 and json.loads(p.stdout)["class"] == "c1", p.stderr


def test_doing_an_assignment_in_the_terminal_records_against_it(tmp_path):
    qs = tmp_path / "hw.json"
    qs.write_text(
        json.dumps({"title": "hw", "questions": [{"kind": "waits", "hand": "1112345678999m"}]}), encoding="utf-8"
    )
    with Classroom(url=f"sqlite:///{tmp_path / 'p.db'}", user="t") as room:
        room.create("c")
        room.add("c", ["ann"])
        aid = room.assign("c", str(qs))
    env = dict(os.environ, MJLEARN_DB=f"sqlite:///{tmp_path / 'p.db'}", MJLEARN_DATA_DIR=str(tmp_path))
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--assignment", str(aid), "--user", "ann"],
        input="123456789m\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    with Classroom(path=tmp_path / "p.db", user="ann") as room:
        rows = room.store.rows()
        assert [(r["quiz"], r["correct"]) for r in rows] == [(assignment_tag(aid), 1)]
        assert room.assignments()[0]["done"]
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--assignment", "99", "--user", "ann"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert p.returncode == 2 and "not one of yours" in p.stderr


def test_class_database_logins_get_passwords_from_the_hub_secret(pg_db, tmp_path, monkeypatch):
    import sqlalchemy as sa

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    from mjlearn.deploy import generate_secret

    monkeypatch.setenv("MJLEARN_DB_SECRET", generate_secret())
    with Classroom(url=pg_db) as owner:
        owner.create("c", teachers=["wang"])
        owner.add("c", ["ann"])
    engine = sa.create_engine(pg_db)
    with engine.connect() as c:
        pw = dict(
            c.exec_driver_sql("SELECT rolname, rolpassword FROM pg_authid WHERE rolname IN ('ann', 'wang')").all()
        )
    engine.dispose()
    assert set(pw) == {"ann", "wang"} and all(v and v.startswith("SCRAM-SHA-256$") for v in pw.values())


def test_a_weak_hub_secret_is_refused_and_adds_no_login(pg_db, tmp_path, monkeypatch):
    import sqlalchemy as sa

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    with Classroom(url=pg_db) as owner:
        owner.create("c", teachers=["wang"])
        monkeypatch.setenv("MJLEARN_DB_SECRET", "s3cret")
        with pytest.raises(ClassError, match="secret"):
            owner.add("c", ["weakling"])  # roles are the server's: a name no other test uses
    engine = sa.create_engine(pg_db)
    with engine.connect() as c:
        assert c.exec_driver_sql("SELECT count(*) FROM pg_roles WHERE rolname = 'weakling'").scalar() == 0
    engine.dispose()


def test_a_due_date_already_past_is_warned_and_still_assigned(tmp_path):
    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    assert _mjlearn("class", "create", "c1", "--user", "wang", env=env).returncode == 0
    p = _mjlearn("class", "assign", "c1", SET, "--due", "2020-03-01", "--user", "wang", env=env)
    assert p.returncode == 0 and "#1" in p.stdout and "due 2020-03-01 23:59 UTC" in p.stdout
    assert "already past" in p.stderr and "overdue" in p.stderr
    p = _mjlearn("class", "assign", "c1", SET, "--due", "2099-03-01", "--user", "wang", env=env)
    assert p.returncode == 0 and p.stderr == ""
    p = _mjlearn("class", "list", "--user", "wang", env=env)  # list takes --user as every other action
    assert p.returncode == 0 and "c1" in p.stdout


def test_quiz_takes_the_shipped_set_names_class_assign_takes(tmp_path):
    """TEACHERS.md: `mjlearn quiz week1_tiles_and_waits.json` runs the shipped set wherever it is typed."""
    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", SET, "--check"],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        cwd=tmp_path,
    )
    assert p.returncode == 0 and "questions OK" in p.stdout, p.stderr
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "week1.json", "--check"],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        cwd=tmp_path,
    )
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert SET in p.stderr and "mcr_scoring.json" in p.stderr  # the names that do work are given


def test_a_damaged_file_is_told_in_plain_lines_not_a_python_warning(tmp_path):
    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    with ProgressStore(tmp_path / "progress.db", user="ann") as s:
        from mjlearn.quiz import generate

        q = generate("tile_name", seed=1)
        s.record(q, solve(q), grade(q, solve(q)))
    data = bytearray((tmp_path / "progress.db").read_bytes())
    data[0:100] = random.Random(5).randbytes(100)  # the header: not a database any more
    (tmp_path / "progress.db").write_bytes(bytes(data))
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--progress", "--user", "ann"],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    assert p.returncode == 0, p.stderr
    assert "damaged" in p.stderr and "RuntimeWarning" not in p.stderr and ".py:" not in p.stderr
