"""Rules topics' templates, one module each; importing this package registers them all
(``registry.py`` says how). The engine side of each topic lives in ``mtgrules/rules/``."""

from __future__ import annotations

from mtgrules.cards.oracle.topics import (
    amounts,  # noqa: F401  (amounts and target phrases: 107.3, 115.1, 605.1a, 608.2h)
    auras,  # noqa: F401  (what an Aura or Equipment gives, lands that animate, mass effects)
    casting,  # noqa: F401  (casting and activating: 601, 602, 700.2)
    effects,  # noqa: F401  (group statics, "for each", sacrifice as an effect)
    evasion,  # noqa: F401  (protection, evasion, "whenever you cast")
    followups,  # noqa: F401  (small general pieces: "your end step", adjectives listed with commas)
    library,  # noqa: F401  (scry, search, discard, "you may")
    permanents,  # noqa: F401  (Equipment, counters, prevention, delayed triggers)
    references,  # noqa: F401  (back-references and lines of several sentences, 608.2c, 608.2h)
    statics,  # noqa: F401  ("as long as" conditions, untapping, hand size, land plays)
    triggers,  # noqa: F401  (trigger events and intervening "if"s: 603.2, 603.4)
    walkers,  # noqa: F401  (planeswalkers, "unless" costs, regeneration)
)
