"""The server's settings: each declared once (`Settings`), read from flags with an
environment variable as each flag's default (a flag given wins); `OPTIONS` lists them, and
`cardgames-server --help` prints them with their variables and defaults. A bad value, from
a flag or from the environment, stops the server at once with a message that names it.
Apart from the server, so that the supervisor of workers (``workers.py``) reads them too.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..solver import MAX_MEMORY_MB
from .solving import ANALYSIS_MEMORY_MB


def _number(kind: Callable[[str], float], least: float, most: float = math.inf) -> Callable[[str], float]:
    """Reads a number of ``kind`` from ``least`` to ``most``."""
    def read(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
        if value < least:
            raise argparse.ArgumentTypeError(f"{text!r}: must be at least {least}")
        if value > most:
            raise argparse.ArgumentTypeError(f"{text!r}: must be at most {most}")
        return value
    return read


def _one_of(*choices: str) -> Callable[[str], str]:
    """Reads one of ``choices``, whatever its case."""
    def read(text: str) -> str:
        for choice in choices:
            if text.lower() == choice.lower():
                return choice
        raise argparse.ArgumentTypeError(f"{text!r}: must be one of {', '.join(choices)}")
    return read


def _address(empty: bool = False) -> Callable[[str], str]:
    """Reads host:port (an IPv6 host in brackets) with a port from 0 to 65535; ``empty``
    allows "" (listen nowhere)."""
    def read(text: str) -> str:
        if empty and text == "":
            return text
        host, colon, port = text.rpartition(":")
        if not colon or not host or not port.isdigit() or int(port) > 65535:
            raise argparse.ArgumentTypeError(f"{text!r}: must be host:port with a port from 0 to 65535")
        return text
    return read


def _url(text: str) -> str:
    """Reads an http(s) URL (or "": none)."""
    if text and not text.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"{text!r}: must be an http:// or https:// URL")
    return text


def _setting(default: Any, read: Callable[[str], object], what: str) -> Any:
    """A field of `Settings`: its default, how its text is read, and what it does."""
    return field(default=default, metadata={"read": read, "help": what})


@dataclass(frozen=True)
class Settings:
    """Every setting, each declared once: `OPTIONS` derives the flags and variables from these."""

    address: str = _setting("127.0.0.1:50051", _address(), "host:port to listen on (port 0 picks a free one)")
    database: str = _setting(
        "cardgames.db", str,
        "the games' database: a SQLite file (or sqlite:///path; created if missing) or a PostgreSQL URL "
        "(postgresql://user:password@host:port/database)")
    sync: str = _setting(
        "FULL", _one_of("FULL", "NORMAL"),
        "SQLite synchronous mode: FULL (an acknowledged move survives a power loss) or NORMAL")
    grace: float = _setting(10.0, _number(float, 0), "seconds given to in-flight calls on SIGTERM")
    log_level: str = _setting("info", _one_of("debug", "info", "warning", "error"), "debug, info, warning or error")
    workers: int = _setting(
        1, _number(int, 1), "server processes sharing the port and the database (one per core uses every core)")
    solver_slots: int = _setting(
        0, _number(int, 0),
        "analyses at once per process (more are refused with RESOURCE_EXHAUSTED); 0: one per core")
    hint_slots: int = _setting(
        0, _number(int, 0),
        "solver threads for hints per process, apart from the analyses' so players never wait behind a batch "
        "(a hint takes as many free ones as there are cores, at least one); 0: one per core")
    metrics_address: str = _setting(
        "", _address(empty=True), "host:port serving Prometheus metrics at /metrics (port 0 picks one); empty: none")
    web_address: str = _setting(
        "127.0.0.1:8080", _address(empty=True),
        "host:port serving the web table and the browser API (Connect and gRPC-Web) (port 0 picks one); empty: none")
    web_origins: str = _setting(
        "", str, "comma-separated origins whose pages may call the browser API (CORS), e.g. https://cards.example; "
        "empty: only the web table served here")
    caller_slots: int = _setting(
        0, _number(int, 0),
        "the most analysis slots one caller (a peer address) holds at once; 0: half of them, at least one")
    creations_per_minute: int = _setting(
        60, _number(int, 0), "games one caller may create a minute (each process counts its own); 0: no limit")
    open_tables_per_caller: int = _setting(
        50, _number(int, 0), "tables of one caller waiting for players in the lobby at once; 0: no limit")
    games_in_play_per_caller: int = _setting(
        500, _number(int, 0), "games of one caller not over at once; 0: no limit")
    trusted_proxies: str = _setting(
        "", str, "comma-separated addresses of reverse proxies whose X-Forwarded-For names the caller "
        "(for quotas and the analysis share); empty: the peer is the caller")
    idle_days: float = _setting(
        30.0, _number(float, 0), "days after which a game with no entry is abandoned, whatever its table; 0: never")
    auth_issuer: str = _setting(
        "", str, "the identity provider whose logins (OpenID Connect JWTs) the service accepts: the tokens' iss; "
        "empty: no logins, seat tokens only (with --auth-audience and --auth-jwks-url)")
    auth_audience: str = _setting("", str, "the tokens' aud this service accepts (the frontend's client id)")
    auth_jwks_url: str = _setting(
        "", _url, "where the identity provider publishes its signing keys (JWKS), http:// or https://")
    auth_name_claim: str = _setting("name", str, "the claim holding a player's display name")
    analysis_memory_mb: int = _setting(
        ANALYSIS_MEMORY_MB, _number(int, 16, MAX_MEMORY_MB),
        "the most memory, in MB, each analysis slot's solver tables grow to (a whole hearts deal may use all "
        "of it; with less, its solve takes longer)")


@dataclass(frozen=True)
class Option:
    """One setting: its flag, its environment variable, how its text is read, what it does."""

    field: str
    convert: Callable[[str], object]
    help: str
    default: object

    @property
    def flag(self) -> str:
        return "--" + self.field.replace("_", "-")

    @property
    def env(self) -> str:
        return "CARDGAMES_" + self.field.upper()


OPTIONS = tuple(
    Option(setting.name, setting.metadata["read"], setting.metadata["help"], setting.default)
    for setting in fields(Settings)
)


def parse_settings(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from ``argv`` (default: the command line) over ``environ`` (default: the
    process environment) over the defaults; exits with status 2 and a message naming the
    flag or variable on a bad value."""
    environ = os.environ if environ is None else environ
    parser = argparse.ArgumentParser(
        prog="cardgames-server", description="The cardgames gRPC game service.",
        epilog="Each flag's environment variable sets it when the flag is not given.",
    )
    for option in OPTIONS:
        parser.add_argument(option.flag, type=option.convert, default=None, metavar=option.field.upper(),
                            help=f"{option.help} [env {option.env}, default {option.default}]")
    args = parser.parse_args(argv)
    values = {}
    for option in OPTIONS:
        value = getattr(args, option.field)
        if value is None and option.env in environ:
            try:
                value = option.convert(environ[option.env])
            except argparse.ArgumentTypeError as error:
                parser.error(f"environment variable {option.env}: {error}")
        if value is not None:
            values[option.field] = value
    settings = Settings(**values)
    logins = (settings.auth_issuer, settings.auth_audience, settings.auth_jwks_url)
    if any(logins) and not all(logins):
        parser.error("--auth-issuer, --auth-audience and --auth-jwks-url go together (or their variables)")
    return settings
