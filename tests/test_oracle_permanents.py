"""The permanents topic, played by real cards from the kit's four core sets: Equipment and equip
(301.5, 702.6, 704.5n, 704.5p), counters beyond +1/+1 (122.1, 704.5q), prevention (615), delayed
triggers (603.7), "as ~ enters, choose a color" (614.12a), and the control-changing lines that
the kit reads only to mark them not played, with the reason (613.1b).

Each template of the grammar's "permanents" section has a test here (``@plays``), and each rules
topic at least one test that plays a real card.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import pass_until, refuse
from test_oracle_templates import board, cast_and_resolve, fully_compiled, line_played, plays

from mtgrules import (
    Scenario,
    Step,
    activate,
    apply,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
)
from mtgrules.cards.oracle.source import compiled
from mtgrules.cards.oracle.topics.permanents import CONTROL_AS_LONG_AS
from mtgrules.core.errors import MissingChoice
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top
from mtgrules.rules import stack, triggers


def not_played_because(name: str, start: str, reason: str) -> None:
    """The card's line beginning ``start`` is marked not played, with ``reason``."""
    c = compiled(name)
    assert c is not None
    line = next(s for s in c.lines if s.line.startswith(start))
    assert not line.played and line.how == reason, (name, line)


def equip(t, equipment: int, creature: int):
    """Activate the Equipment's equip ability by its printed start, then let it resolve."""
    t.do(activate("Alice", equipment, "Equip", targets=(creature,)))
    return resolve_top(t)


def to_combat_damage(t, attackers, blocks=None, **answers):
    """Attack with ``attackers``, block as ``blocks`` says, and play on to the end of combat."""
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", list(attackers)))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    if t.state.priority is None:  # the game waits for Bob's blockers (509.1)
        t.do(declare_blockers("Bob", blocks or {}))
    return pass_until(t, Step.END_COMBAT, **answers)


# ---------------------------------------------------------------- Equipment and equip (301.5, 702.6)
@pytest.mark.rule("702.6a")
@plays("equip", "equipped_pump", card_name="Leonin Scimitar")
def test_equip_attaches_to_target_creature_you_control_leonin_scimitar():
    fully_compiled("Leonin Scimitar")
    s, (sword, bears, theirs) = board(("Leonin Scimitar", "battlefield"), ("Grizzly Bears", "battlefield"),
                                      ("Grizzly Bears", "bob:battlefield"), mana="C")
    t = s.timeline()
    refuse(t.state, activate("Alice", sword, "Equip", targets=(theirs,)), "115.1")  # only a creature you control
    equip(t, sword, bears)
    assert t.state.obj(sword).attached_to == bears
    assert characteristics(t.state, bears).pt() == "3/3"  # equipped creature gets +1/+1 (301.5a, 613.4c)
    assert any(e.rule == "701.3a" for e in t.frames[-1].events)


@pytest.mark.rule("702.6a")
def test_equip_only_as_a_sorcery_marauders_axe():
    """Equip is activated only in its controller's main phase with the stack empty (702.6a):
    refused with a spell on the stack and in combat, the state unchanged, and never listed then."""
    fully_compiled("Marauder's Axe")
    s, (axe, bears, shock) = board(("Marauder's Axe", "battlefield"), ("Grizzly Bears", "battlefield"),
                                   ("Shock", "hand"), mana="CCR")
    t = s.timeline()
    t.do(cast("Alice", shock, targets=("Bob",)))
    err = refuse(t.state, activate("Alice", axe, "Equip", targets=(bears,)), "602.5d")
    assert "stack isn't empty" in err.reason
    s, (axe, bears) = board(("Marauder's Axe", "battlefield"), ("Grizzly Bears", "battlefield"), step="combat",
                            mana="CC")
    refuse(s.state(), activate("Alice", axe, "Equip", targets=(bears,)), "602.5d")
    assert not any(getattr(a, "source", None) == axe for a in legal_actions(s.state()))


