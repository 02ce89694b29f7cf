"""The picture readers fed random and corrupted files: each gives a reading or the reader's own
refusal (a PictureError a member can act on), never another exception, and quickly."""

from __future__ import annotations

import random
import time
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzles.sudoku.grid import EMPTY
from puzzles.sudoku.solver import random_filled_grid
from readers import spelling, sudoku
from readers.picture import PictureError
from readers.reading import Reading
from renderers.sudoku import draw
from tests.fuzz.strategies import TRIED
from tests.readers.pictures import as_jpeg

pytestmark = pytest.mark.fuzz

LONGEST_MESSAGE = 700
SLOWEST_READ = 5.0  # seconds: far above a read's ~0.1 s, far below the bot's job deadline


@cache
def screenshots() -> tuple[bytes, bytes]:
    """A 9x9 puzzle as our renderer draws it (PNG) and as a phone shares it (JPEG)."""
    rng = random.Random(3)
    filled = random_filled_grid(rng, 3, 3)
    puzzle = filled.with_cells(tuple(v if rng.random() < 0.4 else EMPTY for v in filled.cells))
    png = draw(puzzle)
    return png, as_jpeg(png, width=540, quality=70)


def read_or_refuse(data: bytes) -> None:
    """Read as a sudoku and as a Sudoku Spelling (the letters classifier and the letter set
    chosen from what was read)."""
    for reader in (sudoku, spelling):
        TRIED["picture"] += 1
        started = time.perf_counter()
        try:
            reading = reader.read(data)
        except PictureError as refusal:
            assert 0 < len(refusal.message) <= LONGEST_MESSAGE
        else:
            assert isinstance(reading, Reading)
            assert reading.grid.size == reading.size
            assert len(reading.grid.text().splitlines()) == reading.size
        assert time.perf_counter() - started < SLOWEST_READ


@given(st.binary(max_size=2048))
def test_random_bytes_are_read_or_refused(data):
    read_or_refuse(data)


@given(
    st.sampled_from([0, 1]),
    st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), max_size=8),
    st.floats(0.05, 1.0),
)
def test_a_corrupted_screenshot_is_read_or_refused(which, changes, kept):
    """Bytes overwritten anywhere (the header, the palette, the compressed data), then the
    file cut short: a damaged download."""
    data = bytearray(screenshots()[which])
    for where, value in changes:
        data[int(where * len(data))] = value
    read_or_refuse(bytes(data[: max(1, int(len(data) * kept))]))
