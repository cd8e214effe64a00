"""JupyterHub configuration for a mjlearn class (copy it, then edit; see TEACHERS.md, "On a JupyterHub").

Every learner gets their own JupyterLab with mjlearn, opening on the course (copied into their home,
~/mjlearn-notebooks, when their server starts), and MJLEARN_DB pointing at the class database
with that learner's own login, so their answers go there as they are given and row-level security
keeps each learner to their own answers.

Safe by default: users sign up and a teacher approves them (NativeAuthenticator); each user's server runs
as their own system account, made on first start, with a home only they may enter; servers idle for an
hour are stopped (jupyterhub-idle-culler); the class secret is read from a file that only the hub may
read. A test authenticator (any name, any password) or one system account shared by everyone is refused
unless MJLEARN_HUB_DEMO=1 asks for a demonstration on this computer, which then listens on 127.0.0.1 only.

Read from the hub's environment:

  MJLEARN_DB_TEMPLATE     the learners' database URL, {user} filled in per learner,
                          e.g. postgresql+psycopg://{user}@127.0.0.1:5432/mjlearn; each server gets its
                          password in PGPASSWORD, not in the URL (a {password} in the template puts it there)
  MJLEARN_DB_SECRET_FILE  the file holding the secret each login's password is derived from, made by
                          `mjlearn hub secret --out FILE` (mode 600; required with a template; the secret
                          itself is refused in the hub's environment, MJLEARN_DB_SECRET)
  MJLEARN_HUB_TEACHERS    teachers, comma separated (hub admins: they approve the learners' sign-ups)
  MJLEARN_HUB_USERS       learners, comma separated (optional: then only they and the teachers may log in)
  MJLEARN_HUB_AUTH        the authenticator: "native" (default: sign-ups a teacher approves), or a class, e.g.
                          "oauthenticator.generic.GenericOAuthenticator" or
                          "ltiauthenticator.lti13.auth.LTI13Authenticator" (configure it below configure(...))
  MJLEARN_HUB_SPAWNER     "local" (default: each user's own system account, made on first start, in
                          MJLEARN_HUB_HOME; the hub runs as root) or a spawner class, e.g.
                          "systemdspawner.SystemdSpawner" or "dockerspawner.DockerSpawner"
  MJLEARN_HUB_HOME        the folder holding the users' homes (default /home; demo: homes/ in MJLEARN_HUB_STATE)
  MJLEARN_HUB_PYTHON      the Python (with mjlearn) the users' servers run, one every account may run
                          (default: the hub's own, e.g. /opt/mjlearn/bin/python)
  MJLEARN_HUB_IDLE_TIMEOUT  seconds after which an idle server is stopped (default 3600; 0: never)
  MJLEARN_HUB_BIND_URL    where the hub listens (default http://127.0.0.1:MJLEARN_HUB_PORT, for a TLS proxy
                          such as nginx in front; https://0.0.0.0:443 with the two below to face the network)
  MJLEARN_HUB_SSL_CERT, MJLEARN_HUB_SSL_KEY  the hub's TLS certificate and key files
  MJLEARN_HUB_PORT        the port of the default address (default 8000)
  MJLEARN_HUB_LAB_ARGS    more command-line options for every JupyterLab, space separated
  MJLEARN_HUB_STATE       the hub's own files: user table, cookie secret (default ~/.local/share/mjlearn-hub)
  MJLEARN_HUB_DEMO        1: a demonstration on this computer (any name and password; 127.0.0.1 only)
  MJLEARN_HUB_PASSWORD    demo only: the one password every name logs in with
"""

import ipaddress
import os
import sys
from urllib.parse import urlsplit

from mjlearn.deploy import SECRET_ENV, SECRET_FILE_ENV, HubConfigError, SecretError, hub_environment, read_secret_file
from mjlearn.deploy.accounts import NAME_PATTERN, closed_to_others, ensure_account
from mjlearn.deploy.singleuser import FOLDER

DEMO_BANNER = (
    "MJLEARN HUB DEMO: any name with any password logs in; for this computer only (127.0.0.1). "
    "Never use it for a class.  演示模式：任何名字和密码都能登录，仅限本机；切勿用于真实课堂。"
)


