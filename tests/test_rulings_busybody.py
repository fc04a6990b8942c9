"""GB-1 to GB-5: Graveyard Busybody, an Unstable card outside the Comprehensive Rules (100.7),
played as its official rulings describe it (see ``mtgrules/rules/graveyards.py`` for the reading).

Each test plays a board through the engine and asserts the ruling's outcome. Each would fail if
cards went to the Busybody controller's pile instead of their owner's (GB-1), if counting read
only the player's own pile or a shuffle took every pile (GB-2), if a borrowed pile went into the
shuffler's library (GB-3), if a graveyard cost couldn't reach a borrowed pile or could be paid
with no graveyard (GB-4), or if the older Busybody won (GB-5).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import kinds, refused

from mtgrules import Scenario, Zone, activate, apply, characteristics, pass_priority
from mtgrules.core.errors import IllegalAction, MissingChoice
from mtgrules.lessons import graveyard_busybody as lesson
from mtgrules.rules.graveyards import cards_in_your_graveyards, graveyard_holder, graveyards_of

BB = "Graveyard Busybody"


def _one(state, name: str, zone: Zone | None = None):
    found = [o for o in state.objects if o.card == name and (zone is None or o.zone is zone)]
    assert len(found) == 1, f"expected one {name}, found {found}"
    return found[0]


def _pt(state, oid: int) -> tuple[int, int]:
    c = characteristics(state, oid)
    return c.power, c.toughness


def _pile(state, owner: str, zone: Zone = Zone.GRAVEYARD) -> list[str]:
    return sorted(o.card for o in state.in_zone(zone, owner))


# ---------------------------------------------------------------- GB-1
@pytest.mark.ruling("GB-1")
def test_an_opponents_creature_dies_into_its_owners_graveyard():
    t = lesson.opponent_creature_dies()
    before, after = t[0].state, t.state
    busybody = _one(after, BB).oid
    corpse = _one(after, "Walking Corpse")
    assert corpse.zone is Zone.GRAVEYARD and corpse.zone_player == "Bob", "Bob's card goes to Bob's graveyard"
    assert corpse.oid not in {o.oid for o in before.in_zone(Zone.GRAVEYARD, "Alice")}
    assert "Walking Corpse" not in _pile(after, "Alice")
    # ... and that pile is one of Alice's graveyards, so her Busybody counts it
    assert corpse.oid in {o.oid for o in cards_in_your_graveyards(after, "Alice")}
    assert _pt(before, busybody) == (3, 3) and _pt(after, busybody) == (4, 4)
    moved = [e for e in t[-1].events if e.kind == "zone change" and e.obj == corpse.oid]
    assert "Bob's graveyard, its owner's" in moved[0].text


@pytest.mark.ruling("GB-1")
def test_ownership_decides_not_control_nor_who_has_the_graveyards():
    t = lesson.opponent_creature_dies(stolen=True)
    corpse = _one(t.state, "Walking Corpse")
    assert (corpse.owner, t[0].state.obj(corpse.oid).controller) == ("Alice", "Bob")
    assert corpse.zone_player == "Alice", "a card goes to its owner's graveyard (400.3, 404.1)"


@pytest.mark.ruling("GB-1")
def test_a_creature_put_into_a_graveyard_by_a_state_based_action_goes_to_its_owner():
    s = Scenario("lethal damage")
    s.add(BB, "Alice")
    s.add("Llanowar Elves", "Alice", zone="graveyard")   # so the Busybody is a 1/1, not a 0/0
    bears = s.add("Grizzly Bears", "Bob")
    start = s.state()
    state = replace(start, objects=tuple(replace(o, damage=2) if o.oid == bears else o for o in start.objects))
    new, events = apply(state, pass_priority("Alice"))   # SBAs are checked after any action (704.3)
    assert new.obj(bears).zone is Zone.GRAVEYARD and new.obj(bears).zone_player == "Bob"
    assert any(e.rule == "704.5g" and "Bob's graveyard" in e.text for e in events)


# ---------------------------------------------------------------- GB-2
@pytest.mark.ruling("GB-2")
def test_counting_uses_the_total_of_all_your_graveyards():
    state = lesson.board_state()
    busybody = _one(state, BB).oid
    assert graveyards_of(state, "Alice") == ["Alice", "Bob"]
    # Alice's pile: Grizzly Bears (flavor text), Forest; Bob's: Llanowar Elves, Raging Goblin (both
    # with flavor text), Island. 1 + 2 = 3, not Alice's 1 alone.
    assert _pt(state, busybody) == (3, 3)
    assert len(cards_in_your_graveyards(state, "Alice")) == 5
    # still separate graveyards
    assert _pile(state, "Alice") == ["Forest", "Grizzly Bears"]
    assert _pile(state, "Bob") == ["Island", "Llanowar Elves", "Raging Goblin"]


@pytest.mark.ruling("GB-2")
def test_an_effect_on_a_single_graveyard_touches_only_that_one():
    t = lesson.shuffle_one_graveyard("Alice")
    before, after = t[0].state, t.state
    assert _pile(after, "Alice") == [], "the chosen graveyard is shuffled in"
    assert [o for o in after.in_zone(Zone.GRAVEYARD, "Bob")] == [o for o in before.in_zone(Zone.GRAVEYARD, "Bob")], \
        "the other graveyard is untouched: same objects, same order"
    assert _pt(after, _one(after, BB).oid) == (2, 2)


@pytest.mark.ruling("GB-2")
def test_which_single_graveyard_is_the_players_choice():
    t = lesson.shuffle_one_graveyard("Alice").branch(2)
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    assert need.value.kind == "graveyard" and need.value.options == ["Alice", "Bob"]


def test_the_busybodys_size_is_defined_in_every_zone():
    """A characteristic-defining ability works in all zones (604.3, 208.2a): in a hand, "your
    graveyards" are its owner's (109.5), here just Bob's own pile."""
    s = Scenario("in hand")
    in_hand = s.add(BB, "Bob", zone="hand")
    s.add("Llanowar Elves", "Bob", zone="graveyard")
    s.add("Grizzly Bears", "Alice", zone="graveyard")
    state = s.state()
    assert _pt(state, in_hand) == (1, 1)
    s.add(BB, "Alice")   # now Alice has every graveyard and Bob has none
    assert _pt(s.state(), in_hand) == (0, 0)


