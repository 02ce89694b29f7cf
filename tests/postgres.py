"""A throwaway PostgreSQL for the tests, started from the server binaries on this machine.

initdb and pg_ctl run on a temporary directory and a free port on 127.0.0.1 (as the
postgres user when the tests run as root, since PostgreSQL refuses to run as root), once
per test session; each test that asks for `postgres_url` gets a fresh database in it.
PUZZLEBOT_TEST_DATABASE_URL, when set, names a server to use instead (its user must be
allowed to create databases). Without either, the PostgreSQL tests skip with one reason.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.connections import with_database

ENVIRONMENT_URL = "PUZZLEBOT_TEST_DATABASE_URL"
SUPERUSER = "puzzlebot"


def server_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ThrowawayServer:
    """One PostgreSQL cluster in a temporary directory; stopped and deleted by stop()."""

    def __init__(self, binaries: Path):
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="puzzlebot-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.as_user = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.binaries / program), *args]
        if self.as_user:
            command = ["runuser", "-u", self.as_user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}):\n{done.stderr[-2000:]}")

    def start(self) -> None:
        if self.as_user:
            account = pwd.getpwnam(self.as_user)
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self._run(
            "initdb",
            *("-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8"),
            "--no-locale",
            "--no-sync",  # a throwaway cluster: nothing to keep safe across a crash
        )
        self._run(
            "pg_ctl",
            *("-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "start"),
            "-o",
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off",
        )

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> ThrowawayServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server whose user may create databases."""
    if os.environ.get(ENVIRONMENT_URL):
        yield os.environ[ENVIRONMENT_URL]
        return
    binaries = server_binaries()
    if binaries is None:
        pytest.skip(f"no PostgreSQL server binaries (initdb, pg_ctl) and {ENVIRONMENT_URL} unset")
    with ThrowawayServer(binaries) as server:
        yield server.url


@contextlib.asynccontextmanager
async def fresh_database(server_url: str) -> AsyncIterator[str]:
    """A new, empty database on the server at `server_url`, dropped afterwards."""
    import asyncpg

    name = f"test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield with_database(server_url, name)
        await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture
async def postgres_url(postgres_server: str) -> AsyncIterator[str]:
    """A fresh, empty database on the test server for one test."""
    async with fresh_database(postgres_server) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request) -> str | None:
    """Runs a test on each database: None for SQLite; for PostgreSQL, the server's URL."""
    return request.getfixturevalue("postgres_server") if request.param == "postgresql" else None


@pytest.fixture
async def database_where(backend, tmp_path) -> AsyncIterator[str]:
    """Where a fresh database lives, on each backend: a SQLite file, or a PostgreSQL URL."""
    if backend is None:
        yield str(tmp_path / "puzzlebot.sqlite3")
        return
    async with fresh_database(backend) as url:
        yield url
