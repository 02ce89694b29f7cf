"""Solving a Sudoku Spelling: the letter grid is a sudoku, solved by the sudoku engine."""

from __future__ import annotations

from puzzles.spelling.puzzle import SpellingPuzzle
from puzzles.sudoku.solver import SudokuSolution
from puzzles.sudoku.solver import solve as solve_sudoku


def solve(puzzle: SpellingPuzzle, steps: bool = False) -> SudokuSolution:
    """The letter grid solved by the sudoku engine (graded, with steps if asked)."""
    return solve_sudoku(puzzle.grid, steps=steps)
