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

DISCORD = "discord"
COMMAND_LINE = "command line"


@dataclass(frozen=True)
class Usage:
    """An example command, written by each frontend in its own syntax: the same hint reads
    `/generate sudoku size:9` in Discord and `puzzlebot generate sudoku --size 9` in a
    terminal. Without a command it is only the options (`size:9`, `--size 9`)."""

    command: str = ""
    kind: str = ""
    text: str = ""  # the puzzle (or, for generate, the text to build it from)
    options: tuple[tuple[str, Any], ...] = ()

    def written_for(self, frontend: str) -> str:
        if frontend == DISCORD:
            return self._slash_command()
        return self._command_line()

    def _slash_command(self) -> str:
        parts = [f"/{self.command} {self.kind}"] if self.command else []
        if self.text:
            text_option = "text" if self.command == "generate" else "puzzle"
            parts.append(f"{text_option}:{self.text}" if self.command else self.text)
        parts += [f"{name}:{value}" for name, value in self.options]
        return " ".join(parts)

    def _command_line(self) -> str:
        parts = ["puzzlebot", self.command, self.kind] if self.command else []
        if self.text:
            parts.append(f'"{self.text}"' if self.command and " " in self.text else self.text)
        for name, value in self.options:
            flag = "--" + name.replace("_", "-")
            parts.append(flag if value is True else f"{flag} {value}")
        return " ".join(parts)


class PuzzleError(ValueError):
    """Input a player can fix: what is wrong, where, and an example of the right form.

    An example that is a command or its options is a `Usage`, so that each frontend shows
    it in its own syntax (`message_for`); `message` is the command-line form.
    """

    def __init__(
        self, problem: str, *, where: str | None = None, example: str | Usage | None = None
    ):
        self.problem = problem
        self.where = where
        self.example = example
        super().__init__(self.message)

    def __reduce__(self):
        # Keep `where` and `example` when the error crosses the worker-pool boundary.
        return _rebuild_error, (type(self), self.problem, self.where, self.example)

    @property
    def message(self) -> str:
        return self.message_for(COMMAND_LINE)

    def message_for(self, frontend: str) -> str:
        text = self.problem.rstrip(".")
        if self.where:
            text += f" ({self.where})"
        text += "."
        example = self.example
        if isinstance(example, Usage):
            example = example.written_for(frontend)
        if example:
            text += f" Example: {example}"
        return text


def _rebuild_error(cls: type[PuzzleError], problem: str, where, example) -> PuzzleError:
    return cls(problem, where=where, example=example)


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
    choices: tuple[Any, ...] = ()

    def coerce(self, value: Any) -> Any:
        """Validate a value typed by a player, with a message naming the option."""
        if value is None:
            return self.default
        if self.type is bool:
            return _as_bool(self.name, value)
        try:
            coerced = self.type(value)
        except (TypeError, ValueError):
            raise PuzzleError(
                f"{self.name} must be a {self.type.__name__}, not {value!r}",
                example=Usage(options=((self.name, self.default),)),
            ) from None
        if self.choices and coerced not in self.choices:
            raise PuzzleError(
                f"{self.name} must be one of {', '.join(map(str, self.choices))}, not {coerced!r}",
                example=Usage(options=((self.name, self.default),)),
            )
        if self.minimum is not None and coerced < self.minimum:
            raise PuzzleError(f"{self.name} must be at least {self.minimum}, not {coerced}")
        if self.maximum is not None and coerced > self.maximum:
            raise PuzzleError(f"{self.name} must be at most {self.maximum}, not {coerced}")
        return coerced


def _as_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    words = {"true": True, "yes": True, "on": True, "1": True}
    words |= {"false": False, "no": False, "off": False, "0": False}
    answer = words.get(str(value).strip().lower())
    if answer is None:
        raise PuzzleError(
            f"{name} must be yes or no, not {value!r}", example=Usage(options=((name, True),))
        )
    return answer


def _with_options(
    title: str, declared: tuple[Option, ...], given: dict[str, Any] | None
) -> dict[str, Any]:
    """Every declared option's value (given or default), each validated; unknown names refused."""
    given = {name: value for name, value in (given or {}).items() if value is not None}
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise PuzzleError(
            f"{title} has no option {unknown[0]!r}",
            example=", ".join(known) or "no options",
        )
    return {name: option.coerce(given.get(name)) for name, option in known.items()}


@dataclass(frozen=True)
class PuzzleKind:
    """One registered puzzle kind. Cogs and the CLI are driven entirely by these fields.

    - solve(puzzle, **solve_options) -> Solution; generate(rng, difficulty, **generate_options)
      -> Puzzle. Options are declared so the CLI and the bot can offer them by name.
    - hint(puzzle, progress) returns a str, or a frozen value with .text() that the kind's
      renderer can draw in place of a solution (e.g. the cells a sudoku hint is about).
    - multiline_input: the puzzle is a grid people paste over several lines; the bot asks
      for it in a multi-line text box when the command gives no text.
    - typed_as: what a player types for the puzzle ("grid", "enciphered text"), for the
      prompts of text boxes and options.
    - warm_up: the kind's first solve loads data or builds indexes (about a second), so each
      bot worker solves the kind's example once at start and the first player's solve is as
      fast as the rest.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    example: str
    description: str
    parse: Callable[[str], Puzzle]
    solve: Callable[..., Solution]
    check: Callable[[Puzzle, str], Verdict]
    generate: Callable[[random.Random, str | None], Puzzle]
    hint: Callable[[Puzzle, str], Any] | None = None
    solve_options: tuple[Option, ...] = ()
    generate_options: tuple[Option, ...] = ()
    difficulties: tuple[str, ...] = ()
    max_input_chars: int = 2000
    multiline_input: bool = False
    typed_as: str = "puzzle"
    warm_up: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def solve_with(self, puzzle: Puzzle, options: dict[str, Any] | None = None) -> Solution:
        """Solve with player-supplied options, each validated against its declaration."""
        return self.solve(puzzle, **_with_options(self.title, self.solve_options, options))

    def generate_with(
        self,
        rng: random.Random,
        difficulty: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> Puzzle:
        """Generate with a validated difficulty and player-supplied generate options."""
        if difficulty is not None and self.difficulties:
            difficulty = difficulty.strip().lower()
            if difficulty not in self.difficulties:
                raise PuzzleError(
                    f"{self.title} difficulty must be one of {', '.join(self.difficulties)}, "
                    f"not {difficulty!r}",
                    example=Usage(
                        "generate", self.name, options=(("difficulty", self.difficulties[0]),)
                    ),
                )
        values = _with_options(self.title, self.generate_options, options)
        return self.generate(rng, difficulty, **values)

    def check_input_size(self, text: str, what: str = "puzzle") -> None:
        """Refuse an oversized puzzle (or answer) before any work is done on it."""
        if len(text) > self.max_input_chars:
            raise PuzzleError(
                f"that {self.title} {what} is {len(text):,} characters; "
                f"the most I accept is {self.max_input_chars:,}",
                example=Usage("solve", self.name, self.example),
            )


def hint_text(hint: Any) -> str:
    """The words of a hint, whether the kind returned a str or a value with .text()."""
    return hint if isinstance(hint, str) else hint.text()


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
