"""Q-less: the rolled letters as dice tiles, or a solution as a crossword of tiles.

Without a solution the picture shows the roll: twelve tiles in two rows, like dice on a
table. With one (anything with `.rows`, rows of letters and '.' for empty squares) it
shows the crossword, turned on its side when it is taller than wide (a grid mirrored
across its diagonal reads the same words), with the words and the rating underneath.

A hint's picture is the player's grid so far (the roll when they have none) and, under
it, the hinted word as a row of squares: its first letter on an orange tile, the rest
empty, no more than the hint's text gives away.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from puzzles.core import has_no_answer
from puzzles.i18n import ENGLISH, _, ngettext, render, weekday_name
from puzzles.qless.puzzle import Roll
from puzzles.qless.rating import DAYS
from puzzles.qless.rules import QlessHint
from renderers.common import (
    INK,
    MUTED,
    OKABE_ITO,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    dotted,
    first_line,
    wrap_text,
)

PAD = 32
TILE_MAX = 92
GAP_RATIO = 0.12  # space between tiles, as a share of a tile
TILE_FILL: Colour = (247, 236, 210)  # ivory, like the game's dice
TILE_EDGE: Colour = (176, 150, 110)
GRID_LINE: Colour = (226, 220, 210)
CAPTION_SIZE = 28
CAPTION_GAP = 24
ROLL_PER_ROW = 6
HINT_FILL: Colour = OKABE_ITO["orange"]
HINT_TILE_MAX = 64
SECTION_GAP = 28


def draw(roll: Roll, solution: Any = None, language: str = ENGLISH) -> bytes:
    rows = tuple(getattr(solution, "rows", ()) or ())
    hint = solution if isinstance(solution, QlessHint) else None
    if rows:
        return _draw_grid(_landscape(rows), _caption(solution, language), hint)
    if has_no_answer(solution):  # "No solution for ... with standard words."
        return _draw_roll(roll, caption=[first_line(solution.text(), language)])
    if hint is not None:
        return _draw_roll(roll, hint, _caption(hint, language))
    task = _("Use all {count} letters in one crossword", count=len(roll.letters))
    return _draw_roll(roll, caption=[render(task, language)])


def _landscape(rows: tuple[str, ...]) -> tuple[str, ...]:
    """The grid, transposed when it is taller than wide, so it fits a wide picture."""
    width = max(len(row) for row in rows)
    padded = [row.ljust(width, ".") for row in rows]
    if len(padded) <= width:
        return tuple(padded)
    return tuple("".join(row[c] for row in padded) for c in range(width))


def _caption(solution: Any, language: str) -> list[str]:
    if isinstance(solution, QlessHint):
        length, first = len(solution.word), solution.word[0].upper()
        hint = _("Hint: a {length}-letter word starting with {letter}", length=length, letter=first)
        return [render(hint, language)]
    lines = []
    words = getattr(solution, "words", ())
    if words:
        lines.append(" · ".join(word.upper() for word in words))
    count = getattr(solution, "solution_count", None)
    if count:
        if getattr(solution, "count_is_capped", False):
            solutions = _("{count}+ solutions", count=count)
        else:
            solutions = ngettext("{count} solution", "{count} solutions", count)
        rating = _rating(getattr(solution, "day", None), language)
        lines.append(dotted((solutions, rating), language))
    return lines


def _rating(day: str | None, language: str) -> str:
    """The roll's rating on the weekday scale ("monday"): the weekday's name, capitalised."""
    if day in DAYS:
        name = weekday_name(DAYS.index(day), language)
        return name[:1].upper() + name[1:]
    return render(_("Too easy"), language) if day else ""


def _tile(
    canvas: Canvas, x: float, y: float, size: float, letter: str, fill: Colour = TILE_FILL
) -> None:
    radius = size * 0.16
    canvas.rounded_rectangle(
        (x, y, x + size, y + size), radius, fill=fill, outline=TILE_EDGE, width=2
    )
    canvas.text_centred((x + size / 2, y + size / 2), letter.upper(), int(size * 0.56), INK)


def _hint_step(word: str) -> float:
    return min(HINT_TILE_MAX * (1 + GAP_RATIO), (WIDTH - 2 * PAD) / len(word))


def _hint_height(hint: QlessHint | None) -> float:
    return SECTION_GAP + _hint_step(hint.word) if hint is not None else 0


def _draw_hint(canvas: Canvas, hint: QlessHint | None, top: float) -> float:
    """The hinted word as squares: its first letter on an orange tile, the rest blank;
    returns the y below them."""
    if hint is None:
        return top
    step = _hint_step(hint.word)
    tile = step / (1 + GAP_RATIO)
    y = top + SECTION_GAP + (step - tile) / 2
    left = (WIDTH - step * len(hint.word)) / 2 + (step - tile) / 2
    for i, letter in enumerate(hint.word):
        x = left + i * step
        if i == 0:
            _tile(canvas, x, y, tile, letter, HINT_FILL)
        else:
            box = (x, y, x + tile, y + tile)
            canvas.rounded_rectangle(box, tile * 0.16, fill=SURFACE, outline=TILE_EDGE, width=2)
    return top + _hint_height(hint)


def _draw_grid(rows: tuple[str, ...], caption: list[str], hint: QlessHint | None = None) -> bytes:
    columns = len(rows[0])
    step = min(TILE_MAX * (1 + GAP_RATIO), (WIDTH - 2 * PAD) / columns)
    tile = step / (1 + GAP_RATIO)
    grid_width = step * columns
    left = (WIDTH - grid_width) / 2
    height = PAD + step * len(rows) + _hint_height(hint) + _caption_height(caption) + PAD
    canvas = Canvas(WIDTH, math.ceil(height), scale=1)
    for r in range(len(rows) + 1):  # faint squares behind the tiles, like graph paper
        y = PAD + r * step
        canvas.line([(left, y), (left + grid_width, y)], GRID_LINE, 1)
    for c in range(columns + 1):
        x = left + c * step
        canvas.line([(x, PAD), (x, PAD + step * len(rows))], GRID_LINE, 1)
    gap = (step - tile) / 2
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            if letter != ".":
                _tile(canvas, left + c * step + gap, PAD + r * step + gap, tile, letter)
    _draw_caption(canvas, caption, _draw_hint(canvas, hint, PAD + step * len(rows)))
    return canvas.png()


def _draw_roll(roll: Roll, hint: QlessHint | None = None, caption: Sequence[str] = ()) -> bytes:
    """The roll's tiles, with the hint, and `caption` under them."""
    letters = roll.letters
    per_row = min(ROLL_PER_ROW, len(letters))
    lines = math.ceil(len(letters) / per_row)
    step = min(TILE_MAX * 1.3, (WIDTH - 2 * PAD) / per_row)
    tile = step / 1.3
    height = PAD + step * lines + _hint_height(hint) + _caption_height(caption) + PAD
    canvas = Canvas(WIDTH, math.ceil(height), scale=1)
    for line in range(lines):
        chunk = letters[line * per_row : (line + 1) * per_row]
        left = (WIDTH - step * len(chunk)) / 2 + (step - tile) / 2
        for i, letter in enumerate(chunk):
            _tile(canvas, left + i * step, PAD + line * step + (step - tile) / 2, tile, letter)
    _draw_caption(canvas, caption, _draw_hint(canvas, hint, PAD + step * lines))
    return canvas.png()


def _caption_lines(caption: Sequence[str]) -> list[str]:
    return [line for text in caption for line in wrap_text(text, CAPTION_SIZE, WIDTH - 2 * PAD)]


def _caption_height(caption: Sequence[str]) -> float:
    return len(_caption_lines(caption)) * (CAPTION_GAP + CAPTION_SIZE)


def _draw_caption(canvas: Canvas, caption: Sequence[str], top: float) -> None:
    y = top
    for line in _caption_lines(caption):
        y += CAPTION_GAP
        canvas.text_line_centred((WIDTH / 2, y + CAPTION_SIZE / 2), line, CAPTION_SIZE, MUTED)
        y += CAPTION_SIZE
