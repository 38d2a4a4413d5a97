"""What each panel of the screen shows, from a seat's view of the game: pure functions of
the view (the server's, so nothing the seat may not know), each returning rich text."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.v1 import review_pb2
from cardgames_client import PLAYERS, api, events, pb, variant_name
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..words import Words
from .cards import Deck

CARD_MOVES = ("play", "discard")
_STRENGTHS = {pb.BOT_STRENGTH_RANDOM: "random", pb.BOT_STRENGTH_GREEDY: "greedy", pb.BOT_STRENGTH_HINT: "hint"}


@dataclass
class Viewpoint:
    """Who looks at which game: the deck, the words, the viewer (None: a spectator)."""

    variant: str
    viewer: int | None
    words: Words
    deck: Deck

    @classmethod
    def of(cls, view: pb.GameView, viewer: int | None, lang: str) -> Viewpoint:
        words = Words(lang, "terminal")
        return cls(variant_name(view.variant), viewer, words, Deck.of(view, words))

    @property
    def players(self) -> int:
        return PLAYERS.get(self.variant, 4)

    def name(self, seat: int) -> str:
        """A seat's name as seen from the viewer's chair: You, then West, North, East clockwise."""
        if self.viewer is None:
            places = ["south", "left", "across", "right"] if self.players == 4 else ["south", "left", "right"]
            return self.words(places[seat % self.players])
        offset = (seat - self.viewer) % self.players
        if offset == 0:
            return self.words("you")
        places = ["left", "across", "right"] if self.players == 4 else ["left", "right"]
        return self.words(places[offset - 1])

    def side_name(self, side: int) -> str:
        """A side of the scores: a team in belote (seats 0 and 2, 1 and 3), else a seat."""
        if self.variant == "belote":
            return self.words("team", a=self.name(side), b=self.name(side + 2))
        return self.name(side)

    def names(self, seats: Sequence[int]) -> str:
        return ", ".join(self.name(seat) for seat in seats)

    def winners(self, seats: Sequence[int]) -> str:
        if self.variant == "belote" and len(seats) == 2:
            return self.side_name(min(seats))
        return self.names(seats)

    def card(self, code: str, *, dim: bool = False) -> Text:
        return self.deck.face(code, dim=dim)

    def cards(self, codes: Sequence[str]) -> Text:
        return Text(" ").join(self.deck.face(code) for code in codes)

    def move(self, move: pb.Move, trump_hint: str | None = None) -> Text:
        """A move in words: "Play Q♠", "Take ♥ hearts", "Give 2♣ 3♣ 4♣"."""
        case = move.WhichOneof("kind")
        if case == "play":
            return Text(self.words("play", card="")).append_text(self.deck.face(move.play.card))
        if case == "discard":
            return Text(self.words("discard", card="")).append_text(self.deck.face(move.discard.card))
        if case == "give":
            return Text(self.words("give", cards="")).append_text(self.cards(self.deck.sorted(list(move.give.cards))))
        if case == "call":
            return Text(self.words("call", suit="")).append_text(self.deck.suit_text(move.call.suit))
        if case == "take":
            suit = self.deck.suit_text(trump_hint) if trump_hint else Text("")
            return Text(self.words("take", suit="")).append_text(suit)
        if case == "declare":
            return Text(self.words("declare" if move.declare.declare else "no-declare"))
        if case == "next_deal":
            return Text(self.words("next-deal"))
        return Text(self.words("pass"))


def trump_of(view: pb.GameView) -> str | None:
    return view.trump if view.HasField("trump") else None


def hand(view: pb.GameView) -> list[str]:
    """The viewer's hand as a player holds it (the server sends it so)."""
    return list(view.hand)


def choices(view: pb.GameView) -> list[pb.Move]:
    """The legal moves the number keys choose: all but the cards (those are chosen in the hand)."""
    return [move for move in view.legal_moves if move.WhichOneof("kind") not in CARD_MOVES]


def playable(view: pb.GameView) -> set[str]:
    cards = {move.play.card for move in view.legal_moves if move.HasField("play")}
    cards |= {move.discard.card for move in view.legal_moves if move.HasField("discard")}
    return cards | set(view.card_selection.cards)


