"""The sudoku grid value and its geometry, shared by the parser, both solvers and drawing.

A grid is N x N with N = box_rows * box_cols (4 = 2x2, 6 = 2x3, 9 = 3x3, 12 = 3x4, 16 = 4x4,
25 = 5x5).
Cells are stored row by row as ints: 0 is empty, 1..N a value. `symbols` says how value v is
written (symbols[v - 1]): digits for sudoku, the phrase's letters for Sudoku Spelling.

The geometry of a size (its units, each cell's peers, as tuples and as bit sets) is worked
out once per size by `geometry()`; the exact solver and the logic engine both read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

EMPTY = 0


@dataclass(frozen=True)
class Grid:
    box_rows: int  # rows in one box (a 6x6 sudoku has 2-row, 3-column boxes)
    box_cols: int
    cells: tuple[int, ...]  # row-major, EMPTY or 1..size
    symbols: str  # symbols[v - 1] is how value v is written

    @property
    def size(self) -> int:
        return self.box_rows * self.box_cols

    def symbol(self, value: int) -> str:
        return "." if value == EMPTY else self.symbols[value - 1]

    def rows(self) -> list[tuple[int, ...]]:
        n = self.size
        return [self.cells[r * n : (r + 1) * n] for r in range(n)]

    def is_complete(self) -> bool:
        return EMPTY not in self.cells

    def with_cells(self, cells: tuple[int, ...]) -> Grid:
        return Grid(self.box_rows, self.box_cols, tuple(cells), self.symbols)

    def text(self) -> str:
        """One line per row, the form parse() reads back."""
        return "\n".join("".join(self.symbol(v) for v in row) for row in self.rows())


def cell_name(cell: int, size: int) -> str:
    """Players count from 1: cell 0 is r1c1."""
    return f"r{cell // size + 1}c{cell % size + 1}"


@cache
def units(box_rows: int, box_cols: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """(rows, columns, boxes): each a tuple of units, each unit a tuple of cell indexes."""
    n = box_rows * box_cols
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    boxes = tuple(
        tuple((top + r) * n + (left + c) for r in range(box_rows) for c in range(box_cols))
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    )
    return rows, cols, boxes


@cache
def peers(box_rows: int, box_cols: int) -> tuple[frozenset[int], ...]:
    """For each cell, the other cells that share its row, column or box."""
    n = box_rows * box_cols
    seen: list[set[int]] = [set() for _ in range(n * n)]
    for group in units(box_rows, box_cols):
        for unit in group:
            for cell in unit:
                seen[cell].update(unit)
    return tuple(frozenset(cells - {cell}) for cell, cells in enumerate(seen))


@dataclass(frozen=True)
class Geometry:
    """Everything about one grid size that solving reads, worked out once per size."""

    size: int
    # Boxes, then rows, then columns: the logic engine looks at units in this order, so it
    # decides which of two equally simple steps a hint shows ("in box 1" before "in row 1").
    units: tuple[tuple[int, ...], ...]
    unit_names: tuple[str, ...]  # "box 1", ..., "row 1", ..., "column 1", ...
    unit_masks: tuple[int, ...]  # per unit: its cells as one bit set (bit `cell`)
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    box_of: tuple[int, ...]  # cell -> box index
    peers: tuple[tuple[int, ...], ...]  # per cell, ascending
    peer_sets: tuple[frozenset[int], ...]
    peer_masks: tuple[int, ...]  # per cell: its peers as one bit set over all cells


@cache
def geometry(box_rows: int, box_cols: int) -> Geometry:
    rows, cols, boxes = units(box_rows, box_cols)
    n = box_rows * box_cols
    box_of = [0] * (n * n)
    for index, box in enumerate(boxes):
        for cell in box:
            box_of[cell] = index
    names = (
        [f"box {i + 1}" for i in range(n)]
        + [f"row {i + 1}" for i in range(n)]
        + [f"column {i + 1}" for i in range(n)]
    )
    all_units = boxes + rows + cols
    peer_sets = peers(box_rows, box_cols)
    return Geometry(
        size=n,
        units=all_units,
        unit_names=tuple(names),
        unit_masks=tuple(sum(1 << cell for cell in unit) for unit in all_units),
        rows=rows,
        cols=cols,
        boxes=boxes,
        box_of=tuple(box_of),
        peers=tuple(tuple(sorted(p)) for p in peer_sets),
        peer_sets=peer_sets,
        peer_masks=tuple(sum(1 << p for p in near) for near in peer_sets),
    )
