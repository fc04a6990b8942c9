"""Library actions: looking at the top cards, scry (701.22), search (701.23), shuffle (701.24),
reveal (701.20), and putting cards on the top or bottom of a library in an order (401.4).

A library is a face-down pile (401.2): its order is ``seq``, bottom first (``state.in_zone``), so
the top card has the highest number. Moving a card within its library is no zone change (the
card stays the same object); putting one on the bottom gives it a number below all the others.

Every choice here is the player's, asked by keyword, never guessed: which cards a scry puts on
the bottom (``"scry"``), the order of cards put together on top or on the bottom (``"top
order"``, ``"bottom order"``; 401.4), which card a search finds (``"search"``) and which card is
taken from among cards looked at (``"pick"``). A missing answer names each card by name and id.
What is random is seeded from the game (``GameState.seed``), so a replay shuffles the same way:
a shuffle (701.24a) and "in a random order".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, permutations

from mtgrules.core.choices import Chooser
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.layers import characteristics

CardTest = Callable[[GameState, GameObject], bool]
NOTHING = "nothing"
"""The answer for finding (or taking) no card where the player may find none (701.23b)."""


# ---------------------------------------------------------------- reading
def library_top(state: GameState, player: str, n: int) -> list[GameObject]:
    """The top ``n`` cards of ``player``'s library, the top card first (fewer if it holds fewer)."""
    library = state.in_zone(Zone.LIBRARY, player)
    return list(reversed(library[max(len(library) - n, 0):])) if n > 0 else []


def card_words(state: GameState, oids: Sequence[int]) -> str:
    """Cards named in words with their ids, for a question or a sentence: "Forest (id 3), Shock (id 5)"."""
    return ", ".join(f"{characteristics(state, oid).name} (id {oid})" for oid in oids) or "no cards"


def _names(state: GameState, oids: Sequence[int]) -> tuple[str, ...]:
    return tuple(characteristics(state, oid).name for oid in oids)


# ---------------------------------------------------------------- putting cards in place (401.4)
def put_on_top(d: Draft, oids: Sequence[int], why: str, rule: str = "401.4") -> None:
    """Put cards of one library on its top, ``oids`` listed as they will lie, the top card first."""
    for oid in reversed(oids):
        d.update(oid, rule, why, seq=d.next_seq(Zone.LIBRARY))


def put_on_bottom(d: Draft, oids: Sequence[int], why: str, rule: str = "401.4") -> None:
    """Put cards of one library on its bottom, ``oids`` listed as they will lie from the top
    down, so the last one is the bottom card."""
    for oid in oids:
        lowest = min((o.seq for o in d.objects.values() if o.zone is Zone.LIBRARY), default=1)
        d.update(oid, rule, why, seq=lowest - 1)


def seeded(d: Draft, *parts: object) -> random.Random:
    """The random source of one random act, from the game's seed and the moment it happens, so
    a replay of the same game makes the same random choices."""
    return random.Random("/".join(str(p) for p in (d.seed, d.turn, d.timestamp, *parts)))


def shuffle_library(d: Draft, owner: str, why: str, rule: str = "701.24a") -> None:
    """Randomise ``owner``'s library (701.24a), seeded; a library of no or one card is still
    shuffled (701.24e). Cards an effect found are out of it already, so they aren't shuffled (701.24b)."""
    cards = d.view().in_zone(Zone.LIBRARY, owner)
    order = [o.seq for o in cards]
    seeded(d, owner).shuffle(order)
    for obj, seq in zip(cards, order, strict=True):
        d.update(obj.oid, rule, seq=seq)
    d.note("shuffle", f"{owner}'s library is shuffled ({len(cards)} cards) — {why}", rule, owner, owner)


def random_order(d: Draft, oids: Sequence[int], player: str) -> list[int]:
    """``oids`` in a random order (seeded), for "put the rest on the bottom in a random order"."""
    out = list(oids)
    seeded(d, player, "random order").shuffle(out)
    return out


