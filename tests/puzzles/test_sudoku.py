"""Sudoku: parsing every accepted form, the exact solver, checking, generating, the kind.

Solutions are judged by an independent referee written from the rules (every row, column
and box holds each value once, and the givens are kept), not by stored solver output;
solution_counts.txt supplies the known counts.
"""

from __future__ import annotations

import contextlib
import io
import pickle
import random

import pytest

from bot.cli import main as cli_main
from puzzles import PuzzleError, get_kind
from puzzles.core import DISCORD
from puzzles.sudoku import KIND, Grid, SudokuSolution, check, generate, hint, parse, solve
from puzzles.sudoku.generate import DIFFICULTIES_BY_SIZE, SIZES
from puzzles.sudoku.grid import EMPTY
from puzzles.sudoku.puzzle import EXAMPLE, boxed_text, parse_grid
from puzzles.sudoku.solver import (
    MANY_CAP,
    count_solutions,
    has_solution_without,
    random_filled_grid,
    solutions,
    solves_by_singles,
)
from tests.conftest import corpus_path

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}

# --- the referee -----------------------------------------------------------------------------


def is_valid_completion(puzzle: Grid, solved: Grid) -> bool:
    """Every given kept, every cell filled, each value once per row, column and box."""
    n, br, bc = puzzle.size, puzzle.box_rows, puzzle.box_cols
    cells = solved.cells
    if len(cells) != n * n or any(g and g != s for g, s in zip(puzzle.cells, cells, strict=True)):
        return False
    everything = set(range(1, n + 1))
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    cols = [cells[c::n] for c in range(n)]
    boxes = [
        [cells[(top + r) * n + left + c] for r in range(br) for c in range(bc)]
        for top in range(0, n, br)
        for left in range(0, n, bc)
    ]
    return all(set(unit) == everything for unit in rows + cols + boxes)


def corpus_puzzles(name: str, limit: int | None = None) -> list[str]:
    lines = corpus_path("sudoku", name).read_text().splitlines()
    puzzles = [line.split(":")[0].strip() for line in lines if line.strip()]
    return [p for p in puzzles if not p.startswith("#")][:limit]


# --- parsing ---------------------------------------------------------------------------------

NINE_LINES = """\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
"""


def test_every_nine_by_nine_form_reads_the_same_grid():
    expected = parse(EXAMPLE)
    forms = [
        EXAMPLE.replace(".", "0"),
        EXAMPLE.replace(".", "_"),
        NINE_LINES,
        NINE_LINES.replace("|", "").replace("-", "").replace("+", ""),
        "\n".join(EXAMPLE[i : i + 9] for i in range(0, 81, 9)),  # nine lines, no spaces
        " ".join(EXAMPLE),  # a single line with spaces
        "+-------+-------+-------+\n" + NINE_LINES.replace("\n", " |\n"),  # website frame
        "\n\n  " + EXAMPLE + "  \n",
    ]
    for text in forms:
        assert parse(text) == expected, text
    assert expected.size == 9 and expected.cells[:3] == (5, 3, 0)


def test_text_and_boxed_text_read_back():
    grid = parse(EXAMPLE)
    assert parse(grid.text()) == grid
    assert parse(boxed_text(grid)) == grid


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_sizes_detected_from_the_cell_count(size):
    grid = random_filled_grid(random.Random(size), *BOXES[size])
    text = "".join(grid.symbol(v) if i % 3 else "." for i, v in enumerate(grid.cells))
    parsed = parse(text)
    assert (parsed.size, parsed.box_rows, parsed.box_cols) == (size, *BOXES[size])
    assert parse(boxed_text(parsed)) == parsed


def test_sixteen_by_sixteen_alphabets():
    solved = random_filled_grid(random.Random(1), 4, 4)  # written 1-9 A-G
    one_to_g = "".join(solved.symbol(v) for v in solved.cells)
    assert parse(one_to_g).cells == solved.cells
    # The same grid written 0-F: value v is hex digit v - 1; blanks are dots.
    zero_to_f = "".join(
        "0123456789ABCDEF"[v - 1] if i % 2 else "." for i, v in enumerate(solved.cells)
    )
    parsed = parse(zero_to_f)
    assert parsed.symbols == "0123456789ABCDEF"
    assert all(p in (0, v) for p, v in zip(parsed.cells, solved.cells, strict=True))
    # With 0 as the blank (no dots) the grid is in 1-9 A-G.
    assert parse(one_to_g[:-1] + "0").cells[-1] == 0


