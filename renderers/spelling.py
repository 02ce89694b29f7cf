"""Sudoku Spelling: a letter sudoku with the cells that spell the phrase shaded.

The puzzle value carries `.grid` and `.highlight` (the phrase's cells in reading order);
drawing is the sudoku renderer's, which shades highlighted cells.
"""

from __future__ import annotations

from typing import Any

from renderers import sudoku


def draw(puzzle: Any, solution: Any = None) -> bytes:
    return sudoku.draw(puzzle, solution)
