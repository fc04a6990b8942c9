"""Values only, standard library only: the game state and its draft, objects, events, steps, mana,
card and ability definitions, actions, choices and errors. Nothing here knows a rule's logic;
``mtgrules.rules`` reads and edits these values."""
