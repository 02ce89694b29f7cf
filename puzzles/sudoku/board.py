"""The pencil-mark board the logic techniques read, and the Step each of them returns.

Candidates are one bitmask per cell: bit v - 1 set means value v is still possible there;
filled cells have no candidates. Placing a value clears it from the candidates of the cell's
peers, as a player does without thinking. Every other removal is a Step with a named reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, reduce
from heapq import heappop, heappush
from operator import itemgetter, or_
from typing import Any

from puzzles.core import either, joined, listed
from puzzles.i18n import ENGLISH, Message, _, pgettext, render
from puzzles.sudoku.grid import EMPTY, Grid, cell_name, geometry

# (cell, value) pairs
Move = tuple[int, int]
# The context of a technique's name in the catalogue (techniques.TECHNIQUE_NAMES).
TECHNIQUE_CONTEXT = "sudoku technique"


def technique_name(technique: str) -> Message:
    """A technique's name in the reader's language ("singleton caché")."""
    return pgettext(TECHNIQUE_CONTEXT, technique)


@dataclass(frozen=True)
class Unsaid(Message):
    """An explanation worded only when someone reads it: a function of the module that found
    the step (so that it pickles) and the plain facts it words. The engine finds many steps
    and a hint shows few, so solving and grading never word one."""

    id: str = ""
    wording: Callable[..., Message] | None = None
    facts: tuple[Any, ...] = ()

    def render(self, language: str = ENGLISH) -> str:
        assert self.wording is not None, "made by unsaid()"
        return self.wording(*self.facts).render(language)


def unsaid(wording: Callable[..., Message], *facts: Any) -> Unsaid:
    """The explanation `wording(*facts)`, worded when read."""
    return Unsaid(wording=wording, facts=facts)


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, why, and what it places or removes."""

    technique: str  # its English name, the key of grade.WEIGHTS (technique_name shows it)
    explanation: Message | str  # e.g. "r4c7 can only be 3: naked single", often Unsaid
    placements: tuple[Move, ...] = ()  # (cell, value) now known
    eliminations: tuple[Move, ...] = ()  # (cell, value) ruled out
    cells: tuple[int, ...] = ()  # the cells the reasoning is about (to highlight)

    def text(self, language: str = ENGLISH) -> str:
        return render(self.explanation, language)


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


@dataclass(frozen=True)
class Words:
    """How a grid's cells and values are named in an explanation: "r4c7", "3" (or a letter
    of Sudoku Spelling). Plain values, so a step's unworded explanation pickles."""

    size: int
    symbols: str

    def name(self, cell: int) -> str:
        return _cell_names(self.size)[cell]

    def sym(self, value: int) -> str:
        return self.symbols[value - 1]

    def names(self, cells: Iterable[int]) -> Message | str:
        return listing([self.name(c) for c in sorted(cells)])

    def syms(self, values: Iterable[int], word: str = "and") -> Message | str:
        return listing([self.sym(v) for v in sorted(values)], word)

    def removals(self, eliminations: Sequence[Move]) -> Message:
        """'remove 4 from r1c3 and r1c9; 3 and 7 from r2c2': values sharing cells together."""
        cells_of: dict[int, list[int]] = {}
        for cell, value in eliminations:
            cells_of.setdefault(value, []).append(cell)
        values_at: dict[tuple[int, ...], list[int]] = {}
        for value, cells in sorted(cells_of.items()):
            values_at.setdefault(tuple(sorted(cells)), []).append(value)
        parts = [
            _("{values} from {cells}", values=self.syms(values), cells=self.names(cells))
            for cells, values in values_at.items()
        ]
        # Translators: the pencil marks a sudoku step rules out: "remove 4 from r1c3 and r1c9;
        # 3 from r2c2" ({removals} is one "{values} from {cells}" or several, split by "; ").
        return _("remove {removals}", removals=joined(parts))


