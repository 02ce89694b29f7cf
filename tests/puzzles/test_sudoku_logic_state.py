"""The logic engine's kept-up state (places per unit, what each technique found nothing in)
leads to the very steps that working everything out afresh at each step gives.

solve_by_logic keeps one board for the whole solve: it updates each unit's places as
candidates go and skips a unit, value or box where a technique found nothing and nothing
changed since, and given the solution skips searches that cannot conclude. next_step
builds a new board from the candidates every time, with nothing kept and no solution.
Both must take the same steps, in the same order, with the same words.
"""

from __future__ import annotations

import pytest

from puzzles.sudoku.board import Board
from puzzles.sudoku.logic import next_step, solve_by_logic
from puzzles.sudoku.puzzle import parse
from puzzles.sudoku.solver import solutions
from tests.conftest import corpus_path


def sample(*path: str, every: int, count: int) -> list[str]:
    lines = corpus_path("sudoku", *path).read_text().splitlines()
    puzzles = [line.split()[0] for line in lines if line and not line.startswith("#")]
    return puzzles[::every][:count]


PUZZLES = [
    *sample("top95.txt", every=19, count=5),
    *sample("sudoku_exchange", "diabolical_puzzle_and_solution.txt", every=97, count=5),
    *sample("sudoku_exchange", "hard_puzzle_and_solution.txt", every=131, count=3),
]


@pytest.mark.parametrize("known", [False, True], ids=["unknown solution", "known solution"])
@pytest.mark.parametrize("text", PUZZLES)
def test_a_whole_solve_takes_the_steps_a_fresh_board_finds(text, known):
    grid = parse(text)
    result = solve_by_logic(grid, solutions(grid, 1)[0] if known else None)
    replay = Board(grid)
    for step in result.steps:
        assert next_step(replay.to_grid(), replay.cands) == step
        replay.apply(step)
    if not result.solved:
        assert next_step(replay.to_grid(), replay.cands) is None
    techniques = {step.technique for step in result.steps}
    assert len(techniques) > 2  # more than singles: the kept state was put to use
