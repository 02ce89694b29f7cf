"""Sudoku Spelling: a letter sudoku whose highlighted cells spell a phrase in reading order.

Glossary:
    SpellingPuzzle  a sudoku Grid whose symbols are the phrase's distinct letters, the
                    phrase, and `highlight`: the cells that spell it, in reading order
    phrase letters  the phrase's letters in order (puzzle.phrase_letters); the distinct
                    ones are the grid's symbols

Everything about the grid is sudoku's: the solver, the logic engine, the checks and hints
are puzzles.sudoku's, applied to `puzzle.grid`. Modules: puzzle (parse), generate (a grid
rearranged until it spells the phrase, then carved), rules (check, hint), solver.
"""

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
