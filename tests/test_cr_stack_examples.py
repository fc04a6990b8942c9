"""An independent check of the stack, targets and resolution against the Comprehensive Rules
(the 2026-01-16 text, whose numbers the kit's edition keeps): 405 (the stack), 608 (resolving),
115 (targets), 400.7 (a moved object is a new object), 603.4 (intervening "if"), 603.10 (looking
back), 111.7/111.8 (tokens), 303.4 and 704.5m (Auras), 701.6 (counter).

Each test restates one rule (or one of its worked examples) as a small board and checks what the
engine does. The made-up cards below are registered for these tests only (their ``source`` says
so); each plays one instruction the kit's pool has no card for (flicker, counter, burn a land).
"""

from __future__ import annotations

import pytest
from helpers import refused

from mtgrules import Scenario, activate, cast, characteristics, pass_priority
from mtgrules.cards import CardDef, Effect, Keyword, register
from mtgrules.cards.builders import creature_target
from mtgrules.core.abilities import ActivatedAbility, Cost, Target, TriggeredAbility
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.combat.damage import deal_damage
from mtgrules.rules.life import gain_life
from mtgrules.rules.tokens import create_token
from mtgrules.rules.zones import move

TEST = "made up for tests/test_cr_stack_examples.py (not a real Magic card)"
INSTANT = frozenset({"Instant"})


def _yours(state, player, obj):
    return obj.zone is Zone.BATTLEFIELD and obj.controller == player


def _flicker(res, _item):
    """Exile target permanent you control, then return that card to the battlefield under your control."""
    for obj in res.targets():
        exiled = move(res.d, obj.oid, Zone.EXILE, "406.2", f"{res.name(obj.oid)} is exiled")
        if exiled.zone is Zone.EXILE:
            res.put_onto_battlefield(exiled)


def _thirst(res, item):
    """Sorin's Thirst (the 608.2b example): 2 damage to target creature and you gain 2 life."""
    for obj in res.targets():
        deal_damage(res.d, item.source.oid, obj.oid, 2, combat=False)
    gain_life(res.d, res.controller, 2, "Practice Thirst")


def _veil(res, item):
    for obj in res.targets():
        eff = Effect("6", "Stack Veil: hexproof", "702.11b", item.source.oid, res.d.new_timestamp(),
                     affected=(obj.ref,), add_keywords=frozenset({Keyword.HEXPROOF}), until_end_of_turn=True)
        res.d.set_scalar("613.1f", effects=res.d.effects + (eff,))


def _counter(res, _item):
    """Counter target spell (701.6a): it leaves the stack, doesn't resolve, goes to the graveyard."""
    for obj in res.targets():
        res.d.set_scalar("701.6a", stack=tuple(i for i in res.d.stack if i.source != obj.ref))
        move(res.d, obj.oid, Zone.GRAVEYARD, "701.6a", f"{res.name(obj.oid)} is countered")


def _destroy(res, _item):
    for obj in res.targets():
        res.destroy(obj)


def _snack(res, _item):
    gain_life(res.d, res.controller, 3, "Stack Snack Token")


SNACK = "{T}, Exile this artifact: You gain 3 life."
SPIRIT = "When this token enters, you gain 1 life."


def _this_enters(state, src, ev):
    return ev.obj == src.oid and ev.attribute == "zone" and ev.after == Zone.BATTLEFIELD


def _gain_one(res, _item):
    gain_life(res.d, res.controller, 1, "Stack Spirit Token")


def _make_spirit(res, _item):
    create_token(res.d, "Stack Spirit Token", res.controller, "Stack Summon")


def _a_spell(state, _player, obj):
    return obj.zone is Zone.STACK


def _a_land(state, _player, obj):
    return obj.zone is Zone.BATTLEFIELD and characteristics(state, obj.oid).is_land


