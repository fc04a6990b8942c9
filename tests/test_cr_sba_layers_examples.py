"""An independent check of state-based actions (704), the layers of power and toughness (613, 208),
counters (122), damage (120), indestructible (702.12) and deathtouch outside combat (702.2) against
the Comprehensive Rules (the 2026-01-16 text, whose numbers the kit's edition keeps).

Each test restates one rule, or one of its worked examples, as a small board from the kit's pool
and checks what the engine does. Where the kit has no card for a situation, the test edits the
starting state the way a resolved spell would leave it (damage marked, an effect in force), so the
rule under test is the only thing that acts.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules import MissingChoice, Scenario, activate, apply, cast, pass_priority
from mtgrules.core.effects import Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.layers import characteristics


def _edit(state: GameState, oid: int, **changes) -> GameState:
    """The state with one object's fields changed (damage marked, a zone), as an effect left it."""
    return replace(state, objects=tuple(replace(o, **changes) if o.oid == oid else o for o in state.objects))


def _with_effects(state: GameState, *effects: Effect) -> GameState:
    return replace(state, effects=state.effects + effects)


def _on(state: GameState, oid: int, layer: str, ts: int, **kw) -> Effect:
    """An effect of a resolved spell locked to one object (611.2c), with timestamp ``ts``."""
    return Effect(layer, kw.pop("why", f"a layer {layer} effect"), kw.pop("rule", "613.1"),
                  timestamp=ts, affected=(state.obj(oid).ref,), **kw)


def _checked(state: GameState) -> tuple[GameState, list]:
    """Alice passes priority, so the game checks state-based actions before Bob receives it (704.3)."""
    return apply(state, pass_priority("Alice"))


def _rules(events) -> list[str]:
    return [e.rule for e in events]


def _zone(state: GameState, oid: int) -> Zone:
    return state.obj(oid).zone


# ---------------------------------------------------------------- players (704.5a, 704.5b, 704.3)
@pytest.mark.rule("704.5a")
def test_a_player_with_less_than_zero_life_loses_and_the_other_wins():
    s = Scenario("negative life")
    s.add("Grizzly Bears", "Alice")
    state = s.state()
    state = replace(state, players=tuple(replace(p, life=-3) if p.name == "Bob" else p for p in state.players))
    after, events = _checked(state)
    assert after.player("Bob").lost and not after.player("Alice").lost
    assert "704.5a" in _rules(events)


@pytest.mark.rule("704.3")
def test_both_players_at_zero_life_lose_at_once_and_the_game_is_a_draw():
    """704.3: all applicable state-based actions are performed simultaneously, so neither player
    "loses first"; both lose, which is a draw (104.4a)."""
    s = Scenario("both at 0", life=0)
    after, events = _checked(s.state())
    assert after.player("Alice").lost and after.player("Bob").lost
    assert _rules(events).count("704.5a") == 2
    assert after.priority is None, "the game is over: no one receives priority (104.1)"


@pytest.mark.rule("704.5b")
def test_drawing_from_an_empty_library_loses_at_the_next_check_not_during_the_draw():
    """Jace Beleren's +2 ("Each player draws a card") with Bob's library empty: Bob attempted to
    draw from an empty library, and loses when state-based actions are next checked (704.5b, 121.4)."""
    s = Scenario("Jace draws Bob out", step="main1")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 3})
    s.add("Forest", "Alice", zone="library")
    t = s.timeline().do(activate("Alice", jace, 0))
    start = len(t)
    resolve_top(t)
    events = [e for f in list(t)[start:] for e in f.events]
    assert t.state.player("Bob").lost and not t.state.player("Alice").lost
    assert "704.5b" in _rules(events)


# ---------------------------------------------------------------- tokens (704.5d)
@pytest.mark.rule("704.5d")
def test_a_sacrificed_token_ceases_to_exist_as_a_state_based_action():
    s = Scenario("sacrifice a token", step="main1")
    alarm = s.add("Raise the Alarm", "Alice", zone="hand")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "WWB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", alarm, pay="WW")))
    token = next(o.oid for o in t.state.battlefield("Alice") if o.is_token)
    resolve_top(t.do(cast("Alice", blood)), sacrifice=token)
    assert token not in {o.oid for o in t.state.objects}
    assert "704.5d" in _rules(e for f in t for e in f.events)


