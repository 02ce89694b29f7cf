"""The legal Q-less grid shapes: where letters can go, before any letter is chosen.

A shape is a connected set of cells in which every horizontal or vertical run of two
or more cells is at least three long (a run is a word; two-letter words are not allowed).
Shapes are counted up to translation and diagonal flip (transpose): a crossword and its
mirror across the diagonal read the same words. The Daily Q-less write-up reports 6,223
shapes of 12 cells; these rules give 8,363 (checked against a brute-force referee for
small sizes in the tests). The 6,223 is the length of the write-up's published shape list,
which holds 5,268 of these shapes, some twice (in both orientations): a partial list.

`enumerate_shapes(n)` finds them: every fixed polyomino of n cells is grown once by
Redelmeier's method, the legal ones are kept, and each is stored in its canonical form
(the smaller of itself and its transpose). The results for 3..12 cells are generated
once by scripts/enumerate_qless_shapes.py into data/shapes.txt.gz; `shapes(n)` reads
them back.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

MIN_WORD_LENGTH = 3
MIN_CELLS = 3
MAX_CELLS = 12  # the most letters the stored shapes cover (a Q-less roll is 12 dice)
DATA_FILE = "shapes.txt.gz"
# How often each 12-cell shape held a solution in common words over a sample of dice rolls,
# one count a line in the order of shapes(12): the solver tries likely shapes first.
ODDS_FILE = "odds.txt.gz"

Cell = tuple[int, int]  # (row, column)


@dataclass(frozen=True)
class Slot:
    """One word position: its cells in reading order (left to right, or top to bottom)."""

    cells: tuple[Cell, ...]
    across: bool


@dataclass(frozen=True)
class Shape:
    """A legal shape in canonical form: cells sorted, top row 0, leftmost column 0."""

    cells: tuple[Cell, ...]

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1

    @cached_property
    def slots(self) -> tuple[Slot, ...]:
        """Every run of 3+ cells: across runs top to bottom, then down runs left to right."""
        return tuple(_runs(self.cells, across=True) + _runs(self.cells, across=False))

    @property
    def symmetric(self) -> bool:
        """True when the shape is its own transpose (a fill and its mirror are one answer)."""
        return self.cells == _sorted(transpose(self.cells))

    def rows(self) -> tuple[int, ...]:
        """Each row as a bit mask, bit c set when column c holds a letter (the stored form)."""
        masks = [0] * self.height
        for r, c in self.cells:
            masks[r] |= 1 << c
        return tuple(masks)

    def picture(self) -> str:
        """Rows of '#' and '.', for messages and tests."""
        filled = set(self.cells)
        return "\n".join(
            "".join("#" if (r, c) in filled else "." for c in range(self.width))
            for r in range(self.height)
        )

    def __getstate__(self):
        return {"cells": self.cells}  # leave the cached slots out of pickles

    def __setstate__(self, state):
        object.__setattr__(self, "cells", state["cells"])


# --- the rules of a shape ----------------------------------------------------------------


def runs(cells: Iterable[Cell], across: bool) -> list[tuple[Cell, ...]]:
    """Maximal runs of cells along rows (across) or columns (down), of any length, in
    reading order of their first cells."""
    filled = set(cells)
    dr, dc = (0, 1) if across else (1, 0)
    found = []
    for r, c in sorted(filled, key=lambda cell: cell if across else (cell[1], cell[0])):
        if (r - dr, c - dc) in filled:
            continue  # not the first cell of its run
        run = [(r, c)]
        while (r + dr, c + dc) in filled:
            r, c = r + dr, c + dc
            run.append((r, c))
        found.append(tuple(run))
    return found


def _runs(cells: Iterable[Cell], across: bool) -> list[Slot]:
    return [Slot(run, across) for run in runs(cells, across) if len(run) >= MIN_WORD_LENGTH]


def has_legal_runs(cells: Iterable[Cell]) -> bool:
    """No run of exactly two cells: every run is a lone letter or a word of 3+."""
    cells = tuple(cells)
    return all(len(run) != 2 for across in (True, False) for run in runs(cells, across))


def transpose(cells: Iterable[Cell]) -> list[Cell]:
    return [(c, r) for r, c in cells]


def _sorted(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Cells moved to row 0 / column 0 and sorted: the form up to translation."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The same form for a shape, any translation of it and its transpose."""
    cells = list(cells)
    return min(_sorted(cells), _sorted(transpose(cells)))


