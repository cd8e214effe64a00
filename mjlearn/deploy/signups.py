"""Sign-ups a teacher approves: the hub's default authenticator, NativeAuthenticator made strict.

NativeAuthenticator (``jupyterhub-nativeauthenticator``) keeps each user's bcrypt-hashed password in the
hub's own database; a new user signs up on the hub's page and cannot log in until an admin (a teacher)
approves them on ``/hub/authorize``. As shipped it also approves at once anyone who signs up under a
name listed as an admin or an allowed user, so the first person to sign up as the teacher's name would
be an admin. :class:`TeacherApprovedSignups` approves no one by name: the teachers are approved once from
the hub's machine (``mjlearn hub approve NAME``, :func:`approve`), and everyone else by a teacher.
"""

from __future__ import annotations

import os

import sqlalchemy as sa
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import SignUpHandler
from nativeauthenticator.orm import UserInfo
from sqlalchemy.orm import Session

from . import HubConfigError

__all__ = ["WAITING", "TeacherApprovedSignups", "approve", "hub_database"]

WAITING = (
    "Signed up. You can log in once you are approved: a teacher approves learners, the server's "
    "administrator approves teachers.  已注册：获批准后才能登录（学员由老师批准，老师由服务器管理员批准）。"
)


class _WaitingSignUp(SignUpHandler):
    """The sign-up page, saying what happens next: NativeAuthenticator tells a name in the admin list
    "You can now go to the home page and log in", which is not so here (the login then says it was not
    authorized), and everyone else that it was "sent to the admin" (a learner's teacher)."""

    def get_result_message(
        self, user, assume_user_is_human, username_already_taken, confirmation_matches, user_is_admin
    ):
        alert, message = super().get_result_message(
            user, assume_user_is_human, username_already_taken, confirmation_matches, False
        )
        return alert, (WAITING if alert == "alert-info" else message)


class TeacherApprovedSignups(NativeAuthenticator):
    """NativeAuthenticator in which a sign-up is approved only by a teacher (or, for the teachers
    themselves, by ``mjlearn hub approve`` on the hub's machine), never because of the name it chose."""

    def get_authed_users(self):
        return {info.username for info in UserInfo.all_users(self.db) if info.is_authorized}

    def get_handlers(self, app):
        return [
            (route, _WaitingSignUp if route == r"/signup" else handler) for route, handler in super().get_handlers(app)
        ]


def hub_database(state: str | os.PathLike | None = None) -> str:
    """The URL of the hub's own database in its state folder (``MJLEARN_HUB_STATE``, as the hub
    configuration sets it)."""
    folder = os.path.expanduser(state or os.environ.get("MJLEARN_HUB_STATE") or "~/.local/share/mjlearn-hub")
    return "sqlite:///" + os.path.join(folder, "jupyterhub.sqlite")


def approve(name: str, db_url: str | None = None) -> bool:
    """Approve the sign-up of ``name`` in the hub's database; False when it was approved already. A
    :class:`~mjlearn.deploy.HubConfigError` when no one signed up under that name (or the hub never ran)."""
    url = db_url or hub_database()
    path = url.removeprefix("sqlite:///")
    if url.startswith("sqlite:///") and not os.path.isfile(path):  # never make an empty database here
        raise HubConfigError(
            f"the hub's database {path} does not exist: start the hub once (or set MJLEARN_HUB_STATE "
            f"to its folder)  （hub 的数据库 {path} 不存在：请先启动一次 hub，或设置 MJLEARN_HUB_STATE）"
        )
    engine = sa.create_engine(url)
    try:
        with Session(engine) as session:
            try:
                user = session.query(UserInfo).filter(UserInfo.username == name).one_or_none()
            except sa.exc.OperationalError:
                user = None
            if user is None:
                raise HubConfigError(
                    f"no one has signed up as {name!r} on this hub yet: sign up on the hub's page "
                    f"first, then approve  （尚无人以 {name!r} 注册：请先在 hub 页面注册，再批准）"
                )
            if user.is_authorized:
                return False
            user.is_authorized = True
            session.commit()
            return True
    finally:
        engine.dispose()
