"""Which positions can still be finished, judged on a few letters of the board at a time.

Take a group of at most 12 of the board's letters and forget the others. Then "can w
more words, the first starting on letter x, cover the whole group, given the group
letters covered so far?" has an exact answer for every covered subset at once: a set of
subsets, stored as an int with one bit per subset (2**12 bits). A position that cannot
be finished on one group of letters cannot be finished at all, so a search may skip it;
on a board of at most 12 letters the one group is the whole board and the answer is exact.

The sets grow one word at a time: from letter x, w words can finish from covered set S
when some move x -> y covering letters L leaves S | L finishable by w - 1 words from y.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache

GROUP_SIZE = 12
# Covered sets are projected onto a group a byte of board letters at a time.
CHUNK_BITS = 8


class GroupCoverage:
    """Finishable covered sets, for every start letter and word count, on one letter group."""

    def __init__(self, group: list[int], moves: list[tuple[int, int, int]], letter_count: int):
        """group: board letter indices; moves: (first, last, mask) as board bits."""
        self.group = group
        self._chunks = projection_tables(group, letter_count)
        everything = (1 << len(group)) - 1
        self._with_letter = [_subsets_with(i, len(group)) for i in range(len(group))]
        # Per start letter, the group letters each move covers, biggest first, no move
        # whose letters another one with the same ends already covers.
        largest: dict[tuple[int, int], set[int]] = defaultdict(set)
        projected = self.project_all([mask for _, _, mask in moves])
        for (first, last, _), letters in zip(moves, projected, strict=True):
            largest[first, last].add(letters)
        self._moves_from: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for (first, last), letter_sets in largest.items():
            self._moves_from[first] += [(last, letters) for letters in _maximal(letter_sets)]
        # No words left: only a fully covered group is finished.
        self._layers = [
            dict.fromkeys((1 << index for index in range(letter_count)), 1 << everything)
        ]

    def project(self, covered: int) -> int:
        """The group letters among `covered` board letters, as group bits."""
        projected, chunk = 0, 0
        while covered:
            projected |= self._chunks[chunk][covered & 0xFF]
            covered >>= CHUNK_BITS
            chunk += 1
        return projected

    def project_all(self, masks: list[int]) -> list[int]:
        """project() of each mask, a byte of board letters at a time for all of them."""
        projected = [0] * len(masks)
        for chunk, table in enumerate(self._chunks):
            shift = chunk * CHUNK_BITS
            projected = [
                letters | table[mask >> shift & 0xFF]
                for letters, mask in zip(projected, masks, strict=True)
            ]
        return projected

    def may_finish(self, last: int, covered: int, words_left: int) -> bool:
        """Can `words_left` words, the first starting on `last`, cover the rest of the group?"""
        return self.finishable(words_left)[last] >> self.project(covered) & 1 == 1

    def finishable(self, words_left: int) -> dict[int, int]:
        """Per start letter, the projected covered sets `words_left` words can finish from
        (bit S set: from covered set S). Projection keeps unions: project(a | b) is
        project(a) | project(b), so callers may project a position and a move apart."""
        while len(self._layers) <= words_left:
            self._layers.append(self._one_word_more(self._layers[-1]))
        return self._layers[words_left]

    def _one_word_more(self, finishable: dict[int, int]) -> dict[int, int]:
        after: dict[tuple[int, int], int] = {}
        layer = {}
        for start in finishable:
            sets = 0
            for last, letters in self._moves_from.get(start, ()):
                key = (last, letters)
                if key not in after:
                    after[key] = self._before_move(finishable[last], letters)
                sets |= after[key]
            layer[start] = sets
        return layer

    def _before_move(self, finishable: int, letters: int) -> int:
        """The covered sets S with S | letters among the `finishable` sets."""
        while letters:
            lowest = letters & -letters
            # Keep sets holding this letter, then also count each one without it.
            finishable &= self._with_letter[lowest.bit_length() - 1]
            finishable |= finishable >> lowest
            letters ^= lowest
        return finishable


def letter_groups(in_moves: list[int]) -> list[list[int]]:
    """The board's letters in groups of at most GROUP_SIZE, rarest first (in_moves: how
    many moves cover each letter): rare letters are what make a box hard, so the first
    group decides the most."""
    rarest_first = sorted(range(len(in_moves)), key=lambda index: in_moves[index])
    return [
        sorted(rarest_first[start : start + GROUP_SIZE])
        for start in range(0, len(in_moves), GROUP_SIZE)
    ]


def one_move_covers(masks_from: dict[int, Iterable[int]], letter_count: int) -> dict[int, int]:
    """Per start letter, every letter set that one move from it covers, as bits of an int
    (bit M set: some move's letters include the set M), for boards of a few letters."""
    covers = {}
    for start, masks in masks_from.items():
        sets = 0
        for mask in masks:
            sets |= 1 << mask
        for letter in range(letter_count):  # every subset of a covered set is covered
            sets |= (sets & _subsets_with(letter, letter_count)) >> (1 << letter)
        covers[start] = sets
    return covers


def projection_tables(group: list[int], width: int) -> list[list[int]]:
    """For each byte of `width` bits, a table of every value's bits in `group` order
    (bit i of the result: bit group[i] of the input)."""
    group_bit = {index: 1 << position for position, index in enumerate(group)}
    chunks = []
    for low in range(0, width, CHUNK_BITS):
        table = [0] * (1 << CHUNK_BITS)
        for value in range(1, len(table)):
            lowest = value & -value  # each value from the one without its lowest bit
            index = low + lowest.bit_length() - 1
            table[value] = table[value ^ lowest] | group_bit.get(index, 0)
        chunks.append(table)
    return chunks


@cache
def _subsets_with(letter: int, size: int) -> int:
    """The subsets of `size` letters that hold `letter`, as bits of an int (bit S is subset S)."""
    run = 1 << letter
    pattern = ((1 << run) - 1) << run  # run subsets without the letter, run with it
    period = 2 * run
    while period < 1 << size:
        pattern |= pattern << period
        period *= 2
    return pattern


def _maximal(letter_sets: set[int]) -> list[int]:
    """The sets no other set contains, biggest first."""
    kept: list[int] = []
    for letters in sorted(letter_sets, key=int.bit_count, reverse=True):
        if not any(letters & other == letters for other in kept):
            kept.append(letters)
    return kept
