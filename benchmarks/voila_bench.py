"""How long a projector audience waits for a lesson's first walk-through under Voila.

Each lesson's presentation copy (what ``python -m mtgrules present`` writes) is served by real
Voila, started with the command ``present`` runs (:func:`mtgrules.classroom.present.voila_command`,
so any setting the presentation gives Voila is measured too), on localhost, and opened in real
Chromium through Playwright, which refuses every request that doesn't go to that server. The
figure is the time from the navigation until the first walk-through's step table is visible.

Beside it, in the same run, the same notebook with only its imports (every import statement of the
presentation copy, the projector theme's among them) followed by one ``HTML`` widget, timed until
that widget is visible: kernel start, the imports, Voila's page and its widget manager, which
every widget lesson pays before any of the kit's work. Each round serves the lesson and its twin
one after the other (the order alternating from round to round), so the machine's load falls on
both alike; the ratio is the median lesson time over the median twin time, and the lowest and
highest of the per-round ratios say how far one ratio can be trusted on a shared machine.

Two openings per server, because Voila may prepare a kernel before anyone asks (its preheated
kernels, ``--preheat_kernel``): *as the server starts* is ``make present`` opening the browser
at once (the page arrives when the kernel has run the cells, however far it got before the
request); *server ready* is the page opened (or reloaded) once the server has had time to prepare
the next kernel, as when the teacher starts the presentation before the class walks in. Without
preheated kernels both start a kernel on request.

Where the time goes, for the lesson: until the page's last byte (Voila starting the kernel and
running the cells, when nothing was prepared), then in the browser (Voila's JavaScript, the widget
manager, and the walk-through filling itself on its first view, see :mod:`mtgrules.widgets.shown`).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
START_TIMEOUT = 90.0  # seconds for Voila to answer
PAGE_TIMEOUT_MS = 180_000  # for the lesson to run and its walk-through to show, under load
READY_TIMEOUT = 90.0  # seconds for a prepared kernel to finish running the cells
IDLE_FOR = 1.5  # seconds Voila and a prepared kernel stay quiet after its cells before the page is opened
LESSON_SHOWN = ".mtg-walkthrough .mtg-table"
TWIN_SHOWN = ".mtg-bench-ready"
TWIN_WIDGET = ("import ipywidgets as _mtg_widgets\n"
               "_mtg_widgets.HTML('<span class=\"mtg-bench-ready\">ready</span>')")
NAVIGATION_JS = """() => { const n = performance.getEntriesByType('navigation')[0];
  return {first: n.responseStart, last: n.responseEnd}; }"""


def twin_of(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with only its imports, then one ``HTML`` widget the browser can wait for."""
    from notebooks_bench import imports_only
    out = imports_only(nb)
    out.cells.append(nbformat.v4.new_code_cell(TWIN_WIDGET))
    return out


@dataclass(frozen=True)
class Opening:
    """One page opened: seconds until the awaited element was visible, and of those, until the
    page's first and last byte (the last: Voila has run the cells it shows)."""

    seconds: float
    first_byte: float
    last_byte: float


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _jupyter_env(home: Path) -> dict[str, str]:
    """Voila's environment as ``present`` gives it, reading no user configuration and writing under ``home``."""
    from mtgrules.classroom.present import voila_env
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON", "MPL"))}
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython"), ("MPLCONFIGDIR", "mpl")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return voila_env(env)


class Voila:
    """Voila serving one notebook as ``present`` starts it, on a free localhost port with a token."""

    def __init__(self, notebook: Path, env: dict[str, str], log: Path) -> None:
        from mtgrules.classroom.present import voila_command
        self.port, self.token = _free_port(), secrets.token_hex(16)
        cmd = [*voila_command(notebook, self.port, open_browser=False), "--Voila.ip=127.0.0.1",
               f"--Voila.token={self.token}", "--Voila.port_retries=0"]
        self.log = log
        self._out = log.open("wb")
        self.proc = subprocess.Popen(cmd, cwd=notebook.parent, env=env, stdout=self._out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while True:  # a static file: asking for the page would start a kernel
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"Voila did not start:\n{log.read_text()[-2000:]}")
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(self.url("voila/static/voila.js"), timeout=5):
                    return
            time.sleep(0.2)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}?token={self.token}"

    def kernels(self) -> list[str]:
        """The ids of the kernels Voila has started, in order (read from its log)."""
        return re.findall(r"Kernel started: ([0-9a-f-]+)", self.log.read_text(errors="replace"))

    def wait_ready(self, known: int) -> None:
        """Wait for the kernel Voila prepares for the next page (a preheated kernel, started after
        the first ``known``) to finish running the cells; return at once if it prepares none."""
        if "Using pre-heated kernel" not in self.log.read_text(errors="replace"):
            return  # the page didn't take a prepared kernel, so none is being prepared for the next
        self.wait_idle(known)

    def wait_idle(self, index: int) -> None:
        """Wait for the ``index``-th kernel Voila starts to have run its cells and Voila to have made
        the page of them (both quiet for ``IDLE_FOR`` seconds)."""
        deadline = time.monotonic() + READY_TIMEOUT
        while len(self.kernels()) <= index:
            if time.monotonic() > deadline:
                raise RuntimeError(f"Voila prepared no kernel for the next page:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.2)
        kernel = self.kernels()[index]
        deadline = time.monotonic() + READY_TIMEOUT
        worked = False  # a kernel is idle once started, before Voila sends it the first cell
        samples: list[tuple[float, float]] = []
        while time.monotonic() < deadline:
            # Busy once, then Voila and its kernels quiet for IDLE_FOR seconds: the kernel alone can
            # be idle while Voila turns a large output into the page's HTML.
            if not worked:  # asked until seen busy, and no more: each question is Voila's work too
                with contextlib.suppress(OSError, ValueError):
                    with urllib.request.urlopen(self.url(f"api/kernels/{kernel}"), timeout=5) as r:
                        worked = json.load(r).get("execution_state") == "busy"
            now = time.monotonic()
            samples.append((now, _cpu_seconds(self.proc.pid)))
            window = [s for s in samples if s[0] >= now - IDLE_FOR]
            if worked and samples[0][0] <= now - IDLE_FOR and window[-1][1] - window[0][1] < 0.05 * IDLE_FOR:
                return
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down on SIGTERM
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._out.close()


def _cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by process ``pid`` and everything it started that still runs (Linux /proc)."""
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
    return total


def open_page(browser: object, server: Voila, shown: str) -> Opening:
    """Open the page in a new browser context; seconds until ``shown`` is visible."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        local = f"http://127.0.0.1:{server.port}/"
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(local) else route.abort())
        start = time.perf_counter()
        page.goto(server.url(), wait_until="commit", timeout=PAGE_TIMEOUT_MS)
        page.locator(shown).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        seconds = time.perf_counter() - start
        nav = page.evaluate(NAVIGATION_JS)
        return Opening(seconds, nav["first"] / 1000, nav["last"] / 1000)
    finally:
        context.close()


