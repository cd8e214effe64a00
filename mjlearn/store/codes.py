"""Class codes: what a teacher hands out so that learners can join a class. The class database keeps
them (its schema's steps replace a code too short to be safe), so they sit in the storage layer;
:mod:`mjlearn.db` gives them to teachers."""

from __future__ import annotations

import re
import secrets

__all__ = ["CODE_ALPHABET", "CODE_CHARS", "code_key", "new_code"]

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""The characters of a class code (Crockford's base32: no I, L, O or U to misread)."""
CODE_CHARS = 16
"""A code is 16 of them, 80 random bits, written in four groups of four (``7KQ2-M9XD-...``)."""


def new_code() -> str:
    """A new class code: 80 random bits (:data:`CODE_CHARS` characters of :data:`CODE_ALPHABET`) in
    groups of four, e.g. ``7KQ2-M9XD-4TRB-ZW3H``."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_CHARS))
    return "-".join(chars[i : i + 4] for i in range(0, CODE_CHARS, 4))


def code_key(code: str) -> str:
    """What two codes are compared by: their letters and digits, in capitals (``7kq2 m9xd`` and
    ``7KQ2-M9XD`` are the same code). The class database's ``mjlearn_join`` compares the same way."""
    return re.sub(r"[^0-9A-Za-z]", "", code).upper()