def test_numbers_between_spaces_on_big_grids():
    solved = random_filled_grid(random.Random(2), 4, 4)
    text = "\n".join(
        " ".join(str(v) if c % 2 else "0" for c, v in enumerate(row)) for row in solved.rows()
    )
    parsed = parse(text)
    assert parsed.size == 16
    assert all(p in (0, v) for p, v in zip(parsed.cells, solved.cells, strict=True))


def test_a_letter_grid_uses_its_letters_as_symbols():
    grid = parse(EXAMPLE.translate(str.maketrans("123456789", "ABCDEFGHI")))
    assert grid.symbols == "ABCDEFGHI"
    assert grid.cells == parse(EXAMPLE).cells
    with_letters = parse_grid("hb" + "." * 79, symbols="HAPYBIRTD")
    assert with_letters.cells[:2] == (1, 5)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("5" + "." * 79, ["80 cells", "9x9", "81"]),
        ("." * 82, ["82 cells", "81"]),
        ("." * 17, ["17 cells", "4x4", "16"]),
        ("", ["type the grid"]),
        ("---+---", ["type the grid"]),
        (NINE_LINES.replace("8 . . | . 6 .", "8 . . | . 6"), ["80 cells", "row 4 has 8 cells"]),
        (EXAMPLE.replace("7", "x", 1), ["unknown symbol 'X'", "r1c5", "1-9"]),
        ("A" + EXAMPLE[1:], ["unknown symbol 'A'", "r1c1"]),
        ("1234" + "." * 11 + "5", ["'5'", "r4c4", "4x4"]),
        ("AB" + "." * 79, ["9 different letters", "only 2"]),
    ],
)
def test_malformed_grids_say_what_and_where(text, words):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    for word in words:
        assert word in caught.value.message


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        ({(3, 5): "4", (3, 8): "4"}, ["two 4s in row 3", "r3c5 and r3c8"]),
        ({(2, 7): "6", (9, 7): "6"}, ["two 6s in column 7", "r2c7 and r9c7"]),
        ({(4, 4): "2", (6, 6): "2"}, ["two 2s in box 5", "r4c4 and r6c6"]),
    ],
)
def test_repeated_givens_name_both_cells(cells, words):
    text = ["."] * 81
    for (r, c), ch in cells.items():
        text[(r - 1) * 9 + c - 1] = ch
    with pytest.raises(PuzzleError) as caught:
        parse("".join(text))
    for word in words:
        assert word in caught.value.message


# --- the exact solver -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["hardest.txt", "top95.txt"])
def test_hard_corpus_puzzles_solve_to_valid_unique_completions(name):
    for text in corpus_puzzles(name):
        puzzle = parse(text)
        found = solutions(puzzle, limit=2)
        assert len(found) == 1, text
        assert is_valid_completion(puzzle, found[0]), text


def test_forum_hardest_sample_solves():
    for text in corpus_puzzles("forum_hardest_1106.txt", limit=25):
        puzzle = parse(text)
        found = solutions(puzzle, limit=2)
        assert len(found) == 1 and is_valid_completion(puzzle, found[0]), text


def test_every_count_in_solution_counts_is_right():
    lines = [line for line in corpus_path("sudoku", "solution_counts.txt").read_text().split()]
    assert len(lines) == 43
    seen = set()
    for line in lines:
        text, count, *first = line.split(":")
        puzzle = parse_or_none(text)
        count = int(count)
        if puzzle is None:  # givens that repeat a digit: no solution, refused at parse
            assert count == 0, text
            seen.add(0)
            continue
        assert count_solutions(puzzle, limit=count + 1) == count, text
        result = solve(puzzle)
        assert result.count == min(count, 2)
        if count == 0:
            assert result.solution is None and result.text().startswith("No solution")
        else:
            assert is_valid_completion(puzzle, result.solution)
        if count == 1:
            assert result.solution.text() == parse(first[0]).text()
        seen.add(min(count, 2))
    assert seen == {0, 1, 2}


def parse_or_none(text: str) -> Grid | None:
    try:
        return parse(text)
    except PuzzleError as error:
        assert "two" in error.message
        return None


