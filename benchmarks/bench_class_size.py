"""How big a server a class needs: N simulated learners on this machine, each a real JupyterHub user.

    python benchmarks/bench_class_size.py [N] [--parallel P] [--answers K] [--kernel-idle S] [--server-idle S]

Starts, as a school would run them:
- PostgreSQL (tests/pg.py's way: as the ``postgres`` user, 127.0.0.1 only, passwords asked: scram-sha-256),
  with a class database, a class, N learners' logins (passwords derived from a class secret, as
  ``mjlearn class add`` makes them) and an assignment;
- JupyterHub with mjlearn's shipped configuration (mjlearn/deploy/jupyterhub_config.py, ``configure``):
  the class database template and secret file, the idle culler stopping servers idle for
  ``--server-idle`` seconds; this benchmark's own additions (in its own config file, never in the
  shipped one): the demonstration's authenticator, one system account for every server (the simple
  spawner, each user their own home folder, ``--allow-root`` as this machine runs as root), a
  service token to drive the hub's REST API, the learners' kernels culled after ``--kernel-idle``
  seconds idle with no browser connected, and activity reported every 10 seconds.

Then each learner (P at a time): the hub creates the user and starts their server; a kernel is started
in it through the server's REST API and a WebSocket (the "browser"), which runs what lesson 11 runs:
imports mjlearn, shows ``my_assignments()``, opens the assignment's quiz widget on the class database
with the learner's own login and records K answers a second apart. While the browsers stay open, they
poll the server as JupyterLab does. Measured:
- memory: PSS (proportional set size, /proc/PID/smaps_rollup: shared pages divided among their
  users, so the sum is what the machine really gives) of each learner's server, each kernel, the hub,
  its proxy and culler, and PostgreSQL; RSS beside for comparison;
- the class database's connections per learner (pg_stat_activity, sampled every 20 ms): the most
  at once while answering, and at idle with the browsers open;
- culling: the browsers close; the kernels are culled, then the servers; what each frees.
Prints a table, with the figures for 30, 100 and 300 learners: measured where N reached them,
extrapolated (straight line from the per-learner figures measured here) otherwise, and marked so.
``--code DIR`` runs another checkout's mjlearn in the hub, servers and kernels (to compare with it).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

SIZES = (30, 100, 300)
QUIZ_SET = "week1_tiles_and_waits.json"
POLL_S = 10  # a JupyterLab page polls its server's kernels and sessions about this often

HUB_CONFIG = """
import sys
sys.path.insert(0, {code!r})
from mjlearn.deploy.jupyterhub_config import configure

c = get_config()
configure(c)  # mjlearn's shipped configuration, from the environment; what follows is the benchmark's
c.SimpleLocalProcessSpawner.home_dir_template = {homes!r} + "/{{username}}"
c.Spawner.args = [
    "--allow-root",
    "--MappingKernelManager.cull_idle_timeout={kernel_idle}",
    "--MappingKernelManager.cull_interval=10",
]
c.Spawner.environment["MJLEARN_DATA_DIR"] = lambda spawner: {homes!r} + "/" + spawner.user.name + "/.mjlearn"
c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] = "10"
c.Spawner.environment["MJLEARN_BENCH_RUN"] = {run!r}
c.JupyterHub.last_activity_interval = 10
c.JupyterHub.services.append({{"name": "bench", "api_token": {token!r}}})
c.JupyterHub.load_roles.append(
    {{"name": "bench", "services": ["bench"], "scopes": ["admin:users", "admin:servers", "access:servers"]}}
)
"""

KERNEL = """
import time
from IPython.display import display
from mjlearn.dashboard import my_assignments
from mjlearn.db.assignments import assignment_tag
from mjlearn.db.classes import Classroom
from mjlearn.quiz import grade, solve
display(my_assignments())
room = Classroom()
quiz_set = room.quiz_set({aid})
display(quiz_set.widget(store=room.store, quiz=assignment_tag({aid})))
took = []
for k, q in enumerate(list(quiz_set)[:{answers}]):
    time.sleep(1.0)
    a = solve(q)
    t = time.perf_counter()
    room.store.record(q, a, grade(q, a), quiz=assignment_tag({aid}), seconds=float(k + 1))
    took.append(time.perf_counter() - t)
