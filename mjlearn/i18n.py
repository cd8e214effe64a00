"""The learner's language: every rendering and widget reads it from here."""

from __future__ import annotations

_LANGUAGES = ("zh", "en")
_current = "en"


def set_language(lang: str) -> None:
    """Choose the language learners read: ``"zh"`` (Chinese) or ``"en"`` (English)."""
    global _current
    if lang not in _LANGUAGES:
        raise ValueError(f"language must be 'zh' or 'en', got {lang!r}")
    _current = lang


def get_language() -> str:
    """The current language, ``"zh"`` or ``"en"``."""
    return _current


def pick(zh: str, en: str, lang: str | None = None) -> str:
    """The text in the current (or given) language."""
    return zh if (lang or _current) == "zh" else en


def both(zh: str, en: str, lang: str | None = None) -> str:
    """Both names, the current language first: ``清一色 Full Flush``."""
    return f"{zh} {en}" if (lang or _current) == "zh" else f"{en} {zh}"
