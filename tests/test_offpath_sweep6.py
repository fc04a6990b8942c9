"""A sixth sweep off the lesson path, as a learner or a teacher strays: each input here was
misread, silently ignored or crashed from inside the engine, and is now played by the rules or
refused in one sentence, with nothing changed."""

from __future__ import annotations

import re

import pytest

from mtgrules import Scenario, ScenarioError
from mtgrules.core.carddef import CARD_POOL
from mtgrules.rules.layers import characteristics

CREATURE = frozenset({"Creature"})


# ---------------------------------------------------------------- counters the engine would misread
@pytest.mark.parametrize(("kind", "says"), [
    ("+2/+2", "only \\+1/\\+1 and -1/-1 counters"),
    ("+1/+0", "only \\+1/\\+1 and -1/-1 counters"),
    ("+1/1", "only \\+1/\\+1 and -1/-1 counters"),
    ("Loyalty", "lower case.*'loyalty'"),
    ("flying", "122.1b"),
    ("shield", "122.1c"),
    ("stun", "122.1d"),
])
def test_a_counter_the_kit_would_not_play_is_refused_not_left_doing_nothing(kind, says):
    """``counters={"+2/+2": 1}`` made a Grizzly Bears that stayed 2/2 (122.1a says 4/4), and a
    "Loyalty" counter (capital L) left a planeswalker with no loyalty at all."""
    s = Scenario("Counters")
    with pytest.raises(ScenarioError, match=says):
        s.add("Grizzly Bears", "Alice", counters={kind: 1})
    assert s.objects == []


def test_counters_the_kit_plays_and_plain_markers_are_still_taken():
    s = Scenario("Counters")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 2, "-1/-1": 1, "charge": 1})
    assert characteristics(s.state(), bears).power == 3


# ---------------------------------------------------------------- card definitions
def test_a_misspelt_supertype_is_refused_so_the_legend_rule_is_not_escaped():
    """``supertypes={"legendary"}`` was kept, and two copies on the battlefield never met the
    legend rule (704.5j), which looks for "Legendary"."""
    from mtgrules.cards import CardDef
    for wrong in ("legendary", "Legendry"):
        with pytest.raises(ValueError, match=f"{wrong!r} is not a supertype.*205.4a"):
            CardDef("Offpath Legend", "{G}", CREATURE, supertypes={wrong}, power=1, toughness=1)
    assert CardDef("Offpath Legend", "{G}", CREATURE, supertypes={"Legendary"}, power=1, toughness=1)


@pytest.mark.parametrize(("fields", "says"), [
    ({"token": "no"}, "token must be True or False"),
    ({"flavor_text": "yes"}, "flavor_text must be True or False"),
    ({"spell": 3, "types": frozenset({"Instant"}), "power": None, "toughness": None},
     "spell must be a function"),
])
def test_carddef_refuses_a_flag_or_a_spell_of_the_wrong_kind(fields, says):
    """``token="no"`` is true to Python and made the card a token (it could then not be put in a
    hand); ``spell=3`` failed only when a learner cast the card."""
    from mtgrules.cards import CardDef
    given = {"name": "Offpath Flag", "cost": "{G}", "types": CREATURE, "power": 1, "toughness": 1, **fields}
    with pytest.raises(TypeError, match=says):
        CardDef(**given)


def test_register_refuses_two_different_cards_of_one_name_in_one_call():
    """``register(a, b)`` with a and b both named "Offpath Twin" kept b silently, where registering
    them one after the other is refused without ``replace=True``."""
    from mtgrules.cards import CardDef, register
    a = CardDef("Offpath Twin", "{G}", CREATURE, power=1, toughness=1)
    b = CardDef("Offpath Twin", "{G}", CREATURE, power=3, toughness=3)
    with pytest.raises(ValueError, match="two different cards named 'Offpath Twin'"):
        register(a, b)
    assert "Offpath Twin" not in CARD_POOL
    register(a, a)  # the same card twice is still harmless
    assert CARD_POOL.pop("Offpath Twin") is a


# ---------------------------------------------------------------- scenario fields nothing reads
@pytest.mark.parametrize("zone", ["hand", "library", "exile"])
def test_sick_for_a_card_outside_the_battlefield_is_refused_not_forgotten(zone):
    """``s.add("Grizzly Bears", zone="hand", sick=True)`` was taken and then forgotten: the card
    is a new object once it enters (400.7), as ``tapped=True`` in a hand is already refused."""
    s = Scenario("Sick")
    with pytest.raises(ScenarioError, match="leave sick out"):
        s.add("Grizzly Bears", "Alice", zone=zone, sick=True)
    assert s.objects == []


