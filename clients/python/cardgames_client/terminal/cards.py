"""Cards as a card player reads them: the decks of the four variants, each card's face
(rank and suit symbol, hearts and diamonds in red), its name, and a hand's sorting.

The client library speaks card codes only ("QS", the euchre3 "MA"); this module holds the
little it needs to know of each deck to show them, without the server's rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

PLAYERS = {"euchre3": 3, "belote3": 3, "hearts": 4, "belote": 4}
VARIANT_NAMES = {1: "euchre3", 2: "belote3", 3: "hearts", 4: "belote"}  # the proto's Variant values


@dataclass(frozen=True)
class Suit:
    code: str
    symbol: str  # the face's suit mark
    red: bool
    names: dict[str, str]  # per language


@dataclass(frozen=True)
class Rank:
    code: str
    faces: dict[str, str]  # per language: "10", "Q" / "D"
    names: dict[str, str]


def _rank(code: str, face_en: str, face_fr: str, name_en: str, name_fr: str) -> Rank:
    return Rank(code, {"en": face_en, "fr": face_fr}, {"en": name_en, "fr": name_fr})


STANDARD_SUITS = {
    "S": Suit("S", "♠", False, {"en": "spades", "fr": "pique"}),
    "H": Suit("H", "♥", True, {"en": "hearts", "fr": "cœur"}),
    "C": Suit("C", "♣", False, {"en": "clubs", "fr": "trèfle"}),
    "D": Suit("D", "♦", True, {"en": "diamonds", "fr": "carreau"}),
}
# The euchre3 "disciplines" deck has no standard marks: a short label of each suit's name,
# red for the two red suits.
THEMED_SUITS = {
    "A": Suit("A", "Arc", True, {"en": "Architecture", "fr": "Architecture"}),
    "R": Suit("R", "Art", False, {"en": "Art", "fr": "Art"}),
    "C": Suit("C", "Com", True, {"en": "Commandement", "fr": "Commandement"}),
    "P": Suit("P", "Pen", False, {"en": "Pensée", "fr": "Pensée"}),
}
_NUMBERS = {"2": ("Two", "Deux"), "3": ("Three", "Trois"), "4": ("Four", "Quatre"), "5": ("Five", "Cinq"),
            "6": ("Six", "Six"), "7": ("Seven", "Sept"), "8": ("Eight", "Huit"), "9": ("Nine", "Neuf")}
STANDARD_RANKS = {
    **{code: _rank(code, code, code, en, fr) for code, (en, fr) in _NUMBERS.items()},
    "T": _rank("T", "10", "10", "Ten", "Dix"),
    "J": _rank("J", "J", "V", "Jack", "Valet"),
    "Q": _rank("Q", "Q", "D", "Queen", "Dame"),
    "K": _rank("K", "K", "R", "King", "Roi"),
    "A": _rank("A", "A", "A", "Ace", "As"),
}
THEMED_RANKS = {code: _rank(code, code, code, name, name) for code, name in (
    ("I", "Initié"), ("E", "Étudiant"), ("A", "Apprenti"), ("C", "Compagnon"), ("S", "Scribe"), ("M", "Maître"))}

# Within a suit, strongest first.
_HEARTS_ORDER = "AKQJT98765432"
_BELOTE_PLAIN, _BELOTE_TRUMP = "ATKQJ987", "J9ATKQ87"
_EUCHRE_PLAIN, _EUCHRE_TRUMP = "MSCAEI", "MSCAE"  # the trump Initié (Oracle) and the Sage lead the trumps
_SAME_COLOUR = {"A": "C", "C": "A", "R": "P", "P": "R"}


class Deck:
    """What the terminal knows of one variant's cards."""

    def __init__(self, variant: str, lang: str = "en") -> None:
        self.variant = variant
        self.lang = lang
        self.themed = variant == "euchre3"
        self.suits = THEMED_SUITS if self.themed else STANDARD_SUITS
        self.ranks = THEMED_RANKS if self.themed else STANDARD_RANKS

    def split(self, code: str) -> tuple[Rank, Suit]:
        return self.ranks[code[:-1]], self.suits[code[-1]]

    def face(self, code: str, *, dim: bool = False, padded: bool = True) -> Text:
        """The card as on its corner: "Q♠" (or "D♠" in French), red for the red suits."""
        try:
            rank, suit = self.split(code)
        except KeyError:
            return Text(code)
        mark = f"{rank.faces[self.lang]}{' ' if self.themed else ''}{suit.symbol}"
        colour = "red3" if suit.red else "grey0"
        if dim:
            colour = "indian_red" if suit.red else "grey54"
        return Text(f" {mark} " if padded else mark, style=f"bold {colour} on grey93")

    def name(self, code: str, trump: str | None = None) -> str:
        """The card's name in words: "Queen of spades", "Dame de pique", "Maître d'Architecture"."""
        try:
            rank, suit = self.split(code)
        except KeyError:
            return code
        if self.themed:
            label = suit.names[self.lang]
            name = f"{rank.names[self.lang]} {'d’' if label[0] in 'AEIOU' else 'de '}{label}"
            if trump and rank.code == "I" and suit.code in (trump, _SAME_COLOUR[trump]):
                role = "Oracle" if suit.code == trump else "Sage"
                name += f" ({'l’' if self.lang == 'fr' else 'the '}{role})"
            return name
        if self.lang == "fr":
            return f"{rank.names['fr']} {'d’' if suit.names['fr'][0] in 'aeiou' else 'de '}{suit.names['fr']}"
        return f"{rank.names['en']} of {suit.names['en']}"

    def suit_text(self, code: str, *, with_name: bool = True) -> Text:
        """A suit as a bid or a trump shows it: its mark in colour, and its name."""
        suit = self.suits.get(code)
        if suit is None:
            return Text(code)
        text = Text(suit.symbol, style="bold red" if suit.red else "bold")
        if with_name and not self.themed:
            text.append(f" {suit.names[self.lang]}")
        elif with_name:
            text = Text(suit.names[self.lang], style="bold red" if suit.red else "bold")
        return text

    def effective_suit(self, code: str, trump: str | None) -> str:
        """The suit a card counts in: the euchre3 Sage is a trump."""
        suit = code[-1]
        if self.themed and trump and code[:-1] == "I" and suit == _SAME_COLOUR.get(trump):
            return trump
        return suit

    def sort_key(self, code: str, trump: str | None) -> tuple[int, int]:
        order = list(self.suits)
        if trump in order:  # trumps first, the other suits still alternating colours
            start = order.index(trump)
            order = order[start:] + order[:start]
        suit = self.effective_suit(code, trump)
        rank = code[:-1]
        position = order.index(suit) if suit in order else len(order)
        return position, self._strength(rank, code[-1], suit == trump and trump is not None, trump)

    def _strength(self, rank: str, printed: str, is_trump: bool, trump: str | None) -> int:
        if self.themed:
            if is_trump and rank == "I":
                return 0 if printed == trump else 1  # the Oracle, then the Sage
            if is_trump:
                return 2 + _EUCHRE_TRUMP.index(rank)
            return _EUCHRE_PLAIN.index(rank)
        if self.variant == "hearts":
            return _HEARTS_ORDER.index(rank)
        return (_BELOTE_TRUMP if is_trump else _BELOTE_PLAIN).index(rank)

    def sorted(self, hand: list[str], trump: str | None = None) -> list[str]:
        """A hand as a player holds it: suit by suit (trumps first), strongest first."""
        return sorted(hand, key=lambda code: self.sort_key(code, trump))
