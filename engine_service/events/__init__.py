"""Duplicate events (docs/events.md): the same deals at every table, each result compared
with the others from the same chairs. Pure: the service keeps the tables and asks here."""

from .model import MAX_TABLES, EventSpec, EventTable, rotation, rotations
from .rating import deal_match_id, rated_deals
from .scoring import Comparison, Result, Scorer, Standing, TableResults

__all__ = ["MAX_TABLES", "Comparison", "EventSpec", "EventTable", "Result", "Scorer", "Standing", "TableResults",
           "deal_match_id", "rated_deals", "rotation", "rotations"]
