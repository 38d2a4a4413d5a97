"""Both clients, the terminal and the web table, put every refusal a player can meet into
words of their own, in each of their languages, rather than the server's English message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cardgames_client.terminal import texts

from engine_service.rules.errors import Reason
from engine_service.service import errors

I18N = Path(__file__).resolve().parents[2] / "engine_service" / "web" / "static" / "i18n.js"

# Input no client sends: each builds its moves and options from what the server offers.
NOT_MET_BY_PLAYERS = {Reason.UNKNOWN_CARD, Reason.UNKNOWN_SUIT, Reason.UNKNOWN_MOVE, Reason.INVALID_SEAT,
                      Reason.INVALID_OPTION, Reason.INVALID_DEAL, Reason.INVALID_NOTATION, Reason.DUPLICATE_CARD}
# The service's refusals of a player's call, besides the rules' (the others refuse malformed
# requests, or answers a client asks no question for).
SERVICE_REASONS = {errors.GameNotFound.reason, errors.Unauthenticated.reason, errors.PermissionDenied.reason,
                   errors.VersionConflict.reason, errors.StorageUnavailable.reason, errors.SolverBusy.reason,
                   "MISSING_CREDENTIAL", "CALLER_SHARE_EXHAUSTED", "DEAL_IN_PROGRESS", "DEAL_NOT_PLAYED"}
PLAYER_REASONS = sorted({reason.value for reason in Reason if reason not in NOT_MET_BY_PLAYERS} | SERVICE_REASONS)


def _web_dictionary(language: str) -> set[str]:
    script = I18N.read_text()
    body = re.search(rf"^const {language} = \{{$(.*?)^\}};$", script, re.M | re.S)
    assert body is not None, f"no {language} dictionary in {I18N.name}"
    return set(re.findall(r'^\s*"reason\.([A-Z_]+)":', body.group(1), re.M))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_web_table_words_every_refusal_a_player_can_meet(language):
    missing = [reason for reason in PLAYER_REASONS if reason not in _web_dictionary(language)]
    assert not missing, f"i18n.js {language} lacks {missing}"


@pytest.mark.parametrize("language", texts.LANGUAGES)
def test_the_terminal_words_every_refusal_a_player_can_meet(language):
    words = texts.Words(language)
    for reason in PLAYER_REASONS:
        assert words.reason(reason, message="the server's message") != "the server's message", (language, reason)
