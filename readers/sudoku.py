"""Sudoku from a photo or a screenshot: 4x4, 6x6, 9x9, 12x12 and 16x16.

The grid is found and straightened (readers/grid.py), its size told by its lines, and every
cell classified (readers/classifier.py). When a mark reads badly, the picture may be turned
(phones save photos sideways): the marks are classified again in each of the other turns and
the turn the classifier is surest of wins. A cell
is unsure when the classifier gives its answer less than SURE, or when its digit repeats in a
row, column or box (a rule the printed puzzle keeps, so one of the two is misread).
"""

from __future__ import annotations

from collections.abc import Iterator
from heapq import heappop, heappush

import numpy as np

from puzzles.core import Puzzle
from puzzles.i18n import _
from puzzles.sudoku.grid import EMPTY, Grid, units
from puzzles.sudoku.puzzle import BOX_SHAPES, DIGITS
from puzzles.sudoku.solver import SEVERAL, count_solutions
from readers import grid as grids
from readers.classifier import chances as classified
from readers.classifier import upright
from readers.grid import FAINT_LINE_SHARE as FAINT
from readers.picture import PictureError, open_grey
from readers.reading import Reading, Shaded, drawn_example, place_name  # noqa: F401 (hooks)

READABLE_SIZES = (4, 6, 9, 12, 16)
SURE = 0.9
LOOKS_TURNED = 0.1  # the share of marks read as turned from which the picture's turn is sought


def read(data: bytes) -> Reading:
    """The sudoku in the picture `data` (a file's bytes), as text puzzles.sudoku.parse reads."""
    ink, size = find_grid(open_grey(data))
    return read_cells(ink, size)


PLACE = "cell"  # what a place of the reading is, for the member


def as_drawn(reading: Reading) -> tuple[Shaded, None]:
    """What was read, for renderers/sudoku.py: the grid, its doubted cells shaded."""
    return Shaded(reading.grid, reading.unsure), None


def warm_up_drawing() -> tuple[Puzzle, None]:
    """What to draw for the workers to read once as they start: the kind's example."""
    return drawn_example("sudoku")


def find_grid(grey: np.ndarray) -> tuple[np.ndarray, int]:
    """The sudoku grid straightened (as ink, see grids.ink_of) and its size. Of the outlines
    whose lines make a sudoku grid, the first (largest) in which every line is seen, at least
    faintly, or else the first: a card or a page around the grid has the box lines roughly
    where a grid's would be, but its thin lines fall between the grid's."""
    refusal = PictureError(grids.NO_GRID, example=grids.NO_GRID_HOW)
    found = []
    for corners in grids.find_outlines(grey):
        ink = grids.ink_of(grids.straighten(grey, corners))
        rows, cols = grids.lines_a_side(ink)
        faint = grids.lines_a_side(ink, FAINT)
        try:
            size = sudoku_size(rows, cols, faint)
        except PictureError as error:
            if max(rows, cols) > 1 and refusal.problem == grids.NO_GRID:
                refusal = error  # the largest outline with lines says best what is wrong
            continue
        if faint == (size, size):
            return ink, size
        found.append((ink, size))
    if found:
        return found[0]
    raise refusal


