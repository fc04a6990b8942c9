"""The class hub: its config's refusals and limits, and a small class on a real JupyterHub.

The config tests load deploy/jupyterhub/jupyterhub_config.py as JupyterHub does; each guards one
of the hub repros (plain HTTP beyond localhost, an open test mode, readable state, no isolation,
a shared password in values.yaml). Two slow tests (about a minute each) start a real hub on
localhost: ``test_students_are_kept_apart_on_a_real_hub`` signs students up and shows that one
can't reach the other's server or files; ``test_two_students_on_one_hub`` is the load test of
benchmarks/classroom.py with two students, checked to work end to end and clean up after itself,
not for speed (the figures go to docs/benchmarks.md). Both need configurable-http-proxy from npm,
which ``make test-slow`` installs first.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import re
import resource
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
HUB_DIR = REPO / "deploy" / "jupyterhub"
CONFIG = HUB_DIR / "jupyterhub_config.py"
if str(HUB_DIR) not in sys.path:  # hub_isolation.py and hub_accounts.py, which the config imports
    sys.path.insert(0, str(HUB_DIR))


def _bench():
    spec = importlib.util.spec_from_file_location("classroom_bench", REPO / "benchmarks" / "classroom.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["classroom_bench"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_bounce_clicks_end_where_expected():
    bench = _bench()
    assert bench.expected_step(11, 20) == 2  # 11 Next to the end, 9 Prev back
    assert bench.expected_step(11, 5) == 5
    assert bench.expected_step(3, 7) == 1
    assert bench.percentile([1, 2, 3, 4], 0.5) == 2.5


def load_config(monkeypatch, state: Path, **env: str):
    """The hub config as JupyterHub loads it, with only ``env`` among the MTGRULES_HUB_ settings.
    The config sets the process umask (the hub's files are private): the test's is restored."""
    from traitlets.config import Config
    for key in [k for k in os.environ if k.startswith("MTGRULES_HUB_")]:
        monkeypatch.delenv(key)
    for key, value in {"MTGRULES_HUB_STATE": str(state), **env}.items():
        monkeypatch.setenv(key, value)
    c = Config()
    umask = os.umask(0o022)
    try:
        exec(compile(CONFIG.read_text(), str(CONFIG), "exec"),  # noqa: S102 (the kit's own config)
             {"get_config": lambda: c, "__file__": str(CONFIG)})
    finally:
        os.umask(umask)
    return c


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_config_parses_in_both_modes(tmp_path, monkeypatch):
    """The hub config loads as JupyterHub loads it, in the class mode (each login) and the test mode."""
    for auth in ("native", "pam"):
        c = load_config(monkeypatch, tmp_path / auth, MTGRULES_HUB_AUTH=auth, MTGRULES_HUB_SPAWNER="local")
        args = " ".join(c.Spawner.args)
        assert "cull_idle_timeout" in args and "shutdown_no_activity_timeout" in args
        assert c.JupyterHub.ip == "127.0.0.1"
        spawner = c.JupyterHub.spawner_class.__name__
        if auth == "native":
            assert c.JupyterHub.authenticator_class.__name__ == "ClassAuthenticator"
            assert c.NativeAuthenticator.open_signup is False
            assert spawner == "StudentSpawner"
        else:
            assert c.JupyterHub.authenticator_class == "pam"
            assert spawner == "AccountSpawner"
    c = load_config(monkeypatch, tmp_path / "test", MTGRULES_HUB_MODE="test", MTGRULES_HUB_BENCH_TOKEN="x" * 32)
    assert any(s["name"] == "classroom-bench" for s in c.JupyterHub.services)
    with pytest.raises(ValueError, match="MTGRULES_HUB_MODE"):
        load_config(monkeypatch, tmp_path / "party", MTGRULES_HUB_MODE="party")
    with pytest.raises(SystemExit, match="MTGRULES_HUB_AUTH"):
        load_config(monkeypatch, tmp_path / "dummy", MTGRULES_HUB_AUTH="dummy")


def test_no_listening_beyond_localhost_without_tls(tmp_path, monkeypatch, capfd):
    """hub_documented_start_is_plain_http: the documented 0.0.0.0 start served PAM passwords over
    plain HTTP. Beyond localhost the hub now needs a certificate, or a loud opt-out."""
    with pytest.raises(SystemExit, match="without TLS"):
        load_config(monkeypatch, tmp_path / "s1", MTGRULES_HUB_AUTH="pam", MTGRULES_HUB_IP="0.0.0.0")
    with pytest.raises(SystemExit, match="without TLS"):
        load_config(monkeypatch, tmp_path / "s2", MTGRULES_HUB_IP="")  # "" is every address to JupyterHub
    cert, key = tmp_path / "hub.crt", tmp_path / "hub.key"
    cert.write_text("CERT")
    key.write_text("KEY")
    c = load_config(monkeypatch, tmp_path / "s3", MTGRULES_HUB_IP="0.0.0.0",
                    MTGRULES_HUB_SSL_CERT=str(cert), MTGRULES_HUB_SSL_KEY=str(key))
    assert (c.JupyterHub.ip, c.JupyterHub.ssl_cert, c.JupyterHub.ssl_key) == ("0.0.0.0", str(cert), str(key))
    with pytest.raises(SystemExit, match="MTGRULES_HUB_SSL_KEY"):
        load_config(monkeypatch, tmp_path / "s4", MTGRULES_HUB_IP="0.0.0.0", MTGRULES_HUB_SSL_CERT=str(cert))
    capfd.readouterr()
    c = load_config(monkeypatch, tmp_path / "s5", MTGRULES_HUB_IP="0.0.0.0", MTGRULES_HUB_INSECURE_HTTP="1")
    assert c.JupyterHub.ip == "0.0.0.0" and "ssl_cert" not in c.JupyterHub
    assert "WARNING" in capfd.readouterr().err
    guide = (REPO / "docs" / "teaching.md").read_text()
    starts = [cmd for cmd in guide.replace("\\\n", " ").splitlines() if "jupyterhub -f" in cmd]
    assert starts and all("MTGRULES_HUB_SSL_CERT=" in cmd and "MTGRULES_HUB_SSL_KEY=" in cmd
                          for cmd in starts if "MTGRULES_HUB_IP=0.0.0.0" in cmd), starts
    assert "certbot" in guide and "openssl req" in guide  # the certificate step


def test_test_mode_is_localhost_only_with_no_root_and_no_terminals(tmp_path, monkeypatch, capfd):
    """hub_test_mode_open_root_shells: test mode took any name with no password, gave root
    terminals and honoured MTGRULES_HUB_IP=0.0.0.0."""
    c = load_config(monkeypatch, tmp_path / "state", MTGRULES_HUB_MODE="test", MTGRULES_HUB_IP="0.0.0.0")
    assert c.JupyterHub.ip == "127.0.0.1"
    assert "127.0.0.1 only" in capfd.readouterr().err
    assert c.JupyterHub.authenticator_class.__name__ == "ClassAuthenticator"  # sign-up and approval, no dummy
    assert "DummyAuthenticator" not in c and c.NativeAuthenticator.open_signup is False
    assert not [a for a in c.Spawner.args if "allow_root" in a]
    assert "--ServerApp.terminals_enabled=False" in c.Spawner.args
    assert c.JupyterHub.spawner_class.__name__ == "StudentSpawner"


def test_state_folder_and_files_are_private(tmp_path, monkeypatch):
    """hub_state_world_readable: under umask 022 the state folder was 0755 and the database 0644."""
    state = tmp_path / "srv-jupyterhub"
    state.mkdir(mode=0o755)
    old = state / "jupyterhub_cookie_secret"
    old.write_text("abc")
    old.chmod(0o644)
    load_config(monkeypatch, state)
    assert mode(state) == 0o700
    assert mode(state / "jupyterhub.sqlite") == 0o600 and mode(old) == 0o600


def test_students_have_limits_and_private_homes(tmp_path, monkeypatch):
    """hub_no_isolation_between_students: no memory or CPU limits, and homes as private as the
    distribution's default (0755)."""
    c = load_config(monkeypatch, tmp_path / "state", MTGRULES_HUB_SPAWNER="local")
    assert c.Spawner.mem_limit == "1G" and c.Spawner.cpu_limit == 1.0 and c.StudentSpawner.tasks_limit == 256
    c = load_config(monkeypatch, tmp_path / "state", MTGRULES_HUB_SPAWNER="local", MTGRULES_HUB_MEM_LIMIT="0",
                    MTGRULES_HUB_CPU_LIMIT="0")
    assert c.Spawner.mem_limit is None and c.Spawner.cpu_limit is None
    guide = (REPO / "docs" / "teaching.md").read_text()
    assert "HOME_MODE" in guide and "chmod 700" in guide


def test_systemd_enforces_the_limits_where_it_runs(tmp_path, monkeypatch):
    """With systemd running and systemdspawner installed, each student's server is a systemd
    unit with the same limits, a private /tmp, and (without Unix accounts) a transient user."""
    with pytest.raises(SystemExit, match="systemd"):
        load_config(monkeypatch, tmp_path / "none", MTGRULES_HUB_SPAWNER="systemd")  # this machine has none
    find_spec, is_dir = importlib.util.find_spec, Path.is_dir
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: object() if name == "systemdspawner" else find_spec(name, *a))
    monkeypatch.setattr(Path, "is_dir", lambda self: str(self) == "/run/systemd/system" or is_dir(self))
    for auth, dynamic in (("native", True), ("pam", False)):
        c = load_config(monkeypatch, tmp_path / auth, MTGRULES_HUB_AUTH=auth)
        assert c.JupyterHub.spawner_class == "systemdspawner.SystemdSpawner"
        assert c.SystemdSpawner.dynamic_users is dynamic and c.SystemdSpawner.isolate_tmp is True
        assert c.SystemdSpawner.unit_extra_properties == {"TasksMax": "256"}
        assert (c.Spawner.mem_limit, c.Spawner.cpu_limit) == ("1G", 1.0)


