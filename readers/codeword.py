"""Codeword from a screenshot: black squares, a small number in each white cell, given letters.

1. The grid is the outline (readers/grid.py) whose lines make a grid of square cells with
   black squares, and the most cells. A black square is as dark as the lines, so here
   darkness is measured against the paper of a wide neighbourhood (a black square's inside is
   ink, not paper): a line running along black squares is still a line, and the cells a side
   are counted by the lines as for a sudoku. A black square is a cell dark all over.
2. Each white cell's ink falls into marks (connected pieces), grouped into lines of text: a
   line in the cell's top part is its number (one or two digits); a line under it is a given
   letter. A cell with one line, in its middle, shows one thing (our pictures of grids wider
   than 13 columns: the letter once known, else the number).
3. The key under the grid (1 to 26 in boxes, in order; the given letters in theirs) gives the
   starter letters. A cell showing a letter alone has the number the key gives that letter.
4. Every digit and letter is classified (readers/classifier.py), asked only for what can stand
   there: a number is 1 to 26, a cell's letter one the key gives. A cell is unsure when a
   glyph of it reads less than SURE, or when its letter and number disagree with the key.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzles.codeword.puzzle import Codeword, numbers_for, parse
from puzzles.i18n import Message, _
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE
from puzzles.sudoku.grid import cell_name
from readers import grid as grids
from readers.classifier import chances, upright
from readers.grid import FAINT_LINE_SHARE
from readers.picture import PictureError, open_grey
from readers.reading import Reading, Shaded, place_name  # noqa: F401 (a reader's hook)

SURE = 0.9
CELL = 48  # pixels a side each cell is cut at, straightened
KEY_ROWS = 2  # the key: 1 to 26 in 2 rows of 13 boxes (or 1 row of 26); Spanish 27 in 2 of 14
SPANISH = "es"  # the one codeword alphabet with a 27th letter, Ñ
ENGLISH_NUMBERS, SPANISH_NUMBERS = numbers_for(DEFAULT_LANGUAGE), numbers_for(SPANISH)
# The paper's darkness is the 10th percentile of the rows' (a sudoku's middle row is paper,
# but where half the cells are black squares the middle row is half black).
PAPER = 10
BLACK = 0.5  # a black square is this dark nearly all over (a bold letter leaves paper)
INK = 0.3  # a pixel at least this dark belongs to a mark
NUMBER_TOP = 0.42  # a line of text whose middle is above this share of the cell is its number
SMALLEST_MARK = 0.12  # a mark is at least this share of the cell high (noise is less)
LINE_BAND = 0.05  # the share of the cell at each edge where its lines run
EDGE_ZONE = 0.15  # and where they may run, found a pixel or two off
LINE_ALONG = 0.6  # a row or column near an edge inked along this share of it is a line
FAINTEST_STROKE = 0.6  # a mark has more ink than a stroke a pixel wide at this darkness
DIGITS = "0123456789"
TWO_DIGITS_WIDE = 1.1  # a mark this much wider than high is two digits run together
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # what the classifier knows
SYMBOLS = DIGITS + LETTERS
# Ñ is read as an N with a mark above it: a piece of ink wider than high, at most
# ACCENT_HEIGHT of the letter's height, within ACCENT_GAP of the letter's height above it.
ENYE = "Ñ"
ACCENTED = "ACEINOUY"  # the capitals that take an accent in Latin-1 (À, Ç, É, Ì, Ñ, Ò, Ù, Ý)
ACCENT_HEIGHT = 0.45
ACCENT_GAP = 0.5
DESCENDS = 1.08  # a J stands this much taller than the other capitals at least (its foot)
# A glyph's height is this share of the classifier's square, as a digit fills a sudoku cell
# cut by grids.cell_glyphs.
GLYPH_FILL = 0.62

NOT_A_CODEWORD = _("the grid in the picture has no black squares, so it is no codeword")
CODEWORD_HOW = _("a screenshot of the whole codeword grid, its black squares and numbered cells")


@dataclass(frozen=True)
class Mark:
    """A connected piece of ink in a cell: its box and its ink alone, others left out."""

    top: int
    left: int
    height: int
    width: int
    ink: np.ndarray = field(repr=False)  # the box's ink, this mark's pixels only
    accent: bool = False  # a mark sits just above it (Ñ's tilde)

    @property
    def middle(self) -> float:
        return self.top + self.height / 2


@dataclass(frozen=True)
class Shown:
    """What a white cell shows: the digits of its number, a letter, or one thing alone
    (in its middle: a letter, or a number, whose digits are `digits`)."""

    number: tuple[Mark, ...] = ()
    letter: Mark | None = None
    alone: tuple[Mark, ...] = ()
    digits: tuple[Mark, ...] = ()  # what is alone, as a number's digits
    extra: bool = False  # more marks than a number and a letter: something to check

    def marks(self) -> tuple[Mark, ...]:
        letter = () if self.letter is None else (self.letter,)
        return (*self.number, *letter, *self.alone, *self.digits)


def read(data: bytes) -> Reading:
    """The codeword in the picture `data` (a file's bytes), as text puzzles.codeword.parse reads."""
    grey = open_grey(data)
    corners, black = find_grid(grey)
    rows, cols = black.shape
    ink = grids.ink_of(grids.straighten(grey, corners, (cols * CELL, rows * CELL)))
    shown = {
        (r, c): cell_marks(ink, r, c) for r in range(rows) for c in range(cols) if not black[r, c]
    }
    key = read_key(grey, corners)
    return read_cells(shown, rows, cols, key)


PLACE = "cell"  # what a place of the reading is, for the member


def as_drawn(reading: Reading) -> tuple[Codeword, Shaded]:
    """What was read, for renderers/codeword.py: the puzzle, its doubted cells shaded."""
    puzzle = parse(reading.text, reading.language or DEFAULT_LANGUAGE)
    return puzzle, Shaded(puzzle.grid, reading.unsure)


# The kind's example is a list of clues, drawn as a list, not a grid: the workers warm up on
# this small grid instead (the smallest that reads as a codeword grid). Its words are real
# (ABOUT, AGENT, DANCE across; AWARD, OCEAN, TITLE down) and every number is given, so the
# read is judged in a millisecond: a grid of 21 unknown numbers had many fillings, and
# judging it cost each start a second of solving.
WARM_UP_GRID = (
    "1 2 3 4 5 / 6 # 7 # 8 / 1 9 10 11 5 / 12 # 1 # 13 / 14 1 11 7 10 / "
    "1=A 2=B 3=O 4=U 5=T 6=W 7=C 8=I 9=G 10=E 11=N 12=R 13=L 14=D"
)


def warm_up_drawing() -> tuple[Codeword, None]:
    """What to draw for the workers to read once as they start: a grid, not the kind's
    example (a clue list)."""
    return parse(WARM_UP_GRID), None


# --- the grid -----------------------------------------------------------------------------


def find_grid(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The codeword grid's corners and its black squares (rows x cols booleans): of the
    outlines whose lines make a grid of square cells with black squares, the one with the
    most cells (a screen or a page around the grid crosses only some of its lines)."""
    refusal = PictureError(grids.NO_GRID, example=grids.NO_GRID_HOW)
    found = []
    # A line a pixel thin fades when the grid is shrunk to be counted: thickened first.
    thick = cv2.erode(grey, np.ones((3, 3), np.uint8))
    for corners in grids.find_outlines(grey):
        square = grids.straighten(grey, corners)
        ink = solid_ink(grids.straighten(thick, corners))
        for rows, cols in _counts(ink):
            if min(rows, cols) < 3 or not _square_cells(corners, rows, cols):
                continue
            black = black_squares(square, rows, cols)
            if black.any():
                found.append((corners, black))
                break
            refusal = PictureError(NOT_A_CODEWORD, example=CODEWORD_HOW)
    if not found:
        raise refusal
    return max(found, key=lambda grid: grid[1].size)


def _counts(ink: np.ndarray):
    """The grid's rows and columns as its lines count them (readers/grid.py), surest first:
    against the middle row's darkness as for a sudoku; against a lighter row's, where black
    squares darken the middle one; and fainter, where thin lines fade beside a thick border."""
    yield grids.lines_a_side(ink)
    yield grids.lines_a_side(ink, paper=PAPER)
    yield grids.lines_a_side(ink, FAINT_LINE_SHARE)


def _square_cells(corners: np.ndarray, rows: int, cols: int) -> bool:
    """A codeword's cells are square, so its outline is as wide for its height as it has
    columns for its rows (within a quarter: a photo's slant); a page or a screen around the
    grid, whose lines are the grid's and more, is not."""
    width = (np.linalg.norm(corners[1] - corners[0]) + np.linalg.norm(corners[2] - corners[3])) / 2
    height = (np.linalg.norm(corners[3] - corners[0]) + np.linalg.norm(corners[2] - corners[1])) / 2
    return abs(np.log((width / height) / (cols / rows))) < np.log(1.25)


def solid_ink(square: np.ndarray) -> np.ndarray:
    """How dark each pixel is, 0..1, against the paper of a wide neighbourhood (the brightest
    level within a fifth of the grid): a black square counts whole, inside and all."""
    reach = max(square.shape) // 5 | 1
    paper = cv2.dilate(square, np.ones((reach, reach), np.uint8))
    paper = cv2.GaussianBlur(paper, (31, 31), 0).astype(np.float32)
    darkness = 1.0 - square.astype(np.float32) / np.maximum(paper, 1.0)
    strongest = float(np.percentile(darkness, 99.5))
    return np.clip(darkness / max(strongest, 0.15), 0.0, 1.0)


def black_squares(square: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """rows x cols booleans: the cells dark all over their middle half (away from the lines),
    but for a quarter of it at most."""
    ink = solid_ink(square)
    height, width = ink.shape[0] / rows, ink.shape[1] / cols
    black = np.zeros((rows, cols), dtype=bool)
    for r in range(rows):
        for c in range(cols):
            middle = ink[
                round((r + 0.25) * height) : round((r + 0.75) * height),
                round((c + 0.25) * width) : round((c + 0.75) * width),
            ]
            black[r, c] = float(np.percentile(middle, 25)) >= BLACK
    return black


# --- what a cell shows ----------------------------------------------------------------------


def cell_marks(ink: np.ndarray, row: int, col: int) -> Shown:
    """The marks in the white cell at (row, col) of the straightened ink (CELL pixels a cell),
    as its number, its letter, or one thing alone."""
    box = ink[row * CELL : (row + 1) * CELL, col * CELL : (col + 1) * CELL]
    return shown_by(text_lines(marks_in(box)))


def marks_in(box: np.ndarray) -> list[Mark]:
    """The marks inside a cell's box, its own lines left out (the edges, and any long piece
    along them)."""
    inner = without_lines(box)
    count, labels, stats, _centroids = cv2.connectedComponentsWithStats(
        (inner >= INK).astype(np.uint8), connectivity=8
    )
    side = len(box)
    pieces = []
    for label in range(1, count):
        left, top, width, height, _area = stats[label]
        if max(width, height) > 0.8 * side or _line_remnant(left, top, width, height, side):
            continue  # what is left of a line
        own = labels[top : top + height, left : left + width] == label
        own = cv2.dilate(own.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        piece = np.where(own, inner[top : top + height, left : left + width], 0.0)
        if piece.sum() < FAINTEST_STROKE * max(width, height):
            continue  # the grey edge of a black square or a line, blurred into the cell
        pieces.append(Mark(int(top), int(left), int(height), int(width), piece))
    return with_accents(pieces, side)


def with_accents(pieces: list[Mark], side: int) -> list[Mark]:
    """The marks among a cell's pieces of ink, each flagged when an accent (Ñ's tilde: a
    small piece wider than high, just above it) sits on it; the accents and the specks
    (pieces under SMALLEST_MARK of the cell high) are no marks of their own."""
    marks = [piece for piece in pieces if piece.height >= SMALLEST_MARK * side]
    accents = {id(piece) for mark in marks for piece in pieces if _accent_on(piece, mark)}
    return [
        dataclasses.replace(mark, accent=any(_accent_on(piece, mark) for piece in pieces))
        for mark in marks
        if id(mark) not in accents
    ]


def _accent_on(piece: Mark, letter: Mark) -> bool:
    """`piece` is an accent on `letter`: much lower than it, wider than high, just above it
    and over its middle."""
    above = letter.top - (piece.top + piece.height)
    middle = piece.left + piece.width / 2
    return (
        piece.height <= ACCENT_HEIGHT * letter.height
        and piece.width > piece.height
        and -1 <= above <= ACCENT_GAP * letter.height
        and letter.left <= middle <= letter.left + letter.width
    )


def without_lines(box: np.ndarray) -> np.ndarray:
    """The cell's box with its lines wiped: a band at each edge, and any row or column near an
    edge inked along most of the cell (a line a pixel or two off where it was looked for; a
    letter touching it, such as a J on the bottom line, then keeps the rest of itself)."""
    inner = box.copy()
    band = max(1, round(LINE_BAND * len(box)))
    inner[:band], inner[-band:], inner[:, :band], inner[:, -band:] = 0, 0, 0, 0
    near = round(EDGE_ZONE * len(box))
    for ink in (inner, inner.T):  # rows, then columns (a view: wiping it wipes inner)
        # Along the inside, between the bands (a letter is at most half the cell wide).
        along = (ink[:, band:-band] >= INK).mean(axis=1)
        for k in (*range(near), *range(len(ink) - near, len(ink))):
            if along[k] > LINE_ALONG:
                ink[k] = 0
    return inner


def _line_remnant(left: int, top: int, width: int, height: int, side: int) -> bool:
    """A thin piece near the cell's edge is its line, a pixel or two off where it was looked
    for (the outline's corners are found to a pixel or two)."""
    thin = LINE_BAND * 1.5 * side
    near, far = 0.2 * side, 0.8 * side
    upright = width <= thin and (left < near or left + width > far)
    lying = height <= thin and (top < near or top + height > far)
    return upright or lying


def text_lines(marks: list[Mark]) -> list[list[Mark]]:
    """Marks side by side (overlapping in height) make a line of text; lines top to bottom,
    each left to right."""
    lines: list[list[Mark]] = []
    for mark in sorted(marks, key=lambda m: m.middle):
        if lines and _side_by_side(lines[-1][-1], mark):
            lines[-1].append(mark)
        else:
            lines.append([mark])
    return [sorted(line, key=lambda m: m.left) for line in lines]


def _side_by_side(a: Mark, b: Mark) -> bool:
    overlap = min(a.top + a.height, b.top + b.height) - max(a.top, b.top)
    return overlap > 0.5 * min(a.height, b.height)


def shown_by(lines: list[list[Mark]]) -> Shown:
    """A line in the cell's top part is its number, a line under it a letter; one line in the
    middle is one thing alone."""
    if not lines:
        return Shown()
    if len(lines) == 1:
        line = lines[0]
        if line[0].middle < NUMBER_TOP * CELL:
            return Shown(number=split_digits(line))
        return Shown(alone=tuple(line), digits=split_digits(line))
    number, *rest = lines
    letter = max(rest, key=lambda line: max(m.height for m in line))
    return Shown(
        number=split_digits(number),
        letter=letter[0],
        extra=len(rest) > 1 or len(letter) > 1,
    )


def split_digits(line: list[Mark]) -> tuple[Mark, ...]:
    """The digits of a number: a mark much wider than a digit is two digits run together
    (a small JPEG blurs the gap), cut where the ink between them is thinnest."""
    digits: list[Mark] = []
    for mark in line:
        if len(line) == 1 and mark.width > TWO_DIGITS_WIDE * mark.height:
            digits.extend(_cut_in_two(mark))
        else:
            digits.append(mark)
    return tuple(digits)


def _cut_in_two(mark: Mark) -> tuple[Mark, Mark]:
    columns = mark.ink.sum(axis=0)
    third = mark.width // 3
    cut = third + int(np.argmin(columns[third : mark.width - third]))
    left = Mark(mark.top, mark.left, mark.height, cut, mark.ink[:, :cut])
    right = Mark(mark.top, mark.left + cut, mark.height, mark.width - cut, mark.ink[:, cut:])
    return left, right


def glyph(mark: Mark) -> np.ndarray:
    """The mark as the classifier sees a cell: GLYPH x GLYPH, centred, its height GLYPH_FILL
    of the square (a wide letter is fitted by its width)."""
    side = max(mark.height / GLYPH_FILL, mark.width / GLYPH_FILL, 1)
    size = int(np.ceil(side))
    square = np.zeros((size, size), dtype=np.float32)
    top, left = (size - mark.height) // 2, (size - mark.width) // 2
    square[top : top + mark.height, left : left + mark.width] = mark.ink
    return cv2.resize(square, (grids.GLYPH, grids.GLYPH), interpolation=cv2.INTER_AREA)


# --- the key ------------------------------------------------------------------------------


def read_key(grey: np.ndarray, grid_corners: np.ndarray) -> dict[int, Shown]:
    """The key's boxes, by number: 1 to 26 in order (27 in Spanish), in a long outline under
    the grid (or over it); {} when the picture has none."""
    bottom = int(grid_corners[:, 1].max())
    top = int(grid_corners[:, 1].min())
    for part in (grey[bottom:], grey[:top]):
        if part.shape[0] < 20:
            continue
        outlines = grids.find_outlines(part, shape=_key_shaped)
        if outlines:
            corners = _whole_key(outlines[0])
            rows = _key_rows(corners)
            numbers, ink = max(
                (_key_ink(part, corners, rows, numbers) for numbers in KEY_NUMBERS),
                key=lambda key: _box_lines(key[1], rows, _per_row(key[0], rows)),
            )
            per_row = _per_row(numbers, rows)
            return {n: cell_marks(ink, (n - 1) // per_row, (n - 1) % per_row) for n in numbers}
    return {}


# The keys there are: English's (and French's) 26 numbers, and Spanish's 27 (the last row
# one box short: its outline is the whole rectangle, the corner put back).
KEY_NUMBERS = (ENGLISH_NUMBERS, SPANISH_NUMBERS)


def _whole_key(corners: np.ndarray) -> np.ndarray:
    """The key's corners with its bottom-right one put where the other three say (a
    parallelogram): a Spanish key's last row is a box short, and its outline's bottom-right
    corner may be the last box's."""
    top_left, top_right, _bottom_right, bottom_left = corners
    return np.array([top_left, top_right, top_right + bottom_left - top_left, bottom_left])


def _per_row(numbers: range, rows: int) -> int:
    return -(-len(numbers) // rows)


def _key_ink(part: np.ndarray, corners: np.ndarray, rows: int, numbers: range):
    """The key straightened as `numbers` in `rows` rows of boxes would be, CELL a box."""
    size = (_per_row(numbers, rows) * CELL, rows * CELL)
    return numbers, grids.ink_of(grids.straighten(part, corners, size))


def _box_lines(ink: np.ndarray, rows: int, per_row: int) -> float:
    """How surely the key's top row has its lines between boxes where `per_row` boxes put
    them: the faintest of them (a line falls in the middle of a box when the count is
    wrong)."""
    top_row = ink[: ink.shape[0] // rows]
    reach = max(1, round(LINE_BAND * CELL))
    return min(
        float(top_row[:, k * CELL - reach : k * CELL + reach + 1].max(axis=1).mean())
        for k in range(1, per_row)
    )


def _key_shaped(corners: np.ndarray) -> bool:
    """2 rows of 13 boxes (6.5 times as wide as high) or 1 row of 26 (26 times)."""
    width = np.linalg.norm(corners[1] - corners[0])
    height = np.linalg.norm(corners[3] - corners[0])
    return height > 0 and 4 < width / height < 32


def _key_rows(corners: np.ndarray) -> int:
    width = np.linalg.norm(corners[1] - corners[0])
    height = np.linalg.norm(corners[3] - corners[0])
    return 1 if width / height > 13 else KEY_ROWS


# --- reading the marks --------------------------------------------------------------------


@dataclass(frozen=True)
class Guess:
    symbol: str
    probability: float  # its share, beside the other symbols asked for and an empty cell


class Classified:
    """Every mark of the picture run through the classifier at once (a run per mark costs
    many times more), then asked, mark by mark, for the likeliest of the symbols that can
    stand there: a mark was found, so it is never read as empty, but the share the
    classifier gives empty counts against being sure of it."""

    def __init__(self, marks: list[Mark]):
        marks = list({id(mark): mark for mark in marks}.values())  # each mark once
        self._row = {id(mark): k for k, mark in enumerate(marks)}
        empty = np.zeros((0, grids.GLYPH, grids.GLYPH), dtype=np.float32)
        glyphs = np.stack([glyph(mark) for mark in marks]) if marks else empty
        self._shares = upright(chances(glyphs, SYMBOLS)) if marks else np.zeros((0, 1))

    def guess(self, mark: Mark, symbols: str, also: tuple[Mark, ...] = ()) -> Guess:
        """The likeliest of `symbols`; `also` are other marks of the same symbol (the cells
        showing a key box's letter): each is evidence, so their shares are multiplied in
        (marks that agree make it surer, one that disagrees less sure)."""
        rows = self._shares[[self._row[id(each)] for each in (mark, *also)]]
        kept = rows[:, [0, *(1 + SYMBOLS.index(ch) for ch in symbols)]]
        each = kept[:, 1:] / kept.sum(axis=1, keepdims=True)
        joint = np.prod(np.maximum(each, 1e-6), axis=0)
        shares = joint / joint.sum() if len(each) > 1 else each[0]
        best = int(shares.argmax())
        return Guess(symbols[best], float(shares[best]))


@dataclass
class Cells:
    """The grid as read so far: each white cell's number and letter, and the cells in doubt."""

    numbers: dict[tuple[int, int], int] = field(default_factory=dict)
    letters: dict[tuple[int, int], str] = field(default_factory=dict)
    unsure: set[tuple[int, int]] = field(default_factory=set)


def read_cells(
    shown: dict[tuple[int, int], Shown], rows: int, cols: int, key: dict[int, Shown]
) -> Reading:
    """The codeword's text from what each cell and key box shows, and the cells in doubt."""
    key_letters = {n: box.letter or _only(box.alone) for n, box in key.items()}
    key_letters = {n: mark for n, mark in key_letters.items() if mark is not None}
    marks = [mark for cell in shown.values() for mark in cell.marks()]
    classified = Classified(marks + list(key_letters.values()))  # the key's numbers are known
    capital = capital_height([cell.letter for cell in shown.values() if cell.letter])
    in_cells = cell_letters(shown, cols, classified)
    starters, key_doubts = read_starters(key_letters, classified, in_cells, capital)
    cells = Cells()
    for place, cell in shown.items():
        number, letter, sure = read_cell(cell, starters, classified, _cell(place, cols), capital)
        if number is not None:
            cells.numbers[place] = number
        if letter is not None:
            cells.letters[place] = letter
        if not sure:
            cells.unsure.add(place)
    language = shown_language(key, cells, starters)
    _refuse_numberless(cells, shown, language)
    unsure = cells.unsure | {p for p, n in cells.numbers.items() if n in key_doubts}
    grid = tuple(tuple(cells.numbers.get((r, c), 0) for c in range(cols)) for r in range(rows))
    puzzle = parse(grid_text(grid, given_letters(starters, cells)), language or DEFAULT_LANGUAGE)
    indexes = tuple(sorted(r * cols + c for r, c in unsure))
    return Reading("codeword", puzzle.text(), indexes, cols, language=language)


def shown_language(key: dict[int, Shown], cells: Cells, starters: dict[int, str]) -> str | None:
    """Spanish when the picture shows it (a key of 27 boxes, a 27th number, an Ñ): the only
    codeword alphabet with a 27th letter. None when it does not: English and French
    codewords look the same, and the member's choice (or the server's) decides."""
    numbers = {*key, *cells.numbers.values()}
    letters = {*starters.values(), *cells.letters.values()}
    spanish = max(numbers, default=0) > len(ENGLISH_NUMBERS) or ENYE in letters
    return SPANISH if spanish else None


def read_starters(
    key_letters: dict[int, Mark],
    classified: Classified,
    in_cells: dict[int, tuple[Mark, ...]],
    cells_capital: float = 0.0,
) -> tuple[dict[int, str], set[int]]:
    """The letters the key gives, by number, and the numbers whose letter is in doubt. Each
    is read from its key box and the cells showing it (`in_cells`): a letter sits on the
    bottom line of a small key box, and a J's hook is lost in the line. A letter read in two
    boxes is kept in the surer one, and both are in doubt. A key of too few capitals to tell
    their height takes the cells' (`cells_capital`: both are half their box high, as the
    bot draws them)."""
    guesses = []
    capital = capital_height(list(key_letters.values())) or cells_capital
    for n, mark in key_letters.items():
        where = _("the key's box {number}", number=n)
        also = in_cells.get(n, ())
        guesses.append((n, read_letter(mark, LETTERS + ENYE, classified, where, also, capital)))
    starters: dict[int, str] = {}
    doubts = set()
    for number, guess in sorted(guesses, key=lambda g: -g[1].probability):
        if guess.probability < SURE:
            doubts.add(number)
        if guess.symbol in starters.values():  # a letter stands for one number: one is misread
            doubts |= {number, *(n for n, ch in starters.items() if ch == guess.symbol)}
            continue
        starters[number] = guess.symbol
    return starters, doubts


def _cell(place: tuple[int, int], cols: int) -> Message:
    """A cell as the member finds it in their picture: "cell r3c4"."""
    return _("cell {cell}", cell=cell_name(place[0] * cols + place[1], cols))


def cell_letters(
    shown: dict[tuple[int, int], Shown], cols: int, classified: Classified
) -> dict[int, tuple[Mark, ...]]:
    """The letters the cells show under a number read surely, by that number (without
    accent: an accented letter is read on its own)."""
    letters: dict[int, tuple[Mark, ...]] = {}
    for place, cell in shown.items():
        if cell.number and cell.letter is not None and not cell.letter.accent:
            number, sure = read_number(cell.number, classified, _cell(place, cols))
            if sure:
                letters[number] = (*letters.get(number, ()), cell.letter)
    return letters


def _only(marks: tuple[Mark, ...]) -> Mark | None:
    return marks[0] if len(marks) == 1 else None


def read_cell(
    shown: Shown,
    starters: dict[int, str],
    classified: Classified,
    where: Message,
    capital: float = 0.0,
) -> tuple[int | None, str | None, bool]:
    """The cell's number (None when none is found), its letter, and whether it is sure: its
    glyphs read surely, its letter the one the key gives its number, no mark left over.
    `where` names the cell, for a number no codeword has or a letter none spells."""
    if shown.alone:
        number, sure = read_alone(shown, starters, classified, where)
        return number, None, sure and not shown.extra
    if not shown.number:
        return None, None, True
    number, sure = read_number(shown.number, classified, where)
    if shown.letter is None:
        return number, None, sure and not shown.extra
    letter = read_letter(shown.letter, _letters_given(starters), classified, where, (), capital)
    agrees = starters.get(number, letter.symbol) == letter.symbol
    sure = sure and letter.probability >= SURE and agrees and not shown.extra
    return number, letter.symbol, sure


def read_alone(
    shown: Shown, starters: dict[int, str], classified: Classified, where: Message
) -> tuple[int, bool]:
    """One thing in the cell's middle: a letter the key gives (the cell has the number the
    key gives it), or else a number. A mark with an accent is a letter (Ñ)."""
    given = "".join(sorted(starters.values()))
    if len(shown.alone) == 1 and given:
        mark = shown.alone[0]
        if mark.accent:
            guess = read_letter(mark, given, classified, where)
        else:
            guess = classified.guess(mark, DIGITS[1:] + given.replace(ENYE, ""))
        if guess.symbol in given:
            number = next(n for n, ch in starters.items() if ch == guess.symbol)
            return number, guess.probability >= SURE
    return read_number(shown.digits, classified, where)


def read_number(
    digits: tuple[Mark, ...], classified: Classified, where: Message
) -> tuple[int, bool]:
    """A number 1 to 27 from its digits' marks, and whether it is sure: one digit 1-9, or a
    first digit 1 or 2 and a second that keeps it within 27 (Spanish has 27 letters). A
    second digit surely read past that is refused: no codeword has such a number."""
    if len(digits) == 1:
        guess = classified.guess(digits[0], DIGITS[1:])
        return int(guess.symbol), guess.probability >= SURE
    first = classified.guess(digits[0], "12")
    second = classified.guess(digits[1], DIGITS)
    number = int(first.symbol + second.symbol)
    if number > len(SPANISH_NUMBERS) and min(first.probability, second.probability) >= SURE:
        raise PictureError(
            _(
                "the picture shows the number {number}, but a codeword's numbers go up to "
                "{highest} ({spanish} in Spanish)",
                number=number,
                highest=len(ENGLISH_NUMBERS),
                spanish=len(SPANISH_NUMBERS),
            ),
            where=where,
            example=CODEWORD_HOW,
        )
    if number > len(SPANISH_NUMBERS):  # in doubt: the likeliest that keeps it within 27
        second = classified.guess(digits[1], "01234567")
    sure = min(first.probability, second.probability) >= SURE and len(digits) == 2
    return int(first.symbol + second.symbol), sure


def capital_height(letters: list[Mark]) -> float:
    """The height of the capitals standing alike (the key's, or the cells' under their
    numbers): their lower quartile (J and Q reach lower), accented ones left out (Ñ's N is
    squat); 0 when fewer than two tell it."""
    heights = [mark.height for mark in letters if not mark.accent]
    return float(np.percentile(heights, 25)) if len(heights) > 1 else 0.0


def read_letter(
    mark: Mark,
    letters: str,
    classified: Classified,
    where: Message,
    also: tuple[Mark, ...] = (),
    capital: float = 0.0,
) -> Guess:
    """The likeliest of `letters` the mark can be. The classifier knows A-Z: Ñ is an N with
    an accent above it (never folded into N), and no other letter of a codeword has one. An
    accented mark is asked only among the capitals that take one (Ñ's N is squat, a little
    like an M). A small box's bottom line hides a J's hook, leaving a bar that reads as I:
    but a J reaches below the other capitals (`capital` high), and an I does not."""
    if not mark.accent:
        allowed = letters.replace(ENYE, "") or LETTERS
        guess = classified.guess(mark, allowed, also)
        if guess.symbol == "I" and "J" in allowed and mark.height > DESCENDS * capital > 0:
            return Guess("J", guess.probability)  # a J whose hook the line below hides
        return guess
    guess = classified.guess(mark, ACCENTED)
    if guess.symbol == "N":
        return Guess(ENYE, guess.probability)
    raise PictureError(
        _(
            "the picture shows the letter {letter} with a mark above it, but only Ñ has one "
            "in a codeword's alphabet",
            letter=guess.symbol,
        ),
        where=where,
        example=CODEWORD_HOW,
    )


def _letters_given(starters: dict[int, str]) -> str:
    """A cell's letter is one the key gives, when there is a key."""
    return "".join(sorted(starters.values())) or LETTERS


def given_letters(starters: dict[int, str], cells: Cells) -> dict[int, str]:
    """The key's letters, and those only the grid shows (a picture with no key); a letter the
    grid gives a second number is left out and both numbers' cells marked."""
    letters = dict(starters)
    for place, letter in cells.letters.items():
        number = cells.numbers[place]
        if number in letters:
            continue
        if letter in letters.values():
            other = next(n for n, ch in letters.items() if ch == letter)
            cells.unsure |= {p for p, n in cells.numbers.items() if n in (number, other)}
            continue
        letters[number] = letter
    return letters


def grid_text(grid: tuple[tuple[int, ...], ...], letters: dict[int, str]) -> str:
    """The codeword's own text form: the rows, # for a black square, then the starters."""
    starters = tuple(sorted((n, letter.lower()) for n, letter in letters.items()))
    return Codeword(clues=(), starters=starters, grid=grid).text()


def _refuse_numberless(
    cells: Cells, shown: dict[tuple[int, int], Shown], language: str | None
) -> None:
    """A white cell with no number is no codeword's (a crossword's, a blank grid's); a few
    are marked unsure, with the number no other cell has (a rubbed-out number)."""
    missing = [place for place in shown if place not in cells.numbers]
    if len(missing) > len(shown) // 4:
        raise PictureError(
            _("the grid's white cells hold no numbers, so it is no codeword"),
            example=CODEWORD_HOW,
        )
    numbers = numbers_for(language or DEFAULT_LANGUAGE)
    unused = [n for n in numbers if n not in cells.numbers.values()] or [1]
    for place in missing:
        cells.numbers[place] = unused[0]
        cells.unsure.add(place)
