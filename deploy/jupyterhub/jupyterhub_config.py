"""JupyterHub for a class working through the mtgrules lessons on one server.

Run it with ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`` in an environment where the
kit is installed (``pip install -e '.[test]'`` or ``conda env create -f environment.yml``), with
``configurable-http-proxy`` on the PATH (``npm install -g configurable-http-proxy``).

Two modes, chosen by the environment variable ``MTGRULES_HUB_MODE``:

* ``class`` (the default): students log in with their accounts on this machine (PAM), and each
  gets a Jupyter server running as that account (``LocalProcessSpawner``). Create one account per
  student (``adduser``), put the accounts in one Unix group and name it in ``MTGRULES_HUB_GROUP``
  (JupyterHub 5 and later let no one in who isn't allowed by name or group: without the group, a
  student with an account is refused until a teacher adds them on the hub's Admin page). Name the
  teachers in ``MTGRULES_HUB_ADMINS`` (comma separated). Start it as root, since spawning a server
  as another user needs it, and install the kit where the students' accounts can read and run it
  (``/opt/mtgrules/.venv``, not a home folder): their servers run its Python. The hub listens on
  ``MTGRULES_HUB_IP`` (default 127.0.0.1, this machine only): set it to ``0.0.0.0`` for students
  on other machines, behind HTTPS (``c.JupyterHub.ssl_cert``/``ssl_key`` or a proxy in front), since
  they type their passwords into it. The nbgitpuller links of docs/teaching.md need
  ``pip install nbgitpuller`` in the same environment.
* ``test``: for the load test (``benchmarks/classroom.py``) and the CI check. Any name logs in
  (``DummyAuthenticator``; with ``MTGRULES_HUB_PASSWORD`` if set), servers run as the hub's own
  user in a folder per student under ``MTGRULES_HUB_STATE`` (``SimpleLocalProcessSpawner``), and
  a service named ``classroom-bench`` holds the API token ``MTGRULES_HUB_BENCH_TOKEN``. Never
  expose this mode beyond localhost.

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

MODE = os.environ.get("MTGRULES_HUB_MODE", "class")
STATE = Path(os.environ.get("MTGRULES_HUB_STATE", "/srv/jupyterhub")).resolve()
STATE.mkdir(parents=True, exist_ok=True)
KERNEL_IDLE = int(os.environ.get("MTGRULES_HUB_KERNEL_IDLE", "1200"))
SERVER_IDLE = int(os.environ.get("MTGRULES_HUB_SERVER_IDLE", "3600"))

# ---- where the hub listens and keeps its state
c.JupyterHub.ip = os.environ.get("MTGRULES_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("MTGRULES_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("MTGRULES_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('MTGRULES_HUB_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [os.environ.get("MTGRULES_HUB_PROXY", "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server
c.JupyterHub.cleanup_proxy = True
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("MTGRULES_HUB_SPAWN_LIMIT", "40"))  # a whole class at once

# ---- each student's server: JupyterLab on the lessons, with kernels and servers culled when idle
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
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
c.Spawner.environment = {"MPLBACKEND": "Agg"}

if importlib.util.find_spec("jupyterhub_idle_culler") is not None:
    c.JupyterHub.services = [{"name": "idle-culler",
                              "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={SERVER_IDLE}"]}]
    c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
                                "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}]
else:
    c.JupyterHub.services = []
    c.JupyterHub.load_roles = []

if MODE == "test":
    from jupyterhub.spawner import SimpleLocalProcessSpawner

    c.JupyterHub.authenticator_class = "dummy"
    if os.environ.get("MTGRULES_HUB_PASSWORD"):
        c.DummyAuthenticator.password = os.environ["MTGRULES_HUB_PASSWORD"]
    c.Authenticator.allow_all = True
    c.JupyterHub.spawner_class = SimpleLocalProcessSpawner
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
    if os.geteuid() == 0:  # the servers run as the hub's user here, which may be root in a container
        c.Spawner.args.append("--ServerApp.allow_root=True")
    token = os.environ.get("MTGRULES_HUB_BENCH_TOKEN")
    if token:
        c.JupyterHub.services.append({"name": "classroom-bench", "api_token": token})
        c.JupyterHub.load_roles.append({"name": "classroom-bench", "services": ["classroom-bench"],
                                        "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"]})
elif MODE == "class":
    c.JupyterHub.authenticator_class = "pam"
    c.JupyterHub.spawner_class = "localprocess"
    admins = {name.strip() for name in os.environ.get("MTGRULES_HUB_ADMINS", "").split(",") if name.strip()}
    c.Authenticator.admin_users = admins
    c.Authenticator.allow_existing_users = True
    group = os.environ.get("MTGRULES_HUB_GROUP", "").strip()
    if group:  # every member of this Unix group may log in (PAM checks the group at each login)
        c.PAMAuthenticator.allowed_groups = {group}
    c.LocalProcessSpawner.notebook_dir = "~"
else:
    raise ValueError(f"MTGRULES_HUB_MODE must be 'class' or 'test', not {MODE!r}")
