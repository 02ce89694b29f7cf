"""`puzzlebot migrate-db` copies a bot's whole database between SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.connections import without_password
from bot.daily.store import DailyPuzzle, DailyStore
from bot.database import TABLES, Database

DAY = dt.date(2026, 11, 23)
START = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)


async def fill(url: str) -> None:
    """A server's month in small: settings, a puzzle with its pictures, a post, plays, the log."""
    database = await Database.open(url)
    store = DailyStore(database.connection)
    await store.save_settings(1, 10, "09:00", "Europe/London", ["letterboxed", "sudoku"])
    await store.set_paused(1, True)
    await store.save_puzzle(
        DailyPuzzle("letterboxed", DAY, "easy", 7, "ABC DEF GHI JKL", "x", "par 2", 2, b"\x89PNG"),
        seed=99,
    )
    await store.reserve_post(1, "letterboxed", DAY, "easy", 10, START + dt.timedelta(days=1))
    await store.mark_posted(1, "letterboxed", DAY, 10, 555, START)
    for user, name in ((2, "Ana"), (3, "李小龍")):
        await store.remember_member(1, user, name)
        play = await store.start_play(1, user, "letterboxed", DAY, START)
        await store.record_solve(
            play, START + dt.timedelta(minutes=user), True, 90 + user, "A B", 2
        )
    await database.set_state("synced_commands:1:global", "abc")
    for n in range(3):
        await database.log_command(
            guild_id=1, user_id=2, command="solve", kind="sudoku", outcome="ok", elapsed_ms=n
        )
    await database.close()


async def everything(url: str) -> dict[str, list[tuple]]:
    database = await Database.open(url)
    try:
        tables = {}
        for table in TABLES:
            rows = await database.connection.fetch_all(f"SELECT * FROM {table}")
            tables[table] = sorted(tuple(row[key] for key in sorted(row.keys())) for row in rows)
        return tables
    finally:
        await database.close()


async def migrate(source: str, target: str, capsys) -> tuple[int, dict]:
    """The command as typed (in a thread: it runs its own event loop)."""
    code = await asyncio.to_thread(main, ["migrate-db", "--from", source, "--to", target, "--json"])
    return code, json.loads(capsys.readouterr().out)


async def test_a_sqlite_bot_moves_to_postgresql_and_back_with_every_row(
    tmp_path, postgres_url, capsys
):
    sqlite_url = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    await fill(sqlite_url)
    code, report = await migrate(sqlite_url, postgres_url, capsys)
    assert code == 0, report
    assert report["copied"]["daily_plays"] == 2 and report["copied"]["command_log"] == 3
    assert report["copied"]["daily_totals"] == 4  # per kind and '*', for two members
    original = await everything(sqlite_url)
    assert await everything(postgres_url) == original

    # The copy works as a database: boards read the same, and the log carries on.
    database = await Database.open(postgres_url)
    board = await DailyStore(database.connection).leaderboard(1, None, None, DAY)
    await database.log_command(
        guild_id=1, user_id=2, command="hint", kind="sudoku", outcome="ok", elapsed_ms=1
    )
    await database.close()
    assert [(row.name, row.points) for row in board] == [("李小龍", 93), ("Ana", 92)]

    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    code, report = await migrate(postgres_url, back, capsys)
    assert code == 0 and report["copied"]["command_log"] == 4
    copied_back = await everything(back)
    assert {table: rows for table, rows in copied_back.items() if table != "command_log"} == {
        table: rows for table, rows in original.items() if table != "command_log"
    }


