"""The surface every puzzle kind offers, and the error a player can act on.

A kind is a handful of plain functions (parse, solve, check, generate, hint)
bundled in a `PuzzleKind`. Puzzle and Solution values are frozen dataclasses so
they pickle across the worker-pool boundary and can be compared and hashed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class PuzzleError(ValueError):
    """Input a player can fix: what is wrong, where, and an example of the right form."""

    def __init__(self, problem: str, *, where: str | None = None, example: str | None = None):
        self.problem = problem
        self.where = where
        self.example = example
        super().__init__(self.message)

    @property
    def message(self) -> str:
        text = self.problem.rstrip(".")
        if self.where:
            text += f" ({self.where})"
        text += "."
        if self.example:
            text += f" Example: {self.example}"
        return text


class SolveTimeout(PuzzleError):
    """A solve ran past its deadline; the player can retry with a smaller search."""


class Puzzle(Protocol):
    """A parsed puzzle: immutable, picklable, and printable back in the form parse() accepts."""

    def text(self) -> str: ...


class Solution(Protocol):
    """A solver's answer: immutable, picklable, with a short human-readable summary."""

    def text(self) -> str: ...


@dataclass(frozen=True)
class Verdict:
    """The result of checking a player's answer: every rule broken, not only the first."""

    solved: bool
    problems: tuple[str, ...] = ()
    summary: str = ""

    def text(self) -> str:
        lines = [self.summary] if self.summary else []
        lines += [f"- {problem}" for problem in self.problems]
        return "\n".join(lines)


@dataclass(frozen=True)
class Option:
    """A per-kind solve option, declared once so the CLI and the bot can both offer it."""

    name: str
    type: type
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def coerce(self, value: Any) -> Any:
        """Validate a value typed by a player, with a message naming the option."""
        if value is None:
            return self.default
        try:
            coerced = self.type(value)
        except (TypeError, ValueError):
            raise PuzzleError(
                f"{self.name} must be a {self.type.__name__}, not {value!r}",
                example=f"{self.name}={self.default}",
            ) from None
        if self.choices and coerced not in self.choices:
            raise PuzzleError(
                f"{self.name} must be one of {', '.join(self.choices)}, not {coerced!r}",
                example=f"{self.name}={self.default}",
            )
        if self.minimum is not None and coerced < self.minimum:
            raise PuzzleError(f"{self.name} must be at least {self.minimum}, not {coerced}")
        if self.maximum is not None and coerced > self.maximum:
            raise PuzzleError(f"{self.name} must be at most {self.maximum}, not {coerced}")
        return coerced


@dataclass(frozen=True)
class PuzzleKind:
    """One registered puzzle kind. Cogs and the CLI are driven entirely by these fields."""

    name: str
    title: str
    aliases: tuple[str, ...]
    example: str
    description: str
    parse: Callable[[str], Puzzle]
    solve: Callable[..., Solution]
    check: Callable[[Puzzle, str], Verdict]
    generate: Callable[[random.Random, str | None], Puzzle]
    hint: Callable[[Puzzle, str], str] | None = None
    solve_options: tuple[Option, ...] = ()
    difficulties: tuple[str, ...] = ()
    max_input_chars: int = 2000
    extra: dict[str, Any] = field(default_factory=dict)

    def solve_with(self, puzzle: Puzzle, options: dict[str, Any] | None = None) -> Solution:
        """Solve with player-supplied options, each validated against its declaration."""
        options = options or {}
        known = {option.name: option for option in self.solve_options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise PuzzleError(
                f"{self.title} has no option {unknown[0]!r}",
                example=", ".join(known) or "no options",
            )
        values = {name: option.coerce(options.get(name)) for name, option in known.items()}
        return self.solve(puzzle, **values)


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for a puzzle, solution or verdict (dataclasses, tuples, sets)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_jsonable(item) for item in value)
    return value


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """'1 word', '3 words'."""
    return f"{count:,} {noun if count == 1 else (plural_noun or noun + 's')}"


def join_words(words: Sequence[str]) -> str:
    return " ".join(word.upper() for word in words)
