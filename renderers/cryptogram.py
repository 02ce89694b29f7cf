"""Cryptogram: the cipher letters in rows, each with a blank (or its plain letter) under it.

The way a newspaper prints it: the ciphertext in capitals, word by word, wrapped to the card;
under every cipher letter a short rule to write on. Letters the puzzle's hints give are drawn
in ink; letters a solution reads in blue; the letter a hint reveals on an orange tile, at every
place it occurs. Punctuation and apostrophes are printed in both lines (DON'T reads DON'T,
not DON T). The attribution and a status line (confidence, the hint, a verdict) go underneath.

The cipher letters are already at the smallest readable size, so a long cryptogram is not
drawn smaller: it grows taller, up to MAX_HEIGHT (1,500 characters of English fit, read by
scrolling on a phone); a word too long for one line (a patristocrat's unbroken run) goes on
over the next lines. too_big() says when the rows would not fit (text of many long words,
one or two to a row), and the answer is then given in text alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.cryptogram.puzzle import LETTERS, MASK, Cryptogram
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
    Filled,
    flow,
    text_colour_on,
    wrap_text,
)

PAD = 32
LETTER_WIDTH = 28
MARK_WIDTH = 14  # punctuation and apostrophes
WORD_GAP = 16
CIPHER_SIZE = READABLE_SIZE
PLAIN_SIZE = 30
ROW_HEIGHT = 80
CIPHER_BASELINE = 30  # from the top of a row
RULE_Y = 72  # the writing line under each letter
STATUS_SIZE = READABLE_SIZE
FOOTER_LINE = 36
# The smallest scale of the rows above: the cipher letters at the smallest readable size.
MIN_SCALE = min_font_size(WIDTH) / CIPHER_SIZE
SCALE_STEP = 0.05
SOLVED: Colour = OKABE_ITO["blue"]
REVEALED: Colour = OKABE_ITO["orange"]


@dataclass(frozen=True)
class Marks:
    """What to write under the letters: plain letter per cipher letter, and their colours."""

    key: dict[str, str]
    colour: dict[str, Colour]
    revealed: str = ""
    status: str = ""
    # letters (numbered through the cipher's letters) whose plain letter is drawn masked:
    # an offensive word in a solution or a hint (puzzles.cryptogram.solver.masked)
    masked: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Rows:
    """The printed words split into rows, at a scale of the sizes above."""

    scale: float
    rows: list[list[str]]  # pieces of words: a word too long for a row is cut in pieces

    def size(self, size: float) -> float:
        return size * self.scale

    @property
    def height(self) -> float:
        return ROW_HEIGHT * self.scale * len(self.rows)


def draw(puzzle: Cryptogram, solution: Any = None) -> bytes:
    """PNG of the cryptogram; with a solution, hint or verdict, what it tells filled in."""
    marks = marks_for(puzzle, solution)
    inner = WIDTH - 2 * PAD
    footer = footer_lines(puzzle, marks, inner)
    footer_height = len(footer) * FOOTER_LINE + 12 if footer else 0
    layout = fit_rows(puzzle, MAX_HEIGHT - 2 * PAD - footer_height)
    height = round(PAD * 2 + layout.height + footer_height)
    canvas = Canvas(WIDTH, height, scale=1)
    canvas.rounded_rectangle((PAD / 2, PAD / 2, WIDTH - PAD / 2, height - PAD / 2), 16, SURFACE)
    top, letters_before = PAD, 0
    for row in layout.rows:
        x = PAD
        for piece in row:
            x = draw_word(canvas, piece, x, top, marks, layout.scale, letters_before)
            x += WORD_GAP * layout.scale
            letters_before += sum(ch in LETTERS for ch in piece)
        top += ROW_HEIGHT * layout.scale
    for text, colour in footer:
        canvas.text((PAD, top + 30), text, STATUS_SIZE, colour, bold=False)
        top += FOOTER_LINE
    return canvas.png()


def rows_at(puzzle: Cryptogram, scale: float) -> Rows:
    """The words flowed into rows of the card's width, at this scale."""
    inner = WIDTH - 2 * PAD
    pieces = [piece for word in puzzle.ciphertext.split() for piece in cut(word, inner, scale)]
    widths = [word_width(piece) * scale for piece in pieces]
    rows = flow(widths, inner, WORD_GAP * scale)
    return Rows(scale, [[pieces[i] for i in row] for row in rows])


def fit_rows(puzzle: Cryptogram, room: float) -> Rows:
    """The rows at the largest scale whose height fits `room`, but never below MIN_SCALE."""
    scale = 1.0
    while True:
        layout = rows_at(puzzle, scale)
        if layout.height <= room or scale <= MIN_SCALE:
            return layout
        scale = max(MIN_SCALE, scale - SCALE_STEP)


