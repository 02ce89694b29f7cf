"""What the long fuzz runs found, kept as plain tests so each stays fixed (see bench/fuzz.py)."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.cli import main
from bot.config import ConfigError, load_config
from bot.jobs import JobResult
from puzzles import get_kind
from tests.fuzz.inprocess import in_process_service

# Every character str.splitlines() breaks a line at, besides the usual \n and \r\n.
LINE_BREAKS = ["\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("kind_name", ["spelling", "cryptogram"])
@pytest.mark.parametrize("line_break", LINE_BREAKS, ids=lambda ch: f"U+{ord(ch):04X}")
def test_a_generate_text_with_a_line_break_makes_a_puzzle_that_parses_back(kind_name, line_break):
    """Found by HYPOTHESIS_PROFILE=long: /generate spelling text:'0\\x1eA' made a puzzle whose
    phrase line split in two, so the posted puzzle (and its answer button) did not parse."""
    kind = get_kind(kind_name)
    service = in_process_service()
    result = asyncio.run(service.generate(kind, 1, None, {"text": f"Happy{line_break}Birthday"}))
    assert isinstance(result, JobResult)
    assert kind.parse(result.text) == result.value


def test_a_long_shard_count_is_quoted_short():
    """Found by tests/fuzz/test_config_files.py: a 5,000-digit PUZZLEBOT_SHARD_COUNT was
    quoted whole, a 5,070-character line."""
    with pytest.raises(ConfigError) as refused:
        load_config(None, {"PUZZLEBOT_SHARD_COUNT": "9" * 5000})
    assert len(str(refused.value)) < 200 and "PUZZLEBOT_SHARD_COUNT" in str(refused.value)


def test_a_copy_refused_before_it_made_a_target_under_a_file_is_one_line(tmp_path, capsys):
    """Found by tests/fuzz/test_migrate_db.py: a refused copy tried to delete the target it
    had not made, under a file (--to file/x.sqlite3), and printed "could not write ... Not a
    directory" instead of the refusal."""
    source = tmp_path / "notes.txt"
    source.write_text("hi\n")
    code = main(["migrate-db", "--from", str(source), "--to", f"{source}/x.sqlite3", "--json"])
    assert code == 2
    assert "is not a SQLite database" in json.loads(capsys.readouterr().out)["error"]
    assert source.read_text() == "hi\n"
