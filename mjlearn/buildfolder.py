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
``O_NOFOLLOW``.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Mapping

from .errors import MjlearnError

__all__ = ["BuildFolder", "OutputFolderError", "MARKER"]

MARKER = ".mjlearn-build"
"""The marker file a builder leaves in its output folder: the builder's name and the files it wrote."""

MAX_MARKER_BYTES = 64 * 2**20
"""The largest marker read (a site of ten thousand files needs about 1 MB)."""

_DIR = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = os.O_NOFOLLOW
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

    def __init__(self, path: Path, builder: str, fd: int, files: dict, dirs: list, made: tuple = ()):
        self.path = path
        """The folder, as the user named it (made absolute)."""
        self.builder = builder
        """The builder's name, as the marker records it ("mjlearn lite build")."""
        self._fd = fd
        self.files: dict[str, list[str]] = files
        """What the builder wrote there: relative path (with ``/``) -> the SHA-256 it may have."""
        self.dirs: list[str] = dirs
        """The folders inside it the builder created (removed again when a rebuild leaves them empty)."""
        self._made = made   # the folders this claim created, the output folder last (undone if nothing is written)

    # --- taking the folder -----------------------------------------------------------------------

    @classmethod
    def claim(cls, path, builder: str) -> "BuildFolder":
        """The folder at ``path`` for ``builder``: created and marked, or an earlier build's (see the module)."""
        path = Path(os.path.abspath(os.fspath(path)))
        shown = os.fspath(path)
        if path.parent == path:  # the root of the file system
            raise _not_ours(shown, builder)
        fd = os.open(path.anchor, _DIR)
        made_above: list[Path] = []
        try:
            for depth, part in enumerate(path.parts[1:-1], 2):
                fd, made = _step(fd, part, follow=not made_above)
                if made:
                    made_above.append(Path(*path.parts[:depth]))
            name = path.name
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                st = None
            if st is None:
                os.mkdir(name, 0o777, dir_fd=fd)
                folder = cls(path, builder, _open_dir(fd, name, shown), {}, [], (*made_above, path))
                folder._write_marker()
                return folder
            if stat.S_ISLNK(st.st_mode):
                raise OutputFolderError(shown, f"is a symbolic link; {builder} writes only into a real folder it "
                                               f"made: give the name of a new folder",
                                        f"这是一个符号链接；{builder} 只写入它自己新建的真实文件夹：请给一个新文件夹的名字")
            if not stat.S_ISDIR(st.st_mode):
                raise OutputFolderError(shown, f"is a file, not a folder; {builder} needs the name of a new folder",
                                        f"这是一个文件，不是文件夹；{builder} 需要一个新文件夹的名字")
            dfd = _open_dir(fd, name, shown)
        except OSError as e:
            raise _os_error(shown, e) from None
        finally:
            os.close(fd)
        try:
            files, dirs = _read_marker(dfd, shown, builder)
        except BaseException:
            os.close(dfd)
            raise
        return cls(path, builder, dfd, files, dirs)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> "BuildFolder":
        return self

    def __exit__(self, kind, error, tb) -> None:
        if kind is not None and self._made and not self.files:   # a failed first build leaves nothing behind
            try:
                os.unlink(MARKER, dir_fd=self._fd)
            except OSError:
                pass
            for folder in reversed(self._made):
                try:
                    os.rmdir(folder)   # only ever removes an empty folder
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
        found = self._inventory()
        changed = {r for r, hashes in self.files.items() if r in found and found[r] not in hashes}
        for rel in sorted(changed & set(rels)):   # a changed file the build would replace
            raise OutputFolderError(
                self.path / rel, f"was changed after {self.builder} wrote it, so it is not replaced; move it "
                                 f"out of the folder (or build into a new folder)",
                f"{self.builder} 写入之后这个文件被改过，所以不会覆盖它：请把它移出这个文件夹（或生成到一个新文件夹）")
        for rel, parts in rels.items():
            for depth in range(1, len(parts)):
                above = "/".join(parts[:depth])
                if found.get(above, "dir") != "dir":
                    raise self._in_the_way(above)
            if rel in found and rel not in self.files:
                raise self._in_the_way(rel)
        mine = {r: list(h) for r, h in self.files.items()}
        written: dict[str, str] = {}
        new_dirs = [d for d in dict.fromkeys("/".join(p[:i]) for p in rels.values() for i in range(1, len(p)))
                    if d not in found]
        self.dirs = list(dict.fromkeys([*self.dirs, *new_dirs]))
        for rel, source in files.items():
            digest = _digest(source)
            mine[rel] = sorted({*mine.get(rel, ()), digest})   # either is ours while the install runs
            written[rel] = digest
        self.files = mine
        self._write_marker()
        for rel, source in files.items():
            try:
                self._write(rels[rel], source)
            except OSError as e:   # the disk is full, or something changed the folder while it was written
                raise OutputFolderError(self.path / rel, f"could not be written ({e.strerror or e}); the files "
                                                         f"written so far are listed in {MARKER}, a rebuild replaces them",
                                        f"无法写入（{e.strerror or e}）；已写入的文件记在 {MARKER} 里，重新生成时会替换它们") from None
        if replace_all:   # what the earlier build had and this one has not goes, unless it was changed since
            for rel in [r for r in mine if r not in written]:
                if rel in found and rel not in changed:
                    self._unlink(rel)
            written_dirs = {"/".join(p[:i]) for p in rels.values() for i in range(1, len(p))}
            for d in sorted((d for d in self.dirs if d not in written_dirs), key=lambda d: -d.count("/")):
                self._rmdir_if_empty(d)
            self.dirs = [d for d in self.dirs if d in written_dirs]
            self.files = {r: [h] for r, h in written.items()}
        else:   # a page changed since it was exported is no longer the builder's
            self.files = {r: ([written[r]] if r in written else h) for r, h in mine.items() if r not in changed}
        self._write_marker()

    def _in_the_way(self, rel: str) -> OutputFolderError:
        return OutputFolderError(self.path / rel,
                                 f"is in the way of {self.builder} and was not made by it, so it is left as it is; "
                                 f"move it out of the folder (or build into a new folder)",
                                 f"这个文件不是 {self.builder} 生成的，但生成时要用到这个名字，所以没有动它："
                                 f"请把它移出这个文件夹（或生成到一个新文件夹）")

    def _inventory(self) -> dict[str, str]:
        """Every path in the folder (walked through descriptors, links never followed): relative path ->
        "dir", "link", "other", or for a file the builder wrote, its SHA-256 (other files: "file")."""
        found: dict[str, str] = {}
        for top, dirs, names, dfd in os.fwalk(".", dir_fd=self._fd, follow_symlinks=False):
            base = "" if top == "." else top[2:] + "/"
            for name in [*dirs, *names]:
                rel = base + name
                st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
                kind = _kind(st.st_mode)
                if kind == "file" and rel in self.files:
                    fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=dfd)
                    try:
                        kind = _hash_fd(fd)
                    finally:
                        os.close(fd)
                found[rel] = kind
            dirs[:] = [d for d in dirs if found.get(base + d) == "dir"]
        found.pop(MARKER, None)
        return found

    def _parent(self, parts: tuple[str, ...], *, create: bool) -> int:
        """A descriptor of the folder holding ``parts[-1]`` (created when asked), opened without links;
        an ``OSError`` when a folder on the way is missing or not a real folder."""
        fd = os.dup(self._fd)
        try:
            for part in parts[:-1]:
                if create:
                    try:
                        os.mkdir(part, 0o777, dir_fd=fd)
                    except FileExistsError:
                        pass
                fd = _replace_fd(fd, os.open(part, _DIR | _NOFOLLOW, dir_fd=fd))
        except BaseException:
            os.close(fd)
            raise
        return fd

    def _write(self, parts: tuple[str, ...], source: Path | bytes) -> None:
        pfd = self._parent(parts, create=True)
        try:
            _write_at(pfd, parts[-1], source)
        finally:
            os.close(pfd)

    def _unlink(self, rel: str) -> None:
        parts = tuple(rel.split("/"))
        try:
            pfd = self._parent(parts, create=False)
        except OSError:
            return
        try:
            os.unlink(parts[-1], dir_fd=pfd)
        except FileNotFoundError:
            pass
        finally:
            os.close(pfd)

    def _rmdir_if_empty(self, rel: str) -> None:
        parts = tuple(rel.split("/"))
        try:
            pfd = self._parent(parts, create=False)
        except OSError:
            return
        try:
            os.rmdir(parts[-1], dir_fd=pfd)
        except OSError:  # not empty: something not ours is in it, or a folder we still need
            pass
        finally:
            os.close(pfd)

    def _write_marker(self) -> None:
        record = {"builder": self.builder, "files": self.files, "dirs": self.dirs}
        try:
            _write_at(self._fd, MARKER, (json.dumps(record, indent=0, sort_keys=True) + "\n").encode())
        except OSError as e:
            raise OutputFolderError(self.path / MARKER, f"could not be written ({e.strerror or e})",
                                    f"无法写入（{e.strerror or e}）") from None


