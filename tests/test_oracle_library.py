"""The library family of Oracle templates, each played by a real card from the kit's four core
sets: scry (701.22), search and shuffle (701.23, 701.24), looking at and revealing the top cards
(701.20, 401.4), discard (701.9), cards returned from a graveyard, and "you may ..." with its
"If you do, ..." (603.5, 608.2d). Every choice is asked by keyword and named in words when it is
missing; what is random is seeded from the game.
"""

from __future__ import annotations

import pytest
from test_oracle_templates import fully_compiled, line_played, plays

from mtgrules import Scenario, Step, activate, cast, characteristics, legal_actions, pass_priority, play_land
from mtgrules.core.errors import IllegalAction, MissingChoice
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


# ---------------------------------------------------------------- boards
def game(*cards: tuple[str, str], library: tuple[str, ...] = (), bob_library: tuple[str, ...] = ("Forest",) * 3,
         mana: str = "", step: str = "main1"):
    """A two-player board: (name, where) for Alice (where: "hand", "battlefield", "graveyard"),
    Bob's with "bob:". ``library`` is Alice's library listed from the top down. Returns the
    scenario, the ids of ``cards`` and the ids of Alice's library (top first)."""
    s = Scenario("library", players=["Alice", "Bob"], step=step)
    ids = []
    for name, where in cards:
        owner = "Bob" if where.startswith("bob:") else "Alice"
        ids.append(s.add(name, owner, zone=where.removeprefix("bob:")))
    lib = [s.add(name, "Alice", zone="library") for name in reversed(library)][::-1]
    for name in bob_library:
        s.add(name, "Bob", zone="library")
    if mana:
        s.mana("Alice", mana)
    return s, ids, lib


def library_of(t, player: str = "Alice") -> list[int]:
    """A player's library, top first."""
    return [o.oid for o in reversed(t.state.in_zone(Zone.LIBRARY, player))]


def zone_of(t, oid: int) -> Zone:
    return t.state.obj(oid).zone


def cited(t, rule: str) -> bool:
    return any(e.rule == rule for f in t for e in f.events)


def enters(s, creature, **choices):
    """Cast a creature and resolve it and then its enters trigger, with ``choices`` for the trigger."""
    t = s.timeline()
    t.do(cast("Alice", creature))
    resolve_top(t)  # the creature spell resolves; its trigger goes on the stack (603.3)
    assert t.state.stack, "the enters trigger waits on the stack"
    resolve_top(t, **choices)
    return t


def missing(fn) -> MissingChoice:
    with pytest.raises(MissingChoice) as err:
        fn()
    return err.value


# ---------------------------------------------------------------- scry (701.22)
@pytest.mark.rule("701.22a")
@plays("scry", card_name="Opt")
def test_scry_one_then_draw_opt_puts_the_top_card_on_the_bottom():
    fully_compiled("Opt")
    s, (opt,), (top, second, third) = game(("Opt", "hand"), library=("Swamp", "Island", "Plains"), mana="U")
    t = s.timeline()
    t.do(cast("Alice", opt))
    need = missing(lambda: resolve_top(t))
    assert need.kind == "scry" and "Swamp (id" in need.reason and need.offered == [(), (top,)]
    resolve_top(t, scry=(top,))
    assert library_of(t) == [third, top] and zone_of(t, second) is Zone.HAND  # scried away, then drew the Island


@pytest.mark.rule("701.22a")
def test_scry_two_omenspeaker_keeps_both_on_top_in_the_order_chosen():
    fully_compiled("Omenspeaker")
    s, (seer,), (a, b, c) = game(("Omenspeaker", "hand"), library=("Swamp", "Island", "Plains"), mana="CU")
    t = s.timeline()
    t.do(cast("Alice", seer))
    resolve_top(t)
    need = missing(lambda: resolve_top(t, scry=()))
    assert need.kind == "top order" and "Swamp (id" in need.reason and "Island (id" in need.reason
    resolve_top(t, scry=(), top_order=(b, a))
    assert library_of(t) == [b, a, c]


@pytest.mark.rule("701.22a")
def test_scry_two_omenspeaker_both_to_the_bottom_in_order():
    s, (seer,), (a, b, c) = game(("Omenspeaker", "hand"), library=("Swamp", "Island", "Plains"), mana="CU")
    t = enters(s, seer, scry=(b, a), bottom_order=(b, a))  # the set for the bottom, in any order
    assert library_of(t) == [c, b, a]


@pytest.mark.rule("701.22a")
def test_scry_refuses_a_card_it_did_not_look_at():
    s, (seer,), (a, b, c) = game(("Omenspeaker", "hand"), library=("Swamp", "Island", "Plains"), mana="CU")
    t = s.timeline()
    t.do(cast("Alice", seer))
    resolve_top(t)
    before = t.state
    with pytest.raises(IllegalAction):
        resolve_top(t, scry=(c,))  # the Plains is third from the top: not looked at
    assert t.state == before


@pytest.mark.rule("701.22a")
def test_temple_enters_tapped_and_scries_one():
    fully_compiled("Temple of Epiphany")
    s, (temple,), (a, b) = game(("Temple of Epiphany", "hand"), library=("Swamp", "Island"))
    t = s.timeline()
    t.do(play_land("Alice", temple))
    resolve_top(t, scry=())
    assert t.state.obj(temple).tapped and library_of(t) == [a, b]


