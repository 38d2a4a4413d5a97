"""Game records (docs/records.md): a game's whole record built from its log
(``RecordBuilder``), a reader's share of it (``for_reader``: hidden cards only once they
can no longer matter), a record made elsewhere checked by replaying it (``replay``), and
the text form people write by hand (``parse_record``, ``format_record``)."""

from .building import RecordBuilder
from .model import FORMAT, DealRecord, Entry, GameRecord, SeatRecord, TableAction
from .reading import first_deals, for_reader
from .replay import replay
from .text import format_record, parse_record

__all__ = [
    "FORMAT", "DealRecord", "Entry", "GameRecord", "RecordBuilder", "SeatRecord", "TableAction", "first_deals", "for_reader",
    "format_record", "parse_record", "replay",
]
