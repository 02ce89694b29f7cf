"""Reading a sudoku grid the way people type or paste one.

Accepted: 81 characters with `.`, `0` or `_` for blanks; one line per row, with or without
spaces and `|`, `-`, `+` box separators (as copied from websites); a single line with
spaces; numbers separated by spaces (`10 11 12` on big grids). The size comes from the
cell count: 16 cells make a 4x4 (2x2 boxes), 36 a 6x6 (2x3), 81 a 9x9, 144 a 12x12 (3x4),
256 a 16x16 (4x4, written 1-9 A-G or 0-F) and 625 a 25x25 (5x5, written A-Y, or 1-9 A-P
as 16x16 goes on, or 1-25 as numbers between spaces). A grid of letters is a letter sudoku
(Sudoku Spelling): its letters are the symbols.

The notation is shared: a player's answer and progress are typed as grids too, so rules.py
(and Sudoku Spelling's) read them here, with read_grid (repeats let through, for check to
name) or parse_grid (repeats refused).
"""

from __future__ import annotations

import re
import string

from puzzles.core import PuzzleError, is_number, number_within, read_number, shown, upper_each
from puzzles.i18n import Message, _, pgettext
from puzzles.sudoku.grid import EMPTY, Grid, cell_name, units

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
SIZE_OF_CELL_COUNT = {n * n: n for n in BOX_SHAPES}
BLANKS = frozenset("._0")
# 16x16 grids come in two alphabets; 0 is a symbol in the second, a blank in the first.
HEX_FROM_ONE = "123456789ABCDEFG"
HEX_FROM_ZERO = "0123456789ABCDEF"
# 25x25 grids: the letters A-Y, or digits going on as 16x16's do (1-9 A-P, 0 a blank).
LETTERS_25 = "ABCDEFGHIJKLMNOPQRSTUVWXY"
DIGITS = {
    4: "1234",
    6: "123456",
    9: "123456789",
    12: "123456789ABC",
    16: HEX_FROM_ONE,
    25: "123456789ABCDEFGHIJKLMNOP",
}
# A line of only these (with at least one dash, plus or equals) is a box separator line.
SEPARATOR_LINE = re.compile(r"^[\s\-+=|*]*[\-+=][\s\-+=|*]*$")
IN_ROW_SEPARATORS = re.compile(r"[|+*]")
NUMBER_TOKENS = re.compile(r"[\s,;]+")
UNIT_KINDS = ("row", "column", "box")


def parse(text: str) -> Grid:
    """A sudoku as typed: digits (or letters) with blanks, any of the accepted layouts."""
    return parse_grid(text)


def parse_grid(text: str, symbols: str | None = None, size: int | None = None) -> Grid:
    """The grid in `text`; `symbols` fixes the alphabet (a letter sudoku's letters, or the
    puzzle's own symbols when reading an answer) and `size` the expected size. A symbol
    written twice in a row, column or box is refused."""
    grid = read_grid(text, symbols, size)
    _refuse_repeats(grid)
    return grid


def read_grid(text: str, symbols: str | None = None, size: int | None = None) -> Grid:
    """Like parse_grid, but repeated symbols are let through (a player's answer to check)."""
    rows = _cell_rows(text)
    cells = _numbered_cells(rows) or [ch for row in rows for ch in row if not ch.isspace()]
    # (a letter sudoku's own symbols are letters: only a digit sudoku can be told from prose)
    n = _size_of(len(cells), rows, size, symbols is not None or looks_like_a_grid(cells))
    alphabet, cells = _alphabet(cells, n, symbols)
    values = tuple(_value_of(ch, index, n, alphabet) for index, ch in enumerate(cells))
    box_rows, box_cols = BOX_SHAPES[n]
    return Grid(box_rows, box_cols, values, alphabet)


def _cell_rows(text: str) -> list[str]:
    """The non-empty lines with box separators removed (spaces kept for number tokens)."""
    rows = []
    for line in text.strip().splitlines():
        if SEPARATOR_LINE.match(line):
            continue
        row = IN_ROW_SEPARATORS.sub(" ", line).strip()
        if row:
            rows.append(row)
    if not rows:
        raise PuzzleError(_("type the grid: digits, with . or 0 for blanks"), example=EXAMPLE)
    return rows


def _numbered_cells(rows: list[str]) -> list[str] | None:
    """'10 0 3 16 ...': cells written as numbers between spaces, on grids bigger than 9x9."""
    tokens = [token for row in rows for token in NUMBER_TOKENS.split(row) if token]
    if len(tokens) not in SIZE_OF_CELL_COUNT or all(len(token) == 1 for token in tokens):
        return None
    if not all(is_number(token) or token in BLANKS for token in tokens):
        foreign = next((t for t in tokens if t.isdigit() and not is_number(t)), None)
        if foreign is not None and all(t.isdigit() or t in BLANKS for t in tokens):
            read_number(foreign, 1, SIZE_OF_CELL_COUNT[len(tokens)])  # refuses '²' by name
        return None
    n = SIZE_OF_CELL_COUNT[len(tokens)]
    symbols = DIGITS[n]
    cells = []
    for token in tokens:
        number = number_within(token, 1, n)
        if number is not None:
            cells.append(symbols[number - 1])
        else:  # a blank, or a number too big for the grid (reported with its cell)
            cells.append("." if token in BLANKS or number_within(token, 0, 0) == 0 else token)
    return cells


