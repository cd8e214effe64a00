"""The folders mjlearn's builders write (``mjlearn lite build --out``, ``mjlearn export --out-dir``):
only a folder the builder created, or one carrying the builder's own marker from an earlier build,
and never through a symbolic link.

:meth:`BuildFolder.claim` takes the folder:

- a path that does not exist is created (with its missing parents, one at a time, each opened without
  following a link) and marked at once with :data:`MARKER`, a small JSON file naming the builder and
  every file it wrote, with its SHA-256;
- an existing folder is used only when it carries that marker, written by the same builder;
- anything else is refused with :class:`OutputFolderError`, one line naming the path: a folder the
  builder did not make (a learner's notebooks, ``.``, the home folder), a symbolic link (even to a
  folder), a file.

:meth:`BuildFolder.install` then writes files into it. Every check comes before the first write, so a
refusal leaves everything as it was. A file is written to a new temporary file in its own folder and
moved over its name (``os.replace``), all through folder descriptors opened with ``O_NOFOLLOW``. A
path the marker does not list (a notebook a learner saved there) is never written or removed: when the
build needs that name, it is refused. A listed file that changed since it was built (or became a
link) is refused too. A rebuild replaces only what the marker lists.

The existing folders *above* the output folder are the user's own and are followed as the system
does (a home folder that is a link keeps working); only the ones the builder creates are held to
``O_NOFOLLOW``. Where the platform has no folder descriptors (Windows), every name is checked with
``lstat`` just before it is used instead.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from .errors import MjlearnError

__all__ = ["MARKER", "BuildFolder", "Folder", "OutputFolderError", "write_whole"]

MARKER = ".mjlearn-build"
"""The marker file a builder leaves in its output folder: the builder's name and the files it wrote."""

MAX_MARKER_BYTES = 64 * 2**20
"""The largest marker read (a site of ten thousand files needs about 1 MB)."""

_DIR_FD = (
    hasattr(os, "O_DIRECTORY")
    and hasattr(os, "O_NOFOLLOW")
    and os.scandir in os.supports_fd
    and all(f in os.supports_dir_fd for f in (os.open, os.stat, os.mkdir, os.unlink, os.rmdir, os.rename))
)
"""Folder descriptors are there (``os.replace`` is ``renameat`` like ``os.rename``, though only
``os.rename`` is listed in ``os.supports_dir_fd``)."""
_DIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FILE = getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0) | _NOFOLLOW
_CHUNK = 1 << 20


class OutputFolderError(MjlearnError, ValueError):
    """The output folder of a builder cannot be used; one line, English then Chinese, naming the path.
    Nothing was written or removed."""

    heading = ("输出文件夹不能用", "The output folder cannot be used")

    def __init__(self, path, en: str, zh: str):
        self.path, self.en, self.zh = str(path), en, zh
        super().__init__(f"{self.path}: {en}  （{zh}）")

    def learner_lines(self) -> list[str]:
        zh, en = self.heading
        return [f"{zh} · {en}", f"  {self.en}", f"  {self.zh}", f"  文件夹 Folder: {self.path}"]


