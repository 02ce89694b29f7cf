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

import contextlib
import re
import sqlite3
import time
from pathlib import Path

from bot.connections import (
    Connection,
    PostgresConnection,
    SQLiteConnection,
    in_memory,
    is_postgres_url,
    sqlite_path,
    without_password,
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
    # 9: co-op puzzles, one per thread: the puzzle and its solver's key, and every letter the
    # group has filled in with who filled it (user_id NULL: revealed by a hint), so a
    # restart loses nothing.
    """
    CREATE TABLE coop_games (
        thread_id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,        -- the thread's parent channel
        kind TEXT NOT NULL,
        puzzle_text TEXT NOT NULL,
        solution TEXT NOT NULL,             -- JSON {cell: letter}, the solver's reading
        board_message_id INTEGER,
        changed_at TEXT,                    -- the last letter written or cleared
        board_drawn_at TEXT,                -- the board's last redraw, to redo one a restart lost
        started_by INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        hints INTEGER NOT NULL DEFAULT 0,
        solved_at TEXT,
        archived_at TEXT
    );
    CREATE TABLE coop_letters (
        thread_id INTEGER NOT NULL,
        cell TEXT NOT NULL,                 -- a cipher letter ('Q') or a number ('12')
        letter TEXT NOT NULL,               -- upper case
        user_id INTEGER,
        name TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (thread_id, cell)
    );
    """,
    # 10: races (bot/races): a race, its players and their results, and each member's race
    # rating per server. Everything a race needs after a restart is here: who joined, the
    # answers given, when it starts and ends, and whether its scoreboard shows the latest.
    # One open race per channel is the partial unique index's to keep.
    """
    CREATE TABLE races (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        starter_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        start_in_seconds INTEGER NOT NULL,
        limit_seconds INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        puzzle_text TEXT,                   -- NULL while the puzzle is being made
        solution_text TEXT,
        image BLOB,
        solution_image BLOB,
        message_id INTEGER,                 -- the public scoreboard, once posted
        starts_at TEXT,
        started_at TEXT,
        ends_at TEXT,                       -- started_at + the time limit
        ended_at TEXT,
        rated INTEGER NOT NULL DEFAULT 0,
        results_posted_at TEXT,
        board_version INTEGER NOT NULL DEFAULT 0,   -- bumped by every change
        board_shown INTEGER NOT NULL DEFAULT 0      -- the version the scoreboard shows
    );
    CREATE UNIQUE INDEX races_open_per_channel ON races (channel_id) WHERE ended_at IS NULL;
    CREATE INDEX races_by_starter ON races (guild_id, starter_id, created_at);
    CREATE TABLE race_entries (
        race_id INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined_at TEXT NOT NULL,
        wrong INTEGER NOT NULL DEFAULT 0,
        finished_at TEXT,
        seconds REAL,
        answer TEXT,
        place INTEGER,
        rating_before REAL,                 -- shown ratings around a rated race
        rating_after REAL,
        PRIMARY KEY (race_id, user_id)
    );
    CREATE TABLE race_ratings (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        ordinal REAL NOT NULL,
        races INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        departed INTEGER NOT NULL DEFAULT 0,    -- left the server: hidden from the board
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE INDEX race_ratings_board ON race_ratings (guild_id, departed, ordinal DESC);
    """,
    # 11: a daily that pulls the server in. A server may name a role its daily posts mention
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
    # 12: daily threads. A server may have a thread opened on each daily post, where members
    # share their results and the close posts the answer; the thread is kept with the post
    # (its id is the post's message id, but recorded only once Discord has made it).
    """
    ALTER TABLE daily_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE daily_posts ADD COLUMN thread_id INTEGER;
    """,
    # 13: a server's own settings beside the daily's: the language its public posts are
    # written in (bot/servers.py), chosen with /puzzle-settings language.
    """
    CREATE TABLE server_settings (
        guild_id INTEGER PRIMARY KEY,
        language TEXT NOT NULL
    );
    """,
    # 14: daily puzzles in a language: a server whose language is French gets French Letter
    # Boxed, ladders and codewords, so one puzzle is kept per kind, day, difficulty and
    # language ('en' for every kind without words, and for every puzzle made before). A post
    # keeps the language of its puzzle. The table is made anew, as SQLite cannot change a
    # primary key; PostgreSQL runs the same steps.
    """
    CREATE TABLE daily_puzzles_by_language (
        kind TEXT NOT NULL,
        day TEXT NOT NULL,
        difficulty TEXT NOT NULL DEFAULT '',
        language TEXT NOT NULL DEFAULT 'en',
        number INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        puzzle_text TEXT NOT NULL,
        solution_text TEXT NOT NULL,
        about TEXT NOT NULL,
        fewest INTEGER,
        image BLOB NOT NULL,
        solution_image BLOB,
        created_at TEXT NOT NULL,
        PRIMARY KEY (kind, day, difficulty, language)
    );
    INSERT INTO daily_puzzles_by_language (kind, day, difficulty, language, number, seed,
        puzzle_text, solution_text, about, fewest, image, solution_image, created_at)
    SELECT kind, day, difficulty, 'en', number, seed, puzzle_text, solution_text, about, fewest,
        image, solution_image, created_at FROM daily_puzzles;
    DROP TABLE daily_puzzles;
    ALTER TABLE daily_puzzles_by_language RENAME TO daily_puzzles;
    ALTER TABLE daily_posts ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    """,
    # 15: races and co-op games in a language: a French server races on French Letter Boxed
    # and fills in French codewords. A race or game keeps the language of its puzzle's words
    # ('en' for every kind without words, and for every one started before), so a restarted
    # bot reads and checks it in that language.
    """
    ALTER TABLE races ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    ALTER TABLE coop_games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
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


async def _table_names(connection: Connection) -> list[str]:
    if connection.dialect == "sqlite":
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    else:
        sql = (
            "SELECT table_name AS name FROM information_schema.tables"
            " WHERE table_schema = current_schema() ORDER BY table_name"
        )
    return [row["name"] for row in await connection.fetch_all(sql)]


async def _refuse_foreign_tables(connection: Connection) -> None:
    """A database that never had a puzzlebot migration but holds tables is another
    application's: puzzlebot adds nothing to it."""
    tables = await _table_names(connection)
    if tables:
        raise StorageError(
            f"it is another application's database, not puzzlebot's (it holds "
            f"{_listing(tables)}); give a new file name, or the bot's own database"
        )


def _listing(tables: list[str]) -> str:
    shown = ", ".join(tables[:5])
    return f"the tables {shown}" + (f" and {len(tables) - 5} more" if len(tables) > 5 else "")


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
                f"cannot open the database {without_password(url)}: {error}"
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
        if version == 0:
            await _refuse_foreign_tables(self.connection)
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
    "coop_games",
    "coop_letters",
    "races",
    "race_entries",
    "race_ratings",
    "archive_plays",
    "server_settings",
)


