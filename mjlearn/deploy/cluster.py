"""The class server's PostgreSQL: one cluster in a folder, made once, started and stopped with
PostgreSQL's own programs (``initdb``, ``pg_ctl``; as the ``postgres`` user when run as root, since
PostgreSQL refuses root), listening on 127.0.0.1 only. ``mjlearn.deploy.server`` uses it."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

from ..errors import MjlearnError

__all__ = ["DATABASE", "OWNER", "Cluster", "ServerError", "start_in_folder"]

OWNER = "mjlearn_owner"
DATABASE = "mjlearn"


class ServerError(MjlearnError, RuntimeError):
    """The class server cannot do what was asked; nothing was changed. One line, English then Chinese."""

    heading = ("班级服务器无法执行", "The class server refused")


def _refuse(en: str, zh: str):
    raise ServerError(f"{en}  （{zh}）")


class Cluster:
    """The cluster in ``db`` (its log ``log``), its owner's password in the file ``owner_pw``; ``scratch``
    is a folder of this account where initdb's password file is kept while it runs."""

    def __init__(self, db: Path, log: Path, owner_pw: Path, scratch: Path):
        self.db, self.db_log, self.owner_pw, self.scratch = db, log, owner_pw, scratch

    def programs(self) -> tuple[Path, list[str]]:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        initdb = found[-1] if found else shutil.which("initdb")
        if not initdb:
            _refuse(
                "PostgreSQL is not installed (Debian/Ubuntu: apt-get install postgresql)",
                "未安装 PostgreSQL（Debian/Ubuntu：apt-get install postgresql）",
            )
        as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses root: its programs run as the postgres user
            runuser = shutil.which("runuser")
            try:
                import pwd

                pwd.getpwnam("postgres")
            except KeyError:
                runuser = None
            if not runuser:
                _refuse("as root this needs the postgres user and runuser", "以 root 运行需要 postgres 用户和 runuser")
            as_user = [runuser, "-u", "postgres", "--"]  # type: ignore[list-item]
        return Path(initdb).parent, as_user  # type: ignore[arg-type]

    def running(self) -> bool:
        if not (self.db / "PG_VERSION").exists():
            return False
        bindir, as_user = self.programs()
        done = subprocess.run(
            [*as_user, str(bindir / "pg_ctl"), "-D", str(self.db), "status"],
            check=False,
            capture_output=True,
            timeout=60,
        )
        return done.returncode == 0

    def options(self, port: int) -> str:
        return f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={self.db}"

    def start(self, port: int, owner_url: str, out) -> str:
        """Made if new, started if stopped, the database and its schema there; the schema's revision."""
        bindir, as_user = self.programs()
        if not (self.db / "PG_VERSION").exists():
            import tempfile

            # the password for initdb in a file only the user running it may read, removed after
            hold = Path(tempfile.mkdtemp(prefix=".initdb-", dir=self.scratch))
            pwfile = hold / "pw"
            pwfile.write_text(self.owner_pw.read_text().strip() + "\n")
            pwfile.chmod(0o600)
            if as_user:
                for path in (self.db, hold, pwfile):
                    shutil.chown(path, "postgres", "postgres")
            try:
                made = subprocess.run(
                    [*as_user, str(bindir / "initdb"), "-D", str(self.db), "-U", OWNER, "--auth-local=peer",
                     "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8", f"--pwfile={pwfile}"],
                    check=False, capture_output=True, text=True, timeout=600,
                )  # fmt: skip
            finally:
                shutil.rmtree(hold, ignore_errors=True)
            if made.returncode:
                _refuse(f"initdb failed: {made.stderr.strip()[-500:]}", "初始化数据库失败")
            print(f"a new class database in {self.db} / 已建立新的班级数据库", file=out)
        if self.running():
            print("the database is running already / 数据库已在运行", file=out)
        else:
            if not self.db_log.exists():
                self.db_log.touch(mode=0o600)
            if as_user:
                shutil.chown(self.db_log, "postgres", "postgres")
            started = subprocess.run(
                [*as_user, str(bindir / "pg_ctl"), "-D", str(self.db), "-l", str(self.db_log), "-w", "-t", "120",
                 "start", "-o", self.options(port)],
                check=False, capture_output=True, text=True, timeout=300,
            )  # fmt: skip
            if started.returncode:
                _refuse(f"PostgreSQL did not start: see {self.db_log}", f"PostgreSQL 未能启动：请查看 {self.db_log}")
        return self.create(owner_url)

    def create(self, owner_url: str) -> str:
        """The database in the running cluster, made if missing, with the newest schema; its revision."""
        import sqlalchemy as sa

        from .. import db

        engine = sa.create_engine(owner_url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as c:
                if not c.exec_driver_sql("SELECT 1 FROM pg_database WHERE datname = %(n)s", {"n": DATABASE}).scalar():
                    c.exec_driver_sql(f"CREATE DATABASE {DATABASE}")
        finally:
            engine.dispose()
        return db.upgrade(owner_url)

    def stop(self) -> bool:
        if not self.running():
            return False
        bindir, as_user = self.programs()
        subprocess.run(
            [*as_user, str(bindir / "pg_ctl"), "-D", str(self.db), "-w", "-t", "120", "stop", "-m", "fast"],
            check=False,
            capture_output=True,
            timeout=300,
        )
        return True


def start_in_folder(folder: str, port: int, owner_pw: str, out) -> None:
    """``start_class_db.sh``'s work, for a class database outside ``mjlearn server``: the cluster in
    ``folder`` (made if new, started if stopped, its log ``folder/server.log``), listening on
    127.0.0.1:``port``, the owner's password read from the file ``owner_pw``."""
    import tempfile
    from urllib.parse import quote

    data, pw = Path(folder).expanduser().absolute(), Path(owner_pw).expanduser()
    try:
        password = pw.read_text().strip()
    except OSError:
        _refuse(f"cannot read the owner password file {pw}", f"无法读取所有者密码文件 {pw}")
    cluster = Cluster(data, data / "server.log", pw, Path(tempfile.gettempdir()))
    _bindir, as_user = cluster.programs()
    if not data.is_dir():
        try:
            data.mkdir(parents=True, mode=0o700)
        except OSError:
            _refuse(
                f"cannot create {data}: choose a folder you own, e.g. ~/mjlearn-db",
                f"无法建立 {data}：请选一个你自己的文件夹，例如 ~/mjlearn-db",
            )
    if as_user:  # as root the cluster's folder belongs to the postgres user
        shutil.chown(data, "postgres", "postgres")
        data.chmod(0o700)
    url = f"postgresql+psycopg://{OWNER}:{quote(password, safe='')}@127.0.0.1:{port}/{DATABASE}"
    print("schema revision", cluster.start(port, url, out), file=out)
    print(f"class database ready: postgresql+psycopg://{OWNER}@127.0.0.1:{port}/{DATABASE} "
          f"(the owner's password is in {pw}) / 班级数据库已就绪", file=out)  # fmt: skip
    print(f"stop it with: {' '.join([*as_user, str(_bindir / 'pg_ctl')])} -D {data} stop", file=out)
