"""Players among the targets of spells, triggered and activated abilities (115.1, 115.4): named by
name (``targets=("Bob",)``, ``target="Bob"``), refused with the rule when not legal, checked again
as the spell or ability resolves (608.2b), listed by ``legal_actions`` and named in the views.

The cards here are test-only (registered with ``replace=True``); the kit's pool has none."""

from __future__ import annotations

import pytest
from helpers import pool_restored, refused

from mtgrules import IllegalAction, Scenario, activate, apply, cast, legal_actions
from mtgrules.cards import (
    ActivatedAbility,
    CardDef,
    Cost,
    TriggeredAbility,
    Zone,
    any_target,
    creature_target,
    opponent_target,
    player_target,
    register,
    this_enters,
)
from mtgrules.core.actions import CastSpell
from mtgrules.core.errors import ActionTypeError
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.concede import concede
from mtgrules.rules.keyword_actions import draw_cards
from mtgrules.rules.legal import legal_actions_reference
from mtgrules.rules.life import lose_life
from mtgrules.views.tables import escaped, state_table

INSTANT = frozenset({"Instant"})
SPARK = "Practice Jolt deals 2 damage to any target."
MIND = "Target player draws a card."
SNEER = "When this creature enters, target opponent loses 2 life."
RAY = "{T}: This creature deals 1 damage to any target."


@pytest.fixture(autouse=True)
def _pool_as_it_was():
    """The cards a test registers are gone after it (helpers.pool_restored)."""
    with pool_restored():
        yield


def _two_damage(res, item):
    for target in res.any_targets():
        res.damage(target, 2)


def _draws(res, item):
    for who in res.target_players():
        draw_cards(res.d, who)


def _sneer(res, item):
    for who in res.target_players():
        lose_life(res.d, who, 2, "Practice Sneerer")


def _ray(res, item):
    for target in res.any_targets():
        res.damage(target, 1)


register(CardDef("Practice Jolt", "{R}", INSTANT, oracle=SPARK, spell=_two_damage, spell_target=any_target(),
                 source="a test card (not a real Magic card)"), replace=True)
register(CardDef("Practice Insight", "{U}", frozenset({"Sorcery"}), oracle=MIND, spell=_draws,
                 spell_target=player_target(), source="a test card (not a real Magic card)"), replace=True)
register(CardDef("Practice Sneerer", "{1}{B}", frozenset({"Creature"}), power=1, toughness=1, oracle=SNEER,
                 abilities=(TriggeredAbility(SNEER, "zone change", this_enters, _sneer, target=opponent_target()),),
                 source="a test card (not a real Magic card)"), replace=True)
register(CardDef("Practice Ray", "{1}{R}", frozenset({"Creature"}), power=1, toughness=1, oracle=RAY,
                 abilities=(ActivatedAbility(Cost.of(tap=True), RAY, _ray, target=any_target()),),
                 source="a test card (not a real Magic card)"), replace=True)


def jolt_board(players=("Alice", "Bob")):
    s = Scenario("Jolt", players=list(players))
    jolt = s.add("Practice Jolt", "Alice", zone="hand")
    return s.mana("Alice", "R"), jolt


def test_a_spell_with_any_target_may_target_a_player_named_by_name():
    """115.4: "any target" may be a player; 120.3a: damage to a player makes them lose that much life."""
    s, jolt = jolt_board()
    t = resolve_top(s.timeline().do(cast("Alice", jolt, targets=("Bob",))))
    assert t.state.player("Bob").life == 18
    assert t.state.obj(jolt).zone is Zone.GRAVEYARD


def test_an_unknown_player_or_a_player_who_left_is_refused_with_the_state_unchanged():
    """115.1: a target is an object or player in the game; 800.4: a player who has left the game
    can't be chosen."""
    s, jolt = jolt_board(("Alice", "Bob", "Carol"))
    state = s.state()
    assert "Dave" in refused(state, cast("Alice", jolt, targets=("Dave",)), "115.1").reason
    state = apply(state, concede("Carol"))[0]
    assert "left the game" in refused(state, cast("Alice", jolt, targets=("Carol",)), "800.4").reason


def test_a_spell_that_targets_only_creatures_refuses_a_player():
    """115.2: only permanents are legal targets unless the spell says it can target a player."""
    s = Scenario("Murder", players=["Alice", "Bob"])
    murder = s.add("Murder", "Alice", zone="hand")
    s.add("Grizzly Bears", "Bob")
    refused(s.mana("Alice", "BBB").state(), cast("Alice", murder, targets=("Bob",)), "115.2")


