"""Human-style sudoku solving: named techniques, one explained step at a time.

The engine keeps pencil marks (candidates) as one bitmask per cell: bit v - 1 set means
value v is still possible there; filled cells have no candidates. Placing a value clears
it from the candidates of the cell's peers, as a player does without thinking. Every
other removal is a step with a named reason.

Techniques are tried from the simplest (TECHNIQUES order) and the first that applies is
the step, so a whole solve reads the way a person would solve it. None of them assumes
the puzzle has a single solution, so each step holds for every solution of the grid.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from puzzles.core import PuzzleError
from puzzles.sudoku.grid import EMPTY, Grid, cell_name, peers, units
from puzzles.sudoku.parse import parse_grid

# From simplest to hardest: next_step tries them in this order, grade.py weighs them.
TECHNIQUES: tuple[str, ...] = (
    "hidden single",
    "naked single",
    "pointing",
    "claiming",
    "naked pair",
    "hidden pair",
    "naked triple",
    "hidden triple",
    "X-Wing",
    "naked quad",
    "hidden quad",
    "XY-Wing",
    "XYZ-Wing",
    "Swordfish",
    "simple colouring",
    "Jellyfish",
    "X-Chain",
    "XY-Chain",
    "alternating chain",
)

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

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


@dataclass(frozen=True)
class LogicResult:
    grid: Grid  # as far as logic got
    steps: tuple[Step, ...]
    solved: bool
    problem: str = ""  # set when the grid contradicts itself (no solution from here)


@dataclass(frozen=True)
class Hint:
    """The next step for a grid: what to show the player, and the pencil marks to draw."""

    grid: Grid  # the grid the hint is about (givens plus the player's entries)
    candidates: tuple[int, ...]  # bitmask per cell (bit v - 1 = value v), 0 for filled cells
    step: Step | None
    # Steps that only remove pencil marks, taken before `step` because the player cannot
    # keep pencil marks in a pasted grid; `candidates` are the marks after them.
    before: tuple[Step, ...] = ()
    problem: str = ""  # the grid contradicts itself

    def text(self) -> str:
        if self.problem:
            return f"Something is wrong in this grid: {self.problem}."
        if self.step is None:
            if self.grid.is_complete():
                return "The grid is already complete."
            return (
                "No logical step found with the techniques I know "
                f"({TECHNIQUES[0]} to {TECHNIQUES[-1]}); this grid needs guessing or "
                "a harder technique."
            )
        lines = [f"First, {s.explanation}." for s in self.before[:1]]
        lines += [f"Then {s.explanation}." for s in self.before[1:]]
        if self.before:
            lines.append(f"So {self.step.explanation}.")
        else:
            lines.append(f"{_capitalised(self.step.explanation)}.")
        return "\n".join(lines)


def _capitalised(sentence: str) -> str:
    """Upper-case the first letter, unless the sentence starts with a cell name (r4c7)."""
    if re.match(r"r\d+c\d+", sentence):
        return sentence
    return sentence[:1].upper() + sentence[1:]


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


# --- the board: values, pencil marks and the names of units --------------------------


@dataclass(frozen=True)
class _Geometry:
    size: int
    units: tuple[tuple[int, ...], ...]  # boxes, then rows, then columns
    unit_names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    box_of: tuple[int, ...]  # cell -> box index
    peers: tuple[tuple[int, ...], ...]  # sorted
    peer_sets: tuple[frozenset[int], ...]
    peer_masks: tuple[int, ...]  # peers as a bitset of cells


@cache
def _geometry(box_rows: int, box_cols: int) -> _Geometry:
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
    peer_sets = peers(box_rows, box_cols)
    return _Geometry(
        size=n,
        units=boxes + rows + cols,
        unit_names=tuple(names),
        rows=rows,
        cols=cols,
        boxes=boxes,
        box_of=tuple(box_of),
        peers=tuple(tuple(sorted(p)) for p in peer_sets),
        peer_sets=peer_sets,
        peer_masks=tuple(sum(1 << p for p in near) for near in peer_sets),
    )


class _Board:
    """Mutable solving state: values and candidates, with helpers to word a step."""

    def __init__(self, grid: Grid, candidates: Sequence[int] | None = None):
        self.grid = grid
        self.geo = _geometry(grid.box_rows, grid.box_cols)
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


def _contradiction(board: _Board) -> str:
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


# --- singles ------------------------------------------------------------------------


def _hidden_single(board: _Board) -> Step | None:
    cands = board.cands
    for unit, unit_name in zip(board.geo.units, board.geo.unit_names, strict=True):
        once = twice = 0
        for cell in unit:
            m = cands[cell]
            twice |= once & m
            once |= m
        only = once & ~twice
        if only:
            value = values_of(only)[0]
            b = bit(value)
            cell = next(c for c in unit if cands[c] & b)
            return Step(
                "hidden single",
                f"{board.name(cell)} is the only place for {board.sym(value)} in {unit_name}: "
                "hidden single",
                placements=((cell, value),),
                cells=(cell,),
            )
    return None


def _naked_single(board: _Board) -> Step | None:
    for cell, m in enumerate(board.cands):
        if m and not m & (m - 1):
            value = m.bit_length()
            return Step(
                "naked single",
                f"{board.name(cell)} can only be {board.sym(value)}: naked single",
                placements=((cell, value),),
                cells=(cell,),
            )
    return None


# --- locked candidates --------------------------------------------------------------


def _pointing(board: _Board) -> Step | None:
    """A box's only places for a value share a row or column: the rest of that line loses it."""
    geo, n = board.geo, board.n
    places = board.places()
    for box_index, box in enumerate(geo.boxes):
        for value in range(1, n + 1):
            mask = places[box_index][value]
            if mask.bit_count() < 2:
                continue
            inside = [box[p] for p in bit_positions(mask)]
            for kind, first_unit, line_of in (("row", n, _row_of), ("column", 2 * n, _col_of)):
                index = line_of(inside[0], n)
                if any(line_of(cell, n) != index for cell in inside):
                    continue
                line = geo.units[first_unit + index]
                spots = bit_positions(places[first_unit + index][value])
                gone = [line[p] for p in spots if geo.box_of[line[p]] != box_index]
                if gone:
                    sym = board.sym(value)
                    return Step(
                        "pointing",
                        f"in box {box_index + 1}, {sym} can only go in {kind} {index + 1} "
                        f"({board.names(inside)}), so no other cell of that {kind} can be {sym}: "
                        f"{board.removals([(c, value) for c in gone])}: pointing",
                        eliminations=tuple((c, value) for c in gone),
                        cells=tuple(inside),
                    )
    return None