@pytest.mark.parametrize(
    ("source", "target", "message"),
    [
        ("sqlite:///{tmp}/missing.sqlite3", "sqlite:///{tmp}/new.sqlite3", "no database at"),
        ("sqlite:///{tmp}/full.sqlite3", "sqlite:///{tmp}/full.sqlite3", "the same database"),
        ("sqlite:///{tmp}/full.sqlite3", "sqlite:///{tmp}/other.sqlite3", "already holds"),
    ],
)
async def test_a_copy_that_cannot_be_made_is_one_line_and_changes_nothing(
    tmp_path, capsys, source, target, message
):
    await fill(f"sqlite:///{tmp_path / 'full.sqlite3'}")
    await fill(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    before = await everything(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    code, report = await migrate(source.format(tmp=tmp_path), target.format(tmp=tmp_path), capsys)
    assert code != 0 and message in report["error"], report
    assert await everything(f"sqlite:///{tmp_path / 'other.sqlite3'}") == before


# --- the source is only read, the target gets all or nothing (issue 30) -----------------------


def file_state(path: Path) -> tuple[bytes, bool, bool]:
    """Everything a copy could change about a SQLite file: its bytes, and whether a
    write-ahead log or shared-memory file appeared beside it."""
    return path.read_bytes(), Path(f"{path}-wal").exists(), Path(f"{path}-shm").exists()


def another_application(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as other:
        other.executescript(
            "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL);"
            "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);"
            "INSERT INTO invoices VALUES (1, 9.5);"
        )


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (another_application, "another application's database"),
        (lambda path: path.write_bytes(b""), "an empty file"),
        (lambda path: path.write_bytes(b"PK\x03\x04" + bytes(60)), "not a SQLite database"),
        (lambda path: sqlite3.connect(path).close(), "an empty file"),
    ],
    ids=["other-app", "zero-bytes", "zip", "no-tables"],
)
async def test_a_source_that_is_not_puzzlebots_is_refused_by_what_it_is_and_left_alone(
    tmp_path, capsys, make, named
):
    source = tmp_path / "other_app.db"
    make(source)
    before = file_state(source)
    code, report = await migrate(f"sqlite:///{source}", f"sqlite:///{tmp_path / 'new.db'}", capsys)
    assert code == 2 and named in report["error"], report
    assert file_state(source) == before
    assert not (tmp_path / "new.db").exists()


async def test_a_source_from_an_older_puzzlebot_is_refused_and_not_migrated(tmp_path, capsys):
    source = tmp_path / "old.sqlite3"
    await fill(f"sqlite:///{source}")
    with contextlib.closing(sqlite3.connect(source)) as raw:
        raw.execute("PRAGMA journal_mode = DELETE")  # one file, so its bytes are all of it
        raw.execute("PRAGMA user_version = 5")
    before = file_state(source)
    code, report = await migrate(f"sqlite:///{source}", f"sqlite:///{tmp_path / 'n.db'}", capsys)
    assert code == 2 and "older puzzlebot (schema version 5" in report["error"], report
    assert "start this puzzlebot on it once" in report["error"]
    assert file_state(source) == before


async def test_a_target_of_another_application_is_refused_and_left_alone(tmp_path, capsys):
    await fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    target = tmp_path / "other_app.db"
    another_application(target)
    before = file_state(target)
    code, report = await migrate(f"sqlite:///{tmp_path / 'bot.sqlite3'}", str(target), capsys)
    assert code == 2 and "another application's database" in report["error"], report
    assert "invoices" in report["error"]
    assert file_state(target) == before


@pytest.mark.parametrize("target", ["sqlite:///:memory:", ":memory:", "sqlite:///"])
async def test_a_target_that_does_not_persist_is_refused(tmp_path, capsys, target):
    await fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    code, report = await migrate(f"sqlite:///{tmp_path / 'bot.sqlite3'}", target, capsys)
    assert code == 2 and "in memory" in report["error"], report


async def test_the_same_file_spelt_two_ways_is_the_same_database(tmp_path, capsys, monkeypatch):
    await fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    monkeypatch.chdir(tmp_path)
    code, report = await migrate(f"sqlite:///{tmp_path / 'bot.sqlite3'}", "./bot.sqlite3", capsys)
    assert code == 2 and "the same database" in report["error"], report


ROWS_BEFORE = 30_000


async def test_a_copy_while_the_bot_writes_is_one_consistent_snapshot(tmp_path, capsys):
    """Another process keeps logging commands during the copy: the copy holds every row of
    one moment, and the source keeps every row written meanwhile."""
    source = tmp_path / "busy.sqlite3"
    await asyncio.to_thread(fill_with_log, source, ROWS_BEFORE)
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(source)])
    try:
        await rows_beyond(source, ROWS_BEFORE + 3)  # the writer is writing
        code, report = await migrate(
            f"sqlite:///{source}", f"sqlite:///{tmp_path / 'copy.sqlite3'}", capsys
        )
        assert code == 0, report
        copied = report["copied"]["command_log"]
        await rows_beyond(source, copied)  # and wrote after the copy's moment too
    finally:
        writer.terminate()
        writer.wait(10)
    in_copy = log_ids(tmp_path / "copy.sqlite3")
    assert len(in_copy) == copied > ROWS_BEFORE + 3
    assert in_copy == log_ids(source)[:copied]  # every row up to one moment, none after it


