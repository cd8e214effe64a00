"""The class database keeps the hands played and their costly decisions like the answers: each learner's
role reads and adds only its own (row-level security), a teacher reads those of the class, and the
teacher's report carries each learner's personal profile."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import sqlalchemy as sa
from pg import pg_db, postgres, role_url  # noqa: F401  (fixtures)
from test_play_widget import play_out

from mjlearn.dashboard import Dashboard
from mjlearn.db.classes import Classroom
from mjlearn.deploy import generate_secret
from mjlearn.quiz.progress import ProgressStore
from mjlearn.widgets.play import PlayTable

SECRET = generate_secret()


@pytest.fixture
def school(pg_db, tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MJLEARN_DB_SECRET", SECRET)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("MJLEARN_USER", raising=False)
    with Classroom(url=pg_db) as owner:
        owner.create("c1", teachers=["wang"])
        owner.add("c1", ["ann", "bob"])
    ann = ProgressStore(role_url(pg_db, "ann"))
    w = PlayTable(rules="mcr", seat="E", seed=1, keep=ann)
    play_out(w, worse_every=3)
    assert w.kept and not w.last_error
    return {"url": pg_db, "ann": ann, "table": w}


def _sql(url, stmt, params=None):
    e = sa.create_engine(url)
    try:
        with e.begin() as c:
            return c.exec_driver_sql(stmt, params or {}).fetchall()
    finally:
        e.dispose()


def test_a_learner_keeps_and_reviews_their_own_decisions(school):
    ann = school["ann"]
    tr = ann.table_reading()
    assert len(tr.states) == school["table"].kept[1] >= 2 and not tr.skipped
    assert ann.profile().hands == 1
    assert "data-profile='ann'" in ann.view()._repr_html_()


def test_another_learner_reads_none_of_them(school):
    bob = ProgressStore(role_url(school["url"], "bob"))
    assert bob.table_rows("table_hands", all_users=True) == []
    assert bob.table_rows("table_mistakes", all_users=True) == []
    assert bob.profile().hands == 0 and not bob.table_reading().states


@pytest.mark.parametrize("table", ["table_hands", "table_mistakes"])
def test_a_learner_cannot_write_under_another_name_or_change_a_row(school, table):
    url = role_url(school["url"], "bob")
    cols = (
        '(at, "user", rules, summary, uid)' if table == "table_hands" else '(at, "user", hand_uid, category, item, uid)'
    )
    vals = (
        "(1.7e9, 'ann', 'mcr', '{}', 'forged')"
        if table == "table_hands"
        else "(1.7e9, 'ann', 'h', 'kong', '{}', 'forged')"
    )
    with pytest.raises(sa.exc.ProgrammingError, match="row-level security"):
        _sql(url, f"INSERT INTO {table} {cols} VALUES {vals}")
    for stmt in (f"UPDATE {table} SET \"user\" = 'bob'", f"DELETE FROM {table}"):
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
            _sql(url, stmt)
    ann_rows = _sql(school["url"], f"SELECT count(*) FROM {table} WHERE \"user\" = 'ann'")[0][0]
    assert ann_rows >= 1  # ann's rows untouched


def test_a_damaged_row_on_the_class_database_is_refused_by_the_server(school):
    with pytest.raises(sa.exc.IntegrityError):
        _sql(
            role_url(school["url"], "ann"),
            'INSERT INTO table_mistakes (at, "user", hand_uid, category, item, uid) '
            "VALUES (1.7e9, 'ann', 'h', 'kong', '[1,2]', 'x')",
        )


def test_the_teachers_report_carries_the_profile(school):
    with Classroom(url=role_url(school["url"], "wang")) as wang:
        rep = wang.report("c1")
    (ann,) = [l for l in rep["learners"] if l["user"] == "ann"]
    p = school["ann"].profile()
    assert ann["profile"]["hands"] == 1 and ann["profile"]["agreement"] == p.agreement
    assert ann["profile"]["costliest"] == p.costliest
    (bob,) = [l for l in rep["learners"] if l["user"] == "bob"]
    assert bob["profile"]["hands"] == 0
    dash = Dashboard(rep)
    html = dash._repr_html_()
    assert "Table statistics" in html and "data-profile='ann'" in html and "data-profile='bob'" not in html
    assert f"{p.agreement:.0%}" in dash.profiles().html and "ann: table / 牌桌: 1 hands" in str(dash)
    env = dict(os.environ, MJLEARN_DB=role_url(school["url"], "wang"))
    out = subprocess.run(
        [sys.executable, "-m", "mjlearn", "class", "report", "c1"], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert "ann: table / 牌桌: 1 hands" in out.stdout and "agreed with the coach" in out.stdout
    js = subprocess.run(
        [sys.executable, "-m", "mjlearn", "class", "report", "c1", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert js.returncode == 0 and json.loads(js.stdout)["learners"][0]["profile"]["hands"] in (0, 1)


def test_a_hand_played_while_the_class_database_is_away_is_kept_and_sent_once(tmp_path, monkeypatch):
    from pg import private_server

    from mjlearn import db
    from mjlearn.errors import ClassDatabaseUnreachable

    server = private_server()
    try:
        db.upgrade(server.url())
        monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
        s = ProgressStore(server.url(), user="ann", timeout=3)
        w = PlayTable(rules="mcr", seat="E", seed=1)
        play_out(w, worse_every=3)
        server.stop()
        record = w.record()
        with pytest.raises(ClassDatabaseUnreachable, match="kept"):
            s.keep_hand(record, won=False, dealt_in=False, points=0, fans=[])
        assert len(s.spooled()) == 1
        server.start()
        assert s.flush() == 1 and s.spooled() == []
        s.keep_hand(record, won=False, dealt_in=False, points=0, fans=[])  # kept again: still one hand
        assert len(s.table_rows("table_hands")) == 1 and len(s.table_reading().states) >= 2
        s.close()
    finally:
        server.stop()
