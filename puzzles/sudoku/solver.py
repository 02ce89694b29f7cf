"""The exact sudoku solver: candidates as bit sets, constraint propagation, then search.

Each cell holds a bit set of the values still possible there (bit v-1 for value v). Two
rules do most of the work: a value placed in a cell is removed from its peers (a cell
left with one candidate is a *naked single*), and a value with only one place left in a
row, column or box goes there (a *hidden single*). When the rules stop, the search tries
each candidate of the cell with the fewest (among those, the cell with the most open peers,
where a wrong guess fails soonest), and counts complete grids up to a limit.

The same engine answers the generator's questions: a random complete grid (values tried in
a random order), and whether emptying a given keeps the solution unique.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from puzzles.core import Option
from puzzles.i18n import ENGLISH, Message, _, render
from puzzles.sudoku.grade import Grade, grade
from puzzles.sudoku.grid import EMPTY, Grid, geometry
from puzzles.sudoku.logic import LogicResult, Step, solve_by_logic
from puzzles.sudoku.puzzle import DIGITS, boxed_text

# solve(steps=True), offered to players (Sudoku Spelling solves with the same engine).
STEPS_OPTION = Option("steps", bool, False, "show the whole solve as logical steps")

UNIQUE = 1
SEVERAL = 2  # a count of 2 means "two or more"
# When a puzzle has several solutions, they are counted on up to this many to say how many.
MANY_CAP = 100


@dataclass(frozen=True)
class SudokuSolution:
    """The exact solver's answer, with the logic engine's grade and steps when it has them."""

    puzzle: Grid
    solution: Grid | None  # the solution, or one of them; None when there is none
    count: int  # 0, 1, or 2 meaning "two or more"
    counted: int = 0  # with several solutions: how many were counted, up to MANY_CAP
    grade: Grade | None = None  # how hard the logic is (unique puzzles only)
    steps: tuple[Step, ...] = ()  # logic.Step values, when asked for
    reason: Message | str = ""  # with no solution: where the givens contradict, when plain

    @property
    def unique(self) -> bool:
        return self.count == UNIQUE

    @property
    def no_answer(self) -> bool:
        return self.solution is None

    def text(self, language: str = ENGLISH) -> str:
        """The answer in `language`: the grid, its grade or how many solutions, the steps."""
        if self.solution is None:
            return render(self._no_solution(), language)
        lines = [boxed_text(self.solution)]
        if self.count >= SEVERAL:
            lines.insert(0, render(self._several(), language))
        else:
            lines.append(render(self._grade_line(), language))
        lines += [f"{number}. {step.text(language)}" for number, step in enumerate(self.steps, 1)]
        return "\n".join(line for line in lines if line)

    def _no_solution(self) -> Message:
        if self.reason:
            return _("No solution: {reason}.", reason=self.reason)
        return _(
            "No solution: these givens contradict each other once you follow them through "
            "(every way of filling the grid breaks a rule)."
        )

    def _several(self) -> Message:
        if self.counted >= MANY_CAP:
            return _(
                "Several solutions (at least {count}); a proper sudoku has one. One of them:",
                count=MANY_CAP,
            )
        return _(
            "Several solutions ({count}); a proper sudoku has one. One of them:",
            count=self.counted,
        )

    def _grade_line(self) -> Message:
        if self.grade is None:
            return _("Unique solution.")
        return _("Unique solution. Grade: {grade}.", grade=self.grade.message)


# --- the engine --------------------------------------------------------------------------------
#
# State: `cands[cell]`, the bit set of values still possible in the cell; `places[k]`, how
# many cells of unit u can still take value d (k = u * size + d); and `where[d]`, the cells
# that can still take value d as one bit set over the grid (bit `cell`), so that the peers
# holding a value are found with one AND instead of a loop. A count that drops to one is a
# hidden single; to zero, a contradiction. Once a value is placed its counts are set to
# PLACED, so that emptying the rest of its units is not mistaken for a hidden single.
#
# Speed in CPython is mostly not making new int objects: the ints up to 256 are made once,
# so PLACED is one of them (a unit's other cells, 24 at most, take it no lower than 176),
# and single bits are looked up in tables rather than shifted out of a bit set.

PLACED = 200
_State = tuple[list[int], list[int], list[int]]  # cands, places, where


@dataclass(frozen=True)
class _Shape:
    """The search's tables for one grid size, built on its geometry once per size."""

    size: int
    full: int  # every value possible
    # [d][cell]: where the counts of value d + 1 in the cell's box, row and column are kept
    count_keys: tuple[tuple[tuple[int, int, int], ...], ...]
    value_index: dict[int, int]  # bit -> value - 1
    peer_masks: tuple[int, ...]  # the geometry's: per cell, its peers as one bit set
    unit_masks: tuple[int, ...]  # the geometry's: per unit, its cells as one bit set
    cell_bits: tuple[int, ...]  # 1 << cell: looked up, not made, in the hot loop
    value_bits: tuple[int, ...]  # 1 << d
    # per bit set: how many candidates, or 0 once placed (a table up to 16x16; 25x25 would
    # need 2**25 entries, so it counts)
    choices: Callable[[int], int]


