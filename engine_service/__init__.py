"""cardgames engine service: rules engine, solver facade and (later) the gRPC service."""

__version__ = "0.1.0"