# Room for the attribution and a status of a few lines under the rows.
_FOOTER_ROOM = 4 * FOOTER_LINE + 12


def too_big(puzzle: Cryptogram) -> str | None:
    """Why the cryptogram cannot be drawn readably within MAX_HEIGHT, or None if it can."""
    if rows_at(puzzle, MIN_SCALE).height + 2 * PAD + _FOOTER_ROOM <= MAX_HEIGHT:
        return None
    return f"a cryptogram of {len(puzzle.ciphertext):,} characters is too long to draw readably"


def cut(word: str, width: float, scale: float) -> list[str]:
    """The word in pieces no wider than `width` at this scale (one piece when it fits)."""
    pieces, current, used = [], "", 0.0
    for ch in word:
        step = char_width(ch) * scale
        if current and used + step > width:
            pieces.append(current)
            current, used = "", 0.0
        current += ch
        used += step
    return [*pieces, current] if current else pieces


def marks_for(puzzle: Cryptogram, solution: Any) -> Marks:
    given = dict(puzzle.hints)
    colour = dict.fromkeys(given, INK)
    if solution is None:
        return Marks(given, colour)
    if isinstance(solution, Filled):  # filled in by hand: the newest letter marked
        key = given | {str(c): p for c, p in solution.letters}
        colour |= {c: SOLVED for c in key if c not in given}
        newest = str(solution.new[0]) if solution.new else ""
        return Marks(key, colour, newest, solution.message)
    if hasattr(solution, "cipher") and hasattr(solution, "known"):  # a hint
        known = dict(solution.known)
        colour |= {c: SOLVED for c in known if c not in given}
        first_line = solution.text().splitlines()[0]
        hidden = frozenset(solution.masked_letters)
        return Marks(known, colour, solution.cipher, first_line, masked=hidden)
    if hasattr(solution, "key"):  # a solution
        key = dict(solution.key)
        colour |= {c: SOLVED for c in key if c not in given}
        status = f"Confidence {solution.confidence:.0%}"
        if getattr(solution, "unsure", False):
            status += " (not sure: see the other readings)"
        return Marks(key, colour, status=status, masked=frozenset(solution.masked_letters))
    if hasattr(solution, "summary"):  # a verdict
        return Marks(given, colour, status=str(solution.summary))  # English, as before
    return Marks(given, colour)


def footer_lines(puzzle: Cryptogram, marks: Marks, width: float) -> list[tuple[str, Colour]]:
    lines = []
    if puzzle.attribution:
        attribution = wrap_text(f"— {puzzle.attribution}", STATUS_SIZE, width, bold=False)
        lines += [(line, MUTED) for line in attribution]  # wrapped as it is drawn
    if marks.status:
        lines += [(line, INK) for line in wrap_text(marks.status, STATUS_SIZE, width, bold=False)]
    return lines


def char_width(ch: str) -> float:
    return LETTER_WIDTH if ch in LETTERS else MARK_WIDTH


def word_width(word: str) -> float:
    return sum(char_width(ch) for ch in word)


def draw_word(
    canvas: Canvas,
    word: str,
    x: float,
    top: float,
    marks: Marks,
    scale: float = 1.0,
    letters_before: int = 0,
) -> float:
    """One printed word: cipher letters, rules under them, plain letters on the rules, and
    its punctuation in both lines; `letters_before`, the cipher letters printed before it."""
    cipher_y, rule_y = top + CIPHER_BASELINE * scale, top + RULE_Y * scale
    plain_y = rule_y - 8 * scale
    cipher_size, plain_size = round(CIPHER_SIZE * scale), round(PLAIN_SIZE * scale)
    letter_number = letters_before
    for ch in word:
        width = char_width(ch) * scale
        centre = x + width / 2
        canvas.text((centre, cipher_y), ch, cipher_size, MUTED, anchor="ms")
        if ch in LETTERS:
            if ch == marks.revealed:
                tile = (
                    x + 2 * scale,
                    rule_y - 38 * scale,
                    x + width - 2 * scale,
                    rule_y + 4 * scale,
                )
                canvas.rounded_rectangle(tile, 5 * scale, fill=REVEALED)
            canvas.line([(x + 4 * scale, rule_y), (x + width - 4 * scale, rule_y)], INK, 2)
            plain = MASK if letter_number in marks.masked else marks.key.get(ch)
            letter_number += 1
            if plain:
                fill = text_colour_on(REVEALED) if ch == marks.revealed else marks.colour[ch]
                canvas.text((centre, plain_y), plain, plain_size, fill, anchor="ms")
        else:
            canvas.text((centre, plain_y), ch, plain_size, INK, anchor="ms")
        x += width
    return x
