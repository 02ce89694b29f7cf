"""Making a Sudoku Spelling puzzle from a phrase, after Alastair Stanley's write-up.

1. The phrase's distinct letters are the symbols (completed with random letters up to 9;
   10 to 16 letters make a 16x16). A random complete grid is written in them.
2. The grid's rows are rearranged (bands, and rows within a band; then columns and stacks
   when that is not enough) until the phrase can be read in reading order: its cells are
   highlighted and stay as givens.
3. Givens that follow at once from the others (a naked or hidden single) are emptied.
4. More givens are emptied, one at a time, while the puzzle stays unique and solvable step
   by step by the logic engine. What is left is minimal for a logical solve.
"""

from __future__ import annotations

import itertools
import random
import string
from collections.abc import Callable

from puzzles.core import PuzzleError, Usage, is_invisible, is_letter, shown
from puzzles.i18n import _
from puzzles.spelling.puzzle import SpellingPuzzle, distinct_letters, phrase_letters
from puzzles.sudoku.generate import minimal_puzzle
from puzzles.sudoku.grid import EMPTY, Grid, peers, units
from puzzles.sudoku.logic import solve_by_logic
from puzzles.sudoku.puzzle import BOX_SHAPES
from puzzles.sudoku.solver import random_filled_grid, solves_by_singles

PHRASES = (
    "Alastair Stanley",
    "Happy Birthday",
    "Best Friends",
    "Carpe Diem",
    "Bon Voyage",
    "Daily Puzzle",
    "Thank You",
    "Hello World",
    "Good Morning",
    "Well Done",
    "Cheers Mate",
    "Welcome Home",
)
MAX_LETTERS = 16
MAX_GRIDS = 20  # complete grids tried before a phrase is declared too long
MAX_REARRANGEMENTS = 30  # column arrangements tried per grid


def generate(rng: random.Random, difficulty: str | None = None, text: str = "") -> SpellingPuzzle:
    """A spelling puzzle for the phrase in `text` (or one from PHRASES); `difficulty` is not
    used: the puzzle is as sparse as a step-by-step solve allows."""
    # One line whatever was typed: a line break inside (\n, U+2028, \x1e...) would split the
    # phrase line of the puzzle's text, which then no longer parses back.
    phrase = " ".join(text.split()) or rng.choice(PHRASES)
    _refuse_strange_characters(phrase)
    letters = _symbols_for(rng, phrase)
    size = len(letters)
    want = tuple(letters.index(letter) + 1 for letter in phrase_letters(phrase))
    for _grid_tried in range(MAX_GRIDS):
        filled = random_filled_grid(rng, *BOX_SHAPES[size])
        placed = spell_out(rng, Grid(filled.box_rows, filled.box_cols, filled.cells, letters), want)
        if placed is not None:
            grid, highlight = placed
            puzzle = _carve(rng, grid, frozenset(highlight))
            return SpellingPuzzle(puzzle, phrase, highlight)
    raise PuzzleError(
        _(
            "I could not spell {phrase} in reading order in a {size}x{size} grid; "
            "try a shorter phrase (it has {letters} letters)",
            phrase=repr(phrase),
            size=size,
            letters=len(want),
        ),
        example=Usage("generate", "spelling", text="Happy Birthday"),
    )


def _refuse_strange_characters(phrase: str) -> None:
    """The phrase's letters become the grid's symbols, so they are A-Z, as a cryptogram's
    are: a fullwidth 'Ａ' would be drawn as an empty box, and a Cyrillic 'а' beside a Latin
    'a' would be two symbols that look the same."""
    strange = next(
        (ch for ch in phrase if (ch.isalpha() and not is_letter(ch)) or is_invisible(ch)), None
    )
    if strange is not None:
        raise PuzzleError(
            _(
                "the phrase has the character {character}; a phrase is spelled with the "
                "letters A-Z (spaces and punctuation are left out of the grid)",
                character=shown(strange),
            ),
            where=_("character {position}", position=phrase.index(strange) + 1),
            example=Usage("generate", "spelling", text="Happy Birthday"),
        )


def _symbols_for(rng: random.Random, phrase: str) -> str:
    """The phrase's letters, padded with random other letters to 9 (or to 16 past 9)."""
    letters = distinct_letters(phrase)
    if not letters:
        raise PuzzleError(_("the phrase needs at least one letter"), example="Alastair Stanley")
    if len(letters) > MAX_LETTERS:
        raise PuzzleError(
            _(
                "{phrase} has {count} different letters; a spelling sudoku holds at most "
                "{most} (a 16x16 grid)",
                phrase=repr(phrase),
                count=len(letters),
                most=MAX_LETTERS,
            ),
            example="Alastair Stanley",
        )
    size = 9 if len(letters) <= 9 else MAX_LETTERS
    spare = [ch for ch in string.ascii_uppercase if ch not in letters]
    return letters + "".join(rng.sample(spare, size - len(letters)))


