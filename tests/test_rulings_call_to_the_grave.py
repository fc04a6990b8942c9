"""CTG-1 to CTG-3: Call to the Grave's upkeep and end-step abilities (603, 603.4, 701.21, 805.4d).

Each test plays a scenario through the engine and asserts what the ruling states; each would
fail if the engine sacrificed a Zombie, triggered once per team instead of once per player, or
skipped one of the two checks of the intervening "if".
"""

from __future__ import annotations

import pytest
from helpers import kinds, refused

from mtgrules import Scenario, Step, Zone, activate, advance_to, answer_with, apply, cast, pass_priority
from mtgrules.core.errors import MissingChoice
from mtgrules.lessons import call_to_the_grave as lesson

CTG = "Call to the Grave"


def _zone(state, oid) -> Zone:
    return state.obj(oid).zone


def _events(t, kind: str):
    return [e for f in t for e in f.events if e.kind == kind]


def _sacrifices(events):
    """The moves to a graveyard made by sacrificing (one event per moved object)."""
    return [e for e in events if e.kind == "zone change" and e.attribute == "zone" and e.rule == "701.21a"]


def _in_upkeep_with_trigger(players_cards: dict[str, list[str]], ctg_owner: str = "Alice",
                            upkeep_of: str = "Bob"):
    """A board whose upkeep (of ``upkeep_of``) has just begun with Call to the Grave's trigger
    on the stack. Returns the timeline and the ids by (player, card)."""
    other = "Alice" if upkeep_of == "Bob" else "Bob"
    s = Scenario("upkeep", turn=2, active=other, step="end")
    s.add(CTG, ctg_owner)
    ids = {}
    for player, cards in players_cards.items():
        for name in cards:
            ids[(player, name)] = s.add(name, player)
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, upkeep_of)
    return t, ids


# ---------------------------------------------------------------- CTG-1
@pytest.mark.ruling("CTG-1")
def test_a_player_with_only_zombies_sacrifices_nothing():
    t, ids = _in_upkeep_with_trigger({"Bob": ["Walking Corpse", "Lord of the Accursed"]})
    trigger = t.state.stack[-1]
    assert trigger.kind == "trigger" and trigger.get("player") == "Bob"
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))   # the trigger resolves
    assert not t.state.stack, "the ability resolved"
    assert [e for e in t[-1].events if e.kind == "resolves"], "the ability resolved rather than vanishing"
    for key in ids:
        assert _zone(t.state, ids[key]) is Zone.BATTLEFIELD, f"{key[1]} is a Zombie and stays"
    nothing = kinds(t[-1].events, "nothing to sacrifice")
    assert len(nothing) == 1 and nothing[0].obj == "Bob" and nothing[0].rule == "701.21a"
    assert not _sacrifices(t[-1].events), "nothing is sacrificed"


@pytest.mark.ruling("CTG-1")
def test_a_player_with_no_creatures_sacrifices_nothing():
    t, ids = _in_upkeep_with_trigger({"Bob": ["Forest"], "Alice": ["Grizzly Bears"]})
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert kinds(t[-1].events, "nothing to sacrifice")
    assert all(_zone(t.state, oid) is Zone.BATTLEFIELD for oid in ids.values()), \
        "Bob's land and Alice's creature are untouched: only that player sacrifices, and only a creature"


@pytest.mark.ruling("CTG-1")
def test_the_lesson_walk_through_shows_both_cases():
    t = lesson.only_zombies_upkeep()
    nothing = _events(t, "nothing to sacrifice")
    assert [e.obj for e in nothing] == ["Bob", "Alice"]
    assert not _sacrifices(e for f in t for e in f.events)


def test_with_a_zombie_and_a_non_zombie_the_non_zombie_is_the_only_option():
    t, ids = _in_upkeep_with_trigger({"Bob": ["Walking Corpse", "Grizzly Bears"]})
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))  # one candidate: no question asked
    assert _zone(t.state, ids[("Bob", "Grizzly Bears")]) is Zone.GRAVEYARD
    assert _zone(t.state, ids[("Bob", "Walking Corpse")]) is Zone.BATTLEFIELD


