"""From a line's IR (parse.py) to the ability objects a hand-written card uses.

Each function here turns one kind of template into what the engine plays, citing the rule of
each change as the hand-written cards do. Anything the IR says that the kit can't build whole
raises :class:`CannotBuild` with a reason, and the compiler marks the line "not played": a line
is never played in part.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mtgrules.cards.builders import (
    creatures_you_control,
    enchanted_has,
    others_you_control,
    tap_any_color,
    tap_for,
    tap_for_one_of,
    this_enters,
)
from mtgrules.cards.oracle.registry import ABILITY_KINDS, INSTRUCTIONS, IR, SPELL_KINDS, TARGET_FINDERS, TARGET_KINDS
from mtgrules.core.abilities import (
    Ability,
    ActivatedAbility,
    Cost,
    Enchant,
    EntersWith,
    Resolution,
    StaticAbility,
    Target,
    TargetSpec,
    TriggeredAbility,
)
from mtgrules.core.carddef import CARD_POOL, CardDef, register
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.events import Event
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.core.turns import Step
from mtgrules.rules.combat.damage import can_be_dealt_damage
from mtgrules.rules.combat.state import is_attacking, is_blocking
from mtgrules.rules.keyword_actions import draw_cards, each_player_draws, mill
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.life import gain_life, lose_life
from mtgrules.rules.look_back import dies
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of
from mtgrules.rules.targeting import opponents, player_targets
from mtgrules.rules.tokens import create_tokens
from mtgrules.rules.zones import move


class CannotBuild(Exception):
    """The line matched a template, but what it says is more than the kit can play whole."""


Test = Callable[[GameState, str, GameObject], bool]

_COLOR_WORDS = {"white", "blue", "black", "red", "green"}
_NOUN_TYPES = {
    "creature": {"Creature"}, "artifact": {"Artifact"}, "enchantment": {"Enchantment"}, "land": {"Land"},
    "planeswalker": {"Planeswalker"}, "artifact or enchantment": {"Artifact", "Enchantment"},
    "creature or planeswalker": {"Creature", "Planeswalker"}, "artifact or creature": {"Artifact", "Creature"},
    "creature or enchantment": {"Creature", "Enchantment"},
}


# ---------------------------------------------------------------- targets (115)
def _adjective_test(word: str) -> Test:
    """One adjective of "target tapped nonblack creature" as a test of the object now. An adjective
    of a list keeps its comma ("nonartifact," of "nonartifact, nonblack creature") for the words."""
    word = word.removesuffix(",")
    if word in ("tapped", "untapped"):
        want = word == "tapped"
        return lambda state, player, obj: obj.tapped is want
    if word == "attacking":
        return lambda state, player, obj: is_attacking(state, obj.oid)
    if word == "blocking":
        return lambda state, player, obj: is_blocking(state, obj.oid)
    if word == "attacking or blocking":
        return lambda state, player, obj: is_attacking(state, obj.oid) or is_blocking(state, obj.oid)
    if " or " in word and set(word.split(" or ")) <= _COLOR_WORDS:  # "green or blue": either colour (105.2)
        either = frozenset(word.split(" or "))
        return lambda state, player, obj: bool(either & characteristics(state, obj.oid).colors)
    if word == "colorless":  # no colour at all (105.2c)
        return lambda state, player, obj: not characteristics(state, obj.oid).colors
    if word in _COLOR_WORDS:  # 105.2, read from the layers (613.1e)
        return lambda state, player, obj: word in characteristics(state, obj.oid).colors
    if word.startswith("non"):
        rest = word[3:]
        if rest in _COLOR_WORDS:  # "nonblack": not that colour now (105.2c)
            return lambda state, player, obj: rest not in characteristics(state, obj.oid).colors
        if rest == "legendary":
            return lambda state, player, obj: "Legendary" not in characteristics(state, obj.oid).supertypes
        kind = rest.capitalize()  # "nonland", "noncreature", "nonartifact" (205.2)
        return lambda state, player, obj: kind not in characteristics(state, obj.oid).types
    raise CannotBuild(f"a target that is \"{word}\" needs to know its own source (115.4), which the kit's "
                      "targets can't see yet")


def _extra_test(extra: IR) -> Test:
    if extra[0] == "controller":
        who = extra[1]
        if who == "you control":
            return lambda state, player, obj: obj.controller == player
        if who == "you don't control":
            return lambda state, player, obj: obj.controller != player
        return lambda state, player, obj: opponents(state, player, obj.controller)
    kind = extra[1]
    if kind == "either color":  # "that's green or white" (105.2)
        either = frozenset(extra[2])
        return lambda state, player, obj: bool(either & characteristics(state, obj.oid).colors)
    if kind == "flying":
        return lambda state, player, obj: Keyword.FLYING in characteristics(state, obj.oid).keywords
    if kind in EXTRA_TESTS:  # a topic's "with ..." / "that's ..." clause (topics/amounts.py)
        return EXTRA_TESTS[kind](extra)
    n = extra[2]
    if kind == "power at least":
        return lambda state, player, obj: characteristics(state, obj.oid).power >= n
    return lambda state, player, obj: characteristics(state, obj.oid).power <= n


EXTRA_TESTS: dict[str, Callable[[IR], Test]] = {}
"""A topic's tests for the clauses after a target's noun, by kind: ``("with", kind, ...)`` -> a test
of the object now (``("with", "mana value at most", 3)``, 202.3); :data:`EXTRA_WORDS` prints them."""

EXTRA_WORDS: dict[str, Callable[[IR], str]] = {}


UP_TO = "up to"
"""The mark an IR target carries for "up to two target creatures": ``("up to", 2, "two", "creatures")``,
the number, and the number and noun as printed (601.2c, 115.6)."""


DISTINCT = "distinct"
"""The mark an IR target carries for "another target", "a third target": ``("distinct", "another
target")``, with its words as printed; it can't be one chosen for an earlier instance (115.3)."""


def _how_many(extra: tuple[IR, ...]) -> tuple[IR | None, tuple[IR, ...]]:
    """The "up to N" mark among a target's extras, if any, and the extras that test the object."""
    marks = [e for e in extra if e and e[0] == UP_TO]
    return (marks[0] if marks else None), tuple(e for e in extra if not (e and e[0] in (UP_TO, DISTINCT)))


def _distinct(extra: tuple[IR, ...]) -> IR | None:
    return next((e for e in extra if e and e[0] == DISTINCT), None)


def target_words(spec: IR) -> str:
    """The target's words as printed ("target tapped creature you don't control", "up to two
    target creatures", "another target")."""
    if spec[0] == "any target":
        other = _distinct(spec[1:])
        return "any target" if other is None else str(other[1])
    _, adjectives, noun, extra = spec
    other = _distinct(extra)
    mark, extra = _how_many(extra)
    if other is not None:
        adjectives = (str(other[1]).removesuffix(" target"), *adjectives)
        words = [*adjectives[:1], "target", *adjectives[1:], noun]
        return " ".join(words + [e[1] for e in extra if e[0] == "controller"])
    words = ["target", *adjectives, noun] if mark is None else ["up to", mark[2], "target", *adjectives, mark[3]]
    for e in extra:
        if e[0] == "with" and e[1] == "either color":
            words.append(f"that's {' or '.join(e[2])}")
            continue
        if e[0] != "controller" and e[1] in EXTRA_WORDS:
            words.append(EXTRA_WORDS[e[1]](e))
            continue
        words.append(e[1] if e[0] == "controller" else {"flying": "with flying",
                     "power at least": f"with power {e[2] if len(e) > 2 else ''} or greater",
                     "power at most": f"with power {e[2] if len(e) > 2 else ''} or less"}[e[1]])
    return " ".join(words)


def permanent_target(spec: IR) -> Target:
    """A Target for "target [adjectives] noun [controller] [with ...]" on the battlefield (115.1),
    or "up to N target [nouns]" (601.2c)."""
    if spec[0] == "any target":
        return Target(target_words(spec), lambda state, player, obj: can_be_dealt_damage(state, obj),
                      frozenset(Zone), players=lambda state, controller, name: True,
                      distinct=_distinct(spec[1:]) is not None)
    _, adjectives, noun, extra = spec
    other = _distinct(extra)
    mark, extra = _how_many(extra)
    if other is not None and any(e[0] == "with" for e in extra):
        raise CannotBuild("\"another target\" with more words after it isn't played yet")
    tests = [_adjective_test(a) for a in adjectives] + [_extra_test(e) for e in extra]
    listed = noun not in _NOUN_TYPES and " or " in noun  # "artifact, enchantment, or land", "artifact or land"
    if listed and any(e[0] == "with" for e in extra):  # "artifact, enchantment, or creature with flying"
        raise CannotBuild("a clause after a list of types (\"artifact, enchantment, or creature with flying\") says "
                          "something of the last type only, which the kit's targets don't read yet")
    kinds = _NOUN_TYPES.get(noun)
    if listed:  # "artifact, enchantment, or land", "Bird, Cat, ... or Snake"
        kinds = None
        tests.append(_noun_list_test(noun))

    def legal(state: GameState, player: str, obj: GameObject) -> bool:
        if not on_battlefield(state, obj):  # a permanent is on the battlefield (110.1)
            return False
        if kinds is not None and not characteristics(state, obj.oid).types & kinds:
            return False
        return all(t(state, player, obj) for t in tests)

    if mark is not None:
        return Target(target_words(spec), legal, frozenset(Zone), count=mark[1], up_to=True,
                      distinct=other is not None)
    return Target(target_words(spec), legal, frozenset(Zone), distinct=other is not None)


def _noun_list_test(noun: str) -> Test:
    """"artifact, enchantment, or land" / "Bird, Cat, Dog, Goat, Ox, or Snake": a permanent with any of
    these card types (205.2a) or subtypes (205.3); a word that is neither isn't guessed at."""
    from mtgrules.core.subtypes import SUBTYPE_SETS
    from mtgrules.rules.creature_types import creature_type

    types: set[str] = set()
    subtypes: set[str] = set()
    every_subtype = {t for known, _ in SUBTYPE_SETS.values() for t in known}
    for word in re.split(r",? or |, ", noun):
        if word in ("artifact", "creature", "enchantment", "land", "planeswalker", "battle"):
            types.add(word.capitalize())
        elif (kind := creature_type(word) or word.capitalize()) in every_subtype:
            subtypes.add(kind)
        else:
            raise CannotBuild(f"\"{word}\" in \"target {noun}\" is no card type or subtype the kit knows")

    def test(state: GameState, player: str, obj: GameObject) -> bool:
        chars = characteristics(state, obj.oid)
        return bool(chars.types & types or chars.subtypes & subtypes)
    return test


_SPELL_KINDS: dict[str, frozenset[str] | None] = {
    "spell": None, "creature spell": frozenset({"Creature"}), "instant spell": frozenset({"Instant"}),
    "sorcery spell": frozenset({"Sorcery"}), "instant or sorcery spell": frozenset({"Instant", "Sorcery"}),
    "artifact or enchantment spell": frozenset({"Artifact", "Enchantment"}),
}


def spell_target(kind: str) -> Target:
    """"target creature spell" and the like: a spell on the stack (115.1, 112.1)."""
    if kind == "noncreature spell":
        def legal(state: GameState, player: str, obj: GameObject) -> bool:
            return obj.zone is Zone.STACK and "Creature" not in characteristics(state, obj.oid).types
    else:
        kinds = _SPELL_KINDS[kind]

        def legal(state: GameState, player: str, obj: GameObject) -> bool:
            return obj.zone is Zone.STACK and (kinds is None or bool(characteristics(state, obj.oid).types & kinds))
    return Target(f"target {kind}", legal, frozenset({Zone.STACK}))


_CARD_KINDS: dict[str, frozenset[str] | None] = {
    "card": None, "creature card": frozenset({"Creature"}), "artifact card": frozenset({"Artifact"}),
    "enchantment card": frozenset({"Enchantment"}), "instant or sorcery card": frozenset({"Instant", "Sorcery"}),
    "instant card": frozenset({"Instant"}), "sorcery card": frozenset({"Sorcery"}), "land card": frozenset({"Land"}),
}


def graveyard_target(kind: str, mark: IR | None = None) -> Target:
    """"target creature card from your graveyard": a card of that type in a graveyard of the
    controller's (115.1, 404); "up to two target creature cards" with the mark (601.2c)."""
    kinds = _CARD_KINDS[kind]

    def legal(state: GameState, player: str, obj: GameObject) -> bool:
        return (obj.zone is Zone.GRAVEYARD and obj.zone_player == player
                and (kinds is None or bool(characteristics(state, obj.oid).types & kinds)))
    if mark is not None:
        return Target(f"up to {mark[2]} target {mark[3]}", legal, frozenset({Zone.GRAVEYARD}), count=mark[1],
                      up_to=True)
    return Target(f"target {kind}", legal, frozenset({Zone.GRAVEYARD}))


def player_spec(words: str) -> Target:
    """"target player" / "target opponent" (115.1c)."""
    if words == "target opponent":
        return Target("target opponent", lambda s, p, o: False, frozenset(), players=opponents)
    return Target("target player", lambda s, p, o: False, frozenset(), players=lambda s, c, n: True)


def _targets_in(eff: IR) -> list[Target]:
    """The targets one instruction names, one per instance of the word "target" (115.1, 115.3)."""
    if eff[0] in TARGET_FINDERS:  # a topic's instruction says which targets it names (registry.targets)
        return list(TARGET_FINDERS[eff[0]](eff))
    found: list[Target] = []
    for part in eff[1:]:
        if isinstance(part, tuple) and part and part[0] in ("target", "any target"):
            found.append(permanent_target(part))
        elif isinstance(part, tuple) and part and part[0] == "spell":
            found.append(spell_target(part[1]))
        elif isinstance(part, tuple) and part and part[0] in ("target player", "target opponent"):
            found.append(player_spec(part[0]))
        elif isinstance(part, tuple) and part and part[0] in TARGET_KINDS:
            found.append(TARGET_KINDS[part[0]](part))
    if eff[0] == "return from graveyard":
        found.append(graveyard_target(eff[1], eff[2] if len(eff) > 2 else None))
    return found


def _targets_of(effects: tuple[IR, ...]) -> list[Target]:
    """The targets an ability's instructions name, as Targets, in order: each instance of the
    word "target" is a target of its own (115.3), even when two have the same words."""
    return [t for eff in effects for t in _targets_in(eff)]


# ---------------------------------------------------------------- instructions (608.2c)
Step_ = Callable[[Resolution, StackItem, str], None]


def _why(res: Resolution, item: StackItem) -> str:
    return item.label


def _effect_step(eff: IR) -> Step_:
    """One instruction as a function of the resolving spell or ability."""
    kind = eff[0]
    if kind in INSTRUCTIONS:
        return INSTRUCTIONS[kind](eff)
    if kind == "damage":
        n, to = eff[1], eff[2]

        def deal(res: Resolution, item: StackItem, why: str) -> None:
            if to[0] in ("target", "any target", "target player", "target opponent") or to[0] in TARGET_KINDS:
                for t in res.any_targets():
                    res.damage(t, n)
            elif to[0] == "each opponent":
                for p in player_targets(res.state):
                    if opponents(res.state, res.controller, p):
                        res.damage(p, n)
            else:
                res.damage(res.controller, n)
        return deal
    if kind == "life":
        who, n = eff[1][0], eff[2]

        def life(res: Resolution, item: StackItem, why: str) -> None:
            change = gain_life if n > 0 else lose_life
            for p in _players(res, who):
                change(res.d, p, abs(n), why)
        return life
    if kind == "draw":
        who, n = eff[1][0], eff[2]

        def draw(res: Resolution, item: StackItem, why: str) -> None:
            if who == "each player":
                each_player_draws(res.d, n)
                return
            for p in _players(res, who):
                draw_cards(res.d, p, n)
        return draw
    if kind == "pump":
        return _pump_step(eff)
    if kind == "destroy":
        def destroy(res: Resolution, item: StackItem, why: str) -> None:
            for obj in res.targets():
                res.destroy(obj)
        return destroy
    if kind == "counter":
        def counter(res: Resolution, item: StackItem, why: str) -> None:
            for obj in res.targets():
                res.counter(obj)
        return counter
    if kind in ("tap", "untap"):
        tapped = kind == "tap"
        enchanted = eff[1] == ("enchanted",)

        def tap(res: Resolution, item: StackItem, why: str) -> None:
            for obj in _enchanted(res) if enchanted else res.targets():
                if obj.tapped is not tapped:
                    res.d.update(obj.oid, "701.26a" if tapped else "701.26b",
                                 f"{why}: {res.name(obj.oid)} is {kind}ped", tapped=tapped)
        return tap
    if kind == "bounce":  # from the battlefield: a new object in its owner's hand (400.3, 400.7)
        return _to_owners_hand("400.3")
    if kind == "exile":
        def exile(res: Resolution, item: StackItem, why: str) -> None:
            for obj in res.targets():
                move(res.d, obj.oid, Zone.EXILE, "406.2", f"{why}: {res.name(obj.oid)} is exiled")
        return exile
    if kind == "counters":
        n, counter_kind, where = eff[1], eff[2], eff[3]

        def counters(res: Resolution, item: StackItem, why: str) -> None:
            src = res.source()
            objs = ([src] if src is not None and src.zone is Zone.BATTLEFIELD else []) if where == ("self",) \
                else res.targets()
            for obj in objs:
                res.add_counters(obj, counter_kind, n, "122.1")
        return counters
    if kind == "mill":
        who, n = eff[1][0], eff[2]

        def mill_cards(res: Resolution, item: StackItem, why: str) -> None:
            for p in _players(res, who):
                mill(res.d, p, n, why)
        return mill_cards
    if kind == "destroy all":
        wanted = {"creatures": "Creature", "artifacts": "Artifact", "enchantments": "Enchantment",
                  "lands": "Land"}.get(eff[1])

        def destroy_all(res: Resolution, item: StackItem, why: str) -> None:
            state = res.state
            doomed = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and (
                wanted in characteristics(state, o.oid).types if wanted else
                "Land" not in characteristics(state, o.oid).types)]
            with res.d.one_event():  # destroyed at once: each sees the others die (603.10a, 701.8a)
                for obj in doomed:
                    res.destroy(obj)
        return destroy_all
    if kind == "damage each":
        n, each = eff[1], eff[2]

        def damage_each(res: Resolution, item: StackItem, why: str) -> None:
            state = res.state
            recipients: list[GameObject | str] = []
            if each != "player":
                for o in state.objects:
                    if o.zone is not Zone.BATTLEFIELD or not characteristics(state, o.oid).is_creature:
                        continue
                    flying = Keyword.FLYING in characteristics(state, o.oid).keywords
                    if ((each == "creature without flying" and flying) or (each == "creature with flying" and not flying)
                            or (each == "other creature" and o.oid == item.source.oid)
                            or (each == "creature your opponents control"
                                and not opponents(state, res.controller, o.controller))):
                        continue
                    recipients.append(o)
            if each in ("player", "creature and each player"):
                recipients += player_targets(state)
            for r in recipients:  # dealt at once (120.3), destroyed together as state-based actions (704.3)
                res.damage(r, n)
        return damage_each
    if kind == "return from graveyard":  # a card in a graveyard becomes a new object in the hand (400.7)
        return _to_owners_hand("400.7")
    if kind == "tokens":
        name, n = token_definition(eff), eff[1]

        def tokens(res: Resolution, item: StackItem, why: str) -> None:
            create_tokens(res.d, name, res.controller, why, n)
        return tokens
    raise CannotBuild(f"the instruction {kind!r} has no builder")