# ---------------------------------------------------------------- discard (701.9)
@pytest.mark.rule("701.9b")
@plays("target_opponent_discards", card_name="Ravenous Rats")
def test_target_opponent_discards_the_card_they_choose_ravenous_rats():
    fully_compiled("Ravenous Rats")
    s, (rats, shock, bear), _ = game(("Ravenous Rats", "hand"), ("Shock", "bob:hand"), ("Grizzly Bears", "bob:hand"),
                                     mana="CB")
    t = s.timeline()
    t.do(cast("Alice", rats))
    resolve_top(t)
    need = missing(lambda: resolve_top(t))
    assert need.kind == "discard" and need.player == "Bob" and "Shock (id" in need.reason
    resolve_top(t, discard="Grizzly Bears")  # a card's name is an answer too
    assert zone_of(t, bear) is Zone.GRAVEYARD and zone_of(t, shock) is Zone.HAND and cited(t, "701.9a")


@pytest.mark.rule("701.9a")
@plays("target_player_discards", card_name="Mind Rot")
def test_target_player_discards_two_cards_mind_rot():
    fully_compiled("Mind Rot")
    s, (rot, *bobs), _ = game(("Mind Rot", "hand"), ("Shock", "bob:hand"), ("Grizzly Bears", "bob:hand"),
                              ("Forest", "bob:hand"), mana="CCB")
    t = s.timeline()
    t.do(cast("Alice", rot, targets=("Bob",)))
    resolve_top(t, discard=[bobs[0], bobs[2]])
    assert [zone_of(t, o) for o in bobs] == [Zone.GRAVEYARD, Zone.HAND, Zone.GRAVEYARD]


@pytest.mark.rule("701.9a")
def test_discarding_two_with_one_card_in_hand_discards_it_without_a_question():
    s, (rot, shock), _ = game(("Mind Rot", "hand"), ("Shock", "bob:hand"), mana="CCB")
    t = s.timeline()
    t.do(cast("Alice", rot, targets=("Bob",)))
    resolve_top(t)
    assert zone_of(t, shock) is Zone.GRAVEYARD


@pytest.mark.rule("701.9a")
@plays("you_discard", card_name="Rotting Regisaur")
def test_at_the_beginning_of_your_upkeep_discard_a_card_rotting_regisaur():
    fully_compiled("Rotting Regisaur")
    s = Scenario("regisaur", players=["Alice", "Bob"], step="end")
    s.add("Rotting Regisaur", "Bob")
    shock, bear = s.add("Shock", "Bob", zone="hand"), s.add("Grizzly Bears", "Bob", zone="hand")
    for p in ("Alice", "Bob"):
        for _ in range(3):
            s.add("Forest", p, zone="library")
    t = s.timeline()
    while not (t.state.step is Step.UPKEEP and t.state.stack):
        t.do(pass_priority(t.state.priority))
    assert t.state.active == "Bob", "the upkeep trigger waits on the stack in Bob's upkeep (603.3)"
    resolve_top(t, discard=shock)
    assert zone_of(t, shock) is Zone.GRAVEYARD and zone_of(t, bear) is Zone.HAND


@pytest.mark.rule("701.9b")
@plays("you_discard_at_random", card_name="Goblin Lore")
def test_discard_three_at_random_goblin_lore_is_seeded():
    fully_compiled("Goblin Lore")

    def play():
        s, (lore, *_hand), _ = game(("Goblin Lore", "hand"), ("Shock", "hand"), library=("Island",) * 6, mana="CR")
        t = s.timeline()
        t.do(cast("Alice", lore))
        resolve_top(t)  # no question: the game chooses (701.9b)
        return t
    first, again = play(), play()
    assert len(first.state.in_zone(Zone.HAND, "Alice")) == 2 and cited(first, "701.9b")
    assert first.state == again.state  # the same game, the same random discards


@pytest.mark.rule("121.1")
@plays("draw_then_discard", card_name="Merfolk Looter")
def test_draw_a_card_then_discard_a_card_merfolk_looter():
    fully_compiled("Merfolk Looter")
    s, (looter, shock), (top, _) = game(("Merfolk Looter", "battlefield"), ("Shock", "hand"), library=("Island", "Swamp"))
    t = s.timeline()
    t.do(activate("Alice", looter))
    need = missing(lambda: resolve_top(t))
    assert need.kind == "discard" and "Island (id" in need.reason  # the card just drawn can be discarded
    resolve_top(t, discard=shock)
    assert zone_of(t, top) is Zone.HAND and zone_of(t, shock) is Zone.GRAVEYARD


@pytest.mark.rule("121.1")
@plays("you_also_draw", card_name="Psychic Symbiont")
def test_target_opponent_discards_and_you_draw_psychic_symbiont():
    fully_compiled("Psychic Symbiont")
    s, (symbiont, shock), (top,) = game(("Psychic Symbiont", "hand"), ("Shock", "bob:hand"), library=("Island",),
                                        mana="CCCCUB")
    t = enters(s, symbiont)
    assert zone_of(t, shock) is Zone.GRAVEYARD and zone_of(t, top) is Zone.HAND


