"""A login's role name in a class database (PostgreSQL): a hub name as PostgreSQL can keep it.

Below the class database (:mod:`mjlearn.db`, which re-exports :func:`role_name`) and the quiz: the
class store (:mod:`mjlearn.store.postgres`) records a hub user's answers under this role.
"""

from __future__ import annotations

import base64
import hashlib
import unicodedata

from ..errors import ClassError

__all__ = ["ROLE_BYTES", "role_name"]

ROLE_BYTES = 63
"""The longest role name PostgreSQL keeps, in bytes (NAMEDATALEN - 1); longer names are cut silently."""

_HASHED = "~"
"""Separates a mapped name's readable prefix from its hash; a name that has it is always mapped, so a
hub name can never be the mapped name of another."""
_HASH_CHARS = 16  # base32: 80 bits of SHA-256
_RESERVED = {"public", "none", "current_user", "session_user", "current_role"}
_RESERVED_PREFIXES = ("pg_", "mjlearn_")  # PostgreSQL's own roles; mjlearn's groups and its owner


# -- names --------------------------------------------------------------------------------------------
def _safe_char(ch: str) -> bool:
    # no control, format, surrogate, private or unassigned characters, no separators (spaces), no "~"
    return ch != _HASHED and unicodedata.category(ch)[0] not in "CZ"


def _plain(name: str) -> bool:
    """Whether ``name`` can be a role as it is."""
    low = name.lower()
    return (
        len(name.encode("utf-8", "surrogatepass")) <= ROLE_BYTES
        and all(map(_safe_char, name))
        and low not in _RESERVED
        and not low.startswith(_RESERVED_PREFIXES)
    )


def role_name(hub_name: str) -> str:
    """The PostgreSQL role of a hub user (or of any name a teacher types). A name that fits (at most 63
    bytes, no spaces or control characters, no ``~``, not ``public`` or another name PostgreSQL reserves,
    not starting with ``pg_`` or ``mjlearn_``) is kept; any other becomes a readable prefix, ``~`` and 16
    characters of its SHA-256 (80 bits), at most 63 bytes. The same name always gives the same role, and
    two names never share one (a kept name has no ``~``; a mapped one differs by its hash).

    >>> role_name("ann")
    'ann'
    >>> role_name("public")
    'public~56q7g5oxmgkpuund'
    >>> long = "a.very.long.name.of.a.learner.at.a.school@mail.example-school.org"
    >>> role = role_name(long); role
    'a.very.long.name.of.a.learner.at.a.school@mail~hwlitrn57pjaa2wt'
    >>> len(role.encode()) <= 63 and role != role_name(long + "x")
    True
    """
    if not isinstance(hub_name, str):
        raise ClassError(
            f"a name must be text, got {type(hub_name).__name__} {hub_name!r}  "
            f"（名字必须是文字，收到的是 {hub_name!r}）"
        )
    if not hub_name:
        raise ClassError(
            "a name is empty: give each learner's or teacher's name (their hub name)  "
            "（名字是空的：请给出学员或老师的名字，即其 JupyterHub 用户名）"
        )
    if _plain(hub_name):
        return hub_name
    digest = base64.b32encode(hashlib.sha256(hub_name.encode("utf-8", "surrogatepass")).digest())
    tail = _HASHED + digest.decode("ascii")[:_HASH_CHARS].lower()
    room = ROLE_BYTES - len(tail)
    prefix, used = [], 0
    for ch in hub_name:
        if not _safe_char(ch):
            continue
        size = len(ch.encode("utf-8"))
        if used + size > room:
            break
        prefix.append(ch)
        used += size
    head = "".join(prefix) or "u"
    if head[:3].lower() == "pg_":  # PostgreSQL refuses every new role whose name starts so
        head = head[:2] + "-" + head[3:]
    return head + tail
