"""Sudoku pictures read back: our own screenshots of every size exactly, also as a phone
shares them (scaled, JPEG), turned, and inside a larger screenshot; newspaper photos."""

from __future__ import annotations

import io
import random
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.puzzle import BOX_SHAPES, DIGITS, parse
from puzzles.sudoku.solver import random_filled_grid
from readers import sudoku
from readers.reading import Reading
from renderers.sudoku import draw
from tests.readers.pictures import as_jpeg, encoded

PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "sudoku_photos"


def puzzle_of(size: int, seed: int, share: float = 0.45) -> Grid:
    """A real sudoku layout of `size` with about `share` of its cells given."""
    rng = random.Random(seed)
    box_rows, box_cols = BOX_SHAPES[size]
    filled = random_filled_grid(rng, box_rows, box_cols)
    cells = tuple(v if rng.random() < share else EMPTY for v in filled.cells)
    return Grid(box_rows, box_cols, cells, DIGITS[size])


def assert_read_exactly(data: bytes, puzzle: Grid) -> Reading:
    reading = sudoku.read(data)
    assert reading.text == puzzle.text()
    assert reading.size == puzzle.size
    assert reading.unsure == ()
    assert parse(reading.text) == puzzle
    return reading


@pytest.mark.parametrize("size", sudoku.READABLE_SIZES)
@pytest.mark.parametrize("seed", [1, 2])
def test_our_screenshot_reads_back_exactly(size, seed):
    puzzle = puzzle_of(size, seed)
    assert_read_exactly(draw(puzzle), puzzle)


@pytest.mark.parametrize("size", sudoku.READABLE_SIZES)
@pytest.mark.parametrize(("width", "quality"), [(720, 60), (1080, 85), (1400, 75)])
def test_a_scaled_jpeg_of_our_screenshot_reads_back_exactly(size, width, quality):
    puzzle = puzzle_of(size, seed=width + size)
    assert_read_exactly(as_jpeg(draw(puzzle), width, quality), puzzle)


@pytest.mark.parametrize("size", sudoku.READABLE_SIZES)
def test_a_small_jpeg_is_read_exactly_or_its_doubts_marked(size):
    """540 pixels wide at JPEG quality 60: a 16x16's cells are 30 pixels, its letters 18
    high, and a 5 may read as a 4; then the cell is marked, never silently wrong."""
    puzzle = puzzle_of(size, seed=540 + size)
    reading = sudoku.read(as_jpeg(draw(puzzle), 540, 60))
    assert wrong_cells(reading, puzzle.text()) <= set(reading.unsure)
    if size <= 12:
        assert reading.text == puzzle.text()


@pytest.mark.parametrize("seed", [101, 103, 105, 107])
@pytest.mark.parametrize(("width", "quality"), [(540, 60), (720, 75)])
def test_a_16x16_as_a_phone_shares_it_reads_back_exactly(seed, width, quality):
    """A 16x16's cells are 20 to 40 pixels at a phone's width: the thick border or a box line
    reaches into a cell's cut for part of its width, and must not be taken for part of its
    mark (the cut was centred on it, and the mark cut in half)."""
    puzzle = puzzle_of(16, seed=seed)
    assert_read_exactly(as_jpeg(draw(puzzle), width, quality), puzzle)


def test_an_empty_grid_and_a_full_grid_read_back():
    for share in (0.0, 1.0):
        puzzle = puzzle_of(9, seed=5, share=share)
        assert_read_exactly(draw(puzzle), puzzle)


@pytest.mark.parametrize("size", [9, 16])
def test_a_sideways_screenshot_is_turned_upright(size):
    puzzle = puzzle_of(size, seed=11)
    turned = Image.open(io.BytesIO(draw(puzzle))).rotate(90, expand=True)
    assert_read_exactly(encoded(turned), puzzle)


def test_a_screenshot_with_the_app_around_it():
    """The grid is one part of a phone's screen: a bar above, buttons below, a dark edge."""
    puzzle = puzzle_of(9, seed=3)
    grid = Image.open(io.BytesIO(draw(puzzle))).convert("RGB")
    screen = Image.new("RGB", (grid.width + 120, grid.height + 700), (54, 57, 63))
    screen.paste(grid, (60, 300))
    assert_read_exactly(as_jpeg(encoded(screen), width=720), puzzle)


def test_a_grid_whose_corner_is_cut_off_is_read_from_its_sides():
    """A glare or a fold hides the border's corner: the corner is where the sides meet, not
    where the visible border ends (else every cell is cut askew)."""
    puzzle = puzzle_of(9, seed=8)
    image = Image.open(io.BytesIO(draw(puzzle))).convert("RGB")
    pad, side = 32, image.width - 64  # the renderer's margin round the grid, the grid's side
    leg = pad + 0.05 * side
    ImageDraw.Draw(image).polygon([(0, 0), (leg, pad - 3), (pad - 3, leg)], fill="white")
    assert_read_exactly(as_jpeg(encoded(image), width=720), puzzle)


