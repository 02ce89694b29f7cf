"""The exact search finds solutions in the order its rules say, whatever its bit tricks.

Where a puzzle has several solutions, the one shown first is the first the search meets,
so that order is part of the answer. Here a plain search written from the solver's stated
rules (naked and hidden singles; branch on the cell with the fewest candidates, among those
the one with the most open peers, those with two candidates counted twice, then the first;
values in rising order) must list the same solutions in the same order.
"""

from __future__ import annotations

import random

import pytest

from puzzles.sudoku.grid import Grid, units
from puzzles.sudoku.solver import random_filled_grid, solutions

Candidates = list[set[int]]


def plain_solutions(puzzle: Grid, limit: int) -> list[tuple[int, ...]]:
    """The search's rules, with a set of candidates per cell and no shortcuts."""
    n = puzzle.size
    every_unit = [set(unit) for group in units(puzzle.box_rows, puzzle.box_cols) for unit in group]
    peers = [set().union(*(u for u in every_unit if cell in u)) - {cell} for cell in range(n * n)]
    found: list[tuple[int, ...]] = []

    def singles(cands: Candidates) -> bool:
        """Naked and hidden singles until neither applies; False on a contradiction."""
        changed = True
        while changed:
            changed = False
            for cell, values in enumerate(cands):
                if len(values) == 1:
                    for peer in peers[cell]:
                        if values <= cands[peer]:
                            cands[peer] = cands[peer] - values
                            changed = True
            for unit in every_unit:
                for value in range(1, n + 1):
                    places = [cell for cell in unit if value in cands[cell]]
                    if not places:
                        return False
                    if len(places) == 1 and len(cands[places[0]]) > 1:
                        cands[places[0]] = {value}
                        changed = True
            if not all(cands):
                return False
        return True

    def branch_cell(cands: Candidates) -> int:
        open_cells = {cell for cell, values in enumerate(cands) if len(values) > 1}
        two = {cell for cell in open_cells if len(cands[cell]) == 2}
        fewest = min(len(cands[cell]) for cell in open_cells)
        return min(
            (cell for cell in open_cells if len(cands[cell]) == fewest),
            key=lambda cell: (-len(peers[cell] & open_cells) - len(peers[cell] & two), cell),
        )

    def search(cands: Candidates) -> None:
        if not singles(cands):
            return
        if all(len(values) == 1 for values in cands):
            found.append(tuple(min(values) for values in cands))
            return
        cell = branch_cell(cands)
        for value in sorted(cands[cell]):
            child = list(cands)
            child[cell] = {value}
            search(child)
            if len(found) >= limit:
                return

    search([set(range(1, n + 1)) if v == 0 else {v} for v in puzzle.cells])
    return found


def emptied(box_rows: int, box_cols: int, seed: int, blanks: int) -> Grid:
    """A random complete grid with `blanks` cells emptied: several solutions, as a rule."""
    solved = random_filled_grid(random.Random(seed), box_rows, box_cols)
    cells = list(solved.cells)
    for cell in random.Random(seed).sample(range(len(cells)), blanks):
        cells[cell] = 0
    return solved.with_cells(tuple(cells))


@pytest.mark.parametrize(
    ("box_rows", "box_cols", "blanks"), [(2, 2, 16), (2, 3, 28), (3, 3, 58), (3, 3, 64)]
)
def test_solutions_come_in_the_order_the_rules_say(box_rows, box_cols, blanks):
    for seed in range(3):
        puzzle = emptied(box_rows, box_cols, seed, blanks)
        expected = plain_solutions(puzzle, limit=12)
        assert len(expected) > 1  # ties and branches to get right, not one forced answer
        assert [grid.cells for grid in solutions(puzzle, limit=12)] == expected
