"""Whether any key can make a ciphertext English: long texts of random letters are told apart
early, and answered as such, instead of searched to the end (a search that finds no words to
settle on runs every restart and every climb: half a minute on 1,500 letters).

A substitution keeps how often letters repeat, so the index of coincidence (the chance that
two letters picked from the text are the same) is the plaintext's: 0.066 in English, 0.038
in random letters. On the project's quotations joined and cut into pieces of 200 letters the
least was 0.058; of 2,000 texts of 200 random letters the most was 0.045. Random letters drawn
as often as English uses them pass that test, but no key reads them as English: the best key
of the first two annealing runs scores -5.65 or less (log10 per 4-gram) on 12 such texts of
200 letters (about -6.2 on 1,500), and -4.38 or more on 30 pieces of 200 letters of the
quotations (one run alone once scored -5.25, having missed the key).
"""

from __future__ import annotations

from collections import Counter

from puzzles.core import PuzzleError
from puzzles.cryptogram.puzzle import EXAMPLE
from puzzles.i18n import _

MIN_LETTERS = 200  # shorter texts are quick to search, and their letter counts vary more
RANDOM_COINCIDENCE = 0.047  # below this, the letters repeat no more than random ones do
ENGLISH_COINCIDENCE, NOISE_COINCIDENCE = 0.066, 0.038
NOISE_PER_4_GRAM = -5.0  # log10: the best key of the first annealing runs reads this badly


class UnreadableText(PuzzleError):
    """The ciphertext cannot be a substitution of English: there is nothing to solve."""


def coincidence(letters: str) -> float:
    """The chance that two letters picked at random from the text are the same letter."""
    n = len(letters)
    return sum(k * (k - 1) for k in Counter(letters).values()) / (n * (n - 1))


def refuse_random_letters(letters: str) -> None:
    """Raise UnreadableText for a long text whose letters repeat as rarely as random ones."""
    if len(letters) < MIN_LETTERS:
        return
    share = coincidence(letters)
    if share < RANDOM_COINCIDENCE:
        raise UnreadableText(
            _(
                "these {count} letters look random, so no key reads them as English: two of "
                "them picked at random are the same {share}% of the time, as in random letters "
                "({random}%); in English text they are {english}%",
                count=len(letters),
                share=_percent(share),
                random=_percent(NOISE_COINCIDENCE),
                english=_percent(ENGLISH_COINCIDENCE),
            ),
            example=EXAMPLE,
        )


def _percent(share: float) -> float:
    """A share as a percentage to one decimal (6.6), for a message to write in its language."""
    return round(share * 100, 1)


def refuse_noise(letters: int, per_4_gram: float, runs: int) -> None:
    """Raise UnreadableText when the best key of `runs` annealing runs reads a long text as
    nothing like English (log10 `per_4_gram`)."""
    if letters >= MIN_LETTERS and per_4_gram < NOISE_PER_4_GRAM:
        raise UnreadableText(
            _(
                "no key reads these {count} letters as English: the best of {runs} searches "
                "reads them about as well as random letters (log10 {score} per 4 letters; "
                "English reads about {english})",
                count=letters,
                runs=runs,
                score=round(per_4_gram, 1),
                english=-4.2,
            ),
            example=EXAMPLE,
        )
