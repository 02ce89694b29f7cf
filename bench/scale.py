"""Scaling out: the daily scheduler's round over many servers, SQLite against PostgreSQL, and
daily answers recorded per second by one bot process and by three shard processes.

    .venv/bin/python -m bench.scale [--json] [--servers 10000] [--answers 600]
        [--postgres URL] [--only rounds|answers]

1. A database holding `--servers` servers that post a daily Letter Boxed, each already posted
   today: the round the scheduler runs every poll (30 s) all day, which finds nothing to do
   but must look at each of its servers. Timed on a SQLite file and on PostgreSQL, for one
   process running every server and for one of three shard processes (a third of them).
2. Three shard processes (bench/bot_process.py) or one, on PostgreSQL, against the local
   Discord server in this process: 30 servers post the day's puzzle, then `--answers`
   members (spread over the servers) answer it at once with /daily answer; answers per
   second from the first sent to the last reply received.

PostgreSQL: the server at --postgres (its user must be allowed to create databases), or a
throwaway one started from the server binaries on this machine (tests/postgres.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

from bench.bot_process import BotProcesses
from bot.daily.game import DailyService
from bot.daily.scheduler import DailyScheduler
from bot.daily.store import DailyStore, iso
from bot.database import Database
from localdiscord import FakeGuild, FakeUser, InteractionHandle, LocalDiscord
from puzzles import get_kind
from tests.postgres import ThrowawayServer, fresh_database, server_binaries

TODAY = dt.date(2026, 11, 23)  # a Monday
ROUNDS = 7
SHARDS = 3
SERVERS_ANSWERING = 30


def at(hour: int, minute: int = 0, second: int = 0) -> dt.datetime:
    return dt.datetime.combine(TODAY, dt.time(hour, minute, second), dt.UTC)


# --- the scheduler's round --------------------------------------------------------------


async def fill(database: Database, servers: int) -> None:
    """`servers` servers posting Letter Boxed at 09:00 UTC, today's already posted (their
    ids spread over the years as real ones are, so over the shards)."""
    rng = random.Random(servers)
    guild_ids = rng.sample(range(1 << 40, 1 << 41), servers)
    async with database.connection.transaction() as connection:
        for number, guild_id in enumerate(guild_ids):
            guild_id <<= 22
            await connection.execute(
                "INSERT INTO daily_settings (guild_id, channel_id, post_time, timezone, kinds,"
                " updated_at) VALUES (?, ?, '09:00', 'UTC', 'letterboxed', ?)",
                guild_id, guild_id + 1, iso(at(8)),
            )  # fmt: skip
            await connection.execute(
                "INSERT INTO daily_posts (guild_id, kind, day, difficulty, channel_id,"
                " message_id, posted_at, closes_at) VALUES (?, 'letterboxed', ?, 'easy', ?, ?,"
                " ?, ?)",
                guild_id, TODAY.isoformat(), guild_id + 1, guild_id + 2 + number, iso(at(9)),
                iso(at(23, 59, 59)),
            )  # fmt: skip


def shard_process(shard_count: int | None, shard_ids: list[int] | None) -> SimpleNamespace:
    """What the scheduler reads of its bot: which shards this process runs."""
    return SimpleNamespace(shard_count=shard_count, shard_ids=shard_ids)


async def round_times(database: Database, shard_count, shard_ids) -> dict:
    daily = DailyService(DailyStore(database.connection), None, lambda: at(12))  # type: ignore[arg-type]
    scheduler = DailyScheduler(shard_process(shard_count, shard_ids), daily, 30)
    assert await daily.due_posts(scheduler.serves) == [], "the round would post: not measured"
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        await scheduler.run_once()
        times.append(time.perf_counter() - started)
    served = len([s for s in await daily.store.all_settings() if scheduler.serves(s.guild_id)])
    return {"servers": served, "median_ms": round(statistics.median(times) * 1000, 1)}


async def rounds(where: str, servers: int) -> dict:
    database = await Database.open(where)
    try:
        started = time.perf_counter()
        await fill(database, servers)
        filled_s = time.perf_counter() - started
        return {
            "filled_in_s": round(filled_s, 1),
            "every_server": await round_times(database, None, None),
            "shard_0_of_3": await round_times(database, SHARDS, [0]),
        }
    finally:
        await database.close()


# --- answers per second -----------------------------------------------------------------


async def set_up_daily_letter_boxed(server: LocalDiscord, guild: FakeGuild) -> InteractionHandle:
    """The server's owner asks for a daily Letter Boxed at 09:00 UTC in its first channel."""
    options = {"channel": guild.channels[0], "time": "9:00", "timezone": "UTC", "kinds": "lb"}
    return await server.send_slash_command(
        "puzzle-settings setup", options=options, user=server.owner, guild=guild
    )


