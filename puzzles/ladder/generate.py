"""Daily ladders: two familiar common words whose shortest ladder has a chosen length.

A start word is drawn from the familiar common words; a breadth-first search through
common words finds every word exactly that many steps away, and one of the familiar ones
becomes the goal. The pair is kept only if the standard word list (what the solver and
hints use) has no shorter ladder, so the par is the true shortest.
"""

from __future__ import annotations

import random
from functools import cache

from puzzles.core import PuzzleError, Usage
from puzzles.i18n import _
from puzzles.ladder.graph import graph_for
from puzzles.ladder.puzzle import Ladder
from puzzles.lexicon import Lexicon, Tier, alphabet, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

DIFFICULTIES = ("easy", "medium", "hard", "expert", "fiendish")
STEPS = dict(zip(DIFFICULTIES, (4, 5, 6, 7, 8), strict=True))
MIN_STEPS, MAX_STEPS = 3, 10
WORD_LENGTHS = (4, 5)  # when the player does not choose one
MIN_LETTERS, MAX_LETTERS = 3, 6
FAMILIAR_ZIPF = 3.5  # start and goal words at least this frequent (wordfreq zipf)
MAX_TRIES = 200


def generate(
    rng: random.Random,
    difficulty: str | None = None,
    steps: int | None = None,
    letters: int | None = None,
    dictionary: Lexicon | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Ladder:
    """A start and goal whose shortest ladder has `steps` steps (by default from the
    difficulty: easy 4 ... fiendish 8), in words of the language ('en', 'fr' or 'es'); the
    same rng state gives the same pair."""
    steps = steps or STEPS[difficulty or "medium"]
    if not MIN_STEPS <= steps <= MAX_STEPS:
        raise PuzzleError(
            _(
                "a generated ladder has {least} to {most} steps, not {steps}",
                least=MIN_STEPS,
                most=MAX_STEPS,
                steps=steps,
            ),
            example=Usage("generate", "ladder", options=(("steps", 5),)),
        )
    language = alphabet(language).language
    dictionary = dictionary or lexicon(language)
    for _try in range(MAX_TRIES):
        length = letters or rng.choice(WORD_LENGTHS)
        pair = _pair(rng, length, steps, dictionary)
        if pair is not None:
            return Ladder(*pair, par=steps, language=language)
    if letters:
        problem = _(
            "I found no {letters}-letter pair of familiar words {steps} steps apart",
            letters=letters,
            steps=steps,
        )
    else:
        problem = _(
            "I found no 4- or 5-letter pair of familiar words {steps} steps apart", steps=steps
        )
    raise PuzzleError(
        problem,
        example=Usage("generate", "ladder", options=(("steps", 5), ("letters", 4))),
    )


def _pair(rng: random.Random, length: int, steps: int, dictionary: Lexicon):
    familiar = _familiar_words(dictionary, length)
    if not familiar:
        return None
    start = rng.choice(familiar)
    away = graph_for(length, Tier.COMMON, dictionary).distances_from(start)
    familiar_set = set(familiar)
    goals = sorted(w for w, distance in away.items() if distance == steps and w in familiar_set)
    if not goals:
        return None
    goal = rng.choice(goals)
    shortest = graph_for(length, Tier.STANDARD, dictionary).shortest_ladders(start, goal)
    if shortest is None or shortest.steps != steps:
        return None
    return start, goal


@cache
def _familiar_words(dictionary: Lexicon, length: int) -> tuple[str, ...]:
    """Common words of `length` that most players know, sorted (for a deterministic draw)."""
    return tuple(
        word
        for word in dictionary.words_of_length(length, Tier.COMMON)
        if dictionary.zipf(word) >= FAMILIAR_ZIPF
    )
