"""The class server as a machine's services: a self-signed certificate to try HTTPS, and systemd units.

:func:`self_signed` makes a key and a certificate with OpenSSL's own command (``openssl req -x509``,
on every Linux server; no Python package to install): for trying the server out, since browsers warn
about a certificate no authority signed; a school puts its own in with ``--cert``/``--key``.

:func:`units` writes two systemd units for a class server's ROOT: ``mjlearn-db.service`` runs
PostgreSQL's ``postgres`` on the cluster in ROOT/db as the postgres user, and ``mjlearn-hub.service``
runs ``mjlearn server hub --root ROOT`` (JupyterHub in the foreground, logging to ROOT/logs/hub.log).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .server import Server, ServerError, _refuse

__all__ = ["self_signed", "units"]


def self_signed(server: Server, host: str, days: int = 825) -> tuple[Path, Path]:
    """A new self-signed certificate for ``host`` (and 127.0.0.1) in ROOT/tls: key.pem (mode 600) and
    cert.pem; an existing pair is never replaced."""
    server.check_root(create=True)
    openssl = shutil.which("openssl")
    if openssl is None:
        raise ServerError("openssl is not installed (Debian/Ubuntu: apt-get install openssl)  （未安装 openssl）")
    if not host or any(c in host for c in ",/= \n") or len(host) > 253:
        _refuse(f"{host!r} is not a host name", f"{host!r} 不是主机名")
    cert, key = server.tls / "cert.pem", server.tls / "key.pem"
    if cert.exists() or key.exists():
        _refuse(
            f"{server.tls} holds a certificate already; remove cert.pem and key.pem there to make a new one",
            f"{server.tls} 中已有证书；如需新证书请先删除 cert.pem 和 key.pem",
        )
    server.root.mkdir(mode=0o711, exist_ok=True)
    server.tls.mkdir(mode=0o700, exist_ok=True)
    names = f"DNS:{host},DNS:localhost,IP:127.0.0.1"
    old = os.umask(0o077)
    try:
        made = subprocess.run(
            [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", str(key), "-out", str(cert), "-days", str(days), "-subj", f"/CN={host}",
             "-addext", f"subjectAltName={names}"],
            check=False, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    finally:
        os.umask(old)
    if made.returncode:
        key.unlink(missing_ok=True)
        cert.unlink(missing_ok=True)
        raise ServerError(f"openssl failed: {made.stderr.strip()[-300:]}  （openssl 生成证书失败）")
    os.chmod(key, 0o600)
    os.chmod(cert, 0o644)
    return cert, key


def units(server: Server, out_dir: str | os.PathLike) -> list[Path]:
    """``mjlearn-db.service`` and ``mjlearn-hub.service`` for ``server``, written into ``out_dir``."""
    server.check_root(create=False)
    s = server.settings()
    bindir, _ = server.cluster.programs()
    python = s.python or sys.executable
    db = f"""[Unit]
Description=mjlearn class database (PostgreSQL in {server.db})
After=network.target

[Service]
Type=notify
User=postgres
ExecStart={bindir / "postgres"} -D {server.db} {server.cluster.options(s.db_port)}
ExecReload=/bin/kill -HUP $MAINPID
KillMode=mixed
KillSignal=SIGINT
TimeoutSec=300
StandardOutput=append:{server.db_log}
StandardError=inherit

[Install]
WantedBy=multi-user.target
"""
    hub = f"""[Unit]
Description=mjlearn class hub (JupyterHub for {server.root})
Requires=mjlearn-db.service
After=mjlearn-db.service network-online.target

[Service]
Type=simple
ExecStart={python} -m mjlearn server hub --root {server.root}
WorkingDirectory={server.hub}
KillMode=mixed
TimeoutStopSec=120
Restart=on-failure
StandardOutput=append:{server.hub_log}
StandardError=inherit

[Install]
WantedBy=multi-user.target
"""
    folder = Path(out_dir)
    written = []
    for name, text in (("mjlearn-db.service", db), ("mjlearn-hub.service", hub)):
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