# ---------------------------------------------------------------- toughness 0 (704.5f)
@pytest.mark.rule("704.5f")
def test_a_creature_with_toughness_zero_goes_to_the_graveyard_citing_704_5f_not_lethal_damage():
    """Bears with two -1/-1 counters and 1 damage: toughness 0, so 704.5f (not 704.5g, which
    needs toughness greater than 0)."""
    s = Scenario("0 toughness")
    bears = s.add("Grizzly Bears", "Alice", counters={"-1/-1": 2})
    after, events = _checked(_edit(s.state(), bears, damage=1))
    assert _zone(after, bears) is Zone.GRAVEYARD
    assert "704.5f" in _rules(events) and "704.5g" not in _rules(events)


@pytest.mark.rule("702.12b")
def test_indestructible_doesnt_save_a_creature_with_toughness_zero():
    """704.5f puts the creature into the graveyard without destroying it, so indestructible
    (which only stops "destroy", 702.12b) doesn't help."""
    s = Scenario("shrunken Myr")
    myr = s.add("Darksteel Myr", "Alice", counters={"-1/-1": 1})
    after, events = _checked(s.state())
    assert _zone(after, myr) is Zone.GRAVEYARD and "704.5f" in _rules(events)


# ---------------------------------------------------------------- lethal damage (704.5g, 120.6, 702.12b)
@pytest.mark.rule("704.5g")
def test_damage_equal_to_toughness_is_lethal_and_less_is_not():
    s = Scenario("lethal damage")
    dead = s.add("Grizzly Bears", "Alice")
    alive = s.add("Grizzly Bears", "Bob")
    state = _edit(_edit(s.state(), dead, damage=2), alive, damage=1)
    after, events = _checked(state)
    assert _zone(after, dead) is Zone.GRAVEYARD and _zone(after, alive) is Zone.BATTLEFIELD
    assert after.obj(alive).damage == 1, "damage stays marked until the cleanup step (120.6)"
    assert "704.5g" in _rules(events)


@pytest.mark.rule("120.6")
def test_damage_stays_marked_so_losing_a_lords_bonus_later_is_lethal():
    """120.6: Walking Corpse is 3/3 under Lord of the Accursed and has 2 damage marked. When the
    Lord is murdered the Corpse is 2/2 with 2 damage, lethal (704.5g)."""
    s = Scenario("the lord dies")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    start = _edit(s.state(), corpse, damage=2)
    t = Timeline(start, "120.6").do(pass_priority("Alice"))
    assert _zone(t.state, corpse) is Zone.BATTLEFIELD and characteristics(t.state, corpse).pt() == "3/3"
    resolve_top(t.do(cast("Bob", murder, targets=(lord,))))
    assert _zone(t.state, lord) is Zone.GRAVEYARD and _zone(t.state, corpse) is Zone.GRAVEYARD
    assert "704.5g" in _rules(t[-1].events)


@pytest.mark.rule("704.3")
def test_the_check_repeats_after_state_based_actions_are_performed():
    """704.3: the Lord has lethal damage and dies in the first check; only then is the Corpse 2/2
    with 2 damage, which the repeated check destroys."""
    s = Scenario("one check after another")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    state = _edit(_edit(s.state(), lord, damage=3), corpse, damage=2)
    after, events = _checked(state)
    assert _zone(after, lord) is Zone.GRAVEYARD and _zone(after, corpse) is Zone.GRAVEYARD
    moves = list(dict.fromkeys(e.obj for e in events if e.rule == "704.5g"))
    assert moves == [lord, corpse], "the Lord in the first check, the Corpse in the next"


@pytest.mark.rule("702.12b")
def test_an_indestructible_creature_ignores_lethal_damage():
    s = Scenario("Zetalpa takes 9")
    zetalpa = s.add("Zetalpa, Primal Dawn", "Alice")
    after, events = _checked(_edit(s.state(), zetalpa, damage=9))
    assert _zone(after, zetalpa) is Zone.BATTLEFIELD and after.obj(zetalpa).damage == 9
    assert "704.5g" not in _rules(events)


