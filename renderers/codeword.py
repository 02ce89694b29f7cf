"""Codeword: the grid with a small number in each cell's corner, and the key strip under it.

A typed grid is drawn as it is printed in the paper: black squares, white cells with
their number in the top-left corner, and the letter once it is known. Clue-list puzzles
have no grid, so each clue is drawn as a row of numbered cells (in two columns when
there are many), with the final word's cells last. Under either, the key: the numbers
1 to 26 in two rows of 13 boxes, each with its letter when known.

Every number and letter is drawn with digits and capitals at least 10 px high once the
picture is shown on a phone (min_font_size(WIDTH)). A cell STACKED_CELL high holds its
number in the corner above its letter, as in the paper. A smaller cell (grids wider
than 13 columns) holds one of them, centred: its letter once it is known (the key under
the grid still pairs every number with its letter), else its number. A cell must be
MIN_CELL wide to hold the widest number, so a grid wider than max_grid_columns() or a
clue list too long for MAX_HEIGHT cannot be drawn readably, and too_big(puzzle) says so
(for the caller to refuse before any work is done).

Colours say where a letter comes from: starters in ink, proven letters in blue, guesses
(not proven) in vermillion, and the letters a hint adds on a yellow cell.
"""

from __future__ import annotations

import math
from typing import Any

from puzzles.codeword.puzzle import NUMBERS, Codeword
from renderers import MAX_HEIGHT, min_font_size
from renderers.common import (
    INK,
    MUTED,
    OKABE_ITO,
    READABLE_SIZE,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    capital_height,
    ink_size,
    wrap_text,
)
from renderers.text import text_width

PAD = 32
GRID_EDGE = 12  # a wide grid reaches nearer the edge than the rest of the picture
MAX_CELL = 56
NUMBER_SIZE = min_font_size(WIDTH)  # the smallest readable: numbers are the smallest text
GRID_LINE = 2
NUMBER_INSET = 2  # between a cell's line and the number in its corner
STACK_GAP = 4  # between a corner number and the letter under it
# The smallest cell holding a number above a letter, each readable.
STACKED_CELL = 2 * (GRID_LINE + NUMBER_INSET) + 2 * capital_height(NUMBER_SIZE) + STACK_GAP
# The smallest cell holding the widest number (in the regular weight, the narrower) alone.
MIN_CELL = ink_size("26", NUMBER_SIZE, bold=False)[0] + 2 * GRID_LINE
KEY_COLUMNS = 13
KEY_CELL = (WIDTH - 2 * PAD) / KEY_COLUMNS
CLUE_GAP = 8  # between rows of clue cells
COLUMN_GAP = 28  # between the two columns of clue rows
TWO_COLUMNS_FROM = 10  # clues
MIN_CLUE_CELL = 38
SECTION_GAP = 28
STATUS_SIZE = READABLE_SIZE
LABEL_SIZE = READABLE_SIZE
KEY_HEIGHT = 2 * KEY_CELL + CLUE_GAP
STARTER: Colour = INK
PROVEN: Colour = OKABE_ITO["blue"]
GUESSED: Colour = OKABE_ITO["vermillion"]
HINTED_FILL: Colour = (250, 236, 150)  # a light tint of Okabe-Ito yellow


def draw(puzzle: Codeword, solution: Any = None) -> bytes:
    """PNG of the puzzle; with a solution or hint (anything with `.letters`), its letters;
    with anything with `.highlight` (grid cell indexes, row by row: the cells a reader of a
    picture doubts), those cells shaded."""
    letters = dict(getattr(solution, "letters", ()) or ()) | puzzle.given
    colours = _letter_colours(puzzle, solution, letters)
    new = set(getattr(solution, "new", ()))
    shaded = frozenset(getattr(solution, "highlight", ()) or ())
    status = _status(solution)
    if puzzle.grid:
        cell = _grid_cell(puzzle)
        body_height = cell * len(puzzle.grid)
    else:
        rows, cell = _clue_rows(puzzle)
        body_height = _rows_height(rows, cell)
    status_lines = _status_lines(status)
    height = PAD + body_height + SECTION_GAP + KEY_HEIGHT
    height += (SECTION_GAP + len(status_lines) * STATUS_SIZE * 1.3) if status_lines else 0
    # Drawn at the final size, not supersampled: every shape is an upright square, which
    # needs no smoothing, and the text is anti-aliased by FreeType. Half the time of a
    # supersampled drawing of a long clue list, and the lines come out crisper.
    canvas = Canvas(WIDTH, math.ceil(height + PAD), scale=1)

    if puzzle.grid:
        _draw_grid(canvas, puzzle, cell, letters, colours, new, shaded)
    else:
        _draw_clue_rows(canvas, rows, cell, letters, colours, new)
    y = PAD + body_height + SECTION_GAP
    _draw_key(canvas, y, puzzle, letters, colours, new)
    y += KEY_HEIGHT
    for line in status_lines:
        y += STATUS_SIZE * 1.3
        canvas.text((WIDTH / 2, y), line, STATUS_SIZE, MUTED, bold=False, anchor="ms")
    return canvas.png()


