"""Long texts that no key makes English get a clear answer, not a search to the deadline."""

from __future__ import annotations

import random
import string

import pytest

from bench.fuzz import ENGLISH_LIKE_NOISE
from puzzles.cryptogram import check, hint, parse, solve
from puzzles.cryptogram.generate import quotations
from puzzles.cryptogram.readable import UnreadableText, coincidence
from tests.puzzles.test_cryptogram import as_patristocrat, enciphered, letters_of

# The largest cryptogram accepted (1,500 characters), of random letters.
RANDOM_LETTERS = "".join(random.Random(1).choices(string.ascii_uppercase, k=1500))
# A consistent reading of it: each letter read as the next.
SHIFTED = RANDOM_LETTERS.translate(
    str.maketrans(string.ascii_uppercase, string.ascii_uppercase[1:] + "A")
)


def joined_quotations(letters: int) -> str:
    """The project's quotations joined, up to `letters` letters."""
    text = ""
    for quotation, _ in quotations():
        if len(letters_of(text + quotation)) > letters:
            return text.strip()
        text += quotation + " "
    return text.strip()


def test_random_letters_are_answered_as_random_by_solve_hint_and_check():
    puzzle = parse(RANDOM_LETTERS)
    with pytest.raises(UnreadableText, match="look random, so no key reads them as English"):
        solve(puzzle, patristocrat=True)
    with pytest.raises(UnreadableText, match="look random"):
        hint(puzzle)
    verdict = check(puzzle, SHIFTED)
    assert not verdict.solved
    assert "look random" in str(verdict.problems[0])
    assert "consistent" in str(verdict.problems[0])


def test_random_letters_with_word_breaks_are_answered_as_random():
    words, at, rng = [], 0, random.Random(2)
    while at < 1200:
        length = rng.randint(1, 8)
        words.append(RANDOM_LETTERS[at : at + length])
        at += length
    with pytest.raises(UnreadableText, match="look random"):
        solve(parse(" ".join(words)))


def test_letters_as_frequent_as_in_english_but_random_are_read_as_noise():
    noise = ENGLISH_LIKE_NOISE[:400]
    assert coincidence(noise) > 0.05  # passes the letter-count test: only the search tells
    with pytest.raises(UnreadableText, match="no key reads these 400 letters as English"):
        solve(parse(noise), patristocrat=True)


def test_long_english_is_still_solved_with_and_without_word_breaks():
    text = joined_quotations(1100)
    ciphertext, _ = enciphered(text, 7)
    assert len(ciphertext) <= 1500
    assert letters_of(solve(parse(ciphertext)).plaintext) == letters_of(text)
    shorter = joined_quotations(280)
    assert len(letters_of(shorter)) >= 200  # long enough to be tested for noise
    solution = solve(parse(as_patristocrat(shorter, 3)), patristocrat=True)
    assert letters_of(solution.plaintext) == letters_of(shorter)