def _row_of(cell: int, n: int) -> int:
    return cell // n


def _col_of(cell: int, n: int) -> int:
    return cell % n


def _claiming(board: _Board) -> Step | None:
    """A line's only places for a value share a box: the rest of that box loses it."""
    geo, n = board.geo, board.n
    places = board.places()
    for kind, first_unit, line_of in (("row", n, _row_of), ("column", 2 * n, _col_of)):
        for index in range(n):
            line = geo.units[first_unit + index]
            for value in range(1, n + 1):
                mask = places[first_unit + index][value]
                if mask.bit_count() < 2:
                    continue
                inside = [line[p] for p in bit_positions(mask)]
                box_index = geo.box_of[inside[0]]
                if any(geo.box_of[c] != box_index for c in inside):
                    continue
                box = geo.boxes[box_index]
                spots = bit_positions(places[box_index][value])
                gone = [box[p] for p in spots if line_of(box[p], n) != index]
                if gone:
                    sym = board.sym(value)
                    return Step(
                        "claiming",
                        f"in {kind} {index + 1}, {sym} can only go in box {box_index + 1} "
                        f"({board.names(inside)}), so no other cell of that box can be {sym}: "
                        f"{board.removals([(c, value) for c in gone])}: claiming",
                        eliminations=tuple((c, value) for c in gone),
                        cells=tuple(inside),
                    )
    return None


# --- naked and hidden subsets -------------------------------------------------------


