"""`puzzlebot migrate-db`, fuzzed: any source and target an operator could name.

Sources: the bot's own database, and that database damaged (truncated, a byte changed, a
schema version it never had), another application's, an empty or arbitrary file, a folder,
nothing. Targets: a new file, the source again (spelt another way too), memory, a database
holding rows or another application's tables, arbitrary bytes, a folder, a path through a
file. The properties, whatever the pair:

- the command ends with status 0 or 2 and one JSON document; a refusal is one line;
- the source is never changed;
- a copy that succeeds holds every row of the source; one that fails leaves the target as
  it was (a file it made is gone).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from bot.cli import main
from tests.bot.test_migrate_db import everything, fill
from tests.fuzz.strategies import TRIED

pytestmark = pytest.mark.fuzz

LONGEST_MESSAGE = 700


def _template() -> bytes:
    """A filled puzzlebot database as one file's bytes (journal mode DELETE: nothing beside)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bot.sqlite3"
        asyncio.run(fill(f"sqlite:///{path}"))
        with contextlib.closing(sqlite3.connect(path)) as raw:
            raw.execute("PRAGMA journal_mode = DELETE")
        return path.read_bytes()


PUZZLEBOT = _template()


def _other_application() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "other.db"
        with contextlib.closing(sqlite3.connect(path)) as raw, raw:
            raw.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
            raw.execute("INSERT INTO invoices VALUES (1, 9.5)")
        return path.read_bytes()


OTHER = _other_application()


def with_version(data: bytes, version: int) -> bytes:
    """SQLite keeps user_version at offset 60 of the header, big-endian."""
    return data[:60] + version.to_bytes(4, "big", signed=True) + data[64:]


# What stands at a path, named so that a failing example reads as what it is: the bot's
# database (as it is, at another schema version, cut short, or with one byte changed),
# another application's, arbitrary bytes, a folder, or nothing.
PLACES = st.one_of(
    st.just(("puzzlebot", 0)),
    st.tuples(st.just("puzzlebot at version"), st.integers(-3, 12)),
    st.tuples(st.just("puzzlebot cut to"), st.integers(0, len(PUZZLEBOT))),
    st.tuples(st.just("puzzlebot with a byte changed at"), st.integers(0, len(PUZZLEBOT) - 1)),
    st.tuples(st.just("bytes"), st.binary(max_size=200)),
    st.sampled_from([("another application's", 0), ("empty", 0), ("folder", 0), ("nothing", 0)]),
)


def make(path: Path, place: tuple[str, object]) -> None:
    what, detail = place
    if what == "folder":
        path.mkdir()
        return
    content = {
        "puzzlebot": lambda: PUZZLEBOT,
        "puzzlebot at version": lambda: with_version(PUZZLEBOT, detail),
        "puzzlebot cut to": lambda: PUZZLEBOT[:detail],
        "puzzlebot with a byte changed at": lambda: (
            PUZZLEBOT[:detail] + bytes([PUZZLEBOT[detail] ^ 0x5A]) + PUZZLEBOT[detail + 1 :]
        ),
        "bytes": lambda: detail,
        "another application's": lambda: OTHER,
        "empty": lambda: b"",
    }.get(what)
    if content is not None:
        path.write_bytes(content())


def state(path: Path) -> object:
    """All a copy could change at a path: its bytes (or that it is a folder, or absent), and
    any file SQLite keeps beside it."""
    beside = [Path(f"{path}{end}").exists() for end in ("-wal", "-shm", "-journal")]
    if path.is_dir():
        return "folder", sorted(p.name for p in path.iterdir()), beside
    return (path.read_bytes() if path.exists() else None), beside


def target_url(folder: Path, source: Path, choice: str) -> str:
    return {
        "new": f"sqlite:///{folder / 'target.sqlite3'}",
        "source": f"sqlite:///{source}",
        "source spelt another way": str(folder / "." / source.name),
        "memory": "sqlite:///:memory:",
        "through a file": f"sqlite:///{source / 'x.sqlite3'}",
    }[choice]


def migrated(source: str, target: str) -> tuple[int, dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["migrate-db", "--from", source, "--to", target, "--json"])
    return code, json.loads(out.getvalue())


@settings(max_examples=max(10, settings().max_examples))
@given(
    source_is=st.one_of(st.just(("puzzlebot", 0)), PLACES),  # the usual case, often
    target_is=st.one_of(st.just(("nothing", 0)), PLACES),
    target_choice=st.sampled_from(
        [*["new"] * 4, "source", "source spelt another way", "memory", "through a file"]
    ),
)
def test_any_pair_is_copied_whole_or_refused_leaving_both_as_they_were(
    source_is, target_is, target_choice
):
    TRIED["migrate-db"] += 1
    folder = Path(tempfile.mkdtemp(prefix="fuzz-migrate-"))
    try:
        source = folder / "source.sqlite3"
        make(source, source_is)
        target = folder / "target.sqlite3"
        if target_choice == "new":
            make(target, target_is)
        source_before, target_before = state(source), state(target)

        code, report = migrated(f"sqlite:///{source}", target_url(folder, source, target_choice))
        event(f"status {code}: {report.get('error', 'copied').replace(str(folder), '')[:50]}")

        assert state(source) == source_before, "the source was changed"
        assert code in (0, 2), report
        if code == 2:
            message = report["error"]
            assert "\n" not in message and len(message) <= LONGEST_MESSAGE, message
            assert "traceback" not in report
            assert state(target) == target_before, "a failed copy changed the target"
            return
        assert target_choice == "new", f"copied into {target_choice}"
        copied = asyncio.run(everything(f"sqlite:///{target}"))
        assert copied == asyncio.run(everything(f"sqlite:///{source}"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
