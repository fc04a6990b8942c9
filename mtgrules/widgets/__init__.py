"""Widgets for the lessons (ipywidgets 8): step through a timeline, predict a step, compare a what-if.

    from mtgrules.widgets import Walkthrough, Predict, WhatIf
    Walkthrough(t)                                   # Prev / Next / Play over every step
    Predict(t, 2, alternatives=[other])              # choose an outcome, then reveal the step
    WhatIf(t, 1, [activate("Alice", pool, color="W")])  # branch after step 1, compare
    BlocksExplorer(state)                            # pick blockers, Check: legal, and why
    BoardEditor()                                    # build a board without code; copy its code
    LayerView(state, obj)                            # every continuous effect on one object, in order (613)
    Quiz(quiz_for(1))                                # a lesson's judge-exam quiz, one question at a time

All rendering goes into HTML and Image widget values, so the widgets can be driven and checked
from Python (``w.next_button.click()``, ``w.table.value``) and look the same in JupyterLab and Voila.
In a kernel a Walkthrough, WhatIf or Picture renders its content when a front end first shows it
(:mod:`mtgrules.widgets.shown`); ``.fill()`` renders it at once.
"""

from mtgrules.widgets import shown
from mtgrules.widgets.blocks import BlocksExplorer
from mtgrules.widgets.board_editor import BoardEditor
from mtgrules.widgets.layer_view import LayerView
from mtgrules.widgets.picture import Picture
from mtgrules.widgets.predict import Outcome, Predict, choice_variants, describe_outcome, outcome_options, outcomes
from mtgrules.widgets.quiz import Quiz
from mtgrules.widgets.walkthrough import StepView, Walkthrough
from mtgrules.widgets.whatif import WhatIf, first_divergence

shown.freeze_what_is_loaded()  # in a kernel: full garbage collections skip what the imports made

__all__ = ["Walkthrough", "StepView", "Predict", "Outcome", "outcomes", "outcome_options", "describe_outcome",
           "choice_variants", "WhatIf", "first_divergence", "BlocksExplorer", "BoardEditor", "LayerView", "Picture", "Quiz",
           "shown"]
