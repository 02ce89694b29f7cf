"""`puzzlebot run` with a database it cannot use: one clear line and exit 2, never a
traceback or a hang. Run through the installed entry point, in a subprocess with a
timeout, so a process left hanging fails the test. The database is checked before
Discord is contacted, so no network is needed."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import EXIT_BAD_INPUT
from bot.database import MIGRATIONS


def run_bot_with_database(tmp_path: Path, database: Path) -> subprocess.CompletedProcess:
    config = tmp_path / "config.toml"
    config.write_text(f"[storage]\ndatabase = {str(database)!r}\n")
    script = Path(sys.executable).with_name("puzzlebot")
    environment = {**os.environ, "DISCORD_TOKEN": "not-a-real-token"}
    return subprocess.run(
        [str(script), "run", "--config", str(config)],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        cwd=tmp_path,
    )


def a_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def a_text_file(tmp_path: Path) -> Path:
    path = tmp_path / "notes.sqlite3"
    path.write_text("these are my notes, not a database\n" * 200)
    return path


def under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "plain-file").write_text("x")
    return tmp_path / "plain-file" / "data" / "puzzlebot.sqlite3"


def from_a_newer_version(tmp_path: Path) -> Path:
    path = tmp_path / "future.sqlite3"
    with sqlite3.connect(path) as plain:
        plain.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    return path


@pytest.mark.parametrize(
    ("make_database", "message"),
    [
        (a_folder, "is a folder; give a file in it"),
        (a_text_file, "is not a SQLite database"),
        (under_a_file, "cannot create the folder"),
        (from_a_newer_version, "written by a newer puzzlebot"),
    ],
)
def test_a_database_that_cannot_be_used_is_one_line_and_exit_2(tmp_path, make_database, message):
    database = make_database(tmp_path)
    before = database.read_bytes() if database.is_file() else None
    result = run_bot_with_database(tmp_path, database)
    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0] and str(database) in lines[0]
    assert "could not reach Discord" not in lines[0]
    if before is not None:
        assert database.read_bytes() == before  # the file is left as it was
