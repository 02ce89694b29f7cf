"""A Letter Boxed board and how players type one.

The board is a polygon with letters on each side. A word may not use two letters
from the same side in a row, so all that matters about a letter is which side it
sits on: `Board.side_of` is the whole geometry the solver needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from puzzles.core import PuzzleError, letters_described, shorten, shown
from puzzles.i18n import _
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE, Alphabet, alphabet

EXAMPLE = "vro wal eth bdi"
MIN_SIDES = 3
MAX_SIDES = 8
MAX_LETTERS_PER_SIDE = 6
# Sides are separated by spaces, slashes, commas, semicolons or pipes.
SIDE_SEPARATORS = re.compile(r"[\s,/;|]+")


@dataclass(frozen=True)
class Board:
    """Letters per side, lowercase, in the order the player typed them (clockwise from the top),
    and the language whose words play on it (French and Spanish boards hold folded letters:
    E for É, and Spanish Ñ)."""

    sides: tuple[str, ...]
    par: int | None = None
    language: str = DEFAULT_LANGUAGE

    def text(self) -> str:
        return " ".join(side.upper() for side in self.sides)

    @cached_property
    def side_of(self) -> dict[str, int]:
        return {letter: index for index, side in enumerate(self.sides) for letter in side}

    @property
    def letters(self) -> str:
        return "".join(self.sides)

    @property
    def shape(self) -> str:
        """'4x3' for a square with three letters a side; '3-3-2' when sides differ."""
        lengths = {len(side) for side in self.sides}
        if len(lengths) == 1:
            return f"{len(self.sides)}x{lengths.pop()}"
        return "-".join(str(len(side)) for side in self.sides)

    def __getstate__(self):
        # cached_property stores into __dict__; keep pickles to the declared fields only.
        return {"sides": self.sides, "par": self.par, "language": self.language}

    def __setstate__(self, state):
        object.__setattr__(self, "sides", state["sides"])
        object.__setattr__(self, "par", state["par"])
        object.__setattr__(self, "language", state.get("language", DEFAULT_LANGUAGE))


def parse(text: str, language: str = DEFAULT_LANGUAGE) -> Board:
    """'vro wal eth bdi', 'VRO/WAL/ETH/BDI' or 'vro,wal,eth,bdi' -> Board. In French and
    Spanish, accents are dropped as their games drop them ('É' is E; Spanish keeps Ñ)."""
    letters = alphabet(language)
    sides = tuple(side for side in SIDE_SEPARATORS.split(letters.as_played(text).strip()) if side)
    if not sides:
        raise PuzzleError(_("type the letters of each side, separated by spaces"), example=EXAMPLE)
    for number, side in enumerate(sides, start=1):
        _check_side_letters(number, side, letters)
    if len(sides) < MIN_SIDES:
        raise PuzzleError(
            _(
                "a box needs at least {least} sides, but I found {count} ({sides}); "
                "separate the sides with spaces",
                least=MIN_SIDES,
                count=len(sides),
                sides=shorten(", ".join(s.upper() for s in sides)),
            ),
            example=EXAMPLE,
        )
    if len(sides) > MAX_SIDES:
        raise PuzzleError(
            _(
                "a box can have at most {most} sides, but I found {count}",
                most=MAX_SIDES,
                count=len(sides),
            ),
            example=EXAMPLE,
        )
    sides = tuple(side.lower() for side in sides)
    _check_distinct_letters(sides)
    return Board(sides, language=letters.language)


def _check_side_letters(number: int, side: str, letters: Alphabet) -> None:
    strange = letters.first_non_letter(side)
    if strange:
        raise PuzzleError(
            _(
                "side {number} ({side}) contains {character}; sides hold only letters {letters}",
                number=number,
                side=shorten(side.upper()),
                character=shown(strange),
                letters=letters_described(letters),
            ),
            example=EXAMPLE,
        )
    if len(side) > MAX_LETTERS_PER_SIDE:
        raise PuzzleError(
            _(
                "side {number} ({side}) has {count} letters; at most {most} fit on a side",
                number=number,
                side=shorten(side.upper()),
                count=len(side),
                most=MAX_LETTERS_PER_SIDE,
            ),
            where=_("did you forget a space between two sides?"),
            example=EXAMPLE,
        )


def _check_distinct_letters(sides: tuple[str, ...]) -> None:
    seen: dict[str, int] = {}
    for number, side in enumerate(sides, start=1):
        for letter in side:
            if letter in seen:
                first = seen[letter]
                if first == number:
                    twice = _(
                        "the letter {letter} appears twice (side {number}); "
                        "every letter on the box must be different",
                        letter=letter.upper(),
                        number=number,
                    )
                else:
                    twice = _(
                        "the letter {letter} appears twice (sides {first} and {number}); "
                        "every letter on the box must be different",
                        letter=letter.upper(),
                        first=first,
                        number=number,
                    )
                raise PuzzleError(
                    twice,
                    example=EXAMPLE,
                )
            seen[letter] = number