async def copy_between(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every row of the puzzlebot database at `source_url` into a new, empty one at
    `target_url` (created or migrated to this version); the counts copied.

    The source is only read (a SQLite file is opened read-only, and never migrated), from one
    snapshot, so rows written meanwhile are left for a later run, not half copied. The target
    gets every row or none: on any failure it is left as it was (a file made for the copy is
    deleted). Every failure is a StorageError of one line.
    """
    _refuse_unfit_pair(source_url, target_url)
    new_file = _new_sqlite_file(target_url)
    try:
        source = await open_source(source_url)
        try:
            await _refuse_a_target_with_rows(target_url)  # before opening migrates it
            target = await Database.open(target_url)
            try:
                return await copy_database(source, target)
            finally:
                await target.close()
        finally:
            await source.close()
    except BaseException as error:
        if new_file is not None:
            _delete_sqlite_file(new_file)
        if isinstance(error, StorageError):
            raise
        if isinstance(error, (sqlite3.Error, OSError)) or _is_postgres_error(error):
            raise StorageError(_one_line(error)) from None
        raise


def _refuse_unfit_pair(source_url: str, target_url: str) -> None:
    if _same_database(source_url, target_url):
        raise StorageError("--from and --to name the same database")
    if not is_postgres_url(source_url):
        path = Path(sqlite_path(source_url))
        if in_memory(str(path)) or not path.is_file():
            raise StorageError(f"there is no database at {source_url} to copy from")
    if not is_postgres_url(target_url):
        path = sqlite_path(target_url)
        if in_memory(path):
            raise StorageError(
                f"{target_url} is a database in memory, gone when the copy ends; "
                "give a file, e.g. --to sqlite:///puzzlebot-copy.sqlite3"
            )
        if Path(path).exists() and not Path(path).is_file() and not Path(path).is_dir():
            raise StorageError(f"{path} is not a regular file; give a new file name")


def _same_database(first: str, second: str) -> bool:
    if is_postgres_url(first) or is_postgres_url(second):
        return first == second
    return Path(sqlite_path(first)).resolve() == Path(sqlite_path(second)).resolve()


def _new_sqlite_file(url: str) -> Path | None:
    """The target's file when the copy is to make it (to delete it if the copy fails)."""
    if is_postgres_url(url) or Path(sqlite_path(url)).exists():
        return None
    return Path(sqlite_path(url))


def _delete_sqlite_file(path: Path) -> None:
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        with contextlib.suppress(FileNotFoundError, NotADirectoryError):  # never made
            leftover.unlink()


def _is_postgres_error(error: BaseException) -> bool:
    module = type(error).__module__
    return module.startswith("asyncpg")


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return f"the copy failed, and the target is left as it was: {text}"


async def open_source(url: str) -> Database:
    """The puzzlebot database at `url`, to be read and never changed: a SQLite file opened
    read-only; either one refused, saying what it is, unless it is puzzlebot's, at this
    version."""
    if is_postgres_url(url):
        try:
            connection: Connection = await PostgresConnection.open(url, max_size=2)
        except Exception as error:
            raise StorageError(
                f"cannot open the database {without_password(url)}: {error}"
            ) from None
        shown = without_password(url)
    else:
        path = sqlite_path(url)
        _refuse_not_sqlite(Path(path))
        try:
            connection = SQLiteConnection(await SQLiteConnection.open(path, read_only=True))
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the database {path}: {error}") from None
        shown = path
    try:
        await _refuse_unless_current(connection)
    except BaseException as error:
        await connection.close()
        if isinstance(error, StorageError):
            raise StorageError(f"{shown}: {error}") from None
        if isinstance(error, sqlite3.DatabaseError):
            raise StorageError(_unusable(shown, error)) from None
        raise
    return Database(connection)


SQLITE_HEADER = b"SQLite format 3\x00"


def _refuse_not_sqlite(path: Path) -> None:
    with path.open("rb") as file:
        header = file.read(len(SQLITE_HEADER))
    if not header:
        raise StorageError(f"{path} is an empty file, not a puzzlebot database")
    if header != SQLITE_HEADER:
        raise StorageError(
            f"{path} is not a SQLite database (it starts with {header[:8]!r}), "
            "so not a puzzlebot database"
        )


async def _refuse_unless_current(connection: Connection) -> None:
    """A database to copy must be puzzlebot's, at this version: the copy reads it as it is."""
    if connection.dialect == "postgresql":
        exists = await connection.fetch_one("SELECT to_regclass('schema_version') AS t")
        version = await _schema_version(connection) if exists["t"] else 0
    else:
        version = await _schema_version(connection)
    _refuse_newer(version)
    if version == 0:
        await _refuse_foreign_tables(connection)
        raise StorageError("it is an empty database, not a puzzlebot database")
    if version < len(MIGRATIONS):
        raise StorageError(
            f"it was written by an older puzzlebot (schema version {version}; this one is at "
            f"{len(MIGRATIONS)}): start this puzzlebot on it once, which brings it up to "
            "date, then copy it"
        )
    missing = sorted(set(TABLES) - set(await _table_names(connection)))
    if missing:
        raise StorageError(f"it is not a puzzlebot database: it has no {missing[0]} table")


async def _refuse_a_target_with_rows(url: str) -> None:
    """A SQLite file that holds the bot's rows, read before anything is written to it (an
    older puzzlebot's would be migrated by opening it). PostgreSQL's are counted inside the
    copy's transaction, which undoes any migration with the rest."""
    path = sqlite_path(url)
    if is_postgres_url(url) or not Path(path).is_file() or not Path(path).stat().st_size:
        return
    connection = SQLiteConnection(await SQLiteConnection.open(path, read_only=True))
    try:
        tables = set(await _table_names(connection)) if await _schema_version(connection) else ()
        for table in TABLES:
            if table in tables and await _count(connection, table):
                raise _holds_rows(table)
    except sqlite3.DatabaseError:
        return  # not a database it can read: opening it says what it is
    finally:
        await connection.close()


def _holds_rows(table: str) -> StorageError:
    return StorageError(
        f"the target database already holds {table} rows; copy into a new, empty one"
    )


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of `source`, as one snapshot, into `target` (which must hold none) in
    one transaction, and check each table's count on both sides before it commits; the
    counts copied."""
    copied = {}
    async with source.connection.snapshot() as reading, target.connection.transaction() as inside:
        for table in TABLES:
            if await _count(inside, table):
                raise _holds_rows(table)
        for table in TABLES:
            copied[table] = await _copy_table(reading, inside, table)
        if inside.dialect == "postgresql":  # new rows continue after the copied ids
            for table in ("command_log", "races"):
                await inside.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT max(id) FROM {table}), 0) + 1, false)"
                )
        for table in TABLES:
            have, want = await _count(inside, table), await _count(reading, table)
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
