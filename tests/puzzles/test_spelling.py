"""Sudoku Spelling: phrases to letters, generated puzzles that spell them, parsing, the kind.

A generated puzzle is checked from the rules: one solution (counted by the exact solver),
solvable step by step (the logic engine), and the solution read along the highlighted
cells, in reading order, gives the phrase's letters.
"""

from __future__ import annotations

import pickle
import random

import pytest

from puzzles import PuzzleError, get_kind
from puzzles.spelling import KIND, SpellingPuzzle, check, generate, hint, parse, solve
from puzzles.spelling.generate import PHRASES, spell_out
from puzzles.spelling.puzzle import EXAMPLE, distinct_letters, phrase_letters
from puzzles.sudoku.grid import EMPTY, Grid, units
from puzzles.sudoku.logic import solve_by_logic
from puzzles.sudoku.puzzle import boxed_text
from puzzles.sudoku.solver import count_solutions, random_filled_grid


def is_valid_sudoku(grid: Grid) -> bool:
    everything = set(range(1, grid.size + 1))
    return all(
        {grid.cells[cell] for cell in unit} == everything
        for group in units(grid.box_rows, grid.box_cols)
        for unit in group
    )


def read_along(grid: Grid, cells: tuple[int, ...]) -> str:
    return "".join(grid.symbol(grid.cells[cell]) for cell in cells)


def test_phrase_letters_and_symbols():
    assert phrase_letters("Alastair Stanley!") == "ALASTAIRSTANLEY"
    assert distinct_letters("Alastair Stanley") == "ALSTIRNEY"


@pytest.mark.parametrize("phrase", ["Alastair Stanley", "Hello", "Happy Birthday"])
def test_generated_puzzle_spells_its_phrase(phrase):
    puzzle = generate(random.Random(4), None, text=phrase)
    grid = puzzle.grid
    assert grid.size == 9 and len(set(grid.symbols)) == 9
    assert set(distinct_letters(phrase)) <= set(grid.symbols)
    assert count_solutions(grid) == 1
    logic = solve_by_logic(grid)
    assert logic.solved and is_valid_sudoku(logic.grid)
    assert list(puzzle.highlight) == sorted(set(puzzle.highlight))  # reading order
    assert read_along(logic.grid, puzzle.highlight) == phrase_letters(phrase)
    assert all(grid.cells[cell] != EMPTY for cell in puzzle.highlight)


def test_generated_puzzle_is_minimal_for_a_logical_solve():
    puzzle = generate(random.Random(2), None, text="Carpe Diem")
    keep = set(puzzle.highlight)
    for cell, value in enumerate(puzzle.grid.cells):
        if value and cell not in keep:
            fewer = list(puzzle.grid.cells)
            fewer[cell] = EMPTY
            assert not solve_by_logic(puzzle.grid.with_cells(tuple(fewer))).solved


def test_generation_is_seeded_and_picks_a_phrase():
    first = generate(random.Random(9), None)
    assert first.phrase in PHRASES
    assert generate(random.Random(9), None) == first
    assert generate(random.Random(8), None, text="Well Done") != generate(
        random.Random(7), None, text="Well Done"
    )


def test_ten_to_sixteen_letters_make_a_sixteen_by_sixteen():
    puzzle = generate(random.Random(1), None, text="Merry Christmas")
    assert puzzle.grid.size == 16 and len(set(puzzle.grid.symbols)) == 16
    solved = solve(puzzle).solution
    assert solve(puzzle).unique and is_valid_sudoku(solved)
    assert read_along(solved, puzzle.highlight) == "MERRYCHRISTMAS"


def test_too_many_letters_or_none_is_refused():
    with pytest.raises(PuzzleError, match="17 different letters"):
        generate(random.Random(1), None, text="abcdefghijklmnopq")
    with pytest.raises(PuzzleError, match="at least one letter"):
        generate(random.Random(1), None, text="1234")


