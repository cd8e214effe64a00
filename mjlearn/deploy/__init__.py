"""A deployment recipe for a class: a JupyterHub configuration and a script starting the class database.

``python -m mjlearn.deploy`` prints where the files are; copy them and edit the marked lines. A school's
whole server (database and hub, every file in one folder) is ``mjlearn server`` (``server``: the
commands, ``cluster``: its PostgreSQL, ``service``: its certificate and systemd units). The
class secret (:func:`generate_secret`, :func:`check_secret`, :func:`read_secret_file`) and the passwords
derived from it are here too, for the hub, ``mjlearn hub`` and ``mjlearn class`` (they live in
``mjlearn.db.secret``, below the class database that uses them); the hub's accounts and sign-ups are in
``accounts`` and ``signups``, which only the hub imports.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..db import role_name
from ..db.secret import (  # noqa: F401
    SECRET_BITS,
    SECRET_ENV,
    SECRET_FILE_ENV,
    SecretError,
    check_secret,
    generate_secret,
    read_secret_file,
    role_password,
    secret_from_env,
)
from ..errors import MjlearnError

HERE = Path(__file__).resolve().parent
HUB_CONFIG = HERE / "jupyterhub_config.py"
START_DB = HERE / "start_class_db.sh"

__all__ = [
    "HUB_CONFIG",
    "SECRET_FILE_ENV",
    "START_DB",
    "HubConfigError",
    "Login",
    "SecretError",
    "check_secret",
    "generate_secret",
    "learner_url",
    "login_for",
    "read_secret_file",
    "role_password",
    "secret_from_env",
]


class HubConfigError(MjlearnError, ValueError):
    """The hub's configuration asks for something unsafe or impossible; the hub does not start."""

    heading = ("JupyterHub 配置不可用", "The hub's configuration is refused")


def learner_url(template: str, user: str, secret: str | None = None) -> str:
    """``MJLEARN_DB`` for hub user ``user`` from a template such as
    ``postgresql+psycopg://{user}:{password}@db.example.org:5432/mjlearn`` (``{password}`` needs the
    secret; without it, leave it out and let the database trust the hub's host or use ~/.pgpass).
    ``{user}`` is the user's login, :func:`mjlearn.db.role_name` of the hub name, and the password is
    derived from that login."""
    from urllib.parse import quote

    login = role_name(user)
    password = role_password(login, secret) if secret else ""
    return template.format(user=quote(login, safe=""), password=password)


def _pgpass_field(text: str) -> str:
    return text.replace("\\", "\\\\").replace(":", "\\:")


@dataclass(frozen=True)
class Login:
    """One login of the class database: ``url`` holds no password (``MJLEARN_DB``); ``password`` goes
    in ``~/.pgpass`` (``pgpass_line``, :meth:`write_pgpass`) or ``PGPASSWORD``."""

    user: str
    password: str
    url: str
    host: str
    port: int
    database: str

    @property
    def pgpass_line(self) -> str:
        return ":".join(_pgpass_field(str(f)) for f in (self.host, self.port, self.database, self.user, self.password))

    def write_pgpass(self, path: str | os.PathLike | None = None) -> Path:
        """Put this login's line in ``~/.pgpass`` (or ``$PGPASSFILE``), replacing an older line of the same
        host, port, database and user; the file is readable by its owner only (libpq ignores it otherwise)."""
        target = Path(path or os.environ.get("PGPASSFILE") or Path.home() / ".pgpass").expanduser()
        key = self.pgpass_line.rsplit(":", 1)[0] + ":"
        try:
            old = target.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            old = []
        lines = [line for line in old if not line.startswith(key)] + [self.pgpass_line]
        tmp = target.with_name(target.name + ".mjlearn-tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
        return target


def login_for(url: str, user: str, secret: str) -> Login:
    """The login of hub user ``user`` (:func:`mjlearn.db.role_name` of the name) on the database of
    ``url`` (the owner's URL, or a hub template with ``{user}``), with the password derived from
    ``secret``, as the hub and ``mjlearn class add`` derive it."""
    from urllib.parse import quote, urlsplit, urlunsplit

    user = role_name(user)
    password = role_password(user, secret)
    text = url.replace("{user}", "USER").replace(":{password}", "").replace("{password}", "")
    parts = urlsplit(text)
    host, port = parts.hostname or "localhost", parts.port or 5432
    netloc = f"{quote(user, safe='')}@{host}:{port}"
    clean = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
    return Login(user, password, clean, host, port, parts.path.lstrip("/") or user)


def hub_environment(template: str, user: str, secret: str | None) -> dict:
    """What hub user ``user``'s server gets: ``MJLEARN_DB`` from the template (with the user's login,
    :func:`mjlearn.db.role_name` of the hub name), and, when the template leaves the password out but a
    secret is set, the password in ``PGPASSWORD`` (so the URL a notebook may print holds none)."""
    env = {"MJLEARN_DB": learner_url(template, user, secret)}
    if secret and "{password}" not in template:
        env["PGPASSWORD"] = role_password(role_name(user), secret)
    return env


if __name__ == "__main__":  # pragma: no cover
    print(f"JupyterHub configuration: {HUB_CONFIG}\nclass database start script: {START_DB}")
