"""Where the files shipped with mjlearn are: the course's notebooks and quiz sets.

Inside an installed wheel they are ``mjlearn/notebooks`` (the build copies them there); in the
repository they are ``notebooks/`` beside the package. ``mjlearn lab``, ``mjlearn export``, the
browser build and a class's assignments (a quiz set named by its shipped name) all look here.
"""

from __future__ import annotations

from pathlib import Path


def notebooks_source() -> Path:
    """Where the shipped notebooks are: inside the installed wheel, or the repository's notebooks/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "notebooks", here.parent / "notebooks"):
        if candidate.is_dir() and any(candidate.glob("*.ipynb")):
            return candidate
    raise FileNotFoundError("the mjlearn notebooks were not found next to the package; reinstall mjlearn")
