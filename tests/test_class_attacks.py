"""The class database attacked as a learner and a careless owner would: guessing class codes from one
SQL statement, listing other classes' rosters, making `mjlearn class` alter the owner or a role of
PostgreSQL's, forging answers under one's own login, damaged rows, hub names longer than PostgreSQL
keeps. PostgreSQL is started by tests/pg.py; every command runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pg import password_server, pg_db, postgres, role_url  # noqa: F401  (fixtures)

from mjlearn import db, deploy
from mjlearn.dashboard import Dashboard
from mjlearn.db.classes import ClassError, Classroom, assignment_tag
from mjlearn.deploy import generate_secret
from mjlearn.quiz import generate, grade, solve, wrong_answer

SET = "week1_tiles_and_waits.json"


def _mjlearn(*args, env):
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", *args], capture_output=True, text=True, env=env, timeout=180
    )


def role_name(name: str) -> str:
    return db.role_name(name)  # looked up when called: each test fails on its own on a mjlearn without it


def _key(code: str) -> str:
    """A code's letters and digits in capitals: what a code is compared by."""
    return re.sub(r"[^0-9A-Za-z]", "", code).upper()


def _one_bilingual_line(p) -> str:
    """The refusal of a command: exit 2, one line on stderr, English and Chinese, no traceback."""
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2 and len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert any("\u4e00" <= ch <= "\u9fff" for ch in lines[0]) and any("a" <= ch <= "z" for ch in lines[0])
    return lines[0]


def _sql(url, stmt, params=None, *, one=False):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.begin() as c:
            result = c.exec_driver_sql(stmt, params or {})
            return (result.first() if one else result.all()) if result.returns_rows else None
    finally:
        engine.dispose()


def _roles(url) -> dict:
    """Every role with its password hash, attributes and groups: what no refusal may change."""
    return {
        r[0]: r[1:]
        for r in _sql(
            url,
            "SELECT r.rolname, r.rolpassword, r.rolsuper, r.rolcreaterole, r.rolcanlogin, "
            "ARRAY(SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "WHERE m.member = r.oid ORDER BY 1) FROM pg_authid r",
        )
    }


SECRET = generate_secret()  # the hub's secret for these tests: 256 random bits, as `mjlearn hub secret` makes