def _to_owners_hand(rule: str) -> Step_:
    """"Return target ... to its owner's hand": each target still legal moves there (608.2b)."""
    def to_hand(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            move(res.d, obj.oid, Zone.HAND, rule, f"{why}: {res.name(obj.oid)} returns to its owner's hand")
    return to_hand


def _enchanted(res: Resolution) -> list[GameObject]:
    """The permanent this Aura enchants now, if any (303.4)."""
    src = res.source()
    if src is None or src.attached_to is None:
        return []
    host = res.state.obj(src.attached_to)
    return [host] if host.zone is Zone.BATTLEFIELD else []


def _players(res: Resolution, who: str) -> list[str]:
    if who == "you":
        return [res.controller]
    if who == "each opponent":
        return [p for p in player_targets(res.state) if opponents(res.state, res.controller, p)]
    return res.target_players()


def _pump_step(eff: IR) -> Step_:
    """"gets +N/+N [and gains K] until end of turn": layer 7c and layer 6 effects locked to the
    objects as the instruction is followed (611.2c), ending at cleanup (514.2)."""
    subject, (p, t), granted = eff[1], eff[2], eff[3]
    words = " and ".join(filter(None, [f"{p:+d}/{t:+d}" if (p, t) != (0, 0) else "", *granted]))

    def pump(res: Resolution, item: StackItem, why: str) -> None:
        if subject[0] == "self":
            src = res.source()
            objs = [src] if src is not None and src.zone is Zone.BATTLEFIELD else []
        elif subject[0] in ("yours", "theirs"):
            state = res.state
            objs = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and characteristics(state, o.oid).is_creature
                    and (o.controller == res.controller) is (subject[0] == "yours")
                    and (subject[0] == "yours" or opponents(state, res.controller, o.controller))]
        else:
            objs = res.targets()
        if not objs:
            return
        # one effect, locked to these objects (611.2c), with one timestamp for all its parts (613.6, 613.7)
        ts, refs, said = res.d.new_timestamp(), tuple(ObjRef(o.oid, o.zcc) for o in objs), f"{why}: {words} until end of turn"
        made = []
        if (p, t) != (0, 0):
            made.append(Effect("7c", said, "613.4c", item.source.oid, ts, affected=refs, delta=(p, t),
                               until_end_of_turn=True))
        if granted:
            made.append(Effect("6", said, "613.1f", item.source.oid, ts, affected=refs,
                               add_keywords=frozenset(Keyword(k) for k in granted), until_end_of_turn=True))
        res.d.set_scalar("613.4c" if (p, t) != (0, 0) else "613.1f", effects=res.d.effects + tuple(made))
    return pump