def test_sick_is_still_taken_on_the_battlefield_and_in_a_graveyard():
    """Over My Dead Bodies lets a creature card attack from a graveyard, so "put there this turn" counts."""
    s = Scenario("Sick")
    s.add("Grizzly Bears", "Alice", sick=True)
    s.add("Grizzly Bears", "Alice", zone="graveyard", sick=True)
    assert all(o.control_since == s.turn for o in s.objects)


# ---------------------------------------------------------------- a timeline for a state, and back
def _bears_timeline():
    s = Scenario("Timeline or state")
    bears = s.add("Grizzly Bears", "Alice")
    return s, bears, s.timeline()


def _state_readers():
    import mtgrules as m
    return {"legal_actions(t)": lambda t, b: m.legal_actions(t), "legal_blocks(t)": lambda t, b: m.legal_blocks(t),
            "why_cant_attack(t, b)": m.why_cant_attack, "characteristics(t, b)": m.characteristics,
            "explain(t, b)": m.explain, "mana_value(t, b)": m.mana_value,
            "apply(t, pass)": lambda t, b: m.apply(t, m.pass_priority("Alice"))}


@pytest.mark.parametrize("call", list(_state_readers()))
def test_a_timeline_given_for_a_state_is_named_not_an_attribute_error_from_inside(call):
    """``legal_actions(t)`` (for ``legal_actions(t.state)``) failed deep inside with "'Timeline'
    object has no attribute 'combat'" (or 'obj', 'cached', '_cache')."""
    from mtgrules import MtgRulesError
    _s, bears, t = _bears_timeline()
    with pytest.raises(MtgRulesError, match=r"given a Timeline: pass t\.state") as err:
        _state_readers()[call](t, bears)
    assert isinstance(err.value, TypeError) and len(t) == 1
    assert not hasattr(t, "combat")  # still an AttributeError to hasattr


@pytest.mark.parametrize("verb", ["go_to", "resolve_top", "advance_to"])
def test_a_state_or_a_scenario_given_for_a_timeline_is_named(verb):
    """``go_to(t.state, "end")`` and ``advance_to(t.state, "end")`` failed with "'GameState' object
    has no attribute 'frames'" (or 'state')."""
    from mtgrules import MtgRulesError, advance_to
    from mtgrules.play.verbs import go_to, resolve_top
    play = {"go_to": lambda x: go_to(x, "end"), "resolve_top": resolve_top,
            "advance_to": lambda x: advance_to(x, "end")}[verb]
    s, _bears, t = _bears_timeline()
    with pytest.raises(MtgRulesError, match=rf"{verb} plays on a Timeline, not a GameState: pass the timeline itself"):
        play(t.state)
    with pytest.raises(TypeError, match=r"not a Scenario: make one with t = s\.timeline\(\)"):
        play(s)
    assert len(t) == 1


# ---------------------------------------------------------------- ids that aren't there
def test_characteristics_of_an_id_that_does_not_exist_names_it():
    """``characteristics(state, 999)`` raised a bare ``KeyError: 999``."""
    _s, _bears, t = _bears_timeline()
    with pytest.raises(KeyError, match="no object with id 999"):
        characteristics(t.state, 999)


def _blocks_board():
    from mtgrules import declare_attackers, legal_blocks
    from mtgrules.play.verbs import go_to
    s = Scenario("Blocks", step="declare_attackers")
    bears = s.add("Grizzly Bears", "Alice")
    wall = s.add("Wall of Wood", "Bob")
    t = s.timeline().do(declare_attackers("Alice", {bears: "Bob"}))
    go_to(t, "declare_blockers")
    return legal_blocks(t.state, "Bob"), bears, wall


def test_judging_a_declaration_naming_a_missing_id_says_so_instead_of_crashing():
    """``legal_blocks(...).describe({999: bears})`` raised ``KeyError: 999``, and so did
    ``check("04.2", [{999: 998}])`` (its judge describes a wrong declaration)."""
    from mtgrules.lessons.check import check
    options, bears, _wall = _blocks_board()
    assert options.describe({999: bears}) == "object 999 blocks Grizzly Bears"
    verdict = check("04.2", [{999: 998}])
    assert not verdict and "there is no object with id 999" in verdict.message


