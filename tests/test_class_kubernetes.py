"""mjlearn's Zero to JupyterHub configuration (mjlearn/deploy/kubernetes/config.yaml), checked as Helm
checks it: merged over the chart's defaults and validated against the chart's published values schema
(tests/data/z2jh, copied from jupyterhub/zero-to-jupyterhub-k8s; see its README), with ``jsonschema``.
Its hub code (``hub.extraConfig``) is run against a real class secret: each learner's server gets the
login and password the one-server hub gives them, and nothing of the secret itself."""

from __future__ import annotations

import copy
import types
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator

from mjlearn.deploy import generate_secret, hub_environment
from mjlearn.deploy.singleuser import FOLDER

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "mjlearn" / "deploy" / "kubernetes" / "config.yaml"
CHART = ROOT / "tests" / "data" / "z2jh"


def _merge(defaults, override):
    """Helm's merge of a user's values over a chart's: maps merged key by key, anything else replaced,
    a null deleting the default."""
    if not isinstance(defaults, dict) or not isinstance(override, dict):
        return copy.deepcopy(override)
    out = copy.deepcopy(defaults)
    for key, value in override.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = _merge(out.get(key), value)
    return out


def _errors(values) -> list[str]:
    schema = yaml.safe_load((CHART / "values.schema.yaml").read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    merged = _merge(yaml.safe_load((CHART / "values.yaml").read_text(encoding="utf-8")), values)
    return [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in Draft7Validator(schema).iter_errors(merged)]


@pytest.fixture
def config() -> dict:
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))


def test_the_configuration_passes_the_charts_published_schema(config):
    assert _errors(config) == []


@pytest.mark.parametrize(
    "where, value",
    [
        (("singleuser", "memroy"), {"limit": "1G"}),  # a misspelt key
        (("cull", "timeout"), "an hour"),  # a number as words
        (("singleuser", "memory", "limit"), ["1G"]),  # a list where one value goes
        (("hub", "config", "JupyterHub"), "native"),  # a map given as a word
    ],
)
def test_the_schema_check_catches_a_careless_edit(config, where, value):
    node = config
    for key in where[:-1]:
        node = node.setdefault(key, {})
    node[where[-1]] = value
    assert _errors(config), f"{'.'.join(where)} = {value!r} was accepted"


def test_the_learners_servers_open_on_the_course_with_culling_and_memory_limits(config):
    user = config["singleuser"]
    assert user["cmd"] == ["python", "-m", "mjlearn.deploy.singleuser"]
    page = user["defaultUrl"].removeprefix(f"/lab/tree/{FOLDER}/")
    assert (ROOT / "notebooks" / page).is_file()
    assert config["cull"]["enabled"] and 600 <= config["cull"]["timeout"] <= 24 * 3600
    assert user["memory"]["limit"] and user["memory"]["guarantee"]
    assert {"port": 5432, "protocol": "TCP"} in user["networkPolicy"]["egress"][0]["ports"]
    assert (
        config["hub"]["config"]["JupyterHub"]["authenticator_class"] == "mjlearn.deploy.signups.TeacherApprovedSignups"
    )
    assert config["hub"]["config"]["NativeAuthenticator"]["open_signup"] is False
    refs = {k: v["valueFrom"]["secretKeyRef"] for k, v in config["hub"]["extraEnv"].items() if isinstance(v, dict)}
    assert refs == {
        "MJLEARN_DB_TEMPLATE": {"name": "mjlearn-class", "key": "template"},
        "MJLEARN_DB_SECRET": {"name": "mjlearn-class", "key": "secret"},
    }
    assert "MJLEARN_DB_SECRET" not in str(user)  # the secret never goes to a learner's pod


def test_the_hub_gives_each_learner_their_own_login_and_never_the_secret(config, monkeypatch):
    from traitlets.config import Config

    secret = generate_secret()
    template = "postgresql+psycopg://{user}@db.school.example:5432/mjlearn"
    monkeypatch.setenv("MJLEARN_DB_TEMPLATE", template)
    monkeypatch.setenv("MJLEARN_DB_SECRET", secret)
    monkeypatch.delenv("MJLEARN_DB_SECRET_FILE", raising=False)
    c = Config()
    c.KubeSpawner.environment = {"MJLEARN_CLASS": ""}  # what the chart sets from singleuser.extraEnv first
    for code in config["hub"]["extraConfig"].values():
        exec(compile(code, "hub.extraConfig", "exec"), {"c": c})  # noqa: S102 - the hub runs it so
    env = c.KubeSpawner.environment
    for name in ("ann", "Bob.Li@school.example"):
        spawner = types.SimpleNamespace(user=types.SimpleNamespace(name=name))
        got = {k: v(spawner) if callable(v) else v for k, v in env.items()}
        assert got == {"MJLEARN_CLASS": "", **hub_environment(template, name, secret)}
        assert secret not in "".join(got.values())
        assert "@db.school.example" in got["MJLEARN_DB"] and got["PGPASSWORD"]
    ann = types.SimpleNamespace(user=types.SimpleNamespace(name="ann"))
    bob = types.SimpleNamespace(user=types.SimpleNamespace(name="bob"))
    assert env["PGPASSWORD"](ann) != env["PGPASSWORD"](bob)
