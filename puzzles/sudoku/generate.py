"""New sudoku puzzles: unique, at a requested grade, the same puzzle for the same seed.

A puzzle is carved out of a random complete grid: givens are emptied in a random order
(in pairs mirrored through the centre, for symmetric clues) as long as the solution stays
unique and, below expert, the logic engine's grade stays at or under the one asked for.
What is left is minimal under those rules. Then the grade decides: right, done; too hard,
givens come back one (or one pair) at a time until the grade comes down to it; too easy,
climb: give two givens back and carve again, moving to the nearby minimal puzzle when it
grades at least as hard, until the grade is reached. Failing that, another grid.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from puzzles.core import PuzzleError, Usage, known_difficulty
from puzzles.i18n import _
from puzzles.sudoku.grade import grade
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.logic import solve_by_logic
from puzzles.sudoku.puzzle import BOX_SHAPES
from puzzles.sudoku.solver import has_solution_without, random_filled_grid

# The grade module's GRADES, easiest first (a test keeps the two in step).
DIFFICULTIES = ("easy", "medium", "hard", "expert", "beyond-logic")
DEFAULT_DIFFICULTY = "medium"
# The grades each size reliably reaches. Singles solve every 4x4; 6x6 carvings grade hard
# or beyond logic so rarely that 200 grids often hold none (measured over seeds 0-12), so
# those are refused at once rather than searched for until the deadline.
DIFFICULTIES_BY_SIZE = {
    4: ("easy",),
    6: ("easy", "medium", "expert"),
    9: DIFFICULTIES,
    12: DIFFICULTIES,
    16: DIFFICULTIES,
}
SIZES = tuple(DIFFICULTIES_BY_SIZE)
MAX_GRIDS = 200  # fresh grids tried before giving up on a grade
MAX_EASING_TRIES = 40  # givens tried back in, per grid, on the way down to the grade
MAX_CLIMBING_STEPS = 25  # moves to harder nearby puzzles, per grid, on the way up


def generate(
    rng: random.Random,
    difficulty: str | None = None,
    symmetric: bool = False,
    size: int = 9,
) -> Grid:
    """A unique `size` x `size` puzzle of the grade asked for (by default medium, or the
    hardest grade below it that the size reaches)."""
    check_request(difficulty, symmetric, size)
    target = _grade_rank(difficulty or default_difficulty(size))
    for _grid_tried in range(MAX_GRIDS):
        solution = random_filled_grid(rng, *BOX_SHAPES[size])
        grading = _grading_towards(solution)
        allowed = _no_harder_than(target, grading)
        puzzle = minimal_puzzle(rng, solution, symmetric, allowed=allowed)
        rank = _rank(grading(puzzle))
        if rank > target:
            puzzle = _ease(rng, puzzle, solution, target, symmetric, grading)
        elif rank < target:
            puzzle = _climb(rng, puzzle, solution, target, symmetric, grading, allowed)
        if puzzle is not None:
            return puzzle
    raise PuzzleError(
        _(
            "no {difficulty} puzzle turned up in {tries} tries; try another seed or grade",
            difficulty=DIFFICULTIES[target],
            tries=MAX_GRIDS,
        )
    )


def check_request(difficulty: str | None = None, symmetric: bool = False, size: int = 9) -> None:
    """A PuzzleError, before any work, for a size and grade that cannot go together."""
    wanted = DIFFICULTIES[_grade_rank(difficulty or default_difficulty(size))]
    offered = difficulties_for(size)
    if wanted not in offered:
        raise PuzzleError(
            _(
                "a {size}x{size} sudoku comes only {offered}, not {wanted}",
                size=size,
                offered=", ".join(offered),
                wanted=wanted,
            ),
            example=Usage(
                "generate", "sudoku", options=(("size", size), ("difficulty", offered[-1]))
            ),
        )


def difficulties_for(size: int = 9, **_other_options) -> tuple[str, ...]:
    """The grades a `size` x `size` puzzle can be made at; a PuzzleError for other sizes."""
    if size not in DIFFICULTIES_BY_SIZE:
        sizes = ", ".join(str(n) for n in SIZES)
        raise PuzzleError(
            _("a sudoku is {sizes} cells wide, not {size}", sizes=sizes, size=size),
            example=Usage(options=(("size", 9),)),
        )
    return DIFFICULTIES_BY_SIZE[size]


def default_difficulty(size: int) -> str:
    offered = difficulties_for(size)
    if DEFAULT_DIFFICULTY in offered:
        return DEFAULT_DIFFICULTY
    return max(offered, key=DIFFICULTIES.index)


def _grade_rank(difficulty: str) -> int:
    return DIFFICULTIES.index(known_difficulty("sudoku", difficulty, DIFFICULTIES, "hard"))


def _rank(graded: Any) -> int:
    return DIFFICULTIES.index(graded.name)


def _grading_towards(solution: Grid) -> Callable[[Grid], Any]:
    """Grades puzzles carved from `solution`: the logic engine, told the filled grid, starts
    its chain searches from it (the same steps, found sooner)."""
    return lambda puzzle: grade(puzzle, solve_by_logic(puzzle, solution))


def _no_harder_than(target: int, grading: Callable[[Grid], Any]) -> Callable[[Grid], bool] | None:
    """Below expert, every emptied given must keep the grade in reach; the hardest grades
    come from unconstrained minimal puzzles, so no grading is needed on the way there."""
    if target >= DIFFICULTIES.index("expert"):
        return None
    return lambda puzzle: _rank(grading(puzzle)) <= target


def clue_groups(rng: random.Random, cell_count: int, symmetric: bool) -> list[tuple[int, ...]]:
    """Every cell once, in a random order; with symmetry, each with its mirror image."""
    cells = list(range(cell_count))
    rng.shuffle(cells)
    if not symmetric:
        return [(cell,) for cell in cells]
    last = cell_count - 1
    firsts = [cell for cell in cells if cell <= last - cell]  # the centre pairs with itself
    return [tuple(sorted({cell, last - cell})) for cell in firsts]


def stays_unique(puzzle: Grid, emptied: dict[int, int]) -> bool:
    """`puzzle` (unique before `emptied` lost their values) still has one solution.

    Any other solution would differ from the old one in an emptied cell, so it is enough to
    ask, for each, whether a solution puts something else there.
    """
    return not any(has_solution_without(puzzle, cell, value) for cell, value in emptied.items())


def minimal_puzzle(
    rng: random.Random,
    start: Grid,
    symmetric: bool = False,
    keep: frozenset[int] = frozenset(),
    allowed: Callable[[Grid], bool] | None = None,
) -> Grid:
    """Empty givens of `start` (a complete grid, or a puzzle with one solution) in a random
    order while the puzzle stays unique and `allowed`, never touching the cells in `keep`."""
    cells = list(start.cells)
    for group in clue_groups(rng, len(cells), symmetric):
        if keep.intersection(group) or any(cells[cell] == EMPTY for cell in group):
            continue
        emptied = {cell: cells[cell] for cell in group}
        for cell in group:
            cells[cell] = EMPTY
        trial = start.with_cells(tuple(cells))
        if not stays_unique(trial, emptied) or (allowed is not None and not allowed(trial)):
            for cell, value in emptied.items():
                cells[cell] = value
    return start.with_cells(tuple(cells))


def _ease(
    rng: random.Random,
    puzzle: Grid,
    solution: Grid,
    target: int,
    symmetric: bool,
    grading: Callable[[Grid], Any],
) -> Grid | None:
    """Give back emptied cells until the grade comes down to `target`; a given that makes it
    too easy is taken out again and the next one tried. None when the grade is not reached."""
    cells = list(puzzle.cells)
    empty_groups = [
        group
        for group in clue_groups(rng, len(cells), symmetric)
        if all(cells[cell] == EMPTY for cell in group)
    ]
    for group in empty_groups[:MAX_EASING_TRIES]:
        for cell in group:
            cells[cell] = solution.cells[cell]
        trial = puzzle.with_cells(tuple(cells))
        rank = _rank(grading(trial))
        if rank == target:
            return trial
        if rank < target:
            for cell in group:
                cells[cell] = EMPTY
    return None


def _climb(
    rng: random.Random,
    puzzle: Grid,
    solution: Grid,
    target: int,
    symmetric: bool,
    grading: Callable[[Grid], Any],
    allowed: Callable[[Grid], bool] | None,
) -> Grid | None:
    """Too easy: give back two emptied cells (or pairs) and carve again, to another minimal
    puzzle nearby; move there when it grades at least as hard without passing `target`.
    None when the grade is not reached in MAX_CLIMBING_STEPS moves."""
    current = grading(puzzle)
    for _step_taken in range(MAX_CLIMBING_STEPS):
        cells = list(puzzle.cells)
        empty_groups = [
            group for group in clue_groups(rng, len(cells), symmetric) if cells[group[0]] == EMPTY
        ]
        for group in empty_groups[:2]:
            for cell in group:
                cells[cell] = solution.cells[cell]
        nearby = minimal_puzzle(rng, puzzle.with_cells(tuple(cells)), symmetric, allowed=allowed)
        graded = grading(nearby)
        rank = _rank(graded)
        if rank == target:
            return nearby
        if rank < target and graded.score >= current.score:
            puzzle, current = nearby, graded
    return None