class Board:
    """Mutable solving state: values and candidates, and the Words that name its cells."""

    def __init__(
        self, grid: Grid, candidates: Sequence[int] | None = None, solution: Grid | None = None
    ):
        self.grid = grid
        self.words = Words(grid.size, grid.symbols)
        self.geo = geometry(grid.box_rows, grid.box_cols)
        self.n = grid.size
        self.full = (1 << self.n) - 1
        self.values = list(grid.cells)
        self._spots = _unit_spots(grid.box_rows, grid.box_cols)
        # A cell's peers are its units' other cells: what its units hold, it cannot.
        held = [self.placed_in(unit) for unit in self.geo.units]
        self.cands = [
            self.full & ~_held_around(held, spots) if value == EMPTY else 0
            for value, spots in zip(self.values, self._spots, strict=True)
        ]
        if candidates is not None:
            for cell, mask in enumerate(candidates):
                if self.values[cell] == EMPTY:
                    self.cands[cell] &= mask
        self._places: list[list[int]] | None = None
        # (unit, value) with one place, maybe stale: a heap, so the first is on top
        self._singles: list[tuple[int, int]] = []
        self.memo: dict[object, Any] = {}  # facts about the current state, reset on change
        # How often candidates went in each unit and of each value: a technique that found
        # nothing in a unit (or for a value) need not look there again until it changes.
        self.unit_changes = [0] * len(self.geo.units)
        self.value_changes = [0] * (self.n + 1)
        self._nothing_at: dict[object, int] = {}
        self._pairs: dict[int, tuple[int, list[tuple[int, int]]]] = {}
        self._fruitless: dict[object, frozenset[Any]] = {}
        self._facts: dict[str, list[tuple[int, Any]]] = {}
        # A completion of the grid, when the caller knows one (solve found it), as one bit
        # set of its candidates (bit (value - 1) * cells + cell, as the chains number them):
        # every step holds in every solution, so techniques may use it to skip looking where
        # nothing can be found (chains.py).
        self.solution: int | None = None
        if solution is not None:
            cells_of = [0] * (self.n + 1)  # value -> its cells in the solution, as bits
            checked = _checked_solution(self, solution, narrowed=candidates is not None)
            for cell, value in enumerate(checked):
                cells_of[value] |= 1 << cell
            cells = len(self.cands)
            values = range(1, self.n + 1)
            self.solution = sum(cells_of[value] << (value - 1) * cells for value in values)

    def places(self) -> list[list[int]]:
        """places()[u][v]: bitset of the positions in unit u (geo.units order) where value v
        is still a candidate. Worked out once, then kept up to date as candidates go, since
        most techniques read it."""
        if self._places is None:
            table = [[0] * (self.n + 1) for _unit in self.geo.units]
            for cell, m in enumerate(self.cands):
                spots = self._spots[cell]
                while m:
                    low = m & -m
                    value = low.bit_length()
                    for unit, position_bit in spots:
                        table[unit][value] |= position_bit
                    m ^= low
            self._places = table
            self._singles = [
                (unit, value)
                for unit, spots in enumerate(table)
                for value, mask in enumerate(spots)
                if mask and not mask & (mask - 1)
            ]  # in order, so already a heap
        return self._places

    def first_hidden_single(self) -> tuple[int, int] | None:
        """(unit, value) of the first unit (geo.units order) with a value that has one place
        left in it, the lowest such value; None when there is none."""
        table = self._places if self._places is not None else self.places()
        singles = self._singles
        while singles:
            unit, value = singles[0]
            mask = table[unit][value]
            if mask and not mask & (mask - 1):
                return unit, value
            heappop(singles)  # placed meanwhile: places only ever go
        return None

    def first_step(
        self, looks: Iterable[tuple[tuple[Any, ...], int]], finder: Callable[..., Step | None]
    ) -> Step | None:
        """The first step of finder(self, *where[1:]) over (where, changes) pairs in order (a
        unit, a value), skipping a place where it found nothing last time when the
        candidates it reads there have not changed since (`changes` counts how often they
        did: unit_changes, value_changes)."""
        nothing_at = self._nothing_at
        for where, changes in looks:
            if nothing_at.get(where) == changes:
                continue
            step = finder(self, *where[1:])
            if step is not None:
                return step
            nothing_at[where] = changes
        return None

    def unit_facts(self, kind: str, work: Callable[[Board, int], Any]) -> Iterator[Any]:
        """work(self, unit) for each unit in order, worked out again only for a unit that
        lost a candidate since: for what reads nothing but the unit's candidates."""
        return self._facts_of(kind, self.unit_changes, work, 0)

    def value_facts(self, kind: str, work: Callable[[Board, int], Any]) -> Iterator[Any]:
        """work(self, value) for each value ascending, worked out again only for a value that
        lost a candidate since: for what reads nothing but where the value can go."""
        return self._facts_of(kind, self.value_changes, work, 1)

    def _facts_of(
        self, kind: str, changes: list[int], work: Callable[[Board, int], Any], first: int
    ) -> Iterator[Any]:
        kept = self._facts.get(kind)
        if kept is None:
            kept = self._facts[kind] = [(-1, None)] * len(changes)
        for at in range(first, len(changes)):
            now = changes[at]
            if kept[at][0] != now:
                kept[at] = (now, work(self, at))
            yield kept[at][1]

    def unless_fruitless(
        self, where: object, links: frozenset[Any], finder: Callable[[], Step | None]
    ) -> Step | None:
        """finder(), unless it found nothing at `where` before with all of `links` there.

        For techniques whose patterns hang on links that candidates going can only make
        (a cell down to two values, a value down to two places in a unit) while all else
        they read only shrinks: chains, colouring, wings. With no new link since they last
        found nothing, they find nothing again."""
        before = self._fruitless.get(where)
        if before is not None and links <= before:
            return None
        step = finder()
        if step is None:
            self._fruitless[where] = links
        return step

    def _drop(self, moves: Iterable[Move]) -> None:
        """Each (cell, value) is no longer a candidate (nothing to do where it was not)."""
        cands, unit_changes, table = self.cands, self.unit_changes, self._places
        spots_of, value_changes, singles = self._spots, self.value_changes, self._singles
        for cell, value in moves:
            b = 1 << (value - 1)  # bit(value), inline: the hottest loop
            if not cands[cell] & b:
                continue
            cands[cell] ^= b
            value_changes[value] += 1
            if table is None:
                for unit, _position_bit in spots_of[cell]:
                    unit_changes[unit] += 1
                continue
            for unit, position_bit in spots_of[cell]:
                unit_changes[unit] += 1
                spots = table[unit]
                left = spots[value] & ~position_bit
                spots[value] = left
                if left and not left & (left - 1):
                    heappush(singles, (unit, value))

    # state changes
    def place(self, cell: int, value: int) -> None:
        self.memo.clear()
        self.values[cell] = value
        cands, b, table = self.cands, bit(value), self._places
        peers = [peer for peer in self.geo.peers[cell] if cands[peer] & b]
        if table is None:  # no places kept yet: nothing to keep up to date but the counts
            self._drop([(cell, other) for other in values_of(cands[cell])])
            self._drop([(peer, value) for peer in peers])
            return
        # The same as dropping the cell's candidates and the value from its peers one by
        # one, with fewer updates: the value leaves the cell's three units altogether.
        unit_changes, value_changes, singles = self.unit_changes, self.value_changes, self._singles
        spots_of = self._spots
        own = spots_of[cell]
        others = cands[cell] & ~b
        cands[cell] = 0
        value_changes[value] += 1
        for unit, position_bit in own:
            unit_changes[unit] += 1
            spots = table[unit]
            spots[value] = 0
            mask = others
            while mask:
                low = mask & -mask
                mask ^= low
                other = low.bit_length()
                left = spots[other] & ~position_bit
                spots[other] = left
                if left and not left & (left - 1):
                    heappush(singles, (unit, other))
        for other in values_of(others):
            value_changes[other] += 1
        own_units = [unit for unit, _position_bit in own]
        for peer in peers:  # _drop's loop, kept inline: through _drop, 3 to 6% slower
            cands[peer] ^= b
            for unit, position_bit in spots_of[peer]:
                if unit not in own_units:
                    unit_changes[unit] += 1
                    spots = table[unit]
                    left = spots[value] & ~position_bit
                    spots[value] = left
                    if left and not left & (left - 1):
                        heappush(singles, (unit, value))

    def apply(self, step: Step) -> None:
        self.memo.clear()
        self._drop(step.eliminations)
        for cell, value in step.placements:
            self.place(cell, value)

    def to_grid(self) -> Grid:
        return self.grid.with_cells(tuple(self.values))

    def conjugate_pairs(self, value: int) -> list[tuple[int, int]]:
        """The pairs of cells that are the only two places for `value` in some unit (kept
        until the value's candidates change)."""
        changes, pairs = self._pairs.get(value, (-1, []))
        if changes != self.value_changes[value]:
            pairs = []
            for unit, spots in zip(self.geo.units, self.places(), strict=True):
                if spots[value].bit_count() == 2:
                    first, second = bit_positions(spots[value])
                    pairs.append((unit[first], unit[second]))
            self._pairs[value] = (self.value_changes[value], pairs)
        return list(pairs)

    def cells_with(self, value: int) -> int:
        """The cells where `value` is still a candidate, as one bit set (bit `cell`)."""
        n, table = self.n, self.places()
        where = 0
        for row in range(n):  # a row's positions are its columns
            where |= table[n + row][value] << (row * n)
        return where

    def placed_in(self, unit: Iterable[int]) -> int:
        mask = 0
        for cell in unit:
            if self.values[cell]:
                mask |= bit(self.values[cell])
        return mask


