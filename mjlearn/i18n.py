"""The learner's language: every rendering and widget reads it from here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

_LANGUAGES = ("zh", "en")
_current = "en"
_listeners: list[Callable[[str], None]] = []


def set_language(lang: str) -> None:
    """Choose the language learners read: ``"zh"`` (Chinese) or ``"en"`` (English).

    Widgets already on screen follow at once (they listen through :func:`add_listener`).
    """
    global _current
    if lang not in _LANGUAGES:
        raise ValueError(f"language must be 'zh' or 'en', got {lang!r}")
    changed = lang != _current
    _current = lang
    if changed:
        for listener in _listeners:
            listener(lang)


def add_listener(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` after every change of language (used by the widgets)."""
    if listener not in _listeners:
        _listeners.append(listener)


def get_language() -> str:
    """The current language, ``"zh"`` or ``"en"``."""
    return _current


def pick(zh: str, en: str, lang: str | None = None) -> str:
    """The text in the current (or given) language."""
    return zh if (lang or _current) == "zh" else en


def both(zh: str, en: str, lang: str | None = None) -> str:
    """Both names, the current language first: ``清一色 Full Flush``."""
    return f"{zh} {en}" if (lang or _current) == "zh" else f"{en} {zh}"


class Bilingual:
    """For values with a ``text(lang)``: ``str`` reads in the learner's language; ``repr`` and a
    notebook's plain-text output (beside the HTML) read in both."""

    if TYPE_CHECKING:

        def text(self, lang: str | None = None) -> str: ...

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text("zh") + "\n\n" + self.text("en")

    def _repr_pretty_(self, p, cycle):
        p.text(repr(self))


_COUNTS_ZH = "一两三四五六七八九"


def count_zh(n: int) -> str:
    """How many, as Chinese says it before a measure word: 一 两 三 … 九 (两, not 二: 两张, 两根), then
    digits from 10 on."""
    return _COUNTS_ZH[n - 1] if 1 <= n <= len(_COUNTS_ZH) else str(n)
