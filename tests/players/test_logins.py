"""Logins from a real identity provider (an HTTP server publishing RSA and EC keys) through a
real server: accepted when every check passes, refused with a reason otherwise, the game
unchanged; a seat claimed with a login is reached from any device with a fresh login."""

from __future__ import annotations

import base64
import json
import threading

import grpc
import jwt
import pytest
from cardgames_client import CardgamesError, Client, table_options
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.players.identity import IdentityProvider
from tests.service.players import error_of
from tests.service.server_process import ServerProcess


def four_open_seats(address: str) -> str:
    with Client(address) as creator:
        return creator.create_game("belote", table=table_options(["open"] * 4)).game_id


def seated(address: str, provider: IdentityProvider, subject: str = "alice") -> tuple[str, int]:
    """A belote table whose seat is held by ``subject``'s login, the others by tokens."""
    game_id = four_open_seats(address)
    with Client(address, login=provider.token(subject, "Alice")) as player:
        seat = player.claim_seat(game_id).seat
    for _ in range(3):
        with Client(address) as other:
            other.claim_seat(game_id)
    return game_id, seat


def test_a_seat_claimed_with_a_login_is_reached_from_another_client_with_a_fresh_login(server, provider):
    game_id = four_open_seats(server.address)
    with Client(server.address, login=provider.token("alice", "Alice")) as phone:
        claimed = phone.claim_seat(game_id)
    assert claimed.token == ""  # nothing to keep: the player's logins act for the seat
    others = {}
    for _ in range(3):
        with Client(server.address) as other:
            seat = other.claim_seat(game_id)
            others[seat.seat] = seat.token
    # Another device, another token of the same player (EC-signed this time).
    with Client(server.address, login=provider.token("alice", "Alice", kid="ec-1")) as laptop:
        view = laptop.get_game(game_id, claimed.seat)
        assert view.viewer == claimed.seat and len(view.hand) == 5
        assert laptop.get_game(game_id).viewer == claimed.seat  # no seat named: the player's own
        while claimed.seat not in laptop.get_game(game_id).to_act:  # the others pass until Alice speaks
            turn = laptop.get_game(game_id).to_act[0]
            laptop.submit_move(game_id, turn, others[turn], "pass")
        answer = laptop.submit_move(game_id, claimed.seat, None, "pass")  # no seat token: the login acts
        assert answer.version == laptop.get_game(game_id).version
        assert laptop.claim_seat(game_id).seat == claimed.seat  # asked again: the same seat
        again = error_of(lambda: laptop.claim_seat(game_id, (claimed.seat + 1) % 4))
        assert (again.code, again.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "ALREADY_SEATED")
    seat_info = view.seats[claimed.seat]
    assert (seat_info.player.name, seat_info.player.player_id.startswith("p")) == ("Alice", True)
    with Client(server.address, login=provider.token("bob", "Bob")) as bob:
        refused = error_of(lambda: bob.get_game(game_id, claimed.seat))
        assert refused.code == grpc.StatusCode.PERMISSION_DENIED
        assert not bob.get_game(game_id).HasField("viewer")  # a player seated elsewhere watches


def _race(address: str, provider: IdentityProvider, game_id: str) -> list[str]:
    """Carol and Dave claim seat 2 at once: what each got."""
    results: list[str] = []
    barrier = threading.Barrier(2)

    def claim(subject: str) -> None:
        with Client(address, login=provider.token(subject)) as player:
            barrier.wait()
            try:
                results.append(str(player.claim_seat(game_id, 2).seat))
            except CardgamesError as error:
                results.append(error.reason)

    threads = [threading.Thread(target=claim, args=(name,)) for name in ("carol", "dave")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_players_claiming_one_seat_at_once_exactly_one_wins(server, provider):
    for _ in range(3):
        assert sorted(_race(server.address, provider, four_open_seats(server.address))) == ["2", "SEAT_TAKEN"]


def test_my_games_lists_the_games_where_the_login_holds_a_seat(server, provider):
    mine = {seated(server.address, provider, "erin")[0] for _ in range(3)}
    four_open_seats(server.address)  # another one, not erin's
    with Client(server.address, login=provider.token("erin")) as erin:
        listed = {game.game_id for game in erin.list_games(mine=True, page_size=2).games}
        first = erin.list_games(mine=True, page_size=2)
        second = erin.list_games(mine=True, page_size=2, page_token=first.next_page_token)
        assert {g.game_id for g in [*first.games, *second.games]} == mine and len(listed) == 2
    with Client(server.address) as anonymous:
        refused = error_of(lambda: anonymous.list_games(mine=True))
        assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, "LOGIN_REQUIRED")


