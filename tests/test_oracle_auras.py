"""The auras topic, played by real cards from the kit's four core sets: what an Aura or
Equipment gives the creature it is attached to (613.6: one effect, each part in its layer), an
ability granted in quotation marks (613.1f), lands that become creatures until end of turn
(205.1b), and instructions for every creature of a kind.

Each template of the grammar's "auras" section has a test here (``@plays``).
"""

from __future__ import annotations

import pytest
from combat_support import pass_until, refuse
from test_oracle_templates import board, cast_and_resolve, fully_compiled, line_played, plays

from mtgrules import (
    Step,
    activate,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_actions,
)
from mtgrules.cards.oracle.normalize import normalize
from mtgrules.cards.oracle.source import compiled
from mtgrules.cards.oracle.topics.auras import GRANTED_TRIGGER
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def enchant(name: str, *others: tuple[str, str], mana: str):
    """Alice casts the Aura ``name`` on her Grizzly Bears; returns the timeline, aura and bears."""
    s, (aura, bears, *rest) = board((name, "hand"), ("Grizzly Bears", "battlefield"), *others, mana=mana)
    t = cast_and_resolve(s, aura, targets=(bears,))
    assert t.state.obj(aura).attached_to == bears
    return t, aura, bears, rest


# ---------------------------------------------------------------- what the attached creature gets
@pytest.mark.rule("613.1f")
@plays("attached_pump_quoted", card_name="Arcane Teachings")
def test_arcane_teachings_gives_a_bonus_and_a_pinging_ability_the_creature_activates():
    fully_compiled("Arcane Teachings")
    t, aura, bears, _ = enchant("Arcane Teachings", mana="RRR")
    assert characteristics(t.state, bears).pt() == "4/4"  # +2/+2 (613.4c)
    # the granted "{T}: This creature deals 1 damage to any target." is the creature's own (613.1f, 602.1)
    t.do(activate("Alice", bears, "{T}", targets=("Bob",)))
    resolve_top(t)
    assert t.state.player("Bob").life == 19
    assert t.state.obj(bears).tapped
    # the Aura has no such ability of its own
    refuse(t.state, activate("Alice", aura, 0, targets=("Bob",)), "602.1")


@pytest.mark.rule("613.1f")
def test_the_granted_ability_ends_with_the_aura_hard_cover():
    """Hard Cover's "{T}: Draw a card, then discard a card." is the creature's only while the Aura
    is attached: with the Aura destroyed, the creature has no activated ability (613.1f, 611.3a)."""
    fully_compiled("Hard Cover")
    t, aura, bears, (naturalize,) = enchant("Hard Cover", ("Naturalize", "hand"), mana="UGG")

    def can_activate(state) -> bool:
        return any(type(a).__name__ == "Activate" and a.source == bears for a in legal_actions(state))

    assert characteristics(t.state, bears).pt() == "2/4"
    assert can_activate(t.state)
    t.do(cast("Alice", naturalize, targets=(aura,)))
    resolve_top(t)
    assert t.state.obj(aura).zone is Zone.GRAVEYARD
    assert characteristics(t.state, bears).pt() == "2/2" and not can_activate(t.state)


@pytest.mark.rule("613.1f")
@plays("attached_quoted", card_name="Gauntlets of Light")
def test_gauntlets_of_light_gives_an_untap_ability():
    line_played("Gauntlets of Light", "Enchanted creature has")
    c = compiled("Gauntlets of Light")
    assert c is not None and c.status == "partly played"  # its other line is marked, not played in part


@pytest.mark.rule("205.1b")
@plays("attached_pump_grant_type", "attached_subject", card_name="Demonic Embrace")
def test_demonic_embrace_is_a_demon_in_addition_with_flying_and_plus_three_plus_one():
    line_played("Demonic Embrace", "Enchanted creature gets +3/+1")
    t, aura, bears, _ = enchant("Demonic Embrace", mana="BBB")
    chars = characteristics(t.state, bears)
    assert chars.pt() == "5/3"                                # 613.4c
    assert "flying" in chars.keywords                         # 613.1f
    assert {"Bear", "Demon"} <= set(chars.subtypes)           # in addition to its other types (205.1b)


@pytest.mark.rule("509.1a")
@plays("attached_pump_cant_block", card_name="Maniacal Rage")
def test_maniacal_rage_gets_plus_two_and_cant_block():
    fully_compiled("Maniacal Rage")
    s, (aura, bears, attacker) = board(("Maniacal Rage", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                       ("Grizzly Bears", "battlefield"), mana="RR")
    t = cast_and_resolve(s, aura, targets=(bears,))
    assert characteristics(t.state, bears).pt() == "4/4"
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [attacker]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bears: attacker}), "509.1b")


