"""Sudoku: the grid with box lines, givens in black, solved values in blue, and hints.

`draw(puzzle, solution)` takes a Grid, or any value with `.grid` (and optionally
`.highlight`, cell indexes to shade, as Sudoku Spelling marks its phrase). `solution` may be:
- None: the puzzle alone;
- a solved Grid, or a value with `.solution` (a Grid, or None when there is none): the
  missing values written in blue (a caption says so when `.unique` is False, and shows
  the first line of `.text()` when there is no solution);
- a logic `Hint`: the player's grid with pencil marks in the empty cells, the cells the
  step is about shaded, a value it places in green, pencil marks it removes struck out in
  vermillion, and the hint's words under the grid.

Every size from 4x4 to 16x16 fills the same width. Pencil marks are never smaller than
min_font_size(WIDTH), readable on a phone: where a full set of marks per cell would be
smaller (12x12 and 16x16), only the cells the hint is about get their marks, larger, the
ones it removes first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.i18n import ENGLISH, Message, _, render
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.logic import bit
from puzzles.sudoku.rules import Hint
from renderers import min_font_size
from renderers.common import (
    BACKGROUND,
    INK,
    MUTED,
    OKABE_ITO,
    READABLE_SIZE,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    first_line,
    ink_size,
    wrap_text,
)

PAD = 32
MARK_MIN = min_font_size(WIDTH, bold=False)
MIN_MARK_SLOT = MARK_MIN  # a slot as tall as a readable mark's font size holds its ink
MARK_GAP = 4  # at least between the ink of two marks side by side
MORE = "…"  # the last slot of a cell with more marks than fit
THIN_LINE = 1.5
BOX_LINE = 4.5
VALUE_SCALE = 0.62  # value glyph size / cell size
MARK_SCALE = 0.78  # pencil-mark glyph size / pencil-mark slot size
CAPTION_SIZE = READABLE_SIZE
CAPTION_GAP = 22
HEADING_GAP = 16
SEVERAL_CAPTION = _("This puzzle has several solutions; here is one of them.")

GIVEN: Colour = INK
SOLVED: Colour = OKABE_ITO["blue"]
PLACED: Colour = OKABE_ITO["bluish green"]
REMOVED: Colour = OKABE_ITO["vermillion"]
THIN_INK: Colour = (170, 170, 176)
# Pale shades, all with INK well above 7:1 contrast on them.
HIGHLIGHT_FILL: Colour = (253, 226, 160)  # Sudoku Spelling's phrase cells (light orange)
STEP_FILL: Colour = (214, 234, 248)  # the cells a hint's step is about (light sky blue)
PLACED_FILL: Colour = (204, 238, 223)  # the cell a hint fills in (light bluish green)


@dataclass(frozen=True)
class Heading:
    """A line of text above the grid (Sudoku Spelling's phrase and letters)."""

    text: Message | str  # drawn in the picture's language
    size: int
    colour: Colour = INK
    bold: bool = True


@dataclass(frozen=True)
class Picture:
    """What to draw, taken from the puzzle and whatever came as `solution`."""

    givens: Grid
    current: Grid  # givens plus solved or entered values
    highlight: frozenset[int]
    hint: Hint | None
    caption: str


def draw(
    puzzle: Any,
    solution: Any = None,
    language: str = ENGLISH,
    headings: Sequence[Heading] = (),
) -> bytes:
    picture = _picture(puzzle, solution, language)
    size = picture.givens.size
    width = WIDTH
    cell = (width - 2 * PAD) / size
    caption_lines = [
        line
        for paragraph in picture.caption.splitlines()
        for line in wrap_text(paragraph, CAPTION_SIZE, width - 2 * PAD, bold=False)
    ]
    heading_lines = [
        (line, heading)
        for heading in headings
        for line in wrap_text(
            render(heading.text, language), heading.size, width - 2 * PAD, heading.bold
        )
    ]
    heading_height = sum(heading.size * 1.3 for _line, heading in heading_lines)
    height = 2 * PAD + size * cell + (heading_height + HEADING_GAP if heading_lines else 0)
    if caption_lines:
        height += CAPTION_GAP + len(caption_lines) * CAPTION_SIZE * 1.3
    # Drawn at the final size, not supersampled: the grid is upright lines and squares,
    # FreeType smooths the text and the canvas smooths a hint's struck-out marks.
    canvas = Canvas(width, math.ceil(height), background=BACKGROUND, scale=1)
    top = PAD
    for line, heading in heading_lines:
        step = heading.size * 1.3
        canvas.text_line_centred(
            (width / 2, top + step / 2), line, heading.size, heading.colour, heading.bold
        )
        top += step
    if heading_lines:
        top += HEADING_GAP
    canvas.rounded_rectangle((PAD, top, PAD + size * cell, top + size * cell), 0, fill=SURFACE)
    _shade_cells(canvas, picture, cell, top)
    _draw_lines(canvas, picture.givens, cell, top)
    _draw_values(canvas, picture, cell, top)
    if picture.hint is not None:
        _draw_pencil_marks(canvas, picture, cell, top)
    y = top + size * cell + CAPTION_GAP
    for line in caption_lines:
        step = CAPTION_SIZE * 1.3
        canvas.text_line_centred((width / 2, y + step / 2), line, CAPTION_SIZE, INK, bold=False)
        y += step
    return canvas.png()


def _picture(puzzle: Any, solution: Any, language: str) -> Picture:
    givens = puzzle if isinstance(puzzle, Grid) else puzzle.grid
    highlight = frozenset(getattr(puzzle, "highlight", None) or ())
    if isinstance(solution, Hint):
        said = render(solution.text(), language)
        return Picture(givens, solution.grid, highlight, solution, said)
    if isinstance(solution, Grid):
        return Picture(givens, solution, highlight, None, "")
    solved = getattr(solution, "solution", None)
    if isinstance(solved, Grid):
        several = getattr(solution, "unique", True) is False
        caption = render(SEVERAL_CAPTION, language) if several else ""
        return Picture(givens, solved, highlight, None, caption)
    caption = ""
    if solution is not None:  # a solution value saying there is none
        said = solution.text() if hasattr(solution, "text") else _("No solution.")
        caption = first_line(said, language)
    return Picture(givens, givens, highlight, None, caption)


def _cell_box(cell: int, size: int, width: float, top: float) -> tuple[float, float, float, float]:
    row, col = divmod(cell, size)
    left = PAD + col * width
    y = top + row * width
    return left, y, left + width, y + width


def _shade_cells(canvas: Canvas, picture: Picture, cell: float, top: float) -> None:
    size = picture.givens.size
    fills: dict[int, Colour] = dict.fromkeys(picture.highlight, HIGHLIGHT_FILL)
    if picture.hint is not None and picture.hint.step is not None:
        for step in (*picture.hint.before, picture.hint.step):
            fills.update(dict.fromkeys(step.cells, STEP_FILL))
        fills.update({c: PLACED_FILL for c, _value in picture.hint.step.placements})
    for index, colour in fills.items():
        if 0 <= index < size * size:
            canvas.rounded_rectangle(_cell_box(index, size, cell, top), 0, fill=colour)


def _draw_lines(canvas: Canvas, grid: Grid, cell: float, top: float) -> None:
    size = grid.size
    left, right = PAD, PAD + size * cell
    bottom = top + size * cell
    # Thin lines first, so none of their round ends lies over a box line.
    for is_box_line in (False, True):
        for k in range(size + 1):
            along_rows = k % grid.box_rows == 0
            along_cols = k % grid.box_cols == 0
            y, x = top + k * cell, PAD + k * cell
            if along_rows == is_box_line:
                width = BOX_LINE if is_box_line else THIN_LINE
                canvas.line([(left, y), (right, y)], INK if is_box_line else THIN_INK, width)
            if along_cols == is_box_line:
                width = BOX_LINE if is_box_line else THIN_LINE
                canvas.line([(x, top), (x, bottom)], INK if is_box_line else THIN_INK, width)


def _draw_values(canvas: Canvas, picture: Picture, cell: float, top: float) -> None:
    grid = picture.current
    size = grid.size
    text_size = round(cell * VALUE_SCALE)
    placed = dict(picture.hint.step.placements) if picture.hint and picture.hint.step else {}
    for index, value in enumerate(grid.cells):
        given = picture.givens.cells[index] != EMPTY
        if value == EMPTY and index not in placed:
            continue
        left, y, right, bottom = _cell_box(index, size, cell, top)
        centre = ((left + right) / 2, (y + bottom) / 2)
        if index in placed:
            canvas.text_centred(centre, grid.symbol(placed[index]), text_size, PLACED)
        elif given:
            canvas.text_centred(centre, grid.symbol(value), text_size, GIVEN)
        else:
            canvas.text_centred(centre, grid.symbol(value), text_size, SOLVED, bold=False)


def _mark_size(slot: float, cell: float) -> int:
    """Pencil marks well below the size of a value; small grids have room for big ones.
    Never below MARK_MIN while the slot holds a mark of that size."""
    preferred = round(min(slot * MARK_SCALE, cell * VALUE_SCALE * 0.4))
    return max(preferred, MARK_MIN) if slot >= MIN_MARK_SLOT else preferred


def _min_mark_width(grid: Grid) -> float:
    """The narrowest slot that holds any of the grid's symbols as a readable mark."""
    return max(ink_size(symbol, MARK_MIN, bold=False)[0] for symbol in grid.symbols) + MARK_GAP


def _draw_pencil_marks(canvas: Canvas, picture: Picture, cell: float, top: float) -> None:
    """Small values in a box_rows x box_cols layout inside each empty cell; when that is
    too small to read, only in the cells the hint is about, in a compact layout."""
    hint = picture.hint
    assert hint is not None
    grid = picture.current
    size, rows, cols = grid.size, grid.box_rows, grid.box_cols
    steps = [s for s in (*hint.before, hint.step) if s is not None]
    # Marks the hint's steps remove are drawn struck out, including those the preparatory
    # steps already took out of hint.candidates.
    removed = {move for s in steps for move in s.eliminations}
    placed = dict(hint.step.placements) if hint.step else {}
    marks = list(hint.candidates)
    for index, value in removed:
        marks[index] |= bit(value)
    full = _mark_size(min(cell / cols, cell / rows), cell) >= MARK_MIN
    about = {c for s in steps for c in s.cells} | {c for c, _value in removed}
    for index, mask in enumerate(marks):
        if grid.cells[index] != EMPTY or index in placed or not (full or index in about):
            continue
        values = [v for v in range(1, size + 1) if mask & bit(v)]
        if full:
            layout = [(v, divmod(v - 1, cols)) for v in values]
            mark_size = _mark_size(min(cell / cols, cell / rows), cell)
            _draw_marks(canvas, grid, index, layout, (rows, cols), mark_size, removed, cell, top)
        else:
            _draw_compact_marks(canvas, grid, index, values, removed, cell, top)


def _draw_compact_marks(canvas, grid, index, values, removed, cell, top) -> None:
    """The cell's marks in the fewest slots a side that hold them, no smaller than
    MARK_MIN, side by side when a slot is narrower than it is tall; struck-out marks
    first, and MORE in the last slot when not all fit, but a cell with room for one mark
    only (16x16) shows the one the hint strikes out."""
    most_rows = max(1, int(cell // MIN_MARK_SLOT))
    most_columns = max(1, int(cell // _min_mark_width(grid)))
    side = 1
    while side * side < len(values) and side < max(most_rows, most_columns):
        side += 1
    rows, columns = min(side, most_rows), min(side, most_columns)
    values = sorted(values, key=lambda v: ((index, v) not in removed, v))
    if len(values) > rows * columns == 1 and (index, values[0]) in removed:
        values = values[:1]  # a one-mark cell (16x16) shows what the hint removes from it
    elif len(values) > rows * columns:
        values = [*values[: rows * columns - 1], 0]  # 0: the MORE sign
    layout = [(v, divmod(k, columns)) for k, v in enumerate(values)]
    slot = min(cell / rows, cell / columns)
    mark_size = max(MARK_MIN, round(slot * MARK_SCALE))
    _draw_marks(canvas, grid, index, layout, (rows, columns), mark_size, removed, cell, top)


def _draw_marks(canvas, grid, index, layout, shape, mark_size, removed, cell, top) -> None:
    """Marks at (row, column) slots of a shape[0] x shape[1] layout inside the cell."""
    left, y, _right, _bottom = _cell_box(index, grid.size, cell, top)
    slot_w, slot_h = cell / shape[1], cell / shape[0]
    for value, (row, col) in layout:
        centre = (left + (col + 0.5) * slot_w, y + (row + 0.5) * slot_h)
        if value == 0:
            canvas.text_centred(centre, MORE, mark_size, MUTED, bold=False)
        elif (index, value) in removed:
            canvas.text_centred(centre, grid.symbol(value), mark_size, REMOVED, bold=False)
            half = min(slot_w, slot_h) * 0.42
            canvas.line(
                [(centre[0] - half, centre[1] + half), (centre[0] + half, centre[1] - half)],
                REMOVED,
                max(1.5, mark_size / 9),
            )
        else:
            canvas.text_centred(centre, grid.symbol(value), mark_size, MUTED, bold=False)
