"""Letter Boxed: the box, its letters, and words drawn as paths from letter to letter.

The box is a regular polygon with the first side on top and the rest clockwise, as
the NYT draws its square. Letters sit evenly spaced along each side, each with a
dot on the edge and the letter in large type outside, read left to right (top to
bottom on an upright side), the way a player copies them from the picture.

Each word is a path across the box in its own colour, starting at a ringed dot.
Dots of letters already used are filled, so a partial attempt shows what is left.
Under the box: the words as coloured chips and a line like "2 words · par 3".

A board read from a member's picture (any value with `.board` and `.highlight`, positions
in `board.letters`) is drawn with the letters in doubt on a shaded box, as a sudoku's cells
in doubt are shaded.

A hint's picture is the player's words so far and, in the next word's colour, a wide
ring on the letter the hinted word starts from and an outlined chip "3. T _ _ _ _":
no more of the word than the hint's text gives away.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.core import has_no_answer
from puzzles.i18n import ENGLISH, Message, _, ngettext
from puzzles.letterboxed.puzzle import Board
from puzzles.letterboxed.rules import LetterBoxedHint
from renderers.common import (
    INK,
    MUTED,
    READABLE_SIZE,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    Point,
    dotted,
    first_line,
    flow,
    ink_size,
    path_colour,
    text_colour_on,
    wrap_text,
)
from renderers.sudoku import HIGHLIGHT_FILL
from renderers.text import text_width

PAD = 32  # empty margin around everything
LETTER_SIZE_MAX = 68
LETTER_SIZE_MIN = READABLE_SIZE
BOX_WIDTH = 7
DOT_RADIUS = 11
DOT_OUTLINE = 3.5
START_RING_RADIUS = 19
START_RING_WIDTH = 4
HINT_RING_RADIUS = 27
HINT_RING_WIDTH = 7
LABEL_GAP = 16  # between a start ring and the nearest ink of its letter
PATH_WIDTH = 9
PATH_CASING = 4  # white border each side of a path, so crossing paths stay distinct
CHIP_TEXT_SIZE = 30
CHIP_HEIGHT = 50
CHIP_PAD_X = 20
CHIP_GAP = 12
STATUS_SIZE = 28
STATUS_STEP = STATUS_SIZE * 1.3  # a wrapped status's line height
SECTION_GAP = 30
SHADE_PAD = 0.2  # round a shaded letter's ink, in letter sizes: clear of its dot


@dataclass(frozen=True)
class Layout:
    """Where everything on the box goes, in final pixels (y grows downwards)."""

    corners: tuple[Point, ...]
    dots: dict[str, Point]  # letter -> centre of its dot on the edge
    labels: dict[str, Point]  # letter -> centre of the letter's ink
    letter_size: int
    bottom: float  # the y just below the box and its letters


def draw(board: Any, solution: Any = None, language: str = ENGLISH) -> bytes:
    """PNG of the board (a Board, or a value with `.board` and `.highlight`); with a
    solution (anything with `.words`), its words drawn on it; with a hint, the player's
    words and where the hinted word starts."""
    shaded = ""
    if not isinstance(board, Board):
        shaded = "".join(board.board.letters[position] for position in board.highlight)
        board = board.board
    words = tuple(solution.words) if solution is not None else ()
    hint = solution if isinstance(solution, LetterBoxedHint) else None
    note = first_line(solution.text(), language) if has_no_answer(solution) else ""
    return draw_words(board, words, hint, note, shaded, language)


def draw_words(
    board: Board,
    words: Sequence[str],
    hint: LetterBoxedHint | None = None,
    note: str = "",
    shaded: str = "",
    language: str = ENGLISH,
) -> bytes:
    """PNG of the board with exactly these words drawn, e.g. a player's partial attempt,
    and the hint's next word (half hidden) after them when given; `note` (why the box has no
    solution) is written under it in place of the status line; the `shaded` letters stand on
    a shaded box. The status line is in `language`.

    Letters of a word that are not on the board are skipped in its path (but the word
    is still listed), so any attempt can be drawn.
    """
    words = tuple(word.lower() for word in words)
    layout = layout_board(board)
    labels = [_chip_label(i, word) for i, word in enumerate(words)]
    if hint is not None:
        labels.append(f"{len(words) + 1}. {hint.shown}")
    chip_rows = _chip_rows(labels)
    status = dotted(_status_line(board, words, hint), language)
    status_lines = wrap_text(note or status, STATUS_SIZE, WIDTH - 2 * PAD)

    height = layout.bottom
    if chip_rows:
        height += SECTION_GAP + len(chip_rows) * CHIP_HEIGHT + (len(chip_rows) - 1) * CHIP_GAP
    if status_lines:
        height += SECTION_GAP + STATUS_STEP * len(status_lines)
    canvas = Canvas(WIDTH, math.ceil(height + PAD))

    canvas.polygon(layout.corners, fill=SURFACE)
    _draw_paths(canvas, layout, words)
    canvas.polygon(layout.corners, outline=INK, width=BOX_WIDTH)
    _draw_moves_along_edges(canvas, board, layout, words)
    if hint is not None:
        _draw_hint_start(canvas, layout, hint.next_word[0], path_colour(len(words)))
    _draw_letters(canvas, layout, words, shaded)

    y = layout.bottom
    if chip_rows:
        y = _draw_chips(canvas, labels, chip_rows, y + SECTION_GAP, len(words))
    if status_lines:
        canvas.text_wrapped(
            WIDTH / 2,
            y + SECTION_GAP,
            note or status,
            STATUS_SIZE,
            WIDTH - 2 * PAD,
            MUTED,
            line_height=STATUS_STEP,
        )
    return canvas.png()


def dot_positions(board: Board) -> dict[str, Point]:
    """Centre of each letter's dot in the picture, for tests and overlays."""
    return dict(layout_board(board).dots)