def resolver(effects: tuple[IR, ...]) -> Callable[[Resolution, StackItem], None]:
    """The instructions of one spell or ability, followed in order (608.2c); each sees only the
    targets of its own instances of "target" ("2 damage to target creature and 2 damage to target
    player", 115.3), and none found illegal as it began to resolve (608.2b)."""
    steps = [_effect_step(e) for e in effects]
    counts = [len(_targets_in(e)) for e in effects]
    several = sum(counts) > 1
    firsts = [sum(counts[:i]) for i in range(len(counts))]

    def resolve(res: Resolution, item: StackItem) -> None:
        why = _why(res, item)
        for step, first, n in zip(steps, firsts, counts, strict=True):
            step(res.for_slots(first, n) if several else res, item, why)
    return resolve


def one_target(effects: tuple[IR, ...]) -> TargetSpec | None:
    """What the ability targets: None, its one Target, or a tuple of them, one per instance of
    the word "target" in order (115.3, 601.2c). Two instances that each take a variable number
    ("up to") are refused: their targets couldn't be told apart in the order given."""
    targets = _targets_of(effects)
    if sum(1 for t in targets if t.up_to) > 1:
        raise CannotBuild("it has two instances of \"up to ... target\", and the kit reads the targets given in "
                          "order, one such instance per spell or ability (601.2c)")
    if len(targets) > 1:
        return tuple(targets)
    return targets[0] if targets else None


