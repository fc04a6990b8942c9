"""The two commands of the README: ``make test`` installs what its tests need and runs everything
but the slow tests (``make test-slow`` runs those), and ``make lab`` opens JupyterLab without its
news pop-up. These run the Makefile's own steps, into temporary folders, on a PATH made to look
like a fresh machine: no proxy on it, no npm, not root, no Chromium."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None, reason="the make targets need GNU make")  # as they say themselves


def make(*args: str, path: str, cwd: Path = REPO, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["PATH"] = path
    return subprocess.run([str(MAKE), "--no-print-directory", "-C", str(cwd), *args], env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def _path_without(program: str) -> str:
    """This PATH minus every folder that holds ``program``."""
    return os.pathsep.join(d for d in os.environ["PATH"].split(os.pathsep)
                           if d and not (Path(d) / program).exists())


def _bin(tmp_path: Path, **scripts: str) -> Path:
    """A folder of stand-in programs (``id="echo 1000"``: a user who is not root)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for name, body in scripts.items():
        (folder / name).write_text(f"#!/bin/sh\n{body}\n")
        (folder / name).chmod(0o755)
    return folder


def _said(run: subprocess.CompletedProcess[str]) -> list[str]:
    """What the Makefile itself said (its own lines start with ``make:``; make's error line aside)."""
    return [line for line in (run.stdout + run.stderr).splitlines()
            if line.startswith("make: ") and not line.startswith("make: ***")]


