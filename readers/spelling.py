"""Sudoku Spelling from a photo or a screenshot: a letter sudoku, 4x4 to 16x16.

The grid is found, sized and turned upright as a sudoku's (readers/sudoku.py); its cells are
classified as capital letters, any of A-Z. The puzzle's letters are those the grid shows,
the size's number of them, the most read first: a cell that reads as a letter no other cell
has is kept only while there is room, and read again among the puzzle's letters. The phrase
and its shaded cells are not read (the grid alone is a puzzle: the solver needs no phrase).
"""

from __future__ import annotations

import numpy as np

from puzzles.spelling.puzzle import SpellingPuzzle
from puzzles.sudoku.puzzle import boxed_text
from readers import sudoku
from readers.classifier import LETTERS
from readers.grid import cell_glyphs
from readers.picture import open_grey
from readers.reading import Reading, drawn_example


def read(data: bytes) -> Reading:
    """The Sudoku Spelling in the picture `data` (a file's bytes), as puzzles.spelling's
    parse reads it."""
    ink, size = sudoku.find_grid(open_grey(data))
    return read_cells(ink, size)


# What was read is drawn as a sudoku grid is: renderers/spelling.py shades its `.highlight`.
as_drawn, place_name, PLACE = sudoku.as_drawn, sudoku.place_name, sudoku.PLACE


def warm_up_drawing() -> tuple[SpellingPuzzle, None]:
    """What to draw for the workers to read once as they start: the kind's example."""
    return drawn_example("spelling")


def read_cells(ink: np.ndarray, size: int) -> Reading:
    chances = sudoku.likeliest_turn(cell_glyphs(ink, size), size, LETTERS)
    letters = letters_shown(chances, size)
    columns = [0, *(1 + LETTERS.index(letter) for letter in letters), -1]
    kept = chances[:, columns]
    grid, unsure = sudoku.grid_of(kept / kept.sum(axis=1, keepdims=True), size, letters)
    # Fewer letters than a side has cannot be the whole set: the grid alone, for the member to
    # complete (parse says what is missing).
    text = SpellingPuzzle(grid).text() if len(letters) == size else boxed_text(grid)
    return Reading("spelling", text, unsure, size, grid)


def letters_shown(chances: np.ndarray, size: int) -> str:
    """The letters the grid is written in, in alphabetical order: of the letters the marked
    cells read as, the `size` read most often (by the classifier's summed probability)."""
    letter_chances = chances[:, 1:-1]
    marked = chances[:, 0] < 0.5
    best = letter_chances[marked].argmax(axis=1)
    support = np.bincount(best, weights=letter_chances[marked].max(axis=1), minlength=len(LETTERS))
    most = [k for k in np.argsort(-support, kind="stable") if support[k] > 0][:size]
    return "".join(sorted(LETTERS[k] for k in most))
