"""A big server's export (/puzzle-settings export): how long, how big, and whether the
event loop stays free while the file is built.

    .venv/bin/python -m bench.daily_export [--members 2000] [--days 50] [--json]

A real SQLite file holds `--members` members' daily plays over `--days` days (one kind),
inserted in bulk. Timed: reading every result (DailyStore.results, on the loop, as the cog
does) and building the CSV in a thread (bot/daily/export.py export_file, zipped past the
10 MiB upload limit). Meanwhile a ticker on the loop wakes every 10 ms; its worst lateness
is what every other member's interaction would have waited (beside the same ticker's
lateness over 2 s of nothing, the machine's own noise).

Target: the loop never late by more than 100 ms while the file is built.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import sqlite3
import tempfile
import time
from pathlib import Path

from bot.daily.export import export_file
from bot.daily.store import DailyStore, iso
from bot.database import Database

GUILD = 1
FIRST_DAY = dt.date(2026, 1, 1)
UPLOAD_LIMIT = 10 * 1024 * 1024
TARGET_LAG = 0.1


def fill(path: Path, members: int, days: int) -> int:
    """Members named like formulas half the time (the guard's work), solving every day;
    written with sqlite3 in bulk (setup, not what is measured)."""
    plays = []
    for back in range(days):
        day = FIRST_DAY + dt.timedelta(days=back)
        start = dt.datetime.combine(day, dt.time(9), dt.UTC)
        solved = start + dt.timedelta(minutes=3)
        plays += [
            (GUILD, user, "letterboxed", day.isoformat(), iso(start), 1, 0, iso(solved), 180.0,
             1, 100, "answer", 2)
            for user in range(members)
        ]  # fmt: skip
    with sqlite3.connect(path) as database:
        database.executemany(
            "INSERT INTO members (guild_id, user_id, name) VALUES (?, ?, ?)",
            [(GUILD, user, f"=member {user}" if user % 2 else f"member {user}")
             for user in range(members)],
        )  # fmt: skip
        database.executemany(
            "INSERT INTO daily_plays (guild_id, user_id, kind, day, started_at, attempts, hints,"
            " solved_at, seconds, on_time, points, answer, measure)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            plays,
        )
    return len(plays)


async def worst_lag(stop: asyncio.Event, every: float = 0.01) -> float:
    loop, worst = asyncio.get_running_loop(), 0.0
    while not stop.is_set():
        before = loop.time()
        await asyncio.sleep(every)
        worst = max(worst, loop.time() - before - every)
    return worst


async def measure(members: int, days: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "export.sqlite3"
        await (await Database.open(path)).close()  # the schema
        results_made = fill(path, members, days)
        database = await Database.open(path)
        store = DailyStore(database.connection)
        idle = asyncio.Event()
        baseline = asyncio.create_task(worst_lag(idle))  # the machine's own noise, idle
        await asyncio.sleep(2)
        idle.set()
        idle_lag = await baseline
        stop = asyncio.Event()
        ticker = asyncio.create_task(worst_lag(stop))
        began = time.perf_counter()
        results = await store.results(GUILD)
        read = time.perf_counter()
        data, name = await asyncio.to_thread(export_file, results, "daily-all", UPLOAD_LIMIT)
        built = time.perf_counter()
        stop.set()
        lag = await ticker
        await database.close()
    return {
        "results": results_made,
        "read_seconds": round(read - began, 2),
        "build_seconds": round(built - read, 2),
        "file": name,
        "bytes": len(data) if data else None,
        "worst_loop_lag_ms": round(lag * 1000, 1),
        "idle_loop_lag_ms": round(idle_lag * 1000, 1),  # the same ticker, 2 s of nothing
        "target_lag_ms": TARGET_LAG * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=2000)
    parser.add_argument("--days", type=int, default=50)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    found = asyncio.run(measure(options.members, options.days))
    if options.json:
        print(json.dumps(found))
        return
    for key, value in found.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
