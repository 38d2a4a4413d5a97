"""The watch stream's events in words, one line each: "West plays Q♠." (the events are
already redacted for the viewer by the server)."""

from __future__ import annotations

from cardgames_client import pb
from rich.text import Text

from .render import Viewpoint, outcome, scores_line


def describe(seen: Viewpoint, change: pb.GameChange) -> list[Text]:
    return [line for event in change.events if (line := event_line(seen, event)) is not None]


def event_line(seen: Viewpoint, event: pb.Event) -> Text | None:
    kind = event.kind
    you = event.HasField("seat") and event.seat == seen.viewer
    name = seen.name(event.seat) if event.HasField("seat") else ""

    def words(key: str, **values: object) -> str:
        return seen.words.about(key, you, **values)

    if kind == "card_played":
        return _card(words("ev.card_played", name=name, card="\0"), seen, event.card_played.card)
    if kind == "card_turned":
        return _card(words("ev.card_turned", card="\0"), seen, event.card_turned.card)
    if kind == "bid":
        case = event.bid.move.WhichOneof("kind")
        if case == "call":
            return _suit(words("ev.bid.call", name=name, suit="\0"), seen, event.bid.move.call.suit)
        return Text(words("ev.bid.take" if case == "take" else "ev.bid.pass", name=name))
    if kind == "trump_chosen":
        return _suit(words("ev.trump_chosen", name=name, suit="\0"), seen, event.trump_chosen.trump)
    if kind == "discarded":
        if event.discarded.HasField("card"):
            return _card(words("ev.discarded_own", card="\0"), seen, event.discarded.card)
        return Text(words("ev.discarded", name=name))
    if kind == "cards_received":
        received = event.cards_received
        if received.cards and received.HasField("giver"):
            line = Text(words("ev.cards_received", cards="\0", name=seen.name(received.giver)))
            return _splice(line, seen.cards(seen.deck.sorted(list(received.cards))))
        return Text(words("ev.cards_received_all"))
    if kind == "declared":
        return Text(words("ev.declared" if event.declared.declared else "ev.declined", name=name))
    if kind == "declarations_resolved":
        shown = "; ".join(
            f"{seen.name(entry.seat)} " + " ".join(f"{combination.value}" for combination in entry.combinations)
            for entry in event.declarations_resolved.revealed) or words("ev.no_declaration")
        return Text(words("ev.declarations_resolved", shown=shown))
    if kind == "belote_rebelote":
        return Text(words("ev.belote_rebelote", name=name, points=event.belote_rebelote.points))
    if kind == "trick_won":
        won = event.trick_won
        key = "ev.trick_won.no_points" if seen.variant == "euchre3" else "ev.trick_won"  # euchre3 counts tricks only
        return Text(words(key, name=name, trick=won.trick, points=seen.words.count("points", won.points)), style="italic")
    if kind == "deal_started":
        started = event.deal_started
        return Text(words("ev.deal_started", deal=words("deal", number=started.deal_number + 1),
                          name=seen.name(started.dealer)), style="bold")
    if kind == "deal_scored":
        scored = event.deal_scored
        return Text(words("ev.deal_scored", deal=words("deal", number=scored.result.deal_number + 1),
                          outcome=outcome(seen, scored.result), scores=scores_line(seen, list(scored.scores))),
                    style="bold")
    if kind == "game_over":
        return Text(words("ev.game_over", names=seen.winners(list(event.game_over.winners))), style="bold green")
    if kind in ("hands_completed", "cards_passed", "seat_claimed", "game_started", "resigned", "timed_out",
                "forfeited", "abandoned", "rematch_created"):
        return Text(words(f"ev.{kind}", name=name))
    return None


def _splice(line: Text, inner: Text) -> Text:
    """``line`` with its NUL placeholder replaced by ``inner`` (a card in colour)."""
    before, _, after = line.plain.partition("\0")
    return Text(before, style=line.style).append_text(inner).append(after)


def _card(line: str, seen: Viewpoint, code: str) -> Text:
    return _splice(Text(line), seen.deck.face(code, padded=False))


def _suit(line: str, seen: Viewpoint, code: str) -> Text:
    return _splice(Text(line), seen.deck.suit_text(code))
