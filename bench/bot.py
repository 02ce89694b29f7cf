"""The bot under load, end to end through the local Discord-compatible server.

    .venv/bin/python -m bench.bot [--json] [--solves 20] [--latency-runs 30]

The real bot (discord.py client, worker pool, SQLite file) connects to the server in
tests/fakediscord, in this process. Two measurements:

- event-loop lag while `--solves` /solve commands of mixed kinds (each registered kind's
  example, in turn, from different members) run at once through the pool: a probe task
  asks to sleep 5 ms again and again and records how late it wakes; max and p99.
- end-to-end latency of /solve letterboxed, one command at a time over the NYT boxes:
  from INTERACTION_CREATE leaving the server to the followup carrying the image arriving
  back; median and p95.

Targets: loop lag p99 under 20 ms; Letter Boxed end to end median under 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.letterboxed import nyt_boxes
from bot.app import PuzzleBot
from bot.config import Config
from puzzles import all_kinds
from tests.fakediscord import FakeDiscord

PROBE_INTERVAL = 0.005


class LoopLagProbe:
    """Sleeps PROBE_INTERVAL over and over; how late each wake-up is measures loop blocking."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(PROBE_INTERVAL)
            self.lags.append(max(0.0, time.perf_counter() - start - PROBE_INTERVAL))

    def __enter__(self) -> LoopLagProbe:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def mixed_solves(server: FakeDiscord, count: int) -> dict:
    kinds = [kind for kind in all_kinds() if len(kind.example) <= 100]
    members = [server.add_user(f"bench{n}") for n in range(count)]
    with LoopLagProbe() as probe:
        started = time.perf_counter()
        handles = await asyncio.gather(
            *(
                server.send_slash_command(
                    f"solve {kinds[n % len(kinds)].name}",
                    options={"puzzle": kinds[n % len(kinds)].example},
                    user=member,
                )
                for n, member in enumerate(members)
            )
        )
        replies = await asyncio.gather(*(h.reply(timeout=120) for h in handles))
        elapsed = time.perf_counter() - started
    lags_ms = [lag * 1000 for lag in probe.lags]
    answered = sum(1 for reply in replies if reply.attachments)
    return {
        "solves": count,
        "kinds": sorted({kind.name for kind in kinds}),
        "answered_with_image": answered,
        "wall_s": round(elapsed, 2),
        "loop_lag_ms": {
            "samples": len(lags_ms),
            "p99": round(percentile(lags_ms, 0.99), 2),
            "max": round(max(lags_ms), 2),
        },
        "heartbeat_lateness_ms": round(server.heartbeat_lateness() * 1000, 1),
    }


async def letterboxed_latency(server: FakeDiscord, runs: int) -> dict:
    boxes = [" ".join(board.sides) for board in nyt_boxes()]
    latencies_ms = []
    for n in range(runs):
        handle = await server.send_slash_command(
            "solve letterboxed", options={"puzzle": boxes[n % len(boxes)]}
        )
        request = await handle.wait_for_request(lambda r: r.files, timeout=60)
        latencies_ms.append((request.received_at - handle.sent_at) * 1000)
    return {
        "runs": runs,
        "median_ms": round(statistics.median(latencies_ms), 1),
        "p95_ms": round(percentile(latencies_ms, 0.95), 1),
        "max_ms": round(max(latencies_ms), 1),
    }


async def run(solves: int, latency_runs: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        config = Config(
            database=str(Path(folder) / "bench.sqlite3"),
            workers=2,
            deadline_seconds=30,
            queue_size=max(16, solves),
            per_user=1000,
            per_guild=1000,
        )
        async with FakeDiscord(heartbeat_interval=0.25) as server:
            bot = PuzzleBot(config, guild_ready_timeout=0.05)
            started = time.perf_counter()
            async with server.run_bot(bot, ready_timeout=120):
                ready_s = time.perf_counter() - started
                await bot.sync_commands(server.guild.id)
                latency = await letterboxed_latency(server, latency_runs)
                load = await mixed_solves(server, solves)
            server.assert_no_violations()
    return {
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "startup_to_ready_s": round(ready_s, 2),
        "letterboxed_end_to_end": latency,
        "mixed_concurrent_solves": load,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--solves", type=int, default=20)
    parser.add_argument("--latency-runs", type=int, default=30)
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.solves, args.latency_runs))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    latency, load = result["letterboxed_end_to_end"], result["mixed_concurrent_solves"]
    lag = load["loop_lag_ms"]
    print(f"bot ready after {result['startup_to_ready_s']} s (2 workers warmed up)")
    print(
        f"/solve letterboxed end to end, {latency['runs']} runs: median {latency['median_ms']} ms,"
        f" p95 {latency['p95_ms']} ms, max {latency['max_ms']} ms (target: median < 300 ms)"
    )
    print(
        f"{load['solves']} concurrent solves of {', '.join(load['kinds'])}: "
        f"{load['answered_with_image']} answered with an image in {load['wall_s']} s; "
        f"event-loop lag p99 {lag['p99']} ms, max {lag['max']} ms (target: p99 < 20 ms); "
        f"heartbeat at most {load['heartbeat_lateness_ms']} ms late"
    )
    print(f"load average {result['load_average']} on {result['cpus']} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
