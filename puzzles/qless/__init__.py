"""Q-less: put all twelve rolled letters into one connected crossword of 3+ letter words.

Glossary:
    Roll    the letters to place, lowercase and sorted, and the weekday a generated roll
            was rated for
    shape   a connected set of cells where every across or down run of 2+ cells is 3+
            long: where letters can go, before any letter is chosen (shapes.py)
    slot    one run of a shape: a word to fill
    day     difficulty on the Daily Q-less weekday scale, by how many shapes the solver
            tries before ten solutions (rating.py)

Modules: puzzle (Roll, parse), shapes (the legal shapes, enumerated once), and the solver
in four steps: words (the words a roll can make and their index), tree (the shapes as a
tree of steps, stored in data/tree.bin), fill (filling the tree: every solution, most
likely shapes first), solver (the answer: rating and solve). Then rating (the weekday
scale), generate (the real dice), rules (a player's grid: check, hint).
"""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind, tier_option
from puzzles.i18n import _
from puzzles.qless.generate import DIFFICULTIES, generate
from puzzles.qless.puzzle import EXAMPLE, Roll, parse
from puzzles.qless.rules import check, hint
from puzzles.qless.solver import DEFAULT_MAX_SOLUTIONS, QlessSolution, solve

# Counting runs at about 30,000 solutions a second on a busy two-core machine, so 100,000 fits
# the bot's 10 s solve deadline with room to spare; a million took 25 s.
MAX_SOLUTIONS = 100_000

KIND = PuzzleKind(
    name="qless",
    title="Q-less",
    aliases=("ql",),  # "Q-less" and "q less" match the name itself
    example=EXAMPLE,
    description=(
        "Twelve dice are rolled. Use every letter in one connected crossword: every run of "
        "two or more letters across or down is a word of 3+ letters, no two-letter words."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(
        tier_option(
            "word list for solving: common, standard or large (rare words too)",
        ),
        Option(
            "max_solutions",
            int,
            DEFAULT_MAX_SOLUTIONS,
            "count solutions up to this many",
            minimum=1,
            maximum=MAX_SOLUTIONS,
            faster=_("a lower max_solutions"),
        ),
    ),
    difficulties=DIFFICULTIES,
    max_input_chars=80,
    max_answer_chars=1000,  # a grid of up to 30 x 30 squares
    multiline_input=True,
    typed_as="12 letters",
    warm_up=True,  # builds the common-word index and the shape tree (about a second)
)

__all__ = ["KIND", "QlessSolution", "Roll", "check", "generate", "hint", "parse", "solve"]