# --- helpers -------------------------------------------------------------------------------------

def _open_dir(dir_fd: int, name: str, shown) -> int:
    try:
        return os.open(name, _DIR | _NOFOLLOW, dir_fd=dir_fd)
    except OSError as e:
        raise _os_error(shown, e) from None


def _replace_fd(old: int, new: int) -> int:
    os.close(old)
    return new


def _step(fd: int, part: str, *, follow: bool) -> tuple[int, bool]:
    """(the folder ``part`` under ``fd``, whether it was created here); ``fd`` is closed. Existing
    folders above the output folder are followed as the system does (``follow``); once one was
    created here, every folder below it is created too and opened without following a link. On an
    error ``fd`` stays open (the caller closes it)."""
    if follow:
        try:
            return _replace_fd(fd, os.open(part, _DIR, dir_fd=fd)), False
        except FileNotFoundError:
            pass
    os.mkdir(part, 0o777, dir_fd=fd)
    return _replace_fd(fd, os.open(part, _DIR | _NOFOLLOW, dir_fd=fd)), True


def _check_rel(rel: str, path: Path) -> tuple[str, ...]:
    parts = tuple(rel.split("/"))
    if not rel or rel.startswith("/") or any(p in ("", ".", "..") for p in parts) or parts[0] == MARKER:
        raise ValueError(f"not a path inside {path}: {rel!r}")
    return parts


