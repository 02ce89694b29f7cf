"""Daily boxes: four sides of three letters with a known two-word answer in common words.

Like the NYT's boxes, a puzzle is made from its answer: two common words that chain
(the second starts with the first's last letter) and together use exactly twelve
letters. The letters are then split into four sides so that neither word ever takes
two letters from one side in a row, which is a small graph-colouring problem.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import cache

from puzzles.core import known_difficulty
from puzzles.letterboxed.puzzle import Board
from puzzles.letterboxed.solver import solve
from puzzles.letterboxed.words import playable_words
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE, alphabet

SIDES = 4
LETTERS_PER_SIDE = 3
BOARD_LETTERS = SIDES * LETTERS_PER_SIDE
DIFFICULTIES = ("easy", "medium", "hard")
MAX_TRIES = 400


@dataclass(frozen=True)
class BoxThresholds:
    """One language's generator thresholds, each measured on its own lexicon
    (bench/letterboxed_languages.py)."""

    # The answer words' commonness (wordfreq zipf) by difficulty: easy boxes hide everyday
    # words.
    answer_zipf: dict[str, tuple[float, float]]
    # Par is 4, plus one when the box has fewer two-word answers in common words than
    # few_answers, plus one when it has fewer common words to play than few_words.
    few_answers: int
    few_words: int


# English's were tuned by hand; French and Spanish carry them over by share (the bench's
# docstring says how): their answer bands hold the same share of their usable common words,
# and their par counts are English's scaled by a typical box's counts in the language.
THRESHOLDS = {
    "en": BoxThresholds({"easy": (4.0, 9.0), "medium": (3.2, 9.0), "hard": (2.5, 3.8)}, 5, 150),
    "fr": BoxThresholds({"easy": (4.1, 9.0), "medium": (3.4, 9.0), "hard": (2.9, 3.9)}, 8, 186),
    "es": BoxThresholds({"easy": (4.0, 9.0), "medium": (3.4, 9.0), "hard": (2.9, 3.9)}, 12, 271),
}


@cache
def _answer_words(dictionary: Lexicon, low: float, high: float) -> dict[str, tuple[str, ...]]:
    """Common words usable in a box answer, by first letter, in a fixed order."""
    by_first: dict[str, list[str]] = defaultdict(list)
    for word in sorted(dictionary.words(Tier.COMMON)):
        usable = 4 <= len(word) <= 10 and not _has_double_letter(word)
        if usable and low <= dictionary.zipf(word) <= high:
            by_first[word[0]].append(word)
    return {first: tuple(words) for first, words in by_first.items()}


def _has_double_letter(word: str) -> bool:
    return any(a == b for a, b in itertools.pairwise(word))


def generate(
    rng: random.Random,
    difficulty: str | None = None,
    dictionary: Lexicon | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Board:
    """A 4x3 box with a two-word answer in common words of the language ('en', 'fr' or
    'es'); the same rng state gives the same box."""
    difficulty = known_difficulty("letterboxed", difficulty or "medium", DIFFICULTIES, "easy")
    language = alphabet(language).language
    dictionary = dictionary or lexicon(language)
    words = _answer_words(dictionary, *THRESHOLDS[language].answer_zipf[difficulty])
    firsts = sorted(words)
    for _ in range(MAX_TRIES):
        answer = _answer_pair(rng, words, firsts)
        if answer is None:
            continue
        sides = _split_into_sides(rng, answer)
        if sides is None:
            continue
        board = Board(tuple(sides), language=language)
        in_common = solve(board, max_words=3, tier="common", dictionary=dictionary)
        # One long common word may cover the whole box (French "hard" boxes found one): no
        # puzzle. Boxes are solved in two or three common words, as the NYT's are.
        if in_common.fewest_words != 1:
            return replace(board, par=par_for(board, dictionary, in_common.two_word_count))
    raise RuntimeError(f"no {difficulty} box found in {MAX_TRIES} tries")  # pragma: no cover


def _answer_pair(rng, words: dict[str, tuple[str, ...]], firsts: list[str]):
    first_word = rng.choice(words[rng.choice(firsts)])
    followers = list(words.get(first_word[-1], ()))
    rng.shuffle(followers)
    for second_word in followers:
        letters = set(first_word) | set(second_word)
        if len(letters) == BOARD_LETTERS and second_word != first_word:
            return first_word, second_word
    return None


def _split_into_sides(rng: random.Random, answer: tuple[str, str]) -> list[str] | None:
    """Four sides of three letters, no two neighbouring letters of a word on one side."""
    neighbours: dict[str, set[str]] = defaultdict(set)
    for word in answer:
        for a, b in itertools.pairwise(word):
            neighbours[a].add(b)
            neighbours[b].add(a)
    letters = sorted(set("".join(answer)))
    rng.shuffle(letters)
    # Most constrained letters first makes the colouring search nearly linear.
    letters.sort(key=lambda letter: -len(neighbours[letter]))
    sides: list[list[str]] = [[] for _ in range(SIDES)]

    def place(index: int) -> bool:
        if index == len(letters):
            return True
        letter = letters[index]
        for side in rng.sample(sides, len(sides)):
            if len(side) < LETTERS_PER_SIDE and not neighbours[letter] & set(side):
                side.append(letter)
                if place(index + 1):
                    return True
                side.pop()
        return False

    if not place(0):
        return None
    return ["".join(sorted(side)) for side in sides]


def par_for(board: Board, dictionary: Lexicon, common_answers: int) -> int:
    """Par grows as the box offers fewer common words and fewer short common finishes
    (``common_answers``: its two-word answers in common words).

    4 when there are plenty of two-word answers in common words; 5 when there are
    only a few, or few common words to play at all; 6 when both are scarce (the
    thresholds of the board's language).
    """
    thresholds = THRESHOLDS[board.language]
    common_words = len(playable_words(board, dictionary, Tier.COMMON))
    scarce = (common_answers < thresholds.few_answers) + (common_words < thresholds.few_words)
    return 4 + scarce
