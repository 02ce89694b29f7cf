"""Sudoku Spelling pictures: the grid with the phrase's cells shaded, the phrase and the
letters above it."""

from __future__ import annotations

import io
import random

from PIL import Image

import renderers
from puzzles.spelling import KIND, generate, parse
from renderers.common import WIDTH
from renderers.sudoku import HIGHLIGHT_FILL

PUZZLE = generate(random.Random(1))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def colour_count(image: Image.Image, colour) -> int:
    return sum(count for count, c in image.getcolors(maxcolors=1 << 20) if c == colour)


def test_the_phrase_and_its_letters_are_written_above_the_grid(recorder):
    image = decode(renderers.draw("spelling", PUZZLE))
    assert image.width == WIDTH
    assert PUZZLE.phrase.upper() in recorder.texts
    letters_line = next(text for text in recorder.texts if text.startswith("Letters:"))
    assert letters_line.split()[1:] == list(PUZZLE.grid.symbols)
    assert "Shaded cells spell the phrase" in recorder.texts


def test_the_phrase_cells_are_shaded():
    image = decode(renderers.draw("spelling", PUZZLE))
    cells = PUZZLE.grid.size**2
    cell_area = (WIDTH / PUZZLE.grid.size) ** 2
    shaded = colour_count(image, HIGHLIGHT_FILL)
    # Every highlighted cell is shaded (less the ink of its letter), no other cell is.
    assert 0.5 * len(PUZZLE.highlight) * cell_area < shaded < len(PUZZLE.highlight) * cell_area
    assert len(PUZZLE.highlight) < cells


def test_a_bare_letter_sudoku_shows_its_letters_and_no_phrase(recorder):
    bare = parse(KIND.example)
    renderers.draw("spelling", bare)
    assert f"Letters: {' '.join(bare.grid.symbols)}" in recorder.texts
    assert not any("phrase" in text for text in recorder.texts)