def choose_order(chooser: Chooser, state: GameState, player: str, oids: Sequence[int], kind: str, where: str,
                 rule: str = "401.4") -> tuple[int, ...]:
    """The order, chosen by ``player``, of cards put together on the top or bottom of their
    library (401.4): the answer lists every id once, as the cards will lie, top first. Cards that
    are all the same card need no choice. Every order is a legal answer; ``legal_actions`` is
    offered one order per different card, that card at the bottom (as ``Chooser.choose_order``
    offers them), so the tries grow with the cards, not with their orders."""
    ids = tuple(oids)
    if len(ids) < 2 or len(set(_names(state, ids))) == 1:
        return ids
    options = list(permutations(ids))
    lasts: dict[str, int] = {}
    for oid in reversed(ids):
        lasts.setdefault(characteristics(state, oid).name, oid)
    offered = [tuple(o for o in ids if o != last) + (last,) for last in reversed(lasts.values())]
    sentence = (f"{player} puts {card_words(state, ids)} {where} of their library and must choose their order "
                f"(401.4): give {kind.replace(' ', '_')}=(...) with each id once, as they will lie, the top one first")
    answer = chooser.choose(kind, player, options, rule, normalize=_as_tuple, offered=offered, sentence=sentence)
    return tuple(answer)


