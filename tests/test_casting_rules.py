"""The engine side of casting and activating: several targets per spell or ability (115.3,
601.2c, 608.2b), modes (700.2), costs that sacrifice or discard (601.2h), cost changes (601.2f)
and activation limits (602.5), as ``legal_actions`` lists them and ``apply`` plays them.

Real cards where the kit's sets have one; a few definitions written here where they don't (a
spell with "target creature and target player", a trigger with "up to two target creatures")."""

from __future__ import annotations

import pytest
from helpers import refused
from test_oracle_templates import board

from mtgrules import MissingChoice, apply, cast, characteristics, legal_actions, pass_priority
from mtgrules.cards import CardDef, creature_target, player_target, register
from mtgrules.core.abilities import Target, TriggeredAbility, target_groups
from mtgrules.core.actions import CastSpell
from mtgrules.core.errors import CardDefError
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.legal import legal_actions_reference
from mtgrules.rules.targets import LISTED_TARGETS


def casts_of(state, card: int) -> list[CastSpell]:
    return [a for a in legal_actions(state) if isinstance(a, CastSpell) and a.card == card]


def accepted_all(state, actions) -> None:
    for action in actions:
        apply(state, action)  # every listed action is one apply plays (no refusal, no missing choice)


# ---------------------------------------------------------------- two instances of "target" (115.3)
def _bolt_and_blast(res, item) -> None:
    for t in res.for_slots(0, 1).targets():
        res.damage(t, 2)
    for p in res.for_slots(1, 1).target_players():
        res.damage(p, 2)


FORKED = CardDef(
    "Forked Test Bolt", "{1}{R}", frozenset({"Instant"}),
    oracle="Forked Test Bolt deals 2 damage to target creature and 2 damage to target player.",
    spell=_bolt_and_blast, spell_target=(creature_target(), player_target()), source="tests (a teacher's card)")
register(FORKED)


