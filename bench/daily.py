"""Daily puzzles at scale: the leaderboard of a big server, and generating a day's puzzles.

    .venv/bin/python -m bench.daily [--json] [--members 10000] [--days 365] [--share 0.2]

1. A SQLite file holding one server with `--members` members and `--days` days of daily
   results (each day a random `--share` of the members solve a Letter Boxed, some with wrong
   tries and hints). Times /leaderboard for each period: the query plus the PNG, as the
   bot does it (query on the store, drawing in this process). Target: under 200 ms.
2. The puzzle of the day for every registered kind, for one date, at that weekday's
   scheduled difficulty: time to generate and solve each (what the scheduler does once a
   day per kind). Run in this process, one after another.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.daily import calendar
from bot.daily.scoring import clock_text, points, streaks
from bot.daily.store import DailyStore, iso
from bot.database import Database
from puzzles import all_kinds
from renderers.leaderboard import LeaderboardRow, LeaderboardView, draw_leaderboard

GUILD = 1
TODAY = dt.date(2026, 11, 21)
SEED = 20261121


def fill(path: Path, members: int, days: int, share: float) -> int:
    """Write the members and their results straight into the file; returns the result count."""
    rng = random.Random(SEED)
    connection = sqlite3.connect(path)
    connection.executemany(
        "INSERT INTO members (guild_id, user_id, name) VALUES (?, ?, ?)",
        [(GUILD, user, f"member number {user}") for user in range(1, members + 1)],
    )
    rows = []
    for back in range(days):
        day = TODAY - dt.timedelta(days=back)
        start = dt.datetime.combine(day, dt.time(9), dt.UTC)
        for user in rng.sample(range(1, members + 1), int(members * share)):
            attempts, hints = rng.choice((1, 1, 1, 2, 3)), rng.choice((0, 0, 0, 1))
            seconds = rng.uniform(30, 3600)
            solved = start + dt.timedelta(seconds=seconds)
            rows.append(
                (GUILD, user, "letterboxed", day.isoformat(), iso(start), attempts, hints,
                 iso(solved), seconds, 1, points(attempts, hints), "answer", 2)
            )  # fmt: skip
    connection.executemany(
        "INSERT INTO daily_plays (guild_id, user_id, kind, day, started_at, attempts, hints,"
        " solved_at, seconds, on_time, points, answer, measure)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    connection.commit()
    connection.execute("ANALYZE")
    connection.close()
    return len(rows)


async def board_timings(path: Path, repeats: int) -> dict:
    database = await Database.open(path)
    store = DailyStore(database.connection)
    firsts = {
        "today": TODAY,
        "week": TODAY - dt.timedelta(days=6),
        "month": TODAY - dt.timedelta(days=29),
        "all": None,
    }
    results = {}
    for period, first in firsts.items():
        query_ms, draw_ms = [], []
        for _ in range(repeats):
            started = time.perf_counter()
            rows = await store.leaderboard(GUILD, None, first, TODAY)
            days = await store.solved_days(GUILD, [r.user_id for r in rows], None, first or TODAY)
            queried = time.perf_counter()
            view = LeaderboardView(
                title="All puzzles: Benchmark Server",
                period=period,
                rows=tuple(
                    LeaderboardRow(
                        rank, row.name, row.solved, row.played, f"{row.points} pts",
                        clock_text(row.best_seconds or 0),
                        streaks(days[row.user_id], TODAY).current,
                    )
                    for rank, row in enumerate(rows, start=1)
                ),
            )  # fmt: skip
            draw_leaderboard(view)
            drawn = time.perf_counter()
            query_ms.append((queried - started) * 1000)
            draw_ms.append((drawn - queried) * 1000)
        total = [q + d for q, d in zip(query_ms, draw_ms, strict=True)]
        results[period] = {
            "query_ms": round(statistics.median(query_ms), 1),
            "draw_ms": round(statistics.median(draw_ms), 1),
            "total_median_ms": round(statistics.median(total), 1),
            "total_max_ms": round(max(total), 1),
        }
    await database.close()
    return results


def generation_timings(day: dt.date) -> dict:
    timings = {}
    for kind in all_kinds():
        difficulty = calendar.scheduled_difficulty(kind, day)
        seed = calendar.puzzle_seed(kind.name, day, difficulty)
        started = time.perf_counter()
        puzzle = kind.generate_with(random.Random(seed), difficulty)
        generated = time.perf_counter()
        kind.solve_with(puzzle)
        solved = time.perf_counter()
        timings[kind.name] = {
            "difficulty": difficulty,
            "generate_ms": round((generated - started) * 1000, 1),
            "solve_ms": round((solved - generated) * 1000, 1),
        }
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--share", type=float, default=0.2, help="members playing each day")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        asyncio.run(_with_store(path, None))
        started = time.perf_counter()
        results = fill(path, args.members, args.days, args.share)
        asyncio.run(_with_store(path, DailyStore.rebuild_totals))
        fill_s = time.perf_counter() - started
        boards = asyncio.run(board_timings(path, args.repeats))
    generation = generation_timings(TODAY)
    report = {
        "members": args.members,
        "days": args.days,
        "results": results,
        "fill_s": round(fill_s, 1),
        "leaderboard": boards,
        "generation": generation,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"{args.members:,} members, {args.days} days, {results:,} results ({fill_s:.1f} s to fill)"
    )
    for period, timing in boards.items():
        print(
            f"  /leaderboard {period:<5}: query {timing['query_ms']} ms + picture "
            f"{timing['draw_ms']} ms = median {timing['total_median_ms']} ms, "
            f"max {timing['total_max_ms']} ms (target < 200 ms)"
        )
    print(f"puzzles of the day for {TODAY} ({TODAY:%A}):")
    for name, timing in generation.items():
        print(
            f"  {name:<12} {timing['difficulty'] or '-':<10} generate {timing['generate_ms']} ms, "
            f"solve {timing['solve_ms']} ms"
        )
    return 0


async def _with_store(path: Path, work) -> None:
    database = await Database.open(path)  # creates and migrates the file
    if work is not None:
        await work(DailyStore(database.connection))
    await database.close()


if __name__ == "__main__":
    sys.exit(main())