def info(table: Viewpoint, view: pb.GameView) -> Text:
    """The deal's headline: number, dealer, turned card, trump and taker."""
    words = table.words
    if view.status == pb.GAME_STATUS_WAITING:
        return Text(words("waiting_players"), style="bold")
    text = Text(words("deal", number=view.deal_number + 1), style="bold")
    text.append(f" · {words('dealer', name=table.name(view.dealer))}")
    if view.HasField("turned"):
        text.append(f" · {words('turned')} ").append_text(table.card(view.turned))
    if view.HasField("trump"):
        text.append(f" · {words('trump')} ").append_text(table.deck.suit_text(view.trump))
    if view.HasField("taker"):
        text.append(f" · {words('taker')} {table.name(view.taker)}")
    if table.variant == "hearts" and view.hearts_broken:
        text.append(f" · {words('broken')}")
    if table.viewer is None:
        text.append(f" · {words('spectator')}", style="italic")
    return text


def clock_text(clock: pb.SeatClock, elapsed: float) -> str:
    """A seat's clock: its decision's time left counting down, else its bank."""
    if clock.HasField("time_left_ms"):
        left = max(0.0, clock.time_left_ms / 1000 - elapsed)
        return f"⏱ {int(left) // 60}:{int(left) % 60:02d}"
    return f"{int(clock.bank_ms / 1000) // 60}:{int(clock.bank_ms / 1000) % 60:02d}"


def seats(table: Viewpoint, view: pb.GameView, elapsed: float = 0.0) -> Table:
    """One row per seat: who sits there, its cards, tricks, points, score and clock."""
    words = table.words
    grid = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    grid.add_column("")
    grid.add_column("", no_wrap=True)
    grid.add_column("", style="dim", no_wrap=True)
    counted = ("cards", "tricks", "score") if table.variant == "euchre3" else ("cards", "tricks", "points", "score")
    for header in counted:
        grid.add_column(words(header), justify="right")
    if view.clocks:
        grid.add_column(words("clock"), justify="right")
    for seat in range(table.players):
        info = view.seats[seat] if seat < len(view.seats) else pb.SeatInfo(seat=seat)
        if info.kind == pb.SEAT_KIND_BOT:
            who = words("bot", strength=words(_STRENGTHS.get(info.strength, "greedy")))
        elif info.kind == pb.SEAT_KIND_OPEN and not info.taken:
            who = words("invited") if info.invitation_only else words("open")
        else:
            who = info.player.name or words("person")  # a signed-in player's name, as the seat was claimed
        turn = "▶" if seat in view.to_act and view.phase not in (pb.PHASE_DEAL_OVER, pb.PHASE_GAME_OVER) else " "
        score = ""
        if table.variant == "belote":
            score = str(view.scores[seat % 2]) if len(view.scores) == 2 else ""
        elif seat < len(view.scores):
            score = str(view.scores[seat])
        row = [Text(turn, style="bold yellow"), Text(table.name(seat), style="bold" if seat == table.viewer else ""),
               Text(who), _at(view.hand_counts, seat), _at(view.trick_counts, seat)]
        if "points" in counted:
            row.append(_at(view.card_points, seat))
        row.append(Text(score, style="bold"))
        if view.clocks:
            row.append(Text(clock_text(view.clocks[seat], elapsed) if seat < len(view.clocks) else ""))
        grid.add_row(*row)
    return grid


def _at(values: Sequence[int], seat: int) -> Text:
    return Text(str(values[seat]) if seat < len(values) else "")


def trick(table: Viewpoint, view: pb.GameView) -> Text:
    """The trick on the table, who played what in play order; and the last trick taken."""
    words = table.words
    text = Text()
    if view.status == pb.GAME_STATUS_WAITING:
        return text
    number = len(view.tricks) + 1
    played = {entry.seat: entry.card for entry in view.trick}
    if view.phase == pb.PHASE_PLAY or view.trick:
        text.append(words("trick", number=number) + "\n", style="bold")
        for offset in range(table.players):
            seat = (view.leader + offset) % table.players
            text.append(f"  {table.name(seat):<8}")
            text.append_text(table.card(played[seat]) if seat in played else Text(" · ", style="dim"))
            text.append("\n")
    if view.tricks:
        last = view.tricks[-1]
        line = words("last_trick", name=table.name(last.winner))
        if table.variant != "euchre3":  # euchre3 counts tricks, not card points
            line += f" ({words.count('points', last.points)})"
        text.append(line + "\n", style="italic")
        text.append("  ")
        text.append_text(Text("  ").join(Text(f"{table.name(entry.seat)} ").append_text(table.card(entry.card))
                                         for entry in last.cards))
    elif not view.trick:
        text.append(words("no_trick"), style="dim")
    return text


