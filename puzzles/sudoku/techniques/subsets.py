"""Naked and hidden subsets: pairs, triples and quads of cells and values in one unit."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from puzzles.sudoku.board import Board, Step, bit, values_of

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def confined(masks: dict[int, int], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Each `size` of the keys whose bit sets together hold exactly `size` bits, with that
    union: `size` things confined to `size` places, the rule behind subsets and fish.

    In the order of itertools.combinations; groups are grown one key at a time, depth
    first, and one already over `size` bits is dropped (more keys only add bits)."""
    keys = list(masks)
    found: list[tuple[tuple[int, ...], int]] = []
    _grow(list(masks.values()), 0, 0, size, size, (), found)
    return [(tuple(keys[index] for index in indexes), union) for indexes, union in found]


def _grow(
    values: list[int],
    first: int,
    union: int,
    more: int,
    size: int,
    taken: tuple[int, ...],
    found: list[tuple[tuple[int, ...], int]],
) -> None:
    """Add to `found` the groups of `taken` and `more` further indexes from `first` on
    whose bits, with `union`'s, come to exactly `size`."""
    last = len(values) - more  # the last index that leaves room for the rest
    if more == 1:
        for index in range(first, last + 1):
            together = union | values[index]
            if together.bit_count() == size:
                found.append(((*taken, index), together))
        return
    for index in range(first, last + 1):
        together = union | values[index]
        if together.bit_count() <= size:
            _grow(values, index + 1, together, more - 1, size, (*taken, index), found)


def naked_subset(board: Board, size: int) -> Step | None:
    """`size` cells of a unit holding only `size` values between them: nobody else there can."""
    return _first_in_units(board, f"naked {size}", _naked_subset_in, size)


def _first_in_units(
    board: Board, name: str, finder: Callable[[Board, int, int], Step | None], size: int
) -> Step | None:
    """finder(board, unit, size) unit by unit, skipping those unchanged since it found nothing."""
    return board.first_step(
        zip(_looks(name, size, board.n), board.unit_changes, strict=True), finder
    )


@cache
def _looks(name: str, size: int, n: int) -> tuple[tuple[str, int, int], ...]:
    """The finder's place keys, one per unit."""
    return tuple((name, u, size) for u in range(3 * n))


def _naked_subset_in(board: Board, u: int, size: int) -> Step | None:
    """A naked subset in unit u: reads only the unit's candidates."""
    cands = board.cands
    unit, unit_name = board.geo.units[u], board.geo.unit_names[u]
    small = [c for c in unit if 2 <= cands[c].bit_count() <= size]
    if len(small) < size:
        return None
    for group, together in confined({cell: cands[cell] for cell in small}, size):
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


def hidden_subset(board: Board, size: int) -> Step | None:
    """`size` values of a unit fitting in only `size` cells: those cells hold nothing else."""
    return _first_in_units(board, f"hidden {size}", _hidden_subset_in, size)


def _hidden_subset_in(board: Board, u: int, size: int) -> Step | None:
    """A hidden subset in unit u: reads only the unit's candidates and places."""
    cands = board.cands
    unit, unit_name = board.geo.units[u], board.geo.unit_names[u]
    # value -> bitmask of its positions within the unit
    places = {v: m for v, m in enumerate(board.places()[u]) if 2 <= m.bit_count() <= size}
    if len(places) < size:
        return None
    for group, where in confined(places, size):
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