def _naked_subset(board: _Board, size: int) -> Step | None:
    """`size` cells of a unit holding only `size` values between them: nobody else there can."""
    cands = board.cands
    for unit, unit_name in zip(board.geo.units, board.geo.unit_names, strict=True):
        small = [c for c in unit if 2 <= cands[c].bit_count() <= size]
        if len(small) < size:
            continue
        for group in combinations(small, size):
            together = 0
            for cell in group:
                together |= cands[cell]
            if together.bit_count() != size:
                continue
            gone = [
                (cell, value)
                for cell in unit
                if cell not in group and cands[cell] & together
                for value in values_of(cands[cell] & together)
            ]
            if gone:
                name = f"naked {SUBSET_NAMES[size]}"
                return Step(
                    name,
                    f"{board.names(group)} can only hold {board.syms(values_of(together))} "
                    f"between them, so no other cell of {unit_name} can: "
                    f"{board.removals(gone)}: {name}",
                    eliminations=tuple(gone),
                    cells=group,
                )
    return None


def _hidden_subset(board: _Board, size: int) -> Step | None:
    """`size` values of a unit fitting in only `size` cells: those cells hold nothing else."""
    cands = board.cands
    table = board.places()
    for unit, unit_name, spots in zip(board.geo.units, board.geo.unit_names, table, strict=True):
        # value -> bitmask of its positions within the unit
        places = {v: m for v, m in enumerate(spots) if 2 <= m.bit_count() <= size}
        if len(places) < size:
            continue
        for group in combinations(places, size):
            where = 0
            for value in group:
                where |= places[value]
            if where.bit_count() != size:
                continue
            keep = 0
            for value in group:
                keep |= bit(value)
            cells = [unit[p] for p in range(len(unit)) if where >> p & 1]
            gone = [(c, v) for c in cells for v in values_of(cands[c] & ~keep)]
            if gone:
                name = f"hidden {SUBSET_NAMES[size]}"
                return Step(
                    name,
                    f"in {unit_name}, {board.syms(group)} can only go in {board.names(cells)}, "
                    f"so those cells hold nothing else: {board.removals(gone)}: {name}",
                    eliminations=tuple(gone),
                    cells=tuple(cells),
                )
    return None


# --- fish: X-Wing, Swordfish, Jellyfish ---------------------------------------------


def _fish(board: _Board, size: int) -> Step | None:
    """`size` lines whose only places for a value lie in `size` cross lines: the rest of those
    cross lines lose the value."""
    n = board.n
    geo = board.geo
    cands = board.cands
    table = board.places()
    name = FISH_NAMES[size]
    for value in range(1, n + 1):
        b = bit(value)
        for base_lines, cover_lines, base_kind, cover_kind, first_unit in (
            (geo.rows, geo.cols, "rows", "columns", n),
            (geo.cols, geo.rows, "columns", "rows", 2 * n),
        ):
            spots: dict[int, int] = {}  # base line -> bitmask of cross lines
            for index in range(n):
                mask = table[first_unit + index][value]
                if 2 <= mask.bit_count() <= size:
                    spots[index] = mask
            if len(spots) < size:
                continue
            for group in combinations(spots, size):
                cover = 0
                for index in group:
                    cover |= spots[index]
                if cover.bit_count() != size:
                    continue
                crosses = [p for p in range(n) if cover >> p & 1]
                gone = [
                    (cell, value)
                    for p in crosses
                    for position, cell in enumerate(cover_lines[p])
                    if position not in group and cands[cell] & b
                ]
                if gone:
                    corners = [
                        base_lines[i][p]
                        for i in group
                        for p in crosses
                        if cands[base_lines[i][p]] & b
                    ]
                    sym = board.sym(value)
                    return Step(
                        name,
                        f"in {base_kind} {listing([str(i + 1) for i in group])}, {sym} can only "
                        f"go in {cover_kind} {listing([str(p + 1) for p in crosses])} "
                        f"({board.names(corners)}), so no other cell of those {cover_kind} can "
                        f"be {sym}: {board.removals(gone)}: {name}",
                        eliminations=tuple(gone),
                        cells=tuple(corners),
                    )
    return None


# --- wings ----------------------------------------------------------------------------