@pytest.mark.rule("115.3")
def test_one_object_or_player_per_instance_and_the_targets_in_order():
    s, (bolt, bears) = board(("Forked Test Bolt", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="RR")
    refused(s.state(), cast("Alice", bolt, targets=("Bob", bears)), "115.2")  # in order: a creature, then a player
    refused(s.state(), cast("Alice", bolt, targets=(bears,)), "601.2c")
    t = s.timeline()
    t.do(cast("Alice", bolt, targets=(bears, "Bob")))
    resolve_top(t)
    assert t.state.player("Bob").life == 18 and t.state.obj(bears).zone is Zone.GRAVEYARD


@pytest.mark.rule("608.2b")
def test_a_spell_with_one_target_gone_still_does_the_rest():
    s, (bolt, bears, unsummon) = board(("Forked Test Bolt", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                       ("Unsummon", "bob:hand"), mana="RR")
    s.mana("Bob", "U")
    t = s.timeline()
    t.do(cast("Alice", bolt, targets=(bears, "Bob"))).do(pass_priority("Alice"))
    t.do(cast("Bob", unsummon, targets=(bears,)))
    resolve_top(t)
    resolve_top(t)
    assert t.state.player("Bob").life == 18  # the player part still happens
    assert any(e.rule == "608.2b" and e.kind == "illegal target" for e in t[-1].events)


@pytest.mark.rule("608.2b")
def test_a_spell_with_every_target_illegal_doesnt_resolve():
    s, (gyre, a, unsummon) = board(("Captivating Gyre", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                   ("Unsummon", "bob:hand"), mana="UUUUUU")
    s.mana("Bob", "U")
    t = s.timeline()
    t.do(cast("Alice", gyre, targets=(a,))).do(pass_priority("Alice"))
    t.do(cast("Bob", unsummon, targets=(a,)))
    resolve_top(t)
    resolve_top(t)
    assert t.state.obj(gyre).zone is Zone.GRAVEYARD
    assert any(e.kind == "fizzles" and e.rule == "608.2b" for e in t[-1].events)


def test_several_instances_are_read_back_in_order():
    up_to_two = Target("up to two target creatures", lambda s, p, o: True, count=2, up_to=True)
    one = Target("target player", lambda s, p, o: False, players=lambda s, c, n: True)
    assert target_groups((one, up_to_two), 1) == (range(0, 1), range(1, 1))
    assert target_groups((one, up_to_two), 3) == (range(0, 1), range(1, 3))
    assert target_groups((one, up_to_two), 4) is None
    with pytest.raises(CardDefError):  # two "up to" instances could not be told apart
        TriggeredAbility("When this enters, tap up to two target creatures and untap up to two target creatures.",
                         "zone change", lambda s, o, e: False, lambda r, i: None, target=(up_to_two, up_to_two))


# ---------------------------------------------------------------- legal_actions, bounded (601.2c)
@pytest.mark.rule("601.2c")
def test_legal_actions_list_each_way_to_choose_few_targets():
    s, (bolt, bears, elf) = board(("Forked Test Bolt", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                  ("Llanowar Elves", "battlefield"), mana="RR")
    state = s.state()
    listed = casts_of(state, bolt)
    assert {a.targets for a in listed} == {(c, p) for c in (bears, elf) for p in ("Alice", "Bob")}
    accepted_all(state, listed)
    assert legal_actions(state) == legal_actions_reference(state)


@pytest.mark.rule("601.2c")
def test_legal_actions_list_many_targets_in_a_bounded_spread():
    cards = [("Captivating Gyre", "hand"), *[("Grizzly Bears", "bob:battlefield")] * 12]
    s, (gyre, *bears) = board(*cards, mana="UUUUUU")
    state = s.state()
    listed = casts_of(state, gyre)
    assert len(listed) <= LISTED_TARGETS + len(bears)  # not the 299 ways of choosing up to three of twelve
    assert () in {a.targets for a in listed}  # none at all is a choice (115.6)
    assert set(bears) <= {t for a in listed for t in a.targets}  # every creature in some listed way
    accepted_all(state, listed[:5])
    assert legal_actions(state) == legal_actions_reference(state)


@pytest.mark.rule("700.2a")
def test_legal_actions_list_each_mode_that_can_be_chosen_with_its_targets():
    s, (strike, thopter, bears) = board(("Reckless Air Strike", "hand"), ("Ornithopter", "bob:battlefield"),
                                        ("Grizzly Bears", "bob:battlefield"), mana="R")
    state = s.state()
    listed = casts_of(state, strike)
    said = {(dict(a.choices)["mode"], a.targets) for a in listed}
    assert said == {("Reckless Air Strike deals 3 damage to target creature with flying.", (thopter,)),
                    ("Destroy target artifact.", (thopter,))}
    accepted_all(state, listed)
    assert legal_actions(state) == legal_actions_reference(state)


@pytest.mark.rule("601.2h")
def test_legal_actions_list_each_creature_the_cost_may_sacrifice():
    s, (spell, bears, elf, foe) = board(("Bone Splinters", "hand"), ("Grizzly Bears", "battlefield"),
                                        ("Llanowar Elves", "battlefield"), ("Goblin Piker", "bob:battlefield"),
                                        mana="B")
    state = s.state()
    listed = casts_of(state, spell)
    assert {dict(a.choices).get("sacrifice") for a in listed if a.targets == (foe,)} == {bears, elf}
    accepted_all(state, listed)


@pytest.mark.rule("601.2f")
def test_legal_actions_see_a_cost_reduction():
    s, (words, _bird) = board(("Winged Words", "hand"), ("Ornithopter", "battlefield"), mana="UU")
    assert casts_of(s.state(), words)  # two mana in the pool, a {2}{U} spell: it costs {1}{U} now
    s2, (words2,) = board(("Winged Words", "hand"), mana="UU")
    assert not casts_of(s2.state(), words2)


@pytest.mark.rule("107.3a")
def test_legal_actions_list_the_values_of_x_the_pool_pays():
    s, (blaze,) = board(("Blaze", "hand"), mana="RRRR")
    xs = {a.x for a in casts_of(s.state(), blaze)}
    assert xs == {0, 1, 2, 3}


@pytest.mark.rule("602.5b")
def test_a_once_each_turn_ability_isnt_listed_again_this_turn():
    s, (lizard,) = board(("Rootwalla", "battlefield"), mana="GGGG")
    t = s.timeline()
    listed = [a for a in legal_actions(t.state) if getattr(a, "source", None) == lizard]
    assert len(listed) == 1
    t.do(listed[0])
    resolve_top(t)
    assert not [a for a in legal_actions(t.state) if getattr(a, "source", None) == lizard]


# ---------------------------------------------------------------- a trigger with several targets (603.3d)
def _tap_them(res, item) -> None:
    for obj in res.targets():
        res.d.update(obj.oid, "701.26a", f"{res.name(obj.oid)} is tapped", tapped=True)


FROST = CardDef(
    "Frosty Test Owl", "{2}{U}", frozenset({"Creature"}), power=1, toughness=1,
    oracle="When Frosty Test Owl enters, tap up to two target creatures.",
    abilities=(TriggeredAbility("When Frosty Test Owl enters, tap up to two target creatures.", "zone change",
                                lambda st, src, ev: ev.obj == src.oid and ev.attribute == "zone"
                                and ev.after == Zone.BATTLEFIELD, _tap_them,
                                target=Target("up to two target creatures",
                                              lambda st, p, o: o.zone is Zone.BATTLEFIELD
                                              and characteristics(st, o.oid).is_creature,
                                              count=2, up_to=True)),),
    source="tests (a teacher's card)")
register(FROST)


@pytest.mark.rule("603.3d")
def test_a_trigger_asks_its_up_to_two_targets_as_one_answer():
    s, (owl, a, b, c) = board(("Frosty Test Owl", "hand"), ("Grizzly Bears", "bob:battlefield"),
                              ("Goblin Piker", "bob:battlefield"), ("Raging Goblin", "bob:battlefield"), mana="UUU")
    t = s.timeline()
    t.do(cast("Alice", owl))
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    assert need.value.kind == "target" and (a, b) in need.value.options and () in need.value.options
    resolve_top(t, target=(a, c))
    resolve_top(t)
    assert t.state.obj(a).tapped and t.state.obj(c).tapped and not t.state.obj(b).tapped


@pytest.mark.rule("115.6")
def test_a_trigger_may_choose_no_target_for_up_to():
    s, (owl, a) = board(("Frosty Test Owl", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="UUU")
    t = s.timeline()
    t.do(cast("Alice", owl))
    resolve_top(t, target=())
    assert t.state.stack and not t.state.stack[-1].targets  # on the stack, targeting nothing


@pytest.mark.rule("602.5c")
def test_a_granted_once_each_turn_ability_is_refused_rather_than_left_unlimited():
    from mtgrules.cards import ActivatedAbility, Cost, GrantsAbility
    pump = ActivatedAbility(Cost.of("{G}"), "{G}: This creature gets +1/+1 until end of turn. Activate only once "
                            "each turn.", lambda res, item: None, once_each_turn=True)
    with pytest.raises(CardDefError, match="602.5c"):
        GrantsAbility(f'Enchanted creature has "{pump.text}"', pump)
