"""A class on JupyterHub, end to end, as a school would run it and as a learner would attack it.

PostgreSQL (tests/pg.py) holds the class; JupyterHub starts with the configuration shipped in
mjlearn/deploy as TEACHERS.md gives it: its secret made by ``mjlearn hub secret``, the real authenticator
(sign-ups a teacher approves) and the real spawner (each user's own system account, made on first
start; this test runs as root, as CI does, and removes the accounts it made). Over HTTP: a name that
never signed up, an unapproved sign-up, a sign-up under a teacher's name and a wrong password are
refused. Through Chromium: each learner logs in, their server runs as their own non-root account, and
from their kernel they fail to read another learner's home, the hub's secret file, the hub's database
and the hub's environment; they answer the assigned quiz; the teacher's dashboard (lesson 14, in Voila)
shows the results; a learner asking for another's answers or the class report is refused. And the
recipe refuses to start with a test authenticator without the demo switch, with a weak or missing
secret, and its demo listens on 127.0.0.1 only.

Steps a learner takes in their own kernel go through :func:`kernel_run` (a kernel of their JupyterLab,
started through its kernel API); :func:`learner_page` logs a user in and yields their page.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pg import private_server, role_url

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
RUN = secrets.token_hex(2)  # fresh system accounts each run: never an account that was there before
LEARNERS = tuple(f"{n}{RUN}" for n in ("ann", "bob", "cy"))
TEACHER, OTHER_TEACHER = f"wang{RUN}", f"li{RUN}"  # li never signs up: a learner tries to, as li
PASSWORDS = {u: secrets.token_urlsafe(12) for u in (*LEARNERS, TEACHER, OTHER_TEACHER)}
CLASS = "hub class"
HAND = "1112345678999m"  # nine gates: waits on every character


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _need(ok: bool, what: str):
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing")
        pytest.skip(f"{what} is missing")


def _proxy() -> str | None:
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    prefix = os.environ.get("MJLEARN_CHP_PREFIX") or Path(sys.executable).parent.parent / "chp"  # tools/bootstrap.py
    local = Path(prefix) / "bin" / "configurable-http-proxy"
    return str(local) if local.exists() else None


def _need_hub():
    _need(
        shutil.which("jupyterhub") is not None or (Path(sys.executable).parent / "jupyterhub").exists(),
        "jupyterhub (pip install jupyterhub)",
    )
    proxy = _proxy()
    _need(proxy is not None, "configurable-http-proxy (npm install -g configurable-http-proxy)")
    return proxy


def _notebook(path: Path, cells: list[str], owner: pwd.struct_passwd) -> None:
    """A notebook in a user's home, theirs (the test writes it as root)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    nbformat.write(nb, path)
    os.chown(path, owner.pw_uid, owner.pw_gid)


class Hub:
    """One JupyterHub process of the test's own, started with the shipped configuration."""

    def __init__(self, top: Path, proxy: str, **env: str):
        self.top, self.port = top, _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = top / f"hub-{self.port}.log"
        environ = dict(
            os.environ,
            MJLEARN_HUB_PORT=str(self.port),
            MJLEARN_HUB_STATE=str(top / "state"),
            PATH=f"{Path(proxy).parent}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
            PYTHONPATH=str(ROOT),
            PYTHONUNBUFFERED="1",
        )
        for k in (
            "MJLEARN_DB",
            "MJLEARN_DATA_DIR",
            "MJLEARN_DB_SECRET",
            "MJLEARN_DB_SECRET_FILE",
            "MJLEARN_HUB_AUTH",
            "MJLEARN_HUB_DEMO",
            "MJLEARN_HUB_SPAWNER",
            "MJLEARN_HUB_BIND_URL",
            "MJLEARN_DB_TEMPLATE",
        ):
            environ.pop(k, None)
        environ.update(env)
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyterhub",
                "-f",
                str(ROOT / "mjlearn" / "deploy" / "jupyterhub_config.py"),
                f"--JupyterHub.hub_bind_url=http://127.0.0.1:{_free_port()}",
                f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}",
            ],
            cwd=top,
            env=environ,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait(self, timeout: float = 180) -> Hub:
        end = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited ({self.proc.returncode}): {self.text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.base}/hub/api", timeout=3) as r:
                    if r.status == 200:
                        return self
            except OSError as e:
                if time.monotonic() > end:
                    raise RuntimeError("jupyterhub did not answer") from e
                time.sleep(0.5)

    def refused(self, timeout: float = 180) -> tuple[int, str]:
        """The exit code and log of a hub that must refuse to start."""
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise AssertionError(f"the hub started: {self.text()[-2000:]}") from None
        self.log.close()
        return code, self.text()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()  # our own process (it stops the servers it spawned: cleanup_servers)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.log.close()


