"""Simple colouring: one value followed through the units where it has exactly two places."""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.sudoku.board import Board, Step, bit, bit_positions


def simple_colouring(board: Board) -> Step | None:
    """Follow one value through units where it has exactly two places: the cells alternate
    between two colours, and exactly one colour holds the value."""
    looks = (("colouring", value) for value in range(1, board.n + 1))
    return board.first_step(zip(looks, board.value_changes[1:], strict=True), _colouring_of)


def _colouring_of(board: Board, value: int) -> Step | None:
    """Simple colouring of one value: reads only where that value is still possible.

    With fewer links a cluster only splits, keeping its colours: a clash or a trap in a
    part was one in the whole (a trapped cell that was in the whole made a clash there),
    so colouring that found nothing finds nothing again until a new link appears."""
    pairs = board.conjugate_pairs(value)
    return board.unless_fruitless(
        ("colouring", value), frozenset(pairs), lambda: _colouring_with(board, value, pairs)
    )


def _colouring_with(board: Board, value: int, pairs: list[tuple[int, int]]) -> Step | None:
    links: dict[int, list[int]] = {}
    for first, second in pairs:
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


def _chain_intro(board: Board, value: int, colour: dict[int, int]) -> str:
    side_a, side_b = _colour_sides(colour)
    sym = board.sym(value)
    return (
        f"following {sym} through units where it has only two places, either "
        f"{board.names(side_a)} {_are_all(side_a)} {sym}, "
        f"or {board.names(side_b)} {'is' if len(side_b) == 1 else 'are'}"
    )


def _are_all(cells: Sequence[int]) -> str:
    return {1: "is", 2: "are both"}.get(len(cells), "are all")


def _side_masks(colour: dict[int, int]) -> tuple[int, int]:
    """Each side's cells as one bit set."""
    sides = [0, 0]
    for cell, side in colour.items():
        sides[side] |= 1 << cell
    return sides[0], sides[1]


def _colour_wrap(board: Board, value: int, colour: dict[int, int]) -> Step | None:
    """Two cells of one colour see each other: that colour cannot be the value."""
    peer_masks = board.geo.peer_masks
    sides = _side_masks(colour)
    for cell in sorted(colour):
        side = colour[cell]
        later_seen = sides[side] & peer_masks[cell] & ~((2 << cell) - 1)
        if not later_seen:
            continue
        clash = (later_seen & -later_seen).bit_length() - 1  # the first such cell after it
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


def _colour_trap(board: Board, value: int, colour: dict[int, int]) -> Step | None:
    """A cell seeing both colours cannot be the value: one of the two it sees is."""
    peer_masks = board.geo.peer_masks
    b = bit(value)
    side_a, side_b = _side_masks(colour)
    seeing_a = seeing_b = 0
    for cell in colour:
        if side_a >> cell & 1:
            seeing_a |= peer_masks[cell]
        else:
            seeing_b |= peer_masks[cell]
    cands = board.cands
    gone = [
        (cell, value)
        for cell in bit_positions(seeing_a & seeing_b & ~(side_a | side_b))
        if cands[cell] & b
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
