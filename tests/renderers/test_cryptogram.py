from __future__ import annotations

import io
import random

from PIL import Image

import renderers
from puzzles.core import Verdict
from puzzles.cryptogram import hint, parse, solve
from puzzles.cryptogram.generate import encipher, random_derangement
from puzzles.cryptogram.puzzle import LETTERS
from renderers import MAX_HEIGHT, cryptogram, min_font_size
from renderers.common import WIDTH
from renderers.cryptogram import REVEALED, SOLVED

TEXT = "We walked along the river until the sun went down behind the hills."
PUZZLE = parse(encipher(TEXT, random_derangement(random.Random(4))) + "\n— A. Walker")


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def colour_count(image: Image.Image, colour) -> int:
    return sum(count for count, c in image.getcolors(maxcolors=1 << 20) if c == colour)


def test_plain_puzzle_is_discord_sized_with_blanks_only():
    image = decode(renderers.draw("cryptogram", PUZZLE))
    assert image.width == WIDTH
    assert 150 <= image.height <= 800
    assert colour_count(image, SOLVED) == 0
    assert colour_count(image, REVEALED) == 0


def test_solution_writes_plain_letters_under_the_cipher():
    plain = decode(cryptogram.draw(PUZZLE))
    solved = decode(cryptogram.draw(PUZZLE, solve(PUZZLE)))
    assert solved.size[0] == plain.size[0]
    assert colour_count(solved, SOLVED) > 500  # blue letters on every blank


def test_hint_marks_the_revealed_letter_on_orange_tiles():
    image = decode(cryptogram.draw(PUZZLE, hint(PUZZLE, "")))
    assert colour_count(image, REVEALED) > 200


def test_punctuation_is_printed_in_the_answer_row_too(recorder):
    puzzle = parse(encipher("Don't stop, it's fine.", random_derangement(random.Random(2))))
    cryptogram.draw(puzzle, solve(puzzle))
    for mark in "',.":
        assert recorder.texts.count(mark) == 2 * puzzle.ciphertext.count(mark), mark


def test_a_long_patristocrat_is_drawn_whole_on_rows_within_the_bounds(recorder):
    # 1,500 letters, the input limit: on a tall picture, 10 px high on a phone (issue 29)
    letters = "".join(random.Random(1).choice(LETTERS) for _ in range(1500))
    puzzle = parse(letters)
    assert cryptogram.too_big(puzzle) is None
    image = decode(cryptogram.draw(puzzle))
    assert image.width == WIDTH and image.height <= MAX_HEIGHT
    assert "".join(t for t in recorder.texts if t in LETTERS) == letters  # every letter, in order
    assert min(size for size, _ in recorder.sizes) >= min_font_size(WIDTH)


def test_a_cryptogram_too_long_to_draw_readably_is_said_so():
    letters = "".join(random.Random(1).choice(LETTERS) for _ in range(3000))
    assert "too long" in str(cryptogram.too_big(parse(letters)))


def test_long_text_wraps_and_a_verdict_adds_its_summary():
    long = parse(" ".join([PUZZLE.ciphertext] * 3))
    short_image = decode(cryptogram.draw(PUZZLE))
    long_image = decode(cryptogram.draw(long, Verdict(False, ("x",), "Not quite.")))
    assert long_image.height > short_image.height
    assert long_image.width == WIDTH


def test_an_unsure_solution_says_so_under_the_picture(recorder):
    ambiguous = parse("XLI GEX WEX")  # THE CAT SAT, BIG DOG RAN, ...
    cryptogram.draw(ambiguous, solve(ambiguous))
    assert any("not sure" in text for text in recorder.texts)
    recorder.clear()
    cryptogram.draw(PUZZLE, solve(PUZZLE))
    assert not any("not sure" in text for text in recorder.texts)
