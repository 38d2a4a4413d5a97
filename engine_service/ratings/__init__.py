"""Ratings of rated matches (docs/players.md): who ranked where in a match, and how that
moves each player's and each bot strength's rating. Pure: the stores apply the update in
the transaction that ends the match, so it is applied exactly once."""

from .matches import RatedMatch, bot_entity, rated_match
from .model import DEFAULT, PROVISIONAL_SIGMA, Rating, updated

__all__ = ["DEFAULT", "PROVISIONAL_SIGMA", "RatedMatch", "Rating", "bot_entity", "rated_match", "updated"]
