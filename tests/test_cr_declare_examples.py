"""Attack and block declarations, targets and Auras, checked against the Comprehensive Rules
(2026-01-16 text).

An independent review: one scenario per rule of 508.1 (who may attack, restrictions,
requirements, tapping), 508.8 (no attackers: no blockers or damage steps), 509.1 (who may block,
restrictions, requirements maximised, becoming blocked), 115 (targets), 702.11b (hexproof),
608.2b / 608.3b-c (resolving with targets; an Aura spell) and 303.4 / 704.5m (Auras), including
the worked examples under 508.1d and 509.1c where the kit's cards can express them. Each test
checks which declarations are legal, what a refusal cites, and that the cited rule says it.

Made-up cards ("CR ...") are registered here when no pool card has what a rule needs.
"""

from __future__ import annotations

from combat_support import pass_until, refuse

from mtgrules import (
    Scenario,
    Step,
    activate,
    apply,
    cast,
    declare_attackers,
    declare_blockers,
    legal_actions,
    legal_blocks,
    pass_priority,
    why_cant_attack,
    why_cant_block,
)
from mtgrules.cards import CardDef, Effect, register
from mtgrules.cards.builders import creature_target
from mtgrules.core.abilities import Enchant
from mtgrules.core.keywords import Keyword as K
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.combat.declare import DeclareAttackers, DeclareBlockers

C = frozenset({"Creature"})


def _shield(res, item) -> None:
    for obj in res.targets():
        eff = Effect("6", "CR Shield: hexproof until end of turn", "702.11b", item.source.oid,
                     res.d.new_timestamp(), affected=(obj.ref,), add_keywords=frozenset({K.HEXPROOF}),
                     until_end_of_turn=True)
        res.d.set_scalar("702.11b", effects=res.d.effects + (eff,))


register(
    CardDef("CR Shield", "{G}", frozenset({"Instant"}), oracle="Target creature gains hexproof until end of turn.",
            spell=_shield, spell_target=creature_target(), source="CR test card (not a real card)"),
    CardDef("CR Forest Dryad", "", frozenset({"Land", "Creature"}), frozenset({"Forest", "Dryad"}),
            power=1, toughness=1, source="CR test card (not a real card): a Forest that is a creature"),
    CardDef("CR Hexproof Forest", "", frozenset({"Land"}), frozenset({"Forest"}), oracle="Hexproof",
            keywords=frozenset({K.HEXPROOF}), source="CR test card (not a real card)"),
    CardDef("CR Blocker", "{2}", C, power=2, toughness=2, keywords=frozenset({K.BLOCKS_EACH_COMBAT}),
            oracle="This creature blocks each combat if able.", source="CR test card (not a real card)"),
    CardDef("CR Eager Wall", "{2}", C, power=0, toughness=4,
            keywords=frozenset({K.DEFENDER, K.ATTACKS_EACH_COMBAT}),
            oracle="Defender\nThis creature attacks each combat if able.", source="CR test card (not a real card)"),
    CardDef("CR Lure", "{2}", C, power=2, toughness=2, keywords=frozenset({K.MUST_BE_BLOCKED}),
            oracle="This creature must be blocked if able.", source="CR test card (not a real card)"),
    CardDef("CR Bond", "{W}", frozenset({"Enchantment"}), frozenset({"Aura"}), oracle="Enchant creature",
            abilities=(Enchant("Enchant creature", creature_target("a creature")),),
            source="CR test card (not a real card)"),
)


def combat_board(players=("Alice", "Bob")) -> Scenario:
    return Scenario("declarations", players=list(players), active="Alice", step="main1")


def at_attacks(s: Scenario):
    return pass_until(s.timeline(), Step.DECLARE_ATTACKERS)


def at_blocks(s: Scenario, attacks):
    t = at_attacks(s)
    t.do(declare_attackers("Alice", attacks))
    return pass_until(t, Step.DECLARE_BLOCKERS)


def offered(state, kind):
    return [a for a in legal_actions(state) if isinstance(a, kind)]


# ================================================================ 508.1a: who can attack
def test_508_1a_tapped_creature_cant_attack():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", tapped=True)
    other = s.add("Grizzly Bears", "Alice")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [bears]), "508.1a")
    assert why_cant_attack(t.state, bears).rule == "508.1a"
    assert all(bears not in dict(a.attacks) for a in offered(t.state, DeclareAttackers))
    assert any(dict(a.attacks) == {other: "Bob"} for a in offered(t.state, DeclareAttackers))


