"""The kit's own index of the Comprehensive Rules numbers it cites.

Why this exists: a rule number in a lesson, a test or an engine message is only useful if it
points at the right rule. Numbers drift between editions (menace was 702.110b in some older
engines; 702.110b is now exploit), so the kit names one edition and keeps a closed list of the
numbers it is allowed to cite. ``cite()`` refuses anything outside that list, which turns a typo
in the engine into an immediate error instead of a wrong citation shown to a learner.

Edition: the kit cites the Comprehensive Rules effective 2026-09-25 (``EDITION``). Every number
here was checked by hand against the edition effective 2026-01-16. The 2026-09-25 edition keeps
all of these numbers; the one change that touches this index is that section 7 was renumbered, so
"Handling Illegal Actions" is 733 there (it is 732 in the January file). 732 is therefore not in
the index: in the cited edition it names a different rule.

The titles are short descriptions written for the kit; they are not the text of the rules. The
rules themselves are not shipped with the kit. Note that the Comprehensive Rules never use the
letters "l" and "o" for subrules (to avoid confusion with 1 and 0), so 508.1k is followed by
508.1m; ``is_well_formed`` rejects those letters.

This module uses only the standard library so that ``import mtgrules`` stays light.
"""

from __future__ import annotations

import re

__all__ = ["EDITION", "RULES", "cite", "is_well_formed", "parent", "title"]

EDITION = "2026-09-25"
"""Effective date of the Comprehensive Rules edition the kit's citations refer to."""

# A rule (three digits, section 1-9), optionally a numbered rule under it, optionally a
# lettered subrule. No leading zeros after the dot; "l" and "o" are never used as letters.
_RULE_NUMBER = re.compile(r"[1-9][0-9]{2}(?:\.[1-9][0-9]*[a-km-np-z]?)?")

