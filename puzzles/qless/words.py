"""The words a roll can make, and the index the search reads them through.

A roll's words are found once (roll_words); the index keeps them by length, with bit sets of
the words holding letter X at position i, so a slot's candidates (the words agreeing with the
letters already placed where it crosses earlier slots) are a few ANDs.

Letter counts are packed five bits a letter into one integer, with a guard bit per
letter, so "can the letters left pay for this word?" is one subtraction and one mask.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import cache
from operator import itemgetter

from puzzles.lexicon import Lexicon, Tier
from puzzles.qless.shapes import MIN_WORD_LENGTH

BITS = 5
GUARD = sum(16 << (BITS * i) for i in range(26))
LETTER = {chr(97 + i): 1 << (BITS * i) for i in range(26)}


# the letters a word crosses, as a step reads them from a partial grid: one letter, or a tuple
Crossing = str | tuple[str, ...]


def packed(letters: Crossing) -> int:
    """Letter counts packed five bits a letter (a count of 12 or fewer fits in four)."""
    return sum(map(LETTER.__getitem__, letters))


@cache
def _anagram_index(dictionary: Lexicon, tier: Tier) -> dict[str, tuple[str, ...]]:
    """Sorted letters -> the words of the tier spelled with exactly them."""
    groups: dict[str, list[str]] = defaultdict(list)
    for word in dictionary.words(tier):
        if len(word) >= MIN_WORD_LENGTH and word.isascii() and word.isalpha():
            groups["".join(sorted(word))].append(word)
    return {key: tuple(words) for key, words in groups.items()}


def roll_words(letters: str, dictionary: Lexicon, tier: Tier) -> list[str]:
    """Every word of 3+ letters in the tier spelled from some of the roll's letters, sorted.

    A process that has the word sets (a bot worker) looks the roll's letter choices up in an
    index of the words by their sorted letters, built once in a few tenths of a second. A
    one-off command instead runs one regular expression over the tier's text for the words
    made of the roll's letters alone, and leaves out those needing more of a letter than
    the roll has: a few milliseconds, and no word set or index at all."""
    if len(letters) < MIN_WORD_LENGTH:
        return []
    indexed = max(tier, Tier.STANDARD)  # the common list is the standard one filtered
    if not dictionary.has_word_set(indexed):
        return _words_from_text(letters, dictionary.text(tier))
    index = _anagram_index(dictionary, indexed)
    words = [word for key in _sorted_choices(letters) for word in index.get(key, ())]
    if tier < Tier.STANDARD:
        words = [word for word in words if dictionary.contains(word, tier)]
    return sorted(words)


def _sorted_choices(letters: str) -> list[str]:
    """Every choice of some of the (sorted) letters, once each, as sorted letters: the
    roll's letters one kind at a time, each taken none, once, twice... as often as rolled."""
    choices = [""]
    for letter, count in Counter(letters).items():
        takes = [letter * times for times in range(count + 1)]
        choices = [choice + take for choice in choices for take in takes]
    return choices


def _words_from_text(letters: str, text: str) -> list[str]:
    # A pattern opening with the line break before each word lets the matcher skip from
    # line to line (a '^' one tries every place): twice as fast.
    only_these = re.compile(
        f"\n([{''.join(sorted(set(letters)))}]{{{MIN_WORD_LENGTH},{len(letters)}}})(?![^\n])"
    )
    available = Counter(letters)
    found = only_these.findall("\n" + text)  # (the first word has no line break before it)
    return sorted(word for word in found if not Counter(word) - available)