def spell_ability(effects: tuple[IR, ...]) -> tuple[Callable[[Resolution, StackItem], None], TargetSpec | None]:
    """A spell's whole instructions as its ``spell`` and ``spell_target``: built by a topic when
    they are one instruction of a kind it builds whole (a modal spell's ``Modal``, 700.2), else
    followed in order with their targets."""
    if len(effects) == 1 and effects[0][0] in SPELL_KINDS:
        return SPELL_KINDS[effects[0][0]](effects[0])
    return resolver(effects), one_target(effects)


# ---------------------------------------------------------------- tokens (111)
def token_definition(eff: IR) -> str:
    """The pool name of the token an instruction creates, defining it from the text's words
    (111.3: the effect that creates a token defines its characteristics; 111.4: a token without
    a given name is named after its subtypes plus "Token")."""
    _, _n, (p, t), colors, subtypes, types, kws = eff
    letters = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
    base = " ".join(subtypes) + " Token"
    defn = CardDef(base, "", frozenset(types), frozenset(subtypes), power=p, toughness=t,
                   keywords=frozenset(Keyword(k) for k in kws), token=True,
                   color_indicator=frozenset(letters[c] for c in colors),
                   oracle=", ".join(k.capitalize() if i == 0 else k for i, k in enumerate(kws)),
                   source="made by an Oracle instruction (111.3)")
    name = base
    held = CARD_POOL.get(base)
    if held is not None and not _same_token(held, defn):
        detail = f"{p}/{t} {' and '.join(letters[c] for c in colors) or 'colorless'}" + (f", {', '.join(kws)}" if kws else "")
        name = f"{base} ({detail})"
        defn = CardDef(name, "", defn.types, defn.subtypes, power=p, toughness=t, keywords=defn.keywords, token=True,
                       color_indicator=defn.color_indicator, oracle=defn.oracle, source=defn.source)
    if CARD_POOL.get(name) is None:
        register(defn)
    return name


