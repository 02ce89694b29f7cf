"""Word ladders (Word Changer): turn one word into another, one letter at a time.

Glossary:
    Ladder     lowercase start and goal words (goal None: the longest chain from start),
               and par, the shortest ladder's steps when known
    step       changing exactly one letter in place; every word on the way is a word
    WordGraph  one word length's words as numbered nodes, joined when one letter apart
               (graph.py); shortest ladders are breadth-first searches on it
    chain      a path that never repeats a word; the longest one is searched within a
               time budget (longest.py)

Modules: puzzle (Ladder, parse), graph, longest, solver, generate, rules (check, hint).
"""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind, language_option, tier_option
from puzzles.i18n import _
from puzzles.ladder.generate import (
    DIFFICULTIES,
    MAX_LETTERS,
    MAX_STEPS,
    MIN_LETTERS,
    MIN_STEPS,
    generate,
)
from puzzles.ladder.graph import Ladders, WordGraph, graph_for
from puzzles.ladder.puzzle import EXAMPLE, Ladder, parse
from puzzles.ladder.rules import LadderHint, check, hint
from puzzles.ladder.solver import (
    DEFAULT_SECONDS,
    MAX_SECONDS,
    LadderSolution,
    LongestChain,
    solve,
)

KIND = PuzzleKind(
    name="ladder",
    title="Word Ladder",
    aliases=("wordladder", "wordchanger", "doublets", "laddergram"),
    example=EXAMPLE,
    description=(
        "Turn the first word into the second by changing one letter at a time; every "
        "step must be a word (COLD CORD CARD WARD WARM). With one word and the longest option: the "
        "longest chain of changes from it that never repeats a word."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(
        Option("longest", bool, False, "the longest chain from one word instead"),
        tier_option(),
        Option(
            "seconds",
            float,
            DEFAULT_SECONDS,
            "time budget for the longest chain, in seconds",
            minimum=1,
            maximum=MAX_SECONDS,  # inside the bot's 10 s solve deadline
            faster=_("fewer seconds"),
        ),
    ),
    generate_options=(
        Option(
            "steps",
            int,
            None,
            "shortest ladder length (instead of the difficulty's)",
            minimum=MIN_STEPS,
            maximum=MAX_STEPS,
        ),
        Option(
            "letters",
            int,
            None,
            "word length (default: 4 or 5)",
            minimum=MIN_LETTERS,
            maximum=MAX_LETTERS,
        ),
        language_option(),
    ),
    puzzle_options=(language_option(),),
    difficulties=DIFFICULTIES,
    max_input_chars=80,
    max_answer_chars=500,  # a chain of words
)

__all__ = [
    "KIND",
    "Ladder",
    "LadderHint",
    "LadderSolution",
    "Ladders",
    "LongestChain",
    "WordGraph",
    "check",
    "generate",
    "graph_for",
    "hint",
    "parse",
    "solve",
]