register(
    CardDef("Stack Flicker", "{W}", INSTANT, oracle="Exile target permanent you control, then return that card "
            "to the battlefield under your control.", spell=_flicker,
            spell_target=Target("target permanent you control", _yours), source=TEST),
    CardDef("Stack Thirst", "{B}", INSTANT, oracle="Stack Thirst deals 2 damage to target creature and you gain "
            "2 life.", spell=_thirst, spell_target=creature_target(), source=TEST),
    CardDef("Stack Veil", "{G}", INSTANT, oracle="Target creature gains hexproof until end of turn.",
            spell=_veil, spell_target=creature_target(), source=TEST),
    CardDef("Stack Negate", "{U}", INSTANT, oracle="Counter target spell.", spell=_counter,
            spell_target=Target("target spell", _a_spell, frozenset({Zone.STACK})), source=TEST),
    CardDef("Stack Rain", "{R}", INSTANT, oracle="Destroy target land.", spell=_destroy,
            spell_target=Target("target land", _a_land), source=TEST),
    CardDef("Stack Snack Token", "", frozenset({"Artifact"}), frozenset({"Food"}), oracle=SNACK,
            abilities=(ActivatedAbility(Cost.of(tap=True, exile_self=True), SNACK, _snack),), source=TEST,
            token=True),
    CardDef("Stack Spirit Token", "", frozenset({"Creature"}), frozenset({"Spirit"}), power=1, toughness=1,
            oracle=SPIRIT, abilities=(TriggeredAbility(SPIRIT, "zone change", _this_enters, _gain_one),),
            source=TEST, token=True),
    CardDef("Stack Summon", "{W}", INSTANT, oracle="Create a 1/1 white Spirit creature token.",
            spell=_make_spirit, source=TEST),
    replace=True,
)


def _events(t, kind=None):
    return [e for f in t for e in f.events if kind is None or e.kind == kind]


def _rules(t, kind=None):
    return [e.rule for e in _events(t, kind)]


def _zone(t, oid):
    return t.state.obj(oid).zone


# ---------------------------------------------------------------- 405: the stack
@pytest.mark.rule("405.2")
def test_the_last_spell_put_on_the_stack_resolves_first():
    """405.2, 405.5: each object goes on top of the stack; when all pass, the top one resolves.
    Alice pumps her Bears; Bob answers with Stack Thirst on them: the Thirst resolves first, so
    the 2/2 Bears die before Giant Growth can save them, and Giant Growth then has no target."""
    s = Scenario("last in, first out")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    thirst = s.add("Stack Thirst", "Bob", zone="hand")
    s.mana("Alice", "G").mana("Bob", "B")
    t = s.timeline().do(cast("Alice", growth, targets=(bears,))).do(pass_priority("Alice"))
    t.do(cast("Bob", thirst, targets=(bears,)))
    assert [i.label for i in t.state.stack] == ["Giant Growth", "Stack Thirst"]
    resolve_top(t)
    assert _zone(t, thirst) is Zone.GRAVEYARD and _zone(t, bears) is Zone.GRAVEYARD
    assert t.state.player("Bob").life == 22
    resolve_top(t)
    assert _zone(t, growth) is Zone.GRAVEYARD and "608.2b" in _rules(t, "fizzles")


@pytest.mark.rule("405.4")
def test_a_spell_is_controlled_by_its_caster_and_a_trigger_by_its_sources_controller():
    """405.4: the controller of a spell is the player who cast it; of a triggered ability, the
    player who controlled its source when it triggered (Somberwald Stag's enter trigger)."""
    s = Scenario("controllers")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "GGGGG")
    t = s.timeline().do(cast("Alice", stag))
    assert t.state.stack[-1].controller == "Alice"
    resolve_top(t)
    top = t.state.stack[-1]
    assert top.kind == "trigger" and top.controller == "Alice" and top.targets[0].oid == bears


# ---------------------------------------------------------------- 608.2b: targets on resolution
@pytest.mark.rule("608.2b")
def test_a_spell_whose_only_target_is_gone_does_none_of_its_effect():
    """608.2b (the Sorin's Thirst example): the creature has left the battlefield, so the spell
    doesn't resolve at all; its controller doesn't gain the 2 life."""
    s = Scenario("Thirst fizzles")
    bears = s.add("Grizzly Bears", "Bob")
    thirst = s.add("Stack Thirst", "Alice", zone="hand")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "B").mana("Bob", "BBB")
    t = s.timeline().do(cast("Alice", thirst, targets=(bears,))).do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(bears,))))
    resolve_top(t)
    assert t.state.player("Alice").life == 20
    assert _zone(t, thirst) is Zone.GRAVEYARD and "608.2b" in _rules(t, "fizzles")