# ---------------------------------------------------------------- the discard trigger (603.2)
@pytest.mark.rule("603.2")
@plays("discard_trigger", "that_player_loses", card_name="Fell Specter")
def test_whenever_an_opponent_discards_that_player_loses_fell_specter():
    fully_compiled("Fell Specter")
    s, (specter, shock), _ = game(("Fell Specter", "hand"), ("Shock", "bob:hand"), mana="CCCB")
    t = enters(s, specter)
    assert zone_of(t, shock) is Zone.GRAVEYARD and t.state.stack, "the discard triggers Fell Specter's other ability"
    resolve_top(t)
    assert t.state.player("Bob").life == 18


@pytest.mark.rule("603.2")
@plays("damage_to_that_player", card_name="Megrim")
def test_megrim_triggers_once_per_card_discarded():
    fully_compiled("Megrim")
    s, (_megrim, rot, *_bobs), _ = game(("Megrim", "battlefield"), ("Mind Rot", "hand"), ("Shock", "bob:hand"),
                                        ("Forest", "bob:hand"), mana="CCB")
    t = s.timeline()
    t.do(cast("Alice", rot, targets=("Bob",)))
    resolve_top(t)
    assert len(t.state.stack) == 2  # two cards discarded at once: two triggers
    resolve_top(t)
    resolve_top(t)
    assert t.state.player("Bob").life == 16


@pytest.mark.rule("514.1")
def test_megrim_hears_the_cleanup_discard_too():
    s = Scenario("megrim cleanup", players=["Alice", "Bob"], step="end")
    s.add("Megrim", "Bob")
    hand = [s.add("Forest", "Alice", zone="hand") for _ in range(8)]
    t = s.timeline()
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob", discard=hand[0]))
    assert zone_of(t, hand[0]) is Zone.GRAVEYARD and t.state.stack  # Megrim's trigger; cleanup gives priority (514.3a)
    resolve_top(t)
    assert t.state.player("Alice").life == 18


# ---------------------------------------------------------------- you may (603.5, 608.2d)
@pytest.mark.rule("603.5")
@plays("you_may", card_name="Aven Fisher")
def test_when_it_dies_you_may_draw_a_card_aven_fisher():
    fully_compiled("Aven Fisher")
    s, (fisher, murder), (top,) = game(("Aven Fisher", "battlefield"), ("Murder", "hand"), library=("Island",),
                                       mana="CBB")
    t = s.timeline()
    t.do(cast("Alice", murder, targets=(fisher,)))
    resolve_top(t)
    need = missing(lambda: resolve_top(t))
    assert need.kind == "may" and list(need.options) == ["yes", "no"] and "draw a card" in need.reason
    resolve_top(t, may="yes")
    assert zone_of(t, top) is Zone.HAND


@pytest.mark.rule("608.2d")
def test_you_may_destroy_declined_reclamation_sage():
    fully_compiled("Reclamation Sage")
    s, (sage, cane), _ = game(("Reclamation Sage", "hand"), ("Feldon's Cane", "bob:battlefield"), mana="CCG")
    t = s.timeline()
    t.do(cast("Alice", sage))
    resolve_top(t)
    t2 = s.timeline()
    t2.do(cast("Alice", sage))
    resolve_top(t2)
    resolve_top(t, may="no")
    resolve_top(t2, may="yes")
    assert zone_of(t, cane) is Zone.BATTLEFIELD and zone_of(t2, cane) is Zone.GRAVEYARD


@pytest.mark.rule("608.2d")
@plays("you_may_if_you_do", card_name="Keldon Raider")
def test_you_may_discard_if_you_do_draw_keldon_raider():
    fully_compiled("Keldon Raider")
    s, (raider, shock), (top,) = game(("Keldon Raider", "hand"), ("Shock", "hand"), library=("Island",), mana="CCRR")
    t = enters(s, raider, may="yes")  # the one card in hand is discarded without a question
    assert zone_of(t, shock) is Zone.GRAVEYARD and zone_of(t, top) is Zone.HAND


@pytest.mark.rule("608.2d")
def test_keldon_raider_with_an_empty_hand_cant_discard_so_draws_nothing():
    s, (raider,), (top,) = game(("Keldon Raider", "hand"), library=("Island",), mana="CCRR")
    t = enters(s, raider)  # "yes" is impossible, so no question is asked (608.2d)
    assert zone_of(t, top) is Zone.LIBRARY
    s, (raider,), (top,) = game(("Keldon Raider", "hand"), library=("Island",), mana="CCRR")
    with pytest.raises(IllegalAction):
        enters(s, raider, may="yes")


@pytest.mark.rule("608.2d")
@plays("you_may_have_it_deal", card_name="Goblin Arsonist")
def test_you_may_have_it_deal_damage_goblin_arsonist():
    fully_compiled("Goblin Arsonist")
    s, (arsonist, shock), _ = game(("Goblin Arsonist", "battlefield"), ("Shock", "hand"), mana="R")
    t = s.timeline()
    t.do(cast("Alice", shock, targets=(arsonist,)))
    resolve_top(t, target="Bob")  # its dies trigger goes on the stack with Bob as its target (603.3d)
    resolve_top(t, may="yes")
    assert t.state.player("Bob").life == 19


