"""Every kind of question the kit asks a player, in one place: its keyword, what it asks, the
form of an answer, the rules, and how to say each option in words.

A rule or a card that leaves something to a player asks :meth:`Chooser.choose` with a *kind*
("color", "sacrifice", ...). The same kind is the keyword that answers it ahead of time, with
spaces as underscores: ``activate("Alice", orchard, color="G")``, ``pass_priority("Bob",
sacrifice=bears)``. Each kind is registered here once, so that

* a scripted answer of a kind nobody asks (a misspelt keyword) is refused, never ignored
  (``choices.refuse_unknown_kinds``);
* a :class:`MissingChoice` names the keyword and says each option in words ("3 (Grizzly
  Bears)", "'W' (white)"), not only as the bare value the engine compares;
* ``docs/choices.md`` lists them all (``python -m mtgrules.catalog.choices_doc`` writes it from
  :func:`markdown`, and a test fails when it differs).

A card author whose card asks something new registers its kind with :func:`choice_kind`.
Keywords the kit used to take and no longer does are in :data:`RETIRED`, each with what to write
instead, so an old script is told the new way rather than "no such question".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sized
from dataclasses import dataclass
from itertools import islice
from typing import Any

Namer = Callable[[int], str]
"""Names the object with an id, as the game shows it ("Grizzly Bears"); "" if there is none."""

Words = Callable[[Any, Namer], str]
"""One option in words, or "" when the option says it all (a player's name)."""


@dataclass(frozen=True)
class ChoiceKind:
    """One kind of question (117.1: a player makes the choices the rules give them)."""

    kind: str
    question: str
    """What the player chooses, as it reads after "must choose": "a colour"."""
    answer: str
    """The form of an answer: "a colour letter: W, U, B, R or G"."""
    rules: tuple[str, ...]
    asked: str
    """When the question comes up, and by what."""
    given_on: str
    """The action or pass that takes the answer."""
    example: str
    """A call that answers it."""
    words: Words | None = None

    @property
    def keyword(self) -> str:
        """The keyword argument that answers this question: the kind with underscores."""
        return self.kind.replace(" ", "_")


CHOICE_KINDS: dict[str, ChoiceKind] = {}
"""Every kind of question, by kind. Its keys are the kinds a scripted answer may name."""

RETIRED: dict[str, str] = {
    "target player": "a target player is given among the targets, as every target is: targets=('Bob',)",
}
"""Keywords the kit no longer takes, each with what to write instead."""


def choice_kind(kind: str, question: str, answer: str, rules: tuple[str, ...], *, asked: str, given_on: str,
                example: str, words: Words | None = None) -> ChoiceKind:
    """Register a kind of question (once; the same kind registered again with other text is a
    mistake, refused, as two descriptions of one keyword can't both be true)."""
    entry = ChoiceKind(kind, question, answer, rules, asked, given_on, example, words)
    known = CHOICE_KINDS.get(kind)
    if known is not None and known != entry:
        raise ValueError(f"the choice kind {kind!r} is registered already, as {known.question!r}")
    CHOICE_KINDS[kind] = entry
    return entry


# ---------------------------------------------------------------- saying options in words
def _object(option: Any, name: Namer) -> str:
    return name(option) if isinstance(option, int) and not isinstance(option, bool) else ""


def _player_or_object(option: Any, name: Namer) -> str:
    if isinstance(option, tuple):  # several targets for one instance of "target": each named
        return ", ".join(o if isinstance(o, str) else _object(o, name) for o in option) or "none"
    return "" if isinstance(option, str) else _object(option, name)


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def _color(option: Any, name: Namer) -> str:
    return COLOR_WORDS.get(str(option).strip("{}"), "")


def _yes_no(yes: str, no: str) -> Words:
    return lambda option, name: (yes if option is True else no if option is False else "")


def _mana_ability(option: Any, name: Namer) -> str:
    if isinstance(option, tuple) and len(option) == 2:
        return f"{name(option[0]) or 'object ' + str(option[0])}, its activated ability {option[1]}"
    return ""


def _division(option: Any, name: Namer) -> str:
    if isinstance(option, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in option):
        return ", ".join(f"{n} to {name(who) if isinstance(who, int) else who}" for who, n in option)
    return ""


def _objects(option: Any, name: Namer) -> str:
    """A tuple of ids, each named: cards put on the bottom, an order of cards."""
    if isinstance(option, tuple):
        return ", ".join(name(o) or str(o) for o in option) if option else "none"
    return _object(option, name)


def _in_order(option: Any, name: Namer) -> str:
    if isinstance(option, tuple) and option:
        return "first " + ", then ".join(str(x) for x in option)
    return ""


def _pay(option: Any, name: Namer) -> str:
    """A mana payment ("{R}{G}": spend that), or how many times an optional cost is paid (0, 1)."""
    if isinstance(option, bool):
        return ""
    if isinstance(option, int):
        return "don't pay it" if option == 0 else "pay it once" if option == 1 else f"pay it {option} times"
    return f"spend {option}" if isinstance(option, str) and option.startswith("{") else ""


def option_words(kind: str, option: Any, name: Namer) -> str:
    """``option`` as a player reads it: its value (what to write) and, where the value alone
    doesn't say it, its words: ``3 (Grizzly Bears)``, ``'W' (white)``, ``0 (don't pay)``."""
    entry = CHOICE_KINDS.get(kind)
    words = entry.words(option, name) if entry is not None and entry.words is not None else ""
    return f"{option!r} ({words})" if words else repr(option)


def options_in_words(kind: str, options: object, name: Namer, limit: int = 6) -> str:
    """Every option in words when there are few ("'W' (white), 'U' (blue) or 'G' (green)"), else
    the first ``limit`` and how many there are in all."""
    if not isinstance(options, Sized) or not isinstance(options, Iterable):
        return repr(options)
    n = len(options)
    shown = [option_words(kind, o, name) for o in islice(options, n if n <= limit + 2 else limit)]
    if n > limit + 2:
        return f"{', '.join(shown)}, … ({n:,} in all)"
    return shown[0] if n == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def missing_sentence(kind: str, player: str, options: object, name: Namer, question: str | None = None) -> str:
    """The sentence of a :class:`MissingChoice`: who must choose what (the kind's question, or
    the asker's own words), the keyword that gives it, and the options in words."""
    entry = CHOICE_KINDS.get(kind)
    question = question or (entry.question if entry is not None else kind)
    keyword = kind.replace(" ", "_")
    return (f"{player} must choose {question} ({keyword}=...): {options_in_words(kind, options, name)}; "
            "no choice was given")


def no_names(oid: int) -> str:
    """The namer when no game is at hand: ids stay bare."""
    return ""


# ---------------------------------------------------------------- the kinds the kit asks
choice_kind(
    "attack target", "what the creature attacks", "a player's name, or a planeswalker's id", ("508.4",),
    asked="as a creature is put onto the battlefield attacking (Practice Ambush, Practice Charge)",
    given_on="the pass during which a creature enters attacking",
    example="resolve_top(t, attack_target='Carol')", words=_player_or_object)
choice_kind(
    "card", "a card", "the card's id", ("608.2c",),
    asked="as a spell or ability that says \"choose a card\" resolves (Practice Charge: a creature card in "
          "your hand)",
    given_on="the pass during which the spell resolves",
    example="resolve_top(t, card=bears)", words=_object)
choice_kind(
    "color", "a colour", "a colour letter: W, U, B, R or G", ("106.7", "614.12a"),
    asked="as a mana ability adds one mana of any colour (Exotic Orchard, Pili-Pala), or as a permanent that "
          "says \"choose a color\" enters (Utopia Sprawl)",
    given_on="the mana ability, or the pass during which the permanent enters",
    example="activate('Alice', orchard, color='G')", words=_color)
choice_kind(
    "bottom order", "the order of the cards put on the bottom of their library", "a tuple of every id once, as "
    "they will lie from the top down", ("401.4",),
    asked="as two or more different cards go to the bottom \"in any order\": a scry, Commune with Nature's rest",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, pick='nothing', bottom_order=(12, 11, 10))", words=_objects)
choice_kind(
    "creature type", "a creature type", "a creature type as printed, such as 'Elf' (any of them, 205.3m)",
    ("614.12a", "205.3m"),
    asked="as a permanent that says \"choose a creature type\" enters (Icon of Ancestry)",
    given_on="the pass during which it resolves and enters the battlefield",
    example="resolve_top(t, creature_type='Elf')")
choice_kind(
    "cumulative upkeep", "whether to pay the cumulative upkeep", "'pay' or \"don't pay\"", ("702.24a",),
    asked="as a cumulative upkeep trigger resolves; not paying sacrifices the permanent",
    given_on="the pass during which the upkeep trigger resolves",
    example="resolve_top(t, cumulative_upkeep='pay')")
choice_kind(
    "damage division", "how to divide a creature's combat damage",
    "a tuple of (blocker id, amount) pairs, the amounts adding up to its power; with trample the last pair may "
    "be what it attacks", ("510.1c", "702.19b"),
    asked="as combat damage is assigned by an attacker blocked by two or more creatures, or with trample",
    given_on="the pass that begins the combat damage step",
    example="go_to(t, 'end of combat', damage_division=((3, 2), (4, 1)))", words=_division)
choice_kind(
    "discard", "a card to discard", "the card's id (or its name); a list of them for several", ("514.1", "701.9b"),
    asked="in the cleanup step, by a player with more than seven cards in hand; as an effect makes a player "
          "discard (Ravenous Rats, Merfolk Looter); as a cost that discards is paid (Tormenting Voice)",
    given_on="the pass that ends the turn (cleanup), the pass during which the spell or ability resolves, or the "
             "cast or activation that pays the cost",
    example="pass_priority('Bob', discard=7)", words=_object)
choice_kind(
    "exile", "a card to exile from a graveyard", "the card's id (a list of ids for several)", ("601.2h",),
    asked="as a cost that exiles cards from your graveyard is paid (Lorehold Pledgemage)",
    given_on="the action that pays an \"exile a card\" cost",
    example="activate('Alice', mage, exile=3)", words=_object)
choice_kind(
    "fight", "whether the creatures fight", "True (they fight) or False (they don't)", ("701.14a",),
    asked="as a \"you may have it fight\" trigger resolves (Somberwald Stag)",
    given_on="the pass during which a \"you may have it fight\" ability resolves",
    example="resolve_top(t, fight=True)", words=_yes_no("they fight", "they don't fight"))
choice_kind(
    "graveyard", "one of your graveyards", "the name of the player whose graveyard it is", ("100.7",),
    asked="when an effect touches \"your graveyard\" and you have several (Graveyard Busybody)",
    given_on="the pass during which \"your graveyard\" is read",
    example="resolve_top(t, graveyard='Bob')")
choice_kind(
    "hybrid", "which half of a hybrid symbol to pay", "a mana letter per hybrid symbol", ("107.4e",),
    asked="as a cost with hybrid symbols is paid while a spell or ability resolves (for a cast or an "
          "activation, give hybrid= to the action itself)",
    given_on="the pass during which the ability pays the hybrid cost",
    example="resolve_top(t, hybrid='G')", words=_color)
choice_kind(
    "legend rule", "which legendary permanent to keep", "the id of the one to keep", ("704.5j",),
    asked="when a player controls two or more legendary permanents with the same name",
    given_on="the action after which two legends share a name",
    example="pass_priority('Alice', legend_rule=5)", words=_object)
choice_kind(
    "mana ability", "which mana ability to activate", "(object id, ability number), the number activate takes",
    ("608.2g",),
    asked="while a cost is paid as a spell or ability resolves and the pool can't pay it yet",
    given_on="the pass during which a payment needs mana made first",
    example="pass_priority('Bob', mana_ability=(4, 0))", words=_mana_ability)
choice_kind(
    "may", "whether to do what the text says they may", "'yes' or 'no'", ("603.5", "608.2d"),
    asked="as a \"you may ...\" instruction is followed (Aven Fisher, Keldon Raider), or a cost that \"unless\" "
          "offers (Convolute asks the countered spell's controller, 118.12a); what is impossible can only be declined",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, may='yes')")
choice_kind(
    "which cost", "which of the costs the text offers to pay", "the cost in words, as printed (or a start of it)",
    ("118.12",),
    asked="as \"you may sacrifice a creature or discard a creature card. If you do, ...\" resolves (Crypt Lurker), "
          "after a \"may\" answer of yes, when both costs could be paid",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, may='yes', which_cost='discard a creature card')")
choice_kind(
    "pick", "a card from among the cards looked at", "the card's id (or its name), or 'nothing' where the text "
    "says \"you may\"; a list of them for several", ("608.2d",),
    asked="as \"look at the top N cards of your library\" resolves (Commune with Nature, Anticipate, Telling "
          "Time), or Cultivate puts one of two lands onto the battlefield",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, pick=12)", words=_object)
choice_kind(
    "mode", "the mode of a modal spell or ability", "the mode in words, as printed without its bullet, or a start "
    "of them that names one mode; a tuple of them where more than one may be chosen", ("700.2a", "700.2b"),
    asked="as a modal spell is cast (Reckless Air Strike, Return to Nature) or a modal triggered ability is put "
          "on the stack (Trufflesnout); only modes whose targets can be chosen are offered",
    given_on="the cast, or the pass during which the trigger goes on the stack",
    example="cast('Alice', strike, mode='Destroy target artifact.', targets=(relic,))")
choice_kind(
    "pay", "how to pay", "the mana to spend, such as '{R}' or just 'R'; for an optional cost as an ability "
    "resolves, how many times to pay it: 0 (don't pay) or 1", ("601.2h", "608.2c"),
    asked="as a spell is cast or an ability activated and two ways to pay leave different mana; as an ability "
          "that says \"you may pay\" resolves (Neyith of the Dire Hunt)",
    given_on="the cast or activation; for an optional cost, the pass during which the ability resolves",
    example="cast('Alice', bears, pay='GG'); resolve_top(t, pay=1)", words=_pay)
choice_kind(
    "pay with", "the mana to spend", "the mana, such as '{R}' or just 'R'", ("601.2h",),
    asked="as a cost is paid while a spell or ability resolves and two ways to pay leave different mana",
    given_on="the pass during which the ability resolves",
    example="resolve_top(t, pay_with='R')", words=_pay)
choice_kind(
    "replacement order", "the order in which the replacement effects apply",
    "a tuple of the effects' names, the first applied first", ("616.1",),
    asked="when two or more replacement or prevention effects would modify the same event: mana (Mana Reflection "
          "and Infernal Darkness), damage (Furnace of Rath and Fiery Emancipation; protection and a prevention "
          "effect), where a card goes (Leyline of the Void and Legacy Weapon); the affected player, or the "
          "affected object's controller, chooses",
    given_on="the action whose event is replaced",
    example="activate('Alice', forest, replacement_order=('Mana Reflection', 'Infernal Darkness'))", words=_in_order)
choice_kind(
    "sacrifice", "a permanent to sacrifice", "the permanent's id", ("701.21a", "601.2h"),
    asked="as an effect makes a player sacrifice one of several permanents (Call to the Grave), or as a cost "
          "that sacrifices one is paid (Bone Splinters, Nantuko Husk)",
    given_on="the pass during which the ability resolves, or the cast or activation that pays the cost",
    example="pass_priority('Bob', sacrifice=bears); cast('Alice', splinters, targets=(foe,), sacrifice=bears)",
    words=_object)
choice_kind(
    "scry", "which of the cards looked at go to the bottom of the library",
    "a tuple of their ids, () to keep them all on top", ("701.22a",),
    asked="as a spell or ability that scries resolves (Opt, Omenspeaker, the Temples)",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, scry=(12,))", words=_objects)
choice_kind(
    "search", "the card a search finds", "the card's id (or its name), or 'nothing' where the text asks for a card "
    "with a stated quality; a list of them for several", ("701.23a", "701.23b", "701.23d"),
    asked="as a spell or ability that searches a library resolves (Rampant Growth, Diabolic Tutor, Cultivate)",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, search=12)", words=_object)
choice_kind(
    "search in", "where to search", "'library', 'graveyard' or 'library and graveyard'", ("701.23a",),
    asked="as \"search your library and/or graveyard\" resolves (Chandra's Firemaw)",
    given_on="the pass during which the ability resolves",
    example="resolve_top(t, may='yes', search_in='graveyard', search=12)")
choice_kind(
    "shield", "which source's damage a prevention shield prevents", "the id of the source", ("615.7",),
    asked="when two or more sources would deal combat damage at once to a creature or player with a shield "
          "(\"prevent the next 1 damage\", Bandage, Samite Healer); asked once for each damage it prevents",
    given_on="the pass that begins the combat damage step",
    example="pass_priority('Bob', shield=bears)", words=_object)
choice_kind(
    "target", "a target for a triggered ability", "an object's id, or a player's name; for an instance that takes "
    "several (\"up to two target creatures\"), a tuple of them, () for none", ("603.3d",),
    asked="as a triggered ability with a target is put on the stack, one answer per instance of \"target\"; a "
          "spell's or activated ability's targets are given with targets= as it is cast or activated, in order",
    given_on="the pass during which a trigger goes on the stack",
    example="resolve_top(t, target=bears)", words=_player_or_object)
choice_kind(
    "top order", "the order of the cards put on top of their library", "a tuple of every id once, the top card "
    "first", ("401.4", "701.22a"),
    asked="as a scry keeps two or more different cards on top, or cards are put back \"in any order\" (Sage Owl)",
    given_on="the pass during which the spell or ability resolves",
    example="resolve_top(t, scry=(), top_order=(12, 11))", words=_objects)
choice_kind(
    "trigger order", "the order in which your triggered abilities go on the stack",
    "the label of the one that goes on next, or a tuple of every label, first onto the stack first", ("603.3b",),
    asked="when two or more of a player's triggered abilities wait to go on the stack",
    given_on="the action or pass after which the triggers go on the stack",
    example="pass_priority('Alice', trigger_order=('Melee', 'Practice Bell'))")
choice_kind(
    "type", "a type of mana", "a mana letter: W, U, B, R, G or C", ("106.7", "106.12a"),
    asked="as a mana ability adds one mana of a type it could produce (Reflecting Pool)",
    given_on="the mana ability",
    example="activate('Alice', pool, type='G')", words=_color)


# ---------------------------------------------------------------- the table in the docs
def markdown() -> str:
    """``docs/choices.md``: every kind of question, with its keyword, in one table."""
    head = ("# Choices: every question the kit asks, by keyword\n\n"
            "A choice the rules leave to a player is never made for them (117.1). It is given ahead of\n"
            "time with a keyword on the action that asks it, or answered by a callback; a missing one is a\n"
            "`MissingChoice` that names the keyword and the options in words. A spell's or an activated\n"
            "ability's targets, players included, are not choices: they are given with `targets=` as it is\n"
            "cast or activated (`targets=(bears,)`, `targets=(\"Bob\",)`).\n\n"
            "This file is generated from `mtgrules/core/choice_kinds.py` by\n"
            "`python -m mtgrules.catalog.choices_doc`; a test fails when the two differ.\n\n"
            "| keyword | the player chooses | answer | asked | given on | example | rules |\n"
            "|---|---|---|---|---|---|---|\n")
    rows = [f"| `{k.keyword}=` | {_cell(k.question)} | {_cell(k.answer)} | {_cell(k.asked)} | "
            f"{_cell(k.given_on)} | `{_cell(k.example)}` | {', '.join(k.rules)} |"
            for k in sorted(CHOICE_KINDS.values(), key=lambda k: k.kind)]
    retired = "".join(f"- `{kind.replace(' ', '_')}=`: {_cell(instead)}.\n"
                      for kind, instead in sorted(RETIRED.items()))
    return head + "\n".join(rows) + "\n\n## No longer taken\n\n" + retired


def _cell(text: str) -> str:
    return text.replace("|", "\\|")

