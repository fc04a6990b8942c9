"""A scenario attaches only what can be attached: in the kit's pool, Auras (303.4b). Anything
else given ``attached_to`` is refused rather than silently shown "attached"."""

from __future__ import annotations

import pytest

from mtgrules import Scenario
from mtgrules.core.errors import ScenarioError


def test_a_card_that_is_not_an_aura_cannot_be_attached_in_a_scenario():
    s = Scenario("Bears on a Forest")
    forest = s.add("Forest", "Alice")
    with pytest.raises(ScenarioError, match="Grizzly Bears.*isn't an Aura"):
        s.add("Grizzly Bears", "Alice", attached_to=forest)
    with pytest.raises(ScenarioError, match="isn't an Aura"):
        Scenario.from_dict({"cards": [{"card": "Forest"}, {"card": "Island", "attached_to": 1}]})