# ---------------------------------------------------------------- what the tests need
@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm (the test below checks the message without it)")
def test_a_fresh_clone_gets_the_proxy_from_npm_into_an_empty_build_folder(tmp_path):
    build = tmp_path / "build"
    path = _path_without("configurable-http-proxy")
    run = make("proxy", f"BUILD={build}", path=path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"Installing configurable-http-proxy with npm into {build}/node" in run.stdout
    proxy = build / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    version = subprocess.run([str(proxy), "--version"], capture_output=True, text=True, timeout=60, check=False,
                             env={**os.environ, "PATH": path})
    assert version.returncode == 0 and version.stdout.startswith("5."), version.stdout + version.stderr
    again = make("proxy", f"BUILD={build}", path=path)  # installed once: the next run says nothing
    assert again.returncode == 0 and again.stdout == "", again.stdout


def test_without_npm_make_says_what_to_run_and_stops(tmp_path):
    build = tmp_path / "build"
    path = str(_bin(tmp_path, id="echo 1000"))  # no npm, no node, no proxy
    run = make("proxy", f"BUILD={build}", path=path)
    assert run.returncode != 0
    said = _said(run)
    assert len(said) == 1 and "run 'sudo apt-get install npm'" in said[0], run.stdout + run.stderr
    assert not build.exists()


def test_not_root_without_chromium_make_says_what_to_run_and_stops(tmp_path):
    path = os.pathsep.join([str(_bin(tmp_path, id="echo 1000")), os.environ["PATH"]])
    run = make("chromium", f"CHROMIUM={tmp_path / 'no-chromium'}", path=path)
    assert run.returncode != 0
    said = _said(run)
    assert len(said) == 1 and "run 'sudo apt-get install chromium" in said[0], run.stdout + run.stderr


def _recipe(target: str, tmp_path: Path) -> list[str]:
    """The pytest command ``make TARGET`` runs, read from ``make -n`` with an installed .venv."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True, exist_ok=True)
    (venv / "bin" / "python").touch()
    (venv / ".installed").touch()  # newer than pyproject.toml: nothing to install
    run = make("-n", target, f"VENV={venv}", path=os.environ["PATH"])
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stdout.splitlines() if " -m pytest " in line]
    assert len(lines) == 1, run.stdout
    return shlex.split(lines[0])


def test_make_test_runs_all_but_the_slow_tests_and_make_test_slow_those(tmp_path):
    fast, slow = _recipe("test", tmp_path), _recipe("test-slow", tmp_path)
    assert fast[fast.index("-m", 2) + 1] == "not slow"
    assert {"tests", "docs", "README.md", "notebooks", "--nbmake"} <= set(fast)
    assert slow[slow.index("-m", 2) + 1] == "slow" and "tests" in slow
    for cmd in (fast, slow):  # on every core, the browser tests on one worker
        assert "-n" in cmd and cmd[cmd.index("--dist") + 1] == "loadgroup"
    run = make("-n", "test", f"VENV={tmp_path / 'venv'}", path=os.environ["PATH"])
    assert "npm install" in run.stdout and "apt-get install" in run.stdout, "make test installs its tools first"


def test_ci_runs_lint_then_both_test_targets_and_installs_nothing_itself():
    lines = [line.split("#")[0].strip() for line in (REPO / ".ci" / "run").read_text().splitlines()]
    commands = [line for line in lines if line and not line.startswith(("set ", "cd "))]
    assert commands == ["make lint", "make test", "make test-slow"]  # the installs are make test's


def test_make_test_keeps_the_rulings_check_under_xdist_and_without_the_slow_tests(tmp_path):
    """``make test`` runs ``-m "not slow"`` on two workers; the check that every ruling the catalog
    calls tested has a passing marked test (tests/ruling_plugin.py) must still run there."""
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    for name in ("conftest.py", "ruling_plugin.py"):
        shutil.copy(REPO / "tests" / name, tests)
    (tests / "test_catalog.py").write_text(
        "import pytest\n\n@pytest.mark.ruling('MANA-1')\ndef test_one():\n    pass\n\n"
        "@pytest.mark.slow\n@pytest.mark.ruling('MANA-2')\ndef test_two():\n    pass\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist",
                          "loadgroup", "-m", "not slow", "tests"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    out = run.stdout + run.stderr
    assert run.returncode == 1 and "rulings catalog claims unproved tests" in out, out
    unproved = [line.split(":")[0] for line in out.splitlines() if "status.test is true" in line]
    assert "MANA-3" in unproved and "MANA-1" not in unproved
    assert "MANA-2" not in unproved, "a ruling proved by a slow test is left to make test-slow"


# ---------------------------------------------------------------- make lab
@pytest.mark.browser
def test_make_lab_turns_off_the_jupyter_news_pop_up(tmp_path):
    """``make lab`` installs the kit's JupyterLab defaults into its .venv; JupyterLab, started on
    them, answers that news is off, so its "get notified about official Jupyter news?" question
    never shows. (The pop-up shows while ``fetchNews`` is ``"none"``, JupyterLab's default.)"""
    from jupyterlab.commands import get_app_dir
    from test_browser import Server, _free_port, _jupyter_env, _root_flags
    venv = tmp_path / "venv"
    run = make("lab-settings", f"VENV={venv}", path=os.environ["PATH"])
    assert run.returncode == 0, run.stdout + run.stderr
    # JupyterLab reads its defaults from <prefix>/share/jupyter/lab/settings, the prefix being the .venv.
    assert Path(get_app_dir()) == Path(sys.prefix) / "share" / "jupyter" / "lab" or "JUPYTERLAB_DIR" in os.environ
    settings = venv / "share" / "jupyter" / "lab" / "settings"
    assert (settings / "overrides.d" / "mtgrules.json").exists()
    env = _jupyter_env(tmp_path / "jupyter")
    shutil.rmtree(tmp_path / "jupyter" / "lab-settings")  # no user settings: only what make lab gives
    (tmp_path / "jupyter" / "lab-settings").mkdir()
    port, token = _free_port(), "t" * 32
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--ServerApp.port_retries=0", f"--ServerApp.token={token}", f"--ServerApp.root_dir={tmp_path}",
           f"--LabApp.app_settings_dir={settings}", *_root_flags()]
    lab = Server("JupyterLab", cmd, tmp_path, env, tmp_path / "lab.log", port, token, "/api/status")
    try:
        url = lab.url("lab/api/settings/@jupyterlab/apputils-extension:notification")
        with urllib.request.urlopen(url, timeout=30) as response:
            schema = json.load(response)["schema"]["properties"]
    finally:
        lab.stop()
    assert schema["fetchNews"]["default"] == "false", "JupyterLab would ask about news"
    assert schema["checkForUpdates"]["default"] is False