@pytest.mark.rule("120.6")
def test_an_indestructible_creature_that_loses_indestructible_dies_to_damage_still_marked():
    """Damage stays marked (120.6); once indestructible ends, 704.5g applies at the next check."""
    s = Scenario("Zetalpa loses indestructible")
    zetalpa = s.add("Zetalpa, Primal Dawn", "Alice")
    state = _edit(s.state(), zetalpa, damage=8)
    after, _ = _checked(state)
    assert _zone(after, zetalpa) is Zone.BATTLEFIELD
    loses = _on(after, zetalpa, "6", after.timestamp, remove_keywords=frozenset({Keyword.INDESTRUCTIBLE}))
    after, events = apply(_with_effects(after, loses), pass_priority("Bob"))
    assert _zone(after, zetalpa) is Zone.GRAVEYARD and "704.5g" in _rules(events)


# ---------------------------------------------------------------- deathtouch (704.5h, 702.2b)
@pytest.mark.rule("704.5h")
def test_one_damage_from_a_deathtouch_fighter_destroys_a_big_creature():
    """Typhoid Rats enter and fight Craw Wurm (Gruul Ragebeast): 1 damage from a deathtouch source
    destroys the 6/4 Wurm (702.2b, 704.5h) outside combat; the Rats die to 6 damage (704.5g)."""
    s = Scenario("rats fight", step="main1")
    s.add("Gruul Ragebeast", "Alice")
    rats = s.add("Typhoid Rats", "Alice", zone="hand")
    wurm = s.add("Craw Wurm", "Bob")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", rats))
    resolve_top(t, target=wurm)
    resolve_top(t)
    assert _zone(t.state, wurm) is Zone.GRAVEYARD and _zone(t.state, rats) is Zone.GRAVEYARD
    rules = _rules(e for f in t for e in f.events)
    assert "702.2b" in rules and "704.5h" in rules and "704.5g" in rules


@pytest.mark.rule("704.5h")
def test_deathtouch_damage_counts_only_since_the_last_check():
    """Darksteel Myr, made 0/3 by a +0/+2 effect, is dealt 1 damage by a deathtouch source and
    survives the check (indestructible). When it later loses indestructible, that damage was not
    dealt "since the last time state-based actions were checked" (704.5h), and 1 damage on a 0/3
    isn't lethal (704.5g): the Myr stays."""
    s = Scenario("old deathtouch damage")
    myr = s.add("Darksteel Myr", "Alice")
    state = s.state()
    bigger = _on(state, myr, "7c", 90, delta=(0, 2))
    state = _edit(_with_effects(state, bigger), myr, damage=1, deathtouched=True)
    after, _ = _checked(state)
    assert _zone(after, myr) is Zone.BATTLEFIELD
    loses = _on(after, myr, "6", 91, remove_keywords=frozenset({Keyword.INDESTRUCTIBLE}))
    after, events = apply(_with_effects(after, loses), pass_priority("Bob"))
    assert _zone(after, myr) is Zone.BATTLEFIELD, "the deathtouch damage was before the last check"
    assert "704.5h" not in _rules(events)


@pytest.mark.rule("702.12b")
def test_deathtouch_damage_doesnt_destroy_an_indestructible_creature():
    s = Scenario("deathtouch vs indestructible")
    myr = s.add("Darksteel Myr", "Alice")
    state = _with_effects(s.state(), _on(s.state(), myr, "7c", 90, delta=(0, 2)))
    after, events = _checked(_edit(state, myr, damage=1, deathtouched=True))
    assert _zone(after, myr) is Zone.BATTLEFIELD
    assert "704.5h" not in [e.rule for e in events if e.kind == "zone change"]