@pytest.mark.rule("608.2b")
def test_a_target_that_gains_hexproof_makes_a_spell_not_resolve():
    """608.2b: a target whose characteristics changed may no longer be legal. Alice's Thirst
    targets Bob's Bears; Bob gives them hexproof: the Thirst doesn't resolve, no life is gained."""
    s = Scenario("veil")
    bears = s.add("Grizzly Bears", "Bob")
    thirst = s.add("Stack Thirst", "Alice", zone="hand")
    veil = s.add("Stack Veil", "Bob", zone="hand")
    s.mana("Alice", "B").mana("Bob", "G")
    t = s.timeline().do(cast("Alice", thirst, targets=(bears,))).do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", veil, targets=(bears,))))
    resolve_top(t)
    assert t.state.obj(bears).damage == 0 and t.state.player("Alice").life == 20
    assert _zone(t, thirst) is Zone.GRAVEYARD and "608.2b" in _rules(t, "fizzles")


@pytest.mark.rule("400.7")
def test_a_target_that_left_and_came_back_is_a_new_object_and_the_spell_does_nothing():
    """400.7, 608.2b: Alice casts Giant Growth on her Bears and flickers them in response. The
    Bears on the battlefield now are a new object, not the one targeted: Giant Growth doesn't
    resolve, and the new Bears stay 2/2."""
    s = Scenario("flicker")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    flicker = s.add("Stack Flicker", "Alice", zone="hand")
    s.mana("Alice", "GW")
    t = s.timeline().do(cast("Alice", growth, targets=(bears,)))
    resolve_top(t.do(cast("Alice", flicker, targets=(bears,))))
    assert _zone(t, bears) is Zone.BATTLEFIELD
    resolve_top(t)
    assert characteristics(t.state, bears).pt() == "2/2"
    assert _zone(t, growth) is Zone.GRAVEYARD and "608.2b" in _rules(t, "fizzles")


@pytest.mark.rule("608.2b")
def test_an_activated_abilitys_graveyard_target_exiled_in_response_doesnt_return():
    """608.2b: a target no longer in the zone it was in is illegal. Order of Whiteclay targets the
    Bears in Alice's graveyard; she exiles them to pay Lorehold Pledgemage's cost in response; the
    Order's ability doesn't resolve, and the Bears stay in exile."""
    s = Scenario("Whiteclay fizzles")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    mage = s.add("Lorehold Pledgemage", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.mana("Alice", "WWWRGGG")
    t = s.timeline().do(activate("Alice", order, targets=(bears,), pay="GWW"))
    t.do(activate("Alice", mage, exile=bears, pay="GGRW"))
    resolve_top(t)
    assert _zone(t, bears) is Zone.EXILE
    resolve_top(t)
    assert _zone(t, bears) is Zone.EXILE and "608.2b" in _rules(t, "fizzles")


# ---------------------------------------------------------------- 113.7a, 608.2h: the source left
@pytest.mark.rule("608.2h")
def test_an_activated_ability_resolves_after_its_source_has_left():
    """113.7a: an ability on the stack exists independently of its source. Lord of the Accursed's
    menace ability resolves though the Lord was murdered in response; the Zombie that remains
    gains menace."""
    s = Scenario("Lord murdered")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "BB").mana("Bob", "BBB")
    t = s.timeline().do(activate("Alice", lord)).do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(lord,))))
    assert _zone(t, lord) is Zone.GRAVEYARD
    resolve_top(t)
    assert Keyword.MENACE in characteristics(t.state, corpse).keywords


