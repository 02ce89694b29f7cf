"""The bot's SQLite database: opened once, migrated forward, every write in a transaction.

Schema changes are appended to MIGRATIONS and never edited once released; the database's
user_version records how many have run, so an old file is brought up to date on start.
"""

from __future__ import annotations

import time
from pathlib import Path

import aiosqlite

MIGRATIONS: tuple[str, ...] = (
    # 1: one row per command the bot served, for usage figures and for tracing error ids.
    """
    CREATE TABLE command_log (
        id INTEGER PRIMARY KEY,
        at REAL NOT NULL,
        guild_id INTEGER,
        user_id INTEGER NOT NULL,
        command TEXT NOT NULL,
        kind TEXT NOT NULL,
        outcome TEXT NOT NULL,
        elapsed_ms REAL NOT NULL,
        error_id TEXT
    );
    CREATE INDEX command_log_guild_at ON command_log (guild_id, at);
    """,
)


class Database:
    def __init__(self, connection: aiosqlite.Connection):
        self.connection = connection

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")  # readers never block the writer
        await connection.execute("PRAGMA foreign_keys = ON")
        database = cls(connection)
        await database.migrate()
        return database

    async def migrate(self) -> None:
        async with self.connection.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            # executescript commits first, so BEGIN ... COMMIT makes each step all-or-nothing.
            await self.connection.executescript(
                f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;"
            )

    async def log_command(
        self,
        *,
        guild_id: int | None,
        user_id: int,
        command: str,
        kind: str,
        outcome: str,
        elapsed_ms: float,
        error_id: str | None = None,
    ) -> None:
        await self.connection.execute(
            "INSERT INTO command_log (at, guild_id, user_id, command, kind, outcome, elapsed_ms,"
            " error_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (time.time(), guild_id, user_id, command, kind, outcome, elapsed_ms, error_id),
        )
        await self.connection.commit()

    async def close(self) -> None:
        await self.connection.close()