def _is_test_authenticator(name: str) -> bool:
    """True when ``name`` (an entry-point name such as "dummy", or a class path) is one of JupyterHub's
    authenticators for tests and workshops, which let anyone log in under any name: DummyAuthenticator
    (any password) and SharedPasswordAuthenticator (one password for everyone), or a subclass of them."""
    from jupyterhub.auth import DummyAuthenticator
    from traitlets import import_item

    try:
        from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
    except ImportError:  # JupyterHub before 5.1
        SharedPasswordAuthenticator = DummyAuthenticator
    if name.lower() in ("dummy", "dummyauthenticator", "shared-password"):
        return True
    try:
        from importlib.metadata import entry_points

        for ep in entry_points(group="jupyterhub.authenticators"):
            if ep.name == name:
                cls = ep.load()
                break
        else:
            cls = import_item(name) if "." in name else None
    except Exception:  # noqa: BLE001 - an authenticator that is not installed: JupyterHub says so itself
        return False
    return isinstance(cls, type) and issubclass(cls, (DummyAuthenticator, SharedPasswordAuthenticator))


def _loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _idle_timeout(text: str) -> int:
    try:
        seconds = int(text)
    except ValueError:
        seconds = -1
    if seconds != 0 and not 60 <= seconds <= 7 * 24 * 3600:
        raise HubConfigError(
            f"MJLEARN_HUB_IDLE_TIMEOUT={text!r} is not a number of seconds from 60 to 604800 (or 0: "
            f"never)  （MJLEARN_HUB_IDLE_TIMEOUT 应为 60 到 604800 之间的秒数，或 0 表示不停止）"
        )
    return seconds