def test_several_solutions_are_counted_on_to_the_cap_as_the_corpus_counts():
    several = 0
    for line in corpus_path("sudoku", "solution_counts.txt").read_text().split():
        text, count, *_ = line.split(":")
        if int(count) < 2:
            continue
        result = solve(parse(text))
        assert result.counted == min(int(count), MANY_CAP), text
        shown = f"at least {MANY_CAP}" if int(count) >= MANY_CAP else count
        assert result.text().startswith(f"Several solutions ({shown});"), text
        several += 1
    assert several == 15


def unavoidable_rectangle(solved: Grid) -> tuple[int, int, int, int]:
    """Cells (r1, c1), (r1, c2), (r2, c1), (r2, c2) holding a b / b a, the rows in one band and
    the columns in two boxes: emptied, they can be filled both ways round and no other way."""
    n, br, bc = solved.size, solved.box_rows, solved.box_cols
    value = solved.cells
    for r1 in range(n):
        for r2 in range(r1 + 1, (r1 // br + 1) * br):
            for c1 in range(n):
                for c2 in range((c1 // bc + 1) * bc, n):
                    corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    a, b, c, d = (value[cell] for cell in corners)
                    if a == d and b == c:
                        return corners
    raise AssertionError("no unavoidable rectangle in this grid")


@pytest.mark.parametrize("box_rows, box_cols", [(2, 3), (3, 3), (4, 4), (5, 5)])
def test_an_emptied_unavoidable_rectangle_has_its_two_fillings_and_no_more(box_rows, box_cols):
    solved = random_filled_grid(random.Random(11), box_rows, box_cols)
    corners = unavoidable_rectangle(solved)
    p, q, r, s = corners  # p q in one row, r s in the other
    cells, swapped = list(solved.cells), list(solved.cells)
    for cell, row_neighbour in ((p, q), (q, p), (r, s), (s, r)):
        cells[cell] = EMPTY
        swapped[cell] = solved.cells[row_neighbour]
    puzzle = solved.with_cells(tuple(cells))
    both = {solved.cells, tuple(swapped)}
    assert len(both) == 2 and not solves_by_singles(puzzle)  # the search has to branch
    assert {grid.cells for grid in solutions(puzzle, limit=10)} == both
    assert count_solutions(puzzle, limit=10) == 2
    result = solve(puzzle)
    assert (result.count, result.counted) == (2, 2) and result.solution.cells in both
    assert result.text().startswith("Several solutions (2);")
    # One corner given back: the other filling breaks a rule, which the search must find.
    cells[p] = solved.cells[p]
    one = solved.with_cells(tuple(cells))
    assert count_solutions(one, limit=10) == 1
    assert not has_solution_without(one, s, solved.cells[s])
    assert has_solution_without(puzzle, s, solved.cells[s])


def test_four_by_four_has_288_grids():
    empty = Grid(2, 2, (0,) * 16, "1234")
    assert count_solutions(empty, limit=1000) == 288
    found = solutions(empty, limit=288)
    # The search hands a node's state to its last branch: no solution may be overwritten.
    assert len({grid.cells for grid in found}) == 288
    assert all(is_valid_completion(empty, g) for g in found)


@pytest.mark.parametrize("size", [6, 9, 12, 16])
def test_many_solutions_are_distinct_valid_completions(size):
    br, bc = BOXES[size]
    solved = random_filled_grid(random.Random(size), br, bc)
    cells = list(solved.cells)
    for cell in random.Random(size).sample(range(size * size), size * size * 3 // 4):
        cells[cell] = 0  # a quarter of a grid left: far more than 20 solutions
    puzzle = solved.with_cells(tuple(cells))
    found = solutions(puzzle, limit=20)
    assert len({grid.cells for grid in found}) == len(found) == 20
    assert all(is_valid_completion(puzzle, grid) for grid in found)


def every_completion(puzzle: Grid) -> set[tuple[int, ...]]:
    """The referee's own count: fill the first empty cell every legal way, recursively."""
    n, br, bc = puzzle.size, puzzle.box_rows, puzzle.box_cols
    cells = list(puzzle.cells)
    found: set[tuple[int, ...]] = set()

    def legal(cell: int, value: int) -> bool:
        r, c = divmod(cell, n)
        top, left = r - r % br, c - c % bc
        box = [(top + i) * n + left + j for i in range(br) for j in range(bc)]
        seen = cells[r * n : r * n + n] + cells[c::n] + [cells[b] for b in box]
        return value not in seen

    def fill() -> None:
        if 0 not in cells:
            found.add(tuple(cells))
            return
        cell = cells.index(0)
        for value in range(1, n + 1):
            if legal(cell, value):
                cells[cell] = value
                fill()
                cells[cell] = 0

    fill()
    return found


def test_solutions_and_counts_match_a_plain_enumeration():
    for seed in range(3):
        solved = random_filled_grid(random.Random(seed), 2, 3)
        cells = list(solved.cells)
        for cell in random.Random(seed).sample(range(36), 26):
            cells[cell] = 0
        puzzle = solved.with_cells(tuple(cells))
        expected = every_completion(puzzle)
        assert len(expected) > 2  # the search branches and continues past solutions
        assert count_solutions(puzzle, limit=10**6) == len(expected)
        assert {grid.cells for grid in solutions(puzzle, limit=10**6)} == expected


def test_random_grids_are_valid_and_seeded():
    for size, (br, bc) in BOXES.items():
        grid = random_filled_grid(random.Random(7), br, bc)
        assert is_valid_completion(Grid(br, bc, (0,) * (size * size), grid.symbols), grid)
        assert grid == random_filled_grid(random.Random(7), br, bc)
    assert random_filled_grid(random.Random(1)) != random_filled_grid(random.Random(2))


def test_has_solution_without_agrees_with_counting():
    rng = random.Random(3)
    solved = random_filled_grid(rng)
    cells = list(solved.cells)
    for cell in rng.sample(range(81), 50):
        cells[cell] = 0
    puzzle = solved.with_cells(tuple(cells))
    several = count_solutions(puzzle) > 1
    empty = [c for c in range(81) if cells[c] == 0]
    assert several == any(has_solution_without(puzzle, c, solved.cells[c]) for c in empty)


def test_singles_only_solvability():
    easy = parse(EXAMPLE)
    assert solves_by_singles(easy)
    hardest = parse(corpus_puzzles("hardest.txt", limit=1)[0])
    assert not solves_by_singles(hardest)


def test_solution_values_say_what_happened():
    unique = solve(parse(EXAMPLE))
    assert unique.unique and "Unique solution" in unique.text()
    assert unique.grade is not None and unique.grade.name == "easy"
    assert parse(unique.text().split("Unique")[0]) == unique.solution
    assert pickle.loads(pickle.dumps(unique)) == unique

    several = solve(parse("." * 81))
    assert several.count == 2 and several.counted == 100
    assert "Several solutions (at least 100)" in several.text()
    assert is_valid_completion(several.puzzle, several.solution)


def test_no_solution_is_reported():
    # Row 1 needs a 9 in r1c9, but column 9 already has one further down.
    text = "12345678." + "." * 8 + "9" + "." * 63
    result = solve(parse(text))
    assert isinstance(result, SudokuSolution)
    assert result.count == 0 and result.solution is None
    assert result.text() == "No solution: r1c9 has no possible value left."


def test_steps_option_lists_the_logic():
    result = solve(parse(EXAMPLE), steps=True)
    assert result.steps and "hidden single" in result.text()
    assert not solve(parse(EXAMPLE)).steps


# --- checking an answer ------------------------------------------------------------------------


def test_check_accepts_a_valid_completion():
    puzzle = parse(EXAMPLE)
    answer = boxed_text(solve(puzzle).solution)
    verdict = check(puzzle, answer)
    assert verdict.solved and not verdict.problems


def test_check_lists_every_problem():
    puzzle = parse(EXAMPLE)
    cells = list(solve(puzzle).solution.cells)
    cells[0] = 6  # a given changed (5 -> 6): also repeats 6 in row 1, column 1 and box 1
    cells[80] = 0  # an empty cell
    answer = "".join(str(v) if v else "." for v in cells)
    verdict = check(puzzle, answer)
    assert not verdict.solved
    text = verdict.text()
    assert "r1c1 is a given 5, but your grid has 6 there" in text
    assert "two 6s in row 1" in text and "two 6s in column 1" in text
    assert "two 6s in box 1" in text
    assert "1 cell still empty: r9c9" in text


def test_check_refuses_unreadable_answers():
    with pytest.raises(PuzzleError):
        check(parse(EXAMPLE), "12345")
    assert not check(parse(EXAMPLE), "   ").solved


# --- hints ------------------------------------------------------------------------------------


def test_hint_names_a_cell_and_its_reason():
    value = hint(parse(EXAMPLE), "")
    assert "r" in value.text() and "single" in value.text()


# --- generating --------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert", "beyond-logic"])
def test_generated_puzzles_are_unique_at_the_grade_asked(difficulty):
    from puzzles.sudoku.grade import grade

    puzzle = generate(random.Random(3), difficulty)
    assert count_solutions(puzzle) == 1
    assert grade(puzzle).name == difficulty
    assert generate(random.Random(3), difficulty) == puzzle


def test_generated_puzzles_are_minimal():
    puzzle = generate(random.Random(5), "expert")
    for cell, value in enumerate(puzzle.cells):
        if value:
            fewer = list(puzzle.cells)
            fewer[cell] = 0
            assert count_solutions(puzzle.with_cells(tuple(fewer))) == 2


def test_symmetric_clues_mirror_through_the_centre():
    puzzle = generate(random.Random(3), "easy", symmetric=True)
    filled = [v != 0 for v in puzzle.cells]
    assert filled == filled[::-1]
    assert count_solutions(puzzle) == 1


OFFERED = [(size, grade) for size, grades in DIFFICULTIES_BY_SIZE.items() for grade in grades]


@pytest.mark.parametrize(("size", "difficulty"), OFFERED)
def test_every_size_and_grade_offered_generates(size, difficulty):
    from puzzles.sudoku.grade import grade

    puzzle = generate(random.Random(1), difficulty, size=size)
    assert puzzle.size == size and count_solutions(puzzle) == 1
    assert grade(puzzle).name == difficulty


def test_every_size_offered_generates_without_a_grade():
    assert KIND.generate_options[1].choices == SIZES
    for size in (4, 6):  # the sizes medium (the usual default) is not offered for, and one that is
        puzzle = KIND.generate_with(random.Random(2), None, {"size": size})
        assert puzzle.size == size and count_solutions(puzzle) == 1


def test_generate_refuses_unknown_grades_and_sizes():
    with pytest.raises(PuzzleError):
        generate(random.Random(1), "impossible")
    with pytest.raises(PuzzleError, match="4, 6, 9, 12, 16 cells wide, not 7"):
        generate(random.Random(1), "easy", size=7)


def test_a_grade_a_size_never_reaches_is_refused_at_once_in_each_frontends_syntax():
    with pytest.raises(PuzzleError) as refused:
        generate(random.Random(1), "hard", size=6)
    assert "a 6x6 sudoku comes only easy, medium, expert" in str(refused.value.problem)
    assert refused.value.message_for(DISCORD).endswith(
        "Example: /generate sudoku size:6 difficulty:expert"
    )
    assert refused.value.message.endswith(
        "Example: puzzlebot generate sudoku --size 6 --difficulty expert"
    )


def test_cli_generates_a_4x4_without_a_grade():
    status, out = run_cli("generate", "sudoku", "--size", "4", "--seed", "3")
    assert status == 0, out


def test_difficulties_are_the_graders_grades():
    from puzzles.sudoku.grade import GRADES

    assert KIND.difficulties == GRADES


# --- the kind ---------------------------------------------------------------------------------


def test_the_kind_is_registered_for_pasted_grids():
    assert get_kind("sudoku") is KIND and get_kind("Number Place") is KIND
    assert KIND.multiline_input
    KIND.check_input_size(boxed_text(random_filled_grid(random.Random(1), 4, 4)))
    assert KIND.parse(KIND.example) == parse(EXAMPLE)


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(list(args))
    return status, out.getvalue()


def test_cli_solves_hints_and_generates():
    status, out = run_cli("solve", "sudoku", EXAMPLE)
    assert status == 0 and "Unique solution" in out
    status, out = run_cli("hint", "sudoku", EXAMPLE)
    assert status == 0 and "single" in out
    status, out = run_cli("generate", "sudoku", "--difficulty", "easy", "--seed", "7")
    assert status == 0 and "seed 7" in out
    assert run_cli("solve", "sudoku", "12")[0] == 2


def test_a_sentence_is_not_a_sudoku_and_the_message_shows_the_form():
    # issue 29: "I found 26 cells, but a 4x4 sudoku has 16"
    with pytest.raises(PuzzleError) as error:
        parse("hello world this is not a sudoku")
    message = error.value.message
    assert "this is not a sudoku" in message and "cells" not in message.split(":")[0]
    assert ". or 0 for blanks" in message and "Example: 53..7" in message
    # a grid with a cell too few still gets the count
    with pytest.raises(PuzzleError, match="I found 80 cells"):
        parse(EXAMPLE[:-1])