def _same_token(a: CardDef, b: CardDef) -> bool:
    return (a.types, a.subtypes, a.power, a.toughness, a.keywords, a.colors, a.abilities) == (
        b.types, b.subtypes, b.power, b.toughness, b.keywords, b.colors, ())


# ---------------------------------------------------------------- abilities by kind
def _you_gain_life(state: GameState, src: GameObject, ev: Event) -> bool:
    """"Whenever you gain life": the controller's life total went up (119.3, 119.9)."""
    return ev.attribute == "life" and ev.name == src.controller and isinstance(ev.after, int) \
        and isinstance(ev.before, int) and ev.after > ev.before


def _creature_of_yours_enters(other: bool) -> Callable[[GameState, GameObject, Event], bool]:
    """"Whenever [another] creature you control enters": a creature arrives on the battlefield
    under this permanent's controller's control (603.6a, checked right after the event, 603.10)."""
    def matches(state: GameState, src: GameObject, ev: Event) -> bool:
        if not (isinstance(ev.obj, int) and ev.attribute == "zone" and ev.after == Zone.BATTLEFIELD
                and ev.before != Zone.BATTLEFIELD) or (other and ev.obj == src.oid):
            return False
        obj = next((o for o in state.objects if o.oid == ev.obj), None)
        return (obj is not None and obj.zone is Zone.BATTLEFIELD and obj.controller == src.controller
                and characteristics(state, obj.oid).is_creature)
    return matches


