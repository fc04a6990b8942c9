"""Static abilities with a condition ("as long as ...", 611.3a), and the statics that change a rule
of the game: untapping (502.3), maximum hand size (402.2), land plays (305.2), "must be blocked if
able" (509.1c).

The grammar's section "statics" holds the templates; this module turns them into IR
(``@transform``) and builds the abilities (``@ability_kind``). The engine's side, and what each
condition means, is ``rules/statics.py``.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild
from mtgrules.cards.oracle.registry import IR, ability_kind, transform
from mtgrules.core.abilities import StaticAbility
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.rules.creature_types import creature_type
from mtgrules.rules.layers import on_battlefield
from mtgrules.rules.statics import (
    CARD_TYPES,
    COLOR_WORDS,
    AdditionalLands,
    AttacksDespiteDefender,
    KeepsMana,
    KeepsTapped,
    LuresBlockers,
    NoMaximumHandSize,
    PlayerHas,
    UntapsInOthersSteps,
    Wanted,
    holds,
)

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}


def _n(word: Any) -> int:
    text = str(word)
    return int(text) if text.isdigit() else _NUMBERS[text]


def _pt(text: Any) -> tuple[int, int]:
    p, t = str(text).split("/")
    return int(p), int(t)


# ---------------------------------------------------------------- conditions -> IR
@transform("cond_your_turn")
def _your_turn(c: list[Any]) -> IR:
    return ("your turn",)


@transform("cond_life")
def _life(c: list[Any]) -> IR:
    return ("life at least", int(str(c[0])))


@transform("cond_counter")
def _counter(c: list[Any]) -> IR:
    return ("counter on it", str(c[0]))


@transform("cond_opponent_graveyard")
def _opponent_graveyard(c: list[Any]) -> IR:
    return ("opponent graveyard at least", _n(c[0]))


@transform("cond_graveyard_kind")
def _graveyard_kind(c: list[Any]) -> IR:
    return ("graveyard kind at least", _n(c[0]), str(c[1]))


@transform("cond_you_control")
def _you_control(c: list[Any]) -> IR:
    return ("you control", tuple(str(w) for w in c))


# ---------------------------------------------------------------- lines -> IR
@transform("self_gets_while")
def _self_gets_while(c: list[Any]) -> IR:
    return ("while", c[2], _pt(c[1]), ())


@transform("self_has_while")
def _self_has_while(c: list[Any]) -> IR:
    return ("while", c[2], (0, 0), tuple(c[1]))


@transform("while_self_gets")
def _while_self_gets(c: list[Any]) -> IR:
    return ("while", c[0], _pt(c[2]), ())


@transform("while_self_has")
def _while_self_has(c: list[Any]) -> IR:
    return ("while", c[0], (0, 0), tuple(c[2]))


@transform("while_self_gets_has")
def _while_self_gets_has(c: list[Any]) -> IR:
    return ("while", c[0], _pt(c[2]), tuple(c[3]))


@transform("enchanted_doesnt_untap")
def _enchanted_doesnt_untap(c: list[Any]) -> IR:
    return ("keeps tapped", "enchanted")


@transform("self_doesnt_untap")
def _self_doesnt_untap(c: list[Any]) -> IR:
    return ("keeps tapped", "self")


@transform("no_maximum_hand_size")
def _no_maximum_hand_size(c: list[Any]) -> IR:
    return ("no maximum hand size",)


@transform("additional_lands")
def _additional_lands(c: list[Any]) -> IR:
    return ("additional lands", _n(c[0]))


@transform("you_have")
def _you_have(c: list[Any]) -> IR:
    return ("player has", str(c[0]))


@transform("cond_you_control_power")
def _you_control_power(c: list[Any]) -> IR:
    return ("you control power at least", int(str(c[0])))


@transform("despite_defender")
def _despite_defender(c: list[Any]) -> IR:
    return ("despite defender", c[0])


@transform("equipped_despite_defender")
def _equipped_despite_defender(c: list[Any]) -> IR:
    return ("despite defender", ("enchanted or equipped",))


@transform("opening_hand")
def _opening_hand(c: list[Any]) -> IR:
    return ("opening hand",)


@transform("untap_in_others_steps")
def _untap_in_others_steps(c: list[Any]) -> IR:
    return ("untaps in others' steps",)


@transform("keep_unspent_mana")
def _keep_unspent_mana(c: list[Any]) -> IR:
    return ("keeps mana",)


@transform("lure_self")
def _lure_self(c: list[Any]) -> IR:
    return ("lure", "self")


@transform("lure_enchanted")
def _lure_enchanted(c: list[Any]) -> IR:
    return ("lure", "enchanted")


@transform("self_must_be_blocked")
def _self_must_be_blocked(c: list[Any]) -> IR:
    return ("keywords", (Keyword.MUST_BE_BLOCKED.value,))


# ---------------------------------------------------------------- builders
def wanted(words: tuple[str, ...]) -> Wanted:
    """"an artifact", "a blue creature", "a Dragon", "a Liliana planeswalker" as what a permanent
    must be (205.2a card types, 205.3m creature types, 205.3j planeswalker types, 105.1 colours);
    any other word is refused with the reason, never guessed at."""
    *front, last = words
    if last in CARD_TYPES:
        types = frozenset({CARD_TYPES[last]})
        if last == "planeswalker" and len(front) == 1 and front[0] not in COLOR_WORDS:
            return Wanted(types=types, subtypes=frozenset({front[0].capitalize()}))
        if all(w in COLOR_WORDS for w in front) and len(front) <= 1:
            return Wanted(types=types, colors=frozenset(front))
        raise CannotBuild(f"'you control a {' '.join(words)}' isn't read yet: only a colour or a "
                          "planeswalker type before a card type")
    kind = creature_type(last) if not front else None
    if kind is None:
        raise CannotBuild(f"{' '.join(words)!r} is no card type or creature type (205.3m) the kit reads yet")
    return Wanted(subtypes=frozenset({kind}))


def _condition(ir: IR) -> tuple[object, ...]:
    if ir[0] == "you control":
        return ("you control", wanted(ir[1]))
    if ir[0] == "you control power at least":
        return ("you control", Wanted(types=frozenset({"Creature"}), power_at_least=ir[1]))
    return ir


def _reads_power(condition: tuple[object, ...]) -> bool:
    w = condition[1] if condition[0] == "you control" else None
    return isinstance(w, Wanted) and w.power_at_least is not None


@ability_kind("while")
def _while(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"~ gets +N/+N [and has K] as long as <condition>": a static ability of the permanent itself
    whose effects apply while the condition holds, checked at every moment (611.3a): the bonus in
    layer 7c (613.4c) and the keywords in layer 6 (613.1f). The condition reads types and colours,
    settled in layers 4 and 5, before either applies (613.1)."""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    condition = _condition(ir[1])
    if _reads_power(condition):  # power is worked out in layer 7, after the effects that would read it
        raise CannotBuild("a condition on a creature's power, read by a continuous effect, isn't played yet (613.8a)")
    (p, t), granted = ir[2], ir[3]
    keywords = frozenset(Keyword(k) for k in granted)

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return obj.oid == source.oid and on_battlefield(st, obj) and holds(st, source, condition)
        return build.grant_and_pump(line, source, applies, keywords, (p, t))
    return "ability", StaticAbility(line, effects)


