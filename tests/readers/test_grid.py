"""Telling a sudoku's size from the lines counted."""

from __future__ import annotations

import pytest

from readers.picture import PictureError
from readers.sudoku import sudoku_size


@pytest.mark.parametrize(
    ("rows", "cols", "size"),
    [
        (9, 9, 9),
        (3, 3, 9),  # a photo's thin lines too faint: only the 3x3 boxes' lines
        (9, 3, 9),
        (6, 6, 6),
        (3, 2, 6),  # 6x6 boxes are 2 rows by 3 columns: 3 bands down, 2 across
        (12, 12, 12),
        (4, 3, 12),
        (4, 4, 4),
        (2, 2, 4),
        (16, 16, 16),
    ],
)
def test_the_size_from_the_lines_counted(rows, cols, size):
    assert sudoku_size(rows, cols) == size


def test_four_boxes_each_way_with_faint_thin_lines_are_a_16x16():
    assert sudoku_size(4, 4, faint=(16, 16)) == 16
    assert sudoku_size(4, 4, faint=(4, 4)) == 4


def test_faint_lines_that_make_no_sudoku_are_not_taken():
    assert sudoku_size(3, 3, faint=(18, 18)) == 9


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 9)])
def test_no_inner_lines_is_no_grid(rows, cols):
    with pytest.raises(PictureError, match="could not find a puzzle grid"):
        sudoku_size(rows, cols)


def test_an_unsupported_square_grid_is_named():
    with pytest.raises(PictureError, match="is 7x7; sudokus of 4x4, 6x6"):
        sudoku_size(7, 7)


def test_lines_that_disagree_are_said_so():
    with pytest.raises(PictureError, match="I count 2 rows and 9 columns"):
        sudoku_size(2, 9)