@pytest.fixture
def school(pg_db, tmp_path, monkeypatch):
    """Class c1 (teacher wang, learners ann and bob, one assignment) and class c2 (teacher li, learner cat),
    set up by the owner with a hub secret; mallory is a learner of no class."""
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB_SECRET", SECRET)
    with Classroom(url=pg_db) as owner:
        code1 = owner.create("c1", teachers=["wang"])
        owner.add("c1", ["ann", "bob"])
        aid = owner.assign("c1", SET, due="2099-03-01")
        code2 = owner.create("c2", teachers=["li"])
        owner.add("c2", ["cat"])
    db.add_learner(pg_db, "mallory")
    env = dict(os.environ, MJLEARN_DB=pg_db, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("JUPYTERHUB_USER", None)
    return {"url": pg_db, "aid": aid, "code1": code1, "code2": code2, "env": env}


def _member(url, user, klass) -> bool:
    return bool(
        _sql(
            url,
            "SELECT 1 FROM class_members m JOIN classes k ON k.id = m.class_id "
            "WHERE m.username = %(u)s AND k.name = %(k)s",
            {"u": user, "k": klass},
        )
    )


# -- who gets in: class codes --------------------------------------------------------------------------
def test_class_codes_are_long_and_random(school):
    codes = {school["code1"], school["code2"]}
    assert len(codes) == 2
    for code in codes:  # 16 characters of a 32-letter alphabet (no I, L, O or U): 80 bits
        assert len(_key(code)) == 16 and not set(_key(code)) & set("ILOU")
        assert _key(code) == db.code_key(code)


def test_a_sweep_of_codes_in_one_statement_joins_nothing(school):
    """65,536 guesses in one statement, c2's real code among them (the 11th): on the unguarded database
    the sweep joined c2 in half a second; the database now looks at 10 codes, then refuses unchecked."""
    url = school["url"]
    codes = [f"{i:06X}" for i in range(65536)]
    codes[10] = school["code2"]
    got = _sql(role_url(url, "mallory"), "SELECT mjlearn_join(x) FROM unnest(%(c)s::text[]) AS x", {"c": codes})
    assert [g for (g,) in got if g] == []
    assert not _member(url, "mallory", "c2")
    assert _sql(url, "SELECT count(*) FROM join_failures WHERE username = 'mallory'", one=True)[0] == 10
    with Classroom(url=role_url(url, "mallory")) as mallory:  # now even the right code waits for the hour
        with pytest.raises(ClassError, match="too many wrong class codes.*请 60 分钟后再试"):
            mallory.join(school["code2"])
    assert not _member(url, "mallory", "c2")
    with Classroom(url=role_url(url, "bob")) as bob:  # another learner is not held up by mallory's tries
        assert bob.join(school["code2"]) == "c2"


def test_join_attempts_are_not_readable_or_writable_by_a_learner(school):
    import sqlalchemy as sa

    for stmt in (
        "SELECT count(*) FROM join_failures",
        "DELETE FROM join_failures",
        "INSERT INTO join_failures VALUES ('mallory', 0)",
    ):
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
            _sql(role_url(school["url"], "mallory"), stmt)


def test_a_join_cancelled_early_or_rolled_back_reveals_nothing(school):
    """Every code costs its time before it is looked at: a statement cancelled early learns nothing
    (the unguarded function answered at once), and a sweep rolled back looked at 10 codes only."""
    import sqlalchemy as sa

    url = role_url(school["url"], "mallory")
    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            c.exec_driver_sql("SET statement_timeout = 50")
            with pytest.raises(sa.exc.OperationalError, match="statement timeout"):
                c.exec_driver_sql("SELECT mjlearn_join(%(c)s)", {"c": school["code2"]})
            c.rollback()
        assert not _member(school["url"], "mallory", "c2")
        with engine.connect() as c:  # looked at: 10 wrong codes; the right one, 12th, is never compared
            codes = [f"WRONG{i}" for i in range(11)] + [school["code2"]]
            got = c.exec_driver_sql("SELECT mjlearn_join(x) FROM unnest(%(c)s::text[]) AS x", {"c": codes}).all()
            c.rollback()
        assert [g for (g,) in got if g] == []
    finally:
        engine.dispose()


def test_short_codes_of_earlier_releases_are_replaced_on_upgrade(pg_db, tmp_path, monkeypatch):
    import sqlalchemy as sa

    from mjlearn import migrations

    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    engine = sa.create_engine(pg_db)
    with engine.begin() as c:
        migrations.upgrade(c, "0005")
        c.exec_driver_sql("INSERT INTO classes (name, code, created) VALUES ('old', '1E8EDB', 0), ('none', NULL, 0)")
        c.exec_driver_sql("INSERT INTO class_members SELECT id, 'ann', 'learner' FROM classes WHERE name = 'old'")
    engine.dispose()
    db.upgrade(pg_db)
    codes = dict(_sql(pg_db, "SELECT name, code FROM classes"))
    assert codes["none"] is None and len(_key(codes["old"])) == 16
    assert _member(pg_db, "ann", "old")  # learners already in the class stay


# -- who sees whom -------------------------------------------------------------------------------------
def test_a_learner_cannot_list_rosters_or_teachers(school):
    """The unguarded functions answered for any name and class: mallory listed every roster and every
    class's teachers. Now every function a learner may call answers about the caller only."""
    import sqlalchemy as sa

    url = school["url"]
    ids = dict(_sql(url, "SELECT name, id FROM classes"))
    people = ["ann", "bob", "cat", "wang", "li", "mallory"]
    for attack in (
        "SELECT u, k FROM unnest(%(p)s::text[]) u, unnest(%(k)s::bigint[]) k WHERE mjlearn_in_class(u, k)",
        "SELECT t, l FROM unnest(%(p)s::text[]) t, unnest(%(p)s::text[]) l WHERE mjlearn_teaches(t, l)",
    ):
        try:
            found = _sql(role_url(url, "mallory"), attack, {"p": people, "k": list(ids.values())})
        except sa.exc.ProgrammingError:
            found = []  # no such function any more
        assert found == []
    callable_ = _sql(
        url,
        "SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
        "WHERE n.nspname = 'public' AND has_function_privilege('mallory', p.oid, 'EXECUTE') ORDER BY 1",
    )
    assert [f for (f,) in callable_] == [
        "mjlearn_in_class(bigint)",
        "mjlearn_join(text)",
        "mjlearn_join_wait()",
        "mjlearn_teaches(text)",
        "mjlearn_teaches_class(bigint)",
    ]
    for who in ("mallory", "ann"):  # about anyone else: nothing, whatever is asked
        assert _sql(
            role_url(url, who),
            "SELECT mjlearn_in_class(%(c)s), mjlearn_teaches_class(%(c)s), mjlearn_teaches('cat')",
            {"c": ids["c2"]},
            one=True,
        ) == (False, False, False)
    assert _sql(role_url(url, "ann"), "SELECT username FROM class_members") == [("ann",)]
    assert _sql(role_url(url, "ann"), "SELECT name FROM classes") == [("c1",)]
    # a teacher sees the whole roster of the classes they teach (co-teachers included), and no other
    assert sorted(_sql(role_url(url, "wang"), "SELECT username, role FROM class_members")) == [
        ("ann", "learner"),
        ("bob", "learner"),
        ("wang", "teacher"),
    ]


# -- the owner and PostgreSQL's roles are never touched ------------------------------------------------
def test_class_create_without_a_teacher_never_alters_the_owner(school):
    before = _roles(school["url"])
    p = _mjlearn("class", "create", "c3", env=school["env"])
    assert "--teacher" in _one_bilingual_line(p)
    assert _roles(school["url"]) == before  # the owner's password and groups are as they were
    assert not _sql(school["url"], "SELECT 1 FROM classes WHERE name = 'c3'")
    p = _mjlearn("class", "create", "c3", "--code", "EASY", "--teacher", "wang", env=school["env"])
    assert "--code" in _one_bilingual_line(p)


@pytest.mark.parametrize(
    "kind, why",
    [
        ("owner", "it is the login running this"),
        ("other program's", "it is in no mjlearn group"),
        ("given powers", "it is a member of pg_read_all_data"),
    ],
)
def test_class_add_of_a_role_mjlearn_did_not_make_is_refused_and_changes_nothing(school, kind, why):
    """The owner (postgres here), a login of another program, a learner's login an administrator gave
    more powers: refused in one line, and the learner given with it (zed) is not added either."""
    import uuid

    url = school["url"]
    name = {"owner": "postgres"}.get(kind, f"role_{uuid.uuid4().hex[:8]}")  # roles outlive the test's database
    if kind == "other program's":
        _sql(url, f"CREATE ROLE {name} LOGIN PASSWORD 'its-own'")
    elif kind == "given powers":
        db.add_learner(url, name)
        _sql(url, f"GRANT pg_read_all_data TO {name}")
    before = _roles(url)
    line = _one_bilingual_line(_mjlearn("class", "add", "c1", "zed", name, env=school["env"]))
    assert f"a role {name!r} that mjlearn did not make ({why})" in line
    assert _roles(url) == before  # no password, attribute or membership changed; zed was not created
    assert not _member(url, "zed", "c1") and not _member(url, name, "c1")


@pytest.mark.parametrize(
    "name", ["public", "pg_monitor", "pg_read_all_data", "PUBLIC", "none", "mjlearn_learner", "mjlearn_owner"]
)
def test_names_postgresql_reserves_become_new_logins_and_its_roles_are_untouched(school, name):
    url = school["url"]
    before = _roles(url)
    p = _mjlearn("class", "add", "c1", name, env=school["env"])
    assert p.returncode == 0 and "Traceback" not in p.stderr and f"database login {role_name(name)}" in p.stdout
    after = _roles(url)
    assert {k: v for k, v in after.items() if k in before} == before
    assert set(after) - set(before) == {role_name(name)} and _member(url, role_name(name), "c1")


def test_teachers_and_learners_are_not_mixed(school):
    url = school["url"]
    before = _roles(url)
    line = _one_bilingual_line(_mjlearn("class", "add", "c1", "wang", env=school["env"]))  # c1's own teacher
    assert "'wang' is a teacher of 'c1'" in line
    line = _one_bilingual_line(_mjlearn("class", "add", "c1", "li", env=school["env"]))  # another class's teacher
    assert "'li' is a teacher's login" in line
    line = _one_bilingual_line(_mjlearn("class", "add", "c1", "ann", "--teacher", env=school["env"]))
    assert "'ann' is a learner of 'c1'" in line
    assert _roles(url) == before


def test_every_class_refusal_is_one_bilingual_line(school):
    env = school["env"]
    for args, said in (
        (["add", "c1", ""], "a name is empty"),
        (["add", "nope", "zed"], "no class named 'nope'"),
        (["assign", "nope", SET], "no class named 'nope'"),
        (["report", "nope"], "no class named"),
    ):
        assert said in _one_bilingual_line(_mjlearn("class", *args, env=env))
    assert not _sql(school["url"], "SELECT 1 FROM pg_roles WHERE rolname = 'zed'")  # refused before any role
    teacher = dict(env, MJLEARN_DB=role_url(school["url"], "wang"))
    for args in (["add", "c1", "zed"], ["create", "c9", "--teacher", "wang"], ["assign", "c1", SET]):
        assert "only the class database's owner" in _one_bilingual_line(_mjlearn("class", *args, env=teacher))
    learner = dict(env, MJLEARN_DB=role_url(school["url"], "mallory"))
    assert "no class has the code" in _one_bilingual_line(_mjlearn("class", "join", "NOPE", env=learner))
    away = dict(env, MJLEARN_DB="postgresql+psycopg://postgres@127.0.0.1:9/mjlearn")
    assert "connection refused" in _one_bilingual_line(_mjlearn("class", "list", env=away))


def test_a_missing_or_wrong_password_is_one_bilingual_line(tmp_path):
    with password_server("owner-pw") as server:
        env = {k: v for k, v in os.environ.items() if k not in ("PGPASSWORD", "PGPASSFILE")}
        env.update(MJLEARN_DB=server.url(), MJLEARN_DATA_DIR=str(tmp_path), PGPASSFILE=str(tmp_path / "none"))
        line = _one_bilingual_line(_mjlearn("class", "list", env=env))
        assert "asks for a password and none was given" in line
        line = _one_bilingual_line(_mjlearn("class", "list", env=dict(env, PGPASSWORD="wrong")))
        assert "did not accept the login" in line
        p = _mjlearn("class", "list", env=dict(env, PGPASSWORD="owner-pw"))
        assert p.returncode == 0, p.stderr


# -- long hub names ------------------------------------------------------------------------------------
def test_role_names_are_stable_short_and_distinct():
    a, b = "x" * 60 + "aaa@example.org", "x" * 60 + "bbb@example.org"  # the same first 63 bytes
    assert role_name(a) != role_name(b) and role_name(a) == role_name(a)
    assert role_name("ann") == "ann" and role_name("李雷") == "李雷"
    with pytest.raises(ClassError, match="empty"):
        role_name("")
    with pytest.raises(ClassError, match="text"):
        role_name(None)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=90), min_size=2, max_size=6, unique=True))