def test_a_students_memory_limit_holds_in_their_process():
    """The limits are set between fork and exec: a cell that allocates past mem_limit gets a
    MemoryError, and the hub's own process keeps its limits."""
    from hub_isolation import set_limits
    before = resource.getrlimit(resource.RLIMIT_DATA)
    code = "b = bytearray(600 * 2**20)\nprint('allocated')"
    out = subprocess.run([sys.executable, "-c", code], preexec_fn=lambda: set_limits(300 * 2**20, 0),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "MemoryError" in out.stderr
    assert resource.getrlimit(resource.RLIMIT_DATA) == before
    free = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "allocated" in free.stdout


def test_a_home_belonging_to_someone_else_is_refused(tmp_path):
    from hub_isolation import make_private
    home = tmp_path / "alice"
    make_private(home, os.getuid(), os.getgid())
    assert mode(home) == 0o700
    with pytest.raises(PermissionError, match="refusing"):
        make_private(home, os.getuid() + 1, os.getgid())


def test_own_cgroup_is_found_below_the_hubs_own(tmp_path):
    from hub_isolation import own_cgroup
    (tmp_path / "memory" / "sandbox" / "a1").mkdir(parents=True)
    (tmp_path / "cpu,cpuacct").mkdir()
    table = "9:pids:/\n4:memory:/sandbox/a1\n2:cpu,cpuacct:/\n0::/\n"
    assert own_cgroup("memory", table, tmp_path) == tmp_path / "memory" / "sandbox" / "a1"
    assert own_cgroup("cpu", table, tmp_path) == tmp_path / "cpu,cpuacct"
    assert own_cgroup("pids", table, tmp_path) is None  # not mounted here


def test_values_yaml_has_a_real_login_limits_and_no_shared_admin():
    """hub_values_shared_password_anyone_is_anyone: the Kubernetes sketch used one shared
    password (DummyAuthenticator), allow_all and an admin named teacher, on a public host."""
    import yaml
    values = yaml.safe_load((HUB_DIR / "values.yaml").read_text())
    hub = values["hub"]["config"]
    assert hub["JupyterHub"]["authenticator_class"] not in ("dummy", "jupyterhub.auth.DummyAuthenticator")
    assert "DummyAuthenticator" not in hub and "password" not in json.dumps(hub).lower()
    assert not hub.get("Authenticator", {}).get("allow_all")
    assert hub["GitHubOAuthenticator"].get("allowed_organizations") or hub["Authenticator"].get("allowed_users")
    user = values["singleuser"]
    assert user["memory"]["limit"] and user["cpu"]["limit"]
    assert user["uid"] != 0 and user["allowPrivilegeEscalation"] is False


def test_a_sign_up_with_a_teachers_name_is_not_approved_by_itself():
    """NativeAuthenticator approves a sign-up with an admin's name at once, so the first to
    sign up as "teacher" would be the admin; the class's authenticator leaves it to approval."""
    from hub_accounts import ClassAuthenticator
    from jupyterhub import orm
    from nativeauthenticator import NativeAuthenticator
    from nativeauthenticator.orm import UserInfo  # noqa: F401 (its table joins JupyterHub's)
    for cls, approved in ((NativeAuthenticator, True), (ClassAuthenticator, False)):
        db = orm.new_session_factory("sqlite:///:memory:")()
        auth = cls(db=db, admin_users={"teacher"})
        info = auth.create_user("teacher", "a student's guess")
        assert info is not None and bool(info.is_authorized) is approved, cls.__name__
        assert ("teacher" in auth.get_authed_users()) is approved
        db.close()


def test_add_teacher_makes_an_approved_account_in_a_private_database(tmp_path, monkeypatch):
    import io

    from hub_accounts import add_teacher, main
    from jupyterhub import orm
    from nativeauthenticator.orm import UserInfo
    state = tmp_path / "state"
    monkeypatch.setattr(sys, "stdin", io.StringIO("correct horse\n"))
    assert main(["add-teacher", "teacher", "--state", str(state), "--password-stdin"]) == 0
    assert mode(state) == 0o700 and mode(state / "jupyterhub.sqlite") == 0o600
    db = orm.new_session_factory(f"sqlite:///{state / 'jupyterhub.sqlite'}")()
    info = UserInfo.find(db, "teacher")
    assert info.is_authorized and info.is_valid_password("correct horse") and not info.is_valid_password("guess")
    db.close()
    with pytest.raises(SystemExit, match="at least 8"):
        add_teacher(state, "teacher", "short")
    with pytest.raises(SystemExit, match="not a usable name"):
        add_teacher(state, "../root", "correct horse")


def _students_can_read_the_kit(bench) -> None:
    """Skip, saying why, where the students' uids can't read this checkout (a clone in a private
    folder such as ``mktemp -d`` makes): their servers would fail to start (an HTTP 500)."""
    try:
        bench.student_python()
    except SystemExit as err:
        pytest.skip(str(err))


@pytest.mark.slow
@pytest.mark.browser  # a hub, two servers and two kernels: never beside the other server tests
def test_two_students_on_one_hub(tmp_path):
    bench = _bench()
    _students_can_read_the_kit(bench)
    try:
        bench.find_proxy()
    except SystemExit as err:
        pytest.fail(f"{err}; make test-slow installs it")
    if shutil.which("node") is None:
        pytest.fail("node is missing: configurable-http-proxy needs it")
    figures = asyncio.run(asyncio.wait_for(bench.classroom(2, "04", 20, tmp_path), 600))
    assert figures["students"] == 2
    for key in ("spawn p95 (s)", "click p50 (ms)", "click p95 (ms)", "RSS per student p50 (MB)"):
        assert figures[key] > 0, key
    assert figures["RSS per student p50 (MB)"] > figures["kernel RSS p50 (MB)"] > 30  # a kernel that ran a lesson
    # Nothing it started is left running. A server or kernel told to stop may take a while to exit
    # on a loaded machine (and the class test before this one used the same student names), so
    # wait for them, a bounded time, before calling them left behind.
    deadline = time.monotonic() + 90
    while True:
        left = [p for p in bench.process_table() if bench.hub_user(p) in ("student01", "student02")]
        if not left or time.monotonic() > deadline:
            break
        time.sleep(1)
    assert left == []


# ---------------------------------------------------------------- students kept apart on a real hub
XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')
V1_CGROUPS = Path("/sys/fs/cgroup/cpu").is_dir() and not Path("/sys/fs/cgroup/cgroup.controllers").exists()


class Browser:
    """One person's browser: its own cookies, every request bounded in time."""

    def __init__(self, base: str) -> None:
        import requests
        self.base, self.session = base, requests.Session()

    def form(self, path: str, **fields: str):
        page = self.session.get(self.base + path, timeout=60)
        found = XSRF.search(page.text)
        assert found, f"{path} has no _xsrf field"
        return self.session.post(self.base + path, data={"_xsrf": found.group(1), **fields}, timeout=60)

    def sign_up(self, name: str, password: str) -> str:
        return self.form("/hub/signup", username=name, signup_password=password,
                         signup_password_confirmation=password).text

    def log_in(self, name: str, password: str) -> bool:
        self.form("/hub/login?next=%2Fhub%2Fhome", username=name, password=password)  # home: no server yet
        return self.session.get(self.base + "/hub/home", timeout=60, allow_redirects=False).status_code == 200

    def get(self, path: str):
        return self.session.get(self.base + path, timeout=120)


@pytest.mark.slow  # 35 to 95 s here: two servers start as their own users, each in half a minute on a busy machine
@pytest.mark.browser  # a hub, its proxy and two servers: never beside the other server tests
def test_students_are_kept_apart_on_a_real_hub(tmp_path):
    """Through a real hub on localhost, in its test mode (the class's sign-up logins and a user
    per student): a sign-up waits for the teacher; a sign-up with the teacher's name gets nothing;
    a student opens their own server but not another's, and their code can't read the other's
    files; there are no terminals; the state files are private; nothing is left running."""
    if os.geteuid() != 0:
        pytest.skip("a user per student needs the hub to run as root (CI does)")
    bench = _bench()
    _students_can_read_the_kit(bench)
    try:
        proxy = bench.find_proxy()
    except SystemExit as err:
        pytest.fail(f"{err}; make test-slow installs it")
    from hub_accounts import add_teacher
    add_teacher(tmp_path / "hub", "teacher", "teacher's own pw")
    hub = bench.Hub(tmp_path, proxy, env={"MTGRULES_HUB_ADMINS": "teacher"})
    homes, names = hub.homes, ("student01", "student02")

    async def run() -> dict[str, str]:
        api = await bench.hub_ready(hub)
        teacher, alice, bob, mallory = (Browser(hub.base) for _ in range(4))
        assert "sent to the admin" in alice.sign_up("student01", "alice's pw 1")
        assert "sent to the admin" in bob.sign_up("student02", "bob's pw 22")
        mallory.sign_up("teacher", "mallory pw 3")
        assert not mallory.log_in("teacher", "mallory pw 3")
        assert not alice.log_in("student01", "alice's pw 1"), "a sign-up logged in before the teacher approved it"
        assert alice.get("/hub/authorize").status_code == 403
        assert teacher.log_in("teacher", "teacher's own pw")
        for name in names:
            assert teacher.get(f"/hub/authorize/{name}").status_code == 200
        assert alice.log_in("student01", "alice's pw 1") and bob.log_in("student02", "bob's pw 22")
        await asyncio.gather(*(bench.start_server(api, bench.Student(name)) for name in names))
        assert alice.get("/user/student01/lab").status_code == 200  # the hub's OAuth lets her into her own server
        assert alice.get("/user/student01/api/contents").json()["type"] == "directory"
        denied = alice.get("/user/student02/lab")  # and the same OAuth refuses her at the other's
        assert denied.status_code == 403 and "/user/student02/" not in denied.url, denied.url
        assert alice.get("/user/student02/api/contents").status_code == 403
        assert alice.get("/user/student01/api/terminals").status_code == 404  # no terminals in test mode
        kernels = {name: await bench.open_kernel(api, name) for name in names}
        await kernels["student02"].execute("open('secret.txt', 'w').write('bob only')")
        probe = ("import os, resource\nprint(os.getuid())\n"
                 "print(resource.getrlimit(resource.RLIMIT_DATA)[0], resource.getrlimit(resource.RLIMIT_NPROC)[0],\n"
                 "      'mtgrules-hub-' in open('/proc/self/cgroup').read())\n"
                 f"for path in ({str(homes)!r}, {str(homes / 'student02')!r}, {str(homes / 'student02' / 'secret.txt')!r}):\n"
                 "    try:\n        open(path).read() if path.endswith('.txt') else os.listdir(path)\n"
                 "        print('read', path)\n    except PermissionError:\n        print('refused', path)\n")
        seen = {name: await kernels[name].execute(probe) for name in names}
        if V1_CGROUPS:  # a process left behind, outside the server's process tree: its cgroup still holds it
            await kernels["student01"].execute("import subprocess\n"
                                               "subprocess.run(['sh', '-c', 'sleep 600 &'], start_new_session=True)")
        for k in kernels.values():
            k.ws.close()
        hub.note_processes()
        await asyncio.gather(*(api.call("DELETE", f"/hub/api/users/{name}/server") for name in names))
        return seen

    try:
        seen = asyncio.run(asyncio.wait_for(run(), 300))
        uids = {name: int(seen[name].split()[0]) for name in names}
        for name in names:  # the config's limits, in each student's kernel
            data, nproc, grouped = seen[name].splitlines()[1].split()
            assert (int(data), int(nproc)) == (2**30, 256), seen[name]
            assert grouped == str(V1_CGROUPS), seen[name]
        assert 0 not in uids.values() and len(set(uids.values())) == 2, uids
        outcome = [line.split()[0] for line in seen["student01"].splitlines()[2:]]
        assert outcome == ["refused"] * 3, seen["student01"]  # the homes folder, bob's home, bob's file
        for name in names:
            home = homes / name
            assert mode(home) == 0o700 and home.stat().st_uid == uids[name]
        state = tmp_path / "hub"
        assert mode(state) == 0o700
        for file in ("jupyterhub.sqlite", "jupyterhub_cookie_secret"):
            assert mode(state / file) == 0o600, file
    finally:
        hub.stop()
    left = [p for p in bench.process_table() if bench.hub_user(p) in names]
    assert left == []
    assert not homes.exists()
    assert not list(Path("/sys/fs/cgroup").glob(f"**/mtgrules-hub-{hub.proc.pid}"))