# --- geometry ---------------------------------------------------------------------


def _unit_corners(sides: int) -> list[Point]:
    """Corners of a regular polygon of circumradius 1 centred on the origin, the first
    side horizontal on top, then clockwise on screen (y down)."""
    start = -math.pi / 2 - math.pi / sides
    return [
        (math.cos(start + k * 2 * math.pi / sides), math.sin(start + k * 2 * math.pi / sides))
        for k in range(sides)
    ]


def _side_letter_points(a: Point, b: Point, letters: str) -> list[tuple[str, Point]]:
    """Letters evenly spaced along the edge a-b, in reading order."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx < -1e-9 or (abs(dx) <= 1e-9 and dy < 0):
        a, b, dx, dy = b, a, -dx, -dy
    count = len(letters)
    return [
        (letter, (a[0] + dx * (k + 1) / (count + 1), a[1] + dy * (k + 1) / (count + 1)))
        for k, letter in enumerate(letters)
    ]


def _letter_size(board: Board, radius: float) -> int:
    side_length = 2 * radius * math.sin(math.pi / len(board.sides))
    spacing = min(side_length / (len(side) + 1) for side in board.sides)
    return max(LETTER_SIZE_MIN, min(LETTER_SIZE_MAX, int(spacing * 0.72)))


def _place(board: Board, radius: float) -> tuple[list[Point], dict, dict, int, tuple]:
    """Layout around the origin at this circumradius; also the bounding box of it all."""
    size = _letter_size(board, radius)
    corners = [(x * radius, y * radius) for x, y in _unit_corners(len(board.sides))]
    dots: dict[str, Point] = {}
    labels: dict[str, Point] = {}
    xs = [x for x, _y in corners]
    ys = [y for _x, y in corners]
    for index, side in enumerate(board.sides):
        a, b = corners[index], corners[(index + 1) % len(corners)]
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        length = math.hypot(mx, my)
        nx, ny = mx / length, my / length  # outward normal of this side
        for letter, dot in _side_letter_points(a, b, side):
            w, h = ink_size(letter.upper(), size)
            reach = START_RING_RADIUS + LABEL_GAP + (abs(nx) * w + abs(ny) * h) / 2
            centre = (dot[0] + nx * reach, dot[1] + ny * reach)
            dots[letter] = dot
            labels[letter] = centre
            xs += [centre[0] - w / 2, centre[0] + w / 2]
            ys += [centre[1] - h / 2, centre[1] + h / 2]
    return corners, dots, labels, size, (min(xs), min(ys), max(xs), max(ys))


def layout_board(board: Board) -> Layout:
    """Fit the box and its letters to the canvas width, PAD from the top."""
    unit = _unit_corners(len(board.sides))
    unit_width = max(x for x, _y in unit) - min(x for x, _y in unit)
    target = WIDTH - 2 * PAD
    radius = target / unit_width
    # The letters stick out by a fixed amount whatever the radius, so a few rounds of
    # "shrink the box by the overhang" converge (the letter size settles quickly).
    for _round in range(4):
        *_placed, (left, _top, right, _bottom) = _place(board, radius)
        overhang = (right - left) - radius * unit_width
        radius = (target - overhang) / unit_width
    corners, dots, labels, size, (left, top, right, bottom) = _place(board, radius)
    dx = WIDTH / 2 - (left + right) / 2
    dy = PAD - top

    def shift(p: Point) -> Point:
        return (p[0] + dx, p[1] + dy)

    return Layout(
        corners=tuple(shift(p) for p in corners),
        dots={letter: shift(p) for letter, p in dots.items()},
        labels={letter: shift(p) for letter, p in labels.items()},
        letter_size=size,
        bottom=bottom + dy,
    )


# --- drawing ----------------------------------------------------------------------


def _word_strokes(layout: Layout, word: str) -> list[list[Point]]:
    """The word's path as polylines through its letters' dots, broken at letters that
    are not on the board."""
    strokes: list[list[Point]] = [[]]
    for letter in word:
        dot = layout.dots.get(letter)
        if dot is None:
            if strokes[-1]:
                strokes.append([])
        else:
            strokes[-1].append(dot)
    return [stroke for stroke in strokes if len(stroke) > 1]


def _draw_paths(canvas: Canvas, layout: Layout, words: Sequence[str]) -> None:
    for index, word in enumerate(words):
        colour = path_colour(index)
        for stroke in _word_strokes(layout, word):
            canvas.line(stroke, fill=SURFACE, width=PATH_WIDTH + 2 * PATH_CASING)
            canvas.line(stroke, fill=colour, width=PATH_WIDTH)


def _draw_moves_along_edges(
    canvas: Canvas, board: Board, layout: Layout, words: Sequence[str]
) -> None:
    """Redraw, over the box's edge, steps between two letters of the same side (against
    the rules, but a player's attempt may have them): otherwise the edge would hide them."""
    side_of = board.side_of
    for index, word in enumerate(words):
        for a, b in itertools.pairwise(word):
            if a != b and a in side_of and side_of.get(b) == side_of[a]:
                canvas.line(
                    [layout.dots[a], layout.dots[b]], fill=path_colour(index), width=PATH_WIDTH
                )


