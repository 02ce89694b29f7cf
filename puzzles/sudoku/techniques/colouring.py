"""Simple colouring: one value followed through the units where it has exactly two places."""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.sudoku.board import Board, Step, bit


def simple_colouring(board: Board) -> Step | None:
    """Follow one value through units where it has exactly two places: the cells alternate
    between two colours, and exactly one colour holds the value."""
    looks = (("colouring", value) for value in range(1, board.n + 1))
    return board.first_step(zip(looks, board.value_changes[1:], strict=True), _colouring_of)


def _colouring_of(board: Board, value: int) -> Step | None:
    """Simple colouring of one value: reads only where that value is still possible."""
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


def _colour_wrap(board: Board, value: int, colour: dict[int, int]) -> Step | None:
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


def _colour_trap(board: Board, value: int, colour: dict[int, int]) -> Step | None:
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
