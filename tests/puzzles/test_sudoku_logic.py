"""The human-style logic engine and the grading, checked against independent referees.

Every step must be sound: its placements agree with the true solution (found here by a
small brute-force backtracking solver, or read from the corpus) and its eliminations
never remove the true value. Each technique is checked on a position where it is the
simplest step that applies.
"""

from __future__ import annotations

import pickle
import random
import re
from dataclasses import FrozenInstanceError

import pytest

from puzzles.core import PuzzleError, to_jsonable
from puzzles.sudoku.board import Board, Unsaid, unsaid
from puzzles.sudoku.grade import GRADES, WEIGHTS, Grade, grade
from puzzles.sudoku.grid import EMPTY, Grid, peers, units
from puzzles.sudoku.logic import (
    TECHNIQUES,
    LogicResult,
    Step,
    apply_step,
    bit,
    next_step,
    solve_by_logic,
    values_of,
)
from puzzles.sudoku.rules import Hint, hint
from puzzles.sudoku.solver import solve
from puzzles.sudoku.techniques import find_step, technique_name
from puzzles.sudoku.techniques.chains import _contradiction_said
from tests.conftest import corpus_path

DIGITS = "123456789"
SYMBOLS = {4: "1234", 6: "123456", 9: DIGITS, 12: "123456789ABC", 16: "123456789ABCDEFG"}
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


def grid_of(text: str, size: int = 9) -> Grid:
    """A grid from one symbol per cell, '.' or '0' for blanks (tests' own tiny reader)."""
    symbols = SYMBOLS[size]
    cells = tuple(EMPTY if ch in ".0" else symbols.index(ch) + 1 for ch in text)
    assert len(cells) == size * size
    return Grid(*BOXES[size], cells, symbols)


# --- referees -------------------------------------------------------------------------


