"""Keeping a class's students apart on one machine: a user of their own, a private home, and
limits on memory, CPU and processes, so that one runaway cell can't take the machine from the rest.

``jupyterhub_config.py`` beside this file uses it where systemd is not running (a container, a
minimal VM); where systemd runs, the config uses ``systemdspawner`` instead, which does the same
through systemd units. Two spawners, both JupyterHub ``LocalProcessSpawner``\\ s:

* ``AccountSpawner`` for students with Unix accounts (PAM): the server runs as the account, and
  the account's home folder is made 0700 before each start.
* ``StudentSpawner`` for students without one (NativeAuthenticator, OAuth): each student gets a
  uid of their own, ``uid_base`` plus their id in the hub's database (not in /etc/passwd, like a
  systemd DynamicUser), and a home ``homes/NAME`` that only that uid can open (0700). A home
  already owned by another uid is refused, so a rebuilt database can't hand one student's files
  to another. Run by a hub that isn't root (the load test on a laptop) the servers stay the hub's
  user: there is no one to switch to, and no one gets root either.

The limits are applied in the child between fork and exec, before it drops to the student's uid:

* resource limits: ``RLIMIT_DATA`` = ``mem_limit`` for each process (a cell that allocates past it
  gets a MemoryError, the others keep their memory), ``RLIMIT_NPROC`` = ``tasks_limit`` per
  student uid (a fork bomb stops there), no core files;
* where the cgroup v1 controllers are mounted and writable (the hub is root, no systemd), a group
  per student below the hub's own group: ``cpu_limit`` cores through the CFS quota, ``mem_limit``
  for the student's processes together, and ``tasks_limit`` processes. Each group also has an
  equal CPU weight, so the class shares the cores student by student, not process by process.
  When the server stops, whatever is still in the student's groups is killed (a loop a kernel
  forked, a process left in the background), as systemd does when a unit stops.
  cgroup v2 without systemd can't be delegated from here; there only the resource limits apply
  (the hub's log says so).
"""

from __future__ import annotations

import asyncio
import atexit
import os
import pwd
import resource
import signal
import stat
import time
from collections.abc import Callable
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Integer, Unicode

CGROUP_ROOT = Path("/sys/fs/cgroup")
CONTROLLERS = ("cpu", "memory", "pids")
CFS_PERIOD_US = 100_000


# ---------------------------------------------------------------- cgroups (v1, where writable)
def own_cgroup(controller: str, proc_cgroup: str | None = None, root: Path = CGROUP_ROOT) -> Path | None:
    """The folder of this process's cgroup for a v1 controller, or None where it isn't mounted."""
    text = proc_cgroup if proc_cgroup is not None else Path("/proc/self/cgroup").read_text()
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3 or controller not in parts[1].split(","):
            continue
        mount = root / parts[1]
        if not mount.is_dir():
            mount = root / controller
        return mount / parts[2].lstrip("/") if mount.is_dir() else None
    return None


