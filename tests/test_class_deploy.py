"""The deployment recipe: the JupyterHub configuration shipped in mjlearn/deploy lets in the class's
learners and teachers through sign-ups a teacher approves, runs each server as its user's own account,
gives each learner's server MJLEARN_DB with their own login, and refuses what would be unsafe."""

from __future__ import annotations

import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from mjlearn.deploy import HUB_CONFIG, START_DB, generate_secret, learner_url, role_password
from mjlearn.deploy.accounts import NAME_PATTERN, closed_to_others

ROOT_ONLY = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="the hub's default spawner makes system accounts: it runs as root (as CI does)",
)


ANY_PYTHON = next((p for p in ("/usr/bin/python3", sys.executable) if closed_to_others(p) is None), sys.executable)
"""A Python every account may run (the hub refuses one the learners' accounts cannot run)."""


def _load(tmp_path, **env):
    """The hub configuration as JupyterHub reads it, from ``env`` only (nothing of this process's)."""
    from traitlets.config import Config

    from mjlearn.deploy import jupyterhub_config

    env.setdefault("MJLEARN_HUB_STATE", str(tmp_path / "state"))  # not the real ~/.local
    env.setdefault("MJLEARN_HUB_PYTHON", ANY_PYTHON)
    c = Config()
    jupyterhub_config.configure(c, env)
    return c


def _secret_file(tmp_path, text=None, mode=0o600):
    path = tmp_path / "class.secret"
    path.write_text((text or generate_secret()) + "\n")
    path.chmod(mode)
    return path


def test_passwords_derive_from_the_secret():
    assert role_password("ann", "s") == role_password("ann", "s") != role_password("bob", "s")
    assert role_password("ann", "s") != role_password("ann", "t") and len(role_password("ann", "s")) == 32
    url = learner_url("postgresql+psycopg://{user}:{password}@h:5432/m", "ann", "s")
    assert url == f"postgresql+psycopg://ann:{role_password('ann', 's')}@h:5432/m"


@ROOT_ONLY
def test_hub_config_for_a_class(tmp_path):
    secret = _secret_file(tmp_path)
    c = _load(
        tmp_path,
        MJLEARN_HUB_USERS="ann, bob,cy",
        MJLEARN_HUB_TEACHERS="wang",
        MJLEARN_DB_TEMPLATE="postgresql+psycopg://{user}:{password}@127.0.0.1:5432/mjlearn",
        MJLEARN_DB_SECRET_FILE=str(secret),
        MJLEARN_HUB_HOME=str(tmp_path / "homes"),
        MJLEARN_CLASS="spring",
    )
    # sign-ups a teacher approves, with strong passwords and a pause after failed logins
    assert c.JupyterHub.authenticator_class == "mjlearn.deploy.signups.TeacherApprovedSignups"
    assert c.NativeAuthenticator.open_signup is False and c.NativeAuthenticator.minimum_password_length >= 10
    assert c.NativeAuthenticator.check_common_password is True and c.NativeAuthenticator.allowed_failed_logins == 5
    assert c.Authenticator.allowed_users == {"ann", "bob", "cy", "wang"}
    assert c.Authenticator.admin_users == {"wang"}
    # each user's server as their own system account, made on first start; never as root
    assert c.JupyterHub.spawner_class == "jupyterhub.spawner.LocalProcessSpawner"
    assert callable(c.Spawner.pre_spawn_hook) and c.Authenticator.username_pattern == NAME_PATTERN
    assert "args" not in c.Spawner and "allow_root" not in repr(c)
    # idle servers stopped by jupyterhub-idle-culler, a hub service with the rights it needs
    assert c.JupyterHub.services[0]["command"][1:4] == ["-m", "jupyterhub_idle_culler", "--timeout=3600"]
    assert "delete:servers" in c.JupyterHub.load_roles[0]["scopes"]
    # every server opens on the course, copied into the user's home when it starts
    assert c.Spawner.default_url == "/lab/tree/mjlearn-notebooks/00_start_here.ipynb"
    assert c.Spawner.cmd[1:] == ["-m", "mjlearn.deploy.singleuser"]
    spawner = SimpleNamespace(user=SimpleNamespace(name="bob"))
    envs = c.Spawner.environment
    assert envs["MJLEARN_DB"](spawner) == learner_url(
        "postgresql+psycopg://{user}:{password}@127.0.0.1:5432/mjlearn", "bob", secret.read_text().strip()
    )
    assert "PGPASSWORD" not in envs and "MJLEARN_DATA_DIR" not in envs  # the password is in the URL; data at home
    # the hub's own files go to one folder only it may enter, not into the folder it was started from
    state = tmp_path / "state"
    assert c.JupyterHub.db_url == f"sqlite:///{state}/jupyterhub.sqlite" and state.stat().st_mode & 0o777 == 0o700
    assert c.JupyterHub.cookie_secret_file == str(state / "jupyterhub_cookie_secret")
    assert c.JupyterHub.bind_url.startswith("http://127.0.0.1:")
    assert envs["MJLEARN_CLASS"] == "spring"


