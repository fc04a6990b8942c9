"""What the kit teaches: the catalog of rulings (``rulings``) and the index of Comprehensive Rules
numbers it cites (``rules_index``)."""

from mtgrules.catalog.rulings import load_catalog

__all__ = ["load_catalog"]
