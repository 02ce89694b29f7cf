"""Sudoku Spelling: a letter sudoku whose highlighted cells spell a phrase in reading order."""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind
from puzzles.spelling.generate import PHRASES, generate
from puzzles.spelling.puzzle import EXAMPLE, SpellingPuzzle, parse
from puzzles.spelling.rules import check, hint
from puzzles.spelling.solver import solve
from puzzles.sudoku.solver import STEPS_OPTION

# A 16x16 grid with box lines, plus the phrase, letters and highlight lines.
MAX_INPUT_CHARS = 4000

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
    solve_options=(STEPS_OPTION,),
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
