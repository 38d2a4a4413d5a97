"""belote announcements: combinations in a hand, the best disjoint set, their comparison.

docs/rules.md § belote "Announcements": tierce 20, cinquante 50, cent (5 or more) 100, four
jacks 200, four nines 150, four aces, tens, kings or queens 100; [decided] a declaring
player scores the best set of disjoint combinations (a card counts once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from .cards import Card, Rank, Suit

SEQUENCE_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
# Four of a kind, strongest first, with their values.
CARRES = ((Rank.JACK, 200), (Rank.NINE, 150), (Rank.ACE, 100), (Rank.TEN, 100), (Rank.KING, 100), (Rank.QUEEN, 100))
_CARRE_STRENGTH = {rank: len(CARRES) - i for i, (rank, _) in enumerate(CARRES)}


def sequence_value(length: int) -> int:
    return 20 if length == 3 else 50 if length == 4 else 100


class CombinationKind(str, Enum):
    TIERCE = "TIERCE"  # three in sequence
    CINQUANTE = "CINQUANTE"  # four in sequence
    CENT = "CENT"  # five or more in sequence
    CARRE = "CARRE"  # four of a kind


_SEQUENCE_KINDS = {3: CombinationKind.TIERCE, 4: CombinationKind.CINQUANTE}


@dataclass(frozen=True)
class Combination:
    kind: CombinationKind
    cards: frozenset[Card]
    value: int
    # Compared between players; play order breaks remaining ties. The engine's own: not shown.
    strength: tuple[int, ...] = field(default=(), metadata={"internal": True})


def candidates(hand: Iterable[Card], trump: Suit) -> list[Combination]:
    """Every combination in the hand: each four of a kind, each run segment of 3 or more."""
    hand = frozenset(hand)
    found: list[Combination] = []
    for rank, value in CARRES:
        four = frozenset(card for card in hand if card.rank == rank)
        if len(four) == 4:
            found.append(Combination(CombinationKind.CARRE, four, value, (1, _CARRE_STRENGTH[rank])))
    for suit in {card.suit for card in hand}:
        present = [Card(rank, suit) in hand for rank in SEQUENCE_ORDER]
        for start in range(len(SEQUENCE_ORDER)):
            for end in range(start + 3, len(SEQUENCE_ORDER) + 1):
                if not all(present[start:end]):
                    break
                length = end - start
                cards = frozenset(Card(rank, suit) for rank in SEQUENCE_ORDER[start:end])
                kind = _SEQUENCE_KINDS.get(length, CombinationKind.CENT)
                found.append(Combination(kind, cards, sequence_value(length), (0, length, end, int(suit == trump))))
    return found


def best_set(hand: Iterable[Card], trump: Suit) -> tuple[Combination, ...]:
    """The disjoint set of combinations worth most; ties go to the set with the strongest member."""
    return _best_set(frozenset(hand), trump)


@cache
def _best_set(hand: frozenset[Card], trump: Suit) -> tuple[Combination, ...]:
    options = sorted(candidates(hand, trump), key=lambda c: (-c.value, c.strength), reverse=False)
    best: tuple[Combination, ...] = ()

    def score(chosen: tuple[Combination, ...]) -> tuple[int, tuple[int, ...]]:
        return (sum(c.value for c in chosen), max((c.strength for c in chosen), default=()))

    def search(index: int, used: frozenset[Card], chosen: tuple[Combination, ...]) -> None:
        nonlocal best
        if score(chosen) > score(best):
            best = chosen
        for i in range(index, len(options)):
            if not options[i].cards & used:
                search(i + 1, used | options[i].cards, chosen + (options[i],))

    search(0, frozenset(), ())
    return best


@dataclass(frozen=True)
class DeclarationFact:
    """What a seat's declaration (belote announcements) tells of the hand it held then: its
    cards now plus ``played``, the cards it has played since (it declares before its first
    card). Its best set of combinations (``best_set``) exists and, once the
    first trick has resolved the declarations, either was shown (``shows``: its total value
    and strongest combination) or lost to the best one (``loses_to``: that one's strength,
    and whether an equal strength loses too, as it does for a seat after the best declarer
    in play order)."""

    holder: int
    played: frozenset[Card]
    trump: Suit
    shows: tuple[int, tuple[int, ...]] | None = None
    loses_to: tuple[tuple[int, ...], bool] | None = None

    def allows(self, hand: frozenset[Card] | set[Card]) -> bool:
        combinations = best_set(set(hand) | self.played, self.trump)
        if not combinations:
            return False
        best = strongest(combinations)
        if self.shows is not None:
            return (sum(c.value for c in combinations), best) == self.shows
        if self.loses_to is not None:
            winner, tie_loses = self.loses_to
            return best < winner or (tie_loses and best == winner)
        return True


def strongest(combinations: Iterable[Combination]) -> tuple[int, ...]:
    return max((c.strength for c in combinations), default=())


def best_declarer(declarations: Mapping[int, Iterable[Combination]], order: Sequence[int]) -> int:
    """The seat whose declaration wins: the strongest combination; on equal strength the
    first in ``order`` (play order from the first trick's leader)."""
    return max(declarations, key=lambda seat: (strongest(declarations[seat]), -order.index(seat)))


def strength_code(strength: tuple[int, ...]) -> int:
    """A strength as one comparable number, as the solver extension takes it: ``(1, k)``
    for four of a kind and ``(0, length, end, trump)`` for a sequence map to
    ``kind << 24 | a << 16 | b << 8 | c``, in the same order."""
    padded = tuple(strength) + (0,) * (4 - len(strength))
    return padded[0] << 24 | padded[1] << 16 | padded[2] << 8 | padded[3]
