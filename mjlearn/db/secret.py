"""The class secret and the database passwords derived from it, for the class database's logins.

A class on PostgreSQL gives each learner a login whose password is derived from one secret that
only the hub and the owner hold (:func:`role_password`), so no list of passwords is kept. The secret
is made by :func:`generate_secret` (``mjlearn hub secret``), and refused when it is weak or kept where
others may read it (:func:`check_secret`, :func:`read_secret_file`). ``mjlearn.deploy`` (the hub)
and ``mjlearn class`` read it from here.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import re
import secrets
import stat

from ..errors import MjlearnError

__all__ = [
    "SECRET_BITS",
    "SECRET_ENV",
    "SECRET_FILE_ENV",
    "SecretError",
    "check_secret",
    "generate_secret",
    "read_secret_file",
    "role_password",
    "secret_from_env",
]

SECRET_ENV, SECRET_FILE_ENV = "MJLEARN_DB_SECRET", "MJLEARN_DB_SECRET_FILE"
SECRET_BITS = 256
"""A class secret must carry at least this many bits: every learner holds a (name, derived password)
pair and may test guesses offline, so the secret must be out of reach of any guessing."""
_SECRET_CHARS = re.compile(r"[A-Za-z0-9+/=_-]+")
_CLASSES = (
    (re.compile(r"[a-z]"), 26),
    (re.compile(r"[A-Z]"), 26),
    (re.compile(r"[0-9]"), 10),
    (re.compile(r"[+/_-]"), 4),
)
_MAKE = "make one with: mjlearn hub secret --out FILE"
_MAKE_ZH = "用 mjlearn hub secret --out 文件 生成"


class SecretError(MjlearnError, ValueError):
    """The class secret is missing, weak, or kept where others may read it. One line, English then Chinese."""

    heading = ("班级密钥不可用", "The class secret is not accepted")


def generate_secret() -> str:
    """A new class secret: 64 hexadecimal digits (256 bits from the operating system's random source),
    the form :func:`check_secret` accepts."""
    while True:  # a random draw is refused as "not random" with a probability below one in a million
        secret = secrets.token_hex(SECRET_BITS // 8)
        try:
            return check_secret(secret)
        except SecretError:  # pragma: no cover (a draw with a long run or repeat: draw again)
            continue


def _estimated_bits(text: str) -> float:
    """Bits of a random string of this length over the alphabet its characters are drawn from."""
    body = text.rstrip("=")  # base64 padding carries nothing
    if re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", body):
        alphabet = 16
    elif all(pattern.search(body) for pattern, _ in _CLASSES[:3]):
        alphabet = 64  # base64: upper and lower case letters and digits
    else:
        alphabet = sum(size for pattern, size in _CLASSES if pattern.search(body))
    return len(body) * math.log2(max(alphabet, 2))


def _looks_made_by_hand(text: str) -> str | None:
    """Why ``text`` is not a random string, or None: too few different characters, a run such as
    ``abcdefgh`` or ``11111111``, or a piece of 8 characters that comes twice. A random string of 256
    bits shows one of these with a probability below one in a million (tests/test_hub_secret.py)."""
    body = text.rstrip("=")
    alphabet = 16 if re.fullmatch(r"[0-9a-fA-F]+", body) else 64
    expected = alphabet * (1 - (1 - 1 / alphabet) ** len(body))  # distinct characters of a random draw
    if len(set(body)) < expected / 2:
        return f"it uses only {len(set(body))} different characters"
    run, step = 1, None
    for a, b in zip(body, body[1:]):
        here = ord(b) - ord(a)
        run = run + 1 if here == step and abs(here) <= 1 else 2
        step = here
        if run >= 8:
            return "it has a run of 8 or more characters in a row (such as abcdefgh or 11111111)"
    seen = set()
    for i in range(len(body) - 7):
        piece = body[i : i + 8]
        if piece in seen:
            return f"the piece {piece!r} comes twice"
        seen.add(piece)
    return None


def check_secret(secret: str | None, *, where: str = SECRET_ENV) -> str:
    """``secret`` without surrounding white space if it may serve as a class secret, else a
    :class:`SecretError` naming the problem (``where`` says where it was read from).

    Accepted: at least 256 bits as a random string of its alphabet (64 hexadecimal digits, as
    ``mjlearn hub secret`` writes, or 43 characters of base64), not a run, repeat or short alphabet.
    It cannot prove a secret was drawn at random; it refuses what is visibly not.

    >>> check_secret("hub-secret")
    Traceback (most recent call last):
    ...
    mjlearn.db.secret.SecretError: the class secret in MJLEARN_DB_SECRET is too weak: about 49 bits, at least 256 are needed; make one with: mjlearn hub secret --out FILE  （MJLEARN_DB_SECRET 中的班级密钥太弱：约 49 位，至少需要 256 位；用 mjlearn hub secret --out 文件 生成）
    """
    text = secret.strip() if isinstance(secret, str) else ""
    if not text:
        raise SecretError(
            f"no class secret is set ({where} is empty or missing); {_MAKE}, and set "
            f"{SECRET_FILE_ENV} to that file  （没有设置班级密钥（{where} 为空或不存在）；{_MAKE_ZH}，"
            f"并把 {SECRET_FILE_ENV} 设为该文件）"
        )
    if not _SECRET_CHARS.fullmatch(text):
        raise SecretError(
            f"the class secret in {where} has characters other than letters, digits and + / = _ -; "
            f"{_MAKE}  （{where} 中的班级密钥含有字母、数字和 + / = _ - 以外的字符；{_MAKE_ZH}）"
        )
    bits = _estimated_bits(text)
    if bits < SECRET_BITS:
        raise SecretError(
            f"the class secret in {where} is too weak: about {bits:.0f} bits, at least {SECRET_BITS} "
            f"are needed; {_MAKE}  （{where} 中的班级密钥太弱：约 {bits:.0f} 位，至少需要 {SECRET_BITS} 位；"
            f"{_MAKE_ZH}）"
        )
    why = _looks_made_by_hand(text)
    if why:
        raise SecretError(
            f"the class secret in {where} is not random: {why}; {_MAKE}  （{where} 中的班级密钥"
            f"不是随机生成的；{_MAKE_ZH}）"
        )
    return text


def read_secret_file(path: str | os.PathLike) -> str:
    """The class secret kept in the file ``path``, checked (:func:`check_secret`). The file must be a
    regular file of at most 4 KiB that only its owner (this user, or root) may read or write: a secret
    others may read is refused, as ssh refuses such a key."""
    where = f"the file {os.fspath(path)}"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise SecretError(
            f"cannot read the class secret from {where}: {e.strerror}; {_MAKE}  （无法读取班级密钥"
            f"文件 {os.fspath(path)}：{e.strerror}；{_MAKE_ZH}）"
        ) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise SecretError(f"{where} is not a regular file  （班级密钥文件 {os.fspath(path)} 不是普通文件）")
    with os.fdopen(fd, "rb") as f:
        if st.st_mode & 0o077:
            raise SecretError(
                f"{where} may be read or changed by others (mode {stat.S_IMODE(st.st_mode):o}); "
                f"run chmod 600 on it  （班级密钥文件 {os.fspath(path)} 其他人也能读写；请执行 chmod 600）"
            )
        if st.st_uid not in (0, os.geteuid()):
            raise SecretError(
                f"{where} belongs to another user (uid {st.st_uid}), who could read or change it  "
                f"（班级密钥文件 {os.fspath(path)} 属于其他用户）"
            )
        data = f.read(4097)
    if len(data) > 4096:
        raise SecretError(f"{where} is larger than a secret (over 4 KiB)  （{os.fspath(path)} 太大，不是密钥文件）")
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        text = "\x00"  # refused below for its characters
    return check_secret(text, where=where)


def secret_from_env(environ=None) -> str:
    """The class secret of this process: from the file named by ``MJLEARN_DB_SECRET_FILE``, else from
    ``MJLEARN_DB_SECRET``; checked either way (:class:`SecretError` when missing or weak)."""
    environ = os.environ if environ is None else environ
    if environ.get(SECRET_FILE_ENV):
        return read_secret_file(environ[SECRET_FILE_ENV])
    return check_secret(environ.get(SECRET_ENV), where=SECRET_ENV)


def role_password(user: str, secret: str) -> str:
    """The database password of ``user``'s login, derived from a secret only the hub and the owner
    hold: the hub hands each learner their own (in ``MJLEARN_DB``), and the owner sets it when adding
    the learner (``MJLEARN_DB_SECRET`` in the owner's environment), so no list of passwords is kept."""
    return hmac.new(secret.encode("utf-8"), user.encode("utf-8"), hashlib.sha256).hexdigest()[:32]