def _checked_solution(board: Board, solution: Grid, narrowed: bool) -> tuple[int, ...]:
    """The solution's values, after making sure it completes the board's grid: the same
    shape, the givens kept, and each value once in every unit; `narrowed`, when the
    candidates were narrowed from the grid's, also that each empty cell's value is still
    among them (else a technique could skip the step that is there; from the grid alone,
    it is: a given that rules it out would be a second one in a unit)."""
    grid, values = board.grid, solution.cells
    shape = (solution.box_rows, solution.box_cols, len(values))
    if shape != (grid.box_rows, grid.box_cols, len(grid.cells)):
        raise ValueError("the solution is not the grid's shape")
    if min(values) < 1 or max(values) > board.n:
        raise ValueError("the solution has an empty cell or a value out of range")
    givens = grid.cells
    kept = [value for given, value in zip(givens, values, strict=True) if given]
    if kept != [given for given in givens if given]:
        changed = next(
            cell for cell, given in enumerate(givens) if given not in (EMPTY, values[cell])
        )
        raise ValueError(f"the solution changes the given at {board.words.name(changed)}")
    every_value = set(range(1, board.n + 1))
    for unit_name, unit_values in zip(
        board.geo.unit_names, _unit_readers(grid.box_rows, grid.box_cols), strict=True
    ):
        if set(unit_values(values)) != every_value:
            raise ValueError(f"the solution does not hold every value once in {unit_name}")
    for cell, value in enumerate(values) if narrowed else ():
        if not board.cands[cell] >> (value - 1) & 1 and givens[cell] == EMPTY:
            raise ValueError(f"the solution's value at {board.words.name(cell)} is ruled out")
    return values