def test_check_of_a_block_declaration_refuses_a_list_of_blockers():
    """``legal_blocks(...).check([wall])`` failed with "'list' object has no attribute 'items'"."""
    options, bears, wall = _blocks_board()
    with pytest.raises(TypeError, match=r"check takes one declaration as \{blocker id: attacker id\}"):
        options.check([wall])
    assert options.check({wall: bears}).legal


# ---------------------------------------------------------------- exercise answers
@pytest.mark.parametrize("answer", [{"cards": 2}, [{"cards": 2}], [[1], {"a": [2]}]])
def test_check_judges_an_answer_holding_a_dict_instead_of_crashing(answer):
    """``check("04.4", {"cards": 2})`` raised "unhashable type: 'dict'"."""
    from mtgrules.lessons.check import check
    verdict = check("04.4", answer)
    assert not verdict and "plays it differently" in verdict.message


def test_check_says_when_a_right_answer_is_in_the_wrong_form():
    """``check("02.3", 302.6)`` (a float) and ``check("02.1", "False")`` (text) were judged wrong
    with the hint, as if the learner had the rule wrong; a float would also read 302.10 as 302.1."""
    from mtgrules.lessons.check import check
    rule = check("02.3", 302.6)
    assert not rule and 'as text, in quotes ("302.6")' in rule.message
    yes_no = check("02.1", "False")
    assert not yes_no and "True or False without quotes" in yes_no.message
    assert check("02.3", "302.6") and check("02.1", False)


# ---------------------------------------------------------------- effects a card author builds
@pytest.mark.parametrize(("fields", "error", "says"), [
    ({"applies": 3}, "611.3a", "applies must be a function"),
    ({"until_end_of_turn": "no"}, "514.2", "until_end_of_turn must be True or False"),
    ({"timestamp": "1"}, "613.7", "timestamp .* must be whole numbers"),
    ({"source": "bears"}, "613.7", "source .* must be whole numbers"),
    ({"description": 5}, None, "description must be text"),
    ({"rule": 613}, None, "rule must be text"),
])
def test_an_effect_with_a_field_of_the_wrong_kind_is_refused_where_it_is_built(fields, error, says):
    """``Effect(..., applies=3)`` was kept and failed with "'int' object is not callable" on the
    next state read; ``until_end_of_turn="no"`` (true to Python) made the effect end in cleanup;
    ``timestamp="1"`` failed when effects were sorted by timestamp."""
    from mtgrules.core.effects import Effect
    from mtgrules.core.errors import EffectError
    given = {"layer": "7c", "description": "Offpath +1/+1", "rule": "613.4c", "delta": (1, 1), **fields}
    with pytest.raises(EffectError if error else TypeError, match=says) as err:
        Effect(**given)
    assert error is None or err.value.rule == error


# ---------------------------------------------------------------- timelines
def _growth_on_the_stack():
    from mtgrules import cast
    s = Scenario("Growth")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    return s.timeline().do(cast("Alice", growth, targets=(bears,)))


def test_do_all_refused_halfway_takes_back_the_actions_before_it():
    """``t.do_all([pass_priority("Alice"), pass_priority("Alice")])`` kept Alice's first pass when
    the second was refused (Bob had priority), so the timeline was half played; ``go_to`` and
    ``resolve_top`` already take their passes back."""
    from mtgrules import IllegalAction, pass_priority
    t = _growth_on_the_stack()
    before = list(t.frames)
    with pytest.raises(IllegalAction, match="117.3d"):
        t.do_all([pass_priority("Alice"), pass_priority("Alice")])
    assert t.frames == before
    t.do_all([pass_priority("Alice"), pass_priority("Bob")])  # still plays a legal list
    assert not t.state.stack


@pytest.mark.parametrize("given", ["one action", 3])
def test_do_all_refuses_what_is_not_a_list_of_actions(given):
    """``t.do_all(pass_priority("Alice"))`` failed with "'PassPriority' object is not iterable"."""
    from mtgrules import pass_priority
    t = _growth_on_the_stack()
    with pytest.raises(TypeError, match="do_all plays a list of actions"):
        t.do_all(pass_priority("Alice") if given == "one action" else given)
    assert len(t) == 2


def test_reading_a_step_that_is_not_there_names_the_steps_there_are():
    """``t[100]`` said "list index out of range" and ``t["cast"]`` "list indices must be integers"."""
    t = _growth_on_the_stack()
    with pytest.raises(IndexError, match=r"step 100 is outside this timeline \(0\.\.1"):
        t[100]
    with pytest.raises(TypeError, match=r"t\.find\(\.\.\.\) finds one by what happened"):
        t["cast"]
    assert t[-1].index == 1 and [f.index for f in t[0:2]] == [0, 1]