def _first_use(words: Sequence[str]) -> dict[str, Colour]:
    """Letter -> colour of the first word that uses it."""
    used: dict[str, Colour] = {}
    for index, word in enumerate(words):
        for letter in word:
            used.setdefault(letter, path_colour(index))
    return used


def _draw_letters(canvas: Canvas, layout: Layout, words: Sequence[str], shaded: str) -> None:
    used = _first_use(words)
    for index, word in enumerate(words):
        start = layout.dots.get(word[:1])
        if start is not None:
            canvas.circle(start, START_RING_RADIUS, fill=SURFACE)
            canvas.circle(
                start,
                START_RING_RADIUS,
                outline=path_colour(index),
                width=START_RING_WIDTH,
            )
    for letter, dot in layout.dots.items():
        canvas.circle(
            dot, DOT_RADIUS, fill=used.get(letter, SURFACE), outline=INK, width=DOT_OUTLINE
        )
        if letter in shaded:
            _shade_letter(canvas, layout, letter)
        canvas.text_centred(layout.labels[letter], letter.upper(), layout.letter_size, INK)


def _shade_letter(canvas: Canvas, layout: Layout, letter: str) -> None:
    """A shaded rounded box behind the letter, just larger than its ink (clear of its dot)."""
    x, y = layout.labels[letter]
    w, h = ink_size(letter.upper(), layout.letter_size)
    pad = SHADE_PAD * layout.letter_size
    box = (x - w / 2 - pad, y - h / 2 - pad, x + w / 2 + pad, y + h / 2 + pad)
    canvas.rounded_rectangle(box, radius=2 * pad, fill=HIGHLIGHT_FILL)


