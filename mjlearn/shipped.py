"""Where the files shipped with mjlearn are: the course's notebooks and quiz sets.

Inside an installed wheel they are ``mjlearn/notebooks`` (the build copies them there); in the
repository they are ``notebooks/`` beside the package. ``mjlearn lab``, ``mjlearn export``, the
browser build and a class's assignments (a quiz set named by its shipped name) all look here.
"""

from __future__ import annotations

import json
from pathlib import Path


def notebooks_source() -> Path:
    """Where the shipped notebooks are: inside the installed wheel, or the repository's notebooks/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "notebooks", here.parent / "notebooks"):
        # the browser site's wheel holds the quiz sets only: its lessons are the site's own files
        if candidate.is_dir() and (any(candidate.glob("*.ipynb")) or (candidate / "quiz_sets").is_dir()):
            return candidate
    raise FileNotFoundError("the mjlearn notebooks were not found next to the package; reinstall mjlearn")


def kernel_metadata() -> dict | None:
    """The notebook metadata the Python kernel of this interpreter reports when a lesson opens
    (``kernelspec`` and ``language_info``, as JupyterLab writes them into the notebook), or None when
    no kernel is installed here. A lesson stored with these opens unmodified: JupyterLab compares
    what the kernel reports with what the file holds and marks the lesson changed when they differ,
    so closing a lesson the learner never touched would ask to save it."""
    try:  # the kernel's own values (ipykernel and jupyter_client come with JupyterLab)
        from ipykernel.ipkernel import IPythonKernel
        from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

        spec = KernelSpecManager().get_kernel_spec("python3")
    except (ImportError, NoSuchKernel, OSError, ValueError):
        return None
    return {
        "kernelspec": {"display_name": spec.display_name, "language": spec.language, "name": "python3"},
        "language_info": dict(IPythonKernel.language_info),
    }


def as_opened(data: bytes, metadata: dict | None) -> bytes:
    """A shipped notebook's bytes with the kernel's ``metadata`` (:func:`kernel_metadata`) in place of
    the stored ``kernelspec`` and ``language_info``, written as the repository writes notebooks;
    ``data`` unchanged when ``metadata`` is None or the notebook names another kernel."""
    if metadata is None:
        return data
    try:
        nb = json.loads(data)
    except ValueError:  # not JSON: copied as it is (the learner's JupyterLab says what is wrong with it)
        return data
    if not isinstance(nb, dict) or nb.get("metadata", {}).get("kernelspec", {}).get("name", "python3") != "python3":
        return data
    nb.setdefault("metadata", {}).update(metadata)
    return (json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