def configure(c, environ=None) -> None:
    """Fill in JupyterHub's config object ``c`` from ``environ`` (default: this process's environment);
    a :class:`~mjlearn.deploy.HubConfigError` or :class:`~mjlearn.deploy.SecretError` when it is unsafe."""
    env = (os.environ if environ is None else environ).get

    def _names(var):
        return {n.strip() for n in env(var, "").split(",") if n.strip()}

    learners, teachers = _names("MJLEARN_HUB_USERS"), _names("MJLEARN_HUB_TEACHERS")
    demo = env("MJLEARN_HUB_DEMO", "").strip().lower() in ("1", "yes", "true", "on")
    root = os.geteuid() == 0

    # -- who may log in -------------------------------------------------------------------------------------
    auth = env("MJLEARN_HUB_AUTH") or ("dummy" if demo else "native")
    if _is_test_authenticator(auth) and not demo:
        raise HubConfigError(
            f"the authenticator {auth!r} lets anyone log in under any name (with any password, or one "
            "shared by all): a class needs a real "
            "one (leave MJLEARN_HUB_AUTH unset for sign-ups a teacher approves); for a demonstration "
            "on this computer only, set MJLEARN_HUB_DEMO=1  （该登录方式允许任何人以任何名字登录，"
            "不能用于课堂；仅在本机演示时可设置 MJLEARN_HUB_DEMO=1）"
        )
    if auth in ("native", "nativeauthenticator.NativeAuthenticator"):  # approved by a person, never by name
        c.JupyterHub.authenticator_class = "mjlearn.deploy.signups.TeacherApprovedSignups"
        c.NativeAuthenticator.open_signup = False  # every sign-up waits for a teacher's approval
        c.NativeAuthenticator.minimum_password_length = 10
        c.NativeAuthenticator.check_common_password = True
        c.NativeAuthenticator.allowed_failed_logins = 5  # then 10 minutes before the next try
        c.NativeAuthenticator.seconds_before_next_try = 600
        c.Authenticator.allow_all = not learners  # the approval is the gate; a list of learners narrows it
    elif _is_test_authenticator(auth):
        c.JupyterHub.authenticator_class = auth
        if env("MJLEARN_HUB_PASSWORD"):
            c.DummyAuthenticator.password = env("MJLEARN_HUB_PASSWORD")
        c.Authenticator.allow_all = not learners
    else:
        c.JupyterHub.authenticator_class = (
            auth  # configure it after configure(...) below (client id, secret, callback URL...)
        )
    if learners:
        c.Authenticator.allowed_users = learners | teachers
    c.Authenticator.admin_users = teachers

    # -- where each JupyterLab runs: as the user's own account, never as root -------------------------------------
    spawner = env("MJLEARN_HUB_SPAWNER") or ("simple" if demo and not root else "local")
    python = env("MJLEARN_HUB_PYTHON") or sys.executable  # the one that has mjlearn
    state = os.path.expanduser(env("MJLEARN_HUB_STATE", "~/.local/share/mjlearn-hub"))
    # the demo's homes are kept with the hub's own files, never in /tmp (a clean-up there wipes them)
    homes = env("MJLEARN_HUB_HOME") or (os.path.join(state, "homes") if spawner == "simple" else "/home")
    if spawner == "simple" and not demo:
        raise HubConfigError(
            "the simple spawner runs every learner's server as one system account, so learners could "
            "read each other's files; a class needs the local spawner (leave MJLEARN_HUB_SPAWNER "
            "unset) or systemd's or docker's; for a demonstration set MJLEARN_HUB_DEMO=1  （simple "
            "方式让所有学员共用一个系统账号，不能用于课堂）"
        )
    if spawner == "simple" and root:
        raise HubConfigError(
            "the simple spawner would run every server as root; as root the hub gives each user their "
            "own account (leave MJLEARN_HUB_SPAWNER unset)  （simple 方式会以 root 运行服务器；请不要设置 "
            "MJLEARN_HUB_SPAWNER）"
        )
    if spawner == "simple":
        c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
        c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(homes, "{username}")
    elif spawner == "local":
        if not root:
            raise HubConfigError(
                "the hub makes each user's system account and starts their server as it, which needs "
                "root: start it as root (or with MJLEARN_HUB_SPAWNER=systemdspawner.SystemdSpawner), or "
                "set MJLEARN_HUB_DEMO=1 for a demonstration on this computer  （hub 需以 root 运行，"
                "才能为每个用户建立系统账号；或设置 MJLEARN_HUB_DEMO=1 在本机演示）"
            )
        closed = closed_to_others(python)
        if closed is not None:
            raise HubConfigError(
                f"the users' accounts cannot run {python}: {closed} is closed to them; install mjlearn "
                "in a Python every account may run (python3 -m venv /opt/mjlearn, then /opt/mjlearn/bin/pip "
                "install 'mjlearn[hub]') and set MJLEARN_HUB_PYTHON to it  （用户账号无法运行 "
                f"{python}（{closed} 对其关闭）；请把 mjlearn 装在所有账号都能运行的 Python 中，并设置 "
                "MJLEARN_HUB_PYTHON）"
            )
        c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
        c.Authenticator.username_pattern = NAME_PATTERN  # hub names that are safe system logins

        def _own_account(spawner):  # made on the first start; an account the hub did not make is refused
            ensure_account(spawner.user.name, homes)

        c.Spawner.pre_spawn_hook = _own_account
    else:
        c.JupyterHub.spawner_class = spawner
    extra = env("MJLEARN_HUB_LAB_ARGS", "").split()
    if any("allow_root" in a.lower() or a.lower() == "--allow-root" for a in extra):
        raise HubConfigError(
            "no learner's server runs as root: remove allow_root from MJLEARN_HUB_LAB_ARGS  "
            "（学员的服务器不以 root 运行：请从 MJLEARN_HUB_LAB_ARGS 中去掉 allow_root）"
        )
    if extra:  # more options for every learner's JupyterLab
        c.Spawner.args = extra
    # every server opens on the course: mjlearn.deploy.singleuser copies the notebooks into the user's
    # home (as `mjlearn lab` does; their own edits are never replaced), then runs jupyterhub.singleuser
    c.Spawner.default_url = f"/lab/tree/{FOLDER}/00_start_here.ipynb"
    c.Spawner.cmd = [python, "-m", "mjlearn.deploy.singleuser"]
    c.Spawner.http_timeout = 120
    c.Spawner.start_timeout = 120

    # -- idle servers stopped ------------------------------------------------------------------------------------
    idle = _idle_timeout(env("MJLEARN_HUB_IDLE_TIMEOUT", "3600"))
    if idle:
        c.JupyterHub.load_roles = [
            {
                "name": "idle-culler",
                "services": ["idle-culler"],
                "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            }
        ]
        c.JupyterHub.services = [
            {
                "name": "idle-culler",
                "command": [
                    sys.executable,
                    "-m",
                    "jupyterhub_idle_culler",
                    f"--timeout={idle}",
                    f"--cull-every={min(600, idle // 2)}",
                ],
            }
        ]

    # -- the class database, each learner with their own login ------------------------------------------------
    template = env("MJLEARN_DB_TEMPLATE")
    if env(SECRET_ENV):
        raise SecretError(
            f"the hub reads the class secret from a file only ({SECRET_FILE_ENV}), so that it is in no "
            f"process's environment: unset {SECRET_ENV}  （hub 只从文件读取班级密钥（{SECRET_FILE_ENV}），"
            f"请取消设置 {SECRET_ENV}）"
        )
    secret = None
    if secret_file := env(SECRET_FILE_ENV):
        secret = read_secret_file(secret_file)
    elif template:
        raise SecretError(
            f"no class secret: set {SECRET_FILE_ENV} to the file made by mjlearn hub secret --out FILE  "
            f"（没有班级密钥：请把 {SECRET_FILE_ENV} 设为 mjlearn hub secret --out 生成的文件）"
        )

    def _mjlearn_db(spawner):
        return hub_environment(template, spawner.user.name, secret)["MJLEARN_DB"]  # type: ignore[arg-type]  # installed only with a template

    def _pgpassword(spawner):  # the template leaves the password out of the URL: it goes here instead
        return hub_environment(template, spawner.user.name, secret)["PGPASSWORD"]  # type: ignore[arg-type]  # installed only with a template

    def _data_dir(spawner):  # the demo's simple spawner shares one system account: each user their own folder
        return os.path.join(homes, spawner.user.name, ".mjlearn")

    c.Spawner.environment = {"MJLEARN_CLASS": env("MJLEARN_CLASS", "")}
    if template:
        c.Spawner.environment["MJLEARN_DB"] = _mjlearn_db
        if "{password}" not in template:
            c.Spawner.environment["PGPASSWORD"] = _pgpassword
    if spawner == "simple":
        c.Spawner.environment["MJLEARN_DATA_DIR"] = _data_dir

    # -- where the hub listens; its own files in one folder only it may enter ---------------------------------------
    bind = env("MJLEARN_HUB_BIND_URL") or f"http://127.0.0.1:{env('MJLEARN_HUB_PORT', '8000')}"
    if demo:
        if not _loopback(bind):
            raise HubConfigError(
                f"the demonstration listens on this computer only (127.0.0.1), not {bind}: any name "
                "with any password gets in  （演示模式只在本机 127.0.0.1 上监听）"
            )
        c.JupyterHub.template_vars = {"announcement": DEMO_BANNER}
        print("\n" + "!" * 100 + f"\n{DEMO_BANNER}\n" + "!" * 100 + "\n", file=sys.stderr, flush=True)
    c.JupyterHub.bind_url = bind
    if env("MJLEARN_HUB_SSL_CERT") or env("MJLEARN_HUB_SSL_KEY"):
        c.JupyterHub.ssl_cert, c.JupyterHub.ssl_key = env("MJLEARN_HUB_SSL_CERT", ""), env("MJLEARN_HUB_SSL_KEY", "")
    os.makedirs(state, mode=0o700, exist_ok=True)
    os.chmod(state, 0o700)  # its user table holds the password hashes
    c.JupyterHub.db_url = "sqlite:///" + os.path.join(state, "jupyterhub.sqlite")
    c.JupyterHub.cookie_secret_file = os.path.join(state, "jupyterhub_cookie_secret")
    c.ConfigurableHTTPProxy.pid_file = os.path.join(state, "jupyterhub-proxy.pid")
    c.JupyterHub.cleanup_servers = True


if "get_config" in globals():  # loaded by JupyterHub (not imported by a test collector)
    try:
        configure(get_config())  # type: ignore[name-defined]  # noqa: F821 - JupyterHub's config loader defines it
    except (HubConfigError, SecretError) as refusal:
        print(f"mjlearn hub: {refusal}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