MAX_TABLED_SIZE = 16


def _choices(m: int) -> int:
    return m.bit_count() if m & (m - 1) else 0


@cache
def _shape(box_rows: int, box_cols: int) -> _Shape:
    geo = geometry(box_rows, box_cols)
    size = geo.size
    offsets: list[list[int]] = [[] for _ in range(size * size)]
    for u, unit in enumerate(geo.units):
        for cell in unit:
            offsets[cell].append(u * size)
    return _Shape(
        size=size,
        full=(1 << size) - 1,
        count_keys=tuple(tuple((b + d, r + d, c + d) for b, r, c in offsets) for d in range(size)),
        value_index={1 << d: d for d in range(size)},
        peer_masks=geo.peer_masks,
        unit_masks=geo.unit_masks,
        cell_bits=tuple(1 << cell for cell in range(size * size)),
        value_bits=tuple(1 << d for d in range(size)),
        choices=(
            tuple(_choices(m) for m in range(1 << size)).__getitem__
            if size <= MAX_TABLED_SIZE
            else _choices
        ),
    )


def _assign(
    cands: list[int],
    places: list[int],
    where: list[int],
    cell: int,
    keep: int,
    hidden: list[int],
    shape: _Shape,
) -> bool:
    """Keep only the candidates `keep` in `cell`, counting the cell out of its units for the
    others; False on a contradiction."""
    others = cands[cell] ^ keep
    cands[cell] = keep
    cell_bit = shape.cell_bits[cell]
    value_bits, count_keys = shape.value_bits, shape.count_keys
    while others:
        d = others.bit_length() - 1
        others ^= value_bits[d]
        where[d] ^= cell_bit
        for k in count_keys[d][cell]:  # the cell's box, row and column
            left = places[k] - 1
            places[k] = left
            if left < 2:
                if not left:
                    return False
                hidden.append(k)
    return True


def _propagate(
    cands: list[int],
    places: list[int],
    where: list[int],
    placed: list[int],
    hidden: list[int],
    shape: _Shape,
) -> bool:
    """Naked and hidden singles until neither applies; False on a contradiction.

    `placed`: cells holding one candidate whose value is not yet removed from their peers.
    `hidden`: (unit, value) counts that dropped to one, to look at.
    """
    count_keys, value_index, peer_masks, cell_bits, size = (
        shape.count_keys,
        shape.value_index,
        shape.peer_masks,
        shape.cell_bits,
        shape.size,
    )
    while True:
        while placed:
            cell = placed.pop()
            bit = cands[cell]
            d = value_index[bit]
            keys_of = count_keys[d]
            box, row, col = keys_of[cell]
            places[box] = places[row] = places[col] = PLACED
            # The peers that still have this value, all at once from its bit set of cells.
            hits = where[d] & peer_masks[cell]
            where[d] ^= hits
            while hits:
                peer = hits.bit_length() - 1
                hits ^= cell_bits[peer]
                m = cands[peer] ^ bit
                if not m:
                    return False
                cands[peer] = m
                # Unrolled over the peer's row, column and box: this is the hot loop.
                b, r, c = keys_of[peer]
                left = places[r] - 1
                places[r] = left
                if left < 2:
                    if not left:
                        return False
                    hidden.append(r)
                left = places[c] - 1
                places[c] = left
                if left < 2:
                    if not left:
                        return False
                    hidden.append(c)
                left = places[b] - 1
                places[b] = left
                if left < 2:
                    if not left:
                        return False
                    hidden.append(b)
                if m in value_index:  # one candidate left
                    placed.append(peer)
        while hidden and not placed:
            k = hidden.pop()
            if places[k] != 1:
                continue  # placed meanwhile
            u, d = divmod(k, size)
            cell = (where[d] & shape.unit_masks[u]).bit_length() - 1
            bit = 1 << d
            if cands[cell] != bit:
                if not _assign(cands, places, where, cell, bit, hidden, shape):
                    return False
                placed.append(cell)
        if not placed:
            return True