def test_a_player_target_isnt_an_object_id_nor_empty_text():
    """115.1: targets are object ids or player names; an empty name is refused as it is made."""
    with pytest.raises(ActionTypeError):
        cast("Alice", 3, targets=("",))
    with pytest.raises(ActionTypeError):
        cast("Alice", 3, targets="Bob")


def test_target_player_spell_makes_the_chosen_player_draw():
    """115.1a: a spell's "target player" is chosen as it is cast."""
    s = Scenario("Insight", players=["Alice", "Bob"])
    insight = s.add("Practice Insight", "Alice", zone="hand")
    s.add("Forest", "Bob", zone="library")
    t = resolve_top(s.mana("Alice", "U").timeline().do(cast("Alice", insight, targets=("Bob",))))
    assert [o.card for o in t.state.objects if o.zone is Zone.HAND and o.owner == "Bob"] == ["Forest"]


def test_a_spell_whose_target_player_has_left_doesnt_resolve():
    """608.2b: a target player who has left the game is illegal; with no legal target left the spell
    doesn't resolve and goes to its owner's graveyard."""
    s, jolt = jolt_board(("Alice", "Bob", "Carol"))
    t = s.timeline().do(cast("Alice", jolt, targets=("Carol",)))
    t.do(concede("Carol"))
    resolve_top(t)
    events = [e for f in t for e in f.events]
    assert any(e.rule == "608.2b" and "left the game" in e.text for e in events)
    assert not any(e.kind == "noncombat damage" for e in events)
    assert t.state.obj(jolt).zone is Zone.GRAVEYARD


def test_a_target_opponent_trigger_offers_only_opponents_and_takes_the_one_named():
    """115.1d: a trigger's target is chosen as it is put on the stack (603.3d); "target opponent"
    is a player on another team (102.3), so the controller can't be chosen."""
    s = Scenario("Sneer", players=["Alice", "Bob", "Carol"])
    sneerer = s.add("Practice Sneerer", "Alice", zone="hand")
    t = s.mana("Alice", "BB").timeline().do(cast("Alice", sneerer))
    with pytest.raises(IllegalAction) as info:
        resolve_top(t, target="Alice")
    assert info.value.rule == "603.3d" and "target opponent" in info.value.reason
    resolve_top(t, target="Carol")  # the creature resolves; its trigger goes on the stack, aimed at Carol
    assert any("targeting Carol" in note for note in state_table(t.state)["notes"])
    resolve_top(t)
    assert t.state.player("Carol").life == 18 and t.state.player("Bob").life == 20


def test_an_activated_ability_with_any_target_pings_a_player():
    """115.1c: an activated ability's target is chosen as it is activated; 120.3a."""
    s = Scenario("Ray", players=["Alice", "Bob"])
    ray = s.add("Practice Ray", "Alice")
    t = resolve_top(s.timeline().do(activate("Alice", ray, targets=("Bob",))))
    assert t.state.player("Bob").life == 19


def test_targets_refuses_to_drop_a_chosen_player_silently():
    """A resolver that reads only objects (``res.targets()``) would do nothing to a target player:
    the card's own code fails instead, and the pass is taken back."""
    register(CardDef("Practice Fizz", "{R}", INSTANT, oracle="Practice Fizz deals 2 damage to any target.",
                     spell=lambda res, item: [res.damage(o, 2) for o in res.targets()], spell_target=any_target(),
                     source="a test card (not a real Magic card)"), replace=True)
    s = Scenario("Fizz", players=["Alice", "Bob"])
    fizz = s.add("Practice Fizz", "Alice", zone="hand")
    t = s.mana("Alice", "R").timeline().do(cast("Alice", fizz, targets=("Bob",)))
    with pytest.raises(ValueError, match="any_targets"):
        resolve_top(t)


