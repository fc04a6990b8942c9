import os
import shutil
import tempfile

import pytest

pytest_plugins = ["ruling_plugin"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``@pytest.mark.rule("305.9")`` must name a rule the kit indexes, so a typo can't pass.

    Tests marked ``slow`` (the fuzzing ones each have a small-N twin in the default run) run only
    when asked: ``MTGRULES_SLOW=1`` (``make test``, and so CI, sets it) or a ``-m`` naming ``slow``."""
    from mtgrules.catalog.rules_index import RULES
    for item in items:
        for marker in item.iter_markers("rule"):
            for number in marker.args:
                if number not in RULES:
                    raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule({number!r}) is not in rules_index.RULES")
    if os.environ.get("MTGRULES_SLOW") == "1" or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: set MTGRULES_SLOW=1 (make test does) or select with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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