def hand_line(table: Viewpoint, cards: Sequence[str], cursor: int | None, chosen: set[str], legal: set[str]) -> Text:
    """The hand, one card after another, with a mark over the card under the cursor and
    over the cards chosen (the hearts pass); cards that may not be played are dimmed."""
    marks, faces = Text(), Text()
    for index, code in enumerate(cards):
        face = table.deck.face(code, dim=bool(legal) and code not in legal)
        if code in chosen:
            face.stylize("on light_goldenrod1")
        if index == cursor:
            face.stylize("reverse")
        mark = "▼" if index == cursor else ("✓" if code in chosen else " ")
        if code in chosen and index == cursor:
            mark = "✔"
        width = face.cell_len
        marks.append(mark.center(width) + " ", style="bold yellow")
        faces.append_text(face).append(" ")
    return Text("\n").join([marks, faces])


def numbered(table: Viewpoint, moves: Sequence[pb.Move], view: pb.GameView) -> Text:
    """The bids (or other non-card moves) with the number key of each."""
    text = Text()
    turned_suit = view.turned[-1] if view.HasField("turned") else None
    for number, move in enumerate(moves, 1):
        if number > 1:
            text.append("   ")
        text.append(f"{number} ", style="bold reverse")
        text.append(" ").append_text(table.move(move, turned_suit))
    return text


def hint(table: Viewpoint, answer: api.Hint, limit: int = 8) -> Text:
    """Every option ranked, best first, with its expected value."""
    words = table.words
    unit = words(f"unit.{answer.unit}")
    text = Text(words("hint_title", samples=answer.samples, unit=unit) + "\n", style="bold")
    for rank, option in enumerate(answer.options[:limit], 1):
        text.append(f"{rank:>2}. ")
        text.append_text(table.move(option.move))
        text.append(f"  {option.expected:+.2f}")
        if option.stderr == option.stderr and option.stderr != float("inf"):  # NaN and one deal: no error bar
            text.append(f" ± {option.stderr:.2f}", style="dim")
        if option.HasField("expected_deal_score"):
            text.append(f"  ({words('score')} {option.expected_deal_score:+.1f})", style="dim")
        text.append("\n")
    if len(answer.options) > limit:
        text.append(f"    … {len(answer.options) - limit}\n", style="dim")
    if too_close(answer):
        text.append(words("hint.close") + "\n", style="italic")
    return text


def too_close(answer: api.Hint) -> bool:
    """Whether the second option's shortfall behind the best is within twice its standard
    error (the server's, from their difference deal by deal; infinite after one deal; two
    options equal in every deal differ by 0 ± 0, and cannot be told apart either)."""
    if len(answer.options) < 2:
        return False
    first, second = answer.options[0], answer.options[1]
    return abs(first.expected - second.expected) <= 2 * second.behind_stderr


GLYPHS = {review_pb2.JUDGEMENT_INACCURACY: "?!", review_pb2.JUDGEMENT_MISTAKE: "?", review_pb2.JUDGEMENT_BLUNDER: "??"}


def review(table: Viewpoint, deal: int, seat: review_pb2.SeatReview,
           decisions: Sequence[review_pb2.DecisionReview]) -> list[Text]:
    """A deal's review for the log: the seat's summary, then each of its errors (worst
    first) with the better option and what it gave up."""
    words = table.words
    accuracy = f"{seat.accuracy:.0f}" if seat.HasField("accuracy") else "–"
    lines = [Text(words("review.summary", deal=deal + 1, accuracy=accuracy, inaccuracies=seat.inaccuracies,
                        mistakes=seat.mistakes, blunders=seat.blunders), style="bold")]
    errors = [decision for decision in decisions if decision.judgement in GLYPHS]
    for decision in sorted(errors, key=lambda d: -d.known.loss):
        best = decision.known.options[0]
        line = Text(f"{GLYPHS[decision.judgement]} ", style="bold red")
        line.append_text(table.move(decision.played)).append(" · " + words("review.better") + " ")
        line.append_text(table.move(best.move))
        known, unit = decision.known, words.shared(f"unit.{decision.known.unit}")
        loss = (words("review.loss_error", loss=f"{known.loss:.1f}", error=f"{known.loss_stderr:.1f}", unit=unit)
                if math.isfinite(known.loss_stderr) else words("review.loss", loss=f"{known.loss:.1f}", unit=unit))
        line.append(" " + loss, style="dim")
        lines.append(line)
    if not errors:
        lines.append(Text(words("review.clean")))
    return lines


