"""Back-references and lines of several sentences, played by real cards from the kit's sets.

Each template of the grammar's section "references" has a card here (the meta-test of
``test_oracle_templates`` counts them): Angelic Ascension and Condemn for "its controller"
(608.2c, 608.2h, 111.2), Seasoned Hallowblade for "Tap ~. It gains ..." (611.2c), Tormod's Crypt
for exiling a graveyard (406.2), Phyrexian Rager for "you draw a card and you lose 1 life" (119.3).
"""

from __future__ import annotations

import pytest
from combat_support import pass_until
from test_oracle_templates import board, cast_and_resolve, cited, fully_compiled, line_played, plays

from mtgrules import Step, activate, cast, characteristics, declare_attackers
from mtgrules.cards.oracle.compiler import parse_line
from mtgrules.core.errors import IllegalAction, MissingChoice
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def tokens_of(state, player: str) -> list:
    return [o for o in state.objects if o.zone is Zone.BATTLEFIELD and o.is_token and o.controller == player]


# ---------------------------------------------------------------- "its controller" (608.2c, 608.2h)
@pytest.mark.rule("111.2")
@plays("then_its_controller", "its_controller_creates", card_name="Angelic Ascension")
def test_angelic_ascension_exiles_bobs_creature_and_bob_creates_the_angel():
    fully_compiled("Angelic Ascension")
    s, (spell, bear) = board(("Angelic Ascension", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CW")
    t = cast_and_resolve(s, spell, targets=(bear,))
    assert [o.card for o in t.state.in_zone(Zone.EXILE)] == ["Grizzly Bears"]
    (angel,) = tokens_of(t.state, "Bob")  # its controller creates it, so Bob owns and controls it (111.2)
    assert angel.owner == "Bob" and not tokens_of(t.state, "Alice")
    chars = characteristics(t.state, angel.oid)
    assert chars.pt() == "4/4" and chars.colors == frozenset({"white"}) and Keyword.FLYING in chars.keywords


@pytest.mark.rule("608.2h")
@plays("its_controller_gains_its", card_name="Condemn")
def test_condemn_gives_life_equal_to_the_toughness_the_attacker_last_had():
    """The creature is on the bottom of the library when its toughness is read: the toughness it
    had as it last existed on the battlefield counts, +3/+3 until end of turn included (608.2h)."""
    fully_compiled("Condemn")
    s, (bear, growth, condemn, forest, plains) = board(
        ("Grizzly Bears", "battlefield"), ("Giant Growth", "hand"), ("Condemn", "hand"), ("Forest", "battlefield"),
        ("Plains", "battlefield"), step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bear]))
    t.do(activate("Alice", forest))
    t.do(activate("Alice", plains))
    t.do(cast("Alice", growth, targets=(bear,)))
    resolve_top(t)
    assert characteristics(t.state, bear).pt() == "5/5"
    t.do(cast("Alice", condemn, targets=(bear,)))
    resolve_top(t)
    library = t.state.in_zone(Zone.LIBRARY, "Alice")
    assert library[0].card == "Grizzly Bears"  # on the bottom (401.4): first in the kit's order, the top last
    assert t.state.player("Alice").life == 25


@pytest.mark.rule("608.2c")
def test_condemn_can_target_only_an_attacking_creature():
    fully_compiled("Condemn")
    s, (bear, condemn) = board(("Grizzly Bears", "bob:battlefield"), ("Condemn", "hand"), mana="W")
    with pytest.raises(IllegalAction):
        s.timeline().do(cast("Alice", condemn, targets=(bear,)))


@pytest.mark.rule("119.3")
@plays("its_controller_loses", card_name="Liliana, Death Mage")
def test_liliana_death_mage_destroys_a_creature_and_its_controller_loses_two():
    line_played("Liliana, Death Mage", "[−3]")
    s, (lili, bear) = board(("Liliana, Death Mage", "battlefield"), ("Grizzly Bears", "bob:battlefield"))
    t = s.timeline()
    t.do(activate("Alice", lili, "[−3]", targets=(bear,)))
    resolve_top(t)
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Grizzly Bears"]
    assert t.state.player("Bob").life == 18 and t.state.player("Alice").life == 20


@pytest.mark.rule("119.3")
@plays("its_controller_gains", card_name="Ajani, Inspiring Leader")
def test_ajani_inspiring_leader_exiles_a_creature_and_its_controller_gains_two():
    line_played("Ajani, Inspiring Leader", "[−3]")
    s, (ajani, bear) = board(("Ajani, Inspiring Leader", "battlefield"), ("Grizzly Bears", "bob:battlefield"))
    t = s.timeline()
    t.do(activate("Alice", ajani, "[−3]", targets=(bear,)))
    resolve_top(t)
    assert [o.card for o in t.state.in_zone(Zone.EXILE)] == ["Grizzly Bears"]
    assert t.state.player("Bob").life == 22 and t.state.player("Alice").life == 20