def _draw_hint_start(canvas: Canvas, layout: Layout, letter: str, colour: Colour) -> None:
    """A wide ring in the next word's colour around the letter the hinted word starts on."""
    dot = layout.dots.get(letter)
    if dot is not None:
        canvas.circle(dot, HINT_RING_RADIUS, fill=SURFACE, outline=colour, width=HINT_RING_WIDTH)


def _chip_label(index: int, word: str) -> str:
    return f"{index + 1}. {word.upper()}"


def _chip_width(label: str) -> float:
    return text_width(label, CHIP_TEXT_SIZE) + 2 * CHIP_PAD_X


def _chip_rows(labels: Sequence[str]) -> list[list[int]]:
    widths = [_chip_width(label) for label in labels]
    return flow(widths, WIDTH - 2 * PAD, CHIP_GAP) if labels else []


def _draw_chips(
    canvas: Canvas, labels: Sequence[str], rows: list[list[int]], top: float, played: int
) -> float:
    """Each word as a pill in its path colour, rows centred, and any chips after the
    `played` words (the hint's) outlined, not filled; returns the y below them."""
    y = top
    for row in rows:
        widths = [_chip_width(labels[i]) for i in row]
        x = WIDTH / 2 - (sum(widths) + CHIP_GAP * (len(row) - 1)) / 2
        for index, width in zip(row, widths, strict=True):
            colour = path_colour(index)
            box = (x, y, x + width, y + CHIP_HEIGHT)
            centre = (x + width / 2, y + CHIP_HEIGHT / 2)
            if index < played:
                canvas.rounded_rectangle(box, radius=CHIP_HEIGHT / 2, fill=colour)
                canvas.text_line_centred(
                    centre, labels[index], CHIP_TEXT_SIZE, text_colour_on(colour)
                )
            else:
                canvas.rounded_rectangle(
                    box, radius=CHIP_HEIGHT / 2, fill=SURFACE, outline=colour, width=4
                )
                canvas.text_line_centred(centre, labels[index], CHIP_TEXT_SIZE, INK)
            x += width + CHIP_GAP
        y += CHIP_HEIGHT + CHIP_GAP
    return y - CHIP_GAP


def _status_line(
    board: Board, words: Sequence[str], hint: LetterBoxedHint | None = None
) -> tuple[Message, ...]:
    """The parts of the line under the box: "2 words · par 3 · 4 letters left"."""
    if hint is not None:
        return (_hint_line(hint),)
    parts = []
    if words:
        parts.append(ngettext("{count} word", "{count} words", len(words)))
    if board.par is not None:
        par = _("par {par}", par=board.par)
        parts.append(par if words else ngettext("par {count} word", "par {count} words", board.par))
    if words:
        used = {letter for word in words for letter in word}
        left = sum(1 for letter in board.letters if letter not in used)
        if left:
            parts.append(ngettext("{count} letter left", "{count} letters left", left))
    return tuple(parts)


def _hint_line(hint: LetterBoxedHint) -> Message:
    """The hinted word's length and first letter, and how many words follow it."""
    length, first = len(hint.next_word), hint.next_word[0].upper()
    after = hint.finish - 1
    if not after:
        return _("Hint: {length} letters from {letter}, and done", length=length, letter=first)
    return ngettext(
        "Hint: {length} letters from {letter}, then {count} more word",
        "Hint: {length} letters from {letter}, then {count} more words",
        after,
        length=length,
        letter=first,
    )