def brute_force(grid: Grid, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to `limit` solutions by plain backtracking on the fewest-options cell."""
    n = grid.size
    near = peers(grid.box_rows, grid.box_cols)
    cells = list(grid.cells)
    found: list[tuple[int, ...]] = []

    def options(cell: int) -> list[int]:
        used = {cells[p] for p in near[cell]}
        return [v for v in range(1, n + 1) if v not in used]

    def search() -> None:
        empty = [c for c in range(n * n) if cells[c] == EMPTY]
        if not empty:
            found.append(tuple(cells))
            return
        cell = min(empty, key=lambda c: len(options(c)))
        for value in options(cell):
            cells[cell] = value
            search()
            if len(found) >= limit:
                break
        cells[cell] = EMPTY

    search()
    return found


def assert_sound(step: Step, solution: tuple[int, ...]) -> None:
    for cell, value in step.placements:
        assert solution[cell] == value, step.text()
    for cell, value in step.eliminations:
        assert solution[cell] != value, step.text()
    assert step.placements or step.eliminations, step.text()


def is_valid_solution(grid: Grid, solved: tuple[int, ...]) -> bool:
    full = set(range(1, grid.size + 1))
    groups = units(grid.box_rows, grid.box_cols)
    agrees = all(g in (EMPTY, s) for g, s in zip(grid.cells, solved, strict=True))
    return agrees and all({solved[c] for c in unit} == full for g in groups for unit in g)


def pattern_solution(size: int) -> tuple[int, ...]:
    """A valid filled grid of any size: each row shifts the one above by a box width."""
    rows, cols = BOXES[size]
    return tuple(
        (cols * (r % rows) + r // rows + c) % size + 1 for r in range(size) for c in range(size)
    )


# --- techniques on known positions ----------------------------------------------------

# Positions reached while solving Sudoku Exchange bank puzzles where each technique is
# the simplest step that applies to the grid's values (unique solution: the referee finds it).
POSITIONS = {
    "hidden single": (
        "080200400570000100002300000820090005000715000700020041000006700003000018007009050"
    ),
    "naked single": (
        "024000651106000807008610900000000000260090083080501070600923008002854700800176300"
    ),
    "pointing": (
        "380251407570900100002307500821090075000715000705020041008006700003072018007009050"
    ),
    "claiming": (
        "380251407570900100002307500821090075000715800705020041208006700003072018007009250"
    ),
    "naked pair": (
        "380251407570900100002307500821090075030715800705020041208006700003072018007009250"
    ),
    "hidden pair": (
        "687040001031008700049701008123596800956874123874123500005082410012400080408010002"
    ),
    "naked triple": (
        "013092460800360025000040000235984671978216543060735090089403710000109000000678000"
    ),
    "hidden triple": (
        "080307500007489600000105000038210795205973108719850230000548000002691400004732050"
    ),
    "X-Wing": ("645900371983710205127503089598301026710090853360805190259100030831057902476239518"),
    "XY-Wing": (
        "596002341420600785780405269964001508300948126218560904802300617109006053630100092"
    ),
    "XYZ-Wing": (
        "964821735005697000871000269493286157587000326010375090040000570708060900109700603"
    ),
    "Swordfish": (
        "094015830100308405358704102000000940400980001019400080506079314941536008073040659"
    ),
    "simple colouring": (
        "639000275821975643547362981052000096018690532960520810170856029285039160096200058"
    ),
    "X-Chain": (
        "200359106310627090609841023007294601026713900901586002192478365060932017703165209"
    ),
    "XY-Chain": (
        "200359106310627094609841023007294631426713958931586002192478365060932017703165209"
    ),
    "alternating chain": (
        "301004768709386021068701093090160850100800900580249100835402600900638205600000380"
    ),
}


@pytest.mark.parametrize("technique", sorted(POSITIONS))
def test_technique_is_the_simplest_step_and_sound(technique):
    grid = grid_of(POSITIONS[technique])
    (solution,) = brute_force(grid)
    step = next_step(grid)
    assert step is not None
    assert step.technique == technique
    assert_sound(step, solution)
    assert step.text().endswith(f": {technique}")
    assert step.cells


def test_naked_single_cell_really_has_one_option():
    grid = grid_of(POSITIONS["naked single"])
    step = next_step(grid)
    ((cell, value),) = step.placements
    seen = {grid.cells[p] for p in peers(3, 3)[cell]}
    assert set(range(1, 10)) - seen == {value}
    assert step.text() == f"r{cell // 9 + 1}c{cell % 9 + 1} can only be {value}: naked single"


def test_hidden_single_is_the_only_place_in_its_unit():
    grid = grid_of(POSITIONS["hidden single"])
    step = next_step(grid)
    ((cell, value),) = step.placements
    kind, number = re.search(r" in (box|row|column) (\d+)", step.text()).groups()
    rows, cols, boxes = units(3, 3)
    unit = {"row": rows, "column": cols, "box": boxes}[kind][int(number) - 1]
    assert cell in unit and value not in {grid.cells[c] for c in unit}
    near = peers(3, 3)
    others = [c for c in unit if c != cell and grid.cells[c] == EMPTY]
    assert others and all(any(grid.cells[p] == value for p in near[c]) for c in others)


def test_x_wing_corners_form_a_rectangle():
    step = next_step(grid_of(POSITIONS["X-Wing"]))
    rows = {c // 9 for c in step.cells}
    cols = {c % 9 for c in step.cells}
    assert len(rows) == len(cols) == 2 and len(step.cells) == 4
    assert len({value for _, value in step.eliminations}) == 1


@pytest.mark.parametrize("technique", ["X-Chain", "XY-Chain", "alternating chain"])
def test_chain_links_alternate_between_false_and_true(technique):
    step = next_step(grid_of(POSITIONS[technique]))
    said = re.findall(r"(r\d+c\d+) (is not|is) (\d)", step.text().split(";")[0])
    assert [claim for _, claim, _ in said] == ["is not", "is"] * (len(said) // 2)
    if technique == "X-Chain":
        assert len({value for _, _, value in said}) == 1
    if technique == "XY-Chain":
        # Each strong link stays in one cell; each weak link keeps the value.
        for (a, _, x), (b, _, y) in zip(said[::2], said[1::2], strict=True):
            assert a == b and x != y
        for (a, _, x), (b, _, y) in zip(said[1::2], said[2::2], strict=False):
            assert a != b and x == y


def test_xy_wing_pivot_and_pincers_are_pairs():
    grid = grid_of(POSITIONS["XY-Wing"])
    step = next_step(grid)
    pivot, a, b = step.cells
    near = peers(3, 3)
    assert a in near[pivot] and b in near[pivot]
    for cell, _ in step.eliminations:
        assert cell in near[a] and cell in near[b]


# Positions built on pencil marks, for techniques real grids rarely need first. Every
# mark of `pattern_solution(9)` is kept, so no sound step may remove one of its values.
S9 = pattern_solution(9)


def marks_for(restrictions: dict[int, int]) -> list[int]:
    marks = [(1 << 9) - 1] * 81
    for cell, mask in restrictions.items():
        marks[cell] = mask
    assert all(marks[c] & bit(S9[c]) for c in range(81))
    return marks


def mask(*values: int) -> int:
    return sum(bit(v) for v in set(values))


def test_naked_quad_on_pencil_marks():
    # Row 1 reads 1..9; r1c1-r1c4 hold {1,2} {2,3} {3,4} {4,1}: no two or three of them close.
    marks = marks_for({0: mask(1, 2), 1: mask(2, 3), 2: mask(3, 4), 3: mask(4, 1)})
    step = next_step(Grid(3, 3, (EMPTY,) * 81, DIGITS), marks)
    assert step.technique == "naked quad"
    assert set(step.cells) == {0, 1, 2, 3}
    assert {cell for cell, _ in step.eliminations} == set(range(4, 9))
    assert_sound(step, S9)


def test_hidden_quad_on_pencil_marks():
    # In row 1, 1 4 2 7 only fit r1c1 r1c4 r1c2 r1c7 in a cycle whose neighbours never
    # share a box, so no pair, triple or claiming comes first.
    quad = (0, 3, 1, 6)
    values = [S9[c] for c in quad]
    restrictions = {c: (1 << 9) - 1 - mask(*values) for c in range(9) if c not in quad}
    marks = marks_for(restrictions)
    for index, value in enumerate(values):
        for c in range(9):
            if c not in (quad[index], quad[index - 1]):
                marks[c] &= ~bit(value)
    assert all(marks[c] & bit(S9[c]) for c in range(81))
    step = next_step(Grid(3, 3, (EMPTY,) * 81, DIGITS), marks)
    assert step.technique == "hidden quad"
    assert set(step.cells) == set(quad)
    assert_sound(step, S9)


def test_jellyfish_on_pencil_marks():
    # 1 sits in rows 1, 2, 5, 4 of the pattern grid at columns 1, 7, 6, 9; each of those
    # rows keeps 1 in two of these columns, in a cycle: only all four rows close the fish.
    rows = (0, 1, 4, 3)
    cols = [S9[r * 9 :].index(1) for r in rows]
    marks = marks_for({})
    for index, row in enumerate(rows):
        keep = {cols[index], cols[(index + 1) % 4]}
        for c in range(9):
            if c not in keep:
                marks[row * 9 + c] &= ~bit(1)
    step = next_step(Grid(3, 3, (EMPTY,) * 81, DIGITS), marks)
    assert step.technique == "Jellyfish"
    assert {c // 9 for c in step.cells} == set(rows)
    assert {c % 9 for c in step.cells} == set(cols)
    assert_sound(step, S9)


def test_techniques_are_listed_simplest_first_with_weights():
    assert tuple(WEIGHTS) == TECHNIQUES
    assert list(WEIGHTS.values()) == sorted(WEIGHTS.values())


# --- whole solves -----------------------------------------------------------------------


def exchange(tier: str, count: int) -> list[tuple[Grid, tuple[int, ...]]]:
    path = corpus_path("sudoku", "sudoku_exchange", f"{tier}_puzzle_and_solution.txt")
    pairs = []
    for line in path.read_text().splitlines()[:count]:
        puzzle, solution = line.split()
        pairs.append((grid_of(puzzle), tuple(map(int, solution))))
    return pairs


@pytest.mark.parametrize("tier", ["easy", "medium", "hard", "hard1", "hard2", "diabolical"])
def test_no_step_contradicts_the_bank_solution(tier):
    for grid, solution in exchange(tier, 50):
        assert is_valid_solution(grid, solution)
        result = solve_by_logic(grid)
        for step in result.steps:
            assert_sound(step, solution)
        assert all(v in (EMPTY, s) for v, s in zip(result.grid.cells, solution, strict=True))
        assert result.solved == (result.grid.cells == solution)
        assert not result.problem


def test_whole_solve_replays_to_the_solution():
    grid, solution = exchange("hard", 1)[0]
    result = solve_by_logic(grid)
    assert result.solved
    replay = grid
    for step in result.steps:
        replay = apply_step(replay, step)
    assert replay.cells == solution == result.grid.cells
    assert {s.technique for s in result.steps} - {"hidden single", "naked single"}


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_every_size_solves_soundly(size):
    """A third of a valid filled grid blanked at random: logic finishes exactly those the
    referee finds unique (pattern grids blanked like this can have two solutions)."""
    solution = pattern_solution(size)
    for seed in range(4):
        rng = random.Random(seed)
        cells = tuple(v if rng.random() < 0.65 else EMPTY for v in solution)
        grid = Grid(*BOXES[size], cells, SYMBOLS[size])
        result = solve_by_logic(grid)
        for step in result.steps:
            assert_sound(step, solution)
        unique = len(brute_force(grid)) == 1
        assert result.solved == unique
        if unique:
            assert result.grid.cells == solution


def test_letters_appear_in_explanations():
    # A spelling grid: the same puzzle written with letters.
    letters = "ALSTIRNEY"
    digits = grid_of(POSITIONS["naked single"])
    spelled = Grid(3, 3, digits.cells, letters)
    step = next_step(spelled)
    ((_, value),) = step.placements
    assert step.text().endswith(f"can only be {letters[value - 1]}: naked single")


def test_contradiction_is_reported_not_solved():
    cells = list(grid_of(POSITIONS["hidden single"]).cells)
    cells[2] = 8  # r1c3 = 8 next to the given 8 in r1c2
    result = solve_by_logic(Grid(3, 3, tuple(cells), DIGITS))
    assert not result.solved
    assert "r1c2 and r1c3 are both 8" in str(result.problem)
    assert next_step(Grid(3, 3, tuple(cells), DIGITS)) is None


def test_values_are_frozen():
    result = solve_by_logic(grid_of(POSITIONS["naked single"]))
    assert isinstance(result, LogicResult)
    with pytest.raises(FrozenInstanceError):
        result.steps[0].technique = "guess"  # type: ignore[misc]


# --- hints ------------------------------------------------------------------------------


def test_hint_on_the_puzzle_gives_a_sound_placement():
    grid, solution = exchange("medium", 1)[0]
    given = hint(grid)
    assert isinstance(given, Hint)
    assert given.step is not None and given.step.placements
    assert_sound(given.step, solution)
    assert given.text().endswith(given.step.text() + ".")
    for cell, marks in enumerate(given.candidates):
        if grid.cells[cell]:
            assert marks == 0
        else:
            assert marks & bit(solution[cell])


def test_hint_walks_through_eliminations_to_a_placement():
    grid = grid_of(POSITIONS["pointing"])
    (solution,) = brute_force(grid)
    given = hint(grid)
    assert [s.technique for s in given.before][:1] == ["pointing"]
    assert given.step.placements
    for step in (*given.before, given.step):
        assert_sound(step, solution)
    assert given.text().startswith("First, in box")
    # The marks shown are those after the preparatory removals.
    for cell, value in given.before[0].eliminations:
        assert not given.candidates[cell] & bit(value)


def test_hint_uses_the_players_progress():
    grid, solution = exchange("easy", 1)[0]
    progress_cells = list(grid.cells)
    for cell in range(40):
        progress_cells[cell] = solution[cell]
    progress = "\n".join(
        " ".join(str(v or ".") for v in progress_cells[r * 9 : r * 9 + 9]) for r in range(9)
    )
    given = hint(grid, progress)
    assert given.grid.cells == tuple(progress_cells)
    assert given.step.placements[0][0] >= 40 or grid.cells[given.step.placements[0][0]] == EMPTY
    assert_sound(given.step, solution)
    # The same progress as a Grid works too.
    assert hint(grid, grid.with_cells(tuple(progress_cells))) == given


def test_hint_reports_a_wrong_entry_that_breaks_the_rules():
    grid = grid_of(POSITIONS["hidden single"])
    cells = list(grid.cells)
    cells[2] = 8
    given = hint(grid, grid.with_cells(tuple(cells)))
    assert given.step is None
    assert "r1c2 and r1c3 are both 8" in given.text()


def test_hint_on_a_complete_grid_and_a_stuck_grid():
    solved = Grid(3, 3, pattern_solution(9), DIGITS)
    assert hint(solved).text() == "The grid is already complete."
    empty = Grid(3, 3, (EMPTY,) * 81, DIGITS)
    stuck = hint(empty)
    assert stuck.step is None and "No logical step" in stuck.text()


@pytest.mark.parametrize(
    ("progress", "message"),
    [
        ("123", "3 cells"),
        ("x" + "." * 80, "unknown symbol 'X'"),
        ("." * 80 + "\n" + "." * 5, "85 cells"),
        ("." * 40 + "44" + "." * 39, "r5c5 and r5c6"),
    ],
)
def test_malformed_progress_is_a_puzzle_error(progress, message):
    grid = grid_of(POSITIONS["hidden single"])
    with pytest.raises(PuzzleError, match=message):
        hint(grid, progress)


def test_progress_may_not_change_a_given():
    grid = grid_of(POSITIONS["hidden single"])  # r1c2 is a given 8
    progress = "09" + "." * 79
    with pytest.raises(PuzzleError, match="r1c2 is a given 8, but your progress has 9"):
        hint(grid, progress)


def test_progress_with_box_separators_and_letters():
    letters = "ALSTIRNEY"
    grid = Grid(3, 3, grid_of(POSITIONS["hidden single"]).cells, letters)
    rows = grid.text().lower().splitlines()
    pretty = "\n".join(f"{r[:3]} | {r[3:6]} | {r[6:]}" for r in rows[:3])
    pretty += "\n------+-------+------\n" + "\n".join(rows[3:])
    assert hint(grid, pretty).grid == grid


# --- grading ----------------------------------------------------------------------------


def test_grade_names_and_counts_follow_the_solve():
    grid, _ = exchange("hard", 1)[0]
    result = solve_by_logic(grid)
    graded = grade(grid)
    assert isinstance(graded, Grade) and graded.name in GRADES
    assert sum(times for _, times in graded.counts) == len(result.steps)
    hardest = max((s.technique for s in result.steps), key=WEIGHTS.__getitem__)
    assert graded.hardest == hardest
    assert graded.score >= WEIGHTS[hardest]


def test_singles_only_is_easy_and_stuck_is_beyond_logic():
    easy_grid, _ = exchange("easy", 1)[0]
    easy = grade(easy_grid)
    assert easy.name == "easy" and easy.hardest in ("hidden single", "naked single")
    stuck = grade(Grid(3, 3, (EMPTY,) * 81, DIGITS))
    assert stuck.name == "beyond-logic" and stuck.hardest == "guessing"
    assert stuck.score > easy.score


def test_grade_rises_with_the_bank_tiers():
    means = []
    for tier in ("easy", "medium", "hard", "diabolical"):
        scores = [grade(g).score for g, _ in exchange(tier, 40)]
        means.append(sum(scores) / len(scores))
    assert means == sorted(means) and len(set(means)) == 4


def test_marks_helpers_roundtrip():
    assert values_of(mask(1, 4, 9)) == [1, 4, 9]
    assert values_of(0) == []


def test_grade_bands_and_text():
    from puzzles.sudoku.grade import BEYOND_LOGIC, MAX_BONUS, grade_for_score

    assert grade_for_score(WEIGHTS["naked single"]) == "easy"
    assert grade_for_score(WEIGHTS["pointing"]) == "medium"
    assert grade_for_score(WEIGHTS["X-Wing"]) == "hard"
    assert grade_for_score(WEIGHTS["Swordfish"]) == "expert"
    # However much work a solve takes, a solved grid is never graded as needing guesses.
    assert grade_for_score(max(WEIGHTS.values()) + MAX_BONUS) == "expert"
    assert grade_for_score(BEYOND_LOGIC) == "beyond-logic"
    graded = grade(grid_of(POSITIONS["X-Wing"]))
    assert graded.text().startswith(f"{graded.name} (score ")
    assert graded.hardest == "XY-Wing" and graded.name == "expert"
    assert all(f"{name} x{times}" in graded.text() for name, times in graded.counts)


def test_hint_sentence_starts_with_a_capital_unless_it_names_a_cell():
    # X-Wing position: the first step is the X-Wing itself, whose wording starts "in rows".
    given = hint(grid_of(POSITIONS["X-Wing"]))
    assert given.before[0].technique == "X-Wing"
    assert given.text().startswith("First, in rows")
    single = hint(grid_of(POSITIONS["naked single"]))
    assert re.match(r"r\d+c\d+ can only be \d: naked single\.$", single.text())


# A hard grid once its singles are placed: its hint takes one pointing step first.
POINTING_FIRST = "38.2514.757.9..1....23.75..821.9..75...715...7.5.2..41..8..67....3.72.18..7..9.5."


def test_a_hint_names_its_techniques_in_the_readers_language():
    given = hint(grid_of(POINTING_FIRST))
    assert [step.technique for step in given.before] == ["pointing"]
    assert given.step is not None and given.step.technique == "hidden single"
    assert given.text().splitlines() == [
        "First, in box 3, 8 can only go in column 8 (r2c8 and r3c8), so no other cell of that "
        "column can be 8: remove 8 from r5c8: pointing.",
        "So r5c7 is the only place for 8 in row 5: hidden single.",
    ]
    assert given.text("fr").splitlines() == [
        "D'abord, dans le bloc 3, 8 ne peut aller que dans la colonne 8 (r2c8 et r3c8), donc "
        "aucune autre case de cette colonne ne peut être 8\u00a0: retire 8 de r5c8\u00a0: "
        "candidats verrouillés (pointage).",
        "Donc r5c7 est la seule place pour 8 dans la ligne 5\u00a0: singleton caché.",
    ]
    assert given.text("es").splitlines()[-1] == (
        "Así que r5c7 es el único sitio para 8 en la fila 5: single oculto."
    )


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_every_technique_has_a_name_in_each_language(language):
    """Fish, wings and chains keep their English names, as both communities do; the rest
    are translated."""
    kept = {"X-Wing", "Swordfish", "Jellyfish", "XY-Wing", "XYZ-Wing", "X-Chain", "XY-Chain"}
    for technique in TECHNIQUES:
        shown = technique_name(technique).render(language)
        assert (shown == technique) == (technique in kept), (technique, shown)


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_the_translated_steps_read_without_english_words(language):
    """Every step of hard solves, from singles to colouring and chains."""
    words = "can|only|and|or|remove|from|box|row|column|not|so"
    if language != "nl":  # "in" and "is" are Dutch words too
        words += "|in|is"
    english_words = re.compile(rf"\b({words})\b")
    seen = set()
    for grid, _solution in exchange("diabolical", 60):
        for step in solve_by_logic(grid).steps:
            seen.add(step.technique)
            said = step.text(language).replace(step.technique, "")  # fish keep their name
            assert not english_words.search(said), said
    assert {"pointing", "claiming", "naked pair", "hidden pair", "X-Wing", "XY-Wing"} <= seen
    assert {"simple colouring", "X-Chain", "XY-Chain", "alternating chain"} <= seen


def test_a_hint_explains_its_colouring_step_in_french_and_spanish():
    given = hint(grid_of(POSITIONS["simple colouring"]))
    assert given.before[0].technique == "simple colouring"
    assert given.text().splitlines()[0] == (
        "First, following 4 through units where it has only two places, either r4c7 and r8c9 "
        "are both 4, or r6c9 and r8c4 are; a cell that sees one cell of each side cannot be "
        "4: remove 4 from r4c4: simple colouring."
    )
    french = given.text("fr").splitlines()
    assert french[0] == (
        "D'abord, en suivant 4 dans les unités où il n'a que deux places, soit r4c7 et r8c9 "
        "valent toutes deux 4, soit r6c9 et r8c4 le valent\u00a0; une case qui voit une case de "
        "chaque côté ne peut pas valoir 4\u00a0: retire 4 de r4c4\u00a0: coloriage simple."
    )
    assert french[-1] == "Donc r4c5 ne peut être que 8\u00a0: singleton nu."
    assert (
        given.text("es")
        .splitlines()[0]
        .startswith(
            "Primero, siguiendo 4 por las unidades donde solo tiene dos lugares, o r4c7 y r8c9 son "
            "ambas 4, o r6c9 y r8c4 lo son; una casilla que ve una casilla de cada lado no puede "
            "ser 4: quita 4 de r4c4: coloreado simple."
        )
    )


def test_a_hint_explains_its_chain_step_in_spanish_and_french():
    given = hint(grid_of(POSITIONS["XY-Chain"]))
    assert [step.technique for step in given.before] == ["XY-Chain"]
    assert given.text("es").splitlines() == [
        "Primero, si r1c3 no es 4, entonces r1c3 es 8, así que r2c3 no es 8, así que r2c3 es "
        "5, así que r2c7 no es 5, así que r2c7 es 8, así que r8c7 no es 8, así que r8c7 es 4; "
        "por lo tanto, r1c3 es 4 o r8c7 es 4, y todo lo que descartaría ambos es falso: quita "
        "4 de r8c3: XY-Chain.",
        "Así que r9c2 es el único sitio para 4 en el bloque 7: single oculto.",
    ]
    assert (
        given.text("fr")
        .splitlines()[0]
        .startswith(
            "D'abord, si r1c3 ne vaut pas 4, alors r1c3 vaut 8, donc r2c3 ne vaut pas 8, donc "
        )
    )


def test_a_chain_that_contradicts_its_start_is_worded_in_each_language():
    """The chain's rarer ending, "start is false" leading to "start is true" (which places
    the start: no grid of the corpora needs it), worded from a real chain's links."""
    step = next_step(grid_of(POSITIONS["XY-Chain"]))
    words, mode, links, _eliminations = step.explanation.facts
    placing = unsaid(_contradiction_said, words, mode, links)
    english = placing.render()
    assert english == (
        "if r1c3 is not 4, then r1c3 is 8, so r2c3 is not 8, so r2c3 is 5, so r2c7 is not 5, "
        "so r2c7 is 8, so r8c7 is not 8, so r8c7 is 4; that contradicts the start, so r1c3 is "
        "4: XY-Chain"
    )
    french = placing.render("fr")
    assert french.startswith("si r1c3 ne vaut pas 4, alors r1c3 vaut 8, donc r2c3 ne vaut pas 8")
    assert french.endswith("\u00a0; cela contredit le départ, donc r1c3 vaut 4\u00a0: XY-Chain")
    spanish = placing.render("es")
    assert spanish.endswith("; eso contradice el inicio, así que r1c3 es 4: XY-Chain")


