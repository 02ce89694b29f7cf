"""Long cryptograms under the 1,500-character input limit, for the tests of what a picture
can show (issue 29): English quotations, drawn on a tall picture, and text of long words,
one or two to a row, which no readable picture holds, so the answer comes in text alone."""

from __future__ import annotations

import random

from puzzles.cryptogram.generate import encipher, quotations, random_derangement

KEY = random_derangement(random.Random(7))


def words_up_to(text: str, length: int) -> str:
    """`text` cut at the last space before `length` characters."""
    return text[: length + 1].rsplit(" ", 1)[0]


def english(length: int) -> str:
    """The project's quotations, one after another, cut to `length` and enciphered."""
    joined = " ".join(quote for quote, _ in quotations()).upper()
    return encipher(words_up_to(joined, length), KEY)


LONG_WORDS_PLAIN = "EXTRAORDINARY CIRCUMSTANCES REQUIRE EXTRAORDINARY DETERMINATION"
# 1,187 characters: a 13-letter word goes alone on its row; 74 rows, 5,920 px high
LONG_WORDS = encipher(words_up_to(" ".join([LONG_WORDS_PLAIN] * 20), 1200), KEY)
