"""A codeword puzzle and the two ways players type one.

In a codeword every letter of the alphabet is replaced by a number from 1 to 26 (27 in
Spanish, whose Ñ is a letter of its own); the same number is always the same letter and
different numbers are different letters. French and Spanish grids drop accents as their
games do (puzzles.lexicon.alphabet).
All the solver needs is the clues (each a run of numbers that spells a word), the
starter letters printed in the key, and the numbers of the final word, if any.

Players type either the clue lists or the grid itself:

    20 21 4 9 23 25                   9 12 4 # 19 3
    25 3 3 4 24 7                     2 # 8 7 22 #
    9=D 19=A 22=R                     ...
    final: 12 2 11 25 7 20            12=E

In a grid `#` or `.` is a black square, and every across and down run of two or more
cells is a clue. Lines may also be separated by `/` or `;` to type a puzzle on one line.

The `12=E` notation of the starter letters is also how a player writes letters in an
answer or progress: it is read here (add_letters), for rules.parse_letters too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from puzzles.core import PuzzleError, letters_described, read_number, shown
from puzzles.i18n import Message, _
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE, Alphabet, alphabet

ENGLISH_LETTERS = alphabet(DEFAULT_LANGUAGE)
ALPHABET = ENGLISH_LETTERS.letters  # English's; a puzzle's own is Codeword.letters
NUMBERS = range(1, len(ALPHABET) + 1)
EXAMPLE = "1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5"
GRID_EXAMPLE = "1 2 3 / 4 # 5 / 6 7 8 / 1=C"
BLACK_MARKS = frozenset("#.")
MAX_GRID_SIDE = 25
LINE_SEPARATORS = re.compile(r"[\n/;]")
LETTER_PIECE = re.compile(r"[^\s,=:]+\s*[=:]\s*[^\s,=:]*")  # '12=E', '12 = E', '12:E'
FINAL = re.compile(r"^final\s*(?:word)?\s*[:=]?\s*(.*)$", re.IGNORECASE)
CELL_SEPARATORS = re.compile(r"[\s,]+")

Clue = tuple[int, ...]
Cell = tuple[int, int]  # (row, column), 0-based


@dataclass(frozen=True)
class Slot:
    """Where a grid clue sits: its first cell and direction (for pictures and messages)."""

    row: int
    column: int
    across: bool
    length: int

    def cells(self) -> tuple[Cell, ...]:
        if self.across:
            return tuple((self.row, self.column + k) for k in range(self.length))
        return tuple((self.row + k, self.column) for k in range(self.length))

    def name(self) -> Message:
        cell = f"r{self.row + 1}c{self.column + 1}"
        return _("{cell} across", cell=cell) if self.across else _("{cell} down", cell=cell)


@dataclass(frozen=True)
class Codeword:
    """Clues as number runs, starter letters, the final word's numbers, and the grid if typed.

    `grid` rows hold a number per cell and 0 for a black square; it is () for clue-list input.
    `language` is whose words fill it ('en', 'fr', 'es'): its alphabet sets the numbers.
    """

    clues: tuple[Clue, ...]
    starters: tuple[tuple[int, str], ...] = ()  # (number, lowercase letter), sorted
    final: tuple[int, ...] = ()
    grid: tuple[tuple[int, ...], ...] = ()
    language: str = DEFAULT_LANGUAGE

    @property
    def letters(self) -> str:
        """The letters the numbers stand for: A-Z, and Ñ in Spanish."""
        return alphabet(self.language).letters

    @property
    def number_range(self) -> range:
        """1..26, or 1..27 for Spanish: one number per letter."""
        return numbers_for(self.language)

    @cached_property
    def slots(self) -> tuple[Slot, ...]:
        """Each clue's place in the grid (same order as clues); () for clue-list input."""
        return grid_slots(self.grid) if self.grid else ()

    @property
    def given(self) -> dict[int, str]:
        return dict(self.starters)

    @cached_property
    def numbers(self) -> frozenset[int]:
        """Every number the puzzle mentions."""
        return (
            frozenset(n for clue in self.clues for n in clue)
            | {n for n, _letter in self.starters}
            | set(self.final)
        )

    @property
    def uses_whole_alphabet(self) -> bool:
        """Every number appears (all 26, or 27), so every letter is used exactly once."""
        return len(self.numbers) == len(self.number_range)

    def clue_name(self, index: int) -> str:
        """'clue 3' for clue lists, 'r2c5 across' for a grid."""
        return self.slots[index].name() if self.slots else _("clue {number}", number=index + 1)

    def text(self) -> str:
        if self.grid:
            lines = [" ".join(str(n) if n else "#" for n in row) for row in self.grid]
        else:
            lines = [" ".join(map(str, clue)) for clue in self.clues]
        if self.starters:
            lines.append(" ".join(f"{n}={letter.upper()}" for n, letter in self.starters))
        if self.final:
            lines.append("final: " + " ".join(map(str, self.final)))
        return "\n".join(lines)

    def __getstate__(self):
        # cached_property stores into __dict__; keep pickles to the declared fields only.
        names = ("clues", "starters", "final", "grid", "language")
        return {name: getattr(self, name) for name in names}

    def __setstate__(self, state):
        state = {"language": DEFAULT_LANGUAGE, **state}  # pickled before codewords had one
        for name, value in state.items():
            object.__setattr__(self, name, value)