def test_a_misread_repeat_is_marked_unsure():
    grid = puzzle_of(9, seed=4, share=0.0)
    cells = list(grid.cells)
    cells[0] = cells[8] = 5  # the same digit twice in row 1: one of them must be misread
    reading = sudoku.read(draw(grid.with_cells(tuple(cells))))
    assert {0, 8} <= set(reading.unsure)
    assert not reading.sure


def photo(name: str) -> bytes:
    path = PHOTOS / f"{name}.jpg"
    if not path.exists():
        pytest.skip("../shared/corpora/sudoku_photos is not here")
    return path.read_bytes()


def truth(name: str) -> str:
    from bench.readers import photo_truth, truth_text

    return truth_text(photo_truth(PHOTOS / f"{name}.dat"))


def wrong_cells(reading: Reading, expected: str) -> set[int]:
    got = reading.text.replace("\n", "")
    return {i for i, ch in enumerate(expected.replace("\n", "")) if got[i] != ch}


# Training photos only (bench/readers.py's split keeps every fifth photo out of the tests too):
# a level shot, one saved sideways, one at a slant with text around it. A photo may be read
# with a cell wrong, but never that cell unmarked: a member can trust what is not marked.
@pytest.mark.parametrize(
    ("name", "most_wrong"), [("image1", 0), ("image1031", 1), ("image1049", 1)]
)
def test_a_newspaper_photo_is_read_and_its_doubts_marked(name, most_wrong):
    from bench.readers import photo_split

    assert name in photo_split(PHOTOS)[0]
    reading = sudoku.read(photo(name))
    wrong = wrong_cells(reading, truth(name))
    assert len(wrong) <= most_wrong
    assert wrong <= set(reading.unsure)


# --- a printed sudoku has one solution: doubted cells read as the likeliest values that make one


def chances_reading(puzzle: Grid, misread: dict[int, dict[int, float]]) -> np.ndarray:
    """The classifier's chances (empty, 1-9, turned) for a picture of `puzzle`: every cell
    surely what it holds, but for the cells of `misread`, each given its own chances."""
    chances = np.full((81, 11), 1e-4)
    for cell, value in enumerate(puzzle.cells):
        chances[cell, value] = 1.0
    for cell, shares in misread.items():
        chances[cell] = 1e-4
        for value, share in shares.items():
            chances[cell, value] = share
    return chances / chances.sum(axis=1, keepdims=True)


def unique_puzzle(seed: int) -> Grid:
    from puzzles.sudoku.generate import generate

    return generate(random.Random(seed), "easy")


def a_given(puzzle: Grid, nth: int = 0) -> int:
    return [cell for cell, value in enumerate(puzzle.cells) if value != EMPTY][nth]


def test_a_doubted_given_is_read_as_the_value_that_leaves_one_solution():
    puzzle = unique_puzzle(3)
    cell = a_given(puzzle)
    right = puzzle.cells[cell]
    wrong = right % 9 + 1  # the classifier likes another digit better, but not surely
    grid, unsure = sudoku.grid_of(
        chances_reading(puzzle, {cell: {wrong: 0.6, right: 0.3}}), 9, "123456789"
    )
    assert grid == puzzle
    assert cell in unsure  # still shown to the member to check


def test_two_doubted_cells_are_read_together():
    """A given read as empty and an empty cell read as a digit: the likeliest pair that
    makes a puzzle of one solution."""
    puzzle = unique_puzzle(5)
    given = a_given(puzzle, 3)
    empty = puzzle.cells.index(EMPTY)
    misread = {given: {EMPTY: 0.55, puzzle.cells[given]: 0.4}, empty: {EMPTY: 0.3, 4: 0.65}}
    grid, unsure = sudoku.grid_of(chances_reading(puzzle, misread), 9, "123456789")
    assert grid == puzzle
    assert {given, empty} <= set(unsure)


def test_a_sure_cell_is_never_changed_to_make_a_puzzle():
    """A sure misread cannot be mended from the doubted cells: the classifier's likeliest
    reading stays, and the member is asked to check the doubted cell."""
    puzzle = unique_puzzle(3)
    sure, doubted = a_given(puzzle, 0), a_given(puzzle, 5)
    misread = {
        sure: {puzzle.cells[sure] % 9 + 1: 1.0},
        doubted: {EMPTY: 0.6, puzzle.cells[doubted]: 0.4},
    }
    grid, unsure = sudoku.grid_of(chances_reading(puzzle, misread), 9, "123456789")
    assert grid.cells[sure] == puzzle.cells[sure] % 9 + 1
    assert grid.cells[doubted] == EMPTY
    assert doubted in unsure


def test_the_likeliest_ways_of_reading_come_first():
    ways = list(sudoku.likeliest_choices([np.array([0.6, 0.4]), np.array([0.9, 0.1])]))
    assert ways == [(0, 0), (1, 0), (0, 1), (1, 1)]
