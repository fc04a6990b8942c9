"""Pytest plugin that ties ``@pytest.mark.ruling("ID")`` tests to the kit's rulings catalog.

Why: the catalog (``mtgrules/data/rulings.json``) claims, per ruling, whether a test proves it
(``status.test``). That claim is only worth something if it is checked. This plugin

* refuses a marker that names an ID the catalog doesn't know (a typo would otherwise silently
  leave a ruling unproved) -- a usage error at collection time;
* records which tests carry which ruling IDs (the ``collected_rulings`` fixture);
* after a complete, otherwise green run of the whole ``tests/`` directory, fails the session if
  a ruling marked ``status.test: true`` has no passing marked test.

The end-of-run check is skipped for partial runs (a single file, ``-k``/``-m`` selections,
``--lf``, ``--collect-only``) and for runs that already failed, because there it would only
repeat or invent failures. The ``ruling(id)`` marker itself is registered in pyproject.toml.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtgrules.catalog.rulings import catalog_ids, load_catalog

TESTS_DIR = Path(__file__).resolve().parent
CATALOG_TEST_FILE = "test_catalog.py"
_PLUGIN_NAME = "mtgrules-ruling-tracker"


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
        self.deselected = 0

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
            for ruling_id in ids:
                if ruling_id not in known:
                    unknown.append(f"  {item.nodeid}: {ruling_id!r}")
                collected.setdefault(ruling_id, []).append(item.nodeid)
        if unknown:
            raise pytest.UsageError(
                "ruling markers name IDs that are not in mtgrules/data/rulings.json:\n" + "\n".join(unknown)
            )
        self.collected = collected

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        """Any deselection (-k, -m, --lf, --deselect, --sw) makes the run partial."""
        self.deselected += len(items)

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
        """True when every collected test was selected to run, test_catalog.py included."""
        option = self.config.option
        if not self.collection_is_complete() or self.deselected or option.collectonly:
            return False
        if option.keyword or option.markexpr:
            return False
        return any(item.path.name == CATALOG_TEST_FILE for item in session.items)

    def unproved_rulings(self) -> list[str]:
        """Catalog rulings claiming ``status.test`` that have no passing marked test."""
        return [e.id for e in load_catalog() if e.status.test and not self.passed.get(e.id)]

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """After a complete green run, fail if a ruling claims a test that didn't pass."""
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
