"""JupyterHub for a class working through the mtgrules lessons on one server.

Run it as root with ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`` in an environment
where the kit is installed, with ``configurable-http-proxy`` on the PATH (``npm install -g
configurable-http-proxy``). docs/teaching.md ("A JupyterHub for the class") walks through it.

**Logins** (``MTGRULES_HUB_AUTH``), each one per person; there is never a shared password:

* ``native`` (the default): students sign up on the hub's own page and the teacher approves each
  one at ``/hub/authorize`` (``pip install jupyterhub-nativeauthenticator``). The teacher's own
  account is made on the machine first: ``python deploy/jupyterhub/hub_accounts.py add-teacher
  NAME``; a sign-up with a teacher's name is never approved by itself (see hub_accounts.py).
* ``github``: GitHub accounts (``pip install oauthenticator``), limited to the members of
  ``MTGRULES_HUB_GITHUB_ORG`` or the names in ``MTGRULES_HUB_STUDENTS`` (comma separated; one of
  them is required: "anyone with a GitHub account" is not a class). The OAuth app's id, secret and
  callback URL come from ``OAUTH_CLIENT_ID``, ``OAUTH_CLIENT_SECRET``, ``OAUTH_CALLBACK_URL``.
* ``pam``: the accounts of this machine (``adduser``), for the members of the Unix group
  ``MTGRULES_HUB_GROUP`` (JupyterHub 5 and later let no one else in).

Teachers (hub admins: they can open every student's server) are named in ``MTGRULES_HUB_ADMINS``.

**Listening**: on ``MTGRULES_HUB_IP`` (default 127.0.0.1, this machine only) and
``MTGRULES_HUB_PORT``. Anywhere beyond this machine needs TLS, since students type passwords:
``MTGRULES_HUB_SSL_CERT`` and ``MTGRULES_HUB_SSL_KEY`` name the certificate and its key. A TLS
proxy on this machine (nginx, Caddy) points at 127.0.0.1 and needs neither. The hub refuses to
start on another address without them, unless ``MTGRULES_HUB_INSECURE_HTTP=1`` says you accept
passwords in clear text (it warns at every start).

**Keeping students apart**: each server runs as a user of its own (the Unix account with PAM,
else a uid of its own), in a home folder only that user can open (0700), with at most
``MTGRULES_HUB_MEM_LIMIT`` of memory (default 1G), ``MTGRULES_HUB_CPU_LIMIT`` cores (default 1)
and ``MTGRULES_HUB_TASKS_LIMIT`` processes (default 256); ``0`` lifts a limit. Where systemd runs
and ``systemdspawner`` is installed, systemd enforces them (and gives each student a private
/tmp); elsewhere hub_isolation.py does, with resource limits and cgroups. ``MTGRULES_HUB_SPAWNER``
(``auto``, ``systemd``, ``local``) overrides the choice; ``MTGRULES_HUB_HOMES`` (default
/srv/mtgrules-homes) is where students without Unix accounts get their homes. The students'
servers run ``MTGRULES_HUB_PYTHON`` (default: this Python), which every account must be able to
read and run: install the kit in ``/opt/mtgrules/.venv``, not in a home folder.

**State**: ``MTGRULES_HUB_STATE`` (default /srv/jupyterhub) holds the database (password hashes,
tokens) and the cookie secret. The folder is made 0700 and its files 0600 at every start.

**Test mode** (``MTGRULES_HUB_MODE=test``), for the load test (``benchmarks/classroom.py``) and
the CI checks: always on 127.0.0.1, whatever ``MTGRULES_HUB_IP`` says; the same sign-up logins
and separate users as a class; no terminals; homes under the state folder's parent; and a
service ``classroom-bench`` with the API token ``MTGRULES_HUB_BENCH_TOKEN``.

Idle culling: each student's server shuts its kernels down after ``MTGRULES_HUB_KERNEL_IDLE``
seconds idle (default 20 minutes) and stops itself after ``MTGRULES_HUB_SERVER_IDLE`` seconds with
no activity (default an hour), so a forgotten laptop gives its memory back. If the package
``jupyterhub-idle-culler`` is installed it also runs as a hub service with the same limit.

Every lesson kernel peaks at about 136 MB; see docs/benchmarks.md ("classroom") for what a class
of 10 and of 30 costs on one machine.
"""

import importlib.util
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub's config loader provides get_config)

# This file's folder holds hub_isolation.py and hub_accounts.py. JupyterHub sets __file__; a
# loader that execs the file without it runs from the repository root.
HERE = Path(globals().get("__file__") or "deploy/jupyterhub/jupyterhub_config.py").resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

LOCALHOST = {"127.0.0.1", "::1", "localhost"}


def refuse(message: str) -> None:
    """Stop the hub before it listens, with one sentence and no traceback."""
    raise SystemExit(f"mtgrules hub: {message}")


def warn(message: str) -> None:
    print(f"mtgrules hub: WARNING: {message}", file=sys.stderr)


def names(variable: str) -> set[str]:
    return {name.strip() for name in os.environ.get(variable, "").split(",") if name.strip()}


