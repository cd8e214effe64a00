"""``mjlearn server backup/restore``, against two real class servers' PostgreSQL (each started from its
root folder as ``mjlearn server start`` starts it, without the hub): a class with answers and a learner's
home with a notebook are backed up into one archive and restored into a fresh root, every answer and the
notebook back byte for byte; an archive with a ``../`` member, an absolute path, a link leaving homes or a
device, a target whose database or homes folder is not empty, an existing or symlinked output file: each
refused in one bilingual line with nothing changed."""

from __future__ import annotations

import io
import os
import shutil
import tarfile
import tempfile
from pathlib import Path

import pytest
import sqlalchemy as sa
from test_class_server import mjlearn, refused, snapshot

from mjlearn.db.classes import Classroom, assignment_tag
from mjlearn.deploy import read_secret_file, role_password
from mjlearn.deploy.server import Server, Settings
from mjlearn.quiz import grade, solve

SET = "week1_tiles_and_waits.json"
ORPHAN_UID = 54321  # a uid with no account on this machine (checked in the fixture)
NOTEBOOK = b'{"cells": [{"source": "\xe6\x88\x91\xe7\x9a\x84\xe7\xad\x94\xe6\xa1\x88"}], "nbformat": 4}\n'


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server(top: Path, name: str) -> Server:
    srv = Server(top / name)
    srv.check_root(create=True)
    srv._make_folders()
    srv._make_secrets()
    srv.save_settings(Settings(db_port=_free_port(), teachers=["wang"]))
    srv.cluster.start(srv.settings().db_port, srv.owner_url(), io.StringIO())
    return srv


def _sql(url: str, stmt: str) -> list:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            return [tuple(r) for r in c.exec_driver_sql(stmt)]
    finally:
        engine.dispose()


def _rows(srv: Server) -> dict:
    return {
        t: _sql(srv.owner_url(), f"SELECT * FROM {t} ORDER BY 1")
        for t in ("answers", "classes", "class_members", "assignments")
    }


def _db_state(srv: Server) -> tuple:
    """The database's identity (a dropped and remade one has another oid) and every table's rows."""
    oid = _sql(srv.owner_url(), "SELECT oid FROM pg_database WHERE datname = current_database()")
    return oid, _rows(srv)


@pytest.fixture(scope="module")
def servers():
    """``src``: class c1 (teacher wang, learners ann and bob) with ann's and bob's answers to its
    assignment, and ann's home (a notebook, a link to it, owned by nobody); ``dst``: a fresh server."""
    if shutil.which("initdb") is None and not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        pytest.skip("PostgreSQL is not installed")
    import pwd

    with pytest.raises(KeyError):
        pwd.getpwuid(ORPHAN_UID)
    top = Path(tempfile.mkdtemp(prefix="mjlearn-srvbackup-"))
    top.chmod(0o711)  # the postgres user reaches ROOT/db through it when this runs as root
    made: list[Server] = []
    try:
        src = _server(top, "src")
        made.append(src)
        secret = read_secret_file(src.class_secret)
        url = src.owner_url()
        with Classroom(url=url) as owner:
            owner.create("c1", teachers=["wang"])
            owner.add("c1", ["ann", "bob"])
            aid = owner.assign("c1", SET, due="2099-03-01")
        engine = sa.create_engine(url)
        with engine.begin() as c:
            for who in ("ann", "bob", "wang"):
                c.exec_driver_sql(f"ALTER ROLE {who} PASSWORD '{role_password(who, secret)}'")
        engine.dispose()
        for who in ("ann", "bob"):
            with Classroom(url=src.login_url(who, role_password(who, secret))) as room:
                for q in list(room.quiz_set(aid))[:3]:
                    room.store.record(q, solve(q), grade(q, solve(q)), quiz=assignment_tag(aid), seconds=3.0)
        home = src.homes / "ann"
        home.mkdir(mode=0o700)
        (home / "11_practice.ipynb").write_bytes(NOTEBOOK)
        (home / "latest.ipynb").symlink_to("11_practice.ipynb")
        if os.geteuid() == 0:
            for p in (home, home / "11_practice.ipynb"):
                os.lchown(p, 65534, 65534)  # nobody: an account that exists here
            (home / "orphan.txt").write_bytes(b"kept\n")
            os.lchown(home / "orphan.txt", ORPHAN_UID, ORPHAN_UID)  # no account here: restored as root's
        dst = _server(top, "dst")
        made.append(dst)
        yield {"src": src, "dst": dst, "top": top}
    finally:
        for srv in made:
            srv.cluster.stop()
        shutil.rmtree(top, ignore_errors=True)


@pytest.fixture(scope="module")
def archive(servers):
    path = servers["top"] / "school.tar.gz"
    done = mjlearn("server", "backup", "--root", str(servers["src"].root), str(path))
    assert done.returncode == 0, done.stderr
    assert "backed up 6 answers" in done.stdout, done.stdout
    assert path.stat().st_mode & 0o777 == 0o600
    return path


def _hostile(servers, archive: Path, name: str, make) -> Path:
    """The real archive with one more member made by ``make(TarInfo)``."""
    bad = servers["top"] / f"{name}.tar.gz"
    with tarfile.open(archive, "r:gz") as good, tarfile.open(bad, "w:gz") as out:
        for m in good.getmembers():
            out.addfile(m, good.extractfile(m) if m.isfile() else None)
        extra = tarfile.TarInfo("x")
        data = make(extra)
        out.addfile(extra, io.BytesIO(data) if data else None)
    return bad


def _untouched(servers):
    dst, top = servers["dst"], servers["top"]
    return _db_state(dst), snapshot(dst.homes), sorted(p.name for p in top.iterdir()), snapshot(dst.root / "hub")


