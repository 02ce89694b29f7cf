"""The fuzz bench's slow-case profile (bench/fuzz.py) covers the inputs only a deadline bounds."""

from __future__ import annotations

from bench.fuzz import SLOW_CASES, SLOW_INPUTS
from puzzles import get_kind


def test_the_slow_inputs_cover_cryptograms_at_their_largest_for_every_command():
    rows = [row for row in SLOW_INPUTS if row[0] == "cryptogram"]
    assert {command for _, command, _, _ in rows} == {"solve", "hint", "check"}
    kind = get_kind("cryptogram")
    for _, _, text, _ in rows:
        assert len(text) == kind.max_input_chars
        assert len(set(kind.parse(text).letters)) == 26  # every letter: no two runs agree


def test_every_slow_case_parses():
    for kind_name, cases in SLOW_CASES.items():
        for text, _ in cases:
            assert get_kind(kind_name).parse(text)
