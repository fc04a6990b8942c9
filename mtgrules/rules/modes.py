"""Modal spells and abilities (700.2): "Choose one —" followed by bulleted modes.

The controller chooses the modes as the spell is cast (601.2b, 700.2a) or the triggered ability
is put on the stack (603.3c, 700.2b), before any target: a mode's targets are chosen only if the
mode is (700.2c, 601.2c), and a mode whose targets can't be chosen can't be chosen (700.2a). The
choice kind is ``"mode"``, answered with the mode in words, as printed without its bullet
(``cast("Alice", strike, mode="Destroy target artifact.", targets=(relic,))``) or a start of it
that names one mode; for "choose one or more", a tuple of them. The same mode can't be chosen
twice (700.2d). A triggered ability with no mode that can be chosen is removed from the stack
(700.2b). The stack item keeps the chosen modes (``CHOSEN_MODES``), so the spell does what they
say as it resolves, mode after mode in the order printed, each with its own targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from mtgrules.core.abilities import CHOSEN_MODES, Modal, Target, target_slots
from mtgrules.core.carddef import CardDef, card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import StackItem
from mtgrules.core.state import GameState
from mtgrules.rules.look_back import trigger_source
from mtgrules.rules.targets import can_choose

MODE = "mode"
"""The choice kind of a modal spell's or ability's modes (700.2a)."""


def modal_of(effect: object) -> Modal | None:
    """The ``Modal`` a spell's ``spell`` or an ability's ``resolve`` is, if it is one."""
    return effect if isinstance(effect, Modal) else None


def slots_of_modes(modal: Modal, chosen: Sequence[int]) -> tuple[Target, ...]:
    """The instances of "target" of the chosen modes, in the order the modes are printed (601.2c)."""
    return tuple(slot for i in sorted(chosen) for slot in target_slots(modal.modes[i].target))


def selections(modal: Modal) -> list[tuple[int, ...]]:
    """Every way of choosing between ``fewest`` and ``most`` different modes (700.2d), as mode
    numbers in the order printed."""
    n = len(modal.modes)
    return [c for k in range(modal.fewest, modal.most + 1) for c in combinations(range(n), k)]


def allowed(state: GameState, player: str, modal: Modal, source: Chars | None = None) -> list[tuple[int, ...]]:
    """The selections whose modes' targets can all be chosen now (700.2a), judged by ``source``
    (the spell's or the trigger's source's characteristics, for protection, 702.16b)."""
    return [sel for sel in selections(modal) if can_choose(state, player, slots_of_modes(modal, sel), source)]


def answer_of(modal: Modal, selection: tuple[int, ...]) -> str | tuple[str, ...]:
    """A selection as a player gives it: the mode in words, or a tuple of them."""
    labels = tuple(modal.modes[i].label for i in selection)
    return labels[0] if modal.most == 1 else labels


def read(modal: Modal, answer: Any) -> tuple[int, ...] | None:
    """The mode numbers an answer names, or None: a mode's words, or a start of them that names
    one mode only (case aside), or a tuple of such; each mode at most once (700.2d)."""
    parts = answer if isinstance(answer, tuple | list) else (answer,)
    numbers: list[int] = []
    for part in parts:
        if not isinstance(part, str) or not part.strip():
            return None
        said = part.lstrip("•").strip().lower()
        exact = [i for i, m in enumerate(modal.modes) if m.label.lower() == said]
        found = exact or [i for i, m in enumerate(modal.modes) if m.label.lower().startswith(said)]
        if len(found) != 1 or found[0] in numbers:
            return None
        numbers.append(found[0])
    return tuple(sorted(numbers))


def _words(modal: Modal) -> str:
    return "; ".join(f"“{m.label}”" for m in modal.modes)


def choose(chooser: Chooser, state: GameState, player: str, modal: Modal, name: str, rule: str,
           source: Chars | None = None) -> tuple[int, ...]:
    """The modes ``player`` chooses for ``name`` (choice kind ``"mode"``): among the selections
    whose targets can be chosen (700.2a); one such selection is taken without asking. Refuses a
    scripted answer that names no mode, or a mode that can't be chosen now."""
    ok = allowed(state, player, modal, source)
    if not ok:
        raise IllegalAction("700.2a", f"{name} is modal, and none of its modes can be chosen now: each needs "
                            f"targets that can't be chosen ({_words(modal)})")
    queue = chooser.scripted.get(MODE)
    if queue:
        check_answer(state, player, modal, queue[0], name, source)
    options = [answer_of(modal, sel) for sel in ok]
    by_answer = dict(zip(options, ok, strict=True))
    sentence = (f"{player} must choose {_how_many(modal)} mode of {name} (“{modal.text}”): one of "
                f"{'; '.join(repr(o) for o in options[:6])}{' …' if len(options) > 6 else ''}; give it as "
                f"mode={options[0]!r}, and no choice was given")

    def normalize(value: Any) -> Any:
        got = read(modal, value)
        return answer_of(modal, got) if got is not None else value
    said = chooser.choose(MODE, player, options, rule, normalize=normalize, sentence=sentence)
    return by_answer[said]


def check_answer(state: GameState, player: str, modal: Modal, answer: Any, name: str,
                 source: Chars | None = None) -> tuple[int, ...]:
    """The modes a given answer names, or refuse it: it names no mode (700.2), a number of modes
    the text doesn't allow, or a mode whose targets can't be chosen now (700.2a)."""
    picked = read(modal, answer)
    if picked is None:
        several = isinstance(answer, str) and sum(
            m.label.lower().startswith(answer.lstrip("•").strip().lower()) for m in modal.modes) > 1
        what = "starts more than one mode" if several else "names no mode"
        raise IllegalAction("700.2", f"{answer!r:.60} {what} of {name} (choose {_how_many(modal)}): its modes "
                            f"are {_words(modal)}")
    if not modal.fewest <= len(picked) <= modal.most:
        raise IllegalAction("700.2", f"{name} says {modal.text!r}: choose {_how_many(modal)}, not {len(picked)}")
    if picked not in allowed(state, player, modal, source):
        raise IllegalAction("700.2a", f"{name}'s mode {_answer_words(modal, picked)} can't be chosen now: its "
                            "targets can't be chosen")
    return picked


def _how_many(modal: Modal) -> str:
    if modal.fewest == modal.most:
        return {1: "one", 2: "two", 3: "three"}.get(modal.fewest, str(modal.fewest))
    return f"{modal.fewest} to {modal.most}" if modal.most < len(modal.modes) else \
        f"{modal.fewest} or more" if modal.fewest > 1 else "one or more"


def _answer_words(modal: Modal, numbers: tuple[int, ...]) -> str:
    return " and ".join(f"“{modal.modes[i].label}”" for i in numbers)


def scripted_answer(a_choices: tuple[tuple[str, Any], ...]) -> Any:
    """An action's scripted mode answer, the first of a queue (a list), or None."""
    given = dict(a_choices).get(MODE)
    if isinstance(given, list):  # a queue: the first answer is this spell's
        given = given[0] if given else None
    return given


def scripted(a_choices: tuple[tuple[str, Any], ...], modal: Modal) -> tuple[int, ...] | None:
    """The modes an action's scripted answer names (read only, nothing used up), or None when it
    gives none or names no mode: the check reads them to judge the targets before anything moves."""
    given = scripted_answer(a_choices)
    return read(modal, given) if given is not None else None


# ---------------------------------------------------------------- what a spell or ability targets
def spell_slots(cdef: CardDef, modes: Sequence[int] | None) -> tuple[Target, ...]:
    """The instances of "target" of a spell: its chosen modes', if it is modal; else its own."""
    modal = modal_of(cdef.spell)
    if modal is not None:
        return slots_of_modes(modal, modes or ())
    return target_slots(cdef.cast_target)


def ability_slots(ab: object, modes: Sequence[int] | None) -> tuple[Target, ...]:
    """The instances of "target" of an activated or triggered ability: its chosen modes', if it
    is modal; else its own."""
    modal = modal_of(getattr(ab, "resolve", None))
    if modal is not None:
        return slots_of_modes(modal, modes or ())
    return target_slots(getattr(ab, "target", None))


def item_modes(item: StackItem) -> tuple[int, ...] | None:
    """The modes chosen for a spell or ability on the stack, if it is modal."""
    chosen = item.get(CHOSEN_MODES)
    return chosen if isinstance(chosen, tuple) else None


def item_slots(state: GameState, item: StackItem, ability: object = None) -> tuple[Target, ...]:
    """What a spell or ability on the stack targets, instance by instance (its chosen modes', if
    modal). ``ability`` is the ability it is an instance of, when the caller has it."""
    if item.kind == "spell":
        return spell_slots(card(trigger_source(state, item.source.oid, item.data).card), item_modes(item))
    if ability is None:
        if item.ability is None:
            return ()
        ability = card(trigger_source(state, item.source.oid, item.data).card).abilities[item.ability]
    return ability_slots(ability, item_modes(item))


def mode_note(modal: Modal, chosen: Sequence[int]) -> str:
    """The chosen modes in words, for the sentence of a cast or a trigger put on the stack."""
    return "; ".join(modal.modes[i].label for i in sorted(chosen))
