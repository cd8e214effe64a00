"""A deployment recipe for a class: a JupyterHub configuration and a script starting the class database.

``python -m mjlearn.deploy`` prints where the files are; copy them and edit the marked lines. Nothing
here is imported by mjlearn itself.
"""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path

HERE = Path(__file__).resolve().parent
HUB_CONFIG = HERE / "jupyterhub_config.py"
START_DB = HERE / "start_class_db.sh"

__all__ = ["HUB_CONFIG", "START_DB", "role_password", "learner_url"]


def role_password(user: str, secret: str) -> str:
    """The database password of ``user``'s login, derived from a secret only the hub and the owner
    hold: the hub hands each learner their own (in ``MJLEARN_DB``), and the owner sets it when adding
    the learner (``MJLEARN_DB_SECRET`` in the owner's environment), so no list of passwords is kept."""
    return hmac.new(secret.encode("utf-8"), user.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def learner_url(template: str, user: str, secret: str | None = None) -> str:
    """``MJLEARN_DB`` for ``user`` from a template such as
    ``postgresql+psycopg://{user}:{password}@db.example.org:5432/mjlearn`` (``{password}`` needs the
    secret; without it, leave it out and let the database trust the hub's host or use ~/.pgpass)."""
    from urllib.parse import quote
    password = role_password(user, secret) if secret else ""
    return template.format(user=quote(user, safe=""), password=password)


if __name__ == "__main__":  # pragma: no cover
    print(f"JupyterHub configuration: {HUB_CONFIG}\nclass database start script: {START_DB}")