def _xy_wing(board: _Board) -> Step | None:
    """A two-value pivot xy seeing pincers xz and yz: whichever the pivot is, one pincer is z."""
    cands = board.cands
    geo = board.geo
    pairs = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    pair_set = set(pairs)
    for pivot in pairs:
        xy = cands[pivot]
        wings = [p for p in geo.peers[pivot] if p in pair_set and (cands[p] & xy).bit_count() == 1]
        for a, b in combinations(wings, 2):
            z = cands[a] & ~xy
            if cands[b] & ~xy != z or cands[a] & cands[b] & xy:
                continue
            gone = [
                (c, z.bit_length())
                for c in sorted(geo.peer_sets[a] & geo.peer_sets[b])
                if c != pivot and cands[c] & z
            ]
            if gone:
                x_, y_ = values_of(xy)
                zs = board.sym(z.bit_length())
                return Step(
                    "XY-Wing",
                    f"{board.name(pivot)} is {board.sym(x_)} or {board.sym(y_)}, and it sees "
                    f"{board.name(a)} ({board.syms(values_of(cands[a]), 'or')}) and "
                    f"{board.name(b)} ({board.syms(values_of(cands[b]), 'or')}); whichever it is, "
                    f"one of those two is {zs}, so no cell that sees both can be {zs}: "
                    f"{board.removals(gone)}: XY-Wing",
                    eliminations=tuple(gone),
                    cells=(pivot, a, b),
                )
    return None


def _xyz_wing(board: _Board) -> Step | None:
    """A three-value pivot xyz seeing pincers xz and yz: one of the three is z."""
    cands = board.cands
    geo = board.geo
    for pivot, xyz in enumerate(cands):
        if xyz.bit_count() != 3:
            continue
        wings = [p for p in geo.peers[pivot] if cands[p].bit_count() == 2 and cands[p] & ~xyz == 0]
        for a, b in combinations(wings, 2):
            if cands[a] | cands[b] != xyz:
                continue
            z = cands[a] & cands[b]
            seen_by_all = geo.peer_sets[pivot] & geo.peer_sets[a] & geo.peer_sets[b]
            gone = [(c, z.bit_length()) for c in sorted(seen_by_all) if cands[c] & z]
            if gone:
                zs = board.sym(z.bit_length())
                return Step(
                    "XYZ-Wing",
                    f"{board.name(pivot)} is {board.syms(values_of(xyz), 'or')}, and it sees "
                    f"{board.name(a)} ({board.syms(values_of(cands[a]), 'or')}) and "
                    f"{board.name(b)} ({board.syms(values_of(cands[b]), 'or')}); one of the three "
                    f"is {zs}, so no cell that sees all three can be {zs}: "
                    f"{board.removals(gone)}: XYZ-Wing",
                    eliminations=tuple(gone),
                    cells=(pivot, a, b),
                )
    return None


# --- simple colouring -------------------------------------------------------------------


def _simple_colouring(board: _Board) -> Step | None:
    """Follow one value through units where it has exactly two places: the cells alternate
    between two colours, and exactly one colour holds the value."""
    for value in range(1, board.n + 1):
        links: dict[int, list[int]] = {}
        for first, second in board.conjugate_pairs(value):
            links.setdefault(first, []).append(second)
            links.setdefault(second, []).append(first)
        coloured: set[int] = set()
        for start in sorted(links):
            if start in coloured:
                continue
            colour = {start: 0}
            queue = [start]
            for cell in queue:
                for other in links[cell]:
                    if other not in colour:
                        colour[other] = 1 - colour[cell]
                        queue.append(other)
            coloured.update(colour)
            if len(colour) < 3:
                continue  # a single pair is pointing or claiming territory
            step = _colour_wrap(board, value, colour) or _colour_trap(board, value, colour)
            if step:
                return step
    return None


def _colour_sides(colour: dict[int, int]) -> tuple[list[int], list[int]]:
    return (
        sorted(c for c, side in colour.items() if side == 0),
        sorted(c for c, side in colour.items() if side == 1),
    )


def _chain_intro(board: _Board, value: int, colour: dict[int, int]) -> str:
    side_a, side_b = _colour_sides(colour)
    sym = board.sym(value)
    return (
        f"following {sym} through units where it has only two places, either "
        f"{board.names(side_a)} {_are_all(side_a)} {sym}, "
        f"or {board.names(side_b)} {'is' if len(side_b) == 1 else 'are'}"
    )


def _are_all(cells: Sequence[int]) -> str:
    return {1: "is", 2: "are both"}.get(len(cells), "are all")


