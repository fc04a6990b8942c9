"""Mana rules: mana abilities and their triggers and replacements (605, 106.12), and "could
produce" (106.7). Mana values, pools and payment live in :mod:`mtgrules.core.mana`."""
