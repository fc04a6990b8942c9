"""Creating tokens (111.1): a token is a permanent not represented by a card.

A token's characteristics come from a card definition in the pool named like the token, such as
"Soldier Token" (a token with no other name is named after its subtypes plus "Token", 111.4).
"""

from __future__ import annotations

from typing import Any

from mtgrules.core.abilities import EntersWith
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.events import EventKind
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft
from mtgrules.core.wording import ordinal
from mtgrules.rules.stack import enters_with_fields, explain_enters_with


def create_token(d: Draft, name: str, controller: str, why: str) -> GameObject:
    """Put a new token named ``name`` onto the battlefield under ``controller``'s control. It
    enters the battlefield, so its own "enters tapped" or "enters with counters" text replaces how
    it enters (614.1c, 614.1d), as a card's does; it wasn't cast, so an X there is 0 (107.3m)."""
    return _create(d, name, controller, why, _made_before(d, name, why), d.next_seq(Zone.BATTLEFIELD))


def _made_before(d: Draft, name: str, why: str) -> int:
    """How many tokens named ``name`` this draft already made for ``why``: the next is "a second"."""
    return sum(1 for e in d.events if e.kind is EventKind.CREATED and e.name == name and e.text.startswith(f"{why}:"))


def _create(d: Draft, name: str, controller: str, why: str, before: int, seq: int) -> GameObject:
    """The token, given how many alike were made before it and its place on the battlefield
    (``create_tokens`` counts both once for all of them, not once per token)."""
    texts = [a for a in card(name).abilities if isinstance(a, EntersWith)]
    fields: dict[str, Any] = {}
    for rep in texts:
        if rep.choose_color or rep.choose_creature_type:  # no token of the kit asks; a chooser would be needed
            raise ValueError(f"{name}: a token whose entering asks a choice isn't supported (614.12a)")
        fields.update(enters_with_fields(Chooser(), controller, rep, 0, fields))
    obj = GameObject(d.new_id(), name, controller, controller, Zone.BATTLEFIELD,
                     seq=seq, is_token=True, control_since=d.turn,
                     timestamp=d.new_timestamp(), **fields)
    # The second of two tokens made at once is "a second Soldier Token": two equal sentences in a
    # row would read as a repeat, not as two tokens.
    word = ordinal(before + 1) if before else name
    which = f"{_a(word)} {word}" + (f" {name}" if before else "")
    d.add_object(obj, "111.1", f"{why}: {which} is created under {controller}'s control")
    for rep in texts:
        explain_enters_with(d, obj, rep, 0, cast=False)
    return obj


def create_tokens(d: Draft, name: str, controller: str, why: str, n: int) -> list[GameObject]:
    """``n`` tokens made by one instruction ("create two 1/1 Soldier tokens"): they enter the
    battlefield at once, as one event, so each hears the others enter (603.6a, "including the
    newcomers"). One ``create_token`` after another would be separate events (608.2c). The
    events so far and the battlefield are read once, not once per token, so making ``n`` tokens
    takes time in proportion to ``n``."""
    before, seq = _made_before(d, name, why), d.next_seq(Zone.BATTLEFIELD)
    with d.one_event():
        return [_create(d, name, controller, why, before + i, seq + i) for i in range(n)]


def _a(word: str) -> str:
    """The article before ``word`` as said aloud: "an eighth", "an 11th", "an Elf Token", "a second"."""
    spoken = word.lower()
    vowel = spoken[:1] in ("a", "e", "i", "o", "u") or spoken.startswith(("8", "11", "18")) and not spoken.startswith("118")
    return "an" if vowel else "a"