def _tampered(token: str) -> str:
    header, payload, signature = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    claims["sub"] = "mallory"
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return f"{header}.{forged}.{signature}"


def _unsigned(provider: IdentityProvider) -> str:
    header = base64.urlsafe_b64encode(json.dumps({"alg": "none", "kid": "rsa-1"}).encode()).decode().rstrip("=")
    payload = base64.urlsafe_b64encode(json.dumps(provider.claims("alice")).encode()).decode().rstrip("=")
    return f"{header}.{payload}."


def _hmac_with_public_key(provider: IdentityProvider) -> str:
    public = provider.keys["rsa-1"][0].public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    header = {"alg": "HS256", "kid": "rsa-1", "typ": "JWT"}
    signing = f"{_b64(header)}.{_b64(provider.claims('alice'))}".encode()
    import hashlib
    import hmac
    signature = base64.urlsafe_b64encode(hmac.new(public, signing, hashlib.sha256).digest()).decode().rstrip("=")
    return f"{signing.decode()}.{signature}"


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def _wrong_signature(provider: IdentityProvider) -> str:
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return jwt.encode(provider.claims("alice"), stranger, algorithm="RS256", headers={"kid": "rsa-1"})


BAD_LOGINS = {
    "tampered payload": (lambda p: _tampered(p.token("alice")), "TOKEN_INVALID"),
    "wrong signature": (_wrong_signature, "TOKEN_INVALID"),
    "expired": (lambda p: p.token("alice", exp=1_000_000_000), "TOKEN_EXPIRED"),
    "not yet valid": (lambda p: p.token("alice", nbf=4_000_000_000, exp=4_000_000_600), "TOKEN_NOT_YET_VALID"),
    "another audience": (lambda p: p.token("alice", aud="someone-else"), "WRONG_AUDIENCE"),
    "another issuer": (lambda p: p.token("alice", iss="https://evil.test"), "WRONG_ISSUER"),
    "no expiry": (lambda p: p.token("alice", exp=None), "TOKEN_INVALID"),
    "alg none": (_unsigned, "TOKEN_INVALID"),
    "HS256 with the public key as secret": (_hmac_with_public_key, "TOKEN_INVALID"),
    "not a JWT at all": (lambda p: "a.b.c", "TOKEN_INVALID"),
}


@pytest.mark.parametrize("case", BAD_LOGINS, ids=list(BAD_LOGINS))
def test_a_bad_login_is_unauthenticated_with_its_reason_and_the_game_unchanged(server, provider, case):
    game_id, seat = seated(server.address, provider)
    make, reason = BAD_LOGINS[case]
    with Client(server.address) as spectator:
        before = spectator.get_game(game_id).SerializeToString()
    with Client(server.address, login=make(provider)) as attacker:
        for call in (lambda: attacker.get_game(game_id, seat), lambda: attacker.resign(game_id, seat, None),
                     lambda: attacker.submit_move(game_id, seat, None, "pass")):
            refused = error_of(call)
            assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, reason), case
            assert "alice" not in refused.message and "@" not in refused.message
    with Client(server.address) as spectator:
        assert spectator.get_game(game_id).SerializeToString() == before


