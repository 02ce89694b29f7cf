"""The shortcuts that make /solve sudoku fast give the answers the plain way gives.

solve() skips the search when logic fills the grid or finds it impossible, and counts
several solutions in one search; the chain techniques first ask on bit sets whether a
start's search concludes (_concludes) and run the ordered search only then. Each is
checked here against the plain way on real puzzles: the search to two then to MANY_CAP,
and the ordered chain search from every start.
"""

from __future__ import annotations

import pytest

from puzzles.sudoku.board import Board
from puzzles.sudoku.logic import solve_by_logic
from puzzles.sudoku.puzzle import parse
from puzzles.sudoku.solver import MANY_CAP, count_solutions, solutions, solve
from puzzles.sudoku.techniques import chains
from tests.conftest import corpus_path


def sample(*path: str, every: int, count: int) -> list[str]:
    lines = corpus_path("sudoku", *path).read_text().splitlines()
    puzzles = [line.split(":")[0].split()[0] for line in lines if line and line[0] != "#"]
    return puzzles[::every][:count]


SOLVES = [
    *sample("easy50.txt", every=10, count=5),
    *sample("top95.txt", every=19, count=5),
    *sample("solution_counts.txt", every=3, count=15),
    *sample("sudoku_exchange", "hard_puzzle_and_solution.txt", every=131, count=3),
    *sample("magictour_top1465.txt", every=97, count=8),  # logic fills two in three
    *sample("17_clue.txt", every=4999, count=5),
    *sample("forum_hardest_1106.txt", every=151, count=2),  # logic gets stuck: the search decides
]


@pytest.mark.parametrize("text", SOLVES)
def test_solve_answers_as_the_search_to_two_then_to_the_cap(text):
    puzzle = parse(text)
    found = solutions(puzzle, 2)
    result = solve(puzzle)
    assert result.count == min(len(found), 2)
    assert result.solution == (found[0] if found else None)
    if len(found) >= 2:
        assert result.counted == count_solutions(puzzle, MANY_CAP)
    if result.unique:
        assert result.grade is not None


CHAIN_PUZZLES = [
    *sample("sudoku_exchange", "diabolical_puzzle_and_solution.txt", every=83, count=6),
    *sample("magictour_top1465.txt", every=293, count=5),
]


def boards_along(text: str) -> list[Board]:
    """Boards at every fifth step of the logic solve, and where it stops."""
    grid = parse(text)
    steps = solve_by_logic(grid).steps
    boards = []
    board = Board(grid)
    for number, step in enumerate(steps):
        if number % 5 == 0:
            boards.append(_copy(grid, board))
        board.apply(step)
    boards.append(board)
    return boards


def _copy(grid, board: Board) -> Board:
    return Board(board.to_grid(), board.cands)


@pytest.mark.parametrize("mode", ["XY-Chain", "alternating chain"])
def test_the_quick_question_agrees_with_the_ordered_chain_search(mode):
    compared = concluded = 0
    for text in CHAIN_PUZZLES:
        for board in boards_along(text):
            strong, weak = chains._chain_links(board, mode)
            sees = weak if mode == "alternating chain" else chains._conflicts(board)
            reach = chains._Reach(strong, weak, sees)
            in_order = chains._in_order(strong)
            for start in sorted(strong):
                found = chains._chain_from(board, mode, start, in_order, weak, sees)
                assert chains._concludes(start, reach) == (found is not None), (text, start)
                compared += 1
                concluded += found is not None
    # Both answers were met many times, not only "no chain from here".
    assert concluded >= 10
    assert compared - concluded >= 10