def _colour_wrap(board: _Board, value: int, colour: dict[int, int]) -> Step | None:
    """Two cells of one colour see each other: that colour cannot be the value."""
    peer_sets = board.geo.peer_sets
    for cell, side in sorted(colour.items()):
        clash = next(
            (o for o in sorted(colour) if o > cell and colour[o] == side and o in peer_sets[cell]),
            None,
        )
        if clash is None:
            continue
        false_side = sorted(c for c, s in colour.items() if s == side)
        gone = tuple((c, value) for c in false_side)
        sym = board.sym(value)
        return Step(
            "simple colouring",
            f"{_chain_intro(board, value, colour)}; but {board.name(cell)} and "
            f"{board.name(clash)} are on the same side and see each other, so that side "
            f"is not {sym}: {board.removals(gone)}: simple colouring",
            eliminations=gone,
            cells=tuple(sorted(colour)),
        )
    return None


def _colour_trap(board: _Board, value: int, colour: dict[int, int]) -> Step | None:
    """A cell seeing both colours cannot be the value: one of the two it sees is."""
    peer_sets = board.geo.peer_sets
    b = bit(value)
    side_a, side_b = _colour_sides(colour)
    gone = [
        (cell, value)
        for cell, m in enumerate(board.cands)
        if m & b
        and cell not in colour
        and not peer_sets[cell].isdisjoint(side_a)
        and not peer_sets[cell].isdisjoint(side_b)
    ]
    if not gone:
        return None
    sym = board.sym(value)
    return Step(
        "simple colouring",
        f"{_chain_intro(board, value, colour)}; a cell that sees one cell of each side cannot "
        f"be {sym}: {board.removals(gone)}: simple colouring",
        eliminations=tuple(gone),
        cells=tuple(sorted(colour)),
    )


# --- chains ---------------------------------------------------------------------------
#
# A chain alternates two kinds of link between candidates (a value in a cell):
# strong, "if this is false, that is true" (a cell with two candidates, or a value with two
# places in a unit), and weak, "if this is true, that is false" (same cell, or same value in
# cells that see each other). Starting from "s is false" and ending on "e is true" proves
# that s or e is true, so any candidate that sees both is false. X-Chains follow one value,
# XY-Chains hop between two-candidate cells; an alternating chain may do both.

# Links in a chain at most: keeps the explanation readable and the search bounded.
MAX_CHAIN_LINKS = 12
CHAIN_MODES = ("X-Chain", "XY-Chain", "alternating chain")


def _node(board: _Board, cell: int, value: int) -> int:
    """Candidates are numbered value-major, so one value's candidates form a run of bits
    laid out like the cells, and a cell bitset shifts straight into a candidate bitset."""
    return (value - 1) * len(board.cands) + cell


def _cell_value(board: _Board, node: int) -> tuple[int, int]:
    index, cell = divmod(node, len(board.cands))
    return cell, index + 1


def _chain_links(board: _Board, mode: str) -> tuple[dict[int, list[int]], dict[int, int]]:
    """Strong links (node -> nodes) and weak links (node -> bitset) usable in `mode`."""
    one_value = mode == "X-Chain"
    cells_only = mode == "XY-Chain"
    strong: dict[int, set[int]] = {}

    def link(a: int, b: int) -> None:
        strong.setdefault(a, set()).add(b)
        strong.setdefault(b, set()).add(a)

    if not cells_only:
        for value in range(1, board.n + 1):
            for first, second in board.conjugate_pairs(value):
                link(_node(board, first, value), _node(board, second, value))
    if not one_value:
        for cell, m in enumerate(board.cands):
            if m.bit_count() == 2:
                a, b = values_of(m)
                link(_node(board, cell, a), _node(board, cell, b))
    sees = _conflicts(board, same_cell=not one_value)
    return {a: sorted(bs) for a, bs in strong.items()}, sees


def _conflicts(board: _Board, same_cell: bool = True) -> dict[int, int]:
    """For every candidate, the bitset of candidates that cannot be true together with it:
    the same value in cells it sees, and (with same_cell) the other values of its cell."""
    key = ("conflicts", same_cell)
    if key not in board.memo:
        board.memo[key] = _work_out_conflicts(board, same_cell)
    return board.memo[key]


