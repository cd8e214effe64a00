"""TEACHERS.md's school server, followed as written: the commands are the ``sh`` blocks of its section
"On a JupyterHub", extracted from the file (the guide and this test cannot drift), run in order in ONE
bash (``set -eu``: a failing command stops it) from an empty root folder, as root, as CI runs.

The only substitutions are the guide's own variables (its first block: ``ROOT``, ``HOST`` and the
ports), given a temporary folder and free ports. Between the blocks, what people do in their browsers,
over HTTPS with the certificate the guide's own command made: the teacher and a learner sign up, the
teacher approves the learner, the learner logs in (Chromium), their server starts as their own account
and they answer the assignment's first question in a terminal command of their kernel; then the
teacher's report, the guide's own command, shows that answer, and the teacher, logged in in Chromium, sees it
on the dashboard at the address the guide gives (the class, the learner, her count as the report's
``--json`` gives it; a screenshot is kept in the temporary folder). While the server runs, only the public
port listens on an address other than 127.0.0.1 (/proc/net/tcp). Afterwards the systemd units of the
same folder are checked with ``systemd-analyze verify`` (when Debian's systemd package is there) and
their ExecStart commands, run as their User=, start the real server; and the guide's nginx configuration
passes ``nginx -t`` (when nginx is installed: the tests do not install it, since that starts a web server).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import secrets
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_hub import (
    _listening,
    _need,
    _need_hub,
    _remove_accounts,
    browser,  # noqa: F401 - a fixture
    kernel_run,
    learner_page,
    python_for_all,  # noqa: F401 - a fixture
)

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "TEACHERS.md"
VARIABLES = {"ROOT", "HOST", "PORT", "DB_PORT", "HUB_API_PORT", "PROXY_API_PORT"}
TEACHER, LEARNER = "wang", "ann"  # the guide's names
PASSWORDS = {TEACHER: secrets.token_urlsafe(12), LEARNER: secrets.token_urlsafe(12)}


def _section(heading: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def guide_blocks() -> list[str]:
    """The ``sh`` blocks of "On a JupyterHub", in order, dedented (they sit in a numbered list)."""
    found = re.findall(r"^([ \t]*)```sh\n(.*?)^\1```", _section("On a JupyterHub"), re.MULTILINE | re.DOTALL)
    return [textwrap.dedent(body) for _indent, body in found]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Shell:
    """One bash for every block: what a person types into one terminal."""

    def __init__(self, cwd: Path, env: dict, log: Path):
        self.log = open(log, "w", encoding="utf-8")
        self.proc = subprocess.Popen(
            ["bash", "--noprofile", "--norc"],
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.run("set -eu")

    def _read(self):
        for line in self.proc.stdout:  # type: ignore[union-attr]
            self.log.write(line)
            self.log.flush()
            self.lines.put(line)
        self.lines.put(None)

    def run(self, block: str, timeout: float = 900) -> str:
        mark = f"__block_done_{secrets.token_hex(4)}__"
        self.proc.stdin.write(f"{block}\necho {mark}\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        out, end = [], time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(1.0, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"the block did not finish in {timeout} s:\n{block}\n{''.join(out)}") from None
            if line is None:
                raise AssertionError(f"the shell stopped (exit {self.proc.wait()}) in:\n{block}\n{''.join(out)}")
            if line.strip() == mark:
                return "".join(out)
            out.append(line)

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()  # type: ignore[union-attr]
            self.proc.wait(timeout=60)
        self.log.close()


def _clone(python: str, top: Path) -> Path:
    """A folder laid out as the guide's /opt/mjlearn: ``.venv/bin/mjlearn`` of a Python every account may
    run (the learners' servers run it)."""
    venv = Path(python).parent.parent
    script = venv / "bin" / "mjlearn"
    if not script.exists():
        script.write_text(f"#!{python}\nimport sys\nfrom mjlearn.cli import main\nsys.exit(main())\n")
        script.chmod(0o755)
    clone = top / "clone"
    clone.mkdir()
    (clone / ".venv").symlink_to(venv)
    return clone


def _https(port: int, cert: Path):
    import requests

    s = requests.Session()
    s.verify = str(cert)  # the guide's own certificate, checked (its name: localhost)
    s.trust_env = False  # REQUESTS_CA_BUNDLE in the environment would take its place
    base = f"https://localhost:{port}"
    s.get(f"{base}/hub/login", timeout=120).raise_for_status()  # the _xsrf cookie
    return s, base


def _post(s, base: str, path: str, data: dict):
    return s.post(
        f"{base}/hub/{path}", data={**data, "_xsrf": s.cookies.get("_xsrf", "")}, timeout=300, allow_redirects=False
    )


def _sign_up(port: int, cert: Path, user: str):
    s, base = _https(port, cert)
    s.get(f"{base}/hub/signup", timeout=120).raise_for_status()
    pw = PASSWORDS[user]
    r = _post(s, base, "signup", {"username": user, "signup_password": pw, "signup_password_confirmation": pw})
    r.raise_for_status()
    assert 'class="alert alert-danger"' not in r.text, r.text[-1000:]


def _log_in(port: int, cert: Path, user: str):
    s, base = _https(port, cert)
    r = _post(s, base, "login", {"username": user, "password": PASSWORDS[user]})
    assert r.status_code == 302 and "/hub/login" not in r.headers.get("Location", ""), r.text[-500:]
    return s, base


def _answer_in_the_browser(browser, port: int, user: str) -> str:
    """The learner logs in through the hub's HTTPS page in Chromium; their server starts; in a kernel of
    it they answer the assignment's first question with the terminal command lesson 11 gives."""
    hub = {"base": f"https://localhost:{port}"}
    with learner_page(browser, hub, user, password=PASSWORDS[user], ignore_https_errors=True) as page:
        return kernel_run(
            page,
            "import os, subprocess, sys\n"
            "done = subprocess.run([sys.executable, '-m', 'mjlearn', 'quiz', '--assignment', '1'],"
            " input='E\\nq\\n', capture_output=True, text=True, timeout=600)\n"
            "print('EXIT', done.returncode, 'AS', os.getuid(), os.environ['JUPYTERHUB_USER'])\n"
            "print(done.stdout[-1500:], done.stderr[-1500:])",
        )


def dashboard_address() -> str:
    """The address "On a JupyterHub" gives the teacher for the dashboard (lesson 14 in Voila)."""
    found = re.findall(r"`(https://HOST/user/[^`/]+/voila/render/[^`]+\.ipynb)`", _section("On a JupyterHub"))
    assert len(found) == 1, found
    return found[0]


def _dashboard_in_the_browser(browser, port: int, address: str, report: dict, shot: Path) -> str:
    """The teacher logs in through the hub's HTTPS page in Chromium (their server starts, as their own
    account) and opens the guide's dashboard address; once the page shows the class, the learner and her
    count of questions answered, a screenshot is kept and the page's text returned."""
    hub = {"base": f"https://localhost:{port}"}
    # the guide's HOST is the name learners' browsers use, on PORT 443; here its port is a free one
    url = address.replace("https://HOST/", f"{hub['base']}/", 1)
    with learner_page(browser, hub, TEACHER, password=PASSWORDS[TEACHER], ignore_https_errors=True) as page:
        page.goto(url)
        end, text = time.monotonic() + 300, ""
        while time.monotonic() < end and not _dashboard_shows(text, report):
            time.sleep(2)  # Voila shows the lesson's text first and each output as its cell runs
            text = page.locator("body").inner_text()
        # Voila's page scrolls inside an element, which full_page does not follow: the window grows to it
        tall = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map((e) => e.scrollHeight))")
        page.set_viewport_size({"width": 1400, "height": min(int(tall), 12_000)})
        page.screenshot(path=str(shot), full_page=True)
        return text


