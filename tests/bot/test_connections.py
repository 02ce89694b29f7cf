"""The one database interface (bot/connections.py) behaves the same on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.connections import (
    PostgresConnection,
    SQLiteConnection,
    is_postgres_url,
    numbered_placeholders,
    sqlite_path,
)
from tests.postgres import fresh_database


@pytest.fixture
async def connection(backend, tmp_path):
    async with contextlib.AsyncExitStack() as stack:
        if backend is None:
            opened = SQLiteConnection(await SQLiteConnection.open(str(tmp_path / "t.sqlite3")))
        else:
            opened = await PostgresConnection.open(
                await stack.enter_async_context(fresh_database(backend))
            )
        stack.push_async_callback(opened.close)
        await opened.execute("CREATE TABLE t (k TEXT PRIMARY KEY, n BIGINT NOT NULL DEFAULT 0)")
        yield opened


async def test_rows_read_by_column_name_and_counts_of_changes(connection):
    assert await connection.execute("INSERT INTO t (k, n) VALUES (?, ?)", "a", 1) == 1
    assert await connection.execute("INSERT INTO t (k, n) VALUES (?, ?)", "b", 2) == 1
    upsert = "INSERT INTO t (k, n) VALUES (?, 5) ON CONFLICT (k) DO UPDATE SET n = t.n + 10"
    assert await connection.execute(upsert, "a") == 1
    row = await connection.fetch_one("SELECT k, n FROM t WHERE k = ?", "a")
    assert (row["k"], row["n"]) == ("a", 11)
    assert await connection.fetch_one("SELECT k FROM t WHERE k = ?", "zzz") is None
    assert [r["k"] for r in await connection.fetch_all("SELECT k FROM t ORDER BY k")] == ["a", "b"]
    assert await connection.execute("UPDATE t SET n = n + 1") == 2
    assert await connection.execute("DELETE FROM t WHERE k = ?", "nothing") == 0


async def test_a_failed_transaction_leaves_nothing_behind(connection):
    with pytest.raises(RuntimeError):
        async with connection.transaction() as inside:
            await inside.execute("INSERT INTO t (k) VALUES (?)", "half")
            raise RuntimeError("stopped midway")
    assert await connection.fetch_all("SELECT k FROM t") == []
    async with connection.transaction() as inside:
        await inside.execute("INSERT INTO t (k) VALUES (?)", "whole")
        await inside.execute("UPDATE t SET n = 7 WHERE k = ?", "whole")
    assert (await connection.fetch_one("SELECT n FROM t"))["n"] == 7


async def test_another_tasks_write_waits_for_an_open_transaction(connection):
    """A write from elsewhere never lands inside (and is never undone by) a transaction."""
    entered, release = asyncio.Event(), asyncio.Event()

    async def failing_transaction():
        with pytest.raises(RuntimeError):
            async with connection.transaction() as inside:
                await inside.execute("INSERT INTO t (k) VALUES (?)", "undone")
                entered.set()
                await release.wait()
                raise RuntimeError("rolled back")

    task = asyncio.create_task(failing_transaction())
    await entered.wait()
    other = asyncio.create_task(connection.execute("INSERT INTO t (k) VALUES (?)", "kept"))
    await asyncio.sleep(0.05)
    release.set()
    await asyncio.gather(task, other)
    assert [r["k"] for r in await connection.fetch_all("SELECT k FROM t")] == ["kept"]


def test_placeholders_are_numbered_outside_quotes():
    sql = "SELECT '?', \"a?\" FROM t WHERE k = ? AND n = ? AND s = 'it''s ?'"
    assert numbered_placeholders(sql) == (
        "SELECT '?', \"a?\" FROM t WHERE k = $1 AND n = $2 AND s = 'it''s ?'"
    )


def test_urls_name_the_backend():
    assert is_postgres_url("postgresql://bot@db/puzzles") and is_postgres_url("postgres://x/y")
    assert not is_postgres_url("sqlite:///data/bot.sqlite3")
    assert sqlite_path("sqlite:///data/bot.sqlite3") == "data/bot.sqlite3"
    assert sqlite_path("sqlite:////srv/bot.sqlite3") == "/srv/bot.sqlite3"
    assert sqlite_path("puzzlebot.sqlite3") == "puzzlebot.sqlite3"
