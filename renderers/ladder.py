"""Word ladders: each word a row of letter tiles, stacked from the start word down.

At every step the one letter that changed is filled in colour, so the eye can follow
the ladder. A puzzle alone shows its two words with empty rows between them for the
steps to fill in (a gap when par is not known); a hint shows the player's words with
the suggested next word in its own colour; a long chain shows its two ends with the
middle left out.
Step numbers run down the left edge; a status line sums it up underneath.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.ladder.puzzle import Ladder
from puzzles.ladder.rules import LadderHint
from puzzles.ladder.solver import LadderSolution, LongestChain
from renderers import min_font_size
from renderers.common import (
    INK,
    MUTED,
    OKABE_ITO,
    READABLE_SIZE,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    dotted,
    text_colour_on,
    wrap_text,
)

PAD = 32
LABEL_WIDTH = 56  # the step numbers' column
TILE_MAX = 72
TILE_GAP = 8
ROW_GAP = 10
TILE_OUTLINE = 3
TILE_RADIUS = 8
LETTER_SHARE = 0.6  # letter size as a share of the tile
LETTER_MIN = min_font_size(WIDTH)
LABEL_SIZE = READABLE_SIZE
NOTE_SIZE = 28
STATUS_SIZE = 28
STATUS_LINE_HEIGHT = 1.3
SECTION_GAP = 24
CHANGED = OKABE_ITO["blue"]  # the letter a step changed
SUGGESTED = OKABE_ITO["vermillion"]  # a hint's next word
# A long chain shows this many words from its start and from its end.
HEAD_ROWS, TAIL_ROWS = 6, 3


@dataclass(frozen=True)
class Row:
    """A word of tiles (changed: the index of the letter that differs from the word above),
    or a gap row (word None) with a note such as '4 steps'."""

    word: str | None
    label: str = ""
    changed: int | None = None
    colour: Colour = CHANGED
    note: Message | str = ""
    blank: bool = False  # empty tiles for the player to fill in


def draw(puzzle: Ladder, solution: Any = None, language: str = ENGLISH) -> bytes:
    """PNG of the ladder; with a solution, chain or hint (anything with `.words`), its words."""
    rows, parts = plan(puzzle, solution)
    status = dotted(parts, language)
    tile, left = _geometry(rows)
    row_height = tile + ROW_GAP
    status_lines = len(wrap_text(status, STATUS_SIZE, WIDTH - 2 * PAD))
    status_height = status_lines * STATUS_SIZE * STATUS_LINE_HEIGHT
    height = PAD + len(rows) * row_height - ROW_GAP + SECTION_GAP + status_height + PAD
    canvas = Canvas(WIDTH, math.ceil(height), scale=1)
    y = PAD
    for row in rows:
        _draw_row(canvas, row, left, y, tile, language)
        y += row_height
    canvas.text_wrapped(
        WIDTH / 2,
        y - ROW_GAP + SECTION_GAP,
        status,
        STATUS_SIZE,
        WIDTH - 2 * PAD,
        MUTED,
        line_height=STATUS_SIZE * STATUS_LINE_HEIGHT,
    )
    return canvas.png()


def _geometry(rows: Sequence[Row]) -> tuple[int, float]:
    """The tile size for the longest word, and the left edge that centres a row of them
    (room is kept on both sides for the step numbers' column)."""
    letters = max(len(row.word) for row in rows if row.word)
    room = WIDTH - 2 * PAD - 2 * LABEL_WIDTH
    tile = min(TILE_MAX, int((room + TILE_GAP) / letters) - TILE_GAP)
    return tile, (WIDTH - letters * (tile + TILE_GAP) + TILE_GAP) / 2


def tile_boxes(puzzle: Ladder, solution: Any = None) -> list[list[tuple[float, ...]]]:
    """Each drawn row's tile boxes (left, top, right, bottom), [] for gap rows; for tests."""
    rows, _status = plan(puzzle, solution)
    tile, left = _geometry(rows)
    boxes = []
    for index, row in enumerate(rows):
        top = PAD + index * (tile + ROW_GAP)
        boxes.append(
            [
                (left + i * (tile + TILE_GAP), top, left + i * (tile + TILE_GAP) + tile, top + tile)
                for i in range(len(row.word or ""))
            ]
        )
    return boxes


# --- what to draw -------------------------------------------------------------------------


Status = tuple[Message | str, ...]  # the parts of the status line, "3 steps · par 3"


def plan(puzzle: Ladder, solution: Any = None) -> tuple[list[Row], Status]:
    """The rows to draw and the status line, for the puzzle and whatever goes with it."""
    if isinstance(solution, LadderHint):
        return _hint_rows(puzzle, solution)
    words = tuple(getattr(solution, "words", ()) or ())
    if isinstance(solution, LongestChain):
        return _chain_rows(words), _chain_status(solution)
    if words:
        return _chain_rows(words), _solution_status(solution, words)
    return _puzzle_rows(puzzle, solution), _puzzle_status(puzzle, solution)


def changed_letter(before: str | None, after: str) -> int | None:
    """Where `after` differs from `before`, if in exactly one place."""
    if before is None or len(before) != len(after):
        return None
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    return changed[0] if len(changed) == 1 else None


def _word_rows(words: Sequence[str], first_step: int = 0) -> list[Row]:
    rows = []
    for index, word in enumerate(words):
        before = words[index - 1] if index else None
        rows.append(Row(word, str(first_step + index), changed_letter(before, word)))
    return rows


def _chain_rows(words: Sequence[str]) -> list[Row]:
    if len(words) <= HEAD_ROWS + TAIL_ROWS + 1:
        return _word_rows(words)
    left_out = len(words) - HEAD_ROWS - TAIL_ROWS
    tail_start = len(words) - TAIL_ROWS
    tail = _word_rows(words[tail_start - 1 :], tail_start - 1)[1:]
    note = ngettext("… {count} more word …", "… {count} more words …", left_out)
    return [*_word_rows(words[:HEAD_ROWS]), Row(None, note=note), *tail]


def _puzzle_rows(puzzle: Ladder, solution: Any) -> list[Row]:
    if puzzle.goal is None:
        return [Row(puzzle.start, "0")]
    steps = getattr(solution, "steps", None) or puzzle.par
    if not steps:
        return [Row(puzzle.start), Row(None, note="?"), Row(puzzle.goal)]
    blanks = [Row(puzzle.start, str(step), blank=True) for step in range(1, steps)]
    return [Row(puzzle.start, "0"), *blanks, Row(puzzle.goal, str(steps))]


def _hint_rows(puzzle: Ladder, hint: LadderHint) -> tuple[list[Row], Status]:
    rows = _chain_rows(hint.progress)  # a long ladder so far shows its ends
    last = hint.progress[-1]
    rows.append(
        Row(
            hint.next_word,
            str(len(hint.progress)),
            changed_letter(last, hint.next_word),
            SUGGESTED,
        )
    )
    if hint.steps_left:
        more = ngettext("{count} more step", "{count} more steps", hint.steps_left)
        rows.append(Row(None, note=more))
        rows.append(Row(hint.goal, str(len(hint.progress) + hint.steps_left)))
    then = _then(hint.goal.upper(), hint.steps_left)
    return rows, (_("next: {word}", word=hint.next_word.upper()), then)


def _then(goal: str, steps_left: int) -> Message:
    """After a hint's next word: how far the goal still is."""
    if not steps_left:
        # Translators: {goal} is a word in capitals, the ladder's last word.
        return _("{goal} reached", goal=goal)
    # Translators: {goal} is a word in capitals, the ladder's last word.
    return ngettext(
        "{goal} {count} step after it", "{goal} {count} steps after it", steps_left, goal=goal
    )


# --- status lines ---------------------------------------------------------------------------


def _steps(count: int) -> Message:
    return ngettext("{count} step", "{count} steps", count)


def _solution_status(solution: Any, words: Sequence[str]) -> Status:
    parts: list[Message] = [_steps(len(words) - 1)]
    if isinstance(solution, LadderSolution):
        count = solution.ladder_count
        parts.append(ngettext("{count} shortest ladder", "{count} shortest ladders", count))
    return tuple(parts)


def _chain_status(chain: LongestChain) -> Status:
    proof = _("proven longest") if chain.proven else _("longest found")
    return _steps(chain.steps), proof


def _puzzle_status(puzzle: Ladder, solution: Any) -> Status:
    if puzzle.goal is None:
        return (_("the longest chain from {word}", word=puzzle.start.upper()),)
    if isinstance(solution, LadderSolution):  # no ladder exists
        return (_("no ladder joins these words"),)
    start, goal = puzzle.start.upper(), puzzle.goal.upper()
    parts = [_("{start} to {goal}, one letter at a time", start=start, goal=goal)]
    if puzzle.par is not None:
        parts.append(_("par {par}", par=puzzle.par))
    return tuple(parts)


# --- drawing ------------------------------------------------------------------------------


def _draw_row(canvas: Canvas, row: Row, left: float, top: float, tile: int, language: str) -> None:
    centre_y = top + tile / 2
    if row.word is None:
        note = render(row.note, language)
        canvas.text_line_centred((WIDTH / 2, centre_y), note, NOTE_SIZE, MUTED)
        return
    if row.label:
        canvas.text_line_centred((PAD + LABEL_WIDTH / 2, centre_y), row.label, LABEL_SIZE, MUTED)
    for index, letter in enumerate(row.word):
        x = left + index * (tile + TILE_GAP)
        box = (x, top, x + tile, top + tile)
        if row.blank:
            canvas.rounded_rectangle(
                box, TILE_RADIUS, fill=SURFACE, outline=MUTED, width=TILE_OUTLINE
            )
            continue
        if index == row.changed:
            canvas.rounded_rectangle(box, TILE_RADIUS, fill=row.colour)
            ink = text_colour_on(row.colour)
        else:
            canvas.rounded_rectangle(
                box, TILE_RADIUS, fill=SURFACE, outline=INK, width=TILE_OUTLINE
            )
            ink = INK
        size = max(LETTER_MIN, int(tile * LETTER_SHARE))
        canvas.text_centred((x + tile / 2, centre_y), letter.upper(), size, ink)
