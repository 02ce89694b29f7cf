"""A word list as records to filter: the words of one letter pattern, most common first, as
"word\n" records that a regular expression of letter classes narrows at C speed.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from puzzles.core import TIERS
from puzzles.lexicon import Lexicon

BIG_LIST_CHARS = 20_000


@cache
def words_of_shape(dictionary: Lexicon, pattern: str, tier: str) -> str:
    """Words with this letter pattern as "word\n" records, most common first (the order
    guesses are tried in)."""
    words = dictionary.matching_pattern(pattern, TIERS[tier])
    return "".join(f"{word}\n" for word in sorted(words, key=lambda w: (-dictionary.zipf(w), w)))


@cache
def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def filtered(records: str, pattern: str) -> str:
    """The "word\n" records matching a pattern of letter classes and a newline. A record is
    L letters then a newline, so such a pattern only matches whole records: no anchors."""
    if len(records) >= BIG_LIST_CHARS:
        return _filtered_big(records, pattern)
    return "".join(_compiled(pattern).findall(records))


def letters_at(records: str, position: int, width: int) -> frozenset[str]:
    """The letters at `position` in any of the records (each `width` characters)."""
    return frozenset(records[position::width])


@cache
def letters_by_position(dictionary: Lexicon, pattern: str, tier: str) -> tuple[frozenset, ...]:
    """The letters at each position of the words of this shape (before any narrowing)."""
    records = words_of_shape(dictionary, pattern, tier)
    return tuple(letters_at(records, i, len(pattern) + 1) for i in range(len(pattern)))


@lru_cache(maxsize=256)
def _filtered_big(records: str, pattern: str) -> str:
    # The first filtering of a long word list repeats in every attempt on a puzzle (each
    # tier, each clue left out): remember it. A str caches its hash, so lookups are cheap.
    return "".join(_compiled(pattern).findall(records))
