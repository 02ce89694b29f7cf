from __future__ import annotations

import io

from PIL import Image

import renderers
from puzzles.codeword import hint, parse, solve
from readers.reading import Shaded
from renderers import codeword
from renderers.codeword import GUESSED, HINTED_FILL, PROVEN, cell_box
from renderers.common import INK, SURFACE, WIDTH

GRID = parse("1 2 3 # 4 5 6 / 7 # 8 # 9 # 10 / 11 12 13 # 14 15 16 / 1=C")
# PUZZLE, ZEBRA, BLAZE with P given; the final word spells ABLE (a unique fill).
CLUES = parse("1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5")
# HELLO, WORLD, LOWER: H or C for number 1, so some letters are guesses.
AMBIGUOUS = parse("1 2 3 3 4 / 5 4 6 3 7 / 3 4 5 2 6 / 4=O / final: 1 4 3 7")


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def colour_count(image: Image.Image, colour) -> int:
    return sum(count for count, c in image.getcolors(maxcolors=1 << 20) if c == colour)


def centre(box) -> tuple[int, int]:
    return round((box[0] + box[2]) / 2), round((box[1] + box[3]) / 2)


def test_grid_draws_black_squares_black_and_white_cells_white():
    image = decode(codeword.draw(GRID))
    assert image.width == WIDTH
    assert image.getpixel(centre(cell_box(GRID, 0, 3))) == INK  # '#'
    assert image.getpixel(centre(cell_box(GRID, 1, 1))) == INK
    left, _, right, bottom = cell_box(GRID, 1, 2)  # number 8: white, no letter yet
    assert image.getpixel((round(left + 0.75 * (right - left)), round(bottom - 6))) == SURFACE


def test_numbers_sit_in_the_top_left_corner():
    image = decode(codeword.draw(GRID))
    left, top, right, bottom = cell_box(GRID, 0, 1)  # number 2, no letter yet
    corner = image.crop((round(left) + 3, round(top) + 3, round(left + 22), round(top + 22)))
    inner = image.crop((round(right) - 20, round(bottom) - 20, round(right) - 4, round(bottom) - 4))
    assert colour_count(corner, SURFACE) < corner.width * corner.height  # some ink: the number
    assert colour_count(inner, SURFACE) == inner.width * inner.height  # empty corner opposite


def test_solution_letters_are_drawn_in_proven_colour():
    plain = decode(codeword.draw(CLUES))
    solved = decode(codeword.draw(CLUES, solve(CLUES)))
    assert colour_count(plain, PROVEN) == 0
    assert colour_count(solved, PROVEN) > 0
    assert colour_count(solved, GUESSED) == 0  # the fill is unique: nothing is a guess


def test_unproven_letters_are_drawn_as_guesses():
    solved = decode(codeword.draw(AMBIGUOUS, solve(AMBIGUOUS)))
    assert colour_count(solved, GUESSED) > 0


def test_hint_highlights_the_cells_it_fills():
    image = decode(codeword.draw(CLUES, hint(CLUES, "")))
    assert colour_count(image, HINTED_FILL) > 0


def test_cells_a_reader_doubts_are_shaded_by_index_and_the_rest_not():
    doubted = Shaded(GRID.grid, highlight=(1, 7 + 2))  # r1c2 (number 2) and r2c3 (number 8)
    image = decode(codeword.draw(GRID, doubted))

    def lower_right(row, column):
        _, _, right, bottom = cell_box(GRID, row, column)
        return image.getpixel((round(right) - 6, round(bottom) - 6))

    assert lower_right(0, 1) == HINTED_FILL and lower_right(1, 2) == HINTED_FILL
    assert lower_right(0, 0) == SURFACE and lower_right(2, 1) == SURFACE


def test_clue_lists_without_a_grid_draw_rows_of_cells_and_the_key():
    many = parse("\n".join(f"{n} {n + 1} {n + 2}" for n in range(1, 24)))
    image = decode(codeword.draw(many))
    assert image.width == WIDTH
    assert image.height > decode(codeword.draw(CLUES)).height


def test_registry_draw_finds_the_codeword_renderer():
    assert renderers.draw("codeword", GRID) == codeword.draw(GRID)