RULES: dict[str, str] = {
    # 1. Game concepts
    "100": "game concepts: general",
    "100.7": "casual cards (silver-bordered Un-cards and the like) fall outside the rules",
    "101": "the golden rules",
    "101.4": "simultaneous choices are made in APNAP order",
    "102": "players",
    "102.1": "players; the active player and the nonactive players",
    "102.2": "in a two-player game, the opponent is the other player",
    "102.3": "in a team game, opponents are the players not on your team",
    "103": "starting the game",
    "103.1": "the starting player, and turn order going clockwise from them",
    "103.8": "the starting player takes the first turn",
    "103.8a": "in a two-player game the starting player skips the draw step of their first turn",
    "103.8b": "in Two-Headed Giant the starting team skips the draw step of its first turn",
    "103.8c": "in other multiplayer games no one skips the draw step of their first turn",
    "104": "ending the game",
    "104.1": "a game ends immediately when a player wins or the game is a draw",
    "104.2": "how a player wins",
    "104.2a": "a player wins when all their opponents have left the game",
    "106": "mana",
    "106.1": "mana is the resource spent on costs",
    "106.1a": "the five colors of mana",
    "106.1b": "the six types of mana",
    "106.4": "added mana goes to the mana pool, which empties between steps",
    "106.5": "undefined mana type produces no mana",
    "106.6": "spending restrictions and riders leave the mana's type unchanged",
    "106.6a": "extra mana from a replacement effect carries the same restrictions and riders",
    "106.7": "what a permanent could produce",
    "106.8": "adding hybrid mana: one half of the symbol is chosen",
    "106.10": "adding generic mana adds that much colorless mana",
    "106.12": "tapping for mana means a mana ability with {T} in its cost",
    "106.12a": "'is tapped for mana' triggers on resolution that produces mana",
    "106.12b": "'is tapped for mana' replacement effects change the production event",
    "107": "numbers and symbols",
    "107.1": "the only numbers the game uses are integers",
    "107.1b": "no choosing negative numbers; a negative result of an effect is usually 0",
    "107.3": "X stands for a number to be determined",
    "107.3g": "X in a mana cost counts as 0 outside the stack",
    "107.3i": "all X on one object share one value",
    "107.3m": "enters-the-battlefield abilities use the X of the spell",
    "107.4": "the list of mana symbols",
    "107.4e": "hybrid mana symbols and how to pay them",
    "107.5": "the tap symbol {T}",
    "107.6": "the untap symbol {Q}",
    "109": "objects",
    "109.5": "'you' on an object means its controller, or its owner if it has none",
    "110": "permanents",
    "110.5": "a permanent's status: tapped or untapped, and the rest",
    "110.5d": "only permanents have status: cards in other zones are neither tapped nor untapped",
    "111": "tokens",
    "111.1": "effects can put tokens onto the battlefield",
    "111.4": "a token with no given name is named after its subtypes plus 'Token'",
    "111.7": "a token off the battlefield ceases to exist, after its zone-change triggers trigger",
    "113": "abilities",
    "113.6": "abilities usually function only while their object is on the battlefield",
    "113.7": "the source of an ability",
    "113.7a": "an ability on the stack exists independently of its source",
    "115": "targets",
    "115.1": "choosing targets for spells and abilities",
    "115.1b": "Aura spells are always targeted, as their enchant ability says",
    "115.2": "only permanents are legal targets unless a spell or ability says otherwise",
    "116": "special actions",
    "116.2": "the special actions",
    "116.2a": "playing a land is a special action: main phase, own turn, priority, empty stack",
    "116.3": "a player who takes a special action receives priority afterward",
    "117": "timing and priority",
    "117.1": "priority decides who may act",
    "117.1a": "instants any time with priority; other spells in your main phase with an empty stack",
    "117.1d": "mana abilities may be activated whenever a rule or effect asks for a mana payment",
    "117.3": "who receives priority, and when",
    "117.3a": "the active player receives priority as most steps begin",
    "117.3b": "the active player gets priority after a resolution",
    "117.3c": "a player who acts keeps priority afterward",
    "117.3d": "passing priority moves it to the next player",
    "117.4": "all players pass in a row: resolve the top object or end the step",
    "118": "costs",
    "118.3": "a cost can't be paid without everything it needs",
    "118.3a": "paying mana takes it from the mana pool",
    "119": "life",
    "119.3": "gaining and losing life adjust the life total",
    "119.4": "paying life: only with at least that much life; it is lost",
    "119.4a": "paying life in Two-Headed Giant comes from the team's total",
    "120": "damage",
    "120.3": "what damage does, depending on its recipient",
    "120.3a": "damage to a player makes them lose that much life",
    "120.3c": "damage to a planeswalker removes that many loyalty counters",
    "120.3e": "damage to a creature is marked on it",
    "120.3f": "damage from a source with lifelink makes its controller gain that much life",
    "121": "drawing a card",
    "121.1": "drawing takes the top card of the library into the hand",
    "121.2": "cards are drawn one at a time",
    "121.4": "drawing from an empty library loses the game at the next check",
    "122": "counters",
    "122.1": "what a counter is",
    # 2. Parts of a card
    "202": "mana cost and color",
    "202.3": "mana value: the total amount of mana in a mana cost",
    "202.3e": "mana value counts X as chosen on the stack and as 0 anywhere else",
    "208": "power/toughness",
    "208.2": "a star (*) in power or toughness",
    "208.2a": "a characteristic-defining ability sets * and works in every zone",
    "208.3": "a noncreature permanent has no power or toughness",
    "208.3a": "an effect on a noncreature's power or toughness does nothing until it becomes a creature",
    # 3. Card types
    "302": "creatures",
    "302.6": "summoning sickness: continuous control since the turn began",
    "303": "enchantments",
    "303.4": "Auras",
    "303.4a": "an Aura spell requires a target, defined by its enchant ability",
    "303.4b": "the object or player an Aura is attached to is enchanted by it",
    "303.4c": "an Aura enchanting an illegal or vanished object goes to the graveyard",
    "303.4d": "an Aura can't enchant itself",
    "305": "lands",
    "305.1": "playing a land: own main phase, priority, empty stack, no stack",
    "305.2": "one land per turn unless effects allow more",
    "305.2a": "lands played this turn are compared with lands allowed",
    "305.2b": "no land can be played once the allowance is used",
    "305.3": "no land can be played on another player's turn",
    "305.4": "a land put onto the battlefield by an effect isn't played",
    "305.9": "a land can't be cast as a spell",
    "306": "planeswalkers",
    "306.5": "loyalty",
    "306.5b": "a planeswalker enters with its printed loyalty in loyalty counters",
    "304": "instants",
    "307": "sorceries",
    "307.1": "sorcery timing: own main phase, empty stack",
    # 4. Zones
    "400": "zones: general",
    "400.3": "a card going to another player's library, hand or graveyard goes to its owner's",
    "400.7": "an object that changes zones becomes a new object",
    "404": "graveyard",
    "404.1": "a graveyard is its player's discard pile; objects go to their owner's",
    "405": "the stack",
    "406": "exile",
    "406.2": "to exile an object is to put it into the exile zone",
    # 5. Turn structure
    "500": "turn structure: general",
    "500.1": "the five phases of a turn, in order",
    "500.11": "a skipped step, phase or turn is passed over as though it didn't exist",
    "500.5": "as a step or phase ends, unspent mana empties from each pool",
    "502": "untap step",
    "502.3": "the active player untaps their permanents",
    "502.4": "no one receives priority in the untap step",
    "503": "upkeep step",
    "504": "draw step",
    "504.1": "the active player draws a card",
    "505": "main phase",
    "506": "combat phase",
    "506.1": "the five combat steps; blockers and damage steps skipped without attackers",
    "506.2": "the attacking player and the defending player",
    "506.3": "only creatures attack or block; only players, planeswalkers and battles are attacked",
    "506.3b": "a creature put onto the battlefield attacking under a non-attacking player never attacks",
    "506.4": "removal from combat",
    "506.4b": "tapping or untapping a combatant doesn't remove it from combat or stop its damage",
    "506.4c": "an attacker whose planeswalker left combat attacks nothing",
    "507": "beginning of combat step",
    "508": "declare attackers step",
    "508.1": "declaring attackers, step by step",
    "508.1a": "choosing the attacking creatures",
    "508.1b": "choosing what each attacker attacks",
    "508.1c": "attack restrictions must not be broken",
    "508.1d": "attack requirements obeyed as far as possible; attack costs never forced",
    "508.1e": "announcing bands",
    "508.1f": "attackers become tapped",
    "508.1g": "choosing optional costs to attack",
    "508.1h": "working out the total cost to attack",
    "508.1i": "mana abilities before paying attack costs",
    "508.1j": "paying the costs to attack",
    "508.1k": "the chosen creatures become attacking creatures",
    "508.1m": "abilities that trigger on attackers being declared",
    "508.2": "after declaring attackers, the active player gets priority",
    "508.3": "trigger conditions around attacking",
    "508.3a": "'whenever ... attacks' triggers only for a declared attacker",
    "508.4": "put onto the battlefield attacking: never declared, never 'attacked'",
    "508.4a": "put onto the battlefield attacking something no longer there: not attacking",
    "508.8": "no attackers: the declare blockers and combat damage steps are skipped",
    "509": "declare blockers step",
    "509.1": "declaring blockers, step by step",
    "509.1a": "the defending player chooses blockers and what each blocks",
    "509.1b": "block restrictions must not be broken",
    "509.1c": "block requirements obeyed as far as possible; block costs never forced",
    "509.1d": "working out the total cost to block",
    "509.1e": "mana abilities before paying block costs",
    "509.1f": "paying the costs to block",
    "509.1g": "the chosen creatures become blocking creatures",
    "509.1h": "attackers become blocked or unblocked",
    "509.1i": "abilities that trigger on blockers being declared",
    "509.2": "after declaring blockers, the active player gets priority",
    "509.3": "trigger conditions around blocking",
    "509.3c": "'becomes blocked' triggers once per combat for a creature",
    "510": "combat damage step",
    "510.1": "assigning combat damage",
    "510.1a": "each combatant assigns damage equal to its power; 0 or less assigns none",
    "510.1b": "an unblocked creature assigns its damage to what it attacks",
    "510.1c": "a blocked creature divides its damage among its blockers as its controller chooses",
    "510.1d": "a blocking creature assigns its damage to the creature it blocks",
    "510.2": "combat damage is dealt all at once",
    "510.3": "after combat damage, the active player gets priority",
    "510.4": "first strike and double strike make a second combat damage step",
    "511": "end of combat step",
    "511.3": "when the end of combat step ends, everything is removed from combat",
    "513": "end step",
    "514": "cleanup step",
    "514.1": "the active player discards down to their maximum hand size",
    "514.2": "damage wears off and 'until end of turn' effects end",
    "514.3": "normally no one receives priority in the cleanup step",
    "514.3a": "state-based actions or triggers in cleanup: priority, then another cleanup step",
    # 6. Spells, abilities and effects
    "601": "casting spells",
    "601.2": "the steps of casting a spell",
    "601.2a": "proposing a spell: it moves to the stack",
    "601.2h": "paying the total cost",
    "602": "activating activated abilities",
    "602.1": "activated abilities: cost and effect",
    "602.2": "activating: onto the stack, pay costs; only the controller may",
    "602.5": "prohibited abilities can't be activated",
    "602.5a": "{T} or {Q} abilities of creatures need control since the turn began",
    "603": "handling triggered abilities",
    "603.2": "an ability triggers when its event happens",
    "603.2b": "abilities that trigger at the beginning of a step trigger as it begins",
    "603.2c": "one trigger per event, repeated for repeated occurrences",
    "603.3": "triggered abilities go on the stack when a player would get priority",
    "603.3b": "several triggers at once are stacked in APNAP order",
    "603.3d": "a trigger's targets are chosen as it goes on the stack; none legal: it is removed",
    "603.4": "the intervening 'if' clause is checked twice",
    "603.6": "zone-change triggers, such as entering or leaving the battlefield",
    "603.6c": "leaves-the-battlefield abilities trigger when a permanent leaves the battlefield",
    "603.7": "delayed triggered abilities",
    "603.7a": "how delayed triggered abilities are created",
    "603.10": "some triggers look back in time to decide whether they trigger",
    "603.10a": "leaves-the-battlefield abilities look back in time",
    "604": "handling static abilities",
    "604.3": "characteristic-defining abilities, which function in all zones",
    "605": "mana abilities",
    "605.1": "which abilities are mana abilities",
    "605.1a": "activated mana abilities",
    "605.1b": "triggered mana abilities",
    "605.3": "activating mana abilities: the exceptions",
    "605.3a": "when mana abilities may be activated",
    "605.3b": "an activated mana ability doesn't use the stack: it resolves at once",
    "608": "resolving spells and abilities",
    "608.1": "the top of the stack resolves when all pass",
    "608.2": "resolving instants, sorceries and abilities",
    "608.2b": "targets are checked again on resolution",
    "608.2c": "instructions are followed in the order written",
    "608.2g": "a player offered a mana payment may activate mana abilities first",
    "608.2h": "game information is read once, when the effect applies",
    "608.2n": "a resolved instant or sorcery goes to the graveyard",
    "608.3": "resolving a permanent spell: it enters the battlefield",
    "608.3a": "a permanent spell without targets enters under its controller's control",
    "608.3b": "a permanent spell whose target is illegal doesn't resolve and goes to the graveyard",
    "608.3c": "an Aura spell enters attached to the object it targeted",
    "611": "continuous effects",
    "611.2": "continuous effects from resolving spells and abilities",
    "611.2a": "how long such an effect lasts",
    "611.2c": "an effect from a resolved spell or ability fixes the set of objects it affects as it begins",
    "611.3": "continuous effects from static abilities",
    "611.3a": "an effect from a static ability isn't locked in: it applies to whatever its text says at each moment",
    "613": "interaction of continuous effects: layers",
    "613.1": "the layer system",
    "613.1d": "layer 4: type-changing effects",
    "613.1f": "layer 6: ability-adding and ability-removing effects",
    "613.4": "the sublayers of layer 7",
    "613.4a": "layer 7a: power/toughness from characteristic-defining abilities",
    "613.4b": "layer 7b: effects that set power/toughness",
    "613.4c": "layer 7c: effects and counters that modify power/toughness",
    "613.7": "timestamp order within a layer",
    "614": "replacement effects",
    "614.1": "what replacement effects are",
    "614.1a": "effects that use the word 'instead' are replacement effects",
    "614.1c": "'enters with' and 'as this enters' effects are replacement effects",
    "614.12": "replacement effects that change how a permanent enters",
    "616": "interaction of replacement and prevention effects",
    "616.1": "the affected player or controller chooses the order",
    # 7. Additional rules
    "700": "additional rules: general terms (events, modes, dies and more)",
    "700.4": "dies: put into a graveyard from the battlefield",
    "701": "keyword actions",
    "701.8": "destroy",
    "701.8a": "to destroy a permanent is to move it from the battlefield to its owner's graveyard",
    "701.8b": "destroyed only by a \"destroy\" effect or the lethal-damage and deathtouch state-based actions",
    "701.10": "double",
    "701.10b": "doubling power gives +X/+0, X taken as it resolves",
    "701.10c": "doubling negative power gives -X/-0",
    "701.14": "fight",
    "701.14a": "what fighting does",
    "701.14b": "no fight if a creature is gone or no longer a creature",
    "701.14c": "a creature fighting itself",
    "701.14d": "fight damage is not combat damage",
    "701.21": "sacrifice",
    "701.21a": "sacrificing: its controller puts a permanent they control into its owner's graveyard",
    "701.24": "shuffle",
    "701.24a": "to shuffle a library is to randomize its order",
    "701.24d": "a library is shuffled even if the set of objects shuffled in is empty",
    "702": "keyword abilities",
    "702.2": "deathtouch",
    "702.2b": "a creature dealt damage by a deathtouch source is destroyed as a state-based action",
    "702.2c": "any nonzero combat damage from a deathtouch source counts as lethal when assigning",
    "702.2d": "deathtouch works whatever zone its object deals damage from",
    "702.3": "defender",
    "702.3b": "a creature with defender can't attack",
    "702.4": "double strike",
    "702.4b": "double strike: damage in both combat damage steps",
    "702.4c": "losing double strike during the first damage step stops the second damage",
    "702.4d": "gaining double strike after first-strike damage allows damage in the second step",
    "702.5": "enchant",
    "702.5a": "enchant restricts what an Aura spell targets and what the Aura enchants",
    "702.7": "first strike",
    "702.7b": "first strike: damage in the first combat damage step only",
    "702.7c": "first strike gained or lost after the first damage step",
    "702.8": "flash",
    "702.8a": "flash: cast it any time you could cast an instant",
    "702.9": "flying",
    "702.9b": "flying: blocked only by flying or reach",
    "702.10": "haste",
    "702.10b": "haste lets a creature attack despite summoning sickness",
    "702.10c": "haste lets {T} and {Q} abilities be activated despite summoning sickness",
    "702.11": "hexproof",
    "702.11b": "hexproof: can't be the target of spells or abilities opponents control",
    "702.12": "indestructible",
    "702.12b": "indestructible: can't be destroyed; ignores lethal damage",
    "702.15": "lifelink",
    "702.15b": "lifelink: damage dealt makes its controller gain that much life",
    "702.15e": "lifelink: separate sources dealing damage at once are separate life gain events",
    "702.17": "reach",
    "702.17b": "reach lets a creature block flyers",
    "702.19": "trample",
    "702.19a": "trample has no effect when the creature is blocking or dealing noncombat damage",
    "702.19b": "trample: lethal damage to blockers first, the excess may go to the player",
    "702.19d": "trample with no blockers left: all damage to what it attacks",
    "702.19f": "trample without \"over planeswalkers\" attacking a planeswalker: no damage to its controller",
    "702.20": "vigilance",
    "702.20b": "vigilance: attacking doesn't tap it",
    "702.24": "cumulative upkeep",
    "702.24a": "cumulative upkeep: an age counter each upkeep, then pay for each or sacrifice",
    "702.111": "menace",
    "702.111b": "menace: blocked only by two or more creatures",
    "702.121": "melee",
    "702.121a": "melee: +1/+1 for each opponent attacked this combat",
    "702.121b": "each instance of melee triggers separately",
    "704": "state-based actions",
    "704.3": "when state-based actions are checked and performed",
    "704.5": "the list of state-based actions",
    "704.5a": "a player at 0 or less life loses",
    "704.5b": "a player who attempted to draw from an empty library loses",
    "704.5d": "a token in a zone other than the battlefield ceases to exist",
    "704.5f": "a creature with 0 or less toughness goes to the graveyard",
    "704.5g": "a creature with lethal damage is destroyed",
    "704.5h": "a creature dealt damage by a deathtouch source is destroyed",
    "704.5i": "a planeswalker with 0 loyalty goes to the graveyard",
    "704.5j": "the legend rule: a player keeps one of two same-named legendary permanents",
    "704.5m": "an Aura attached to an illegal object or to nothing goes to the graveyard",
    "704.5q": "+1/+1 and -1/-1 counters on one permanent remove each other in pairs",
    "733": "handling illegal actions (732 in the 2026-01-16 edition)",
    # 8. Multiplayer rules
    "800": "multiplayer games: general",
    "800.4": "multiplayer games can go on after a player leaves",
    "800.4a": "what leaves the game with a player who leaves",
    "800.4d": "a trigger controlled by a player who has left isn't put on the stack",
    "800.4j": "the turn of a player who left goes on; the next player gets priority instead",
    "800.4k": "a player who has left the game doesn't begin a turn",
    "802": "attack multiple players option",
    "802.2": "all the attacking player's opponents are defending players",
    "802.4": "several defending players declare blockers in APNAP order",
    "802.4a": "a defending player's creatures block only creatures attacking that player",
    "805": "shared team turns option",
    "805.2": "the primary player settles a team's disagreements",
    "805.4": "teams take turns instead of players",
    "805.4a": "the team whose turn it is is the active team",
    "805.4b": "each player of the active team draws in its draw step",
    "805.4c": "each player of the active team may play a land",
    "805.4d": "'each player's' step triggers fire once per player",
    "805.5": "teams, not players, have priority",
    "805.5a": "a player may act when their team has priority",
    "805.6": "APNAP order by team: the active team chooses first",
    "805.7": "the active team stacks its triggers first",
    "805.9": "'the active player' means one specific player of the active team",
    "805.10": "combat under shared team turns",
    "805.10a": "teams attack as a group; each player of the active team is an attacking player",
    "805.10b": "the active team declares one combined attack",
    "805.10d": "the defending team declares one combined block",
    "805.10e": "'the defending player' of an attacker is the player it attacks",
    "810": "Two-Headed Giant variant",
    "810.1": "Two-Headed Giant is played by two teams of two players",
    "810.2": "Two-Headed Giant uses shared team turns",
    "810.4": "each team shares a life total starting at 30",
    "810.6": "the starting team skips the draw step of its first turn",
    "810.8": "winning and losing in Two-Headed Giant",
    "810.8a": "players win and lose only as a team",
    "810.9": "damage and life changes happen to players, then to the team total",
    "810.9a": "a player's life total is read as their team's",
}