def standings(table: Viewpoint, answer: events.GetEventStandingsResponse, limit: int = 8) -> list[Text]:
    """A duplicate event's standings for the log: the best sides, the viewer's own marked."""
    words = table.words
    mine = (answer.event.table, answer.event.side) if answer.event.HasField("side") else None
    lines = [Text(words.count("event.standings", answer.deals_counted, total=answer.event.deals), style="bold")]
    for row in answer.standings[:limit]:
        own = mine == (row.table, row.side)
        seats = words.count("event.seats", len(row.seats), seats=", ".join(str(seat + 1) for seat in row.seats))
        who = words("event.table", n=row.table + 1) + " · "
        who += words("you") if own else ", ".join(player.name for player in row.players) or seats
        percentage = f"{row.percentage:.1f} %" if row.HasField("percentage") else "–"
        lines.append(Text(words("event.row", rank=row.rank, who=who, matchpoints=f"{row.matchpoints:g}", top=row.top,
                                percentage=percentage), style="bold" if own else ""))
    return lines


def outcome(table: Viewpoint, result: pb.DealResult) -> str:
    taker = table.name(result.taker) if result.HasField("taker") else ""
    return table.words(f"outcome.{int(result.outcome)}", taker=taker)


def results(table: Viewpoint, view: pb.GameView, limit: int = 6) -> RenderableType:
    """The deals played so far and the match totals."""
    words = table.words
    sides = 2 if table.variant == "belote" else table.players
    grid = Table(box=None, pad_edge=False, header_style="bold")
    grid.add_column(words("deal_col"))
    grid.add_column("")
    for side in range(sides):
        grid.add_column(table.side_name(side), justify="right")
    for result in view.results[-limit:]:
        grid.add_row(str(result.deal_number + 1), outcome(table, result), *(f"{value:+d}" for value in result.scores))
    grid.add_row("", "", *(Text(str(value), style="bold") for value in view.scores[:sides]))
    parts: list[RenderableType] = [grid]
    if view.winners:
        parts.append(Text(words("winner_line", names=table.winners(list(view.winners))), style="bold green"))
    return Group(*parts)


def scores_line(table: Viewpoint, scores: Sequence[int]) -> str:
    return ", ".join(f"{table.side_name(side)} {value}" for side, value in enumerate(scores))


def prompt(table: Viewpoint, view: pb.GameView) -> Text:
    """What the viewer should do now, or whom the table waits for."""
    words = table.words
    if view.status == pb.GAME_STATUS_WAITING:
        return Text(words("waiting_players"))
    if view.status == pb.GAME_STATUS_ABANDONED:
        return Text(words("game_abandoned"), style="bold")
    if view.status == pb.GAME_STATUS_FINISHED or view.phase == pb.PHASE_GAME_OVER:
        return Text(words("game_over", winners=table.winners(list(view.winners))), style="bold green")
    if view.phase == pb.PHASE_DEAL_OVER:
        return Text(words("deal_over"), style="bold")
    mine = table.viewer is not None and table.viewer in view.to_act
    if mine and view.card_selection.count and view.phase == pb.PHASE_PASSING:
        receiver = pass_receiver(table, view)
        name = table.name(receiver) if receiver is not None else "?"
        return Text(words("your_pass", count=view.card_selection.count, name=name), style="bold yellow")
    if mine and view.phase == pb.PHASE_DISCARD:
        return Text(words("your_discard"), style="bold yellow")
    if mine and view.phase == pb.PHASE_PLAY:
        return Text(words("your_card"), style="bold yellow")
    if mine:
        return Text(words("your_bid"), style="bold yellow")
    waiting = [seat for seat in view.to_act if seat != table.viewer]
    return Text(words("waiting_for", names=table.names(waiting)))


def pass_receiver(table: Viewpoint, view: pb.GameView) -> int | None:
    """hearts: to whom the viewer gives (left, right, across, by deal number; none every fourth)."""
    if table.viewer is None:
        return None
    shift = {0: 1, 1: -1, 2: 2}.get(view.deal_number % 4)
    return None if shift is None else (table.viewer + shift) % table.players