def _dashboard_shows(text: str, report: dict) -> bool:
    return report["class"] in text and all(
        any(
            re.search(rf"\b{re.escape(e['user'])}\b", line) and re.search(rf"(?<![\d/]){_answered(e)}(?!\d)", line)
            for line in text.splitlines()
        )
        for e in report["learners"]
        if _answered(e)
    )


def _answered(entry: dict) -> int:
    """A learner's questions answered, as the report counts them (``questions`` where the report counts
    questions apart from tries, else ``answered``)."""
    return int(entry.get("questions", entry["answered"]))


@pytest.fixture(scope="module")
def guide(python_for_all):
    _need(os.geteuid() == 0 and shutil.which("useradd") is not None, "root and useradd (the hub makes accounts)")
    proxy = _need_hub()
    _need(shutil.which("openssl") is not None, "openssl")
    top = Path(tempfile.mkdtemp(prefix="mjlearn-guide-"))
    top.chmod(0o711)  # the learners reach their homes in ROOT/homes through it
    _remove_accounts([TEACHER, LEARNER])  # a hub account an earlier run left (only those carrying the hub's mark)
    ports = {k: str(_free_port()) for k in ("PORT", "DB_PORT", "HUB_API_PORT", "PROXY_API_PORT")}
    values = {"ROOT": str(top / "srv"), "HOST": "localhost", **ports}
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MJLEARN_", "PG", "JUPYTER"))}
    env.update(
        PATH=f"{Path(proxy).parent}{os.pathsep}{env['PATH']}",
        PYTHONUNBUFFERED="1",
        # the test's window into each JupyterLab (kernel_run); not part of the guide
        MJLEARN_HUB_LAB_ARGS="--LabApp.expose_app_in_browser=True",
    )
    shell = Shell(_clone(python_for_all, top), env, top / "terminal.log")
    try:
        yield {
            "shell": shell,
            "values": values,
            "root": Path(values["ROOT"]),
            "top": top,
            "python": python_for_all,
            "env": env,
        }
    finally:
        with_pid = Path(values["ROOT"]) / "run" / "hub.pid"
        if with_pid.exists():  # a failure left it running: the guide's own stop command
            subprocess.run(
                [python_for_all, "-m", "mjlearn", "server", "stop", "--root", values["ROOT"]],
                capture_output=True,
                timeout=300,
                env=dict(env, PYTHONPATH=str(REPO)),
            )
        shell.close()
        _remove_accounts([TEACHER, LEARNER, "bob", "cy"])
        shutil.copy(top / "terminal.log", Path(tempfile.gettempdir()) / "mjlearn-guide-terminal.log")
        _stop_cluster(Path(values["ROOT"]))
        shutil.rmtree(top, ignore_errors=True)


