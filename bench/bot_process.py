"""The real bot alone in its own process, as it runs in production, against a local
Discord-compatible server listening at a URL (the LocalDiscord of bench/bot.py, which stays
in the parent). Its event loop is probed here, so the lag measured is the bot's alone, not
the server's work of accepting uploads and sending gateway frames.

    python -c "import sys, bench.bot_process as p; sys.exit(p.main(sys.argv[1:]))" \
        URL TOKEN DATABASE [--workers N] [--config FILE] [--clock-file FILE]

--workers sets the pool's size; --config reads a puzzlebot config file (its shards, limits,
poll interval; DATABASE wins over its database url); --clock-file makes the daily puzzles
follow the moment written in that file (ISO 8601), so a parent moves the day of every bot
process at once (FileClock).

Talks to its parent on stdout, one JSON document per line: {"ready": true} once the bot is
ready (workers warm, commands synced); after SIGUSR1 the loop-lag samples start afresh;
SIGUSR2 prints {"loop_lag_ms": [...]} for the samples since; SIGTERM closes the bot.

BotProcesses is the parent's side: shard processes of one bot (a config file each) that it
starts, kills as a crash would, and starts again (tests/bot/test_shard_processes.py,
bench/scale.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import datetime as dt
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from bot.app import PuzzleBot
from bot.config import Config, load_config
from localdiscord.server import discord_at

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


# Started with -c, not -m: multiprocessing re-runs a `-m` main module in each worker it starts
# (importing discord.py and this bench there: tens of MiB and a second of CPU a worker), which
# the bot's own entry points (`python -m bot`, `puzzlebot`) never cause.
LAUNCH = (
    sys.executable,
    "-c",
    "import sys, bench.bot_process as p; sys.exit(p.main(sys.argv[1:]))",
)


async def start_bot_process(
    url: str, token: str, database: str, *flags: str, **options: Any
) -> asyncio.subprocess.Process:
    """This module's bot in a process of its own, its stdout piped to the caller."""
    return await asyncio.create_subprocess_exec(
        *LAUNCH,
        *launch_arguments(url, token, database, *flags),
        stdout=asyncio.subprocess.PIPE,
        **options,
    )


async def from_bot(child: asyncio.subprocess.Process, key: str, timeout: float) -> Any:
    """The next document the bot process prints that carries `key`."""
    async with asyncio.timeout(timeout):
        while line := await child.stdout.readline():
            document = json.loads(line)
            if key in document:
                return document[key]
    raise RuntimeError(f"the bot process ended before it said {key!r}")


def tell_parent(document: dict) -> None:
    print(json.dumps(document), flush=True)


class FileClock:
    """The moment written in a file: the parent sets it, every bot process reads it."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

    def __call__(self) -> dt.datetime:
        return dt.datetime.fromisoformat(self.path.read_text())

    def set(self, moment: dt.datetime) -> None:
        written = self.path.with_suffix(".writing")
        written.write_text(moment.isoformat())
        written.replace(self.path)  # whole, never half-written, for a reader


async def serve(url: str, token: str, config: Config, clock: FileClock | None = None) -> None:
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
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
        tell_parent({"ready": True, "pid": os.getpid(), "shards": sorted(bot.shards)})
        waiting = asyncio.create_task(stopped.wait())
        await asyncio.wait([running, waiting], return_when=asyncio.FIRST_COMPLETED)
        await bot.close()
        await running


class BotProcesses:
    """Shard processes of one bot on one database, against the local server at `url`: process
    k runs shard k of `count`. Each runs in a session of its own, so closing kills what it
    started too (its worker pool), even after the bot itself was killed."""

    def __init__(self, url: str, token: str, database: str, folder: Path, count: int, **config):
        self.url, self.token, self.database = url, token, database
        self.folder, self.count = folder, count
        self.clock = FileClock(folder / "clock.txt")
        self.settings = {"workers": {"count": 1}, "daily": {"poll_seconds": 1}} | config
        self.children: dict[int, asyncio.subprocess.Process] = {}

    def _config_file(self, shard_id: int) -> Path:
        tables = {"discord": {"shard_count": self.count, "shard_ids": [shard_id]}}
        lines = []
        for section, values in (tables | self.settings).items():
            lines.append(f"[{section}]")
            lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
        path = self.folder / f"shard-{shard_id}.toml"
        path.write_text("\n".join(lines) + "\n")
        return path

    async def start(self, shard_id: int, ready_timeout: float = 120) -> None:
        """Start the process of shard `shard_id`; return once its bot is ready."""
        child = await start_bot_process(
            *(self.url, self.token, self.database),
            *("--config", str(self._config_file(shard_id)), "--clock-file", str(self.clock.path)),
            start_new_session=True,
        )
        self.children[shard_id] = child
        await from_bot(child, "ready", ready_timeout)

    async def start_all(self) -> None:
        await asyncio.gather(*(self.start(shard_id) for shard_id in range(self.count)))

    async def kill(self, shard_id: int) -> None:
        """SIGKILL the bot process of the shard, as a crash (or the OOM killer) would: no
        clean-up, no goodbye to the gateway or the database."""
        child = self.children[shard_id]
        child.kill()
        await child.wait()

    async def close(self) -> None:
        for child in self.children.values():
            with contextlib.suppress(ProcessLookupError):  # and what it started
                os.killpg(child.pid, signal.SIGKILL)
            await child.wait()

    async def __aenter__(self) -> BotProcesses:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench.bot_process")
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("database")
    parser.add_argument("--workers", type=int, help="the pool's size (default: the config's)")
    parser.add_argument("--config", help="a puzzlebot config file (DATABASE wins over its url)")
    parser.add_argument("--clock-file", help="the daily puzzles' clock: an ISO 8601 moment")
    return parser.parse_args(argv)


def launch_arguments(url: str, token: str, database: str, *flags: str) -> list[str]:
    """The arguments main() is started with. The flags go first and "--" before the rest: a
    token may begin with "-", which argparse would take for an option (one run in 64 failed)."""
    return [*flags, "--", url, token, database]


def main(argv: list[str]) -> int:
    args = parse_arguments(argv)
    config = load_config(args.config, environ={}) if args.config else Config()
    config = dataclasses.replace(config, database=args.database)
    if args.workers:
        config = dataclasses.replace(config, workers=args.workers)
    clock = FileClock(args.clock_file) if args.clock_file else None
    asyncio.run(serve(args.url, args.token, config, clock))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
