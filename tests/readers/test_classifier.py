"""The cell classifier as other readers call it: a cell cut with grid.glyph_at, classified
among the symbols the puzzle can hold (digits 0-9, capital letters A-Z)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from readers import classifier
from readers.grid import GLYPH, glyph_at, ink_of

BUNDLED = Path(__file__).resolve().parents[2] / "renderers" / "fonts" / "DejaVuSans-Bold.ttf"
SERIF = Path("/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf")
CELL = 60


def cells_drawn(symbols: str, font_path: Path) -> np.ndarray:
    """`symbols` printed one to a lined cell in a row, as grey levels, each cut as every
    reader cuts a cell."""
    if not font_path.exists():
        pytest.skip(f"{font_path} is not installed")
    width = CELL * len(symbols) + 40
    image = Image.new("L", (width, CELL + 40), 255)
    pen = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(font_path), 38)
    for k, symbol in enumerate(symbols):
        left = 20 + k * CELL
        pen.rectangle([left, 20, left + CELL, 20 + CELL], outline=0, width=2)
        pen.text((left + CELL / 2, 20 + CELL / 2), symbol, 0, font=font, anchor="mm")
    ink = ink_of(np.asarray(image))
    return np.stack([glyph_at(ink, 20, 20 + k * CELL, CELL, CELL) for k in range(len(symbols))])


@pytest.mark.parametrize("font", [BUNDLED, SERIF], ids=["bundled sans", "serif"])
def test_every_capital_letter_and_digit_reads_as_itself(font):
    glyphs = cells_drawn(classifier.SYMBOLS, font)
    assert glyphs.shape == (len(classifier.SYMBOLS), GLYPH, GLYPH)
    letters = classifier.classify(glyphs[10:], classifier.LETTERS)
    digits = classifier.classify(glyphs[:10], classifier.DIGITS)
    read = "".join(guess.symbol for guess in digits + letters)
    assert read == classifier.SYMBOLS
    assert all(0.5 < guess.probability <= 1.0 for guess in digits + letters)


def test_only_the_symbols_asked_for_are_answered():
    """A round mark is 0 among digits and O among letters: the puzzle decides."""
    ring = cells_drawn("O", BUNDLED)
    assert classifier.classify(ring, "0123456789")[0].symbol == "0"
    assert classifier.classify(ring, "OXY")[0].symbol == "O"
    chances = classifier.chances(ring, "OXY")
    assert chances.shape == (1, 5)  # empty, O, X, Y, turned
    assert np.isclose(chances.sum(), 1.0)


def test_an_empty_cell_reads_empty():
    (guess,) = classifier.classify(cells_drawn(" ", BUNDLED), classifier.SYMBOLS)
    assert guess.symbol == classifier.EMPTY_LABEL and guess.probability > 0.9


def test_a_symbol_it_cannot_read_is_refused_by_name():
    with pytest.raises(ValueError, match="does not know a"):
        classifier.classify(np.zeros((1, GLYPH, GLYPH), np.float32), "ABa")


def test_the_shipped_classifier_is_small_and_knows_every_symbol():
    assert classifier.WEIGHTS.stat().st_size < 1024 * 1024
    glyphs = np.zeros((3, GLYPH, GLYPH), dtype=np.float32)
    chances = classifier.probabilities(glyphs)
    assert chances.shape == (3, len(classifier.LABELS))
    assert np.allclose(chances.sum(axis=1), 1.0)
    assert (chances.argmax(axis=1) == classifier.LABELS.index(classifier.EMPTY_LABEL)).all()