def _stop_cluster(root: Path) -> None:
    """PostgreSQL of the test's root, if a failure left it running (pg_ctl, on that folder only)."""
    if (root / "db" / "postmaster.pid").exists():
        pg_ctl = max(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[4]))
        subprocess.run(
            ["runuser", "-u", "postgres", "--", str(pg_ctl), "-D", str(root / "db"), "stop", "-m", "fast"],
            capture_output=True,
            timeout=120,
        )


LOOPBACK = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1 as /proc/net writes them


def _server_processes(root: Path) -> set[int]:
    """The hub of ``root`` (its pid file), every process below it, and PostgreSQL's (postmaster.pid)."""
    parents: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                parents[int(proc.name)] = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found = {
        int((root / "run" / "hub.pid").read_text().split()[0]),
        int((root / "db" / "postmaster.pid").read_text().split()[0]),
    }
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return found


def _listening_sockets(pids: set[int]) -> set[tuple[str, int]]:
    """(address, port) of every TCP socket the processes ``pids`` listen on, from /proc/PID/fd and
    /proc/net/tcp, tcp6: what the operating system says, whatever the programs were told."""
    inodes = set()
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    target = os.readlink(fd)
                    if target.startswith("socket:["):
                        inodes.add(target[8:-1])
        except OSError:
            continue
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            parts = line.split()
            if parts[3] == "0A" and parts[9] in inodes:
                addr, port = parts[1].split(":")
                found.add((addr, int(port, 16)))
    return found


