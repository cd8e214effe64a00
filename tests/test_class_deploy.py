"""The deployment recipe: the JupyterHub configuration shipped in mjlearn/deploy loads, lets in the
class's learners and teachers, and gives each learner's server MJLEARN_DB with their own login."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

from mjlearn.deploy import HUB_CONFIG, START_DB, learner_url, role_password


def _load(monkeypatch, **env):
    from traitlets.config.loader import PyFileConfigLoader
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    return PyFileConfigLoader(HUB_CONFIG.name, path=str(HUB_CONFIG.parent)).load_config()


def test_passwords_derive_from_the_secret():
    assert role_password("ann", "s") == role_password("ann", "s") != role_password("bob", "s")
    assert role_password("ann", "s") != role_password("ann", "t") and len(role_password("ann", "s")) == 32
    url = learner_url("postgresql+psycopg://{user}:{password}@h:5432/m", "ann", "s")
    assert url == f"postgresql+psycopg://ann:{role_password('ann', 's')}@h:5432/m"


def test_hub_config_for_a_class(monkeypatch, tmp_path):
    pytest.importorskip("traitlets")
    c = _load(monkeypatch, MJLEARN_HUB_USERS="ann, bob,cy", MJLEARN_HUB_TEACHERS="wang",
              MJLEARN_DB_TEMPLATE="postgresql+psycopg://{user}:{password}@127.0.0.1:5432/mjlearn",
              MJLEARN_DB_SECRET="s3", MJLEARN_HUB_HOME=str(tmp_path), MJLEARN_CLASS="spring")
    assert c.JupyterHub.authenticator_class == "dummy"
    assert c.Authenticator.allowed_users == {"ann", "bob", "cy", "wang"}
    assert c.Authenticator.admin_users == {"wang"}
    assert c.JupyterHub.spawner_class.endswith("SimpleLocalProcessSpawner")
    assert c.Spawner.default_url == "/lab"
    spawner = SimpleNamespace(user=SimpleNamespace(name="bob"))
    envs = c.Spawner.environment
    assert envs["MJLEARN_DB"](spawner) == learner_url(
        "postgresql+psycopg://{user}:{password}@127.0.0.1:5432/mjlearn", "bob", "s3")
    assert envs["MJLEARN_DATA_DIR"](spawner).startswith(str(tmp_path / "bob"))
    assert envs["MJLEARN_CLASS"] == "spring"


def test_a_real_authenticator_is_one_setting(monkeypatch):
    c = _load(monkeypatch, MJLEARN_HUB_AUTH="oauthenticator.GitHubOAuthenticator",
              MJLEARN_HUB_SPAWNER="dockerspawner.DockerSpawner")
    assert c.JupyterHub.authenticator_class == "oauthenticator.GitHubOAuthenticator"
    assert c.JupyterHub.spawner_class == "dockerspawner.DockerSpawner"
    c = _load(monkeypatch, MJLEARN_HUB_SPAWNER="simple", MJLEARN_HUB_LAB_ARGS="--A=1 --B=2")
    assert c.JupyterHub.spawner_class.endswith("SimpleLocalProcessSpawner") and c.Spawner.args[-2:] == ["--A=1", "--B=2"]


def test_the_start_script_is_valid_shell_and_says_where_things_are():
    assert subprocess.run(["sh", "-n", str(START_DB)]).returncode == 0
    out = subprocess.run([sys.executable, "-m", "mjlearn.deploy"], capture_output=True, text=True, check=True).stdout
    assert str(HUB_CONFIG) in out and str(START_DB) in out