@pytest.mark.rule("608.2g")
@plays("you_may_pay_if_you_do", "card_named", "card_name", card_name="Llanowar Sentinel")
def test_you_may_pay_if_you_do_search_for_a_card_named_llanowar_sentinel():
    fully_compiled("Llanowar Sentinel")
    s, (sentinel, *_forests), (other, *_rest) = game(
        ("Llanowar Sentinel", "hand"), ("Forest", "battlefield"), ("Forest", "battlefield"),
        library=("Llanowar Sentinel", "Island", "Swamp"), mana="CCG")
    t = enters(s, sentinel, may="yes", search=other, mana_ability=[(o, 0) for o in _forests])
    assert zone_of(t, other) is Zone.BATTLEFIELD and cited(t, "701.24a")  # found, put there, library shuffled
    assert t.state.stack, "the second Sentinel's own ability triggers (chaining, its ruling)"


@pytest.mark.rule("608.2d")
def test_you_may_pay_cant_be_chosen_without_the_mana():
    s, (sentinel,), (other, *_rest) = game(("Llanowar Sentinel", "hand"), library=("Llanowar Sentinel", "Island"),
                                           mana="CCG")
    t = enters(s, sentinel)  # no mana left: "pay" is impossible, so no question
    assert zone_of(t, other) is Zone.LIBRARY


@pytest.mark.rule("400.7")
def test_you_may_return_target_creature_card_gravedigger():
    fully_compiled("Gravedigger")
    s, (digger, bear), _ = game(("Gravedigger", "hand"), ("Grizzly Bears", "graveyard"), mana="CCCB")
    t = s.timeline()
    t.do(cast("Alice", digger))
    resolve_top(t)
    resolve_top(t, may="yes")
    assert zone_of(t, bear) is Zone.HAND


# ---------------------------------------------------------------- search (701.23, 701.24)
@pytest.mark.rule("701.23b")
@plays("search", "search_it", "search_to", "basic_land_card", card_name="Rampant Growth")
def test_search_for_a_basic_land_onto_the_battlefield_tapped_rampant_growth():
    fully_compiled("Rampant Growth")
    s, (growth,), (bear, forest, island) = game(("Rampant Growth", "hand"),
                                                library=("Grizzly Bears", "Forest", "Island"), mana="CG")
    t = s.timeline()
    t.do(cast("Alice", growth))
    need = missing(lambda: resolve_top(t))
    assert need.kind == "search" and "nothing" in need.options and bear not in need.options
    assert "Forest (id" in need.reason and "Island (id" in need.reason
    resolve_top(t, search="Island")
    now = t.state.obj(island)
    assert now.zone is Zone.BATTLEFIELD and now.tapped and cited(t, "701.24a")
    assert t.state.player("Alice").lands_played == 0  # put there, not played (305.4)


@pytest.mark.rule("701.23b")
def test_rampant_growth_may_find_nothing_and_still_shuffles():
    s, (growth,), lib = game(("Rampant Growth", "hand"), library=("Forest", "Island"), mana="CG")
    t = s.timeline()
    t.do(cast("Alice", growth))
    resolve_top(t, search="nothing")
    assert sorted(library_of(t)) == sorted(lib) and cited(t, "701.24a")


@pytest.mark.rule("701.23d")
@plays("any_card", card_name="Diabolic Tutor")
def test_search_for_a_card_must_find_one_diabolic_tutor():
    fully_compiled("Diabolic Tutor")
    s, (tutor,), (a, b) = game(("Diabolic Tutor", "hand"), library=("Shock", "Island"), mana="CCBB")
    t = s.timeline()
    t.do(cast("Alice", tutor))
    need = missing(lambda: resolve_top(t))
    assert "nothing" not in need.options
    with pytest.raises(IllegalAction):
        resolve_top(t, search="nothing")
    resolve_top(t, search=b)
    assert zone_of(t, b) is Zone.HAND and zone_of(t, a) is Zone.LIBRARY


@pytest.mark.rule("701.20a")
@plays("search_reveal", "look_card", "card_quality", card_name="Sylvan Scrying")
def test_search_for_a_land_card_reveal_it_into_hand_sylvan_scrying():
    fully_compiled("Sylvan Scrying")
    s, (scrying,), (shock, island) = game(("Sylvan Scrying", "hand"), library=("Shock", "Island"), mana="CG")
    t = s.timeline()
    t.do(cast("Alice", scrying))
    resolve_top(t, search=island)
    assert zone_of(t, island) is Zone.HAND and cited(t, "701.20a") and cited(t, "701.24a")


@pytest.mark.rule("202.3")
@plays("creature_card_mana_value_at_least", card_name="Fierce Empath")
def test_search_for_a_creature_with_mana_value_6_or_greater_fierce_empath():
    fully_compiled("Fierce Empath")
    s, (empath,), (bear, wurm) = game(("Fierce Empath", "hand"), library=("Grizzly Bears", "Craw Wurm"), mana="CCG")
    t = s.timeline()
    t.do(cast("Alice", empath))
    resolve_top(t)
    need = missing(lambda: resolve_top(t, may="yes"))
    assert wurm in need.options and bear not in need.options
    resolve_top(t, may="yes", search=wurm)
    assert zone_of(t, wurm) is Zone.HAND


