"""A Q-less roll and how players type one: the letters, in any order and case."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from puzzles.core import PuzzleError, is_letter, shown
from puzzles.i18n import _
from puzzles.qless.shapes import MAX_CELLS, MIN_CELLS

EXAMPLE = "aabcdlmnnptt"
ROLL_LETTERS = 12  # the real game rolls twelve dice
# Letters may be run together or separated by spaces, commas, slashes, dashes or pipes.
SEPARATORS = re.compile(r"[\s,;/|\-]+")


@dataclass(frozen=True)
class Roll:
    """The letters to place, lowercase and sorted (the order they were rolled never matters)."""

    letters: str
    day: str | None = None  # the weekday a generated roll was rated for

    def text(self) -> str:
        return self.letters.upper()

    @property
    def counts(self) -> Counter[str]:
        return Counter(self.letters)


def parse(text: str) -> Roll:
    """'aabcdlmnnptt', 'A A B C D L M N N P T T' or 'a,a,b,...' -> Roll."""
    letters = SEPARATORS.sub("", text.strip())
    if not letters:
        raise PuzzleError(_("type the letters of the roll"), example=EXAMPLE)
    strange = [(i, ch) for i, ch in enumerate(letters, start=1) if not is_letter(ch)]
    if strange:
        position, character = strange[0]
        if len(strange) > 1:
            where = _(
                "character {position} of the letters, and {more} more",
                position=position,
                more=len(strange) - 1,
            )
        else:
            where = _("character {position} of the letters", position=position)
        raise PuzzleError(
            _(
                "{character} is not a letter; a roll holds only the letters A-Z",
                character=shown(character),
            ),
            where=where,
            example=EXAMPLE,
        )
    if not MIN_CELLS <= len(letters) <= MAX_CELLS:
        raise PuzzleError(
            _(
                "that is {count} letters; I can solve rolls of {least} to {most} letters "
                "(the game rolls {rolled})",
                count=len(letters),
                least=MIN_CELLS,
                most=MAX_CELLS,
                rolled=ROLL_LETTERS,
            ),
            example=EXAMPLE,
        )
    return Roll("".join(sorted(letters.lower())))