def test_a_rotated_key_is_fetched_once_and_an_unknown_key_id_refused_after_one_refresh(server, provider):
    game_id, seat = seated(server.address, provider, "frank")
    provider.add_key("rsa-2", "RS256")  # the provider rotates: a key the server has not seen
    with Client(server.address, login=provider.token("frank", kid="rsa-2")) as rotated:
        assert rotated.get_game(game_id, seat).viewer == seat
    before = provider.requests
    stranger = IdentityProvider()
    try:
        stranger.keys = {"rsa-9": stranger.keys["rsa-1"]}
        forged = jwt.encode(provider.claims("frank"), stranger.keys["rsa-9"][0], algorithm="RS256",
                            headers={"kid": "rsa-9"})
    finally:
        stranger.stop()
    with Client(server.address, login=forged) as unknown:
        for _ in range(5):  # a flood of unknown key ids fetches the keys at most once per interval
            refused = error_of(lambda: unknown.get_game(game_id, seat))
            assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_KEY")
    assert provider.requests - before <= 1


def test_cached_keys_keep_working_while_the_provider_is_down(provider, tmp_path):
    process = ServerProcess(tmp_path / "games.db", *provider.server_args()).start()
    try:
        game_id, seat = seated(process.address, provider, "gina")
        provider.down = True
        with Client(process.address, login=provider.token("gina", kid="ec-1")) as gina:
            assert gina.get_game(game_id, seat).viewer == seat
        provider.add_key("ec-2", "ES256")
        with Client(process.address, login=provider.token("gina", kid="ec-2")) as rotated:
            refused = error_of(lambda: rotated.get_game(game_id, seat))
            assert (refused.code, refused.reason) == (grpc.StatusCode.UNAVAILABLE, "IDENTITY_PROVIDER_UNAVAILABLE")
    finally:
        provider.down = False
        process.stop()


def test_a_login_sent_to_a_server_without_logins_is_refused(tmp_path, provider):
    process = ServerProcess(tmp_path / "games.db").start()
    try:
        game_id = four_open_seats(process.address)
        with Client(process.address, login=provider.token("alice")) as player:
            for call in (lambda: player.claim_seat(game_id), lambda: player.get_game(game_id),
                         lambda: player.create_game("belote")):
                refused = error_of(call)
                assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, "LOGINS_DISABLED")
    finally:
        process.stop()


def test_no_login_token_claim_or_email_reaches_a_log_line(server, provider):
    token = provider.token("henry", "Henry")
    game_id, seat = seated(server.address, provider, "henry")
    with Client(server.address, login=token) as henry:
        henry.get_game(game_id, seat)
        error_of(lambda: henry.get_game(game_id, (seat + 1) % 4))
    with Client(server.address, login=provider.token("henry", exp=1_000_000_000)) as expired:
        error_of(lambda: expired.get_game(game_id, seat))
    log = server.log_path.read_text()
    for secret in (token, token.split(".")[1], token.split(".")[2], "henry@mail.cardgames.test", '"henry"'):
        assert secret not in log
    for line in log.splitlines():
        json.loads(line)  # still JSON lines


def test_a_signed_in_player_has_his_own_quotas_whatever_client_he_calls_from(provider, tmp_path):
    process = ServerProcess(tmp_path / "games.db", "--open-tables-per-caller", "1", *provider.server_args(),
                            env={"CARDGAMES_OPEN_TABLES_PER_CALLER": "1"}).start()
    try:
        with Client(process.address, login=provider.token("olga")) as phone:
            phone.create_game("belote", table=table_options(["open"] * 4))
        with Client(process.address, login=provider.token("olga", kid="ec-1")) as laptop:
            refused = error_of(lambda: laptop.create_game("belote", table=table_options(["open"] * 4)))
            assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "OPEN_TABLES_EXCEEDED")
        with Client(process.address) as anonymous:  # the same address, not the same caller
            anonymous.create_game("belote", table=table_options(["open"] * 4))
    finally:
        process.stop()


def test_the_asyncio_client_carries_its_login(server, provider):
    import asyncio

    from cardgames_client import AsyncClient

    game_id = four_open_seats(server.address)

    async def scenario() -> tuple[int, int, str]:
        async with AsyncClient(server.address, login=provider.token("rita", "Rita")) as rita:
            seat = await rita.claim_seat(game_id)
            view = await rita.get_game(game_id, seat.seat)
            mine = await rita.list_games(mine=True)
            profile = await rita.get_player()
            return seat.seat, view.viewer, profile.name if mine.games[0].game_id == game_id else ""

    seat, viewer, name = asyncio.run(scenario())
    assert (viewer, name) == (seat, "Rita")