def test_role_names_never_collide_and_always_fit(names):
    roles = [role_name(n) for n in names]
    assert len(set(roles)) == len(roles)
    for n, r in zip(names, roles):
        assert 1 <= len(r.encode("utf-8", "surrogatepass")) <= 63
        assert not r.lower().startswith("pg_") and r.lower() not in ("public", "none")
        assert (r == n) == ("~" not in r)  # a name is kept, or mapped to one marked as mapped


def test_a_kept_name_can_never_be_another_names_login():
    victim = "a.very.long.address.of.a.learner.at.the.school@mail.example-school.org"
    assert role_name(role_name(victim)) != role_name(victim)  # signing up as the victim's login gets another


def test_long_hub_names_get_their_own_logins_and_record_answers(school, tmp_path):
    """Two names sharing their first 63 bytes, and a 100-byte e-mail address: PostgreSQL cut them to one
    63-byte role, whose learners could never record (their hub name was not their login)."""
    url = school["url"]
    one = "learner.with.a.rather.long.name.of.the.first.kind." + "x" * 20 + "@example-school.org"
    two = one.replace("@example", "@exampli")
    email = ("a" * 81) + "@school.example.org"  # 100 bytes
    assert len(one.encode()) > 63 and one[:63] == two[:63] and len(email.encode()) == 100
    p = _mjlearn("class", "add", "c1", one, two, email, env=school["env"])
    assert p.returncode == 0, p.stderr
    template = url.replace("postgres@", "{user}@")
    for name in (email, one, two):  # the hub's environment for each: their own login, answering as the hub name
        env = dict(
            school["env"],
            **deploy.hub_environment(template, name, SECRET),
            JUPYTERHUB_USER=name,
            MJLEARN_DATA_DIR=str(tmp_path / name[-20:]),
        )
        env.pop("MJLEARN_DB_SECRET")
        p = subprocess.run(
            [sys.executable, "-m", "mjlearn", "quiz", "--topic", "tiles", "-n", "1", "--seed", "3"],
            input="!\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=180,
        )
        assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    users = [u for (u,) in _sql(url, 'SELECT "user" FROM answers ORDER BY id')]
    logins = {n: role_name(n) for n in (email, one, two)}
    assert users == [logins[email], logins[one], logins[two]] and len(set(users)) == 3
    assert all(_member(url, r, "c1") for r in logins.values())
    with Classroom(url=role_url(url, "wang")) as wang:
        answered = {entry["user"]: entry["answered"] for entry in wang.report("c1")["learners"]}
    assert [answered[logins[n]] for n in (email, one, two)] == [1, 1, 1]


