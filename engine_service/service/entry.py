"""The server's command (``cardgames-server``, ``python -m engine_service.service.entry``):
gRPC's core is told to keep quiet before anything loads it."""

from __future__ import annotations

import os


def main() -> None:
    # gRPC's core writes its own lines to stderr, not JSON (a port already taken, say, which
    # the service logs itself); it reads GRPC_VERBOSITY once, as grpc loads. Set by the
    # operator, it shows them again.
    os.environ.setdefault("GRPC_VERBOSITY", "NONE")
    from .server import main as serve

    serve()


if __name__ == "__main__":
    main()
