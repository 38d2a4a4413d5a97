"""Rated duplicate events through a real server and identity provider: logins only, no
hints while a table plays, and ratings moved by each deal's comparison (one rated match per
deal and direction, once), never by a table's own match."""

from __future__ import annotations

import random

import grpc
from cardgames_client import Client, table_options

from engine_service.ratings import DEFAULT, RatedMatch, updated
from tests.players.test_rated import play_match, rating_of
from tests.service.players import error_of
from tests.service.test_events_rpc import finished

NAMES = ("ann", "bob", "cy")


def test_a_rated_event_moves_ratings_by_each_deals_comparison_once(server, provider):
    seats = table_options(["open", "bot:greedy", "bot:greedy"], bot_delay_ms=0, deal_pause_ms=0)
    with Client(server.address) as creator:
        reserved = error_of(lambda: creator.create_event("euchre3", deals=2, tables=[table_options(
            ["reserved", "bot", "bot"])], rated=True))
        assert (reserved.code, reserved.fields) == (grpc.StatusCode.INVALID_ARGUMENT, ("tables[0].rated",))
        event = creator.create_event("euchre3", deals=2, tables=[seats] * 3, rated=True)
        assert event.event.rated
        refused = error_of(lambda: creator.claim_seat(event.tables[0].game_id))
        assert refused.reason == "LOGIN_REQUIRED"
    with Client(server.address, login=provider.token("ann", "Ann")) as ann:
        seat = ann.claim_seat(event.tables[0].game_id).seat
        hint = error_of(lambda: ann.get_hint(event.tables[0].game_id, seat, None))
        assert hint.reason == "HINTS_DISABLED"
    with Client(server.address, login=provider.token("dora", "Dora")) as dora:  # signed in, seated nowhere
        lobby = dora.get_event(event.event_id)
        assert not lobby.HasField("table") and lobby.deals_shown == 0
        assert error_of(lambda: dora.get_event_standings(event.event_id)).reason == "EVENT_IN_PROGRESS"
    with Client(server.address, login=provider.token("ann", "Ann")) as ann:
        twice = error_of(lambda: ann.claim_seat(event.tables[1].game_id))
        assert (twice.code, twice.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "ALREADY_SEATED")
    rng = random.Random(3)
    for table, name in enumerate(NAMES):
        if name == "cy":  # two tables over: no rating has moved yet (a move would tell how a deal went)
            with Client(server.address, login=provider.token("ann", "Ann")) as ann:
                assert not ann.get_player().ratings
        play_match([server.address], provider, event.tables[table].game_id, name, rng)
    with Client(server.address, login=provider.token("ann", "Ann")) as ann:
        info = finished(ann, event.event_id)
        for _ in range(3):  # each read may try again: a match is applied once
            ann.get_event_standings(event.event_id)
        records = [ann.get_game_record(table.game_id) for table in info.tables]
        profiles = {name: ann.get_player(_player_id(ann, info, table), history_size=10)
                    for table, name in enumerate(NAMES)}
    # Seat 0 is each player's direction at every table: one rated match per deal, the three
    # players ranked by their score on it (euchre3: higher first).
    expected = {name: DEFAULT for name in NAMES}
    for deal in range(2):
        scores = [record.deals[deal].result.scores[0] for record in records]
        ranks = tuple(1 + sum(1 for other in scores if other > score) for score in scores)
        match = RatedMatch(f"event:{event.event_id}:{deal}:0", "euchre3", 0.0, tuple((name,) for name in NAMES), ranks)
        expected.update(updated(match, expected))
    for name in NAMES:
        rating = rating_of(profiles[name], "euchre3")
        assert rating.matches == 2
        assert abs(rating.mu - expected[name].mu) < 1e-9 and abs(rating.sigma - expected[name].sigma) < 1e-9
        assert [change.game_id for change in rating.history] == [f"event:{event.event_id}:{deal}:0"
                                                                 for deal in (1, 0)]
    with Client(server.address) as anyone:
        bots = rating_of(anyone.get_player("bot:greedy"), "euchre3")
        assert bots.matches == 4  # directions 1 and 2 of each deal, held by greedy bots at every table


def _player_id(client: Client, info, table: int) -> str:
    return client.get_game(info.tables[table].game_id).seats[0].player.player_id