def test_the_guide_marks_its_commands():
    blocks = guide_blocks()
    first = dict(line.split("=", 1) for line in blocks[0].split())
    assert set(first) == VARIABLES, first  # the guide's only substitutions, named at the top
    assert first["ROOT"] == "/srv/mjlearn" and not first["ROOT"].startswith("/tmp")
    text = "\n".join(blocks)
    for command in ("server cert", "server start", "server status", "class create", "hub approve", "class report"):
        assert command in text, command
    assert "export " not in text and "PGPASSWORD" not in text and "unset " not in text  # one terminal, as is


def test_the_guide_from_an_empty_root_to_the_teachers_report(guide, browser):
    shell, values, root = guide["shell"], guide["values"], guide["root"]
    assert not root.exists()
    blocks = guide_blocks()
    variables = "\n".join(f"{k}={shlex.quote(values[k])}" for k in VARIABLES)  # the first block, given values
    shell.run(variables)
    port, cert = int(values["PORT"]), root / "tls" / "cert.pem"
    outputs: dict[str, str] = {}
    as_json: dict = {}
    dashboard = ""
    for block in blocks[1:]:
        if "hub approve" in block:  # the teacher and a learner sign up on the hub's HTTPS page first
            _sign_up(port, cert, TEACHER)
            _sign_up(port, cert, LEARNER)
        if "class report" in block:  # the learner answers before the teacher reads the report
            teacher, base = _log_in(port, cert, TEACHER)
            teacher.get(f"{base}/hub/authorize/{LEARNER}", timeout=300).raise_for_status()  # the teacher approves
            out = _answer_in_the_browser(browser, port, LEARNER)
            assert re.search(rf"EXIT 0 AS [1-9]\d* {LEARNER}\b", out), out
            # with a learner's server running: every socket the server's processes listen on (the hub, the
            # proxy, the learner's JupyterLab and kernels, PostgreSQL) is on 127.0.0.1 but the public one
            listening = _listening_sockets(_server_processes(root))
            assert {p for a, p in listening if a not in LOOPBACK} == {port}, listening
            assert {int(values[k]) for k in ("DB_PORT", "HUB_API_PORT", "PROXY_API_PORT")} <= {p for _, p in listening}
        if "server stop" in block:  # before it: the teacher opens the dashboard where the guide says
            shot = Path(tempfile.gettempdir()) / "mjlearn-guide-dashboard.png"
            dashboard = _dashboard_in_the_browser(browser, port, dashboard_address(), as_json, shot)
        outputs[block] = shell.run(block)
        if "class report" in block:  # the same command with --json, which the guide names for a program
            as_json = json.loads(shell.run(block.strip() + " --json"))
        if "server start" in block:
            said = outputs[block]
            assert f"https://localhost:{port}" in said and str(root / "logs" / "hub.log") in said, said
            # only the public port faces the network; the others listen on 127.0.0.1 alone
            assert _listening(port) == {"00000000"}, _listening(port)
            for inner in ("DB_PORT", "HUB_API_PORT", "PROXY_API_PORT"):
                assert _listening(int(values[inner])) == {"0100007F"}, (inner, _listening(int(values[inner])))
            assert "hub.log" in said and "postgresql.log" in said
            with urllib.request.urlopen(
                f"https://localhost:{port}/hub/api", context=ssl.create_default_context(cafile=str(cert)), timeout=60
            ) as r:
                assert r.status == 200  # HTTPS, with the guide's certificate, verified
    report = next(out for block, out in outputs.items() if "class report" in block)
    line = next((ln for ln in report.splitlines() if ln.strip().startswith(f"{LEARNER}:")), "")
    assert re.search(r"\b1\b", line) and "答对" in line, report  # ann's one answer, right
    # the others none: the same command's --json (its text words the counts its own way)
    assert {e["user"]: _answered(e) for e in as_json["learners"]} == {LEARNER: 1, "bob": 0, "cy": 0}, as_json
    # the teacher's dashboard, at the guide's address, shows the guide's class, ann and her count from the report
    made = re.search(r"class create (\S+)", "\n".join(blocks)).group(1)
    assert as_json["class"] == made
    assert _dashboard_shows(dashboard, as_json), dashboard[-3000:]
    # the guide's last command stopped everything and kept every file
    assert not (root / "run" / "hub.pid").exists() and not _listening(port)
    for kept in (
        "secrets/owner.pw",
        "secrets/class.secret",
        "db/PG_VERSION",
        "hub/jupyterhub.sqlite",
        f"homes/{LEARNER}",
    ):
        assert (root / kept).exists(), kept
    assert (root / "secrets" / "class.secret").stat().st_mode & 0o777 == 0o600