def test_508_1a_creature_that_came_under_control_this_turn_cant_attack_without_haste():
    """508.1a: each attacker "must either have haste or have been controlled by the active player
    continuously since the turn began" (302.6 says the same of attacking)."""
    s = combat_board()
    new = s.add("Grizzly Bears", "Alice", sick=True)
    goblin = s.add("Raging Goblin", "Alice", sick=True)
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [new]), "302.6")
    assert why_cant_attack(t.state, goblin) is None
    t.do(declare_attackers("Alice", [goblin]))
    assert t.state.obj(goblin).tapped


def test_508_1a_only_the_active_players_creatures_attack():
    s = combat_board()
    _mine = s.add("Grizzly Bears", "Alice")
    theirs = s.add("Grizzly Bears", "Bob")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [theirs]), "508.1a")
    refuse(t.state, declare_attackers("Bob", [theirs]), "508.1a")


def test_508_1a_same_attacker_twice_is_refused():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice")
    t = at_attacks(s)
    refuse(t.state, DeclareAttackers("Alice", ((bears, "Bob"), (bears, "Bob"))), "508.1a")


def test_508_1a_a_planeswalker_isnt_a_creature_and_cant_attack():
    s = combat_board()
    jace = s.add("Jace Beleren", "Alice")
    _bears = s.add("Grizzly Bears", "Alice")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [jace]), "508.1a")


# ================================================================ 508.1b: what it attacks
def test_508_1b_attack_a_planeswalker_or_the_player_but_never_yourself_or_your_own_walker():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice")
    my_jace = s.add("Jace Beleren", "Alice")
    their_jace = s.add("Jace Beleren", "Bob")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [bears]), "508.1b")  # say which: Bob or his Jace
    refuse(t.state, declare_attackers("Alice", {bears: "Alice"}), "508.1b")
    refuse(t.state, declare_attackers("Alice", {bears: my_jace}), "508.1b")
    targets = {dict(a.attacks).get(bears) for a in offered(t.state, DeclareAttackers)}
    assert targets == {None, "Bob", their_jace}
    t.do(declare_attackers("Alice", {bears: their_jace}))


# ================================================================ 508.1c: restrictions
def test_508_1c_defender_and_cant_attack_are_restrictions():
    s = combat_board()
    wall = s.add("Wall of Wood", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [wall, bears]), "702.3b")
    assert why_cant_attack(t.state, wall).rule == "702.3b"
    assert all(wall not in dict(a.attacks) for a in offered(t.state, DeclareAttackers))


def test_508_1c_nothing_can_attack_declares_none_automatically():
    s = combat_board()
    s.add("Wall of Wood", "Alice")
    s.add("Grizzly Bears", "Alice", tapped=True)
    t = at_attacks(s)
    assert t.state.combat.attackers_declared and not t.state.combat.awaiting
    assert t.state.priority == "Alice"