def test_legal_actions_list_players_and_damageable_objects_and_agree_with_the_reference():
    """115.4: "any target" is a creature, player, planeswalker or battle, not a land; a player who
    has left the game isn't listed (800.4)."""
    s = Scenario("Jolt", players=["Alice", "Bob", "Carol"])
    jolt = s.add("Practice Jolt", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    s.add("Forest", "Bob")
    state = apply(s.mana("Alice", "R").state(), concede("Carol"))[0]
    listed = legal_actions(state)
    aimed = {a.targets for a in listed if isinstance(a, CastSpell) and a.card == jolt}
    assert aimed == {(bears,), (jace,), ("Alice",), ("Bob",)}
    assert listed == legal_actions_reference(state)
    for action in listed:
        apply(state, action)


def test_narration_and_tables_name_the_target_player_and_escape_it():
    """Views name a targeted player by name; game text is escaped in HTML."""
    s, jolt = jolt_board(("Alice", "<b>Bob</b>"))
    action = cast("Alice", jolt, targets=("<b>Bob</b>",))
    assert action.describe(s.state()) == "Alice casts Practice Jolt, targeting <b>Bob</b>"
    t = s.timeline().do(action)
    notes = state_table(t.state)["notes"]
    assert any("targeting <b>Bob</b>" in n for n in notes)
    html = escaped(state_table(t.state)).to_html()
    assert "targeting &lt;b&gt;Bob&lt;/b&gt;" in html and "<b>Bob</b>" not in html


def test_any_target_may_be_a_battle_and_damage_removes_its_defense_counters():
    """115.4: "any target" may be a battle; 120.3h: damage to a battle removes that many defense
    counters (it isn't marked on it, as it is on a creature)."""
    register(CardDef("Practice Siege", "{2}{R}", frozenset({"Battle"}), frozenset({"Siege"}),
                     source="a test card (not a real Magic card)"), replace=True)
    s, jolt = jolt_board()
    siege = s.add("Practice Siege", "Bob", counters={"defense": 5})
    t = resolve_top(s.timeline().do(cast("Alice", jolt, targets=(siege,))))
    assert t.state.obj(siege).counter("defense") == 3 and t.state.obj(siege).damage == 0
    assert any(e.rule == "120.3h" for f in t for e in f.events)


def test_a_battle_whose_defense_reaches_0_goes_to_its_owners_graveyard():
    """704.5v: a battle with defense 0 is put into its owner's graveyard (it stayed on the
    battlefield at 0 once damage could reach it through "any target")."""
    register(CardDef("Practice Siege", "{2}{R}", frozenset({"Battle"}), frozenset({"Siege"}),
                     source="a test card (not a real Magic card)"), replace=True)
    s, jolt = jolt_board()
    siege = s.add("Practice Siege", "Bob", counters={"defense": 2})
    t = resolve_top(s.timeline().do(cast("Alice", jolt, targets=(siege,))))
    assert t.state.obj(siege).zone is Zone.GRAVEYARD
    assert any(e.rule == "704.5v" for f in t for e in f.events)


def test_older_and_other_wordings_of_player_targets_are_read_as_they_are_printed():
    """115.1: "target creature or player" may be a player, so a Target of creatures only is refused;
    115.4: "any other target" excludes the source, which a Target's test can't see: refused."""
    from mtgrules.core.carddef import CardDefError
    for text in ("Practice Spark deals 1 damage to target creature or player.",
                 "Practice Spark deals 1 damage to any other target."):
        with pytest.raises(CardDefError, match="115"):
            CardDef("Practice Spark", "{R}", frozenset({"Instant"}), oracle=text, spell_target=creature_target(),
                    spell=lambda res, item: None, source="a test card (not a real Magic card)")


@pytest.mark.rule("115.1c")
def test_jaces_target_player_is_given_in_targets_as_every_target_is():
    """Jace's −1 targets a player (115.1c), given among the targets as a spell's is; the kit's
    old keyword target_player= is refused with the call to write instead, never ignored."""
    s = Scenario("Jace", players=["Alice", "Bob"])
    jace = s.add("Jace Beleren", "Alice")
    s.add("Forest", "Bob", zone="library")
    t = resolve_top(s.timeline().do(activate("Alice", jace, 1, targets=("Bob",))))
    assert len(t.state.in_zone(Zone.HAND, "Bob")) == 1 and "targeting Bob" in t[1].title()
    with pytest.raises(ActionTypeError) as old:
        activate("Alice", jace, 1, target_player="Bob")
    assert "targets=('Bob',)" in old.value.reason and "no longer used" in old.value.reason
    with pytest.raises(ActionTypeError):
        activate("Alice", jace, 1, choices={"target player": "Bob"})