def _work_out_conflicts(board: _Board, same_cell: bool) -> dict[int, int]:
    cells = len(board.cands)
    where = [0] * (board.n + 1)  # value -> bitset of cells where it is a candidate
    for cell, m in enumerate(board.cands):
        for value in values_of(m):
            where[value] |= 1 << cell
    peer_masks = board.geo.peer_masks
    found = {}
    for cell, m in enumerate(board.cands):
        for value in values_of(m):
            offset = (value - 1) * cells
            mask = (peer_masks[cell] & where[value]) << offset
            if same_cell:
                for other in values_of(m & ~bit(value)):
                    mask |= 1 << ((other - 1) * cells + cell)
            found[offset + cell] = mask
    return found


def _chain(board: _Board, mode: str) -> Step | None:
    strong, weak = _chain_links(board, mode)
    sees = weak if mode == "alternating chain" else _conflicts(board)
    for start in sorted(strong):
        step = _chain_from(board, mode, start, strong, weak, sees)
        if step is not None:
            return step
    return None


def _chain_from(
    board: _Board,
    mode: str,
    start: int,
    strong: dict[int, list[int]],
    weak: dict[int, int],
    sees: dict[int, int],
) -> Step | None:
    """Breadth first from "start is false", so the first conclusion has the shortest chain."""
    came_from_off: dict[int, int] = {}  # on node -> the off node before it
    came_from_on: dict[int, int] = {}  # off node -> the on node before it
    seen_off, seen_on = 1 << start, 0
    frontier = [start]
    links = 0
    while frontier and links < MAX_CHAIN_LINKS:
        reached = []
        for off in frontier:
            for on in strong.get(off, ()):
                if seen_on >> on & 1:
                    continue
                seen_on |= 1 << on
                came_from_off[on] = off
                reached.append(on)
                if on == start:  # "start is false" led to "start is true"
                    chain = _trace(start, on, came_from_off, came_from_on)
                    return _chain_step(board, mode, chain, (), placement=True)
                gone = sees[start] & sees[on] & ~(1 << start | 1 << on)
                if gone:
                    chain = _trace(start, on, came_from_off, came_from_on)
                    return _chain_step(board, mode, chain, bit_positions(gone))
        links += 2
        frontier = []
        for on in reached:
            fresh = weak[on] & ~seen_off
            seen_off |= fresh
            for off in bit_positions(fresh):
                came_from_on[off] = on
                frontier.append(off)
    return None


def _trace(start: int, end: int, from_off: dict[int, int], from_on: dict[int, int]) -> list[int]:
    """The chain's nodes from start (false) to end (true), alternating false and true."""
    chain = [end]
    node, is_on = end, True
    while not (node == start and not is_on):
        node = from_off[node] if is_on else from_on[node]
        is_on = not is_on
        chain.append(node)
    return chain[::-1]


def _chain_step(
    board: _Board, mode: str, chain: list[int], gone: Sequence[int], placement: bool = False
) -> Step:
    def said(node: int, true: bool) -> str:
        cell, value = _cell_value(board, node)
        return f"{board.name(cell)} {'is' if true else 'is not'} {board.sym(value)}"

    start, end = chain[0], chain[-1]
    steps = [said(node, position % 2 == 1) for position, node in enumerate(chain)]
    reasoning = f"if {steps[0]}, then " + ", so ".join(steps[1:])
    cells = tuple(dict.fromkeys(_cell_value(board, node)[0] for node in chain))
    if placement:
        return Step(
            mode,
            f"{reasoning}; that contradicts the start, so {said(start, True)}: {mode}",
            placements=(_cell_value(board, start),),
            cells=cells,
        )
    eliminations = tuple(_cell_value(board, node) for node in gone)
    return Step(
        mode,
        f"{reasoning}; so {said(start, True)} or {said(end, True)}, and whatever would rule "
        f"out both is false: {board.removals(eliminations)}: {mode}",
        eliminations=eliminations,
        cells=cells,
    )


# --- driving the techniques ---------------------------------------------------------

