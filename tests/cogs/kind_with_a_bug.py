"""A puzzle kind with a bug, registered only by the tests that need an unexpected error.

Its puzzles cannot be pickled, so sending one to the worker pool fails in the bot's own
process, after the command has deferred: the path every bug of ours takes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzles.core import PuzzleKind, Verdict


@dataclass(frozen=True)
class Unpicklable:
    words: str
    checker: object = field(default_factory=lambda: lambda: None)  # a lambda cannot be pickled

    def text(self) -> str:
        return self.words


def _never(*args, **kwargs):
    raise AssertionError("the worker should never be reached")


KIND = PuzzleKind(
    name="buggy",
    title="Buggy",
    aliases=(),
    example="any words",
    description="A kind whose puzzles cannot reach a worker.",
    parse=Unpicklable,
    solve=_never,
    check=lambda puzzle, answer: Verdict(False),
    generate=_never,
)