def _as_tuple(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(value)
    return (value,) if isinstance(value, int) and not isinstance(value, bool) else value


# ---------------------------------------------------------------- reveal and look (701.20)
def reveal(d: Draft, player: str, oids: Sequence[int], why: str) -> None:
    """``player`` shows these cards to every player; they stay where they are (701.20a, 701.20b)."""
    if oids:
        d.note("reveal", f"{why}: {player} reveals {card_words(d.view(), oids)}", "701.20a", player, player)


def look_at(d: Draft, player: str, oids: Sequence[int], why: str) -> None:
    """Only ``player`` sees these cards (701.20e); the kit shows a learner everything, and says so."""
    if oids:
        order = " (top first)" if len(oids) > 1 else ""
        d.note("look", f"{why}: {player} looks at {card_words(d.view(), oids)}{order}; only {player} sees "
               f"{'them' if len(oids) > 1 else 'it'}", "701.20e", player, player)


# ---------------------------------------------------------------- scry (701.22)
def scry(d: Draft, chooser: Chooser, player: str, n: int, why: str) -> None:
    """``player`` scries ``n``: looks at the top ``n`` cards of their library, puts any number of
    them on the bottom in any order and the rest on top in any order (701.22a). Which go to the
    bottom is the choice ``"scry"`` (a tuple of their ids, ``()`` for none); the orders are the
    choices ``"top order"`` and ``"bottom order"``. Scry 0 is no scry at all (701.22b)."""
    if n <= 0:
        d.note("nothing", f"{why}: {player} is told to scry 0, so no scry happens", "701.22b", player, player)
        return
    state = d.view()
    top = [o.oid for o in library_top(state, player, n)]
    if not top:
        d.note("nothing", f"{why}: {player} scries {n} with no cards in their library: there is nothing to look "
               "at or move", "701.22a", player, player)
        return
    look_at(d, player, top, f"{why}: {player} scries {n}")
    subsets = [tuple(c) for k in range(len(top) + 1) for c in combinations(top, k)]
    seen: dict[tuple[str, ...], tuple[int, ...]] = {}
    for sub in subsets:
        seen.setdefault(tuple(sorted(_names(state, sub))), sub)
    listed = card_words(state, top) + (" (top first)" if len(top) > 1 else "")
    sentence = (f"{player} scries {n}, looking at {listed}, and must choose which of "
                "them to put on the bottom of the library, the rest staying on top (701.22a): give scry=(...) "
                "with the ids for the bottom, or scry=() to keep them all on top")

    def in_place(value: object) -> object:
        value = _as_tuple(value)
        if isinstance(value, tuple) and set(value) <= set(top) and len(set(value)) == len(value):
            return tuple(o for o in top if o in value)
        return value
    bottom = tuple(chooser.choose("scry", player, subsets, "701.22a", normalize=in_place,
                                  offered=list(seen.values()), sentence=sentence))
    stay = [o for o in top if o not in bottom]
    top_order = choose_order(chooser, state, player, stay, "top order", "on top")
    bottom_order = choose_order(chooser, state, player, bottom, "bottom order", "on the bottom")
    if bottom_order:
        put_on_bottom(d, bottom_order, "", "701.22a")
    if top_order:
        put_on_top(d, top_order, "", "701.22a")
    parts = []
    if top_order:
        parts.append(f"{card_words(state, top_order)} on top (top first)")
    if bottom_order:
        parts.append(f"{card_words(state, bottom_order)} on the bottom")
    d.note("scry", f"{why}: {player} scries {n} and puts {' and '.join(parts)}", "701.22a", player, player)


# ---------------------------------------------------------------- search (701.23)
def search(d: Draft, chooser: Chooser, player: str, zones: Sequence[tuple[Zone, str]], test: CardTest,
           description: str, why: str, *, quality: bool = True, exclude: Sequence[int] = (),
           again: bool = False) -> GameObject | None:
    """``player`` searches the zones (a library, a graveyard: ``(zone, owner)``) for one card that
    matches ``test`` (701.23a) and returns it, or None. A search for a card with a stated quality
    ("a basic land card", "a card named ...") may find nothing even if there is one (701.23b);
    a search for "a card" must find one if there is one (701.23d). The card found is the choice
    ``"search"``: its id (or its name: the first such card), or ``"nothing"``. ``again``: one more
    card of the same search ("up to two", "any number"), which is one search (701.23h), told once;
    ``exclude`` holds the cards it found already."""
    state = d.view()
    where = " and ".join(f"{owner}'s {zone.value}" if owner != player else f"their {zone.value}"
                         for zone, owner in zones)
    if not again:
        d.note("search", f"{why}: {player} searches {where} for {description}", "701.23a", player, player)
    found = [o.oid for zone, owner in zones for o in reversed(state.in_zone(zone, owner))
             if o.oid not in exclude and test(state, o)]
    if not found:
        d.note("nothing", f"{why}: {player} finds no {'other ' if again else ''}"
               f"{description.removeprefix('a ').removeprefix('an ')}", "701.23a", player, player)
        return None
    options: list[int | str] = [*found, NOTHING] if quality else list(found)
    offered, named = _named_cards(state, found)
    rule = "701.23b" if quality else "701.23d"
    tail = f', or "{NOTHING}" (a search for a card with a stated quality may find none, 701.23b)' if quality else \
        " (a search for \"a card\" must find one, 701.23d)"
    sentence = (f"{player} searches {where} for {description} and must choose which card to find: "
                f"{card_words(state, found)}{tail}; give search=<id>")

    answer = chooser.choose("search", player, options, rule, normalize=named,
                            offered=[*offered, *([NOTHING] if quality else [])], sentence=sentence)
    if answer == NOTHING:
        d.note("nothing", f"{why}: {player} chooses to find no {description.removeprefix('a ')}", "701.23b",
               player, player)
        return None
    assert isinstance(answer, int)  # an id among those found, or NOTHING
    return d.obj(answer)


def _named_cards(state: GameState, ids: Sequence[int]) -> tuple[list[int | str], Callable[[object], object]]:
    """The cards to offer, one per name (the first of each), and an answer's reader that takes a
    card's name, in any case, as the first card of that name among ``ids``."""
    offered: dict[str, int | str] = {}
    for oid in ids:
        offered.setdefault(characteristics(state, oid).name, oid)

    def named(value: object) -> object:
        if isinstance(value, str) and value != NOTHING:
            return next((oid for oid in ids if characteristics(state, oid).name.lower() == value.lower()), value)
        return value
    return list(offered.values()), named


# ---------------------------------------------------------------- taking cards from among the top ones
def pick(d: Draft, chooser: Chooser, player: str, among: Sequence[int], test: CardTest | None, description: str,
         *, optional: bool, why: str) -> int | None:
    """``player`` chooses one card from among cards they looked at (608.2d): one that matches
    ``test``, or any; ``"nothing"`` is an answer when the text says "you may" (603.5). The choice
    is ``"pick"``: an id (or a name: the first such card)."""
    state = d.view()
    eligible = [oid for oid in among if test is None or test(state, d.obj(oid))]
    if not eligible:
        d.note("nothing", f"{why}: there is no {description} among them", "608.2d", player, player)
        return None
    options: list[int | str] = [*eligible, NOTHING] if optional else list(eligible)
    if not optional and len(eligible) == 1:
        return eligible[0]
    offered, named = _named_cards(state, eligible)
    tail = f', or "{NOTHING}"' if optional else ""
    sentence = (f"{player} must choose {description} from among {card_words(state, among)}: "
                f"{card_words(state, eligible)}{tail}; give pick=<id>")

    answer = chooser.choose("pick", player, options, "608.2d", normalize=named,
                            offered=[*offered, *([NOTHING] if optional else [])], sentence=sentence)
    if answer == NOTHING:
        d.note("declined", f"{why}: {player} takes no {description.removeprefix('a ')}", "603.5", player, player)
        return None
    assert isinstance(answer, int)  # an id among the eligible ones, or NOTHING
    return answer
