"""pgqueuer's side of `HeraldBenchmarks compare` (issue 17): the same webhook deliveries that
Herald's worker makes, done the way pgqueuer's documentation shows.

    python pgqueuer_bench.py prepare DSN COUNT
        installs pgqueuer's schema into DSN's (fresh) database and enqueues COUNT jobs in one
        batch, each payload a JSON body the size of a Herald webhook's.
    python pgqueuer_bench.py worker DSN URL [--batch-size N] [--max-concurrent-tasks M]
        runs one QueueManager until SIGTERM; its entrypoint POSTs the job's payload to URL with
        Standard Webhooks headers, over one kept-alive aiohttp session.

The benchmark starts the workers after `prepare` has committed, so they face a backlog, as
Herald's workers do.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import signal
import time
from datetime import timedelta

import aiohttp
import asyncpg
import uvloop
from pgqueuer import AsyncpgDriver, Job, QueueManager, Queries

ENTRYPOINT = "webhook"
# Herald signs each delivery with the user's secret; the same work is done here.
SECRET = b"pgqueuer-benchmark-secret"


def payload(index: int) -> bytes:
    """A body shaped like Herald's webhook (a delivery line, the user and the language)."""
    user = index % 1000
    return json.dumps(
        {
            "id": f"focus-block-start-b{index // 1000}",
            "kind": "focusBlockStart",
            "fireDate": "2026-01-01T09:00:00.000Z",
            "deliveredAt": "2026-01-01T09:00:00.002Z",
            "late": False,
            "title": f"Block {index // 1000}",
            "body": "Starts in 5 minutes",
            "interruptionLevel": "timeSensitive",
            "user": f"user-{user}",
            "language": "de",
        },
        separators=(",", ":"),
    ).encode()


async def prepare(dsn: str, count: int) -> None:
    connection = await asyncpg.connect(dsn=dsn)
    try:
        queries = Queries(AsyncpgDriver(connection))
        await queries.install()
        await queries.enqueue(
            [ENTRYPOINT] * count, [payload(index) for index in range(count)], [0] * count
        )
    finally:
        await connection.close()


async def worker(dsn: str, url: str, batch_size: int, max_concurrent_tasks: int) -> None:
    # The docs' advice for a QueueManager: a dedicated connection (it also LISTENs on it).
    connection = await asyncpg.connect(dsn=dsn)
    # One session for the process: its connector keeps connections to the receiver alive.
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=100))
    qm = QueueManager(Queries(AsyncpgDriver(connection)))

    @qm.entrypoint(ENTRYPOINT)
    async def deliver(job: Job) -> None:
        body = job.payload or b""
        webhook_id = f"pgq-{job.id}"
        timestamp = str(int(time.time()))
        mac = hmac.new(SECRET, f"{webhook_id}.{timestamp}.".encode() + body, hashlib.sha256)
        headers = {
            "content-type": "application/json",
            "webhook-id": webhook_id,
            "webhook-timestamp": timestamp,
            "webhook-signature": "v1," + base64.b64encode(mac.digest()).decode(),
        }
        async with session.post(url, data=body, headers=headers) as response:
            await response.read()
            response.raise_for_status()

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, qm.shutdown.set)
    loop.add_signal_handler(signal.SIGINT, qm.shutdown.set)
    try:
        await qm.run(
            batch_size=batch_size,
            max_concurrent_tasks=max_concurrent_tasks or None,
            dequeue_timeout=timedelta(seconds=5),
        )
    except asyncpg.InterfaceError:
        # Stopped (SIGTERM) while a fetch was in flight: its connection went first. Not a failure.
        if not qm.shutdown.is_set():
            raise
    finally:
        await session.close()
        await connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    prepare_parser = commands.add_parser("prepare")
    prepare_parser.add_argument("dsn")
    prepare_parser.add_argument("count", type=int)
    worker_parser = commands.add_parser("worker")
    worker_parser.add_argument("dsn")
    worker_parser.add_argument("url")
    worker_parser.add_argument("--batch-size", type=int, default=10)
    # 0: unlimited, pgqueuer's default.
    worker_parser.add_argument("--max-concurrent-tasks", type=int, default=0)
    arguments = parser.parse_args()
    # uvloop, as pgqueuer's own CLI and benchmark run it.
    if arguments.command == "prepare":
        uvloop.run(prepare(arguments.dsn, arguments.count))
    else:
        uvloop.run(
            worker(arguments.dsn, arguments.url, arguments.batch_size, arguments.max_concurrent_tasks)
        )


if __name__ == "__main__":
    main()
