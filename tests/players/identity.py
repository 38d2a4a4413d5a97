"""A real identity provider for the tests: its public keys (RSA and EC) served as a JWKS
document over HTTP on a loopback port, and tokens signed with the private keys."""

from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

ISSUER = "https://id.cardgames.test"
AUDIENCE = "cardgames-web"


class IdentityProvider:
    def __init__(self) -> None:
        self.keys: dict[str, tuple[Any, str]] = {}  # kid -> (private key, alg)
        self.add_key("rsa-1", "RS256")
        self.add_key("ec-1", "ES256")
        self.requests = 0
        self.down = False
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                provider.requests += 1
                if provider.down or self.path != "/jwks.json":
                    self.send_error(503 if provider.down else 404)
                    return
                body = json.dumps(provider.jwks()).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    @property
    def jwks_url(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}/jwks.json"

    def server_args(self) -> tuple[str, ...]:
        return ("--auth-issuer", ISSUER, "--auth-audience", AUDIENCE, "--auth-jwks-url", self.jwks_url)

    def add_key(self, kid: str, alg: str) -> None:
        private = rsa.generate_private_key(public_exponent=65537, key_size=2048) if alg.startswith(("RS", "PS")) \
            else ec.generate_private_key(ec.SECP256R1())
        self.keys[kid] = (private, alg)

    def public_jwk(self, kid: str) -> dict[str, Any]:
        private, alg = self.keys[kid]
        algorithm = RSAAlgorithm if alg.startswith(("RS", "PS")) else ECAlgorithm
        jwk: dict[str, Any] = algorithm.to_jwk(private.public_key(), as_dict=True)
        return {**jwk, "kid": kid, "use": "sig", "alg": alg}

    def jwks(self) -> dict[str, Any]:
        return {"keys": [self.public_jwk(kid) for kid in self.keys]}

    def claims(self, subject: str, name: str | None = None, **overrides: Any) -> dict[str, Any]:
        now = int(time.time())
        claims = {"iss": ISSUER, "aud": AUDIENCE, "sub": subject, "iat": now, "exp": now + 600,
                  "email": f"{subject}@mail.cardgames.test", "jti": uuid.uuid4().hex}
        if name is not None:
            claims["name"] = name
        claims.update(overrides)
        return {key: value for key, value in claims.items() if value is not None}

    def token(self, subject: str, name: str | None = None, *, kid: str = "rsa-1", **overrides: Any) -> str:
        private, alg = self.keys[kid]
        return jwt.encode(self.claims(subject, name, **overrides), private, algorithm=alg, headers={"kid": kid})

    def stop(self) -> None:
        self.http.shutdown()
        self.http.server_close()