def sudoku_size(rows: int, cols: int, faint: tuple[int, int] = (0, 0)) -> int:
    """The size whose lines these are. `faint` counts the lines again at a fainter level: when
    it finds every line of a readable size, that is the size (a small JPEG's thin grey lines
    fade). Else every line counted, or only the box lines on either axis (a photo's thin
    lines can be too faint for either count)."""
    if faint[0] == faint[1] and faint[0] in READABLE_SIZES:
        return faint[0]
    for n in READABLE_SIZES:
        box_rows, box_cols = BOX_SHAPES[n]
        if rows in (n, n // box_rows) and cols in (n, n // box_cols):
            return n
    if min(rows, cols) <= 1:
        raise PictureError(grids.NO_GRID, example=grids.NO_GRID_HOW)
    if rows == cols:
        raise PictureError(
            # Translators: {size} is the grid's rows x columns, as 7x7
            _(
                "the grid in the picture is {size}; sudokus of 4x4, 6x6, 9x9, 12x12 and 16x16 "
                "can be read",
                size=f"{rows}x{cols}",
            ),
            example=_("a screenshot of the whole sudoku grid"),
        )
    raise PictureError(
        _(
            "the grid's lines are unclear: I count {rows} rows and {cols} columns; sudokus of "
            "4x4, 6x6, 9x9, 12x12 and 16x16 can be read",
            rows=rows,
            cols=cols,
        ),
        example=grids.NO_GRID_HOW,
    )


def read_cells(ink: np.ndarray, size: int) -> Reading:
    """Each cell classified as one of the size's digits, in the picture's likeliest turn."""
    grid, unsure = read_grid(ink, size, DIGITS[size])
    return Reading("sudoku", grid.text(), unsure, size, grid)


def read_grid(ink: np.ndarray, size: int, symbols: str) -> tuple[Grid, tuple[int, ...]]:
    """The grid of `symbols` in the straightened picture, read in its likeliest turn, and the
    cells it is unsure of (a weak reading, or a symbol repeated in a row, column or box)."""
    return grid_of(likeliest_turn(grids.cell_glyphs(ink, size), size, symbols), size, symbols)


def likeliest_turn(glyphs: np.ndarray, size: int, symbols: str) -> np.ndarray:
    """Each cell's chances (classifier.chances: empty, `symbols`, turned), row by row in the
    picture's likeliest turn. When every mark reads surely, the picture is upright."""
    box_rows, box_cols = BOX_SHAPES[size]
    chances = classified(glyphs, symbols)
    marked = chances[:, 0] < 0.5  # cells holding a mark; a turn changes only what it reads
    if not marked.any() or chances[marked, :-1].max(axis=1).min() >= SURE:
        return chances
    looks_turned = chances[marked].argmax(axis=1) == chances.shape[1] - 1
    if looks_turned.mean() < LOOKS_TURNED:
        # A mark reads badly, but the marks are upright: reading them in three more turns
        # would take longer and change nothing.
        return chances
    # Marks look turned: the picture may be. A quarter turn swaps the boxes' rows and
    # columns, so only square boxes may be quarter-turned.
    turns = (1, 2, 3) if box_rows == box_cols else (2,)
    return max(
        [chances, *(_turned(chances, glyphs, marked, turn, symbols) for turn in turns)],
        key=_certainty,
    )


def grid_of(chances: np.ndarray, size: int, symbols: str) -> tuple[Grid, tuple[int, ...]]:
    """The grid the chances (empty, `symbols`, turned) read as, and its unsure cells. The
    share given to a turned mark is set aside once the turn is chosen (letters such as D and
    G look a little alike turned)."""
    kept = upright(chances)
    values = tuple(int(v) for v in kept.argmax(axis=1))  # 0 is EMPTY, v is symbols[v - 1]
    grid = Grid(*BOX_SHAPES[size], values, symbols)
    doubtful = {cell for cell, p in enumerate(kept.max(axis=1)) if p < SURE}
    doubtful |= repeated_cells(grid)
    # The doubted cells stay doubted (the member checks them), but read as the likeliest
    # values that make a puzzle: a printed sudoku has one solution.
    return likeliest_puzzle(grid, kept, sorted(doubtful)), tuple(sorted(doubtful))


ALTERNATIVE = 0.001  # a doubted cell may be read as a value the classifier gives this at least
MOST_SOLVED = 40  # grids solved at most while looking for a puzzle of one solution
MOST_TRIED = 2000  # ... and ways of reading the doubted cells looked at


def likeliest_puzzle(grid: Grid, chances: np.ndarray, doubted: list[int]) -> Grid:
    """`grid` with its doubted cells read as the likeliest values (each the classifier gives
    at least ALTERNATIVE) that make a puzzle of exactly one solution, as every printed sudoku
    is; `grid` itself when none of the likeliest few does (a misread sure cell, a puzzle
    drawn in by hand), or when it has one solution already."""
    if not doubted or len(doubted) > grid.size:  # a reading that bad is the member's to fix
        return grid
    options = [
        [int(v) for v in np.argsort(-chances[cell]) if chances[cell, v] >= ALTERNATIVE]
        for cell in doubted
    ]
    solved = 0
    for choice in likeliest_choices(
        [chances[cell, o] for cell, o in zip(doubted, options, strict=True)]
    ):
        cells = list(grid.cells)
        for cell, values, k in zip(doubted, options, choice, strict=True):
            cells[cell] = values[k]
        candidate = grid.with_cells(tuple(cells))
        if repeated_cells(candidate):
            continue
        if count_solutions(candidate, SEVERAL) == 1:
            return candidate
        solved += 1
        if solved == MOST_SOLVED:
            break
    return grid


def likeliest_choices(probabilities: list[np.ndarray]) -> Iterator[tuple[int, ...]]:
    """Ways of choosing one option per place, likeliest first (the product of the chosen
    options' probabilities; each place's options sorted likeliest first), MOST_TRIED at most."""
    start = (0,) * len(probabilities)
    waiting = [(-_log_likelihood(probabilities, start), start)]
    seen = {start}
    for _tried in range(MOST_TRIED):
        if not waiting:
            return
        _likelihood, choice = heappop(waiting)
        yield choice
        for place in range(len(choice)):
            if choice[place] + 1 < len(probabilities[place]):
                after = (*choice[:place], choice[place] + 1, *choice[place + 1 :])
                if after not in seen:
                    seen.add(after)
                    heappush(waiting, (-_log_likelihood(probabilities, after), after))


def _log_likelihood(probabilities: list[np.ndarray], choice: tuple[int, ...]) -> float:
    return float(sum(np.log(p[k]) for p, k in zip(probabilities, choice, strict=True)))


def _turned(
    unturned: np.ndarray, glyphs: np.ndarray, marked: np.ndarray, turn: int, symbols: str
) -> np.ndarray:
    """The chances of the grid turned `turn` quarter turns anticlockwise, row by row: each
    marked glyph turned and classified again, and the cells put in their turned places."""
    size = round(len(glyphs) ** 0.5)
    chances = unturned.copy()
    chances[marked] = classified(np.rot90(glyphs[marked], turn, axes=(1, 2)), symbols)
    order = np.rot90(np.arange(size * size).reshape(size, size), turn).reshape(-1)
    return chances[order]


def _certainty(chances: np.ndarray) -> float:
    """How sure the reading is of every cell at once; marks that look turned count against
    it (this is how the turn is chosen)."""
    return float(np.log(chances[:, :-1].max(axis=1) + 1e-9).sum())


def repeated_cells(grid: Grid) -> set[int]:
    """The cells whose value another cell of the same row, column or box also holds."""
    repeated = set()
    for group in units(grid.box_rows, grid.box_cols):
        for unit in group:
            seen: dict[int, list[int]] = {}
            for cell in unit:
                if grid.cells[cell] != EMPTY:
                    seen.setdefault(grid.cells[cell], []).append(cell)
            repeated.update(c for cells in seen.values() if len(cells) > 1 for c in cells)
    return repeated
