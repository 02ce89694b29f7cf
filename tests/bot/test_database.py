from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from bot.database import MIGRATIONS, Database, StorageError


async def test_a_new_file_is_migrated_and_keeps_its_rows_across_reopening(tmp_path):
    path = tmp_path / "data" / "puzzlebot.sqlite3"
    database = await Database.open(path)
    await database.log_command(
        guild_id=1, user_id=2, command="solve", kind="letterboxed", outcome="ok", elapsed_ms=12.5
    )
    await database.close()

    database = await Database.open(path)  # reopening must not re-run migrations
    async with database.connection.execute("SELECT kind, outcome FROM command_log") as cursor:
        rows = [tuple(row) for row in await cursor.fetchall()]
    await database.close()
    assert rows == [("letterboxed", "ok")]
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


async def test_a_file_from_a_newer_schema_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "future.sqlite3"
    with sqlite3.connect(path) as plain:
        plain.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    before = path.read_bytes()
    newer = rf"newer puzzlebot \(schema version {len(MIGRATIONS) + 1}; this one knows up to"
    with pytest.raises(StorageError, match=newer):
        await Database.open(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("content", [b"plain text, not a database\n" * 100, b"\x00" * 4096])
async def test_a_file_that_is_not_sqlite_is_refused_and_nothing_is_left_running(tmp_path, content):
    path = tmp_path / "other.sqlite3"
    path.write_bytes(content)
    before = set(threading.enumerate())  # an earlier test's thread may end meanwhile
    with pytest.raises(StorageError, match="is not a SQLite database"):
        await Database.open(path)
    for _ in range(100):  # the connection's thread ends once it is closed
        if not set(threading.enumerate()) - before:
            break
        await asyncio.sleep(0.01)
    assert not set(threading.enumerate()) - before
    assert path.read_bytes() == content


async def test_a_folder_is_not_a_database_file(tmp_path):
    with pytest.raises(StorageError, match=r"is a folder; give a file in it, e.g. .*puzzlebot"):
        await Database.open(tmp_path)
