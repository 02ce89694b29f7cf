"""The pencil-mark board the logic techniques read, and the Step each of them returns.

Candidates are one bitmask per cell: bit v - 1 set means value v is still possible there;
filled cells have no candidates. Placing a value clears it from the candidates of the cell's
peers, as a player does without thinking. Every other removal is a Step with a named reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.sudoku.grid import EMPTY, Grid, cell_name, geometry

# (cell, value) pairs
Move = tuple[int, int]


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, why, and what it places or removes."""

    technique: str
    explanation: str  # e.g. "r4c7 can only be 3: naked single"
    placements: tuple[Move, ...] = ()  # (cell, value) now known
    eliminations: tuple[Move, ...] = ()  # (cell, value) ruled out
    cells: tuple[int, ...] = ()  # the cells the reasoning is about (to highlight)

    def text(self) -> str:
        return self.explanation


def bit(value: int) -> int:
    return 1 << (value - 1)


def values_of(mask: int) -> list[int]:
    """The values whose bits are set, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length())
        mask ^= low
    return found


def bit_positions(mask: int) -> list[int]:
    """The positions of the set bits, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class Board:
    """Mutable solving state: values and candidates, with helpers to word a step."""

    def __init__(self, grid: Grid, candidates: Sequence[int] | None = None):
        self.grid = grid
        self.geo = geometry(grid.box_rows, grid.box_cols)
        self.n = grid.size
        self.full = (1 << self.n) - 1
        self.values = list(grid.cells)
        self.cands = [0] * len(self.values)
        for cell, value in enumerate(self.values):
            if value == EMPTY:
                seen = 0
                for peer in self.geo.peers[cell]:
                    if self.values[peer]:
                        seen |= bit(self.values[peer])
                self.cands[cell] = self.full & ~seen
        if candidates is not None:
            for cell, mask in enumerate(candidates):
                if self.values[cell] == EMPTY:
                    self.cands[cell] &= mask
        self._places: list[list[int]] | None = None
        self.memo: dict[object, Any] = {}  # facts about the current state, reset on change

    def places(self) -> list[list[int]]:
        """places()[u][v]: bitset of the positions in unit u (geo.units order) where value v
        is still a candidate. Worked out once per state, since most techniques read it."""
        if self._places is None:
            table = []
            cands = self.cands
            for unit in self.geo.units:
                row = [0] * (self.n + 1)
                for position, cell in enumerate(unit):
                    m = cands[cell]
                    while m:
                        low = m & -m
                        row[low.bit_length()] |= 1 << position
                        m ^= low
                table.append(row)
            self._places = table
        return self._places

    # wording
    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def sym(self, value: int) -> str:
        return self.grid.symbol(value)

    def names(self, cells: Iterable[int]) -> str:
        return listing([self.name(c) for c in sorted(cells)])

    def syms(self, values: Iterable[int], word: str = "and") -> str:
        return listing([self.sym(v) for v in sorted(values)], word)

    def removals(self, eliminations: Sequence[Move]) -> str:
        """'remove 4 from r1c3 and r1c9; 3 and 7 from r2c2': values sharing cells together."""
        cells_of: dict[int, list[int]] = {}
        for cell, value in eliminations:
            cells_of.setdefault(value, []).append(cell)
        values_at: dict[tuple[int, ...], list[int]] = {}
        for value, cells in sorted(cells_of.items()):
            values_at.setdefault(tuple(sorted(cells)), []).append(value)
        parts = [
            f"{self.syms(values)} from {self.names(cells)}" for cells, values in values_at.items()
        ]
        return "remove " + "; ".join(parts)

    # state changes
    def place(self, cell: int, value: int) -> None:
        self._places = None
        self.memo.clear()
        self.values[cell] = value
        self.cands[cell] = 0
        mask = ~bit(value)
        for peer in self.geo.peers[cell]:
            self.cands[peer] &= mask

    def apply(self, step: Step) -> None:
        self._places = None
        self.memo.clear()
        for cell, value in step.eliminations:
            self.cands[cell] &= ~bit(value)
        for cell, value in step.placements:
            self.place(cell, value)

    def to_grid(self) -> Grid:
        return self.grid.with_cells(tuple(self.values))

    def conjugate_pairs(self, value: int) -> list[tuple[int, int]]:
        """The pairs of cells that are the only two places for `value` in some unit."""
        pairs = []
        for unit, spots in zip(self.geo.units, self.places(), strict=True):
            if spots[value].bit_count() == 2:
                first, second = bit_positions(spots[value])
                pairs.append((unit[first], unit[second]))
        return pairs

    def placed_in(self, unit: Iterable[int]) -> int:
        mask = 0
        for cell in unit:
            if self.values[cell]:
                mask |= bit(self.values[cell])
        return mask


def listing(items: Sequence[str], word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def contradiction(board: Board) -> str:
    """Why the grid cannot be completed as it stands, or '' when nothing is visibly wrong."""
    geo = board.geo
    for unit, unit_name in zip(geo.units, geo.unit_names, strict=True):
        seen: dict[int, int] = {}
        for cell in unit:
            value = board.values[cell]
            if value in seen:
                first = seen[value]
                return (
                    f"{board.name(first)} and {board.name(cell)} are both "
                    f"{board.sym(value)} in {unit_name}"
                )
            if value:
                seen[value] = cell
    for cell, value in enumerate(board.values):
        if value == EMPTY and board.cands[cell] == 0:
            return f"{board.name(cell)} has no possible value left"
    for unit, unit_name in zip(geo.units, geo.unit_names, strict=True):
        possible = board.placed_in(unit)
        for cell in unit:
            possible |= board.cands[cell]
        missing = board.full & ~possible
        if missing:
            return f"{board.sym(values_of(missing)[0])} has no place left in {unit_name}"
    return ""