print("ANSWERED", len(room.store.rows()), *took)
"""


# -- memory of processes, from /proc ----------------------------------------------------------------------
def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _memory_kb(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of a process in kB, from smaps_rollup (0, 0 when it is gone)."""
    text = _read(Path(f"/proc/{pid}/smaps_rollup")).decode()
    pss = re.search(r"^Pss:\s+(\d+)", text, re.MULTILINE)
    rss = re.search(r"^Rss:\s+(\d+)", text, re.MULTILINE)
    return (int(pss.group(1)) if pss else 0, int(rss.group(1)) if rss else 0)


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        out += [int(p) for p in _read(task / "children").split()]
    return out


def _tree(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += _children(p)
    return found


def learner_processes(run: str) -> dict[str, dict[str, list[int]]]:
    """Each learner's processes of this run (marked by the environment the hub gave them): their server
    and their kernels."""
    mark = f"MJLEARN_BENCH_RUN={run}".encode()
    out: dict[str, dict[str, list[int]]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        env = _read(proc / "environ").split(b"\0")
        if mark not in env:
            continue
        user = next((e.split(b"=", 1)[1].decode() for e in env if e.startswith(b"JUPYTERHUB_USER=")), "?")
        cmd = _read(proc / "cmdline").replace(b"\0", b" ").decode(errors="replace")
        kind = "kernel" if "ipykernel" in cmd else "server" if "singleuser" in cmd else "other"
        out.setdefault(user, {}).setdefault(kind, []).append(int(proc.name))
    return out


def _sum(pids) -> tuple[int, int]:
    pss = rss = 0
    for p in pids:
        a, b = _memory_kb(p)
        pss, rss = pss + a, rss + b
    return pss, rss


# -- the hub's and the servers' APIs -------------------------------------------------------------------------
class Api:
    def __init__(self, base: str, token: str):
        self.base, self.token = base, token

    def call(self, method: str, path: str, body=None, timeout: float = 60):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Authorization", f"token {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=timeout) as r:
            text = r.read()
        return json.loads(text) if text else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_code(api: Api, user: str, kernel: str, code: str, timeout: float = 600):
    """Run ``code`` in a kernel through its WebSocket (what a notebook page does); returns the socket
    (left open: the browser stays on the page) and the printed text."""
    import websocket

    url = api.base.replace("http://", "ws://") + f"/user/{user}/api/kernels/{kernel}/channels"
    ws = websocket.create_connection(url, header=[f"Authorization: token {api.token}"], timeout=timeout)
    msg_id = uuid.uuid4().hex
    ws.send(
        json.dumps(
            {
                "header": {
                    "msg_id": msg_id,
                    "username": user,
                    "session": uuid.uuid4().hex,
                    "msg_type": "execute_request",
                    "version": "5.3",
                },
                "parent_header": {},
                "metadata": {},
                "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {}},
                "channel": "shell",
                "buffers": [],
            }
        )
    )
    out = []
    while True:
        msg = json.loads(ws.recv())
        if msg.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = msg["header"]["msg_type"]
        if kind == "stream":
            out.append(msg["content"]["text"])
        elif kind == "error":
            out.append(f"{msg['content']['ename']}: {msg['content']['evalue']}")
        elif kind == "execute_reply":
            return ws, "".join(out)


class Sampler(threading.Thread):
    """pg_stat_activity every 20 ms: the most connections each learner's login held at once."""

    def __init__(self, owner_url: str, logins: set[str]):
        super().__init__(daemon=True)
        import sqlalchemy as sa

        self.engine = sa.create_engine(owner_url, poolclass=sa.pool.NullPool)
        self.logins, self.most, self.total_most = logins, {}, 0
        self.stop_flag = threading.Event()

    def now(self) -> dict[str, int]:
        with self.engine.connect() as c:
            rows = c.exec_driver_sql(
                "SELECT usename, count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() GROUP BY usename"
            ).all()
        return {u: int(n) for u, n in rows if u in self.logins}

    def run(self):
        with self.engine.connect() as c:
            while not self.stop_flag.is_set():
                rows = c.exec_driver_sql(
                    "SELECT usename, count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() GROUP BY usename"
                ).all()
                c.rollback()
                seen = {u: int(n) for u, n in rows if u in self.logins}
                for u, n in seen.items():
                    self.most[u] = max(self.most.get(u, 0), n)
                self.total_most = max(self.total_most, sum(seen.values()))
                time.sleep(0.02)


# -- the run ------------------------------------------------------------------------------------------------
def _proxy() -> str:
    found = shutil.which("configurable-http-proxy") or str(
        Path(sys.executable).parent.parent / "chp" / "bin" / "configurable-http-proxy"
    )
    if not Path(found).exists():
        raise SystemExit("configurable-http-proxy is not installed (tools/bootstrap.py installs it)")
    return found


def _wait(pred, timeout: float, what: str, step: float = 1.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = pred()
        if value:
            return value
        time.sleep(step)
    raise RuntimeError(f"{what} did not happen within {timeout:.0f} s")


def _mb(kb: float) -> str:
    return f"{kb / 1024:,.0f} MB"


class Run:
    """One benchmark run: its database, its hub, its learners."""

    def __init__(self, args):
        self.args, self.top = args, Path(tempfile.mkdtemp(prefix="mjlearn-size-"))
        self.run_id, self.token = secrets.token_hex(4), secrets.token_hex(32)
        self.names = [f"learner{n:03d}" for n in range(1, args.learners + 1)]
        self.browsers: dict[str, object] = {}
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.lock = threading.Lock()
        self.closed = threading.Event()

    def class_database(self, server, password: str) -> str:
        import sqlalchemy as sa

        from mjlearn import db
        from mjlearn.db.classes import Classroom
        from mjlearn.deploy import generate_secret

        admin = sa.create_engine(
            server.url().replace("postgres@", f"postgres:{password}@"), isolation_level="AUTOCOMMIT"
        )
        with admin.connect() as c:
            c.exec_driver_sql("CREATE DATABASE mjlearn")
        admin.dispose()
        owner = f"postgresql+psycopg://postgres:{password}@127.0.0.1:{server.port}/mjlearn"
        db.upgrade(owner)
        self.secret_file = self.top / "class-secret"
        self.secret_file.write_text(generate_secret() + "\n")
        self.secret_file.chmod(0o600)
        os.environ["MJLEARN_DB_SECRET_FILE"] = str(self.secret_file)  # class add sets each login's password
        with Classroom(url=owner) as room:
            room.create("size", teachers=["wang"])
            room.add("size", self.names)
            self.aid = room.assign("size", QUIZ_SET)
        del os.environ["MJLEARN_DB_SECRET_FILE"]
        return owner

    def start_hub(self, pg_port: int) -> Api:
        a, homes = self.args, self.top / "homes"
        homes.mkdir()
        cfg = self.top / "bench_hub_config.py"
        cfg.write_text(
            HUB_CONFIG.format(
                code=str(a.code), homes=str(homes), kernel_idle=a.kernel_idle, run=self.run_id, token=self.token
            )
        )
        port = _free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("MJLEARN_", "PG"))}
        env.update(
            MJLEARN_HUB_DEMO="1",
            MJLEARN_HUB_SPAWNER="jupyterhub.spawner.SimpleLocalProcessSpawner",
            MJLEARN_HUB_IDLE_TIMEOUT=str(a.server_idle),
            MJLEARN_HUB_PORT=str(port),
            MJLEARN_HUB_STATE=str(self.top / "state"),
            MJLEARN_DB_TEMPLATE=f"postgresql+psycopg://{{user}}@127.0.0.1:{pg_port}/mjlearn",
            MJLEARN_DB_SECRET_FILE=str(self.secret_file),
            MJLEARN_CLASS="size",
            PATH=f"{Path(_proxy()).parent}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
            PYTHONPATH=str(a.code),
        )
        self.hub_log = open(self.top / "hub.log", "wb")
        self.hub = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyterhub",
                "-f",
                str(cfg),
                f"--JupyterHub.hub_bind_url=http://127.0.0.1:{_free_port()}",
                f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}",
            ],
            cwd=self.top,
            env=env,
            stdout=self.hub_log,
            stderr=subprocess.STDOUT,
        )
        api = Api(f"http://127.0.0.1:{port}", self.token)

        def up():
            if self.hub.poll() is not None:
                raise RuntimeError(f"jupyterhub exited: {(self.top / 'hub.log').read_text()[-2000:]}")
            try:
                return api.call("GET", "/hub/api/", timeout=3) is not None
            except OSError:
                return False

        _wait(up, 180, "the hub starting")
        _wait(lambda: len(self.hub_side()) >= 3, 60, "the proxy and culler starting")  # hub, proxy, culler
        return api

    def hub_side(self) -> list[int]:
        """The hub's own processes (the hub, its proxy, its culler): its tree without the learners'."""
        ours = {p for kinds in learner_processes(self.run_id).values() for ps in kinds.values() for p in ps}
        return [p for p in _tree(self.hub.pid) if p not in ours]

    def learner(self, api: Api, name: str) -> None:
        try:
            api.call("POST", f"/hub/api/users/{name}")
            api.call("POST", f"/hub/api/users/{name}/server")
            _wait(
                lambda: (api.call("GET", f"/hub/api/users/{name}")["servers"].get("", {}) or {}).get("ready"),
                600,
                f"{name}'s server starting",
            )
            kernel = api.call("POST", f"/user/{name}/api/kernels", {"name": "python3"})["id"]
            ws, out = run_code(api, name, kernel, KERNEL.format(aid=self.aid, answers=self.args.answers))
            words = out.split()
            if "ANSWERED" not in words or words[words.index("ANSWERED") + 1] != str(self.args.answers):
                raise RuntimeError(out.strip()[-500:])
            with self.lock:
                self.browsers[name] = ws
                self.latencies += [float(x) for x in words[words.index("ANSWERED") + 2 :]]
            print(f"  {name}: answered {self.args.answers}", flush=True)
        except Exception as e:
            with self.lock:
                self.failures.append(f"{name}: {type(e).__name__}: {str(e)[:300]}")
            print(f"  {name}: FAILED {type(e).__name__}: {str(e)[:300]}", flush=True)

    def poll_pages(self, api: Api) -> None:
        """The open JupyterLab pages: they read their kernels' sockets (answering the server's pings, so it
        keeps them connected) and poll their servers, as the browser does, until the browsers close."""
        import websocket

        polled = time.monotonic()
        while not self.closed.wait(1.0):
            for ws in list(self.browsers.values()):
                ws.settimeout(0.05)
                try:
                    while True:
                        ws.recv()
                except (websocket.WebSocketTimeoutException, websocket.WebSocketConnectionClosedException, OSError):
                    pass
            if time.monotonic() - polled >= POLL_S:
                polled = time.monotonic()
                for name in list(self.browsers):
                    try:
                        api.call("GET", f"/user/{name}/api/kernels", timeout=30)
                    except (OSError, urllib.error.HTTPError):
                        pass

    def memory(self) -> dict:
        procs = learner_processes(self.run_id)
        servers = [_sum(k.get("server", [])) for k in procs.values() if k.get("server")]
        kernels = [_sum([p]) for k in procs.values() for p in k.get("kernel", [])]
        return {
            "servers": servers,
            "kernels": kernels,
            "hub": _sum(self.hub_side()),
            "pg": _sum(_tree(self.pg_pid)),
            "learners": {
                kind: sum(len(v) for k in procs.values() for kk, v in k.items() if kk == kind)
                for kind in ("server", "kernel")
            },
        }


