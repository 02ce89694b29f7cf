"""Sudoku: fill the grid so every row, column and box holds each symbol once.

Glossary (after Norvig's essay):
    cell      an index 0..N*N-1, row by row; players name it r1c1 (grid.cell_name)
    value     1..N in a cell, 0 (EMPTY) for a blank; `symbols[v - 1]` writes it
    Grid      box_rows, box_cols, cells (a tuple of values), symbols: the puzzle and
              every solution (grid.py); N = box_rows * box_cols (4, 6, 9, 12, 16, 25)
    unit      a row, column or box: N cells that hold each value once
    peers     the cells sharing a unit with a cell
    Geometry  a size's units (boxes, rows, columns), peers and their bit sets (grid.py)
    candidate a value still possible in a cell: one bit set per cell (bit v - 1)
    Step      one named deduction: placements and eliminations, explained (board.py)

Modules: puzzle (parse), grid (Grid, geometry), solver (exact: propagation and search,
counts solutions), board + techniques/ + logic (human-style steps), grade, generate,
rules (check, hint).
"""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind
from puzzles.sudoku.generate import DIFFICULTIES, SIZES, check_request, difficulties_for, generate
from puzzles.sudoku.grid import Grid
from puzzles.sudoku.puzzle import EXAMPLE, parse
from puzzles.sudoku.rules import check, hint
from puzzles.sudoku.solver import STEPS_OPTION, SudokuSolution, solve

# A 16x16 pasted with spaces and box lines runs to about 1,300 characters, a 25x25 to
# about 1,700, or 2,300 written as numbers 1-25 with box lines (Discord's longest text box
# holds 4,000).
MAX_INPUT_CHARS = 4000

KIND = PuzzleKind(
    name="sudoku",
    title="Sudoku",
    aliases=("su", "number place"),
    example=EXAMPLE,
    description=(
        "Fill the grid so that every row, column and box holds each digit once. Paste 81 "
        "characters (. or 0 for blanks) or nine lines; 4x4, 6x6, 12x12, 16x16 and 25x25 grids "
        "(A-Y, or numbers 1-25 between spaces) and letter sudokus work too."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(STEPS_OPTION,),
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
    difficulties_for=difficulties_for,
    max_input_chars=MAX_INPUT_CHARS,
    max_answer_chars=MAX_INPUT_CHARS,  # the filled grid
    multiline_input=True,
    typed_as="grid",
)

__all__ = ["KIND", "Grid", "SudokuSolution", "check", "generate", "hint", "parse", "solve"]