@pytest.mark.rule("608.2c")
def test_its_controller_after_a_sentence_without_one_target_object_is_not_played():
    """"Its controller" names one object's controller; after "any target" (a player too) it is
    marked not played, never guessed at."""
    from mtgrules.cards.oracle.build import CannotBuild, spell_ability
    ir = parse_line("Shock deals 2 damage to any target. Its controller gains 2 life.", "Shock")
    with pytest.raises(CannotBuild):
        spell_ability(ir[1])


# ---------------------------------------------------------------- "it" (611.2c)
@pytest.mark.rule("611.2c")
@plays("then_it_gains", "tap_self", card_name="Seasoned Hallowblade")
def test_seasoned_hallowblade_taps_itself_and_gains_indestructible():
    fully_compiled("Seasoned Hallowblade")
    s, (blade, card_) = board(("Seasoned Hallowblade", "battlefield"), ("Shock", "hand"))
    t = s.timeline()
    t.do(activate("Alice", blade))
    assert t.state.obj(card_).zone is Zone.GRAVEYARD  # the cost: a card discarded (602.2b)
    resolve_top(t)
    now = t.state.obj(blade)
    assert now.tapped and Keyword.INDESTRUCTIBLE in characteristics(t.state, blade).keywords


# ---------------------------------------------------------------- graveyards (406.2)
@pytest.mark.rule("406.2")
@plays("exile_target_graveyard", card_name="Tormod's Crypt")
def test_tormods_crypt_exiles_the_target_players_whole_graveyard():
    fully_compiled("Tormod's Crypt")
    s, (crypt, mine, theirs, theirs2) = board(("Tormod's Crypt", "battlefield"), ("Shock", "graveyard"),
                                              ("Grizzly Bears", "bob:graveyard"), ("Shock", "bob:graveyard"))
    t = s.timeline()
    t.do(activate("Alice", crypt, targets=("Bob",)))
    resolve_top(t)
    assert not t.state.in_zone(Zone.GRAVEYARD, "Bob")
    assert sorted(o.card for o in t.state.in_zone(Zone.EXILE)) == ["Grizzly Bears", "Shock"]
    assert sorted(o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Alice")) == ["Shock", "Tormod's Crypt"]


# ---------------------------------------------------------------- "you lose N life" (119.3)
@pytest.mark.rule("119.3")
@plays("you_lose", card_name="Phyrexian Rager")
def test_phyrexian_rager_draws_a_card_and_loses_one_life():
    fully_compiled("Phyrexian Rager")
    s, (rager,) = board(("Phyrexian Rager", "hand"), mana="CCB")
    t = cast_and_resolve(s, rager)
    resolve_top(t)
    assert t.state.player("Alice").life == 19 and len(t.state.in_zone(Zone.HAND, "Alice")) == 1


# ---------------------------------------------------------------- a player's hand (701.20, 701.9b)
@pytest.mark.rule("701.9b")
@plays("reveal_choose_discard", "hand_player", "hand_card", "hand_kinds", card_name="Duress")
def test_duress_alice_chooses_a_noncreature_nonland_card_and_bob_discards_it():
    fully_compiled("Duress")
    s, (duress, bear, forest, shock, growth) = board(("Duress", "hand"), ("Grizzly Bears", "bob:hand"),
                                                     ("Forest", "bob:hand"), ("Shock", "bob:hand"),
                                                     ("Giant Growth", "bob:hand"), mana="B")
    t = s.timeline()
    t.do(cast("Alice", duress, targets=("Bob",)))
    with pytest.raises(MissingChoice) as need:  # Alice chooses, among the cards that qualify (608.2d)
        resolve_top(t)
    assert need.value.kind == "pick" and sorted(need.value.options) == sorted([shock, growth])
    with pytest.raises(IllegalAction):  # a creature card isn't "a noncreature, nonland card"
        resolve_top(t, pick=bear)
    resolve_top(t, pick=shock)
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Shock"]
    assert sorted(o.card for o in t.state.in_zone(Zone.HAND, "Bob")) == ["Forest", "Giant Growth", "Grizzly Bears"]
    assert cited(t, "701.20a")


@pytest.mark.rule("701.20e")
@plays("look_choose_discard", card_name="Thrull Surgeon")
def test_thrull_surgeon_looks_at_bobs_hand_and_alice_chooses_any_card():
    fully_compiled("Thrull Surgeon")
    s, (surgeon, bear, forest) = board(("Thrull Surgeon", "battlefield"), ("Grizzly Bears", "bob:hand"),
                                       ("Forest", "bob:hand"), mana="CB")
    t = s.timeline()
    t.do(activate("Alice", surgeon, targets=("Bob",)))
    resolve_top(t, pick=forest)  # any card: a land too
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Forest"] and cited(t, "701.20e")


@pytest.mark.rule("701.20e")
@plays("look_at_hand", card_name="Peek")
def test_peek_looks_at_bobs_hand_changes_nothing_there_and_draws():
    fully_compiled("Peek")
    s, (peek, bear) = board(("Peek", "hand"), ("Grizzly Bears", "bob:hand"), mana="U")
    t = cast_and_resolve(s, peek, targets=("Bob",))
    assert [o.card for o in t.state.in_zone(Zone.HAND, "Bob")] == ["Grizzly Bears"] and cited(t, "701.20e")
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 1  # "Draw a card." (121.1)


@pytest.mark.rule("406.2")
@plays("reveal_exile_all", card_name="Thought Distortion")
def test_thought_distortion_exiles_bobs_noncreature_nonland_cards_from_hand_and_graveyard():
    fully_compiled("Thought Distortion")
    s, (spell, bear, shock, forest, shock2) = board(
        ("Thought Distortion", "hand"), ("Grizzly Bears", "bob:hand"), ("Shock", "bob:hand"), ("Forest", "bob:graveyard"),
        ("Shock", "bob:graveyard"), mana="CCCCBB")
    t = cast_and_resolve(s, spell, targets=("Bob",))
    assert sorted(o.card for o in t.state.in_zone(Zone.EXILE)) == ["Shock", "Shock"]
    assert [o.card for o in t.state.in_zone(Zone.HAND, "Bob")] == ["Grizzly Bears"]
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Forest"]


# ---------------------------------------------------------------- losing an ability, shuffling (613.1f, 701.24)
@pytest.mark.rule("613.1f")
@plays("then_that_loses", card_name="Soul Sear")
def test_soul_sear_takes_indestructible_away_so_the_damage_destroys_brash_taunter():
    """The 5 damage is marked, then the creature loses indestructible; as state-based actions are
    checked after the spell resolves, lethal damage destroys it (704.5g, 702.12b)."""
    fully_compiled("Soul Sear")
    s, (sear, taunter) = board(("Soul Sear", "hand"), ("Brash Taunter", "bob:battlefield"), mana="CCR")
    assert Keyword.INDESTRUCTIBLE in characteristics(s.state(), taunter).keywords
    t = cast_and_resolve(s, sear, targets=(taunter,))
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Brash Taunter"]


@pytest.mark.rule("701.24a")
@plays("shuffle_graveyard_into_library", card_name="Reminisce")
def test_reminisce_shuffles_bobs_graveyard_into_his_library():
    fully_compiled("Reminisce")
    s, (spell, bear, shock) = board(("Reminisce", "hand"), ("Grizzly Bears", "bob:graveyard"), ("Shock", "bob:graveyard"),
                                    mana="CCU")
    t = cast_and_resolve(s, spell, targets=("Bob",))
    assert not t.state.in_zone(Zone.GRAVEYARD, "Bob")
    library = sorted(o.card for o in t.state.in_zone(Zone.LIBRARY, "Bob"))
    assert library == sorted(["Forest"] * 5 + ["Grizzly Bears", "Shock"]) and cited(t, "701.24a")
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Alice")] == ["Reminisce"]  # the spell itself (608.2n)


@pytest.mark.rule("608.2n")
@plays("shuffle_self_into_library", card_name="Beacon of Destruction")
def test_beacon_of_destruction_deals_five_and_shuffles_itself_into_the_library_not_the_graveyard():
    fully_compiled("Beacon of Destruction")
    s, (beacon,) = board(("Beacon of Destruction", "hand"), mana="CCCRR")
    t = cast_and_resolve(s, beacon, targets=("Bob",))
    assert t.state.player("Bob").life == 15
    assert not t.state.in_zone(Zone.GRAVEYARD, "Alice")
    assert "Beacon of Destruction" in [o.card for o in t.state.in_zone(Zone.LIBRARY, "Alice")]
    assert len(t.state.in_zone(Zone.LIBRARY, "Alice")) == 6


# ---------------------------------------------------------------- each player, each opponent (101.4)
@pytest.mark.rule("701.9b")
@plays("each_opponent_discards", "each_player_loses", card_name="Bad Deal")
def test_bad_deal_alice_draws_two_bob_discards_two_of_his_choice_and_both_lose_two():
    fully_compiled("Bad Deal")
    s, (deal, bear, shock, forest) = board(("Bad Deal", "hand"), ("Grizzly Bears", "bob:hand"), ("Shock", "bob:hand"),
                                           ("Forest", "bob:hand"), mana="CCCCBB")
    t = s.timeline()
    t.do(cast("Alice", deal))
    with pytest.raises(MissingChoice) as need:  # Bob chooses his own cards (701.9b)
        resolve_top(t)
    assert need.value.kind == "discard" and need.value.player == "Bob"
    resolve_top(t, discard=[bear, forest])
    assert sorted(o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")) == ["Forest", "Grizzly Bears"]
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 2
    assert t.state.player("Alice").life == 18 and t.state.player("Bob").life == 18  # each player, Alice too (119.3)


# ---------------------------------------------------------------- "if it was a creature card" (608.2c)
@pytest.mark.rule("608.2c")
@plays("then_if_it_was", card_name="Scavenging Ooze")
def test_scavenging_ooze_grows_and_gains_life_only_for_a_creature_card():
    fully_compiled("Scavenging Ooze")
    s, (ooze, bear, shock) = board(("Scavenging Ooze", "battlefield"), ("Grizzly Bears", "bob:graveyard"),
                                   ("Shock", "bob:graveyard"), mana="GG")
    t = s.timeline()
    t.do(activate("Alice", ooze, targets=(shock,)))
    resolve_top(t)  # an instant card: exiled, and nothing more
    assert t.state.obj(ooze).counter("+1/+1") == 0 and t.state.player("Alice").life == 20
    t.do(activate("Alice", ooze, targets=(bear,)))
    resolve_top(t)
    assert sorted(o.card for o in t.state.in_zone(Zone.EXILE)) == ["Grizzly Bears", "Shock"]
    assert t.state.obj(ooze).counter("+1/+1") == 1 and t.state.player("Alice").life == 21


@pytest.mark.rule("608.2h")
@plays("then_it_gets_for_each_named", card_name="Growth Cycle")
def test_growth_cycle_counts_the_growth_cycles_in_the_graveyard_as_it_resolves():
    """Two in the graveyard: +3/+3 and an additional 2 x +2/+2. The resolving one is on the stack,
    not in the graveyard, so it doesn't count itself (608.2n comes last)."""
    fully_compiled("Growth Cycle")
    s, (cycle, bear, _a, _b) = board(("Growth Cycle", "hand"), ("Grizzly Bears", "battlefield"),
                                     ("Growth Cycle", "graveyard"), ("Growth Cycle", "graveyard"), mana="CG")
    t = cast_and_resolve(s, cycle, targets=(bear,))
    assert characteristics(t.state, bear).pt() == "9/9"
    s2, (cycle2, bear2) = board(("Growth Cycle", "hand"), ("Grizzly Bears", "battlefield"), mana="CG")
    t2 = cast_and_resolve(s2, cycle2, targets=(bear2,))
    assert characteristics(t2.state, bear2).pt() == "5/5"


# ---------------------------------------------------------------- "when ~ dies, return it" (400.7e)
@pytest.mark.rule("400.7e")
@plays("dies_return_it_to_hand", card_name="Immortal Phoenix")
def test_immortal_phoenix_returns_from_the_graveyard_to_its_owners_hand():
    fully_compiled("Immortal Phoenix")
    s, (murder, phoenix) = board(("Murder", "hand"), ("Immortal Phoenix", "bob:battlefield"), mana="CBB")
    t = cast_and_resolve(s, murder, targets=(phoenix,))
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Immortal Phoenix"]
    resolve_top(t)  # its dies trigger finds the card it became in the graveyard
    assert [o.card for o in t.state.in_zone(Zone.HAND, "Bob")] == ["Immortal Phoenix"]
    assert not t.state.in_zone(Zone.GRAVEYARD, "Bob")


@pytest.mark.rule("400.7")
def test_immortal_phoenix_exiled_from_the_graveyard_first_stays_in_exile():
    """Scavenging Ooze exiles the card while the dies trigger waits: in exile it is a new object
    again, which the trigger can't find (400.7), so nothing returns."""
    s, (murder, phoenix, ooze, forest) = board(("Murder", "hand"), ("Immortal Phoenix", "bob:battlefield"),
                                               ("Scavenging Ooze", "battlefield"), ("Forest", "battlefield"), mana="CBB")
    t = s.timeline()
    t.do(cast("Alice", murder, targets=(phoenix,)))
    resolve_top(t)
    assert t.state.stack  # the dies trigger
    t.do(activate("Alice", forest))
    t.do(activate("Alice", ooze, targets=(phoenix,)))
    resolve_top(t)  # the Ooze's ability: Phoenix exiled
    resolve_top(t)  # the dies trigger
    assert [o.card for o in t.state.in_zone(Zone.EXILE)] == ["Immortal Phoenix"]
    assert not t.state.in_zone(Zone.HAND, "Bob")