# ---------------------------------------------------------------- planeswalkers (704.5i, 120.3c)
@pytest.mark.rule("704.5i")
def test_a_planeswalker_that_pays_its_last_loyalty_dies_but_its_ability_resolves():
    """Jace Beleren with 1 loyalty activates −1: the cost leaves it with 0 loyalty, so it goes to
    the graveyard before anyone receives priority (704.5i); its ability on the stack still resolves
    (113.7a): Alice draws a card."""
    s = Scenario("Jace's last loyalty", step="main1")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 1})
    card = s.add("Forest", "Alice", zone="library")
    t = s.timeline().do(activate("Alice", jace, 1, targets=("Alice",)))
    assert _zone(t.state, jace) is Zone.GRAVEYARD and t.state.stack
    assert "704.5i" in _rules(t[-1].events)
    resolve_top(t)
    assert _zone(t.state, card) is Zone.HAND


# ---------------------------------------------------------------- the legend rule (704.5j)
@pytest.mark.rule("704.5j")
def test_the_legend_rule_is_a_choice_that_must_be_given():
    """The controller chooses which one to keep; the kit never picks one for them."""
    s = Scenario("two Jaces")
    a = s.add("Jace Beleren", "Alice")
    b = s.add("Jace Beleren", "Alice")
    with pytest.raises(MissingChoice) as info:
        _checked(s.state())
    assert info.value.kind == "legend rule"
    after, events = apply(s.state(), pass_priority("Alice", legend_rule=a))
    assert _zone(after, a) is Zone.BATTLEFIELD and _zone(after, b) is Zone.GRAVEYARD
    assert "704.5j" in _rules(events)


# ---------------------------------------------------------------- Auras (704.5m)
@pytest.mark.rule("704.5m")
def test_an_aura_whose_permanent_has_left_goes_to_the_graveyard():
    s = Scenario("Sprawl without its Forest")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "G"})
    state = _edit(s.state(), forest, zone=Zone.GRAVEYARD, zone_player="Alice")
    after, events = _checked(state)
    assert _zone(after, sprawl) is Zone.GRAVEYARD and "704.5m" in _rules(events)


# ---------------------------------------------------------------- counters (704.5q, 122.3, 704.8)
@pytest.mark.rule("122.3")
def test_plus_and_minus_counters_cancel_in_pairs_leaving_power_and_toughness_alone():
    s = Scenario("counters cancel")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 3, "-1/-1": 1})
    before = characteristics(s.state(), bears).pt()
    after, events = _checked(s.state())
    assert after.obj(bears).counter("+1/+1") == 2 and after.obj(bears).counter("-1/-1") == 0
    assert characteristics(after, bears).pt() == before == "4/4"
    assert "704.5q" in _rules(events)


@pytest.mark.rule("704.8")
def test_a_creature_dying_as_counters_cancel_is_remembered_with_its_counters_before_the_check():
    """704.8's Young Wolf example, with Hangarback Walker (0/0): one +1/+1 and three -1/-1 counters.
    It dies (704.5f) in the same check that would remove a pair (704.5q); as it last existed it had
    one +1/+1 counter, so its dies trigger makes one Thopter."""
    s = Scenario("Hangarback dies")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1, "-1/-1": 3})
    t = Timeline(s.state(), "704.8").do(pass_priority("Alice"))
    assert _zone(t.state, walker) is Zone.GRAVEYARD
    resolve_top(t)
    thopters = [o for o in t.state.battlefield("Alice") if o.card == "Thopter Token"]
    assert len(thopters) == 1


# ---------------------------------------------------------------- layers (613)
@pytest.mark.rule("613.4b")
def test_the_gray_ogre_example_setting_comes_before_modifying_whatever_the_timestamps():
    """613.5's example with Grizzly Bears (2/2): a +1/+1 counter, +4/+4 until end of turn,
    "creatures you control get +0/+2", then "becomes 0/1" (layer 7b): 5/8."""
    s = Scenario("Gray Ogre")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 1})
    state = s.state()
    assert characteristics(state, bears).pt() == "3/3"
    state = _with_effects(state, _on(state, bears, "7c", 10, delta=(4, 4)))
    assert characteristics(state, bears).pt() == "7/7"
    state = _with_effects(state, _on(state, bears, "7c", 11, delta=(0, 2)))
    assert characteristics(state, bears).pt() == "7/9"
    state = _with_effects(state, _on(state, bears, "7b", 12, set_pt=(0, 1)))
    assert characteristics(state, bears).pt() == "5/8"


