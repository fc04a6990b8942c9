"""Follow-ups to the coverage push: small general pieces that compose with the other topics'
templates (the grammar's section "followups"): "at the beginning of your end step" as a trigger
event (513.1, 603.2b), and a target whose adjectives are listed with commas
("target nonartifact, nonblack creature", 115.1), and "other creatures you control get +N/+N until
end of turn" as an instruction (611.2c), "you may have target creature get +N/+N until end of turn"
(603.5).

Each piece yields the IR another topic already builds, so no builder is needed here: the trigger
event is the triggers topic's "at beginning" event, the target is the core's target IR.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.oracle.registry import IR, transform
from mtgrules.core.turns import Step


@transform("trg_your_end_step")
def _your_end_step(c: list[Any]) -> IR:
    return ("at beginning", Step.END.value, "your")


@transform("target_adjective_list")
def _target_adjective_list(c: list[Any]) -> IR:
    """Every listed adjective applies to the one target ("nonartifact, nonblack creature" is a
    creature that is neither), so the IR is the plain target's with all of them; each but the last
    keeps its comma, so the target's words are the text's own."""
    texts = [x for x in c if isinstance(x, str)]
    adjectives = tuple(f"{a}," for a in texts[:-2]) + (texts[-2],)  # the commas stay in its words (115.1)
    return ("target", adjectives, texts[-1], tuple(x for x in c if isinstance(x, tuple)))


@transform("other_creatures_get_until_end_of_turn")
def _other_creatures_get(c: list[Any]) -> IR:
    """"Other creatures you control get +1/+0 until end of turn": the effects topic's group pump,
    its group the core's "other creatures [whose]" (the members fixed as it resolves, 611.2c)."""
    from mtgrules.cards.oracle.parse import _pt
    from mtgrules.cards.oracle.topics.effects import _whose
    return ("group pump", ("group", True, ("creature",), _whose(c)), _pt(str(c[-1])), ())


@transform("you_may_have_target_get")
def _you_may_have_target_get(c: list[Any]) -> IR:
    """"you may have target creature get +2/+0 until end of turn" says what "you may" + "target
    creature gets +2/+0 until end of turn" says (603.5), so its IR is theirs."""
    from mtgrules.cards.oracle.parse import _pt
    return ("may", ("pump", c[0], _pt(str(c[1])), ()), None)


@transform("permanent_card")
def _permanent_card(c: list[Any]) -> IR:
    return ("card", "permanent")