# -- what a learner writes under their own name --------------------------------------------------------
def _row(q, answer, correct, quiz, **over):
    row = {
        "at": 1_780_000_000.0,
        "quiz": quiz,
        "kind": q.kind,
        "topic": q.topic,
        "seed": q.seed,
        "difficulty": q.difficulty,
        "question": json.dumps(q.to_dict()),
        "answer": json.dumps(answer),
        "correct": correct,
        "score": float(correct),
        "hints": 0,
        "seconds": 3.0,
        "retries": 0,
    }
    row.update(over)
    return row


_INSERT = (
    'INSERT INTO answers (at, "user", quiz, kind, topic, seed, difficulty, question, answer, correct, score, '
    "hints, seconds, retries) VALUES (%(at)s, current_user, %(quiz)s, %(kind)s, %(topic)s, %(seed)s, "
    "%(difficulty)s, %(question)s, %(answer)s, %(correct)s, %(score)s, %(hints)s, %(seconds)s, %(retries)s)"
)


def test_forged_correct_rows_are_flagged_not_counted(school):
    """ann writes, by hand, every question of the assignment as answered right with a wrong answer, plus
    an easy question of her own tagged as the assignment's, plus a practice answer marked right: the
    unguarded report counted all of them correct and the assignment done."""
    url, aid = school["url"], school["aid"]
    with Classroom(url=role_url(url, "ann")) as ann:
        questions = list(ann.quiz_set(aid))
    forged = [_row(q, wrong_answer(q, random.Random(1)), 1, assignment_tag(aid)) for q in questions]
    mine = generate("tile_name", seed=123)
    forged.append(_row(mine, solve(mine), 1, assignment_tag(aid)))  # not a question of the assignment
    practice = generate("waits", seed=77)
    forged.append(_row(practice, wrong_answer(practice, random.Random(2)), 1, "practice:all"))
    for row in forged:
        _sql(role_url(url, "ann"), _INSERT, row)
    with Classroom(url=role_url(url, "bob")) as bob:  # bob answers honestly: the report believes him
        q = questions[0]
        bob.store.record(q, solve(q), grade(q, solve(q)), quiz=assignment_tag(aid), seconds=2.0)
    with Classroom(url=role_url(url, "wang")) as wang:
        rep = wang.report("c1")
    ann = {l["user"]: l for l in rep["learners"]}["ann"]
    assert ann["answered"] == len(forged) and ann["correct"] == 0 and ann["flagged"] == len(forged)
    assert not ann["by_assignment"][str(aid)]["done"]
    flags = [r["flag"] for r in rep["answers"] if r["user"] == "ann"]
    assert flags.count(f"not a question of assignment #{aid} / 不是作业 #{aid} 的题目") == 1
    assert flags.count("recorded right, graded wrong again / 记录为答对，重新判分为答错") == len(forged) - 1
    bob = {l["user"]: l for l in rep["learners"]}["bob"]
    assert (bob["answered"], bob["correct"], bob["flagged"]) == (1, 1, 0)
    p = _mjlearn("class", "report", "c1", env=dict(school["env"], MJLEARN_DB=role_url(url, "wang")))
    assert p.returncode == 0 and f"ann: 0/{len(forged)} questions right" in p.stdout and "flagged / 存疑" in p.stdout
    history = Dashboard(rep).history("ann")
    assert history.text.count("⚑") == len(forged) and "✓" not in history.text


