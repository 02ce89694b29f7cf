"""Cryptogram: the cipher letters in rows, each with a blank (or its plain letter) under it.

The way a newspaper prints it: the ciphertext in capitals, word by word, wrapped to the card;
under every cipher letter a short rule to write on. Letters the puzzle's hints give are drawn
in ink; letters a solution reads in blue; the letter a hint reveals on an orange tile, at every
place it occurs. Punctuation stays in the cipher line. The attribution and a status line
(confidence, the hint, a verdict) go underneath.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.cryptogram.puzzle import LETTERS, Cryptogram
from renderers.common import (
    INK,
    MUTED,
    OKABE_ITO,
    SURFACE,
    WIDTH,
    Canvas,
    Colour,
    flow,
    text_colour_on,
    wrap_text,
)

PAD = 32
LETTER_WIDTH = 30
MARK_WIDTH = 14  # punctuation and apostrophes
WORD_GAP = 18
CIPHER_SIZE = 26
PLAIN_SIZE = 30
ROW_HEIGHT = 92
CIPHER_BASELINE = 30  # from the top of a row
RULE_Y = 72  # the writing line under each letter
STATUS_SIZE = 26
SOLVED: Colour = OKABE_ITO["blue"]
REVEALED: Colour = OKABE_ITO["orange"]


@dataclass(frozen=True)
class Marks:
    """What to write under the letters: plain letter per cipher letter, and their colours."""

    key: dict[str, str]
    colour: dict[str, Colour]
    revealed: str = ""
    status: str = ""


def draw(puzzle: Cryptogram, solution: Any = None) -> bytes:
    """PNG of the cryptogram; with a solution, hint or verdict, what it tells filled in."""
    marks = marks_for(puzzle, solution)
    words = puzzle.ciphertext.split()
    inner = WIDTH - 2 * PAD
    rows = flow([word_width(word) for word in words], inner, WORD_GAP)
    footer = footer_lines(puzzle, marks, inner)
    height = PAD * 2 + ROW_HEIGHT * len(rows) + (len(footer) * 36 + 12 if footer else 0)
    canvas = Canvas(WIDTH, height)
    canvas.rounded_rectangle((PAD / 2, PAD / 2, WIDTH - PAD / 2, height - PAD / 2), 16, SURFACE)
    top = PAD
    for row in rows:
        x = PAD
        for index in row:
            x = draw_word(canvas, words[index], x, top, marks) + WORD_GAP
        top += ROW_HEIGHT
    for text, colour in footer:
        canvas.text((PAD, top + 30), text, STATUS_SIZE, colour, bold=False)
        top += 36
    return canvas.png()


def marks_for(puzzle: Cryptogram, solution: Any) -> Marks:
    given = dict(puzzle.hints)
    colour = dict.fromkeys(given, INK)
    if solution is None:
        return Marks(given, colour)
    if hasattr(solution, "cipher") and hasattr(solution, "known"):  # a hint
        known = dict(solution.known)
        colour |= {c: SOLVED for c in known if c not in given}
        return Marks(known, colour, solution.cipher, solution.text().splitlines()[0])
    if hasattr(solution, "key"):  # a solution
        key = dict(solution.key)
        colour |= {c: SOLVED for c in key if c not in given}
        return Marks(key, colour, status=f"Confidence {solution.confidence:.0%}")
    if hasattr(solution, "summary"):  # a verdict
        return Marks(given, colour, status=solution.summary)
    return Marks(given, colour)


def footer_lines(puzzle: Cryptogram, marks: Marks, width: float) -> list[tuple[str, Colour]]:
    lines = []
    if puzzle.attribution:
        lines += [(line, MUTED) for line in wrap_text(f"— {puzzle.attribution}", 26, width)]
    if marks.status:
        lines += [(line, INK) for line in wrap_text(marks.status, STATUS_SIZE, width, bold=False)]
    return lines


def char_width(ch: str) -> float:
    return LETTER_WIDTH if ch in LETTERS else MARK_WIDTH


def word_width(word: str) -> float:
    return sum(char_width(ch) for ch in word)


def draw_word(canvas: Canvas, word: str, x: float, top: float, marks: Marks) -> float:
    """One printed word: cipher letters, rules under them, plain letters on the rules."""
    for ch in word:
        width = char_width(ch)
        centre = x + width / 2
        if ch in LETTERS:
            if ch == marks.revealed:
                tile = (x + 2, top + RULE_Y - 38, x + width - 2, top + RULE_Y + 4)
                canvas.rounded_rectangle(tile, 5, fill=REVEALED)
            canvas.text((centre, top + CIPHER_BASELINE), ch, CIPHER_SIZE, MUTED, anchor="ms")
            canvas.line([(x + 4, top + RULE_Y), (x + width - 4, top + RULE_Y)], INK, 2)
            plain = marks.key.get(ch)
            if plain:
                fill = text_colour_on(REVEALED) if ch == marks.revealed else marks.colour[ch]
                canvas.text((centre, top + RULE_Y - 8), plain, PLAIN_SIZE, fill, anchor="ms")
        else:
            canvas.text((centre, top + CIPHER_BASELINE), ch, CIPHER_SIZE, MUTED, anchor="ms")
        x += width
    return x
