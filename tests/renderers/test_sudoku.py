from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image, ImageChops

import renderers
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.rules import hint
from renderers import spelling, sudoku
from renderers.common import WIDTH

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SYMBOLS = {4: "1234", 6: "123456", 9: "123456789", 12: "123456789ABC", 16: "123456789ABCDEFG"}


def solved_grid(size: int, symbols: str | None = None) -> Grid:
    rows, cols = BOXES[size]
    cells = tuple(
        (cols * (r % rows) + r // rows + c) % size + 1 for r in range(size) for c in range(size)
    )
    return Grid(rows, cols, cells, symbols or SYMBOLS[size])


def puzzle_of(solved: Grid, every: int = 3) -> Grid:
    """Every `every`-th cell blanked (with an offset per row so the blanks spread)."""
    n = solved.size
    cells = tuple(EMPTY if (i + i // n) % every == 0 else v for i, v in enumerate(solved.cells))
    return solved.with_cells(cells)


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def colour_count(image: Image.Image, colour) -> int:
    return sum(count for count, c in image.getcolors(maxcolors=1 << 22) if c == colour)


def differs(a: Image.Image, b: Image.Image) -> bool:
    if a.size != b.size:
        return True
    return ImageChops.difference(a, b).getbbox() is not None


def grid_area(image: Image.Image) -> Image.Image:
    return image.crop((0, 0, image.width, image.width - sudoku.PAD + 4))


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_puzzle_decodes_square_at_the_standard_width(size):
    image = decode(sudoku.draw(puzzle_of(solved_grid(size))))
    assert image.mode == "RGB"
    assert image.size == (WIDTH, WIDTH)  # no caption: just the grid and its margin


@pytest.mark.parametrize("size", [4, 9, 16])
def test_puzzle_solution_and_hint_pictures_differ(size):
    solved = solved_grid(size)
    puzzle = puzzle_of(solved)
    plain = decode(sudoku.draw(puzzle))
    answer = decode(sudoku.draw(puzzle, SimpleNamespace(solution=solved)))
    given_hint = hint(puzzle)
    assert given_hint.step is not None
    with_hint = decode(sudoku.draw(puzzle, given_hint))
    assert differs(plain, answer)
    assert differs(plain, with_hint) and differs(answer, with_hint)
    # Solved values are drawn in blue, givens are not.
    assert colour_count(plain, sudoku.SOLVED) == 0
    assert colour_count(answer, sudoku.SOLVED) > 0
    # The hint's placement cell is shaded and its value drawn in green, under a caption.
    assert colour_count(with_hint, sudoku.PLACED_FILL) > 0
    assert colour_count(with_hint, sudoku.PLACED) > 0
    assert with_hint.height > with_hint.width


def test_a_solved_grid_and_a_solution_value_draw_the_same():
    solved = solved_grid(9)
    puzzle = puzzle_of(solved)
    assert sudoku.draw(puzzle, solved) == sudoku.draw(puzzle, SimpleNamespace(solution=solved))


def test_no_solution_draws_the_puzzle_with_its_message():
    puzzle = puzzle_of(solved_grid(9))
    nothing = SimpleNamespace(solution=None, text=lambda: "No solution: r1c1 has no option.")
    image = decode(sudoku.draw(puzzle, nothing))
    plain = decode(sudoku.draw(puzzle))
    assert image.height > plain.height
    assert not differs(grid_area(image), grid_area(plain))


def test_one_of_several_solutions_gets_a_caption():
    solved = solved_grid(9)
    puzzle = puzzle_of(solved)
    unique = decode(sudoku.draw(puzzle, SimpleNamespace(solution=solved, unique=True)))
    several = decode(sudoku.draw(puzzle, SimpleNamespace(solution=solved, unique=False)))
    assert unique.height == WIDTH < several.height
    assert not differs(grid_area(unique), grid_area(several))


def test_hint_marks_eliminations_in_vermillion():
    # A pointing step first: 8 only in column 8 of box 3, so r5c8 loses its 8.
    text = "380251407570900100002307500821090075000715000705020041008006700003072018007009050"
    puzzle = Grid(3, 3, tuple(int(ch) for ch in text), "123456789")
    given = hint(puzzle)
    assert given.before and given.before[0].technique == "pointing"
    image = decode(sudoku.draw(puzzle, given))
    assert colour_count(image, sudoku.REMOVED) > 0
    assert colour_count(image, sudoku.STEP_FILL) > 0


@pytest.mark.parametrize("size", [12, 16])
def test_hint_on_big_grids_marks_only_the_cells_it_is_about_and_readably(size, recorder):
    puzzle = puzzle_of(solved_grid(size))
    given = hint(puzzle)
    image = decode(sudoku.draw(puzzle, given))
    assert image.width == WIDTH
    assert min(font for font, _ in recorder.sizes) >= sudoku.MARK_MIN
    marked = sum(1 for text in recorder.texts if len(text) == 1) - sum(
        1 for cell in puzzle.cells if cell != EMPTY
    )
    steps = [s for s in (*given.before, given.step) if s is not None]
    about = {c for s in steps for c in s.cells} | {c for s in steps for c, _ in s.eliminations}
    assert 0 < marked <= len(about) * 4  # a few marks in the cells the hint is about only


def test_spelling_highlights_the_phrase_cells_with_letters():
    solved = solved_grid(9, "ALSTIRNEY")
    puzzle = SimpleNamespace(grid=puzzle_of(solved), highlight=(0, 1, 2, 40))
    image = decode(spelling.draw(puzzle))
    assert colour_count(image, sudoku.HIGHLIGHT_FILL) > 4 * (WIDTH // 12) ** 2
    plain = decode(sudoku.draw(puzzle.grid))
    assert colour_count(plain, sudoku.HIGHLIGHT_FILL) == 0
    assert spelling.draw(puzzle) == renderers.draw("spelling", puzzle)
    assert differs(image, decode(spelling.draw(puzzle, solved)))


def test_letters_change_the_picture():
    digits = puzzle_of(solved_grid(9))
    letters = Grid(3, 3, digits.cells, "ALSTIRNEY")
    assert differs(decode(sudoku.draw(digits)), decode(sudoku.draw(letters)))


def test_a_16x16_hint_shows_the_mark_it_strikes_out_where_one_mark_fits(recorder):
    """A 16x16 cell holds one readable mark (issue 29): the one the hint removes, not '…'."""
    import dataclasses

    from puzzles.sudoku.board import Step

    puzzle = puzzle_of(solved_grid(16))
    given = hint(puzzle)
    first, second = [i for i, v in enumerate(puzzle.cells) if v == EMPTY][:2]
    candidates = list(given.candidates)
    for cell in (first, second):
        candidates[cell] |= 0b111  # 1, 2 and 3 pencilled in
    step = Step("pair", "3 goes from the first cell", (), ((first, 3),), (first, second))
    given = dataclasses.replace(given, step=step, candidates=tuple(candidates))
    image = decode(sudoku.draw(puzzle, given))
    assert colour_count(image, sudoku.REMOVED) > 0
    threes_given = sum(1 for value in puzzle.cells if value == 3)
    assert recorder.texts.count("3") == threes_given + 1  # the struck-out 3
    assert recorder.texts.count(sudoku.MORE) == 1  # the other cell: more than fit
    assert min(font for font, _ in recorder.sizes) >= sudoku.MARK_MIN
