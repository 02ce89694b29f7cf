"""Checking a player's filled grid against the puzzle, and hints: the next logical step.

A grid is solved when every cell is filled, every given is kept, and no row, column or
box holds a symbol twice. A puzzle with several solutions accepts any of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.core import PuzzleError, Verdict, not_solved
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.sudoku.board import Board, Step, contradiction, technique_name
from puzzles.sudoku.grid import EMPTY, Grid, cell_name
from puzzles.sudoku.puzzle import describe_repeat, parse_grid, read_grid, repeats
from puzzles.sudoku.techniques import TECHNIQUES, find_step

LISTED_EMPTY_CELLS = 10


def check(puzzle: Grid, answer: str) -> Verdict:
    """Every rule the answer breaks (givens changed, repeats, empty cells), or a win."""
    if not answer.strip():
        return Verdict(False, (_("no grid given"),), _("Type your filled grid, one row per line."))
    filled = read_grid(answer, symbols=puzzle.symbols, size=puzzle.size)
    problems = _changed_givens(puzzle, filled)
    problems += [describe_repeat(filled, repeat) for repeat in repeats(filled)]
    empty = _empty_cells(filled)
    if empty:
        problems.append(empty)
    if problems:
        return not_solved(problems)
    return Verdict(True, (), _("Solved: every row, column and box holds each symbol once."))


def _changed_givens(puzzle: Grid, filled: Grid) -> list[Message]:
    return [
        _(
            "{cell} is a given {given}, but your grid has {mine} there",
            cell=cell_name(cell, puzzle.size),
            given=puzzle.symbol(given),
            mine=filled.symbol(mine),
        )
        for cell, (given, mine) in enumerate(zip(puzzle.cells, filled.cells, strict=True))
        if given != EMPTY and mine != EMPTY and mine != given
    ]


def _empty_cells(filled: Grid) -> Message | None:
    empty = [cell for cell, value in enumerate(filled.cells) if value == EMPTY]
    if not empty:
        return None
    names = ", ".join(cell_name(cell, filled.size) for cell in empty[:LISTED_EMPTY_CELLS])
    if len(empty) > LISTED_EMPTY_CELLS:
        return ngettext(
            "{count} cell still empty: {names} and {more} more",
            "{count} cells still empty: {names} and {more} more",
            len(empty),
            names=names,
            more=len(empty) - LISTED_EMPTY_CELLS,
        )
    return ngettext(
        "{count} cell still empty: {names}",
        "{count} cells still empty: {names}",
        len(empty),
        names=names,
    )


@dataclass(frozen=True)
class Hint:
    """The next step for a grid: what to show the player, and the pencil marks to draw."""

    grid: Grid  # the grid the hint is about (givens plus the player's entries)
    candidates: tuple[int, ...]  # bitmask per cell (bit v - 1 = value v), 0 for filled cells
    step: Step | None
    # Steps that only remove pencil marks, taken before `step` because the player cannot
    # keep pencil marks in a pasted grid; `candidates` are the marks after them.
    before: tuple[Step, ...] = ()
    problem: Message | str = ""  # the grid contradicts itself

    def text(self, language: str = ENGLISH) -> str:
        """The hint in `language`: the steps before it, then the step that places a value."""
        if self.problem:
            wrong = _("Something is wrong in this grid: {problem}.", problem=self.problem)
            return render(wrong, language)
        if self.step is None:
            if self.grid.is_complete():
                return render(_("The grid is already complete."), language)
            no_step = _(
                "No logical step found with the techniques I know ({first} to {last}); this "
                "grid needs guessing or a harder technique.",
                first=technique_name(TECHNIQUES[0]),
                last=technique_name(TECHNIQUES[-1]),
            )
            return render(no_step, language)
        said = [_("First, {step}.", step=s.explanation) for s in self.before[:1]]
        said += [_("Then {step}.", step=s.explanation) for s in self.before[1:]]
        lines = [render(line, language) for line in said]
        if self.before:
            lines.append(render(_("So {step}.", step=self.step.explanation), language))
        else:
            lines.append(f"{_capitalised(self.step.text(language))}.")
        return "\n".join(lines)


def _capitalised(sentence: str) -> str:
    """Upper-case the first letter, unless the sentence starts with a cell name (r4c7)."""
    if re.match(r"r\d+c\d+", sentence):
        return sentence
    return sentence[:1].upper() + sentence[1:]


# The most elimination-only steps a hint walks through before giving up on a placement.
MAX_HINT_PREPARATION = 40


def hint(grid: Grid, progress: str | Grid = "") -> Hint:
    """The next step for the grid with the player's progress (a grid text, or a Grid) filled in.

    When the simplest step only removes pencil marks, the hint keeps going to the first step
    that places a value and shows the removals that lead to it (`Hint.before`).
    """
    current = _with_progress(grid, progress)
    board = Board(current)
    problem = contradiction(board)
    if problem:
        return Hint(current, tuple(board.cands), None, problem=problem)
    start = tuple(board.cands)
    before: list[Step] = []
    while len(before) <= MAX_HINT_PREPARATION:
        step = find_step(board)
        if step is None or step.placements:
            break
        before.append(step)
        board.apply(step)
    if step is not None and step.placements:
        return Hint(current, tuple(board.cands), step, tuple(before))
    problem = contradiction(board)
    if problem:
        return Hint(current, start, None, problem=problem)
    # No placement in reach: show the first step on its own, or nothing.
    return Hint(current, start, before[0] if before else None)


def _with_progress(grid: Grid, progress: str | Grid) -> Grid:
    """The puzzle's givens plus the player's entries (read like a puzzle, in its symbols)."""
    if isinstance(progress, Grid):
        entered = progress
    elif progress.strip():
        entered = parse_grid(progress, symbols=grid.symbols, size=grid.size)
    else:
        return grid
    if entered.size != grid.size:
        raise PuzzleError(
            _(
                "your progress is a {mine}x{mine} grid but the puzzle is {size}x{size}",
                mine=entered.size,
                size=grid.size,
            )
        )
    cells = list(grid.cells)
    for cell, (given, mine) in enumerate(zip(grid.cells, entered.cells, strict=True)):
        if given and mine and mine != given:
            raise PuzzleError(
                _(
                    "{cell} is a given {given}, but your progress has {mine} there",
                    cell=cell_name(cell, grid.size),
                    given=grid.symbol(given),
                    mine=grid.symbol(mine),
                )
            )
        cells[cell] = given or mine
    return grid.with_cells(tuple(cells))
