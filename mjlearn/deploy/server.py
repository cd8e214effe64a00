"""A school's class server in one folder: ``mjlearn server start/stop/status --root ROOT``.

Everything the server keeps is below ROOT, a folder of the account running it (root on a school
server), so that it survives reboots and is backed up as one (never /tmp)::

    ROOT/server.json      the settings given to ``start`` (ports, host name, teachers, class, Python)
    ROOT/secrets/         owner.pw (the database owner's password), class.secret (each login's password
                          is derived from it): made on the first start, mode 600, never printed
    ROOT/tls/             cert.pem and key.pem (``mjlearn server cert`` makes a self-signed pair)
    ROOT/db/              the PostgreSQL cluster (the postgres user's when run as root)
    ROOT/hub/             the hub's own files: user table with password hashes, cookie secret, proxy pid
    ROOT/homes/           the learners' and teachers' homes (their notebooks and answers' spool)
    ROOT/logs/            hub.log and postgresql.log
    ROOT/run/hub.pid      the running hub's process (pid and start time: a reused pid is never taken for it)

``start`` checks everything before it changes anything (the folder, the secrets' modes, the certificate,
the ports), then starts the database (``initdb`` once, never again), brings its schema up to this
mjlearn, and starts JupyterHub with the shipped configuration in the background. Only the public port
faces the network; the database, the hub's API and the proxy's API listen on 127.0.0.1. ``stop`` stops
the hub and the database and keeps every file. Every refusal is one line in English and Chinese.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from urllib.parse import quote

from . import HUB_CONFIG, generate_secret
from .cluster import DATABASE, OWNER, Cluster, ServerError, _refuse

__all__ = ["Server", "ServerError", "Settings"]


@dataclass
class Settings:
    """What ``start`` was told, kept in ROOT/server.json; a later start changes only what it is given."""

    host: str = "localhost"
    port: int = 443
    db_port: int = 5432
    hub_api_port: int = 8081
    proxy_api_port: int = 8001
    behind_proxy: bool = False  # True: plain HTTP on 127.0.0.1:port, for nginx or Caddy in front
    cert: str = ""  # default ROOT/tls/cert.pem
    key: str = ""  # default ROOT/tls/key.pem
    teachers: list[str] = field(default_factory=list)
    class_name: str = ""
    python: str = ""  # the Python the users' servers run (default: this one)


def _port(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 65535:
        _refuse(f"{what} {value!r} is not a port number (1-65535)", f"{what} {value!r} 不是端口号（1-65535）")
    return value


def _proc_start(pid: int) -> str | None:
    """The start time of process ``pid`` (field 22 of /proc/PID/stat), None when there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()[19]


