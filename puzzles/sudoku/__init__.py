"""Sudoku: fill the grid so every row, column and box holds each symbol once."""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind
from puzzles.sudoku.generate import DIFFICULTIES, SIZES, check_request, generate
from puzzles.sudoku.grid import Grid
from puzzles.sudoku.parse import EXAMPLE, parse
from puzzles.sudoku.rules import check, hint
from puzzles.sudoku.solver import SudokuSolution, solve

# A 16x16 pasted with spaces and box lines runs to about 1,300 characters.
MAX_INPUT_CHARS = 2500

KIND = PuzzleKind(
    name="sudoku",
    title="Sudoku",
    aliases=("su", "number place"),
    example=EXAMPLE,
    description=(
        "Fill the grid so that every row, column and box holds each digit once. Paste 81 "
        "characters (. or 0 for blanks) or nine lines; 4x4, 6x6, 12x12 and 16x16 grids and "
        "letter sudokus work too."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(Option("steps", bool, False, "show the whole solve as logical steps"),),
    generate_options=(
        Option("symmetric", bool, False, "clues placed symmetrically about the centre"),
        Option(
            "size",
            int,
            9,
            "grid size: 4x4 comes only easy, 6x6 easy, medium or expert",
            minimum=min(SIZES),
            maximum=max(SIZES),
            choices=SIZES,
        ),
    ),
    difficulties=DIFFICULTIES,
    check_generate=check_request,
    max_input_chars=MAX_INPUT_CHARS,
    max_answer_chars=MAX_INPUT_CHARS,  # the filled grid
    multiline_input=True,
    typed_as="grid",
)

__all__ = ["KIND", "Grid", "SudokuSolution", "check", "generate", "hint", "parse", "solve"]