MODE = os.environ.get("MTGRULES_HUB_MODE", "class")
if MODE not in ("class", "test"):
    raise ValueError(f"MTGRULES_HUB_MODE must be 'class' or 'test', not {MODE!r}")
KERNEL_IDLE = int(os.environ.get("MTGRULES_HUB_KERNEL_IDLE", "1200"))
SERVER_IDLE = int(os.environ.get("MTGRULES_HUB_SERVER_IDLE", "3600"))

# ---- the hub's state: only the hub's user may read it (password hashes, tokens, OAuth secrets).
# The folder is 0700, so nothing the hub writes in it later can be read by anyone else.
STATE = Path(os.environ.get("MTGRULES_HUB_STATE", "/srv/jupyterhub")).resolve()
STATE.mkdir(parents=True, mode=0o700, exist_ok=True)
STATE.chmod(0o700)
DB = STATE / "jupyterhub.sqlite"
if not DB.exists():  # sqlite would create it with the umask of whoever started the hub
    os.close(os.open(DB, os.O_CREAT | os.O_WRONLY, 0o600))
for item in STATE.iterdir():
    if item.is_file() and not item.is_symlink():
        item.chmod(0o600)

# ---- where the hub listens: localhost, or TLS, or a loud opt-out
IP = os.environ.get("MTGRULES_HUB_IP", "127.0.0.1").strip()
if MODE == "test" and IP not in LOCALHOST:
    warn(f"test mode listens on 127.0.0.1 only, not on MTGRULES_HUB_IP={IP!r}")
    IP = "127.0.0.1"
CERT, KEY = os.environ.get("MTGRULES_HUB_SSL_CERT", ""), os.environ.get("MTGRULES_HUB_SSL_KEY", "")
if CERT or KEY:
    for label, path in (("MTGRULES_HUB_SSL_CERT", CERT), ("MTGRULES_HUB_SSL_KEY", KEY)):
        if not path or not Path(path).is_file():
            refuse(f"{label} must name a readable file (a certificate needs both the cert and its key), not {path!r}")
    c.JupyterHub.ssl_cert, c.JupyterHub.ssl_key = CERT, KEY
elif IP not in LOCALHOST:
    if os.environ.get("MTGRULES_HUB_INSECURE_HTTP") == "1":
        warn(f"MTGRULES_HUB_INSECURE_HTTP=1: listening on {IP or 'every address'} over plain HTTP; "
             "every student's password crosses the network in clear text")
    else:
        refuse(f"refusing to listen on {IP or 'every address'} without TLS: students' passwords would cross "
               "the network in clear text. Set MTGRULES_HUB_SSL_CERT and MTGRULES_HUB_SSL_KEY (docs/teaching.md), "
               "or put a TLS proxy on this machine in front of 127.0.0.1")