@cache
def _unit_readers(box_rows: int, box_cols: int) -> tuple[itemgetter[Any], ...]:
    """Per unit (geo.units order): what reads its cells' values out of a grid's cells."""
    return tuple(itemgetter(*unit) for unit in geometry(box_rows, box_cols).units)


def _held_around(held: list[int], spots: tuple[tuple[int, int], ...]) -> int:
    """The values held in the units of a cell (its spots)."""
    found = 0
    for unit, _position_bit in spots:
        found |= held[unit]
    return found


@cache
def _cell_names(size: int) -> tuple[str, ...]:
    """Every cell's name ("r1c1", ...) for a grid size, worked out once."""
    return tuple(cell_name(cell, size) for cell in range(size * size))


@cache
def _unit_spots(box_rows: int, box_cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, (unit index, the cell's position in the unit as a bit) for its box, row and
    column, in geo.units order."""
    geo = geometry(box_rows, box_cols)
    spots: list[list[tuple[int, int]]] = [[] for _cell in range(geo.size * geo.size)]
    for u, unit in enumerate(geo.units):
        for position, cell in enumerate(unit):
            spots[cell].append((u, 1 << position))
    return tuple(tuple(found) for found in spots)


def listing(items: Sequence[str], word: str = "and") -> Message | str:
    """'a', 'a and b', 'a, b and c' ('or' for `word` gives 'a or b'), in the reader's
    language: 'a, b et c', 'a, b y c'."""
    items = list(items)
    if not items:
        return ""
    return either(items) if word == "or" else listed(items)


def contradiction(board: Board) -> Message | str:
    """Why the grid cannot be completed as it stands, or '' when nothing is visibly wrong."""
    if _looks_whole(board):
        return ""
    geo = board.geo
    for index, unit in enumerate(geo.units):
        seen: dict[int, int] = {}
        for cell in unit:
            value = board.values[cell]
            if value in seen:
                return _(
                    "{first} and {second} are both {symbol} in {unit}",
                    first=board.words.name(seen[value]),
                    second=board.words.name(cell),
                    symbol=board.words.sym(value),
                    unit=unit_called(geo.size, index),
                )
            if value:
                seen[value] = cell
    for cell, value in enumerate(board.values):
        if value == EMPTY and board.cands[cell] == 0:
            return _("{cell} has no possible value left", cell=board.words.name(cell))
    for index, unit in enumerate(geo.units):
        possible = board.placed_in(unit)
        for cell in unit:
            possible |= board.cands[cell]
        missing = board.full & ~possible
        if missing:
            return _(
                "{symbol} has no place left in {unit}",
                symbol=board.words.sym(values_of(missing)[0]),
                unit=unit_called(geo.size, index),
            )
    return ""


def unit_called(size: int, index: int) -> Message:
    """A unit of geometry().units (boxes, then rows, then columns) as a message names it."""
    kind, number = divmod(index, size)
    # Translators: a unit named after "in" ("5 has no place left in box 2"): give it the
    # article your language needs there ("le bloc 2", "el bloque 2").
    if kind == 0:
        return _("box {number}", number=number + 1)
    if kind == 1:
        return _("row {number}", number=number + 1)
    return _("column {number}", number=number + 1)


def _looks_whole(board: Board) -> bool:
    """No unit holds a value twice or lacks a place for one, and every empty cell has a
    candidate: the quick answer for the usual grid, unit by unit in C (contradiction words
    what is wrong when this says something is)."""
    values, cands = board.values, board.cands
    if 0 in map(or_, values, cands):  # an empty cell (0) without candidates (0)
        return False
    held = [1 << value >> 1 for value in values]  # bit(value), 0 for an empty cell
    full = board.full
    for read in _unit_readers(board.grid.box_rows, board.grid.box_cols):
        unit_values = read(values)
        empty = unit_values.count(EMPTY)
        if len(set(unit_values)) - (empty > 0) != len(unit_values) - empty:
            return False  # a value twice
        if reduce(or_, read(held)) | reduce(or_, read(cands)) != full:
            return False  # a value with no place
    return True