@pytest.mark.parametrize(("kwargs", "says"), [
    ({"start": "1"}, "start must be a step number"),
    ({"refused": "yes"}, "refused must be True or False"),
    ({"title": "casts", "last": "no"}, "last must be True or False"),
])
def test_find_refuses_a_start_or_a_flag_of_the_wrong_kind(kwargs, says):
    """``t.find(start="1")`` failed inside with "slice indices must be integers", and
    ``t.find(..., last="no")`` read "no" as True."""
    t = _growth_on_the_stack()
    with pytest.raises(TypeError, match=says):
        t.find(**kwargs)
    assert t.find(title="casts", last=False) == 1


@pytest.mark.parametrize("attacked", [None, ["Bob"]])
def test_what_a_creature_attacks_is_asked_for_as_a_player_or_a_planeswalker(attacked):
    """``declare_attackers("Alice", {bears: None})`` was refused saying what it attacks "must be an
    object id", when a player's name is what is usually meant (508.1b)."""
    from mtgrules import declare_attackers
    with pytest.raises(TypeError, match="must be a player's name .* or a planeswalker's id"):
        declare_attackers("Alice", {1: attacked})


@pytest.mark.parametrize("names", [["Alice", "Alice "], ["alice", "Alice"], [" Bob", "Alice"]])
def test_players_who_would_look_like_one_are_refused(names):
    """``players=["Alice", "Alice "]`` or ``["alice", "Alice"]`` made two players a table shows as
    one, and an action by "Alice" went to whichever was spelt exactly so."""
    with pytest.raises(ScenarioError, match="spaces around it|two or more distinct names"):
        Scenario("Names", players=names)


def test_an_action_by_a_player_not_in_the_game_names_the_players():
    """``pass_priority("alice")`` was refused without saying who is playing."""
    from mtgrules import IllegalAction, pass_priority
    t = Scenario("Names").timeline()
    with pytest.raises(IllegalAction, match="no player named 'alice' in this game; the players are Alice, Bob"):
        t.do(pass_priority("alice"))


def test_a_planeswalker_given_other_counters_still_enters_with_its_loyalty():
    """``s.add("Jace Beleren", counters={"charge": 1})`` gave Jace no loyalty counters at all, so
    he went to the graveyard at the first check (704.5i) instead of having his printed 3 (306.5b)."""
    from mtgrules import pass_priority
    s = Scenario("Loyalty")
    jace = s.add("Jace Beleren", "Alice", counters={"charge": 1})
    zero = s.add("Jace Beleren", "Bob", counters={"loyalty": 0})  # said outright: kept
    assert dict(s.state().obj(jace).counters) == {"loyalty": 3, "charge": 1}
    t = s.timeline().do(pass_priority("Alice"))
    assert t.state.obj(jace).zone.value == "battlefield" and t.state.obj(zero).zone.value == "graveyard"


# ---------------------------------------------------------------- callbacks and answer tables
def _orchard():
    s = Scenario("Orchard")
    orchard = s.add("Exotic Orchard", "Alice")
    s.add("Forest", "Bob")
    s.add("Mountain", "Bob")
    return s, orchard


def test_a_callback_with_no_answer_is_a_missing_choice_not_none_refused_as_an_option():
    """``s.timeline(answer_with({"sacrifice": 1}))`` asked about a colour was refused with "None is
    not a possible color for Alice", as if the learner had answered None."""
    from mtgrules import MissingChoice, activate, answer_with
    s, orchard = _orchard()
    t = s.timeline(answer_with({"sacrifice": 1}))
    err = t.attempt(activate("Alice", orchard))
    assert isinstance(err, MissingChoice) and err.keyword == "color" and t.state is t[0].state
    assert s.timeline(answer_with({"color": "G"})).attempt(activate("Alice", orchard)) is None


@pytest.mark.parametrize("make", ["timeline", "answer_with", "choose", "max_passes"])
def test_a_callback_or_table_of_the_wrong_kind_is_refused_where_it_is_given(make):
    """``s.timeline(3)`` failed at the first choice with "'int' object is not callable",
    ``answer_with([("color", "G")])`` with "'list' object has no attribute 'items'", and
    ``advance_to(t, "end", max_passes="5")`` inside ``range``."""
    from mtgrules import advance_to, answer_with
    s, _orchard_id = _orchard()
    call = {"timeline": lambda: s.timeline(3), "answer_with": lambda: answer_with([("color", "G")]),
            "choose": lambda: advance_to(s.timeline(), "end", choose=3),
            "max_passes": lambda: advance_to(s.timeline(), "end", max_passes="5")}[make]
    with pytest.raises(TypeError, match="a function of a ChoiceRequest|a table of answers|max_passes must be"):
        call()