@pytest.mark.rule("701.23a")
@plays("search_library_and_graveyard", card_name="Chandra's Firemaw")
def test_search_library_and_or_graveyard_for_a_card_named_chandras_firemaw():
    fully_compiled("Chandra's Firemaw")
    s, (firemaw, in_yard), (in_library,) = game(("Chandra's Firemaw", "hand"), ("Chandra, Flame's Catalyst", "graveyard"),
                                                library=("Chandra, Flame's Catalyst",), mana="CCCRR")
    t = s.timeline()
    t.do(cast("Alice", firemaw))
    resolve_top(t)
    need = missing(lambda: resolve_top(t, may="yes"))
    assert need.kind == "search in" and list(need.options) == ["library", "graveyard", "library and graveyard"]
    resolve_top(t, may="yes", search_in="graveyard", search=in_yard)  # the graveyard only: no shuffle
    assert zone_of(t, in_yard) is Zone.HAND and zone_of(t, in_library) is Zone.LIBRARY and not cited(t, "701.24a")


@pytest.mark.rule("701.24a")
def test_chandras_firemaw_searching_the_library_shuffles_it():
    s, (firemaw,), (in_library,) = game(("Chandra's Firemaw", "hand"), library=("Chandra, Flame's Catalyst",),
                                        mana="CCCRR")
    t = s.timeline()
    t.do(cast("Alice", firemaw))
    resolve_top(t)
    resolve_top(t, may="yes", search_in="library and graveyard", search=in_library)
    assert zone_of(t, in_library) is Zone.HAND and cited(t, "701.24a")


@pytest.mark.rule("701.24a")
def test_a_shuffle_is_seeded_by_the_game():
    def play():
        s, (growth,), _lib = game(("Rampant Growth", "hand"), library=tuple(["Forest", "Island", "Swamp", "Plains",
                                                                              "Mountain", "Shock"]), mana="CG")
        t = s.timeline()
        t.do(cast("Alice", growth))
        resolve_top(t, search="nothing")
        return library_of(t)
    assert play() == play()


# ---------------------------------------------------------------- looking at the top cards (701.20, 401.4)
@pytest.mark.rule("701.20e")
@plays("look_and_take", "may_reveal_into_hand", card_name="Commune with Nature")
def test_look_at_five_reveal_a_creature_rest_on_bottom_commune_with_nature():
    fully_compiled("Commune with Nature")
    s, (commune,), (a, bear, c, wurm, e, f) = game(("Commune with Nature", "hand"), library=(
        "Forest", "Grizzly Bears", "Island", "Craw Wurm", "Swamp", "Plains"), mana="G")
    t = s.timeline()
    t.do(cast("Alice", commune))
    need = missing(lambda: resolve_top(t))
    assert need.kind == "pick" and set(need.options) == {bear, wurm, "nothing"}
    need = missing(lambda: resolve_top(t, pick=wurm))
    assert need.kind == "bottom order"
    resolve_top(t, pick=wurm, bottom_order=(e, c, bear, a))
    assert zone_of(t, wurm) is Zone.HAND and library_of(t) == [f, e, c, bear, a]


@pytest.mark.rule("401.4")
def test_commune_with_nature_taking_nothing_puts_all_five_on_the_bottom():
    s, (commune,), lib = game(("Commune with Nature", "hand"), library=(
        "Forest", "Grizzly Bears", "Island", "Craw Wurm", "Swamp", "Plains"), mana="G")
    t = s.timeline()
    t.do(cast("Alice", commune))
    resolve_top(t, pick="nothing", bottom_order=tuple(lib[:5]))
    assert library_of(t) == [lib[5], *lib[:5]]


@pytest.mark.rule("401.4")
def test_a_random_order_on_the_bottom_sarkhans_dragonfire_asks_no_order():
    fully_compiled("Sarkhan's Dragonfire")
    s, (fire, bear), lib = game(("Sarkhan's Dragonfire", "hand"), ("Grizzly Bears", "bob:battlefield"), library=(
        "Forest", "Shock", "Island", "Swamp", "Plains", "Mountain"), mana="CCCRR")
    t = s.timeline()
    t.do(cast("Alice", fire, targets=(bear,)))
    resolve_top(t, pick=lib[1])
    assert zone_of(t, lib[1]) is Zone.HAND and zone_of(t, bear) is Zone.GRAVEYARD
    assert library_of(t)[0] == lib[5] and set(library_of(t)[1:]) == {lib[0], *lib[2:5]}


@pytest.mark.rule("110.5b")
@plays("may_put_onto_battlefield_tapped", card_name="Elvish Rejuvenator")
def test_you_may_put_a_land_from_among_them_onto_the_battlefield_tapped_elvish_rejuvenator():
    fully_compiled("Elvish Rejuvenator")
    s, (elf,), lib = game(("Elvish Rejuvenator", "hand"), library=("Shock", "Island", "Swamp", "Plains", "Forest"),
                          mana="CCG")
    t = s.timeline()
    t.do(cast("Alice", elf))
    resolve_top(t)
    resolve_top(t, pick=lib[2])
    now = t.state.obj(lib[2])
    assert now.zone is Zone.BATTLEFIELD and now.tapped and zone_of(t, lib[0]) is Zone.LIBRARY


