"""A class on one JupyterHub: ``python benchmarks/classroom.py --students 10``.

Starts JupyterHub on localhost (``deploy/jupyterhub/jupyterhub_config.py`` in its ``test`` mode,
with configurable-http-proxy from npm), creates N students, and has each one, all at once:

1. start a server (the spawn time is from the request to the server answering);
2. open a kernel and run a lesson's code cells in it, as "Run All" would;
3. click the first walk-through's Next button 20 times. A click is the comm message the browser
   sends for a button press, so the kernel renders the step and sends the widget updates back;
   its latency is from sending the click to the kernel going idle again. The class clicks in
   lockstep ("everyone press Next"), which is the load a teacher creates. When a walk-through
   reaches its last step the clicks go to Prev, so every click moves a step.

It reports the spawn time, the p50/p95 click latency, and the memory (RSS) of each student's
server plus kernel, then stops everything it started: the servers through the hub's API, then
the hub (which stops the proxy), then any process it noted that is still alive. Every wait is
bounded; ``--timeout`` bounds the whole run. Only localhost is used.

Run as root, the hub gives each student a uid of their own with the config's per-student limits,
as a class gets (a Python under /root, out of the students' reach, is replaced by the system's
Python of the same version with this environment's packages on its path).

``--runaway`` measures the runaway neighbour instead: N students click in lockstep alone, then
while one more student has an endless loop in 4 notebooks per core, in paired rounds, on a hub
without and then with the per-student limits. It reports each hub's click latencies, their
slowdown beside the runaway, and the CPU the runaway got.

``--write-docs`` records the figures in docs/benchmarks.md under "classroom: N students".
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import platform
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
DOCS = ROOT / "docs" / "benchmarks.md"
MAX_STUDENTS = 60
STEP_TIMEOUT = 300  # seconds for any one wait (a spawn, a cell, a click)
FIND_WALKTHROUGH = ("_w = next(v for v in Out.values() if type(v).__name__ == 'Walkthrough')\n"
                    "print(_w.next_button.model_id, _w.prev_button.model_id, _w.last)")


# ---------------------------------------------------------------- processes
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_proxy() -> str:
    """configurable-http-proxy on the PATH, or where ``make test`` installs it with npm (``make proxy``)."""
    found = shutil.which("configurable-http-proxy")
    local = ROOT / "build" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    if found:
        return found
    if local.exists():
        return str(local)
    raise SystemExit("configurable-http-proxy is missing: run `make proxy` (npm installs it into build/node)")


def process_table() -> dict[int, tuple[int, int]]:
    """pid -> (parent pid, RSS in bytes) for every process."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            status = (entry / "status").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        rss = re.search(r"VmRSS:\s+(\d+) kB", status)
        table[int(entry.name)] = (ppid, int(rss.group(1)) * 1024 if rss else 0)
    return table


def descendants(pid: int, table: dict[int, tuple[int, int]]) -> set[int]:
    children: dict[int, list[int]] = {}
    for p, (ppid, _rss) in table.items():
        children.setdefault(ppid, []).append(p)
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def hub_user(pid: int) -> str | None:
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return None
    for item in env:
        if item.startswith(b"JUPYTERHUB_USER="):
            return item.split(b"=", 1)[1].decode()
    return None


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def student_python() -> dict[str, str]:
    """The Python the students' servers run, as the hub's environment names it.

    As root the hub runs each student as a uid of their own, which must be able to reach the
    interpreter: a Python under /root (pyenv) is out of their reach, so the system's Python of the
    same version runs them, with this environment's packages and this tree on its path."""
    if os.geteuid() != 0:
        return {}
    sys.path.insert(0, str(CONFIG.parent))
    from hub_isolation import runnable_by_others
    if runnable_by_others(sys.executable):
        return {}
    import sysconfig
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    system = shutil.which(version, path="/usr/bin:/usr/local/bin")
    if system is None or not runnable_by_others(system):
        raise SystemExit(f"the students' servers can't run {sys.executable} (a folder above it is private) and "
                         f"there is no /usr/bin/{version}: install the kit where every user can read it")
    site = sysconfig.get_paths()["purelib"]
    private = [p for p in (str(ROOT), site) if not runnable_by_others(p)]
    if private:  # the students' uids would fail to import anything: say so, not an HTTP 500 from the hub
        raise SystemExit(f"the students' servers can't read {private[0]} (a folder above it is private): "
                         "install the kit where every user can read it, as a class machine does")
    return {"MTGRULES_HUB_PYTHON": system,
            "PYTHONPATH": os.pathsep.join([str(ROOT), site, *filter(None, [os.environ.get("PYTHONPATH")])]),
            "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter"),  # JupyterLab's pages and settings
            "JUPYTER_CONFIG_PATH": str(Path(sys.prefix) / "etc" / "jupyter")}


