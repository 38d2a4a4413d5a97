"""The web table: the static page (``static/``) that the server's browser API serves at ``/``."""
