"""Sudoku Spelling: a letter sudoku with the cells that spell the phrase shaded.

The puzzle value carries `.grid`, `.phrase` and `.highlight` (the phrase's cells in reading
order). Above the grid: the phrase, and the letters the grid is written in; the grid is the
sudoku renderer's, which shades the highlighted cells.
"""

from __future__ import annotations

from typing import Any

from puzzles.i18n import ENGLISH, _
from renderers import sudoku
from renderers.common import INK, MUTED, READABLE_SIZE
from renderers.sudoku import HIGHLIGHT_FILL, Heading

PHRASE_SIZE = 36
LETTERS_SIZE = READABLE_SIZE
SHADED_NOTE = _("Shaded cells spell the phrase")


def draw(puzzle: Any, solution: Any = None, language: str = ENGLISH) -> bytes:
    return sudoku.draw(puzzle, solution, language, headings(puzzle))


def headings(puzzle: Any) -> list[Heading]:
    """The phrase (when the puzzle has one) and the letter set, to read above the grid."""
    lines = []
    phrase = getattr(puzzle, "phrase", "")
    if phrase:
        lines.append(Heading(phrase.upper(), PHRASE_SIZE, INK))
    letters = " ".join(puzzle.grid.symbols)
    # Translators: the letters a Sudoku Spelling grid is written in, e.g. "A D E L N R S T W".
    lines.append(Heading(_("Letters: {letters}", letters=letters), LETTERS_SIZE, MUTED, bold=False))
    if phrase and puzzle.highlight:
        # A line of its own: at a readable size it no longer fits beside the letters.
        lines.append(Heading(SHADED_NOTE, LETTERS_SIZE, MUTED, bold=False))
    return lines


__all__ = ["HIGHLIGHT_FILL", "draw", "headings"]
