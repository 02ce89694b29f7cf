"""The throwaway PostgreSQL the storage tests run on (tests/postgres.py) really serves."""

from __future__ import annotations

import asyncpg

from tests.postgres import fresh_database


async def test_each_test_gets_its_own_empty_database(postgres_url, postgres_server):
    connection = await asyncpg.connect(postgres_url)
    try:
        await connection.execute("CREATE TABLE t (n integer PRIMARY KEY)")
        await connection.executemany("INSERT INTO t VALUES ($1)", [(1,), (2,)])
        assert await connection.fetchval("SELECT sum(n) FROM t") == 3
        name = await connection.fetchval("SELECT current_database()")
    finally:
        await connection.close()
    assert postgres_url.endswith(f"/{name}") and not postgres_server.endswith(f"/{name}")


async def test_a_server_named_by_its_unix_socket_serves_fresh_databases(postgres_server):
    """libpq's form for a server on a Unix socket keeps its query string in each test's URL."""
    admin = await asyncpg.connect(postgres_server)
    try:
        folder = (await admin.fetchval("SHOW unix_socket_directories")).split(",")[0].strip()
        port = await admin.fetchval("SHOW port")
        user = await admin.fetchval("SELECT current_user")
    finally:
        await admin.close()
    over_socket = f"postgresql://{user}@/postgres?host={folder}&port={port}"
    async with fresh_database(over_socket) as url:
        assert url.endswith(f"?host={folder}&port={port}")
        connection = await asyncpg.connect(url)
        try:
            assert (await connection.fetchval("SELECT current_database()")) in url
        finally:
            await connection.close()
