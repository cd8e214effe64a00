"""What tests need from outside Python, and how they react when it is missing."""

import os

import pytest


def need(ok: bool, what: str) -> None:
    """A test that needs something outside Python (a font, a browser): on a developer's machine it
    skips with what to install; under CI (the CI variable set) it fails, because CI must run it."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and CI must run this test")
    pytest.skip(f"{what} is missing")
