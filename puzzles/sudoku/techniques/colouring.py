"""Simple colouring: one value followed through the units where it has exactly two places."""

from __future__ import annotations

from puzzles.i18n import Message, _
from puzzles.sudoku.board import (
    Board,
    Move,
    Step,
    Words,
    bit,
    bit_positions,
    technique_name,
    unsaid,
)


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
        return Step(
            "simple colouring",
            unsaid(_colouring_said, board.words, value, _colour_sides(colour), (cell, clash), gone),
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
    return Step(
        "simple colouring",
        unsaid(
            _colouring_said,
            board.words,
            value,
            _colour_sides(colour),
            None,
            tuple(gone),
        ),
        eliminations=tuple(gone),
        cells=tuple(sorted(colour)),
    )


# The cells of each colour, ascending.
_Sides = tuple[tuple[int, ...], tuple[int, ...]]


def _colour_sides(colour: dict[int, int]) -> _Sides:
    return (
        tuple(sorted(c for c, side in colour.items() if side == 0)),
        tuple(sorted(c for c, side in colour.items() if side == 1)),
    )


def _colouring_said(
    words: Words, value: int, sides: _Sides, clash: tuple[int, int] | None, gone: tuple[Move, ...]
) -> Message:
    """Either side of the value's chain of pairs; `clash`, two cells of one side that see
    each other (a wrap), else the removals are cells that see both sides (a trap)."""
    said = {
        "value": words.sym(value),
        "one_side": _one_side_said(words, sides[0], value),
        "other_side": _other_side_said(words, sides[1]),
        "removals": words.removals(gone),
        "technique": technique_name("simple colouring"),
    }
    if clash is None:
        return _(
            "following {value} through units where it has only two places, either {one_side}, "
            "or {other_side}; a cell that sees one cell of each side cannot be {value}: "
            "{removals}: {technique}",
            **said,
        )
    return _(
        "following {value} through units where it has only two places, either {one_side}, or "
        "{other_side}; but {cell} and {clash} are on the same side and see each other, so that "
        "side is not {value}: {removals}: {technique}",
        cell=words.name(clash[0]),
        clash=words.name(clash[1]),
        **said,
    )


def _one_side_said(words: Words, side: tuple[int, ...], value: int) -> Message:
    """ "r1c1 is 5", "r1c1 and r4c4 are both 5", "r1c1, r4c4 and r7c9 are all 5"."""
    cells, sym = words.names(side), words.sym(value)
    if len(side) == 1:
        return _("{cell} is {value}", cell=cells, value=sym)
    if len(side) == 2:
        return _("{cells} are both {value}", cells=cells, value=sym)
    return _("{cells} are all {value}", cells=cells, value=sym)


def _other_side_said(words: Words, side: tuple[int, ...]) -> Message:
    # Translators: the other side in sudoku colouring, its value left out as it was just said
    # ("either r1c1 and r4c4 are both 5, or r2c3 is"): "ou r2c3 le vaut", "o r2c3 lo es".
    if len(side) == 1:
        return _("{cell} is", cell=words.name(side[0]))
    return _("{cells} are", cells=words.names(side))