# --- enumeration ------------------------------------------------------------------------


def fixed_polyominoes(n: int) -> Iterator[tuple[Cell, ...]]:
    """Every connected set of n cells, once per translation class (Redelmeier, 1981).

    Cells grow from the origin into the half plane after it (rows below, or row 0 to the
    right), so each polyomino is produced exactly once, from its first cell in reading order.
    """

    def allowed(cell: Cell) -> bool:
        return cell[0] > 0 or (cell[0] == 0 and cell[1] >= 0)

    polyomino: list[Cell] = []
    seen = {(0, 0)}

    def grow(untried: list[Cell]) -> Iterator[tuple[Cell, ...]]:
        untried = list(untried)
        while untried:
            cell = untried.pop()
            polyomino.append(cell)
            if len(polyomino) == n:
                yield tuple(polyomino)
            else:
                r, c = cell
                fresh = [
                    nb
                    for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                    if nb not in seen and allowed(nb)
                ]
                seen.update(fresh)
                yield from grow(untried + fresh)
                seen.difference_update(fresh)
            polyomino.pop()

    yield from grow([(0, 0)])


def enumerate_shapes(n: int) -> list[Shape]:
    """Every legal shape of n cells up to translation and transpose, in canonical order."""
    found = {canonical(cells) for cells in fixed_polyominoes(n) if has_legal_runs(cells)}
    return [Shape(cells) for cells in sorted(found)]


# --- the stored shapes ------------------------------------------------------------------


def encode(shapes_by_size: dict[int, list[Shape]]) -> str:
    """The data file's text: a '# n count' header per size, then a line of hex row masks
    ('7.2.2' is a T) per shape."""
    lines = []
    for n, found in sorted(shapes_by_size.items()):
        lines.append(f"# {n} {len(found)}")
        lines += [".".join(f"{mask:x}" for mask in shape.rows()) for shape in found]
    return "\n".join(lines) + "\n"


def decode(text: str) -> dict[int, tuple[Shape, ...]]:
    by_size: dict[int, list[Shape]] = {}
    current: list[Shape] = []
    for line in text.splitlines():
        if line.startswith("#"):
            current = by_size.setdefault(int(line.split()[1]), [])
        elif line:
            current.append(Shape(_cells_of_rows(int(mask, 16) for mask in line.split("."))))
    return {n: tuple(found) for n, found in by_size.items()}


def _cells_of_rows(masks: Iterable[int]) -> tuple[Cell, ...]:
    return tuple(
        (r, c) for r, mask in enumerate(masks) for c in range(mask.bit_length()) if mask >> c & 1
    )


def gzip_bytes(text: str) -> bytes:
    """Deterministic gzip (no file name, no timestamp) so regenerating gives the same bytes."""
    import gzip  # only the build script writes these files: a solve's start-up skips gzip

    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


def _gunzip(data: bytes) -> str:
    return zlib.decompress(data, wbits=31).decode("ascii")  # wbits=31: a gzip container


@cache
def stored_shapes() -> dict[int, tuple[Shape, ...]]:
    data = resources.files(__package__).joinpath("data", DATA_FILE).read_bytes()
    return decode(_gunzip(data))


@cache
def stored_odds(n: int) -> tuple[int, ...] | None:
    """Per shape of n cells, in the order of shapes(n), how many sample rolls it solved."""
    path = resources.files(__package__).joinpath("data", ODDS_FILE)
    if n != MAX_CELLS or not path.is_file():
        return None  # every shape alike: the search then goes in the stored order
    data = path.read_bytes()
    lines = _gunzip(data).split()
    return tuple(int(line) for line in lines[1:])  # the first line is the sample size


def shapes(n: int) -> tuple[Shape, ...]:
    """The stored legal shapes of n cells (MIN_CELLS <= n <= MAX_CELLS)."""
    return stored_shapes().get(n, ())
