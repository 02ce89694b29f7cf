"""Daily posts to many servers that share a post time, against Discord's rate limits.

    .venv/bin/python -m bench.daily_posting [--json] [--servers 1000] [--kinds letterboxed]

The real bot (discord.py client, worker pool, SQLite file) connects to the local server in
localdiscord, which keeps Discord's limits as discord.py meets them: a bucket per channel for
posting (5 messages per 5 s), the global limit of 50 requests per second, and the ban after
too many failed requests. `--servers` servers, each with its own channel, post the same
daily puzzles (`--kinds`, comma-separated) at 09:00. The day's puzzles are made before the
clock reaches 09:00, so what is timed is the sending: from the scheduler's wake at 09:00 to
the last post reaching the server. Also reported: the busiest second of requests outside the
interaction endpoints (Discord's global limit counts those), and the 429s and other failed
requests the bot met.

Target: 1,000 servers all posted within 2 minutes, no request refused.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import datetime as dt
import json
import sys
import tempfile
import time
from pathlib import Path

from bot.app import PuzzleBot
from bot.config import Config
from localdiscord import LocalDiscord
from puzzles import get_kind

MONDAY = dt.date(2026, 11, 23)
TARGET_SECONDS = 120.0


class Clock:
    def __init__(self, now: dt.datetime):
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


def busiest_second(times: list[float]) -> int:
    """The most requests that arrived within any one second."""
    times = sorted(times)
    return max((bisect.bisect_left(times, t + 1.0) - i for i, t in enumerate(times)), default=0)


async def post_to_many(servers: int, kinds: list[str], folder: Path) -> dict:
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), dt.UTC))
    config = Config(
        database=str(folder / "puzzlebot.sqlite3"), workers=1, daily_poll_seconds=3600.0
    )
    async with LocalDiscord(heartbeat_interval=5.0) as server:
        guilds = [server.guild] + [server.add_guild(f"Server {n}") for n in range(servers - 1)]
        bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
        async with server.run_bot(bot, ready_timeout=600):
            store = bot.daily.store
            for guild in guilds:
                channel = guild.channel("general")
                await store.save_settings(guild.id, channel.id, "09:00", "UTC", kinds)
            made_at = time.perf_counter()
            for name in kinds:
                await bot.daily.puzzle_of_the_day(get_kind(name), MONDAY, "")
            made = time.perf_counter() - made_at

            clock.now = dt.datetime.combine(MONDAY, dt.time(9, 0, 5), dt.UTC)
            loop = asyncio.get_running_loop()
            started = loop.time()
            bot.daily_scheduler.wake()
            wanted = servers * len(kinds)
            while len(bot_posts(server)) < wanted and loop.time() - started < 3 * TARGET_SECONDS:
                await asyncio.sleep(0.2)
            posts = bot_posts(server)
            last = max(message_times(server, posts), default=started)
            sent = [r for r in server.requests if r.received_at >= started]  # a ring
            counted = [r for r in sent if not r.path.startswith(("/interactions/", "/webhooks/"))]
            return {
                "servers": servers,
                "kinds": kinds,
                "posts_wanted": wanted,
                "posted": len(posts),
                "seconds_to_last_post": round(last - started, 1),
                "posts_per_second": round(len(posts) / max(last - started, 1e-9), 1),
                "busiest_second_requests": busiest_second([r.received_at for r in counted]),
                "refused_429": sum(r.status == 429 for r in sent),
                "failed_requests_seen_by_bot": bot.failed_requests.recent()
                if hasattr(bot, "failed_requests")
                else None,  # a bot before the count (a baseline run)
                "puzzles_made_seconds": round(made, 1),
                "target_seconds": TARGET_SECONDS,
                "met": len(posts) == wanted and last - started <= TARGET_SECONDS,
            }


def bot_posts(server: LocalDiscord) -> list:
    return [m for m in server.messages.values() if "#" in m.content and not m.interaction_id]


def message_times(server: LocalDiscord, posts: list) -> list[float]:
    posted = {m.id for m in posts}
    return [
        r.received_at
        for r in server.requests
        if r.method == "POST" and r.response and int(r.response.get("id", 0)) in posted
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--servers", type=int, default=1000)
    parser.add_argument("--kinds", default="letterboxed")
    args = parser.parse_args(argv)
    kinds = [name.strip() for name in args.kinds.split(",") if name.strip()]
    with tempfile.TemporaryDirectory() as folder:
        result = asyncio.run(post_to_many(args.servers, kinds, Path(folder)))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0 if result["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