class StudentGroups:
    """The cgroups of one hub: ``<hub's own group>/mtgrules-hub-PID/<student>`` per controller.

    Named by the hub's pid so two hubs on one machine (two test runs) never share a folder; the
    hub's folder is removed when it exits, a student's when their server stops."""

    def __init__(self, log, root: Path = CGROUP_ROOT) -> None:
        self.log, self.bases = log, {}
        if (root / "cgroup.controllers").exists():  # a pure v2 machine: systemd's job, not ours
            log.warning("cgroup v2 without systemd: per-student CPU limits are not enforced here; "
                        "install systemdspawner on a systemd machine for them")
            return
        for controller in CONTROLLERS:
            own = own_cgroup(controller, root=root)
            if own is None:
                continue
            self.sweep(own)
            base = own / f"mtgrules-hub-{os.getpid()}"
            try:
                base.mkdir(exist_ok=True)
            except OSError as err:
                log.warning("no per-student %s limit: cannot create a cgroup in %s (%s)", controller, own, err)
                continue
            self.bases[controller] = base
        if self.bases:
            atexit.register(self.remove_all)

    def create(self, name: str, mem_bytes: int, cpu: float, tasks: int) -> list[Path]:
        """Make (or reset) the student's groups and their limits; returns the folders to join."""
        made = []
        wanted = {"cpu": cpu > 0, "memory": mem_bytes > 0, "pids": tasks > 0}
        for controller, base in self.bases.items():
            if not wanted[controller]:  # a lifted limit: the student's processes stay where the hub's are
                continue
            group = base / name
            settings = {
                "cpu": {"cpu.shares": "1024", "cpu.cfs_period_us": str(CFS_PERIOD_US),
                        "cpu.cfs_quota_us": str(int(cpu * CFS_PERIOD_US))},
                "memory": {"memory.limit_in_bytes": str(mem_bytes)},
                "pids": {"pids.max": str(tasks)},
            }[controller]
            try:
                group.mkdir(exist_ok=True)
                for file, value in settings.items():
                    (group / file).write_text(value)
            except OSError as err:
                self.log.warning("no %s limit for %s: %s", controller, name, err)
                continue
            made.append(group)
        return made

    @staticmethod
    def members(group: Path) -> list[int]:
        try:
            return [int(pid) for pid in (group / "cgroup.procs").read_text().split()]
        except OSError:
            return []

    @staticmethod
    def remove(groups: list[Path]) -> None:
        for group in groups:
            try:
                group.rmdir()  # only empty groups go; a process still in one keeps it
            except OSError:
                pass

    @classmethod
    async def empty_and_remove(cls, groups: list[Path], grace: float = 3.0) -> None:
        """After a student's server stopped: give what it started ``grace`` seconds to end, then
        kill whatever is left in the student's groups (a loop a kernel forked, a process started
        in the background), as systemd does when a unit stops, and remove the groups."""
        deadline = asyncio.get_running_loop().time() + grace
        while any(cls.members(g) for g in groups) and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.2)
        for group in groups:
            for pid in cls.members(group):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        while any(cls.members(g) for g in groups) and asyncio.get_running_loop().time() < deadline + 5:
            await asyncio.sleep(0.1)
        cls.remove(groups)

    @classmethod
    def sweep(cls, own: Path) -> None:
        """Remove the empty groups of hubs that are no longer running (stopped with SIGKILL, say)."""
        for base in own.glob("mtgrules-hub-*"):
            pid = base.name.rsplit("-", 1)[1]
            if not pid.isdigit() or Path(f"/proc/{pid}").exists():
                continue
            cls.remove([*(p for p in base.iterdir() if p.is_dir() and not cls.members(p)), base])

    def remove_all(self) -> None:
        """At the hub's exit (which stops every server: cleanup_servers), end what is left in the
        students' groups and remove them."""
        groups = [p for base in self.bases.values() if base.is_dir() for p in base.iterdir() if p.is_dir()]
        for group in groups:
            for pid in self.members(group):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 5
        while any(self.members(g) for g in groups) and time.monotonic() < deadline:
            time.sleep(0.1)
        self.remove([*groups, *self.bases.values()])


def join_groups(groups: list[Path]) -> None:
    """Move the calling process into each group (its children follow). In the child, pre-exec."""
    for group in groups:
        (group / "cgroup.procs").write_text(str(os.getpid()))


def set_limits(mem_bytes: int, tasks: int) -> None:
    """The resource limits of the calling process and its children (soft = hard, so a student
    can't raise them back). In the child, pre-exec, while still root."""
    if mem_bytes > 0:
        resource.setrlimit(resource.RLIMIT_DATA, (mem_bytes, mem_bytes))
    if tasks > 0:
        resource.setrlimit(resource.RLIMIT_NPROC, (tasks, tasks))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def make_private(folder: Path, uid: int, gid: int) -> None:
    """Create ``folder`` for ``uid`` alone (0700), or check an existing one belongs to it."""
    if folder.exists():
        owner = folder.stat().st_uid
        if owner != uid:
            raise PermissionError(f"{folder} belongs to uid {owner}, not {uid}: refusing to hand it to another student")
    else:
        folder.mkdir(mode=0o700)
        os.chown(folder, uid, gid)
    folder.chmod(0o700)