@pytest.mark.parametrize(("given", "near"), [("4.4", "'04.4' (as text"), (4.4, "'04.4' (as text"),
                                             ("O4.4", "'04.4'?")])
def test_an_unknown_exercise_id_suggests_the_close_one(given, near):
    """``check(4.4, 1)`` listed all the ids without saying that "04.4" is the one meant."""
    from mtgrules.lessons.check import check
    with pytest.raises(ValueError, match=f"did you mean {re.escape(near)}"):
        check(given, 1)


def test_an_object_reference_given_for_an_id_is_named_as_such():
    """``cast("Alice", state.obj(murder).ref)`` and ``characteristics(state, ref)`` said "no object
    with id ObjRef(oid=2, zcc=0)" (or only "not ObjRef"), when the object is there."""
    from mtgrules import IllegalAction, cast, why_cant_attack
    s = Scenario("References")
    bears = s.add("Grizzly Bears", "Alice")
    murder = s.add("Murder", "Alice", zone="hand")
    state = s.state()
    with pytest.raises(IllegalAction, match=f"this reference's id is {murder}"):
        cast("Alice", state.obj(murder).ref)
    ref = state.obj(bears).ref
    with pytest.raises(KeyError, match=f"is an object reference, not an id: ask for {bears}"):
        characteristics(state, ref)
    assert f"ask for {bears}" in why_cant_attack(state, ref).text


# ---------------------------------------------------------------- abilities a card author builds
def _resolve(res, item):  # an ability's effect, for the definitions below
    del res, item


def _matches(state, source, event):
    del state, source, event
    return True


@pytest.mark.parametrize(("make", "error", "says"), [
    (lambda c: c.Cost(tap="yes"), TypeError, "tap must be True or False"),
    (lambda c: c.Cost(mana="{Q}"), ValueError, "unknown mana symbol"),
    (lambda c: c.ActivatedAbility("{T}: Draw a card.", c.Cost.of(tap=True), _resolve), TypeError,
     "cost must be a Cost .* \\(it comes first\\)"),
    (lambda c: c.ActivatedAbility(c.Cost.of(tap=True), "{T}: Draw.", 3), TypeError, "resolve must be a function"),
    (lambda c: c.TriggeredAbility("Whenever this attacks, draw.", "atacks", _matches, _resolve), ValueError,
     "'atacks' is not an event kind, so it would never trigger; did you mean 'attacks'"),
    (lambda c: c.TriggeredAbility("When x, draw.", "attacks", _matches, _resolve, looks_back="no"), TypeError,
     "looks_back must be True or False"),
    (lambda c: c.StaticAbility("Creatures you control have flying.", 3), TypeError, "effects must be a function"),
    (lambda c: c.Target("target creature", 3), TypeError, "legal must be a function"),
    (lambda c: c.Enchant("Enchant creature", "creature"), TypeError, "target must be a Target"),
    (lambda c: c.EntersWith("enters with Y counters", counters=(("+1/+1", "Y"),)), TypeError,
     "counters must be \\(kind, number\\) pairs"),
    (lambda c: c.at_beginning_of("upkep"), ValueError, "unknown step 'upkep'"),
    (lambda c: c.grant_keyword_to_yours("flyng", "702.9", "Creatures you control have flying."), ValueError,
     "unknown keyword 'flyng'"),
])
def test_an_ability_of_the_wrong_kind_is_refused_where_it_is_built(make, error, says):
    """Each of these was kept: a misspelt event kind or step made a trigger that never fired,
    ``Cost(tap="yes")`` and ``looks_back="no"`` were true to Python, the cost and text given in
    the wrong order, ``resolve=3`` or ``legal=3`` failed only when a learner played the card, and
    ``Cost(mana="{Q}")`` kept the text unparsed."""
    import mtgrules.cards as c
    with pytest.raises(error, match=says):
        make(c)


def test_a_cost_given_its_mana_as_text_reads_it_as_cost_of_does():
    import mtgrules.cards as c
    assert c.Cost(mana="{1}{G}", tap=True) == c.Cost.of("{1}{G}", tap=True)
    assert c.at_beginning_of("upkeep") is not None


