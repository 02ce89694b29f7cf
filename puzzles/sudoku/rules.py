"""Checking a player's filled grid against the puzzle, and hints from the logic engine.

A grid is solved when every cell is filled, every given is kept, and no row, column or
box holds a symbol twice. A puzzle with several solutions accepts any of them.
"""

from __future__ import annotations

from typing import Any

from puzzles.core import PuzzleError, Verdict, plural
from puzzles.sudoku.grid import EMPTY, Grid, cell_name
from puzzles.sudoku.parse import describe_repeat, read_grid, repeats

LISTED_EMPTY_CELLS = 10


def check(puzzle: Grid, answer: str) -> Verdict:
    """Every rule the answer breaks (givens changed, repeats, empty cells), or a win."""
    if not answer.strip():
        return Verdict(False, ("no grid given",), "Type your filled grid, one row per line.")
    filled = read_grid(answer, symbols=puzzle.symbols, size=puzzle.size)
    problems = _changed_givens(puzzle, filled)
    problems += [describe_repeat(filled, repeat) for repeat in repeats(filled)]
    empty = _empty_cells(filled)
    if empty:
        problems.append(empty)
    if problems:
        return Verdict(False, tuple(problems), f"Not solved: {plural(len(problems), 'problem')}.")
    return Verdict(True, (), "Solved: every row, column and box holds each symbol once.")


def _changed_givens(puzzle: Grid, filled: Grid) -> list[str]:
    return [
        f"{cell_name(cell, puzzle.size)} is a given {puzzle.symbol(given)}, "
        f"but your grid has {filled.symbol(mine)} there"
        for cell, (given, mine) in enumerate(zip(puzzle.cells, filled.cells, strict=True))
        if given != EMPTY and mine != EMPTY and mine != given
    ]


def _empty_cells(filled: Grid) -> str:
    empty = [cell for cell, value in enumerate(filled.cells) if value == EMPTY]
    if not empty:
        return ""
    names = ", ".join(cell_name(cell, filled.size) for cell in empty[:LISTED_EMPTY_CELLS])
    more = f" and {len(empty) - LISTED_EMPTY_CELLS} more" if len(empty) > LISTED_EMPTY_CELLS else ""
    return f"{plural(len(empty), 'cell')} still empty: {names}{more}"


def hint(puzzle: Grid, progress: str = "") -> Any:
    """The next logical step from the player's progress, explained, with its cells to draw."""
    try:
        from puzzles.sudoku.logic import hint as logic_hint
    except ImportError:  # pragma: no cover - the logic engine ships with this package
        raise PuzzleError("sudoku hints are not available yet") from None
    return logic_hint(puzzle, progress)