@ROOT_ONLY
def test_a_school_login_is_one_setting(tmp_path):
    for auth in ("oauthenticator.generic.GenericOAuthenticator", "ltiauthenticator.lti13.auth.LTI13Authenticator"):
        c = _load(tmp_path, MJLEARN_HUB_AUTH=auth, MJLEARN_HUB_SPAWNER="dockerspawner.DockerSpawner")
        assert c.JupyterHub.authenticator_class == auth
        assert c.JupyterHub.spawner_class == "dockerspawner.DockerSpawner"
    c = _load(tmp_path, MJLEARN_HUB_AUTH="nativeauthenticator.NativeAuthenticator")  # named: still approved by a person
    assert c.JupyterHub.authenticator_class == "mjlearn.deploy.signups.TeacherApprovedSignups"
    c = _load(tmp_path, MJLEARN_HUB_LAB_ARGS="--A=1 --B=2", MJLEARN_HUB_IDLE_TIMEOUT="0")
    assert c.Spawner.args == ["--A=1", "--B=2"] and "services" not in c.JupyterHub


@ROOT_ONLY
def test_a_python_the_learners_cannot_run_is_refused(tmp_path):
    from mjlearn.deploy import HubConfigError

    closed = tmp_path / "closed"
    (closed / "bin").mkdir(parents=True)
    (closed / "bin" / "python").symlink_to(ANY_PYTHON)
    closed.chmod(0o700)
    with pytest.raises(HubConfigError, match="MJLEARN_HUB_PYTHON") as refused:
        _load(tmp_path, MJLEARN_HUB_PYTHON=str(closed / "bin" / "python"))
    assert str(closed) in str(refused.value)


@pytest.mark.parametrize(
    "env, said",
    [
        ({"MJLEARN_HUB_AUTH": "dummy"}, "log in under any name"),
        ({"MJLEARN_HUB_AUTH": "jupyterhub.auth.DummyAuthenticator"}, "log in under any name"),
        ({"MJLEARN_HUB_AUTH": "shared-password"}, "log in under any name"),
        ({"MJLEARN_HUB_AUTH": "jupyterhub.authenticators.shared.SharedPasswordAuthenticator"}, "log in under any name"),
        ({"MJLEARN_HUB_SPAWNER": "simple"}, "one system account"),
        ({"MJLEARN_HUB_DEMO": "1", "MJLEARN_HUB_BIND_URL": "http://0.0.0.0:8000"}, "127.0.0.1"),
        ({"MJLEARN_HUB_DEMO": "1", "MJLEARN_HUB_BIND_URL": "http://10.1.2.3:8000"}, "127.0.0.1"),
        ({"MJLEARN_HUB_LAB_ARGS": "--ServerApp.allow_root=True"}, "allow_root"),
        ({"MJLEARN_HUB_LAB_ARGS": "--allow-root"}, "allow_root"),
        ({"MJLEARN_HUB_IDLE_TIMEOUT": "5"}, "MJLEARN_HUB_IDLE_TIMEOUT"),
        ({"MJLEARN_HUB_IDLE_TIMEOUT": "soon"}, "MJLEARN_HUB_IDLE_TIMEOUT"),
        ({"MJLEARN_DB_TEMPLATE": "postgresql+psycopg://{user}@h/m"}, "no class secret"),
        ({"MJLEARN_DB_SECRET": "0123456789abcdef" * 4}, "unset MJLEARN_DB_SECRET"),
    ],
)
def test_the_hub_refuses_what_is_unsafe(tmp_path, env, said):
    from mjlearn.deploy import HubConfigError, SecretError

    if os.geteuid() != 0 and "MJLEARN_HUB_DEMO" not in env and said != "log in under any name":
        env = {**env, "MJLEARN_HUB_SPAWNER": "dockerspawner.DockerSpawner"}  # the local spawner needs root
    with pytest.raises((HubConfigError, SecretError)) as refused:
        _load(tmp_path, **env)
    assert said in str(refused.value) and "（" in str(refused.value)  # English, then Chinese