@pytest.mark.rule("208.1")
@plays("card_power", card_name="Militia Bugler")
def test_reveal_a_creature_card_with_power_2_or_less_militia_bugler():
    fully_compiled("Militia Bugler")
    s, (bugler,), (bear, wurm, *_rest) = game(("Militia Bugler", "hand"), library=("Grizzly Bears", "Craw Wurm",
                                                                                   "Island", "Swamp"), mana="CCW")
    t = s.timeline()
    t.do(cast("Alice", bugler))
    resolve_top(t)
    need = missing(lambda: resolve_top(t))
    assert bear in need.options and wurm not in need.options  # a 6/4 has power 6
    resolve_top(t, pick=bear)
    assert zone_of(t, bear) is Zone.HAND


@pytest.mark.rule("401.4")
@plays("look_and_put_into_hand", "look_count", card_name="Anticipate")
def test_put_one_of_them_into_your_hand_and_the_rest_on_the_bottom_anticipate():
    fully_compiled("Anticipate")
    s, (spell,), (a, b, c, d) = game(("Anticipate", "hand"), library=("Shock", "Island", "Swamp", "Forest"), mana="CU")
    t = s.timeline()
    t.do(cast("Alice", spell))
    resolve_top(t, pick=b, bottom_order=(c, a))
    assert zone_of(t, b) is Zone.HAND and library_of(t) == [d, c, a]


@pytest.mark.rule("401.4")
def test_put_two_of_them_into_your_hand_drawn_from_dreams():
    fully_compiled("Drawn from Dreams")
    s, (spell,), lib = game(("Drawn from Dreams", "hand"), library=("Shock", "Island", "Swamp", "Forest", "Plains",
                                                                     "Mountain", "Grizzly Bears", "Craw Wurm"),
                            mana="CCUU")
    t = s.timeline()
    t.do(cast("Alice", spell))
    resolve_top(t, pick=[lib[0], lib[6]])
    assert zone_of(t, lib[0]) is Zone.HAND and zone_of(t, lib[6]) is Zone.HAND
    assert library_of(t)[0] == lib[7] and len(library_of(t)) == 6


@pytest.mark.rule("401.4")
@plays("look_and_put_back", card_name="Sage Owl")
def test_look_at_the_top_four_then_put_them_back_in_any_order_sage_owl():
    fully_compiled("Sage Owl")
    s, (owl,), (a, b, c, d) = game(("Sage Owl", "hand"), library=("Shock", "Island", "Swamp", "Forest"), mana="CU")
    t = enters(s, owl, top_order=(d, c, b, a))
    assert library_of(t) == [d, c, b, a]


@pytest.mark.rule("701.20a")
@plays("look_at_top_card_may_take", card_name="Dryad Greenseeker")
def test_look_at_the_top_card_if_land_you_may_take_it_dryad_greenseeker():
    fully_compiled("Dryad Greenseeker")
    s, (dryad,), (island,) = game(("Dryad Greenseeker", "battlefield"), library=("Island",))
    t = s.timeline()
    t.do(activate("Alice", dryad))
    resolve_top(t, may="yes")
    assert zone_of(t, island) is Zone.HAND
    s, (dryad,), (shock,) = game(("Dryad Greenseeker", "battlefield"), library=("Shock",))
    t = s.timeline()
    t.do(activate("Alice", dryad))
    resolve_top(t)  # not a land: no question, it stays
    assert zone_of(t, shock) is Zone.LIBRARY


@pytest.mark.rule("701.20a")
@plays("reveal_and_take_all", card_name="Goblin Ringleader")
def test_reveal_the_top_four_put_all_goblins_into_hand_goblin_ringleader():
    fully_compiled("Goblin Ringleader")
    s, (leader,), (a, piker, c, d, e) = game(("Goblin Ringleader", "hand"), library=(
        "Island", "Goblin Piker", "Swamp", "Forest", "Plains"), mana="CCCR")
    t = enters(s, leader, bottom_order=(d, c, a))
    assert zone_of(t, piker) is Zone.HAND and library_of(t) == [e, d, c, a]


# ---------------------------------------------------------------- returns from a graveyard (400.7, 110.2a)
@pytest.mark.rule("110.2a")
@plays("reanimate", card_name="Rise Again")
def test_return_target_creature_card_to_the_battlefield_rise_again():
    fully_compiled("Rise Again")
    s, (spell, wurm), _ = game(("Rise Again", "hand"), ("Craw Wurm", "graveyard"), mana="CCCCB")
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(wurm,)))
    resolve_top(t)
    now = t.state.obj(wurm)
    assert now.zone is Zone.BATTLEFIELD and now.controller == "Alice" and not now.tapped


