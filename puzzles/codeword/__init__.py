"""Codeword (Clueless, Code Words, Crack the Code): each number stands for a letter; find them.

Glossary:
    number    1..26, one per letter, the same number always the same letter
    Clue      a word written as its numbers (a tuple of ints); its shape (ABBCDE) is the
              letter pattern the numbers make
    Codeword  the clues, starter letters (number -> letter given away), the final word's
              numbers, and the grid (rows of numbers, 0 for black) when typed as a grid
    State     known letters, each clue's remaining words (one string, a line a word) and each
              unknown number's possible letters
    Step      one sure deduction or guess, written out for the player

Modules: puzzle (Codeword, parse), words (pattern word records), deduction (State and the
Solver), solver (solve: common words first, then larger lists), generate, rules (a
player's letters: parse_letters, check, hint).
"""

from __future__ import annotations

from puzzles.codeword.generate import DEFAULT_SIZE, DIFFICULTIES, check_request, generate
from puzzles.codeword.puzzle import EXAMPLE, Codeword, parse
from puzzles.codeword.rules import CodewordHint, check, hint, parse_letters
from puzzles.codeword.solver import CodewordSolution, solve
from puzzles.core import Option, PuzzleKind, language_option, tier_option

KIND = PuzzleKind(
    name="codeword",
    title="Codeword",
    aliases=("clueless", "codewords", "crackthecode"),
    example=EXAMPLE,
    description=(
        "Every letter is replaced by a number from 1 to 26, the same number always the same "
        "letter. Type the clues as number lists, one a line (or the grid row by row with # "
        "for black squares), starter letters like 12=E, and 'final: ...' for the final word."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(
        tier_option(
            "word list: common, standard or large (default: common, then the larger ones "
            "if no fill is found)",
            default="auto",
        ),
    ),
    generate_options=(
        Option(
            "grid_size",
            int,
            DEFAULT_SIZE,
            "width and height of a generated codeword grid (odd)",
            minimum=11,
            maximum=15,
        ),
        language_option(),
    ),
    puzzle_options=(language_option(),),
    difficulties=DIFFICULTIES,
    check_generate=check_request,
    max_input_chars=4000,
    max_answer_chars=1000,  # letters such as 1=A 2=B, or the final word
    multiline_input=True,
    typed_as="clues or grid",
    warm_up=True,  # builds the word-pattern index (about half a second)
)

__all__ = [
    "KIND",
    "Codeword",
    "CodewordHint",
    "CodewordSolution",
    "check",
    "generate",
    "hint",
    "parse",
    "parse_letters",
    "solve",
]