MALFORMED = {
    "question not JSON": {"question": "this is not JSON", "kind": "fans", "correct": 0},
    "time 1e300": {"at": 1e300},
    "time NaN": {"at": float("nan")},
    "verdict 7": {"correct": 7},
    "score -1": {"score": -1.0},
    "unknown kind": {"kind": "no_such_kind"},
    "question nested 100,000 deep": {"question": "[" * 100_000},
    "question of another shape": {"question": json.dumps({"kind": "waits"})},
    "answer not JSON": {"answer": "{oops"},
    "negative hints": {"hints": -5},
    "difficulty 9": {"difficulty": 9},
}


def _malformed_rows():
    q = generate("fans", seed=5)
    good = _row(q, wrong_answer(q), 0, "practice:fans")
    return [("ok", good)] + [(name, {**good, **change}) for name, change in MALFORMED.items()]


def _check_report_survives(rep, user, broken: int):
    """The dashboard and the history still show; the report lists each broken row with why."""
    dash = Dashboard(rep)
    whole, history = str(dash), dash.history(user)
    dash.missed(), dash.heatmap(), dash.completion(), dash.export_text("json")
    assert "damaged rows" in whole and "⚑" in dash._repr_html_()
    assert history.text.count("damaged row #") == broken and "not JSON" in history.text
    assert len([d for d in rep["damaged"] if d["user"] == user]) == broken
    entry = {e["user"]: e for e in rep["learners"]}[user]
    assert entry["damaged"] == broken and entry["answered"] == 1


