"""Combat (506-511): the combat record and who can be a combatant (``state``), declarations and
the combat steps (``declare``), who may block whom and ``legal_blocks`` (``blocking``), and
combat damage (``damage``)."""
