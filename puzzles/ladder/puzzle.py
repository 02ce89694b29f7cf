"""A word ladder and how players type one: two words of the same length, or one start word.

`cold warm` asks for a ladder from COLD to WARM; a single word (`cold`) is a start for
the longest chain. The words must be in the (large) word list so that a mistyped word is
caught here, with its name, rather than reported later as "no ladder".

A player's chain (an answer or progress, read in rules.py) is written as the puzzle's words
are, so both are split into words here (split_words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.core import PuzzleError, letters_described, shorten, shown
from puzzles.i18n import _
from puzzles.ladder.graph import tier_of
from puzzles.lexicon import Lexicon, alphabet, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

EXAMPLE = "cold warm"
MIN_LETTERS = 2
MAX_LETTERS = 15
# Words are separated by spaces, commas, slashes or arrows: `cold warm`, `COLD -> WARM`.
WORD_SEPARATORS = re.compile(r"[\s,;/|>→\-–—]+")


@dataclass(frozen=True)
class Ladder:
    """Lowercase start and goal words; goal is None for a longest-chain start word.

    par is the shortest ladder's length in steps when known (generated puzzles); language
    is whose words the ladder climbs through (French and Spanish words are folded: ETE for
    été; Spanish keeps Ñ)."""

    start: str
    goal: str | None = None
    par: int | None = None
    language: str = DEFAULT_LANGUAGE

    def text(self) -> str:
        return " ".join(word.upper() for word in self.words)

    @property
    def words(self) -> tuple[str, ...]:
        return (self.start,) if self.goal is None else (self.start, self.goal)


def split_words(
    text: str, example: str = EXAMPLE, language: str = DEFAULT_LANGUAGE
) -> tuple[str, ...]:
    """The words of a line, lowercase (French and Spanish accents dropped); a PuzzleError
    names a word holding anything but the language's letters (checked before lower-casing,
    which turns the Kelvin sign into a 'k')."""
    letters = alphabet(language)
    words = tuple(word for word in WORD_SEPARATORS.split(letters.as_played(text).strip()) if word)
    for number, word in enumerate(words, start=1):
        strange = letters.first_non_letter(word)
        if strange is not None:
            raise PuzzleError(
                _(
                    "{word} contains {character}; words hold only letters {letters}",
                    word=shorten(word.upper()),
                    character=shown(strange),
                    letters=letters_described(letters),
                ),
                where=_("word {number}", number=number),
                example=example,
            )
    return tuple(word.lower() for word in words)


def parse(text: str, dictionary: Lexicon | None = None, language: str = DEFAULT_LANGUAGE) -> Ladder:
    """'cold warm', 'COLD -> WARM', 'cold,warm' -> Ladder('cold', 'warm'); 'cold' -> start only.
    In French and Spanish ('fr', 'es'), the words of that language's lexicon."""
    language = alphabet(language).language
    words = split_words(text, language=language)
    if not words:
        raise PuzzleError(_("type two words of the same length to join"), example=EXAMPLE)
    if len(words) > 2:
        raise PuzzleError(
            _(
                "a ladder joins two words, but I found {count} ({words})",
                count=len(words),
                words=shorten(" ".join(words).upper()),
            ),
            example=EXAMPLE,
        )
    for number, word in enumerate(words, start=1):
        _check_length(number, word)
    if len(words) == 2:
        _check_same_length(*words)
    _check_known(words, dictionary or lexicon(language))
    return Ladder(*words, language=language)


def _check_length(number: int, word: str) -> None:
    if not MIN_LETTERS <= len(word) <= MAX_LETTERS:
        raise PuzzleError(
            _(
                "{word} has {count} letters; ladder words have {least} to {most}",
                word=shorten(word.upper()),
                count=len(word),
                least=MIN_LETTERS,
                most=MAX_LETTERS,
            ),
            where=_("word {number}", number=number),
            example=EXAMPLE,
        )


def _check_same_length(start: str, goal: str) -> None:
    if len(start) != len(goal):
        raise PuzzleError(
            _(
                "{start} has {start_letters} letters but {goal} has {goal_letters}; "
                "a ladder changes one letter at a time, so both words need the same length",
                start=shorten(start.upper()),
                start_letters=len(start),
                goal=shorten(goal.upper()),
                goal_letters=len(goal),
            ),
            example=EXAMPLE,
        )
    if start == goal:
        raise PuzzleError(
            _("both words are {word}; give two different words", word=start.upper()),
            example=EXAMPLE,
        )


def _check_known(words: tuple[str, ...], dictionary: Lexicon) -> None:
    unknown = [word for word in words if tier_of(word, dictionary) is None]
    if unknown:
        numbers = [words.index(word) + 1 for word in unknown]
        if len(unknown) == 1:
            problem = _("{word} is not in the word list", word=unknown[0].upper())
            where = _("word {number}", number=numbers[0])
        else:
            first, second = (word.upper() for word in unknown)
            problem = _("{first} and {second} are not in the word list", first=first, second=second)
            where = _("word {first} and word {second}", first=numbers[0], second=numbers[1])
        raise PuzzleError(problem, where=where, example=EXAMPLE)
