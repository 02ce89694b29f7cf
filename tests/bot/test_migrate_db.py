"""`puzzlebot migrate-db` copies a bot's whole database between SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
import json

import pytest

from bot.cli import main
from bot.daily.store import DailyPuzzle, DailyStore
from bot.database import TABLES, Database

DAY = dt.date(2026, 11, 23)
START = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)


async def fill(url: str) -> None:
    """A server's month in small: settings, a puzzle with its pictures, a post, plays, the log."""
    database = await Database.open(url)
    store = DailyStore(database.connection)
    await store.save_settings(1, 10, "09:00", "Europe/London", ["letterboxed", "sudoku"])
    await store.set_paused(1, True)
    await store.save_puzzle(
        DailyPuzzle("letterboxed", DAY, "easy", 7, "ABC DEF GHI JKL", "x", "par 2", 2, b"\x89PNG"),
        seed=99,
    )
    await store.reserve_post(1, "letterboxed", DAY, "easy", 10, START + dt.timedelta(days=1))
    await store.mark_posted(1, "letterboxed", DAY, 10, 555, START)
    for user, name in ((2, "Ana"), (3, "李小龍")):
        await store.remember_member(1, user, name)
        play = await store.start_play(1, user, "letterboxed", DAY, START)
        await store.record_solve(
            play, START + dt.timedelta(minutes=user), True, 90 + user, "A B", 2
        )
    await database.set_state("synced_commands:1:global", "abc")
    for n in range(3):
        await database.log_command(
            guild_id=1, user_id=2, command="solve", kind="sudoku", outcome="ok", elapsed_ms=n
        )
    await database.close()


async def everything(url: str) -> dict[str, list[tuple]]:
    database = await Database.open(url)
    try:
        tables = {}
        for table in TABLES:
            rows = await database.connection.fetch_all(f"SELECT * FROM {table}")
            tables[table] = sorted(tuple(row[key] for key in sorted(row.keys())) for row in rows)
        return tables
    finally:
        await database.close()


async def migrate(source: str, target: str, capsys) -> tuple[int, dict]:
    """The command as typed (in a thread: it runs its own event loop)."""
    code = await asyncio.to_thread(main, ["migrate-db", "--from", source, "--to", target, "--json"])
    return code, json.loads(capsys.readouterr().out)


async def test_a_sqlite_bot_moves_to_postgresql_and_back_with_every_row(
    tmp_path, postgres_url, capsys
):
    sqlite_url = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    await fill(sqlite_url)
    code, report = await migrate(sqlite_url, postgres_url, capsys)
    assert code == 0, report
    assert report["copied"]["daily_plays"] == 2 and report["copied"]["command_log"] == 3
    assert report["copied"]["daily_totals"] == 4  # per kind and '*', for two members
    original = await everything(sqlite_url)
    assert await everything(postgres_url) == original

    # The copy works as a database: boards read the same, and the log carries on.
    database = await Database.open(postgres_url)
    board = await DailyStore(database.connection).leaderboard(1, None, None, DAY)
    await database.log_command(
        guild_id=1, user_id=2, command="hint", kind="sudoku", outcome="ok", elapsed_ms=1
    )
    await database.close()
    assert [(row.name, row.points) for row in board] == [("李小龍", 93), ("Ana", 92)]

    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    code, report = await migrate(postgres_url, back, capsys)
    assert code == 0 and report["copied"]["command_log"] == 4
    copied_back = await everything(back)
    assert {table: rows for table, rows in copied_back.items() if table != "command_log"} == {
        table: rows for table, rows in original.items() if table != "command_log"
    }


@pytest.mark.parametrize(
    ("source", "target", "message"),
    [
        ("sqlite:///{tmp}/missing.sqlite3", "sqlite:///{tmp}/new.sqlite3", "no database at"),
        ("sqlite:///{tmp}/full.sqlite3", "sqlite:///{tmp}/full.sqlite3", "the same database"),
        ("sqlite:///{tmp}/full.sqlite3", "sqlite:///{tmp}/other.sqlite3", "already holds"),
    ],
)
async def test_a_copy_that_cannot_be_made_is_one_line_and_changes_nothing(
    tmp_path, capsys, source, target, message
):
    await fill(f"sqlite:///{tmp_path / 'full.sqlite3'}")
    await fill(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    before = await everything(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    code, report = await migrate(source.format(tmp=tmp_path), target.format(tmp=tmp_path), capsys)
    assert code != 0 and message in report["error"], report
    assert await everything(f"sqlite:///{tmp_path / 'other.sqlite3'}") == before