def test_the_systemd_units_run_the_server(guide):
    """The units of the guide's root pass ``systemd-analyze verify``, and their ExecStart commands, run as
    their User=, start the same database and hub (no systemd runs on a CI machine)."""
    root, python = guide["root"], guide["python"]
    if not (root / "server.json").exists():
        pytest.skip("the guide's test did not make the server")
    units = guide["top"] / "units"
    units.mkdir()
    env = dict(guide["env"], PYTHONPATH=str(REPO))
    made = subprocess.run(
        [python, "-m", "mjlearn", "server", "units", "--root", str(root), "--out", str(units)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert made.returncode == 0, made.stderr
    if shutil.which("systemd-analyze"):  # Debian's systemd package; it needs no running systemd
        checked = subprocess.run(
            ["systemd-analyze", "verify", *(str(p) for p in sorted(units.glob("*.service")))],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert checked.returncode == 0 and not checked.stderr.strip(), checked.stderr
    started = []
    try:
        for name in ("mjlearn-db.service", "mjlearn-hub.service"):
            unit = (units / name).read_text()
            command = shlex.split(re.search(r"^ExecStart=(.*)$", unit, re.MULTILINE).group(1))
            user = re.search(r"^User=(.*)$", unit, re.MULTILINE)
            log = open(guide["top"] / f"{name}.log", "wb")
            started.append(
                (
                    subprocess.Popen(
                        (["runuser", "-u", user.group(1), "--"] if user else []) + command,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        env=env,
                        cwd=root,
                    ),
                    log,
                )
            )
            if name == "mjlearn-db.service":
                end = time.monotonic() + 120
                while time.monotonic() < end and not _listening(int(guide["values"]["DB_PORT"])):
                    time.sleep(0.3)
        port, cert = int(guide["values"]["PORT"]), root / "tls" / "cert.pem"
        end = time.monotonic() + 300
        while True:
            try:
                with urllib.request.urlopen(
                    f"https://localhost:{port}/hub/api",
                    context=ssl.create_default_context(cafile=str(cert)),
                    timeout=10,
                ) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert time.monotonic() < end and started[-1][0].poll() is None, (
                    guide["top"] / "mjlearn-hub.service.log"
                ).read_text()[-3000:]
                time.sleep(1)
        status = subprocess.run(
            [python, "-m", "mjlearn", "server", "status", "--root", str(root)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert f"running, pid {started[1][0].pid}" in status.stdout, status.stdout
    finally:
        for proc, log in reversed(started):  # the hub first, then the database: our own processes
            if proc.poll() is None:
                proc.send_signal(2 if proc is started[0][0] else 15)  # systemd's KillSignal: SIGINT for postgres
                try:
                    proc.wait(timeout=120)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            log.close()
        (root / "run" / "hub.pid").unlink(missing_ok=True)


def test_the_guides_nginx_configuration_passes_nginx_t(tmp_path):
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:  # not installed for the tests: on a machine, installing it starts a web server
        pytest.skip("nginx is not installed (Debian: apt-get install nginx)")
    section = _section("On a JupyterHub")
    conf = re.search(r"```\n(map \$http_upgrade.*?)```", section, re.DOTALL).group(1)
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", str(tmp_path / "privkey.pem"), "-out", str(tmp_path / "fullchain.pem"), "-days", "2",
         "-subj", "/CN=mjlearn.school.example"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    # the certificate's two paths are the only change: nginx -t opens the files they name
    conf = conf.replace("/etc/ssl/mjlearn/", f"{tmp_path}/")
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {tmp_path};\n{conf}\n}}\n"
    )
    checked = subprocess.run(
        [nginx, "-t", "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True, timeout=60
    )
    assert checked.returncode == 0 and "syntax is ok" in checked.stderr, checked.stderr