class Server:
    """The class server kept in ``root``."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(os.path.abspath(os.path.expanduser(os.fspath(root))))
        self.secrets, self.tls, self.db = self.root / "secrets", self.root / "tls", self.root / "db"
        self.hub, self.homes, self.logs, self.run = (
            self.root / "hub",
            self.root / "homes",
            self.root / "logs",
            self.root / "run",
        )
        self.owner_pw, self.class_secret = self.secrets / "owner.pw", self.secrets / "class.secret"
        self.pid_file, self.hub_log, self.db_log = (
            self.run / "hub.pid",
            self.logs / "hub.log",
            self.logs / "postgresql.log",
        )
        self.settings_file = self.root / "server.json"
        self.cluster = Cluster(self.db, self.db_log, self.owner_pw, self.root)

    # -- settings -------------------------------------------------------------------------------------------
    def settings(self) -> Settings:
        try:
            data = json.loads(self.settings_file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return Settings()
        except (OSError, ValueError) as e:
            _refuse(
                f"cannot read the settings {self.settings_file}: {e}",
                f"无法读取设置文件 {self.settings_file}",
            )
        known = {f.name for f in fields(Settings)}
        if not isinstance(data, dict) or set(data) - known:
            _refuse(
                f"the settings {self.settings_file} hold unknown entries: {sorted(set(data) - known)}",
                f"设置文件 {self.settings_file} 含有未知项",
            )
        return Settings(**data)

    def save_settings(self, s: Settings) -> None:
        tmp = self.settings_file.with_name(".server.json.new")
        tmp.write_text(json.dumps(asdict(s), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, self.settings_file)

    def cert_files(self, s: Settings) -> tuple[Path, Path]:
        return Path(s.cert or self.tls / "cert.pem"), Path(s.key or self.tls / "key.pem")

    def owner_url(self, port: int | None = None, password: bool = True) -> str:
        s = self.settings()
        secret = f":{quote(self.owner_pw.read_text().strip(), safe='')}" if password else ""
        return f"postgresql+psycopg://{OWNER}{secret}@127.0.0.1:{port or s.db_port}/{DATABASE}"

    def login_url(self, login: str, password: str) -> str:
        return f"postgresql+psycopg://{quote(login, safe='')}:{quote(password, safe='')}@127.0.0.1:{self.settings().db_port}/{DATABASE}"

    # -- checks, all before anything changes --------------------------------------------------------------------
    def check_root(self, create: bool) -> None:
        """ROOT is a real folder of this account that no one else may change; its parts are not links."""
        try:
            st = self.root.lstat()
        except FileNotFoundError:
            if not create:
                _refuse(
                    f"{self.root} holds no class server (start one with mjlearn server start --root {self.root})",
                    f"{self.root} 中没有班级服务器",
                )
            parent = self.root.parent
            if not parent.is_dir():
                _refuse(f"the folder {parent} does not exist", f"文件夹 {parent} 不存在")
            return
        if stat.S_ISLNK(st.st_mode):
            _refuse(
                f"{self.root} is a symbolic link: give the real folder it points to",
                f"{self.root} 是符号链接：请给出它指向的真实文件夹",
            )
        if not stat.S_ISDIR(st.st_mode):
            _refuse(f"{self.root} is not a folder", f"{self.root} 不是文件夹")
        if st.st_uid != os.geteuid():
            _refuse(
                f"{self.root} belongs to another user (uid {st.st_uid}): the server keeps its secrets there; "
                f"use a folder of your own",
                f"{self.root} 属于其他用户（uid {st.st_uid}）；请使用自己的文件夹",
            )
        if st.st_mode & 0o022:
            _refuse(
                f"others may change {self.root} (mode {stat.S_IMODE(st.st_mode):o}): chmod 711 it first",
                f"其他人可以修改 {self.root}（权限 {stat.S_IMODE(st.st_mode):o}）：请先 chmod 711",
            )
        for part in (self.secrets, self.tls, self.db, self.hub, self.homes, self.logs, self.run, self.settings_file):
            if part.is_symlink():
                _refuse(f"{part} is a symbolic link; the server's parts are real folders", f"{part} 是符号链接")

    def check_secret_files(self) -> None:
        for path in (self.owner_pw, self.class_secret):
            try:
                st = path.lstat()
            except FileNotFoundError:
                continue
            if not stat.S_ISREG(st.st_mode):
                _refuse(f"{path} is not a plain file", f"{path} 不是普通文件")
            if st.st_mode & 0o077:
                _refuse(
                    f"{path} may be read by others (mode {stat.S_IMODE(st.st_mode):o}): run chmod 600 {path}",
                    f"{path} 其他人可以读取（权限 {stat.S_IMODE(st.st_mode):o}）：请执行 chmod 600 {path}",
                )
            if st.st_uid != os.geteuid():
                _refuse(f"{path} belongs to another user (uid {st.st_uid})", f"{path} 属于其他用户")

    def check_cert(self, s: Settings) -> None:
        if s.behind_proxy:
            return
        cert, key = self.cert_files(s)
        for path, what, zh in ((cert, "certificate", "证书"), (key, "key", "私钥")):
            try:
                with open(path, "rb") as f:
                    head = f.read(64 * 1024)
            except FileNotFoundError:
                _refuse(
                    f"the TLS {what} {path} is missing: give the school's with --cert and --key, make a "
                    f"self-signed one with mjlearn server cert --root {self.root} --host NAME, or use "
                    f"--behind-proxy with a web server in front",
                    f"缺少 TLS {zh} {path}：请用 --cert/--key 指定，或用 mjlearn server cert 生成自签名证书",
                )
            except OSError as e:
                _refuse(f"cannot read the TLS {what} {path}: {e.strerror}", f"无法读取 TLS {zh} {path}")
            if b"-----BEGIN" not in head:
                _refuse(f"{path} is not a PEM {what}", f"{path} 不是 PEM 格式的{zh}")
        st = key.stat()
        if st.st_mode & 0o077:
            _refuse(
                f"the TLS key {key} may be read by others (mode {stat.S_IMODE(st.st_mode):o}): run chmod 600 {key}",
                f"TLS 私钥 {key} 其他人可以读取：请执行 chmod 600 {key}",
            )

    def check_ports(self, s: Settings, db_running: bool) -> None:
        ports = [
            ("the public port", s.port),
            ("the hub's API port", s.hub_api_port),
            ("the proxy's API port", s.proxy_api_port),
        ]
        if not db_running:
            ports.append(("the database's port", s.db_port))
        seen: dict[int, str] = {}
        for what, port in ports:
            _port(port, what)
            if port in seen:
                _refuse(f"{what} and {seen[port]} are both {port}", f"两个端口相同：{port}")
            seen[port] = what
            with socket.socket() as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    sock.bind(("127.0.0.1" if "API" in what or "database" in what else "", port))
                except OSError as e:
                    _refuse(
                        f"{what} {port} is taken by another program ({e.strerror}): stop it, or choose another "
                        f"port (mjlearn server start --help)",
                        f"端口 {port} 已被其他程序占用：请停止它或换一个端口",
                    )

    # -- the hub's process ---------------------------------------------------------------------------------------------
    def hub_pid(self) -> int | None:
        """The pid of this root's running hub, None when it is not running (a pid file whose process
        ended, or whose pid another process now has, is stale: never that process)."""
        try:
            pid_text, started = self.pid_file.read_text().split()
            pid = int(pid_text)
        except (OSError, ValueError):
            return None
        return pid if _proc_start(pid) == started else None

    # -- the hub -------------------------------------------------------------------------------------------------------
    def hub_url(self, s: Settings) -> str:
        if s.behind_proxy:
            return f"http://127.0.0.1:{s.port}"
        return f"https://{s.host}" + ("" if s.port == 443 else f":{s.port}")

    def hub_command(self, s: Settings) -> list[str]:
        return [
            s.python or sys.executable,
            "-m",
            "jupyterhub",
            "-f",
            str(HUB_CONFIG),
            f"--JupyterHub.hub_bind_url=http://127.0.0.1:{s.hub_api_port}",
            f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{s.proxy_api_port}",
        ]

    def hub_environment(self, s: Settings) -> dict:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("PGPASSWORD", "MJLEARN_DB", "MJLEARN_DB_SECRET", "MJLEARN_HUB_DEMO", "MJLEARN_HUB_AUTH")
        }
        env.update(
            MJLEARN_HUB_STATE=str(self.hub),
            MJLEARN_HUB_HOME=str(self.homes),
            MJLEARN_DB_SECRET_FILE=str(self.class_secret),
            MJLEARN_DB_TEMPLATE=f"postgresql+psycopg://{{user}}@127.0.0.1:{s.db_port}/{DATABASE}",
            MJLEARN_HUB_TEACHERS=",".join(s.teachers),
            MJLEARN_CLASS=s.class_name,
            MJLEARN_HUB_PYTHON=s.python or sys.executable,
            PYTHONUNBUFFERED="1",
        )
        if s.behind_proxy:
            env["MJLEARN_HUB_BIND_URL"] = f"http://127.0.0.1:{s.port}"
            env.pop("MJLEARN_HUB_SSL_CERT", None)
            env.pop("MJLEARN_HUB_SSL_KEY", None)
        else:
            cert, key = self.cert_files(s)
            env.update(
                MJLEARN_HUB_BIND_URL=f"https://0.0.0.0:{s.port}",
                MJLEARN_HUB_SSL_CERT=str(cert),
                MJLEARN_HUB_SSL_KEY=str(key),
            )
        return env

    def _wait_for_hub(self, proc: subprocess.Popen, s: Settings, timeout: float) -> None:
        import http.client
        import ssl

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if proc.poll() is not None:
                self.pid_file.unlink(missing_ok=True)
                said = [
                    ln for ln in self.hub_log.read_text(errors="replace").splitlines() if ln.startswith("mjlearn hub: ")
                ]
                if said:  # the hub configuration's own one-line refusal
                    raise ServerError(said[-1].removeprefix("mjlearn hub: "))
                _refuse(
                    f"the hub stopped at once (exit code {proc.returncode}): see {self.hub_log}",
                    f"hub 启动后立即退出：请查看 {self.hub_log}",
                )
            try:
                if s.behind_proxy:
                    conn: http.client.HTTPConnection = http.client.HTTPConnection("127.0.0.1", s.port, timeout=5)
                else:
                    ctx = ssl.create_default_context()
                    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE  # our own, just started
                    conn = http.client.HTTPSConnection("127.0.0.1", s.port, timeout=5, context=ctx)
                conn.request("GET", "/hub/api")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.5)
        _refuse(
            f"the hub did not answer within {timeout:.0f} s: see {self.hub_log}", f"hub 未响应：请查看 {self.hub_log}"
        )

    # -- the commands ----------------------------------------------------------------------------------------------------
    def start(self, changes: dict, out=sys.stdout, timeout: float = 300) -> Settings:
        self.check_root(create=True)
        if self.root.exists():
            self.check_secret_files()
        pid = self.hub_pid()
        if pid is not None:
            _refuse(
                f"the class server in {self.root} is running already (hub pid {pid}); mjlearn server status "
                f"--root {self.root} says where",
                f"{self.root} 的班级服务器已在运行（hub 进程 {pid}）",
            )
        s = self.settings() if self.root.exists() else Settings()
        for k, v in changes.items():
            if v is not None:
                setattr(s, k, v)
        if not s.teachers:
            _refuse(
                "name the class's teachers the first time: --teachers wang (they approve the learners)",
                "首次启动请用 --teachers 指定老师（由老师批准学员注册）",
            )
        self.check_cert(s)
        if os.geteuid() == 0:  # the users' servers run this Python as their own accounts
            from .accounts import closed_to_others

            closed = closed_to_others(s.python or sys.executable)
            if closed is not None:
                _refuse(
                    f"the users' accounts cannot run {s.python or sys.executable}: {closed} is closed to them; "
                    f"install mjlearn where every account may run it (e.g. /opt/mjlearn) or give --python",
                    f"用户账号无法运行 {s.python or sys.executable}（{closed} 对其关闭）；请把 mjlearn 装在所有账号都能运行的位置",
                )
        db_up = self.root.exists() and self.cluster.running()
        self.check_ports(s, db_up)
        self._make_folders()
        self._make_secrets()
        self.save_settings(s)
        self.cluster.start(s.db_port, self.owner_url(), out)
        log = open(self.hub_log, "ab")  # handed to the hub's process
        os.chmod(self.hub_log, 0o600)
        try:
            proc = subprocess.Popen(
                self.hub_command(s),
                cwd=self.hub,
                env=self.hub_environment(s),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # lives on after this command, outside its terminal
            )
        finally:
            log.close()
        self.pid_file.write_text(f"{proc.pid} {_proc_start(proc.pid)}\n")
        self._wait_for_hub(proc, s, timeout)
        print(f"the class server is running: {self.hub_url(s)} / 班级服务器已启动", file=out)
        print(f"logs / 日志: {self.hub_log}, {self.db_log}", file=out)
        return s

    def exec_hub(self) -> None:
        """Become the hub, in the foreground (a systemd unit's ``ExecStart``): the database must be running
        (its own unit); the schema is brought up to this mjlearn first."""
        self.check_root(create=False)
        self.check_secret_files()
        s = self.settings()
        self.check_cert(s)
        if not self.cluster.running():
            _refuse("the class database is not running: start it first (mjlearn-db.service)", "班级数据库没有在运行")
        self.cluster.create(self.owner_url())
        self.pid_file.write_text(f"{os.getpid()} {_proc_start(os.getpid())}\n")  # the same process after exec
        os.chdir(self.hub)
        cmd = self.hub_command(s)
        os.execve(cmd[0], cmd, self.hub_environment(s))  # noqa: S606 - becomes the hub

    def stop(self, out=sys.stdout, timeout: float = 120, hub_only: bool = False) -> None:
        """Stop the hub and (unless ``hub_only``: ``rotate-secret`` needs it running) the database."""
        self.check_root(create=False)
        pid = self.hub_pid()
        db_up = self.cluster.running() and not hub_only
        if pid is None and not db_up:
            _refuse(
                f"the {'hub' if hub_only else 'class server'} in {self.root} is not running; nothing was stopped",
                f"{self.root} 的班级服务器没有在运行；未停止任何进程",
            )
        if pid is not None:
            os.kill(pid, signal.SIGTERM)  # the hub stops the proxy and the users' servers (cleanup_servers)
            end = time.monotonic() + timeout
            while _proc_start(pid) is not None and time.monotonic() < end:
                try:
                    os.waitpid(pid, os.WNOHANG)  # when this process started it (a test), reap it
                except ChildProcessError:
                    pass
                time.sleep(0.2)
            if _proc_start(pid) is not None:
                os.kill(pid, signal.SIGKILL)
            self.pid_file.unlink(missing_ok=True)
            print(f"the hub is stopped / hub 已停止 (pid {pid})", file=out)
        if not hub_only and self.cluster.stop():
            print("the database is stopped / 数据库已停止", file=out)
        print(f"every file is kept in {self.root} / 所有数据保留在 {self.root}", file=out)

    def status(self) -> dict:
        self.check_root(create=False)
        s = self.settings()
        pid = self.hub_pid()
        return {
            "root": str(self.root),
            "hub": f"running, pid {pid}" if pid else "stopped",
            "database": "running" if self.cluster.running() else "stopped",
            "address": self.hub_url(s),
            "ports": {
                "public (HTTPS)" if not s.behind_proxy else "hub (HTTP, 127.0.0.1, behind a proxy)": s.port,
                "hub API (127.0.0.1)": s.hub_api_port,
                "proxy API (127.0.0.1)": s.proxy_api_port,
                "PostgreSQL (127.0.0.1)": s.db_port,
            },
            "logs": [str(self.hub_log), str(self.db_log)],
            "owner": self.owner_url(password=False),
        }

    # -- first start -----------------------------------------------------------------------------------------------------
    def _make_folders(self) -> None:
        self.root.mkdir(mode=0o711, exist_ok=True)
        os.chmod(self.root, 0o711)  # noqa: S103 - the users reach their homes through it, and list nothing
        for folder, mode in (
            (self.secrets, 0o700),
            (self.tls, 0o700),
            (self.db, 0o700),
            (self.hub, 0o700),
            (self.homes, 0o755),
            (self.logs, 0o755),
            (self.run, 0o700),
        ):
            folder.mkdir(mode=mode, exist_ok=True)
            if folder != self.db:
                os.chmod(folder, mode)

    def _make_secrets(self) -> None:
        from ..cli_hub import write_secret

        if not self.owner_pw.exists():
            fd = os.open(self.owner_pw, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(generate_secret() + "\n")
        if not self.class_secret.exists():
            write_secret(str(self.class_secret))
