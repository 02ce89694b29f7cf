"""The words playable on a board, grouped into moves, read off the word list for each board."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from puzzles.letterboxed.coverage import (
    projection_tables,
)
from puzzles.letterboxed.puzzle import Board
from puzzles.lexicon import Lexicon, Tier
from puzzles.lexicon.alphabet import GAME_LETTERS, LETTER_PLACES

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
# Read off the word list for each board, not from an index built over the whole list: one
# regular expression over the list as one text finds the words made of the board's letters
# only (a few milliseconds), and of those the words never taking two letters of one side in
# a row play. Nothing is built per process, so the first solve is as fast as the rest.


def _playable(board: Board, dictionary: Lexicon, tier: Tier) -> list[str]:
    """Words of 3+ letters on the board, never two letters of one side in a row (a doubled
    letter is two letters of one side in a row)."""
    letters = re.escape(board.letters)
    on_board = re.compile(f"^[{letters}]{{{MIN_WORD_LENGTH},}}$", re.MULTILINE)
    side_of = {ord(letter): str(n) for n, side in enumerate(board.sides) for letter in side}
    return [
        word
        for word in on_board.findall(dictionary.text(tier))
        if not _same_side_in_a_row(word.translate(side_of))
    ]


_same_side_in_a_row = re.compile(r"(.)\1").search


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
        mask |= 1 << LETTER_PLACES[letter]
    return mask


def playable_groups(board: Board, dictionary: Lexicon, tier: Tier) -> list[tuple]:
    """(letter set as board bits, first and last letter as alphabet indices, playable
    words most common first, the first one's zipf) for each group of playable words, the
    groups in order of (alphabet letter set, first letter, last letter). The alphabet is
    every game letter: a-z, then the Spanish ñ (27 bits, within the four bytes below)."""
    zipf = dictionary.zipf
    place = LETTER_PLACES
    ranked = sorted(
        (_alphabet_mask(word), place[word[0]], place[word[-1]], -zipf(word), word)
        for word in _playable(board, dictionary, tier)
    )
    # Alphabet letter sets onto board bits, a byte of the alphabet at a time.
    board_places = [place[ch] for ch in board.letters]
    first, second, third, fourth = projection_tables(board_places, len(GAME_LETTERS))
    found = []
    for (letters, first_letter, last_letter), members in itertools.groupby(
        ranked, lambda key: key[:3]
    ):
        group = list(members)
        mask = (
            first[letters & 0xFF]
            | second[letters >> 8 & 0xFF]
            | third[letters >> 16 & 0xFF]
            | fourth[letters >> 24]
        )
        playing = tuple(word for *_, word in group)
        found.append((mask, first_letter, last_letter, playing, -group[0][3]))
    return found


def playable_words(board: Board, dictionary: Lexicon, tier: Tier) -> list[str]:
    """Words using only the board's letters and never two letters of one side in a row."""
    return [word for *_, words, _ in playable_groups(board, dictionary, tier) for word in words]