def numbers_for(language: str) -> range:
    """The numbers of a codeword in `language`: one for each letter of its alphabet."""
    return range(1, len(alphabet(language).letters) + 1)


def grid_slots(grid: tuple[tuple[int, ...], ...]) -> tuple[Slot, ...]:
    """Every across run, then every down run, of two or more white cells, in reading order."""
    height, width = len(grid), len(grid[0])
    white = {(r, c) for r in range(height) for c in range(width) if grid[r][c]}
    slots = []
    for across in (True, False):
        step = (0, 1) if across else (1, 0)
        for r, c in sorted(white):
            if (r - step[0], c - step[1]) in white:
                continue  # not the start of a run
            length = 1
            while (r + step[0] * length, c + step[1] * length) in white:
                length += 1
            if length >= 2:
                slots.append(Slot(r, c, across, length))
    return tuple(slots)


# --- parsing ------------------------------------------------------------------------------


def parse(text: str, language: str = DEFAULT_LANGUAGE) -> Codeword:
    """Clue lists or a typed grid, with starter lines (`12=E`) and a `final:` line; in
    `language`'s alphabet (Spanish numbers go to 27, and a starter may be Ñ)."""
    letters = alphabet(language)
    highest = len(letters.letters)
    lines = [(number, line.strip()) for number, line in numbered_lines(text) if line.strip()]
    if not lines:
        raise PuzzleError(_("type the clues as numbers, one clue per line"), example=EXAMPLE)
    starters: dict[int, str] = {}
    final: tuple[int, ...] = ()
    rows: list[tuple[int, str]] = []
    for number, line in lines:
        final_match = FINAL.match(line)
        if final_match:
            final = _final_numbers(final_match.group(1), number, highest)
        elif "=" in line or ":" in line:
            add_letters(starters, line, number, letters)
        else:
            rows.append((number, line))
    if not rows:
        raise PuzzleError(_("I found starter letters but no clues"), example=EXAMPLE)
    is_grid = any(mark in line for _line_number, line in rows for mark in BLACK_MARKS)
    if is_grid:
        grid = _parse_grid(rows, highest)
        clues = tuple(tuple(grid[r][c] for r, c in slot.cells()) for slot in grid_slots(grid))
        if not clues:
            raise PuzzleError(
                _("the grid has no run of two or more cells, so no clues"), example=GRID_EXAMPLE
            )
    else:
        grid = ()
        clues = tuple(_parse_clue(line, number, highest) for number, line in rows)
    _check_distinct_starter_letters(starters)
    return Codeword(clues, tuple(sorted(starters.items())), final, grid, letters.language)


def _line(number: int) -> Message:
    return _("line {line}", line=number)


def numbered_lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(LINE_SEPARATORS.split(text), start=1))


def _number(token: str, where: Message, example: str = EXAMPLE, highest: int = len(NUMBERS)) -> int:
    return read_number(token, NUMBERS.start, highest, where=where, example=example)


def _tokens(line: str) -> list[str]:
    return [token for token in CELL_SEPARATORS.split(line.strip("[]() ")) if token]


def _parse_clue(line: str, line_number: int, highest: int) -> Clue:
    tokens = _tokens(line)
    clue = tuple(_number(token, _line(line_number), highest=highest) for token in tokens)
    if len(clue) < 2:
        raise PuzzleError(
            _(
                "a clue needs at least two numbers, but line {line} has {count}",
                line=line_number,
                count=len(clue),
            ),
            where=shown(line),
            example=EXAMPLE,
        )
    return clue


