"""25x25 sudoku (5x5 boxes): read in each written form, solved, graded, hinted, checked, drawn.

Not offered by the generator: proving a carved 25x25 unique takes minutes, not seconds.
The puzzles here are emptied from a seeded random grid only as far as naked and hidden
singles still fill it (so they are unique by construction, and quick to make).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from puzzles.core import PuzzleError
from puzzles.sudoku import check, generate, hint, parse, solve
from puzzles.sudoku.generate import SIZES, check_request
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.puzzle import LETTERS_25, boxed_text
from puzzles.sudoku.solver import random_filled_grid, solves_by_singles
from renderers.sudoku import draw

PNG = b"\x89PNG"


@cache
def solved_grid() -> Grid:
    return random_filled_grid(random.Random(25), 5, 5)


@cache
def singles_puzzle() -> Grid:
    """Every other cell emptied in a seeded order, each kept empty while singles fill the grid."""
    full = solved_grid()
    cells = list(full.cells)
    order = list(range(len(cells)))
    random.Random(5).shuffle(order)
    for cell in order[::2]:
        cells[cell] = EMPTY
        if not solves_by_singles(full.with_cells(tuple(cells))):
            cells[cell] = full.cells[cell]
    return full.with_cells(tuple(cells))


def written(grid: Grid, alphabet: str, blank: str = ".") -> str:
    return "\n".join("".join(alphabet[v - 1] if v else blank for v in row) for row in grid.rows())


def test_letters_a_to_y_read_as_a_25x25():
    puzzle = singles_puzzle()
    parsed = parse(written(puzzle, LETTERS_25))
    assert (parsed.size, parsed.box_rows, parsed.box_cols) == (25, 5, 5)
    assert parsed.symbols == LETTERS_25
    assert parsed.cells == puzzle.cells


def test_digits_going_on_from_16x16_read_the_same_grid():
    puzzle = singles_puzzle()
    parsed = parse(written(puzzle, "123456789ABCDEFGHIJKLMNOP", blank="0"))
    assert parsed.cells == puzzle.cells
    assert parsed.symbols == "123456789ABCDEFGHIJKLMNOP"


def test_numbers_1_to_25_between_spaces_read_the_same_grid():
    puzzle = singles_puzzle()
    text = "\n".join(" ".join(str(v) if v else "." for v in row) for row in puzzle.rows())
    assert parse(text).cells == puzzle.cells


def test_boxed_text_reads_back():
    puzzle = parse(written(singles_puzzle(), LETTERS_25))
    assert parse(boxed_text(puzzle)) == puzzle


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda text: text.replace(".", "Z", 1),
            ["unknown symbol 'Z'", "uses A-Y", "1-9 A-P", "1-25"],
        ),
        (lambda text: text[: text.index("\n")] + "A" + text[text.index("\n") :], ["626 cells"]),
        (lambda text: text.rsplit("\n", 1)[0], ["600 cells", "625"]),
    ],
)
def test_malformed_25x25_grids_say_what_and_where(change, words):
    with pytest.raises(PuzzleError) as caught:
        parse(change(written(singles_puzzle(), LETTERS_25)))
    for word in words:
        assert word in caught.value.message


def test_an_unknown_digit_symbol_names_every_form():
    text = written(singles_puzzle(), "123456789ABCDEFGHIJKLMNOP", blank="0")
    with pytest.raises(PuzzleError) as caught:
        parse(text.replace("0", "Q", 1))
    message = caught.value.message
    for word in ("unknown symbol 'Q'", "1-9 and A-P", "A-Y", "1-25"):
        assert word in message


def test_a_repeated_given_names_both_cells():
    cells = ["."] * 625
    cells[0] = cells[24] = "K"
    with pytest.raises(PuzzleError, match=r"two Ks in row 1 \(r1c1 and r1c25\)"):
        parse("".join(cells))


def test_solve_grades_and_the_solution_checks():
    puzzle = singles_puzzle()
    result = solve(puzzle)
    assert result.unique
    assert result.solution == solved_grid()
    assert result.grade.name == "easy"
    answer = written(result.solution, puzzle.symbols)
    assert check(puzzle, answer).solved
    wrong = answer.replace(answer[0], "." if answer[0] != "." else "1", 1)
    assert not check(puzzle, wrong).solved


def test_hint_names_a_cell_of_the_grid():
    step = hint(singles_puzzle())
    assert step.step.placements
    cell, value = step.step.placements[0]
    assert solved_grid().cells[cell] == value


def test_drawn_with_and_without_the_solution():
    puzzle = singles_puzzle()
    assert draw(puzzle).startswith(PNG)
    assert draw(puzzle, solve(puzzle)).startswith(PNG)


def test_generate_does_not_offer_25x25():
    assert 25 not in SIZES
    with pytest.raises(PuzzleError, match="not 25"):
        check_request(None, False, 25)
    with pytest.raises(PuzzleError, match="not 25"):
        generate(random.Random(1), None, size=25)
