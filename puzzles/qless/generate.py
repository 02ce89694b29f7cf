"""Daily rolls: the real Q-less dice, kept when common words solve them, rated by weekday.

A roll is twelve dice thrown at once, so a puzzle is one face of each die. The bot
only serves rolls a player can finish with everyday words, and a server asking for a
Friday gets a roll that rates as a Friday on the write-up's scale (see rating.py).
"""

from __future__ import annotations

import random
from dataclasses import replace

from puzzles.core import PuzzleError, Usage, known_difficulty
from puzzles.i18n import _
from puzzles.lexicon import Lexicon, lexicon
from puzzles.qless.puzzle import Roll
from puzzles.qless.rating import DAYS, TOO_EASY
from puzzles.qless.solver import rate

DICE = (
    "aeiouu",
    "aaeeoo",
    "iionny",
    "nnrrhh",
    "wrflld",
    "hhpttw",
    "ppvfgk",
    "ggldrr",
    "ccjtbd",
    "ccsttm",
    "szxnbk",
    "mmblly",
)
DIFFICULTIES = DAYS
# Wednesday and Thursday rolls are the rarest, about one throw in 200 (most throws are too
# easy or Tuesdays); rating a throw takes milliseconds, so a few thousand tries is cheap.
MAX_ROLLS = 3000


def roll_dice(rng: random.Random) -> Roll:
    """One throw of the twelve dice."""
    return Roll("".join(sorted(rng.choice(die) for die in DICE)))


def generate(
    rng: random.Random, difficulty: str | None = None, dictionary: Lexicon | None = None
) -> Roll:
    """A roll of the real dice rated `difficulty` (a weekday); any publishable day if None."""
    if difficulty is not None:
        known_difficulty("qless", difficulty, DIFFICULTIES, "friday", _("choose a weekday"))
    dictionary = dictionary or lexicon()
    for _throw in range(MAX_ROLLS):
        roll = roll_dice(rng)
        day = rate(roll, dictionary).day
        if day is not None and day != TOO_EASY and difficulty in (None, day):
            return replace(roll, day=day)
    raise PuzzleError(
        _(
            "no {difficulty} roll turned up in {throws} throws of the dice; try another seed",
            difficulty=difficulty,
            throws=MAX_ROLLS,
        ),
        example=Usage("generate", "qless", options=(("difficulty", "wednesday"),)),
    )