def _parse_grid(rows: list[tuple[int, str]], highest: int) -> tuple[tuple[int, ...], ...]:
    grid = []
    for row_index, (_line_number, line) in enumerate(rows, start=1):
        cells = []
        for column, token in enumerate(_grid_tokens(line), start=1):
            if token in BLACK_MARKS:
                cells.append(0)
            else:
                where = _("row {row}, {cell}", row=row_index, cell=f"r{row_index}c{column}")
                cells.append(_number(token, where, GRID_EXAMPLE, highest))
        grid.append(tuple(cells))
    widths = [len(row) for row in grid]
    if widths.count(widths[0]) != len(widths):
        odd = next(i for i, width in enumerate(widths) if width != widths[0])
        raise PuzzleError(
            _(
                "row {row} has {count} cells but row 1 has {first}; every row of the grid "
                "must be as long",
                row=odd + 1,
                count=widths[odd],
                first=widths[0],
            ),
            where=_("type # or . for each black square"),
            example=GRID_EXAMPLE,
        )
    if len(grid) > MAX_GRID_SIDE or widths[0] > MAX_GRID_SIDE:
        raise PuzzleError(
            _(
                "the grid is {width} x {height}; the largest I take is {most} x {most}",
                width=widths[0],
                height=len(grid),
                most=MAX_GRID_SIDE,
            ),
            example=GRID_EXAMPLE,
        )
    return tuple(grid)


def _grid_tokens(line: str) -> list[str]:
    """Numbers and black squares; a black mark needs no spaces around it ('3#4', '##')."""
    return [token for token in re.split(r"[\s,]+|([#.])", line) if token]


def _final_numbers(text: str, line_number: int, highest: int) -> tuple[int, ...]:
    numbers = tuple(
        _number(token, _("the final line (line {line})", line=line_number), highest=highest)
        for token in _tokens(text)
    )
    if not numbers:
        raise PuzzleError(
            _("the final line has no numbers"), where=_line(line_number), example="final: 3 6 7"
        )
    return numbers


def add_letters(
    letters: dict[int, str],
    line: str,
    line_number: int,
    alphabet_used: Alphabet = ENGLISH_LETTERS,
) -> None:
    """'12=E', '12=E 3=M', '12 = E, 3 = M' -> letters[12] = 'e', ... (the notation of the
    starter letters here and of a player's letters in rules.parse_letters), in the letters
    of `alphabet_used` (French É is E; Spanish Ñ stays Ñ)."""
    highest = len(alphabet_used.letters)
    pieces = LETTER_PIECE.findall(line)
    leftover = LETTER_PIECE.sub("", line).strip(" ,")
    if leftover or not pieces:
        raise PuzzleError(
            _("I could not read {given} as number=letter", given=shown(leftover or line)),
            where=_line(line_number),
            example="12=E 3=M",
        )
    for piece in pieces:
        number_text, letter = (part.strip() for part in re.split(r"[=:]", piece, maxsplit=1))
        on_line = _("{piece} on line {line}", piece=shown(piece), line=line_number)
        number = _number(number_text, on_line, "12=E", highest)
        letter = alphabet_used.as_played(letter)
        if len(letter) != 1 or alphabet_used.first_non_letter(letter):
            raise PuzzleError(
                _(
                    "a number stands for one letter {letters}, not {letter}",
                    letters=letters_described(alphabet_used),
                    letter=shown(letter),
                ),
                where=on_line,
                example="12=E",
            )
        letter = letter.lower()
        if letters.get(number, letter) != letter:
            raise PuzzleError(
                _(
                    "number {number} is given as both {first} and {second}",
                    number=number,
                    first=letters[number].upper(),
                    second=letter.upper(),
                ),
                where=_line(line_number),
                example="12=E",
            )
        letters[number] = letter


def _check_distinct_starter_letters(starters: dict[int, str]) -> None:
    seen: dict[str, int] = {}
    for number, letter in sorted(starters.items()):
        if letter in seen:
            raise PuzzleError(
                _(
                    "the letter {letter} is given for both {first} and {second}; different "
                    "numbers are different letters",
                    letter=letter.upper(),
                    first=seen[letter],
                    second=number,
                ),
                example="12=E 3=M",
            )
        seen[letter] = number
