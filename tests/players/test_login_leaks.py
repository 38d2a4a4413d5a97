"""A login's secrets never leave the server: not its token, not its subject, not its email,
in any view, event, record, error or log line (the player's id is a digest; the name is
the one shown at the table)."""

from __future__ import annotations

import random

from cardgames_client import CardgamesError, Client, pb, table_options

from tests.service.players import choose
from tests.service.server_process import ServerProcess

SUBJECT = "subject-7f3a9c"


def test_no_view_event_record_error_or_log_line_holds_a_login_secret(provider, tmp_path):
    process = ServerProcess(tmp_path / "games.db", *provider.server_args()).start()
    token = provider.token(SUBJECT, "Nora")
    secrets = [token, *token.split("."), f"{SUBJECT}@mail.cardgames.test", SUBJECT]
    seen: list[bytes] = []
    try:
        with Client(process.address) as creator:
            game_id = creator.create_game("belote", {"target_score": 501}, table=table_options(
                ["open", "bot", "bot", "bot"], bot_delay_ms=0, deal_pause_ms=0)).game_id
        rng = random.Random(3)
        with Client(process.address, login=token) as nora, Client(process.address) as spectator:
            seat = nora.claim_seat(game_id).seat
            for _ in range(60):
                view = nora.get_game(game_id, seat)
                seen += [view.SerializeToString(), spectator.get_game(game_id).SerializeToString()]
                if view.status == pb.GAME_STATUS_FINISHED:
                    break
                if seat not in view.to_act:  # the bots' turn: follow the stream
                    for item in nora.watch(game_id, seat, after_version=view.version, timeout=30):
                        seen.append(item.SerializeToString())
                        break
                    continue
                try:
                    answer = nora.submit_move(game_id, seat, None, choose(view, rng), expected_version=view.version)
                except CardgamesError as error:
                    assert error.reason == "VERSION_CONFLICT"  # the table dealt the next deal meanwhile
                    continue
                seen.append(answer.SerializeToString())
            for reader in (nora, spectator):
                seen.append(reader.get_game_record(game_id).SerializeToString())
            seen.append(nora.get_player().SerializeToString())
            seen.append(nora.list_games(mine=True).SerializeToString())
            for call in (lambda: nora.get_game(game_id, (seat + 1) % 4), lambda: nora.claim_seat(game_id, 1),
                         lambda: nora.submit_move(game_id, seat, None, "play:ZZ")):
                try:
                    call()
                except CardgamesError as error:
                    seen.append(f"{error.reason} {error.message} {error.fields}".encode())
        seen.append(process.log_path.read_bytes())
        for blob in seen:
            for secret in secrets:
                assert secret.encode() not in blob
        assert any(b"Nora" in blob for blob in seen)  # the name is shown, as meant
    finally:
        process.stop()