class WordIndex:
    """A roll's words by length, with bit sets of the words holding letter X at position i.

    A length's table is built the first time a slot of that length is filled: an easy
    roll is solved before most lengths are needed."""

    def __init__(self, words: list[str], dictionary: Lexicon):
        self._zipf = dictionary.zipfs(words)
        self._unsorted: dict[int, list[str]] = defaultdict(list)  # alphabetical
        for word in words:
            self._unsorted[len(word)].append(word)
        self.lengths = frozenset(self._unsorted)
        # letter -> bits 1 << n of the lengths n of the words holding it
        self.letter_lengths: dict[str, int] = defaultdict(int)
        for length, of_length in self._unsorted.items():
            for letter in set("".join(of_length)):
                self.letter_lengths[letter] |= 1 << length
        # bits of the word lengths still to write -> the count bits of the letters that none
        # of those lengths holds (see Grown)
        self._stranded: dict[int, int] = {}
        # length -> (its words, most frequent first; their letters packed; bits of the
        # words with each (position, letter))
        self._tables: dict[int, tuple[tuple[str, ...], tuple[int, ...], dict]] = {}
        # (length, crossing positions) -> letters there -> [(letters used, letters written)]
        self._choices: dict[tuple[int, bytes], dict[Crossing, list[tuple[int, str]]]] = {}
        # the same for a last word: letters there -> letters used -> [letters written]
        self._last_choices: dict[tuple[int, bytes], dict[Crossing, dict[int, list[str]]]] = {}

    def choices(self, length: int, positions: bytes) -> dict[Crossing, list[tuple[int, str]]]:
        """What words_through() answered for a step, by the letters crossed (filled in by the
        step as it meets new ones)."""
        return self._choices.setdefault((length, positions), {})

    def last_choices(self, length: int, positions: bytes) -> dict[Crossing, dict[int, list[str]]]:
        """The same for a last step, from words_using()."""
        return self._last_choices.setdefault((length, positions), {})

    def _table(self, length: int) -> tuple[tuple[str, ...], tuple[int, ...], dict]:
        table = self._tables.get(length)
        if table is None:
            # most frequent first, alphabetical among equals (the sort is stable)
            found = tuple(sorted(self._unsorted[length], key=self._zipf.__getitem__, reverse=True))
            with_letter: dict[tuple[int, str], int] = defaultdict(int)
            for number, word in enumerate(found):
                for position, letter in enumerate(word):
                    with_letter[position, letter] |= 1 << number
            table = self._tables[length] = (found, tuple(map(packed, found)), with_letter)
        return table

    def stranded(self, lengths: int) -> int:
        """The count bits of the roll's letters that no word of these lengths (bits 1 << n)
        holds: with one of those letters left, a partial grid leads nowhere."""
        found = self._stranded.get(lengths)
        if found is None:
            found = self._stranded[lengths] = sum(
                15 << (BITS * (ord(letter) - 97))
                for letter, holding in self.letter_lengths.items()
                if not holding & lengths
            )
        return found

    def words_through(
        self, length: int, positions: bytes, crossing: Crossing
    ) -> list[tuple[int, str]]:
        """Words of this length with these letters at these positions, as what each costs
        from the letters left and the letters it writes into new cells."""
        words, packed_words, with_letter = self._table(length)
        candidates = (1 << len(words)) - 1
        for position, letter in zip(positions, crossing, strict=True):
            candidates &= with_letter.get((position, letter), 0)
        fixed = packed(crossing)
        fresh = _fresh_reader(length, positions)
        options = []
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            number = low.bit_length() - 1
            options.append((packed_words[number] - fixed, fresh(words[number])))
        return options

    def words_using(
        self, length: int, positions: bytes, crossing: Crossing
    ) -> dict[int, list[str]]:
        """words_through() by the letters each uses (with the guard bits, as a partial
        grid keeps its letters left), for a last word: it must use exactly the letters
        left, so one look-up replaces trying every word."""
        by_need: dict[int, list[str]] = defaultdict(list)
        for need, letters in self.words_through(length, positions, crossing):
            by_need[need | GUARD].append(letters)
        return by_need


@cache
def _fresh_reader(length: int, positions: bytes) -> Callable[[str], str]:
    """A word's letters outside these positions: those it writes into new cells."""
    fresh = [p for p in range(length) if p not in positions]
    if not fresh:
        return no_letters  # (a word closing a loop writes no new cell)
    if len(fresh) == length:
        return str
    if len(fresh) == 1:
        return itemgetter(fresh[0])
    getter = itemgetter(*fresh)
    return lambda word: "".join(getter(word))


def no_letters(word: str) -> str:
    """What a reader of no positions reads: nothing (a shared function, not a new lambda)."""
    return ""
