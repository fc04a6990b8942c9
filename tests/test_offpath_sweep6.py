"""A sixth sweep off the lesson path, as a learner or a teacher strays: each input here was
misread, silently ignored or crashed from inside the engine, and is now played by the rules or
refused in one sentence, with nothing changed."""

from __future__ import annotations

import pytest

from mtgrules import Scenario, ScenarioError
from mtgrules.core.carddef import CARD_POOL
from mtgrules.rules.layers import characteristics

CREATURE = frozenset({"Creature"})


# ---------------------------------------------------------------- counters the engine would misread
@pytest.mark.parametrize(("kind", "says"), [
    ("+2/+2", "only \\+1/\\+1 and -1/-1 counters"),
    ("+1/+0", "only \\+1/\\+1 and -1/-1 counters"),
    ("+1/1", "only \\+1/\\+1 and -1/-1 counters"),
    ("Loyalty", "lower case.*'loyalty'"),
    ("flying", "122.1b"),
    ("shield", "122.1c"),
    ("stun", "122.1d"),
])
def test_a_counter_the_kit_would_not_play_is_refused_not_left_doing_nothing(kind, says):
    """``counters={"+2/+2": 1}`` made a Grizzly Bears that stayed 2/2 (122.1a says 4/4), and a
    "Loyalty" counter (capital L) left a planeswalker with no loyalty at all."""
    s = Scenario("Counters")
    with pytest.raises(ScenarioError, match=says):
        s.add("Grizzly Bears", "Alice", counters={kind: 1})
    assert s.objects == []


def test_counters_the_kit_plays_and_plain_markers_are_still_taken():
    s = Scenario("Counters")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 2, "-1/-1": 1, "charge": 1})
    assert characteristics(s.state(), bears).power == 3


# ---------------------------------------------------------------- card definitions
def test_a_misspelt_supertype_is_refused_so_the_legend_rule_is_not_escaped():
    """``supertypes={"legendary"}`` was kept, and two copies on the battlefield never met the
    legend rule (704.5j), which looks for "Legendary"."""
    from mtgrules.cards import CardDef
    for wrong in ("legendary", "Legendry"):
        with pytest.raises(ValueError, match=f"{wrong!r} is not a supertype.*205.4a"):
            CardDef("Offpath Legend", "{G}", CREATURE, supertypes={wrong}, power=1, toughness=1)
    assert CardDef("Offpath Legend", "{G}", CREATURE, supertypes={"Legendary"}, power=1, toughness=1)


@pytest.mark.parametrize(("fields", "says"), [
    ({"token": "no"}, "token must be True or False"),
    ({"flavor_text": "yes"}, "flavor_text must be True or False"),
    ({"spell": 3, "types": frozenset({"Instant"}), "power": None, "toughness": None},
     "spell must be a function"),
])
def test_carddef_refuses_a_flag_or_a_spell_of_the_wrong_kind(fields, says):
    """``token="no"`` is true to Python and made the card a token (it could then not be put in a
    hand); ``spell=3`` failed only when a learner cast the card."""
    from mtgrules.cards import CardDef
    given = {"name": "Offpath Flag", "cost": "{G}", "types": CREATURE, "power": 1, "toughness": 1, **fields}
    with pytest.raises(TypeError, match=says):
        CardDef(**given)


def test_register_refuses_two_different_cards_of_one_name_in_one_call():
    """``register(a, b)`` with a and b both named "Offpath Twin" kept b silently, where registering
    them one after the other is refused without ``replace=True``."""
    from mtgrules.cards import CardDef, register
    a = CardDef("Offpath Twin", "{G}", CREATURE, power=1, toughness=1)
    b = CardDef("Offpath Twin", "{G}", CREATURE, power=3, toughness=3)
    with pytest.raises(ValueError, match="two different cards named 'Offpath Twin'"):
        register(a, b)
    assert "Offpath Twin" not in CARD_POOL
    register(a, a)  # the same card twice is still harmless
    assert CARD_POOL.pop("Offpath Twin") is a


# ---------------------------------------------------------------- scenario fields nothing reads
@pytest.mark.parametrize("zone", ["hand", "library", "exile"])
def test_sick_for_a_card_outside_the_battlefield_is_refused_not_forgotten(zone):
    """``s.add("Grizzly Bears", zone="hand", sick=True)`` was taken and then forgotten: the card
    is a new object once it enters (400.7), as ``tapped=True`` in a hand is already refused."""
    s = Scenario("Sick")
    with pytest.raises(ScenarioError, match="leave sick out"):
        s.add("Grizzly Bears", "Alice", zone=zone, sick=True)
    assert s.objects == []


def test_sick_is_still_taken_on_the_battlefield_and_in_a_graveyard():
    """Over My Dead Bodies lets a creature card attack from a graveyard, so "put there this turn" counts."""
    s = Scenario("Sick")
    s.add("Grizzly Bears", "Alice", sick=True)
    s.add("Grizzly Bears", "Alice", zone="graveyard", sick=True)
    assert all(o.control_since == s.turn for o in s.objects)