c.JupyterHub.ip = IP
c.JupyterHub.port = int(os.environ.get("MTGRULES_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("MTGRULES_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('MTGRULES_HUB_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [os.environ.get("MTGRULES_HUB_PROXY", "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{DB}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server
c.JupyterHub.cleanup_proxy = True
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("MTGRULES_HUB_SPAWN_LIMIT", "40"))  # a whole class at once

# ---- logins: one per person
AUTH = "native" if MODE == "test" else os.environ.get("MTGRULES_HUB_AUTH", "native")
c.Authenticator.admin_users = names("MTGRULES_HUB_ADMINS")
c.Authenticator.username_pattern = r"^[a-z][a-z0-9_-]{0,31}$"  # usable as a folder and a Unix name
if AUTH == "native":
    if importlib.util.find_spec("nativeauthenticator") is None:
        refuse("sign-up logins need jupyterhub-nativeauthenticator: pip install jupyterhub-nativeauthenticator")
    from hub_accounts import ClassAuthenticator

    c.JupyterHub.authenticator_class = ClassAuthenticator
    c.NativeAuthenticator.open_signup = False  # every sign-up waits for the teacher at /hub/authorize
    c.NativeAuthenticator.minimum_password_length = 8
    c.NativeAuthenticator.check_common_password = True
    c.NativeAuthenticator.allowed_failed_logins = 5
    c.NativeAuthenticator.seconds_before_next_try = 300
    c.Authenticator.allow_all = True  # i.e. every *approved* account: the authenticator refuses the rest
elif AUTH == "github":
    if importlib.util.find_spec("oauthenticator") is None:
        refuse("GitHub logins need oauthenticator: pip install oauthenticator")
    c.JupyterHub.authenticator_class = "github"
    org, students = os.environ.get("MTGRULES_HUB_GITHUB_ORG", "").strip(), names("MTGRULES_HUB_STUDENTS")
    if not org and not students:
        refuse("GitHub logins need MTGRULES_HUB_GITHUB_ORG or MTGRULES_HUB_STUDENTS: otherwise anyone with a "
               "GitHub account could log in")
    if org:
        c.GitHubOAuthenticator.allowed_organizations = {org}
        c.GitHubOAuthenticator.populate_teams_in_auth_state = False
    c.Authenticator.allowed_users = students
elif AUTH == "pam":
    c.JupyterHub.authenticator_class = "pam"
    c.Authenticator.allow_existing_users = True
    group = os.environ.get("MTGRULES_HUB_GROUP", "").strip()
    if group:  # every member of this Unix group may log in (PAM checks the group at each login)
        c.PAMAuthenticator.allowed_groups = {group}
else:
    refuse(f"MTGRULES_HUB_AUTH must be 'native', 'github' or 'pam', not {AUTH!r}")

# ---- each student's server: JupyterLab on the lessons, limited, culled when idle
PYTHON = os.environ.get("MTGRULES_HUB_PYTHON", sys.executable)
c.Spawner.cmd = [PYTHON, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = int(os.environ.get("MTGRULES_HUB_START_TIMEOUT", "180"))
c.Spawner.http_timeout = int(os.environ.get("MTGRULES_HUB_START_TIMEOUT", "180"))
c.Spawner.args = [
    f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE}",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=True",
    f"--ServerApp.shutdown_no_activity_timeout={SERVER_IDLE}",
    "--ServerApp.open_browser=False",
]
if MODE == "test":
    c.Spawner.args.append("--ServerApp.terminals_enabled=False")
c.Spawner.environment = {"MPLBACKEND": "Agg"}
# What a student's server inherits from the hub's environment: where Python and Jupyter find
# their files, nothing more (no secrets: the bench token, OAuth secrets and the like stay here).
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "VIRTUAL_ENV", "CONDA_ROOT", "CONDA_DEFAULT_ENV", "LANG", "LC_ALL",
                      "JUPYTERHUB_SINGLEUSER_APP", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH"]
MEM_LIMIT = os.environ.get("MTGRULES_HUB_MEM_LIMIT", "1G").strip()
CPU_LIMIT = float(os.environ.get("MTGRULES_HUB_CPU_LIMIT", "1"))
TASKS_LIMIT = int(os.environ.get("MTGRULES_HUB_TASKS_LIMIT", "256"))
c.Spawner.mem_limit = None if MEM_LIMIT in ("", "0") else MEM_LIMIT
c.Spawner.cpu_limit = CPU_LIMIT or None

SPAWNER = os.environ.get("MTGRULES_HUB_SPAWNER", "auto")
if SPAWNER not in ("auto", "systemd", "local"):
    refuse(f"MTGRULES_HUB_SPAWNER must be 'auto', 'systemd' or 'local', not {SPAWNER!r}")
HAS_SYSTEMD = importlib.util.find_spec("systemdspawner") is not None and Path("/run/systemd/system").is_dir()
if SPAWNER == "systemd" and not HAS_SYSTEMD:
    refuse("MTGRULES_HUB_SPAWNER=systemd needs a running systemd and pip install jupyterhub-systemdspawner")
if MODE == "class" and (SPAWNER == "systemd" or (SPAWNER == "auto" and HAS_SYSTEMD)):
    c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
    c.SystemdSpawner.dynamic_users = AUTH != "pam"  # a transient user per student, home in /var/lib/private
    c.SystemdSpawner.isolate_tmp = True
    c.SystemdSpawner.isolate_devices = True
    c.SystemdSpawner.disable_user_sudo = True
    c.SystemdSpawner.unit_extra_properties = {"TasksMax": str(TASKS_LIMIT or "infinity")}
else:
    from hub_isolation import AccountSpawner, StudentSpawner

    if AUTH == "pam":
        c.JupyterHub.spawner_class = AccountSpawner
        c.AccountSpawner.tasks_limit = TASKS_LIMIT
        c.LocalProcessSpawner.notebook_dir = "~"
    else:
        c.JupyterHub.spawner_class = StudentSpawner
        c.StudentSpawner.tasks_limit = TASKS_LIMIT
        c.StudentSpawner.homes = os.environ.get(
            "MTGRULES_HUB_HOMES", str(STATE.parent / "homes") if MODE == "test" else "/srv/mtgrules-homes")
        c.StudentSpawner.uid_base = int(os.environ.get("MTGRULES_HUB_UID_BASE", "200000"))
    if os.geteuid() != 0:
        if MODE == "class":
            refuse("a class hub runs each student's server as a user of its own, which needs root")
        warn("not root: every test student's server runs as this user, with memory limits only")

# ---- services: the idle culler, and the load test's token in test mode
if importlib.util.find_spec("jupyterhub_idle_culler") is not None:
    c.JupyterHub.services = [{"name": "idle-culler",
                              "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={SERVER_IDLE}"]}]
    c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
                                "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}]
else:
    c.JupyterHub.services = []
    c.JupyterHub.load_roles = []
token = os.environ.get("MTGRULES_HUB_BENCH_TOKEN")
if MODE == "test" and token:
    c.JupyterHub.services.append({"name": "classroom-bench", "api_token": token})
    c.JupyterHub.load_roles.append({"name": "classroom-bench", "services": ["classroom-bench"],
                                    "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"]})