def test_the_player_chooses_and_the_engine_never_picks_for_them():
    t, ids = _in_upkeep_with_trigger({"Bob": ["Grizzly Bears", "Llanowar Elves", "Walking Corpse"]})
    t.do(pass_priority("Bob"))
    state = t.state
    with pytest.raises(MissingChoice) as need:
        apply(state, pass_priority("Alice"))
    assert need.value.kind == "sacrifice" and need.value.player == "Bob" and need.value.rule == "701.21a"
    assert sorted(need.value.options) == sorted([ids[("Bob", "Grizzly Bears")], ids[("Bob", "Llanowar Elves")]])
    refused(state, pass_priority("Alice", sacrifice=ids[("Bob", "Walking Corpse")]), "701.21a")
    t.do(pass_priority("Alice", sacrifice=ids[("Bob", "Llanowar Elves")]))
    assert _zone(t.state, ids[("Bob", "Llanowar Elves")]) is Zone.GRAVEYARD
    assert _zone(t.state, ids[("Bob", "Grizzly Bears")]) is Zone.BATTLEFIELD


# ---------------------------------------------------------------- CTG-2
def _two_headed_giant(extra: dict[str, list[str]] | None = None):
    s = Scenario("2HG", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
                 game_format="two-headed giant", turn=2, active="Bob", step="end")
    s.add(CTG, "Bob")
    ids = {}
    cards = {"Alice": ["Grizzly Bears", "Walking Corpse"], "Andy": ["Llanowar Elves", "Raging Goblin"]}
    for player, names in (extra or cards).items():
        for name in names:
            ids[(player, name)] = s.add(name, player)
    return s.timeline(), ids


@pytest.mark.ruling("CTG-2")
def test_two_headed_giant_upkeep_triggers_once_for_each_player_of_the_team():
    t, ids = _two_headed_giant()
    order = ("Call to the Grave (Andy)", "Call to the Grave (Alice)")
    assert advance_to(t, Step.UPKEEP, "Alice", choose=answer_with({"trigger order": order}))
    stack = t.state.stack
    assert t.state.active == "Alice" and t.state.step is Step.UPKEEP
    assert [i.kind for i in stack] == ["trigger", "trigger"], "two triggers, not one for the team"
    assert sorted(i.get("player") for i in stack) == ["Alice", "Andy"], "one for each player"
    assert all(i.controller == "Bob" for i in stack)
    assert stack[-1].get("player") == "Alice", "the chosen order: Alice's trigger resolves first"
    # each teammate sacrifices a non-Zombie creature when the ability naming them resolves
    t.do(pass_priority("Alice")).do(pass_priority("Bob", sacrifice=ids[("Alice", "Grizzly Bears")]))
    assert _zone(t.state, ids[("Alice", "Grizzly Bears")]) is Zone.GRAVEYARD
    assert _zone(t.state, ids[("Andy", "Llanowar Elves")]) is Zone.BATTLEFIELD, "Andy's turn to choose is later"
    t.do(pass_priority("Alice")).do(pass_priority("Bob", sacrifice=ids[("Andy", "Raging Goblin")]))
    assert _zone(t.state, ids[("Andy", "Raging Goblin")]) is Zone.GRAVEYARD
    assert _zone(t.state, ids[("Andy", "Llanowar Elves")]) is Zone.BATTLEFIELD
    assert _zone(t.state, ids[("Alice", "Walking Corpse")]) is Zone.BATTLEFIELD
    assert len(_sacrifices(e for f in t for e in f.events)) == 2


@pytest.mark.ruling("CTG-2")
def test_each_trigger_takes_a_creature_only_from_the_player_it_refers_to():
    t, ids = _two_headed_giant({"Alice": ["Grizzly Bears", "Llanowar Elves"], "Andy": ["Raging Goblin"]})
    order = ("Call to the Grave (Andy)", "Call to the Grave (Alice)")
    assert advance_to(t, Step.UPKEEP, "Alice", choose=answer_with({"trigger order": order}))
    t.do(pass_priority("Andy"))  # a teammate passes for the team (805.5)
    # Alice's trigger resolves first: Andy's creature is not hers to sacrifice
    refused(t.state, pass_priority("Beth", sacrifice=ids[("Andy", "Raging Goblin")]), "701.21a")
    t.do(pass_priority("Beth", sacrifice=ids[("Alice", "Llanowar Elves")]))
    assert _zone(t.state, ids[("Alice", "Llanowar Elves")]) is Zone.GRAVEYARD
    assert _zone(t.state, ids[("Andy", "Raging Goblin")]) is Zone.BATTLEFIELD
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert _zone(t.state, ids[("Andy", "Raging Goblin")]) is Zone.GRAVEYARD
    assert _zone(t.state, ids[("Alice", "Grizzly Bears")]) is Zone.BATTLEFIELD


