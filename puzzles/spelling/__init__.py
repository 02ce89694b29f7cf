"""Sudoku Spelling: a letter sudoku whose highlighted cells spell a phrase in reading order."""

from __future__ import annotations

from typing import Any

from puzzles.core import Option, PuzzleKind, Verdict
from puzzles.spelling.generate import PHRASES, generate
from puzzles.spelling.puzzle import EXAMPLE, SpellingPuzzle, parse
from puzzles.sudoku import rules
from puzzles.sudoku.parse import read_grid
from puzzles.sudoku.solver import SudokuSolution
from puzzles.sudoku.solver import solve as solve_sudoku

# A 16x16 grid with box lines, plus the phrase, letters and highlight lines.
MAX_INPUT_CHARS = 4000


def solve(puzzle: SpellingPuzzle, steps: bool = False) -> SudokuSolution:
    """The letter grid solved by the sudoku engine (graded, with steps if asked)."""
    return solve_sudoku(puzzle.grid, steps=steps)


def check(puzzle: SpellingPuzzle, answer: str) -> Verdict:
    """The sudoku rules; a win also reads out the phrase along the highlighted cells."""
    verdict = rules.check(puzzle.grid, answer)
    if not verdict.solved or not puzzle.highlight:
        return verdict
    filled = read_grid(answer, symbols=puzzle.grid.symbols, size=puzzle.grid.size)
    spelled = puzzle.spelled(filled)
    return Verdict(True, (), f"{verdict.summary} The highlighted cells spell {spelled}.")


def hint(puzzle: SpellingPuzzle, progress: str = "") -> Any:
    """Simplify: the next logical step from the player's progress, explained."""
    return rules.hint(puzzle.grid, progress)


KIND = PuzzleKind(
    name="spelling",
    title="Sudoku Spelling",
    aliases=("sudokuspelling", "spellingsudoku", "lettersudoku"),
    example=EXAMPLE,
    description=(
        "A sudoku written in the letters of a phrase: fill the grid so every row, column and "
        "box holds each letter once, and the highlighted cells spell the phrase in reading "
        "order. Generate one from your own phrase, or paste a letter sudoku to solve."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(Option("steps", bool, False, "show the whole solve as logical steps"),),
    generate_options=(
        Option(
            "text",
            str,
            "",
            f"the phrase to spell (default: one of {len(PHRASES)} built in)",
            max_length=100,
        ),
    ),
    max_input_chars=MAX_INPUT_CHARS,
    max_answer_chars=MAX_INPUT_CHARS,  # the filled grid
    multiline_input=True,
    typed_as="letter grid",
)

__all__ = ["KIND", "SpellingPuzzle", "check", "generate", "hint", "parse", "solve"]