@pytest.mark.rule("613.7")
def test_of_two_effects_that_set_power_and_toughness_the_later_timestamp_wins():
    s = Scenario("two settings")
    bears = s.add("Grizzly Bears", "Alice")
    state = s.state()
    small, big = _on(state, bears, "7b", 10, set_pt=(0, 1)), _on(state, bears, "7b", 11, set_pt=(4, 4))
    assert characteristics(_with_effects(state, small, big), bears).pt() == "4/4"
    assert characteristics(_with_effects(state, big, small), bears).pt() == "4/4", "listed order doesn't matter"
    assert characteristics(_with_effects(state, replace(small, timestamp=12), big), bears).pt() == "0/1"


@pytest.mark.rule("613.4c")
def test_a_lords_bonus_applies_after_an_effect_that_sets_its_power_and_toughness():
    """Walking Corpse under Lord of the Accursed is 3/3; "becomes 0/1" (7b), even with a later
    timestamp than the Lord, leaves the Lord's +1/+1 (7c) on top: 1/2."""
    s = Scenario("lord and shrink")
    s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    state = s.state()
    assert characteristics(state, corpse).pt() == "3/3"
    shrunk = _with_effects(state, _on(state, corpse, "7b", 50, set_pt=(0, 1)))
    assert characteristics(shrunk, corpse).pt() == "1/2"


@pytest.mark.rule("704.5f")
def test_a_shrink_to_zero_toughness_kills_at_the_next_check():
    s = Scenario("shrunk to 0")
    bears = s.add("Grizzly Bears", "Alice")
    state = s.state()
    state = _with_effects(state, _on(state, bears, "7c", 10, delta=(-2, -2)))
    after, events = _checked(state)
    assert _zone(after, bears) is Zone.GRAVEYARD and "704.5f" in _rules(events)


@pytest.mark.rule("208.3")
def test_counters_on_a_land_give_it_power_only_once_it_is_a_creature():
    """A Forest with a +1/+1 counter has no power or toughness (208.3); animated into a 3/3 (4, 7b)
    the counter applies in 7c: 4/4."""
    s = Scenario("animated Forest with a counter")
    forest = s.add("Forest", "Alice", counters={"+1/+1": 1})
    state = s.state()
    assert characteristics(state, forest).pt() == ""
    animated = _with_effects(state, _on(state, forest, "4", 10, add_types=frozenset({"Creature"})),
                             _on(state, forest, "7b", 10, set_pt=(3, 3)))
    assert characteristics(animated, forest).pt() == "4/4"


# ---------------------------------------------------------------- switching (613.4d)
def _one_three(title: str) -> tuple[GameState, int]:
    """The examples' 1/3: Grizzly Bears (2/2) given -1/+1 in 7c, which, being additive, changes
    nothing the examples test."""
    s = Scenario(title)
    bears = s.add("Grizzly Bears", "Alice")
    state = s.state()
    return _with_effects(state, _on(state, bears, "7c", 5, delta=(-1, 1))), bears


@pytest.mark.rule("613.4d")
def test_switching_applies_after_every_modification_even_a_later_one():
    """613.4d, first example: a 1/3 given +0/+1, then switched, is 4/1; +5/+0 given after the
    switch still applies before it: "unswitched" 6/4, so 4/6."""
    state, bears = _one_three("switch then pump")
    state = _with_effects(state, _on(state, bears, "7c", 10, delta=(0, 1)))
    state = _with_effects(state, _on(state, bears, "7d", 11, switch_pt=True))
    assert characteristics(state, bears).pt() == "4/1"
    state = _with_effects(state, _on(state, bears, "7c", 12, delta=(5, 0)))
    assert characteristics(state, bears).pt() == "4/6"


