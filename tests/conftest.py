import pytest

pytest_plugins = ["ruling_plugin"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``@pytest.mark.rule("305.9")`` must name a rule the kit indexes, so a typo can't pass."""
    from mtgrules.catalog.rules_index import RULES
    for item in items:
        for marker in item.iter_markers("rule"):
            for number in marker.args:
                if number not in RULES:
                    raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule({number!r}) is not in rules_index.RULES")
