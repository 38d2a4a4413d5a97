"""Whole games through a real server: every variant, to the end of the match, and nothing leaks."""

from __future__ import annotations

import random
import re
import threading
from collections import defaultdict

import pytest
from cardgames_client import CardgamesError, Client, move_text, pb
from google.protobuf.json_format import MessageToDict

from engine_service.rules import new_game, parse_move
from tests.rules.invariants import card_codes_in, knowable_codes
from tests.service.players import QUICK_OPTIONS, choose, play_to_end

VARIANTS = ["euchre3", "belote3", "hearts", "belote"]


def _watch(address: str, game_id: str, seat: int | None, token: str | None, into: list) -> None:
    with Client(address) as watcher:
        for item in watcher.watch(game_id, seat, token, timeout=120):
            into.append(item)


@pytest.mark.parametrize("variant", VARIANTS)
def test_full_game_through_rpc_leaks_nothing(server, client, variant):
    """Each seat plays with its own client and token to the end of the match. Every view,
    answer and watched event a seat received names only cards it could know at that
    version (checked against a replica of the game), and the seed appears nowhere."""
    rng = random.Random(f"rpc-{variant}")
    seed = f"leak-check-{rng.getrandbits(64):x}"
    game = client.create_game(variant, QUICK_OPTIONS[variant], seed=seed)
    players = len(game.tokens)
    viewers: list[int | None] = [None, *range(players)]
    watched: dict[int | None, list] = {viewer: [] for viewer in viewers}
    watchers = [
        threading.Thread(target=_watch, args=(server.address, game.game_id, viewer,
                                              None if viewer is None else game.tokens[viewer], watched[viewer]))
        for viewer in viewers
    ]
    for thread in watchers:
        thread.start()

    received: dict[int, list[tuple[int | None, object]]] = defaultdict(list)  # version -> (viewer, message)
    moves: dict[int, tuple[int, str]] = {}

    deck_codes = sorted(card.code for card in new_game(variant).deck.cards)
    errors: list[tuple[int, int, str, str]] = []  # (version, seat, message, the card it sent)

    def on_view(viewer, view):
        received[view.version].append((viewer, view))
        if viewer is not None and rng.random() < 0.15:  # try a card it may not play: what does the error say?
            legal = {move_text(m) for m in view.legal_moves}
            card = rng.choice([code for code in deck_codes if f"play:{code}" not in legal])
            try:
                client.submit_move(game.game_id, viewer, game.tokens[viewer], f"play:{card}")
            except CardgamesError as error:
                errors.append((view.version, viewer, f"{error.reason} {error.message}", card))
            else:
                raise AssertionError("a move outside the legal moves was accepted")

    def on_answer(seat, answer):
        received[answer.version].append((seat, answer))
        moves[answer.version] = (seat, _mover_text(answer, seat))

    final = play_to_end(server.address, game, rng, on_view=on_view, on_answer=on_answer)
    for thread in watchers:
        thread.join(timeout=60)
        assert not thread.is_alive(), "a watch stream did not end with the game"

    assert final.status == pb.GAME_STATUS_FINISHED and final.phase == pb.PHASE_GAME_OVER
    assert len(final.winners) >= 1 and len(final.results) >= 1
    assert sorted(moves) == list(range(1, final.version + 1)), "every version acknowledged once"
    assert errors, "no illegal move was tried"

    for viewer in viewers:
        items = watched[viewer]
        assert items[0].WhichOneof("item") == "snapshot"
        versions = [item.change.version for item in items[1:]]
        assert versions == list(range(items[0].snapshot.version + 1, final.version + 1))
        for item in items:
            message = item.snapshot if item.HasField("snapshot") else item.change
            received[message.version].append((viewer, message))

    # Replay on a replica (same seed and moves): what each viewer could know, version by version.
    replica = new_game(variant, QUICK_OPTIONS[variant], seed=seed)
    known: dict[int | None, set[str]] = {viewer: knowable_codes(replica, viewer) for viewer in viewers}
    for version in range(0, final.version + 1):
        if version:
            seat, text = moves[version]
            if text is not None:
                replica.push(seat, parse_move(text, replica.deck))
            for viewer in viewers:
                known[viewer] |= knowable_codes(replica, viewer)
        for _, viewer, message, sent in (e for e in errors if e[0] == version):
            leaked = card_codes_in(message, replica) - known[viewer] - {sent}
            assert not leaked, f"{variant} v{version}: an error told seat {viewer} of {sorted(leaked)}"
        for viewer, message in received[version]:
            as_dict = MessageToDict(message)
            leaked = card_codes_in(as_dict, replica) - known[viewer]
            assert not leaked, f"{variant} v{version}: viewer {viewer} was shown {sorted(leaked)}"
            assert seed not in str(as_dict)
    assert list(replica.scores) == list(final.scores)


def _mover_text(answer, seat) -> str | None:
    """Recovers the move from the mover's own change (the mover sees everything it did)."""
    for event in answer.change.events:
        if event.kind == "card_played" and event.seat == seat:
            return f"play:{event.card_played.card}"
        if event.kind == "cards_passed":
            return "give:" + " ".join(event.cards_passed.cards)
        if event.kind == "discarded":
            return f"discard:{event.discarded.card}"
        if event.kind == "declared":
            return "declare" if event.declared.declared else "no-declare"
        if event.kind == "bid" and event.seat == seat:
            return move_text(event.bid.move)
    if answer.change.events and answer.change.events[0].kind == "deal_started":
        return "next-deal"
    raise AssertionError(f"cannot tell the move from {answer.change}")


def test_server_drawn_seed_never_appears(server, client):
    """Without a seed the server draws a secret one: no response shows it (a 64-hex run)."""
    game = client.create_game("euchre3")
    texts = [str(game.view)]
    for seat, token in enumerate(game.tokens):
        view = client.get_game(game.game_id, seat, token)
        texts.append(str(view))
        if seat in view.to_act:
            answer = client.submit_move(game.game_id, seat, token, choose(view, random.Random(1)))
            texts.append(str(answer))
    texts.append(str(client.list_games()))
    assert not any(re.search(r"[0-9a-f]{64}", text) for text in texts)


def test_hearts_passing_is_a_card_selection(client):
    game = client.create_game("hearts", seed="selection")
    view = client.get_game(game.game_id, 0, game.tokens[0])
    assert view.phase == pb.PHASE_PASSING
    assert view.card_selection.count == 3
    assert list(view.card_selection.cards) == list(view.hand)
    assert not view.legal_moves
    spectator = client.get_game(game.game_id)
    assert not spectator.HasField("viewer") and not spectator.hand and not spectator.card_selection.count
    assert move_text(pb.Move(give=pb.GiveCards(cards=["3C", "2C"]))) == "give:2C 3C"