async def answer(
    server: LocalDiscord, guild: FakeGuild, member: FakeUser, text: str
) -> InteractionHandle:
    """/daily answer letterboxed `text`, from a member of the server."""
    options = {"kind": "letterboxed", "answer": text}
    return await server.send_slash_command("daily answer", options, user=member, guild=guild)


def right_answer(puzzle_text: str) -> str:
    kind = get_kind("letterboxed")
    return " ".join(kind.solve(kind.parse(puzzle_text)).words)


async def answers_per_second(postgres: str, processes: int, answers: int) -> dict:
    per_server = answers // SERVERS_ANSWERING
    unlimited = {  # every answer waits its turn: none refused as busy
        "limits": {"per_user": 1000, "per_guild": 100_000},
        "workers": {"count": 1, "queue_size": 10_000},
    }
    async with (
        fresh_database(postgres) as url,
        LocalDiscord(heartbeat_interval=1.0, interaction_deadline=300) as server,
    ):
        guilds = [
            server.add_guild(f"Server {n}", shard=(n % processes, processes))
            for n in range(SERVERS_ANSWERING)
        ]
        members = [
            (guild, server.add_user(f"m{n}", guild=guild))
            for guild in guilds
            for n in range(per_server)
        ]
        with tempfile.TemporaryDirectory() as folder:
            bots = BotProcesses(server.url, server.token, url, Path(folder), processes, **unlimited)
            async with bots:
                bots.clock.set(at(8))
                await bots.start_all()
                setups = [await set_up_daily_letter_boxed(server, guild) for guild in guilds]
                await asyncio.gather(*(setup.reply(timeout=60) for setup in setups))
                bots.clock.set(at(9, 0, 5))
                for guild in guilds:
                    await server.wait_for_channel_message(guild.channels[0], timeout=120)
                database = await Database.open(url)
                daily = await DailyStore(database.connection).puzzle("letterboxed", TODAY, "easy")
                await database.close()
                text = right_answer(daily.puzzle_text)
                # Each member opens the puzzle first (an answer before Play opens it,
                # unchecked), untimed: the burst is of answers to open puzzles.
                opening = await asyncio.gather(*(answer(server, g, m, "open") for g, m in members))
                await asyncio.gather(*(handle.reply(timeout=300) for handle in opening))

                started = time.perf_counter()
                sent = await asyncio.gather(*(answer(server, g, m, text) for g, m in members))
                replies = await asyncio.gather(*(handle.reply(timeout=300) for handle in sent))
                elapsed = time.perf_counter() - started
    other = [reply.content for reply in replies if "Solved" not in reply.content]
    late = [v for v in server.violations if v.kind == "late_initial_response"]
    return {
        "processes": processes,
        "answers": len(members),
        "seconds": round(elapsed, 2),
        "per_second": round(len(members) / elapsed, 1),
        "over_3_s_to_first_response": len(late),
        "not_solved": len(other),
        "not_solved_example": other[0][:200] if other else None,
    }


# --- running ----------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def postgres_server(url: str | None) -> AsyncIterator[str]:
    if url:
        yield url
        return
    binaries = server_binaries()
    if binaries is None:
        raise SystemExit("no PostgreSQL server binaries here: give --postgres URL")
    with ThrowawayServer(binaries) as server:
        yield server.url


async def run(args: argparse.Namespace) -> dict:
    result: dict = {"cpus": os.cpu_count()}
    async with postgres_server(args.postgres) as postgres:
        if args.only in (None, "rounds"):
            with tempfile.TemporaryDirectory() as folder:
                result["rounds_sqlite"] = await rounds(f"{folder}/scale.sqlite3", args.servers)
            async with fresh_database(postgres) as url:
                result["rounds_postgresql"] = await rounds(url, args.servers)
        if args.only in (None, "answers"):
            result["answers"] = [
                await answers_per_second(postgres, count, args.answers) for count in (1, SHARDS)
            ]
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return result


def print_result(result: dict) -> None:
    for backend in ("sqlite", "postgresql"):
        found = result.get(f"rounds_{backend}")
        if found:
            every, shard = found["every_server"], found["shard_0_of_3"]
            print(
                f"scheduler round, {backend}: {every['servers']:,} servers {every['median_ms']} ms;"
                f" shard 0 of 3 ({shard['servers']:,} servers) {shard['median_ms']} ms"
            )
    for run_ in result.get("answers", []):
        print(
            f"answers, {run_['processes']} process(es): {run_['answers']} in {run_['seconds']} s ="
            f" {run_['per_second']}/s ({run_['over_3_s_to_first_response']} first responses"
            f" over Discord's 3 s, {run_['not_solved']} not solved)"
        )
    print(f"load average {result['load_average']} on {result['cpus']} CPUs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--servers", type=int, default=10_000)
    parser.add_argument("--answers", type=int, default=600)
    parser.add_argument("--postgres", help="a PostgreSQL server URL (default: a throwaway one)")
    parser.add_argument("--only", choices=("rounds", "answers"))
    args = parser.parse_args(argv)
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