def _branch_cell(cands: list[int], where: list[int], shape: _Shape) -> int:
    """The open cell with the fewest candidates, -1 when every cell is placed.

    Among equally few, the one with the most open peers, those with two candidates counted
    twice: a wrong guess there fails soonest (this halves the search on the hardest
    puzzles). Cells with two candidates, the usual case, are found by counting each cell's
    values across the `where` bit sets.
    """
    once = open_cells = three = 0  # cells with at least one, two, three candidates
    for cells in where:
        three |= open_cells & cells
        open_cells |= once & cells
        once |= cells
    if not open_cells:
        return -1
    two = open_cells & ~three  # cells with exactly two candidates
    fewest = two
    if not fewest:
        choices = list(map(shape.choices, cands))  # 0 for a placed cell
        least = min(filter(None, choices))
        fewest = sum(1 << cell for cell, count in enumerate(choices) if count == least)
    best, most_open = -1, -1
    peer_masks = shape.peer_masks
    cell_bits = shape.cell_bits
    while fewest:  # from the last cell back, so that ties go to the first
        cell = fewest.bit_length() - 1
        fewest ^= cell_bits[cell]
        near = peer_masks[cell]
        open_peers = (open_cells & near).bit_count() + (two & near).bit_count()
        if open_peers >= most_open:
            best, most_open = cell, open_peers
    return best


def _search(
    state: _State,
    placed: list[int],
    hidden: list[int],
    shape: _Shape,
    limit: int,
    found: list[list[int]],
    rng: random.Random | None,
) -> None:
    """Depth first from the most constrained cell; stops at `limit` solutions.

    `state`: candidates per cell, place counts per (unit, value), cells per value.
    """
    cands, places, where = state
    if not _propagate(cands, places, where, placed, hidden, shape):
        return
    cell = _branch_cell(cands, where, shape)
    if cell < 0:
        found.append(cands)
        return
    m = cands[cell]
    bits = []
    while m:
        bit = m & -m
        bits.append(bit)
        m ^= bit
    if rng is not None:
        rng.shuffle(bits)
    last = bits.pop()
    for bit in bits:
        child = (cands.copy(), places.copy(), where.copy())
        child_hidden: list[int] = []
        if _assign(*child, cell, bit, child_hidden, shape):
            _search(child, [cell], child_hidden, shape, limit, found, rng)
            if len(found) >= limit:
                return
    # The last value takes over this node's state instead of a copy: nothing here reads it
    # afterwards, and a solution found below is never written to again.
    if _assign(cands, places, where, cell, last, hidden, shape):
        _search(state, [cell], hidden, shape, limit, found, rng)


def _run(
    grid: Grid, limit: int, rng: random.Random | None = None, exclude: int = -1, value: int = 0
) -> list[list[int]]:
    """Solutions of `grid` (as candidate lists) up to `limit`; with `exclude`, only those
    that put something other than `value` in that cell."""
    start = _start(grid)
    if start is None:
        return []
    state, placed, hidden, shape = start
    found: list[list[int]] = []
    if exclude >= 0:
        others = state[0][exclude] & ~(1 << (value - 1))
        if not others or not _assign(*state, exclude, others, hidden, shape):
            return []
        if not others & (others - 1):
            placed.append(exclude)
    _search(state, placed, hidden, shape, limit, found, rng)
    return found