def _attacks(state: GameState, src: GameObject, ev: Event) -> bool:
    """"Whenever this creature attacks": it was declared as an attacker (508.3a)."""
    return ev.obj == src.oid


def _while_attacking(pt: tuple[int, int], line: str) -> Callable[[GameState, GameObject], list[Effect]]:
    """"~ gets +N/+N as long as it's attacking": a layer 7c effect of a static ability that
    applies while its condition holds, checked each time (611.3a, 613.4c)."""
    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return obj.oid == source.oid and on_battlefield(st, obj) and is_attacking(st, obj.oid)
        return [Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=applies, delta=pt)]
    return effects


def grant_and_pump(line: str, source: GameObject, applies: Callable[[GameState, GameObject, Chars], bool],
                   keywords: frozenset[Keyword], pt: tuple[int, int]) -> list[Effect]:
    """A static ability's keywords (layer 6, 613.1f) and bonus (layer 7c, 613.4c) for the objects
    ``applies`` accepts, both with the source's timestamp: the parts of one effect (613.6)."""
    out = []
    if keywords:
        out.append(Effect("6", line, "613.1f", source.oid, source.timestamp, applies=applies, add_keywords=keywords))
    if pt != (0, 0):
        out.append(Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=applies, delta=pt))
    return out


def _static_effects(subject: IR, pt: tuple[int, int], granted: tuple[str, ...], line: str) -> Callable[..., list[Effect]]:
    p, t = pt
    kind = subject[0]
    parts: list[Callable[[GameState, GameObject], list[Effect]]] = []
    if kind == "yours":
        if pt != (0, 0):
            parts.append(creatures_you_control(p, t, "613.4c", line))
        if granted:
            def yours(state: GameState, source: GameObject) -> list[Effect]:
                def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
                    return obj.controller == source.controller and on_battlefield(st, obj) and chars.is_creature
                return [Effect("6", line, "613.1f", source.oid, source.timestamp, applies=applies,
                               add_keywords=frozenset(Keyword(k) for k in granted))]
            parts.append(yours)
    elif kind == "other yours":
        if granted:
            raise CannotBuild("granting abilities to other creatures of a type isn't built yet")
        parts.append(others_you_control(subject[1].capitalize(), p, t, "613.4c", line))
    else:  # enchanted creature (303.4, 613.4c, 613.1f)
        if pt != (0, 0):
            def enchanted(state: GameState, source: GameObject) -> list[Effect]:
                def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
                    return source.attached_to == obj.oid and on_battlefield(st, obj)
                return [Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=applies, delta=(p, t))]
            parts.append(enchanted)
        if granted:
            parts.append(enchanted_has(*granted, rule="613.1f", why=line))

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        return [e for part in parts for e in part(state, source)]
    return effects


