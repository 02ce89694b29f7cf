"""A Sudoku Spelling puzzle: a letter sudoku whose highlighted cells spell a phrase.

Written as text (what text() gives and parse() reads):

    phrase: Alastair Stanley
    letters: ALSTIRNEY
    highlight: r1c1 r1c4 r2c2 ...
    A . . | L . . | . . .
    ...

Only the grid is required: a letter sudoku typed in on its own is solved like any other.
`letters` fixes the symbols (needed when a letter is missing from the givens); the phrase
and its highlighted cells, in reading order, are what the generator adds.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from puzzles.core import PuzzleError, number_within, upper_each
from puzzles.i18n import _
from puzzles.sudoku.grid import EMPTY, Grid, cell_name
from puzzles.sudoku.puzzle import SIZE_OF_CELL_COUNT, boxed_text, parse_grid

# A 9x9 letter sudoku made from "Happy Birthday", on one line as the command line takes it.
EXAMPLE = "H.A....PI.PD...RY..B..IR....TB...HD....YH..A..Y.T........B......A...Y.R....HD...P"
HEADER = re.compile(r"^\s*(phrase|letters|highlight)\s*[:=]\s*(.*?)\s*$", re.IGNORECASE)
CELL_NAME = re.compile(r"r([0-9]+)\s*c([0-9]+)", re.IGNORECASE)  # ASCII digits only
# Translators: `highlight:` starts a line of the puzzle and is typed in English.
HIGHLIGHT_LINE = _("highlight line")


@dataclass(frozen=True)
class SpellingPuzzle:
    grid: Grid  # the letters are the grid's symbols
    phrase: str = ""  # as the player wrote it, spaces and all
    highlight: tuple[int, ...] = ()  # the cells that spell the phrase, in reading order

    def text(self) -> str:
        lines = []
        if self.phrase:
            lines.append(f"phrase: {self.phrase}")
        lines.append(f"letters: {self.grid.symbols}")
        if self.highlight:
            names = " ".join(cell_name(cell, self.grid.size) for cell in self.highlight)
            lines.append(f"highlight: {names}")
        lines.append(boxed_text(self.grid))
        return "\n".join(lines)

    def spelled(self, grid: Grid) -> str:
        """The letters of `grid` along the highlighted cells ('.' where still empty)."""
        return "".join(grid.symbol(grid.cells[cell]) for cell in self.highlight)


def phrase_letters(phrase: str) -> str:
    """The letters the phrase is spelled with, in order, upper case: 'Al S.' -> 'ALS'."""
    return "".join(ch.upper() for ch in phrase if ch.isalpha() and len(ch.upper()) == 1)


def distinct_letters(phrase: str) -> str:
    """Each letter of the phrase once, in order of first use."""
    return "".join(dict.fromkeys(phrase_letters(phrase)))


def parse(text: str) -> SpellingPuzzle:
    """A letter sudoku, with optional phrase, letters and highlight lines above the grid."""
    headers, grid_lines = _split_headers(text)
    phrase = headers.get("phrase", "")
    grid_text = "\n".join(grid_lines)
    if not phrase and "letters" not in headers:
        phrase, grid_text = _bare_phrase_line(grid_lines)
    letters = headers.get("letters") or _letters_from(phrase, grid_text)
    if letters:
        _check_phrase(phrase, letters)
    grid = parse_grid(grid_text, symbols=letters) if letters else parse_grid(grid_text)
    _check_phrase(phrase, grid.symbols)
    highlight = _read_highlight(headers.get("highlight", ""), grid, phrase)
    return SpellingPuzzle(grid, phrase, highlight)


def _split_headers(text: str) -> tuple[dict[str, str], list[str]]:
    headers: dict[str, str] = {}
    grid_lines = []
    for line in text.strip().splitlines():
        match = HEADER.match(line)
        if match:
            headers[match.group(1).lower()] = match.group(2)
        else:
            grid_lines.append(line)
    if "letters" in headers:
        headers["letters"] = upper_each("".join(headers["letters"].split()))
    return headers, grid_lines


def _bare_phrase_line(lines: list[str]) -> tuple[str, str]:
    """'Alastair Stanley' on the first line, then the grid: the phrase needs no label when
    the grid below it has a sudoku's number of cells and the whole text has not."""

    def cell_count(chunk: list[str]) -> int:
        return sum(1 for line in chunk for ch in line if not ch.isspace() and ch not in "|+-")

    whole = "\n".join(lines)
    whole_counts = cell_count(lines) in SIZE_OF_CELL_COUNT
    if len(lines) > 1 and not whole_counts and cell_count(lines[1:]) in SIZE_OF_CELL_COUNT:
        return lines[0].strip(), "\n".join(lines[1:])
    return "", whole


def _letters_from(phrase: str, grid_text: str) -> str | None:
    """The phrase's letters, completed by other letters in the grid, when that makes a full
    set; otherwise None, and the grid's own letters are used."""
    if not phrase:
        return None
    letters = distinct_letters(phrase)
    others = sorted({upper_each(ch) for ch in grid_text if ch.isalpha()} - set(letters))
    letters += "".join(others)
    return letters if len(letters) in SIZE_OF_CELL_COUNT.values() else None


def _check_phrase(phrase: str, letters: str) -> None:
    missing = sorted(set(phrase_letters(phrase)) - set(letters))
    if missing:
        raise PuzzleError(
            _(
                "the phrase uses {missing}, which the grid's letters ({letters}) do not include",
                missing=", ".join(missing),
                letters=letters,
            ),
            example="letters: AEILNRSTY",
        )


def _read_highlight(text: str, grid: Grid, phrase: str) -> tuple[int, ...]:
    """'r1c1 r1c4 ...' -> cell indexes; they must run in reading order and fit the phrase."""
    n = grid.size
    cells = []
    for row, col in CELL_NAME.findall(text):
        r, c = number_within(row, 1, n), number_within(col, 1, n)
        if r is None or c is None:
            if len(row + col) < 10:
                outside = _(
                    "{cell} is outside the {size}x{size} grid", cell=f"r{row}c{col}", size=n
                )
            else:
                outside = _("a cell is outside the {size}x{size} grid", size=n)
            raise PuzzleError(outside, where=HIGHLIGHT_LINE)
        cells.append((r - 1) * n + (c - 1))
    if not cells:
        return ()
    if any(a >= b for a, b in itertools.pairwise(cells)):
        raise PuzzleError(_("highlighted cells must run in reading order"), where=HIGHLIGHT_LINE)
    letters = phrase_letters(phrase)
    if len(cells) != len(letters):
        raise PuzzleError(
            _(
                "{cells} highlighted cells for a phrase of {letters} letters",
                cells=len(cells),
                letters=len(letters),
            ),
            where=HIGHLIGHT_LINE,
        )
    for cell, letter in zip(cells, letters, strict=True):
        value = grid.cells[cell]
        if value != EMPTY and grid.symbol(value) != letter:
            raise PuzzleError(
                _(
                    "{cell} holds {symbol}, but the phrase has {letter} there",
                    cell=cell_name(cell, n),
                    symbol=grid.symbol(value),
                    letter=letter,
                ),
                where=HIGHLIGHT_LINE,
            )
    return tuple(cells)