# ---------------------------------------------------------------- GB-3
@pytest.mark.ruling("GB-3")
def test_shuffling_a_borrowed_graveyard_sends_its_cards_to_their_owners_library():
    t = lesson.shuffle_borrowed_graveyard()
    before, after = t[0].state, t.state
    moved = {o.oid for o in before.in_zone(Zone.GRAVEYARD, "Bob")}
    for oid in moved:
        assert after.obj(oid).zone is Zone.LIBRARY and after.obj(oid).zone_player == "Bob"
    assert {o.oid for o in after.in_zone(Zone.LIBRARY, "Alice")} == {o.oid for o in before.in_zone(Zone.LIBRARY, "Alice")}, \
        "nothing from the borrowed graveyard goes into Alice's library"
    assert _pile(after, "Alice") == _pile(before, "Alice")
    shuffled = [e.obj for e in kinds(t[-1].events, "shuffle")]
    assert shuffled == ["Alice", "Bob"], "Alice's library (the Cane says so, 701.24d) and Bob's, which got cards"


@pytest.mark.ruling("GB-3")
def test_each_card_goes_to_its_own_owners_library_even_from_one_pile():
    s = Scenario("a pile with another owner's card", step="main1")
    s.add(BB, "Alice")
    cane = s.add("Feldon's Cane", "Alice")
    elves = s.add("Llanowar Elves", "Bob", zone="graveyard")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard", zone_player="Bob")   # Alice's card, Bob's pile
    t = s.timeline().do(activate("Alice", cane)).do(pass_priority("Alice")).do(pass_priority("Bob", graveyard="Bob"))
    assert (t.state.obj(elves).zone, t.state.obj(elves).zone_player) == (Zone.LIBRARY, "Bob")
    assert (t.state.obj(bears).zone, t.state.obj(bears).zone_player) == (Zone.LIBRARY, "Alice")


@pytest.mark.ruling("GB-3")
def test_the_shuffle_is_seeded_and_replays_the_same():
    t = lesson.shuffle_borrowed_graveyard()
    assert t.replay().state == t.state
    orders = set()
    for seed in range(8):
        s = Scenario("seeded", seed=seed)
        s.add(BB, "Alice")
        cane = s.add("Feldon's Cane", "Alice")
        for name in ("Llanowar Elves", "Raging Goblin", "Island", "Grizzly Bears", "Walking Corpse"):
            s.add(name, "Bob", zone="graveyard")
        t = s.timeline().do(activate("Alice", cane)).do(pass_priority("Alice")).do(pass_priority("Bob", graveyard="Bob"))
        orders.add(tuple(o.card for o in t.state.in_zone(Zone.LIBRARY, "Bob")))
    assert len(orders) > 1, "different seeds shuffle differently"


def test_a_player_without_a_graveyard_shuffles_nothing_in():
    t = lesson.cane_without_graveyard()
    before, after = t[0].state, t.state
    assert graveyards_of(before, "Bob") == []
    assert _pile(after, "Bob") == _pile(before, "Bob") and _pile(after, "Alice") == _pile(before, "Alice")
    assert [e.obj for e in kinds(t[-1].events, "shuffle")] == ["Bob"]


# ---------------------------------------------------------------- GB-4
@pytest.mark.ruling("GB-4")
def test_an_exile_from_your_graveyard_cost_can_take_from_any_graveyard_you_have():
    t = lesson.exile_from_any_graveyard()
    assert t[1].refused is None
    island = _one(t.state, "Island")
    assert island.zone is Zone.EXILE and t[0].state.obj(island.oid).zone_player == "Bob"
    assert _pt(t.state, _one(t.state, "Lorehold Pledgemage").oid) == (3, 3)