def looks_like_a_grid(cells: list[str]) -> bool:
    """Whether the cells hold a digit or a blank: a sudoku being typed does, but so does no
    sentence ("hello world this is not a sudoku"), nor a solved letter grid (whose size fits,
    so it is never asked about)."""
    return any(ch.isdigit() or ch in BLANKS for ch in cells)


def _size_of(count: int, rows: list[str], expected: int | None, grid_like: bool = True) -> int:
    n = SIZE_OF_CELL_COUNT.get(count)
    if n is not None and (expected is None or n == expected):
        return n
    if not grid_like:
        others = ", ".join(str(size * size) for size in BOX_SHAPES if size != 9)
        raise PuzzleError(
            _(
                "this is not a sudoku: type the grid row by row, 81 cells for a 9x9 (or "
                "{others} for the other sizes), digits for the givens and . or 0 for blanks, "
                "on one line or one row a line",
                others=others,
            ),
            example=EXAMPLE,
        )
    want = expected or _nearest_size(count)
    where = _short_row(rows, want)
    others = ", ".join(str(size * size) for size in BOX_SHAPES if size != want)
    found = {"count": count, "size": want, "cells": want * want}
    if expected is None and where is None:
        problem = _(
            "I found {count} cells, but a {size}x{size} sudoku has {cells}; "
            "other sizes have {others} cells",
            others=others,
            **found,
        )
    else:
        problem = _("I found {count} cells, but a {size}x{size} sudoku has {cells}", **found)
    raise PuzzleError(problem, where=where, example=EXAMPLE)


def _nearest_size(count: int) -> int:
    return min(BOX_SHAPES, key=lambda n: (abs(n * n - count), n))


def _short_row(rows: list[str], n: int) -> Message | None:
    """When the player typed one line per row, name the first row of the wrong length."""
    if len(rows) != n:
        return None
    for number, row in enumerate(rows, start=1):
        length = len(row.replace(" ", ""))
        if length != n:
            return _(
                "row {row} has {length} cells instead of {size}",
                row=number,
                length=length,
                size=n,
            )
    return None


def _alphabet(cells: list[str], n: int, symbols: str | None) -> tuple[str, list[str]]:
    """How values are written: the given symbols, the size's digits, or the grid's letters."""
    cells = [upper_each(ch) for ch in cells]
    if symbols is not None:
        symbols = upper_each(symbols)
        if len(set(symbols)) != n or len(symbols) != n:
            raise PuzzleError(
                _(
                    "a {size}x{size} sudoku needs {size} different symbols, not {symbols}",
                    size=n,
                    symbols=repr(symbols),
                ),
                example="letters: AEILNRSTY" if n == 9 else None,
            )
        return symbols, cells
    written = {ch for ch in cells if ch not in BLANKS}
    if n == 16:
        return _hex_alphabet(cells, written), cells
    only_letters = written and not any(ch.isdigit() for ch in written)
    if n == 25 and only_letters and (written <= set(LETTERS_25) or len(written) > n):
        # A-Y; with more letters than that, the first one outside A-Y is the one to report.
        return LETTERS_25, cells
    digits = DIGITS[n]
    if written <= set(digits) or any(ch.isdigit() for ch in written):
        return digits, cells  # digits: anything else is reported as an unknown symbol
    return _letters_alphabet(written, n), cells


def _hex_alphabet(cells: list[str], written: set[str]) -> str:
    """1-9 A-G with 0 as a blank, or 0-F when 0 is a symbol (blanks then are . or _)."""
    if "G" in written:
        return HEX_FROM_ONE
    if "0" in cells and any(ch in "._" for ch in cells):
        return HEX_FROM_ZERO
    if written <= set(HEX_FROM_ONE) or any(ch.isdigit() for ch in written):
        return HEX_FROM_ONE
    return _letters_alphabet(written, 16)


def _letters_alphabet(written: set[str], n: int) -> str:
    letters = "".join(sorted(ch for ch in written if ch in string.ascii_uppercase))
    if len(letters) != n:
        shown_letters = {"size": n, "count": len(letters), "letters": letters}
        if len(letters) < n:
            problem = _(
                "a {size}x{size} letter sudoku uses {size} different letters, but the givens "
                "show only {count} ({letters})",
                **shown_letters,
            )
        else:
            problem = _(
                "a {size}x{size} letter sudoku uses {size} different letters, but the givens "
                "show as many as {count} ({letters})",
                **shown_letters,
            )
        raise PuzzleError(
            problem,
            # Translators: `letters:` is typed as it is, in English.
            where=_("name all the letters on a first line, e.g. 'letters: AEILNRSTY'"),
            example="letters: AEILNRSTY",
        )
    return letters