# ---------------------------------------------------------------- the spawners
class LimitedSpawner(LocalProcessSpawner):
    """A LocalProcessSpawner whose servers start inside the student's limits (see the module)."""

    tasks_limit = Integer(256, config=True, help="Processes and threads per student (0: no limit).")
    _groups_by_hub: dict[int, StudentGroups] = {}

    def _hub_groups(self) -> StudentGroups:
        key = os.getpid()
        if key not in LimitedSpawner._groups_by_hub:
            LimitedSpawner._groups_by_hub[key] = StudentGroups(self.log)
        return LimitedSpawner._groups_by_hub[key]

    def limits(self) -> tuple[int, float, int]:
        return int(self.mem_limit or 0), float(self.cpu_limit or 0), int(self.tasks_limit or 0)

    def limited_preexec(self, drop: Callable[[], None], own_uid: bool = True) -> Callable[[], None]:
        """Join the student's cgroups and set the resource limits as root, then ``drop``.

        ``own_uid`` is False when the server keeps the hub's user: a process count per uid would
        then count the hub's own processes too, so only the memory limit applies."""
        mem, cpu, tasks = self.limits()
        groups = self._hub_groups().create(self.user.name, mem, cpu, tasks) if os.geteuid() == 0 else []
        self._student_groups = groups

        def preexec() -> None:
            join_groups(groups)
            set_limits(mem, tasks if own_uid else 0)
            drop()
            os.umask(0o077)

        return preexec

    async def stop(self, now=False):
        await super().stop(now=now)
        await StudentGroups.empty_and_remove(getattr(self, "_student_groups", []))


class AccountSpawner(LimitedSpawner):
    """Students with Unix accounts: the server runs as the account, in a home only it can open."""

    def make_preexec_fn(self, name):
        account = pwd.getpwnam(name)
        if account.pw_uid == 0:
            raise PermissionError(f"refusing to start {name}'s server as root")
        home = Path(account.pw_dir)
        if home.is_dir() and home.stat().st_uid == account.pw_uid:
            home.chmod(stat.S_IRWXU)
        return self.limited_preexec(set_user_setuid(name))


class StudentSpawner(LimitedSpawner):
    """Students without Unix accounts: a uid and a private home of their own (see the module)."""

    homes = Unicode("/srv/mtgrules-homes", config=True, help="Where each student's home folder is made.")
    uid_base = Integer(200_000, config=True, help="A student's uid is this plus their id in the hub's database.")

    def student_uid(self) -> int | None:
        """The uid this student's server runs as, or None when the hub can't switch (not root)."""
        if os.geteuid() != 0:
            return None
        uid = self.uid_base + int(self.user.id)
        if uid <= 0:
            raise PermissionError(f"refusing to start {self.user.name}'s server as root")
        return uid

    @property
    def home_dir(self) -> str:
        return str(Path(self.homes) / self.user.name)

    def make_preexec_fn(self, name):
        homes, home = Path(self.homes), Path(self.home_dir)
        uid = self.student_uid()
        if not homes.exists():
            homes.mkdir(parents=True, mode=0o711)
        if uid is None:  # a hub that isn't root: the servers stay its (unprivileged) user
            if not home.exists():
                home.mkdir(mode=0o700)
            return self.limited_preexec(lambda: os.chdir(home), own_uid=False)
        homes.chmod(0o711)  # students pass through it to their own folder, but can't list it
        make_private(home, uid, uid)
        make_private(home / ".tmp", uid, uid)

        def drop() -> None:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            os.chdir(home)

        return self.limited_preexec(drop)

    def user_env(self, env):
        env.update(USER=self.user.name, LOGNAME=self.user.name, HOME=self.home_dir, SHELL="/bin/bash",
                   TMPDIR=str(Path(self.home_dir) / ".tmp"))
        return env

    def move_certs(self, paths):  # internal SSL is not used by this config
        return paths


def runnable_by_others(path: str) -> bool:
    """Whether a user other than the owner can reach and run ``path`` (every folder above it
    searchable, the file executable): the students' servers run this Python."""
    resolved = Path(path).resolve()
    if not resolved.exists() or not resolved.stat().st_mode & stat.S_IXOTH:
        return False
    return all(parent.stat().st_mode & stat.S_IXOTH for parent in resolved.parents)