def test_the_demo_is_this_computer_only(tmp_path):
    c = _load(tmp_path, MJLEARN_HUB_DEMO="1", MJLEARN_HUB_PASSWORD="pw")
    assert c.JupyterHub.authenticator_class == "dummy" and c.DummyAuthenticator.password == "pw"
    assert (
        c.JupyterHub.bind_url.startswith("http://127.0.0.1:") and "DEMO" in c.JupyterHub.template_vars["announcement"]
    )
    if os.geteuid() == 0:  # as root even the demo gives each user their own account
        assert c.JupyterHub.spawner_class == "jupyterhub.spawner.LocalProcessSpawner" and "args" not in c.Spawner
    else:  # as you: every server is you, on your computer
        assert c.JupyterHub.spawner_class.endswith("SimpleLocalProcessSpawner")
        assert c.Spawner.environment["MJLEARN_DATA_DIR"](SimpleNamespace(user=SimpleNamespace(name="bob"))).endswith(
            "/bob/.mjlearn"
        )


def test_the_start_script_is_valid_shell_and_says_where_things_are():
    assert subprocess.run(["sh", "-n", str(START_DB)]).returncode == 0
    out = subprocess.run([sys.executable, "-m", "mjlearn.deploy"], capture_output=True, text=True, check=True).stdout
    assert str(HUB_CONFIG) in out and str(START_DB) in out


@ROOT_ONLY
def test_the_password_stays_out_of_the_url_when_the_template_leaves_it_out(tmp_path):
    secret = _secret_file(tmp_path)
    c = _load(
        tmp_path,
        MJLEARN_HUB_USERS="ann",
        MJLEARN_DB_SECRET_FILE=str(secret),
        MJLEARN_DB_TEMPLATE="postgresql+psycopg://{user}@127.0.0.1:5432/mjlearn",
    )
    spawner = SimpleNamespace(user=SimpleNamespace(name="ann"))
    envs = c.Spawner.environment
    assert envs["MJLEARN_DB"](spawner) == "postgresql+psycopg://ann@127.0.0.1:5432/mjlearn"
    assert envs["PGPASSWORD"](spawner) == role_password("ann", secret.read_text().strip())


