"""The real bot alone in its own process, as it runs in production, against a local
Discord-compatible server listening at a URL (the LocalDiscord of bench/bot.py, which stays
in the parent). Its event loop is probed here, so the lag measured is the bot's alone, not
the server's work of accepting uploads and sending gateway frames.

    python -c "import sys, bench.bot_process as p; sys.exit(p.main(sys.argv[1:]))" \
        URL TOKEN DATABASE [WORKERS]

Talks to its parent on stdout, one JSON document per line: {"ready": true} once the bot is
ready (workers warm, commands synced); after SIGUSR1 the loop-lag samples start afresh;
SIGUSR2 prints {"loop_lag_ms": [...]} for the samples since; SIGTERM closes the bot.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time

from bot.app import PuzzleBot
from bot.config import Config
from bot.localdiscord.server import discord_at

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


def tell_parent(document: dict) -> None:
    print(json.dumps(document), flush=True)


async def serve(url: str, token: str, database: str, workers: int) -> None:
    bot = PuzzleBot(Config(database=database, workers=workers), guild_ready_timeout=0.05)
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    with discord_at(url), LoopLagProbe() as probe:
        loop.add_signal_handler(signal.SIGUSR1, probe.lags.clear)
        loop.add_signal_handler(
            signal.SIGUSR2,
            lambda: tell_parent({"loop_lag_ms": [round(lag * 1000, 3) for lag in probe.lags]}),
        )
        loop.add_signal_handler(signal.SIGTERM, stopped.set)
        running = asyncio.create_task(bot.start(token))
        while not bot.is_ready():
            if running.done():
                running.result()  # what stopped the bot from starting
                return
            await asyncio.sleep(0.01)
        tell_parent({"ready": True})
        waiting = asyncio.create_task(stopped.wait())
        await asyncio.wait([running, waiting], return_when=asyncio.FIRST_COMPLETED)
        await bot.close()
        await running


def main(argv: list[str]) -> int:
    url, token, database, *workers = argv
    asyncio.run(serve(url, token, database, int(workers[0]) if workers else Config.workers))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
