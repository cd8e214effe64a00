"""Progress store under real failures: a full disk, a read-only folder, a folder where the file should
be, a lock held too long, garbage in the middle of the file, a file from a newer mjlearn, files from
every earlier schema, several writers at once and a writer killed mid-run.

Each failure is made for real (a 256 KB tmpfs, a read-only bind mount, another user, an exclusive
lock, bytes written into the file). A test skips only when the kernel facility is missing (and fails
instead under CI, as tests/needs.py does); without root, the namespace is a user namespace and the other
user is a chmod."""

import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import pytest
from needs import need

from mjlearn.errors import (
    Busy,
    DatabaseDamaged,
    DiskFull,
    NewerSchema,
    NotAFile,
    NotWritable,
    ProgressError,
    StorageIOError,
)
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import EXPORT_FIELDS, MIGRATIONS, SCHEMA_VERSION, ProgressStore

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def _record(store, seed):
    q = generate("tile_name", seed=seed)
    return store.record(q, solve(q), grade(q, solve(q)))


def _fill(path, n, user="u"):
    with ProgressStore(path, user=user) as s:
        for i in range(n):
            _record(s, i)
        return s.rows(all_users=True)


def _sha(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _aside(folder):
    return sorted(
        p.name for p in Path(folder).iterdir() if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm"))
    )


def _one_line(e):
    text = str(e)
    assert "\n" not in text and "Traceback" not in text
    return text


def _child(script, *args, prefix=(), check=True):
    """Run ``script`` in a child Python (optionally under ``prefix``, e.g. unshare or setpriv); its
    last stdout line is JSON."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [*prefix, PY, "-c", script, *map(str, args)], capture_output=True, text=True, env=env, timeout=300
    )
    if check:
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout.strip().splitlines()[-1])
    return proc


def _unshare():
    """The command that gives a private mount namespace (as root; else inside a user namespace),
    and None, or None and why it cannot be had here."""
    if not shutil.which("unshare") or not shutil.which("mount"):
        return None, "unshare(1) or mount(8) not installed"
    cmd = ["unshare", "--mount"] if os.geteuid() == 0 else ["unshare", "--user", "--map-root-user", "--mount"]
    d = tempfile.mkdtemp()
    try:
        r = subprocess.run([*cmd, "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs {d}"], capture_output=True, text=True)
        if r.returncode != 0:
            return None, f"this kernel will not mount a tmpfs in a private namespace: {r.stderr.strip()}"
        return cmd, None
    finally:
        os.rmdir(d)


UNSHARE, UNSHARE_MISSING = _unshare()


def needs_unshare():
    need(UNSHARE is not None, str(UNSHARE_MISSING))


def _in_namespace(setup: str, script: str, *args):
    """Run ``script`` after the shell ``setup`` (mounts) in a private mount namespace."""
    needs_unshare()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [*UNSHARE, "sh", "-ec", setup + ' && exec "$0" -c "$1" "$2" "$3"', PY, script, *map(str, args)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


# -- a full disk: a clear DiskFull, nothing moved, every committed answer kept -------------------

FULL_DISK = r"""
import json, os, sys
from mjlearn.errors import ProgressError
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore
d = sys.argv[1]
path = os.path.join(d, "progress.db")
out = {}
reserve = os.path.join(d, "reserve")   # freed at the end, to show the store works again
with open(reserve, "wb") as f:
    f.write(b"r" * 96 * 1024)
store = ProgressStore(path, user="u")
n = 0
try:                                   # record until the disk is full
    while n < 100000:
        q = generate("tile_name", seed=n)
        store.record(q, solve(q), grade(q, solve(q)))
        n += 1
except ProgressError as e:
    out["record_error"] = [type(e).__name__, str(e)]
out["acknowledged"] = n
store.close()
filler = os.path.join(d, "filler")     # keep the disk full while opening again
try:
    with open(filler, "wb") as f:
        while True:
            f.write(b"x" * 4096); f.flush()
except OSError:
    pass
try:
    ProgressStore(path, user="u").close()
    out["reopen_full"] = "ok"
except ProgressError as e:
    out["reopen_full"] = [type(e).__name__, str(e)]
try:
    ProgressStore(os.path.join(d, "new.db"), user="u").close()
    out["new_full"] = "ok"
except ProgressError as e:
    out["new_full"] = [type(e).__name__, str(e)]
out["files_while_full"] = sorted(os.listdir(d))
os.unlink(filler)
os.unlink(reserve)
with ProgressStore(path, user="u") as s:
    out["rows_after"] = len(s.rows())
    q = generate("tile_name", seed=1)
    s.record(q, solve(q), grade(q, solve(q)))
    out["rows_after_one_more"] = len(s.rows())
with ProgressStore(os.path.join(d, "new.db"), user="u") as s:
    out["new_tables"] = sorted(r[0] for r in s._conn.execute("SELECT name FROM sqlite_master WHERE type='table'"))
print(json.dumps(out))
"""


def test_full_disk_says_so_and_moves_nothing(tmp_path):
    out = _in_namespace(f"mount -t tmpfs -o size=256k tmpfs {tmp_path}", FULL_DISK, tmp_path)
    kind, message = out["record_error"]
    assert kind == "DiskFull" and "no space left" in message and "磁盘已满" in message
    assert str(tmp_path / "progress.db") in message and "\n" not in message
    assert out["acknowledged"] > 0
    assert out["reopen_full"] == "ok" or out["reopen_full"][0] == "DiskFull"
    assert out["new_full"] == "ok" or out["new_full"][0] == "DiskFull"
    assert not [
        f for f in out["files_while_full"] if ".corrupt-" in f or "salvage" in f or f == "new.db"
    ]  # nothing moved aside
    assert out["rows_after"] == out["acknowledged"]  # every acknowledged answer is there
    assert out["rows_after_one_more"] == out["acknowledged"] + 1
    assert {"answers", "meta"} <= set(out["new_tables"])  # a file begun on a full disk is usable later


# -- a read-only folder: "not writable", nothing moved -----------------------------------------

OPEN_AND_RECORD = r"""
import json, os, sys
from mjlearn.errors import ProgressError
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore
out = {}
try:
    s = ProgressStore(sys.argv[1], user="u")
    q = generate("tile_name", seed=1)
    s.record(q, solve(q), grade(q, solve(q)))
    out["result"] = "recorded"
except ProgressError as e:
    out["result"] = [type(e).__name__, str(e)]
folder = os.path.dirname(sys.argv[1])
out["files"] = sorted(os.listdir(folder)) if os.path.isdir(folder) else None
print(json.dumps(out))
"""


def test_read_only_bind_mount_is_not_writable(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    rows = _fill(folder / "progress.db", 3)
    before = _sha(folder / "progress.db")
    out = _in_namespace(
        f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder}", OPEN_AND_RECORD, folder / "progress.db"
    )
    kind, message = out["result"]
    assert kind == "NotWritable" and "not writable" in message and str(folder) in message
    assert "corrupt" not in message and "\n" not in message
    assert out["files"] == ["progress.db"]
    assert _sha(folder / "progress.db") == before
    with ProgressStore(folder / "progress.db", user="u") as s:
        assert s.rows() == rows


AS_NOBODY = ("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups")


def _locked_out(path: Path, mode: int):
    """The prefix that runs a child unable to write ``path``: as root, the user nobody (chmod does not
    stop root); otherwise this user, with ``path`` chmod-ed to ``mode``."""
    if os.geteuid() != 0:
        os.chmod(path, mode)
        return ()
    need(shutil.which("setpriv") is not None, "setpriv(1), to run a child as the user nobody,")
    return AS_NOBODY


@pytest.fixture
def shared_dir():
    """A folder under /tmp that another user can enter (pytest's tmp_path is private to root)."""
    d = Path(tempfile.mkdtemp(prefix="mjlearn-progress-"))
    os.chmod(d, 0o755)
    yield d
    shutil.rmtree(d, ignore_errors=True)


def test_folder_of_another_user_is_not_writable(shared_dir):
    rows = _fill(shared_dir / "progress.db", 2)
    before = _sha(shared_dir / "progress.db")
    out = _child(OPEN_AND_RECORD, shared_dir / "progress.db", prefix=_locked_out(shared_dir, 0o555))
    kind, message = out["result"]
    assert kind == "NotWritable" and "not writable" in message and str(shared_dir) in message
    assert "corrupt" not in message
    assert out["files"] == ["progress.db"] and _sha(shared_dir / "progress.db") == before
    os.chmod(shared_dir, 0o755)
    with ProgressStore(shared_dir / "progress.db", user="u") as s:
        assert s.rows() == rows


def test_new_database_in_a_folder_of_another_user(shared_dir):
    out = _child(OPEN_AND_RECORD, shared_dir / "sub" / "progress.db", prefix=_locked_out(shared_dir, 0o555))
    kind, message = out["result"] if isinstance(out["result"], list) else ("", "")
    assert kind == "NotWritable" and str(shared_dir / "sub") in message
    assert out["files"] is None and not (shared_dir / "sub").exists()


def test_read_only_file_of_another_user(shared_dir):
    _fill(shared_dir / "progress.db", 1)
    os.chmod(shared_dir, 0o777)  # the folder is writable; the file (0644, or 0444 for a plain user) is not
    out = _child(OPEN_AND_RECORD, shared_dir / "progress.db", prefix=_locked_out(shared_dir / "progress.db", 0o444))
    kind, message = out["result"]
    assert kind == "NotWritable" and str(shared_dir / "progress.db") in message
    assert not _aside(shared_dir)


# -- not a file -------------------------------------------------------------------------------


def test_folder_named_progress_db(tmp_path):
    (tmp_path / "progress.db").mkdir()
    with pytest.raises(NotAFile) as info:
        ProgressStore(tmp_path / "progress.db")
    text = _one_line(info.value)
    assert "is a folder" in text and str(tmp_path / "progress.db") in text and "不是文件" in text
    assert (tmp_path / "progress.db").is_dir() and not _aside(tmp_path)


def test_data_folder_is_a_file(tmp_path, monkeypatch):
    (tmp_path / "data").write_text("not a folder")
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "data"))
    with pytest.raises(NotAFile) as info:
        ProgressStore()
    assert str(tmp_path / "data") in _one_line(info.value) and "is a file" in str(info.value)
    assert (tmp_path / "data").read_text() == "not a folder"


