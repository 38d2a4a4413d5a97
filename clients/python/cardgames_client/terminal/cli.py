"""The command line: ``cardgames play | join | watch``. Every failure before or during the
game is one line on stderr and a non-zero exit code (2: the command line itself)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import TextIO

import grpc
from cardgames_client import PLAYERS, CardgamesError, Client

from ..words import LANGUAGES, Words
from .narrate import describe as describe_change
from .render import Viewpoint
from .session import DEFAULT_SERVER, RETRIES, Session, join, new_table, parse_link, spectate


def _default_lang() -> str:
    return "fr" if os.environ.get("LANG", "").lower().startswith("fr") else "en"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardgames", description="Play trick-taking card games at a terminal against the cardgames server's bots.",
        epilog="Keys: ←/→ choose a card, Enter play it, 1-9 a bid, space pick a card to pass (hearts), "
               "h a hint, q quit. See docs/terminal.md.")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--server", default=os.environ.get("CARDGAMES_SERVER", DEFAULT_SERVER), metavar="HOST:PORT",
                        help="the gRPC server (default: $CARDGAMES_SERVER or %(default)s)")
    common.add_argument("--lang", choices=LANGUAGES, default=_default_lang(), help="the screen's language")
    common.add_argument("--login", default=os.environ.get("CARDGAMES_LOGIN") or None, metavar="TOKEN",
                        help="play as a signed-in player: your identity provider's token (default: $CARDGAMES_LOGIN)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", parents=[common], help="a new table: you in seat 0, the server's bots elsewhere")
    play.add_argument("variant", choices=list(PLAYERS), metavar="VARIANT", help="one of " + ", ".join(PLAYERS))
    play.add_argument("--bots", choices=["random", "greedy", "hint"], default="hint", metavar="STRENGTH",
                      help="the bots' strength: random, greedy or hint (default %(default)s)")
    play.add_argument("--seed", help="deal from this seed (anyone who knows it knows every deal)")
    play.add_argument("--bot-delay", type=_milliseconds, default=300, metavar="MS",
                      help="how long a bot waits before it moves (default %(default)s)")
    play.add_argument("--deal-pause", type=_milliseconds, default=10_000, metavar="MS",
                      help="how long a finished deal stays on the table (default %(default)s; Enter skips it)")
    play.add_argument("--hint-budget", type=_milliseconds, default=0, metavar="MS",
                      help="the server's time for a hint (default: the server's, 200)")
    play.add_argument("--rated", action="store_true", help="a rated match (needs --login): no hints, ratings move")

    joining = commands.add_parser("join", parents=[common], help="take an open seat of a table")
    joining.add_argument("link", metavar="LINK", help="the join link http://HOST:PORT/#join=<game>&seat=<n>&code=<code>, "
                                                      "or a game id")
    joining.add_argument("--hint-budget", type=_milliseconds, default=0, metavar="MS",
                         help="the server's time for a hint (default: the server's, 200)")
    joining.add_argument("--seat", type=int, metavar="N", help="the seat to take (or to take back, with --token)")
    joining.add_argument("--token", help="your seat's token: take back a seat you hold (q prints the command)")

    watching = commands.add_parser("watch", parents=[common], help="follow a game as a spectator")
    watching.add_argument("game", metavar="GAME", help="a game id (or its join link)")
    return parser


def _milliseconds(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"not a number of milliseconds: {text!r}")
    return int(text)


def describe(error: CardgamesError, address: str, words: Words) -> str:
    """A failed call in one line."""
    if error.code == grpc.StatusCode.UNAVAILABLE and "http1" in error.message.lower():
        return words("not_grpc", address=address)  # an HTTP/1 server answered (the web table's port?)
    if error.code == grpc.StatusCode.UNAVAILABLE:
        return words("unreachable", address=address)
    if error.code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return words("no_answer", address=address)
    if error.code == grpc.StatusCode.UNIMPLEMENTED and not error.reason:  # a gRPC server, not this one
        return words("not_grpc", address=address)
    return f"{words.reason(error.reason, error.message)} ({error.reason or error.code.name})"


def open_session(args: argparse.Namespace) -> Session:
    """The seat (or spectator's place) of the command; ValueError or CardgamesError if none."""
    if args.command == "play":
        return new_table(args.server, args.variant, args.bots, seed=args.seed, bot_delay_ms=args.bot_delay,
                         deal_pause_ms=args.deal_pause, login=args.login, rated=args.rated)
    if args.command == "join":
        return join(args.server, parse_link(args.link, args.seat), args.login, args.token)
    return spectate(args.server, parse_link(args.game).game_id)


def watch_in_lines(address: str, game_id: str, lang: str, out: TextIO, retries: int = RETRIES) -> None:
    """A spectator's watch without a screen: the game's story so far, then each change as
    it comes, a line per event, until the game ends. A server out of reach for a while
    (a restart) is asked again, from the last change told, up to ``retries`` times in a row."""
    with Client(address) as client:
        seen = Viewpoint.of(client.get_game(game_id), None, lang)
        after, failures = 0, 0
        while True:
            try:
                for item in client.watch(game_id, after_version=after):
                    failures = 0
                    if item.HasField("change"):
                        after = item.change.version
                        for line in describe_change(seen, item.change):
                            print(line.plain, file=out, flush=True)
                return
            except CardgamesError as error:
                if error.code != grpc.StatusCode.UNAVAILABLE or failures >= retries:
                    raise
                failures += 1
                time.sleep(failures)


def _refused(error: ValueError | CardgamesError, address: str, words: Words) -> int:
    """A failure outside the screen in one line on stderr, and the exit code: 2 for what the
    command line said (a link that names no game...), 1 for the server's answer."""
    if isinstance(error, ValueError):
        print(f"cardgames: {error}", file=sys.stderr)
        return 2
    print(f"cardgames: {describe(error, address, words)}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    words = Words(args.lang, "terminal")
    if args.command == "watch" and not sys.stdout.isatty():  # into a file or a pipe: lines
        try:
            watch_in_lines(args.server, parse_link(args.game).game_id, args.lang, sys.stdout)
        except (ValueError, CardgamesError) as error:
            return _refused(error, args.server, words)
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nor at exit
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # before any table is made for nobody
        print(f"cardgames: {words('no_terminal')}", file=sys.stderr)
        return 2
    try:
        session = open_session(args)
    except (ValueError, CardgamesError) as error:
        return _refused(error, args.server, words)
    from .app import CardgamesApp  # the screen's modules load only once there is a game to show

    app = CardgamesApp(session, lang=args.lang, hint_budget_ms=getattr(args, "hint_budget", 0))
    try:
        app.run()
    except KeyboardInterrupt:
        return 130
    if app.failure:
        print(f"cardgames: {app.failure}", file=sys.stderr)
    elif app.farewell:
        print(app.farewell)
    return app.return_code or 0
