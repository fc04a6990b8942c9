"""The five colours as values (105, 202.2): what a mana cost makes an object, and checks of the
colour words a card or an effect gives.

A colour is a characteristic (109.3), computed with the others in ``rules.layers``: the printed
value comes from the mana cost and any colour indicator here, and layer 5 effects change it
(613.1e). Colours are lower-case words, as the rules text says them ("nonblack", "becomes blue").
"""

from __future__ import annotations

import re

COLORS: tuple[str, ...] = ("white", "blue", "black", "red", "green")
"""The five colours in the usual order (105.1). "Colorless" and "multicolored" are not colours (105.4)."""

SYMBOL_COLOR: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""The coloured mana symbols (202.2a); {C} and generic symbols have no colour."""

_SYMBOL = re.compile(r"\{([^}]*)\}")


def cost_colors(cost: str) -> frozenset[str]:
    """The colours of the mana symbols in ``cost`` (202.2): each coloured symbol gives its colour
    (202.2c), and a hybrid symbol such as {R/G} gives both of its colours (202.2d). A cost with
    no coloured symbol gives none (202.2b, colorless)."""
    return frozenset(SYMBOL_COLOR[half] for sym in _SYMBOL.findall(cost) for half in sym.split("/")
                     if half in SYMBOL_COLOR)


def color_set(value: object, where: str) -> frozenset[str]:
    """``value`` as a set of colour words, or ValueError naming ``where`` and the five colours. A
    single word is taken as one colour ("black"), not read letter by letter; "colorless" and
    "multicolored" are refused, as they are not colours (105.4)."""
    words = (value,) if isinstance(value, str) else value
    if not isinstance(words, set | frozenset | list | tuple):
        raise ValueError(f"{where}: colours must be colour words such as frozenset({{'black'}}), not {value!r:.40}")
    unknown = [w for w in words if not isinstance(w, str) or w.lower() not in COLORS]
    if unknown:
        raise ValueError(f"{where}: {unknown[0]!r:.30} is not a colour; the colours are {', '.join(COLORS)} "
                         "(105.1; colorless and multicolored are not colours, 105.4)")
    return frozenset(w.lower() for w in words)


def color_words(colors: frozenset[str]) -> str:
    """The colours in the usual order, as a table or a sentence shows them: "white and blue",
    "colorless" for none (105.2c)."""
    named = [c for c in COLORS if c in colors]
    if not named:
        return "colorless"
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