_ENCHANT = {"creature": {"Creature"}, "land": {"Land"}, "artifact": {"Artifact"}, "enchantment": {"Enchantment"},
            "planeswalker": {"Planeswalker"}, "creature or planeswalker": {"Creature", "Planeswalker"}}


def _enchant_target(what: str) -> Target:
    """What an Aura may enchant (303.4a, 702.5a): a permanent of that kind on the battlefield."""
    if what in ("creature you control", "creature an opponent controls"):
        yours = what == "creature you control"

        def legal_c(state: GameState, player: str, obj: GameObject) -> bool:
            return (on_battlefield(state, obj) and characteristics(state, obj.oid).is_creature
                    and (obj.controller == player) is yours)
        return Target(what, legal_c, frozenset(Zone))
    kinds = _ENCHANT.get(what)

    def legal(state: GameState, player: str, obj: GameObject) -> bool:
        return on_battlefield(state, obj) and (kinds is None or bool(characteristics(state, obj.oid).types & kinds))
    return Target(what, legal, frozenset(Zone))


def ability(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """What one line becomes: ``("keywords", (...))``, ``("ability", Ability)`` or
    ``("spell", (effects,))``; CannotBuild when it is more than the kit plays."""
    kind = ir[0]
    if kind in ABILITY_KINDS:
        return ABILITY_KINDS[kind](ir, line, is_spell_card)
    if kind == "keywords":
        return "keywords", tuple(Keyword(k) for k in ir[1])
    if kind == "spell":
        if not is_spell_card:
            raise CannotBuild("instructions on a permanent card that are no ability of their own")
        return "spell", ir[1]
    if is_spell_card and kind not in ("activated", "triggered"):
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    built: Ability
    if kind == "enters tapped":
        built = EntersWith(line, tapped=True)
    elif kind == "enters with counters":
        built = EntersWith(line, counters=((ir[2], ir[1]),))
    elif kind == "enchant":
        built = Enchant(line, _enchant_target(ir[1]))
    elif kind == "mana":
        produced = ir[1]
        if produced[0] == "fixed":
            built = tap_for(*produced[1], text=line)
        elif produced[0] == "one of":
            built = tap_for_one_of(*produced[1], text=line)
        else:
            built = tap_any_color(line)
    elif kind == "activated":
        cost_ir, effects, sorcery = ir[1], ir[2], ir[3]
        if sorcery:
            raise CannotBuild("\"Activate only as a sorcery\" (602.5d) isn't played yet")
        mana = "".join(part[1] for part in cost_ir if part[0] == "mana")
        tap = any(part[0] == "tap" for part in cost_ir)
        target = one_target(effects)
        built = ActivatedAbility(Cost.of(mana, tap=tap), line, resolver(effects), target=target)
    elif kind == "loyalty":  # 606.2, 606.4: paid by putting on or removing loyalty counters
        effects = ir[2]
        built = ActivatedAbility(Cost.of(loyalty=ir[1]), line, resolver(effects), target=one_target(effects))
    elif kind == "triggered":
        event, effects = ir[1][0], ir[2]
        target = one_target(effects)
        resolve = resolver(effects)
        if event == "enters":
            built = TriggeredAbility(line, "zone change", this_enters, resolve, target=target)
        elif event == "dies":
            built = TriggeredAbility(line, "zone change", dies, resolve, target=target, looks_back=True)
        elif event == "attacks":
            built = TriggeredAbility(line, "attacks", _attacks, resolve, target=target)
        elif event in ("another of yours enters", "a creature of yours enters"):
            built = TriggeredAbility(line, "zone change", _creature_of_yours_enters(event.startswith("another")),
                                     resolve, target=target)
        elif event == "your combat":
            built = TriggeredAbility(line, STEP_BEGINS, at_beginning_of(Step.BEGIN_COMBAT, "your"), resolve,
                                     target=target)
        elif event == "each upkeep":
            built = TriggeredAbility(line, STEP_BEGINS, at_beginning_of(Step.UPKEEP, "each"), resolve, target=target)
        elif event == "you gain life":
            built = TriggeredAbility(line, "life", _you_gain_life, resolve, target=target)
        elif event == "upkeep":
            built = TriggeredAbility(line, STEP_BEGINS, at_beginning_of(Step.UPKEEP, "your"), resolve, target=target)
        else:  # a trigger event no builder knows is never guessed at
            raise CannotBuild(f"the trigger event {event!r} has no builder")
    elif kind == "static":
        built = StaticAbility(line, _static_effects(ir[1], ir[2], ir[3], line))
    elif kind == "while attacking":
        built = StaticAbility(line, _while_attacking(ir[1], line))
    else:
        raise CannotBuild(f"no builder for {kind!r}")
    return "ability", built
