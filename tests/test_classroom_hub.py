"""A small class on a real JupyterHub (the load test of benchmarks/classroom.py with two students).

Slow (about a minute): JupyterHub, configurable-http-proxy from npm, two single-user servers and
two kernels. ``make test-slow`` runs it (and installs the proxy first); ``make test`` leaves it out.
It checks that the run works end to end and cleans up after itself, not how fast it is: the
figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


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


def test_config_parses_in_both_modes(tmp_path, monkeypatch):
    """The hub config loads as JupyterHub loads it, in the class mode and in the test mode."""
    from traitlets.config import Config
    for mode in ("class", "test"):
        monkeypatch.setenv("MTGRULES_HUB_MODE", mode)
        monkeypatch.setenv("MTGRULES_HUB_STATE", str(tmp_path / mode))
        monkeypatch.setenv("MTGRULES_HUB_BENCH_TOKEN", "x" * 32)
        c = Config()
        code = (REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text()
        exec(compile(code, "jupyterhub_config.py", "exec"), {"get_config": lambda c=c: c})  # noqa: S102 (the kit's own config)
        args = " ".join(c.Spawner.args)
        assert "cull_idle_timeout" in args and "shutdown_no_activity_timeout" in args
        assert c.JupyterHub.ip == "127.0.0.1"
        if mode == "test":
            assert c.JupyterHub.authenticator_class == "dummy"
            assert any(s["name"] == "classroom-bench" for s in c.JupyterHub.services)
        else:
            assert c.JupyterHub.authenticator_class == "pam"
            assert c.JupyterHub.spawner_class == "localprocess"
    monkeypatch.setenv("MTGRULES_HUB_MODE", "party")
    with pytest.raises(ValueError, match="MTGRULES_HUB_MODE"):
        exec(compile(code, "jupyterhub_config.py", "exec"), {"get_config": Config})  # noqa: S102


@pytest.mark.slow
@pytest.mark.browser  # a hub, two servers and two kernels: never beside the other server tests
def test_two_students_on_one_hub(tmp_path):
    bench = _bench()
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
    # Nothing it started is left running.
    left = [p for p in bench.process_table() if bench.hub_user(p) in ("student01", "student02")]
    assert left == []
