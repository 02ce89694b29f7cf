"""The one database interface (bot/connections.py) behaves the same on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest

from bot.connections import (
    PostgresConnection,
    SQLiteConnection,
    is_postgres_url,
    numbered_placeholders,
    sqlite_path,
    with_database,
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


async def test_a_transaction_on_a_full_disk_reports_the_full_disk(tmp_path):
    """SQLite ends the transaction itself when the disk fills; a ROLLBACK after that would fail
    with "cannot rollback - no transaction is active" and hide the real error."""
    connection = SQLiteConnection(await SQLiteConnection.open(str(tmp_path / "t.sqlite3")))
    try:
        await connection.execute("CREATE TABLE t (b BLOB)")
        pages = (await connection.fetch_one("PRAGMA page_count"))[0]
        await connection.execute(f"PRAGMA max_page_count = {pages + 4}")  # a nearly full disk
        with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):
            async with connection.transaction() as inside:
                await inside.execute("INSERT INTO t VALUES (zeroblob(100000))")
        assert await connection.fetch_all("SELECT * FROM t") == []
        await connection.execute("INSERT INTO t VALUES (x'01')")  # and it is usable again
    finally:
        await connection.close()


async def test_a_snapshot_sees_nothing_written_after_it_began(backend, tmp_path, connection):
    if backend is None:
        await connection.execute("PRAGMA journal_mode = WAL")  # as the bot's database is
    await connection.execute("INSERT INTO t (k) VALUES (?)", "before")
    async with connection.snapshot() as reading:
        first = await reading.fetch_all("SELECT k FROM t")
        await write_elsewhere(backend, connection, tmp_path)
        assert await reading.fetch_all("SELECT k FROM t") == first
    assert len(await connection.fetch_all("SELECT k FROM t")) == 2


async def write_elsewhere(backend, connection, tmp_path) -> None:
    """A write by another connection, as another process would make it."""
    if backend is None:
        with contextlib.closing(sqlite3.connect(tmp_path / "t.sqlite3")) as other, other:
            other.execute("INSERT INTO t (k) VALUES ('after')")
        return
    async with connection.pool.acquire() as other:
        await other.execute("INSERT INTO t (k) VALUES ('after')")


async def test_a_read_only_sqlite_connection_refuses_writes(tmp_path):
    path = tmp_path / "t.sqlite3"
    sqlite3.connect(path).close()
    connection = SQLiteConnection(await SQLiteConnection.open(str(path), read_only=True))
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await connection.execute("CREATE TABLE t (k TEXT)")
    finally:
        await connection.close()
    assert path.stat().st_size == 0


@pytest.mark.parametrize(
    ("url", "name", "expected"),
    [
        ("postgresql://bot@db/postgres", "t1", "postgresql://bot@db/t1"),
        (
            "postgresql://postgres@/puzzlebot_test?host=/run/pg&port=5433",
            "t2",
            "postgresql://postgres@/t2?host=/run/pg&port=5433",
        ),
        ("postgres://u:p@h:5/d?sslmode=disable#x", "t3", "postgres://u:p@h:5/t3?sslmode=disable#x"),
    ],
)
def test_another_database_on_the_same_server_keeps_every_option(url, name, expected):
    assert with_database(url, name) == expected
