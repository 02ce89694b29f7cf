"""Cipher words and their candidate plain words from the lexicon's pattern index, with scores.

A key is a tuple of 26 plain-letter indexes, one per cipher letter, UNKNOWN where the letter
is not read yet.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import or_

from puzzles.cryptogram.model import (
    shape_of,
    spoken_model,
    word_model,
)
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram
from puzzles.lexicon import pattern_of

UNKNOWN = -1
# English letters, most frequent first: the starting guess for letters no word fixes.
ENGLISH_ORDER = "etaoinshrdlcumwfgypbvkjxqz"

MAX_CANDIDATES = 3000  # most likely words per cipher-word shape; rarer ones are read as unlisted
# and the likeliest names (CMUdict words no list has) on top, however rare: FREDO must be tried
# even where thousands of listed words share its pattern
NAMES_PER_SHAPE = 200


@dataclass(frozen=True)
class Candidates:
    """Plain words for one cipher-word shape, most likely first, as letter numbers with log10 P;
    `at[i][letter]` is the set of indices of the candidates with that letter at position i."""

    plains: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]
    at: tuple[dict[int, frozenset[int]], ...]
    letter_bits: tuple[int, ...]  # each candidate's plain letters as a bit set


@dataclass(frozen=True)
class CipherWord:
    """A distinct cipher word: its letters as numbers (apostrophes dropped), how often it occurs,
    and the plain candidates aligned with those letters."""

    printed: str
    letters: tuple[int, ...]
    count: int
    candidates: Candidates

    @property
    def distinct(self) -> frozenset[int]:
        return frozenset(self.letters)


def cipher_words(puzzle: Cryptogram, with_candidates: bool = True) -> list[CipherWord]:
    """The distinct cipher words; without candidates when they are only to be scored."""
    if with_candidates:
        spoken_model()  # the readings will be ranked by it: it loads while candidates are found
    counts = Counter(puzzle.words)
    return [
        CipherWord(
            printed,
            tuple(LETTERS.index(ch) for ch in printed if ch != "'"),
            count,
            candidates_for(printed) if with_candidates else NO_CANDIDATES,
        )
        for printed, count in counts.items()
    ]


NO_CANDIDATES = Candidates((), (), (), ())
_CANDIDATES: dict[tuple[str, tuple[int, ...]], Candidates] = {}


def candidates_for(printed: str) -> Candidates:
    """Candidates depend only on the word's shape (pattern and apostrophes): cached by shape."""
    shape = shape_of(printed)
    found = _CANDIDATES.get(shape)
    if found is None:
        found = _CANDIDATES[shape] = _find_candidates(printed)
    return found


def _find_candidates(printed: str) -> Candidates:
    model = word_model()
    found: dict[str, float] = {}
    for word in _pattern_words(printed):
        score = model.dictionary_logprob(word)
        letters = word.replace("'", "")
        if score is not None and score > found.get(letters, -99.0):
            found[letters] = score
    cut = MAX_CANDIDATES + NAMES_PER_SHAPE
    ranked = sorted(found.items(), key=lambda item: (-item[1], item[0]))[:cut]
    # The candidates' letter numbers, one byte string per position: a few thousand candidates
    # are numbered and transposed in C, not letter by letter.
    length = len(printed.replace("'", ""))
    numbered = "".join(word for word, _ in ranked).encode("ascii").translate(_LETTER_NUMBERS)
    columns = [numbered[position::length] for position in range(length)]
    letter_bits = [0] * len(ranked)
    for column in columns:
        letter_bits = list(map(or_, letter_bits, map(_LETTER_BITS.__getitem__, column)))
    return Candidates(
        tuple(zip(*columns, strict=True)),
        tuple(score for _, score in ranked),
        tuple(_indices_by_letter(column) for column in columns),
        tuple(letter_bits),
    )


def _indices_by_letter(column: bytes) -> dict[int, frozenset[int]]:
    """letter -> the indices of the candidates with that letter at the column's position."""
    indices: dict[int, list[int]] = {}
    for index, letter in enumerate(column):
        indices.setdefault(letter, []).append(index)
    return {letter: frozenset(found) for letter, found in indices.items()}


_LETTER_NUMBERS = bytes.maketrans(bytes(range(97, 123)), bytes(range(26)))  # b"a" -> 0
_LETTER_BITS = tuple(1 << letter for letter in range(26))


def _pattern_words(printed: str) -> list[str]:
    """Words (apostrophes kept) with the cipher word's pattern: listed words, names, contractions,
    possessives. Quotes around a word ('TIS or 'HELLO') may be apostrophes or quotation marks."""
    model = word_model()
    core = printed.strip("'")
    letters = core.replace("'", "")
    words = list(model.extra_matching(printed))
    if core != printed:
        words += model.extra_matching(core)
    if "'" not in core:  # the likeliest listed words suffice, however many the extras outrank
        words += model.listed_matching(letters, MAX_CANDIDATES + len(words))
        return words + list(model.names_matching(letters, NAMES_PER_SHAPE))
    stem, _, ending = core.rpartition("'")
    if len(ending) == 1 and "'" not in stem:  # a possessive: DOG'S
        bases = model.listed_matching(stem) + model.extra_matching(stem)
        bases += model.names_matching(stem, NAMES_PER_SHAPE)
        words += [f"{base}'s" for base in bases]
    shaped = pattern_of(letters)
    return [w for w in words if pattern_of(w.replace("'", "")) == shaped]


def plain_word_score(word: str) -> float:
    """log10 P of a decoded word as printed (apostrophes kept; quotes at the edges ignored)."""
    model = word_model()
    if model.extra_word_zipf(word) is not None:
        return model.logprob(word)
    return model.logprob(word.strip("'"))