# ---------------------------------------------------------------- lands that become creatures
@pytest.mark.rule("205.1b")
@plays("animate_land", "animate_with", card_name="Faerie Conclave")
def test_faerie_conclave_becomes_a_blue_faerie_flier_and_is_still_a_land():
    fully_compiled("Faerie Conclave")
    s, (conclave,) = board(("Faerie Conclave", "battlefield"), mana="UU")
    t = s.timeline()
    before = characteristics(t.state, conclave)
    assert not before.is_creature
    t.do(activate("Alice", conclave, "{1}{U}"))
    resolve_top(t)
    chars = characteristics(t.state, conclave)
    assert chars.is_creature and "Land" in chars.types            # still a land (205.1b)
    assert "Faerie" in chars.subtypes and chars.pt() == "2/1"      # 613.1d, 613.4b
    assert chars.colors == frozenset({"blue"})                    # 613.1e
    assert "flying" in chars.keywords                             # 613.1f
    # until end of turn: in the next turn it is a land alone again (514.2)
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", []))
    later = pass_until(t, Step.UPKEEP)
    assert not characteristics(later.state, conclave).is_creature


# ---------------------------------------------------------------- every creature of a kind
@pytest.mark.rule("701.26a")
@plays("tap_all_without_flying", card_name="Deluge")
def test_deluge_taps_every_creature_without_flying():
    fully_compiled("Deluge")
    s, (spell, bears, angel, theirs) = board(("Deluge", "hand"), ("Grizzly Bears", "battlefield"),
                                             ("Serra Angel", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                             mana="UUU")
    t = cast_and_resolve(s, spell)
    assert t.state.obj(bears).tapped and t.state.obj(theirs).tapped
    assert not t.state.obj(angel).tapped


@pytest.mark.rule("400.3")
@plays("bounce_all_creatures", card_name="Evacuation")
def test_evacuation_returns_every_creature_to_its_owners_hand():
    fully_compiled("Evacuation")
    s, (spell, bears, theirs, forest) = board(("Evacuation", "hand"), ("Grizzly Bears", "battlefield"),
                                              ("Grizzly Bears", "bob:battlefield"), ("Forest", "battlefield"),
                                              mana="UUUUU")
    t = cast_and_resolve(s, spell)
    hands = {p: [o.card for o in t.state.in_zone(Zone.HAND, p)] for p in ("Alice", "Bob")}
    assert hands["Alice"] == ["Grizzly Bears"] and hands["Bob"] == ["Grizzly Bears"]
    assert any(o.card == "Forest" and o.zone is Zone.BATTLEFIELD for o in t.state.objects)  # no creature


@pytest.mark.rule("611.2c")
@plays("pump_attacking", card_name="Trumpet Blast")
def test_trumpet_blast_pumps_the_creatures_attacking_as_it_resolves():
    fully_compiled("Trumpet Blast")
    s, (spell, a, b) = board(("Trumpet Blast", "hand"), ("Grizzly Bears", "battlefield"),
                             ("Grizzly Bears", "battlefield"))
    mountains = [s.add("Mountain", "Alice") for _ in range(3)]
    t = s.timeline()
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [a]))
    for m in mountains:
        t.do(activate("Alice", m, 0))
    t.do(cast("Alice", spell))
    resolve_top(t)
    assert characteristics(t.state, a).pt() == "4/2"   # attacking: +2/+0 (613.4c)
    assert characteristics(t.state, b).pt() == "2/2"   # not attacking


# ---------------------------------------------------------------- what stays marked
def test_a_granted_triggered_ability_is_marked_not_played_infernal_scarring():
    c = compiled("Infernal Scarring")
    assert c is not None
    line = next(s for s in c.lines if s.line.startswith("Enchanted creature gets +2/+0"))
    assert not line.played and line.how == GRANTED_TRIGGER


@pytest.mark.rule("702.36b")
def test_a_card_named_for_a_keyword_keeps_the_keyword_fear():
    """The Aura Fear's "Enchanted creature has fear.": the lower-case keyword is the keyword, not
    the card's name (201.4 names the card with its capitals)."""
    assert normalize("Enchanted creature has fear.", "Fear") == "enchanted creature has fear."
    assert normalize("Fear deals 1 damage.", "Fear") == "~ deals 1 damage."
    fully_compiled("Fear")
    s, (aura, bears) = board(("Fear", "hand"), ("Grizzly Bears", "battlefield"), mana="BB")
    t = cast_and_resolve(s, aura, targets=(bears,))
    assert "fear" in characteristics(t.state, bears).keywords
