"""A move's text form and its ``cardgames.v1.Move`` message, one to the other: the one
mapping that the server and the client library share.

Text forms (docs/rules.md): ``pass``, ``take``, ``call:H``, ``discard:MA``,
``give:2C 3C 4C``, ``declare``, ``no-declare``, ``play:QS``, ``next-deal``.
"""

from __future__ import annotations

from cardgames.v1 import game_pb2 as pb

__all__ = ["move", "move_text"]


def move(text: str | pb.Move) -> pb.Move:
    """A Move message from its text form (``play:QS``); a Move is returned unchanged."""
    if isinstance(text, pb.Move):
        return text
    verb, _, argument = text.strip().partition(":")
    if verb == "pass":
        message = pb.Move()
        getattr(message, "pass").SetInParent()  # "pass" is a Python keyword
        return message
    if verb == "take":
        return pb.Move(take=pb.TakeBid())
    if verb == "call":
        return pb.Move(call=pb.CallSuit(suit=argument))
    if verb == "discard":
        return pb.Move(discard=pb.DiscardCard(card=argument))
    if verb == "give":
        return pb.Move(give=pb.GiveCards(cards=argument.split()))
    if verb in ("declare", "no-declare"):
        return pb.Move(declare=pb.DeclareCombinations(declare=verb == "declare"))
    if verb == "play":
        return pb.Move(play=pb.PlayCard(card=argument))
    if verb == "next-deal":
        return pb.Move(next_deal=pb.NextDeal())
    raise ValueError(f"not a move: {text[:40]!r}")


def move_text(message: pb.Move) -> str:
    """The text form of a Move message ("" for a message with no case set)."""
    case = message.WhichOneof("kind")
    if case == "call":
        return f"call:{message.call.suit}"
    if case == "discard":
        return f"discard:{message.discard.card}"
    if case == "give":
        return "give:" + " ".join(sorted(message.give.cards))
    if case == "declare":
        return "declare" if message.declare.declare else "no-declare"
    if case == "play":
        return f"play:{message.play.card}"
    return {"pass": "pass", "take": "take", "next_deal": "next-deal"}.get(case or "", "")