def serve_and_open(browser: object, notebook: Path, shown: str, home: Path) -> tuple[Opening, Opening]:
    """Start Voila on ``notebook``; open the page at once, then again once the server is ready."""
    server = Voila(notebook, _jupyter_env(home), home / f"{notebook.stem}.log")
    try:
        at_start = open_page(browser, server, shown)
        # The first kernel Voila starts is the first page's (prepared as Voila starts, or started on
        # request); with preheated kernels the second is the one prepared for the next page.
        server.wait_ready(1)
        ready = open_page(browser, server, shown)
        return at_start, ready
    finally:
        server.stop()


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def first_walkthrough(lessons: Sequence[str] | None = None, rounds: int = 3) -> list:
    """The section's figures for each lesson the catalog lists (or those named)."""
    from notebooks_bench import fresh_bytecode
    from run import Result, text_table

    from mtgrules.catalog.lessons import lesson_names
    from mtgrules.classroom.present import write_presentation
    fresh_bytecode()
    results = []
    names = list(lesson_names() if lessons is None else lessons)
    with chromium() as browser, tempfile.TemporaryDirectory(prefix="mtg-voila-bench-") as tmp:
        for name in names:
            folder = Path(tmp) / name
            lesson = write_presentation(ROOT / "notebooks" / f"{name}.ipynb", folder / "present")
            twin = folder / "twin" / lesson.name
            twin.parent.mkdir(parents=True)
            nbformat.write(twin_of(nbformat.read(lesson, as_version=4)), twin)
            runs: dict[str, list[tuple[Opening, Opening]]] = {"lesson": [], "twin": []}
            for r in range(rounds):
                order = [("lesson", lesson, LESSON_SHOWN), ("twin", twin, TWIN_SHOWN)]
                for side, path, shown in order if r % 2 == 0 else order[::-1]:
                    runs[side].append(serve_and_open(browser, path, shown, folder / f"{side}-{r}"))
            figures = _figures(name, runs, rounds, Result)
            results += figures
            print(text_table({"voila": figures}), file=sys.stderr, flush=True)  # a long section: say each lesson
    return results


def _figures(name: str, runs: dict[str, list[tuple[Opening, Opening]]], rounds: int, result: type) -> list:
    out = []
    for k, when in ((0, "as the server starts"), (1, "server ready")):
        lesson = [pair[k] for pair in runs["lesson"]]
        twin = [pair[k] for pair in runs["twin"]]
        med = statistics.median(o.seconds for o in lesson)
        base = statistics.median(o.seconds for o in twin)
        pairs = [a.seconds / b.seconds for a, b in zip(lesson, twin, strict=True)]
        out.append((when, med, base, pairs, statistics.median(o.last_byte for o in lesson)))
    (w0, m0, b0, p0, l0), (w1, m1, b1, p1, l1) = out
    return [result(f"{name}: first walk-through / imports only, {w0}", m0 / b0, "×"),
            result(f"{name}: first walk-through / imports only, {w1}", m1 / b1, "×"),
            result(f"{name}: first walk-through, {w0}", m0 * 1000, "ms", "<= 4,000 ms"),
            result(f"{name}: first walk-through, {w1}", m1 * 1000, "ms", "<= 4,000 ms"),
            result(f"{name}: of which until the page's last byte, {w0}", l0 * 1000, "ms"),
            result(f"{name}: of which until the page's last byte, {w1}", l1 * 1000, "ms"),
            result(f"{name}: imports only, {w0}", b0 * 1000, "ms"),
            result(f"{name}: imports only, {w1}", b1 * 1000, "ms"),
            result(f"{name}: lowest and highest of the {rounds} round ratios, {w0}", min(p0), f"× to {max(p0):.2f} ×"),
            result(f"{name}: lowest and highest of the {rounds} round ratios, {w1}", min(p1), f"× to {max(p1):.2f} ×")]


if __name__ == "__main__":  # a few lessons at a time: python benchmarks/voila_bench.py 04-must-be-blocked ...
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped (a timeout): stop the Voila servers too
    first_walkthrough(sys.argv[1:] or None, rounds=int(os.environ.get("ROUNDS", "3")))  # each lesson's table on stderr
