"""Playing games: a :class:`Scenario` builds a board, a :class:`Timeline` keeps every step, and
``advance`` and ``verbs`` hold the moves lessons and tests make again and again (pass until a
step, pass until the top of the stack resolves, record a refusal)."""
