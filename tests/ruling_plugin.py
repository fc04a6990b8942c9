"""Pytest plugin that ties ``@pytest.mark.ruling("ID")`` tests to the kit's rulings catalog.

Why: the catalog (``mtgrules/catalog/data/rulings.json``) claims, per ruling, whether a test proves it
(``status.test``). That claim is only worth something if it is checked. This plugin

* refuses a marker that names an ID the catalog doesn't know (a typo would otherwise silently
  leave a ruling unproved) -- a usage error at collection time;
* records which tests carry which ruling IDs (the ``collected_rulings`` fixture);
* after a complete, otherwise green run of the whole ``tests/`` directory, fails the session if
  a ruling marked ``status.test: true`` has no passing marked test.

The end-of-run check is skipped for partial runs (a single file, ``-k``/``-m`` selections,
``--lf``, ``--collect-only``) and for runs that already failed, because there it would only
repeat or invent failures. One selection still counts as whole: ``-m "not slow"`` (``make test``),
where a ruling whose marked tests include a slow one counts as proved by ``make test-slow``.
The ``ruling(id)`` marker itself is registered in pyproject.toml.

Under pytest-xdist each worker collects everything and runs a share: the workers send what they
collected and what passed to the controller (``workeroutput``), which makes the check once.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtgrules.catalog.rulings import catalog_ids, load_catalog

TESTS_DIR = Path(__file__).resolve().parent
CATALOG_TEST_FILE = "test_catalog.py"
_PLUGIN_NAME = "mtgrules-ruling-tracker"
_WORKER_KEY = "mtgrules_rulings"
_FAST_RUN = "not slow"  # make test's selection: everything but @pytest.mark.slow


def _marker_ids(item: pytest.Item) -> list[str]:
    ids = []
    for marker in item.iter_markers("ruling"):
        if not marker.args or not isinstance(marker.args[0], str):
            raise pytest.UsageError(
                f"{item.nodeid}: @pytest.mark.ruling needs the ruling ID as its first argument, "
                'e.g. @pytest.mark.ruling("MANA-1")'
            )
        ids.append(marker.args[0])
    return list(dict.fromkeys(ids))


def _arguments_cover_tests_dir(config: pytest.Config) -> bool:
    """Whether the command line asked for the whole tests/ directory (or a folder above it)."""
    base = config.invocation_params.dir
    for arg in config.args:
        if "::" in str(arg):
            continue
        path = (base / str(arg)).resolve()
        if path == TESTS_DIR or path in TESTS_DIR.parents:
            return True
    return False


class RulingTracker:
    """Per-session state: which tests carry which ruling IDs, and which of them passed."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.collected: dict[str, list[str]] | None = None  # ruling ID -> node ids
        self.by_node: dict[str, list[str]] = {}  # node id -> ruling IDs
        self.passed: dict[str, list[str]] = {}  # ruling ID -> node ids that passed
        self.slow: set[str] = set()  # node ids of marked tests that are @pytest.mark.slow
        self.deselected = 0  # tests left out other than by -m "not slow"
        self.has_catalog_test = False

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Record every item's ruling IDs, and reject IDs the catalog does not contain.

        Runs before -k/-m/--lf deselection, so the record covers everything collected.
        """
        try:
            known = set(catalog_ids())
        except ValueError as exc:
            raise pytest.UsageError(
                f"the rulings catalog is malformed, so ruling markers can't be checked: {exc}"
            ) from None
        collected: dict[str, list[str]] = {}
        unknown: list[str] = []
        for item in items:
            ids = _marker_ids(item)
            if ids:
                self.by_node[item.nodeid] = ids
            if ids and item.get_closest_marker("slow") is not None:
                self.slow.add(item.nodeid)
            for ruling_id in ids:
                if ruling_id not in known:
                    unknown.append(f"  {item.nodeid}: {ruling_id!r}")
                collected.setdefault(ruling_id, []).append(item.nodeid)
        if unknown:
            raise pytest.UsageError(
                "ruling markers name IDs that are not in mtgrules/catalog/data/rulings.json:\n" + "\n".join(unknown)
            )
        self.collected = collected

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        """Any deselection (-k, -m, --lf, --deselect, --sw) makes the run partial, except the
        slow tests that ``-m "not slow"`` leaves to ``make test-slow``."""
        fast_run = self.config.option.markexpr == _FAST_RUN
        self.deselected += sum(1 for item in items if not (fast_run and item.get_closest_marker("slow")))

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.has_catalog_test = any(item.path.name == CATALOG_TEST_FILE for item in session.items)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Remember marked tests whose body passed (an unexpected xfail pass does not count)."""
        if report.when != "call" or not report.passed or hasattr(report, "wasxfail"):
            return
        for ruling_id in self.by_node.get(report.nodeid, ()):
            self.passed.setdefault(ruling_id, []).append(report.nodeid)

    def collection_is_complete(self) -> bool:
        """True when the whole tests/ directory was collected, not one file or a folder in it."""
        return self.collected is not None and _arguments_cover_tests_dir(self.config)

    def run_is_complete(self, session: pytest.Session) -> bool:
        """True when every collected test was selected to run (all but the slow ones, for
        ``-m "not slow"``), test_catalog.py included."""
        option = self.config.option
        if not self.collection_is_complete() or self.deselected or option.collectonly:
            return False
        if option.keyword or option.markexpr not in ("", _FAST_RUN):
            return False
        return self.has_catalog_test

    def unproved_rulings(self) -> list[str]:
        """Catalog rulings claiming ``status.test`` that have no passing marked test (nor, in a
        run without the slow tests, a slow one that ``make test-slow`` runs)."""
        left_to_slow = self.config.option.markexpr == _FAST_RUN
        return [e.id for e in load_catalog() if e.status.test and not self.passed.get(e.id)
                and not (left_to_slow and self.slow & set((self.collected or {}).get(e.id, ())))]

    # ---- pytest-xdist: the workers report to the controller, which checks once
    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: object, error: object) -> None:
        found = getattr(node, "workeroutput", {}).get(_WORKER_KEY)
        if not found:
            return
        self.collected = found["collected"]  # every worker collected everything
        self.slow = set(found["slow"])
        self.has_catalog_test = found["has_catalog_test"]
        self.deselected = max(self.deselected, found["deselected"])
        for ruling_id, nodes in found["passed"].items():
            self.passed.setdefault(ruling_id, []).extend(nodes)

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """After a complete green run, fail if a ruling claims a test that didn't pass."""
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:  # an xdist worker: the controller checks
            workeroutput[_WORKER_KEY] = {"collected": self.collected or {}, "slow": sorted(self.slow),
                                         "has_catalog_test": self.has_catalog_test,
                                         "deselected": self.deselected, "passed": self.passed}
            return
        if exitstatus != pytest.ExitCode.OK or session.testsfailed or session.shouldfail:
            return
        if not self.run_is_complete(session):
            return
        missing = self.unproved_rulings()
        if not missing:
            return
        lines = []
        for ruling_id in missing:
            found = (self.collected or {}).get(ruling_id)
            why = f"its marked tests did not pass: {', '.join(found)}" if found else "no test"
            lines.append(f"{ruling_id}: status.test is true in the catalog, but {why}")
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line("")
            reporter.write_sep("=", "rulings catalog claims unproved tests", red=True, bold=True)
            for line in lines:
                reporter.write_line(line)
        else:
            print("\n".join(lines), file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(RulingTracker(config), _PLUGIN_NAME)


def _tracker(config: pytest.Config) -> RulingTracker:
    tracker = config.pluginmanager.get_plugin(_PLUGIN_NAME)
    assert isinstance(tracker, RulingTracker), "the ruling plugin was not configured"
    return tracker


@pytest.fixture(scope="session")
def collected_rulings(request: pytest.FixtureRequest) -> dict[str, list[str]]:
    """Ruling ID -> node ids of the collected tests marked with it.

    Skips the requesting test unless the whole tests/ directory was collected: on a partial
    collection the map would be missing tests that exist.
    """
    tracker = _tracker(request.config)
    if not tracker.collection_is_complete() or tracker.collected is None:
        pytest.skip("needs the whole tests/ directory collected (run `pytest` or `pytest tests`)")
    return {ruling_id: list(nodes) for ruling_id, nodes in tracker.collected.items()}