@pytest.mark.ruling("GB-4")
def test_without_the_busybody_the_same_cost_cant_be_paid():
    t = lesson.exile_from_any_graveyard(busybody=False)
    assert t[1].refused is not None and t[1].refused.rule == "118.3"
    mage = _one(t[0].state, "Lorehold Pledgemage").oid
    island = _one(t[0].state, "Island").oid
    refused(t[0].state, activate("Alice", mage, exile=island), "118.3")


@pytest.mark.ruling("GB-4")
def test_only_the_busybodys_controller_has_graveyards_to_pay_from():
    s = Scenario("Bob's own pile is not his now", active="Bob")
    s.add(BB, "Alice")
    mage = s.add("Lorehold Pledgemage", "Bob")
    s.add("Island", "Bob", zone="graveyard")
    s.mana("Bob", "RWRW")
    err = refused(s.state(), activate("Bob", mage), "118.3")
    assert "Bob has no graveyard" in err.reason


@pytest.mark.ruling("GB-4")
def test_the_card_exiled_must_be_in_one_of_your_graveyards():
    t = lesson.exile_from_any_graveyard()
    state = t[0].state
    mage = _one(state, "Lorehold Pledgemage").oid
    with pytest.raises(MissingChoice) as need:
        apply(state, activate("Alice", mage))
    assert need.value.kind == "exile"
    assert sorted(state.obj(o).zone_player for o in need.value.options) == ["Bob", "Bob", "Bob"]
    with pytest.raises(IllegalAction):
        apply(state, activate("Alice", mage, exile=_one(state, BB).oid))


@pytest.mark.ruling("GB-4")
def test_a_card_that_looks_at_your_graveyard_looks_at_all_of_them():
    """"Any card that looks at cards in graveyards looks at any or all your graveyards": Order of
    Whiteclay's "target creature card ... from your graveyard" can target a card in Bob's pile."""
    def board(with_busybody: bool):
        s = Scenario("Whiteclay")
        if with_busybody:
            s.add(BB, "Alice")
        order = s.add("Order of Whiteclay", "Alice", tapped=True)
        elves = s.add("Llanowar Elves", "Bob", zone="graveyard")
        s.mana("Alice", "WWW")
        return s.state(), order, elves
    state, order, elves = board(True)
    new, _ = apply(state, activate("Alice", order, targets=(elves,)))
    assert new.stack[-1].targets[0].oid == elves
    state, order, elves = board(False)
    refused(state, activate("Alice", order, targets=(elves,)), "115.1")


# ---------------------------------------------------------------- GB-5
@pytest.mark.ruling("GB-5")
@pytest.mark.parametrize("newest, older", [("Bob", "Alice"), ("Alice", "Bob")])
def test_the_newest_busybody_wins_and_the_other_goes_to_the_graveyard_its_controller_used_to_have(newest, older):
    t = lesson.two_busybodies(newest)
    state = t.state
    on_field = [o for o in state.battlefield() if o.card == BB]
    assert [o.controller for o in on_field] == [newest], "only the newest Busybody stays"
    assert graveyard_holder(state) == newest
    assert graveyards_of(state, newest) == [newest, older] and graveyards_of(state, older) == []
    gone = next(o for o in state.objects if o.card == BB and o.zone is Zone.GRAVEYARD)
    assert gone.owner == older and gone.zone_player == older, "its owner's own pile"
    sba = [e for e in t[-1].events if e.rule == "704.5f"]
    assert len(sba) == 1 and sba[0].obj == gone.oid and "used to have" in sba[0].text
    # the winner counts all the graveyards: Bears, Elves, Goblin have flavor text
    assert _pt(state, on_field[0].oid) == (3, 3)


@pytest.mark.ruling("GB-5")
def test_before_the_check_the_older_busybody_is_a_0_0():
    s = Scenario("two on the battlefield")
    older = s.add(BB, "Alice")
    newer = s.add(BB, "Bob")            # a later timestamp: it entered more recently
    s.add("Llanowar Elves", "Alice", zone="graveyard")
    state = s.state()
    assert state.obj(newer).timestamp > state.obj(older).timestamp
    assert graveyard_holder(state) == "Bob"
    assert _pt(state, older) == (0, 0) and _pt(state, newer) == (1, 1)


def test_two_busybodies_under_one_player_agree():
    s = Scenario("both Alice's")
    first, second = s.add(BB, "Alice"), s.add(BB, "Alice")
    s.add("Llanowar Elves", "Bob", zone="graveyard")
    new, _ = apply(s.state(), pass_priority("Alice"))
    assert _pt(new, first) == _pt(new, second) == (1, 1)
    assert new.obj(first).zone is new.obj(second).zone is Zone.BATTLEFIELD
