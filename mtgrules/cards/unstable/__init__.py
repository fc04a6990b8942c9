"""Un-set cards (silver-bordered), outside the Comprehensive Rules (100.7): each card's official
rulings are its specification. One module per card holds the card and every rule hook it adds."""

from mtgrules.cards.unstable import graveyard_busybody, over_my_dead_bodies  # noqa: F401
