from __future__ import annotations

import asyncio
import socket
import sqlite3
import threading

import pytest

from bot.database import MIGRATIONS, Database, StorageError


async def test_a_new_database_is_migrated_and_keeps_its_rows_across_reopening(database_where):
    database = await Database.open(database_where)
    await database.log_command(
        guild_id=1, user_id=2, command="solve", kind="letterboxed", outcome="ok", elapsed_ms=12.5
    )
    await database.set_state("greeting", "hello")
    await database.close()

    database = await Database.open(database_where)  # reopening must not re-run migrations
    rows = await database.connection.fetch_all("SELECT kind, outcome FROM command_log")
    version = await database._schema_version()
    assert await database.state("greeting") == "hello"
    await database.close()
    assert [(row["kind"], row["outcome"]) for row in rows] == [("letterboxed", "ok")]
    assert version == len(MIGRATIONS)


async def test_a_file_in_a_new_folder_is_made_there(tmp_path):
    path = tmp_path / "data" / "puzzlebot.sqlite3"
    database = await Database.open(f"sqlite:///{path}")
    await database.close()
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


async def test_postgres_processes_starting_together_migrate_once(postgres_url):
    opened = await asyncio.gather(*(Database.open(postgres_url) for _ in range(3)))
    versions = await opened[0].connection.fetch_all("SELECT version FROM schema_version")
    for database in opened:
        await database.close()
    assert sorted(row["version"] for row in versions) == list(range(1, len(MIGRATIONS) + 1))


async def test_a_postgres_database_from_a_newer_schema_is_refused(postgres_url):
    database = await Database.open(postgres_url)
    await database.connection.execute(
        "INSERT INTO schema_version (version) VALUES (?)", len(MIGRATIONS) + 1
    )
    await database.close()
    with pytest.raises(StorageError, match="newer puzzlebot"):
        await Database.open(postgres_url)


async def test_a_postgres_server_that_cannot_be_reached_is_one_line_without_the_password():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(StorageError) as refused:
        await Database.open(f"postgresql://bot:s3cret@127.0.0.1:{port}/puzzles")
    message = str(refused.value)
    assert "cannot open the database postgresql://bot:***@127.0.0.1" in message
    assert "s3cret" not in message and "\n" not in message


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