@pytest.mark.rule("613.4d")
def test_when_the_pump_ends_before_the_switch_the_switch_uses_what_is_left():
    """613.4d, second example: the +0/+1 ends; the switched 1/3 is 3/1."""
    state, bears = _one_three("pump ends")
    pump = _on(state, bears, "7c", 10, delta=(0, 1))
    switch = _on(state, bears, "7d", 11, switch_pt=True)
    assert characteristics(_with_effects(state, pump, switch), bears).pt() == "4/1"
    assert characteristics(_with_effects(state, switch), bears).pt() == "3/1"


@pytest.mark.rule("613.4d")
def test_two_switches_cancel_each_other():
    """613.4d, third example: switched twice, the 1/3 with +0/+1 is 1/4 again."""
    state, bears = _one_three("switch twice")
    state = _with_effects(state, _on(state, bears, "7c", 10, delta=(0, 1)),
                          _on(state, bears, "7d", 11, switch_pt=True), _on(state, bears, "7d", 12, switch_pt=True))
    assert characteristics(state, bears).pt() == "1/4"


@pytest.mark.rule("613.4d")
def test_counters_apply_before_a_switch():
    """Counters modify P/T in 7c (613.4c), before 7d, whatever the switch's timestamp: Grizzly
    Bears with two +1/+1 counters, given +0/+2, is 4/6, switched 6/4."""
    s = Scenario("counters and a switch")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 2})
    state = s.state()
    state = _with_effects(state, _on(state, bears, "7d", 3, switch_pt=True), _on(state, bears, "7c", 9, delta=(0, 2)))
    assert characteristics(state, bears).pt() == "6/4"


# ---------------------------------------------------------------- more of 613, 704.5q, 120.6, 704.5j
@pytest.mark.rule("613.7")
def test_gaining_and_losing_a_keyword_in_layer_6_the_later_effect_wins():
    """613.9's example: "has flying" and "loses flying" on one creature apply in timestamp order,
    so the one created last wins."""
    s = Scenario("flying on and off")
    angel = s.add("Serra Angel", "Alice")
    state = s.state()
    loses = _on(state, angel, "6", 10, remove_keywords=frozenset({Keyword.FLYING}))
    gains = _on(state, angel, "6", 11, add_keywords=frozenset({Keyword.FLYING}))
    assert Keyword.FLYING in characteristics(_with_effects(state, gains, loses), angel).keywords
    later_loss = replace(loses, timestamp=12)
    assert Keyword.FLYING not in characteristics(_with_effects(state, gains, later_loss), angel).keywords


@pytest.mark.rule("704.5q")
def test_counters_cancel_on_a_permanent_that_isnt_a_creature():
    """704.5q speaks of any permanent, not only creatures: a Forest with two +1/+1 counters and one
    -1/-1 counter keeps one +1/+1 counter."""
    s = Scenario("counters on a land")
    forest = s.add("Forest", "Alice", counters={"+1/+1": 2, "-1/-1": 1})
    after, events = _checked(s.state())
    assert after.obj(forest).counter("+1/+1") == 1 and after.obj(forest).counter("-1/-1") == 0
    assert "704.5q" in _rules(events)


@pytest.mark.rule("120.6")
def test_damage_stays_on_a_permanent_that_stops_being_a_creature():
    """120.6: "Damage marked on a creature remains until the cleanup step, even if that permanent
    stops being a creature." A Forest animated into a 3/3 takes 2 damage; the animation ends (it is a
    land, damage or not, and stays); animated again into a 2/2, it has lethal damage (704.5g)."""
    s = Scenario("a land that was a creature")
    forest = s.add("Forest", "Alice")
    state = s.state()

    def animate(st: GameState, pt: tuple[int, int], ts: int) -> GameState:
        return _with_effects(st, _on(st, forest, "4", ts, add_types=frozenset({"Creature"})),
                             _on(st, forest, "7b", ts, set_pt=pt))

    after, _ = _checked(_edit(animate(state, (3, 3), 10), forest, damage=2))
    assert _zone(after, forest) is Zone.BATTLEFIELD
    plain = replace(after, effects=())
    plain, events = apply(plain, pass_priority("Bob"))
    assert _zone(plain, forest) is Zone.BATTLEFIELD and plain.obj(forest).damage == 2
    again, events = apply(animate(plain, (2, 2), 20), pass_priority(plain.priority))
    assert _zone(again, forest) is Zone.GRAVEYARD and "704.5g" in _rules(events)