def test_spell_out_rearranges_a_valid_grid():
    rng = random.Random(5)
    filled = random_filled_grid(rng)
    grid = Grid(3, 3, filled.cells, "ALSTIRNEY")
    want = tuple("ALSTIRNEY".index(ch) + 1 for ch in "ALASTAIRSTANLEY")
    arranged, cells = spell_out(rng, grid, want)
    assert is_valid_sudoku(arranged)
    assert read_along(arranged, cells) == "ALASTAIRSTANLEY"
    assert list(cells) == sorted(cells)


def test_text_reads_back_and_pickles():
    puzzle = generate(random.Random(3), None, text="Alastair Stanley")
    assert parse(puzzle.text()) == puzzle
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle
    assert puzzle.text().startswith("phrase: Alastair Stanley\nletters: ALSTIRNEY")


def test_typed_in_letter_sudoku_solves_with_the_same_engine():
    puzzle = parse(EXAMPLE)
    assert isinstance(puzzle, SpellingPuzzle) and not puzzle.phrase
    result = solve(puzzle)
    assert result.unique and is_valid_sudoku(result.solution)


def test_a_bare_first_line_is_the_phrase():
    generated = generate(random.Random(3), None, text="Happy Birthday")
    typed = parse("Happy Birthday\n" + boxed_text(generated.grid))
    assert typed.phrase == "Happy Birthday"
    assert set(typed.grid.symbols) == set(generated.grid.symbols)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.replace("highlight: r1c", "highlight: r9c9 r1c", 1), "reading order"),
        (lambda t: t.replace("letters: ALSTIRNEY", "letters: QLSTIRNEY"), "phrase uses A"),
        (lambda t: t.replace("highlight: r1c", "highlight: r1c1 r12c", 1), "outside"),
        (lambda t: t.replace("letters: ALSTIRNEY", "letters: ALSTIRNEYY"), "9 different"),
        (lambda t: t.replace("phrase: Alastair Stanley", "phrase: Alastair"), "8 letters"),
    ],
)
def test_malformed_headers_are_explained(change, words):
    text = generate(random.Random(3), None, text="Alastair Stanley").text()
    with pytest.raises(PuzzleError, match=words):
        parse(change(text))


def test_check_reads_out_the_phrase_on_a_win():
    puzzle = generate(random.Random(3), None, text="Alastair Stanley")
    answer = boxed_text(solve(puzzle).solution)
    verdict = check(puzzle, answer)
    assert verdict.solved and "ALASTAIRSTANLEY" in str(verdict.summary)
    wrong = answer.replace("A", "?", 1)
    assert not check(puzzle, wrong.replace("?", ".")).solved


def test_simplify_is_one_logical_step():
    puzzle = generate(random.Random(3), None, text="Alastair Stanley")
    step = hint(puzzle, "")
    assert step.step is not None and step.step.placements
    assert "r" in step.text()


def test_the_kind_is_registered():
    assert get_kind("spelling") is KIND and get_kind("Sudoku Spelling") is KIND
    assert get_kind("sudoku-spelling") is KIND
    assert KIND.multiline_input
    puzzle = KIND.generate_with(random.Random(1), None, {"text": "Bon Voyage"})
    assert puzzle.phrase == "Bon Voyage"


@pytest.mark.parametrize(
    ("phrase", "named"),
    [
        ("ＡＢＣ Alastair", "FULLWIDTH LATIN CAPITAL LETTER A"),
        ("Alаstair Stanley", "CYRILLIC SMALL LETTER A"),  # one Cyrillic а among Latin a's
        ("Zoë", "LATIN SMALL LETTER E WITH DIAERESIS"),
        ("Ha\u200bppy", "ZERO WIDTH SPACE"),
    ],
)
def test_a_phrase_with_a_letter_outside_a_to_z_is_refused_by_name(phrase, named):
    with pytest.raises(PuzzleError, match=named) as refused:
        generate(random.Random(1), None, text=phrase)
    assert "A-Z" in refused.value.message and "Happy Birthday" in refused.value.message