def _digest(source: Path | bytes) -> str:
    if isinstance(source, bytes):
        return hashlib.sha256(source).hexdigest()
    fd = os.open(source, os.O_RDONLY)
    try:
        return _hash_fd(fd)
    finally:
        os.close(fd)


def _write_at(dir_fd: int, name: str, source: Path | bytes) -> None:
    """``name`` in the folder ``dir_fd`` gets the content of ``source``: written to a new temporary file
    next to it (never through a link), then moved over the name."""
    tmp = f".{name}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o644,
                 dir_fd=dir_fd)
    try:
        try:
            if isinstance(source, bytes):
                _write_all(fd, source)
            else:
                with open(source, "rb") as src:
                    while chunk := src.read(_CHUNK):
                        _write_all(fd, chunk)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        try:
            os.unlink(tmp, dir_fd=dir_fd)
        except OSError:
            pass
        raise


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_marker(dfd: int, shown: str, builder: str) -> tuple[dict, list]:
    try:
        fd = os.open(MARKER, os.O_RDONLY | _NOFOLLOW, dir_fd=dfd)
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
        raise OutputFolderError(shown, f"holds a damaged {MARKER} file, so what was built there is not known; "
                                       f"give the name of a new folder",
                                f"里面的 {MARKER} 文件已损坏，不知道以前生成了什么：请给一个新文件夹的名字") from None
    if made_by != builder:
        raise OutputFolderError(shown, f"was made by {made_by}, not by {builder}; give the name of a new folder",
                                f"这个文件夹是 {made_by} 生成的，不是 {builder}：请给一个新文件夹的名字")
    return files, dirs


def _not_ours(shown: str, builder: str) -> OutputFolderError:
    return OutputFolderError(shown, f"already exists and was not made by {builder} (it has no {MARKER} file), so "
                                    f"nothing in it is touched; give the name of a new folder and {builder} creates it",
                             f"这个文件夹已经存在，而且不是 {builder} 生成的，里面的东西都不会动："
                             f"请给一个新文件夹的名字，{builder} 会新建它")


def _os_error(shown: str, e: OSError) -> OutputFolderError:
    if e.errno in (errno.ELOOP, errno.ENOTDIR):
        return OutputFolderError(shown, "goes through a symbolic link or a file where a folder was expected; "
                                        "give a path to a new folder",
                                 "路径经过一个符号链接或文件，而那里应该是文件夹：请给一个新文件夹的路径")
    return OutputFolderError(shown, f"cannot be created or opened ({e.strerror or e})",
                             f"无法新建或打开这个文件夹（{e.strerror or e}）")