@pytest.mark.rule("704.5j")
def test_the_legend_rule_with_three_keeps_one_and_says_so_truly():
    """With three same-named legends the player keeps one and the other two go; no event may say
    "two" legendary permanents."""
    s = Scenario("three Jaces")
    jaces = [s.add("Jace Beleren", "Alice") for _ in range(3)]
    after, events = apply(s.state(), pass_priority("Alice", legend_rule=jaces[1]))
    assert [_zone(after, j) for j in jaces] == [Zone.GRAVEYARD, Zone.BATTLEFIELD, Zone.GRAVEYARD]
    said = [e.text for e in events if e.rule == "704.5j" and e.text]
    assert len(said) == 2 and not any("two legendary" in t for t in said)
    assert all("Jace Beleren" in t for t in said)


@pytest.mark.rule("613.7")
def test_a_static_abilitys_effect_has_its_permanents_timestamp():
    """613.7a and 613.7d: Fervor's "Creatures you control have haste" has Fervor's timestamp (when
    it entered). A "loses haste" effect created before Fervor entered is overridden by it; one
    created after it wins (613.9)."""
    s = Scenario("Fervor and a loss of haste")
    bears = s.add("Grizzly Bears", "Alice")
    fervor = s.add("Fervor", "Alice")
    state = s.state()
    ts = state.obj(fervor).timestamp
    earlier = _on(state, bears, "6", ts - 1, remove_keywords=frozenset({Keyword.HASTE}))
    later = _on(state, bears, "6", ts + 1, remove_keywords=frozenset({Keyword.HASTE}))
    assert Keyword.HASTE in characteristics(_with_effects(state, earlier), bears).keywords
    assert Keyword.HASTE not in characteristics(_with_effects(state, later), bears).keywords


# ---------------------------------------------------------------- Auras that stay or go (704.5m, 303.4c, 303.4d)
@pytest.mark.rule("704.5m")
def test_an_aura_stays_on_a_permanent_that_gains_hexproof():
    """An Aura on the battlefield doesn't target what it enchants (303.4c judges only the enchant
    ability), so Bob's Forest gaining hexproof (702.11b) leaves Alice's Utopia Sprawl on it."""
    s = Scenario("Sprawl on a hexproof Forest")
    forest = s.add("Forest", "Bob")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "G"})
    state = s.state()
    veiled = _with_effects(state, _on(state, forest, "6", 10, add_keywords=frozenset({Keyword.HEXPROOF})))
    after, events = _checked(veiled)
    assert _zone(after, sprawl) is Zone.BATTLEFIELD and "704.5m" not in _rules(events)


@pytest.mark.rule("303.4d")
def test_an_aura_that_becomes_a_creature_goes_to_the_graveyard():
    """303.4d: "An Aura that's also a creature can't enchant anything." Utopia Sprawl made a 2/2
    creature by an effect goes to its owner's graveyard (704.5m); the Forest stays."""
    s = Scenario("an animated Aura")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "G"})
    state = s.state()
    animated = _with_effects(state, _on(state, sprawl, "4", 10, add_types=frozenset({"Creature"})),
                             _on(state, sprawl, "7b", 10, set_pt=(2, 2)))
    after, events = _checked(animated)
    assert _zone(after, sprawl) is Zone.GRAVEYARD and _zone(after, forest) is Zone.BATTLEFIELD
    said = [e.text for e in events if e.rule == "704.5m" and e.text]
    assert said and "303.4d" in said[0]


def test_explain_lists_pt_counters_only_on_a_creature():
    """208.3: a noncreature permanent has no power or toughness, so its +1/+1 counters change
    nothing, and ``explain`` doesn't list them; on a creature it does (613.4c)."""
    from mtgrules import explain
    s = Scenario("Counters on a land")
    land = s.add("Forest", "Alice", counters={"+1/+1": 2})
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 1})
    state = s.state()
    assert explain(state, land) == []
    assert explain(state, bears) == [("7c", "its counters: 1 +1/+1 counter", "613.4c")]
