"""Letter Boxed: make words around a box, using every letter, fewest words wins.

Glossary:
    Board     the sides, each a string of lowercase letters (clockwise from the top); no
              letter twice on the board
    playable  a word of 3+ letters on the board that never takes two letters of one side
              in a row
    chain     each word starts with the last letter of the one before
    Move      what a group of playable words does: first letter, last letter and the set
              of letters covered, as bits (one bit per board letter)
    Search    proofs and listings over a board's moves: the fewest words, then the best
              solutions of that length (rarest word first, then average commonness)

Modules: puzzle (Board, parse), words (playable words grouped into moves), coverage
(exact tables for groups of up to 12 letters), search, solver, generate, rules (check,
hint).
"""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind, language_option, tier_option
from puzzles.i18n import _
from puzzles.letterboxed.generate import DIFFICULTIES, generate
from puzzles.letterboxed.puzzle import EXAMPLE, Board, parse
from puzzles.letterboxed.rules import check, hint
from puzzles.letterboxed.solver import DEFAULT_MAX_WORDS, LetterBoxedSolution, solve

KIND = PuzzleKind(
    name="letterboxed",
    title="Letter Boxed",
    aliases=("lb", "box"),  # "Letter Boxed", "letter-boxed" match the name itself
    example=EXAMPLE,
    description=(
        "Letters sit on the sides of a box. Make words of 3+ letters that never use two "
        "letters of one side in a row; each word starts with the last letter of the one "
        "before; use every letter in as few words as you can."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(
        Option(
            "max_words",
            int,
            DEFAULT_MAX_WORDS,
            "search for solutions of up to this many words",
            minimum=1,
            maximum=10,  # 10 words on the hardest boards: about 2 s
            faster=_("a lower max_words"),
        ),
        tier_option(),
    ),
    generate_options=(language_option(),),
    puzzle_options=(language_option(),),
    difficulties=DIFFICULTIES,
    max_input_chars=80,
    max_answer_chars=300,  # up to ten words
)

__all__ = ["KIND", "Board", "LetterBoxedSolution", "check", "generate", "hint", "parse", "solve"]