def _member(name, kind=tarfile.REGTYPE, link=""):
    def make(info):
        info.name, info.type, info.linkname = name, kind, link
        info.size = 5 if kind == tarfile.REGTYPE else 0
        return b"owned" if kind == tarfile.REGTYPE else None

    return make


@pytest.mark.parametrize(
    ("case", "make", "said"),
    [
        ("dotdot", _member("homes/../../escaped.txt"), "'..'"),
        ("absolute", _member("/tmp/mjlearn-escaped.txt"), "absolute path"),
        ("outside", _member("secrets/class.secret"), "outside homes/"),
        ("link-out", _member("homes/ann/evil", tarfile.SYMTYPE, "../../../../etc"), "links outside homes/"),
        ("link-abs", _member("homes/ann/evil", tarfile.SYMTYPE, "/etc/passwd"), "absolute path"),
        ("device", _member("homes/ann/disk", tarfile.BLKTYPE), "device"),
        ("hardlink-out", _member("homes/ann/key", tarfile.LNKTYPE, "secrets/owner.pw"), "links outside homes/"),
    ],
)
def test_a_hostile_archive_is_refused_with_nothing_changed(servers, archive, case, make, said):
    bad = _hostile(servers, archive, case, make)
    before = _untouched(servers)
    refused(mjlearn("server", "restore", "--root", str(servers["dst"].root), str(bad)), said, "nothing was changed")
    assert _untouched(servers) == before
    assert not os.path.lexists("/tmp/mjlearn-escaped.txt")
    bad.unlink()


@pytest.mark.parametrize("case", ["not gzip", "not a dump"])
def test_a_damaged_archive_is_refused_with_nothing_changed(servers, archive, case):
    bad = servers["top"] / "damaged.tar.gz"
    if case == "not gzip":
        bad.write_bytes(b"this is not an archive\n" * 10)
    else:  # a well-formed archive whose database dump is something else: found before the database is touched
        with tarfile.open(archive, "r:gz") as good, tarfile.open(bad, "w:gz") as out:
            for m in good.getmembers():
                if m.name == "class.dump":
                    m.size = 12
                    out.addfile(m, io.BytesIO(b"not a dump\n\n"))
                else:
                    out.addfile(m, good.extractfile(m) if m.isfile() else None)
    before = _untouched(servers)
    said = refused(mjlearn("server", "restore", "--root", str(servers["dst"].root), str(bad)), "nothing was changed")
    assert ("cannot read" if case == "not gzip" else "pg_dump") in said
    assert _untouched(servers) == before
    bad.unlink()


def test_an_existing_or_symlinked_output_file_is_refused(servers, archive):
    top, src = servers["top"], servers["src"]
    precious = top / "precious.txt"
    precious.write_text("the teacher's own file\n")
    (top / "link.tar.gz").symlink_to(precious)
    for extra in ([], ["--force"]):
        refused(mjlearn("server", "backup", "--root", str(src.root), str(top / "link.tar.gz"), *extra), "symbolic link")
    refused(mjlearn("server", "backup", "--root", str(src.root), str(precious)), "exists already", "--force")
    assert precious.read_text() == "the teacher's own file\n" and (top / "link.tar.gz").is_symlink()
    assert not [p for p in top.iterdir() if p.name.endswith(".tmp")]
    (top / "link.tar.gz").unlink()
    precious.unlink()


def test_a_non_empty_homes_folder_is_refused(servers, archive):
    dst = servers["dst"]
    (dst.homes / "someone").mkdir()
    try:
        before = _untouched(servers)
        refused(mjlearn("server", "restore", "--root", str(dst.root), str(archive)), "not empty", "nothing was changed")
        assert _untouched(servers) == before
    finally:
        (dst.homes / "someone").rmdir()


def test_restore_into_a_fresh_server_brings_every_answer_and_the_notebook_back(servers, archive):
    src, dst = servers["src"], servers["dst"]
    done = mjlearn("server", "restore", "--root", str(dst.root), str(archive))
    assert done.returncode == 0, done.stderr
    assert "restored 6 answers" in done.stdout, done.stdout
    assert _rows(dst) == _rows(src)
    home = dst.homes / "ann"
    assert (home / "11_practice.ipynb").read_bytes() == NOTEBOOK
    assert (home / "latest.ipynb").is_symlink() and os.readlink(home / "latest.ipynb") == "11_practice.ipynb"
    assert home.stat().st_mode & 0o777 == 0o700
    if os.geteuid() == 0:
        assert home.stat().st_uid == 65534 and (home / "11_practice.ipynb").stat().st_uid == 65534
        assert (home / "orphan.txt").stat().st_uid == 0 and (home / "orphan.txt").read_bytes() == b"kept\n"
    secret = read_secret_file(dst.class_secret)  # ann logs in to the new server with its secret's password
    with Classroom(url=dst.login_url("ann", role_password("ann", secret))) as ann:
        assert len(ann.store.rows()) == 3
    assert not [p for p in dst.root.iterdir() if p.name.startswith(".homes-restore-")]


def test_a_second_restore_into_a_server_holding_data_is_refused(servers, archive):
    dst = servers["dst"]
    homes = dst.homes
    shutil.move(homes, dst.root / "moved-homes")  # homes absent: the database alone must refuse it
    try:
        before = _untouched(servers)
        refused(
            mjlearn("server", "restore", "--root", str(dst.root), str(archive)), "holds data", "nothing was changed"
        )
        assert _untouched(servers) == before
    finally:
        shutil.move(dst.root / "moved-homes", homes)