@ability_kind("keeps tapped")
def _keeps_tapped(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"... doesn't untap during its controller's untap step" (502.3)."""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", KeepsTapped(line, whom=ir[1])


@ability_kind("no maximum hand size")
def _no_maximum(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"You have no maximum hand size." (402.2)"""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", NoMaximumHandSize(line)


@ability_kind("additional lands")
def _more_lands(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"You may play N additional lands on each of your turns." (305.2)"""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", AdditionalLands(line, count=ir[1])


@ability_kind("player has")
def _player_has(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"You have hexproof." / "You have shroud." (702.11c, 702.18a): the permanent's controller has it."""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", PlayerHas(line, keyword=ir[1])


# ---------------------------------------------------------------- groups with more words (604.2)
@transform("group_attacking")
def _group_attacking(c: list[Any]) -> IR:
    return ("group", False, ("creature",), _whose(c), (("attacking",),))


@transform("group_other_creatures_with")
def _group_other_with(c: list[Any]) -> IR:
    return ("group", True, ("creature",), _whose(c), (c[-1],))


@transform("group_creatures_with")
def _group_creatures_with(c: list[Any]) -> IR:
    return ("group", False, ("creature",), _whose(c), (c[-1],))


@transform("group_with_keyword")
def _with_keyword(c: list[Any]) -> IR:
    return ("with", str(c[0]))


@transform("group_with_counter")
def _with_counter(c: list[Any]) -> IR:
    return ("counter", str(c[0]))


@transform("group_union")
def _group_union(c: list[Any]) -> IR:
    return ("group union", c[0], c[1])


_WHOSE = {None: "any", "you control": "you", "your opponents control": "opponents"}


def _whose(c: list[Any]) -> str:
    words = next((" ".join(str(t) for t in x.children) for x in c if hasattr(x, "children")), None)
    return _WHOSE[words]


@ability_kind("despite defender")
def _attacks_despite_defender(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"As long as <condition>, ~ can attack as though it didn't have defender." (702.3b, 508.1c)"""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", AttacksDespiteDefender(line, condition=_condition(ir[1]))


@ability_kind("opening hand")
def _from_opening_hand(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """A Leyline's first line (103.6a) needs a game begun from opening hands (103.5); the kit's games
    begin from a scenario's board, so there is no moment to take that action in."""
    raise CannotBuild("the kit's games begin from a scenario's board, not from opening hands and mulligans "
                      "(103.5), so an action from the opening hand (103.6a) can't be taken")


@ability_kind("untaps in others' steps", "keeps mana")
def _rule_changing(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """Seedborn Muse's untapping (502.3) and Upwelling's unspent mana (106.4): statics that change a
    turn-based action, asked by ``turn_loop`` through ``rules/statics.py``."""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", (UntapsInOthersSteps(line) if ir[0] == "untaps in others' steps" else KeepsMana(line))


@ability_kind("lure")
def _lure(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"All creatures able to block ~ / enchanted creature do so." (509.1c)"""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    return "ability", LuresBlockers(line, whom=ir[1])
