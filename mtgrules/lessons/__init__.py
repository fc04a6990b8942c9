"""Lesson scenarios: one small function per board a lesson walks through.

Notebooks call these and hold no logic; tests call the same functions, so what a lesson shows
is exactly what the tests prove.
"""