@pytest.mark.rule("400.7")
def test_an_ability_of_a_permanent_that_died_doesnt_follow_the_card_to_the_graveyard():
    """400.7, 608.2h: Hangarback Walker's "{1}, {T}: Put a +1/+1 counter on this creature" is on
    the stack when the Walker is murdered. Its dies trigger counts the one counter it had (603.10a);
    the activated ability then finds no creature and puts no counter on the card in the graveyard."""
    s = Scenario("Hangarback murdered")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "G").mana("Bob", "BBB")
    t = s.timeline().do(activate("Alice", walker, "{1}, {T}")).do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(walker,))))
    assert _zone(t, walker) is Zone.GRAVEYARD
    while t.state.stack:
        resolve_top(t)
    assert t.state.obj(walker).counters == ()
    thopters = [o for o in t.state.battlefield() if o.card == "Thopter Token"]
    assert len(thopters) == 1


@pytest.mark.rule("113.7a")
def test_a_tokens_ability_resolves_after_the_token_has_ceased_to_exist():
    """113.7a: once activated, an ability exists independently of its source. The token exiled to
    pay "{T}, Exile this artifact" ceases to exist (111.7, 704.5d) before its ability resolves,
    and the ability still resolves: Alice gains 3 life."""
    s = Scenario("snack")
    snack = s.add("Stack Snack Token", "Alice")
    t = s.timeline().do(activate("Alice", snack))
    assert snack not in {o.oid for o in t.state.objects} and len(t.state.stack) == 1
    resolve_top(t)
    assert t.state.player("Alice").life == 23 and t.state.stack == ()


@pytest.mark.rule("113.7a")
def test_a_tokens_enter_trigger_resolves_after_the_token_has_ceased_to_exist():
    """113.7a: the Spirit token's "when this token enters" trigger is on the stack when Bob murders
    the token, which then ceases to exist (704.5d); the trigger still resolves: Alice gains 1."""
    s = Scenario("spirit murdered")
    summon = s.add("Stack Summon", "Alice", zone="hand")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "W").mana("Bob", "BBB")
    t = resolve_top(s.timeline().do(cast("Alice", summon)))
    spirit = next(o.oid for o in t.state.battlefield() if o.card == "Stack Spirit Token")
    assert [i.kind for i in t.state.stack] == ["trigger"]
    t.do(pass_priority("Alice")).do(cast("Bob", murder, targets=(spirit,)))
    resolve_top(t)
    assert spirit not in {o.oid for o in t.state.objects}
    resolve_top(t)
    assert t.state.player("Alice").life == 21 and t.state.stack == ()


@pytest.mark.rule("400.7")
def test_a_resolved_pump_doesnt_follow_its_creature_through_a_flicker():
    """400.7, 611.2c: Giant Growth gave the Bears +3/+3; flickered, they return as a new object
    with no memory of it: 2/2."""
    s = Scenario("pump then flicker")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    flicker = s.add("Stack Flicker", "Alice", zone="hand")
    s.mana("Alice", "GW")
    t = resolve_top(s.timeline().do(cast("Alice", growth, targets=(bears,))))
    assert characteristics(t.state, bears).pt() == "5/5"
    resolve_top(t.do(cast("Alice", flicker, targets=(bears,))))
    assert _zone(t, bears) is Zone.BATTLEFIELD and characteristics(t.state, bears).pt() == "2/2"


@pytest.mark.rule("603.3d")
def test_a_trigger_with_no_legal_target_is_removed_from_the_stack():
    """603.3d: Somberwald Stag enters with no creature Alice doesn't control: its trigger has no
    legal target and isn't put on the stack."""
    s = Scenario("Stag alone")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    s.add("Grizzly Bears", "Alice")
    s.mana("Alice", "GGGGG")
    t = resolve_top(s.timeline().do(cast("Alice", stag)))
    assert _zone(t, stag) is Zone.BATTLEFIELD and t.state.stack == ()
    assert "603.3d" in _rules(t, "no target")


