import os
import shutil
import tempfile

import pytest

pytest_plugins = ["ruling_plugin"]

# A module that names one of these drives Chromium or starts a Jupyter server (tests/helpers.py,
# tests/test_browser.py): its tests are browser tests.
_BROWSER_NAMES = ("CHROMIUM", "offline_page", "start_lab", "start_voila")


def _is_browser_test(item: pytest.Item) -> bool:
    if item.get_closest_marker("browser") is not None:
        return True
    module = getattr(item, "module", None)
    return module is not None and any(hasattr(module, name) for name in _BROWSER_NAMES)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``@pytest.mark.rule("305.9")`` must name a rule the kit indexes, so a typo can't pass.

    Browser tests (marked ``browser``, or in a module that uses the kit's Chromium or Jupyter
    servers) share one pytest-xdist group: ``make test`` runs them one at a time on one worker,
    since two Chromiums or JupyterLabs at once on 2 cores time out.

    Tests marked ``slow`` (the fuzzing ones each have a small-N twin in the default run) are left
    to ``make test-slow`` (``-m slow``); ``make test`` deselects them (``-m "not slow"``). Any other
    run skips them, saying so, unless ``MTGRULES_SLOW=1`` or a ``-m`` naming ``slow``."""
    from mtgrules.catalog.rules_index import RULES
    for item in items:
        for marker in item.iter_markers("rule"):
            for number in marker.args:
                if number not in RULES:
                    raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule({number!r}) is not in rules_index.RULES")
        if _is_browser_test(item):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))
    if os.environ.get("MTGRULES_SLOW") == "1" or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: make test-slow runs it (or pytest -m slow, or MTGRULES_SLOW=1)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _a_terminal_100_columns_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the command line sizes to the terminal (``walk``'s step text) reads the same in every
    run: pytest-xdist's workers (``make test``) say 80 columns, a plain run falls back to 100."""
    monkeypatch.setenv("COLUMNS", "100")


def pytest_configure(config: pytest.Config) -> None:
    """The tests never read or write the user's own imported cards: their card folder is a fresh
    temporary one (subprocesses inherit it)."""
    folder = tempfile.mkdtemp(prefix="mtgrules-cards-")
    config._mtgrules_cards_dir = folder  # type: ignore[attr-defined]
    os.environ["MTGRULES_CARDS_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = getattr(config, "_mtgrules_cards_dir", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
