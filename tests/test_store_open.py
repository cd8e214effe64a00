"""``mjlearn.store.open_store()`` picks where a learner's answers are kept, below the quiz, and the quiz's
``ProgressStore`` reads whichever store it opened (no constructor handing back another class).

Each case runs in a fresh interpreter, as a notebook or the ``mjlearn quiz`` command starts: a SQLite file
by default, the file a ``sqlite:///`` URL names, the class database a PostgreSQL URL names, and one clear
bilingual line (never a traceback, never a file made under a wrong name, never a password echoed) for
a ``$MJLEARN_DB`` that is neither.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pg import pg_db, postgres, role_url  # noqa: F401  (fixtures)

from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore

ROOT = Path(__file__).resolve().parent.parent

OPEN = textwrap.dedent("""
    import json, sys
    from mjlearn.errors import MjlearnError
    from mjlearn.store import open_store
    from mjlearn.quiz.progress import ProgressStore
    from mjlearn.quiz import generate, grade, solve
    out = {}
    for name, make in (("store", lambda: open_store(user="ann")), ("progress", lambda: ProgressStore(user="ann"))):
        try:
            s = make()
        except MjlearnError as e:
            out[name] = {"error": type(e).__name__, "message": str(e)}
            continue
        inner = getattr(s, "store", s)
        q = generate("tile_name", seed=1)
        s.record(q, solve(q), grade(q, solve(q)))
        out[name] = {"type": type(s).__name__, "inner": type(inner).__name__, "path": str(s.path),
                     "rows": len(s.rows())}
        s.close()
    print(json.dumps(out))
""")


def _open(tmp_path: Path, db: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("MJLEARN_DB", "MJLEARN_USER", "JUPYTERHUB_USER")}
    env["MJLEARN_DATA_DIR"] = str(tmp_path / "data")
    if db is not None:
        env["MJLEARN_DB"] = db
    done = subprocess.run(
        [sys.executable, "-c", OPEN], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_default_store_is_the_data_folders_sqlite_file(tmp_path):
    out = _open(tmp_path, None)
    assert out["store"] == {
        "type": "SQLiteStore",
        "inner": "SQLiteStore",
        "path": str(tmp_path / "data" / "progress.db"),
        "rows": 1,
    }
    assert out["progress"] == {
        "type": "ProgressStore",
        "inner": "SQLiteStore",
        "path": str(tmp_path / "data" / "progress.db"),
        "rows": 2,
    }


def test_a_sqlite_url_names_the_file(tmp_path):
    out = _open(tmp_path, f"sqlite:///{tmp_path / 'class.db'}")
    assert out["store"]["path"] == out["progress"]["path"] == str(tmp_path / "class.db")
    assert out["progress"]["inner"] == "SQLiteStore" and out["progress"]["rows"] == 2
    assert not (tmp_path / "data" / "progress.db").exists()


@pytest.mark.parametrize(
    "db", ["foo", "sqlite:/x", "sqlite://x", "mysql://ann:s3cret@db.example.org/m", "ann:s3cret@db.example.org"]
)
def test_a_malformed_MJLEARN_DB_is_one_clear_line_and_makes_no_file(tmp_path, db):
    out = _open(tmp_path, db)
    for name in ("store", "progress"):
        assert out[name]["error"] == "BadArgument", out
        message = out[name]["message"]
        assert "$MJLEARN_DB" in message and "sqlite:///" in message and "必须是" in message, message
        assert "s3cret" not in message and "\n" not in message, message
    assert sorted(p.name for p in tmp_path.iterdir()) == [], list(tmp_path.iterdir())  # no file named after it


def test_a_store_url_given_is_checked_as_the_environments_is(tmp_path):
    from mjlearn.errors import BadArgument
    from mjlearn.store import open_store

    with pytest.raises(BadArgument, match="the store's URL"):
        open_store("ftp://host/file.db")
    with open_store(f"sqlite:///{tmp_path / 'x.db'}", user="ann") as s:
        assert s.path == tmp_path / "x.db"
    with open_store(tmp_path / "y.db", user="ann") as s:  # a path, not a URL
        assert s.path == tmp_path / "y.db"


def test_no_constructor_hands_back_another_class(tmp_path):
    from mjlearn.db.store import ClassStore

    assert ProgressStore.__new__ is object.__new__ and ClassStore.__new__ is object.__new__
    assert issubclass(ClassStore, ProgressStore)
    with ProgressStore(tmp_path / "p.db", user="ann") as s:
        assert type(s) is ProgressStore


def test_setting_the_user_on_the_progress_sets_it_on_the_store(tmp_path):
    """The class room sets ``store.user`` to the login: the answers then go under that name, not the old one."""
    with ProgressStore(tmp_path / "p.db", user="ann") as s:
        s.user = "bob"
        assert s.store.user == "bob"
        q = generate("tile_name", seed=2)
        s.record(q, solve(q), grade(q, solve(q)))
        assert [r["user"] for r in s.rows(all_users=True)] == ["bob"] and s.summary()["total"] == 1
    with ProgressStore(tmp_path / "p.db", user="ann") as other:  # another learner sees none of it
        assert other.summary()["total"] == 0 and other.rows() == []


def test_a_postgresql_url_opens_the_class_database(tmp_path, pg_db):
    from mjlearn import db

    db.upgrade(pg_db)
    db.add_learner(pg_db, "ann")
    out = _open(tmp_path, role_url(pg_db, "ann"))
    assert out["store"]["type"] == "PostgresStore" and out["store"]["rows"] == 1, out
    assert out["progress"]["type"] == "ProgressStore" and out["progress"]["inner"] == "PostgresStore", out
    assert out["progress"]["rows"] == 2 and out["progress"]["path"].endswith(pg_db.rsplit("/", 1)[1])
    assert not (tmp_path / "data" / "progress.db").exists()  # nothing went to the self-study file
