"""The rules engine: pure domain code for the four variants (no I/O, no gRPC).

Typical use::

    game = new_game("hearts", seed="table-42")
    seat = game.to_act()[0]
    move = game.legal_moves(seat)[0]
    events = game.push(seat, move)
    view = PlayerView.of(game, seat)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .belote import Belote
from .belote3 import Belote3
from .cards import Card, Deck, Rank, Suit
from .dealing import STOCK, Deal
from .errors import InvalidOption, Reason, RuleViolation, echo
from .euchre3 import Euchre3
from .events import (
    Belote3Result,
    BeloteResult,
    DealOutcome,
    DealResult,
    Euchre3Result,
    Event,
    HeartsResult,
    Hidden,
    PlayedCard,
    RevealedDeclaration,
    Trick,
)
from .game import Game, Phase
from .hearts import Hearts
from .knowledge import HolderFacts, Knowledge
from .moves import Call, Declare, Discard, Move, NextDeal, Pass, PassCards, Play, Take, parse_move
from .notation import Position, format_deal, format_position, parse_deal, parse_position
from .options import Announcements, Options
from .views import PlayerView

VARIANTS: dict[str, type[Game]] = {cls.variant: cls for cls in (Euchre3, Belote3, Hearts, Belote)}


def variant_class(name: str) -> type[Game]:
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise RuleViolation(
            Reason.INVALID_OPTION, f"unknown variant {echo(name)}; one of {', '.join(VARIANTS)}", field="variant"
        ) from None


def new_game(
    variant: str,
    options: Mapping[str, Any] | Options | None = None,
    *,
    seed: str | int | bytes | None = None,
    deal: Deal | str | None = None,
    deals: Sequence[Deal | str] | None = None,
    rotation: int = 0,
) -> Game:
    """A new game: options as an object or plain values; ``deal`` (its first deal) or
    ``deals`` (every deal, as a record gives them) in the deal notation or built; each deal
    turned by ``rotation`` seats."""
    cls = variant_class(variant)
    if options is None or isinstance(options, Options):
        opts = options
    else:
        opts = cls.options_type.from_mapping(options)
    if isinstance(deal, str):
        deal = parse_deal(cls.deck, deal, cls.players)
    given = None if deals is None else [parse_deal(cls.deck, item, cls.players) if isinstance(item, str) else item
                                        for item in deals]
    return cls(opts, seed=seed, deal=deal, deals=given, rotation=rotation)


__all__ = [
    "Announcements", "Belote", "Belote3", "Belote3Result", "BeloteResult", "Call", "Card", "Deal", "DealOutcome",
    "DealResult", "Declare", "Deck", "Discard", "Euchre3", "Euchre3Result", "Event", "Game", "Hearts", "HeartsResult",
    "Hidden", "HolderFacts", "InvalidOption", "Knowledge", "Move", "NextDeal", "Options", "Pass", "PassCards", "Phase",
    "Play", "PlayedCard", "PlayerView", "Position", "Rank", "Reason", "RevealedDeclaration", "RuleViolation", "STOCK",
    "Suit", "Take", "Trick", "VARIANTS", "format_deal", "format_position", "new_game", "parse_deal", "parse_move",
    "parse_position", "variant_class",
]