def test_the_grade_line_in_each_language():
    graded = solve(grid_of(POSITIONS["simple colouring"]))
    assert graded.text().splitlines()[-1] == (
        "Unique solution. Grade: expert (score 5.4; hardest: simple colouring; used: hidden "
        "single x20, naked single x1, pointing x1, XY-Wing x2, simple colouring x3)."
    )
    assert graded.text("fr").splitlines()[-1] == (
        "Solution unique. Niveau\u00a0: expert (score 5,4\u00a0; la plus difficile\u00a0: "
        "coloriage simple\u00a0; utilisées\u00a0: singleton caché ×20, singleton nu ×1, "
        "candidats verrouillés (pointage) ×1, XY-Wing ×2, coloriage simple ×3)."
    )
    assert (
        graded.text("es")
        .splitlines()[-1]
        .startswith(
            "Solución única. Nivel: experta (puntuación 5,4; la más difícil: coloreado simple; "
            "usadas: single oculto ×20,"
        )
    )
    # A whole score keeps its decimal, as English always wrote it; guessing is named too.
    stuck = Grade("beyond-logic", 9.0, "guessing", ())
    assert stuck.text() == "beyond-logic (score 9.0; hardest: guessing; used: nothing)"
    assert stuck.text("fr") == (
        "au-delà de la logique (score 9,0\u00a0; la plus difficile\u00a0: essais et erreurs\u00a0; "
        "utilisées\u00a0: rien)"
    )


def test_solving_leaves_the_steps_unworded_and_they_word_as_found():
    """The engine keeps each step's facts, not its sentence: a step is worded when read, from
    what held when it was found (the board has moved on), and pickles across the worker
    pool unworded."""
    grid = grid_of(POSITIONS["simple colouring"])
    board = Board(grid)
    worded_at_once = []
    while (step := find_step(board)) is not None:
        worded_at_once.append(step.text())
        board.apply(step)
    steps = solve_by_logic(grid).steps
    assert all(isinstance(step.explanation, Unsaid) for step in steps)
    assert [step.text() for step in steps] == worded_at_once
    travelled = pickle.loads(pickle.dumps(steps))
    assert [step.text("fr") for step in travelled] == [step.text("fr") for step in steps]
    # The command line's --json writes a step's explanation as its English text.
    assert [to_jsonable(step)["explanation"] for step in steps] == worded_at_once