def test_fifo_is_not_a_file(tmp_path):
    os.mkfifo(tmp_path / "progress.db")
    with pytest.raises(NotAFile, match="not a regular file"):
        ProgressStore(tmp_path / "progress.db")


def test_cli_prints_a_progress_error_as_one_line(tmp_path):
    (tmp_path / "progress.db").mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), MJLEARN_DATA_DIR=str(tmp_path))
    proc = subprocess.run(
        [PY, "-m", "mjlearn", "quiz", "--progress"], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "is a folder" in proc.stderr and str(tmp_path / "progress.db") in proc.stderr


# -- a lock held too long ------------------------------------------------------------------------


def test_lock_held_by_another_writer_is_busy(tmp_path):
    path = tmp_path / "p.db"
    _fill(path, 2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with ProgressStore(path, user="u", timeout=0.2) as s:  # readers go on in WAL mode
            assert len(s.rows()) == 2
            with pytest.raises(Busy) as info:
                _record(s, 9)
            assert "locked" in _one_line(info.value) and str(path) in str(info.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with ProgressStore(path, user="u") as s:
        _record(s, 9)
        assert len(s.rows()) == 3 and not _aside(tmp_path)


def test_locked_rollback_journal_file_is_busy_at_open(tmp_path):
    path = tmp_path / "p.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.executescript(MIGRATIONS[0][1])  # an older file, never switched to WAL
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO meta VALUES ('x', 'y')")
    try:
        with pytest.raises(Busy):
            ProgressStore(path, user="u", timeout=0.2)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not _aside(tmp_path)
    with ProgressStore(path, user="u") as s:
        assert s._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


# -- damage: salvage every readable row, keep the damaged file ---------------------------------


def _damage(path, offset, size=4096, seed=12):
    import random

    junk = random.Random(seed).randbytes(size)
    with open(path, "r+b") as f:
        f.seek(offset)
        f.write(junk)


def _page_of(path, name):
    with sqlite3.connect(path) as c:
        page_size = c.execute("PRAGMA page_size").fetchone()[0]
        root = c.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,)).fetchone()[0]
    return page_size, root


@pytest.mark.parametrize("where", ["middle", "middle_unaligned"])
def test_garbage_in_the_middle_salvages_most_rows(tmp_path, where):
    path = tmp_path / "progress.db"
    rows = _fill(path, 400)
    size = path.stat().st_size
    offset = (size // 2) // 4096 * 4096 + (0 if where == "middle" else 1234)
    _damage(path, offset)
    damaged = _sha(path)
    with pytest.warns(RuntimeWarning, match=r"damaged.* (\d+) answers were saved"):
        s = ProgressStore(path, user="u")
    got = s.rows(all_users=True)
    assert s.salvaged == len(got) and len(got) >= 300, len(got)  # a lost page holds a few dozen rows at most
    by_id = {r["id"]: r for r in rows}
    assert all(by_id[r["id"]] == r for r in got)  # what was saved is exactly what was written
    assert s.moved_aside is not None and _sha(s.moved_aside) == damaged  # the damaged file kept, untouched
    _record(s, 1000)
    assert len(s.rows(all_users=True)) == len(got) + 1
    assert max(r["id"] for r in s.rows(all_users=True)) > max(r["id"] for r in got)
    s.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ProgressStore(path, user="u").close()  # the new file is healthy


def test_garbage_in_an_index_page_saves_every_row(tmp_path):
    path = tmp_path / "progress.db"
    rows = _fill(path, 400)
    page_size, root = _page_of(path, "answers_topic")
    _damage(path, (root - 1) * page_size, page_size)
    with pytest.warns(RuntimeWarning, match="400 answers were saved"):
        s = ProgressStore(path, user="u")
    assert s.rows(all_users=True) == rows and s.salvaged == 400
    assert len(_aside(tmp_path)) == 1
    s.close()


def test_damaged_table_root_salvages_from_the_leaf_pages(tmp_path):
    """The page that leads to every row is gone, so SQLite reaches no row: the rows are read from the
    intact leaf pages, and the damaged file is kept as it was."""
    path = tmp_path / "progress.db"
    rows = _fill(path, 400)
    page_size, root = _page_of(path, "answers")
    _damage(path, (root - 1) * page_size, page_size)
    damaged = _sha(path)
    with pytest.warns(RuntimeWarning, match=r"damaged.* 400 answers were saved"):
        s = ProgressStore(path, user="u")
    assert s.rows(all_users=True) == rows and s.salvaged == 400
    assert _aside(tmp_path) == [s.moved_aside.name] and _sha(s.moved_aside) == damaged
    assert _record(s, 7) == 401
    s.close()


def test_salvage_reads_rows_with_overflow_pages(tmp_path):
    """Answers longer than a page (a long free-text answer) are followed along their overflow chain."""
    path = tmp_path / "progress.db"
    with ProgressStore(path, user="u") as s:
        for i in range(30):
            q = generate("tile_name", seed=i)
            s.record(q, "x" * (3000 + 500 * i), grade(q, "5m"))
        rows = s.rows()
    page_size, root = _page_of(path, "answers")
    _damage(path, (root - 1) * page_size, page_size)
    with pytest.warns(RuntimeWarning, match="damaged"):
        s = ProgressStore(path, user="u")
    assert s.rows() == rows
    s.close()


def test_salvage_on_a_full_disk_moves_nothing(tmp_path):
    needs_unshare()
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "progress.db"
    _fill(path, 200)
    page_size, root = _page_of(path, "answers_topic")
    _damage(path, (root - 1) * page_size, page_size)
    damaged = _sha(path)
    script = r"""
import json, os, sys, shutil
from mjlearn.errors import ProgressError
from mjlearn.quiz.progress import ProgressStore
src, d = sys.argv[1], sys.argv[2]
shutil.copyfile(src, os.path.join(d, "progress.db"))
import sqlite3
holder = sqlite3.connect(os.path.join(d, "progress.db"))  # its -wal and -shm exist before the disk fills
holder.execute("SELECT count(*) FROM sqlite_master").fetchone()
try:
    with open(os.path.join(d, "filler"), "wb") as f:
        while True:
            f.write(b"x" * 4096); f.flush()
except OSError:
    pass
out = {}
try:
    ProgressStore(os.path.join(d, "progress.db"), user="u")
    out["result"] = "opened"
except ProgressError as e:
    out["result"] = [type(e).__name__, str(e)]
out["files"] = sorted(f for f in os.listdir(d) if not f.endswith(("-wal", "-shm")))
out["same"] = open(src, "rb").read() == open(os.path.join(d, "progress.db"), "rb").read()
print(json.dumps(out))
"""
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    out = _in_namespace(f"mount -t tmpfs -o size=512k tmpfs {mnt}", script, path, mnt)
    assert out["result"][0] == "DiskFull" and "left in place" in out["result"][1]
    assert sorted(out["files"]) == ["filler", "progress.db"] and out["same"]
    assert _sha(path) == damaged


# -- a newer schema: read-only, rows visible, never moved -----------------------------------------


@pytest.mark.parametrize("version", [SCHEMA_VERSION + 3, -1])
def test_newer_schema_opens_read_only(tmp_path, version):
    path = tmp_path / "progress.db"
    rows = _fill(path, 5)
    with sqlite3.connect(path) as c:
        c.execute("ALTER TABLE answers ADD COLUMN mood TEXT")  # what a newer mjlearn might add
        c.execute(f"PRAGMA user_version = {version}")
    before = _sha(path)
    with pytest.warns(RuntimeWarning, match="written by a newer mjlearn"):
        s = ProgressStore(path, user="u")
    assert s.read_only and s.rows() == rows
    with pytest.raises(NewerSchema) as info:
        _record(s, 99)
    text = _one_line(info.value)
    assert "written by a newer mjlearn" in text and str(path) in text and "升级" in text
    s.close()
    assert _sha(path) == before and not _aside(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == ["progress.db"]


# -- migrations: every earlier schema is brought forward -----------------------------------------

LEGACY_V1 = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, user TEXT NOT NULL, quiz TEXT, kind TEXT NOT NULL,
    topic TEXT NOT NULL, seed INTEGER, difficulty INTEGER NOT NULL, question TEXT NOT NULL, answer TEXT NOT NULL,
    correct INTEGER NOT NULL, score REAL NOT NULL, hints INTEGER NOT NULL DEFAULT 0, seconds REAL);
CREATE INDEX IF NOT EXISTS answers_topic ON answers(user, topic);
INSERT INTO meta VALUES ('schema', '1');
PRAGMA journal_mode = WAL;
"""
"""The file the first release wrote (commit 1414d32): schema 1 in meta, user_version never set."""


def _legacy_rows(c, n):
    for i in range(n):
        c.execute(
            "INSERT INTO answers (at,user,quiz,kind,topic,seed,difficulty,question,answer,correct,score)"
            " VALUES (?, 'old', NULL, 'tile_name', 'tiles', ?, 1, '{}', '\"5m\"', 1, 1.0)",
            (i, i),
        )


@pytest.mark.parametrize("start", ["legacy_v1", *range(SCHEMA_VERSION)])
def test_every_earlier_schema_migrates_forward(tmp_path, start):
    path = tmp_path / "progress.db"
    c = sqlite3.connect(path, isolation_level=None)
    if start == "legacy_v1":
        c.executescript(LEGACY_V1)
    else:
        for step in MIGRATIONS[:start]:
            c.executescript(step[1])
        c.execute(f"PRAGMA user_version = {start}")
    if start != 0:
        _legacy_rows(c, 7)
    c.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = ProgressStore(path, user="old")
    assert s._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    names = {r[0] for r in s._conn.execute("SELECT name FROM sqlite_master")}
    assert {"answers", "meta", "answers_topic", "answers_user_id"} <= names
    assert len(s.rows()) == (0 if start == 0 else 7)
    assert _record(s, 1) == (1 if start == 0 else 8)
    s.close()


def test_migrations_table_is_the_schema():
    assert SCHEMA_VERSION == len(MIGRATIONS) >= 2
    assert all(isinstance(why, str) and sql.strip() for why, sql in MIGRATIONS)
    assert set(EXPORT_FIELDS) <= set(" ".join(sql for _, sql in MIGRATIONS).replace(",", " ").split())


# -- writers at once, and a writer killed mid-write -------------------------------------------

WRITER = r"""
import sys
from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.progress import ProgressStore
store = ProgressStore(sys.argv[1], user=sys.argv[2])
for i in range(int(sys.argv[3])):
    q = generate("tile_name", seed=i)
    print(store.record(q, solve(q), grade(q, solve(q)), quiz="w"), flush=True)
"""


@pytest.mark.parametrize("writers", [2, 8])
def test_concurrent_writers_and_a_kill_lose_no_acknowledged_answer(tmp_path, writers):
    path = tmp_path / "progress.db"
    ProgressStore(path, user="setup").close()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    per = 25
    procs = [
        subprocess.Popen(
            [PY, "-c", WRITER, str(path), f"w{k}", str(per if k else 10_000)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for k in range(writers)
    ]
    acked = {k: [] for k in range(writers)}
    for line in procs[0].stdout:  # writer 0 runs on and is killed with SIGKILL after 15 acknowledged answers
        acked[0].append(int(line))
        if len(acked[0]) == 15:
            os.kill(procs[0].pid, signal.SIGKILL)
            break
    procs[0].wait()
    assert procs[0].returncode == -signal.SIGKILL
    for k in range(1, writers):
        out, _ = procs[k].communicate(timeout=300)
        assert procs[k].returncode == 0
        acked[k] = [int(x) for x in out.split()]
        assert len(acked[k]) == per
    with ProgressStore(path, user="check") as s:
        stored = {r["id"]: r["user"] for r in s.rows(all_users=True)}
    for k, ids in acked.items():
        assert all(stored.get(i) == f"w{k}" for i in ids), k  # every acknowledged answer is there, as its writer's
    assert len(stored) >= sum(len(v) for v in acked.values())
    assert not _aside(tmp_path)


def test_error_family():
    for cls in (DatabaseDamaged, NewerSchema, StorageIOError, DiskFull, NotWritable, NotAFile, Busy):
        assert issubclass(cls, ProgressError)
    assert issubclass(DiskFull, StorageIOError)
    import mjlearn.quiz

    assert mjlearn.quiz.ProgressError is ProgressError
    e = DiskFull("/x/progress.db", "no space", "磁盘已满")
    assert str(e) == "no space: /x/progress.db  磁盘已满" and e.path == "/x/progress.db"
