"""The followups topic's templates (topics/followups.py), each playing a real card: the trigger
event "at the beginning of your end step" (here on an emblem, 114.4) and a target whose adjectives
are listed with commas (Terror, Nekrataal)."""

from __future__ import annotations

import pytest
from combat_support import pass_until
from test_oracle_templates import board, fully_compiled, line_played, plays

from mtgrules import Scenario, Step, activate, cast, characteristics, declare_attackers, declare_blockers
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def cats(t, player: str) -> list[int]:
    return [o.oid for o in t.state.battlefield(player) if "Cat" in characteristics(t.state, o.oid).subtypes]


@pytest.mark.rule("114.4")
@plays("trg_your_end_step", card_name="Ajani, Adversary of Tyrants")
def test_ajanis_emblem_makes_three_lifelink_cats_at_the_beginning_of_alices_end_step_only():
    """The emblem's triggered ability works from the command zone (114.4); "your end step" is the end
    step of its controller's turn (513.1), so it makes no Cats at the end of Bob's turn."""
    line_played("Ajani, Adversary of Tyrants", "[−7]")
    s = Scenario("ajani emblem", players=["Alice", "Bob"], step="main1")
    ajani = s.add("Ajani, Adversary of Tyrants", "Alice", counters={"loyalty": 7})
    for p in ("Alice", "Bob"):
        for _ in range(5):
            s.add("Forest", p, zone="library")
    t = s.timeline()
    t.do(activate("Alice", ajani, "[−7]"))
    resolve_top(t)
    (emblem,) = t.state.in_zone(Zone.COMMAND)
    assert emblem.controller == "Alice"  # 114.2
    assert t.state.obj(ajani).zone is Zone.GRAVEYARD  # no loyalty left (704.5i); the emblem stays (114.5)
    t = pass_until(t, Step.END)  # its trigger resolves on the way
    new = cats(t, "Alice")
    assert len(new) == 3
    for oid in new:
        chars = characteristics(t.state, oid)
        assert chars.pt() == "1/1" and "lifelink" in set(chars.keywords)
    t = pass_until(t, Step.UPKEEP)
    assert t.state.active == "Bob"
    t = pass_until(t, Step.END)
    assert t.state.active == "Bob" and len(cats(t, "Alice")) == 3 and not cats(t, "Bob")


def shielded_rhox(*more: tuple[str, str], mana: str = ""):
    """Alice's Rhox (green, not an artifact) with a regeneration shield from its {2}{G} ability."""
    s, ids = board(("Rhox", "battlefield"), *more, mana="CCG" + mana)
    t = s.timeline()
    t.do(activate("Alice", ids[0], 0, pay="GCC"))
    resolve_top(t)
    assert len(t.state.regeneration) == 1
    return t, ids


@pytest.mark.rule("701.19c")
@plays("target_adjective_list", card_name="Terror")
def test_terror_destroys_a_nonartifact_nonblack_creature_and_it_cant_be_regenerated():
    fully_compiled("Terror")
    t, (rhox, terror, skeletons, thopter) = shielded_rhox(
        ("Terror", "hand"), ("Drudge Skeletons", "bob:battlefield"), ("Ornithopter", "bob:battlefield"), mana="CB")
    for wrong in (skeletons, thopter):  # black; an artifact: each adjective applies (115.1)
        with pytest.raises(IllegalAction):
            t.do(cast("Alice", terror, targets=(wrong,)))
    t.do(cast("Alice", terror, targets=(rhox,)))
    resolve_top(t)
    assert t.state.obj(rhox).zone is Zone.GRAVEYARD  # the shield can't replace it (701.19c)


@pytest.mark.rule("701.19c")
def test_nekrataal_enters_and_destroys_a_nonartifact_nonblack_creature_that_cant_be_regenerated():
    fully_compiled("Nekrataal")
    t, (rhox, nekrataal) = shielded_rhox(("Nekrataal", "hand"), mana="CCBB")
    t.do(cast("Alice", nekrataal))
    resolve_top(t)  # Nekrataal enters; its trigger targets Rhox (the only legal target)
    resolve_top(t, target=rhox)
    assert t.state.obj(rhox).zone is Zone.GRAVEYARD


@pytest.mark.rule("611.2c")
@plays("other_creatures_get_until_end_of_turn", card_name="Bolt Hound")
def test_bolt_hound_attacks_and_only_alices_other_creatures_get_plus_one_until_end_of_turn():
    """The group is fixed as the ability resolves (611.2c): Bolt Hound itself and Bob's creature are
    left out, and the bonus ends with the turn (514.2)."""
    fully_compiled("Bolt Hound")
    s, (hound, bears, theirs) = board(("Bolt Hound", "battlefield"), ("Grizzly Bears", "battlefield"),
                                      ("Grizzly Bears", "bob:battlefield"))
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [hound]))
    resolve_top(t)
    pts = {oid: characteristics(t.state, oid).pt() for oid in (hound, bears, theirs)}
    assert pts == {hound: "2/2", bears: "3/2", theirs: "2/2"}
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {}))
    t = pass_until(t, Step.UPKEEP)
    assert t.state.active == "Bob" and characteristics(t.state, bears).pt() == "2/2"


@pytest.mark.rule("603.5")
@plays("you_may_have_target_get", card_name="Battle-Rattle Shaman")
def test_battle_rattle_shaman_may_have_target_creature_get_plus_two_at_the_beginning_of_combat():
    """The target is chosen as the trigger is put on the stack (603.3d), "may" as it resolves (603.5):
    Alice says yes and her Bears get +2/+0; said no, nothing changes."""
    fully_compiled("Battle-Rattle Shaman")
    for answer, pt in (("yes", "4/2"), ("no", "2/2")):
        s, (_, bears) = board(("Battle-Rattle Shaman", "battlefield"), ("Grizzly Bears", "battlefield"))
        t = pass_until(s.timeline(), Step.BEGIN_COMBAT, target=bears, may=answer)
        assert t.state.active == "Alice" and characteristics(t.state, bears).pt() == pt


@pytest.mark.rule("110.4a")
@plays("permanent_card", card_name="Tezzeret, Artifice Master")
def test_tezzerets_emblem_searches_for_a_permanent_card_and_puts_it_onto_the_battlefield():
    """A permanent card is one of a permanent type (110.4a): Shock isn't one, Grizzly Bears is."""
    line_played("Tezzeret, Artifice Master", "[−9]")
    s = Scenario("tezzeret emblem", players=["Alice", "Bob"], step="main1")
    tezzeret = s.add("Tezzeret, Artifice Master", "Alice", counters={"loyalty": 9})
    shock = s.add("Shock", "Alice", zone="library")
    bears = s.add("Grizzly Bears", "Alice", zone="library")
    for _ in range(3):
        s.add("Shock", "Bob", zone="library")
    t = s.timeline()
    t.do(activate("Alice", tezzeret, "[−9]"))
    resolve_top(t)
    with pytest.raises(IllegalAction):
        pass_until(t, Step.END, search=shock)
    t = pass_until(t, Step.END, search=bears)
    assert t.state.obj(bears).zone is Zone.BATTLEFIELD and t.state.obj(shock).zone is Zone.LIBRARY