# ================================================================ 508.1d: requirements
def test_508_1d_attacks_each_combat_if_able_must_attack():
    s = combat_board()
    maniac = s.add("Tattermunge Maniac", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice"), "508.1d")
    refuse(t.state, declare_attackers("Alice", [bears]), "508.1d")
    decls = [dict(a.attacks) for a in offered(t.state, DeclareAttackers)]
    assert sorted(decls, key=len) == [{maniac: "Bob"}, {maniac: "Bob", bears: "Bob"}]
    t.do(declare_attackers("Alice", [maniac]))


def test_508_1d_requirement_lapses_when_the_creature_cant_attack():
    """A tapped or newly arrived Maniac isn't able to attack, so declaring nothing is legal."""
    for kwargs in ({"tapped": True}, {"sick": True}):
        s = combat_board()
        s.add("Tattermunge Maniac", "Alice", **kwargs)
        bears = s.add("Grizzly Bears", "Alice")
        t = at_attacks(s)
        t.do(declare_attackers("Alice"))
        assert t.state.combat.attacks == ()
        del bears


def test_508_1d_requirement_is_obeyed_attacking_a_planeswalker():
    s = combat_board()
    maniac = s.add("Tattermunge Maniac", "Alice")
    jace = s.add("Jace Beleren", "Bob")
    t = at_attacks(s)
    t.do(declare_attackers("Alice", {maniac: jace}))
    assert t.state.combat.attacks[0].target.oid == jace


# ================================================================ 508.1f: tapping, vigilance
def test_508_1f_attackers_tap_unless_vigilance():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice")
    angel = s.add("Serra Angel", "Alice")
    t = at_attacks(s)
    t.do(declare_attackers("Alice", [bears, angel]))
    assert t.state.obj(bears).tapped and not t.state.obj(angel).tapped
    taps = [e for f in t for e in f.events if e.attribute == "tapped" and e.obj == bears]
    assert [e.rule for e in taps] == ["508.1f"]


# ================================================================ 508.8: no attackers
def test_508_8_no_attackers_skips_blockers_and_damage():
    s = combat_board()
    s.add("Grizzly Bears", "Alice")
    s.add("Grizzly Bears", "Bob")
    t = at_attacks(s)
    t.do(declare_attackers("Alice"))
    t = pass_until(t, Step.END_COMBAT)
    seen = {f.state.step for f in t}
    assert Step.DECLARE_BLOCKERS not in seen and Step.COMBAT_DAMAGE not in seen


# ================================================================ 509.1a: who can block what
def test_509_1a_tapped_creature_cant_block():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice")
    tapped = s.add("Grizzly Bears", "Bob", tapped=True)
    untapped = s.add("Walking Corpse", "Bob")
    t = at_blocks(s, [bears])
    refuse(t.state, declare_blockers("Bob", {tapped: bears}), "509.1a")
    assert why_cant_block(t.state, tapped, bears).rule == "509.1a"
    assert all(tapped not in dict(a.blocks) for a in offered(t.state, DeclareBlockers))
    t.do(declare_blockers("Bob", {untapped: bears}))


def test_509_1a_same_blocker_twice_is_refused():
    s = combat_board()
    a1 = s.add("Grizzly Bears", "Alice")
    a2 = s.add("Walking Corpse", "Alice")
    b = s.add("Grizzly Bears", "Bob")
    t = at_blocks(s, [a1, a2])
    refuse(t.state, declare_blockers("Bob", [(b, a1), (b, a2)]), "509.1a")
    refuse(t.state, declare_blockers("Bob", [(b, a1), (b, a1)]), "509.1a")


def test_509_1a_attacker_blocks_nothing_and_a_nonattacker_cant_be_blocked():
    s = combat_board()
    a1 = s.add("Grizzly Bears", "Alice")
    home = s.add("Walking Corpse", "Alice")
    b = s.add("Grizzly Bears", "Bob")
    t = at_blocks(s, [a1])
    refuse(t.state, declare_blockers("Bob", {b: home}), "509.1a")
    refuse(t.state, declare_blockers("Bob", {a1: a1}), "509.1a")
    refuse(t.state, declare_blockers("Alice", {a1: a1}), "509.1a")


def test_509_1a_in_multiplayer_block_only_what_attacks_you():
    s = combat_board(("Alice", "Bob", "Carol"))
    at_bob = s.add("Grizzly Bears", "Alice")
    at_carol = s.add("Walking Corpse", "Alice")
    bob_bears = s.add("Grizzly Bears", "Bob")
    carol_bears = s.add("Grizzly Bears", "Carol")
    t = at_attacks(s)
    t.do(declare_attackers("Alice", {at_bob: "Bob", at_carol: "Carol"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    who = t.state.combat.awaiting[0][1]
    if who == "Bob":
        refuse(t.state, declare_blockers("Bob", {bob_bears: at_carol}), "509.1a")
        assert why_cant_block(t.state, bob_bears, at_carol).rule == "509.1a"
        t.do(declare_blockers("Bob", {bob_bears: at_bob}))
    refuse(t.state, declare_blockers("Carol", {carol_bears: at_bob}), "509.1a")
    t.do(declare_blockers("Carol", {carol_bears: at_carol}))


# ================================================================ 509.1b: restrictions
def test_509_1b_cant_block_and_flying_and_reach():
    s = combat_board()
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    piker = s.add("Goblin Piker", "Bob")
    walker = s.add("Walking Corpse", "Bob")
    spider = s.add("Giant Spider", "Bob")
    wall = s.add("Wall of Wood", "Bob")  # defender doesn't stop blocking
    t = at_blocks(s, [wings, bears])
    refuse(t.state, declare_blockers("Bob", {piker: bears}), "509.1b")
    refuse(t.state, declare_blockers("Bob", {walker: wings}), "702.9b")
    apply(t.state, declare_blockers("Bob", {spider: wings, wall: bears}))


def test_509_1b_menace_needs_two_blockers():
    s = combat_board()
    brute = s.add("Boggart Brute", "Alice")
    b1 = s.add("Grizzly Bears", "Bob")
    b2 = s.add("Walking Corpse", "Bob")
    t = at_blocks(s, [brute])
    refuse(t.state, declare_blockers("Bob", {b1: brute}), "702.111b")
    apply(t.state, declare_blockers("Bob", {b1: brute, b2: brute}))
    decls = [dict(a.blocks) for a in offered(t.state, DeclareBlockers)]
    assert sorted(decls, key=len) == [{}, {b1: brute, b2: brute}]


# ================================================================ 509.1c: requirements
def test_509_1c_example_blocks_if_able_and_menace():
    """509.1c's example: one creature "blocks if able" and another with no abilities; a creature
    with menace attacks. The player must block with both: the first alone breaks menace, the
    second alone breaks menace and the requirement, neither breaks the requirement."""
    s = combat_board()
    brute = s.add("Boggart Brute", "Alice")
    keen = s.add("CR Blocker", "Bob")
    plain = s.add("Grizzly Bears", "Bob")
    t = at_blocks(s, [brute])
    refuse(t.state, declare_blockers("Bob", {keen: brute}), "702.111b")
    refuse(t.state, declare_blockers("Bob", {plain: brute}), "702.111b")
    assert legal_blocks(t.state, "Bob").check({plain: brute}).obeyed == 0
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    assert [dict(a.blocks) for a in offered(t.state, DeclareBlockers)] == [{keen: brute, plain: brute}]
    options = legal_blocks(t.state, "Bob")
    assert options.max_obeyed == 1 and options.count() == 1
    t.do(declare_blockers("Bob", {keen: brute, plain: brute}))


def test_509_1c_blocks_if_able_alone_against_menace_cant_be_obeyed():
    s = combat_board()
    brute = s.add("Boggart Brute", "Alice")
    _keen = s.add("CR Blocker", "Bob")
    t = at_attacks(s)
    t.do(declare_attackers("Alice", [brute]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert t.state.combat.awaiting == (("blockers", "Bob"),)
    assert legal_blocks(t.state, "Bob").max_obeyed == 0
    refuse(t.state, declare_blockers("Bob", {_keen: brute}), "702.111b")
    assert [dict(a.blocks) for a in offered(t.state, DeclareBlockers)] == [{}]
    t.do(declare_blockers("Bob"))


def test_509_1c_culling_mark_requirement_and_flying_attacker():
    """Blocks-if-able can't be obeyed against a flier it can't block: blocking nothing is legal."""
    s = combat_board()
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    keen = s.add("CR Blocker", "Bob")
    t = at_blocks(s, [wings, bears])
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    refuse(t.state, declare_blockers("Bob", {keen: wings}), "702.9b")
    assert [dict(a.blocks) for a in offered(t.state, DeclareBlockers)] == [{keen: bears}]

    s = combat_board()
    wings = s.add("Wings of the Guard", "Alice")
    keen = s.add("CR Blocker", "Bob")
    t = at_blocks(s, [wings])
    assert t.state.combat.blocks_final  # no creature could block: declared nothing (509.1a)


def test_509_1c_must_be_blocked_by_one_is_enough():
    s = combat_board()
    lure = s.add("CR Lure", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    b1 = s.add("Grizzly Bears", "Bob")
    b2 = s.add("Walking Corpse", "Bob")
    t = at_blocks(s, [lure, bears])
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    refuse(t.state, declare_blockers("Bob", {b1: bears}), "509.1c")
    apply(t.state, declare_blockers("Bob", {b1: lure}))
    apply(t.state, declare_blockers("Bob", {b1: lure, b2: bears}))
    apply(t.state, declare_blockers("Bob", {b1: lure, b2: lure}))
    decls = [dict(a.blocks) for a in offered(t.state, DeclareBlockers)]
    assert {} not in decls and {b1: bears, b2: bears} not in decls and len(decls) == 5


def test_509_1c_two_requirements_one_blocker_either_is_the_maximum():
    s = combat_board()
    l1 = s.add("CR Lure", "Alice")
    l2 = s.add("CR Lure", "Alice")
    b = s.add("Grizzly Bears", "Bob")
    t = at_blocks(s, [l1, l2])
    apply(t.state, declare_blockers("Bob", {b: l1}))
    apply(t.state, declare_blockers("Bob", {b: l2}))
    refuse(t.state, declare_blockers("Bob"), "509.1c")


def test_509_1c_blocks_if_able_and_must_be_blocked_counted_together():
    """A keen blocker and a Lure: the keen blocker blocking the Lure obeys both (2); blocking the
    other attacker obeys 1, and is illegal when a plain creature could block the Lure as well."""
    s = combat_board()
    lure = s.add("CR Lure", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    keen = s.add("CR Blocker", "Bob")
    plain = s.add("Walking Corpse", "Bob")
    t = at_blocks(s, [lure, bears])
    options = legal_blocks(t.state, "Bob")
    assert options.max_obeyed == 2
    refuse(t.state, declare_blockers("Bob", {keen: bears}), "509.1c")
    apply(t.state, declare_blockers("Bob", {keen: bears, plain: lure}))
    apply(t.state, declare_blockers("Bob", {keen: lure}))


def test_509_1c_declarations_listed_equal_the_brute_force_judgement():
    """The legal declarations ``legal_blocks`` lists are exactly the candidates its judge accepts."""
    s = combat_board()
    lure = s.add("CR Lure", "Alice")
    brute = s.add("Boggart Brute", "Alice")
    wings = s.add("Wings of the Guard", "Alice")
    s.add("CR Blocker", "Bob")
    s.add("Giant Spider", "Bob")
    s.add("Grizzly Bears", "Bob")
    s.add("Goblin Piker", "Bob")
    t = at_blocks(s, [lure, brute, wings])
    options = legal_blocks(t.state, "Bob")
    listed = sorted(sorted(d.items()) for d in options.declarations())
    judged = sorted(sorted(d.items()) for d, v in options.candidates() if v.legal)
    assert listed == judged and options.count() == len(listed)


# ================================================================ 509.1h: blocked stays blocked
def test_509_1h_blocked_and_unblocked():
    s = combat_board()
    a1 = s.add("Grizzly Bears", "Alice")
    a2 = s.add("Walking Corpse", "Alice")
    b = s.add("Grizzly Bears", "Bob")
    t = at_blocks(s, [a1, a2])
    t.do(declare_blockers("Bob", {b: a1}))
    status = {a.attacker.oid: a.blocked for a in t.state.combat.attacks}
    assert status == {a1: True, a2: False}
    rules = {(e.obj, e.rule) for f in t for e in f.events if e.attribute == "blocked" and e.obj is not None}
    assert rules == {(a1, "509.1h"), (a2, "509.1h")}


def test_509_1_blockers_declared_twice_is_refused():
    s = combat_board()
    a1 = s.add("Grizzly Bears", "Alice")
    b = s.add("Grizzly Bears", "Bob")
    b2 = s.add("Walking Corpse", "Bob")
    t = at_blocks(s, [a1])
    t.do(declare_blockers("Bob", {b: a1}))
    refuse(t.state, declare_blockers("Bob", {b2: a1}), "509.1")


# ================================================================ 115, 702.11b: targets and hexproof
def test_702_11b_hexproof_your_own_creature_may_be_targeted():
    s = combat_board()
    scout = s.add("Gladecover Scout", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    t.do(cast("Alice", growth, targets=(scout,)))
    resolve_top(t)
    assert t.state.obj(scout).zone is Zone.BATTLEFIELD


def test_702_11b_hexproof_opponents_creature_cant_be_targeted():
    s = combat_board()
    scout = s.add("Gladecover Scout", "Bob")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    refuse(t.state, cast("Alice", growth, targets=(scout,)), "702.11b")
    assert not [a for a in legal_actions(t.state) if getattr(a, "targets", ()) == (scout,)]


def test_603_3d_trigger_with_only_a_hexproof_choice_is_removed():
    """Somberwald Stag's "fight up to one target creature you don't control"... the kit's text is
    "target creature you don't control": with only a hexproof creature there, there's no legal
    choice, and the trigger is removed from the stack (603.3d) -- it doesn't target the Scout."""
    s = combat_board()
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    scout = s.add("Gladecover Scout", "Bob")
    s.mana("Alice", "GGGGG")
    t = s.timeline()
    t.do(cast("Alice", stag))
    resolve_top(t)
    assert all(scout not in [r.oid for r in i.targets] for i in t.state.stack)
    assert t.state.obj(scout).zone is Zone.BATTLEFIELD


def test_115_1_wrong_number_of_targets_is_refused():
    s = combat_board()
    b1 = s.add("Grizzly Bears", "Alice")
    b2 = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    refuse(t.state, cast("Alice", growth), "115.1")
    refuse(t.state, cast("Alice", growth, targets=(b1, b2)), "115.1")
    refuse(t.state, cast("Alice", growth, targets=(b1, b1)), "115.3")  # one "target" word: the same object only once


def test_115_2_a_card_in_a_graveyard_isnt_a_target_creature():
    s = combat_board()
    dead = s.add("Grizzly Bears", "Bob", zone="graveyard")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline()
    refuse(t.state, cast("Alice", murder, targets=(dead,)), "115.1")


def test_608_2b_target_gone_spell_doesnt_resolve():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Bob")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "GBBB")
    t = s.timeline()
    t.do(cast("Alice", growth, targets=(bears,), pay="G"))
    t.do(cast("Alice", murder, targets=(bears,)))
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    resolve_top(t)
    assert [e.rule for f in t for e in f.events if e.kind == "fizzles"] == ["608.2b"]
    assert t.state.obj(growth).zone is Zone.GRAVEYARD


# ================================================================ 303.4, 608.3, 704.5m: Auras
def test_303_4a_aura_spell_targets_what_its_enchant_allows():
    s = combat_board()
    forest = s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    refuse(t.state, cast("Alice", sprawl, targets=(bears,)), "303.4a")
    refuse(t.state, cast("Alice", sprawl), "303.4a")
    t.do(cast("Alice", sprawl, targets=(forest,)))
    resolve_top(t, color="G")
    assert t.state.obj(sprawl).attached_to == forest
    enters = [e for f in t for e in f.events if e.obj == sprawl and e.after == "battlefield"]
    assert [e.rule for e in enters] == ["608.3c"]


def test_303_4a_aura_on_an_opponents_forest_and_hexproof():
    s = combat_board()
    theirs = s.add("Forest", "Bob")
    shielded = s.add("CR Hexproof Forest", "Bob")
    mine = s.add("CR Hexproof Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    refuse(t.state, cast("Alice", sprawl, targets=(shielded,)), "702.11b")
    apply(t.state, cast("Alice", sprawl, targets=(mine,)))
    t.do(cast("Alice", sprawl, targets=(theirs,)))
    resolve_top(t, color="G")
    assert t.state.obj(sprawl).attached_to == theirs and t.state.obj(sprawl).controller == "Alice"


def test_608_3b_aura_spell_whose_target_left_goes_to_the_graveyard():
    s = combat_board()
    dryad = s.add("CR Forest Dryad", "Bob")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "GBBB")
    t = s.timeline()
    t.do(cast("Alice", sprawl, targets=(dryad,), pay="G"))
    t.do(cast("Alice", murder, targets=(dryad,)))
    resolve_top(t)
    resolve_top(t)
    assert t.state.obj(sprawl).zone is Zone.GRAVEYARD
    rules = [e.rule for f in t for e in f.events if e.kind == "fizzles"]
    assert rules == ["608.3b"]


def test_704_5m_aura_goes_when_what_it_enchants_leaves():
    s = combat_board()
    dryad = s.add("CR Forest Dryad", "Bob")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=dryad, chosen={"color": "G"})
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline()
    t.do(cast("Alice", murder, targets=(dryad,)))
    resolve_top(t)
    assert t.state.obj(sprawl).zone is Zone.GRAVEYARD
    moves = [e.rule for f in t for e in f.events if e.obj == sprawl and e.after == "graveyard"]
    assert moves == ["704.5m"]


def test_aura_permanent_doesnt_target_hexproof_later_doesnt_knock_it_off():
    """115.1b: an Aura permanent doesn't target; hexproof on what it enchants doesn't matter."""
    s = combat_board()
    forest = s.add("CR Hexproof Forest", "Bob")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "G"})
    t = s.timeline()
    t.do(pass_priority("Alice"))
    assert t.state.obj(sprawl).zone is Zone.BATTLEFIELD


def test_made_up_aura_enchant_creature_on_hexproof_own_and_opponents():
    s = combat_board()
    mine = s.add("Gladecover Scout", "Alice")
    theirs = s.add("Gladecover Scout", "Bob")
    bond = s.add("CR Bond", "Alice", zone="hand")
    s.mana("Alice", "W")
    t = s.timeline()
    refuse(t.state, cast("Alice", bond, targets=(theirs,)), "702.11b")
    t.do(cast("Alice", bond, targets=(mine,)))
    resolve_top(t)
    assert t.state.obj(bond).attached_to == mine


def test_608_2b_target_that_gains_hexproof_before_resolution_is_illegal():
    """Alice targets Bob's Bears with Giant Growth; Bob gives it hexproof in response: Growth's only
    target is illegal now, so it doesn't resolve (608.2b, 702.11b)."""
    s = combat_board()
    bears = s.add("Grizzly Bears", "Bob")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    shield = s.add("CR Shield", "Bob", zone="hand")
    forest = s.add("Forest", "Alice")
    bob_forest = s.add("Forest", "Bob")
    t = s.timeline()
    t.do(activate("Alice", forest)).do(cast("Alice", growth, targets=(bears,)))
    t.do(pass_priority("Alice")).do(activate("Bob", bob_forest)).do(cast("Bob", shield, targets=(bears,)))
    resolve_top(t)
    resolve_top(t)
    assert [e.rule for f in t for e in f.events if e.kind == "fizzles"] == ["608.2b"]
    assert t.state.obj(bears).damage == 0 and t.state.obj(growth).zone is Zone.GRAVEYARD


def test_509_1c_culling_mark_makes_the_target_block_if_able():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice")
    mark = s.add("Culling Mark", "Alice", zone="hand")
    s.mana("Alice", "GGG")
    corpse = s.add("Walking Corpse", "Bob")
    other = s.add("Grizzly Bears", "Bob")
    scout = s.add("Gladecover Scout", "Bob")
    t = s.timeline()
    refuse(t.state, cast("Alice", mark, targets=(scout,)), "702.11b")
    t.do(cast("Alice", mark, targets=(corpse,)))
    resolve_top(t)
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    refuse(t.state, declare_blockers("Bob", {other: bears}), "509.1c")
    apply(t.state, declare_blockers("Bob", {corpse: bears, other: bears}))
    t.do(declare_blockers("Bob", {corpse: bears}))


def test_509_1a_a_creature_that_arrived_this_turn_may_block():
    s = combat_board()
    a = s.add("Grizzly Bears", "Alice")
    b = s.add("Grizzly Bears", "Bob", sick=True)
    t = at_blocks(s, [a])
    assert why_cant_block(t.state, b, a) is None
    t.do(declare_blockers("Bob", {b: a}))


def test_508_8_a_creature_put_onto_the_battlefield_attacking_keeps_the_blockers_step():
    """508.8 skips the blockers and damage steps only if no creatures are declared as attackers
    *or put onto the battlefield attacking*."""
    s = combat_board()
    s.add("Grizzly Bears", "Alice")
    s.add("Grizzly Bears", "Bob")
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    t = at_attacks(s)
    t.do(declare_attackers("Alice"))
    t.do(activate("Alice", plains)).do(cast("Alice", ambush))
    resolve_top(t)
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob"))
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 19


def test_509_1_a_defending_player_not_attacked_is_told_so():
    """In a three-player game Alice attacks only Bob: Carol has nothing to block, and the refusal
    says that, not that she has already declared blockers."""
    s = combat_board(("Alice", "Bob", "Carol"))
    a = s.add("Grizzly Bears", "Alice")
    carols = s.add("Grizzly Bears", "Carol")
    s.add("Grizzly Bears", "Bob")
    t = at_attacks(s)
    t.do(declare_attackers("Alice", {a: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    err = refuse(t.state, declare_blockers("Carol"), "509.1a")
    assert "already" not in err.reason and "attacking Carol" in err.reason
    err = refuse(t.state, declare_blockers("Carol", {carols: a}), "509.1a")
    assert "already" not in err.reason


def test_508_1d_a_restriction_beats_a_requirement():
    """Requirements count only as far as they can be obeyed "without disobeying any restrictions":
    a creature with defender that "attacks each combat if able" stays home, and declaring nothing
    is legal (508.1c-d)."""
    s = combat_board()
    wall = s.add("CR Eager Wall", "Alice")
    s.add("Grizzly Bears", "Alice")
    t = at_attacks(s)
    refuse(t.state, declare_attackers("Alice", [wall]), "702.3b")
    t.do(declare_attackers("Alice"))
