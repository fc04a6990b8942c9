"""What the kit teaches: the catalog of rulings (``rulings``) and the index of Comprehensive Rules
numbers it cites (``rules_index``)."""

from mtgrules.catalog.rulings import Ruling, Status, catalog_ids, load_catalog, parse_catalog, ruling

__all__ = ["Ruling", "Status", "catalog_ids", "load_catalog", "parse_catalog", "ruling"]