def max_grid_columns() -> int:
    """The widest grid whose cells are still MIN_CELL wide."""
    return int((WIDTH - 2 * GRID_EDGE) // MIN_CELL)


# Room for a status of a few lines under the key.
_STATUS_ROOM = SECTION_GAP + 3 * STATUS_SIZE * 1.3


def too_big(puzzle: Codeword) -> str | None:
    """Why the puzzle cannot be drawn readably within the bounds, or None when it can."""
    if puzzle.grid:
        if _grid_cell(puzzle) < MIN_CELL:
            return (
                f"a codeword grid of {len(puzzle.grid[0])} columns is too wide to draw "
                f"readably; I draw grids up to {max_grid_columns()} columns"
            )
        body = _grid_cell(puzzle) * len(puzzle.grid)
    else:
        rows, cell = _clue_rows(puzzle)
        if cell < MIN_CELL:
            longest = max(len(numbers) for _, numbers in rows)
            return f"a clue of {longest} numbers is too long to draw readably"
        body = _rows_height(rows, cell)
    if 2 * PAD + body + SECTION_GAP + KEY_HEIGHT + _STATUS_ROOM > MAX_HEIGHT:
        return f"{len(puzzle.clues)} clues are too many to draw readably in one picture"
    return None


# --- what to show -----------------------------------------------------------------------------


def _letter_colours(puzzle: Codeword, solution: Any, letters: dict[int, str]) -> dict[int, Colour]:
    proven = getattr(solution, "proven", None)
    colours = {}
    for n in letters:
        if n in puzzle.given:
            colours[n] = STARTER
        elif proven is None or n in proven:
            colours[n] = PROVEN
        else:
            colours[n] = GUESSED
    return colours


def _status(solution: Any) -> str:
    if solution is None:
        return ""
    if hasattr(solution, "message"):
        return solution.message
    if hasattr(solution, "final_word"):
        parts = [solution.final_line()] if solution.puzzle.final else []
        if solution.solutions_found == 0:
            parts.append("no fill found")
        elif solution.unique:
            parts.append("unique solution")
        else:
            parts.append("not proven unique: orange letters are not certain")
        return " · ".join(parts)
    return str(getattr(solution, "summary", ""))  # a verdict's English, as before


def _status_lines(status: str) -> list[str]:
    return wrap_text(status, STATUS_SIZE, WIDTH - 2 * PAD, bold=False) if status else []


# --- cells ------------------------------------------------------------------------------------


def _draw_cell(
    canvas: Canvas,
    left: float,
    top: float,
    size: float,
    number: int,
    letter: str | None,
    colour: Colour,
    highlighted: bool,
) -> None:
    fill = HINTED_FILL if highlighted else SURFACE
    canvas.rounded_rectangle(
        (left, top, left + size, top + size), 0, fill=fill, outline=INK, width=GRID_LINE
    )
    centre = (left + size / 2, top + size / 2)
    if size < STACKED_CELL:
        # Room for one: the letter once known (the key pairs it with its number).
        if letter:
            canvas.text_centred(centre, letter.upper(), NUMBER_SIZE, colour)
        else:
            canvas.text_centred(centre, str(number), NUMBER_SIZE, MUTED, bold=False)
        return
    number_size = max(NUMBER_SIZE, round(size * 0.3))
    inset = GRID_LINE + NUMBER_INSET
    canvas.text((left + inset, top + inset), str(number), number_size, MUTED, anchor="lt")
    if letter:
        # Centred in the space under the number.
        letter_size = max(NUMBER_SIZE, round(size * 0.5))
        below_number = inset + capital_height(number_size) + STACK_GAP
        canvas.text_centred(
            (centre[0], top + (size + below_number) / 2), letter.upper(), letter_size, colour
        )


def cell_box(puzzle: Codeword, row: int, column: int) -> tuple[float, float, float, float]:
    """Where a grid cell is drawn (left, top, right, bottom), for tests and overlays."""
    cell = _grid_cell(puzzle)
    left = (WIDTH - cell * len(puzzle.grid[0])) / 2 + column * cell
    top = PAD + row * cell
    return left, top, left + cell, top + cell


def _grid_cell(puzzle: Codeword) -> float:
    return min(MAX_CELL, (WIDTH - 2 * GRID_EDGE) / len(puzzle.grid[0]))


def _draw_grid(canvas, puzzle, cell, letters, colours, new, shaded=frozenset()) -> None:
    width = len(puzzle.grid[0])
    for r, row in enumerate(puzzle.grid):
        for c, number in enumerate(row):
            left, top, _, _ = cell_box(puzzle, r, c)
            if not number:
                canvas.rounded_rectangle(
                    (left, top, left + cell, top + cell), 0, fill=INK, outline=INK, width=GRID_LINE
                )
                continue
            _draw_cell(
                canvas,
                left,
                top,
                cell,
                number,
                letters.get(number),
                colours.get(number, INK),
                number in new or r * width + c in shaded,
            )


def _clue_rows(puzzle: Codeword) -> tuple[list[tuple[str, tuple[int, ...]]], float]:
    """Labelled rows of numbers (the clues, then the final word), and the cell size."""
    rows = [(str(i + 1), clue) for i, clue in enumerate(puzzle.clues)]
    if puzzle.final:
        rows.append(("final", puzzle.final))
    return rows, _clue_cell(rows, _columns(rows))


def _columns(rows: list[tuple[str, tuple[int, ...]]]) -> int:
    """Two columns of rows for many clues, unless that makes the cells too small to read."""
    two = len(rows) >= TWO_COLUMNS_FROM and _clue_cell(rows, 2) >= MIN_CLUE_CELL
    return 2 if two else 1


def _clue_cell(rows: list[tuple[str, tuple[int, ...]]], columns: int) -> float:
    longest = max(len(numbers) for _, numbers in rows)
    usable = (WIDTH - 2 * PAD - (columns - 1) * COLUMN_GAP) / columns - _label_width()
    return min(MAX_CELL, usable / longest)


def _label_width() -> float:
    return text_width("final", LABEL_SIZE, bold=False) + 10


def _rows_height(rows: list, cell: float) -> float:
    per_column = math.ceil(len(rows) / _columns(rows))
    return per_column * (cell + CLUE_GAP) - CLUE_GAP


def _draw_clue_rows(canvas, rows, cell, letters, colours, new) -> None:
    columns = _columns(rows)
    per_column = math.ceil(len(rows) / columns)
    column_width = (WIDTH - 2 * PAD - (columns - 1) * COLUMN_GAP) / columns
    label = _label_width()
    for index, (name, numbers) in enumerate(rows):
        column, row = divmod(index, per_column)
        left = PAD + column * (column_width + COLUMN_GAP)
        top = PAD + row * (cell + CLUE_GAP)
        canvas.text((left + label - 10, top + cell / 2), name, LABEL_SIZE, MUTED, False, "rm")
        for k, number in enumerate(numbers):
            _draw_cell(
                canvas,
                left + label + k * cell,
                top,
                cell,
                number,
                letters.get(number),
                colours.get(number, INK),
                number in new,
            )


def _draw_key(canvas, top, puzzle, letters, colours, new) -> None:
    """1..26 in two rows of 13; numbers the puzzle does not use are greyed out."""
    for n in NUMBERS:
        row, column = divmod(n - 1, KEY_COLUMNS)
        left = PAD + column * KEY_CELL
        y = top + row * KEY_CELL
        if n not in puzzle.numbers:
            canvas.rounded_rectangle(
                (left, y, left + KEY_CELL, y + KEY_CELL),
                0,
                fill=(228, 226, 222),
                outline=INK,
                width=GRID_LINE,
            )
            corner = (left + GRID_LINE + NUMBER_INSET, y + GRID_LINE + NUMBER_INSET)
            canvas.text(corner, str(n), NUMBER_SIZE, MUTED, anchor="lt")
            continue
        _draw_cell(canvas, left, y, KEY_CELL, n, letters.get(n), colours.get(n, INK), n in new)
