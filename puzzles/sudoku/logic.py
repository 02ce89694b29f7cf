"""Human-style sudoku solving: named techniques, one explained step at a time.

The board (board.py) keeps pencil marks; the techniques (techniques/, one module a family)
each find their first step on it; this engine tries them from the simplest and applies the
first that applies, until the grid is solved or none does. Hints (rules.hint) and grades
(grade.py) are built on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzles.i18n import Message
from puzzles.sudoku.board import Board, Step, bit, contradiction, values_of
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.techniques import TECHNIQUES, find_step


@dataclass(frozen=True)
class LogicResult:
    grid: Grid  # as far as logic got
    steps: tuple[Step, ...]
    solved: bool
    problem: Message | str = ""  # set when the grid contradicts itself (no solution from here)


def next_step(grid: Grid, candidates: Sequence[int] | None = None) -> Step | None:
    """The simplest step that applies to the grid, or None when none does (or the grid is
    complete or contradicts itself). `candidates` (bitmask per cell) narrows the pencil marks
    worked out from the grid, e.g. to continue after earlier eliminations."""
    board = Board(grid, candidates)
    if contradiction(board):
        return None
    return find_step(board)


def solve_by_logic(grid: Grid, solution: Grid | None = None) -> LogicResult:
    """Apply steps until the grid is solved or no technique applies. `solution`, a
    completion of the grid when the caller knows one, makes no difference to the steps,
    only to how fast they are found; ValueError when it does not complete the grid."""
    board = Board(grid, solution=solution)
    steps: list[Step] = []
    problem = _problem(board)
    while not problem and EMPTY in board.values:
        step = find_step(board)
        if step is None:
            break
        steps.append(step)
        board.apply(step)
    if EMPTY in board.values:
        problem = problem or _problem(board)  # stuck: say so if the grid is impossible
    return LogicResult(
        grid=board.to_grid(),
        steps=tuple(steps),
        solved=not problem and EMPTY not in board.values,
        problem=problem,
    )


def _problem(board: Board) -> Message | str:
    """contradiction(board), which is none on a board with a known completion: no step
    ever rules out one of its values, so each cell and each unit keeps a place for them."""
    return "" if board.solution is not None else contradiction(board)


def apply_step(grid: Grid, step: Step) -> Grid:
    """The grid with the step's placements written in (eliminations leave no trace in a grid)."""
    cells = list(grid.cells)
    for cell, value in step.placements:
        cells[cell] = value
    return grid.with_cells(tuple(cells))


__all__ = [
    "TECHNIQUES",
    "LogicResult",
    "Step",
    "apply_step",
    "bit",
    "next_step",
    "solve_by_logic",
    "values_of",
]
