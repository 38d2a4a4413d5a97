"""cardgames engine service: the rules engine (``rules``), the tables around a game
(``tables``), the double-dummy solver's facade (``solver``), hints and deal analysis
(``hints``, ``analysis``), the server's bots (``bots``), the gRPC service with its browser
API (``service``), the web table (``web``) and ``cardgames-analyze`` (``analyze_cli``)."""

__version__ = "0.1.0"
