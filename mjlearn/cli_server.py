"""``mjlearn server``: a school's class server (database and hub) kept in one folder.

::

    mjlearn server start --root ROOT [--host NAME] [--port 443] [--teachers wang] ...
    mjlearn server stop --root ROOT
    mjlearn server status --root ROOT
    mjlearn server cert --root ROOT --host NAME       a self-signed certificate, to try HTTPS out
    mjlearn server units --root ROOT --out DIR        systemd units for the database and the hub
    mjlearn server hub --root ROOT                    the hub in the foreground (the systemd unit's command)
    mjlearn server rotate-secret --root ROOT          a new class secret and every login's password with it
    mjlearn server backup --root ROOT FILE [--force]  the database and the learners' homes in one archive
    mjlearn server restore --root ROOT FILE           that archive into a new server (hub stopped)

Everything is in ROOT (``mjlearn.deploy.server``); every refusal is one line in English and Chinese.
"""

from __future__ import annotations

import argparse
import json
import sys

from .deploy import HubConfigError, SecretError
from .deploy.server import Server, ServerError

__all__ = ["add_parser", "run"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "server",
        help="a school's class server in one folder / 学校的班级服务器",
        description="Start, stop and look at a school's class server (PostgreSQL and JupyterHub), with all "
        "its data in one folder. 启动、停止、查看学校的班级服务器，所有数据在一个文件夹里。",
    )
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    st = sub.add_parser(
        "start",
        help="start the database and the hub / 启动",
        description="Start the class database and the hub in the background; the first start makes "
        "the folder, the owner's password and the class secret. Options are kept for the next start. "
        "启动数据库和 hub；首次启动时建立文件夹、所有者密码和班级密钥。",
    )
    st.add_argument("--host", help="the name learners' browsers use, e.g. mjlearn.school.example / 主机名")
    st.add_argument("--port", type=int, help="the public HTTPS port (default 443) / 公开端口")
    st.add_argument("--db-port", type=int, help="PostgreSQL's port on 127.0.0.1 (default 5432)")
    st.add_argument("--hub-api-port", type=int, help="the hub's API port on 127.0.0.1 (default 8081)")
    st.add_argument("--proxy-api-port", type=int, help="the proxy's API port on 127.0.0.1 (default 8001)")
    st.add_argument("--teachers", help="the teachers, comma separated (they approve the learners) / 老师")
    st.add_argument("--class", dest="class_name", help="the class the dashboard opens on / 班级")
    st.add_argument("--cert", help="the school's TLS certificate (default ROOT/tls/cert.pem) / 证书")
    st.add_argument("--key", help="its key (default ROOT/tls/key.pem) / 私钥")
    st.add_argument(
        "--behind-proxy",
        action="store_true",
        default=None,
        help="plain HTTP on 127.0.0.1:PORT for nginx or Caddy in front / 在反向代理之后",
    )
    st.add_argument("--python", help="the Python the users' servers run (default: this one)")
    sp = sub.add_parser("stop", help="stop the hub and the database; every file is kept / 停止")
    sp.add_argument("--hub-only", action="store_true", help="stop the hub and keep the database running / 只停止 hub")
    stat = sub.add_parser("status", help="running or not, the address, the ports and the logs / 状态")
    stat.add_argument("--json", action="store_true", help="as JSON, for a program")
    sub.add_parser("hub", help="the hub in the foreground (a systemd unit's command) / 前台运行 hub")
    ce = sub.add_parser("cert", help="a self-signed certificate (openssl), to try HTTPS out / 自签名证书")
    ce.add_argument("--host", required=True, help="the server's name / 主机名")
    un = sub.add_parser("units", help="write systemd units for the database and the hub / systemd 单元文件")
    un.add_argument("--out", required=True, help="the folder to write them into, e.g. /etc/systemd/system")
    sub.add_parser(
        "rotate-secret",
        help="a new class secret and every login's password with it (hub stopped) / 更换班级密钥",
        description="Make a new class secret and give every learner's and teacher's login the password "
        "derived from it, in one transaction; the hub must be stopped (--hub-only) and the database running. "
        "生成新的班级密钥并更新所有学员和老师的数据库密码；须先停止 hub，数据库须在运行。",
    )
    bk = sub.add_parser(
        "backup",
        help="the database and the learners' homes in one archive / 备份数据库和学员主目录",
        description="Write the class database and ROOT/homes to one new archive (tar.gz, readable by its "
        "owner only); run as root so every learner's files are read. "
        "把班级数据库和学员主目录写入一个新的备份文件（tar.gz，仅所有者可读）；请以 root 运行。",
    )
    bk.add_argument("file", metavar="FILE", help="the archive to write (a new file) / 备份文件")
    bk.add_argument("--force", action="store_true", help="replace FILE if it exists / 覆盖已有文件")
    rs = sub.add_parser(
        "restore",
        help="restore such an archive into a new server / 恢复备份到新服务器",
        description="Restore an archive of server backup into a server whose database holds no data and "
        "whose homes folder is empty, with its hub stopped (--hub-only). "
        "把备份恢复到数据库无数据、homes 为空的新服务器（须先只停止 hub）。",
    )
    rs.add_argument("file", metavar="FILE", help="the archive / 备份文件")
    for q in sub.choices.values():
        q.add_argument("--root", required=True, help="the server's folder, e.g. /srv/mjlearn / 服务器文件夹")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    server = Server(args.root)
    try:
        if args.action == "start":
            teachers = [t.strip() for t in args.teachers.split(",") if t.strip()] if args.teachers else None
            server.start(
                {
                    "host": args.host,
                    "port": args.port,
                    "db_port": args.db_port,
                    "hub_api_port": args.hub_api_port,
                    "proxy_api_port": args.proxy_api_port,
                    "teachers": teachers,
                    "class_name": args.class_name,
                    "cert": args.cert,
                    "key": args.key,
                    "behind_proxy": args.behind_proxy,
                    "python": args.python,
                }
            )
        elif args.action == "stop":
            server.stop(hub_only=args.hub_only)
        elif args.action == "rotate-secret":
            from .deploy.rotate import rotate_secret

            rotate_secret(server)
        elif args.action in ("backup", "restore"):
            from .deploy import backup as archive

            if args.action == "backup":
                archive.report(archive.backup(server, args.file, force=args.force), "backup")
            else:
                archive.report(archive.restore(server, args.file), "restore")
        elif args.action == "status":
            said = server.status()
            if args.json:
                print(json.dumps(said, indent=1, ensure_ascii=False))
            else:
                print(f"class server / 班级服务器: {said['root']}")
                zh = lambda state: "运行中" if state.startswith("running") else "已停止"
                print(
                    f"  JupyterHub: {said['hub']} / {zh(said['hub'])}; "
                    f"database / 数据库: {said['database']} / {zh(said['database'])}"
                )
                print(f"  address / 地址: {said['address']}")
                for what, port in said["ports"].items():
                    print(f"  port / 端口 {port}: {what}")
                print(f"  logs / 日志: {', '.join(said['logs'])}")
                print(f"  owner's login / 所有者账号: {said['owner']}")
        elif args.action == "hub":
            server.exec_hub()
        elif args.action == "cert":
            from .deploy.service import self_signed

            cert, key = self_signed(server, args.host)
            print(f"a self-signed certificate (openssl) for {args.host}: {cert}, key {key} / 已生成自签名证书")
        elif args.action == "units":
            from .deploy.service import units

            for path in units(server, args.out):
                print(path)
    except (ServerError, HubConfigError, SecretError) as e:
        print(f"mjlearn server: {e}", file=sys.stderr)
        return 2
    return 0