@pytest.mark.rule("115.1c")
def test_an_activated_ability_refuses_a_target_its_words_dont_allow():
    """115.1c, 602.2b: Order of Whiteclay returns a card from *your* graveyard; a card in Bob's
    graveyard can't be chosen, and the refusal leaves the board as it was."""
    s = Scenario("Whiteclay, wrong graveyard")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    s.mana("Alice", "WWW")
    err = refused(s.state(), activate("Alice", order, targets=(bears,)), "115.1")
    assert "not a legal target" in err.reason


# ---------------------------------------------------------------- 603.4: intervening "if"
@pytest.mark.rule("603.4")
def test_an_intervening_if_false_at_the_event_means_no_trigger():
    """603.4: Call to the Grave's end-step ability checks "if no creatures are on the battlefield"
    as the end step begins; with Bears there it doesn't trigger at all."""
    s = Scenario("Call with a creature", step="main2")
    ctg = s.add("Call to the Grave", "Alice")
    s.add("Grizzly Bears", "Bob")
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.END and t.state.stack == ()
    assert [e.after for e in _events(t, "if check")] == [False]
    assert _zone(t, ctg) is Zone.BATTLEFIELD


@pytest.mark.rule("603.4")
def test_an_intervening_if_false_on_resolution_does_nothing():
    """603.4, 608.2a: with no creature around the ability triggers; Alice makes two Soldiers in
    response, so as it resolves the condition is false: it does nothing and the Call stays."""
    s = Scenario("Call answered", step="main2")
    ctg = s.add("Call to the Grave", "Alice")
    alarm = s.add("Raise the Alarm", "Alice", zone="hand")
    plains = [s.add("Plains", "Alice") for _ in range(2)]
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.END and len(t.state.stack) == 1
    for p in plains:  # mana empties between steps (500.5), so it is made in the end step
        t.do(activate("Alice", p))
    resolve_top(t.do(cast("Alice", alarm, pay="WW")))
    resolve_top(t)
    assert t.state.stack == () and _zone(t, ctg) is Zone.BATTLEFIELD
    assert [e.after for e in _events(t, "if check")] == [True, False]


# ---------------------------------------------------------------- 115: choosing targets
@pytest.mark.rule("115.3")
def test_the_same_object_cant_be_chosen_twice_for_one_target_word():
    """115.3: Giant Growth says "target" once, so the Bears can be its target only once."""
    s = Scenario("twice")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", growth, targets=(bears, bears)), "115.3")


@pytest.mark.rule("115.5")
def test_a_spell_cant_target_itself():
    """115.5: a spell on the stack is an illegal target for itself (its targets are chosen once it
    is on the stack, 601.2a, 601.2c), so Stack Negate can't counter itself."""
    s = Scenario("self target")
    negate = s.add("Stack Negate", "Alice", zone="hand")
    s.mana("Alice", "U")
    err = refused(s.state(), cast("Alice", negate, targets=(negate,)), "115.5")
    assert "itself" in err.reason


@pytest.mark.rule("115.2")
def test_a_creature_card_in_a_graveyard_is_not_a_target_creature():
    """115.2: only permanents are legal targets unless the spell says otherwise."""
    s = Scenario("graveyard bears")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", growth, targets=(bears,)), "115.1")


# ---------------------------------------------------------------- 701.6: counter
@pytest.mark.rule("701.6a")
def test_a_countered_creature_spell_goes_to_the_graveyard_and_never_enters():
    """701.6a: Bob counters Alice's Grizzly Bears; they never enter the battlefield (608.3)."""
    s = Scenario("countered")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    negate = s.add("Stack Negate", "Bob", zone="hand")
    s.mana("Alice", "GG").mana("Bob", "U")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", negate, targets=(bears,))))
    assert t.state.stack == () and _zone(t, bears) is Zone.GRAVEYARD and _zone(t, negate) is Zone.GRAVEYARD
    assert "608.3a" not in _rules(t)