def is_well_formed(number: str) -> bool:
    """Whether ``number`` has the shape of a rule number, such as "106", "106.5" or "509.1c".

    This checks the shape only; whether the kit knows the rule is ``number in RULES``.
    """
    return isinstance(number, str) and _RULE_NUMBER.fullmatch(number) is not None


def title(number: str) -> str:
    """The kit's short description of a rule, for tables and tooltips."""
    try:
        return RULES[number]
    except KeyError:
        raise KeyError(
            f"rule {number!r} is not in the kit's index of the Comprehensive Rules "
            f"(edition {EDITION}); add it to mtgrules.catalog.rules_index.RULES after checking it"
        ) from None


def cite(number: str) -> str:
    """Return the citation string for a rule, e.g. ``cite("106.5") == "CR 106.5"``.

    The engine builds every rule reference through this function, so a mistyped or unindexed
    number raises ``ValueError`` at once rather than reaching a learner.
    """
    if not is_well_formed(number):
        raise ValueError(f"{number!r} is not a well-formed Comprehensive Rules number")
    if number not in RULES:
        raise ValueError(
            f"CR {number} is not in the kit's rules index (edition {EDITION}); "
            "check the number against the Comprehensive Rules and add it to RULES"
        )
    return f"CR {number}"


def parent(number: str) -> str | None:
    """The rule one level up: "509.1c" -> "509.1", "509.1" -> "509", "509" -> None.

    Useful for showing a subrule in context. The parent is computed from the number's shape;
    every number in ``RULES`` has its parents in ``RULES`` too.
    """
    if not is_well_formed(number):
        raise ValueError(f"{number!r} is not a well-formed Comprehensive Rules number")
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".", 1)[0]
    return None
