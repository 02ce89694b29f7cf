"""A puzzle filled in by hand (a co-op game, renderers.common.Filled): each letter written
under every square it belongs to, the newest one marked, and the line under the picture."""

from __future__ import annotations

import random

from puzzles.codeword import parse as parse_codeword
from puzzles.cryptogram import parse as parse_cryptogram
from puzzles.cryptogram.generate import encipher, random_derangement
from renderers import codeword, cryptogram
from renderers.common import Filled
from tests.renderers.test_codeword import colour_count as codeword_colours
from tests.renderers.test_cryptogram import colour_count, decode

CRYPTOGRAM = parse_cryptogram(
    encipher("Many hands make light work.", random_derangement(random.Random(7)))
)


def test_a_cryptogram_shows_each_filled_letter_under_every_cipher_letter_it_fills(recorder):
    first, second = CRYPTOGRAM.words[0][0], CRYPTOGRAM.words[1][0]
    cryptogram.draw(CRYPTOGRAM)
    blank = list(recorder.texts)
    recorder.clear()
    filled = Filled(((first, "M"), (second, "H")), new=(second,), message="alice: B=H")
    image = decode(cryptogram.draw(CRYPTOGRAM, filled))
    drawn = list(recorder.texts)
    for cipher, plain in ((first, "M"), (second, "H")):
        added = drawn.count(plain) - blank.count(plain)
        assert added == CRYPTOGRAM.letters.count(cipher), (cipher, plain)
    assert "alice: B=H" in drawn  # the line under the picture
    assert colour_count(image, cryptogram.REVEALED) > 100  # the newest letter's tiles
    assert colour_count(image, cryptogram.SOLVED) > 50  # the other letter, in blue


def test_a_codeword_shows_the_group_letters_with_the_starters_and_marks_the_newest(recorder):
    puzzle = parse_codeword("1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5")
    codeword.draw(puzzle)
    blank = list(recorder.texts)
    recorder.clear()
    image = decode(codeword.draw(puzzle, Filled(((3, "Z"), (5, "Q")), new=(5,), message="bob")))
    drawn = list(recorder.texts)
    assert drawn.count("Z") - blank.count("Z") == 1 + 4  # the key's box and each cell of 3
    assert drawn.count("P") == blank.count("P")  # the starter as it was
    assert "bob" in drawn
    assert codeword_colours(image, codeword.HINTED_FILL) > 0