def _mean(pairs) -> tuple[float, float]:
    return (statistics.fmean(p[0] for p in pairs), statistics.fmean(p[1] for p in pairs)) if pairs else (0.0, 0.0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("learners", type=int, nargs="?", default=3)
    p.add_argument("--parallel", type=int, default=3, help="learners starting at once (default 3)")
    p.add_argument("--answers", type=int, default=5, help="answers each learner records (default 5)")
    p.add_argument("--kernel-idle", type=int, default=60, help="seconds before an idle kernel is culled")
    p.add_argument("--server-idle", type=int, default=120, help="seconds before an idle server is culled (>= 60)")
    p.add_argument("--code", type=Path, default=ROOT, help="the checkout whose mjlearn the hub runs")
    args = p.parse_args(argv)
    run = Run(args)
    try:
        return _measure(args, run)
    finally:
        shutil.rmtree(run.top, ignore_errors=True)  # the homes, the hub's state, the secret: this run's own


def _measure(args, run: Run) -> int:
    from pg import password_server

    print(f"$ {' '.join([Path(sys.executable).name, *sys.argv])}", flush=True)
    started = time.monotonic()
    password = secrets.token_urlsafe(16)
    with password_server(password) as server:
        run.pg_pid = int((server.data / "postmaster.pid").read_text().split()[0])
        owner = run.class_database(server, password)
        api = run.start_hub(server.port)
        try:
            time.sleep(3)
            hub0 = _sum(run.hub_side())
            sampler = Sampler(owner, set(run.names))
            sampler.start()
            poller = threading.Thread(target=run.poll_pages, args=(api,), daemon=True)
            poller.start()
            t = time.monotonic()
            with ThreadPoolExecutor(args.parallel) as pool:
                list(pool.map(lambda n: run.learner(api, n), run.names))
            load_s = time.monotonic() - t
            time.sleep(3)
            idle_open = sampler.now()
            busy_most = dict(sampler.most)
            total_most = sampler.total_most
            full = run.memory()
            for ws in run.browsers.values():  # the learners close their browsers
                ws.close()
            run.closed.set()
            closed_at = time.monotonic()
            time.sleep(3)
            idle_closed = sampler.now()
            _wait(lambda: run.memory()["learners"]["kernel"] == 0, args.kernel_idle + 180, "the kernels' culling", 2)
            kernel_culled_s = time.monotonic() - closed_at
            no_kernels = run.memory()
            _wait(
                lambda: run.memory()["learners"]["server"] == 0, args.server_idle * 2 + 240, "the servers' culling", 2
            )
            server_culled_s = time.monotonic() - closed_at
            no_servers = run.memory()
            sampler.stop_flag.set()
        finally:
            run.closed.set()
            run.hub.terminate()  # our own hub: it stops the servers it started (cleanup_servers)
            try:
                run.hub.wait(timeout=120)
            except subprocess.TimeoutExpired:
                run.hub.kill()
            for kinds in learner_processes(run.run_id).values():  # anything of this run left: ours, by pid
                for pids in kinds.values():
                    for pid in pids:
                        try:
                            os.kill(pid, 9)
                        except OSError:
                            pass
    shutil.rmtree(server.data.parent, ignore_errors=True)
    report(args, run, locals())
    print(f"(the whole run took {time.monotonic() - started:.0f} s)")
    return 1 if run.failures else 0


def report(args, run: Run, m: dict) -> None:
    n_ok = len(run.browsers)
    server, kernel = _mean(m["full"]["servers"]), _mean(m["full"]["kernels"])
    hub0, hub_n, hub_end = m["hub0"], m["full"]["hub"], m["no_servers"]["hub"]
    # the hub's growth per learner (its user table, its proxy's routes); PSS may even fall as the servers
    # share the hub's library pages, so never less than nothing
    hub_slope = max(0.0, (hub_n[0] - hub0[0]) / n_ok) if n_ok else 0.0
    per_busy = max(m["busy_most"].values(), default=0)
    per_idle_open = max(m["idle_open"].values(), default=0)
    per_idle_closed = max(m["idle_closed"].values(), default=0)
    lat = sorted(run.latencies)
    print()
    print(
        f"Measured here: {n_ok} of {args.learners} learners ({len(run.failures)} failed), {args.answers} answers each,"
    )
    print(
        f"  {args.parallel} starting at once; all started and answered in {m['load_s']:.0f} s on this machine's cores."
    )
    for f in run.failures:
        print(f"  FAILED {f}")
    print(
        f"  running when measured (browsers open): {m['full']['learners']['server']} servers, {len(m['full']['kernels'])} kernels"
    )
    print("Memory is PSS (/proc/PID/smaps_rollup; shared pages divided among the processes sharing them), RSS beside:")
    print(f"  a learner's server (jupyterhub.singleuser)  PSS {_mb(server[0]):>9} each   RSS {_mb(server[1]):>9}")
    print(f"  a learner's kernel (lesson 11's quiz)       PSS {_mb(kernel[0]):>9} each   RSS {_mb(kernel[1]):>9}")
    print(f"  the hub + proxy + culler, no learner        PSS {_mb(hub0[0]):>9}        RSS {_mb(hub0[1]):>9}")
    print(
        f"  the hub + proxy + culler, {n_ok:>3} learners     PSS {_mb(hub_n[0]):>9}        ({hub_slope:,.0f} kB more per learner)"
    )
    print(f"  PostgreSQL (all its processes), {n_ok:>3} idle   PSS {_mb(m['full']['pg'][0]):>9}")
    print("Class database connections per learner (pg_stat_activity, sampled every 20 ms):")
    print(f"  at most at once while answering: {per_busy} (the whole class at once: {m['total_most']})")
    print(f"  idle, browser open: {per_idle_open}; idle, browser closed, kernel still running: {per_idle_closed}")
    if lat:
        print(
            f"  one answer recorded (connect, insert, commit, close): p50 {1000 * lat[len(lat) // 2]:.0f} ms, "
            f"p95 {1000 * lat[int(len(lat) * 0.95)]:.0f} ms"
        )
    kernels_freed = sum(k[0] for k in m["full"]["kernels"])
    servers_freed = sum(s[0] for s in m["no_kernels"]["servers"])
    print("Culling (the browsers closed):")
    print(
        f"  kernels idle {args.kernel_idle} s culled after {m['kernel_culled_s']:.0f} s: frees "
        f"{_mb(kernels_freed)} ({_mb(kernel[0])} a learner)"
    )
    print(
        f"  servers idle {args.server_idle} s culled after {m['server_culled_s']:.0f} s: frees "
        f"{_mb(servers_freed)}; the hub keeps {_mb(hub_end[0])}"
    )
    print()
    print(
        "| learners | servers + kernels + hub | kernels culled | servers culled | connections idle | connections at most | figures |"
    )
    print("|---:|---:|---:|---:|---:|---:|---|")
    for n in sorted({*SIZES, n_ok}):
        hub = hub0[0] + hub_slope * n
        full = hub + n * (server[0] + kernel[0])
        source = "measured" if n == n_ok else f"extrapolated from {n_ok}"
        print(
            f"| {n} | {_mb(full)} | {_mb(hub + n * server[0])} | {_mb(hub_end[0] + hub_slope * (n - n_ok))} "
            f"| {n * per_idle_closed} "
            f"| {n * per_busy} | {source} |"
        )
    print("(kernels culled: the servers and the hub; servers culled: the hub alone; connections at most: every")
    print(f" learner recording in the same instant; PostgreSQL's own processes add {_mb(m['full']['pg'][0])} here)")


if __name__ == "__main__":
    raise SystemExit(main())