def test_a_learner_cannot_write_malformed_rows_any_more(school):
    """The database refuses every row it can judge alone; a kind it does not know, or a question of
    another shape, it takes, and the report reads those as damaged (the next test)."""
    import sqlalchemy as sa

    refused = []
    for name, row in _malformed_rows():
        try:
            _sql(role_url(school["url"], "ann"), _INSERT, row)
        except sa.exc.DBAPIError:
            refused.append(name)
    assert refused == [n for n in MALFORMED if n not in ("unknown kind", "question of another shape")]


def test_malformed_rows_do_not_break_the_report_dashboard_or_history(school):
    """Rows written before the database checked them (here by the owner, who is not checked): the
    unguarded dashboard failed for the whole class on the first and the history on the second."""
    url = school["url"]
    _sql(url, "ALTER TABLE answers DROP CONSTRAINT IF EXISTS answers_readable")
    for _, row in _malformed_rows():
        _sql(role_url(url, "ann"), _INSERT, row)
    with Classroom(url=role_url(url, "wang")) as wang:
        rep = wang.report("c1")
    _check_report_survives(rep, "ann", len(MALFORMED))
    p = _mjlearn("class", "report", "c1", env=dict(school["env"], MJLEARN_DB=role_url(url, "wang")))
    assert (
        p.returncode == 0 and f"Damaged rows (counted nowhere) / 无法读取的记录（不计入）: {len(MALFORMED)}" in p.stdout
    )
    p = _mjlearn("class", "report", "c1", "--json", env=dict(school["env"], MJLEARN_DB=role_url(url, "wang")))
    assert p.returncode == 0 and len(json.loads(p.stdout)["damaged"]) == len(MALFORMED)


def test_malformed_rows_in_a_single_machine_class(tmp_path):
    """The SQLite file takes any value of any type: the report, the dashboard and the history still work."""
    path = tmp_path / "p.db"
    with Classroom(path=path, user="t") as room:
        room.create("k")
        room.add("k", ["ann"])
    extra = {
        "time as text": {"at": "yesterday"},
        "time infinite": {"at": float("inf")},
        "question as bytes": {"question": b"\x00\x01"},
        "verdict as text": {"correct": "yes"},
    }
    rows = [r for r in _malformed_rows() if r[0] != "time NaN"]  # (SQLite stores NaN as NULL: refused)
    rows += [(n, {**rows[0][1], **c}) for n, c in extra.items()]
    con = sqlite3.connect(path)
    for _, row in rows:
        con.execute(_INSERT.replace("current_user", "'ann'").replace("%(", ":").replace(")s", ""), row)
    con.commit()
    con.close()
    with Classroom(path=path, user="t") as room:
        rep = room.report("k")
    _check_report_survives(rep, "ann", len(rows) - 1)