async def rows_beyond(path: Path, count: int) -> None:
    for _ in range(600):
        if len(log_ids(path)) > count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the writer wrote no more than {count} rows in 30 s")


def log_ids(path: Path) -> list[int]:
    with contextlib.closing(sqlite3.connect(path)) as raw:
        return [row[0] for row in raw.execute("SELECT id FROM command_log ORDER BY id")]


# A bot logging commands as fast as it can, one transaction each, until stopped.
WRITER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
n = 10**9
while True:
    n += 1
    connection.execute(
        "INSERT INTO command_log (at, guild_id, user_id, command, kind, outcome, elapsed_ms)"
        " VALUES (?, 1, 2, 'solve', 'sudoku', 'ok', 1)", (n,))
"""


async def test_a_locked_target_is_one_line_and_left_as_it_was(tmp_path, capsys):
    await fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    target = tmp_path / "target.sqlite3"
    empty = await Database.open(str(target))
    await empty.close()
    with contextlib.closing(sqlite3.connect(target, isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")  # another process in the middle of a write
        code, report = await migrate(f"sqlite:///{tmp_path / 'bot.sqlite3'}", str(target), capsys)
        holder.execute("ROLLBACK")
    assert code == 2 and "database is locked" in report["error"], report
    assert "\n" not in report["error"] and "traceback" not in report
    assert not any((await everything(str(target))).values())


async def test_a_copy_that_fails_half_way_leaves_the_target_empty(tmp_path, postgres_url, capsys):
    """SQLite keeps text in an INTEGER column; PostgreSQL refuses it in the middle of the copy."""
    source = tmp_path / "bot.sqlite3"
    await fill(f"sqlite:///{source}")
    with contextlib.closing(sqlite3.connect(source)) as raw, raw:
        raw.execute("UPDATE members SET user_id = 'not a number' WHERE user_id = 3")
    code, report = await migrate(f"sqlite:///{source}", postgres_url, capsys)
    assert code == 2 and "left as it was" in report["error"], report
    assert "traceback" not in report
    assert not any((await everything(postgres_url)).values())


def fill_with_log(path: Path, rows: int) -> None:
    """A puzzlebot database of `rows` logged commands (written directly, for speed)."""
    asyncio.run(fill(f"sqlite:///{path}"))
    with contextlib.closing(sqlite3.connect(path)) as raw, raw:
        raw.executemany(
            "INSERT INTO command_log (at, guild_id, user_id, command, kind, outcome, elapsed_ms)"
            " VALUES (?, 1, 2, 'solve', 'sudoku', 'ok', 1)",
            [(n,) for n in range(rows)],
        )


def with_files_of_at_most(size: int) -> None:
    """A process whose files cannot grow past `size` bytes: a disk that fills part way."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails instead of killing it