_FINDERS: tuple[Callable[[_Board], Step | None], ...] = (
    _hidden_single,
    _naked_single,
    _pointing,
    _claiming,
    lambda board: _naked_subset(board, 2),
    lambda board: _hidden_subset(board, 2),
    lambda board: _naked_subset(board, 3),
    lambda board: _hidden_subset(board, 3),
    lambda board: _fish(board, 2),
    lambda board: _naked_subset(board, 4),
    lambda board: _hidden_subset(board, 4),
    _xy_wing,
    _xyz_wing,
    lambda board: _fish(board, 3),
    _simple_colouring,
    lambda board: _fish(board, 4),
    *(lambda board, mode=mode: _chain(board, mode) for mode in CHAIN_MODES),
)


def _find_step(board: _Board) -> Step | None:
    for finder in _FINDERS:
        step = finder(board)
        if step is not None:
            return step
    return None


def next_step(grid: Grid, candidates: Sequence[int] | None = None) -> Step | None:
    """The simplest step that applies to the grid, or None when none does (or the grid is
    complete or contradicts itself). `candidates` (bitmask per cell) narrows the pencil marks
    worked out from the grid, e.g. to continue after earlier eliminations."""
    board = _Board(grid, candidates)
    if _contradiction(board):
        return None
    return _find_step(board)


def solve_by_logic(grid: Grid) -> LogicResult:
    """Apply steps until the grid is solved or no technique applies."""
    board = _Board(grid)
    steps: list[Step] = []
    problem = _contradiction(board)
    while not problem and EMPTY in board.values:
        step = _find_step(board)
        if step is None:
            break
        steps.append(step)
        board.apply(step)
    if EMPTY in board.values:
        problem = problem or _contradiction(board)  # stuck: say so if the grid is impossible
    return LogicResult(
        grid=board.to_grid(),
        steps=tuple(steps),
        solved=not problem and EMPTY not in board.values,
        problem=problem,
    )


def apply_step(grid: Grid, step: Step) -> Grid:
    """The grid with the step's placements written in (eliminations leave no trace in a grid)."""
    cells = list(grid.cells)
    for cell, value in step.placements:
        cells[cell] = value
    return grid.with_cells(tuple(cells))


# The most elimination-only steps a hint walks through before giving up on a placement.
MAX_HINT_PREPARATION = 40


def hint(grid: Grid, progress: str | Grid = "") -> Hint:
    """The next step for the grid with the player's progress (a grid text, or a Grid) filled in.

    When the simplest step only removes pencil marks, the hint keeps going to the first step
    that places a value and shows the removals that lead to it (`Hint.before`).
    """
    current = _with_progress(grid, progress)
    board = _Board(current)
    problem = _contradiction(board)
    if problem:
        return Hint(current, tuple(board.cands), None, problem=problem)
    start = tuple(board.cands)
    before: list[Step] = []
    while len(before) <= MAX_HINT_PREPARATION:
        step = _find_step(board)
        if step is None or step.placements:
            break
        before.append(step)
        board.apply(step)
    if step is not None and step.placements:
        return Hint(current, tuple(board.cands), step, tuple(before))
    problem = _contradiction(board)
    if problem:
        return Hint(current, start, None, problem=problem)
    # No placement in reach: show the first step on its own, or nothing.
    return Hint(current, start, before[0] if before else None)


# --- the player's progress ------------------------------------------------------------


def _with_progress(grid: Grid, progress: str | Grid) -> Grid:
    """The puzzle's givens plus the player's entries (read like a puzzle, in its symbols)."""
    if isinstance(progress, Grid):
        entered = progress
    elif progress.strip():
        entered = parse_grid(progress, symbols=grid.symbols, size=grid.size)
    else:
        return grid
    if entered.size != grid.size:
        raise PuzzleError(
            f"your progress is a {entered.size}x{entered.size} grid but the puzzle is "
            f"{grid.size}x{grid.size}"
        )
    cells = list(grid.cells)
    for cell, (given, mine) in enumerate(zip(grid.cells, entered.cells, strict=True)):
        if given and mine and mine != given:
            raise PuzzleError(
                f"{cell_name(cell, grid.size)} is a given {grid.symbol(given)}, "
                f"but your progress has {grid.symbol(mine)} there"
            )
        cells[cell] = given or mine
    return grid.with_cells(tuple(cells))


__all__ = [
    "TECHNIQUES",
    "Hint",
    "LogicResult",
    "Step",
    "apply_step",
    "bit",
    "hint",
    "next_step",
    "solve_by_logic",
    "values_of",
]
