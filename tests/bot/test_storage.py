from __future__ import annotations

import sqlite3

from bot.storage import MIGRATIONS, Database


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