@pytest.mark.rule("110.5b")
@plays("reanimate_tapped", card_name="Gravewaker")
def test_return_to_the_battlefield_tapped_gravewaker():
    fully_compiled("Gravewaker")
    s, (waker, bear), _ = game(("Gravewaker", "battlefield"), ("Grizzly Bears", "graveyard"), mana="CCCCCBB")
    t = s.timeline()
    t.do(activate("Alice", waker, targets=(bear,)))
    resolve_top(t)
    assert t.state.obj(bear).zone is Zone.BATTLEFIELD and t.state.obj(bear).tapped


@pytest.mark.rule("400.7")
@plays("raise_dead_more", card_name="Cavalier of Dawn")
def test_return_target_artifact_or_enchantment_card_cavalier_of_dawn():
    line_played("Cavalier of Dawn", "When Cavalier of Dawn dies")
    s, (cavalier, murder, cane, bear), _ = game(("Cavalier of Dawn", "battlefield"), ("Murder", "hand"),
                                               ("Feldon's Cane", "graveyard"), ("Grizzly Bears", "graveyard"),
                                               mana="CBB")
    t = s.timeline()
    t.do(cast("Alice", murder, targets=(cavalier,)))
    resolve_top(t)
    resolve_top(t)
    assert zone_of(t, cane) is Zone.HAND and zone_of(t, bear) is Zone.GRAVEYARD


@pytest.mark.rule("400.3")
@plays("return_from_a_graveyard", card_name="Pulse of Murasa")
def test_return_target_creature_card_from_a_graveyard_to_its_owners_hand_pulse_of_murasa():
    fully_compiled("Pulse of Murasa")
    s, (pulse, bear), _ = game(("Pulse of Murasa", "hand"), ("Grizzly Bears", "bob:graveyard"), mana="CCG")
    t = s.timeline()
    t.do(cast("Alice", pulse, targets=(bear,)))
    resolve_top(t)
    assert t.state.obj(bear).zone is Zone.HAND and t.state.obj(bear).zone_player == "Bob"
    assert t.state.player("Alice").life == 26


@pytest.mark.rule("406.2")
@plays("exile_from_a_graveyard", card_name="Boneclad Necromancer")
def test_you_may_exile_target_creature_card_if_you_do_create_a_zombie_boneclad_necromancer():
    fully_compiled("Boneclad Necromancer")
    s, (necro, bear), _ = game(("Boneclad Necromancer", "hand"), ("Grizzly Bears", "bob:graveyard"), mana="CCCBB")
    t = enters(s, necro, may="yes")
    assert zone_of(t, bear) is Zone.EXILE
    assert any(o.card.startswith("Zombie Token") for o in t.state.battlefield("Alice"))
    s, (necro, bear), _ = game(("Boneclad Necromancer", "hand"), ("Grizzly Bears", "bob:graveyard"), mana="CCCBB")
    t = enters(s, necro, may="no")
    assert zone_of(t, bear) is Zone.GRAVEYARD and not any(o.card.startswith("Zombie") for o in t.state.battlefield())


# ---------------------------------------------------------------- whole cards, several templates
@pytest.mark.rule("701.23b")
def test_solemn_simulacrum_searches_as_it_enters_and_draws_as_it_dies():
    fully_compiled("Solemn Simulacrum")
    s, (solemn, murder), (forest, island) = game(("Solemn Simulacrum", "hand"), ("Murder", "hand"),
                                                 library=("Forest", "Island"), mana="CCCCCBB")
    t = s.timeline()
    t.do(cast("Alice", solemn, pay="CCCC"))
    resolve_top(t)
    resolve_top(t, may="yes", search=forest)
    assert t.state.obj(forest).zone is Zone.BATTLEFIELD and t.state.obj(forest).tapped
    t.do(cast("Alice", murder, targets=(solemn,)))
    resolve_top(t)
    resolve_top(t, may="yes")
    assert zone_of(t, island) is Zone.HAND


def test_legal_actions_offer_each_answer_of_a_scry():
    s, (seer,), _ = game(("Omenspeaker", "hand"), library=("Swamp", "Island", "Plains"), mana="CU")
    t = s.timeline()
    t.do(cast("Alice", seer))
    resolve_top(t)
    t.do(next(a for a in legal_actions(t.state) if type(a).__name__ == "PassPriority"))
    passes = [a for a in legal_actions(t.state) if type(a).__name__ == "PassPriority"]
    answers = {dict(a.choices).get("scry") for a in passes}
    assert len(answers) == 4  # neither, either one or both to the bottom


def test_a_scried_card_keeps_its_characteristics():
    s, (seer,), (a, *_rest) = game(("Omenspeaker", "hand"), library=("Grizzly Bears", "Island"), mana="CU")
    t = enters(s, seer, scry=(a,))
    assert characteristics(t.state, a).name == "Grizzly Bears" and library_of(t)[-1] == a


