"""The words playable on a board, grouped into moves, read off a per-process word index."""

from __future__ import annotations

import itertools
import math
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from puzzles.letterboxed.coverage import (
    projection_tables,
)
from puzzles.letterboxed.puzzle import Board
from puzzles.lexicon import Lexicon, Tier

MIN_WORD_LENGTH = 3


@dataclass(eq=False, slots=True)
class Move:
    """What a group of words does on the board: its first and last letter, the letters it covers.

    Made once per board and never changed; equal only to itself (cheap to make and hash)."""

    first: int
    last: int
    mask: int
    words: tuple[str, ...]  # most common first
    gain: int  # how many board letters it covers
    zipf: float  # commonness of its most common word


def word_choices(sequence: tuple[Move, ...]) -> int:
    """Ordered word solutions behind a move sequence, never using one word twice."""
    uses: dict[Move, int] = {}
    for move in sequence:
        uses[move] = uses.get(move, 0) + 1
    total = 1
    for move, times in uses.items():
        total *= math.perm(len(move.words), times)
    return total


def best_words(sequence: tuple[Move, ...]) -> tuple[str, ...] | None:
    """The most common distinct words that play a move sequence."""
    chosen: list[str] = []
    for move in sequence:
        word = next((w for w in move.words if w not in chosen), None)
        if word is None:
            return None
        chosen.append(word)
    return tuple(chosen)


# --- playable words -------------------------------------------------------------------------
#
# Per word list, once per process: every word gets an index, and sets of words are bits
# of an int (bit i: word i), one set per letter (the words using it) and one per pair of
# letters (the words where the two stand side by side, either way round). A board's
# playable words are then every word minus those using a letter off the board and those
# with two letters of one side side by side: a few dozen ORs of big ints, at C speed.
# Words are numbered in groups of one letter set, first letter and last letter, most
# common first within a group, so each group of playable words is one move.


class _WordIndex(NamedTuple):
    words: tuple[str, ...]
    zipfs: tuple[float, ...]
    group_of: tuple[int, ...]  # per word, its group's number
    groups: tuple[tuple[int, int, int], ...]  # per group: (letter set, first, last letter)
    with_letter: tuple[int, ...]  # per alphabet letter, the words using it
    side_by_side: dict[int, int]  # per pair of letters (see _pair), the words with them so


@cache
def _word_index(dictionary: Lexicon, tier: Tier) -> _WordIndex:
    """Words of 3+ letters, in groups. Words with a doubled letter are left out: that is
    two letters of one side in a row."""
    zipf = dictionary.zipf
    words = sorted(
        (
            word
            for word in dictionary.words(tier)
            if len(word) >= MIN_WORD_LENGTH and not _has_doubled_letter(word)
        ),
        key=lambda word: (_alphabet_mask(word), word[0], word[-1], -zipf(word), word),
    )
    groups: list[tuple[int, int, int]] = []
    group_of = []
    with_letter: list[list[int]] = [[] for _ in range(26)]
    side_by_side: dict[int, list[int]] = defaultdict(list)
    for number, word in enumerate(words):
        ends = (_alphabet_mask(word), ord(word[0]) - 97, ord(word[-1]) - 97)
        if not groups or groups[-1] != ends:
            groups.append(ends)
        group_of.append(len(groups) - 1)
        for letter in set(word):
            with_letter[ord(letter) - 97].append(number)
        for pair in {_pair(a, b) for a, b in itertools.pairwise(word)}:
            side_by_side[pair].append(number)
    return _WordIndex(
        words=tuple(words),
        zipfs=tuple(zipf(word) for word in words),
        group_of=tuple(group_of),
        groups=tuple(groups),
        with_letter=tuple(_bit_set(members, len(words)) for members in with_letter),
        side_by_side={
            pair: _bit_set(members, len(words)) for pair, members in side_by_side.items()
        },
    )


_has_doubled_letter = re.compile(r"(.)\1").search


def _pair(a: str, b: str) -> int:
    """A number for two letters, the same either way round."""
    low, high = sorted((ord(a) - 97, ord(b) - 97))
    return 26 * low + high


def _bit_set(members: list[int], size: int) -> int:
    """The int with bit i set for each i in members (spelt out as binary digits first:
    setting bits of a growing int one at a time would copy it every time)."""
    digits = bytearray(b"0" * size)
    for member in members:
        digits[member] = 49  # "1"
    return _from_digits(digits)


def _from_digits(digits: bytes) -> int:
    """The int whose bit i is digit i (the string lists the lowest bit first)."""
    return int(digits[::-1], 2) if digits else 0


def _set_bits(bits: int) -> Iterator[int]:
    """The set bits of an int, lowest first, read off its binary digits (clearing them
    one at a time would copy a big int each time)."""
    digits = bin(bits)
    end = len(digits) - 1
    position = digits.rfind("1")
    while position > 1:  # past the "0b"
        yield end - position
        position = digits.rfind("1", 0, position)


def _alphabet_mask(letters: str) -> int:
    mask = 0
    for letter in letters:
        mask |= 1 << (ord(letter) - 97)
    return mask


def playable_groups(board: Board, dictionary: Lexicon, tier: Tier) -> list[tuple]:
    """(letter set as board bits, first and last letter as alphabet indices, playable
    words most common first, the first one's zipf) for each group of playable words."""
    index = _word_index(dictionary, tier)
    on_board = _alphabet_mask(board.letters)
    ruled_out = 0
    for letter in range(26):
        if not on_board >> letter & 1:
            ruled_out |= index.with_letter[letter]
    for side in board.sides:
        for a, b in itertools.combinations(side, 2):
            ruled_out |= index.side_by_side.get(_pair(a, b), 0)
    playable = ((1 << len(index.words)) - 1) & ~ruled_out
    # Alphabet letter sets onto board bits, a byte of the alphabet at a time.
    first, second, third, fourth = projection_tables([ord(ch) - 97 for ch in board.letters], 26)
    found = []
    words, zipfs = index.words, index.zipfs
    for group, members in itertools.groupby(_set_bits(playable), index.group_of.__getitem__):
        numbers = list(members)
        letters, first_letter, last_letter = index.groups[group]
        mask = (
            first[letters & 0xFF]
            | second[letters >> 8 & 0xFF]
            | third[letters >> 16 & 0xFF]
            | fourth[letters >> 24]
        )
        playing = tuple(map(words.__getitem__, numbers))
        found.append((mask, first_letter, last_letter, playing, zipfs[numbers[0]]))
    return found


def playable_words(board: Board, dictionary: Lexicon, tier: Tier) -> list[str]:
    """Words using only the board's letters and never two letters of one side in a row."""
    return [word for *_, words, _ in playable_groups(board, dictionary, tier) for word in words]
