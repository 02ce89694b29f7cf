"""bench.sudoku --against: another checkout's search, imported beside ours."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.sudoku import load_against
from puzzles.sudoku.puzzle import EXAMPLE, parse
from puzzles.sudoku.solver import solutions

ROOT = Path(__file__).resolve().parents[1]


def test_another_checkout_solves_beside_ours_and_ours_stays(tmp_path):
    # This tree, linked from elsewhere, stands for another checkout: same answers.
    (tmp_path / "puzzles").symlink_to(ROOT / "puzzles")
    ours = sys.modules["puzzles.sudoku.solver"]
    theirs = load_against(tmp_path)
    assert theirs(EXAMPLE)() == solutions(parse(EXAMPLE), limit=1)[0].cells
    assert sys.modules["puzzles.sudoku.solver"] is ours  # ours put back, theirs kept apart


def test_a_folder_without_the_solver_is_refused_with_what_to_give(tmp_path):
    with pytest.raises(SystemExit, match="git worktree add"):
        load_against(tmp_path)
