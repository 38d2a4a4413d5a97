"""The browser API's cost: durable moves per second over Connect (JSON on HTTP/1.1) against
native gRPC, on one server, in the same run.

One server process (SQLite, synchronous=FULL) with its web port. For each concurrency N,
N games are played with N concurrent clients submitting their moves one after the other,
first over gRPC (the typed client), then over Connect (httpx, a keep-alive connection per
client, the request in JSON as a page sends it), each for the same number of seconds; the
move sequences are computed beforehand, so the client spends its CPU on calls.

    .venv/bin/python benchmarks/web_bench.py --concurrency 16,64 --seconds 8
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cardgames_client import AsyncClient, api, move  # noqa: E402
from google.protobuf import json_format  # noqa: E402
from service_bench import VARIANTS, connect, move_sequence, timed  # noqa: E402

from tests.service.server_process import ServerProcess  # noqa: E402

SUBMIT = "/cardgames.v1.GameService/SubmitMove"


async def _games(client: AsyncClient, concurrency: int, seconds: float,
                 rng: random.Random) -> list[list[tuple[api.SubmitMoveRequest, str]]]:
    """Per slot, enough (request, token) pairs for the measurement, over games created beforehand."""
    per_slot = max(100, int(seconds * 4000 / concurrency))
    slots = []
    for slot in range(concurrency):
        requests: list[tuple[api.SubmitMoveRequest, str]] = []
        while len(requests) < per_slot:
            variant = VARIANTS[(slot + len(requests)) % len(VARIANTS)]
            seed = f"web-{concurrency}-{slot}-{rng.random()}"
            created = await client.create_game(variant, seed=seed)
            requests += [(api.SubmitMoveRequest(game_id=created.game_id, seat=seat, move=move(text)), created.tokens[seat])
                         for seat, text in move_sequence(variant, seed, rng, limit=per_slot - len(requests))]
        slots.append(requests)
    return slots


async def over_grpc(server: ServerProcess, concurrency: int, seconds: float, rng: random.Random) -> dict[str, float]:
    client = AsyncClient(server.address, channel=connect(server.address), timeout=60)
    slots = await _games(client, concurrency, seconds, rng)

    def caller(requests: list[tuple[api.SubmitMoveRequest, str]]):  # type: ignore[no-untyped-def]
        pending = iter(requests)

        def next_call():  # type: ignore[no-untyped-def]
            item = next(pending, None)
            return None if item is None else client.stub.SubmitMove(
                item[0], metadata=(("authorization", f"Bearer {item[1]}"),))
        return next_call

    figures = await timed([server.process.pid], [caller(requests) for requests in slots], seconds)
    await client.close()
    return figures


async def over_connect(server: ServerProcess, concurrency: int, seconds: float, rng: random.Random) -> dict[str, float]:
    client = AsyncClient(server.address, channel=connect(server.address), timeout=60)
    slots = await _games(client, concurrency, seconds, rng)
    await client.close()
    https = [httpx.AsyncClient(base_url=f"http://{server.web_address}", timeout=60) for _ in slots]

    def caller(http: httpx.AsyncClient, requests: list[tuple[api.SubmitMoveRequest, str]]):  # type: ignore[no-untyped-def]
        # Bodies built beforehand, as the gRPC requests are: the timed loop only makes calls.
        pending = iter([(json.dumps(json_format.MessageToDict(request)).encode(), token) for request, token in requests])

        async def call(body: bytes, token: str) -> None:
            answer = await http.post(SUBMIT, content=body, headers={
                "content-type": "application/json", "authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.text

        def next_call():  # type: ignore[no-untyped-def]
            item = next(pending, None)
            return None if item is None else call(*item)
        return next_call

    figures = await timed([server.process.pid], [caller(http, requests) for http, requests in zip(https, slots)],
                          seconds)
    for http in https:
        await http.aclose()
    return figures


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--concurrency", default="16,64", help="comma-separated numbers of concurrent games")
    parser.add_argument("--seconds", type=float, default=8.0, help="duration of each measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as directory:
        server = ServerProcess(Path(directory) / "web.db", web=True).start()
        try:
            print("transport  games   moves/s   p50 ms   p99 ms  srv us  cli us |  to gRPC")
            for concurrency in (int(text) for text in args.concurrency.split(",")):
                native = await over_grpc(server, concurrency, args.seconds, rng)
                web = await over_connect(server, concurrency, args.seconds, rng)
                for name, figures in (("gRPC", native), ("Connect", web)):
                    print(f"{name:>9} {concurrency:6d} {figures['per_second']:9.0f} {figures['p50_ms']:8.2f} "
                          f"{figures['p99_ms']:8.2f} {figures['server_cpu_us']:7.0f} {figures['client_cpu_us']:7.0f} | "
                          f"{figures['per_second'] / native['per_second']:8.2f}")
        finally:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
