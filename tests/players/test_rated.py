"""Rated tables through real servers: signed-in players only, no hints and no analysis while
the match is played, and its end moves the ratings of its players and bots exactly once,
through a crash and across replicas."""

from __future__ import annotations

import random
import threading

import grpc
import pytest
from cardgames_client import PLAYERS, CardgamesError, Client, pb, table_options

from tests.players.identity import IdentityProvider
from tests.service.players import QUICK_OPTIONS, choose, error_of
from tests.service.server_process import ServerProcess

VARIANTS = ["euchre3", "belote3", "hearts", "belote"]


def rated_table(address: str, variant: str, players: int = 1, seed: str | None = None) -> str:
    seats = ["open"] * players + ["bot:greedy"] * (PLAYERS[variant] - players)
    with Client(address) as creator:
        return creator.create_game(variant, QUICK_OPTIONS[variant], seed=seed, table=table_options(
            seats, rated=True, bot_delay_ms=0, deal_pause_ms=0)).game_id


def play_match(addresses: list[str], provider: IdentityProvider, game_id: str, subject: str,
               rng: random.Random, *, stop_before_end: bool = False) -> pb.GameView:
    """The player's seat played with random legal moves, each call through one of
    ``addresses`` at random, until the match is over (the bots play the other seats)."""
    login = provider.token(subject, subject.title())
    clients = [Client(address, login=login) for address in addresses]
    try:
        seat = clients[0].claim_seat(game_id).seat
        for _ in range(3000):
            client = rng.choice(clients)
            view = client.get_game(game_id, seat)
            if view.status == pb.GAME_STATUS_FINISHED:
                return view
            if seat not in view.to_act:
                for _item in client.watch(game_id, seat, after_version=view.version, timeout=60):
                    break  # something happened: look again
                continue
            try:
                client.submit_move(game_id, seat, None, choose(view, rng), expected_version=view.version)
            except CardgamesError as error:
                if error.code != grpc.StatusCode.ABORTED:  # a bot moved meanwhile: look again
                    raise
        raise AssertionError("the match did not end")
    finally:
        for client in clients:
            client.close()


def rating_of(profile, variant: str):
    return next(rating for rating in profile.ratings if rating.variant == pb.Variant.Value(f"VARIANT_{variant.upper()}"))


def test_a_rated_table_takes_logins_only_and_refuses_hints_and_analysis_until_it_is_over(server, provider):
    with Client(server.address) as anonymous:
        reserved = error_of(lambda: anonymous.create_game("belote", table=table_options(
            ["reserved", "bot", "bot", "bot"], rated=True)))
        assert (reserved.code, reserved.fields) == (grpc.StatusCode.INVALID_ARGUMENT, ("table.rated",))
        game_id = rated_table(server.address, "belote")
        refused = error_of(lambda: anonymous.claim_seat(game_id))
        assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, "LOGIN_REQUIRED")
        assert anonymous.get_game(game_id).rated
    with Client(server.address, login=provider.token("ivy", "Ivy")) as ivy:
        seat = ivy.claim_seat(game_id).seat
        hint = error_of(lambda: ivy.get_hint(game_id, seat, None))
        assert (hint.code, hint.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "HINTS_DISABLED")
        review = error_of(lambda: list(ivy.review_game(game_id=game_id, deal_number=0)))
        assert review.reason == "RATED_MATCH_IN_PROGRESS"
        analysis = error_of(lambda: ivy.analyze_deal(game_id=game_id, seat=seat, deal_number=0))
        assert analysis.reason == "RATED_MATCH_IN_PROGRESS"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_rated_match_moves_the_ratings_of_the_player_and_the_bots_once(server, provider, variant):
    game_id = rated_table(server.address, variant, seed=f"rated-{variant}")
    subject = f"judy-{variant}"
    final = play_match([server.address], provider, game_id, subject, random.Random(variant))
    with Client(server.address, login=provider.token(subject)) as judy:
        profile = judy.get_player()
        rating = rating_of(profile, variant)
        assert rating.matches == 1 and [change.game_id for change in rating.history] == [game_id]
        assert rating.provisional and rating.rating == pytest.approx(rating.mu - 3 * rating.sigma)
        assert rating.sigma < 25 / 3  # the match taught the model something
        assert game_id in [game.game_id for game in profile.recent_games]
        record = judy.get_game_record(game_id)  # the record names the player at the seat, not the login
        assert [seat.player.name for seat in record.seats if seat.player.player_id] == [subject.title()]
        bot = judy.get_player("bot:greedy")
        assert bot.bot and rating_of(bot, variant).history[0].game_id == game_id
        # Over: its deals can be analysed now.
        seat = next(info.seat for info in final.seats if info.player.player_id == profile.player_id)
        judy.analyze_deal(game_id=game_id, seat=seat, deal_number=0, time_limit_ms=60_000)


def test_a_server_killed_right_after_the_last_move_applies_the_ratings_exactly_once(provider, tmp_path):
    database = tmp_path / "games.db"
    process = ServerProcess(database, *provider.server_args()).start()
    game_id = rated_table(process.address, "euchre3", seed="killed")
    play_match([process.address], provider, game_id, "kate", random.Random(5))
    process.kill()  # SIGKILL, the moment the match is seen over
    again = ServerProcess(database, *provider.server_args()).start()
    try:
        with Client(again.address, login=provider.token("kate")) as kate:
            assert kate.get_game(game_id).status == pb.GAME_STATUS_FINISHED
            rating = rating_of(kate.get_player(), "euchre3")
            assert rating.matches == 1 and [change.game_id for change in rating.history] == [game_id]
    finally:
        again.stop()


def test_two_replicas_seeing_a_rated_match_end_apply_its_ratings_once(provider, postgres, postgres_url):
    replicas = [ServerProcess(postgres_url, *provider.server_args(), log_dir=postgres.root).start() for _ in range(2)]
    try:
        addresses = [replica.address for replica in replicas]
        game_id = rated_table(addresses[0], "hearts", players=2, seed="replicas")
        rng = random.Random(8)
        outcomes: list[object] = []

        def player(subject: str, seed: int) -> None:
            try:
                outcomes.append(play_match(addresses, provider, game_id, subject, random.Random(seed)))
            except BaseException as error:
                outcomes.append(error)

        threads = [threading.Thread(target=player, args=(name, rng.random())) for name in ("liam", "mona")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(isinstance(outcome, pb.GameView) for outcome in outcomes), outcomes
        for address in addresses:
            for subject in ("liam", "mona"):
                with Client(address, login=provider.token(subject)) as client:
                    rating = rating_of(client.get_player(), "hearts")
                    assert rating.matches == 1 and [change.game_id for change in rating.history] == [game_id]
    finally:
        for replica in replicas:
            replica.stop()