@pytest.mark.rule("701.6a")
def test_a_counterspell_whose_target_was_countered_doesnt_resolve():
    """405.2, 608.2b: Bob counters Alice's Bears; Alice counters Bob's counterspell. Alice's
    resolves first, Bob's then has no target (it left the stack), and the Bears resolve."""
    s = Scenario("counter war")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    negate_b = s.add("Stack Negate", "Bob", zone="hand")
    negate_a = s.add("Stack Negate", "Alice", zone="hand")
    s.mana("Alice", "GGU").mana("Bob", "U")
    t = s.timeline().do(cast("Alice", bears, pay="GG")).do(pass_priority("Alice"))
    t.do(cast("Bob", negate_b, targets=(bears,)))
    t.do(pass_priority("Bob")).do(cast("Alice", negate_a, targets=(negate_b,)))
    resolve_top(t)
    assert _zone(t, negate_b) is Zone.GRAVEYARD and [i.label for i in t.state.stack] == ["Grizzly Bears"]
    resolve_top(t)
    assert _zone(t, bears) is Zone.BATTLEFIELD


# ---------------------------------------------------------------- 111.7, 111.8: tokens
@pytest.mark.rule("111.8")
def test_a_flickered_token_doesnt_come_back():
    """111.8: a token that has left the battlefield can't come back onto it; it stays in exile and
    ceases to exist at the next check of state-based actions (111.7, 704.5d)."""
    s = Scenario("token flicker")
    soldier = s.add("Soldier Token", "Alice")
    flicker = s.add("Stack Flicker", "Alice", zone="hand")
    s.mana("Alice", "W")
    t = resolve_top(s.timeline().do(cast("Alice", flicker, targets=(soldier,))))
    assert soldier not in {o.oid for o in t.state.objects}
    assert "111.8" in _rules(t) and "704.5d" in _rules(t)


# ---------------------------------------------------------------- 303.4, 608.3c, 704.5m: Auras
@pytest.mark.rule("608.3c")
def test_an_aura_spell_enters_attached_to_the_object_it_targeted():
    """608.3c, 303.4b: Utopia Sprawl enters attached to the Forest it targeted and enchants it."""
    s = Scenario("Sprawl")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = resolve_top(s.timeline().do(cast("Alice", sprawl, targets=(forest,))), color="R")
    assert _zone(t, sprawl) is Zone.BATTLEFIELD and t.state.obj(sprawl).attached_to == forest
    assert "608.3c" in _rules(t)


@pytest.mark.rule("303.4a")
def test_an_aura_spell_cant_target_what_its_enchant_ability_forbids():
    """303.4a, 702.5a: "Enchant Forest" limits what Utopia Sprawl's spell can target."""
    s = Scenario("Sprawl on a Mountain")
    mountain = s.add("Mountain", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", sprawl, targets=(mountain,)), "303.4a")
    refused(s.state(), cast("Alice", sprawl), "303.4a")


@pytest.mark.rule("704.5m")
def test_an_aura_whose_object_is_destroyed_goes_to_the_graveyard():
    """704.5m, 303.4c: the enchanted Forest is destroyed; Utopia Sprawl becomes unattached (701.3d)
    and, attached to nothing, goes to its owner's graveyard."""
    s = Scenario("Sprawl loses its Forest")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "R"})
    rain = s.add("Stack Rain", "Bob", zone="hand")
    s.mana("Bob", "R")
    t = s.timeline().do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", rain, targets=(forest,))))
    assert _zone(t, forest) is Zone.GRAVEYARD and _zone(t, sprawl) is Zone.GRAVEYARD
    assert "701.3d" in _rules(t) and "704.5m" in _rules(t)


@pytest.mark.rule("704.5m")
def test_an_aura_isnt_attached_to_its_object_once_that_object_has_flickered():
    """400.7, 704.5m: the Forest Alice flickers comes back as a new object that Utopia Sprawl was
    never attached to, so the Sprawl is attached to nothing and goes to the graveyard."""
    s = Scenario("Sprawl and a flickered Forest")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "R"})
    flicker = s.add("Stack Flicker", "Alice", zone="hand")
    s.mana("Alice", "W")
    t = resolve_top(s.timeline().do(cast("Alice", flicker, targets=(forest,))))
    assert _zone(t, forest) is Zone.BATTLEFIELD
    assert _zone(t, sprawl) is Zone.GRAVEYARD and "704.5m" in _rules(t)

