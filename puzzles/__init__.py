"""Pure puzzle domain: no I/O beyond package data, no Discord. See puzzles.core for the surface."""

from puzzles.core import (
    Option,
    Puzzle,
    PuzzleError,
    PuzzleKind,
    Solution,
    Verdict,
    kind_description,
    kind_title,
    kind_typed_as,
)
from puzzles.registry import all_kinds, get_kind

__all__ = [
    "Option",
    "Puzzle",
    "PuzzleError",
    "PuzzleKind",
    "Solution",
    "Verdict",
    "all_kinds",
    "get_kind",
    "kind_description",
    "kind_title",
    "kind_typed_as",
]