def _value_of(ch: str, index: int, n: int, alphabet: str) -> int:
    position = alphabet.find(ch) if len(ch) == 1 else -1  # '23' is no symbol of '123..ABC'
    if position >= 0:
        return position + 1
    if ch in BLANKS:
        return EMPTY
    digits = alphabet in (DIGITS[n], HEX_FROM_ZERO, LETTERS_25)
    raise PuzzleError(
        _unknown_symbol(ch, index, n, alphabet, digits),
        example=EXAMPLE if n == 9 and digits else None,
    )


def _unknown_symbol(ch: str, index: int, n: int, alphabet: str, digits: bool) -> Message:
    """That `ch` at cell `index` is none of the grid's symbols, and what they are."""
    # Translators: the characters a blank cell is typed with.
    blanks = pgettext("blanks", ". or _") if "0" in alphabet else pgettext("blanks", ". 0 or _")
    where = {"symbol": shown(ch), "cell": cell_name(index, n), "blanks": blanks}
    if not digits:
        return _(
            "unknown symbol {symbol} at {cell}; its letters are {letters}, "
            "with {blanks} for blanks",
            letters=alphabet,
            **where,
        )
    uses = {"size": n, "symbols": _describe(alphabet), **where}
    if n == 25:
        return _(
            "unknown symbol {symbol} at {cell}; a {size}x{size} sudoku uses {symbols} "
            "(or {other}, or the numbers 1-25 between spaces), with {blanks} for blanks",
            other="1-9 A-P" if alphabet == LETTERS_25 else "A-Y",
            **uses,
        )
    return _(
        "unknown symbol {symbol} at {cell}; a {size}x{size} sudoku uses {symbols}, "
        "with {blanks} for blanks",
        **uses,
    )


def _describe(alphabet: str) -> Message | str:
    if alphabet == LETTERS_25:
        return "A-Y"
    known = {"123456789": "1-9", "0123456789": "0-9"}
    for digits, name in known.items():
        if alphabet.startswith(digits):
            rest = alphabet[len(digits) :]
            if len(rest) > 1:
                return _("{digits} and {letters}", digits=name, letters=f"{rest[0]}-{rest[-1]}")
            return name + rest
    if alphabet.isdigit():
        return f"1-{alphabet[-1]}"
    return " ".join(alphabet)


def repeats(grid: Grid) -> list[tuple[str, int, int, int, int]]:
    """Every symbol written twice in one unit: (unit kind, unit number, value, first cell,
    second cell)."""
    found = []
    for kind, group in zip(UNIT_KINDS, units(grid.box_rows, grid.box_cols), strict=True):
        for number, unit in enumerate(group, start=1):
            first_at: dict[int, int] = {}
            for cell in unit:
                value = grid.cells[cell]
                if value == EMPTY:
                    continue
                if value in first_at:
                    found.append((kind, number, value, first_at[value], cell))
                else:
                    first_at[value] = cell
    return found


def describe_repeat(grid: Grid, repeat: tuple[str, int, int, int, int]) -> Message:
    """'two 5s in row 3 (r3c5 and r3c8)'."""
    kind, number, value, first, second = repeat
    n = grid.size
    where = {
        "symbol": grid.symbol(value),
        "number": number,
        "first": cell_name(first, n),
        "second": cell_name(second, n),
    }
    if kind == "row":
        return _("two {symbol}s in row {number} ({first} and {second})", **where)
    if kind == "column":
        return _("two {symbol}s in column {number} ({first} and {second})", **where)
    return _("two {symbol}s in box {number} ({first} and {second})", **where)


def _refuse_repeats(grid: Grid) -> None:
    found = repeats(grid)
    if found:
        raise PuzzleError(
            _(
                "the givens repeat a symbol: {repeat}; a row, column or box holds each symbol once",
                repeat=describe_repeat(grid, found[0]),
            ),
            example=EXAMPLE if grid.size == 9 else None,
        )


def boxed_text(grid: Grid) -> str:
    """The grid with spaces and box lines, easy to read and accepted back by parse()."""
    n = grid.size
    lines = []
    for r, row in enumerate(grid.rows()):
        stacks = [
            " ".join(grid.symbol(v) for v in row[c : c + grid.box_cols])
            for c in range(0, n, grid.box_cols)
        ]
        line = " | ".join(stacks)
        if r and r % grid.box_rows == 0:
            lines.append("".join("+" if ch == "|" else "-" for ch in line))
        lines.append(line)
    return "\n".join(lines)