def test_a_copy_onto_a_full_disk_says_so_and_deletes_the_file_it_made(tmp_path):
    fill_with_log(tmp_path / "bot.sqlite3", ROWS_BEFORE)
    target = tmp_path / "new" / "copy.sqlite3"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "migrate-db",
            "--from",
            tmp_path / "bot.sqlite3",
            "--to",
            target,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: with_files_of_at_most(400_000),
    )
    assert done.returncode == 2, done.stderr
    # The file grew past the limit: SQLite reports a disk I/O error (on a full disk: "database
    # or disk is full"), not a failed ROLLBACK that would hide it.
    assert done.stderr.count("\n") == 1 and "disk I/O error" in done.stderr, done.stderr
    assert list(target.parent.iterdir()) == []


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        # asyncpg (as libpq) reads user "user", password "p", host "ss@127.0.0.1"; a reader
        # could take the password for "p@ss": everything before the last @ is masked.
        ("postgresql://user:p@ss@127.0.0.1:1/db", "postgresql://user:***@127.0.0.1:1/db"),
        ("postgres://u:a:b@c@127.0.0.1:1/db", "postgres://u:***@127.0.0.1:1/db"),
        ("postgresql://u:secret@127.0.0.1:1/db?ssl=disable", "u:***@127.0.0.1:1/db?ssl=disable"),
        ("postgresql://u@127.0.0.1:1/db?password=hunter2", "u@127.0.0.1:1/db?password=***"),
    ],
)
async def test_a_password_is_masked_whole(tmp_path, capsys, url, shown):
    await fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    code, report = await migrate(f"sqlite:///{tmp_path / 'bot.sqlite3'}", url, capsys)
    assert code == 2 and shown in report["error"], report
    assert without_password(url) in report["error"]


def test_a_full_standard_output_is_one_line(tmp_path):
    asyncio.run(fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}"))
    script = Path(sys.executable).with_name("puzzlebot")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [script, "migrate-db", "--from", tmp_path / "bot.sqlite3", "--to", tmp_path / "n.db"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr.strip() == "puzzlebot: could not write the output: No space left on device"
    assert (tmp_path / "n.db").exists()  # the copy itself was made


THREAD_FAILURES = """
import asyncio, sys, threading
from bot.database import Database, StorageError
failures = []
threading.excepthook = lambda args: failures.append(args.exc_value)
for _ in range(20):
    try:
        asyncio.run(Database.open(sys.argv[1]))
    except StorageError:
        pass
for thread in threading.enumerate():
    if thread is not threading.main_thread():
        thread.join(5)
print(len(failures), [str(failure) for failure in failures[:1]])
"""


@pytest.mark.parametrize("where", ["sqlite:////proc/x.sqlite3", "sqlite:////proc/1/x.sqlite3"])
def test_a_database_that_cannot_be_opened_leaves_no_thread_behind_its_event_loop(where):
    done = subprocess.run(
        [sys.executable, "-c", THREAD_FAILURES, where], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip() == "0 []", done.stdout + done.stderr


async def test_a_target_of_an_older_puzzlebot_holding_rows_is_refused_unmigrated(tmp_path, capsys):
    await fill(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    target = tmp_path / "old.sqlite3"
    await fill(f"sqlite:///{target}")
    with contextlib.closing(sqlite3.connect(target)) as raw:
        raw.execute("PRAGMA journal_mode = DELETE")
        raw.executescript("DROP INDEX daily_posts_day; PRAGMA user_version = 6;")
    before = file_state(target)
    code, report = await migrate(f"sqlite:///{tmp_path / 'bot.sqlite3'}", str(target), capsys)
    assert code == 2 and "already holds" in report["error"], report
    assert file_state(target) == before  # not brought to version 7 on the way


async def test_a_postgresql_source_that_is_not_puzzlebots_is_refused_and_left_alone(
    tmp_path, postgres_url, capsys
):
    import asyncpg

    code, report = await migrate(postgres_url, f"sqlite:///{tmp_path / 'n.db'}", capsys)
    assert code == 2 and "an empty database" in report["error"], report
    other = await asyncpg.connect(postgres_url)
    try:
        await other.execute("CREATE TABLE invoices (id bigint)")
        code, report = await migrate(postgres_url, f"sqlite:///{tmp_path / 'n.db'}", capsys)
        assert code == 2 and "another application's" in report["error"], report
        tables = await other.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
    finally:
        await other.close()
    assert [row["table_name"] for row in tables] == ["invoices"]  # no schema_version made
    assert not (tmp_path / "n.db").exists()


async def test_migrate_db_copies_every_table_the_migrations_make(tmp_path):
    # A feature's new table left out of TABLES would be silently dropped by a move.
    database = await Database.open(f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    try:
        rows = await database.connection.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    finally:
        await database.close()
    assert sorted(row[0] for row in rows) == sorted(TABLES)