# ---------------------------------------------------------------- several cards at once
@pytest.mark.rule("701.23b")
@plays("cultivate", card_name="Cultivate")
def test_cultivate_one_land_onto_the_battlefield_tapped_the_other_into_hand():
    fully_compiled("Cultivate")
    s, (spell,), (forest, bear, island) = game(("Cultivate", "hand"), library=("Forest", "Grizzly Bears", "Island"),
                                               mana="CCG")
    t = s.timeline()
    t.do(cast("Alice", spell))
    need = missing(lambda: resolve_top(t, search=[forest, island]))
    assert need.kind == "pick" and set(need.options) == {forest, island}
    resolve_top(t, search=[forest, island], pick=island)
    assert t.state.obj(island).zone is Zone.BATTLEFIELD and t.state.obj(island).tapped
    assert zone_of(t, forest) is Zone.HAND and zone_of(t, bear) is Zone.LIBRARY and cited(t, "701.24a")


@pytest.mark.rule("701.23b")
def test_cultivate_finding_one_land_puts_it_onto_the_battlefield():
    s, (spell,), (forest, island) = game(("Cultivate", "hand"), library=("Forest", "Island"), mana="CCG")
    t = s.timeline()
    t.do(cast("Alice", spell))
    resolve_top(t, search=[forest, "nothing"])  # the ruling: one found goes onto the battlefield tapped
    assert t.state.obj(forest).zone is Zone.BATTLEFIELD and zone_of(t, island) is Zone.LIBRARY


@pytest.mark.rule("701.23a")
@plays("two_creatures_with_different_names", card_name="Shared Summons")
def test_up_to_two_creature_cards_with_different_names_shared_summons():
    fully_compiled("Shared Summons")
    s, (spell,), (bear, bear2, wurm) = game(("Shared Summons", "hand"), library=("Grizzly Bears", "Grizzly Bears",
                                                                                  "Craw Wurm"), mana="CCCGG")
    t = s.timeline()
    t.do(cast("Alice", spell))
    need = missing(lambda: resolve_top(t, search=[bear]))
    assert bear2 not in need.options and wurm in need.options  # a different name
    resolve_top(t, search=[bear, wurm])
    assert zone_of(t, bear) is Zone.HAND and zone_of(t, wurm) is Zone.HAND and zone_of(t, bear2) is Zone.LIBRARY


@pytest.mark.rule("701.23b")
@plays("any_number_named", card_name="Battalion Foot Soldier")
def test_any_number_of_cards_named_battalion_foot_soldier():
    fully_compiled("Battalion Foot Soldier")
    s, (soldier,), (a, b, c) = game(("Battalion Foot Soldier", "hand"), library=(
        "Battalion Foot Soldier", "Island", "Battalion Foot Soldier"), mana="CCW")
    t = enters(s, soldier, may="yes", search=[a, c])
    assert zone_of(t, a) is Zone.HAND and zone_of(t, c) is Zone.HAND and zone_of(t, b) is Zone.LIBRARY


@pytest.mark.rule("401.4")
@plays("telling_time", card_name="Telling Time")
def test_one_into_hand_one_on_top_one_on_the_bottom_telling_time():
    fully_compiled("Telling Time")
    s, (spell,), (a, b, c, d) = game(("Telling Time", "hand"), library=("Shock", "Island", "Swamp", "Forest"), mana="CU")
    t = s.timeline()
    t.do(cast("Alice", spell))
    resolve_top(t, pick=[b, c])  # b into the hand, c on top, a on the bottom
    assert zone_of(t, b) is Zone.HAND and library_of(t) == [c, d, a]


@pytest.mark.rule("701.22a")
@plays("scry_then_reveal", card_name="Track Down")
def test_scry_three_then_reveal_the_top_card_and_draw_it_if_a_creature_track_down():
    fully_compiled("Track Down")
    s, (spell,), (shock, bear, island, wurm) = game(("Track Down", "hand"), library=("Shock", "Grizzly Bears",
                                                                                     "Island", "Craw Wurm"), mana="CG")
    t = s.timeline()
    t.do(cast("Alice", spell))
    resolve_top(t, scry=(shock,), top_order=(bear, island))
    assert zone_of(t, bear) is Zone.HAND and library_of(t) == [island, wurm, shock]


# ---------------------------------------------------------------- a permanent put into its owner's library
@pytest.mark.rule("400.3")
@plays("put_into_library", "put_on_top_of_library", card_name="Totally Lost")
def test_put_target_nonland_permanent_on_top_of_its_owners_library_totally_lost():
    fully_compiled("Totally Lost")
    s, (spell, bear), _ = game(("Totally Lost", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CCCCU")
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(bear,)))
    resolve_top(t)
    assert library_of(t, "Bob")[0] == bear and t.state.obj(bear).zone_player == "Bob"


@pytest.mark.rule("401.4")
@plays("put_on_bottom_of_library", card_name="Eternal Isolation")
def test_put_target_creature_on_the_bottom_of_its_owners_library_eternal_isolation():
    fully_compiled("Eternal Isolation")
    s, (spell, wurm, bear), _ = game(("Eternal Isolation", "hand"), ("Craw Wurm", "bob:battlefield"),
                                     ("Grizzly Bears", "bob:battlefield"), mana="CW")
    t = s.timeline()
    with pytest.raises(IllegalAction):  # power 2 is less than 4
        t.do(cast("Alice", spell, targets=(bear,)))
    t.do(cast("Alice", spell, targets=(wurm,)))
    resolve_top(t)
    assert library_of(t, "Bob")[-1] == wurm and len(library_of(t, "Bob")) == 4
