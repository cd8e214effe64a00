"""JupyterHub configuration for a mjlearn class (copy it, then edit; see TEACHERS.md, "On a JupyterHub").

Every learner gets their own JupyterLab with mjlearn, opening on the course (copied into their home,
~/mjlearn-notebooks, when their server starts), and MJLEARN_DB pointing at the class database
with that learner's own login, so their answers go there as they are given and row-level security
keeps each learner to their own answers.

Read from the hub's environment (all optional except the database template on a real hub):

  MJLEARN_DB_TEMPLATE   the learners' database URL, {user} filled in per learner,
                        e.g. postgresql+psycopg://{user}@127.0.0.1:5432/mjlearn; each server gets its
                        password in PGPASSWORD, not in the URL (a {password} in the template puts it there)
  MJLEARN_DB_SECRET     the secret each login's password is derived from (the owner uses the same
                        one when adding learners: mjlearn class add reads it from MJLEARN_DB_SECRET)
  MJLEARN_HUB_USERS     learners, comma separated (the hub lets in only them and the teachers)
  MJLEARN_HUB_TEACHERS  teachers, comma separated (hub admins too)
  MJLEARN_HUB_AUTH      "dummy" (tests and a first try only: any password, or MJLEARN_HUB_PASSWORD)
                        or an authenticator class, e.g. "oauthenticator.GitHubOAuthenticator"
  MJLEARN_HUB_SPAWNER   "simple" (one machine, no system users: tests) or a spawner class, e.g.
                        "systemdspawner.SystemdSpawner" or "dockerspawner.DockerSpawner"
  MJLEARN_HUB_PORT      the port the hub listens on (default 8000)
  MJLEARN_HUB_LAB_ARGS  more command-line options for every learner's JupyterLab, space separated
  MJLEARN_HUB_HOME      with the simple spawner: the folder holding each user's home (default /tmp/mjlearn-hub)
  MJLEARN_HUB_STATE     the hub's own files: user table, cookie secret (default ~/.local/share/mjlearn-hub)
"""

import os
import sys

from mjlearn.deploy import hub_environment
from mjlearn.deploy.singleuser import FOLDER

env = os.environ.get


def configure(c) -> None:
    """Fill in JupyterHub's config object ``c``."""

    def _names(var):
        return {n.strip() for n in env(var, "").split(",") if n.strip()}

    learners, teachers = _names("MJLEARN_HUB_USERS"), _names("MJLEARN_HUB_TEACHERS")

    # -- who may log in -------------------------------------------------------------------------------------
    auth = env("MJLEARN_HUB_AUTH", "dummy")
    if auth == "dummy":
        c.JupyterHub.authenticator_class = "dummy"
        if env("MJLEARN_HUB_PASSWORD"):
            c.DummyAuthenticator.password = env("MJLEARN_HUB_PASSWORD")
    else:
        c.JupyterHub.authenticator_class = auth  # configure it after configure(...) below (client id, secret, callback URL...)
    if learners or teachers:
        c.Authenticator.allowed_users = learners | teachers
    c.Authenticator.admin_users = teachers

    # -- where each JupyterLab runs ---------------------------------------------------------------------------
    spawner = env("MJLEARN_HUB_SPAWNER", "simple")
    if spawner == "simple":
        c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
        home = env("MJLEARN_HUB_HOME", "/tmp/mjlearn-hub")
        c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(home, "{username}")
        if hasattr(os, "geteuid") and os.geteuid() == 0:  # a container running everything as root
            c.Spawner.args = ["--ServerApp.allow_root=True"]
    else:
        c.JupyterHub.spawner_class = spawner
    extra = env("MJLEARN_HUB_LAB_ARGS", "").split()
    if extra:  # more options for every learner's JupyterLab
        c.Spawner.args = [*c.Spawner.args, *extra] if "args" in c.Spawner else extra
    # every server opens on the course: mjlearn.deploy.singleuser copies the notebooks into the user's
    # home (as `mjlearn lab` does; their own edits are never replaced), then runs jupyterhub.singleuser
    c.Spawner.default_url = f"/lab/tree/{FOLDER}/00_start_here.ipynb"
    c.Spawner.cmd = [sys.executable, "-m", "mjlearn.deploy.singleuser"]  # the Python that has mjlearn
    c.Spawner.http_timeout = 120
    c.Spawner.start_timeout = 120

    # -- the class database, each learner with their own login ------------------------------------------------
    template = env("MJLEARN_DB_TEMPLATE")
    secret = env("MJLEARN_DB_SECRET")


    def _mjlearn_db(spawner):
        return hub_environment(template, spawner.user.name, secret)["MJLEARN_DB"]


    def _pgpassword(spawner):  # the template leaves the password out of the URL: it goes here instead
        return hub_environment(template, spawner.user.name, secret)["PGPASSWORD"]


    def _data_dir(spawner):  # the simple spawner shares one system user: give each learner their own folder
        return os.path.join(env("MJLEARN_HUB_HOME", "/tmp/mjlearn-hub"), spawner.user.name, ".mjlearn")


    c.Spawner.environment = {"MJLEARN_CLASS": env("MJLEARN_CLASS", "")}
    if template:
        c.Spawner.environment["MJLEARN_DB"] = _mjlearn_db
        if secret and "{password}" not in template:
            c.Spawner.environment["PGPASSWORD"] = _pgpassword
    if spawner == "simple":
        c.Spawner.environment["MJLEARN_DATA_DIR"] = _data_dir

    # the hub's own files (its user table, cookie secret, proxy pid) in one folder, not wherever it was started
    state = os.path.expanduser(env("MJLEARN_HUB_STATE", "~/.local/share/mjlearn-hub"))
    os.makedirs(state, mode=0o700, exist_ok=True)
    c.JupyterHub.db_url = "sqlite:///" + os.path.join(state, "jupyterhub.sqlite")
    c.JupyterHub.cookie_secret_file = os.path.join(state, "jupyterhub_cookie_secret")
    c.ConfigurableHTTPProxy.pid_file = os.path.join(state, "jupyterhub-proxy.pid")
    c.JupyterHub.bind_url = f"http://127.0.0.1:{env('MJLEARN_HUB_PORT', '8000')}"
    c.JupyterHub.cleanup_servers = True


if "get_config" in globals():  # loaded by JupyterHub (not imported by a test collector)
    configure(get_config())  # noqa: F821