# --- finding the phrase in reading order -----------------------------------------------------


def spell_out(
    rng: random.Random, grid: Grid, want: tuple[int, ...]
) -> tuple[Grid, tuple[int, ...]] | None:
    """The grid with rows and columns rearranged (it stays valid) so that `want` is read in
    reading order, and the cells it is read from; None when no arrangement tried works."""
    for attempt in range(MAX_REARRANGEMENTS):
        arranged = grid if attempt == 0 else _shuffle_columns(rng, grid)
        rows = _order_rows(rng, arranged, want)
        if rows is not None:
            cells = tuple(v for r in rows for v in arranged.rows()[r])
            result = arranged.with_cells(cells)
            return result, _reading_positions(result.cells, want)
    return None


def _order_rows(rng: random.Random, grid: Grid, want: tuple[int, ...]) -> list[int] | None:
    """Row order, band by band: each time the band and row order that read furthest into the
    phrase (the write-up's greedy choice); None when the phrase does not fit."""
    rows = grid.rows()
    height = grid.box_rows
    bands = list(range(grid.size // height))
    rng.shuffle(bands)
    orders = list(itertools.permutations(range(height)))
    chosen: list[int] = []
    read = 0
    while bands:
        best = max(
            ((band, order) for band in bands for order in orders),
            key=lambda pick: _read_along([rows[pick[0] * height + r] for r in pick[1]], want, read),
        )
        band, order = best
        read = _read_along([rows[band * height + r] for r in order], want, read)
        chosen += [band * height + r for r in order]
        bands.remove(band)
    return chosen if read == len(want) else None


def _read_along(rows: list[tuple[int, ...]], want: tuple[int, ...], read: int) -> int:
    """How far into `want` reading the rows gets, starting `read` letters in."""
    for row in rows:
        for value in row:
            if read < len(want) and value == want[read]:
                read += 1
    return read


def _reading_positions(cells: tuple[int, ...], want: tuple[int, ...]) -> tuple[int, ...]:
    positions = []
    for cell, value in enumerate(cells):
        if len(positions) < len(want) and value == want[len(positions)]:
            positions.append(cell)
    return tuple(positions)


def _shuffle_columns(rng: random.Random, grid: Grid) -> Grid:
    """The same sudoku with its stacks and the columns within each stack reordered."""
    width = grid.box_cols
    stacks = list(range(grid.size // width))
    rng.shuffle(stacks)
    columns = []
    for stack in stacks:
        inside = list(range(width))
        rng.shuffle(inside)
        columns += [stack * width + c for c in inside]
    cells = tuple(row[c] for row in grid.rows() for c in columns)
    return grid.with_cells(cells)


# --- emptying givens --------------------------------------------------------------------------


def _carve(rng: random.Random, grid: Grid, keep: frozenset[int]) -> Grid:
    """Round one empties givens that follow at once; round two keeps a logical solve."""
    cells = list(grid.cells)
    order = [cell for cell in range(len(cells)) if cell not in keep]
    rng.shuffle(order)
    for cell in order:
        if _follows_at_once(grid, cells, cell):
            cells[cell] = EMPTY
    return minimal_puzzle(
        rng, grid.with_cells(tuple(cells)), keep=keep, allowed=_logic_check(grid.size)
    )


def _follows_at_once(grid: Grid, cells: list[int], cell: int) -> bool:
    """Could a player write `cell` back in from the others at once (naked or hidden single)?"""
    value = cells[cell]
    near = peers(grid.box_rows, grid.box_cols)
    seen = {cells[peer] for peer in near[cell]}
    if len(seen - {EMPTY}) == grid.size - 1:
        return True  # naked single: every other value is among its peers
    for group in units(grid.box_rows, grid.box_cols):
        unit = next(unit for unit in group if cell in unit)
        others = [x for x in unit if x != cell and cells[x] == EMPTY]
        if all(any(cells[p] == value for p in near[x] if p != cell) for x in others):
            return True  # hidden single: nowhere else in this unit can take the value
    return False


# A logic solve of a 16x16 can take a second; run after every emptied given, that is minutes.
LOGIC_CHECK_MAX_SIZE = 9


def _logic_check(size: int) -> Callable[[Grid], bool]:
    """What every emptied given must keep: a solve by the logic engine, step by step; on big
    grids, a solve by naked and hidden singles alone, which is a
    step-by-step solve too, only with more givens left."""
    if size <= LOGIC_CHECK_MAX_SIZE:
        return lambda puzzle: solve_by_logic(puzzle).solved
    return solves_by_singles
