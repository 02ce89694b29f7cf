"""The bot's database: opened once, migrated forward, every write in a transaction.

A SQLite file (the default) or a PostgreSQL server (a postgresql:// URL, for several shard
processes), both through bot/connections.py. Schema changes are appended to MIGRATIONS and
never edited once released; the version (SQLite's user_version, PostgreSQL's schema_version
table) records how many have run, so an old database is brought up to date on start, and
one from a newer puzzlebot (more migrations than this one knows) is refused, not used.

A path that cannot hold the database (a folder, a file that is not SQLite, a folder that
cannot be made) gives a StorageError with one line saying so; nothing is left open.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

from bot.connections import (
    Connection,
    PostgresConnection,
    SQLiteConnection,
    is_postgres_url,
    sqlite_path,
)

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
    # 2: daily puzzles. Times are UTC ISO strings; days are the server's local dates.
    """
    CREATE TABLE daily_settings (
        guild_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        post_time TEXT NOT NULL,            -- 'HH:MM' local
        timezone TEXT NOT NULL,             -- IANA name
        kinds TEXT NOT NULL,                -- comma-separated kind names
        difficulties TEXT NOT NULL DEFAULT '{}',  -- JSON {kind: fixed difficulty}
        paused INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_error_at TEXT,
        updated_at TEXT NOT NULL
    );
    CREATE TABLE daily_puzzles (
        kind TEXT NOT NULL,
        day TEXT NOT NULL,
        difficulty TEXT NOT NULL DEFAULT '',
        number INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        puzzle_text TEXT NOT NULL,
        solution_text TEXT NOT NULL,
        about TEXT NOT NULL,                -- 'par 4' or 'hard'
        fewest INTEGER,                     -- fewest words (Letter Boxed), for scoring
        image BLOB NOT NULL,
        solution_image BLOB,
        created_at TEXT NOT NULL,
        PRIMARY KEY (kind, day, difficulty)
    );
    CREATE TABLE daily_posts (
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        day TEXT NOT NULL,
        difficulty TEXT NOT NULL DEFAULT '',
        channel_id INTEGER NOT NULL,
        message_id INTEGER,
        posted_at TEXT,
        closes_at TEXT NOT NULL,
        closed_at TEXT,
        PRIMARY KEY (guild_id, kind, day)
    );
    CREATE TABLE daily_plays (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        day TEXT NOT NULL,
        started_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0,
        solved_at TEXT,
        seconds REAL,
        on_time INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0,
        answer TEXT,
        measure INTEGER,                    -- e.g. words used (Letter Boxed)
        PRIMARY KEY (guild_id, user_id, kind, day)
    );
    CREATE INDEX daily_plays_board ON daily_plays (guild_id, day, kind);
    CREATE TABLE members (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        departed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, user_id)
    );
    """,
    # 3: running totals per member (per kind, and '*' for all kinds) so the all-time board
    # of a big server is one index walk; and an index that answers period boards alone.
    """
    CREATE TABLE daily_totals (
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,                 -- a kind name, or '*' for every kind
        user_id INTEGER NOT NULL,
        points INTEGER NOT NULL DEFAULT 0,
        solved INTEGER NOT NULL DEFAULT 0,
        played INTEGER NOT NULL DEFAULT 0,
        best_seconds REAL,
        total_seconds REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, kind, user_id)
    );
    CREATE INDEX daily_totals_rank
        ON daily_totals (guild_id, kind, points DESC, solved DESC, total_seconds);
    DROP INDEX daily_plays_board;
    CREATE INDEX daily_plays_board
        ON daily_plays (guild_id, day, kind, user_id, on_time, points, seconds, solved_at);
    INSERT INTO daily_totals (guild_id, kind, user_id, points, solved, played, best_seconds,
                              total_seconds)
        SELECT guild_id, k, user_id,
               SUM(CASE WHEN on_time THEN points ELSE 0 END),
               SUM(CASE WHEN on_time AND solved_at IS NOT NULL THEN 1 ELSE 0 END),
               COUNT(*),
               MIN(CASE WHEN on_time THEN seconds END),
               SUM(CASE WHEN on_time THEN COALESCE(seconds, 0) ELSE 0 END)
        FROM (SELECT guild_id, user_id, kind AS k, on_time, points, solved_at, seconds
              FROM daily_plays
              UNION ALL SELECT guild_id, user_id, '*', on_time, points, solved_at, seconds
              FROM daily_plays)
        GROUP BY guild_id, k, user_id;
    """,
    # 4: small facts the bot keeps about itself between runs, e.g. the fingerprint of the
    # command tree it last sent to Discord (so it syncs at start only when that changed).
    """
    CREATE TABLE bot_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    """,
    # 5: a day's close (its answer post) that cannot be sent is tried a bounded number of
    # times; the count and the last reason are kept with the post, for /daily status.
    """
    ALTER TABLE daily_posts ADD COLUMN close_failures INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE daily_posts ADD COLUMN close_error TEXT;
    """,
    # 6: several bot processes may share one database: the puzzle's post and the day's close
    # are each claimed, for a while, by the one process that sends them, so each is sent once.
    """
    ALTER TABLE daily_posts ADD COLUMN claimed_by TEXT;
    ALTER TABLE daily_posts ADD COLUMN claimed_until TEXT;
    """,
    # 7: the scheduler reads which of the days around today's posts are out, for every
    # server at once, from this index alone (a query per server and kind took seconds a
    # round at 10,000 servers).
    """
    CREATE INDEX daily_posts_day ON daily_posts (day, guild_id, kind, message_id);
    """,
    # 8: a fair, quiet daily. A member may give up a play (the answer shown, the day not
    # solved); a server posts its day's puzzles together in one message (the default) or
    # one message per kind.
    """
    ALTER TABLE daily_plays ADD COLUMN gave_up_at TEXT;
    ALTER TABLE daily_settings ADD COLUMN post_layout TEXT NOT NULL DEFAULT 'together';
    """,
    # 9: a daily that pulls the server in. A server may name a role its daily posts mention
    # (members take it or drop it with the post's Notify me button); members may play
    # earlier days' puzzles from the archive, unranked, kept apart from the daily plays.
    """
    ALTER TABLE daily_settings ADD COLUMN notify_role_id INTEGER;
    CREATE TABLE archive_plays (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        day TEXT NOT NULL,                  -- the daily puzzle's day, not the day played
        started_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0,
        solved_at TEXT,
        seconds REAL,
        on_time INTEGER NOT NULL DEFAULT 0, -- always 0: an archive play is never on time
        points INTEGER NOT NULL DEFAULT 0,
        answer TEXT,
        measure INTEGER,
        gave_up_at TEXT,
        PRIMARY KEY (guild_id, user_id, kind, day)
    );
    """,
)


class StorageError(Exception):
    """The database cannot be used: what is wrong with it, in one line."""


# PostgreSQL runs the same migrations, numbered alike, with SQLite's column types spelt its
# way (Discord ids need 64 bits; REAL is a double). Migration 3's backfill of totals from
# earlier plays is SQLite's alone: a PostgreSQL database starts empty (or is filled by
# `puzzlebot migrate-db`, which copies the totals too).
_POSTGRES_TYPES = (
    (
        re.compile(r"\bid INTEGER PRIMARY KEY\b"),
        "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\bBLOB\b"), "BYTEA"),
)


def postgres_migration(number: int) -> str:
    """Migration `number` (from 1) as PostgreSQL runs it."""
    script = MIGRATIONS[number - 1]
    if number == 3:
        script = script[: script.index("INSERT INTO daily_totals")]
    for pattern, spelling in _POSTGRES_TYPES:
        script = pattern.sub(spelling, script)
    return script


MIGRATION_LOCK = 0x70757A7A6C65  # "puzzle": the advisory lock id PostgreSQL migrations hold


async def _schema_version(connection: Connection) -> int:
    """How many migrations the database has had: SQLite's user_version, or PostgreSQL's
    schema_version table (which must exist)."""
    if connection.dialect == "sqlite":
        return (await connection.fetch_one("PRAGMA user_version"))[0]
    row = await connection.fetch_one("SELECT max(version) AS version FROM schema_version")
    return row["version"] or 0


def _refuse_newer(version: int) -> None:
    if version > len(MIGRATIONS):
        raise StorageError(
            f"the database was written by a newer puzzlebot (schema version {version}; "
            f"this one knows up to {len(MIGRATIONS)}): upgrade puzzlebot, or use another file"
        )


class Database:
    def __init__(self, connection: Connection):
        self.connection = connection

    @classmethod
    async def open(cls, where: str | Path) -> Database:
        """The database at `where` (a SQLite file or sqlite:/// URL, or a postgresql:// URL),
        created or migrated; StorageError when it cannot be used."""
        if is_postgres_url(str(where)):
            return await cls._open_postgres(str(where))
        return await cls._open_sqlite(sqlite_path(str(where)))

    @classmethod
    async def _open_sqlite(cls, path: str) -> Database:
        if path != ":memory:":
            _make_room_for(Path(path))
        try:
            raw = await SQLiteConnection.open(path)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the database {path}: {error}") from None
        try:
            await raw.execute("PRAGMA foreign_keys = ON")
            database = cls(SQLiteConnection(raw))
            await database.migrate()  # first: a file refused is left exactly as it was
            await raw.execute("PRAGMA journal_mode = WAL")  # readers never block writers
        except BaseException as error:
            await raw.close()  # its thread would otherwise keep the process alive
            if isinstance(error, StorageError):
                raise StorageError(f"{path}: {error}") from None
            if isinstance(error, sqlite3.DatabaseError):
                raise StorageError(_unusable(path, error)) from None
            raise
        return database

    @classmethod
    async def _open_postgres(cls, url: str) -> Database:
        try:
            connection = await PostgresConnection.open(url)
        except Exception as error:  # refused, unknown host or database, bad password
            raise StorageError(
                f"cannot open the database {_without_password(url)}: {error}"
            ) from None
        database = cls(connection)
        try:
            await database.migrate()
        except BaseException:
            await connection.close()
            raise
        return database

    async def migrate(self) -> None:
        if self.connection.dialect == "sqlite":
            await self._migrate_sqlite()
        else:
            await self._migrate_postgres()

    async def _migrate_sqlite(self) -> None:
        version = await _schema_version(self.connection)
        _refuse_newer(version)
        for number in range(version + 1, len(MIGRATIONS) + 1):
            # executescript commits first, so BEGIN ... COMMIT makes each step all-or-nothing.
            await self.connection.raw.executescript(
                f"BEGIN; {MIGRATIONS[number - 1]}; PRAGMA user_version = {number}; COMMIT;"
            )

    async def _migrate_postgres(self) -> None:
        """All steps in one transaction under an advisory lock: processes starting together
        wait for the first to migrate (even CREATE TABLE IF NOT EXISTS races otherwise)."""
        async with self.connection.transaction() as inside:
            await inside.execute("SELECT pg_advisory_xact_lock(?)", MIGRATION_LOCK)
            await inside.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)"
            )
            version = await _schema_version(inside)
            _refuse_newer(version)
            for number in range(version + 1, len(MIGRATIONS) + 1):
                await inside.executescript(postgres_migration(number))
                await inside.execute("INSERT INTO schema_version (version) VALUES (?)", number)

    async def _schema_version(self) -> int:
        return await _schema_version(self.connection)

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
            *(time.time(), guild_id, user_id, command, kind, outcome, elapsed_ms, error_id),
        )

    async def forget_commands(self, guild_id: int, user_id: int) -> int:
        """Delete a member's logged commands in one server; how many were deleted."""
        return await self.connection.execute(
            "DELETE FROM command_log WHERE guild_id = ? AND user_id = ?", guild_id, user_id
        )

    async def prune_command_log(self, older_than_days: float) -> int:
        """Delete logged commands older than the retention; how many were deleted."""
        cutoff = time.time() - older_than_days * 86400
        return await self.connection.execute("DELETE FROM command_log WHERE at < ?", cutoff)

    async def state(self, key: str) -> str | None:
        """A value the bot stored about itself (see set_state), or None."""
        row = await self.connection.fetch_one("SELECT value FROM bot_state WHERE key = ?", key)
        return None if row is None else row["value"]

    async def set_state(self, key: str, value: str) -> None:
        await self.connection.execute(
            "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value,"
            " updated_at = excluded.updated_at",
            *(key, value, time.time()),
        )

    async def close(self) -> None:
        await self.connection.close()


# Every table, parents before the rows that name them; what migrate-db copies.
TABLES = (
    "command_log",
    "bot_state",
    "daily_settings",
    "daily_puzzles",
    "daily_posts",
    "members",
    "daily_plays",
    "daily_totals",
    "archive_plays",
)


async def copy_between(source_url: str, target_url: str) -> dict[str, int]:
    """Open both databases (migrated to this version) and copy_database; the counts copied."""
    if source_url == target_url:
        raise StorageError("--from and --to name the same database")
    if not is_postgres_url(source_url) and not Path(sqlite_path(source_url)).is_file():
        raise StorageError(f"there is no database at {source_url} to copy from")
    source = await Database.open(source_url)
    try:
        target = await Database.open(target_url)
        try:
            return await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of `source` into `target` (which must hold none), table by table in one
    transaction, then check each table's count on both sides; the counts copied."""
    for table in TABLES:
        if await _count(target.connection, table):
            raise StorageError(
                f"the target database already holds {table} rows; copy into a new, empty one"
            )
    copied = {}
    async with target.connection.transaction() as inside:
        for table in TABLES:
            copied[table] = await _copy_table(source.connection, inside, table)
        if inside.dialect == "postgresql":  # new log rows continue after the copied ids
            await inside.execute(
                "SELECT setval(pg_get_serial_sequence('command_log', 'id'),"
                " COALESCE((SELECT max(id) FROM command_log), 0) + 1, false)"
            )
    for table in TABLES:
        have, want = await _count(target.connection, table), await _count(source.connection, table)
        if have != want:
            raise StorageError(f"{table}: {have} rows in the target, {want} in the source")
    return copied


async def _copy_table(source: Connection, target: Connection, table: str) -> int:
    rows = await source.fetch_all(f"SELECT * FROM {table}")
    if not rows:
        return 0
    columns = list(rows[0].keys())
    insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    for row in rows:
        await target.execute(insert, *(row[column] for column in columns))
    return len(rows)


async def _count(connection: Connection, table: str) -> int:
    return (await connection.fetch_one(f"SELECT COUNT(*) AS n FROM {table}"))["n"]


def _without_password(url: str) -> str:
    """A database URL fit for a message or a log: any password masked."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def _make_room_for(path: Path) -> None:
    """Create the database's folder; refuse a path that is a folder itself."""
    if path.is_dir():
        raise StorageError(
            f"the database path {path} is a folder; give a file in it, "
            f"e.g. {path / 'puzzlebot.sqlite3'}"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            f"cannot create the folder for the database {path}: {error.strerror} ({error.filename})"
        ) from None


def _unusable(path: str | Path, error: sqlite3.DatabaseError) -> str:
    if "file is not a database" in str(error):
        return (
            f"{path} is not a SQLite database (is it another file?); point the database "
            "setting at a new file name, or at the bot's own database"
        )
    return f"cannot use the database {path}: {error}"