@pytest.mark.ruling("CTG-2")
def test_the_lesson_board_puts_two_triggers_on_the_stack():
    t = lesson.two_headed_giant_upkeep()
    both = next(f for f in t if len(f.state.stack) == 2)
    assert {i.get("player") for i in both.state.stack} == {"Alice", "Andy"}
    assert kinds(both.events, "trigger order")[0].rule == "805.7"
    assert len(_sacrifices(e for f in t for e in f.events)) == 2
    assert not t.state.stack


def test_in_a_two_player_game_each_upkeep_has_one_trigger():
    t, _ = _in_upkeep_with_trigger({"Bob": ["Grizzly Bears"]})
    assert len(t.state.stack) == 1 and t.state.stack[0].get("player") == "Bob"


# ---------------------------------------------------------------- CTG-3
@pytest.mark.ruling("CTG-3")
def test_no_trigger_when_a_creature_is_on_the_battlefield_as_the_end_step_begins():
    t = lesson.end_step_no_trigger()
    assert t.state.step is Step.END and not t.state.stack, "the ability didn't trigger"
    checks = kinds(t[-1].events, "if check")
    assert len(checks) == 1 and checks[0].after is False and checks[0].rule == "603.4"
    assert not kinds(t[-1].events, "trigger")
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert lesson.on_battlefield(t), "Call to the Grave stays"


@pytest.mark.ruling("CTG-3")
def test_a_creature_entering_before_resolution_makes_the_ability_do_nothing():
    t = lesson.end_step_creature_enters_in_response()
    checks = [e for e in _events(t, "if check")]
    assert [c.after for c in checks] == [True, False], "true at the trigger, false on resolution"
    trig = next(f for f in t if kinds(f.events, "trigger"))
    assert trig.state.stack and trig.state.stack[-1].kind == "trigger", "it did trigger"
    last = t[-1]
    assert kinds(last.events, "resolves") and kinds(last.events, "if check")[0].after is False
    assert not t.state.stack
    assert lesson.on_battlefield(t), "Call to the Grave's controller doesn't sacrifice it"
    assert not _sacrifices(e for f in t for e in f.events)
    soldiers = [o for o in t.state.battlefield("Bob") if o.card == "Soldier Token"]
    assert len(soldiers) == 2 and all(o.is_token for o in soldiers)


@pytest.mark.ruling("CTG-3")
def test_without_a_response_the_enchantment_is_sacrificed():
    """The control case: the same board with no creature entering, so the second check fails
    to stop it. Without it the two tests above couldn't tell a working check from no ability."""
    t = lesson.end_step_sacrificed()
    assert [c.after for c in _events(t, "if check")] == [True, True]
    assert not lesson.on_battlefield(t)
    gone = _sacrifices(t[-1].events)
    assert len(gone) == 1 and gone[0].name == CTG and gone[0].after == Zone.GRAVEYARD


# ---------------------------------------------------------------- CR 603.4's own pattern
def test_603_4_condition_true_at_the_trigger_and_false_on_resolution_does_nothing():
    s = Scenario("603.4", turn=2, step="main2")
    ctg = s.add(CTG, "Alice")
    plains = [s.add("Plains", "Bob"), s.add("Plains", "Bob")]
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    t = s.timeline()
    assert advance_to(t, Step.END)
    first = kinds(t[-1].events, "if check")
    assert len(first) == 1 and first[0].after is True and first[0].rule == "603.4"
    t.do(pass_priority("Alice")).do(activate("Bob", plains[0])).do(activate("Bob", plains[1]))
    t.do(cast("Bob", alarm)).do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert len(t.state.stack) == 1
    before = t.state
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    second = kinds(t[-1].events, "if check")
    assert len(second) == 1 and second[0].after is False and "does nothing" in second[0].text
    assert t.state.obj(ctg) == before.obj(ctg), "the source is untouched"
    assert not t.state.stack
