"""Checking a Sudoku Spelling answer, and hints: the sudoku rules, plus the phrase read out."""

from __future__ import annotations

from typing import Any

from puzzles.core import Verdict
from puzzles.i18n import _
from puzzles.spelling.puzzle import SpellingPuzzle
from puzzles.sudoku import rules
from puzzles.sudoku.puzzle import read_grid


def check(puzzle: SpellingPuzzle, answer: str) -> Verdict:
    """The sudoku rules; a win also reads out the phrase along the highlighted cells."""
    verdict = rules.check(puzzle.grid, answer)
    if not verdict.solved or not puzzle.highlight:
        return verdict
    filled = read_grid(answer, symbols=puzzle.grid.symbols, size=puzzle.grid.size)
    spelled = puzzle.spelled(filled)
    summary = _(
        "{summary} The highlighted cells spell {phrase}.", summary=verdict.summary, phrase=spelled
    )
    return Verdict(True, (), summary)


def hint(puzzle: SpellingPuzzle, progress: str = "") -> Any:
    """Simplify: the next logical step from the player's progress, explained."""
    return rules.hint(puzzle.grid, progress)
