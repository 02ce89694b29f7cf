"""One way to talk to the database, SQLite (aiosqlite, the embedded default) or PostgreSQL
(asyncpg, for several bot processes on one database), chosen by a URL.

The bot's SQL is written once, with `?` placeholders, in the part of SQL both speak
(ON CONFLICT ... DO UPDATE, RETURNING, COALESCE); PostgreSQL gets the placeholders
numbered ($1, $2, ...). Rows come back as mappings (row["column"]) from either.

A write outside `transaction()` is committed at once. Inside it, every statement commits
together or not at all; with SQLite's one shared connection a lock keeps other tasks'
statements out of a transaction that is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import aiosqlite

Row = Mapping[str, Any]

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


class Connection(Protocol):
    dialect: str  # "sqlite" or "postgresql"

    async def fetch_one(self, sql: str, *params: Any) -> Row | None: ...

    async def fetch_all(self, sql: str, *params: Any) -> list[Row]: ...

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; how many rows it changed."""
        ...

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Connection]: ...

    def snapshot(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        """Reads that all see the database as it was at the first of them, whatever other
        processes write meanwhile (a read transaction)."""
        ...

    async def close(self) -> None: ...


def is_postgres_url(url: str) -> bool:
    return url.startswith(POSTGRES_PREFIXES)


def sqlite_path(url: str) -> str:
    """The file of `sqlite:///path` (a bare path is a file too, as in older configs)."""
    return url[len(SQLITE_PREFIX) :] if url.startswith(SQLITE_PREFIX) else url


def in_memory(path: str) -> bool:
    """Whether a SQLite path names a database that lives only as long as its connection."""
    return path in ("", ":memory:")


def with_database(url: str, name: str) -> str:
    """The PostgreSQL URL of database `name` on the same server, as the same user, with the
    same options (a query string such as ?host=/run/postgresql&port=5433 is kept)."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def without_password(url: str) -> str:
    """A database URL fit for a message or a log: the password masked whole, wherever it is.

    The user information ends at the last @ before the host (postgresql://user:p@ss@host is
    the password p@ss to asyncpg, which parses URLs as libpq's documentation describes), and
    a password may also come as ?password=...
    """
    parts = urlsplit(url)
    credentials, _, host = parts.netloc.rpartition("@")
    user, colon, _password = credentials.partition(":")
    netloc = f"{user}:***@{host}" if colon else parts.netloc
    query = urlencode(
        [
            (key, "***" if key == "password" else value)
            for key, value in parse_qsl(parts.query, keep_blank_values=True)
        ],
        safe="*/",
    )
    return urlunsplit(parts._replace(netloc=netloc, query=query))


# --- SQLite ----------------------------------------------------------------------------------


class SQLiteConnection:
    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection):
        """`connection` opened by open(): in autocommit mode, rows by column name."""
        self.raw = connection
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task | None = None  # the task whose transaction is open

    @staticmethod
    async def open(path: str, *, read_only: bool = False) -> aiosqlite.Connection:
        """The raw connection to wrap. Autocommit: a statement outside a transaction commits
        by itself (one trip to the connection's thread, not two); transaction() says BEGIN
        and COMMIT itself. `read_only`: SQLite refuses every write, a migration's included.

        A file that cannot be opened raises sqlite3.Error after the connection's thread has
        ended: a thread still ending when the event loop closes would print a traceback."""
        if read_only:
            pending = aiosqlite.connect(
                f"{Path(path).absolute().as_uri()}?mode=ro", uri=True, isolation_level=None
            )
        else:
            pending = aiosqlite.connect(path, isolation_level=None)
        try:
            raw = await pending
        except BaseException:
            thread = getattr(pending, "_thread", None)  # aiosqlite keeps no public handle
            if thread is not None and thread.is_alive():
                await asyncio.to_thread(thread.join, 5)
            raise
        raw.row_factory = aiosqlite.Row
        return raw

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """Wait for an open transaction to end, unless it is this task's own."""
        if self._owner is not None and self._owner is asyncio.current_task():
            yield
            return
        async with self._lock:
            yield

    # Reads do not wait for an open transaction: on the one shared connection they may see
    # its writes before it commits, as they always have; only writes must stay out of it.
    async def fetch_one(self, sql: str, *params: Any) -> Row | None:
        async with self.raw.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetch_all(self, sql: str, *params: Any) -> list[Row]:
        async with self.raw.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def execute(self, sql: str, *params: Any) -> int:
        async with self._turn(), self.raw.execute(sql, params) as cursor:
            return cursor.rowcount

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[SQLiteConnection]:
        if self._owner is asyncio.current_task():  # already in one: statements join it
            yield self
            return
        async with self._lock:
            self._owner = asyncio.current_task()
            await self.raw.execute("BEGIN IMMEDIATE")  # the write lock now: no upgrade later
            try:
                yield self
                await self.raw.execute("COMMIT")
            except BaseException:
                await self._roll_back()
                raise
            finally:
                self._owner = None

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[SQLiteConnection]:
        async with self._lock:
            await self.raw.execute("BEGIN")  # deferred: a read lock, no write lock
            try:
                await self.fetch_one("SELECT count(*) FROM sqlite_master")  # the snapshot starts
                yield self
            finally:
                await self._roll_back()  # nothing was written

    async def _roll_back(self) -> None:
        """End an open transaction, if SQLite has not ended it already: after an error such as
        a full disk it has, and a ROLLBACK would hide that error behind its own."""
        if self.raw.in_transaction:
            await self.raw.execute("ROLLBACK")

    async def close(self) -> None:
        await self.raw.close()


# --- PostgreSQL --------------------------------------------------------------------------------

_PLACEHOLDER_OR_QUOTED = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?")


def numbered_placeholders(sql: str) -> str:
    """`?` placeholders as PostgreSQL's $1, $2, ...; a ? inside quotes is left alone."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _PLACEHOLDER_OR_QUOTED.sub(number, sql)


def _changed(status: str) -> int:
    """Rows changed, from asyncpg's command status ('UPDATE 3', 'INSERT 0 1')."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection:
    """A pool of connections; inside transaction(), one of them held for the whole of it."""

    dialect = "postgresql"

    def __init__(self, pool: Any, held: Any = None):
        self.pool = pool
        self._held = held  # the connection of an open transaction

    @classmethod
    async def open(cls, url: str, *, max_size: int = 10) -> PostgresConnection:
        import asyncpg  # only a PostgreSQL bot needs it loaded

        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size)
        return cls(pool)

    @property
    def _target(self) -> Any:
        return self._held if self._held is not None else self.pool

    async def fetch_one(self, sql: str, *params: Any) -> Row | None:
        return await self._target.fetchrow(numbered_placeholders(sql), *params)

    async def fetch_all(self, sql: str, *params: Any) -> list[Row]:
        return list(await self._target.fetch(numbered_placeholders(sql), *params))

    async def execute(self, sql: str, *params: Any) -> int:
        return _changed(await self._target.execute(numbered_placeholders(sql), *params))

    async def executescript(self, script: str) -> None:
        """Several statements at once (a migration), no parameters."""
        await self._target.execute(script)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresConnection]:
        if self._held is not None:  # already in one: statements join it
            yield self
            return
        async with self.pool.acquire() as held, held.transaction():
            yield PostgresConnection(self.pool, held)

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[PostgresConnection]:
        async with (
            self.pool.acquire() as held,
            held.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresConnection(self.pool, held)

    async def close(self) -> None:
        await self.pool.close()
