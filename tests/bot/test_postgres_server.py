"""The throwaway PostgreSQL the storage tests run on (tests/postgres.py) really serves."""

from __future__ import annotations

import asyncpg


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