@pytest.mark.rule("701.3b")
def test_equip_again_to_the_same_creature_does_nothing_and_moving_it_gets_a_new_timestamp_short_sword():
    fully_compiled("Short Sword")
    s, (sword, bears, other) = board(("Short Sword", "battlefield"), ("Grizzly Bears", "battlefield"),
                                     ("Grizzly Bears", "battlefield"), mana="CCC")
    t = s.timeline()
    equip(t, sword, bears)
    stamp = t.state.obj(sword).timestamp
    equip(t, sword, bears)  # already attached to it: nothing happens (701.3b)
    assert t.state.obj(sword).timestamp == stamp and any(e.rule == "701.3b" for e in t.frames[-1].events)
    equip(t, sword, other)  # moved: a new timestamp (701.3c, 613.7e)
    assert t.state.obj(sword).attached_to == other and t.state.obj(sword).timestamp > stamp
    assert characteristics(t.state, bears).pt() == "2/2" and characteristics(t.state, other).pt() == "3/3"


@pytest.mark.rule("701.3d")
def test_equipment_stays_on_the_battlefield_when_the_equipped_creature_dies_marauders_axe():
    s = Scenario("axe", players=["Alice", "Bob"], step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    axe = s.add("Marauder's Axe", "Alice", attached_to=bears)  # a board may start equipped (301.5a)
    shock = s.add("Shock", "Alice", zone="hand")
    s.mana("Alice", "R")
    assert characteristics(s.state(), bears).pt() == "4/2"
    t = cast_and_resolve(s, shock, targets=(bears,))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert t.state.obj(axe).zone is Zone.BATTLEFIELD and t.state.obj(axe).attached_to is None


@pytest.mark.rule("704.5n")
def test_equipment_attached_to_a_noncreature_becomes_unattached_leonin_scimitar():
    s = Scenario("scimitar", players=["Alice", "Bob"], step="main1")
    forest = s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    sword = s.add("Leonin Scimitar", "Alice", attached_to=bears)
    state = s.state()  # as though the creature had become a land: now it is attached to a noncreature
    state = replace(state, objects=tuple(replace(o, attached_to=forest) if o.oid == sword else o
                                         for o in state.objects))
    new, events = apply(state, pass_priority("Alice"))
    assert new.obj(sword).zone is Zone.BATTLEFIELD and new.obj(sword).attached_to is None
    assert any(e.rule == "704.5n" for e in events)


@pytest.mark.rule("704.5p")
def test_a_creature_attached_to_something_becomes_unattached():
    s = Scenario("bears", players=["Alice", "Bob"], step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    other = s.add("Grizzly Bears", "Alice")
    state = s.state()
    state = replace(state, objects=tuple(replace(o, attached_to=bears) if o.oid == other else o
                                         for o in state.objects))
    new, events = apply(state, pass_priority("Alice"))
    assert new.obj(other).attached_to is None and new.obj(other).zone is Zone.BATTLEFIELD
    assert any(e.rule == "704.5p" for e in events)


@pytest.mark.rule("301.5b")
def test_a_board_can_start_equipped_but_not_on_a_land():
    from mtgrules.core.errors import ScenarioError
    s = Scenario("scimitar", players=["Alice", "Bob"], step="main1")
    forest = s.add("Forest", "Alice")
    with pytest.raises(ScenarioError, match="301.5"):
        s.add("Leonin Scimitar", "Alice", attached_to=forest)


@pytest.mark.rule("613.1f")
@plays("equipped_pump_grant", card_name="Loxodon Warhammer")
def test_equipped_creature_gets_and_has_trample_and_lifelink_loxodon_warhammer():
    fully_compiled("Loxodon Warhammer")
    s, (hammer, bears) = board(("Loxodon Warhammer", "battlefield"), ("Grizzly Bears", "battlefield"),
                               mana="CCC", step="main1")
    t = equip(s.timeline(), hammer, bears)
    chars = characteristics(t.state, bears)
    assert chars.pt() == "5/2" and {"trample", "lifelink"} <= set(chars.keywords)
    t = to_combat_damage(t, [bears])
    assert t.state.player("Bob").life == 15 and t.state.player("Alice").life == 25  # lifelink (702.15b)


@pytest.mark.rule("613.7")
@plays("equipped_pump_lose", card_name="Colossus Hammer")
def test_equipped_creature_gets_and_loses_flying_colossus_hammer():
    fully_compiled("Colossus Hammer")
    s, (hammer, angel) = board(("Colossus Hammer", "battlefield"), ("Serra Angel", "battlefield"), mana="C" * 8)
    t = equip(s.timeline(), hammer, angel)
    chars = characteristics(t.state, angel)
    assert chars.pt() == "14/14" and "flying" not in chars.keywords and "vigilance" in chars.keywords


@pytest.mark.rule("611.3a")
@plays("enters_with_named", "equipped_pump_per_counter", card_name="Malefic Scythe")
def test_enters_with_a_soul_counter_and_gets_plus_one_for_each_malefic_scythe():
    line_played("Malefic Scythe", "Malefic Scythe enters")
    line_played("Malefic Scythe", "Equipped creature gets")
    s, (scythe, bears) = board(("Malefic Scythe", "hand"), ("Grizzly Bears", "battlefield"), mana="CBC")
    t = cast_and_resolve(s, scythe)
    assert t.state.obj(scythe).counter("soul") == 1  # enters with it (614.1c, 122.6)
    t = equip(t, scythe, bears)
    assert characteristics(t.state, bears).pt() == "3/3"
    more = replace(t.state, objects=tuple(replace(o, counters=(("soul", 3),)) if o.oid == scythe else o
                                          for o in t.state.objects))
    assert characteristics(more, bears).pt() == "5/5"  # counted at each moment (611.3a)


@pytest.mark.rule("701.3a")
@plays("tokens_then_attach", card_name="Ancestral Blade")
def test_create_a_token_then_attach_to_it_ancestral_blade():
    fully_compiled("Ancestral Blade")
    s, (blade,) = board(("Ancestral Blade", "hand"), mana="CW")
    t = resolve_top(cast_and_resolve(s, blade))
    token = next(o for o in t.state.battlefield() if o.is_token)
    assert t.state.obj(blade).attached_to == token.oid
    assert characteristics(t.state, token.oid).pt() == "2/2"  # a 1/1 Soldier, equipped (+1/+1)


# ---------------------------------------------------------------- counters beyond +1/+1 (122.1)
@pytest.mark.rule("122.1")
@plays("named_counters_self", card_name="Magistrate's Scepter")
def test_put_a_charge_counter_on_itself_magistrates_scepter():
    line_played("Magistrate's Scepter", "{4}, {T}")
    s, (scepter,) = board(("Magistrate's Scepter", "battlefield"), mana="CCCC")
    t = s.timeline()
    t.do(activate("Alice", scepter, "{4}, {T}"))
    resolve_top(t)
    assert t.state.obj(scepter).counter("charge") == 1


@pytest.mark.rule("704.5q")
def test_plus_one_and_minus_one_counters_annihilate_barkhide_troll():
    """A permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller count (704.5q,
    122.3); the -1/-1 counters lower its P/T in layer 7c until then (613.4c)."""
    s = Scenario("troll", players=["Alice", "Bob"], step="main1")
    troll = s.add("Barkhide Troll", "Alice", counters={"+1/+1": 1, "-1/-1": 3})
    assert characteristics(s.state(), troll).pt() == "0/0"
    new, events = apply(s.state(), pass_priority("Alice"))
    # the counters annihilate (704.5q) in the same check that finds it 0/0 (704.5f): all at once (704.3)
    assert new.obj(troll).zone is Zone.GRAVEYARD
    s = Scenario("troll", players=["Alice", "Bob"], step="main1")
    troll = s.add("Barkhide Troll", "Alice", counters={"+1/+1": 2, "-1/-1": 1})
    new, events = apply(s.state(), pass_priority("Alice"))
    assert dict(new.obj(troll).counters) == {"+1/+1": 1} and characteristics(new, troll).pt() == "3/3"
    assert any(e.rule == "704.5q" for e in events)


@pytest.mark.rule("614.1c")
def test_enters_with_three_charge_counters_transmogrifying_wand():
    line_played("Transmogrifying Wand", "Transmogrifying Wand enters")
    s, (wand,) = board(("Transmogrifying Wand", "hand"), mana="CCC")
    t = cast_and_resolve(s, wand)
    assert t.state.obj(wand).counter("charge") == 3


# ---------------------------------------------------------------- prevention (615)
@pytest.mark.rule("615.1a")
@plays("prevent_all_combat", card_name="Holy Day")
def test_prevent_all_combat_damage_this_turn_holy_day():
    """No combat damage is dealt, so nothing is marked and no life is lost, and lifelink gains
    nothing for damage that never happens (615.6); the effect ends in the cleanup step (514.2)."""
    fully_compiled("Holy Day")
    s, (day, hammer, bears, theirs) = board(("Holy Day", "bob:hand"), ("Loxodon Warhammer", "battlefield"),
                                            ("Grizzly Bears", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                            mana="CCC")
    plains = s.add("Plains", "Bob")
    t = equip(s.timeline(), hammer, bears)
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", plains, 0))
    t.do(cast("Bob", day))
    resolve_top(t)
    assert len(t.state.prevention) == 1
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {theirs: bears}))
    t = pass_until(t, Step.END_COMBAT, damage_division=((theirs, 2), ("Bob", 3)))  # trample's split (702.19b)
    assert t.state.obj(bears).damage == 0 and t.state.obj(theirs).zone is Zone.BATTLEFIELD
    assert t.state.player("Bob").life == 20
    assert t.state.player("Alice").life == 20  # lifelink: no damage dealt, no life gained (615.6)
    assert sum(e.kind == "damage prevented" for f in t for e in f.events) == 3  # to the blocker, Bob, the attacker
    turn = t.state.turn
    for _ in range(20):
        if t.state.turn != turn:
            break
        t.do(pass_priority(t.state.priority))
    assert t.state.turn == turn + 1
    assert t.state.prevention == ()  # "this turn" ended as the turn's cleanup step began its work (514.2)


@pytest.mark.rule("615.7")
@plays("prevent_next", card_name="Bandage")
def test_prevent_the_next_1_damage_bandage():
    fully_compiled("Bandage")
    s, (bandage, shock, bears) = board(("Bandage", "hand"), ("Shock", "hand"), ("Grizzly Bears", "battlefield"),
                                       mana="WR")
    t = cast_and_resolve(s, bandage, targets=(bears,))
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 2  # Shock, and the card Bandage drew
    t.do(cast("Alice", shock, targets=(bears,)))
    resolve_top(t)
    assert t.state.obj(bears).damage == 1 and t.state.obj(bears).zone is Zone.BATTLEFIELD
    assert t.state.prevention == ()  # the shield is used up (615.7)


@pytest.mark.rule("615.7")
def test_a_shield_hit_by_two_blockers_at_once_asks_which_damage_it_prevents_samite_healer():
    fully_compiled("Samite Healer")
    s, (healer, bears, one, two) = board(("Samite Healer", "battlefield"), ("Grizzly Bears", "battlefield"),
                                         ("Grizzly Bears", "bob:battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                         step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {one: bears, two: bears}))
    t.do(activate("Alice", healer, 0, targets=(bears,)))
    resolve_top(t)
    with pytest.raises(MissingChoice) as need:
        pass_until(t, Step.END_COMBAT, damage_division=((one, 2), (two, 0)))
    assert need.value.kind == "shield" and need.value.rule == "615.7"
    t = pass_until(t, Step.END_COMBAT, damage_division=((one, 2), (two, 0)), shield=two)
    prevented = [e for f in t for e in f.events if e.rule == "615.7" and e.kind == "damage prevented"]
    assert len(prevented) == 1 and prevented[0].obj == two
    assert t.state.obj(bears).zone is Zone.GRAVEYARD  # 3 of the 4 damage is dealt


@pytest.mark.rule("615.1a")
@plays("prevent_to_self", card_name="Cho-Manno, Revolutionary")
def test_prevent_all_damage_that_would_be_dealt_to_it_cho_manno():
    fully_compiled("Cho-Manno, Revolutionary")
    s, (cho, shock) = board(("Cho-Manno, Revolutionary", "battlefield"), ("Shock", "hand"), mana="R")
    t = cast_and_resolve(s, shock, targets=(cho,))
    assert t.state.obj(cho).damage == 0 and t.state.obj(cho).zone is Zone.BATTLEFIELD


@pytest.mark.rule("616.1")
def test_a_shield_and_a_prevent_all_ask_which_applies_first_cho_manno_and_samite_healer():
    s, (cho, healer, shock) = board(("Cho-Manno, Revolutionary", "battlefield"), ("Samite Healer", "battlefield"),
                                    ("Shock", "hand"), mana="R")
    t = s.timeline()
    t.do(activate("Alice", healer, 0, targets=(cho,)))
    resolve_top(t)
    t.do(cast("Alice", shock, targets=(cho,)))
    state = t.state
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    assert need.value.kind == "replacement order" and need.value.rule == "616.1" and t.state == state
    resolve_top(t, replacement_order=("prevent all", "prevention shield"))
    assert t.state.obj(cho).damage == 0 and len(t.state.prevention) == 1  # the shield is left unused


@pytest.mark.rule("615.1a")
@plays("prevent_enchanted", card_name="Heart of Light")
def test_prevent_all_damage_dealt_to_and_by_enchanted_creature_heart_of_light():
    fully_compiled("Heart of Light")
    s, (heart, bears, theirs) = board(("Heart of Light", "hand"), ("Grizzly Bears", "battlefield"),
                                      ("Grizzly Bears", "bob:battlefield"), mana="CCW")
    t = cast_and_resolve(s, heart, targets=(bears,))
    t = to_combat_damage(t, [bears], {theirs: bears})
    assert t.state.obj(bears).damage == 0 and t.state.obj(theirs).damage == 0


# ---------------------------------------------------------------- delayed triggers (603.7)
def to_end_step(t):
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", []))
    for _ in range(20):
        if t.state.step is Step.END and t.state.stack:
            return t
        t.do(pass_priority(t.state.priority))
    raise AssertionError("no trigger in the end step")


@pytest.mark.rule("603.7b")
@plays("tokens_then_sacrifice", card_name="Chandra, Acolyte of Flame")
def test_sacrifice_them_at_the_beginning_of_the_next_end_step_chandra_acolyte_of_flame():
    line_played("Chandra, Acolyte of Flame", "[0]: Create")
    s, (chandra,) = board(("Chandra, Acolyte of Flame", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", chandra, "[0]: Create"))
    resolve_top(t)
    tokens = [o.oid for o in t.state.battlefield() if o.is_token]
    assert len(tokens) == 2 and all("haste" in characteristics(t.state, o).keywords for o in tokens)  # 611.2a
    assert len(t.state.delayed) == 1
    t = to_end_step(t)
    assert t.state.delayed == ()  # it triggers once, the next time (603.7b)
    assert any(e.rule == "603.7b" for f in t for e in f.events)
    resolve_top(t)
    assert not any(o.is_token for o in t.state.battlefield())
    assert t.state.obj(chandra).zone is Zone.BATTLEFIELD


@pytest.mark.rule("603.7c")
def test_a_delayed_trigger_ignores_what_left_the_battlefield_chandra_and_unsummon():
    s, (chandra, unsummon) = board(("Chandra, Acolyte of Flame", "battlefield"), ("Unsummon", "hand"), mana="U")
    t = s.timeline()
    t.do(activate("Alice", chandra, "[0]: Create"))
    resolve_top(t)
    first, second = [o.oid for o in t.state.battlefield() if o.is_token]
    t.do(cast("Alice", unsummon, targets=(first,)))
    resolve_top(t)
    t = to_end_step(t)
    resolve_top(t)
    assert [o.oid for o in t.state.battlefield() if o.is_token] == []
    assert any(e.rule == "603.7c" for f in t for e in f.events)


def test_a_delayed_trigger_carries_its_ability_under_the_key_granted_abilities_use():
    assert triggers.CARRIED == stack.GRANTED


# ---------------------------------------------------------------- as ~ enters, choose (614.12)
@pytest.mark.rule("614.12a")
@plays("as_enters_choose_color", card_name="Voice of All")
def test_as_it_enters_choose_a_color_voice_of_all():
    line_played("Voice of All", "As Voice of All")
    s, (voice,) = board(("Voice of All", "hand"), mana="CCWW")
    t = s.timeline()
    t.do(cast("Alice", voice))
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    assert need.value.kind == "color" and need.value.rule == "614.12a"
    resolve_top(t, color="R")
    assert dict(t.state.obj(voice).chosen) == {"color": "R"}


@pytest.mark.rule("614.12a")
@plays("as_enters_choose_type", "chosen_type_pump", card_name="Icon of Ancestry")
def test_choose_a_creature_type_and_creatures_of_the_chosen_type_get_icon_of_ancestry():
    """The type is chosen as it enters (614.12a), any creature type (205.3m), given in any case;
    "the chosen type" is the linked choice (607.2d), read at each moment (611.3a)."""
    line_played("Icon of Ancestry", "As Icon of Ancestry")
    line_played("Icon of Ancestry", "Creatures you control of the chosen type")
    s, (icon, bears, elves, theirs) = board(("Icon of Ancestry", "hand"), ("Grizzly Bears", "battlefield"),
                                            ("Llanowar Elves", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                            mana="CCC")
    t = s.timeline()
    t.do(cast("Alice", icon))
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    assert need.value.kind == "creature type" and need.value.rule == "614.12a"
    resolve_top(t, creature_type="bear")
    assert dict(t.state.obj(icon).chosen) == {"creature type": "Bear"}
    assert characteristics(t.state, bears).pt() == "3/3"
    assert characteristics(t.state, elves).pt() == "1/1" and characteristics(t.state, theirs).pt() == "2/2"


@pytest.mark.rule("205.3m")
def test_a_creature_type_must_be_one_icon_of_ancestry():
    s, (icon,) = board(("Icon of Ancestry", "hand"), mana="CCC")
    t = s.timeline()
    t.do(cast("Alice", icon))
    from mtgrules.core.errors import IllegalAction
    with pytest.raises(IllegalAction):
        resolve_top(t, creature_type="Forest")  # a land type, not a creature type
    from mtgrules.core.errors import ScenarioError
    with pytest.raises(ScenarioError, match="creature type"):
        Scenario("icon", players=["Alice", "Bob"]).add("Icon of Ancestry", "Alice")
    s = Scenario("icon", players=["Alice", "Bob"])
    icon = s.add("Icon of Ancestry", "Alice", chosen={"creature type": "Elf"})
    assert dict(s.state().obj(icon).chosen) == {"creature type": "Elf"}


# ---------------------------------------------------------------- gaining control (613.1b)
@pytest.mark.rule("613.1b")
@plays("control_enchanted", card_name="Persuasion")
def test_you_control_enchanted_creature_persuasion():
    """A layer 2 effect of a static ability (613.1b, 611.3a): Alice controls Bob's creature while
    Persuasion is attached to it, and Bob again once the Aura is gone."""
    fully_compiled("Persuasion")
    s, (aura, theirs) = board(("Persuasion", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CCCUU")
    t = cast_and_resolve(s, aura, targets=(theirs,))
    assert t.state.obj(theirs).controller == "Alice"
    gone = replace(t.state, objects=tuple(replace(o, zone=Zone.GRAVEYARD, zone_player="Alice", attached_to=None)
                                          if o.oid == aura else o for o in t.state.objects))
    new, _events = apply(gone, pass_priority(t.state.priority))
    assert new.obj(theirs).controller == "Bob"


@pytest.mark.rule("611.2a")
@plays("gain_control", card_name="Agent of Treachery")
def test_gain_control_of_target_permanent_agent_of_treachery():
    line_played("Agent of Treachery", "When Agent of Treachery")
    s, (agent, land) = board(("Agent of Treachery", "hand"), ("Forest", "bob:battlefield"), mana="CCCCCUU")
    t = resolve_top(cast_and_resolve(s, agent, target=land))  # the trigger's target, as it goes on the stack
    assert t.state.obj(land).controller == "Alice"  # with no duration, for the rest of the game (611.2a)


@pytest.mark.rule("611.2b")
@plays("control_duration", card_name="Rootwater Matriarch")
def test_gain_control_for_as_long_as_is_marked_not_played_rootwater_matriarch():
    not_played_because("Rootwater Matriarch", "{T}: Gain control", CONTROL_AS_LONG_AS)


@pytest.mark.rule("613.1b")
@plays("opponent_gains_control", card_name="Sleeper Agent")
def test_target_opponent_gains_control_of_it_sleeper_agent():
    """Bob controls it (613.1b), so "deals 2 damage to you" at "your upkeep" is Bob's (109.5)."""
    fully_compiled("Sleeper Agent")
    s, (agent,) = board(("Sleeper Agent", "hand"), mana="B")
    t = cast_and_resolve(s, agent)
    resolve_top(t)  # its one legal target, Bob
    assert t.state.obj(agent).controller == "Bob"


@pytest.mark.rule("509.1b")
@plays("equipped_unblockable_grant", card_name="Whispersilk Cloak")
def test_equipped_creature_cant_be_blocked_and_has_shroud_whispersilk_cloak():
    fully_compiled("Whispersilk Cloak")
    s, (cloak, bears, theirs, shock) = board(("Whispersilk Cloak", "battlefield"), ("Grizzly Bears", "battlefield"),
                                             ("Grizzly Bears", "bob:battlefield"), ("Shock", "bob:hand"), mana="CC")
    t = equip(s.timeline(), cloak, bears)
    assert {"can't be blocked", "shroud"} <= set(characteristics(t.state, bears).keywords)
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {theirs: bears}), "509.1b")


@pytest.mark.rule("509.1b")
@plays("equipped_pump_one_blocker", card_name="Wolfrider's Saddle")
def test_equipped_creature_cant_be_blocked_by_more_than_one_wolfriders_saddle():
    fully_compiled("Wolfrider's Saddle")
    s, (saddle, one, two) = board(("Wolfrider's Saddle", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                  ("Grizzly Bears", "bob:battlefield"), mana="CCCG")
    t = resolve_top(cast_and_resolve(s, saddle))
    wolf = next(o.oid for o in t.state.battlefield() if o.is_token)
    assert t.state.obj(saddle).attached_to == wolf and characteristics(t.state, wolf).pt() == "3/3"
    s = Scenario("saddle", players=["Alice", "Bob"], step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Wolfrider's Saddle", "Alice", attached_to=bears)
    one, two = s.add("Grizzly Bears", "Bob"), s.add("Grizzly Bears", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {one: bears, two: bears}), "509.1b")
    t.do(declare_blockers("Bob", {one: bears}))


@pytest.mark.rule("616.1")
def test_protection_and_a_shield_are_ordered_by_the_affected_player_cerulean_drake_and_samite_healer():
    """Protection prevents damage too (702.16e): with a shield on the same creature, its controller
    chooses which applies first (616.1); protection first leaves the shield unused."""
    s, (drake, healer, clasm) = board(("Cerulean Drake", "battlefield"), ("Samite Healer", "battlefield"),
                                      ("Pyroclasm", "hand"), mana="CR")
    t = s.timeline()
    t.do(activate("Alice", healer, 0, targets=(drake,)))
    resolve_top(t)
    t.do(cast("Alice", clasm))
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    assert need.value.kind == "replacement order"
    protection = next(o for o in need.value.options if o[0] == "protection")
    resolve_top(t, replacement_order=protection)
    assert t.state.obj(drake).damage == 0 and len(t.state.prevention) == 1
    assert any(e.rule == "702.16e" and e.kind == "damage prevented" for e in t.frames[-1].events)


@pytest.mark.rule("702.16d")
def test_an_equipped_creature_that_gains_protection_from_artifacts_sheds_the_equipment_leonin_scimitar():
    """Protection from artifacts: it can't be equipped by an artifact Equipment (702.16d), so one
    already on it comes off as a state-based action (704.5n), and equip can't target it (702.16b)."""
    from mtgrules.core.effects import Effect
    from mtgrules.core.keywords import Keyword
    s = Scenario("scimitar", players=["Alice", "Bob"], step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    sword = s.add("Leonin Scimitar", "Alice", attached_to=bears)
    state = s.state()
    shield = Effect("6", "gains protection from artifacts", "613.1f", None, 99, affected=(state.obj(bears).ref,),
                    add_keywords=frozenset({Keyword.PROTECTION_FROM_ARTIFACTS}))
    state = replace(state, effects=(shield,))
    new, events = apply(state, pass_priority("Alice"))
    assert new.obj(sword).attached_to is None and new.obj(sword).zone is Zone.BATTLEFIELD
    assert any(e.rule == "704.5n" and "702.16d" in e.text for e in events)


@pytest.mark.rule("301.5d")
@plays("equipped_has_ability", card_name="Mask of Immolation")
def test_equipped_creature_has_an_activated_ability_mask_of_immolation():
    """The ability is the equipped creature's (613.1f): its controller activates it, "this
    creature" is the creature, sacrificed as the cost; the damage comes from it as it last existed
    (113.7a). The Mask stays, attached to nothing (701.3d)."""
    fully_compiled("Mask of Immolation")
    s, (mask,) = board(("Mask of Immolation", "hand"), mana="CR")
    t = resolve_top(cast_and_resolve(s, mask))
    token = next(o.oid for o in t.state.battlefield() if o.is_token)
    assert t.state.obj(mask).attached_to == token
    t.do(activate("Alice", token, "Sacrifice", targets=("Bob",)))
    resolve_top(t)
    assert t.state.player("Bob").life == 19
    assert t.state.obj(mask).zone is Zone.BATTLEFIELD and t.state.obj(mask).attached_to is None