class Folder:
    """A real folder, held by a descriptor where the platform allows (every name is then looked up in
    it, never through a link swapped in above it), else by its path. The builders' output folders and
    the notebook folder of ``mjlearn lab`` (:mod:`mjlearn.cli_lab`) are both reached through it."""

    def __init__(self, path: str, fd: int | None):
        self.path, self.fd = path, fd

    @classmethod
    def root(cls, path: str) -> Folder:
        return cls(path, os.open(path, _DIR) if _DIR_FD else None)

    def at(self, name: str) -> tuple[str, int | None]:
        """(what to pass, ``dir_fd``) for ``name`` in this folder."""
        return (name, self.fd) if self.fd is not None else (os.path.join(self.path, name), None)

    def lstat(self, name: str) -> os.stat_result | None:
        where, fd = self.at(name)
        try:
            return os.stat(where, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            return None

    def sub(self, name: str, *, create: bool | Literal["new"] = False, follow: bool = False) -> Folder:
        """The folder ``name`` in this one (created first when asked; ``FileExistsError`` if ``create``
        is ``"new"`` and it exists). Unless ``follow``, a link there is an ``OSError`` (ELOOP)."""
        where, fd = self.at(name)
        if create:
            try:
                os.mkdir(where, 0o777, dir_fd=fd)
            except FileExistsError:
                if create == "new":
                    raise
        if fd is not None:
            return Folder(os.path.join(self.path, name), os.open(where, _DIR | (0 if follow else _NOFOLLOW), dir_fd=fd))
        st = os.stat(where) if follow else self.lstat(name)
        if st is None:
            raise FileNotFoundError(errno.ENOENT, "not found", where)
        if stat.S_ISLNK(st.st_mode):
            raise OSError(errno.ELOOP, "a symbolic link", where)
        if not stat.S_ISDIR(st.st_mode):
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", where)
        return Folder(where, None)

    def open(self, name: str, flags: int, mode: int = 0o644) -> int:
        where, fd = self.at(name)
        if fd is None and (st := self.lstat(name)) is not None and stat.S_ISLNK(st.st_mode):
            raise OSError(errno.ELOOP, "a symbolic link", where)
        return os.open(where, flags | _FILE, mode, dir_fd=fd)

    def remove(self, name: str, *, folder: bool = False) -> None:
        where, fd = self.at(name)
        (os.rmdir if folder else os.unlink)(where, dir_fd=fd)

    def replace(self, src: str, dst: str) -> None:
        (s, fd), (d, _) = self.at(src), self.at(dst)
        os.replace(s, d, src_dir_fd=fd, dst_dir_fd=fd)

    def entries(self) -> list[tuple[str, os.stat_result]]:
        """The names in this folder with their ``lstat``."""
        with os.scandir(self.fd if self.fd is not None else self.path) as it:
            return [(e.name, e.stat(follow_symlinks=False)) for e in it]

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "dir"
    return "file" if stat.S_ISREG(mode) else "other"


def _hash_fd(fd: int) -> str:
    h = hashlib.sha256()
    while chunk := os.read(fd, _CHUNK):
        h.update(chunk)
    return h.hexdigest()


class BuildFolder:
    """An output folder claimed by one builder (see the module); use it as a context manager, or
    :meth:`close` it."""

    def __init__(self, path: Path, builder: str, folder: Folder, files: dict, dirs: list, made: tuple = ()):
        self.path = path
        """The folder, as the user named it (made absolute)."""
        self.builder = builder
        """The builder's name, as the marker records it ("mjlearn lite build")."""
        self._dir = folder
        self.files: dict[str, list[str]] = files
        """What the builder wrote there: relative path (with ``/``) -> the SHA-256 it may have."""
        self.dirs: list[str] = dirs
        """The folders inside it the builder created (removed again when a rebuild leaves them empty)."""
        self._made = made  # the folders this claim created, the output folder last (undone if nothing is written)

    # --- taking the folder -----------------------------------------------------------------------

    @classmethod
    def claim(cls, path, builder: str) -> BuildFolder:
        """The folder at ``path`` for ``builder``: created and marked, or an earlier build's (see the module)."""
        path = Path(os.path.abspath(os.fspath(path)))
        shown = os.fspath(path)
        if path.parent == path:  # the root of the file system
            raise _not_ours(shown, builder)
        made: list[Path] = []
        try:
            here = Folder.root(path.anchor)
            try:
                for depth, part in enumerate(path.parts[1:-1], 2):
                    below = None
                    if not made:  # the user's own folders are followed as the system does
                        try:
                            below = here.sub(part, follow=True)
                        except FileNotFoundError:
                            pass
                    if below is None:  # below a folder created here, every folder is new, links never followed
                        below = here.sub(part, create="new")
                        made.append(Path(*path.parts[:depth]))
                    here.close()
                    here = below
                st = here.lstat(path.name)
                if st is None:
                    built = cls(path, builder, here.sub(path.name, create="new"), {}, [], (*made, path))
                    built._write_marker()
                    return built
                if stat.S_ISLNK(st.st_mode):
                    raise OutputFolderError(
                        shown,
                        f"is a symbolic link; {builder} writes only into a real folder "
                        f"it made: give the name of a new folder",
                        f"这是一个符号链接；{builder} 只写入它自己新建的真实文件夹：请给一个新文件夹的名字",
                    )
                if not stat.S_ISDIR(st.st_mode):
                    raise OutputFolderError(
                        shown,
                        f"is a file, not a folder; {builder} needs the name of a new folder",
                        f"这是一个文件，不是文件夹；{builder} 需要一个新文件夹的名字",
                    )
                folder = here.sub(path.name)
            finally:
                here.close()
        except OSError as e:
            raise _os_error(shown, e) from None
        try:
            files, dirs = _read_marker(folder, shown, builder)
        except BaseException:
            folder.close()
            raise
        return cls(path, builder, folder, files, dirs)

    def close(self) -> None:
        self._dir.close()

    def __enter__(self) -> BuildFolder:
        return self

    def __exit__(self, kind, error, tb) -> None:
        if kind is not None and self._made and not self.files:  # a failed first build leaves nothing behind
            try:
                self._dir.remove(MARKER)
            except OSError:
                pass
            for folder in reversed(self._made):
                try:
                    os.rmdir(folder)  # only ever removes an empty folder
                except OSError:
                    break
        self.close()

    # --- writing ---------------------------------------------------------------------------------

    def install(self, files: Mapping[str, Path | bytes], *, replace_all: bool = False) -> None:
        """Write ``files`` (relative path with ``/`` -> a file to copy, or the bytes) into the folder.

        ``replace_all``: the build is the whole content (a site), so files of the earlier build that it
        no longer has are removed; otherwise the earlier files stay (pages exported one at a time).
        Everything is checked first: a path that is not the builder's, or a file of the builder's that
        changed since, in the way of the build refuses the whole install. A file of the builder's that
        changed since and that the build does not write is left as it is and no longer the builder's."""
        rels = {r: _check_rel(r, self.path) for r in files}
        try:
            found = self._inventory()
        except OSError as e:
            raise OutputFolderError(
                self.path, f"cannot be read ({e.strerror or e})", f"无法读取（{e.strerror or e}）"
            ) from None
        changed = {r for r, hashes in self.files.items() if r in found and found[r] not in hashes}
        if clash := sorted(changed & set(rels)):  # a changed file the build would replace
            raise OutputFolderError(
                self.path / clash[0],
                f"was changed after {self.builder} wrote it, so it is not replaced; move "
                f"it out of the folder (or build into a new folder)",
                f"{self.builder} 写入之后这个文件被改过，所以不会覆盖它：请把它移出这个文件夹（或生成到一个新文件夹）",
            )
        for rel, parts in rels.items():
            for depth in range(1, len(parts)):
                above = "/".join(parts[:depth])
                if found.get(above, "dir") != "dir":
                    raise self._in_the_way(above)
            if rel in found and rel not in self.files:
                raise self._in_the_way(rel)
        mine = {r: list(h) for r, h in self.files.items()}
        written: dict[str, str] = {}
        needed = {"/".join(p[:i]) for p in rels.values() for i in range(1, len(p))}
        self.dirs = sorted({*self.dirs, *(d for d in needed if d not in found)})
        for rel, source in files.items():
            digest = _digest(source)
            mine[rel] = sorted({*mine.get(rel, ()), digest})  # either is ours while the install runs
            written[rel] = digest
        self.files = mine
        self._write_marker()
        folders: dict[tuple[str, ...], Folder] = {(): self._dir}  # each folder opened once, never through a link
        try:
            for rel, source in files.items():
                try:
                    write_whole(self._folder(rels[rel][:-1], folders), rels[rel][-1], source)
                except OSError as e:  # the disk is full, or something changed the folder while it was written
                    raise OutputFolderError(
                        self.path / rel,
                        f"could not be written ({e.strerror or e}); the files written so far are "
                        f"listed in {MARKER}, a rebuild replaces them",
                        f"无法写入（{e.strerror or e}）；已写入的文件记在 {MARKER} 里，重新生成时会替换它们",
                    ) from None
        finally:
            for key, folder in folders.items():
                if key:
                    folder.close()
        if replace_all:  # what the earlier build had and this one has not goes, unless it was changed since
            for rel in [r for r in mine if r not in written and r in found and r not in changed]:
                self._remove(rel)
            for d in sorted((d for d in self.dirs if d not in needed), key=lambda d: -d.count("/")):
                self._remove(d, folder=True)  # only when empty: something not ours may be in it
            self.dirs = sorted(needed & set(self.dirs))
            self.files = {r: [h] for r, h in written.items()}
        else:  # a page changed since it was exported is no longer the builder's
            self.files = {r: ([written[r]] if r in written else h) for r, h in mine.items() if r not in changed}
        self._write_marker()

    def _in_the_way(self, rel: str) -> OutputFolderError:
        return OutputFolderError(
            self.path / rel,
            f"is in the way of {self.builder} and was not made by it, so it is left as it is; "
            f"move it out of the folder (or build into a new folder)",
            f"这个文件不是 {self.builder} 生成的，但生成时要用到这个名字，所以没有动它："
            f"请把它移出这个文件夹（或生成到一个新文件夹）",
        )

    def _inventory(self) -> dict[str, str]:
        """Every path in the folder (walked folder by folder, links never followed): relative path ->
        "dir", "link", "other", or for a file the builder wrote, its SHA-256 (other files: "file")."""
        found: dict[str, str] = {}
        todo = [("", self._dir)]
        while todo:
            base, folder = todo.pop()
            try:
                for name, st in folder.entries():
                    rel = base + name
                    kind = found[rel] = _kind(st.st_mode)
                    if kind == "file" and rel in self.files:
                        fd = folder.open(name, os.O_RDONLY)
                        try:
                            found[rel] = _hash_fd(fd)
                        finally:
                            os.close(fd)
                    elif kind == "dir":
                        todo.append((rel + "/", folder.sub(name)))
            finally:
                if folder is not self._dir:
                    folder.close()
        found.pop(MARKER, None)
        return found

    def _parent(self, parts: tuple[str, ...]) -> Folder:
        """The folder holding ``parts[-1]``, every step taken without following a link; an ``OSError``
        when one on the way is missing or not a real folder."""
        here = Folder(self._dir.path, os.dup(self._dir.fd) if self._dir.fd is not None else None)
        try:
            for part in parts[:-1]:
                below = here.sub(part)
                here.close()
                here = below
        except BaseException:
            here.close()
            raise
        return here

    def _folder(self, parts: tuple[str, ...], opened: dict) -> Folder:
        """The folder ``parts`` inside, created if missing, from the folders already ``opened``."""
        if parts not in opened:
            opened[parts] = self._folder(parts[:-1], opened).sub(parts[-1], create=True)
        return opened[parts]

    def _remove(self, rel: str, *, folder: bool = False) -> None:
        """Remove a file of the builder's (or, with ``folder``, a folder of its, when empty); what is
        already gone, or no longer reachable without a link, is left."""
        parts = tuple(rel.split("/"))
        try:
            with self._parent(parts) as parent:
                parent.remove(parts[-1], folder=folder)
        except OSError:
            pass

    def _write_marker(self) -> None:
        record = {"builder": self.builder, "files": self.files, "dirs": self.dirs}
        try:
            write_whole(self._dir, MARKER, (json.dumps(record, indent=0, sort_keys=True) + "\n").encode(), durable=True)
        except OSError as e:
            raise OutputFolderError(
                self.path / MARKER, f"could not be written ({e.strerror or e})", f"无法写入（{e.strerror or e}）"
            ) from None


# --- helpers -------------------------------------------------------------------------------------


def _check_rel(rel: str, path: Path) -> tuple[str, ...]:
    parts = tuple(rel.split("/"))
    if not rel or rel.startswith("/") or any(p in ("", ".", "..") for p in parts) or parts[0] == MARKER:
        raise ValueError(f"not a path inside {path}: {rel!r}")
    return parts


def _digest(source: Path | bytes) -> str:
    if isinstance(source, bytes):
        return hashlib.sha256(source).hexdigest()
    fd = os.open(source, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        return _hash_fd(fd)
    finally:
        os.close(fd)


def write_whole(folder: Folder, name: str, source: Path | bytes, *, durable: bool = False, mode: int = 0o644) -> None:
    """``name`` in ``folder`` gets the content of ``source``: written to a new temporary file next to it
    (never through a link), then moved over the name (which replaces a link itself, not its target).
    ``durable``: on the disk before the move (the marker; a built file is made again by a rebuild, and
    one cut short by a power cut is refused as changed rather than trusted). ``mode``: the new file's
    permissions (0o600: its owner's only, from the moment it exists)."""
    tmp = f".{name}.{secrets.token_hex(6)}.tmp"
    fd = folder.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        try:
            if isinstance(source, bytes):
                _write_all(fd, source)
            else:
                with open(source, "rb") as src:
                    while chunk := src.read(_CHUNK):
                        _write_all(fd, chunk)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        folder.replace(tmp, name)
    except BaseException:
        try:
            folder.remove(tmp)
        except OSError:
            pass
        raise


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_marker(folder: Folder, shown: str, builder: str) -> tuple[dict, list]:
    try:
        fd = folder.open(MARKER, os.O_RDONLY)
    except OSError:
        raise _not_ours(shown, builder) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _not_ours(shown, builder)
        data = os.read(fd, MAX_MARKER_BYTES + 1)
    finally:
        os.close(fd)
    try:
        record = json.loads(data)
        made_by = record["builder"]
        files = {str(r): [str(h) for h in hs] for r, hs in record["files"].items()}
        dirs = [str(d) for d in record["dirs"]]
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        raise OutputFolderError(
            shown,
            f"holds a damaged {MARKER} file, so what was built there is not known; give the name of a new folder",
            f"里面的 {MARKER} 文件已损坏，不知道以前生成了什么：请给一个新文件夹的名字",
        ) from None
    if made_by != builder:
        raise OutputFolderError(
            shown,
            f"was made by {made_by}, not by {builder}; give the name of a new folder",
            f"这个文件夹是 {made_by} 生成的，不是 {builder}：请给一个新文件夹的名字",
        )
    return files, dirs


def _not_ours(shown: str, builder: str) -> OutputFolderError:
    return OutputFolderError(
        shown,
        f"already exists and was not made by {builder} (it has no {MARKER} file), so "
        f"nothing in it is touched; give the name of a new folder and {builder} creates it",
        f"这个文件夹已经存在，而且不是 {builder} 生成的，里面的东西都不会动："
        f"请给一个新文件夹的名字，{builder} 会新建它",
    )


def _os_error(shown: str, e: OSError) -> OutputFolderError:
    if e.errno in (errno.ELOOP, errno.ENOTDIR):
        return OutputFolderError(
            shown,
            "goes through a symbolic link or a file where a folder was expected; give a path to a new folder",
            "路径经过一个符号链接或文件，而那里应该是文件夹：请给一个新文件夹的路径",
        )
    return OutputFolderError(
        shown, f"cannot be created or opened ({e.strerror or e})", f"无法新建或打开这个文件夹（{e.strerror or e}）"
    )
