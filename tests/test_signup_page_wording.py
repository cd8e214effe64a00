"""What the hub's sign-up page tells someone who just signed up: with sign-ups a person approves, it
never says "you can now log in" (the login would then refuse them), not even under a teacher's name."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

pytest.importorskip("nativeauthenticator")

from mjlearn.deploy.signups import WAITING, TeacherApprovedSignups


def _authenticator(admins):
    # the hub's authenticator with its settings, not yet given the hub's database (made at the hub's start)
    auth = TeacherApprovedSignups.__new__(TeacherApprovedSignups)
    auth.admin_users = set(admins)
    return auth


def _signup_page(admins):
    handlers = dict(_authenticator(admins).get_handlers(None))
    page = object.__new__(handlers[r"/signup"])  # the page's own class; only its wording is asked
    page.application = SimpleNamespace(settings={"authenticator": _authenticator(admins)})  # as the hub's
    return page


class _NewUser:  # the record NativeAuthenticator made for the sign-up
    login_email_sent = False


@pytest.mark.parametrize("is_admin", [True, False], ids=["a teacher's name", "a learner's name"])
def test_a_sign_up_is_told_it_waits_for_approval(is_admin):
    alert, message = _signup_page({"wang"}).get_result_message(_NewUser(), True, False, True, is_admin)
    assert alert == "alert-info"
    assert message == WAITING
    assert "can now go to the home page and log in" not in message
    assert "approved" in message and "批准" in message


def test_a_refused_sign_up_still_says_why():
    page = _signup_page({"wang"})
    alert, message = page.get_result_message(_NewUser(), True, True, True, True)  # the name is taken
    assert alert == "alert-danger" and "already in use" in message
    alert, message = page.get_result_message(_NewUser(), True, False, False, False)  # passwords differ
    assert alert == "alert-danger" and "did not match" in message


def test_every_other_page_of_the_authenticator_is_kept():
    code = (
        "from mjlearn.deploy.signups import TeacherApprovedSignups as T\n"
        "from nativeauthenticator import NativeAuthenticator as N\n"
        "ours, theirs = T.__new__(T).get_handlers(None), N.__new__(N).get_handlers(None)\n"
        "print([r for r, _ in ours] == [r for r, _ in theirs], sum(a is not b for (_, a), (_, b) in zip(ours, theirs)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "1"]