def _start(grid: Grid) -> tuple[_State, list[int], list[int], _Shape] | None:
    """The search state of `grid`, its first singles and its shape; None on a contradiction."""
    shape = _shape(grid.box_rows, grid.box_cols)
    size = shape.size
    cands = [shape.full if v == EMPTY else 1 << (v - 1) for v in grid.cells]
    # Every value is possible in every open cell; a given is possible only in its own cell.
    open_cells = 0
    givens = [0] * size
    for cell, v in enumerate(grid.cells):
        if v == EMPTY:
            open_cells |= 1 << cell
        else:
            givens[v - 1] |= 1 << cell
    where = [open_cells | cells for cells in givens]
    places = [(cells & unit_mask).bit_count() for unit_mask in shape.unit_masks for cells in where]
    if 0 in places:
        return None
    hidden = [k for k, count in enumerate(places) if count == 1]
    placed = [cell for cell, m in enumerate(cands) if not m & (m - 1)]
    return (cands, places, where), placed, hidden, shape


def _values(cands: list[int]) -> tuple[int, ...]:
    return tuple(m.bit_length() for m in cands)


def solutions(grid: Grid, limit: int = SEVERAL, rng: random.Random | None = None) -> list[Grid]:
    """Up to `limit` solutions; with `rng`, values are tried in a random order."""
    return [grid.with_cells(_values(found)) for found in _run(grid, limit, rng)]


def count_solutions(grid: Grid, limit: int = SEVERAL) -> int:
    """The number of solutions, counting stops at `limit`."""
    return len(_run(grid, limit))


def has_solution_without(grid: Grid, cell: int, value: int) -> bool:
    """Is there a solution with something other than `value` at `cell` (an empty cell)?

    Emptying a given keeps a puzzle unique exactly when this is False, which is a quicker
    question than counting solutions to two.
    """
    return bool(_run(grid, 1, exclude=cell, value=value))


def solves_by_singles(grid: Grid) -> bool:
    """Can naked and hidden singles alone fill the grid? (Then it is unique, and a player
    can solve it step by step.)"""
    return _solution_by_singles(grid) is not None


def random_filled_grid(rng: random.Random, box_rows: int = 3, box_cols: int = 3) -> Grid:
    """A complete valid grid drawn at random (the same for the same rng state)."""
    size = box_rows * box_cols
    empty = Grid(box_rows, box_cols, (EMPTY,) * (size * size), DIGITS[size])
    return solutions(empty, limit=1, rng=rng)[0]


def solve(puzzle: Grid, steps: bool = False) -> SudokuSolution:
    """Solve and count solutions to two; a unique puzzle is graded, with steps if asked.

    Logic goes first: each of its steps holds in every solution, so a grid it fills has that
    one solution and no other, and a grid it finds impossible has none; neither needs the
    search. Where logic gets stuck, the search decides, counting on to MANY_CAP at once (a
    unique puzzle's search is the same to two or to MANY_CAP: both must finish it).
    """
    logic = solve_by_logic(puzzle)
    if logic.problem:
        return SudokuSolution(puzzle, None, 0, reason=logic.problem)
    if logic.solved:
        return _unique(puzzle, logic.grid, logic, steps)
    found = _run(puzzle, MANY_CAP)
    if not found:
        return SudokuSolution(puzzle, None, 0)
    first = puzzle.with_cells(_values(found[0]))
    if len(found) >= SEVERAL:
        return SudokuSolution(puzzle, first, SEVERAL, counted=len(found))
    return _unique(puzzle, first, logic, steps)


def _unique(puzzle: Grid, solution: Grid, logic: LogicResult, with_steps: bool) -> SudokuSolution:
    """A unique puzzle's answer, graded from its logic solve."""
    steps = logic.steps if with_steps else ()
    return SudokuSolution(puzzle, solution, UNIQUE, grade=grade(puzzle, logic), steps=steps)


def _solution_by_singles(grid: Grid) -> Grid | None:
    """The grid as naked and hidden singles alone fill it, or None when they cannot."""
    start = _start(grid)
    if start is None:
        return None
    state, placed, hidden, shape = start
    if not _propagate(*state, placed, hidden, shape) or not _filled(state[0]):
        return None
    return grid.with_cells(_values(state[0]))


def _filled(cands: list[int]) -> bool:
    """Does every cell hold one value?"""
    return all(not m & (m - 1) for m in cands)