def _remove_accounts(names):
    """Remove the system accounts this test made (those carrying the hub's mark), with their homes."""
    from mjlearn.deploy.accounts import MARK

    for name in names:
        try:
            account = pwd.getpwnam(name)
        except KeyError:
            continue
        if account.pw_gecos.split(",")[0] == MARK:
            for proc in Path("/proc").iterdir():  # a server or kernel of it the hub left: the test's own, by pid
                if proc.name.isdigit() and re.search(
                    rf"^Uid:\s+{account.pw_uid}\s", _read(proc / "status").decode(), re.MULTILINE
                ):
                    with contextlib.suppress(OSError):
                        os.kill(int(proc.name), 9)
            subprocess.run(["userdel", "--remove", name], capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def python_for_all():
    """A Python every account may run, with this environment's packages: what a school installs in
    /opt (the test's own interpreter may live in root's home, closed to the learners' accounts)."""
    from mjlearn.deploy.accounts import closed_to_others

    if closed_to_others(sys.executable) is None:
        yield sys.executable
        return
    base = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    system = shutil.which(f"python{sys.version_info.major}.{sys.version_info.minor}", path="/usr/bin:/usr/local/bin")
    found = next((p for p in (str(base), system) if p and closed_to_others(p) is None), None)
    _need(found is not None, f"a Python {sys.version_info.major}.{sys.version_info.minor} every account may run")
    top = Path(tempfile.mkdtemp(prefix="mjlearn-hub-python-"))
    top.chmod(0o755)
    venv = top / "python"
    subprocess.run([found, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True, timeout=300)
    import sysconfig

    site = Path(sysconfig.get_paths()["purelib"])
    target = next(venv.glob("lib/python*/site-packages"))
    (target / "mjlearn-test.pth").write_text(f"{ROOT}\nimport site; site.addsitedir({str(site)!r})\n")
    for shared in ("share", "etc"):  # JupyterLab's and Voila's assets, the server extensions' settings
        if (Path(sys.prefix) / shared).exists():
            (venv / shared).symlink_to(Path(sys.prefix) / shared)
    try:
        yield str(venv / "bin" / "python")
    finally:
        shutil.rmtree(top, ignore_errors=True)


@pytest.fixture(scope="module")
def hub(tmp_path_factory, python_for_all):
    _need(
        os.geteuid() == 0 and shutil.which("useradd") is not None,
        "root and useradd (the hub makes each user's system account)",
    )
    proxy = _need_hub()
    top = Path(tempfile.mkdtemp(prefix="mjlearn-hub-"))
    top.chmod(0o711)  # learners reach the quiz set file below, nothing else
    server = private_server()
    running = None
    try:
        from mjlearn import db
        from mjlearn.db.classes import Classroom

        owner = server.url()
        db.upgrade(owner)
        quiz_set = top / "homework.json"
        quiz_set.write_text(
            json.dumps({"title": "Homework", "title_zh": "作业", "questions": [{"kind": "waits", "hand": HAND}]}),
            encoding="utf-8",
        )
        quiz_set.chmod(0o644)
        with Classroom(url=owner) as room:
            room.create(CLASS, teachers=[TEACHER])
            room.add(CLASS, LEARNERS)
            aid = room.assign(CLASS, str(quiz_set), due="2099-01-01")
        (top / "state").mkdir(mode=0o700)
        secret_file = top / "state" / "class.secret"
        made = subprocess.run(
            [sys.executable, "-m", "mjlearn", "hub", "secret", "--out", str(secret_file)],
            capture_output=True,
            text=True,
            timeout=120,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        assert made.returncode == 0, made.stderr
        secret = secret_file.read_text().strip()
        assert secret not in made.stdout + made.stderr and secret_file.stat().st_mode & 0o777 == 0o600
        homes = top / "homes"
        running = Hub(
            top,
            proxy,
            MJLEARN_HUB_PYTHON=python_for_all,
            MJLEARN_HUB_TEACHERS=f"{TEACHER},{OTHER_TEACHER}",
            MJLEARN_HUB_HOME=str(homes),
            MJLEARN_CLASS=CLASS,
            MJLEARN_DB_TEMPLATE=role_url(owner, "{user}"),
            MJLEARN_DB_SECRET_FILE=str(secret_file),
            MJLEARN_HUB_LAB_ARGS="--LabApp.expose_app_in_browser=True",
        ).wait()
        yield {
            "base": running.base,
            "owner": owner,
            "aid": aid,
            "homes": homes,
            "pid": running.proc.pid,
            "secret_file": secret_file,
            "secret": secret,
            "state": top / "state",
            "hub": running,
        }
    finally:
        if running is not None:
            running.stop()
            shutil.copy(running.log_path, tmp_path_factory.mktemp("hub-log") / "hub.log")  # kept for a failure
        _remove_accounts([*LEARNERS, TEACHER, OTHER_TEACHER])
        server.stop()
        shutil.rmtree(top, ignore_errors=True)


# -- over HTTP: who gets in ----------------------------------------------------------------------------------------


def _session(hub):
    import requests

    s = requests.Session()
    s.get(f"{hub['base']}/hub/login", timeout=60)  # the _xsrf cookie
    return s


def _form(s, hub, path: str, data: dict):
    return s.post(
        f"{hub['base']}/hub/{path}",
        data={**data, "_xsrf": s.cookies.get("_xsrf", "")},
        timeout=300,
        allow_redirects=False,
    )


def sign_up(hub, user: str, password: str) -> bool:
    """Whether the hub took the sign-up (approved or not)."""
    s = _session(hub)
    s.get(f"{hub['base']}/hub/signup", timeout=60)
    r = _form(
        s, hub, "signup", {"username": user, "signup_password": password, "signup_password_confirmation": password}
    )
    r.raise_for_status()
    said = re.search(r'class="alert (alert-\w+)"', r.text)
    return said is not None and said.group(1) != "alert-danger"


def log_in(hub, user: str, password: str):
    """A session logged in as ``user``, or None when the hub refused; and the hub's answer."""
    s = _session(hub)
    r = _form(s, hub, "login", {"username": user, "password": password})
    ok = r.status_code == 302 and "/hub/login" not in r.headers.get("Location", "")
    return (s if ok else None), r


def test_only_approved_sign_ups_log_in(hub):
    # any name with any password: nobody signed up under it
    s, r = log_in(hub, f"eve{RUN}", "any-password-at-all")
    assert s is None and "Invalid username or password" in r.text
    # the teacher signs up and is approved from the hub's machine; a learner signing up under the other
    # teacher's name is not approved by that name
    assert sign_up(hub, TEACHER, PASSWORDS[TEACHER]) and sign_up(hub, OTHER_TEACHER, PASSWORDS[OTHER_TEACHER])
    s, r = log_in(hub, OTHER_TEACHER, PASSWORDS[OTHER_TEACHER])
    assert s is None and "has not been authorized" in r.text
    approve = subprocess.run(
        [sys.executable, "-m", "mjlearn", "hub", "approve", TEACHER],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, MJLEARN_HUB_STATE=str(hub["state"]), PYTHONPATH=str(ROOT)),
    )
    assert approve.returncode == 0, approve.stderr
    teacher, r = log_in(hub, TEACHER, PASSWORDS[TEACHER])
    assert teacher is not None, r.text[-500:]
    # learners sign up; a weak password is refused; until the teacher approves, they cannot log in
    assert not sign_up(hub, LEARNERS[0], "password") and not sign_up(hub, LEARNERS[0], "password123")
    for user in LEARNERS:
        assert sign_up(hub, user, PASSWORDS[user])
    assert not sign_up(hub, LEARNERS[0], "someone-elses-password")  # a name is taken once
    s, r = log_in(hub, LEARNERS[0], PASSWORDS[LEARNERS[0]])
    assert s is None and "has not been authorized" in r.text
    assert teacher.get(f"{hub['base']}/hub/api/user", timeout=60).json()["admin"] is True
    for user in LEARNERS:
        teacher.get(f"{hub['base']}/hub/authorize/{user}", timeout=120).raise_for_status()
    # approved: the right password gets in, a wrong one (or the teacher's name with it) does not
    s, r = log_in(hub, LEARNERS[0], "wrong-password-123")
    assert s is None and "Invalid username or password" in r.text
    s, r = log_in(hub, TEACHER, "wrong-password-123")
    assert s is None
    s, r = log_in(hub, LEARNERS[0], PASSWORDS[LEARNERS[0]])
    assert s is not None, (r.status_code, r.headers.get("Location"), re.findall(r"login_error[^<]*<[^<]*", r.text))
    assert s.get(f"{hub['base']}/hub/api/user", timeout=60).json()["admin"] is False


# -- in the browser and the learners' kernels ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(playwright):
    """A browser of the session's one Playwright (conftest.py: its sync API cannot start twice)."""
    _need(Path(CHROMIUM).exists(), CHROMIUM)
    b = playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )
    try:
        yield b
    finally:
        b.close()


@contextlib.contextmanager
def learner_page(browser, hub, user, password=None, **context):
    """A fresh browser context (its own cookies; ``context``: more of its options) logged in as ``user``
    through the hub's login form, their server started (their account and home made on this first start)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, **context)
    try:
        page = ctx.new_page()
        page.set_default_timeout(180_000)
        page.goto(f"{hub['base']}/hub/login")
        page.fill("input[name=username]", user)
        page.fill("input[name=password]", password or PASSWORDS[user])
        page.click("input[type=submit], button[type=submit]")
        page.wait_for_url(f"**/user/{user}/**", timeout=240_000)
        # the server opens on the course's first lesson, copied into the user's home when it started
        page.wait_for_url("**/mjlearn-notebooks/00_start_here.ipynb*", timeout=240_000)
        page.wait_for_function("window.jupyterapp && window.jupyterapp.serviceManager")
        yield page
    finally:
        ctx.close()


def kernel_run(page, code: str) -> str:
    """Run ``code`` in a new kernel of the page's JupyterLab (its kernel API, as a learner's notebook
    would); its printed output (and the error's name and text, if one was raised)."""
    return page.evaluate(
        """async (code) => {
        const kernel = await window.jupyterapp.serviceManager.kernels.startNew({name: 'python3'});
        let out = '';
        try {
            const future = kernel.requestExecute({code});
            future.onIOPub = (msg) => {
                if (msg.header.msg_type === 'stream') out += msg.content.text;
                if (msg.header.msg_type === 'error') out += msg.content.ename + ': ' + msg.content.evalue + '\\n';
            };
            await future.done;
        } finally {
            await kernel.shutdown();
        }
        return out;
    }""",
        code,
    )


def _account_checked(hub, user) -> pwd.struct_passwd:
    """The account the hub made for ``user``: its own, not root's, with a home only it may enter; every
    process of the user's server runs as it."""
    from mjlearn.deploy.accounts import MARK

    account = pwd.getpwnam(user)
    assert account.pw_gecos.startswith(MARK) and account.pw_uid != 0 and account.pw_gid != 0
    home = Path(account.pw_dir)
    assert home == hub["homes"] / user and home.stat().st_uid == account.pw_uid
    assert home.stat().st_mode & 0o777 == 0o700
    uids = set()
    for proc in Path("/proc").iterdir():
        try:
            environ = (proc / "environ").read_bytes().split(b"\0")
            if f"JUPYTERHUB_USER={user}".encode() in environ:
                status = (proc / "status").read_text()
                uids |= set(re.search(r"^Uid:\s+(.*)$", status, re.MULTILINE).group(1).split())
        except (OSError, AttributeError):
            continue  # a process that ended meanwhile, or not ours to read
    assert uids == {str(account.pw_uid)}, uids
    return account


PROBE = """
import json, os
def attempt(label, path):
    try:
        if os.path.isdir(path):
            os.listdir(path)
        else:
            open(path, 'rb').read(1)
        print('READ', label)
    except OSError as e:
        print('DENIED', label, type(e).__name__)
print('UID', os.getuid(), os.geteuid())
for label, path in json.loads({targets!r}):
    attempt(label, path)
print('ENV', json.dumps(dict(os.environ)))
"""


def test_each_learner_is_kept_to_their_own_account(hub, browser):
    others = {}
    for user in LEARNERS:
        with learner_page(browser, hub, user) as page:
            account = _account_checked(hub, user)
            targets = [
                ("secret", str(hub["secret_file"])),
                ("hub environment", f"/proc/{hub['pid']}/environ"),
                ("hub database", str(hub["state"] / "jupyterhub.sqlite")),
                ("hub state", str(hub["state"])),
            ]
            for name, home in others.items():
                targets += [
                    (f"home of {name}", str(home)),
                    (f"lesson of {name}", str(home / "mjlearn-notebooks" / "00_start_here.ipynb")),
                ]
            out = kernel_run(page, PROBE.format(targets=json.dumps(targets)))
            assert f"UID {account.pw_uid} {account.pw_uid}\n" in out, out
            for label, _ in targets:
                assert f"DENIED {label} PermissionError" in out, (label, out)
            assert "READ" not in out
            env = json.loads(out.split("ENV ", 1)[1])
            assert "MJLEARN_DB_SECRET" not in env and "MJLEARN_DB_SECRET_FILE" not in env
            assert not any(hub["secret"] in v for v in env.values())
            assert env["HOME"] == str(hub["homes"] / user) and env["MJLEARN_DB"].startswith("postgresql")
            others[user] = Path(account.pw_dir)


def test_a_class_on_jupyterhub(hub, browser):
    aid = hub["aid"]
    # each learner answers the assignment in their own JupyterLab; cy answers wrong twice
    for user in LEARNERS:
        with learner_page(browser, hub, user) as page:
            account = pwd.getpwnam(user)
            home = hub["homes"] / user
            _notebook(
                home / "homework.ipynb",
                [
                    "from mjlearn.dashboard import my_assignments, assignment\nmy_assignments()",
                    f"assignment({aid})",
                ],
                account,
            )
            lessons = home / "mjlearn-notebooks"
            assert (lessons / "00_start_here.ipynb").is_file() and (lessons / "14_teacher_dashboard.ipynb").is_file()
            assert (lessons / "quiz_sets" / "week1_tiles_and_waits.json").is_file()
            _run_all(page, hub, user, "homework.ipynb")
            page.get_by_text("未开始 not started").first.wait_for()
            quiz = page.locator(".mjlearn-quiz").first
            quiz.wait_for()
            box = quiz.locator("input[type=text]").first
            answers = ["1m 4m 7m", "1m"] if user == LEARNERS[2] else ["123456789m"]
            for k, text in enumerate(answers):
                box.fill(text)
                quiz.locator(".mjlearn-quiz-check").first.click()
                want = "true" if text == "123456789m" else ("retry" if k == 0 else "false")
                page.wait_for_function(
                    "(w) => { const f = document.querySelector('.mjlearn-quiz-feedback');"
                    " return f && f.dataset.correct === w; }",
                    arg=want,
                )
            if user == LEARNERS[2]:  # a learner asks for the class report and for the others' answers
                out = kernel_run(
                    page,
                    "from mjlearn.db.classes import Classroom\nroom = Classroom()\n"
                    f"try:\n    room.report({CLASS!r})\nexcept Exception as e:\n    print('REFUSED', e)\n"
                    "with room.engine.connect() as c:\n"
                    '    n = c.exec_driver_sql("SELECT count(*) FROM answers WHERE \\"user\\" <> current_user").scalar()\n'
                    "print('OTHERS', n)",
                )
                assert "REFUSED" in out and "only the teachers" in out and "OTHERS 0" in out, out
                # ... and forges a right answer: a copy of their wrong one, written straight into the database
                # under their own name (the row-level security lets a learner add their own rows)
                out = kernel_run(
                    page,
                    "from mjlearn.db.classes import Classroom\nroom = Classroom()\n"
                    "with room.engine.begin() as c:\n"
                    '    c.exec_driver_sql(\'INSERT INTO answers (at, "user", quiz, kind, topic, seed, difficulty,'
                    ' question, answer, correct, score, hints, seconds, retries) SELECT at + 1, "user", quiz,'
                    " kind, topic, seed, difficulty, question, answer, 1, 1.0, 0, seconds, 0 FROM answers"
                    ' WHERE "user" = current_user ORDER BY id DESC LIMIT 1\')\n'
                    "print('FORGED')",
                )
                assert "FORGED" in out, out
    # the database holds each learner's answers under their own name, against the assignment
    import sqlalchemy as sa

    engine = sa.create_engine(hub["owner"])
    with engine.connect() as c:
        rows = c.exec_driver_sql('SELECT "user", quiz, correct FROM answers ORDER BY id').all()
    engine.dispose()
    assert {(u, q) for u, q, _ in rows} == {(u, f"assignment:{aid}") for u in LEARNERS}
    assert [r[2] for r in rows if r[0] == LEARNERS[2]] == [0, 0, 1]  # the last one forged "correct"
    # the teacher's report grades every answer again in the teacher's own process: the forged row is flagged
    with learner_page(browser, hub, TEACHER) as page:
        out = kernel_run(
            page,
            "from mjlearn.db.classes import Classroom\nroom = Classroom()\n"
            f"r = room.report({CLASS!r})\n"
            "print('FLAGGED', {l['user']: l.get('flagged', 0) for l in r['learners']})\n"
            "print('FLAGS', [(a['user'], bool(a.get('flag'))) for a in r.get('answers', []) if a.get('flag')])",
        )
        assert f"FLAGGED {{'{LEARNERS[0]}': 0, '{LEARNERS[1]}': 0, '{LEARNERS[2]}': 1}}" in out.replace('"', "'"), out
        assert f"FLAGS [('{LEARNERS[2]}', True)]" in out.replace('"', "'"), out
    # the teacher's dashboard, in Voila on the teacher's own server, shows their results
    with learner_page(browser, hub, TEACHER) as page:
        _account_checked(hub, TEACHER)
        page.goto(f"{hub['base']}/user/{TEACHER}/voila/render/mjlearn-notebooks/14_teacher_dashboard.ipynb")
        # Voila shows the lesson's text first and each output as its cell runs: wait for the last one
        page.wait_for_function(
            "() => document.body.innerText.includes('班级代码 class code')"
            " && document.body.innerText.includes('对错 Right')",
            timeout=240_000,
        )
        text = page.locator("body").inner_text()
        assert CLASS in text and "SAMPLE DATA" not in text
        assert "3/3" in text  # every learner answered the assignment's question (cy wrongly: still done)
        for user in LEARNERS:
            assert user in text
        heat = page.locator("table").first.inner_text()  # the heatmap: ann and bob right, cy wrong
        ann, bob, cy = (re.escape(u) for u in LEARNERS)
        assert (
            re.search(ann + r"\s+100%", heat) and re.search(bob + r"\s+100%", heat) and re.search(cy + r"\s+0%", heat)
        )
        assert "1 个存疑 flagged" in text  # the forged row is named, and cy still shows 0% right above
        assert page.evaluate("document.documentElement.scrollWidth") <= 1400  # nothing wider than the window


def _run_all(page, hub, user, name):
    page.goto(f"{hub['base']}/user/{user}/lab/tree/{name}?reset")
    page.wait_for_function(
        "window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        f" && window.jupyterapp.shell.currentWidget.context.path === '{name}'"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def test_idle_servers_are_culled_by_a_hub_service(hub):
    """jupyterhub-idle-culler runs as the hub's service, with the right to stop servers."""
    teacher, _ = log_in(hub, TEACHER, PASSWORDS[TEACHER])
    assert "idle-culler" in teacher.get(f"{hub['base']}/hub/api/services", timeout=60).json()
    culler = [
        p
        for p in Path("/proc").iterdir()
        if p.name.isdigit()
        and b"jupyterhub_idle_culler" in _read(p / "cmdline")
        and f"PPid:\t{hub['pid']}\n" in _read(p / "status").decode()
    ]
    assert culler, "the idle culler is not running"


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


# -- what the recipe refuses ---------------------------------------------------------------------------------------


@pytest.fixture
def scratch(python_for_all):
    proxy = _need_hub()
    _need(os.geteuid() == 0, "root (the hub's default spawner makes system accounts)")
    top = Path(tempfile.mkdtemp(prefix="mjlearn-hub-refuse-"))

    def start(**env) -> Hub:
        return Hub(top, proxy, MJLEARN_HUB_PYTHON=python_for_all, **env)

    try:
        yield top, start
    finally:
        shutil.rmtree(top, ignore_errors=True)


def _listening(port: int) -> set[str]:
    """The addresses with a socket listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            addr, hexport = local.split(":")
            if state == "0A" and int(hexport, 16) == port:
                found.add(addr)
    return found


def _secret_file(folder: Path, text: str, mode: int = 0o600) -> Path:
    path = folder / f"secret-{secrets.token_hex(3)}"
    path.write_text(text)
    path.chmod(mode)
    return path


def test_a_test_authenticator_needs_the_demo_switch(scratch):
    _top, start = scratch
    for auth in ("dummy", "jupyterhub.auth.DummyAuthenticator"):
        hub = start(MJLEARN_HUB_AUTH=auth)
        code, log = hub.refused()
        assert code == 2 and "log in under any name" in log and "MJLEARN_HUB_DEMO=1" in log
        assert "任何人以任何名字登录" in log and "Traceback" not in log
        assert not _listening(hub.port)


def test_the_demo_listens_on_this_computer_only(scratch):
    _top, start = scratch
    hub = start(MJLEARN_HUB_DEMO="1", MJLEARN_HUB_AUTH="dummy")
    try:
        hub.wait()
        assert _listening(hub.port) == {"0100007F"}  # 127.0.0.1, nothing else
        assert "MJLEARN HUB DEMO" in hub.text()
        login = urllib.request.urlopen(f"{hub.base}/hub/login", timeout=60).read().decode()
        assert "MJLEARN HUB DEMO" in login  # the banner on the login page
    finally:
        hub.stop()
    code, log = start(MJLEARN_HUB_DEMO="1", MJLEARN_HUB_BIND_URL=f"http://0.0.0.0:{_free_port()}").refused()
    assert code == 2 and "127.0.0.1" in log and "Traceback" not in log


@pytest.mark.parametrize("case", ["missing", "weak", "readable by others", "in the environment"])
def test_a_weak_or_missing_secret_is_refused(scratch, case):
    top, start = scratch
    env = {"MJLEARN_DB_TEMPLATE": "postgresql+psycopg://{user}@127.0.0.1:5432/mjlearn"}
    from mjlearn.deploy import generate_secret

    if case == "weak":
        env["MJLEARN_DB_SECRET_FILE"] = str(_secret_file(top, "hub-secret\n"))
    elif case == "readable by others":
        env["MJLEARN_DB_SECRET_FILE"] = str(_secret_file(top, generate_secret(), 0o644))
    elif case == "in the environment":
        env["MJLEARN_DB_SECRET"] = generate_secret()
    code, log = start(**env).refused()
    said = {
        "missing": "no class secret",
        "weak": "too weak",
        "readable by others": "chmod 600",
        "in the environment": "unset MJLEARN_DB_SECRET",
    }[case]
    assert code == 2 and said in log and "Traceback" not in log, log[-2000:]
    assert re.search(r"[\u4e00-\u9fff]", log.split("mjlearn hub:", 1)[1])  # and in Chinese