@pytest.mark.parametrize("make", [
    lambda c: c.EntersWith("This creature enters with two +2/+2 counters.", counters=(("+2/+2", 2),)),
    lambda c: c.EntersWith("This enters with a Charge counter.", counters=(("Charge", 1),)),
    lambda c: c.Cost.of(tap=True, remove_counter="Charge"),
])
def test_a_card_author_cannot_give_counters_the_engine_would_misread(make):
    """An ``EntersWith`` of "+2/+2" counters put counters that did nothing (122.1a), and a
    "Charge" counter (capital C) was never found by the engine, which names kinds in lower case."""
    import mtgrules.cards as c
    with pytest.raises(ValueError, match="only \\+1/\\+1 and -1/-1|lower case"):
        make(c)


def test_a_creature_card_without_power_and_toughness_is_refused():
    """``CardDef("X", "{G}", {"Creature"})`` was kept and played as a 0/0 that died at once (208.5),
    with nothing saying the author left its printed power and toughness out (208.1)."""
    from mtgrules.cards import CardDef
    with pytest.raises(ValueError, match="power and toughness printed \\(208.1\\)"):
        CardDef("Offpath Blank", "{G}", CREATURE, toughness=1)
    assert CardDef("Offpath Zero", "{G}", CREATURE, power=0, toughness=0).power == 0


def test_resolve_top_after_the_game_ended_says_the_game_is_over():
    """``resolve_top(t)`` after Bob conceded said "no one has priority in the precombat main phase",
    as if the phase were the reason (104.1: the game ends immediately)."""
    from mtgrules import concede
    from mtgrules.play.verbs import resolve_top
    t = _growth_on_the_stack().do(concede("Bob"))
    frames = list(t.frames)
    with pytest.raises(RuntimeError, match="the game is over, so nothing on the stack resolves"):
        resolve_top(t)
    assert t.frames == frames


def test_the_same_block_listed_twice_is_named_as_such():
    """``declare_blockers("Bob", [(wall, bears), (wall, bears)])`` was refused with "Wall of Wood
    can block only one creature", though it named only one."""
    from mtgrules import declare_attackers, declare_blockers
    from mtgrules.play.verbs import go_to
    s = Scenario("Blocks", step="declare_attackers")
    bears = s.add("Grizzly Bears", "Alice")
    wall = s.add("Wall of Wood", "Bob")
    t = s.timeline().do(declare_attackers("Alice", {bears: "Bob"}))
    go_to(t, "declare_blockers")
    err = t.attempt(declare_blockers("Bob", [(wall, bears), (wall, bears)]))
    assert err.rule == "509.1a" and "is declared as a blocker of Grizzly Bears twice" in err.reason


def test_go_to_stopped_by_the_end_of_the_game_says_how_it_ended():
    """``go_to(t, "main1")`` from a board without libraries said only "the game is over": the
    draw step on the way had made Bob draw from an empty library (704.5b), which it didn't say."""
    from mtgrules.play.verbs import go_to
    t = Scenario("No libraries").timeline()
    with pytest.raises(RuntimeError, match=r"the game is over: Bob attempted to draw from an empty library .*704\.5b"):
        go_to(t, "main1")
    assert len(t) == 1


def test_register_refuses_a_line_marked_not_played_that_the_card_plays():
    """A card with ``keywords={"flying"}`` and "Flying" marked in ``not_played`` was registered, and
    the board said “Flying” (not played by this kit) while the creature flew."""
    from mtgrules.cards import CardDef, register
    stale = CardDef("Offpath Stale", "{G}", CREATURE, power=1, toughness=1, oracle="Flying", keywords={"flying"},
                    not_played=(("Flying", "not played yet"),))
    with pytest.raises(ValueError, match="not_played marks 'Flying', which keyword plays; remove the mark"):
        register(stale)
    assert "Offpath Stale" not in CARD_POOL


def test_a_choice_for_a_card_not_on_the_battlefield_is_refused_not_forgotten():
    """``s.add("Utopia Sprawl", zone="hand", chosen={"color": "G"})`` was taken and then forgotten:
    the Aura chooses its colour as it enters (614.12), and is asked again then."""
    s = Scenario("Chosen")
    with pytest.raises(ScenarioError, match="has chosen nothing yet; leave chosen out"):
        s.add("Utopia Sprawl", "Alice", zone="hand", chosen={"color": "G"})
    assert s.objects == []
    assert s.add("Utopia Sprawl", "Alice", zone="hand") == 1
