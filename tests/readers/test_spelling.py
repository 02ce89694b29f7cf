"""Sudoku Spelling pictures read back: our own pictures (the phrase and letters above the
grid, the phrase's cells shaded), as a phone shares them, every letter exactly."""

from __future__ import annotations

import random
import string

import pytest

from puzzles.spelling import generate, parse
from puzzles.spelling.puzzle import SpellingPuzzle
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.puzzle import BOX_SHAPES
from puzzles.sudoku.solver import random_filled_grid
from readers import spelling
from readers.picture import PictureError
from renderers.spelling import draw
from tests.readers.pictures import as_jpeg, lined_grid


def letters_of(puzzle: SpellingPuzzle) -> str:
    """The grid as the member sees it: its letters and blanks, row by row."""
    return "".join(puzzle.grid.symbol(v) for v in puzzle.grid.cells)


def assert_read_exactly(data: bytes, puzzle: SpellingPuzzle) -> None:
    reading = spelling.read(data)
    read = parse(reading.text)  # what the member is shown parses as a spelling puzzle
    assert letters_of(read) == letters_of(puzzle)
    assert sorted(read.grid.symbols) == sorted(puzzle.grid.symbols)
    assert reading.unsure == ()
    assert reading.size == puzzle.grid.size and reading.kind == "spelling"


# The generator makes 9x9 grids (up to 9 letters) and 16x16 ones (10 to 16).
PHRASES = ("Dear", "Happy Birthday", "Bon Voyage Marty", "Quiz Jewel Box", "Vex Fog Pink")


@pytest.mark.parametrize("phrase", PHRASES)
@pytest.mark.parametrize(("width", "quality"), [(720, 70), (1080, 85)])
def test_our_picture_as_a_phone_jpeg_reads_back_exactly(phrase, width, quality):
    puzzle = generate(random.Random(width + len(phrase)), text=phrase)
    assert_read_exactly(as_jpeg(draw(puzzle), width, quality), puzzle)


@pytest.mark.parametrize("size", [4, 6, 12])
def test_a_letter_sudoku_of_another_size_reads_back_exactly(size):
    """A member's own letter sudoku, typed in and drawn, with no phrase."""
    rng = random.Random(size)
    filled = random_filled_grid(rng, *BOX_SHAPES[size])
    letters = "".join(rng.sample(string.ascii_uppercase, size))
    cells = tuple(v if rng.random() < 0.45 else EMPTY for v in filled.cells)
    puzzle = SpellingPuzzle(Grid(filled.box_rows, filled.box_cols, cells, letters))
    assert_read_exactly(as_jpeg(draw(puzzle), 720, 75), puzzle)


def test_our_picture_reads_back_exactly():
    puzzle = generate(random.Random(3), text="Happy Birthday")
    assert_read_exactly(draw(puzzle), puzzle)


def test_a_picture_with_no_grid_says_so():
    with pytest.raises(PictureError, match="could not find a puzzle grid"):
        spelling.read(as_jpeg(lined_grid(1)))
