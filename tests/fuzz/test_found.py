"""What the long fuzz runs found, kept as plain tests so each stays fixed (see bench/fuzz.py)."""

from __future__ import annotations

import asyncio

import pytest

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
