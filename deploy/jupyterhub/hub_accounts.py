"""Per-person logins for the class hub: students sign up, the teacher approves each one.

``ClassAuthenticator`` is NativeAuthenticator (``pip install jupyterhub-nativeauthenticator``)
with one change: a name listed as an admin is *not* approved by signing up with it.
NativeAuthenticator approves such a sign-up at once, so whoever reaches the sign-up page first
with the teacher's name would become the admin. Here the teacher's account is made on the machine
itself, before the hub is opened to the class::

    python deploy/jupyterhub/hub_accounts.py add-teacher teacher     # asks for a password twice

which writes the approved account, with its bcrypt hash, into the hub's database in
``MTGRULES_HUB_STATE`` (``--password-stdin`` reads it from standard input instead, for scripts).
Run it again to reset a forgotten teacher password. Students then sign up at ``/hub/signup`` and
wait until the teacher approves them at ``/hub/authorize``; a student's password is theirs alone
and is stored only as a bcrypt hash.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path

NAME_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"  # safe as a folder name and a Unix-style user name
MIN_PASSWORD = 8

try:
    from nativeauthenticator import NativeAuthenticator
except ImportError:  # the config explains what to install; the CLI below says it too
    NativeAuthenticator = None  # type: ignore[assignment,misc]

if NativeAuthenticator is not None:
    from jupyterhub.handlers.base import BaseHandler
    from nativeauthenticator.handlers import LoginHandler as NativeLoginHandler

    class _NoStatistics:
        """JupyterHub 6 dropped statsd, which NativeAuthenticator 1.3's login form still times."""

        def timer(self, *args, **kwargs):
            return self

        def start(self):
            return self

        def stop(self, *args, **kwargs):
            return None

        def incr(self, *args, **kwargs):
            return None

    class ClassLoginHandler(NativeLoginHandler):
        """NativeAuthenticator's login form, working on JupyterHub 5 and 6 alike."""

        statsd = _NoStatistics()

        def render_template(self, name, **ns):
            if name == "error.html":  # the hub's own error page: the form's renderer can't draw it
                return BaseHandler.render_template(self, name, **ns)
            return super().render_template(name, **ns)

    class ClassAuthenticator(NativeAuthenticator):
        """NativeAuthenticator where only the teacher approves accounts, admins' included."""

        def get_handlers(self, app):
            return [(path, ClassLoginHandler if path == "/login" else handler)
                    for path, handler in super().get_handlers(app)]

        def get_authed_users(self):
            """The approved accounts (NativeAuthenticator adds every admin name, approved or not,
            which pre-approves anyone who signs up with one)."""
            return {info.username for info in self._all_infos() if info.is_authorized} | set(self.allowed_users)

        def _all_infos(self):
            from nativeauthenticator.orm import UserInfo
            return UserInfo.all_users(self.db)


def add_teacher(state: Path, name: str, password: str) -> None:
    """Write (or reset) an approved account for ``name`` in the hub database under ``state``."""
    import re

    import bcrypt
    from jupyterhub import orm
    from nativeauthenticator.orm import UserInfo  # registers its table with JupyterHub's

    if not re.fullmatch(NAME_PATTERN, name):
        raise SystemExit(f"add-teacher: {name!r} is not a usable name (lower-case letters, digits, - and _)")
    if len(password) < MIN_PASSWORD:
        raise SystemExit(f"add-teacher: the password needs at least {MIN_PASSWORD} characters")
    state.mkdir(parents=True, mode=0o700, exist_ok=True)
    state.chmod(0o700)
    db = state / "jupyterhub.sqlite"
    if not db.exists():
        os.close(os.open(db, os.O_CREAT | os.O_WRONLY, 0o600))
    db.chmod(0o600)
    session = orm.new_session_factory(f"sqlite:///{db}")()
    try:
        hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())
        info = UserInfo.find(session, name)
        if info is None:
            session.add(UserInfo(username=name, password=hashed, is_authorized=True))
        else:
            info.password, info.is_authorized = hashed, True
        session.commit()
    finally:
        session.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Accounts of the mtgrules class hub.")
    sub = parser.add_subparsers(dest="command", required=True)
    teacher = sub.add_parser("add-teacher", help="make (or reset) the teacher's approved account")
    teacher.add_argument("name")
    teacher.add_argument("--state", type=Path, default=Path(os.environ.get("MTGRULES_HUB_STATE", "/srv/jupyterhub")),
                         help="the hub's state folder (default $MTGRULES_HUB_STATE or /srv/jupyterhub)")
    teacher.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    args = parser.parse_args(argv)
    if NativeAuthenticator is None:
        raise SystemExit("add-teacher needs jupyterhub-nativeauthenticator: pip install jupyterhub-nativeauthenticator")
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = getpass.getpass(f"password for {args.name}: ")
        if getpass.getpass("again: ") != password:
            raise SystemExit("add-teacher: the two passwords differ")
    add_teacher(args.state.resolve(), args.name, password)
    print(f"{args.name} can log in as a teacher; name them in MTGRULES_HUB_ADMINS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
