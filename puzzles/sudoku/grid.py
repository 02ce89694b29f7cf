"""The sudoku grid value shared by the parser, the exact solver, the logic engine and drawing.

A grid is N x N with N = box_rows * box_cols (4 = 2x2, 6 = 2x3, 9 = 3x3, 12 = 3x4, 16 = 4x4).
Cells are stored row by row as ints: 0 is empty, 1..N a value. `symbols` says how value v is
written (symbols[v - 1]): digits for sudoku, the phrase's letters for Sudoku Spelling.
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
