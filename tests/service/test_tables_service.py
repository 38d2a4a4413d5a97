"""The application layer at a table, in the process: what the runner is told."""

from __future__ import annotations

import asyncio

import pytest

from engine_service.rules import parse_move
from engine_service.service.clock import ManualClock
from engine_service.service.credentials import SeatToken
from engine_service.service.games import GameService
from engine_service.service.store import SqliteStore
from engine_service.tables import SeatKind, SeatSpec, Strength, TableSpec

BOT = SeatSpec(SeatKind.BOT, Strength.GREEDY)


def test_a_game_without_table_options_is_never_due(tmp_path):
    async def scenario():
        service = GameService(SqliteStore(str(tmp_path / "plain.db")), clock=ManualClock())
        told: list[float | None] = []
        service.on_due = lambda game_id, at: told.append(at)
        await service.create("belote", {})
        return told

    assert asyncio.run(scenario()) == [None]


def test_a_cancelled_entry_still_tells_the_runner_to_read_the_game_again(tmp_path):
    """A call cancelled while its entry is being committed: the write may stand, so the
    runner must look at the game again (else its bots would wait for an entry it never heard of)."""

    async def scenario():
        clock = ManualClock()
        store = SqliteStore(str(tmp_path / "cancel.db"))
        service = GameService(store, clock=clock)
        # Seat 1, left of the first dealer, bids first: the person.
        created = await service.create("euchre3", {}, seed="cancel", table=TableSpec((BOT, SeatSpec(), BOT), bot_delay=5.0))
        told: list[tuple[str, float | None]] = []
        service.on_due = lambda game_id, at: told.append((game_id, at))
        committed = store.append_move

        async def commit_then_cancel(*args, **kwargs):
            await committed(*args, **kwargs)
            raise asyncio.CancelledError  # the client went away as the write committed

        store.append_move = commit_then_cancel  # type: ignore[method-assign]
        view = await service.view(created.game_id, 1, SeatToken(created.tokens[1]))
        assert view.game is not None and view.game.to_act == (1,)
        move = view.game.legal_moves[0]
        with pytest.raises(asyncio.CancelledError):
            await service.submit(created.game_id, 1, SeatToken(created.tokens[1]), lambda deck: parse_move(move.text(), deck))
        return told, clock.now(), await store.version_of(created.game_id)

    told, now, version = asyncio.run(scenario())
    assert version == 1 and told and told[-1][1] == now
