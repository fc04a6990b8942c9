"""Question helpers for the Call to the Grave lesson: describe a step by what its intervening
"if" did (603.4), so predict-then-reveal options read as the learner thinks about them."""

from __future__ import annotations

from ..timeline import Frame


def if_outcome(frame: Frame) -> str:
    """"Triggers" / "doesn't trigger" at the event, "does nothing" / "resolves" at resolution."""
    checks = [e for e in frame.events if e.kind == "if check"]
    if not checks:
        return "No “if” is checked"
    resolving = any(e.kind == "resolves" for e in frame.events)
    ok = checks[-1].after
    if resolving:
        moved = [e for e in frame.events if e.kind == "zone change"]
        gone = f": {moved[0].name} goes to the graveyard" if moved else ""
        return ("The condition still holds, so the ability does its work" + gone) if ok else \
            "The condition is now false, so the ability does nothing"
    return "The ability triggers" if ok else "The ability doesn't trigger"


def question_end_step():
    """CTG-3: a creature is on the battlefield as the end step begins; the other option is the
    same end step with no creature."""
    from ..widgets import Predict
    from .call_to_the_grave import end_step_no_trigger, end_step_sacrificed
    return Predict(end_step_no_trigger(), 2, "Alice's end step begins with Call to the Grave on the battlefield "
                   "and a Grizzly Bears too. What happens with Call to the Grave's second ability?",
                   alternatives=[end_step_sacrificed()], describe=if_outcome, auto=False, rules=("603.4",))
