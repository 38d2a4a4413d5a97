"""The game screen: one seat's view (or a spectator's), kept live by the WatchGame stream,
and the keys that choose the seat's moves."""

from __future__ import annotations

import asyncio
import io
import time
from collections import deque

import grpc
from cardgames_client import AsyncClient, CardgamesError, api, move_text, pb
from rich.console import Console, Group
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Static

from ..words import Words
from . import render
from .narrate import describe
from .render import Viewpoint
from .session import RETRIES, Session

LOG_LINES = 12
# Time per decision of the review shown after each deal (the server's default is 200 ms).
REVIEW_BUDGET_MS = 100


class CardgamesApp(App[int]):
    """A seat at a table (``session.seat`` set) or a spectator's place."""

    CSS = """
    #title { background: $primary; color: $text; padding: 0 1; }
    #top { height: auto; }
    #seats { width: 1fr; height: auto; min-height: 7; border: round $secondary; padding: 0 1; }
    #trick { width: 1fr; height: auto; min-height: 7; border: round $secondary; padding: 0 1; background: #1d5c2e; }
    #hand { height: auto; min-height: 4; border: round $accent; padding: 0 1; background: #1d5c2e; }
    #trick, #hand { border-title-color: $text; }
    #prompt, #choices, #message { padding: 0 1; }
    #message { color: $error; }
    #bottom { height: 1fr; }
    #results { width: 1fr; border: round $secondary; padding: 0 1; }
    #side { width: 1fr; border: round $secondary; padding: 0 1; }
    #keys { background: $panel; padding: 0 1; }
    """
    BINDINGS = [
        Binding("left", "cursor(-1)", "card", show=False),
        Binding("right", "cursor(1)", "card", show=False),
        Binding("enter", "confirm", "play"),
        Binding("space", "pick", "choose (pass)"),
        Binding("h", "hint", "hint"),
        Binding("q", "leave", "quit"),
        Binding("ctrl+c", "leave", "quit", show=False, priority=True),  # as q: asks before leaving a seat
        *(Binding(str(number), f"choose({number})", "bid", show=number == 1) for number in range(1, 10)),
    ]

    def __init__(self, session: Session, *, lang: str = "en", hint_budget_ms: int = 0, retries: int = RETRIES) -> None:
        super().__init__()
        self.retries = retries
        self.session = session
        self.lang = lang
        self.words = Words(lang, "terminal")
        self.hint_budget_ms = hint_budget_ms
        self.client: AsyncClient | None = None
        self.view: pb.GameView | None = None
        self.seen: Viewpoint | None = None
        self.view_at = time.monotonic()
        self.cursor = 0
        self.chosen: set[str] = set()
        self.hint: api.Hint | None = None
        self.thinking = False
        self.pending = False
        self.message = Text()
        self.log_lines: deque[Text] = deque(maxlen=200)
        self.reviewed: set[int] = set()  # the deals whose review was asked
        self.failure = ""  # why the screen closed on an error, for the command line
        self.followed = asyncio.Event()  # the watch stream ended (the game is over, or it failed)
        self.leaving = False  # q was pressed once at a seat: a second q leaves
        self.farewell = ""  # printed once the screen is closed: how to come back to the seat

    # ------------------------------------------------------------------ screen

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="info")
        with Horizontal(id="top"):
            yield Static(id="seats")
            yield Static(id="trick")
        yield Static(id="hand")
        yield Static(id="prompt")
        yield Static(id="choices")
        yield Static(id="message")
        with Horizontal(id="bottom"):
            yield Static(id="results")
            yield Static(id="side")
        yield Static(id="keys")

    async def on_mount(self) -> None:
        self.client = AsyncClient(self.session.address, login=self.session.login)
        self.query_one("#title", Static).update(self._title())
        for widget_id, title in (("seats", "table"), ("trick", "on_table"), ("hand", "hand"), ("results", "totals"),
                                 ("side", "log")):
            self.query_one(f"#{widget_id}", Static).border_title = self.words(f"box.{title}")
        self.query_one("#keys", Static).update(self._keys())
        if self.session.seat is None:
            self.query_one("#hand", Static).display = False  # a spectator holds no cards
        self.run_worker(self._follow(), group="watch", exit_on_error=False)
        self.set_interval(1.0, self._tick)

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()

    def _keys(self) -> str:
        if self.session.seat is None:
            return self.words("keys.watch")
        if self.view is not None and self.view.card_selection.count:
            return self.words("keys.pass")
        return self.words("keys.play")

    def _title(self) -> str:
        variant = self.seen.variant if self.seen else "…"
        seat = self.words("spectator") if self.session.seat is None else self.words("seat", seat=self.session.seat)
        return f"{self.words('title', variant=variant)} · {self.session.game_id} · {seat}"

    def text_of(self, widget_id: str) -> str:
        """What a panel shows, as plain text."""
        widget = self.query_one(f"#{widget_id}", Static)
        content = widget.content
        if isinstance(content, Text):
            return content.plain
        output = io.StringIO()
        Console(width=max(40, widget.content_size.width), file=output, color_system=None).print(content)
        return output.getvalue()

    def paint(self) -> None:
        view, seen = self.view, self.seen
        if view is None or seen is None:
            return
        elapsed = time.monotonic() - self.view_at
        self.query_one("#title", Static).update(self._title())
        self.query_one("#info", Static).update(render.info(seen, view))
        self.query_one("#seats", Static).update(render.seats(seen, view, elapsed))
        self.query_one("#trick", Static).update(render.trick(seen, view))
        cards = render.hand(view)
        legal = render.playable(view) if seen.viewer in view.to_act else set()
        cursor = self.cursor if seen.viewer is not None and cards else None
        self.query_one("#hand", Static).update(render.hand_line(seen, cards, cursor, self.chosen, legal))
        self.query_one("#prompt", Static).update(self._prompt(seen, view))
        self.query_one("#choices", Static).update(render.numbered(seen, render.choices(view), view))
        self.query_one("#message", Static).update(self.message)
        self.query_one("#results", Static).update(render.results(seen, view))
        side = self.query_one("#side", Static)
        side.update(self._side(seen, view))
        side.border_title = self.words("box.hint" if self.thinking or self._hint_shown() else "box.log")
        self.query_one("#keys", Static).update(self._keys())

    def _prompt(self, seen: Viewpoint, view: pb.GameView) -> Text:
        text = render.prompt(seen, view)
        if view.card_selection.count and seen.viewer in view.to_act:
            text.append("  " + self.words("selected", count=len(self.chosen), total=view.card_selection.count))
        if self.cursor < len(view.hand) and seen.viewer is not None:
            code = render.hand(view)[self.cursor]
            text.append(f"  ({seen.deck.name(code)})", style="dim")
        return text

    def _side(self, seen: Viewpoint, view: pb.GameView) -> Text | Group:
        if self.thinking:
            return Text(self.words("hint_wait"), style="italic")
        if self.hint is not None and self._hint_shown():
            return render.hint(seen, self.hint)
        return Text("\n").join(list(self.log_lines)[-LOG_LINES:])

    def _hint_shown(self) -> bool:
        """A hint stays on screen until the game moves on."""
        return self.hint is not None and self.view is not None and self.hint.version == self.view.version

    def _tick(self) -> None:
        if self.view is not None and self.view.clocks and self.seen is not None:
            self.query_one("#seats", Static).update(render.seats(self.seen, self.view, time.monotonic() - self.view_at))

    # ------------------------------------------------------------------ the game, live

    def show(self, view: pb.GameView) -> None:
        """A newer view of the game (an older one, from a slower answer, is ignored)."""
        if self.view is not None and view.version < self.view.version:
            return
        if self.seen is None or view.deck:  # the deck of the deal at hand: its order and roles follow the trump
            self.seen = Viewpoint.of(view, self.session.seat, self.lang)
        self.view, self.view_at = view, time.monotonic()
        self.chosen &= set(view.hand)
        if not view.card_selection.count:
            self.chosen.clear()
        self.cursor = max(0, min(self.cursor, len(view.hand) - 1))
        self._cursor_on_the_only_card(view)
        self._review_last_deal(view)
        self.paint()

    def _cursor_on_the_only_card(self, view: pb.GameView) -> None:
        """At the seat's turn to play or discard, with one legal card: the cursor on it."""
        if self.session.seat not in view.to_act or view.card_selection.count:
            return
        legal = render.playable(view)
        if len(legal) == 1:
            self._cursor_on(view, next(iter(legal)))

    def _cursor_on(self, view: pb.GameView, code: str) -> None:
        cards = render.hand(view)
        if code in cards:
            self.cursor = cards.index(code)

    def _review_last_deal(self, view: pb.GameView) -> None:
        """Once a deal of the seat's is scored, its review (in the log when it comes)."""
        if self.session.seat is None or not view.results:
            return
        deal = view.results[-1].deal_number
        if deal not in self.reviewed:
            self.reviewed.add(deal)
            self.run_worker(self._review(deal), group="review", exit_on_error=False)
            if view.event_id:
                self.run_worker(self._standings(view.event_id), group="standings", exit_on_error=False)

    async def _standings(self, event_id: str) -> None:
        """A duplicate event's standings over the deals this table has finished, in the log."""
        assert self.client is not None
        try:
            answer = await self.client.get_event_standings(event_id, self.session.token)
        except CardgamesError as error:
            self.log_lines.append(Text(self.words("event.unavailable",
                                                  reason=self.words.reason(error.reason, error.message)), style="dim"))
        else:
            if self.seen is not None:
                self.log_lines.extend(render.standings(self.seen, answer))
        self.paint()

    async def _review(self, deal: int) -> None:
        assert self.client is not None and self.session.seat is not None
        decisions, seat = [], None
        try:
            async for message in self.client.review_game(self.session.game_id, token=self.session.token,
                                                         deal_number=deal, seats=[self.session.seat],
                                                         budget_ms=REVIEW_BUDGET_MS, timeout=300):
                if message.HasField("decision"):
                    decisions.append(message.decision)
                elif message.HasField("deal"):
                    seat = message.deal.seats[0]
        except CardgamesError as error:
            self.log_lines.append(Text(self.words("review.unavailable",
                                                  reason=self.words.reason(error.reason, error.message)), style="dim"))
        else:
            if seat is not None and self.seen is not None:
                self.log_lines.extend(render.review(self.seen, deal, seat, decisions))
        self.paint()

    async def refresh_view(self) -> None:
        assert self.client is not None
        self.show(await self.client.get_game(self.session.game_id, self.session.seat, self.session.token))

    async def _follow(self) -> None:
        """Each change from the first, in words, and the view after it, until the game ends."""
        assert self.client is not None
        after = 0  # the whole story so far in the log; then live
        failures = 0
        try:
            while True:
                try:
                    if self.view is None or failures:
                        await self.refresh_view()  # after an outage: the table as it is now
                        failures = 0  # the server answers again: a later outage gets its own retries
                    async for item in self.client.watch(self.session.game_id, self.session.seat, self.session.token,
                                                        after_version=after):
                        failures = 0
                        if item.HasField("snapshot"):
                            after = item.snapshot.version
                            self.show(item.snapshot)
                            continue
                        after = item.change.version
                        if self.seen is not None:
                            self.log_lines.extend(describe(self.seen, item.change))
                        if self.view is None or item.change.version > self.view.version:
                            await self.refresh_view()  # one view covers every change up to its version
                        else:
                            self.paint()
                    await self.refresh_view()
                    return
                except CardgamesError as error:
                    if error.code != grpc.StatusCode.UNAVAILABLE or failures >= self.retries:
                        raise
                    failures += 1
                    await asyncio.sleep(failures)
        except CardgamesError as error:
            self.failure = self.words("lost", reason=self.words.reason(error.reason or error.code.name, error.message))
            self.message = Text(self.failure)
            self.paint()
            if self.view is None:  # nothing to show: the screen has no use
                self.exit(1, return_code=1)
        finally:
            self.followed.set()

    # ------------------------------------------------------------------ keys

    def _mine(self) -> bool:
        return self.view is not None and self.session.seat is not None and self.session.seat in self.view.to_act

    def action_cursor(self, step: int) -> None:
        if self.view is not None and self.view.hand:
            self.cursor = (self.cursor + step) % len(self.view.hand)
            self.paint()

    def action_pick(self) -> None:
        view = self.view
        if view is None or not view.card_selection.count or not view.hand:
            return
        code = render.hand(view)[self.cursor]
        self.chosen ^= {code}
        self.paint()

    def action_confirm(self) -> None:
        view = self.view
        if view is None or self.session.seat is None:
            return
        if view.phase == pb.PHASE_DEAL_OVER:
            if any(move.HasField("next_deal") for move in view.legal_moves):
                self.submit("next-deal")
            return
        cards = render.hand(view)
        if view.card_selection.count:
            self.submit("give:" + " ".join(code for code in cards if code in self.chosen))
            return
        if not cards:
            return
        code = cards[self.cursor]
        if view.phase == pb.PHASE_DISCARD:
            self.submit(f"discard:{code}")
        elif view.phase == pb.PHASE_PLAY:
            self.submit(f"play:{code}")  # the server says why, if it may not be played
        elif render.choices(view):
            self.message = Text(self.words("your_bid"))
            self.paint()

    def action_choose(self, number: int) -> None:
        if self.view is None or self.session.seat is None:
            return
        moves = render.choices(self.view)
        if 1 <= number <= len(moves):
            self.submit(move_text(moves[number - 1]))

    def action_hint(self) -> None:
        if self.session.seat is not None and self.view is not None and not self.thinking:
            self.run_worker(self._hint(), group="hint", exit_on_error=False)

    def action_leave(self) -> None:
        """Leaves at once as a spectator or once the game is over; at a seat, asks first, and
        says how to come back (the table goes on: a seat without clocks waits for its player)."""
        view = self.view
        seated = self.session.seat is not None and not self.failure
        if seated and view is not None and view.status in (pb.GAME_STATUS_WAITING, pb.GAME_STATUS_ACTIVE):
            if not self.leaving:
                self.leaving = True
                self.message = Text(self.words("quit_confirm"), style="bold")
                self.paint()
                return
            self.farewell = self.words("come_back", game=self.session.game_id, command=self.session.come_back())
        self.exit(1 if self.failure else 0, return_code=1 if self.failure else 0)

    def on_key(self, event: events.Key) -> None:
        if self.leaving and event.key not in ("q", "ctrl+c"):
            self.leaving = False  # any other key: stay
            self.message = Text()
            self.paint()

    def submit(self, text: str) -> None:
        if not self.pending:
            self.pending = True
            self.run_worker(self._submit(text), group="move", exit_on_error=False)

    async def _submit(self, text: str) -> None:
        assert self.client is not None and self.session.seat is not None and self.session.token is not None
        try:
            await self.client.submit_move(self.session.game_id, self.session.seat, self.session.token, text)
            self.message = Text()
            self.chosen.clear()
            await self.refresh_view()
        except CardgamesError as error:
            count = self.view.card_selection.count if self.view is not None else 0
            self.message = Text(self.words("refused", reason=self.words.reason(error.reason, error.message, count=count)))
        finally:
            self.pending = False
            self.paint()

    async def _hint(self) -> None:
        assert self.client is not None and self.session.seat is not None and self.session.token is not None
        self.thinking = True
        self.paint()
        try:
            self.hint = await self.client.get_hint(self.session.game_id, self.session.seat, self.session.token,
                                                   budget_ms=self.hint_budget_ms)
            self.message = Text()
            best = self.hint.options[0].move if self.hint.options else None
            if best is not None and self.view is not None:  # the cursor on the card the hint ranks first
                self._cursor_on(self.view, best.play.card or best.discard.card)
        except CardgamesError as error:
            self.message = Text(self.words("refused", reason=self.words.reason(error.reason, error.message)))
        finally:
            self.thinking = False
            self.paint()