def test_a_hub_server_starts_with_the_course_in_its_home(tmp_path):
    """The command the hub starts each server with copies the lessons into the user's home first (as
    `mjlearn lab` does), then hands over to jupyterhub.singleuser (here asked only for its --help)."""
    pytest.importorskip("jupyterhub")
    import os

    home = tmp_path / "ann"
    home.mkdir()
    env = dict(os.environ, HOME=str(home))
    env.pop("MJLEARN_NOTEBOOKS", None)
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn.deploy.singleuser", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    folder = home / "mjlearn-notebooks"
    for name in (
        "00_start_here.ipynb",
        "11_practice.ipynb",
        "14_teacher_dashboard.ipynb",
        "quiz_sets/week1_tiles_and_waits.json",
    ):
        assert (folder / name).is_file(), name
    assert "Jupyter Application" in proc.stdout  # jupyterhub.singleuser took over
    mine = folder / "01_tiles_and_notation.ipynb"  # a lesson the learner changed is kept at the next start
    mine.write_text(mine.read_text(encoding="utf-8").replace("tiles", "TILES", 1), encoding="utf-8")
    kept = mine.read_text(encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn.deploy.singleuser", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0 and mine.read_text(encoding="utf-8") == kept


def test_a_teacher_gets_their_own_login_without_a_password_in_the_url(tmp_path):
    secret = generate_secret()
    env = dict(
        os.environ,
        MJLEARN_DB_SECRET=secret,
        HOME=str(tmp_path),
        PGPASSFILE=str(tmp_path / ".pgpass"),
        MJLEARN_DB="postgresql+psycopg://mjlearn_owner@127.0.0.1:5432/mjlearn",
    )
    env.pop("MJLEARN_DB_SECRET_FILE", None)
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn", "class", "login", "wang", "--pgpass"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "MJLEARN_DB=postgresql+psycopg://wang@127.0.0.1:5432/mjlearn" in proc.stdout
    assert role_password("wang", secret) in proc.stdout
    pgpass = tmp_path / ".pgpass"
    assert pgpass.read_text().splitlines() == [f"127.0.0.1:5432:mjlearn:wang:{role_password('wang', secret)}"]
    assert pgpass.stat().st_mode & 0o777 == 0o600
    subprocess.run(
        [sys.executable, "-m", "mjlearn", "class", "login", "wang", "--pgpass"],
        capture_output=True,
        env=env,
        timeout=120,
        check=True,
    )
    assert len(pgpass.read_text().splitlines()) == 1  # again: the line is replaced, not repeated
    # the secret from the hub's file gives the same password
    env.pop("MJLEARN_DB_SECRET")
    proc = subprocess.run(
        [sys.executable, "-m", "mjlearn", "class", "login", "wang"],
        capture_output=True,
        text=True,
        env=dict(env, MJLEARN_DB_SECRET_FILE=str(_secret_file(tmp_path, secret))),
        timeout=120,
    )
    assert proc.returncode == 0 and role_password("wang", secret) in proc.stdout
    # no secret, or a weak one: one line in both languages, no password derived from it
    for weak in (None, "s3", "hub-secret", "another-long-secret"):
        proc = subprocess.run(
            [sys.executable, "-m", "mjlearn", "class", "login", "wang"],
            capture_output=True,
            text=True,
            env=env if weak is None else dict(env, MJLEARN_DB_SECRET=weak),
            timeout=120,
        )
        assert proc.returncode == 2 and "MJLEARN_DB_SECRET" in proc.stderr and "Traceback" not in proc.stderr
        assert "（" in proc.stderr and "password" not in proc.stdout and len(proc.stderr.strip().splitlines()) == 1


def test_the_start_script_sets_up_the_schema_with_mjleans_python_and_runs_again(tmp_path):
    """start_class_db.sh as TEACHERS.md gives it: a fresh folder, then again while running, then again
    after a stop; each time the schema is there. As root (a container) it runs PostgreSQL as postgres."""
    import os
    import shutil
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from needs import need
    from pg import _bin_dir, _free_port

    bindir = _bin_dir()
    need(bindir is not None, "PostgreSQL (Debian: apt-get install postgresql)")
    root = os.geteuid() == 0
    if root:
        need(shutil.which("runuser") is not None, "runuser")
    top = Path(tempfile.mkdtemp(prefix="mjlearn-startdb-"))
    data, port = top / "db", _free_port()
    pwfile = tmp_path / "owner.pw"  # the teacher's own file: as root, one postgres cannot read
    pwfile.write_text("a-long-owner-password\n")
    pwfile.chmod(0o600)
    if root:
        shutil.chown(top, "postgres", "postgres")
    env = dict(
        os.environ,
        MJLEARN_OWNER_PWFILE=str(pwfile),
        MJLEARN_PYTHON=sys.executable,
        PYTHONPATH=str(Path(__file__).resolve().parents[1]),
    )
    env.pop("PGPASSWORD", None)
    ctl = (["runuser", "-u", "postgres", "--"] if root else []) + [str(bindir / "pg_ctl"), "-D", str(data)]

    def start():
        return subprocess.run(
            ["sh", str(START_DB), str(data), str(port)], capture_output=True, text=True, env=env, timeout=300
        )

    def revision():
        import sqlalchemy as sa

        engine = sa.create_engine(f"postgresql+psycopg://mjlearn_owner:a-long-owner-password@127.0.0.1:{port}/mjlearn")
        try:
            with engine.connect() as c:
                return c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        finally:
            engine.dispose()

    try:
        from mjlearn import migrations

        for step in ("fresh", "running", "stopped"):
            if step == "stopped":
                subprocess.run([*ctl, "stop", "-w"], check=True, capture_output=True, timeout=120)
            p = start()
            assert p.returncode == 0, (step, p.stdout[-1500:], p.stderr[-1500:])
            assert f"schema revision {migrations.REVISIONS[-1]}" in p.stdout, step
            assert "a-long-owner-password" not in p.stdout + p.stderr
            assert revision() == migrations.REVISIONS[-1]
        # a Python without mjlearn is said at once, before PostgreSQL is touched
        p = subprocess.run(
            ["sh", str(START_DB), str(top / "other"), str(_free_port())],
            capture_output=True,
            text=True,
            env=dict(env, MJLEARN_PYTHON="/bin/false"),
            timeout=120,
        )
        assert p.returncode == 2 and "MJLEARN_PYTHON" in p.stderr and not (top / "other").exists()
    finally:
        subprocess.run([*ctl, "stop", "-m", "fast", "-w"], capture_output=True, timeout=120)
        shutil.rmtree(top, ignore_errors=True)


def test_the_demos_homes_are_kept_with_the_hubs_files_not_in_tmp(tmp_path, monkeypatch):
    """A /tmp clean-up would wipe the demo's learners' notebooks: their homes are in the hub's own folder."""
    from mjlearn.deploy import jupyterhub_config

    monkeypatch.setattr(jupyterhub_config.os, "geteuid", lambda: 1000)  # the demo runs as a teacher's own login
    c = _load(tmp_path, MJLEARN_HUB_DEMO="1", MJLEARN_HUB_AUTH="dummy")
    assert c.JupyterHub.spawner_class == "jupyterhub.spawner.SimpleLocalProcessSpawner"
    assert c.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "state" / "homes" / "{username}")