NO_LIMITS = {"MTGRULES_HUB_MEM_LIMIT": "0", "MTGRULES_HUB_CPU_LIMIT": "0", "MTGRULES_HUB_TASKS_LIMIT": "0"}


class Hub:
    """JupyterHub started for the run, with everything below it noted so it can all be stopped."""

    def __init__(self, workdir: Path, proxy: str, limits: bool = True, env: dict[str, str] | None = None) -> None:
        self.port, self.token = free_port(), secrets.token_hex(24)
        # Each student's uid must pass through the folders above its home: a fresh one in /tmp,
        # whatever the work folder's parents are (pytest's are private to root).
        self.homes = Path(tempfile.mkdtemp(prefix="mtgrules-homes-"))
        self.homes.chmod(0o711)
        env = dict(os.environ, **student_python(), **({} if limits else NO_LIMITS), **(env or {}),
                   MTGRULES_HUB_MODE="test", MTGRULES_HUB_STATE=str(workdir / "hub"),
                   MTGRULES_HUB_HOMES=str(self.homes),
                   MTGRULES_HUB_PORT=str(self.port), MTGRULES_HUB_API_PORT=str(free_port()),
                   MTGRULES_HUB_PROXY_API_PORT=str(free_port()), MTGRULES_HUB_PROXY=proxy,
                   MTGRULES_HUB_BENCH_TOKEN=self.token, MPLBACKEND="Agg",
                   JUPYTER_PLATFORM_DIRS="1", JUPYTER_CONFIG_DIR=str(workdir / "jupyter-config"),
                   JUPYTER_DATA_DIR=str(workdir / "jupyter-data"), IPYTHONDIR=str(workdir / "ipython"),
                   MPLCONFIGDIR=str(workdir / "mpl"))
        self.log_path = workdir / "jupyterhub.log"
        self.log = self.log_path.open("wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)], cwd=workdir, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        self.base = f"http://127.0.0.1:{self.port}"
        self.seen: set[int] = set()

    def note_processes(self) -> dict[int, tuple[int, int]]:
        table = process_table()
        if self.proc.poll() is None:
            self.seen |= descendants(self.proc.pid, table)
        return table

    def tail(self, lines: int = 30) -> str:
        self.log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        self.note_processes()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # the hub stops the servers and the proxy it started
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(alive(p) for p in self.seen):
            time.sleep(0.2)
        for pid in self.seen:
            if alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.log.close()
        shutil.rmtree(self.homes, ignore_errors=True)


# ---------------------------------------------------------------- talking to the hub and the kernels
class Api:
    def __init__(self, hub: Hub) -> None:
        from tornado.httpclient import AsyncHTTPClient
        AsyncHTTPClient.configure(None, max_clients=MAX_STUDENTS * 2)
        self.client = AsyncHTTPClient()
        self.hub = hub

    async def call(self, method: str, path: str, body: dict | None = None, ok=(200, 201, 202, 204)) -> dict:
        from tornado.httpclient import HTTPClientError
        try:
            response = await self.client.fetch(
                self.hub.base + path, method=method, headers={"Authorization": f"token {self.hub.token}"},
                body=json.dumps(body or {}) if method in ("POST", "PATCH") else None,
                allow_nonstandard_methods=True, request_timeout=STEP_TIMEOUT, raise_error=False)
        except (HTTPClientError, OSError) as err:
            raise RuntimeError(f"{method} {path}: {err}") from None
        if response.code not in ok:
            raise RuntimeError(f"{method} {path}: HTTP {response.code} {response.body[:300]!r}")
        return json.loads(response.body) if response.body else {}


class Kernel:
    """One kernel's channels over the server's websocket (the JSON protocol a browser uses)."""

    def __init__(self, ws, username: str, kernel_id: str = "") -> None:
        self.ws, self.session, self.username, self.kernel_id = ws, uuid.uuid4().hex, username, kernel_id

    def _message(self, msg_type: str, content: dict) -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "username": self.username, "session": self.session,
                           "msg_type": msg_type, "version": "5.3",
                           "date": datetime.datetime.now(datetime.UTC).isoformat()},
                "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}

    async def request(self, msg_type: str, content: dict) -> tuple[str, str]:
        """Send a shell message; wait for the kernel to go idle after it. Returns (printed text,
        error text or "")."""
        msg = self._message(msg_type, content)
        await self.ws.write_message(json.dumps(msg))
        printed, error = [], ""
        while True:
            raw = await asyncio.wait_for(self.ws.read_message(), STEP_TIMEOUT)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            if isinstance(raw, bytes):  # a binary message carries buffers; widget updates don't need them here
                continue
            reply = json.loads(raw)
            if reply.get("parent_header", {}).get("msg_id") != msg["header"]["msg_id"]:
                continue
            kind = reply.get("msg_type")
            if kind == "stream":
                printed.append(reply["content"].get("text", ""))
            elif kind == "error":
                error = f"{reply['content'].get('ename')}: {reply['content'].get('evalue')}"
            elif kind == "status" and reply["content"].get("execution_state") == "idle":
                return "".join(printed), error

    async def execute(self, code: str) -> str:
        printed, error = await self.request("execute_request", {
            "code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True})
        if error:
            raise RuntimeError(f"the lesson failed in the kernel: {error}\n--- code:\n{code[:400]}")
        return printed

    async def click(self, model_id: str) -> None:
        await self.request("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})


@dataclass
class Student:
    name: str
    spawn_s: float = 0.0
    kernel_s: float = 0.0
    lesson_s: float = 0.0
    clicks_ms: list[float] = field(default_factory=list)
    kernel: Kernel | None = None
    buttons: tuple[str, str] = ("", "")
    last: int = 0
    step: int = 0


async def start_server(api: Api, s: Student) -> None:
    await api.call("POST", f"/hub/api/users/{s.name}", ok=(201, 409))  # 409: the user logged in already
    t = time.monotonic()
    await api.call("POST", f"/hub/api/users/{s.name}/server")
    while True:
        user = await api.call("GET", f"/hub/api/users/{s.name}")
        server = user.get("servers", {}).get("", {})
        if server.get("ready"):
            break
        if time.monotonic() - t > STEP_TIMEOUT:
            raise RuntimeError(f"{s.name}'s server was not ready after {STEP_TIMEOUT}s")
        await asyncio.sleep(0.2)
    s.spawn_s = time.monotonic() - t


async def open_kernel(api: Api, name: str) -> Kernel:
    """A new kernel on ``name``'s server, with its channels open and answering."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect
    kernel = await api.call("POST", f"/user/{name}/api/kernels", {"name": "python3"})
    url = f"ws://127.0.0.1:{api.hub.port}/user/{name}/api/kernels/{kernel['id']}/channels"
    ws = await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {api.hub.token}"},
                                             request_timeout=STEP_TIMEOUT), max_message_size=64 * 2**20)
    opened = Kernel(ws, name, kernel["id"])
    await opened.request("kernel_info_request", {})
    return opened


async def open_lesson(api: Api, s: Student, cells: list[str]) -> None:
    t = time.monotonic()
    s.kernel = await open_kernel(api, s.name)
    s.kernel_s = time.monotonic() - t
    t = time.monotonic()
    for code in cells:
        await s.kernel.execute(code)
    found = (await s.kernel.execute(FIND_WALKTHROUGH)).split()
    s.buttons, s.last = (found[0], found[1]), int(found[2])
    s.lesson_s = time.monotonic() - t


async def click(s: Student) -> None:
    assert s.kernel is not None
    forward = (s.step // s.last) % 2 == 0 if s.last else True  # Next to the end, then Prev back
    t = time.monotonic()
    await s.kernel.click(s.buttons[0] if forward else s.buttons[1])
    s.clicks_ms.append((time.monotonic() - t) * 1000)
    s.step += 1


def expected_step(last: int, clicks: int) -> int:
    """Where Next-to-the-end-then-Prev-back leaves a walk-through of ``last + 1`` steps."""
    step = 0
    for n in range(clicks):
        step += 1 if not last or (n // last) % 2 == 0 else -1
    return max(0, min(step, last))


def lesson_cells(lesson: str) -> list[str]:
    path = next(ROOT.glob(f"notebooks/{lesson}*.ipynb"), None)
    if path is None:
        raise SystemExit(f"no notebook notebooks/{lesson}*.ipynb")
    nb = json.loads(path.read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def memory(hub: Hub) -> dict[str, list[float]]:
    """RSS per student (their server plus its kernels) and the hub plus proxy, in MB."""
    table = hub.note_processes()
    mine = descendants(hub.proc.pid, table)
    servers = {p: hub_user(p) for p in mine}
    per_student, kernels = [], []
    for pid, user in servers.items():
        parent = table[pid][0]
        if user is None or servers.get(parent) == user:  # count each student's top process once
            continue
        below = descendants(pid, table)
        per_student.append((table[pid][1] + sum(table[k][1] for k in below)) / 2**20)
        kernels += [table[k][1] / 2**20 for k in below]
    students = {p for p, u in servers.items() if u is not None}
    rest = [p for p in mine if p not in students and not (descendants(p, table) & students)]
    infra = (table[hub.proc.pid][1] + sum(table[p][1] for p in rest)) / 2**20
    return {"student": per_student, "kernel": kernels, "hub": [infra]}


async def hub_ready(hub: Hub) -> Api:
    api = Api(hub)
    deadline = time.monotonic() + 120
    while True:
        try:
            await api.call("GET", "/hub/api/")
            return api
        except RuntimeError:
            if hub.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"JupyterHub did not start:\n{hub.tail()}") from None
            await asyncio.sleep(0.5)


async def classroom(n: int, lesson: str, clicks: int, workdir: Path) -> dict:
    hub = Hub(workdir, find_proxy())
    started = time.monotonic()
    try:
        api = await hub_ready(hub)
        students = [Student(f"student{i + 1:02d}") for i in range(n)]
        t = time.monotonic()
        await asyncio.gather(*(start_server(api, s) for s in students))
        all_spawned = time.monotonic() - t
        hub.note_processes()
        cells = lesson_cells(lesson)
        t = time.monotonic()
        await asyncio.gather(*(open_lesson(api, s, cells) for s in students))
        all_ran = time.monotonic() - t
        hub.note_processes()
        for _ in range(clicks):
            await asyncio.gather(*(click(s) for s in students))
        mem = memory(hub)
        for s in students:  # the clicks must have moved each walk-through where the buttons say
            assert s.kernel is not None
            shown = int((await s.kernel.execute("print(_w.step)")).strip())
            if shown != expected_step(s.last, clicks):
                raise RuntimeError(f"{s.name}'s walk-through shows step {shown} after {clicks} clicks, "
                                   f"not {expected_step(s.last, clicks)}: the clicks did not reach the kernel")
        for s in students:
            assert s.kernel is not None
            s.kernel.ws.close()
        await asyncio.gather(*(api.call("DELETE", f"/hub/api/users/{s.name}/server") for s in students))
        spawns = [s.spawn_s for s in students]
        latencies = [c for s in students for c in s.clicks_ms]
        return {
            "students": n, "lesson": lesson, "clicks per student": clicks,
            "spawn p50 (s)": percentile(spawns, 0.5), "spawn p95 (s)": percentile(spawns, 0.95),
            "spawn max (s)": max(spawns), "all servers ready (s)": all_spawned,
            "kernel start p50 (s)": percentile([s.kernel_s for s in students], 0.5),
            "lesson run p50 (s)": percentile([s.lesson_s for s in students], 0.5),
            "lesson run max (s)": max(s.lesson_s for s in students), "all lessons run (s)": all_ran,
            "click p50 (ms)": percentile(latencies, 0.5), "click p95 (ms)": percentile(latencies, 0.95),
            "click max (ms)": max(latencies),
            "RSS per student p50 (MB)": percentile(mem["student"], 0.5),
            "RSS per student max (MB)": max(mem["student"], default=float("nan")),
            "kernel RSS p50 (MB)": percentile(mem["kernel"], 0.5),
            "hub + proxy RSS (MB)": mem["hub"][0],
            "total RSS (MB)": sum(mem["student"]) + mem["hub"][0],
            "wall time (s)": time.monotonic() - started,
        }
    finally:
        hub.stop()


# ---------------------------------------------------------------- a runaway neighbour
RUNAWAY_SECONDS = 120  # a runaway cell stops by itself after this, whatever happens
RUNAWAY_CELL = f"import time\n_end = time.monotonic() + {RUNAWAY_SECONDS}\nwhile time.monotonic() < _end:\n    sum(range(100000))\n"


def cpu_seconds(name: str) -> float:
    """CPU time (user + system) used so far by the processes of the hub user ``name``."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in process_table():
        if hub_user(pid) == name:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


class RunawayClass:
    """A hub with N students and one more whose endless loop runs in 4 notebooks per core (each
    notebook a kernel of its own, so the operating system counts each as a separate claimant on
    the CPU). ``limits`` False starts the hub with every per-student limit lifted."""

    def __init__(self, n: int, workdir: Path, limits: bool) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self.limits, self.hub = limits, Hub(workdir, find_proxy(), limits=limits)
        self.students = [Student(f"student{i + 1:02d}") for i in range(n)]
        self.runaway = Student("runaway")
        self.loops: list[Kernel] = []
        self.calm: list[float] = []
        self.busy: list[float] = []
        self.cores: list[float] = []

    async def start(self, lesson: str) -> None:
        self.api = await hub_ready(self.hub)
        everyone = [*self.students, self.runaway]
        await asyncio.gather(*(start_server(self.api, s) for s in everyone))
        cells = lesson_cells(lesson)
        await asyncio.gather(*(open_lesson(self.api, s, cells) for s in self.students))
        self.loops = list(await asyncio.gather(*(open_kernel(self.api, self.runaway.name)
                                                 for _ in range(4 * (os.cpu_count() or 1)))))

    async def walk(self, clicks: int) -> list[float]:
        """Every student clicks Next ``clicks`` times in lockstep, then Prev as many times back: the
        same steps drawn in the same order each time, so two walks differ only by the load."""
        async def press(s: Student, button: int) -> float:
            assert s.kernel is not None
            started = time.monotonic()
            await s.kernel.click(s.buttons[button])
            return (time.monotonic() - started) * 1000

        latencies: list[float] = []
        for button in (0, 1):
            for _ in range(clicks):
                latencies += await asyncio.gather(*(press(s, button) for s in self.students))
        return latencies

    async def round(self, clicks: int) -> None:
        """The class walks alone, then beside the running loops, which are then interrupted."""
        clicks = min(clicks, *(s.last for s in self.students))  # Next never runs past the last step
        self.calm += await self.walk(clicks)
        spinning = [asyncio.ensure_future(k.execute(RUNAWAY_CELL)) for k in self.loops]
        await asyncio.sleep(1)  # the loops are running
        cpu_before, t = cpu_seconds(self.runaway.name), time.monotonic()
        self.busy += await self.walk(clicks)
        self.cores.append((cpu_seconds(self.runaway.name) - cpu_before) / (time.monotonic() - t))
        ended_early = any(task.done() for task in spinning)
        await asyncio.gather(*(self.api.call("POST", f"/user/{self.runaway.name}/api/kernels/{k.kernel_id}/interrupt")
                               for k in self.loops))
        # each loop ends in a KeyboardInterrupt, which is what was asked for
        await asyncio.wait_for(asyncio.gather(*spinning, return_exceptions=True), STEP_TIMEOUT)
        if ended_early:
            raise RuntimeError("a runaway loop ended before the clicks did")

    async def stop_servers(self) -> None:
        self.hub.note_processes()
        for k in [*(s.kernel for s in self.students if s.kernel is not None), *self.loops]:
            k.ws.close()
        await asyncio.gather(*(self.api.call("DELETE", f"/hub/api/users/{s.name}/server")
                               for s in [*self.students, self.runaway]))

    def figures(self) -> dict:
        calm50, busy50 = percentile(self.calm, 0.5), percentile(self.busy, 0.5)
        return {"click p50 alone (ms)": calm50, "click p50 beside a runaway (ms)": busy50,
                "click p95 beside a runaway (ms)": percentile(self.busy, 0.95),
                "p50 slowdown (x)": busy50 / calm50,
                "p95 slowdown (x)": percentile(self.busy, 0.95) / percentile(self.calm, 0.95),
                "runaway's CPU (cores)": percentile(self.cores, 0.5)}


async def runaway_comparison(n: int, lesson: str, clicks: int, workdir: Path, rounds: int = 4) -> dict:
    """The runaway neighbour on two hubs at once, one without the per-student limits and one with
    them, their rounds interleaved so that the machine's other load falls on both alike."""
    classes = [RunawayClass(n, workdir / "without", limits=False), RunawayClass(n, workdir / "with", limits=True)]
    try:
        for room in classes:
            await room.start(lesson)
        for _ in range(rounds):
            for room in classes:
                await room.round(clicks)
        for room in classes:
            await room.stop_servers()
    finally:
        for room in classes:
            room.hub.stop()
    without, with_ = (room.figures() for room in classes)
    measured = len(classes[0].calm) + len(classes[0].busy)
    figures: dict = {"students": n, "lesson": lesson, "clicks per student": measured // n}
    for label, run in (("no limits", without), ("limits", with_)):
        for key, value in run.items():
            figures[f"{label}: {key}"] = value
    figures["slowdown with limits / without (x)"] = with_["p50 slowdown (x)"] / without["p50 slowdown (x)"]
    return figures


# ---------------------------------------------------------------- output
UNITS = {"(s)": "s", "(ms)": "ms", "(MB)": "MB", "(x)": "x", "(cores)": "cores"}


def rows(figures: dict) -> list[tuple[str, str, str]]:
    out = []
    for key, value in figures.items():
        if key in ("students", "lesson", "limits"):
            continue
        unit = next((u for suffix, u in UNITS.items() if key.endswith(suffix)), "")
        name = key.rsplit(" (", 1)[0] if unit else key
        text = f"{value:.2f}" if isinstance(value, float) and value < 100 else f"{value:,.0f}"
        out.append((name, text, unit))
    return out


def markdown_block(figures: dict, today: str) -> str:
    n = figures["students"]
    slug = f"classroom-{n}-students"
    table = "\n".join(f"| {name} | {value} | {unit} |" for name, value, unit in rows(figures))
    note = (f"Measured {today} on {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()} "
            f"(`python benchmarks/classroom.py --students {n} --write-docs`): lesson {figures['lesson']}, "
            f"every student at once, clicks in lockstep.")
    return (f"<!-- bench:{slug} -->\n### classroom: {n} students on one JupyterHub\n\n{note}\n\n"
            f"| figure | value | unit |\n|---|---|---|\n{table}\n<!-- /bench:{slug} -->")


def write_docs(figures: dict, path: Path = DOCS) -> None:
    text = path.read_text()
    block = markdown_block(figures, datetime.date.today().isoformat())
    slug = f"classroom-{figures['students']}-students"
    pattern = re.compile(rf"<!-- bench:{slug} -->.*?<!-- /bench:{slug} -->", re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + block
    path.write_text(text.rstrip("\n") + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=10, help="how many students (default 10)")
    parser.add_argument("--lesson", default="04", help="the lesson whose notebook each student runs (default 04)")
    parser.add_argument("--clicks", type=int, default=20, help="Next clicks per student (default 20)")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds for the whole run (default 1800)")
    parser.add_argument("--runaway", action="store_true",
                        help="the runaway neighbour: the students' clicks alone and beside one student's runaway "
                             "cell, on a hub without and then with the per-student limits")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--write-docs", action="store_true", help=f"record the figures in {DOCS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= MAX_STUDENTS:
        parser.error(f"--students must be between 1 and {MAX_STUDENTS}")
    if args.runaway and args.write_docs:
        parser.error("--write-docs records the class figures, not the runaway comparison")
    find_proxy()  # refuse in one line before any hub starts, not from inside the event loop
    run = runaway_comparison if args.runaway else classroom
    with tempfile.TemporaryDirectory(prefix="mtgrules-classroom-") as tmp:
        figures = asyncio.run(asyncio.wait_for(run(args.students, args.lesson, args.clicks, Path(tmp)), args.timeout))
    for name, value, unit in rows(figures):
        print(f"{name:32} {value:>10} {unit}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    if args.write_docs:
        write_docs(figures)
        print(f"wrote {DOCS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
