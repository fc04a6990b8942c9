"""Parsing one normalised Oracle line with the grammar into a plain description (the "IR").

The IR is nested tuples of words and numbers, so two parses can be compared for equality: the
deletion probe (probe.py) drops a word and asks whether the IR changed. Building ability objects
from the IR is build.py's job; this module knows only the grammar.

lark is imported on first use, so ``import mtgrules`` doesn't load it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from mtgrules.cards.oracle.registry import IR

__all__ = ["IR", "NotATemplate", "parse"]

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class NotATemplate(Exception):
    """No template of the grammar matches the line (or the match says something the kit can't build)."""


@cache
def _parser() -> Any:
    from lark import Lark  # the grammar's library, loaded on the first compile

    grammar = resources.files("mtgrules.cards.oracle").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="earley", ambiguity="resolve", start="start")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


@cache
def _transformer() -> Any:
    from lark import Token, Transformer

    def words(children: list[Any]) -> str:
        return " ".join(str(c) for c in children if isinstance(c, Token | str))

    class ToIR(Transformer[Any, Any]):
        """Each grammar rule becomes a tuple; a rule's name is the first word of its tuple."""

        def start(self, c: list[Any]) -> IR:
            return tuple(c[0])

        # keywords
        def keyword(self, c: list[Any]) -> str:
            return str(c[0])

        def keyword_line(self, c: list[Any]) -> IR:
            return ("keywords", tuple(c))

        def keyword_list(self, c: list[Any]) -> tuple[str, ...]:
            return tuple(c)

        def enters_tapped(self, c: list[Any]) -> IR:
            return ("enters tapped",)

        def enters_with_counters(self, c: list[Any]) -> IR:
            return ("enters with counters", c[-2], str(c[-1]))

        def enters_with_x_counters(self, c: list[Any]) -> IR:
            return ("enters with counters", "X", str(c[-1]))

        def enchanted_pump_attacks(self, c: list[Any]) -> IR:
            return ("static", ("enchanted",), _pt(str(c[0])), ("attacks each combat if able",))

        def self_pump_while_attacking(self, c: list[Any]) -> IR:
            return ("while attacking", _pt(str(c[-1])))

        def another_yours_enters(self, c: list[Any]) -> IR:
            return ("another of yours enters",)

        def a_yours_enters(self, c: list[Any]) -> IR:
            return ("a creature of yours enters",)

        def your_combat(self, c: list[Any]) -> IR:
            return ("your combat",)

        def each_upkeep(self, c: list[Any]) -> IR:
            return ("each upkeep",)

        def enchant(self, c: list[Any]) -> IR:
            return ("enchant", c[0])

        def enchant_what(self, c: list[Any]) -> str:
            return words(c)

        # mana
        def mana_symbol(self, c: list[Any]) -> str:
            return str(c[0])[1:-1].upper()

        def mana_symbols(self, c: list[Any]) -> tuple[str, ...]:
            return tuple(c)

        def mana_fixed(self, c: list[Any]) -> IR:
            return ("fixed", c[0])

        def mana_one_of(self, c: list[Any]) -> IR:
            return ("one of", tuple(c))

        def mana_any_color(self, c: list[Any]) -> IR:
            return ("any color",)

        def mana_ability(self, c: list[Any]) -> IR:
            return ("mana", c[0])

        # activated
        def mana_cost(self, c: list[Any]) -> IR:
            return ("mana", "".join(str(s).upper() for s in c))

        def tap_cost(self, c: list[Any]) -> IR:
            return ("tap",)

        def cost(self, c: list[Any]) -> IR:
            return tuple(c)

        def sorcery_speed(self, c: list[Any]) -> str:
            return "sorcery speed"

        def activated(self, c: list[Any]) -> IR:
            return ("activated", c[0], c[1], len(c) > 2)

        def loyalty_ability(self, c: list[Any]) -> IR:
            return ("loyalty", int(str(c[0])), c[1])

        # triggered
        def when_enters(self, c: list[Any]) -> IR:
            return ("enters",)

        def when_dies(self, c: list[Any]) -> IR:
            return ("dies",)

        def when_attacks(self, c: list[Any]) -> IR:
            return ("attacks",)

        def your_upkeep(self, c: list[Any]) -> IR:
            return ("upkeep",)

        def your_end_step(self, c: list[Any]) -> IR:
            return ("end step",)

        def enters(self, c: list[Any]) -> None:
            return None

        def triggered(self, c: list[Any]) -> IR:
            return ("triggered", c[0], c[1])

        # static
        def yours(self, c: list[Any]) -> IR:
            return ("yours",)

        def other_subtype_yours(self, c: list[Any]) -> IR:
            return ("other yours", str(c[0]))

        def enchanted(self, c: list[Any]) -> IR:
            return ("enchanted",)

        def static_pump(self, c: list[Any]) -> IR:
            return ("static", c[0], _pt(str(c[1])), ())

        def static_grant(self, c: list[Any]) -> IR:
            return ("static", c[0], (0, 0), c[1])

        def static_pump_grant(self, c: list[Any]) -> IR:
            return ("static", c[0], _pt(str(c[1])), c[2])

        def enchanted_cant_attack_or_block(self, c: list[Any]) -> IR:
            return ("static", ("enchanted",), (0, 0), ("can't attack", "can't block"))

        def enchanted_cant_block(self, c: list[Any]) -> IR:
            return ("static", ("enchanted",), (0, 0), ("can't block",))

        def self_cant_block(self, c: list[Any]) -> IR:
            return ("keywords", ("can't block",))

        def self_attacks_each_combat(self, c: list[Any]) -> IR:
            return ("keywords", ("attacks each combat if able",))

        # spells and effects
        def spell_text(self, c: list[Any]) -> IR:
            return ("spell", c[0])

        def effects(self, c: list[Any]) -> IR:
            return tuple(e for sentence in c for e in sentence)

        def sentence(self, c: list[Any]) -> IR:
            return tuple(c)

        def you_gain_life(self, c: list[Any]) -> IR:
            return ("you gain life",)

        def pump_theirs(self, c: list[Any]) -> IR:
            return ("pump", ("theirs",), _pt(str(c[0])), ())

        def pump_grant_yours(self, c: list[Any]) -> IR:
            return ("pump", ("yours",), _pt(str(c[0])), (c[1],))

        def tap_enchanted(self, c: list[Any]) -> IR:
            return ("tap", ("enchanted",))

        def counter_count(self, c: list[Any]) -> int:
            return _number(str(c[0]))

        def self_subject(self, c: list[Any]) -> IR:
            return ("self",)

        def counters(self, c: list[Any]) -> IR:
            return ("counters", c[0], str(c[1]), c[-1])

        def target_player_mills(self, c: list[Any]) -> IR:
            return ("mill", ("target player",), c[0])

        def you_mill(self, c: list[Any]) -> IR:
            return ("mill", ("you",), c[0])

        def destroy_all(self, c: list[Any]) -> IR:
            return ("destroy all", str(c[0]))

        def damage_each(self, c: list[Any]) -> IR:
            return ("damage each", c[-2], str(c[-1]))

        def raise_dead(self, c: list[Any]) -> IR:
            return ("return from graveyard", str(c[0]))

        def amount(self, c: list[Any]) -> int:
            return int(str(c[0]))

        def damage(self, c: list[Any]) -> IR:
            return ("damage", c[-2], c[-1])

        def one_target(self, c: list[Any]) -> IR:
            return c[0]  # type: ignore[no-any-return]

        def each_opponent(self, c: list[Any]) -> IR:
            return ("each opponent",)

        def to_you(self, c: list[Any]) -> IR:
            return ("you",)

        def target_player(self, c: list[Any]) -> IR:
            return ("target player",)

        def target_opponent(self, c: list[Any]) -> IR:
            return ("target opponent",)

        def you_gain(self, c: list[Any]) -> IR:
            return ("life", ("you",), c[0])

        def you_lose(self, c: list[Any]) -> IR:
            return ("life", ("you",), -c[0])

        def each_opponent_loses(self, c: list[Any]) -> IR:
            return ("life", ("each opponent",), -c[0])

        def target_player_gains(self, c: list[Any]) -> IR:
            return ("life", ("target player",), c[0])

        def target_player_loses(self, c: list[Any]) -> IR:
            return ("life", ("target player",), -c[0])

        def target_opponent_loses(self, c: list[Any]) -> IR:
            return ("life", ("target opponent",), -c[0])

        def one_card(self, c: list[Any]) -> int:
            return 1

        def n_cards(self, c: list[Any]) -> int:
            return _number(str(c[0]))

        def number_word(self, c: list[Any]) -> str:
            return str(c[0])

        def you_draw(self, c: list[Any]) -> IR:
            return ("draw", ("you",), c[0])

        def target_player_draws(self, c: list[Any]) -> IR:
            return ("draw", ("target player",), c[0])

        def each_player_draws(self, c: list[Any]) -> IR:
            return ("draw", ("each player",), c[0])

        def pump_target(self, c: list[Any]) -> IR:
            return ("pump", c[0], _pt(str(c[1])), ())

        def pump_self(self, c: list[Any]) -> IR:
            return ("pump", ("self",), _pt(str(c[1])), ())

        def pump_yours(self, c: list[Any]) -> IR:
            return ("pump", ("yours",), _pt(str(c[0])), ())

        def pump_grant_target(self, c: list[Any]) -> IR:
            return ("pump", c[0], _pt(str(c[1])), (c[2],))

        def pump_grant_self(self, c: list[Any]) -> IR:
            return ("pump", ("self",), _pt(str(c[1])), (c[2],))

        def grant_target(self, c: list[Any]) -> IR:
            return ("pump", c[0], (0, 0), (c[1],))

        def grant_self(self, c: list[Any]) -> IR:
            return ("pump", ("self",), (0, 0), (c[1],))

        def destroy(self, c: list[Any]) -> IR:
            return ("destroy", c[0])

        def spell_target(self, c: list[Any]) -> IR:
            return ("spell", c[0])

        def counter_spell(self, c: list[Any]) -> IR:
            return ("counter", c[0])

        def token_count(self, c: list[Any]) -> int:
            return _number(str(c[0])) if c else 1

        def color_words(self, c: list[Any]) -> tuple[str, ...]:
            return tuple(_COLOR_LETTER[str(x)] for x in c)

        def token_types(self, c: list[Any]) -> tuple[str, ...]:
            return tuple(w.capitalize() for w in words(c).split())

        def token_with(self, c: list[Any]) -> tuple[str, ...]:
            return c[0]  # type: ignore[no-any-return]

        def tokens(self, c: list[Any]) -> IR:
            n, pt, colors, *rest = c
            subtypes = tuple(str(x).capitalize() for x in rest if isinstance(x, Token) and x.type == "SUBTYPE")
            types = next(x for x in rest if isinstance(x, tuple))
            kws = rest[-1] if len(rest) > len(subtypes) + 1 else ()
            return ("tokens", n, _pt(str(pt)), colors, subtypes, types, kws)

        def tap_target(self, c: list[Any]) -> IR:
            return ("tap", c[0])

        def untap_target(self, c: list[Any]) -> IR:
            return ("untap", c[0])

        def bounce(self, c: list[Any]) -> IR:
            return ("bounce", c[0])

        def exile(self, c: list[Any]) -> IR:
            return ("exile", c[0])

        # targets
        def target_adjective(self, c: list[Any]) -> str:
            return words(c)

        def target_noun(self, c: list[Any]) -> str:
            return words(c)

        def spell_kind(self, c: list[Any]) -> str:
            return words(c)

        def controller_clause(self, c: list[Any]) -> IR:
            return ("controller", words(c))

        def with_flying(self, c: list[Any]) -> IR:
            return ("with", "flying")

        def with_power_at_least(self, c: list[Any]) -> IR:
            return ("with", "power at least", int(str(c[0])))

        def with_power_at_most(self, c: list[Any]) -> IR:
            return ("with", "power at most", int(str(c[0])))

        def target(self, c: list[Any]) -> IR:
            adjectives = tuple(x for x in c if isinstance(x, str))[:-1]
            noun = [x for x in c if isinstance(x, str)][-1]
            extra = tuple(x for x in c if isinstance(x, tuple))
            return ("target", adjectives, noun, extra)

        def any_target(self, c: list[Any]) -> IR:
            return ("any target",)

    from mtgrules.cards.oracle import topics  # noqa: F401  (each topic registers its transforms)
    from mtgrules.cards.oracle.registry import TRANSFORMS

    def method(fn: Callable[[list[Any]], Any]) -> Callable[[Any, list[Any]], Any]:
        return lambda self, c: fn(c)

    extra = {name: method(fn) for name, fn in TRANSFORMS.items()}
    clash = sorted(set(extra) & set(vars(ToIR)))
    if clash:
        raise RuntimeError(f"a topic registers a transform the core already has: {clash}")
    return type("ToIRWithTopics", (ToIR,), extra)()


def parse(normalised: str) -> IR:
    """The IR of one normalised line, or :class:`NotATemplate` if no template matches it."""
    from lark.exceptions import LarkError

    try:
        tree = _parser().parse(normalised)
        return tuple(_transformer().transform(tree))
    except LarkError as e:
        raise NotATemplate(str(e).splitlines()[0][:200]) from None
