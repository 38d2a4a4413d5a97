"""Cards as a card player reads them, drawn from what the server sends: its view lists
every card of the deal's deck in holding order with its rank, suit, role and colour
(``GameView.deck``), and the catalogue of words names them. Nothing here knows a rule:
how a hand is held, which card is a trump or euchre3's Oracle are the server's to say.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgames_client import pb
from rich.text import Text

from ..words import Words


def _short(enum: object, value: int, prefix: str) -> str:
    return str(enum.Name(value)).removeprefix(prefix)  # type: ignore[attr-defined]


class Deck:
    """What the terminal draws of one deal's cards, from the view's deck."""

    def __init__(self, deck: Iterable[pb.CardInfo], words: Words) -> None:
        self.words = words
        self.cards = {info.card: info for info in deck}
        self.order = {code: index for index, code in enumerate(self.cards)}
        # A card's code ends with its suit's: the suits a bid or a trump names by code.
        self.suits = {code[-1]: info for code, info in self.cards.items()}

    @classmethod
    def of(cls, view: pb.GameView, words: Words) -> Deck:
        return cls(view.deck, words)

    def _rank(self, info: pb.CardInfo) -> str:
        return _short(pb.Rank, info.rank, "RANK_")

    def _suit(self, info: pb.CardInfo) -> str:
        return _short(pb.Suit, info.suit, "SUIT_")

    def _role(self, info: pb.CardInfo) -> str:
        return _short(pb.CardRole, info.role, "CARD_ROLE_")

    def face(self, code: str, *, dim: bool = False, padded: bool = True) -> Text:
        """The card as on its corner: "Q♠" (or "D♠" in French), red for the red suits."""
        info = self.cards.get(code)
        if info is None:
            return Text(code)
        mark = self.words(f"face.{self._rank(info)}") + self.words(f"mark.{self._suit(info)}")
        colour = "red3" if info.red else "grey0"
        if dim:
            colour = "indian_red" if info.red else "grey54"
        return Text(f" {mark} " if padded else mark, style=f"bold {colour} on grey93")

    def name(self, code: str) -> str:
        """The card's name in words: "Queen of spades", "Dame de pique", "Sage of Thought"."""
        info = self.cards.get(code)
        if info is None:
            return code
        role = self._role(info)
        rank = self.words(f"role.{role}") if role in ("ORACLE", "SAGE") else self.words(f"rank.{self._rank(info)}")
        return self.words("card.name", rank=rank, of_suit=self.words(f"suit.{self._suit(info)}.of"))

    def suit_text(self, code: str, *, with_name: bool = True) -> Text:
        """A suit as a bid or a trump shows it: its mark in colour, and its name."""
        info = self.suits.get(code)
        if info is None:
            return Text(code)
        suit = self._suit(info)
        text = Text(self.words(f"mark.{suit}"), style="bold red" if info.red else "bold")
        if with_name:
            text.append(f" {self.words(f'suit.{suit}')}")
        return text

    def sorted(self, codes: Iterable[str]) -> list[str]:
        """Cards as a player holds them: in the deck's holding order."""
        return sorted(codes, key=lambda code: self.order.get(code, len(self.order)))
