"""Spanish codeword pictures read back: 27 numbers, the key in two rows of 14, and Ñ (an N
with its tilde found above it, never folded into N), in the key and in the cells; the
picture says the puzzle is Spanish. A number past 27 or a tilde on another letter is
refused with a message to act on."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puzzles import get_kind
from puzzles.codeword.puzzle import Codeword, parse
from readers import codeword
from readers.picture import PictureError
from renderers.codeword import draw
from tests.readers.pictures import as_jpeg

KIND = get_kind("codeword")


def spanish_codeword(size: int, extra: dict[str, str] | None = None) -> Codeword:
    """A generated Spanish codeword of `size`, its Ñ given too (so the picture shows it in
    the key and in its cells), with `extra` letters given by the letter's own number."""
    rng = random.Random(size)
    puzzle = KIND.generate_with(
        random.Random(rng.random()), "medium", {"grid_size": size, "language": "es"}
    )
    letters = dict(KIND.solve(puzzle).letters)
    wanted = {"ñ", *(extra or {})}
    starters = dict(puzzle.starters) | {n: ch for n, ch in letters.items() if ch in wanted}
    assert "ñ" in starters.values()  # the test shows an Ñ
    return dataclasses.replace(puzzle, starters=tuple(sorted(starters.items())))


@pytest.fixture(scope="module", params=[11, 15])
def puzzle(request) -> Codeword:
    return spanish_codeword(request.param)


@pytest.mark.parametrize("as_shared", [lambda png: png, lambda png: as_jpeg(png, 720, 75)])
def test_a_spanish_codeword_is_read_back_with_its_enye(puzzle, as_shared):
    reading = codeword.read(as_shared(draw(puzzle)))
    assert reading.language == "es"
    assert reading.text == puzzle.text()
    assert "Ñ" in reading.text
    assert parse(reading.text, "es") == puzzle


def test_enye_and_n_are_read_as_two_letters():
    puzzle = spanish_codeword(11, extra={"n": "N"})
    given = dict(puzzle.starters)
    assert {"n", "ñ"} <= set(given.values())
    reading = codeword.read(draw(puzzle))
    assert dict(parse(reading.text, "es").starters) == given


def test_an_english_codeword_says_no_language():
    puzzle = KIND.generate_with(random.Random(3), "easy", {"grid_size": 11})
    reading = codeword.read(draw(puzzle))
    assert reading.text == puzzle.text()
    assert reading.language is None  # English or French: the member's choice decides


def test_a_28th_number_is_refused_naming_its_cell():
    puzzle = spanish_codeword(11)
    grid = [list(row) for row in puzzle.grid]
    row, col = next((r, c) for r, cells in enumerate(grid) for c, n in enumerate(cells) if n)
    grid[row][col] = 28
    with pytest.raises(PictureError) as refused:
        codeword.read(draw(dataclasses.replace(puzzle, grid=tuple(map(tuple, grid)))))
    message = refused.value.message_for("discord")
    assert "the number 28" in message and "go up to 26 (27 in Spanish)" in message
    assert f"cell r{row + 1}c{col + 1}" in message


def test_a_tilde_on_a_letter_that_is_not_n_is_refused():
    puzzle = spanish_codeword(11)
    starters = tuple((n, "ã" if ch == "ñ" else ch) for n, ch in puzzle.starters)
    with pytest.raises(PictureError) as refused:
        codeword.read(draw(dataclasses.replace(puzzle, starters=starters)))
    message = refused.value.message_for("discord")
    assert "the letter A with a mark above it, but only Ñ has one" in message
    assert "Traceback" not in message


@pytest.mark.parametrize("size", [11, 13, 15])
def test_a_j_on_a_small_key_box_line_is_no_i(size):
    """A Spanish key's boxes are small: a phone-sized screenshot puts the J on its box's
    bottom line, which hides its hook."""
    puzzle = spanish_codeword(size, extra={"j": "J"})
    assert "j" in dict(puzzle.starters).values()
    reading = codeword.read(as_jpeg(draw(puzzle), 540, 75))
    assert reading.text == puzzle.text()
